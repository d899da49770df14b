//! The Pillars move choosers and the bot that offers them.

pub mod heuristic;
pub mod player;
pub mod solver;

use protocol::{Bot, EngineSpec};

use crate::game::Pillars;
use crate::settings::Settings;

pub use player::Player;
pub use solver::{Outcome, RootResult, Solver};

/// The `pillars` bot: its game, its tunables and its engines.
pub struct PillarsBot;

impl Bot for PillarsBot {
    type Game = Pillars;
    type Settings = Settings;
    const ENGINES: &'static [EngineSpec<Pillars, Settings>] = &[
        EngineSpec {
            name: "player",
            about: "misère-Nim guide, exact solver from solve_max_empty empty fields, joker as claim_on_first_move says",
            make: |seed, settings| Box::new(Player::new(seed, settings)),
        },
        EngineSpec {
            name: "nim",
            about: "the misère-Nim guide alone, without the solver",
            make: |seed, settings| Box::new(Player::guide_only(seed, settings)),
        },
        EngineSpec::RANDOM,
    ];
}
