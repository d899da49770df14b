//! The Dvonn move choosers and the bot that offers them. To add an engine, give it a module and an
//! entry in [`DvonnBot::ENGINES`](protocol::Bot::ENGINES) (the first is the default).

pub mod eval;
pub mod placement;
pub mod player;
pub mod search;

use protocol::{Bot, EngineSpec};

use crate::game::Dvonn;
use crate::settings::Settings;

pub use eval::EvalKind;
pub use player::Player;

/// The `dvonn` bot: its game, its tunables and its engines.
pub struct DvonnBot;

impl Bot for DvonnBot {
    type Game = Dvonn;
    type Settings = Settings;
    const ENGINES: &'static [EngineSpec<Dvonn, Settings>] = &[
        EngineSpec {
            name: "player",
            about: "placement rule, then alpha-beta with the full evaluation",
            make: |seed, settings| Box::new(Player::new(seed, EvalKind::Full, settings)),
        },
        EngineSpec {
            name: "material",
            about: "the same player counting controlled pieces only",
            make: |seed, settings| Box::new(Player::new(seed, EvalKind::Material, settings)),
        },
        EngineSpec::RANDOM,
    ];
}
