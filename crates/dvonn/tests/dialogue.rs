//! Move-by-move transcripts of the jury dialogue, for each colour, through the shared loop.
//!
//! The game used is played by two random engines with fixed seeds, the first such game that
//! contains a PASS. A scripted engine then replays one side of it, so every output line is known
//! in advance. White writes plies 49 and 50 back to back and Black reads them as two lines in a
//! row.

use std::time::Duration;

use dvonn::{Dvonn, Move};
use protocol::RandomEngine;
use protocol::{Ending, Engine, Game, Seat, TurnClock};
use testkit::{lines, transcript, Scripted};

/// A whole game: each ply's seat and text.
fn recorded_game() -> Vec<(Seat, String)> {
    let clock = TurnClock::with_available(Duration::from_secs(5));
    for seed in 0..100 {
        let mut engines = [RandomEngine::new(seed), RandomEngine::new(seed + 1000)];
        let mut game = Dvonn::new();
        let mut plies = Vec::new();
        while !game.is_over() {
            let seat = game.seat_to_move();
            let mv = engines[seat.index()].choose(&game, &clock);
            plies.push((seat, game.format_move(mv)));
            game.apply(mv);
        }
        if plies.iter().any(|(_, text)| text == "PASS") {
            return plies;
        }
    }
    panic!("no random game with a PASS in 100 seeds");
}

fn side(plies: &[(Seat, String)], seat: Seat) -> Vec<String> {
    plies.iter().filter(|(s, _)| *s == seat).map(|(_, text)| text.clone()).collect()
}

#[test]
fn the_recorded_game_has_the_expected_shape() {
    let plies = recorded_game();
    // Plies 1..49 alternate from White; 49 and 50 are both White's.
    for (i, (seat, _)) in plies.iter().enumerate().take(49) {
        assert_eq!(*seat, if i % 2 == 0 { Seat::First } else { Seat::Second }, "ply {}", i + 1);
    }
    assert_eq!(plies[49].0, Seat::First);
    assert_eq!(plies[50].0, Seat::Second);
    assert_eq!(plies[48].1.len(), 2, "ply 49 is a placement");
    assert_ne!(plies[49].1.len(), 2, "ply 50 is a stacking move or PASS");
    assert_eq!(side(&plies, Seat::First).len() + side(&plies, Seat::Second).len(), plies.len());
}

#[test]
fn white_transcript() {
    let plies = recorded_game();
    let (white, black) = (side(&plies, Seat::First), side(&plies, Seat::Second));
    let last_is_white = plies.last().unwrap().0 == Seat::First;
    for relay_final_move in [false, true] {
        let mut engine = Scripted::<Dvonn>::new(white.clone());
        // Black's final move (if it made the last one) may or may not be relayed before Quit.
        let relayed = if last_is_white || relay_final_move { &black[..] } else { &black[..black.len() - 1] };
        let input = format!("Start\n{}Quit\n", lines(relayed));
        let t = transcript::<Dvonn>(&mut engine, &input);
        assert_eq!(t.ending, Ending::Quit);
        assert_eq!(t.output, lines(&white));
        assert_eq!(t.errors, "");
    }
}

#[test]
fn black_transcript_reads_plies_49_and_50_in_a_row() {
    let plies = recorded_game();
    let (white, black) = (side(&plies, Seat::First), side(&plies, Seat::Second));
    let mut engine = Scripted::<Dvonn>::new(black.clone());
    let t = transcript::<Dvonn>(&mut engine, &format!("{}Quit\n", lines(&white)));
    assert_eq!(t.ending, Ending::Quit);
    assert_eq!(t.output, lines(&black));
    assert_eq!(t.errors, "");

    // White's lines 25 and 26 are plies 49 and 50. After ply 49 alone Black has written its 24
    // placements and waits; with ply 50 it answers with its first movement move.
    assert_eq!(white[24], plies[48].1);
    assert_eq!(white[25], plies[49].1);
    let mut engine = Scripted::<Dvonn>::new(black.clone());
    let t = transcript::<Dvonn>(&mut engine, &lines(&white[..25]));
    assert_eq!(t.ending, Ending::EndOfInput);
    assert_eq!(t.output, lines(&black[..24]));
    let mut engine = Scripted::<Dvonn>::new(black.clone());
    let t = transcript::<Dvonn>(&mut engine, &lines(&white[..26]));
    assert_eq!(t.output, lines(&black[..25]));
}

#[test]
fn white_writes_plies_49_and_50_without_reading() {
    let plies = recorded_game();
    let (white, black) = (side(&plies, Seat::First), side(&plies, Seat::Second));
    // Given only Black's 24 placements, White writes its 25 placements and its ply-50 move.
    let mut engine = Scripted::<Dvonn>::new(white.clone());
    let t = transcript::<Dvonn>(&mut engine, &format!("Start\n{}", lines(&black[..24])));
    assert_eq!(t.ending, Ending::EndOfInput);
    assert_eq!(t.output, lines(&white[..26]));
}

#[test]
fn a_pass_is_written_and_read_like_any_move() {
    let plies = recorded_game();
    let pass_seat = plies.iter().find(|(_, text)| text == "PASS").unwrap().0;
    let (white, black) = (side(&plies, Seat::First), side(&plies, Seat::Second));
    let (mine, theirs) = match pass_seat {
        Seat::First => (white, black),
        Seat::Second => (black, white),
    };
    // The passing side writes PASS ...
    let mut engine = Scripted::<Dvonn>::new(mine.clone());
    let opening = if pass_seat == Seat::First { "Start\n" } else { "" };
    let t = transcript::<Dvonn>(&mut engine, &format!("{opening}{}Quit\n", lines(&theirs)));
    assert!(t.output.lines().any(|l| l == "PASS"), "{}", t.output);
    assert_eq!(t.output, lines(&mine));
    // ... and the other side reads it and moves again.
    let mut engine = Scripted::<Dvonn>::new(theirs.clone());
    let opening = if pass_seat == Seat::Second { "Start\n" } else { "" };
    let t = transcript::<Dvonn>(&mut engine, &format!("{opening}{}Quit\n", lines(&mine)));
    assert_eq!(t.output, lines(&theirs));
    assert_eq!(t.errors, "");
}

#[test]
fn bad_lines_are_refused_and_change_nothing() {
    let plies = recorded_game();
    let (white, black) = (side(&plies, Seat::First), side(&plies, Seat::Second));
    let mut engine = Scripted::<Dvonn>::new(black.clone());
    // Before the first move: garbage and a stacking move; then White's first placement with
    // CRLF, a repeat of it (illegal) and a lower-case field.
    let mut input = String::from("banana\nA1B1\n");
    input.push_str(&format!("{}\r\n\n", white[0]));
    input.push_str(&format!("{}\n{}\n", white[0], white[0].to_lowercase()));
    input.push_str(&lines(&white[1..]));
    input.push_str("Quit\n");
    let t = transcript::<Dvonn>(&mut engine, &input);
    assert_eq!(t.ending, Ending::Quit);
    assert_eq!(t.output, lines(&black));
    let errors: Vec<&str> = t.errors.lines().collect();
    assert_eq!(errors.len(), 4, "{}", t.errors);
    assert!(errors[0].contains("'banana'"), "{}", errors[0]);
    assert!(errors[1].contains("'A1B1'") && errors[1].contains("placed"), "{}", errors[1]);
    assert!(errors[2].contains("not empty"), "{}", errors[2]);
    assert!(errors[3].contains(&white[0].to_lowercase()), "{}", errors[3]);
}

#[test]
fn end_of_input_and_quit_are_clean_ends_anywhere() {
    let plies = recorded_game();
    let (white, black) = (side(&plies, Seat::First), side(&plies, Seat::Second));
    for cut in [0, 1, 10, 25, 26, 40] {
        let mut engine = Scripted::<Dvonn>::new(black.clone());
        let t = transcript::<Dvonn>(&mut engine, &lines(&white[..cut]));
        assert_eq!(t.ending, Ending::EndOfInput, "cut after {cut} lines");
        // Black answers every White line except ply 49, which ply 50 follows at once.
        let expected = if cut >= 26 { cut - 1 } else { cut.min(24) };
        assert_eq!(t.output, lines(&black[..expected]), "cut after {cut} lines");
    }
    let mut engine = RandomEngine::new(1);
    let t = transcript::<Dvonn>(&mut engine, "Quit\n");
    assert_eq!((t.ending, t.output.as_str()), (Ending::Quit, ""));
}

#[test]
fn an_illegal_engine_move_is_replaced() {
    // An engine that passes during placement: the loop plays a legal move instead and says so.
    struct Broken;
    impl Engine<Dvonn> for Broken {
        fn choose(&mut self, _game: &Dvonn, _clock: &TurnClock) -> Move {
            Move::Pass
        }
    }
    let t = transcript::<Dvonn>(&mut Broken, "Start\nQuit\n");
    assert_eq!(t.output, "A1\n");
    assert!(t.errors.contains("illegal move Pass"), "{}", t.errors);
}
