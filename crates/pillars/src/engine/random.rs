//! Uniformly random legal moves: the baseline every other engine must beat every time.

use protocol::{Engine, Rng, TurnClock};

use crate::game::{Move, Pillars};
use crate::settings::RANDOM_JOKER_CHANCE;

pub struct RandomEngine {
    rng: Rng,
}

impl RandomEngine {
    pub fn new(seed: u64) -> RandomEngine {
        RandomEngine { rng: Rng::new(seed) }
    }
}

impl Engine<Pillars> for RandomEngine {
    fn choose(&mut self, game: &Pillars, _clock: &TurnClock) -> Move {
        let moves = game.board().moves();
        let rect = moves[self.rng.below(moves.len())];
        let joker = game.can_claim() && self.rng.chance(RANDOM_JOKER_CHANCE);
        Move { rect, joker }
    }
}
