//! Trains Dvonn's network ([`dvonn::engine::network`]) on self-play sample files
//! (`examples/dvonn_selfplay`) with the kit's trainer, and compares it with the hand evaluation on
//! the same held-out games.
//!
//! `cargo run --release -p dvonn --example dvonn_train -- [--epochs N] [--batch N] [--head N] [--rate R]
//! [--lambda L] [--scale S] [--threads N] [--seed S] [--save FILE] SAMPLES...`
//!
//! A position's target is `(1 - L) · sigmoid(score / S) + L · result` (result 1, ½ or 0 for the
//! side to move; `S` in the evaluation's hundredths, 340 by default, the scale the hand
//! evaluation's logistic fit found), as the CodeCup 2026 winner blends its labels. One game in ten
//! (by its number) is held out. After training, the quantised network's held-out loss is given
//! beside the float one's, and `--save` writes its bytes ([`kit::nnue::Network::to_bytes`]).

use dvonn::engine::eval::Evaluator;
use dvonn::engine::network::{active_features, decode, perspective, HIDDEN, INPUTS, KINDS, MAX_ACTIVE};
use dvonn::engine::EvalKind;
use dvonn::settings::Settings;
use dvonn::Colour;
use kit::nnue::{Accumulator, FloatNetwork, Network, OUTPUT_ONE};
use kit::samples::SampleReader;
use kit::train::{initial_network, loss, target_entropy, train, Examples, TrainConfig};

const USAGE: &str =
    "usage: dvonn_train [--epochs N] [--batch N] [--head N] [--rate R] [--lambda L] [--scale S] \
                     [--threads N] [--seed S] [--save FILE] SAMPLES...";

struct Options {
    config: TrainConfig,
    lambda: f32,
    scale: f32,
    save: Option<String>,
    files: Vec<String>,
}

fn parse_options() -> Result<Options, String> {
    let mut options = Options {
        config: TrainConfig {
            hidden: HIDDEN,
            input_clip: 32767.0 / 512.0 / MAX_ACTIVE as f32 * 0.95,
            ..TrainConfig::default()
        },
        lambda: 0.1,
        scale: 340.0,
        save: None,
        files: Vec::new(),
    };
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        let mut value = || args.next().ok_or(format!("{arg} needs a value\n{USAGE}"));
        let float = |text: String| text.parse::<f32>().map_err(|_| format!("{arg} {text}: not a number"));
        match arg.as_str() {
            "--epochs" => options.config.epochs = float(value()?)? as usize,
            "--head" => options.config.head = float(value()?)? as usize,
            "--batch" => options.config.batch = float(value()?)? as usize,
            "--rate" => options.config.learning_rate = float(value()?)?,
            "--lambda" => options.lambda = float(value()?)?,
            "--scale" => options.scale = float(value()?)?,
            "--threads" => options.config.threads = float(value()?)? as usize,
            "--seed" => options.config.seed = float(value()?)? as u64,
            "--save" => options.save = Some(value()?),
            "--help" => return Err(USAGE.to_string()),
            _ if arg.starts_with("--") => return Err(format!("unknown option '{arg}'\n{USAGE}")),
            _ => options.files.push(arg),
        }
    }
    if options.files.is_empty() {
        return Err(format!("no sample files given\n{USAGE}"));
    }
    Ok(options)
}

/// The examples of the files, split into training and held-out games, and the hand evaluation's
/// logit (its score over the scale) for each held-out example.
fn read_examples(options: &Options) -> Result<(Examples, Examples, Vec<f32>), String> {
    let (mut training, mut held_out, mut hand) = (Examples::new(), Examples::new(), Vec::new());
    let mut evaluator = Evaluator::new(EvalKind::Full, &Settings::DEFAULT);
    for file in &options.files {
        let mut reader = SampleReader::open(std::path::Path::new(file))?;
        if reader.header().game != "dvonn" {
            return Err(format!("{file} holds {} positions, not Dvonn's", reader.header().game));
        }
        while let Some(sample) = reader.next_sample().map_err(|e| format!("{file}: {e}"))? {
            // In the movement phase White moves after an odd number of plies (rules: White plays ply 50).
            let mover = if sample.ply % 2 == 1 { Colour::White } else { Colour::Black };
            let game = decode(&sample.position, mover).map_err(|e| format!("{file}: {e}"))?;
            let white = with_factors(&active_features(game.board(), Colour::White));
            let black = with_factors(&active_features(game.board(), Colour::Black));
            let searched = 1.0 / (1.0 + (-f32::from(sample.score) / options.scale).exp());
            let result = (f32::from(sample.result) + 1.0) / 2.0;
            let target = (1.0 - options.lambda) * searched + options.lambda * result;
            if sample.game % 10 == 0 {
                held_out.push([&white, &black], perspective(mover), target);
                let landing = evaluator.landing(game.board());
                hand.push(evaluator.evaluate_with(&game, Some(&landing)) as f32 / options.scale);
            } else {
                training.push([&white, &black], perspective(mover), target);
            }
        }
    }
    Ok((training, held_out, hand))
}

/// The training inputs: each stack's own input (field × kind) and a shared one for its kind on any
/// field, after the field inputs. A kind's shared weight learns from every field at once, so the
/// rare field-and-kind pairs start from what the kind is worth; [`fold_factors`] adds it into the
/// field inputs afterwards, so the bot's network has the field inputs only and costs nothing more.
fn with_factors(active: &[usize]) -> Vec<usize> {
    active.iter().copied().chain(active.iter().map(|&f| INPUTS + f % KINDS)).collect()
}

/// The network over the field inputs alone, each with its kind's shared weight added.
fn fold_factors(trained: &FloatNetwork) -> FloatNetwork {
    let h = trained.hidden;
    let mut folded = trained.clone();
    folded.inputs = INPUTS;
    folded.input_weights.truncate(INPUTS * h);
    for input in 0..INPUTS {
        let shared = (INPUTS + input % KINDS) * h;
        for unit in 0..h {
            folded.input_weights[input * h + unit] += trained.input_weights[shared + unit];
        }
    }
    folded
}

fn cross_entropy(logit: f32, target: f32) -> f64 {
    let p = (1.0 / (1.0 + (-logit).exp())).clamp(1e-7, 1.0 - 1e-7);
    -f64::from(target * p.ln() + (1.0 - target) * (1.0 - p).ln())
}

fn main() {
    let options = parse_options().unwrap_or_else(|message| {
        eprintln!("dvonn_train: {message}");
        std::process::exit(2);
    });
    let (training, held_out, hand) = read_examples(&options).unwrap_or_else(|message| {
        eprintln!("dvonn_train: {message}");
        std::process::exit(1);
    });
    let hand_loss = (0..held_out.len()).map(|i| cross_entropy(hand[i], held_out.get(i).2)).sum::<f64>()
        / held_out.len().max(1) as f64;
    println!(
        "{} training and {} held-out positions; held out: the labels' own entropy {:.4}, \
         the hand evaluation over {} {:.4}",
        training.len(),
        held_out.len(),
        target_entropy(&held_out),
        options.scale,
        hand_loss
    );
    let config = TrainConfig { ..options.config.clone() };
    let mut network = initial_network(INPUTS + KINDS, &config, &training);
    let start = std::time::Instant::now();
    train(&mut network, &training, &held_out, &config, |epoch| {
        println!(
            "epoch {:>2}: training {:.4}, held out {:.4} ({:.0} s)",
            epoch.epoch,
            epoch.training_loss,
            epoch.held_out_loss,
            start.elapsed().as_secs_f64()
        );
    });
    let factored_loss = loss(&network, &held_out);
    let network = fold_factors(&network);
    let quantised = match Network::<HIDDEN>::quantise(&network, MAX_ACTIVE) {
        Ok(quantised) => quantised,
        Err(message) => {
            eprintln!("dvonn_train: the trained network does not quantise: {message}");
            std::process::exit(1);
        }
    };
    let mut quantised_loss = 0.0;
    for i in 0..held_out.len() {
        let (features, mover, target) = held_out.get(i);
        // The field inputs only: the shared ones are folded in.
        let [white, black] =
            features.map(|f| f.iter().map(|&x| x as usize).filter(|&x| x < INPUTS).collect::<Vec<_>>());
        let accumulator = Accumulator::from_features(&quantised, [&white, &black]);
        let logit = quantised.evaluate(&accumulator, mover) as f64 / OUTPUT_ONE as f64;
        quantised_loss += cross_entropy(logit as f32, target);
    }
    println!(
        "held out: float {factored_loss:.4}, folded and quantised {:.4}, hand evaluation {hand_loss:.4}",
        quantised_loss / held_out.len().max(1) as f64
    );
    if let Some(path) = &options.save {
        let bytes = quantised.to_bytes();
        if let Err(error) = std::fs::write(path, &bytes) {
            eprintln!("dvonn_train: cannot write {path}: {error}");
            std::process::exit(1);
        }
        println!("wrote {} bytes to {path}", bytes.len());
    }
}
