//! Fits the learned correction of the Dvonn evaluation ([`dvonn::engine::learned`]) to game
//! results and writes its table, `crates/dvonn/src/engine/learned_table.rs`.
//!
//! Every movement position of the given jury logs is labelled with the result for its side to
//! move. The hand evaluation (the defaults, correction off) is the model's fixed part: its scale is
//! fitted first so that `sigmoid(evaluation / scale)` predicts the labels best, then one weight per
//! feature is added to that logit (logistic regression, `kit::logistic`), with a ridge chosen on
//! the held-out games (one in five) among `--ridge` values. The table holds the weights times the
//! scale, so the correction is in the evaluation's hundredths.
//!
//! `cargo run --release -p dvonn --example dvonn_learn -- [--ridge R]... [--write] LOG_DIR...`
//!
//! The logs are the jury's (`--log-dir`); the table in the repository was fitted on self-play at a
//! fixed depth (`docs/journal/dvonn.md#learned-table` gives the command). Without `--write` it only
//! prints the fit.

use dvonn::engine::eval::Evaluator;
use dvonn::engine::learned::{dvonn_distances, visit_features, FEATURES};
use dvonn::engine::EvalKind;
use dvonn::settings::Settings;
use dvonn::Dvonn;
use kit::logistic::{fit, log_loss, Samples};
use protocol::Game;

mod logs;

/// Where the table goes, from the workspace's root.
const TABLE_PATH: &str = "crates/dvonn/src/engine/learned_table.rs";

/// One movement position: the hand evaluation, the features and the result for its side to move.
struct Position {
    evaluation: f64,
    features: Vec<u32>,
    label: f64,
}

/// The labelled movement positions of one game (none when the game did not finish).
fn positions_of(moves: &[String], evaluator: &mut Evaluator) -> Vec<Position> {
    let mut game = Dvonn::new();
    let mut positions = Vec::new();
    let mut movers = Vec::new();
    for text in moves {
        if !game.is_placement() && !game.is_finished() {
            let board = game.board();
            let landing = evaluator.landing(board);
            let distances = dvonn_distances(board.dvonn_stacks());
            let mut features = Vec::new();
            visit_features(board, &landing, game.to_move(), &distances, |f| features.push(f as u32));
            let evaluation = f64::from(evaluator.evaluate_with(&game, Some(&landing)));
            positions.push(Position { evaluation, features, label: 0.5 });
            movers.push(game.to_move());
        }
        let Ok(mv) = game.parse_move(text) else { return Vec::new() };
        game.make(mv);
    }
    if !game.is_finished() {
        return Vec::new();
    }
    let leader = game.leader();
    for (position, mover) in positions.iter_mut().zip(movers) {
        position.label = match leader {
            Some(colour) if colour == mover => 1.0,
            Some(_) => 0.0,
            None => 0.5,
        };
    }
    positions
}

/// The samples of `positions` with the hand evaluation over `scale` as their offset.
fn samples(positions: &[&Position], scale: f64) -> Samples {
    let mut samples = Samples::new();
    for position in positions {
        samples.push(&position.features, position.evaluation / scale, position.label);
    }
    samples
}

/// The scale of the hand evaluation that predicts the training results best (a log grid).
fn fit_scale(positions: &[&Position]) -> f64 {
    let no_features = vec![0.0; FEATURES];
    (0..60)
        .map(|step| 10.0 * 1.1f64.powi(step))
        .map(|scale| (log_loss(&samples(positions, scale), &no_features), scale))
        .min_by(|a, b| a.0.total_cmp(&b.0))
        .map_or(100.0, |(_, scale)| scale)
}

fn main() {
    let mut ridges = Vec::new();
    let mut write = false;
    let mut dirs = Vec::new();
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--ridge" => ridges.push(args.next().and_then(|r| r.parse::<f64>().ok()).expect("--ridge R")),
            "--write" => write = true,
            _ => dirs.push(arg),
        }
    }
    if dirs.is_empty() {
        eprintln!("usage: dvonn_learn [--ridge R]... [--write] LOG_DIR...");
        std::process::exit(2);
    }
    if ridges.is_empty() {
        ridges = vec![10.0, 30.0, 100.0];
    }
    let mut settings = Settings::DEFAULT;
    settings.learned_weight = 0;
    let mut evaluator = Evaluator::new(EvalKind::Full, &settings);
    let (mut training, mut held_out, mut games) = (Vec::new(), Vec::new(), 0usize);
    for path in logs::log_files(&dirs).unwrap_or_else(|e| panic!("{e}")) {
        let text = std::fs::read_to_string(&path).unwrap_or_default();
        let Some(moves) = logs::clean_game_moves(&text) else { continue };
        let positions = positions_of(&moves, &mut evaluator);
        if positions.is_empty() {
            continue;
        }
        if games % 5 == 4 { &mut held_out } else { &mut training }.extend(positions);
        games += 1;
    }
    let (training, held_out): (Vec<&Position>, Vec<&Position>) =
        (training.iter().collect(), held_out.iter().collect());
    println!("{games} games, {} training positions, {} held out", training.len(), held_out.len());
    let scale = fit_scale(&training);
    let (train_samples, held_samples) = (samples(&training, scale), samples(&held_out, scale));
    let no_features = vec![0.0; FEATURES];
    println!(
        "hand evaluation over {scale:.0}: log-loss {:.4} training, {:.4} held out",
        log_loss(&train_samples, &no_features),
        log_loss(&held_samples, &no_features)
    );
    let mut best: Option<(f64, f64, Vec<f64>)> = None;
    for &ridge in &ridges {
        let weights = fit(&train_samples, FEATURES, ridge, 8);
        let held = log_loss(&held_samples, &weights);
        println!(
            "ridge {ridge}: log-loss {:.4} training, {held:.4} held out",
            log_loss(&train_samples, &weights)
        );
        if best.as_ref().map_or(true, |(loss, _, _)| held < *loss) {
            best = Some((held, ridge, weights));
        }
    }
    let Some((held, ridge, weights)) = best else { return };
    let table: Vec<i16> =
        weights.iter().map(|w| (w * scale).round().clamp(-30_000.0, 30_000.0) as i16).collect();
    let seen = train_samples.occurrences(FEATURES);
    let unseen = seen.iter().filter(|&&n| n == 0.0).count();
    let largest = table.iter().map(|v| v.unsigned_abs()).max().unwrap_or(0);
    println!("chosen ridge {ridge} (held-out log-loss {held:.4}); {unseen} features never seen; largest value {largest}");
    if write {
        let mut text = String::new();
        text += "//! Generated by `cargo run --release -p dvonn --example dvonn_learn`; do not edit.\n";
        text += &format!(
            "//! Fitted on {} movement positions of {games} games (every fifth held out: log-loss {:.4} \
             against the hand evaluation's {:.4}), ridge {ridge}, scale {scale:.0}.\n\n",
            training.len(),
            held,
            log_loss(&held_samples, &no_features)
        );
        text += "/// The correction of each feature of [`crate::engine::learned`], in hundredths.\n";
        text += "#[rustfmt::skip]\npub const WEIGHTS: [i16; crate::engine::learned::FEATURES] = [\n";
        for chunk in table.chunks(24) {
            let line: Vec<String> = chunk.iter().map(|v| v.to_string()).collect();
            text += &format!("    {},\n", line.join(", "));
        }
        text += "];\n";
        std::fs::write(TABLE_PATH, text).unwrap_or_else(|e| panic!("{TABLE_PATH}: {e}"));
        println!("wrote {TABLE_PATH}");
    }
}
