//! The Dvonn player: the placement rule while placing, then iterative-deepening alpha-beta with a
//! table kept across moves, on a time share that follows the number of live stacks.

use std::time::Duration;

use protocol::{Engine, Rng, TurnClock};

use crate::engine::eval::EvalKind;
use crate::engine::placement::choose_placement;
use crate::engine::search::{Limits, Searcher};
use crate::game::{Dvonn, Move};
use crate::settings::{
    HARD_SHARES, MAX_DEPTH, MIN_MOVES_LEFT, MOVES_OFFSET, NEXT_ITERATION_FRACTION, STACKS_PER_MOVE,
};

pub struct Player {
    rng: Rng,
    searcher: Searcher,
}

impl Player {
    pub fn new(seed: u64, eval: EvalKind) -> Player {
        Player { rng: Rng::new(seed), searcher: Searcher::new(eval) }
    }
}

/// About how many of our moves are left: half the live stacks minus an offset (spec §11).
fn moves_left(game: &Dvonn) -> u32 {
    let stacks = game.board().occupied().count_ones();
    (stacks / STACKS_PER_MOVE).saturating_sub(MOVES_OFFSET).max(MIN_MOVES_LEFT)
}

impl Engine<Dvonn> for Player {
    fn choose(&mut self, game: &Dvonn, clock: &TurnClock) -> Move {
        if game.is_placement() {
            return Move::Place(choose_placement(game, &mut self.rng));
        }
        let share = clock.available() / moves_left(game);
        let hard = (share * HARD_SHARES).min(clock.available() / 2);
        let deadline =
            clock.deadline(share.mul_f64(NEXT_ITERATION_FRACTION), hard.max(Duration::from_millis(1)));
        let result = self
            .searcher
            .search(game, Limits { soft: deadline.soft, hard: deadline.hard, max_depth: MAX_DEPTH });
        result.best
    }
}
