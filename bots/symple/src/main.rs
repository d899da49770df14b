//! The Symple bot. Everything is in the `symple` and `protocol` crates; see `--help`.

fn main() -> std::process::ExitCode {
    protocol::run_bot::<symple::SympleBot>()
}
