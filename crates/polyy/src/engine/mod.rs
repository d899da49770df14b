//! The Poly-Y move choosers and the bot that offers them. To add an engine, give it a module and an
//! entry in the `bot!` table below (the first is the default).

pub mod player;
pub mod playout;

use protocol::EngineSpec;

use crate::game::PolyY;
use crate::settings::Settings;

pub use player::Player;

/// The kit's generic MCTS plays Poly-Y with its defaults: plain UCT with uniformly random
/// playouts, the yardstick the player is measured against.
impl kit::Playouts for PolyY {}

protocol::bot! {
    /// The `polyy` bot: its game, its tunables and its engines (the first is the default).
    pub struct PolyYBot plays PolyY, tuned by Settings, with engines [
        EngineSpec::new("player", "MCTS with AMAF, playouts that answer bridge and edge intrusions", |seed, settings| {
            Box::new(Player::new(seed, settings))
        }),
        kit::uct_engine(),
        EngineSpec::RANDOM,
    ]
}
