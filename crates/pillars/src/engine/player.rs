//! The default player: the exact solver whenever it can finish in the move's time, and before
//! that a random move among those that do not hand the opponent an easy win.

use protocol::{Engine, Rng, TurnClock};

use crate::board::{Board, Rect};
use crate::engine::solver::{Outcome, Solver};
use crate::game::{Move, Pillars};
use crate::settings::{FIELDS_PER_PLY, HARD_SHARES, SOLVE_MAX_EMPTY};

pub struct Player {
    rng: Rng,
    solver: Solver,
}

impl Player {
    pub fn new(seed: u64) -> Player {
        Player { rng: Rng::new(seed), solver: Solver::new() }
    }

    /// A move that neither fills the last field nor leaves a single field or a lone 2×2 block
    /// (both lost for the side to move), when there is one.
    fn fallback(&mut self, board: Board) -> Rect {
        let moves = board.moves();
        let safe: Vec<Rect> = moves
            .iter()
            .copied()
            .filter(|&rect| {
                let after = board.fill(rect);
                let left = after.empty_count();
                left > 1 && !(left == 4 && is_square_2x2(after.empty()))
            })
            .collect();
        let pool: &[Rect] = if safe.is_empty() { &moves } else { &safe };
        pool[self.rng.below(pool.len())]
    }
}

fn is_square_2x2(empty: u128) -> bool {
    let low = empty.trailing_zeros() as usize;
    low % 10 < 9 && low < 90 && empty == (0b11u128 | 0b11 << 10) << low
}

impl Engine<Pillars> for Player {
    fn choose(&mut self, game: &Pillars, clock: &TurnClock) -> Move {
        let board = game.board();
        let own_moves_left = board.empty_count() / (2 * FIELDS_PER_PLY) + 1;
        let deadline = clock.even_share(own_moves_left, HARD_SHARES);
        if board.empty_count() <= SOLVE_MAX_EMPTY {
            match self.solver.solve(board, Some(deadline.hard)) {
                Ok(Outcome::Win(rect)) => {
                    // A proven win: the joker is worth the most now.
                    return Move { rect, joker: game.can_claim() };
                }
                Ok(Outcome::Loss) | Err(_) => {}
            }
        }
        Move::plain(self.fallback(board))
    }
}
