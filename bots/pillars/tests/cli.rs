//! The `pillars` executable as a person or the jury uses it.

use std::process::Output;

use pillars::Pillars;
use protocol::Game;
use testkit::{run_executable, text};

const BOT: &str = env!("CARGO_BIN_EXE_pillars");
const PILLARS: &str = "Aa\nBb\nCc\nDd\nEe\nFf\nGg\nHh\nIi\nJj\n";

fn run(args: &[&str], input: &str) -> Output {
    run_executable(BOT, args, input)
}

#[test]
fn a_setting_with_a_bad_value_is_refused_by_name() {
    let out = run(&["--set", "solve_max_empty=many"], "");
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("solve_max_empty"), "{}", text(&out.stderr));
}

#[test]
fn a_setting_overridden_on_the_command_line_changes_the_play() {
    // By default the first move claims the joker (`!`); with the setting off it does not.
    let first_move = |args: &[&str]| text(&run(args, &format!("{PILLARS}Start\n")).stdout);
    assert!(first_move(&["--seed", "2"]).starts_with('!'));
    let plain = first_move(&["--seed", "2", "--set", "claim_on_first_move=false"]);
    assert!(!plain.starts_with('!') && plain.len() > 2, "'{plain}'");
}

#[test]
fn piping_the_pillars_and_start_gets_a_legal_move() {
    for engine in ["player", "random"] {
        let out = run(&["--engine", engine, "--seed", "7"], &format!("{PILLARS}Start\n"));
        assert!(out.status.success(), "{engine}: {}", text(&out.stderr));
        let reply = text(&out.stdout);
        let setup: Vec<String> = PILLARS.lines().map(String::from).collect();
        let game = Pillars::from_setup(&setup).unwrap();
        assert_eq!(reply.lines().count(), 1, "{engine}: {reply}");
        assert!(game.parse_move(reply.trim_end()).is_ok(), "{engine}: '{reply}'");
        assert!(reply.ends_with('\n'));
    }
}

#[test]
fn garbage_gets_one_clear_line_and_the_bot_keeps_going() {
    let input = "Aa\nBb\nCc\nDd\nEe\nFf\nGg\nHh\nIi\nbanana\nJj\nStart\nXyZ\nQuit\n";
    let out = run(&["--seed", "1", "--show"], input);
    assert!(out.status.success());
    let errors = text(&out.stderr);
    assert!(errors.lines().any(|l| l.contains("'banana'")), "{errors}");
    // Our move and then the opponent's garbage: refused, and the bot waits for more.
    assert!(errors.lines().any(|l| l.contains("'XyZ'")), "{errors}");
    assert_eq!(text(&out.stdout).lines().count(), 1);
    // --show draws the board for people, on stderr only.
    assert!(errors.contains("a b c d e f g h i j"), "{errors}");
}

#[test]
fn a_position_given_as_setup_and_moves_is_analysed_with_one_line_on_stderr() {
    let setup: Vec<String> = PILLARS.lines().map(String::from).collect();
    let moves = vec!["AbAb".to_string(), "BaBa".to_string()];
    let errors = testkit::check_analysis::<Pillars>(BOT, &setup, &moves);
    assert!(errors.contains("pillars: ply 3 empty 88 guide "), "{errors}");
}
