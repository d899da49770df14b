//! What the jury, CI and tools need to know of a game, as one value per game. The table of games
//! itself is in the `registry` crate, which is the only place that names every game; this crate
//! knows only the traits.

use std::time::{Duration, Instant};

use protocol::tune::TunableInfo;
use protocol::{Bot, Contest, Game, Rng, SearchGame, Seat, Tunables, TurnClock};

use crate::fuzz::{fuzz_bytes, fuzz_games};
use crate::log::LoggedGame;
pub use crate::openings::Position;
use crate::openings::{pair_start, parse_openings};
use crate::replay::{replay_log, Replay};
use crate::report::{report_series, SeriesReport};
use crate::summary::Summary;
use crate::tournament::{run_tournament, Standings, TournamentConfig, TournamentGame};
use crate::tune::{run_tune, PairRow, TuneConfig, TuneState};
use crate::view::{view_log, GameView};
use crate::{run_match, MatchConfig, MatchGame};

/// Plays (or resumes) a match of one game, calling back after each game played (see
/// [`run_match`]).
pub type RunMatch = fn(&MatchConfig, &mut dyn FnMut(&MatchGame, &Summary)) -> Result<Summary, String>;

/// Plays (or resumes) a tournament of one game, calling back after each game played (see
/// [`run_tournament`]).
pub type RunTournament =
    fn(&TournamentConfig, &mut dyn FnMut(&TournamentGame, &Standings)) -> Result<Standings, String>;

/// Sums up the series in log folders (see [`report_series`]), `anchor` the tournament engine rated
/// 0.
pub type Report = fn(&[std::path::PathBuf], usize) -> Result<SeriesReport, String>;

/// Runs or resumes an SPSA tune, calling back after each pair (see [`run_tune`]).
pub type RunTune = fn(&TuneConfig, &mut dyn FnMut(&PairRow, &TuneState)) -> Result<TuneState, String>;

/// One game as the jury and the tools see it. Build it with [`GameEntry::of`].
pub struct GameEntry {
    /// Command-line name (`pillars`); its bot is `bots/<name>`, an executable of the same name.
    pub name: &'static str,
    /// The official total thinking time per player per game.
    pub time_limit: Duration,
    /// The files in the repository's `data/` folder that the game's tests read.
    pub data: &'static [&'static str],
    /// `(name, description)` of the bot's engines, the default first.
    pub engines: fn() -> Vec<(&'static str, &'static str)>,
    /// The bot's tunables with their defaults.
    pub tunables: fn() -> Vec<TunableInfo>,
    /// Plays a match (see [`run_match`]).
    pub run_match: RunMatch,
    /// Plays or resumes a tournament (see [`run_tournament`]).
    pub run_tournament: RunTournament,
    /// Sums a match or tournament up again from its log folders (see [`report_series`]).
    pub report: Report,
    /// Tunes the bot's tunables by SPSA (see [`run_tune`]).
    pub run_tune: RunTune,
    /// Reads an openings file's text, every line checked with the rules (see [`crate::openings`]).
    pub parse_openings: fn(&str) -> Result<Vec<Position>, String>,
    /// Checks a game log against the rules (see [`replay_log`]).
    pub replay: fn(&LoggedGame) -> Result<Replay, String>,
    /// Draws every position of a game log for the HTML viewer (see [`view_log`]).
    pub view: fn(&LoggedGame) -> Result<GameView, String>,
    /// Whether the official jury played on for a failed program ([`Contest::PLAYS_ON_AFTER_FAILURE`]).
    pub plays_on_after_failure: bool,
    /// A random position `plies` random legal plies deep (fewer if the game would end).
    pub random_position: fn(&mut Rng, plies: u32) -> Position,
    /// Checks that `reply` is a legal move in `position`, written as the rules write it.
    pub check_reply: fn(position: &Position, reply: &str) -> Result<(), String>,
    /// Plays `games` games in process between the bot's engine called `engine` (seats alternating)
    /// and random moves, the engine given `time` for each whole game, and checks every move it
    /// chooses with the rules (the dialogue loop would hide an illegal one by playing another).
    /// Returns the number of plies played, or what went wrong.
    pub check_engine: fn(engine: &str, seed: u64, games: usize, time: Duration) -> Result<usize, String>,
    /// Checks that `position_hash` tells positions apart as the search needs it to (tree reuse and
    /// transposition tables trust it): over the positions one ply from `starts` random positions
    /// (all of them, or 300 sampled when there are more) and 10 sampled a ply further from each,
    /// two positions with the same hash have the same side to move, result and legal moves.
    /// Returns the number of distinct positions seen, or the first pair told apart wrongly.
    pub check_hashes: fn(seed: u64, starts: usize) -> Result<usize, String>,
    /// Fuzzes the shared dialogue loop with this game: `games` whole games against a hostile
    /// sender, then `byte_cases` random inputs (see [`crate::fuzz`]). Panics on the first fault.
    pub fuzz: fn(seed: u64, games: usize, byte_cases: usize),
}

fn random_position<G: Contest>(rng: &mut Rng, plies: u32) -> Position {
    pair_start::<G>(rng.next_u64(), 0, &[], plies)
}

fn check_reply<G: Game>(position: &Position, reply: &str) -> Result<(), String> {
    let mut game = G::from_setup(&position.setup)?;
    for (ply, text) in position.moves.iter().enumerate() {
        let mv = game.parse_move(text).map_err(|e| format!("ply {} '{text}': {e}", ply + 1))?;
        game.apply(mv);
    }
    if game.is_over() {
        return Err("the game is over".to_string());
    }
    let mv = game.parse_move(reply).map_err(|e| format!("the reply '{reply}': {e}"))?;
    match game.format_move(mv) == reply {
        true => Ok(()),
        false => Err(format!("the reply '{reply}' is written '{}' by the rules", game.format_move(mv))),
    }
}

fn check_engine<B: Bot>(name: &str, seed: u64, games: usize, time: Duration) -> Result<usize, String>
where
    B::Game: Contest,
{
    let spec = B::engine(name).ok_or_else(|| format!("{} has no engine '{name}'", B::Game::NAME))?;
    let settings = B::Settings::default();
    let mut rng = Rng::new(seed);
    let mut plies = 0;
    for index in 0..games {
        let setup = B::Game::random_setup(&mut rng);
        let mut game = B::Game::from_setup(&setup)?;
        let mut engine = (spec.make)(rng.next_u64(), &settings);
        let engine_seat = if index % 2 == 0 { Seat::First } else { Seat::Second };
        let mut left = time;
        while !game.is_over() {
            let mv = if game.seat_to_move() == engine_seat {
                let started = Instant::now();
                let mv = engine.choose(&game, &TurnClock::with_available(left));
                left = left.saturating_sub(started.elapsed());
                if !game.is_legal(mv) {
                    return Err(format!(
                        "game {index}, ply {}: {name} chose {mv:?}, not legal in\n{}",
                        plies + 1,
                        game.render()
                    ));
                }
                mv
            } else {
                game.random_move(&mut rng).expect("a game that is not over has a move")
            };
            game.apply(mv);
            plies += 1;
        }
    }
    Ok(plies)
}

/// The most legal moves of a position [`hashed_facts`] looks at.
const FACTS_MOVES: usize = 512;

/// What a position's hash must decide: the side to move, the result, and the legal moves (their
/// number and a digest of them in the game's order, the first [`FACTS_MOVES`] of them).
#[derive(Debug, PartialEq)]
struct HashedFacts {
    seat: Seat,
    outcome: Option<protocol::Outcome>,
    moves: usize,
    digest: u64,
}

fn hashed_facts<G: SearchGame>(game: &G) -> HashedFacts {
    use std::hash::{Hash, Hasher};
    let mut hasher = std::collections::hash_map::DefaultHasher::new();
    let mut moves = 0;
    // Enough to tell positions apart; Symple's expansions alone can run into the millions.
    let _ = game.for_each_move(|mv| {
        mv.hash(&mut hasher);
        moves += 1;
        match moves < FACTS_MOVES {
            true => std::ops::ControlFlow::Continue(()),
            false => std::ops::ControlFlow::Break(()),
        }
    });
    HashedFacts { seat: game.seat_to_move(), outcome: game.outcome(), moves, digest: hasher.finish() }
}

/// The positions one ply from `game` (at most `limit`, sampled when there are more) with the moves
/// that reach them.
fn successors<G: SearchGame>(game: &G, rng: &mut Rng, limit: usize) -> Vec<(G::Move, G)> {
    let mut moves = Vec::new();
    let complete = game
        .for_each_move(|mv| {
            moves.push(mv);
            match moves.len() > limit {
                true => std::ops::ControlFlow::Break(()),
                false => std::ops::ControlFlow::Continue(()),
            }
        })
        .is_continue();
    if !complete {
        moves = (0..limit).filter_map(|_| game.random_move(rng)).collect();
    }
    moves
        .into_iter()
        .map(|mv| {
            let mut next = game.clone();
            next.apply(mv);
            (mv, next)
        })
        .collect()
}

fn check_hashes<G: Contest>(seed: u64, starts: usize) -> Result<usize, String> {
    let mut rng = Rng::new(seed);
    let mut seen: std::collections::HashMap<u64, (String, HashedFacts)> = std::collections::HashMap::new();
    let mut record = |game: &G, path: String| -> Result<(), String> {
        let facts = hashed_facts(game);
        match seen.get(&game.position_hash()) {
            Some((first, known)) if *known != facts => Err(format!(
                "{path} and {first} share the hash {:#x} but differ: {facts:?} against {known:?}",
                game.position_hash()
            )),
            Some(_) => Ok(()),
            None => {
                seen.insert(game.position_hash(), (path, facts));
                Ok(())
            }
        }
    };
    for start in 0..starts {
        // From the opening on: the state a game carries beside its board (jokers, the swap) changes
        // early.
        let position = random_position::<G>(&mut rng, (start * 7 % 40) as u32);
        let mut game = G::from_setup(&position.setup)?;
        for text in &position.moves {
            game.apply(game.parse_move(text).map_err(|e| format!("{text}: {e}"))?);
        }
        let name = format!("position {start} ({} plies)", position.moves.len());
        record(&game, name.clone())?;
        for (mv, child) in successors(&game, &mut rng, 300) {
            let child_name = format!("{name} {}", game.format_move(mv));
            record(&child, child_name.clone())?;
            for (reply, grandchild) in successors(&child, &mut rng, 10) {
                record(&grandchild, format!("{child_name} {}", child.format_move(reply)))?;
            }
        }
    }
    Ok(seen.len())
}

fn fuzz_of<G: Contest + Send + 'static>(seed: u64, games: usize, byte_cases: usize) {
    fuzz_games::<G>(seed, games);
    fuzz_bytes::<G>(seed, byte_cases);
}

fn match_of<G: Contest>(
    config: &MatchConfig,
    on_game: &mut dyn FnMut(&MatchGame, &Summary),
) -> Result<Summary, String> {
    run_match::<G>(config, on_game)
}

fn tournament_of<G: Contest>(
    config: &TournamentConfig,
    on_game: &mut dyn FnMut(&TournamentGame, &Standings),
) -> Result<Standings, String> {
    run_tournament::<G>(config, on_game)
}

fn tune_of<G: Contest>(
    config: &TuneConfig,
    on_pair: &mut dyn FnMut(&PairRow, &TuneState),
) -> Result<TuneState, String> {
    run_tune::<G>(config, on_pair)
}

impl GameEntry {
    /// The entry of the game that bot `B` plays.
    pub const fn of<B: Bot>(data: &'static [&'static str]) -> GameEntry
    where
        B::Game: Contest + Send,
    {
        GameEntry {
            name: <B::Game as Game>::NAME,
            time_limit: <B::Game as Game>::TIME_LIMIT,
            data,
            engines: B::engine_names,
            tunables: <B::Settings as Tunables>::describe,
            run_match: match_of::<B::Game>,
            run_tournament: tournament_of::<B::Game>,
            report: report_series::<B::Game>,
            run_tune: tune_of::<B::Game>,
            parse_openings: parse_openings::<B::Game>,
            replay: replay_log::<B::Game>,
            view: view_log::<B::Game>,
            plays_on_after_failure: <B::Game as Contest>::PLAYS_ON_AFTER_FAILURE,
            random_position: random_position::<B::Game>,
            check_reply: check_reply::<B::Game>,
            check_engine: check_engine::<B>,
            check_hashes: check_hashes::<B::Game>,
            fuzz: fuzz_of::<B::Game>,
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
