//! The Poly-Y bot. Everything is in the `polyy` and `protocol` crates; see `--help`.

fn main() -> std::process::ExitCode {
    protocol::run_bot::<polyy::PolyYBot>()
}
