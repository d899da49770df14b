//! Perft numbers from `../shared/data/dvonn-perft.txt`: every listed ply replays legally from the
//! empty board, the side to move is the listed one, and the move counts match.

use dvonn::{Colour, Dvonn};
use protocol::Game;
use testkit::shared_data;

struct PerftCase {
    moves: Vec<String>,
    next: Colour,
    counts: Vec<u64>,
}

fn perft_cases() -> Vec<PerftCase> {
    let text = shared_data("dvonn-perft.txt");
    let mut cases = Vec::new();
    let (mut moves, mut next) = (None, None);
    for line in text.lines().filter(|l| !l.starts_with('#') && !l.trim().is_empty()) {
        let (key, value) = line.split_once(':').expect("key: value");
        let items = value.split_whitespace();
        match key {
            "moves" => moves = Some(items.map(String::from).collect()),
            "next" => {
                next = Some(match value.trim() {
                    "white" => Colour::White,
                    "black" => Colour::Black,
                    other => panic!("next: {other}"),
                })
            }
            "perft" => cases.push(PerftCase {
                moves: moves.take().expect("moves: before perft:"),
                next: next.take().expect("next: before perft:"),
                counts: items.map(|n| n.parse().unwrap()).collect(),
            }),
            other => panic!("unknown key {other}"),
        }
    }
    assert_eq!(cases.len(), 8, "dvonn-perft.txt has eight positions");
    cases
}

/// Replays a case ply by ply through the dialogue's parser, checking each ply is legal.
fn replay(case: &PerftCase) -> Dvonn {
    let mut game = Dvonn::new();
    for (i, text) in case.moves.iter().enumerate() {
        assert!(!game.is_over(), "ply {}: the game ended earlier", i + 1);
        let mv = game.parse_move(text).unwrap_or_else(|e| panic!("ply {} '{text}': {e}", i + 1));
        assert_eq!(game.format_move(mv), *text);
        game.apply(mv);
    }
    assert_eq!(game.plies() as usize, case.moves.len());
    assert_eq!(game.to_move(), case.next, "side to move after {} plies", case.moves.len());
    game
}

fn check_perft(depths: std::ops::RangeInclusive<usize>) {
    for case in perft_cases() {
        let game = replay(&case);
        for (depth, &expected) in case.counts.iter().enumerate() {
            let depth = depth + 1;
            if depths.contains(&depth) {
                assert_eq!(
                    game.perft(depth as u32),
                    expected,
                    "perft({depth}) after {} plies",
                    case.moves.len()
                );
            }
        }
    }
}

#[test]
fn every_position_replays_with_the_listed_side_to_move() {
    let cases = perft_cases();
    for case in &cases {
        let game = replay(case);
        assert_eq!(game.legal_moves().len() as u64, case.counts[0]);
    }
    // The file covers the empty board and the first movement ply, where White moves twice.
    assert!(cases[0].moves.is_empty());
    assert_eq!(cases[1].moves.len(), 49);
    assert_eq!(replay(&cases[1]).to_move(), Colour::White);
}

#[test]
fn perft_depths_1_to_3() {
    check_perft(1..=3);
}

/// 4.7 million leaves below the full board: run with `cargo test -- --ignored`, or see the
/// benchmark (`cargo run --release -p dvonn --example dvonn_bench`), which checks them too.
#[test]
#[ignore]
fn perft_depth_4() {
    check_perft(4..=4);
}

#[test]
fn perft_empty_board_is_free_placement() {
    let game = Dvonn::new();
    assert_eq!(game.perft(0), 1);
    assert_eq!(game.perft(1), 49);
    assert_eq!(game.perft(2), 49 * 48);
}
