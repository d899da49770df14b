//! Poly-Y benchmark: random and policy playouts per second (fill the board, score it once) from
//! the empty board and from a middle-game position, and the player's playouts per second with
//! its tree.
//!
//! `cargo run --release -p polyy --example polyy_bench`

use std::time::{Duration, Instant};

use polyy::board::wins;
use polyy::engine::playout::{
    full_board_corners, policy_playout, random_fill_winner, PlayoutPolicy, Replies,
};
use polyy::engine::Player;
use polyy::settings::Settings;
use polyy::PolyY;
use protocol::{Engine, Rng, Seat, TurnClock};

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
}
