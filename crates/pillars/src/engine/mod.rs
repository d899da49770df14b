//! The Pillars move choosers and the table the bot offers them from.

pub mod heuristic;
pub mod player;
pub mod random;
pub mod solver;

use protocol::{Engine, EngineFactory};

use crate::game::Pillars;

pub use player::Player;
pub use random::RandomEngine;
pub use solver::{Outcome, RootResult, Solver};

/// The engines of the `pillars` bot; the first is the default.
pub const ENGINES: &[(&str, &str)] = &[
    ("player", "misère-Nim guide, exact solver from 40 empty fields, joker on a proven win"),
    ("nim", "the misère-Nim guide alone, without the solver"),
    ("random", "uniformly random legal moves, an occasional random joker"),
];

fn make(name: &str, seed: u64) -> Option<Box<dyn Engine<Pillars>>> {
    match name {
        "player" => Some(Box::new(Player::new(seed))),
        "nim" => Some(Box::new(Player::guide_only(seed))),
        "random" => Some(Box::new(RandomEngine::new(seed))),
        _ => None,
    }
}

pub const FACTORY: EngineFactory<Pillars> = EngineFactory { engines: ENGINES, make };
