//! The Dvonn move choosers and the bot that offers them. To add an engine, give it a module and an
//! entry in the `bot!` table below (the first is the default).

pub mod eval;
pub mod placement;
pub mod player;
pub mod search;

use protocol::EngineSpec;

use crate::game::Dvonn;
use crate::settings::Settings;

pub use eval::EvalKind;
pub use player::Player;

protocol::bot! {
    /// The `dvonn` bot: its game, its tunables and its engines (the first is the default).
    pub struct DvonnBot plays Dvonn, tuned by Settings, with engines [
        EngineSpec::new("player", "placement rule, then alpha-beta with the full evaluation", |seed, settings| {
            Box::new(Player::new(seed, EvalKind::Full, settings))
        }),
        EngineSpec::new("material", "the same player counting controlled pieces only", |seed, settings| {
            Box::new(Player::new(seed, EvalKind::Material, settings))
        }),
        EngineSpec::RANDOM,
    ]
}
