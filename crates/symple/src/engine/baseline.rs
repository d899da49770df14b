//! The yardstick the issue names: explore until N groups, then expand greedily (N is the setting
//! `baseline_groups`; the best N is found by measurement).

use protocol::{Engine, Rng, TurnClock};

use crate::engine::policy::fixed_rule_move;
use crate::game::{Move, Symple};
use crate::settings::Settings;

pub struct Baseline {
    rng: Rng,
    settings: Settings,
}

impl Baseline {
    pub fn new(seed: u64, settings: &Settings) -> Baseline {
        Baseline { rng: Rng::new(seed), settings: *settings }
    }
}

impl Engine<Symple> for Baseline {
    fn choose(&mut self, game: &Symple, _clock: &TurnClock) -> Move {
        fixed_rule_move(game, self.settings.baseline_groups, &self.settings, 0.0, &mut self.rng)
    }
}
