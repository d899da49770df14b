//! Uniformly random legal moves: the baseline every other engine must beat every time.

use protocol::{Engine, Rng, TurnClock};

use crate::game::{Dvonn, Move};

pub struct RandomEngine {
    rng: Rng,
}

impl RandomEngine {
    pub fn new(seed: u64) -> RandomEngine {
        RandomEngine { rng: Rng::new(seed) }
    }
}

impl Engine<Dvonn> for RandomEngine {
    fn choose(&mut self, game: &Dvonn, _clock: &TurnClock) -> Move {
        let moves = game.legal_moves();
        debug_assert!(!moves.is_empty(), "asked to move in a finished game");
        moves[self.rng.below(moves.len())]
    }
}
