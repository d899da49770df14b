//! Self-play data for Dvonn's learned network: games of the engine against itself at a fixed
//! depth, written as labelled positions to a sample file ([`kit::samples`]).
//!
//! `cargo run --release -p dvonn --example dvonn_selfplay -- --out FILE [--games N] [--seed S]
//! [--shard K/N] [--depth D] [--label-depth L] [--random-placements P] [--random-moves M]
//! [--set NAME=VALUE]...`
//!
//! Game `g` of the series starts from its own seed (the series' seed and `g`): its first `P`
//! placements are random, the rest follow the placement rule with its noise, and of the movement
//! phase the first `M` moves are random; every other move is the engine's at depth `D` (a fresh
//! table each game, so a game is the same whichever shard or machine plays it). At every movement
//! position the search's principal variation is followed to its end, a quieter position, which is
//! searched `L` plies deep and recorded with that score and the game's result for its side to
//! move, as the CodeCup 2026 winner labels its data. Finished line ends are not recorded (the
//! network never judges a finished game).
//!
//! `--shard K/N` plays the games numbered K modulo N (`auto/N` reads K from Slurm's or
//! Kubernetes' variable, as the jury does), so N processes anywhere write N files that together
//! are the series. Run again on the same file, it keeps the games already there (but the last,
//! which may have been cut short) and plays the rest.

use std::path::PathBuf;
use std::time::{Duration, Instant};

use dvonn::engine::network::{encode, POSITION_BYTES};
use dvonn::engine::placement::choose_placement;
use dvonn::engine::search::{Limits, Searcher};
use dvonn::engine::EvalKind;
use dvonn::settings::Settings;
use dvonn::{Dvonn, Move};
use jury::Shard;
use kit::samples::{Header, Sample, SampleWriter};
use protocol::zobrist::mix64;
use protocol::{Rng, Tunables};

struct Options {
    out: PathBuf,
    games: u32,
    seed: u64,
    shard: Shard,
    depth: i32,
    label_depth: i32,
    random_placements: u32,
    random_moves: u32,
    settings: Settings,
}

const USAGE: &str = "usage: dvonn_selfplay --out FILE [--games N] [--seed S] [--shard K/N] \
                     [--depth D] [--label-depth L] [--random-placements P] [--random-moves M] \
                     [--set NAME=VALUE]...";

fn parse_options() -> Result<Options, String> {
    let mut options = Options {
        out: PathBuf::new(),
        games: 1000,
        seed: 1,
        shard: Shard::WHOLE,
        depth: 4,
        label_depth: 6,
        random_placements: 6,
        random_moves: 2,
        settings: Settings::DEFAULT,
    };
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        let mut value = || args.next().ok_or(format!("{arg} needs a value\n{USAGE}"));
        let number = |text: String| text.parse::<u64>().map_err(|_| format!("{arg} {text}: not a number"));
        match arg.as_str() {
            "--out" => options.out = PathBuf::from(value()?),
            "--games" => options.games = number(value()?)? as u32,
            "--seed" => options.seed = number(value()?)?,
            "--shard" => options.shard = Shard::parse(&value()?, |name| std::env::var(name).ok())?,
            "--depth" => options.depth = number(value()?)? as i32,
            "--label-depth" => options.label_depth = number(value()?)? as i32,
            "--random-placements" => options.random_placements = number(value()?)? as u32,
            "--random-moves" => options.random_moves = number(value()?)? as u32,
            "--set" => {
                let pair = value()?;
                let (name, setting) = pair.split_once('=').ok_or("--set needs NAME=VALUE")?;
                options.settings.set(name, setting)?;
            }
            "--help" => return Err(USAGE.to_string()),
            _ => return Err(format!("unknown argument '{arg}'\n{USAGE}")),
        }
    }
    if options.out.as_os_str().is_empty() {
        return Err(format!("--out is needed\n{USAGE}"));
    }
    Ok(options)
}

/// What one game adds to the file.
struct Played {
    samples: Vec<Sample>,
    nodes: u64,
}

fn search(searcher: &mut Searcher, game: &Dvonn, depth: i32) -> kit::SearchResult<Move> {
    let far = Instant::now() + Duration::from_secs(24 * 3600);
    searcher.search(game, Limits { soft: far, hard: far, max_depth: depth })
}

fn play_game(number: u32, options: &Options) -> Played {
    let mut rng = Rng::new(mix64(options.seed ^ mix64(u64::from(number))));
    let mut searcher = Searcher::new(EvalKind::Full, &options.settings);
    let mut labeller = Searcher::new(EvalKind::Full, &options.settings);
    let mut game = Dvonn::new();
    while game.is_placement() {
        let moves = game.legal_moves();
        let mv = if game.plies() < options.random_placements {
            moves[rng.below(moves.len())]
        } else {
            Move::Place(choose_placement(&game, &mut rng, &options.settings))
        };
        game.make(mv);
    }
    // (line end, its side to move, its score) for every movement position.
    let mut labelled = Vec::new();
    let mut nodes = 0;
    let mut movement_moves = 0;
    while !game.is_finished() {
        let result = search(&mut searcher, &game, options.depth);
        nodes += result.nodes;
        let mut end = game.clone();
        for mv in searcher.principal_variation(&game, options.depth as usize) {
            end.make(mv);
        }
        if !end.is_finished() {
            let label = search(&mut labeller, &end, options.label_depth);
            nodes += label.nodes;
            labelled.push((end.clone(), label.score));
        }
        let moves = game.legal_moves();
        let mv =
            if movement_moves < options.random_moves { moves[rng.below(moves.len())] } else { result.best };
        game.make(mv);
        movement_moves += 1;
    }
    let leader = game.leader();
    let samples = labelled
        .into_iter()
        .map(|(position, score)| Sample {
            game: number,
            ply: position.plies() as u16,
            score: score.clamp(i32::from(i16::MIN), i32::from(i16::MAX)) as i16,
            result: match leader {
                None => 0,
                Some(colour) if colour == position.to_move() => 1,
                Some(_) => -1,
            },
            position: encode(position.board()).to_vec(),
        })
        .collect();
    Played { samples, nodes }
}

fn main() {
    let options = match parse_options() {
        Ok(options) => options,
        Err(message) => {
            eprintln!("dvonn_selfplay: {message}");
            std::process::exit(2);
        }
    };
    let header = Header { game: "dvonn".to_string(), position_bytes: POSITION_BYTES };
    let (mut writer, mut done) = match SampleWriter::append(&options.out, header) {
        Ok(opened) => opened,
        Err(message) => {
            eprintln!("dvonn_selfplay: {message}");
            std::process::exit(1);
        }
    };
    done.sort_unstable();
    let start = Instant::now();
    let (mut games, mut positions, mut nodes) = (0u64, 0u64, 0u64);
    for number in (0..options.games).filter(|&g| options.shard.owns(g as usize)) {
        if done.binary_search(&number).is_ok() {
            continue;
        }
        let played = play_game(number, &options);
        for sample in &played.samples {
            writer.push(sample);
        }
        if let Err(message) = writer.end_game() {
            eprintln!("dvonn_selfplay: {}: {message}", options.out.display());
            std::process::exit(1);
        }
        games += 1;
        positions += played.samples.len() as u64;
        nodes += played.nodes;
    }
    let seconds = start.elapsed().as_secs_f64();
    eprintln!(
        "dvonn_selfplay: {games} games played ({} kept from before), {positions} positions, \
         {:.1} games/s, {:.2} M nodes/s, into {}",
        done.len(),
        games as f64 / seconds,
        nodes as f64 / seconds / 1e6,
        options.out.display()
    );
}
