//! Perft numbers from `data/pillars-perft.txt`, read by the shared data runner, and the
//! move generator against a slow reference that tries every rectangle.

use pillars::board::ALL_FIELDS;
use pillars::{Board, Field, Pillars, Rect, SIZE};
use protocol::{Game, Rng};
use testkit::data::{check_perft, perft_cases, Block, PerftCase};
use testkit::data_file;

/// A block's position: the ten `pillars:` fields as setup lines, Red to move.
fn position(block: &Block) -> Result<Pillars, String> {
    Pillars::from_setup(&block.words("pillars"))
}

fn cases() -> Vec<PerftCase<Pillars>> {
    let cases = perft_cases(&data_file("pillars-perft.txt"), position);
    assert_eq!(cases.len(), 5, "pillars-perft.txt has five boards");
    cases
}

/// Every listed depth, 1 to 3, on all five boards: depth 3 is 531 million move sequences on the
/// diagonal board alone, but the last ply is counted in bulk (the moves of each depth-2 position),
/// so the whole test takes about 3 s at the test profile's optimisation.
#[test]
fn perft_every_listed_depth() {
    assert_eq!(check_perft(&cases(), u64::MAX), 5 * 3);
}

/// Every rectangle of the board, tried one by one: the slow reference generator.
fn reference_moves(board: Board) -> Vec<Rect> {
    let mut moves = Vec::new();
    for top in 0..SIZE {
        for left in 0..SIZE {
            for bottom in top..SIZE {
                for right in left..SIZE {
                    let rect = Rect::new(top, left, bottom, right);
                    if board.can_fill(rect) {
                        moves.push(rect);
                    }
                }
            }
        }
    }
    moves
}

#[test]
fn generator_matches_the_reference_on_random_positions() {
    let mut rng = Rng::new(2009);
    for game in 0..200 {
        let mut columns: Vec<usize> = (0..SIZE).collect();
        rng.shuffle(&mut columns);
        let pillars: Vec<Field> = columns.iter().enumerate().map(|(r, &c)| Field::new(r, c)).collect();
        let mut board = Board::with_pillars(&pillars);
        while !board.is_full() {
            let mut fast: Vec<Rect> = board.moves().to_vec();
            let mut slow = reference_moves(board);
            fast.sort();
            slow.sort();
            assert_eq!(fast, slow, "game {game}, empty {:#x}", board.empty());
            assert_eq!(board.count_moves() as usize, slow.len());
            // Prefer small rectangles so that games are long and visit many shapes.
            let small: Vec<Rect> = slow.iter().copied().filter(|r| r.area() <= 3).collect();
            let pick =
                if rng.chance(0.7) { small[rng.below(small.len())] } else { slow[rng.below(slow.len())] };
            board = board.fill(pick);
        }
    }
}

#[test]
fn filling_removes_exactly_the_rectangle() {
    let board = Board::with_pillars(&[Field::parse("Aa").unwrap()]);
    let rect = Rect::parse("BdCh").unwrap();
    let after = board.fill(rect);
    assert_eq!(board.empty_count() - after.empty_count(), 10);
    assert_eq!(board.empty() & !after.empty(), rect.mask());
    assert!(!after.can_fill(Rect::parse("CcCd").unwrap()));
    assert!(after.can_fill(Rect::parse("CcCc").unwrap()));
    assert_eq!(Board::from_empty(ALL_FIELDS).empty_count(), 100);
}
