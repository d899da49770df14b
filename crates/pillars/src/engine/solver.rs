//! Exact win/loss under misère play (whoever fills the last field loses).
//!
//! A position is the multiset of its regions, each a shape translated to the origin. Moves inside
//! one region replace it by the pieces left over, so the search works region by region and the
//! transposition table is keyed by the sum of the regions' fingerprints: the same regions anywhere
//! on the board, in any order, are one entry. Misère sums are not decided by Grundy values, so
//! the search stays exact; it only shortcuts positions made of single fields and dominoes, which
//! are Nim heaps 1 and 2 and follow the misère-Nim rule exactly.

use std::time::Instant;

use crate::board::{Board, Rect};
use crate::regions::{fingerprint, for_each_region, normalize, Regions};
use crate::settings::{SOLVER_CLOCK_CHECK_NODES, SOLVER_TABLE_BITS};

/// The exact value of a position for the side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// The side to move wins by playing this rectangle.
    Win(Rect),
    /// Every move loses against perfect play.
    Loss,
}

/// The search stopped because the deadline passed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OutOfTime;

/// Table entries are position fingerprints whose two low bits are replaced by these flags.
const ENTRY_USED: u64 = 0b10;
const ENTRY_WIN: u64 = 0b01;
const ENTRY_FLAGS: u64 = 0b11;

/// A position as the solver sees it: normalized region shapes and their fingerprint sum.
struct Position {
    shapes: Regions,
    key: u64,
}

impl Position {
    fn from_empty(empty: u128) -> Position {
        let mut position = Position { shapes: Regions::new(), key: 0 };
        for_each_region(empty, |region| position.add(region));
        position
    }

    fn add(&mut self, region: u128) {
        let shape = normalize(region);
        self.key = self.key.wrapping_add(fingerprint(shape));
        self.shapes.push(shape);
    }

    /// Fills `rect` inside shape number `index`, in place: the shape leaves the list (the last
    /// one takes its place) and its pieces are appended. Returns the shape and the piece count
    /// for [`Position::unfill`].
    fn fill(&mut self, index: usize, rect: Rect) -> (u128, usize) {
        let shape = self.shapes.swap_remove(index);
        self.key = self.key.wrapping_sub(fingerprint(shape));
        let before = self.shapes.len();
        for_each_region(shape & !rect.mask(), |part| self.add(part));
        (shape, self.shapes.len() - before)
    }

    /// Restores the position exactly as it was before `fill(index, _)` returned `(shape, pieces)`.
    fn unfill(&mut self, index: usize, (shape, pieces): (u128, usize)) {
        for _ in 0..pieces {
            let part = self.shapes.pop().expect("a piece added by fill");
            self.key = self.key.wrapping_sub(fingerprint(part));
        }
        self.shapes.push(shape);
        let last = self.shapes.len() - 1;
        self.shapes.swap(index, last);
        self.key = self.key.wrapping_add(fingerprint(shape));
    }

    /// Exact verdict when every region is a single field or a domino (Nim heaps 1 and 2).
    fn tiny_verdict(&self) -> Option<bool> {
        let (mut xor, mut dominoes) = (0u32, false);
        for &shape in &self.shapes {
            match shape.count_ones() {
                1 => xor ^= 1,
                2 => {
                    xor ^= 2;
                    dominoes = true;
                }
                _ => return None,
            }
        }
        // The side to move wins unless the misère-Nim rule says it loses.
        Some(if dominoes { xor != 0 } else { xor != 1 })
    }
}

pub struct Solver {
    table: Vec<u64>,
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

    /// Positions searched since the solver was made.
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    /// Solves `board` (not full) for the side to move, giving up at `deadline`.
    pub fn solve(&mut self, board: Board, deadline: Option<Instant>) -> Result<Outcome, OutOfTime> {
        debug_assert!(!board.is_full());
        self.deadline = deadline;
        let empty = board.empty();
        for rect in board.moves() {
            let mut after = Position::from_empty(empty & !rect.mask());
            if !self.wins(&mut after)? {
                return Ok(Outcome::Win(rect));
            }
        }
        Ok(Outcome::Loss)
    }

    /// Whether the side to move wins `board` (possibly full), with no time limit.
    pub fn wins_board(&mut self, board: Board) -> bool {
        self.deadline = None;
        self.wins(&mut Position::from_empty(board.empty())).unwrap_or(false)
    }

    fn wins(&mut self, position: &mut Position) -> Result<bool, OutOfTime> {
        if position.shapes.is_empty() {
            // The opponent filled the last field.
            return Ok(true);
        }
        if let Some(verdict) = position.tiny_verdict() {
            return Ok(verdict);
        }
        let slot = (position.key >> (64 - SOLVER_TABLE_BITS)) as usize;
        let entry = self.table[slot];
        if entry & ENTRY_USED != 0 && (entry ^ position.key) & !ENTRY_FLAGS == 0 {
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
        let win = self.has_winning_move(position)?;
        self.table[slot] = (position.key & !ENTRY_FLAGS) | ENTRY_USED | if win { ENTRY_WIN } else { 0 };
        Ok(win)
    }

    fn has_winning_move(&mut self, position: &mut Position) -> Result<bool, OutOfTime> {
        for index in 0..position.shapes.len() {
            let shape = position.shapes[index];
            // Two equal regions have the same moves and lead to the same positions.
            if position.shapes[..index].contains(&shape) {
                continue;
            }
            for rect in Board::from_empty(shape).moves() {
                let undo = position.fill(index, rect);
                let reply_wins = self.wins(position);
                position.unfill(index, undo);
                if !reply_wins? {
                    return Ok(true);
                }
            }
        }
        Ok(false)
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
        // The player to move loses a lone 1×1 or 2×2 and wins every other a×b with a·b ≤ 25.
        let mut solver = Solver::new();
        for a in 1..=5usize {
            for b in 1..=5usize {
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
        assert!(solver.wins_board(Board::from_empty(0)));
    }
}
