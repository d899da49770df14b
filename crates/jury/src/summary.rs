//! Sums a match up: wins per player and per seat, CodeCup points, failures by kind, the most time
//! and memory any game took, and the Elo difference with its 95% interval.

use std::fmt::Write as _;
use std::time::Duration;

use protocol::Seat;

use crate::elo::EloEstimate;
use crate::referee::{Failure, GameRecord, MEMORY_LIMIT};
use crate::sprt::SprtState;
use crate::MatchGame;

/// Totals for one program.
#[derive(Clone, Debug, Default)]
pub struct PlayerTotals {
    pub wins: u32,
    pub draws: u32,
    pub losses: u32,
    /// Wins when sitting first / second.
    pub wins_by_seat: [u32; 2],
    pub games_by_seat: [u32; 2],
    pub points: u64,
    pub failures: [u32; Failure::ALL.len()],
    pub max_time: Duration,
    pub max_memory: u64,
    pub unclean_exits: u32,
}

impl PlayerTotals {
    pub fn failure_count(&self) -> u32 {
        self.failures.iter().sum()
    }

    pub fn games(&self) -> u32 {
        self.wins + self.draws + self.losses
    }

    /// Wins plus half the draws.
    pub fn score(&self) -> f64 {
        f64::from(self.wins) + 0.5 * f64::from(self.draws)
    }

    /// Counts a game the program played in `seat`.
    pub fn add(&mut self, record: &GameRecord, seat: Seat) {
        self.games_by_seat[seat.index()] += 1;
        self.points += u64::from(record.scores[seat.index()]);
        match record.winner() {
            None => self.draws += 1,
            Some(winner) if winner == seat => {
                self.wins += 1;
                self.wins_by_seat[seat.index()] += 1;
            }
            Some(_) => self.losses += 1,
        }
        if let Some(failure) = &record.failures[seat.index()] {
            let slot = Failure::ALL.iter().position(|f| *f == failure.kind).expect("listed");
            self.failures[slot] += 1;
        }
        self.max_time = self.max_time.max(record.time_used[seat.index()]);
        self.max_memory = self.max_memory.max(record.peak_memory[seat.index()]);
        if !record.clean_exit[seat.index()] {
            self.unclean_exits += 1;
        }
    }
}

#[derive(Clone, Debug)]
pub struct Summary {
    pub commands: [Vec<String>; 2],
    pub time_limit: Duration,
    pub games: u32,
    pub players: [PlayerTotals; 2],
    /// The sequential test, when the match runs one.
    pub sprt: Option<SprtState>,
    /// Games counted from the logs of an earlier run (`--resume`).
    pub resumed: u32,
}

impl Summary {
    pub fn new(commands: [Vec<String>; 2], time_limit: Duration) -> Summary {
        Summary { commands, time_limit, games: 0, players: Default::default(), sprt: None, resumed: 0 }
    }

    pub fn add(&mut self, game: &MatchGame) {
        self.games += 1;
        for (player, totals) in self.players.iter_mut().enumerate() {
            totals.add(&game.record, game.seat_of(player));
        }
    }

    pub fn elo(&self) -> Option<EloEstimate> {
        let a = &self.players[0];
        EloEstimate::from_results(a.wins, a.draws, a.losses)
    }

    pub fn failures(&self) -> u32 {
        self.players.iter().map(PlayerTotals::failure_count).sum()
    }

    /// The summary as printed after a match.
    pub fn report(&self) -> String {
        let mut text = String::new();
        let _ = writeln!(
            text,
            "{} games, {:.1} s per player per game",
            self.games,
            self.time_limit.as_secs_f64()
        );
        for (name, command) in ["A", "B"].iter().zip(&self.commands) {
            let _ = writeln!(text, "  {name}: {}", command.join(" "));
        }
        let _ = writeln!(
            text,
            "{:<3}{:>6}{:>6}{:>7}{:>12}{:>12}{:>9}{:>8}{:>10}{:>9}{:>9}",
            "",
            "wins",
            "draws",
            "losses",
            "as first",
            "as second",
            "points",
            "avg",
            "failures",
            "max s",
            "max MB"
        );
        for (name, p) in ["A", "B"].iter().zip(&self.players) {
            let games = (p.wins + p.draws + p.losses).max(1);
            let _ = writeln!(
                text,
                "{:<3}{:>6}{:>6}{:>7}{:>12}{:>12}{:>9}{:>8.2}{:>10}{:>9.3}{:>9.1}",
                name,
                p.wins,
                p.draws,
                p.losses,
                format!("{}/{}", p.wins_by_seat[0], p.games_by_seat[0]),
                format!("{}/{}", p.wins_by_seat[1], p.games_by_seat[1]),
                p.points,
                p.points as f64 / f64::from(games),
                p.failure_count(),
                p.max_time.as_secs_f64(),
                p.max_memory as f64 / 1e6,
            );
        }
        for (name, p) in ["A", "B"].iter().zip(&self.players) {
            let kinds: Vec<String> =
                Failure::ALL.iter().zip(&p.failures).map(|(kind, n)| format!("{kind} {n}")).collect();
            let _ =
                writeln!(text, "failures {name}: {}; unclean exits {}", kinds.join(", "), p.unclean_exits);
        }
        let first_wins: u32 = self.players.iter().map(|p| p.wins_by_seat[Seat::First.index()]).sum();
        let _ = writeln!(text, "first seat won {first_wins} of {} games", self.games);
        if self.players.iter().any(|p| p.max_memory > MEMORY_LIMIT) {
            let _ = writeln!(text, "warning: a program went over the {MEMORY_LIMIT}-byte memory limit");
        }
        if let Some(elo) = self.elo() {
            let _ = writeln!(text, "A vs B: {elo}");
        }
        if let Some(sprt) = &self.sprt {
            let _ = writeln!(text, "{sprt}");
        }
        if self.resumed > 0 {
            let _ =
                writeln!(text, "{} of the games were counted from the logs of an earlier run", self.resumed);
        }
        text
    }
}
