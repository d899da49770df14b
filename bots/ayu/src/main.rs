//! The Ayu bot. Everything is in the `ayu` and `protocol` crates; see `--help`.

fn main() -> std::process::ExitCode {
    protocol::run_bot::<ayu::AyuBot>()
}
