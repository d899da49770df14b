//! Where lost games were lost: for each game of a jury match that the player named by `--ours`
//! lost, its own positions are solved backwards from the end with the outcome-only proof search
//! until one is proven to hold a draw (the move played there lost the game) or the solver runs
//! out of time (the game was lost before the solver can see).
//!
//! `cargo run --release -p dvonn --example dvonn_blunders -- --ours TAG [--seconds S] LOG_DIR...`
//!
//! `TAG` is a part of our program's command line as the log's `first:` line shows it. Prints one
//! line per lost game (its seat, then the losing move with one that holds and the proof's time, or
//! how far back the game was lost) and a histogram of the losing plies.

use std::collections::BTreeMap;
use std::time::{Duration, Instant};

use dvonn::board::Colour;
use dvonn::engine::eval::EvalKind;
use dvonn::engine::search::{Proof, Searcher};
use dvonn::settings::Settings;
use dvonn::Dvonn;

mod logs;

fn main() -> Result<(), String> {
    let mut ours = None;
    let mut seconds = 5.0;
    let mut dirs = Vec::new();
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--ours" => ours = Some(args.next().ok_or("--ours needs a tag")?),
            "--seconds" => {
                seconds = args.next().and_then(|s| s.parse().ok()).ok_or("--seconds needs a number")?
            }
            _ => dirs.push(arg),
        }
    }
    let ours = ours.ok_or("--ours TAG is required")?;
    let settings = Settings::default();
    let mut losing_plies: BTreeMap<String, usize> = BTreeMap::new();
    for path in logs::log_files(&dirs)? {
        let text = std::fs::read_to_string(&path).map_err(|e| format!("{}: {e}", path.display()))?;
        let Some(moves) = logs::clean_game_moves(&text) else { continue };
        let first = text.lines().find_map(|line| line.strip_prefix("first:")).unwrap_or("");
        let colour = if first.contains(&ours) { Colour::White } else { Colour::Black };
        let moves: Vec<&str> = moves.iter().map(String::as_str).collect();
        let end = Dvonn::from_moves(&moves).map_err(|e| format!("{}: {}", path.display(), e.message))?;
        if end.count(colour) >= end.count(colour.other()) {
            continue;
        }
        // Our movement positions, last first.
        let mut verdict = String::from("lost before ply 50");
        let mut key = String::from("<50");
        for ply in (49..moves.len()).rev() {
            let game = Dvonn::from_moves(&moves[..ply]).map_err(|e| e.message)?;
            if game.to_move() != colour || game.is_finished() || game.legal_moves().len() < 2 {
                continue;
            }
            let mut searcher = Searcher::new(EvalKind::Full, &settings);
            searcher.set_outcome_only(true);
            let start = Instant::now();
            let deadline = start + Duration::from_secs_f64(seconds);
            match searcher.prove(&game, 0, deadline) {
                Proof::Missed => continue,
                Proof::Reached(mv) => {
                    verdict = format!(
                        "ply {} ({} stacks) lost it: {} played, {mv} holds (proved in {:.2} s, {} nodes)",
                        ply + 1,
                        game.board().occupied().count_ones(),
                        moves[ply],
                        start.elapsed().as_secs_f64(),
                        searcher.nodes()
                    );
                    key = format!("{}", ply + 1);
                }
                Proof::Unknown => {
                    verdict = format!("lost by ply {} (unsolved there in {seconds} s)", ply + 3);
                    key = format!("<={}", ply + 3);
                }
            }
            break;
        }
        let seat = if colour == Colour::White { "first" } else { "second" };
        println!("{}: {seat}, {verdict}", path.file_name().and_then(|n| n.to_str()).unwrap_or("?"));
        *losing_plies.entry(key).or_default() += 1;
    }
    for (key, count) in losing_plies {
        println!("{key}: {count}");
    }
    Ok(())
}
