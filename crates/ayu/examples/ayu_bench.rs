//! Ayu benchmark on three fixed positions (the start, and the first contest record after 20 and
//! after 40 plies):
//! legal-move generation (positions and moves per second), perft(3) from the start, the joining
//! cost evaluation per second, the alpha-beta search (nodes per second at a fixed depth), random
//! playouts per second and the Monte-Carlo search (playouts per second within it).
//!
//! `cargo run --release -p ayu --example ayu_bench`

use std::time::{Duration, Instant};

use ayu::engine::eval::evaluate;
use ayu::engine::mcts::Mcts;
use ayu::engine::playout::{playout, PlayoutPolicy, Sketch};
use ayu::engine::search::{Limits, Searcher};
use ayu::settings::Settings;
use ayu::{Ayu, Move};
use protocol::{Game, Rng, SearchGame};

/// The positions' move lists (the first two are also in `data/ayu-perft.txt`), written here so
/// that the benchmark reads no data file.
const POSITIONS: &[&str] = &[
    "",
    "B9-B8 C10-C9 B11-C11 A10-A9 J1-J2 E10-E9 J11-I11 K10-K9 F11-G11 A9-A7 H7-I7 K9-J8 D7-D6 K8-I9 D1-D2 A8-B6 J5-J6 I2-H2 B3-C3 A7-C5",
    "B9-B8 C10-C9 B11-C11 A10-A9 J1-J2 E10-E9 J11-I11 K10-K9 F11-G11 A9-A7 H7-I7 K9-J8 D7-D6 K8-I9 D1-D2 A8-B6 J5-J6 I2-H2 B3-C3 A7-C5 F1-F2 G10-H10 I11-G10 A4-B4 B1-B2 E6-F6 F5-F4 E2-E3 F2-G3 E3-D4 F9-G9 G4-H4 H11-H8 F6-H6 B8-C7 A6-B3 C11-D10 E9-D8 D11-E9 C9-F8",
];

fn position(moves: &str) -> Ayu {
    let mut game = Ayu::new();
    for text in moves.split_whitespace() {
        let mv = text.parse::<Move>().expect("a move");
        game.check(mv).expect("a legal move");
        game.apply(mv);
    }
    game
}

fn main() {
    let games: Vec<Ayu> = POSITIONS.iter().map(|moves| position(moves)).collect();
    let settings = Settings::DEFAULT;

    let rounds = 20_000;
    let start = Instant::now();
    let mut moves = 0;
    for _ in 0..rounds {
        for game in &games {
            moves += std::hint::black_box(game).count_legal();
        }
    }
    let seconds = start.elapsed().as_secs_f64();
    let generated = (rounds * games.len()) as f64;
    println!(
        "move generation: {:.0} positions/s, {:.1} M moves/s ({} moves in the {} positions)",
        generated / seconds,
        moves as f64 / seconds / 1e6,
        moves / rounds,
        games.len()
    );

    let start = Instant::now();
    let leaves = games[0].perft(3);
    let seconds = start.elapsed().as_secs_f64();
    println!(
        "perft(3) from the start: {leaves} leaves in {:.3} s, {:.1} M leaves/s",
        seconds,
        leaves as f64 / seconds / 1e6
    );

    let start = Instant::now();
    let mut sum = 0i64;
    for _ in 0..rounds {
        for game in &games {
            sum += i64::from(evaluate(std::hint::black_box(game), &settings));
        }
    }
    println!("evaluation: {:.0} positions/s (checksum {sum})", generated / start.elapsed().as_secs_f64());

    for (game, name) in games.iter().zip(["start", "ply 20", "ply 40"]) {
        let mut searcher = Searcher::new(&settings);
        let far = Instant::now() + Duration::from_secs(3600);
        let start = Instant::now();
        let result = searcher.search(game, Limits { soft: far, hard: far, max_depth: 5 });
        let seconds = start.elapsed().as_secs_f64();
        println!(
            "search from the {name} to depth {}: {} nodes in {:.2} s, {:.0} nodes/s, best {} score {}",
            result.depth,
            result.nodes,
            seconds,
            result.nodes as f64 / seconds,
            result.best,
            result.score
        );
    }

    let mut rng = Rng::new(1);
    let policy = PlayoutPolicy {
        max_plies: 1000,
        rescue_tries: settings.mcts_rescue_tries,
        exhaustive_rescue: settings.mcts_exhaustive_rescue,
        lift_far: settings.mcts_lift_far,
    };
    for (game, name) in games.iter().zip(["start", "ply 20", "ply 40"]) {
        let count = 20_000;
        let start = Instant::now();
        let (mut plies, mut white) = (0u64, 0u32);
        for _ in 0..count {
            let (winner, length) = playout(Sketch::of(game), &mut rng, &policy, &mut [0; 2], None, None);
            plies += u64::from(length);
            white += u32::from(winner == Some(ayu::Colour::White));
        }
        let seconds = start.elapsed().as_secs_f64();
        println!(
            "playouts from the {name}: {:.0}/s, {:.1} plies on average, White wins {:.1}%",
            f64::from(count) / seconds,
            plies as f64 / f64::from(count),
            100.0 * f64::from(white) / f64::from(count)
        );
    }

    for (game, name) in games.iter().zip(["start", "ply 20", "ply 40"]) {
        let mut mcts = Mcts::new(1, &settings);
        let far = Instant::now() + Duration::from_secs(3600);
        let start = Instant::now();
        let result = mcts.search(game, far, 50_000);
        let seconds = start.elapsed().as_secs_f64();
        println!(
            "Monte-Carlo search from the {name}: {} playouts in {:.2} s, {:.0} playouts/s, {} nodes, best {} ({:.1}%)",
            result.playouts,
            seconds,
            result.playouts as f64 / seconds,
            result.nodes,
            result.best,
            100.0 * result.win_rate
        );
    }
}
