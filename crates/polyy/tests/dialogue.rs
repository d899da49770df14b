//! Move-by-move transcripts of the jury dialogue for both seats, with and without the swap
//! (rules §6), through the shared loop with a scripted engine; and the real player answering.

use polyy::engine::Player;
use polyy::settings::Settings;
use polyy::PolyY;
use protocol::Ending;
use testkit::{transcript, Scripted};

fn scripted(moves: &[&str]) -> Scripted<PolyY> {
    Scripted::new(moves.iter().map(|m| m.to_string()).collect())
}

#[test]
fn first_player_without_swap() {
    let t = transcript(&mut scripted(&["19", "18", "17"]), "Start\n25\n24\nQuit\n");
    assert_eq!(t.output, "19\n18\n17\n");
    assert!(matches!(t.ending, Ending::Quit));
}

#[test]
fn first_player_swapped_moves_for_black_at_once() {
    // After -1 the first player owes the first black stone with no further input.
    let t = transcript(&mut scripted(&["19", "20", "21"]), "Start\n-1\n25\nQuit\n");
    assert_eq!(t.output, "19\n20\n21\n");
    assert!(t.errors.is_empty(), "{}", t.errors);
}

#[test]
fn second_player_swaps_and_then_plays_white() {
    let t = transcript(&mut scripted(&["-1", "25"]), "19\n20\nQuit\n");
    assert_eq!(t.output, "-1\n25\n");
    assert!(t.errors.is_empty(), "{}", t.errors);
}

#[test]
fn second_player_without_swap_until_end_of_input() {
    let t = transcript(&mut scripted(&["25", "24"]), "19\n18\n");
    assert_eq!(t.output, "25\n24\n");
    assert!(matches!(t.ending, Ending::EndOfInput));
}

#[test]
fn a_bad_line_is_refused_and_the_game_goes_on() {
    let t = transcript(&mut scripted(&["25"]), "19\n-1x\n19\n");
    // `-1x` is not a move; 19 (the first stone) is then relayed, and 25 answers it.
    assert!(t.errors.contains("-1x"), "{}", t.errors);
    assert_eq!(t.output, "25\n");
}

#[test]
fn the_player_answers_every_turn_with_a_legal_move() {
    // A fixed budget, so that the moves (and so the test) are the same on any machine.
    let settings = Settings { playouts_per_move: 64, ..Settings::DEFAULT };
    let mut player = Player::new(1, &settings);
    let t = transcript(&mut player, "Start\n-1\n43\nQuit\n");
    let moves: Vec<&str> = t.output.lines().collect();
    assert_eq!(moves.len(), 3, "{}", t.output);
    let game = PolyY::from_moves(&[moves[0], "-1", moves[1], "43", moves[2]]);
    assert!(game.is_ok(), "{:?}", game.err());
}
