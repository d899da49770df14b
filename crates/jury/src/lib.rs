//! The local CodeCup jury: plays two programs against each other for many games under the official
//! dialogue and clock, checks every move with the game crate, scores as CodeCup does and sums up.

pub mod blunders;
pub mod elo;
pub mod folder;
pub mod fuzz;
pub mod gate;
pub mod log;
pub mod openings;
pub mod process;
pub mod ratings;
pub mod referee;
pub mod registry;
pub mod replay;
pub mod report;
pub mod sprt;
pub mod summary;
pub mod tournament;
pub mod tune;
pub mod view;

use std::collections::HashMap;
use std::fmt;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc;
use std::thread;

use protocol::{Contest, Seat};

use crate::folder::Claim;
use crate::gate::Gate;
use crate::openings::{pair_start, Position};
use crate::referee::{play_watched_game, GameRecord, Rules};
use crate::sprt::{Pentanomial, Sprt, SprtState, Verdict};
use crate::summary::Summary;

/// The share of a series one process plays: the pairs whose number is `index` modulo `count`.
/// Every shard schedules the whole series (the same starts, seats and log names) and plays only
/// its pairs, so shards started by any scheduler on any machines add up to the whole series, and
/// `jury report` reads their folders as one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shard {
    pub index: usize,
    pub count: usize,
}

/// The environment variables `--shard auto/N` reads its shard number from, in this order: a Slurm
/// job array's task (`--array=0-N-1`) and a Kubernetes Indexed Job's completion index.
pub const SHARD_VARIABLES: [&str; 2] = ["SLURM_ARRAY_TASK_ID", "JOB_COMPLETION_INDEX"];

impl Shard {
    /// The whole series.
    pub const WHOLE: Shard = Shard { index: 0, count: 1 };

    /// Whether pair number `pair` is this shard's.
    pub fn owns(self, pair: usize) -> bool {
        pair % self.count == self.index
    }

    pub fn is_whole(self) -> bool {
        self.count == 1
    }

    /// `K/N` (0 ≤ K < N), or `auto/N` with K read by `variable` from [`SHARD_VARIABLES`].
    pub fn parse(text: &str, variable: impl Fn(&str) -> Option<String>) -> Result<Shard, String> {
        let bad = || format!("--shard {text}: expected K/N with 0 <= K < N, or auto/N");
        let (index, count) = text.split_once('/').ok_or_else(bad)?;
        let count: usize = count.parse().ok().filter(|&n| n > 0).ok_or_else(bad)?;
        let (index, source) = if index == "auto" {
            let (name, value) = SHARD_VARIABLES
                .iter()
                .find_map(|name| variable(name).map(|value| (*name, value)))
                .ok_or_else(|| format!("--shard {text}: none of {} is set", SHARD_VARIABLES.join(", ")))?;
            let index = value
                .trim()
                .parse::<usize>()
                .map_err(|_| format!("--shard {text}: {name}={value} is not a shard number"))?;
            (index, format!(" ({name}={value}; number the shards from 0)"))
        } else {
            (index.parse().map_err(|_| bad())?, String::new())
        };
        if index >= count {
            return Err(format!("--shard {text}: shard {index} of {count} does not exist{source}"));
        }
        Ok(Shard { index, count })
    }
}

impl fmt::Display for Shard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.index, self.count)
    }
}

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
    /// The pairs this process plays.
    pub shard: Shard,
}

impl Series {
    /// One game at a time under `rules`, seed 1, no openings, the whole series, logs in `log_dir`.
    pub fn new(rules: Rules, log_dir: impl Into<PathBuf>) -> Series {
        Series {
            jobs: 1,
            rules,
            seed: 1,
            log_dir: log_dir.into(),
            opening_plies: 0,
            openings: Vec::new(),
            shard: Shard::WHOLE,
        }
    }

    /// The manifest lines that decide how every game is played, after the game's name: the seed,
    /// the clock, the end-of-game and suspension rules and the starts. Jobs, shards and the log
    /// folder only change how a series runs, so they are not among them.
    pub fn settings_lines(&self) -> Vec<String> {
        let book: Vec<String> =
            self.openings.iter().map(|p| format!("{} | {}", p.setup.join(" "), p.moves.join(" "))).collect();
        vec![
            format!("seed: {}", self.seed),
            format!("time-ms: {}", self.rules.time_limit.as_millis()),
            format!("final-move-relayed: {}", self.rules.relay_final_move),
            format!("suspended-between-turns: {}", self.rules.suspend_between_turns),
            format!("opening-plies: {}", self.opening_plies),
            format!("openings: {} lines, hash {:016x}", book.len(), fnv1a(book.join("\n").as_bytes())),
        ]
    }

    /// Where both games of pair `pair` start (see [`pair_start`]).
    pub fn pair_start<G: Contest>(&self, pair: usize) -> Position {
        pair_start::<G>(self.seed, pair, &self.openings, self.opening_plies)
    }
}

/// FNV-1a, for names of settings that must not change between runs (not for security).
pub(crate) fn fnv1a(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |hash, &b| (hash ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3))
}

/// The name every game log of a series carries (`series:`), made from the manifest lines that
/// decide how its games are played: a log with another name is a game of another series.
pub fn series_id(lines: &[String]) -> String {
    format!("{:016x}", fnv1a(lines.join("\n").as_bytes()))
}

/// The file in a match's log folder that says which series its logs belong to.
pub const MATCH_MANIFEST: &str = "match.txt";

/// A series of games between two programs, `A` and `B`.
#[derive(Clone, Debug)]
pub struct MatchConfig {
    /// Program and arguments of A and B.
    pub commands: [Vec<String>; 2],
    pub games: usize,
    /// Stop as soon as this test decides (after a whole pair); `games` is then the most played.
    pub sprt: Option<Sprt>,
    pub series: Series,
    /// Continue the series whose logs the log folder holds, playing only its missing games;
    /// without it, a folder that holds game logs is refused (see [`folder`]).
    pub resume: bool,
}

impl MatchConfig {
    /// `games` games between the two commands, without an SPRT.
    pub fn new(commands: [Vec<String>; 2], games: usize, series: Series) -> MatchConfig {
        MatchConfig { commands, games, sprt: None, series, resume: false }
    }

    /// The lines whose [`series_id`] every log of the match carries.
    pub fn identity_lines(&self, game: &str) -> Vec<String> {
        let mut lines = vec![format!("game: {game}")];
        lines.extend(self.series.settings_lines());
        lines
    }

    /// `match.txt`: the series' settings, then what `jury report` needs to sum its logs up again
    /// (the games, the SPRT, the shard this folder holds, the two commands).
    pub fn manifest(&self, game: &str) -> String {
        let mut text = String::from("# jury match: the series these logs belong to\n");
        for line in self.identity_lines(game) {
            text.push_str(&line);
            text.push('\n');
        }
        text.push_str(&format!("games: {}\n", self.games));
        match self.sprt {
            Some(sprt) => text.push_str(&format!("sprt: {sprt}\n")),
            None => text.push_str("sprt: none\n"),
        }
        text.push_str(&format!("shard: {}\n", self.series.shard));
        for (name, command) in ["A", "B"].iter().zip(&self.commands) {
            text.push_str(&format!("engine {name}: {}\n", command.join(" ")));
        }
        text
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

/// The manifest lines of a match that may change between the runs of one series: how far it
/// goes and which share of it a run plays.
const MATCH_RUN_LINES: [&str; 3] = ["games:", "sprt:", "shard:"];

/// Plays the match, games in parallel, calling `on_game` (in order of completion) for each with
/// the summary so far. Games come in pairs on the same setup: A first in the even game, B first in
/// the odd one. With an SPRT, no new game starts once it has decided (games under way finish);
/// a shard plays all of its pairs, since the test is over the whole series (`jury report`).
///
/// The log folder holds one series (see [`folder`]): with [`MatchConfig::resume`] the games whose
/// logs are there are counted (checked again) and only the others are played. Fails before any
/// game when the folder is not the match's to use, and stops when a program cannot play (see
/// [`gate`]).
pub fn run_match<G: Contest>(
    config: &MatchConfig,
    mut on_game: impl FnMut(&MatchGame, &Summary),
) -> Result<Summary, String> {
    let series = &config.series;
    let manifest = config.manifest(G::NAME);
    let claim = Claim {
        kind: "match",
        dir: &series.log_dir,
        manifest_name: MATCH_MANIFEST,
        manifest: &manifest,
        run_lines: &MATCH_RUN_LINES,
        more_engines: false,
        resume: config.resume,
        resume_hint: "--resume with the command that wrote them to continue that series",
    };
    claim.check()?;
    let id = series_id(&config.identity_lines(G::NAME));
    let games: Vec<ScheduledGame> = (0..config.games)
        .map(|index| {
            let start = series.pair_start::<G>(index / 2);
            let first_player = index % 2;
            ScheduledGame {
                commands: [config.commands[first_player].clone(), config.commands[1 - first_player].clone()],
                players: [first_player, 1 - first_player],
                start,
                log_stem: series.log_dir.join(format!("game-{:04}", index + 1)),
                title: format!("{}, game {} of {}", G::NAME, index + 1, config.games),
                series: id.clone(),
            }
        })
        .collect();
    claim.check_schedule(&games)?;
    let mut summary = Summary::new(config.commands.clone(), series.rules.time_limit);
    let mut pairs = PairTally::default();
    let mut mine = Vec::new();
    for (index, scheduled) in games.iter().enumerate() {
        let path = scheduled.log_path();
        if path.exists() {
            let record = folder::resumed_record::<G>(scheduled, &path)?;
            let game = MatchGame { index, first_player: index % 2, record };
            summary.add(&game);
            summary.resumed += 1;
            pairs.add(&game);
        } else if series.shard.owns(index / 2) {
            mine.push(index);
        }
    }
    let verdict = |pairs: &PairTally| config.sprt.map(|sprt| SprtState::new(sprt, pairs.pentanomial));
    summary.sprt = verdict(&pairs);
    if summary.sprt.as_ref().is_some_and(|state| state.verdict != Verdict::Continue)
        && series.shard.is_whole()
    {
        // Decided by the games already played.
        mine.clear();
    }
    claim.write_manifest()?;
    let names = ["A".to_string(), "B".to_string()];
    play_in_parallel::<G>(&games, &mine, series.jobs, &series.rules, &names, |index, record| {
        let game = MatchGame { index, first_player: index % 2, record };
        summary.add(&game);
        pairs.add(&game);
        summary.sprt = verdict(&pairs);
        let decided = summary.sprt.as_ref().is_some_and(|state| state.verdict != Verdict::Continue);
        on_game(&game, &summary);
        decided && series.shard.is_whole()
    })?;
    Ok(summary)
}

/// Pair results as they complete: a pair counts once both of its games are in.
#[derive(Default)]
pub(crate) struct PairTally {
    halves: HashMap<usize, f64>,
    pub(crate) pentanomial: Pentanomial,
}

impl PairTally {
    pub(crate) fn add(&mut self, game: &MatchGame) {
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
    /// Which of the series' programs sits in each seat, for the stop of a program that cannot
    /// play (see [`gate`]): an index into the names given to [`play_in_parallel`].
    pub players: [usize; 2],
    pub start: Position,
    /// The log is `STEM.log`, the programs' stderr `STEM.first.stderr` and `STEM.second.stderr`.
    pub log_stem: PathBuf,
    /// The log's title line.
    pub title: String,
    /// The series' name ([`series_id`]), written into the log as `series:` (none when empty).
    pub series: String,
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
/// returned true (games under way finish). `names` are the programs' names, indexed by
/// [`ScheduledGame::players`].
///
/// Fails when a program cannot play (see [`gate`]): then the games under way are dropped and the
/// logs of the games this call played are removed.
pub fn play_in_parallel<G: Contest>(
    games: &[ScheduledGame],
    which: &[usize],
    jobs: usize,
    rules: &Rules,
    names: &[String],
    mut on_done: impl FnMut(usize, GameRecord) -> bool,
) -> Result<(), String> {
    let next = AtomicUsize::new(0);
    let stop = AtomicBool::new(false);
    let gate = Gate::new(names);
    let (sender, receiver) = mpsc::channel();
    let mut written = Vec::new();
    thread::scope(|scope| {
        for _ in 0..jobs.max(1) {
            let sender = sender.clone();
            let (next, stop, gate) = (&next, &stop, &gate);
            scope.spawn(move || loop {
                if stop.load(Ordering::SeqCst) {
                    return;
                }
                let Some(&index) = which.get(next.fetch_add(1, Ordering::SeqCst)) else { return };
                let game = &games[index];
                let Some(record) = play_scheduled::<G>(game, rules, &|record| gate.watch(game, record))
                else {
                    stop.store(true, Ordering::SeqCst);
                    return;
                };
                if sender.send((index, record)).is_err() {
                    return;
                }
            });
        }
        drop(sender);
        for (index, record) in receiver {
            written.push(games[index].log_path());
            if gate.stopped().is_some() {
                continue;
            }
            if on_done(index, record) {
                stop.store(true, Ordering::SeqCst);
            }
        }
    });
    match gate.stopped() {
        None => Ok(()),
        Some(message) => {
            for path in written {
                let _ = std::fs::remove_file(path);
            }
            Err(message)
        }
    }
}

/// Plays one scheduled game and writes its log: whole or not at all (written aside, then renamed),
/// so that an interrupted series leaves no half log behind to be mistaken for a game. `None`
/// when `abandon` dropped the game (it writes no log).
fn play_scheduled<G: Contest>(
    game: &ScheduledGame,
    rules: &Rules,
    abandon: &dyn Fn(&GameRecord) -> bool,
) -> Option<GameRecord> {
    let owned = game.run_commands();
    let commands = [owned[0].as_slice(), owned[1].as_slice()];
    let stem = &game.log_stem;
    let stderr = [stem.with_extension("first.stderr"), stem.with_extension("second.stderr")];
    let record = play_watched_game::<G>(
        &game.start.setup,
        &game.start.moves,
        commands,
        [&stderr[0], &stderr[1]],
        rules,
        abandon,
    )?;
    let joined = [commands[0].join(" "), commands[1].join(" ")];
    let mut text = log::format_log(G::NAME, &game.title, [&joined[0], &joined[1]], &record);
    if !game.series.is_empty() {
        text.push_str(&format!("series: {}\n", game.series));
    }
    if let Err(e) = write_whole(&game.log_path(), &text) {
        eprintln!("jury: cannot write {}: {e}", game.log_path().display());
    }
    // Counted as the log holds it, so that `jury report` over the logs prints what the run did.
    Some(log::as_logged(record))
}

fn write_whole(path: &Path, text: &str) -> std::io::Result<()> {
    let aside = path.with_extension("log.partial");
    std::fs::write(&aside, text)?;
    std::fs::rename(&aside, path)
}
