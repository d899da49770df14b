//! The Poly-Y move choosers and the bot that offers them. To add an engine, give it a module and an
//! entry in the `bot!` table below (the first is the default).

pub mod mcts;
pub mod playout;

use protocol::EngineSpec;

use crate::game::PolyY;
use crate::settings::Settings;

pub use mcts::Mcts;

protocol::bot! {
    /// The `polyy` bot: its game, its tunables and its engines (the first is the default).
    pub struct PolyYBot plays PolyY, tuned by Settings, with engines [
        EngineSpec::new("player", "UCT with random playouts that fill the board", |seed, settings| {
            Box::new(Mcts::new(seed, settings))
        }),
        EngineSpec::RANDOM,
    ]
}
