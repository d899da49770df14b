//! The `dvonn` executable as a person or the jury uses it.

use std::process::Output;

use dvonn::Dvonn;
use protocol::Game;
use testkit::{run_executable, text};

const BOT: &str = env!("CARGO_BIN_EXE_dvonn");

fn run(args: &[&str], input: &str) -> Output {
    run_executable(BOT, args, input)
}

#[test]
fn start_gets_a_legal_placement() {
    for seed in ["1", "7", "12345"] {
        let out = run(&["--engine", "random", "--seed", seed], "Start\n");
        assert!(out.status.success(), "{}", text(&out.stderr));
        let reply = text(&out.stdout);
        assert_eq!(reply.lines().count(), 1, "{reply}");
        assert!(reply.ends_with('\n'));
        let mv = Dvonn::new().parse_move(reply.trim_end());
        assert!(matches!(mv, Ok(dvonn::Move::Place(_))), "'{reply}'");
    }
}

#[test]
fn black_answers_white_and_whole_games_play_through() {
    // As Black: White's first placement in, one placement out.
    let out = run(&["--seed", "3"], "E3\n");
    assert!(out.status.success());
    let reply = text(&out.stdout);
    let mut game = Dvonn::new();
    game.apply(game.parse_move("E3").unwrap());
    assert!(game.parse_move(reply.trim_end()).is_ok(), "'{reply}'");

    // Two bots wired together by hand: run each on the other's moves so far and take its next
    // line (a seeded random engine repeats its earlier lines; the searching player depends on
    // the clock, so it is played through the jury in tests/jury.rs). Every line must be legal;
    // the game must end.
    let mut game = Dvonn::new();
    let mut lines: [Vec<String>; 2] = [vec!["Start".to_string()], Vec::new()];
    let mut written = [0usize; 2];
    while !game.is_over() {
        let seat = game.seat_to_move().index();
        let input: String = lines[seat].iter().map(|l| format!("{l}\n")).collect();
        let out = run(&["--engine", "random", "--seed", if seat == 0 { "5" } else { "6" }], &input);
        assert!(out.status.success(), "{}", text(&out.stderr));
        let output = text(&out.stdout);
        let reply = output.lines().nth(written[seat]).expect("a new line").to_string();
        written[seat] += 1;
        let mv = game.parse_move(&reply).unwrap_or_else(|e| panic!("'{reply}': {e}"));
        game.apply(mv);
        lines[1 - seat].push(reply);
    }
    assert!(game.plies() > 50);
    // White wrote plies 49 and 50 from one input: its 25th and 26th lines.
    assert!(written[0] > 26);
}

#[test]
fn garbage_gets_one_clear_line_and_the_bot_keeps_going() {
    let input = "banana\nStart\nXyZ\nquit\nQuit\n";
    let out = run(&["--seed", "1", "--show"], input);
    assert!(out.status.success());
    let errors = text(&out.stderr);
    assert!(errors.lines().any(|l| l.contains("'banana'")), "{errors}");
    // Our move and then the opponent's garbage: refused, and the bot waits for more.
    assert!(errors.lines().any(|l| l.contains("'XyZ'")), "{errors}");
    assert!(errors.lines().any(|l| l.contains("'quit'")), "{errors}");
    assert_eq!(errors.lines().filter(|l| l.starts_with("dvonn: ignored")).count(), 3, "{errors}");
    assert_eq!(
        errors.lines().filter(|l| l.starts_with("dvonn: ply 1 placement rule ")).count(),
        1,
        "{errors}"
    );
    assert_eq!(text(&out.stdout).lines().count(), 1);
    // --show draws the board for people, on stderr only, numbered as the line of the move just
    // played ("dvonn: ply 1").
    assert!(errors.contains("ply 1 (placement), black to move"), "{errors}");
}

#[test]
fn a_position_given_as_moves_is_analysed_with_one_line_on_stderr() {
    // A whole random game's first 60 plies: a movement position.
    let mut rng = protocol::Rng::new(8);
    let mut game = Dvonn::new();
    let mut moves = Vec::new();
    while moves.len() < 60 {
        let mv = protocol::SearchGame::random_move(&game, &mut rng).expect("not over yet");
        moves.push(game.format_move(mv));
        game.apply(mv);
    }
    let errors = testkit::check_analysis::<Dvonn>(BOT, &[], &moves);
    let line =
        errors.lines().find(|l| l.starts_with("dvonn: ply 61 depth ")).unwrap_or_else(|| panic!("{errors}"));
    assert!(line.contains(" score ") && line.contains(" nodes ") && line.contains(" pv "), "{line}");
    let out = run(&["--analyze", "A1,Q9"], "");
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("'Q9'"), "{}", text(&out.stderr));
}
