//! The `ayu` executable's engine names, as a person or a script types them: `player` is the
//! default (the Monte-Carlo engine) as in every game, the alpha-beta engine is `alphabeta-eval`,
//! and the old name `mcts` is refused with the new one.

use ayu::AyuBot;
use protocol::Bot;
use testkit::{run_executable, text};

const BOT: &str = env!("CARGO_BIN_EXE_ayu");

/// The stderr line of one analysed move at the start (the move is checked by the registry's tests).
fn search_line(args: &[&str]) -> String {
    let mut all = vec!["--time", "1", "--seed", "3", "--analyze", ""];
    all.extend(args);
    let out = run_executable(BOT, &all, "");
    assert!(out.status.success(), "{args:?}: {}", text(&out.stderr));
    text(&out.stderr)
}

#[test]
fn the_default_engine_is_player_and_it_is_the_monte_carlo_search() {
    let names: Vec<&str> = AyuBot::ENGINES.iter().map(|spec| spec.name).collect();
    assert_eq!(names, ["player", "alphabeta-eval", "greedy", "uct", "alphabeta", "random"]);
    // The Monte-Carlo engine writes its playouts, the alpha-beta one its depth.
    let default = search_line(&[]);
    assert!(default.starts_with("ayu: ply 1 playouts "), "{default}");
    let player = search_line(&["--engine", "player"]);
    assert!(player.starts_with("ayu: ply 1 playouts "), "{player}");
    let alphabeta = search_line(&["--engine", "alphabeta-eval"]);
    assert!(alphabeta.starts_with("ayu: ply 1 depth "), "{alphabeta}");
}

#[test]
fn the_old_name_mcts_is_refused_with_the_new_one() {
    let out = run_executable(BOT, &["--engine", "mcts"], "Start\n");
    assert_eq!(out.status.code(), Some(2));
    assert!(out.stdout.is_empty());
    let error = text(&out.stderr);
    assert!(error.starts_with("ayu: engine 'mcts' is now called 'player' (engines: player, "), "{error}");
    let unknown = AyuBot::find_engine("nonesuch").err().unwrap_or_default();
    assert!(unknown.starts_with("unknown engine 'nonesuch' (engines: player, alphabeta-eval,"), "{unknown}");
    assert_eq!(AyuBot::find_engine("alphabeta-eval").map(|spec| spec.name), Ok("alphabeta-eval"));
}
