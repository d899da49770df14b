//! Poly-Y benchmark: random and policy playouts per second (fill the board, score it once) from
//! the empty board and from a middle-game position, the player's playouts per second with its
//! tree, and the pairing proofs along the 2014 contest records (proofs per second, how many plies
//! before the end the winner is proven).
//!
//! `cargo run --release -p polyy --example polyy_bench`

use std::time::{Duration, Instant};

use polyy::board::wins;
use polyy::engine::playout::{
    full_board_corners, policy_playout, random_fill_winner, PlayoutPolicy, Replies,
};
use polyy::engine::Player;
use polyy::proof::proven_winner;
use polyy::settings::Settings;
use polyy::PolyY;
use protocol::{Engine, Game, Rng, Seat, TurnClock};
use testkit::data::records;
use testkit::data_file;

/// The first 30 plies of a contest game (2014), with the swap: a middle-game position.
const MIDDLE_GAME: &[&str] = &[
    "70", "-1", "43", "55", "54", "67", "66", "78", "77", "68", "88", "57", "56", "44", "32", "45", "33",
    "58", "59", "47", "46", "34", "22", "35", "23", "24", "14", "15", "8", "25",
];

/// Playouts per second, and the share of them `playout` reports won by the side to move.
fn rate(mut playout: impl FnMut() -> bool) -> (f64, f64) {
    let count = 200_000;
    let start = Instant::now();
    let mover_wins = (0..count).filter(|_| playout()).count();
    (f64::from(count) / start.elapsed().as_secs_f64(), mover_wins as f64 / f64::from(count))
}

fn main() {
    let mut rng = Rng::new(1);
    let empty = PolyY::new();
    let middle = PolyY::from_moves(MIDDLE_GAME).expect("a legal game");
    let settings = Settings { time_share: 1.0, opening: 0, ..Settings::DEFAULT };
    let policy = PlayoutPolicy::from_settings(&settings);
    let replies = Replies::new(policy.ladder);
    for (name, game) in [("empty board", &empty), ("middle game (ply 31)", &middle)] {
        let mover = game.to_move();
        let (random, random_share) = rate(|| random_fill_winner(game, &mut rng) == mover);
        let (guided, guided_share) = rate(|| {
            let first = policy_playout(game, None, &policy, &replies, &mut rng);
            (mover == Seat::First) == wins(full_board_corners(first))
        });
        println!("{name}: random playouts {random:.0}/s (side to move wins {:.1}%), policy playouts {guided:.0}/s ({:.1}%)",
            100.0 * random_share, 100.0 * guided_share);
    }
    // The player from the empty board for 2 s: its stderr line gives the playouts with the tree.
    let mut player = Player::new(1, &settings);
    let clock = TurnClock::with_available(Duration::from_secs(2));
    let _ = player.choose(&empty, &clock);
    proofs_along_the_records();
}

/// Every position of the contest records that ended with a winner, checked for a pairing proof:
/// the time per check, and per game the first ply from which its winner stays proven.
fn proofs_along_the_records() {
    let mut positions = Vec::new();
    let mut ends = Vec::new();
    for record in records(&data_file("polyy-games-2014.txt")) {
        let mut game = PolyY::new();
        let start = positions.len();
        for text in &record.moves {
            game.apply(game.parse_move(text).expect("a legal record"));
            if game.is_finished() {
                break;
            }
            positions.push(game.clone());
        }
        if let Some(winner) = game.winner() {
            ends.push((start, positions.len(), winner));
        }
    }
    let started = Instant::now();
    let verdicts: Vec<Option<Seat>> = positions.iter().map(proven_winner).collect();
    let elapsed = started.elapsed().as_secs_f64();
    let (mut ahead, mut wrong) = (0usize, 0usize);
    for &(start, end, winner) in &ends {
        // Plies before the end from which the winner is proven at every position.
        ahead += verdicts[start..end].iter().rev().take_while(|&&v| v == Some(winner)).count();
        wrong += verdicts[start..end].iter().filter(|&&v| v == Some(winner.other())).count();
    }
    println!(
        "proofs: {:.0} positions/s over {} record positions; the winner proven {:.1} plies before the end on average ({} games), the loser in {} positions (a won game given away)",
        positions.len() as f64 / elapsed,
        positions.len(),
        ahead as f64 / ends.len() as f64,
        ends.len(),
        wrong
    );
}
