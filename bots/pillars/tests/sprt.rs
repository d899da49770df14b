//! The jury's sequential test with real engines: it stops early with the right verdict when one
//! engine is far stronger, and does not accept "stronger" for two equal engines.

use pillars::Pillars;
use testkit::jury::sprt::{Sprt, Verdict};
use testkit::jury::{run_match, MatchConfig};

const BOT: &str = env!("CARGO_BIN_EXE_pillars");

fn config(name: &str, a: &[&str], b: &[&str], games: usize) -> MatchConfig {
    let log_dir = std::env::temp_dir().join(format!("pillars-sprt-{}-{name}", std::process::id()));
    let words = |args: &[&str]| -> Vec<String> {
        std::iter::once(BOT).chain(args.iter().copied()).map(String::from).collect()
    };
    let mut config = testkit::short_match_config(BOT, games, &log_dir);
    config.commands = [words(a), words(b)];
    config.sprt = Some(Sprt { elo0: 0.0, elo1: 100.0, alpha: 0.05, beta: 0.05 });
    config
}

#[test]
fn a_far_stronger_engine_is_accepted_early() {
    let config = config("strong", &["--engine", "nim"], &["--engine", "random", "--seed", "2"], 60);
    let _timed = testkit::timed_games_lock();
    let summary = run_match::<Pillars>(&config, |_, _| {}).expect("a match");
    let sprt = summary.sprt.expect("the test ran");
    assert_eq!(sprt.verdict, Verdict::AcceptH1, "{sprt}");
    assert!(summary.games < 60, "stopped after {} games", summary.games);
    assert!(summary.report().contains("H1 accepted"), "{}", summary.report());
}

#[test]
fn two_equal_engines_are_not_called_stronger() {
    let a = ["--engine", "random", "--seed", "5"];
    let b = ["--engine", "random", "--seed", "6"];
    let _timed = testkit::timed_games_lock();
    let summary = run_match::<Pillars>(&config("equal", &a, &b, 80), |_, _| {}).expect("a match");
    let sprt = summary.sprt.expect("the test ran");
    assert_ne!(sprt.verdict, Verdict::AcceptH1, "{sprt}");
    assert!(summary.players.iter().all(|p| p.failure_count() == 0));
}
