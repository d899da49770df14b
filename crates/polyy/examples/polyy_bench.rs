//! Poly-Y benchmark: random playouts per second (fill the board, score it once) from the empty
//! board and from a middle-game position, and the player's playouts per second with its tree.
//!
//! `cargo run --release -p polyy --example polyy_bench`

use std::time::{Duration, Instant};

use polyy::engine::playout::random_fill_winner;
use polyy::engine::Player;
use polyy::settings::Settings;
use polyy::PolyY;
use protocol::{Engine, Rng, TurnClock};

/// The first 30 plies of a contest game (2014), with the swap: a middle-game position.
const MIDDLE_GAME: &[&str] = &[
    "70", "-1", "43", "55", "54", "67", "66", "78", "77", "68", "88", "57", "56", "44", "32", "45", "33",
    "58", "59", "47", "46", "34", "22", "35", "23", "24", "14", "15", "8", "25",
];

fn playouts_per_second(game: &PolyY, rng: &mut Rng) -> (f64, f64) {
    let count = 200_000;
    let start = Instant::now();
    let mut mover_wins = 0u32;
    for _ in 0..count {
        mover_wins += u32::from(random_fill_winner(game, rng) == game.to_move());
    }
    (f64::from(count) / start.elapsed().as_secs_f64(), f64::from(mover_wins) / f64::from(count))
}

fn main() {
    let mut rng = Rng::new(1);
    let empty = PolyY::new();
    let middle = PolyY::from_moves(MIDDLE_GAME).expect("a legal game");
    for (name, game) in [("empty board", &empty), ("middle game (ply 31)", &middle)] {
        let (rate, share) = playouts_per_second(game, &mut rng);
        println!("random playouts, {name}: {:.0} per second (side to move wins {:.1}%)", rate, 100.0 * share);
    }
    let settings = Settings { time_share: 1.0, ..Settings::DEFAULT };
    let mut player = Player::new(1, &settings);
    let clock = TurnClock::with_available(Duration::from_secs(2));
    let _ = player.choose(&empty, &clock);
}
