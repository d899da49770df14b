//! Time to depth on positions of real games: a load-independent screen of search changes.
//!
//! `cargo run --release -p dvonn --example dvonn_depth -- [--set NAME=VALUE]... [--games N]
//! [--plies P:D,...] LOG_DIR...`
//!
//! Each jury log's game (its opening and moves) is replayed; at each listed ply P that the game reached
//! in its movement phase, the position is searched to depth D with a fresh table and the player's
//! settings (with the `--set` overrides). Prints the nodes and seconds each ply took over all
//! games. Compare two settings by the nodes (load-independent) rather than the seconds.

use std::time::{Duration, Instant};

use dvonn::engine::eval::EvalKind;
use dvonn::engine::search::{Limits, Searcher};
use dvonn::settings::Settings;
use dvonn::Dvonn;
use protocol::Tunables;

mod logs;

/// Session 82's measure: positions at plies 54, 60, 66 and 70 searched to depths 7, 8, 9 and 11.
const DEFAULT_PLIES: &str = "54:7,60:8,66:9,70:11";

fn main() -> Result<(), String> {
    let mut overrides = Vec::new();
    let mut games = usize::MAX;
    let mut plies_arg = DEFAULT_PLIES.to_string();
    let mut dirs = Vec::new();
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--set" => {
                let pair = args.next().ok_or("--set needs NAME=VALUE")?;
                let (name, value) = pair.split_once('=').ok_or("--set needs NAME=VALUE")?;
                overrides.push((name.to_string(), value.to_string()));
            }
            "--games" => games = args.next().and_then(|n| n.parse().ok()).ok_or("--games needs a number")?,
            "--plies" => plies_arg = args.next().ok_or("--plies needs P:D,...")?,
            _ => dirs.push(arg),
        }
    }
    let settings = Settings::with_overrides(&overrides)?;
    let plies: Vec<(usize, i32)> = plies_arg
        .split(',')
        .map(|pd| {
            let (p, d) = pd.split_once(':').ok_or(format!("'{pd}' is not P:D"))?;
            Ok((
                p.parse().map_err(|_| format!("bad ply '{p}'"))?,
                d.parse().map_err(|_| format!("bad depth '{d}'"))?,
            ))
        })
        .collect::<Result<_, String>>()?;

    let mut files = logs::log_files(&dirs)?;
    files.truncate(games);

    let mut totals = vec![(0u64, 0f64, 0usize); plies.len()];
    for path in &files {
        let text = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
        let Some(moves) = logs::clean_game_moves(&text) else { continue };
        let moves: Vec<&str> = moves.iter().map(String::as_str).collect();
        for (k, &(ply, depth)) in plies.iter().enumerate() {
            if ply >= moves.len() {
                continue;
            }
            let game =
                Dvonn::from_moves(&moves[..ply]).map_err(|e| format!("{}: {}", path.display(), e.message))?;
            if game.is_placement() || game.is_finished() || game.legal_moves().len() < 2 {
                continue;
            }
            let mut searcher = Searcher::new(EvalKind::Full, &settings);
            searcher.set_outcome_only(settings.outcome_first);
            let far = Instant::now() + Duration::from_secs(3600);
            let start = Instant::now();
            let result = searcher.search(&game, Limits { soft: far, hard: far, max_depth: depth });
            let total = &mut totals[k];
            total.0 += result.nodes;
            total.1 += start.elapsed().as_secs_f64();
            total.2 += 1;
        }
    }
    let (mut nodes, mut seconds) = (0, 0.0);
    for (&(ply, depth), &(n, s, count)) in plies.iter().zip(&totals) {
        println!("ply {ply} depth {depth}: {count} positions, {n} nodes, {s:.2} s");
        nodes += n;
        seconds += s;
    }
    println!("all: {nodes} nodes, {seconds:.2} s, {:.2} M nodes/s", nodes as f64 / seconds / 1e6);
    Ok(())
}
