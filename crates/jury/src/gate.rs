//! A program that cannot play stops the series. The rule: a program is judged in each seat (first
//! and second) on its first game in that seat in which it has the move, in the order games reach
//! that point. If there it exits or closes its output, cannot be started, or writes a line that
//! is not a move before it has made a move, it cannot play (a missing file, a refused flag, a
//! crash at start-up, another protocol): the series stops at once, games under way are dropped,
//! the logs this run wrote are removed (the folder is free for the corrected command), and the
//! jury names the program with the last lines of its stderr. Once a program has made a move in a
//! seat, or its first turn there ended otherwise (a timeout, an illegal move, the memory limit),
//! its failures in that seat are scored as CodeCup scored them and the series goes on.

use std::collections::HashSet;
use std::path::Path;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Mutex;

use protocol::input::clip;
use protocol::Seat;

use crate::log::seat_name;
use crate::referee::{Failure, GameRecord};
use crate::ScheduledGame;

/// The most stderr lines the stop message quotes, and the most characters of each.
pub const STDERR_TAIL_LINES: usize = 5;
pub const STDERR_TAIL_CHARS: usize = 160;

/// Watches the games of one run for a program that cannot play.
pub(crate) struct Gate<'a> {
    /// The programs' names (`A`, `engine 2`), indexed by [`ScheduledGame::players`].
    names: &'a [String],
    /// `(program, seat)` already judged able to play.
    passed: Mutex<HashSet<(usize, usize)>>,
    stopping: AtomicBool,
    message: Mutex<Option<String>>,
}

impl<'a> Gate<'a> {
    pub(crate) fn new(names: &'a [String]) -> Gate<'a> {
        Gate {
            names,
            passed: Mutex::new(HashSet::new()),
            stopping: AtomicBool::new(false),
            message: Mutex::new(None),
        }
    }

    /// Looks at a game under way (see the module's rule); true when it is to be dropped: the
    /// series stops.
    pub(crate) fn watch(&self, game: &ScheduledGame, record: &GameRecord) -> bool {
        if self.stopping.load(Ordering::SeqCst) {
            return true;
        }
        let mut passed = self.passed.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        for seat in Seat::BOTH {
            let key = (game.players[seat.index()], seat.index());
            if passed.contains(&key) {
                continue;
            }
            let moved = record.plies.iter().any(|ply| ply.seat == seat && !ply.by_jury);
            match &record.failures[seat.index()] {
                Some(failure) if !moved && matches!(failure.kind, Failure::Crash | Failure::BadOutput) => {
                    let mut message = self.message.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
                    message.get_or_insert_with(|| self.stop_message(game, seat, &failure.reason));
                    self.stopping.store(true, Ordering::SeqCst);
                    return true;
                }
                Some(_) => {
                    passed.insert(key);
                }
                None if moved => {
                    passed.insert(key);
                }
                None => {}
            }
        }
        false
    }

    /// Why the series stopped, if it did.
    pub(crate) fn stopped(&self) -> Option<String> {
        self.message.lock().unwrap_or_else(|poisoned| poisoned.into_inner()).clone()
    }

    fn stop_message(&self, game: &ScheduledGame, seat: Seat, reason: &str) -> String {
        let name = &self.names[game.players[seat.index()]];
        let command = game.commands[seat.index()].join(" ");
        let what = if reason.starts_with("cannot start") {
            reason.to_string()
        } else if reason.starts_with("exited") {
            "it exited or closed its output before its first move".to_string()
        } else {
            format!("its first reply is not a move ({reason})")
        };
        let stderr = game.log_stem.with_extension(format!("{}.stderr", seat_name(seat)));
        let mut text = format!(
            "stopped: {name} cannot play: '{command}' as {} player in {}: {what}; ",
            seat_name(seat),
            game.title
        );
        let tail = stderr_tail(&stderr);
        if tail.is_empty() {
            text.push_str(&format!("its stderr ({}) is empty", stderr.display()));
        }
        if !tail.is_empty() {
            text.push_str(&format!("the end of its stderr ({}):", stderr.display()));
        }
        for line in tail {
            text.push_str("\n  ");
            text.push_str(&line);
        }
        text
    }
}

/// The last [`STDERR_TAIL_LINES`] lines of a stderr log that have something in them, each cut
/// to [`STDERR_TAIL_CHARS`].
pub(crate) fn stderr_tail(path: &Path) -> Vec<String> {
    let bytes = std::fs::read(path).unwrap_or_default();
    let text = String::from_utf8_lossy(&bytes);
    let lines: Vec<&str> = text.lines().map(str::trim_end).filter(|line| !line.trim().is_empty()).collect();
    let from = lines.len().saturating_sub(STDERR_TAIL_LINES);
    lines[from..].iter().map(|line| clip(line, STDERR_TAIL_CHARS)).collect()
}
