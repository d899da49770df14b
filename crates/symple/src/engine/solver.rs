//! The exact endgame: alpha-beta over every legal move to the full board, valued by the CodeCup
//! points margin. Near the end the position has split into regions that mostly one side can fill,
//! and what is left is counting: who runs out of growth first and must explore (one stone, a group
//! more), and which own groups still merge. Searching every move settles both exactly, and a
//! transposition table folds the many orders in which independent regions fill into one.
//!
//! A search that would take too long gives up (a deadline and a cap on the moves held), so the
//! caller can fall back to sampling.

use std::ops::ControlFlow;
use std::time::Instant;

use protocol::Game;

use crate::game::{Move, Symple};

/// Nodes between two looks at the clock.
const CLOCK_CHECK_NODES: u64 = 1024;

/// The most moves the search holds at once over all the plies it is in (about 32 bytes each); a
/// position with more expansions than fit is not an endgame this solver can finish.
const MAX_HELD_MOVES: usize = 1 << 16;

/// One transposition-table slot: bounds on the exact value of a position and the index of the
/// move that gave its best value (in the order the search tries them).
#[derive(Clone, Copy, Default)]
struct Entry {
    key: u64,
    lower: i16,
    upper: i16,
    best: u16,
}

/// Why a search stopped without a value.
struct GaveUp;

/// The exact endgame solver; its table lives as long as the solver.
pub struct Solver {
    table: Vec<Entry>,
    moves: Vec<Move>,
    nodes: u64,
    deadline: Option<Instant>,
}

/// The points margin of the side to move on a full board.
fn final_margin(game: &Symple) -> i32 {
    let points = game.points();
    let mover = game.to_move().index();
    points[mover] as i32 - points[1 - mover] as i32
}

impl Solver {
    /// A solver with a table of `2^table_bits` slots (16 bytes each).
    pub fn new(table_bits: u32) -> Solver {
        Solver { table: vec![Entry::default(); 1 << table_bits], moves: Vec::new(), nodes: 0, deadline: None }
    }

    /// Positions visited by the last [`Solver::solve`].
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    /// The exact points margin of the side to move under best play by both, and a move that
    /// achieves it; `None` when the search would pass `deadline` or hold too many moves, or the
    /// board is full.
    pub fn solve(&mut self, game: &Symple, deadline: Option<Instant>) -> Option<(i32, Move)> {
        if game.is_full() {
            return None;
        }
        self.nodes = 0;
        self.deadline = deadline;
        self.moves.clear();
        let value = self.search(game, i32::from(i16::MIN) + 1, i32::from(i16::MAX)).ok()?;
        let entry = self.table[self.slot(game.hash())];
        debug_assert!(entry.key == game.hash(), "the root's entry is the last one written");
        // The entry names its best move by its place in the (fixed) order the search tried them.
        self.collect_moves(game).ok()?;
        let chosen = self.moves[usize::from(entry.best)];
        self.moves.clear();
        Some((value, chosen))
    }

    fn slot(&self, key: u64) -> usize {
        (key as usize) & (self.table.len() - 1)
    }

    /// Appends the legal moves of `game` to the held moves, most stones first (expansions before
    /// explorations, which cost a group), in a fixed order for equal sizes.
    fn collect_moves(&mut self, game: &Symple) -> Result<(), GaveUp> {
        let start = self.moves.len();
        let moves = &mut self.moves;
        let flow = game.for_each_legal(|mv| {
            if moves.len() == MAX_HELD_MOVES {
                return ControlFlow::Break(());
            }
            moves.push(mv);
            ControlFlow::Continue(())
        });
        if flow.is_break() {
            return Err(GaveUp);
        }
        self.moves[start..].sort_by_key(|mv| std::cmp::Reverse(mv.stones.count()));
        Ok(())
    }

    /// Negamax alpha-beta with fail-soft bounds: the exact value when it lies inside
    /// `alpha..beta`, otherwise a bound on the same side of the window.
    fn search(&mut self, game: &Symple, mut alpha: i32, mut beta: i32) -> Result<i32, GaveUp> {
        if game.is_full() {
            return Ok(final_margin(game));
        }
        self.nodes += 1;
        if self.nodes % CLOCK_CHECK_NODES == 0 && self.deadline.is_some_and(|d| Instant::now() >= d) {
            return Err(GaveUp);
        }
        let key = game.hash();
        let slot = self.slot(key);
        let mut first = 0;
        let entry = self.table[slot];
        if entry.key == key {
            let (lower, upper) = (i32::from(entry.lower), i32::from(entry.upper));
            if lower == upper || lower >= beta {
                return Ok(lower);
            }
            if upper <= alpha {
                return Ok(upper);
            }
            alpha = alpha.max(lower);
            beta = beta.min(upper);
            first = usize::from(entry.best);
        }
        let (alpha_in, beta_in) = (alpha, beta);
        let start = self.moves.len();
        let result = self.search_moves(game, start, first, alpha, beta);
        self.moves.truncate(start);
        let (value, best) = result?;
        let (lower, upper) = if value <= alpha_in {
            (i32::from(i16::MIN), value)
        } else if value >= beta_in {
            (value, i32::from(i16::MAX))
        } else {
            (value, value)
        };
        self.table[slot] = Entry { key, lower: lower as i16, upper: upper as i16, best: best as u16 };
        Ok(value)
    }

    /// The moves of one position, the table's best one first; the best value and its move's
    /// index.
    fn search_moves(
        &mut self,
        game: &Symple,
        start: usize,
        first: usize,
        mut alpha: i32,
        beta: i32,
    ) -> Result<(i32, usize), GaveUp> {
        self.collect_moves(game)?;
        let count = self.moves.len() - start;
        debug_assert!(count > 0, "a position that is not full has a move");
        let first = if first < count { first } else { 0 };
        let mut best = (i32::MIN, first);
        for i in std::iter::once(first).chain((0..count).filter(|&i| i != first)) {
            let mut child = game.clone();
            child.apply(self.moves[start + i]);
            let value = -self.search(&child, -beta, -alpha)?;
            if value > best.0 {
                best = (value, i);
                if value > alpha {
                    alpha = value;
                    if alpha >= beta {
                        break;
                    }
                }
            }
        }
        Ok(best)
    }
}
