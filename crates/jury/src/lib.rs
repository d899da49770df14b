//! The local CodeCup jury: plays two programs against each other for many games under the official
//! dialogue and clock, checks every move with the game crate, scores as CodeCup does and sums up.

pub mod elo;
pub mod fuzz;
pub mod log;
pub mod openings;
pub mod process;
pub mod ratings;
pub mod referee;
pub mod registry;
pub mod replay;
pub mod sprt;
pub mod summary;
pub mod tournament;
pub mod view;

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc;
use std::thread;

use protocol::{Contest, Seat};

use crate::openings::{pair_start, Position};
use crate::referee::{play_game, GameRecord, Rules};
use crate::sprt::{Pentanomial, Sprt, SprtState, Verdict};
use crate::summary::Summary;

/// How the games of a series (a match or a tournament) are run, where they start and where their
/// logs go.
#[derive(Clone, Debug)]
pub struct Series {
    /// Games at once.
    pub jobs: usize,
    pub rules: Rules,
    /// Seed of the setups and random openings: pair `p` starts alike in every series with it.
    pub seed: u64,
    pub log_dir: PathBuf,
    /// Random plies played before each pair of games (the same for both games of a pair), after
    /// the pair's line of `openings` if there are any, given to the programs as `--opening`.
    pub opening_plies: u32,
    /// Openings (and setups) the pairs start from in turn (see [`openings`]); empty for none.
    pub openings: Vec<Position>,
}

impl Series {
    /// One game at a time under `rules`, seed 1, no openings, logs in `log_dir`.
    pub fn new(rules: Rules, log_dir: impl Into<PathBuf>) -> Series {
        Series { jobs: 1, rules, seed: 1, log_dir: log_dir.into(), opening_plies: 0, openings: Vec::new() }
    }

    /// Where both games of pair `pair` start (see [`pair_start`]).
    pub fn pair_start<G: Contest>(&self, pair: usize) -> Position {
        pair_start::<G>(self.seed, pair, &self.openings, self.opening_plies)
    }
}

/// A series of games between two programs, `A` and `B`.
#[derive(Clone, Debug)]
pub struct MatchConfig {
    /// Program and arguments of A and B.
    pub commands: [Vec<String>; 2],
    pub games: usize,
    /// Stop as soon as this test decides (after a whole pair); `games` is then the most played.
    pub sprt: Option<Sprt>,
    pub series: Series,
}

impl MatchConfig {
    /// `games` games between the two commands, without an SPRT.
    pub fn new(commands: [Vec<String>; 2], games: usize, series: Series) -> MatchConfig {
        MatchConfig { commands, games, sprt: None, series }
    }
}

/// One finished game of a match: which program sat first, and what happened.
pub struct MatchGame {
    pub index: usize,
    /// 0 when A sat first, 1 when B did.
    pub first_player: usize,
    pub record: GameRecord,
}

impl MatchGame {
    /// A's result: 1 for a win, ½ for a draw, 0 for a loss (by CodeCup points).
    pub fn score_of_a(&self) -> f64 {
        let [a, b] = self.points();
        match a.cmp(&b) {
            std::cmp::Ordering::Greater => 1.0,
            std::cmp::Ordering::Equal => 0.5,
            std::cmp::Ordering::Less => 0.0,
        }
    }

    /// Points of `[A, B]`.
    pub fn points(&self) -> [u32; 2] {
        let [first, second] = self.record.scores;
        if self.first_player == 0 {
            [first, second]
        } else {
            [second, first]
        }
    }

    /// The seat program `player` (0 = A) sat in.
    pub fn seat_of(&self, player: usize) -> Seat {
        if player == self.first_player {
            Seat::First
        } else {
            Seat::Second
        }
    }
}

/// Plays the match, games in parallel, calling `on_game` (in order of completion) for each with
/// the summary so far. Games come in pairs on the same setup: A first in the even game, B first in
/// the odd one. With an SPRT, no new game starts once it has decided (games under way finish).
pub fn run_match<G: Contest>(config: &MatchConfig, mut on_game: impl FnMut(&MatchGame, &Summary)) -> Summary {
    let series = &config.series;
    std::fs::create_dir_all(&series.log_dir)
        .unwrap_or_else(|e| panic!("cannot create the log folder {}: {e}", series.log_dir.display()));
    let games: Vec<ScheduledGame> = (0..config.games)
        .map(|index| {
            let start = series.pair_start::<G>(index / 2);
            let first_player = index % 2;
            ScheduledGame {
                commands: [config.commands[first_player].clone(), config.commands[1 - first_player].clone()],
                start,
                log_stem: series.log_dir.join(format!("game-{:04}", index + 1)),
                title: format!("{}, game {} of {}", G::NAME, index + 1, config.games),
            }
        })
        .collect();
    let mut summary = Summary::new(config.commands.clone(), series.rules.time_limit);
    let mut pairs = PairTally::default();
    let all: Vec<usize> = (0..games.len()).collect();
    play_in_parallel::<G>(&games, &all, series.jobs, &series.rules, |index, record| {
        let game = MatchGame { index, first_player: index % 2, record };
        summary.add(&game);
        pairs.add(&game);
        let mut decided = false;
        if let Some(sprt) = config.sprt {
            let state = SprtState::new(sprt, pairs.pentanomial);
            decided = state.verdict != Verdict::Continue;
            summary.sprt = Some(state);
        }
        on_game(&game, &summary);
        decided
    });
    summary
}

/// Pair results as they complete: a pair counts once both of its games are in.
#[derive(Default)]
struct PairTally {
    halves: HashMap<usize, f64>,
    pentanomial: Pentanomial,
}

impl PairTally {
    fn add(&mut self, game: &MatchGame) {
        let score = game.score_of_a();
        if let Some(other) = self.halves.remove(&(game.index / 2)) {
            // 0, ½, 1, 1½ or 2 points of the pair: the bucket is twice that.
            self.pentanomial[((score + other) * 2.0).round() as usize] += 1;
        } else {
            self.halves.insert(game.index / 2, score);
        }
    }
}

/// One game of a series, decided before it is played: who sits where, where it starts, where its
/// log goes.
#[derive(Clone, Debug)]
pub struct ScheduledGame {
    /// The first and the second seat's commands (without the opening, which the jury adds).
    pub commands: [Vec<String>; 2],
    pub start: Position,
    /// The log is `STEM.log`, the programs' stderr `STEM.first.stderr` and `STEM.second.stderr`.
    pub log_stem: PathBuf,
    /// The log's title line.
    pub title: String,
}

impl ScheduledGame {
    pub fn log_path(&self) -> PathBuf {
        self.log_stem.with_extension("log")
    }

    /// The seat commands as the game runs them: with `--opening` when the game has one.
    pub fn run_commands(&self) -> [Vec<String>; 2] {
        self.commands.clone().map(|mut command| {
            if !self.start.moves.is_empty() {
                command.extend(["--opening".to_string(), self.start.moves.join(",")]);
            }
            command
        })
    }
}

/// Plays `games[i]` for each `i` of `which` on `jobs` threads, starting them in that order, and
/// hands each record to `on_done(i, record)` as it finishes; no new game starts once `on_done` has
/// returned true (games under way finish).
pub fn play_in_parallel<G: Contest>(
    games: &[ScheduledGame],
    which: &[usize],
    jobs: usize,
    rules: &Rules,
    mut on_done: impl FnMut(usize, GameRecord) -> bool,
) {
    let next = AtomicUsize::new(0);
    let stop = AtomicBool::new(false);
    let (sender, receiver) = mpsc::channel();
    thread::scope(|scope| {
        for _ in 0..jobs.max(1) {
            let sender = sender.clone();
            let (next, stop) = (&next, &stop);
            scope.spawn(move || loop {
                if stop.load(Ordering::SeqCst) {
                    return;
                }
                let Some(&index) = which.get(next.fetch_add(1, Ordering::SeqCst)) else { return };
                let record = play_scheduled::<G>(&games[index], rules);
                if sender.send((index, record)).is_err() {
                    return;
                }
            });
        }
        drop(sender);
        for (index, record) in receiver {
            if on_done(index, record) {
                stop.store(true, Ordering::SeqCst);
            }
        }
    });
}

/// Plays one scheduled game and writes its log: whole or not at all (written aside, then renamed),
/// so that an interrupted series leaves no half log behind to be mistaken for a game.
fn play_scheduled<G: Contest>(game: &ScheduledGame, rules: &Rules) -> GameRecord {
    let owned = game.run_commands();
    let commands = [owned[0].as_slice(), owned[1].as_slice()];
    let stem = &game.log_stem;
    let stderr = [stem.with_extension("first.stderr"), stem.with_extension("second.stderr")];
    let record =
        play_game::<G>(&game.start.setup, &game.start.moves, commands, [&stderr[0], &stderr[1]], rules);
    let joined = [commands[0].join(" "), commands[1].join(" ")];
    let text = log::format_log(G::NAME, &game.title, [&joined[0], &joined[1]], &record);
    if let Err(e) = write_whole(&game.log_path(), &text) {
        eprintln!("jury: cannot write {}: {e}", game.log_path().display());
    }
    record
}

fn write_whole(path: &Path, text: &str) -> std::io::Result<()> {
    let aside = path.with_extension("log.partial");
    std::fs::write(&aside, text)?;
    std::fs::rename(&aside, path)
}
