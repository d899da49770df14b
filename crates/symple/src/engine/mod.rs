//! The Symple move choosers and the bot that offers them. To add an engine, give it a module and
//! an entry in the `bot!` table below (the first is the default).

pub mod baseline;
pub mod player;
pub mod policy;
pub mod solver;

use protocol::EngineSpec;

use crate::game::Symple;
use crate::settings::Settings;

pub use baseline::Baseline;
pub use player::Player;
pub use solver::Solver;

/// The kit's generic MCTS plays Symple with its defaults (random playouts by
/// [`protocol::SearchGame::random_move`]: a kind of move first, then one of that kind).
impl kit::Playouts for Symple {}

protocol::bot! {
    /// The `symple` bot: its game, its tunables and its engines (the first is the default).
    pub struct SympleBot plays Symple, tuned by Settings, with engines [
        EngineSpec::new("player", "tree search over expand-or-explore candidates, playouts by the fixed rule", |seed, settings| {
            Box::new(Player::new(seed, settings))
        }),
        EngineSpec::new("baseline", "explore until baseline_groups groups, then expand greedily (the yardstick)", |seed, settings| {
            Box::new(Baseline::new(seed, settings))
        }),
        kit::uct_engine(),
        EngineSpec::RANDOM,
    ]
}
