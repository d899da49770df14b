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

/// The kit's generic MCTS plays Ayu with random playouts cut after 200 plies and judged there by
/// the joining cost (random moves join units slowly).
impl kit::Playouts for Ayu {
    const MCTS: kit::MctsConfig = kit::MctsConfig { max_playout_plies: 200, ..kit::MctsConfig::DEFAULT };

    fn playout_value(&self) -> f64 {
        // About 100 a point of joining cost: a point ahead is a fair edge, five nearly decisive.
        let score = eval::evaluate(self, &Settings::DEFAULT);
        1.0 / (1.0 + (-f64::from(score) / 200.0).exp())
    }
}

/// The kit's generic alpha-beta on the joining cost.
impl kit::Evaluate for Ayu {
    fn evaluate(&self) -> i32 {
        eval::evaluate(self, &Settings::DEFAULT)
    }
}

protocol::bot! {
    /// The `ayu` bot: its game, its tunables and its engines (the first is the default). The
    /// default is called `player` as in every game; until issue 115 it was `mcts`, and
    /// `player` was the alpha-beta engine now called `alphabeta-eval`.
    pub struct AyuBot plays Ayu, tuned by Settings, with engines [
        EngineSpec::new("player", "Monte-Carlo tree search with random playouts and a solver", |seed, settings| {
            Box::new(MctsPlayer::new(seed, settings))
        }),
        EngineSpec::new("alphabeta-eval", "alpha-beta on the joining cost (minimum spanning tree over units)", |seed, settings| {
            Box::new(Player::new(seed, settings))
        }),
        EngineSpec::new("greedy", "one ply: the move that leaves its own joining cost lowest (the yardstick)", |seed, _settings| {
            Box::new(Greedy::new(seed))
        }),
        kit::uct_engine(),
        kit::alphabeta_engine(),
        EngineSpec::RANDOM,
    ], renamed ["mcts" => "player"]
}
