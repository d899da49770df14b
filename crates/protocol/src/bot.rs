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
    /// `(old, new)`: engine names that changed, so that an old command line is refused with the
    /// new name rather than quietly meaning something else.
    const RENAMED: &'static [(&'static str, &'static str)] = &[];

    /// The engine called `name`.
    fn engine(name: &str) -> Option<&'static EngineSpec<Self::Game, Self::Settings>> {
        Self::ENGINES.iter().find(|spec| spec.name == name)
    }

    /// The engine called `name`, or why there is none: the new name of a renamed engine, and the
    /// names there are.
    fn find_engine(name: &str) -> Result<&'static EngineSpec<Self::Game, Self::Settings>, String> {
        if let Some(spec) = Self::engine(name) {
            return Ok(spec);
        }
        let names: Vec<&str> = Self::ENGINES.iter().map(|spec| spec.name).collect();
        let names = names.join(", ");
        match Self::RENAMED.iter().find(|(old, _)| *old == name) {
            Some((_, new)) => Err(format!("engine '{name}' is now called '{new}' (engines: {names})")),
            None => Err(format!("unknown engine '{name}' (engines: {names})")),
        }
    }

    /// `(name, description)` of every engine, the default first.
    fn engine_names() -> Vec<(&'static str, &'static str)> {
        Self::ENGINES.iter().map(|spec| (spec.name, spec.about)).collect()
    }
}

/// Declares a game's bot: a unit type implementing [`Bot`] with its game, its tunables and its
/// engine table (the default first), and optionally the engine names that changed, in one place.
///
/// ```text
/// protocol::bot! {
///     /// The `dvonn` bot.
///     pub struct DvonnBot plays Dvonn, tuned by Settings, with engines [
///         EngineSpec::new("player", "alpha-beta", |seed, settings| Box::new(Player::new(seed, settings))),
///         EngineSpec::RANDOM,
///     ], renamed ["minimax" => "player"]
/// }
/// ```
#[macro_export]
macro_rules! bot {
    (
        $(#[$meta:meta])*
        $vis:vis struct $name:ident plays $game:ty, tuned by $settings:ty, with engines [$($engine:expr),+ $(,)?]
        $(, renamed [$($old:literal => $new:literal),* $(,)?])? $(,)?
    ) => {
        $(#[$meta])*
        $vis struct $name;

        impl $crate::Bot for $name {
            type Game = $game;
            type Settings = $settings;
            const ENGINES: &'static [$crate::EngineSpec<$game, $settings>] = &[$($engine),+];
            $(const RENAMED: &'static [(&'static str, &'static str)] = &[$(($old, $new)),*];)?
        }
    };
}
