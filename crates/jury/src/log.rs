//! Per-game logs: plain text that a person can read and `jury replay` can check again.
//!
//! ```text
//! # pillars, game 3 of 100
//! first: target/release/pillars
//! second: target/release/pillars --engine random
//! game: pillars
//! setup: Aa Bb Cc Dd Ee Ff Gg Hh Ii Jj
//! moves: AcBd !AeAj ...
//! move-ms: 12.3 0.4 ...
//! scores: 18 9
//! failure: none
//! time-used-ms: 1234.5 10.2
//! peak-memory-kib: 3200 2100
//! clean-exit: yes yes
//! ```

use std::fmt::Write as _;

use protocol::Seat;

use crate::referee::GameRecord;

fn seat_name(seat: Seat) -> &'static str {
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
    let moves: Vec<&str> = record.plies.iter().map(|p| p.text.as_str()).collect();
    let _ = writeln!(text, "moves: {}", moves.join(" "));
    let times: Vec<String> = record.plies.iter().map(|p| ms(p.time)).collect();
    let _ = writeln!(text, "move-ms: {}", times.join(" "));
    let _ = writeln!(text, "scores: {} {}", record.scores[0], record.scores[1]);
    match &record.failure {
        None => {
            let _ = writeln!(text, "failure: none");
        }
        Some((seat, kind, reason)) => {
            let _ = writeln!(text, "failure: {} {kind}: {reason}", seat_name(*seat));
        }
    }
    let _ = writeln!(text, "time-used-ms: {} {}", ms(record.time_used[0]), ms(record.time_used[1]));
    let _ =
        writeln!(text, "peak-memory-kib: {} {}", record.peak_memory[0] / 1024, record.peak_memory[1] / 1024);
    let yes = |b: bool| if b { "yes" } else { "no" };
    let _ = writeln!(text, "clean-exit: {} {}", yes(record.clean_exit[0]), yes(record.clean_exit[1]));
    text
}

/// The parts of a log that a replay needs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LoggedGame {
    pub game: String,
    pub setup: Vec<String>,
    pub moves: Vec<String>,
}

pub fn parse_log(text: &str) -> Result<LoggedGame, String> {
    let field = |key: &str| -> Result<Vec<String>, String> {
        text.lines()
            .find_map(|line| line.strip_prefix(key).and_then(|rest| rest.strip_prefix(':')))
            .map(|rest| rest.split_whitespace().map(String::from).collect())
            .ok_or_else(|| format!("the log has no '{key}:' line"))
    };
    let game = field("game")?.into_iter().next().ok_or("the 'game:' line is empty")?;
    Ok(LoggedGame { game, setup: field("setup")?, moves: field("moves")? })
}
