//! What the jury, CI and tools need to know of a game, as one value per game. The table of games
//! itself is in the `registry` crate, which is the only place that names every game; this crate
//! knows only the traits.

use std::time::Duration;

use protocol::tune::TunableInfo;
use protocol::{Bot, Contest, Game, Tunables};

use crate::log::LoggedGame;
use crate::replay::{replay_log, Replay};
use crate::summary::Summary;
use crate::view::{view_log, GameView};
use crate::{run_match, MatchConfig, MatchGame};

/// Plays a match of one game, calling back after each game (see [`run_match`]).
pub type RunMatch = fn(&MatchConfig, &mut dyn FnMut(&MatchGame, &Summary)) -> Summary;

/// One game as the jury and the tools see it. Build it with [`GameEntry::of`].
pub struct GameEntry {
    /// Command-line name (`pillars`); its bot is `bots/<name>`, an executable of the same name.
    pub name: &'static str,
    /// The official total thinking time per player per game.
    pub time_limit: Duration,
    /// The files in `../shared/data/` the game's tests read.
    pub data: &'static [&'static str],
    /// `(name, description)` of the bot's engines, the default first.
    pub engines: fn() -> Vec<(&'static str, &'static str)>,
    /// The bot's tunables with their defaults.
    pub tunables: fn() -> Vec<TunableInfo>,
    /// Plays a match (see [`run_match`]).
    pub run_match: RunMatch,
    /// Checks a game log against the rules (see [`replay_log`]).
    pub replay: fn(&LoggedGame) -> Result<Replay, String>,
    /// Draws every position of a game log for the HTML viewer (see [`view_log`]).
    pub view: fn(&LoggedGame) -> Result<GameView, String>,
}

fn match_of<G: Contest>(config: &MatchConfig, on_game: &mut dyn FnMut(&MatchGame, &Summary)) -> Summary {
    run_match::<G>(config, on_game)
}

impl GameEntry {
    /// The entry of the game that bot `B` plays.
    pub const fn of<B: Bot>(data: &'static [&'static str]) -> GameEntry
    where
        B::Game: Contest,
    {
        GameEntry {
            name: <B::Game as Game>::NAME,
            time_limit: <B::Game as Game>::TIME_LIMIT,
            data,
            engines: B::engine_names,
            tunables: <B::Settings as Tunables>::describe,
            run_match: match_of::<B::Game>,
            replay: replay_log::<B::Game>,
            view: view_log::<B::Game>,
        }
    }

    /// The bot's package folder, relative to the workspace root.
    pub fn bot_dir(&self) -> String {
        format!("bots/{}", self.name)
    }
}

/// The entry called `name`, or an error listing the known names.
pub fn find<'a>(games: &'a [GameEntry], name: &str) -> Result<&'a GameEntry, String> {
    games.iter().find(|entry| entry.name == name).ok_or_else(|| {
        let names: Vec<&str> = games.iter().map(|entry| entry.name).collect();
        format!("unknown game '{name}' (known: {})", names.join(", "))
    })
}
