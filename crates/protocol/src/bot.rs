//! A bot is a game, its tunables and its engines, declared once. The bot binary, its `--help`, the
//! jury's registry and the tests all read the same table, so an engine is named in one place.

use crate::game::{Engine, Game, SearchGame};
use crate::search::RandomEngine;
use crate::tune::Tunables;

/// Builds an engine from the RNG seed and the (possibly overridden) settings.
pub type MakeEngine<G, S> = fn(seed: u64, settings: &S) -> Box<dyn Engine<G>>;

/// One engine a bot offers: its `--engine` name, a line for `--help`, and its constructor.
pub struct EngineSpec<G: Game, S> {
    pub name: &'static str,
    pub about: &'static str,
    pub make: MakeEngine<G, S>,
}

impl<G: Game, S> EngineSpec<G, S> {
    pub const fn new(name: &'static str, about: &'static str, make: MakeEngine<G, S>) -> EngineSpec<G, S> {
        EngineSpec { name, about, make }
    }
}

fn make_random<G: SearchGame + 'static, S>(seed: u64, _settings: &S) -> Box<dyn Engine<G>> {
    Box::new(RandomEngine::<G>::new(seed))
}

impl<G: SearchGame + 'static, S> EngineSpec<G, S> {
    /// The shared uniformly random engine, under the name `random`.
    pub const RANDOM: EngineSpec<G, S> =
        EngineSpec { name: "random", about: "uniformly random legal moves", make: make_random::<G, S> };
}

/// Everything a game's bot is: implemented once per game crate by a unit type, which the bot
/// binary (`protocol::run_bot::<dvonn::DvonnBot>()`) and the jury's registry name.
pub trait Bot: 'static {
    type Game: SearchGame + 'static;
    type Settings: Tunables;
    /// The engines, the default first.
    const ENGINES: &'static [EngineSpec<Self::Game, Self::Settings>];

    /// The engine called `name`.
    fn engine(name: &str) -> Option<&'static EngineSpec<Self::Game, Self::Settings>> {
        Self::ENGINES.iter().find(|spec| spec.name == name)
    }

    /// `(name, description)` of every engine, the default first.
    fn engine_names() -> Vec<(&'static str, &'static str)> {
        Self::ENGINES.iter().map(|spec| (spec.name, spec.about)).collect()
    }
}

/// Declares a game's bot: a unit type implementing [`Bot`] with its game, its tunables and its
/// engine table (the default first), in one place.
///
/// ```text
/// protocol::bot! {
///     /// The `dvonn` bot.
///     pub struct DvonnBot plays Dvonn, tuned by Settings, with engines [
///         EngineSpec::new("player", "alpha-beta", |seed, settings| Box::new(Player::new(seed, settings))),
///         EngineSpec::RANDOM,
///     ]
/// }
/// ```
#[macro_export]
macro_rules! bot {
    (
        $(#[$meta:meta])*
        $vis:vis struct $name:ident plays $game:ty, tuned by $settings:ty, with engines [$($engine:expr),+ $(,)?]
    ) => {
        $(#[$meta])*
        $vis struct $name;

        impl $crate::Bot for $name {
            type Game = $game;
            type Settings = $settings;
            const ENGINES: &'static [$crate::EngineSpec<$game, $settings>] = &[$($engine),+];
        }
    };
}
