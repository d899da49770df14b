//! The Dvonn move choosers and the table the bot offers them from. To add an engine, give it a
//! module, a line in [`ENGINES`] (the first line is the default) and an arm in `make`.

pub mod eval;
pub mod placement;
pub mod player;
pub mod random;
pub mod search;

use protocol::{Engine, EngineFactory};

use crate::game::Dvonn;

pub use eval::EvalKind;
pub use player::Player;
pub use random::RandomEngine;

/// The engines of the `dvonn` bot; the first is the default.
pub const ENGINES: &[(&str, &str)] = &[
    ("player", "placement rule, then alpha-beta with the full evaluation"),
    ("material", "the same player counting controlled pieces only"),
    ("random", "uniformly random legal moves"),
];

fn make(name: &str, seed: u64) -> Option<Box<dyn Engine<Dvonn>>> {
    match name {
        "player" => Some(Box::new(Player::new(seed, EvalKind::Full))),
        "material" => Some(Box::new(Player::new(seed, EvalKind::Material))),
        "random" => Some(Box::new(RandomEngine::new(seed))),
        _ => None,
    }
}

pub const FACTORY: EngineFactory<Dvonn> = EngineFactory { engines: ENGINES, make };
