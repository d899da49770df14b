//! Perft numbers from `data/dvonn-perft.txt`, read by the shared data runner: every
//! listed ply replays legally from the empty board, the side to move is the listed one, and the
//! move counts match.

use dvonn::{Colour, Dvonn};
use protocol::search::perft_by_moves;
use testkit::data::{check_perft, perft_cases, position_after_moves, PerftCase};
use testkit::data_file;

fn cases() -> Vec<PerftCase<Dvonn>> {
    let cases = perft_cases(&data_file("dvonn-perft.txt"), position_after_moves);
    assert_eq!(cases.len(), 8, "dvonn-perft.txt has eight positions");
    cases
}

#[test]
fn every_position_replays_with_the_listed_side_to_move() {
    let cases = cases();
    for case in &cases {
        assert_eq!(case.game.legal_moves().len() as u64, case.counts[0]);
    }
    // The file covers the empty board and the first movement ply, where White moves twice.
    assert_eq!(cases[0].game.plies(), 0);
    assert_eq!(cases[1].game.plies(), 49);
    assert_eq!(cases[1].game.to_move(), Colour::White);
}

/// Every listed depth of every position: 4.7 million leaves below the full board at depth 4, the
/// largest, counted in bulk at the last ply, so the whole test takes well under a second.
#[test]
fn perft_every_listed_depth() {
    let cases = cases();
    let listed: usize = cases.iter().map(|case| case.counts.len()).sum();
    assert!(listed > 8 * 3, "{listed} counts listed");
    assert_eq!(check_perft(&cases, u64::MAX), listed);
}

/// The generic count through `for_each_move` agrees with the fast one wherever no finished game
/// lies inside the horizon (the file counts a finished game as a leaf; the generic walk as none).
#[test]
fn generic_walk_agrees_with_the_fast_perft() {
    for case in cases().iter().filter(|case| case.game.plies() < 70) {
        let generic = perft_by_moves(&case.game, 3);
        assert_eq!(generic, case.counts[2], "block at line {}", case.line);
    }
}

#[test]
fn perft_empty_board_is_free_placement() {
    let game = Dvonn::new();
    assert_eq!(game.perft(0), 1);
    assert_eq!(game.perft(1), 49);
    assert_eq!(game.perft(2), 49 * 48);
}
