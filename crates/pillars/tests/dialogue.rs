//! Move-by-move transcripts of the jury dialogue, for each colour, through the shared loop.
//!
//! A scripted engine plays a fixed list of moves, so every output line is known in advance. The
//! game used fills the diagonal board in 18 rectangles: rows above the diagonal (Red starts with
//! `AbAj`), then rows below it; Blue writes the 18th and loses.

use std::time::Duration;

use pillars::{Move, Pillars};
use protocol::RandomEngine;
use protocol::{Ending, Engine, Game, SearchGame, TurnClock};
use testkit::{lines, transcript, Scripted};

const PILLARS: &str = "Aa\nBb\nCc\nDd\nEe\nFf\nGg\nHh\nIi\nJj\n";

/// The 18 plies of the test game, in order.
fn plies() -> Vec<String> {
    let mut plies = Vec::new();
    for row in 0..9u8 {
        // Row `row`, from the field right of the pillar to column j.
        plies.push(format!("{}{}{}j", (b'A' + row) as char, (b'b' + row) as char, (b'A' + row) as char));
    }
    for row in 1..10u8 {
        // Row `row`, from column a to the field left of the pillar.
        plies.push(format!("{}a{}{}", (b'A' + row) as char, (b'A' + row) as char, (b'a' + row - 1) as char));
    }
    plies
}

/// The plies of one colour (0 = Red, 1 = Blue), with a joker on the first of them if asked.
fn side(colour: usize, joker_first: bool) -> Vec<String> {
    plies()
        .into_iter()
        .skip(colour)
        .step_by(2)
        .enumerate()
        .map(|(i, p)| if i == 0 && joker_first { format!("!{p}") } else { p })
        .collect()
}

#[test]
fn red_transcript_with_the_final_move_relayed() {
    let red = side(0, true);
    let blue = side(1, false);
    let mut engine = Scripted::<Pillars>::new(red.clone());
    // The jury relays Blue's board-filling move, then sends Quit.
    let input = format!("{PILLARS}Start\n{}Quit\n", lines(&blue));
    let t = transcript::<Pillars>(&mut engine, &input);
    assert_eq!(t.ending, Ending::Quit);
    assert_eq!(t.output, lines(&red));
    assert!(t.output.starts_with("!AbAj\n"), "the joker is written: {}", t.output);
    assert_eq!(t.errors, "");
}

#[test]
fn blue_transcript_without_the_final_move_relayed() {
    let red = side(0, false);
    let blue = side(1, true);
    let mut engine = Scripted::<Pillars>::new(blue.clone());
    // Blue writes the last move itself; the jury answers Quit.
    let input = format!("{PILLARS}{}Quit\n", lines(&red));
    let t = transcript::<Pillars>(&mut engine, &input);
    assert_eq!(t.ending, Ending::Quit);
    assert_eq!(t.output, lines(&blue));
    assert_eq!(t.errors, "");
}

#[test]
fn red_reads_quit_instead_of_the_final_move() {
    let red = side(0, false);
    let blue = side(1, false);
    let mut engine = Scripted::<Pillars>::new(red.clone());
    let input = format!("{PILLARS}Start\n{}Quit\n", lines(&blue[..8]));
    let t = transcript::<Pillars>(&mut engine, &input);
    assert_eq!((t.ending, t.output), (Ending::Quit, lines(&red)));
}

#[test]
fn end_of_input_is_a_clean_end_anywhere() {
    for cut in [0, 5, 10, 11, 14] {
        let mut engine = Scripted::<Pillars>::new(side(0, false));
        let full = format!("{PILLARS}Start\n{}", lines(&side(1, false)));
        let input: String = full.lines().take(cut).map(|l| format!("{l}\n")).collect();
        let t = transcript::<Pillars>(&mut engine, &input);
        assert_eq!(t.ending, Ending::EndOfInput, "cut after {cut} lines");
        let expected_moves = if cut >= 11 { cut - 10 } else { 0 };
        assert_eq!(t.output.lines().count(), expected_moves, "cut after {cut} lines");
    }
}

#[test]
fn sloppy_input_is_tolerated_and_bad_lines_change_nothing() {
    let red = side(0, false);
    let blue = side(1, false);
    let mut engine = Scripted::<Pillars>::new(blue.clone());
    // Pillars in another order, with CRLF and blank lines; a bad pillar line, a reversed move,
    // an illegal move and garbage, each refused; Red's claim relayed with its `!`.
    let mut input = String::from("\r\nJj\r\nIi\nHh\nAa\nzz\nBb\n  Cc  \nDd\nEe\nFf\n\nGg\n");
    input.push_str("AjAb\n");
    input.push_str(&format!("!{}\r\n", red[0]));
    input.push_str("AbAb\nhello\n");
    input.push_str(&lines(&red[1..]));
    input.push_str("Quit\n");
    let t = transcript::<Pillars>(&mut engine, &input);
    assert_eq!(t.ending, Ending::Quit);
    assert_eq!(t.output, lines(&blue));
    let errors: Vec<&str> = t.errors.lines().collect();
    assert_eq!(errors.len(), 4, "{}", t.errors);
    assert!(errors[0].contains("'zz'"), "{}", errors[0]);
    assert!(errors[1].contains("'AjAb'") && errors[1].contains("reversed"), "{}", errors[1]);
    assert!(errors[2].contains("'AbAb'") && errors[2].contains("not empty"), "{}", errors[2]);
    assert!(errors[3].contains("'hello'"), "{}", errors[3]);
}

#[test]
fn quit_before_the_first_move_and_an_illegal_engine_move_is_replaced() {
    let mut engine = RandomEngine::new(1);
    let t = transcript::<Pillars>(&mut engine, &format!("{PILLARS}Quit\n"));
    assert_eq!((t.ending, t.output.as_str()), (Ending::Quit, ""));

    // An engine that proposes a pillar: the loop plays a legal move instead and says so.
    struct Broken;
    impl Engine<Pillars> for Broken {
        fn choose(&mut self, game: &Pillars, _clock: &TurnClock) -> Move {
            let mut bad = game.first_legal_move().unwrap();
            bad.rect = pillars::Rect::parse("AaAa").unwrap();
            bad
        }
    }
    let t = transcript::<Pillars>(&mut Broken, &format!("{PILLARS}Start\nQuit\n"));
    assert_eq!(t.output, "AbAb\n");
    assert!(t.errors.contains("illegal move"), "{}", t.errors);
}

#[test]
fn random_engine_plays_a_whole_game_against_itself() {
    // Two random engines, wired through the jury's relay by hand: every line either writes is
    // legal, and the game ends with a full board.
    let setup: Vec<String> = PILLARS.lines().map(String::from).collect();
    let mut game = Pillars::from_setup(&setup).unwrap();
    let mut engines = [RandomEngine::new(3), RandomEngine::new(4)];
    let clock = TurnClock::with_available(Duration::from_secs(1));
    while !game.is_over() {
        let mover = game.seat_to_move().index();
        let mv = engines[mover].choose(&game, &clock);
        let text = game.format_move(mv);
        let parsed = game.parse_move(&text).unwrap();
        game.apply(parsed);
    }
    assert!(game.loser().is_some());
}
