//! `jury tune`: SPSA (simultaneous perturbation stochastic approximation) over a bot's tunables,
//! as fishtest runs it for chess engines. At pair `k` every parameter is pushed `c_k` up or down at
//! random (Δ = ±1 each), the bot with θ + c_k·Δ plays the bot with θ − c_k·Δ twice on one start,
//! colours swapped, and θ moves by `a_k / c_k · r · Δ`, `r` being the plus side's wins less its
//! losses in the pair (−2 to 2). The schedule is fishtest's: for `N` pairs, `A = a_ratio · N`,
//! `c_k = c / k^γ` with `c = c_end · N^γ` (so `c_N = c_end`), and `a_k = a / (A + k)^α` with
//! `a = r_end · c_end² · (A + N)^α` (so that `a_N / c_N² = r_end`).
//!
//! Pairs are played in batches of as many pairs as the jobs can hold, every pair of a batch from
//! the θ the batch began with, and their updates are applied in order once the batch is done. Each
//! batch's pairs go to the trace (one row a pair) as it completes; a tune started again on its
//! trace replays the rows and goes on from there, so that, with the same jobs and deterministic
//! programs (the tune gives each one a `--seed` unless its command has one), it ends where an
//! uninterrupted tune does.

use std::fmt::Write as _;
use std::io::Write as _;
use std::path::PathBuf;

use protocol::{Contest, Rng, Seat};

use crate::referee::GameRecord;
use crate::{play_in_parallel, ScheduledGame, Series};

/// One tuned parameter: a tunable of the bot, its start and range, and its schedule's ends.
#[derive(Clone, Debug, PartialEq)]
pub struct TuneParam {
    pub name: String,
    pub start: f64,
    pub min: f64,
    pub max: f64,
    /// The perturbation at the last pair (`c_end`, fishtest's "c end").
    pub c_end: f64,
    /// `a_N / c_N²` at the last pair (fishtest's "r end").
    pub r_end: f64,
    /// The bot reads it as a whole number: values are rounded when passed.
    pub integer: bool,
}

impl TuneParam {
    /// The value passed to the bot with `--set`.
    pub fn show(&self, value: f64) -> String {
        show_value(value.clamp(self.min, self.max), self.integer)
    }
}

/// `12` for a whole-number tunable, else up to six decimals without trailing zeros.
pub fn show_value(value: f64, integer: bool) -> String {
    if integer {
        return format!("{}", value.round() as i64);
    }
    let text = format!("{value:.6}");
    let text = text.trim_end_matches('0').trim_end_matches('.');
    if text == "-0" {
        "0".to_string()
    } else {
        text.to_string()
    }
}

/// The SPSA schedule's exponents and stability constant (fishtest's defaults).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Schedule {
    pub alpha: f64,
    pub gamma: f64,
    /// `A` as a share of the pairs.
    pub a_ratio: f64,
}

impl Default for Schedule {
    fn default() -> Schedule {
        Schedule { alpha: 0.602, gamma: 0.101, a_ratio: 0.1 }
    }
}

/// A tuning run.
#[derive(Clone, Debug)]
pub struct TuneConfig {
    /// The bot's program and arguments; the tune appends `--set NAME=VALUE` (and `--seed`).
    pub command: Vec<String>,
    pub params: Vec<TuneParam>,
    pub pairs: usize,
    pub schedule: Schedule,
    /// The clock, starts, jobs and log folder of the games; pair `k` starts from the series' pair
    /// `k − 1`.
    pub series: Series,
    /// One row a pair, read back to resume.
    pub trace: PathBuf,
}

/// One parameter's schedule constants for a run of `pairs` pairs.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Gains {
    pub a: f64,
    pub c: f64,
    pub big_a: f64,
}

impl TuneConfig {
    /// `a`, `c` and `A` of each parameter.
    pub fn gains(&self) -> Vec<Gains> {
        let n = self.pairs as f64;
        let big_a = self.schedule.a_ratio * n;
        self.params
            .iter()
            .map(|p| Gains {
                a: p.r_end * p.c_end * p.c_end * (big_a + n).powf(self.schedule.alpha),
                c: p.c_end * n.powf(self.schedule.gamma),
                big_a,
            })
            .collect()
    }

    /// The trace's header: everything that decides the tune's course. A trace resumes only a tune
    /// with the same header.
    pub fn header(&self, game: &str) -> String {
        let s = &self.schedule;
        let mut text = format!("# jury tune {game}: {}\n", self.command.join(" "));
        let _ = writeln!(
            text,
            "# pairs {}, alpha {}, gamma {}, A ratio {}",
            self.pairs, s.alpha, s.gamma, s.a_ratio
        );
        for line in self.series.settings_lines() {
            let _ = writeln!(text, "# {line}");
        }
        for p in &self.params {
            let _ = writeln!(
                text,
                "# param {} start {} min {} max {} c_end {} r_end {}{}",
                p.name,
                p.start,
                p.min,
                p.max,
                p.c_end,
                p.r_end,
                if p.integer { " integer" } else { "" }
            );
        }
        let names: Vec<&str> = self.params.iter().map(|p| p.name.as_str()).collect();
        let _ = writeln!(
            text,
            "# pair\ttheta before ({})\tdelta\tplus\tminus\tresult\ttheta after",
            names.join(" ")
        );
        text
    }

    /// The perturbation signs of pair `k`: from the seed and `k` alone, so that a resumed tune
    /// draws the same.
    fn delta(&self, k: usize) -> Vec<f64> {
        let mut rng = Rng::new(self.series.seed ^ (k as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15));
        self.params.iter().map(|_| if rng.below(2) == 0 { -1.0 } else { 1.0 }).collect()
    }

    fn c_k(&self, gains: &Gains, k: usize) -> f64 {
        gains.c / (k as f64).powf(self.schedule.gamma)
    }

    fn a_k(&self, gains: &Gains, k: usize) -> f64 {
        gains.a / (gains.big_a + k as f64).powf(self.schedule.alpha)
    }

    /// θ after pair `k` with `result` (the plus side's wins less its losses).
    fn update(&self, theta: &[f64], k: usize, delta: &[f64], result: f64) -> Vec<f64> {
        (self.params.iter().zip(self.gains()).enumerate())
            .map(|(i, (p, gains))| {
                let step = self.a_k(&gains, k) / self.c_k(&gains, k) * result * delta[i];
                (theta[i] + step).clamp(p.min, p.max)
            })
            .collect()
    }

    /// The two sides' values at pair `k` from `theta`: `θ ± c_k·Δ`, kept in range.
    fn sides(&self, theta: &[f64], k: usize, delta: &[f64]) -> [Vec<f64>; 2] {
        let side = |sign: f64| -> Vec<f64> {
            (self.params.iter().zip(self.gains()).enumerate())
                .map(|(i, (p, gains))| (theta[i] + sign * self.c_k(&gains, k) * delta[i]).clamp(p.min, p.max))
                .collect()
        };
        [side(1.0), side(-1.0)]
    }

    /// The bot's command with one side's values (and a seed of the tune's, unless it has one).
    fn side_command(&self, values: &[f64], seed: u64) -> Vec<String> {
        let mut command = self.command.clone();
        for (p, &value) in self.params.iter().zip(values) {
            command.extend(["--set".to_string(), format!("{}={}", p.name, p.show(value))]);
        }
        if !self.command.iter().any(|word| word == "--seed" || word.starts_with("--seed=")) {
            command.extend(["--seed".to_string(), seed.to_string()]);
        }
        command
    }

    /// The values as the `--set` flags to paste.
    pub fn set_flags(&self, theta: &[f64]) -> String {
        let flags: Vec<String> =
            self.params.iter().zip(theta).map(|(p, &v)| format!("--set {}={}", p.name, p.show(v))).collect();
        flags.join(" ")
    }
}

/// One finished pair.
#[derive(Clone, Debug, PartialEq)]
pub struct PairRow {
    pub k: usize,
    pub theta_before: Vec<f64>,
    pub delta: Vec<f64>,
    pub plus: Vec<f64>,
    pub minus: Vec<f64>,
    /// The plus side's wins less its losses.
    pub result: f64,
    pub theta_after: Vec<f64>,
    /// Failures (illegal move, crash, timeout...) in the pair's games.
    pub failures: u32,
}

impl PairRow {
    fn line(&self) -> String {
        let list = |values: &[f64]| values.iter().map(|v| format!("{v}")).collect::<Vec<_>>().join(" ");
        let signs: Vec<&str> = self.delta.iter().map(|&d| if d > 0.0 { "+" } else { "-" }).collect();
        format!(
            "{}\t{}\t{}\t{}\t{}\t{}\t{}\n",
            self.k,
            list(&self.theta_before),
            signs.join(" "),
            list(&self.plus),
            list(&self.minus),
            self.result,
            list(&self.theta_after)
        )
    }
}

/// Where a tune stands.
#[derive(Clone, Debug)]
pub struct TuneState {
    pub theta: Vec<f64>,
    /// Pairs done, those read from the trace included.
    pub pairs_done: usize,
    /// Of them, read from the trace of an earlier run.
    pub resumed: usize,
    pub failures: u32,
    /// The plus sides' wins less losses over all pairs.
    pub total_result: f64,
}

/// Reads an existing trace: checks its header and replays its rows. Returns the state after them.
fn resume(config: &TuneConfig, header: &str, text: &str) -> Result<TuneState, String> {
    let path = config.trace.display();
    let theirs: String = text.lines().take_while(|l| l.starts_with('#')).map(|l| format!("{l}\n")).collect();
    if theirs != header {
        let differing = theirs.lines().zip(header.lines()).find(|(a, b)| a != b);
        let (there, here) = differing.unwrap_or(("(shorter)", "(longer)"));
        return Err(format!(
            "{path} is the trace of another tune ('{there}' there, '{here}' here): give another --trace, or delete it to start again"
        ));
    }
    let mut state = TuneState {
        theta: config.params.iter().map(|p| p.start).collect(),
        pairs_done: 0,
        resumed: 0,
        failures: 0,
        total_result: 0.0,
    };
    for (number, line) in
        text.lines().enumerate().filter(|(_, l)| !l.starts_with('#') && !l.trim().is_empty())
    {
        let bad = |what: &str| format!("{path}: line {}: {what}", number + 1);
        let fields: Vec<&str> = line.split('\t').collect();
        let k: usize = fields.first().and_then(|f| f.parse().ok()).ok_or_else(|| bad("no pair number"))?;
        if k != state.pairs_done + 1 || k > config.pairs {
            return Err(bad(&format!("pair {k} where pair {} was due", state.pairs_done + 1)));
        }
        let result: f64 = fields.get(5).and_then(|f| f.parse().ok()).ok_or_else(|| bad("no result"))?;
        let after: Vec<f64> = fields
            .get(6)
            .map(|f| f.split_whitespace().filter_map(|v| v.parse().ok()).collect())
            .unwrap_or_default();
        let delta = config.delta(k);
        let theta = config.update(&state.theta, k, &delta, result);
        if after.len() != theta.len()
            || after.iter().zip(&theta).any(|(a, b)| (a - b).abs() > 1e-9 * (1.0 + b.abs()))
        {
            return Err(bad("its θ does not follow from the rows before it"));
        }
        state.theta = theta;
        state.pairs_done = k;
        state.resumed = k;
        state.total_result += result;
    }
    Ok(state)
}

/// The plus side's wins less its losses over a pair, the plus side first in the first game.
fn pair_result(games: &[GameRecord; 2]) -> f64 {
    let plus_seats = [Seat::First, Seat::Second];
    games
        .iter()
        .zip(plus_seats)
        .map(|(record, plus)| match record.winner() {
            None => 0.0,
            Some(winner) if winner == plus => 1.0,
            Some(_) => -1.0,
        })
        .sum()
}

/// Runs (or resumes) the tune, calling `on_pair` after each pair with its row and the state.
pub fn run_tune<G: Contest>(
    config: &TuneConfig,
    mut on_pair: impl FnMut(&PairRow, &TuneState),
) -> Result<TuneState, String> {
    let header = config.header(G::NAME);
    let trace_path = &config.trace;
    // A trace of no pairs (a tune stopped before its first, say by a bot that cannot play) holds
    // nothing to resume: it is started again.
    let has_rows = |text: &str| text.lines().any(|l| !l.starts_with('#') && !l.trim().is_empty());
    let mut state = match std::fs::read_to_string(trace_path) {
        Ok(text) if has_rows(&text) => resume(config, &header, &text)?,
        Ok(_) => {
            std::fs::write(trace_path, &header)
                .map_err(|e| format!("cannot write {}: {e}", trace_path.display()))?;
            resume(config, &header, &header)?
        }
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
            if let Some(folder) = trace_path.parent().filter(|f| !f.as_os_str().is_empty()) {
                std::fs::create_dir_all(folder)
                    .map_err(|e| format!("cannot create {}: {e}", folder.display()))?;
            }
            std::fs::write(trace_path, &header)
                .map_err(|e| format!("cannot write {}: {e}", trace_path.display()))?;
            resume(config, &header, &header)?
        }
        Err(e) => return Err(format!("cannot read {}: {e}", trace_path.display())),
    };
    let series = &config.series;
    std::fs::create_dir_all(&series.log_dir)
        .map_err(|e| format!("cannot create {}: {e}", series.log_dir.display()))?;
    let batch = (series.jobs / 2).max(1);
    while state.pairs_done < config.pairs {
        let first = state.pairs_done + 1;
        let last = (first + batch - 1).min(config.pairs);
        let mut schedule = Vec::new();
        let mut plans = Vec::new();
        for k in first..=last {
            let delta = config.delta(k);
            let [plus, minus] = config.sides(&state.theta, k, &delta);
            let seed = series.seed.wrapping_mul(1_000_003).wrapping_add(k as u64 * 2);
            let commands = [config.side_command(&plus, seed), config.side_command(&minus, seed + 1)];
            let start = series.pair_start::<G>(k - 1);
            for (game, seats) in [[0, 1], [1, 0]].into_iter().enumerate() {
                schedule.push(ScheduledGame {
                    commands: seats.map(|side| commands[side].clone()),
                    // Both sides are the one bot: it cannot play when either cannot.
                    players: [0, 0],
                    start: start.clone(),
                    log_stem: series.log_dir.join(format!("pair-{k:05}-game-{}", game + 1)),
                    title: format!("{} tune, pair {k}, game {}", G::NAME, game + 1),
                    series: String::new(),
                });
            }
            plans.push((k, delta, plus, minus));
        }
        let mut records: Vec<Option<GameRecord>> = vec![None; schedule.len()];
        let all: Vec<usize> = (0..schedule.len()).collect();
        let names = ["the tuned bot".to_string()];
        play_in_parallel::<G>(&schedule, &all, series.jobs, &series.rules, &names, |slot, record| {
            records[slot] = Some(record);
            false
        })?;
        let mut lines = String::new();
        let mut rows = Vec::new();
        for (i, (k, delta, plus, minus)) in plans.into_iter().enumerate() {
            let games = [records[2 * i].take(), records[2 * i + 1].take()];
            let [Some(first_game), Some(second_game)] = games else {
                return Err(format!("pair {k}: a game did not finish"));
            };
            let pair = [first_game, second_game];
            let result = pair_result(&pair);
            let failures = pair.iter().map(|r| r.failed().iter().filter(|&&f| f).count() as u32).sum();
            let theta_after = config.update(&state.theta, k, &delta, result);
            let row = PairRow {
                k,
                theta_before: state.theta.clone(),
                delta,
                plus,
                minus,
                result,
                theta_after: theta_after.clone(),
                failures,
            };
            lines.push_str(&row.line());
            state.theta = theta_after;
            state.pairs_done = k;
            state.failures += failures;
            state.total_result += result;
            rows.push(row);
        }
        let mut file = std::fs::OpenOptions::new()
            .append(true)
            .open(trace_path)
            .map_err(|e| format!("cannot open {}: {e}", trace_path.display()))?;
        file.write_all(lines.as_bytes())
            .map_err(|e| format!("cannot write {}: {e}", trace_path.display()))?;
        for row in &rows {
            on_pair(row, &state);
        }
    }
    Ok(state)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::referee::Rules;
    use std::time::Duration;

    fn config(pairs: usize) -> TuneConfig {
        TuneConfig {
            command: vec!["bot".into()],
            params: vec![TuneParam {
                name: "w".into(),
                start: 10.0,
                min: 0.0,
                max: 100.0,
                c_end: 4.0,
                r_end: 0.002,
                integer: true,
            }],
            pairs,
            schedule: Schedule::default(),
            series: Series::new(Rules::new(Duration::from_secs(1)), "unused"),
            trace: PathBuf::from("unused"),
        }
    }

    #[test]
    fn the_schedule_ends_at_c_end_and_r_end() {
        let config = config(1000);
        let gains = config.gains()[0];
        assert!((config.c_k(&gains, 1000) - 4.0).abs() < 1e-9);
        let r = config.a_k(&gains, 1000) / config.c_k(&gains, 1000).powi(2);
        assert!((r - 0.002).abs() < 1e-12, "{r}");
        assert!((gains.big_a - 100.0).abs() < 1e-9);
        // Early pairs take larger steps and wider perturbations.
        assert!(config.c_k(&gains, 1) > config.c_k(&gains, 1000));
        assert!(config.a_k(&gains, 1) > config.a_k(&gains, 1000));
    }

    #[test]
    fn a_won_pair_moves_theta_toward_the_plus_side_within_range() {
        let config = config(100);
        let delta = vec![1.0];
        let up = config.update(&[10.0], 1, &delta, 2.0);
        let down = config.update(&[10.0], 1, &delta, -2.0);
        assert!(up[0] > 10.0 && down[0] < 10.0 && (up[0] - 10.0 - (10.0 - down[0])).abs() < 1e-12);
        assert_eq!(config.update(&[10.0], 1, &[-1.0], 0.0), vec![10.0]);
        assert_eq!(config.update(&[99.99], 1, &delta, 2.0), vec![100.0]);
        let [plus, minus] = config.sides(&[1.0], 1, &[-1.0]);
        assert!(plus[0] < 1.0 && minus[0] > 1.0 && plus[0] >= 0.0);
    }

    #[test]
    fn values_are_written_as_the_bot_reads_them() {
        assert_eq!(show_value(12.4, true), "12");
        assert_eq!(show_value(-2.5, true), "-3");
        assert_eq!(show_value(0.25, false), "0.25");
        assert_eq!(show_value(3.0, false), "3");
        assert_eq!(show_value(-0.0000001, false), "0");
        let config = config(10);
        let command = config.side_command(&[7.6], 5);
        assert_eq!(command, ["bot", "--set", "w=8", "--seed", "5"]);
        assert_eq!(config.set_flags(&[150.0]), "--set w=100");
    }

    #[test]
    fn a_trace_replays_only_its_own_tune() {
        let config = config(10);
        let header = config.header("pillars");
        let delta = config.delta(1);
        let after = config.update(&[10.0], 1, &delta, 1.0);
        let row = PairRow {
            k: 1,
            theta_before: vec![10.0],
            delta,
            plus: vec![0.0],
            minus: vec![0.0],
            result: 1.0,
            theta_after: after.clone(),
            failures: 0,
        };
        let state = resume(&config, &header, &format!("{header}{}", row.line())).unwrap();
        assert_eq!((state.pairs_done, state.theta.clone()), (1, after));
        let edited = format!("{header}{}", row.line().replace("\t1\t", "\t2\t"));
        assert!(resume(&config, &header, &edited).unwrap_err().contains("does not follow"));
        let other = config.header("dvonn");
        assert!(resume(&config, &header, &other).unwrap_err().contains("the trace of another tune"));
    }
}
