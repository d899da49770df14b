//! The Pillars bot. Everything is in the `pillars` and `protocol` crates; see `--help`.

fn main() -> std::process::ExitCode {
    protocol::run_bot::<pillars::PillarsBot>()
}
