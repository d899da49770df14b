//! `jury blunders`: where lost games went wrong, by searching their positions again at a multiple
//! of the time. For each game of the logs that the program tagged `--ours` lost, each of its own
//! positions (in a range of plies) goes to its program's `--analyze` with `factor` times the time
//! it had left there, and the move the long search chooses is set beside the move it played. The
//! plies where the two differ are where to aim the next idea; run it once with `--factor 1` to see
//! how often a search of the same length disagrees with itself, the noise under that figure.
//!
//! Game-independent: the logs give the moves, the time each took and the command that played
//! them, and every bot answers `--analyze MOVES --time SECONDS [--setup LINES]` alike.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::Duration;

use protocol::Seat;

use crate::log::{parse_log, LoggedGame};
use crate::replay::Replay;

/// What to search again, and how.
pub struct BlundersConfig {
    /// A part of our program's command line as the logs' `first:` and `second:` lines give it,
    /// found in exactly one of them.
    pub ours: String,
    /// The long search's time as a multiple of the time left in the game at that ply.
    pub factor: f64,
    /// The plies (1-based, both ends included) whose positions are searched again.
    pub plies: (usize, usize),
    /// Each player's total time in the logged games.
    pub clock: Duration,
    /// Searches run at once.
    pub jobs: usize,
    /// Our program and its arguments, instead of the command in each log.
    pub bot: Option<Vec<String>>,
}

/// One of our positions in a lost game.
#[derive(Clone, Debug)]
pub struct Position {
    pub log: PathBuf,
    /// 1-based, counting the opening's plies.
    pub ply: usize,
    pub seat: Seat,
    pub command: Vec<String>,
    pub setup: Vec<String>,
    /// Every move before this position, the opening's first.
    pub moves: Vec<String>,
    pub played: String,
    /// The time we had left in the game before this move.
    pub left: Duration,
}

/// A position searched again: the move the long search chose (or why there is none) and the last
/// line it wrote to stderr (the bot's own line: depth or playouts, score, time).
pub struct Verdict {
    pub position: Position,
    pub chosen: Result<String, String>,
    pub line: String,
}

impl Verdict {
    pub fn disagrees(&self) -> bool {
        matches!(&self.chosen, Ok(mv) if *mv != self.position.played)
    }
}

/// The seat whose command contains `ours`: exactly one of the two must.
fn our_seat(logged: &LoggedGame, ours: &str) -> Result<Seat, String> {
    match [logged.players[0].contains(ours), logged.players[1].contains(ours)] {
        [true, false] => Ok(Seat::First),
        [false, true] => Ok(Seat::Second),
        [true, true] => Err(format!("'{ours}' is in both players' commands; give a longer --ours")),
        [false, false] => Err(format!("'{ours}' is in neither player's command")),
    }
}

/// A logged command line without its `--time SECONDS` (the long search sets its own) and the
/// `--opening MOVES` the jury adds to a game started from an opening (the analysed moves hold it).
fn analysis_command(words: &[String]) -> Vec<String> {
    let mut kept = Vec::with_capacity(words.len());
    let mut words = words.iter();
    while let Some(word) = words.next() {
        if word == "--time" || word == "--opening" {
            words.next();
        } else if !word.starts_with("--time=") && !word.starts_with("--opening=") {
            kept.push(word.clone());
        }
    }
    kept
}

/// Our positions in `logged` if we lost it (none otherwise), found with the game's `replay`.
pub fn lost_positions(
    path: &Path,
    logged: &LoggedGame,
    replay: ReplayLog,
    config: &BlundersConfig,
) -> Result<Vec<Position>, String> {
    let at = |e: String| format!("{}: {e}", path.display());
    let seat = our_seat(logged, &config.ours).map_err(at)?;
    let Some(scores) = logged.scores else { return Ok(Vec::new()) };
    if scores[seat.index()] >= scores[seat.other().index()] {
        return Ok(Vec::new());
    }
    let movers = replay(logged).map_err(at)?.movers;
    let command = match &config.bot {
        Some(bot) => bot.clone(),
        None => analysis_command(
            &logged.players[seat.index()].split_whitespace().map(String::from).collect::<Vec<_>>(),
        ),
    };
    let mut moves = logged.opening.clone();
    let mut used = Duration::ZERO;
    let mut positions = Vec::new();
    for (index, (text, &mover)) in logged.moves.iter().zip(&movers).enumerate() {
        let ply = logged.opening.len() + index + 1;
        let time =
            Duration::from_secs_f64(logged.move_ms.get(index).copied().unwrap_or(0.0).max(0.0) / 1000.0);
        let by_jury = logged.by_jury.contains(&(index + 1));
        if mover == seat && !by_jury && (config.plies.0..=config.plies.1).contains(&ply) {
            positions.push(Position {
                log: path.to_path_buf(),
                ply,
                seat,
                command: command.clone(),
                setup: logged.setup.clone(),
                moves: moves.clone(),
                played: text.clone(),
                left: config.clock.saturating_sub(used),
            });
        }
        if mover == seat {
            used += time;
        }
        moves.push(text.clone());
    }
    Ok(positions)
}

/// Runs our program's `--analyze` on `position` with `factor` times its time left.
pub fn search_again(position: Position, factor: f64) -> Verdict {
    let (program, args) = position.command.split_first().expect("a command has a program");
    let mut command = Command::new(program);
    command.args(args).arg("--analyze").arg(position.moves.join(","));
    command.arg("--time").arg(format!("{:.3}", (position.left.as_secs_f64() * factor).max(0.001)));
    if !position.setup.is_empty() {
        command.arg("--setup").arg(position.setup.join(","));
    }
    let (chosen, line) = match command.output() {
        Err(e) => (Err(format!("cannot run '{program}': {e}")), String::new()),
        Ok(out) => {
            let stderr = String::from_utf8_lossy(&out.stderr);
            let line = stderr.lines().rev().find(|l| !l.trim().is_empty()).unwrap_or("").trim().to_string();
            let stdout = String::from_utf8_lossy(&out.stdout);
            match (out.status.success(), stdout.lines().next()) {
                (true, Some(mv)) if !mv.trim().is_empty() => (Ok(mv.trim().to_string()), line),
                _ => (Err(format!("--analyze failed ({}): {line}", out.status)), line),
            }
        }
    };
    Verdict { position, chosen, line }
}

/// Searches every position again, `jobs` at a time, and calls `done` with each verdict in the
/// order of `positions` as soon as it and every one before it are known.
pub fn search_all(positions: Vec<Position>, factor: f64, jobs: usize, done: &mut dyn FnMut(&Verdict)) {
    let count = positions.len();
    let next = AtomicUsize::new(0);
    let slots: Vec<Mutex<Option<Verdict>>> = (0..count).map(|_| Mutex::new(None)).collect();
    let (sender, receiver) = std::sync::mpsc::channel::<usize>();
    std::thread::scope(|scope| {
        for _ in 0..jobs.clamp(1, count.max(1)) {
            let sender = sender.clone();
            let (next, slots, positions) = (&next, &slots, &positions);
            scope.spawn(move || loop {
                let index = next.fetch_add(1, Ordering::Relaxed);
                if index >= count {
                    break;
                }
                let verdict = search_again(positions[index].clone(), factor);
                *slots[index].lock().expect("no thread panicked") = Some(verdict);
                if sender.send(index).is_err() {
                    break;
                }
            });
        }
        drop(sender);
        let mut shown = 0;
        for _ in receiver.iter() {
            while shown < count {
                let Some(verdict) = slots[shown].lock().expect("no thread panicked").take() else { break };
                done(&verdict);
                shown += 1;
            }
        }
    });
}

/// How a game's logs are replayed ([`crate::registry::GameEntry::replay`]).
pub type ReplayLog = fn(&LoggedGame) -> Result<Replay, String>;

/// The lost games' positions of every log in `paths`, all of them logs of the game `game`.
pub fn positions_of_logs(
    paths: &[PathBuf],
    game: &str,
    replay: ReplayLog,
    config: &BlundersConfig,
) -> Result<Vec<Position>, String> {
    let mut positions = Vec::new();
    for path in paths {
        let text =
            std::fs::read_to_string(path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
        let logged = parse_log(&text).map_err(|e| format!("{}: {e}", path.display()))?;
        if logged.game != game {
            return Err(format!("{}: a game of {}, not {game}", path.display(), logged.game));
        }
        positions.extend(lost_positions(path, &logged, replay, config)?);
    }
    Ok(positions)
}

/// Disagreements by ten-ply bucket: (first ply of the bucket, positions searched, disagreements).
pub fn by_bucket(verdicts: &[(usize, bool)]) -> Vec<(usize, usize, usize)> {
    let mut buckets: Vec<(usize, usize, usize)> = Vec::new();
    for &(ply, disagrees) in verdicts {
        let first = (ply - 1) / 10 * 10 + 1;
        match buckets.iter_mut().find(|b| b.0 == first) {
            Some(bucket) => {
                bucket.1 += 1;
                bucket.2 += usize::from(disagrees);
            }
            None => buckets.push((first, 1, usize::from(disagrees))),
        }
    }
    buckets.sort_unstable();
    buckets
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_logged_time_and_opening_flags_are_dropped_in_both_spellings() {
        let words: Vec<String> = "bot --time 30 --set a=1 --time=5 --opening 11,-1 --seed 3 --opening=4"
            .split_whitespace()
            .map(String::from)
            .collect();
        assert_eq!(analysis_command(&words), ["bot", "--set", "a=1", "--seed", "3"]);
    }

    #[test]
    fn buckets_count_positions_and_disagreements_by_ten_plies() {
        let verdicts = [(1, true), (10, false), (11, true), (25, true), (30, false), (31, false)];
        assert_eq!(by_bucket(&verdicts), [(1, 2, 1), (11, 1, 1), (21, 2, 1), (31, 1, 0)]);
    }
}
