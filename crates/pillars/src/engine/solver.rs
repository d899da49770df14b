//! Exact win/loss of a position under misère play (whoever fills the last field loses), by
//! negamax over the bitboard of empty fields with a transposition table.

use std::time::Instant;

use crate::board::{Board, Rect};
use crate::settings::{SOLVER_CLOCK_CHECK_NODES, SOLVER_TABLE_BITS};

/// The exact value of a position for the side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// The side to move wins by playing this rectangle.
    Win(Rect),
    /// Every move loses against perfect play.
    Loss,
}

/// Table entries pack the empty-field bitboard (bits 0..100) with two flags in the spare high bits.
const ENTRY_USED: u128 = 1 << 126;
const ENTRY_WIN: u128 = 1 << 127;

/// The search stopped because the deadline passed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OutOfTime;

pub struct Solver {
    table: Vec<u128>,
    nodes: u64,
    deadline: Option<Instant>,
}

impl Default for Solver {
    fn default() -> Self {
        Solver::new()
    }
}

impl Solver {
    pub fn new() -> Solver {
        Solver { table: vec![0; 1 << SOLVER_TABLE_BITS], nodes: 0, deadline: None }
    }

    /// Nodes searched since the solver was made.
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    /// Solves `board` (not full) for the side to move, giving up at `deadline`.
    pub fn solve(&mut self, board: Board, deadline: Option<Instant>) -> Result<Outcome, OutOfTime> {
        debug_assert!(!board.is_full());
        self.deadline = deadline;
        for rect in board.moves() {
            let after = board.fill(rect).empty();
            if after != 0 && !self.wins(after)? {
                return Ok(Outcome::Win(rect));
            }
        }
        Ok(Outcome::Loss)
    }

    fn slot(empty: u128) -> usize {
        let folded = (empty as u64) ^ ((empty >> 64) as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        (folded.wrapping_mul(0xD6E8_FEB8_6659_FD93) >> (64 - SOLVER_TABLE_BITS)) as usize
    }

    /// Whether the side to move wins with these fields empty (at least one).
    fn wins(&mut self, empty: u128) -> Result<bool, OutOfTime> {
        // One field left: it must be filled, and filling the last field loses.
        if empty & (empty - 1) == 0 {
            return Ok(false);
        }
        let slot = Self::slot(empty);
        let entry = self.table[slot];
        if entry & !(ENTRY_USED | ENTRY_WIN) == empty && entry & ENTRY_USED != 0 {
            return Ok(entry & ENTRY_WIN != 0);
        }
        self.nodes += 1;
        if self.nodes % SOLVER_CLOCK_CHECK_NODES == 0 {
            if let Some(deadline) = self.deadline {
                if Instant::now() >= deadline {
                    return Err(OutOfTime);
                }
            }
        }
        let board = Board::from_empty(empty);
        let mut win = false;
        for rect in board.moves() {
            let after = empty & !rect.mask();
            if after != 0 && !self.wins(after)? {
                win = true;
                break;
            }
        }
        self.table[slot] = empty | ENTRY_USED | if win { ENTRY_WIN } else { 0 };
        Ok(win)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Field;

    fn board_of(fields: &[&str]) -> Board {
        Board::from_empty(fields.iter().fold(0, |acc, f| acc | Field::parse(f).unwrap().bit()))
    }

    #[test]
    fn small_rectangles_from_the_spec() {
        // The player to move loses a lone 1×1 or 2×2 and wins every other a×b with a·b ≤ 25
        // (checked here up to 4×4, where a plain search is still quick).
        let mut solver = Solver::new();
        for a in 1..=4usize {
            for b in 1..=4usize {
                let board = Board::from_empty(Rect::new(0, 0, a - 1, b - 1).mask());
                let outcome = solver.solve(board, None).unwrap();
                let lost = (a, b) == (1, 1) || (a, b) == (2, 2);
                assert_eq!(outcome == Outcome::Loss, lost, "{a}x{b}: {outcome:?}");
            }
        }
    }

    #[test]
    fn two_lone_fields_win_and_three_lose() {
        let mut solver = Solver::new();
        assert!(matches!(solver.solve(board_of(&["Aa", "Cc"]), None), Ok(Outcome::Win(_))));
        assert_eq!(solver.solve(board_of(&["Aa", "Cc", "Ee"]), None), Ok(Outcome::Loss));
    }
}
