//! The Pillars move choosers and the bot that offers them.

pub mod heuristic;
pub mod player;
pub mod solver;

use protocol::EngineSpec;

use crate::game::Pillars;
use crate::settings::Settings;

pub use player::Player;
pub use solver::{Outcome, RootResult, Solver};

/// The kit's generic MCTS plays Pillars with its defaults; its solver reads the last plies exactly.
impl kit::Playouts for Pillars {}

protocol::bot! {
    /// The `pillars` bot: its game, its tunables and its engines (the first is the default).
    pub struct PillarsBot plays Pillars, tuned by Settings, with engines [
        EngineSpec::new(
            "player",
            "misère-Nim guide, exact solver from solve_max_empty empty fields, joker as claim_on_first_move says",
            |seed, settings| Box::new(Player::new(seed, settings)),
        ),
        EngineSpec::new("nim", "the misère-Nim guide alone, without the solver", |seed, settings| {
            Box::new(Player::guide_only(seed, settings))
        }),
        kit::uct_engine(),
        EngineSpec::RANDOM,
    ]
}
