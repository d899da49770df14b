//! The Ayu move choosers and the bot that offers them. To add an engine, give it a module and an
//! entry in the `bot!` table below (the first is the default).

pub mod eval;
pub mod greedy;
pub mod mcts;
pub mod player;
pub mod playout;
pub mod search;

use protocol::EngineSpec;

use crate::game::Ayu;
use crate::settings::Settings;

pub use greedy::Greedy;
pub use mcts::MctsPlayer;
pub use player::Player;

protocol::bot! {
    /// The `ayu` bot: its game, its tunables and its engines (the first is the default).
    pub struct AyuBot plays Ayu, tuned by Settings, with engines [
        EngineSpec::new("mcts", "Monte-Carlo tree search with random playouts and a solver", |seed, settings| {
            Box::new(MctsPlayer::new(seed, settings))
        }),
        EngineSpec::new("player", "alpha-beta on the joining cost (minimum spanning tree over units)", |seed, settings| {
            Box::new(Player::new(seed, settings))
        }),
        EngineSpec::new("greedy", "one ply: the move that leaves its own joining cost lowest (the yardstick)", |seed, _settings| {
            Box::new(Greedy::new(seed))
        }),
        EngineSpec::RANDOM,
    ]
}
