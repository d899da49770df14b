//! `jury tournament`: many engines, every pairing (round robin) or the first engine against each
//! other one (gauntlet), each pairing in colour-swapped pairs of games on the same starts (pair `p`
//! of every pairing starts where pair `p` of every other does). Games of all pairings share the
//! jobs. The logs are the tournament's memory: run the same tournament again on the same folder and
//! it counts the games whose logs are there (checked again with the rules) and plays the rest.
//!
//! The standings are a crosstable and one rating per engine, fitted over all games at once
//! ([`crate::ratings`]).
//!
//! A shard ([`crate::Shard`]) plays the pairs of its share, numbered in the order they are
//! started (pair 0 of every pairing, then pair 1, ...), and counts whatever logs its folder holds.

use std::fmt::Write as _;
use std::path::Path;
use std::time::Duration;

use protocol::{Contest, Seat};

use crate::folder::{self, Claim};
use crate::ratings::{fit_ratings, PairingResult, Rating, PRIOR_DRAWS};
use crate::referee::{GameRecord, MEMORY_LIMIT};
use crate::summary::PlayerTotals;
use crate::{play_in_parallel, series_id, ScheduledGame, Series};

/// Who plays whom.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    /// Every engine against every other.
    RoundRobin,
    /// The first engine against each of the others; they do not meet each other.
    Gauntlet,
}

impl Format {
    pub fn name(self) -> &'static str {
        match self {
            Format::RoundRobin => "round robin",
            Format::Gauntlet => "gauntlet",
        }
    }
}

#[derive(Clone, Debug)]
pub struct TournamentConfig {
    /// Each engine's program and arguments.
    pub engines: Vec<Vec<String>>,
    pub format: Format,
    /// Games of each pairing (even: colour-swapped pairs).
    pub games_per_pairing: usize,
    /// The engine whose rating is fixed at 0 (an index into `engines`).
    pub anchor: usize,
    pub series: Series,
}

/// The name of the file in the log folder that says which tournament the logs belong to.
pub const MANIFEST: &str = "tournament.txt";

impl TournamentConfig {
    /// The pairings `(i, j)`, `i < j`, in the order their games are started.
    pub fn pairings(&self) -> Vec<(usize, usize)> {
        let n = self.engines.len();
        match self.format {
            Format::RoundRobin => (0..n).flat_map(|i| (i + 1..n).map(move |j| (i, j))).collect(),
            Format::Gauntlet => (1..n).map(|j| (0, j)).collect(),
        }
    }

    /// The lines whose [`series_id`] every log of the tournament carries: the game, the format
    /// and the series' settings. The engines are checked in each log by its commands.
    pub fn identity_lines(&self, game: &str) -> Vec<String> {
        let mut lines = vec![format!("game: {game}"), format!("format: {}", self.format.name())];
        lines.extend(self.series.settings_lines());
        lines
    }

    /// What decides how each game is played: the settings, then the engines. A folder's logs
    /// count for a tournament with the same settings and the same engines first (more games a
    /// pairing or more engines extend it; the jobs, the shard and the anchor only change how it
    /// runs and reads). The games a pairing and the shard are written down for `jury report`.
    pub fn manifest(&self, game: &str) -> String {
        let mut text = String::new();
        let _ =
            writeln!(text, "# jury tournament: its logs resume a tournament with these settings and engines");
        for line in self.identity_lines(game) {
            let _ = writeln!(text, "{line}");
        }
        let _ = writeln!(text, "{GAMES_LINE} {}", self.games_per_pairing);
        let _ = writeln!(text, "{SHARD_LINE} {}", self.series.shard);
        for (index, command) in self.engines.iter().enumerate() {
            let _ = writeln!(text, "engine {}: {}", index + 1, command.join(" "));
        }
        text
    }
}

/// The manifest lines that say how far a run goes and which share it plays, not which tournament
/// it is: they may differ between runs that resume one another and between shards.
const GAMES_LINE: &str = "games a pairing:";
const SHARD_LINE: &str = "shard:";

/// One finished game of a tournament.
pub struct TournamentGame {
    /// The two engines, the lower index first.
    pub pairing: (usize, usize),
    /// The game's number within its pairing, from 0: the lower engine sits first in even games.
    pub index: usize,
    /// The engines in seat order.
    pub seats: [usize; 2],
    pub record: GameRecord,
    /// Counted from a log left by an earlier run rather than played now.
    pub resumed: bool,
}

/// Short names for the engines: each command with its program's folder left out, unless two
/// engines would then look the same (then the full commands).
pub fn engine_names(engines: &[Vec<String>]) -> Vec<String> {
    let short: Vec<String> = engines
        .iter()
        .map(|command| {
            let mut words = command.clone();
            if let Some(program) = words.first_mut() {
                *program = Path::new(program.as_str())
                    .file_name()
                    .map_or(program.clone(), |name| name.to_string_lossy().into_owned());
            }
            words.join(" ")
        })
        .collect();
    let distinct = short.iter().enumerate().all(|(i, name)| !short[..i].contains(name));
    if distinct {
        short
    } else {
        engines.iter().map(|command| command.join(" ")).collect()
    }
}

/// The tournament so far: per-engine totals and the crosstable.
#[derive(Clone, Debug)]
pub struct Standings {
    pub game: &'static str,
    pub names: Vec<String>,
    pub commands: Vec<Vec<String>>,
    pub format: Format,
    pub pairings: Vec<(usize, usize)>,
    pub games_per_pairing: usize,
    pub time_limit: Duration,
    pub anchor: usize,
    pub totals: Vec<PlayerTotals>,
    /// `score[i][j]`: what engine `i` scored against `j` (wins plus half the draws).
    pub score: Vec<Vec<f64>>,
    /// `games[i][j]`: games between `i` and `j`.
    pub games: Vec<Vec<u32>>,
    /// Games counted from an earlier run's logs.
    pub resumed: u32,
}

impl Standings {
    pub(crate) fn new(game: &'static str, config: &TournamentConfig) -> Standings {
        let n = config.engines.len();
        Standings {
            game,
            names: engine_names(&config.engines),
            commands: config.engines.clone(),
            format: config.format,
            pairings: config.pairings(),
            games_per_pairing: config.games_per_pairing,
            time_limit: config.series.rules.time_limit,
            anchor: config.anchor,
            totals: vec![PlayerTotals::default(); n],
            score: vec![vec![0.0; n]; n],
            games: vec![vec![0; n]; n],
            resumed: 0,
        }
    }

    pub(crate) fn add(&mut self, game: &TournamentGame) {
        for seat in Seat::BOTH {
            let (me, other) = (game.seats[seat.index()], game.seats[seat.other().index()]);
            self.totals[me].add(&game.record, seat);
            self.games[me][other] += 1;
            self.score[me][other] += match game.record.winner() {
                None => 0.5,
                Some(winner) if winner == seat => 1.0,
                Some(_) => 0.0,
            };
        }
        self.resumed += u32::from(game.resumed);
    }

    /// Games played (or counted from logs) so far.
    pub fn games_played(&self) -> u32 {
        self.totals.iter().map(PlayerTotals::games).sum::<u32>() / 2
    }

    pub fn games_scheduled(&self) -> usize {
        self.pairings.len() * self.games_per_pairing
    }

    pub fn failures(&self) -> u32 {
        self.totals.iter().map(PlayerTotals::failure_count).sum()
    }

    /// The maximum-likelihood ratings over all games so far, anchored on [`Standings::anchor`].
    pub fn ratings(&self) -> Vec<Rating> {
        let results: Vec<PairingResult> = self
            .pairings
            .iter()
            .map(|&(first, second)| PairingResult {
                first,
                second,
                games: f64::from(self.games[first][second]),
                score: self.score[first][second],
            })
            .collect();
        fit_ratings(self.names.len(), &results, self.anchor, PRIOR_DRAWS)
    }

    /// The standings as printed after a tournament: the engines, then one row per engine from the
    /// highest rating down with its totals and its scores against each engine (column `k` is
    /// engine `k`).
    pub fn report(&self) -> String {
        let mut text = String::new();
        let _ = writeln!(
            text,
            "{} {}: {} engines, {} games a pairing, {} of {} games played, {:.3} s per player per game",
            self.game,
            self.format.name(),
            self.names.len(),
            self.games_per_pairing,
            self.games_played(),
            self.games_scheduled(),
            self.time_limit.as_secs_f64()
        );
        for (index, command) in self.commands.iter().enumerate() {
            let _ = writeln!(text, "  {:>2}: {}", index + 1, command.join(" "));
        }
        let ratings = self.ratings();
        let name_width = self.names.iter().map(|n| n.chars().count()).max().unwrap_or(0).clamp(6, 40);
        let cell_width = 7;
        let mut header = format!(
            "{:>4}  {:<w$}{:>7}{:>7}{:>6}{:>8}{:>10}{:>8}{:>6}{:>7}{:>7} ",
            "rank",
            "engine",
            "rating",
            "95%",
            "games",
            "score",
            "W-D-L",
            "points",
            "fails",
            "max s",
            "max MB",
            w = name_width + 4
        );
        for column in 1..=self.names.len() {
            header.push_str(&format!("{column:>cell_width$}"));
        }
        let _ = writeln!(text, "{}", header.trim_end());
        for (rank, &engine) in ranking(&ratings).iter().enumerate() {
            let totals = &self.totals[engine];
            let games = totals.games();
            let percent = if games == 0 { 0.0 } else { 100.0 * totals.score() / f64::from(games) };
            let margin = if engine == self.anchor {
                "anchor".to_string()
            } else {
                format!("±{:.0}", ratings[engine].margin)
            };
            let mut row = format!(
                "{:>4}  {:>2}: {:<w$}{:>+7.0}{:>7}{:>6}{:>7.1}%{:>10}{:>8}{:>6}{:>7.2}{:>7.1} ",
                rank + 1,
                engine + 1,
                clip_name(&self.names[engine], name_width),
                ratings[engine].elo,
                margin,
                games,
                percent,
                format!("{}-{}-{}", totals.wins, totals.draws, totals.losses),
                totals.points,
                totals.failure_count(),
                totals.max_time.as_secs_f64(),
                totals.max_memory as f64 / 1e6,
                w = name_width
            );
            for other in 0..self.names.len() {
                let cell = if other == engine {
                    "-".to_string()
                } else if self.games[engine][other] == 0 {
                    ".".to_string()
                } else {
                    format!("{}/{}", half_points(self.score[engine][other]), self.games[engine][other])
                };
                row.push_str(&format!("{cell:>cell_width$}"));
            }
            let _ = writeln!(text, "{}", row.trim_end());
        }
        let _ = writeln!(
            text,
            "ratings: logistic Elo fitted to all games (maximum likelihood, one virtual draw a pairing), engine {} fixed at 0; ± is the 95% interval",
            self.anchor + 1
        );
        let _ = writeln!(
            text,
            "cells: the row engine's score against the column engine (a draw is ½), of games played"
        );
        if self.resumed > 0 {
            let _ =
                writeln!(text, "{} of the games were counted from the logs of an earlier run", self.resumed);
        }
        if self.totals.iter().any(|t| t.max_memory > MEMORY_LIMIT) {
            let _ = writeln!(text, "warning: a program went over the {MEMORY_LIMIT}-byte memory limit");
        }
        text
    }
}

/// The engines from the highest rating down.
pub fn ranking(ratings: &[Rating]) -> Vec<usize> {
    let mut order: Vec<usize> = (0..ratings.len()).collect();
    order.sort_by(|&a, &b| ratings[b].elo.total_cmp(&ratings[a].elo));
    order
}

fn clip_name(name: &str, width: usize) -> String {
    if name.chars().count() <= width {
        return name.to_string();
    }
    let mut clipped: String = name.chars().take(width - 1).collect();
    clipped.push('…');
    clipped
}

/// `7`, `6½`, `½`.
fn half_points(score: f64) -> String {
    let halves = (score * 2.0).round() as u64;
    match (halves / 2, halves % 2) {
        (whole, 0) => whole.to_string(),
        (0, _) => "½".to_string(),
        (whole, _) => format!("{whole}½"),
    }
}

/// Plays the tournament: first counts the games whose logs an earlier run left in the log folder,
/// then plays the others, jobs in parallel, calling `on_game` for each as it finishes (with the
/// standings so far). Fails before any game when the folder holds another series' logs, a log
/// its schedule does not have or a log the rules reject (see [`crate::folder`]), and stops when a
/// program cannot play (see [`crate::gate`]).
pub fn run_tournament<G: Contest>(
    config: &TournamentConfig,
    mut on_game: impl FnMut(&TournamentGame, &Standings),
) -> Result<Standings, String> {
    let series = &config.series;
    let manifest = config.manifest(G::NAME);
    let claim = Claim {
        kind: "tournament",
        dir: &series.log_dir,
        manifest_name: MANIFEST,
        manifest: &manifest,
        run_lines: &[GAMES_LINE, SHARD_LINE],
        more_engines: true,
        resume: true,
        resume_hint: "the command that wrote them, which resumes that tournament",
    };
    claim.check()?;

    // Pair p of every pairing, then pair p + 1: the standings fill evenly as games finish.
    let id = series_id(&config.identity_lines(G::NAME));
    let pairings = config.pairings();
    let mut schedule = Vec::new();
    let mut seats_of = Vec::new();
    for pair in 0..config.games_per_pairing / 2 {
        let start = series.pair_start::<G>(pair);
        for &(low, high) in &pairings {
            let pairing_dir = series.log_dir.join(format!("{}-{}", low + 1, high + 1));
            for index in [2 * pair, 2 * pair + 1] {
                let seats = if index % 2 == 0 { [low, high] } else { [high, low] };
                schedule.push(ScheduledGame {
                    commands: seats.map(|engine| config.engines[engine].clone()),
                    players: seats,
                    start: start.clone(),
                    log_stem: pairing_dir.join(format!("game-{:04}", index + 1)),
                    title: format!(
                        "{} tournament, engines {} and {}, game {}",
                        G::NAME,
                        low + 1,
                        high + 1,
                        index + 1
                    ),
                    series: id.clone(),
                });
                seats_of.push(((low, high), index, seats));
            }
        }
    }

    claim.check_schedule(&schedule)?;
    let mut standings = Standings::new(G::NAME, config);
    let mut to_play = Vec::new();
    for (slot, scheduled) in schedule.iter().enumerate() {
        let path = scheduled.log_path();
        if !path.exists() {
            // Two games a pair, numbered in the order they start: the shard's pairs are its own.
            if series.shard.owns(slot / 2) {
                to_play.push(slot);
            }
            continue;
        }
        let record = folder::resumed_record::<G>(scheduled, &path)?;
        let (pairing, index, seats) = seats_of[slot];
        standings.add(&TournamentGame { pairing, index, seats, record, resumed: true });
    }

    claim.write_manifest()?;
    for &(low, high) in &pairings {
        let pairing_dir = series.log_dir.join(format!("{}-{}", low + 1, high + 1));
        std::fs::create_dir_all(&pairing_dir)
            .map_err(|e| format!("cannot create {}: {e}", pairing_dir.display()))?;
    }
    let names: Vec<String> = (1..=config.engines.len()).map(|k| format!("engine {k}")).collect();
    play_in_parallel::<G>(&schedule, &to_play, series.jobs, &series.rules, &names, |slot, record| {
        let (pairing, index, seats) = seats_of[slot];
        let game = TournamentGame { pairing, index, seats, record, resumed: false };
        standings.add(&game);
        on_game(&game, &standings);
        false
    })?;
    Ok(standings)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::folder::differing_line;
    use crate::referee::Rules;

    #[test]
    fn names_drop_the_folder_unless_that_makes_two_alike() {
        let words = |text: &str| text.split_whitespace().map(String::from).collect::<Vec<_>>();
        let engines = [words("./target/release/dvonn"), words("/opt/x/dvonn --engine random")];
        assert_eq!(engine_names(&engines), ["dvonn", "dvonn --engine random"]);
        let engines = [words("old/dvonn"), words("new/dvonn")];
        assert_eq!(engine_names(&engines), ["old/dvonn", "new/dvonn"]);
    }

    #[test]
    fn half_points_are_written_with_a_half_sign() {
        assert_eq!(half_points(0.0), "0");
        assert_eq!(half_points(0.5), "½");
        assert_eq!(half_points(6.5), "6½");
        assert_eq!(half_points(7.0), "7");
    }

    #[test]
    fn pairings_of_each_format() {
        let config = TournamentConfig {
            engines: vec![vec!["a".into()], vec!["b".into()], vec!["c".into()], vec!["d".into()]],
            format: Format::RoundRobin,
            games_per_pairing: 2,
            anchor: 0,
            series: Series::new(Rules::new(Duration::from_secs(1)), "unused"),
        };
        assert_eq!(config.pairings(), [(0, 1), (0, 2), (0, 3), (1, 2), (1, 3), (2, 3)]);
        let gauntlet = TournamentConfig { format: Format::Gauntlet, ..config.clone() };
        assert_eq!(gauntlet.pairings(), [(0, 1), (0, 2), (0, 3)]);
        let same = |a: &TournamentConfig, b: &TournamentConfig| {
            differing_line(&a.manifest("dvonn"), &b.manifest("dvonn"), &[GAMES_LINE, SHARD_LINE], true)
        };
        let mut changed = config.clone();
        changed.series.seed = 2;
        assert_eq!(same(&config, &changed), Some(("seed: 1".into(), "seed: 2".into())));
        let mut how_it_runs = TournamentConfig { anchor: 2, games_per_pairing: 10, ..config.clone() };
        how_it_runs.series.jobs = 4;
        how_it_runs.series.shard = crate::Shard { index: 1, count: 3 };
        assert_eq!(same(&config, &how_it_runs), None);
        assert_eq!(
            series_id(&config.identity_lines("dvonn")),
            series_id(&how_it_runs.identity_lines("dvonn"))
        );
        assert_ne!(series_id(&config.identity_lines("dvonn")), series_id(&changed.identity_lines("dvonn")));
        let mut more = config.clone();
        more.engines.push(vec!["e".into()]);
        assert_eq!(same(&config, &more), None);
        assert_eq!(same(&more, &config), Some(("engine 5: e".into(), "nothing".into())));
    }
}
