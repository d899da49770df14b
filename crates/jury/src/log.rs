//! Per-game logs: plain text that a person can read and `jury replay` can check again. `by-jury`
//! lists the plies (1-based) the jury played for a failed program; a failed program has one
//! `failure:` line, as `failure: second timeout at ply 34: over 5s`.
//!
//! ```text
//! # pillars, game 3 of 100
//! first: target/release/pillars
//! second: target/release/pillars --engine random
//! game: pillars
//! setup: Aa Bb Cc Dd Ee Ff Gg Hh Ii Jj
//! opening:
//! moves: AcBd !AeAj ...
//! move-ms: 12.3 0.4 ...
//! by-jury:
//! scores: 18 9
//! failure: none
//! time-used-ms: 1234.5 10.2
//! peak-memory-kib: 3200 2100
//! clean-exit: yes yes
//! series: 5c1e0f3a9b2d4e67
//! ```
//!
//! `series` names the series the game belongs to (see [`crate::series_id`]); logs of single games
//! written by tests and of older runs have none.

use std::fmt::Write as _;

use std::time::Duration;

use protocol::Seat;

use crate::referee::{Failure, GameRecord, SeatFailure};

/// The seat as logs and reports write it.
pub fn seat_name(seat: Seat) -> &'static str {
    match seat {
        Seat::First => "first",
        Seat::Second => "second",
    }
}

pub fn format_log(game: &str, title: &str, commands: [&str; 2], record: &GameRecord) -> String {
    let mut text = String::new();
    let ms = |d: std::time::Duration| format!("{:.1}", d.as_secs_f64() * 1000.0);
    let _ = writeln!(text, "# {title}");
    let _ = writeln!(text, "first: {}", commands[0]);
    let _ = writeln!(text, "second: {}", commands[1]);
    let _ = writeln!(text, "game: {game}");
    let _ = writeln!(text, "setup: {}", record.setup.join(" "));
    let _ = writeln!(text, "opening: {}", record.opening.join(" "));
    let moves: Vec<&str> = record.plies.iter().map(|p| p.text.as_str()).collect();
    let _ = writeln!(text, "moves: {}", moves.join(" "));
    let times: Vec<String> = record.plies.iter().map(|p| ms(p.time)).collect();
    let _ = writeln!(text, "move-ms: {}", times.join(" "));
    let by_jury: Vec<String> = record
        .plies
        .iter()
        .enumerate()
        .filter(|(_, p)| p.by_jury)
        .map(|(i, _)| (i + 1).to_string())
        .collect();
    let _ = writeln!(text, "by-jury: {}", by_jury.join(" "));
    let _ = writeln!(text, "scores: {} {}", record.scores[0], record.scores[1]);
    if !record.any_failure() {
        let _ = writeln!(text, "failure: none");
    }
    for seat in Seat::BOTH {
        if let Some(failure) = &record.failures[seat.index()] {
            let _ = writeln!(text, "{}", failure_line(seat, failure));
        }
    }
    let _ = writeln!(text, "time-used-ms: {} {}", ms(record.time_used[0]), ms(record.time_used[1]));
    let _ =
        writeln!(text, "peak-memory-kib: {} {}", record.peak_memory[0] / 1024, record.peak_memory[1] / 1024);
    let yes = |b: bool| if b { "yes" } else { "no" };
    let _ = writeln!(text, "clean-exit: {} {}", yes(record.clean_exit[0]), yes(record.clean_exit[1]));
    text
}

/// The record as its log holds it: times to the tenth of a millisecond, memory to the KiB. A series
/// counts its games this way, so that its summary and one made again from the logs agree.
pub fn as_logged(mut record: GameRecord) -> GameRecord {
    let logged = |d: Duration| {
        let ms: f64 = format!("{:.1}", d.as_secs_f64() * 1000.0).parse().unwrap_or(0.0);
        Duration::from_secs_f64(ms.max(0.0) / 1000.0)
    };
    for ply in &mut record.plies {
        ply.time = logged(ply.time);
    }
    record.time_used = record.time_used.map(logged);
    record.peak_memory = record.peak_memory.map(|bytes| bytes / 1024 * 1024);
    record
}

/// `failure: first timeout at ply 34: over 5s`, the ply being the one it failed to make.
pub fn failure_line(seat: Seat, failure: &SeatFailure) -> String {
    format!("failure: {} {} at ply {}: {}", seat_name(seat), failure.kind, failure.ply + 1, failure.reason)
}

/// The parts of a log that a replay needs, and what the jury recorded, to check against.
#[derive(Clone, Debug, PartialEq)]
pub struct LoggedGame {
    /// The `#` title line.
    pub title: String,
    /// The first and second seat's commands.
    pub players: [String; 2],
    pub game: String,
    pub setup: Vec<String>,
    pub opening: Vec<String>,
    pub moves: Vec<String>,
    /// The recorded scores, if the log has them.
    pub scores: Option<[u32; 2]>,
    /// The recorded `failure:` lines other than `none`, as written.
    pub failures: Vec<String>,
    /// Thinking time of each move in milliseconds (empty if the log has none).
    pub move_ms: Vec<f64>,
    /// The 1-based plies the jury played for a failed program.
    pub by_jury: Vec<usize>,
    /// Each seat's failure, read back from the `failure:` lines.
    pub seat_failures: [Option<SeatFailure>; 2],
    /// Each seat's total thinking time (zero if the log has none).
    pub time_used: [Duration; 2],
    /// Each seat's peak memory in bytes, to the KiB (zero if the log has none).
    pub peak_memory: [u64; 2],
    /// Whether each program exited cleanly (false if the log does not say).
    pub clean_exit: [bool; 2],
    /// The series the game belongs to, if the log names one.
    pub series: Option<String>,
}

/// Reads back a line written by [`failure_line`]: the seat and its failure.
pub fn parse_failure_line(line: &str) -> Result<(Seat, SeatFailure), String> {
    let bad = || format!("cannot read '{line}' (expected 'failure: SEAT KIND at ply N: REASON')");
    let rest = line.strip_prefix("failure:").ok_or_else(bad)?.trim_start();
    let (seat, rest) = rest.split_once(' ').ok_or_else(bad)?;
    let seat = Seat::BOTH.into_iter().find(|&s| seat_name(s) == seat).ok_or_else(bad)?;
    let (kind, rest) = Failure::ALL
        .iter()
        .find_map(|kind| rest.strip_prefix(&kind.to_string()).map(|rest| (*kind, rest)))
        .ok_or_else(bad)?;
    let (ply, reason) = rest.strip_prefix(" at ply ").and_then(|r| r.split_once(": ")).ok_or_else(bad)?;
    let ply: usize = ply.parse().ok().filter(|&p| p > 0).ok_or_else(bad)?;
    Ok((seat, SeatFailure { kind, reason: reason.to_string(), ply: ply - 1 }))
}

pub fn parse_log(text: &str) -> Result<LoggedGame, String> {
    let value = |key: &str| -> Option<&str> {
        text.lines().find_map(|line| line.strip_prefix(key).and_then(|rest| rest.strip_prefix(':')))
    };
    let words = |key: &str| -> Result<Vec<String>, String> {
        value(key)
            .map(|rest| rest.split_whitespace().map(String::from).collect())
            .ok_or_else(|| format!("the log has no '{key}:' line"))
    };
    let game = words("game")?.into_iter().next().ok_or("the 'game:' line is empty")?;
    let scores = match value("scores") {
        None => None,
        Some(rest) => {
            let numbers: Vec<u32> = rest
                .split_whitespace()
                .map(|n| n.parse().map_err(|_| format!("scores: '{n}' is not a number")))
                .collect::<Result<_, _>>()?;
            let [first, second] = numbers[..] else {
                return Err(format!("scores: '{rest}' is not two numbers"));
            };
            Some([first, second])
        }
    };
    let failures: Vec<String> = text
        .lines()
        .filter(|line| line.starts_with("failure:") && line.trim() != "failure: none")
        .map(String::from)
        .collect();
    let mut seat_failures = [None, None];
    for line in &failures {
        let (seat, failure) = parse_failure_line(line)?;
        seat_failures[seat.index()] = Some(failure);
    }
    let numbers = |key: &str| -> Vec<String> { words(key).unwrap_or_default() };
    let pair = |key: &str| -> [String; 2] {
        match &numbers(key)[..] {
            [first, second] => [first.clone(), second.clone()],
            _ => Default::default(),
        }
    };
    let ms = |text: &String| Duration::from_secs_f64(text.parse::<f64>().unwrap_or(0.0).max(0.0) / 1000.0);
    let kib = |text: &String| text.parse::<u64>().unwrap_or(0) * 1024;
    let title = text.lines().find_map(|line| line.strip_prefix("# ")).unwrap_or("").to_string();
    let command = |key: &str| value(key).map_or(String::new(), |v| v.trim().to_string());
    Ok(LoggedGame {
        title,
        players: [command("first"), command("second")],
        game,
        setup: words("setup")?,
        // Logs written before openings existed have no such line.
        opening: words("opening").unwrap_or_default(),
        moves: words("moves")?,
        scores,
        failures,
        move_ms: numbers("move-ms").iter().filter_map(|n| n.parse().ok()).collect(),
        by_jury: numbers("by-jury").iter().filter_map(|n| n.parse().ok()).collect(),
        seat_failures,
        time_used: pair("time-used-ms").map(|t| ms(&t)),
        peak_memory: pair("peak-memory-kib").map(|t| kib(&t)),
        clean_exit: pair("clean-exit").map(|word| word == "yes"),
        series: value("series").map(|id| id.trim().to_string()).filter(|id| !id.is_empty()),
    })
}
