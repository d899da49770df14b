//! The Poly-Y move choosers and the bot that offers them. To add an engine, give it a module and an
//! entry in the `bot!` table below (the first is the default).

pub mod player;
pub mod playout;
pub mod uct;

use protocol::EngineSpec;

use crate::game::PolyY;
use crate::settings::Settings;

pub use player::Player;
pub use uct::PlainUct;

protocol::bot! {
    /// The `polyy` bot: its game, its tunables and its engines (the first is the default).
    pub struct PolyYBot plays PolyY, tuned by Settings, with engines [
        EngineSpec::new("player", "MCTS with AMAF, playouts that answer bridge and edge intrusions", |seed, settings| {
            Box::new(Player::new(seed, settings))
        }),
        EngineSpec::new("uct", "plain UCT with uniformly random playouts (the yardstick)", |seed, settings| {
            Box::new(PlainUct::new(seed, settings))
        }),
        EngineSpec::RANDOM,
    ]
}
