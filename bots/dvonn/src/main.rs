//! The Dvonn bot. Everything is in the `dvonn` and `protocol` crates; see `--help`.

fn main() -> std::process::ExitCode {
    protocol::run_bot::<dvonn::DvonnBot>()
}
