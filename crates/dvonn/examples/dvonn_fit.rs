//! Fits the weights of the Dvonn evaluation to game results (Texel's method): every movement
//! position of the given jury game logs is labelled with the result for its side to move, and
//! the weights of the evaluation's terms are chosen to make `sigmoid(eval / scale)` predict those
//! labels best (logistic regression by Newton's method, the scale fixed by the current weights so
//! that the fitted weights stay in the evaluation's units). One game in five is held out to show
//! whether the fit generalises. Prints the log-loss before and after and the `--set` arguments to
//! screen the fitted weights with.
//!
//! `cargo run --release -p dvonn --example dvonn_fit -- [--fix NAME]... [--leaf-depth N]
//! [--label-depth K] LOG_DIR...`
//!
//! With `--leaf-depth N` a position is judged by the terms of the end of its principal variation
//! after an N-ply search (the position the search would evaluate), not by its own: a static
//! evaluation of a position in the middle of an exchange is what the search never relies on.
//!
//! With `--label-depth K` a position is labelled instead by the mean score of searches to depths K
//! and K + 1 from it (the evaluation swings between odd and even depths), positions whose searches
//! are exact or reach finished games dropped, and the weights are fitted to those scores by least
//! squares: an evaluation that foresees what a few plies more would show (the printed error is in
//! hundredths).
//!
//! The logs are the jury's (`--log-dir`), for example of our player against PrimaDvonna or against
//! itself at a short clock; games that ended by a failure are skipped. `--fix NAME` keeps a term's
//! weight at its default (for example `tempo`, or `stack_value` as the unit).

use std::time::{Duration, Instant};

use dvonn::engine::eval::{Evaluator, Terms, TERM_COUNT, TERM_NAMES};
use dvonn::engine::search::{Limits, Searcher};
use dvonn::engine::EvalKind;
use dvonn::settings::Settings;
use dvonn::Dvonn;
use protocol::Game;

mod logs;

/// One labelled position: its terms and its label, the result for its side to move (1 win, ½
/// draw, 0 loss) or, with `--label-depth`, the score of a deeper search from it (hundredths).
struct Sample {
    terms: Terms,
    label: f64,
    held_out: bool,
}

/// Search labels from this far out (hundredths) are dropped: the evaluation stays within a few
/// thousand, and a finished game's score starts at 90 points.
const MAX_LABEL: i32 = 4_000;

/// How a position's terms are taken: its own, or those at the end of a shallow search's line.
struct Judge {
    evaluator: Evaluator,
    leaf: Option<(Searcher, i32)>,
    /// With `--label-depth K`: a searcher whose scores at depths K and K + 1, averaged (the
    /// evaluation swings between odd and even depths), label each position instead of its result.
    label: Option<(Searcher, i32)>,
}

impl Judge {
    /// The mean score of searches to depths K and K + 1 from `game`, or None when either is
    /// exact or scores a finished game's margin (a proven result is no target for an evaluation),
    /// or there is no label searcher.
    fn search_label(&mut self, game: &Dvonn) -> Option<f64> {
        let (searcher, depth) = self.label.as_mut()?;
        let far = Instant::now() + Duration::from_secs(3600);
        let mut sum = 0.0;
        for max_depth in [*depth, *depth + 1] {
            let result = searcher.search(game, Limits { soft: far, hard: far, max_depth });
            // A score this far out comes from lines that end the game, not from the evaluation.
            if result.exact || result.depth != max_depth || result.score.abs() >= MAX_LABEL {
                return None;
            }
            sum += f64::from(result.score);
        }
        Some(sum / 2.0)
    }

    /// The terms for the side to move in `game`.
    fn terms(&mut self, game: &Dvonn) -> Terms {
        let Some((searcher, depth)) = &mut self.leaf else { return self.evaluator.terms(game) };
        let far = Instant::now() + Duration::from_secs(3600);
        searcher.search(game, Limits { soft: far, hard: far, max_depth: *depth });
        let mut leaf = game.clone();
        let mut flips = 0;
        for mv in searcher.principal_variation(game, *depth as usize) {
            if leaf.is_finished() {
                break;
            }
            leaf.make(mv);
            flips += 1;
        }
        if leaf.is_finished() {
            return self.evaluator.terms(game);
        }
        let terms = self.evaluator.terms(&leaf);
        if flips % 2 == 0 {
            terms
        } else {
            Terms(terms.0.map(|t| -t))
        }
    }
}

/// The labelled movement positions of one game.
fn samples_of(moves: &[String], judge: &mut Judge, held_out: bool, out: &mut Vec<Sample>) {
    let mut game = Dvonn::new();
    let mut positions = Vec::new();
    for text in moves {
        if !game.is_placement() && !game.is_finished() {
            if judge.label.is_some() {
                // Labelled by search: the game's result is not needed.
                if let Some(score) = judge.search_label(&game) {
                    out.push(Sample { terms: judge.terms(&game), label: score, held_out });
                }
            } else {
                positions.push((judge.terms(&game), game.to_move()));
            }
        }
        let Ok(mv) = game.parse_move(text) else { return };
        game.make(mv);
    }
    if !game.is_finished() {
        return;
    }
    let leader = game.leader();
    for (terms, mover) in positions {
        let result = match leader {
            Some(colour) if colour == mover => 1.0,
            Some(_) => 0.0,
            None => 0.5,
        };
        out.push(Sample { terms, label: result, held_out });
    }
}

fn sigmoid(x: f64) -> f64 {
    1.0 / (1.0 + (-x).exp())
}

/// Mean log-loss of `sigmoid(value / scale)` over the samples chosen by `held_out`.
fn log_loss(samples: &[Sample], weights: &[f64; TERM_COUNT], scale: f64, held_out: bool) -> f64 {
    let (mut sum, mut count) = (0.0, 0usize);
    for sample in samples.iter().filter(|s| s.held_out == held_out) {
        let p = sigmoid(sample.terms.value(weights) / scale).clamp(1e-9, 1.0 - 1e-9);
        sum -= sample.label * p.ln() + (1.0 - sample.label) * (1.0 - p).ln();
        count += 1;
    }
    sum / count.max(1) as f64
}

/// The scale that fits the default weights best (a search over a log grid, then refined).
fn fit_scale(samples: &[Sample], weights: &[f64; TERM_COUNT]) -> f64 {
    (0..60)
        .map(|step| 10.0 * 1.15f64.powi(step))
        .map(|scale| (log_loss(samples, weights, scale, false), scale))
        .min_by(|a, b| a.0.total_cmp(&b.0))
        .map_or(100.0, |(_, scale)| scale)
}

/// Solves `a · x = b` by Gaussian elimination with partial pivoting (a is small and, with the
/// ridge term, positive definite).
fn solve(mut a: Vec<Vec<f64>>, mut b: Vec<f64>) -> Vec<f64> {
    let n = b.len();
    for col in 0..n {
        let pivot = (col..n).max_by(|&i, &j| a[i][col].abs().total_cmp(&a[j][col].abs())).expect("rows");
        a.swap(col, pivot);
        b.swap(col, pivot);
        for row in col + 1..n {
            let factor = a[row][col] / a[col][col];
            let (above, below) = a.split_at_mut(row);
            for (entry, pivot_entry) in below[0][col..].iter_mut().zip(&above[col][col..]) {
                *entry -= factor * pivot_entry;
            }
            b[row] -= factor * b[col];
        }
    }
    let mut x = vec![0.0; n];
    for row in (0..n).rev() {
        let rest: f64 = (row + 1..n).map(|k| a[row][k] * x[k]).sum();
        x[row] = (b[row] - rest) / a[row][row];
    }
    x
}

/// Newton steps on the training samples' log-loss over the free weights, the others fixed.
fn fit_weights(
    samples: &[Sample],
    start: &[f64; TERM_COUNT],
    free: &[usize],
    scale: f64,
) -> [f64; TERM_COUNT] {
    let mut weights = *start;
    // A light ridge keeps terms that rarely vary from running off.
    let ridge = 1e-3 * samples.len() as f64;
    for _ in 0..20 {
        let n = free.len();
        let (mut hessian, mut gradient) = (vec![vec![0.0; n]; n], vec![0.0; n]);
        for sample in samples.iter().filter(|s| !s.held_out) {
            let x: Vec<f64> = free.iter().map(|&i| sample.terms.0[i] / scale).collect();
            let p = sigmoid(sample.terms.value(&weights) / scale);
            let w = p * (1.0 - p);
            for i in 0..n {
                gradient[i] += (sample.label - p) * x[i];
                for j in 0..n {
                    hessian[i][j] += w * x[i] * x[j];
                }
            }
        }
        for i in 0..n {
            hessian[i][i] += ridge / (scale * scale);
            gradient[i] -= ridge / (scale * scale) * (weights[free[i]] - start[free[i]]);
        }
        let step = solve(hessian, gradient);
        for (k, &i) in free.iter().enumerate() {
            weights[i] += step[k];
        }
    }
    weights
}

/// Root mean square of `value − target` over the samples chosen by `held_out` (search labels).
fn rms_error(samples: &[Sample], weights: &[f64; TERM_COUNT], held_out: bool) -> f64 {
    let (mut sum, mut count) = (0.0, 0usize);
    for sample in samples.iter().filter(|s| s.held_out == held_out) {
        sum += (sample.terms.value(weights) - sample.label).powi(2);
        count += 1;
    }
    (sum / count.max(1) as f64).sqrt()
}

/// Least squares of `value − target` on the training samples over the free weights, the others
/// fixed, with the same light ridge towards the start as the logistic fit.
fn fit_weights_to_scores(samples: &[Sample], start: &[f64; TERM_COUNT], free: &[usize]) -> [f64; TERM_COUNT] {
    let n = free.len();
    let (mut normal, mut rhs) = (vec![vec![0.0; n]; n], vec![0.0; n]);
    let ridge = 1e-3 * samples.len() as f64;
    for sample in samples.iter().filter(|s| !s.held_out) {
        let fixed_part: f64 =
            (0..TERM_COUNT).filter(|i| !free.contains(i)).map(|i| sample.terms.0[i] * start[i]).sum();
        let residual = sample.label - fixed_part;
        for i in 0..n {
            rhs[i] += sample.terms.0[free[i]] * residual;
            for j in 0..n {
                normal[i][j] += sample.terms.0[free[i]] * sample.terms.0[free[j]];
            }
        }
    }
    for i in 0..n {
        normal[i][i] += ridge;
        rhs[i] += ridge * start[free[i]];
    }
    let solution = solve(normal, rhs);
    let mut weights = *start;
    for (k, &i) in free.iter().enumerate() {
        weights[i] = solution[k];
    }
    weights
}

fn main() {
    let mut fixed: Vec<String> = Vec::new();
    let mut dirs = Vec::new();
    let mut leaf_depth = 0;
    let mut label_depth = 0;
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        if arg == "--fix" {
            fixed.push(args.next().expect("--fix NAME"));
        } else if arg == "--label-depth" {
            label_depth = args.next().and_then(|n| n.parse().ok()).expect("--label-depth K");
        } else if arg == "--leaf-depth" {
            leaf_depth = args.next().and_then(|n| n.parse().ok()).expect("--leaf-depth N");
        } else {
            dirs.push(arg);
        }
    }
    if dirs.is_empty() {
        eprintln!("usage: dvonn_fit [--fix NAME]... [--leaf-depth N] [--label-depth K] LOG_DIR...");
        std::process::exit(2);
    }
    let settings = Settings::DEFAULT;
    let mut judge = Judge {
        evaluator: Evaluator::new(EvalKind::Full, &settings),
        leaf: (leaf_depth > 0).then(|| (Searcher::new(EvalKind::Full, &settings), leaf_depth)),
        label: (label_depth > 0).then(|| (Searcher::new(EvalKind::Full, &settings), label_depth)),
    };
    let (mut samples, mut games) = (Vec::new(), 0usize);
    for path in logs::log_files(&dirs).unwrap_or_else(|e| panic!("{e}")) {
        let text = std::fs::read_to_string(&path).unwrap_or_default();
        if let Some(moves) = logs::clean_game_moves(&text) {
            samples_of(&moves, &mut judge, games % 5 == 4, &mut samples);
            games += 1;
        }
    }
    let held = samples.iter().filter(|s| s.held_out).count();
    println!("{games} games, {} positions ({held} held out)", samples.len());
    let start = Terms::weights(&settings);
    let free: Vec<usize> =
        (0..TERM_COUNT).filter(|&i| !fixed.iter().any(|name| name == TERM_NAMES[i])).collect();
    let fitted = if label_depth > 0 {
        let fitted = fit_weights_to_scores(&samples, &start, &free);
        for (name, weights) in [("defaults", start), ("fitted", fitted)] {
            println!(
                "{name:>8}: rms error to the depth-{label_depth}/{} scores {:.1} training, {:.1} held out",
                label_depth + 1,
                rms_error(&samples, &weights, false),
                rms_error(&samples, &weights, true)
            );
        }
        fitted
    } else {
        let scale = fit_scale(&samples, &start);
        let fitted = fit_weights(&samples, &start, &free, scale);
        println!("scale {scale:.0} (hundredths per unit of the logistic)");
        for (name, weights) in [("defaults", start), ("fitted", fitted)] {
            println!(
                "{name:>8}: log-loss {:.4} training, {:.4} held out",
                log_loss(&samples, &weights, scale, false),
                log_loss(&samples, &weights, scale, true)
            );
        }
        fitted
    };
    let mut set = String::new();
    for (i, name) in TERM_NAMES.iter().enumerate() {
        println!("  {name:>16} {:>6.0} -> {:>6.1}", start[i], fitted[i]);
        set += &format!(" --set {name}={}", fitted[i].round() as i64);
    }
    println!("screen with:{set}");
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Samples whose labels are exactly `weights` applied to varied terms.
    fn linear_samples(weights: &[f64; TERM_COUNT]) -> Vec<Sample> {
        let mut state = 12345u64;
        let mut next = move || {
            state = state.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            ((state >> 33) as f64 / (1u64 << 31) as f64) * 20.0 - 10.0
        };
        (0..2_000)
            .map(|i| {
                let mut terms = [0.0; TERM_COUNT];
                terms.iter_mut().for_each(|t| *t = next());
                terms[TERM_COUNT - 1] = 1.0;
                let terms = Terms(terms);
                Sample { label: terms.value(weights), terms, held_out: i % 5 == 4 }
            })
            .collect()
    }

    #[test]
    fn least_squares_recovers_the_weights_that_made_the_labels() {
        let start = Terms::weights(&Settings::DEFAULT);
        let mut truth = start;
        truth[2] = 40.0; // reach_value
        truth[6] = 30.0; // threatened_piece
        truth[7] = 120.0; // tempo
        let samples = linear_samples(&truth);
        let free: Vec<usize> = (0..TERM_COUNT).filter(|&i| i != 1).collect();
        let fitted = fit_weights_to_scores(&samples, &start, &free);
        for i in 0..TERM_COUNT {
            assert!((fitted[i] - truth[i]).abs() < 0.5, "{}: {} not {}", TERM_NAMES[i], fitted[i], truth[i]);
        }
        assert!(rms_error(&samples, &fitted, true) < 1.0);
        assert!(rms_error(&samples, &start, true) > 50.0);
    }

    #[test]
    fn fixed_terms_keep_their_weights() {
        let start = Terms::weights(&Settings::DEFAULT);
        let mut truth = start;
        truth[1] = 150.0; // stack_value, held fixed below
        let samples = linear_samples(&truth);
        let free: Vec<usize> = (0..TERM_COUNT).filter(|&i| i != 1).collect();
        let fitted = fit_weights_to_scores(&samples, &start, &free);
        assert_eq!(fitted[1], start[1]);
    }
}
