//! The Dvonn move choosers and the bot that offers them. To add an engine, give it a module and an
//! entry in the `bot!` table below (the first is the default).

pub mod eval;
pub mod landing;
pub mod learned;
mod learned_table;
pub mod network;
pub mod placement;
pub mod player;
pub mod search;

use protocol::EngineSpec;

use crate::game::Dvonn;
use crate::settings::Settings;

pub use eval::EvalKind;
pub use player::Player;

/// The kit's generic MCTS plays Dvonn with its defaults (random playouts to the end).
impl kit::Playouts for Dvonn {}

/// The kit's generic alpha-beta judges a Dvonn position by the pieces each side controls.
impl kit::Evaluate for Dvonn {
    fn evaluate(&self) -> i32 {
        let me = self.to_move();
        100 * (self.count(me) as i32 - self.count(me.other()) as i32)
    }
}

protocol::bot! {
    /// The `dvonn` bot: its game, its tunables and its engines (the first is the default).
    pub struct DvonnBot plays Dvonn, tuned by Settings, with engines [
        EngineSpec::new("player", "placement rule, then alpha-beta with the full evaluation", |seed, settings| {
            Box::new(Player::new(seed, EvalKind::Full, settings))
        }),
        EngineSpec::new("material", "the same player counting controlled pieces only", |seed, settings| {
            Box::new(Player::new(seed, EvalKind::Material, settings))
        }),
        kit::uct_engine(),
        kit::alphabeta_engine(),
        EngineSpec::RANDOM,
    ]
}
