//! The jury plays the `dvonn` executable against a program that times out (the jury plays on for
//! it and scores as docs/rules/dvonn.md says) and from random openings. Games against the random
//! engine, in both end-of-game styles, are the registry's checks for every bot
//! (`crates/registry/tests/bots.rs`).

use std::time::Duration;

use dvonn::{Colour, Dvonn};
use protocol::{Game, Seat};
use testkit::jury::referee::{play_game, Failure, Rules};
use testkit::jury::run_match;

const BOT: &str = env!("CARGO_BIN_EXE_dvonn");

/// CodeCup's Dvonn jury played on for a program that failed: the failed seat scores 0, the jury
/// makes its first legal move at each of its turns, the other program plays to the normal end and
/// scores its count plus the 90-point bonus.
#[test]
fn after_a_timeout_the_jury_plays_on_to_the_end_and_scores_as_the_spec_says() {
    let dir = testkit::ScratchDir::new("dvonn-jury-timeout");
    let bot: Vec<String> = [BOT, "--time", "1", "--seed", "3"].iter().map(|s| s.to_string()).collect();
    let sleeper: Vec<String> = ["sh", "-c", "exec sleep 30"].iter().map(|s| s.to_string()).collect();
    let rules = Rules::new(Duration::from_secs(1));
    let _timed = testkit::timed_games_lock();
    let record = play_game::<Dvonn>(
        &[],
        &[],
        [&bot, &sleeper],
        [&dir.join("first.stderr"), &dir.join("second.stderr")],
        &rules,
    );

    let failure = record.failures[1].as_ref().expect("the sleeper fails");
    assert_eq!(failure.kind, Failure::Timeout, "{}", failure.reason);
    assert_eq!(failure.ply, 1, "it fails on its first move, ply 2");
    assert!(record.failures[0].is_none(), "{:?}", record.failures[0]);

    // The game went on to its normal end, Black's moves made by the jury.
    let moves: Vec<&str> = record.plies.iter().map(|p| p.text.as_str()).collect();
    let end: Dvonn = testkit::data::replay(&[], &moves).expect("every ply is legal");
    assert!(end.is_over(), "the game is played to the end ({} plies)", moves.len());
    assert!(record.plies.iter().all(|p| p.by_jury == (p.seat == Seat::Second)));
    assert!(record.plies.iter().filter(|p| p.by_jury).count() > 20);
    assert_eq!(record.scores, [end.count(Colour::White) + 90, 0]);
    assert!(record.clean_exit[0], "the bot played on and quit cleanly");
    assert!(record.time_used[0] <= Duration::from_secs(1));
}

/// A pair of games from the same random opening, given to both programs as `--opening`.
#[test]
fn games_can_start_from_a_random_opening() {
    let log_dir = testkit::ScratchDir::new("dvonn-jury-opening");
    let mut config = testkit::short_match_config(BOT, 2, &log_dir);
    (config.series.opening_plies, config.series.seed) = (5, 5);
    let _timed = testkit::timed_games_lock();
    let summary = run_match::<Dvonn>(&config, |game, _| {
        assert_eq!(game.record.opening.len(), 5);
        assert!(!game.record.any_failure(), "{:?}", game.record.failures);
    })
    .expect("a match");
    assert_eq!(summary.games, 2);
    let openings: Vec<String> = ["game-0001.log", "game-0002.log"]
        .iter()
        .map(|name| {
            let log = std::fs::read_to_string(log_dir.join(name)).unwrap();
            log.lines().find(|l| l.starts_with("opening:")).unwrap().to_string()
        })
        .collect();
    assert_eq!(openings[0], openings[1], "both games of a pair start alike");
    assert_eq!(openings[0].split_whitespace().count(), 6, "{}", openings[0]);
}
