//! Pillars benchmark: perft(3) on the five reference boards (checked against the listed counts)
//! and the exact solver on fixed positions. Run with
//! `cargo run --release -p pillars --example pillars_bench`.

use std::time::{Duration, Instant};

use pillars::engine::heuristic::Heuristic;
use pillars::engine::{RootResult, Solver};
use pillars::{Board, Field, Pillars, Rect};
use protocol::{Game, Rng, SearchGame};
use testkit::data::perft_cases;

fn main() {
    let cases = perft_cases(&testkit::data_file("pillars-perft.txt"), |block| {
        Pillars::from_setup(&block.words("pillars"))
    });
    let (mut leaves, mut seconds) = (0u64, 0f64);
    println!("perft(3) on the reference boards:");
    for case in &cases {
        let start = Instant::now();
        let count = case.game.perft(3);
        let elapsed = start.elapsed().as_secs_f64();
        assert_eq!(count, case.counts[2], "perft(3) of the block at line {}", case.line);
        println!("  {count:>11} leaves in {elapsed:.3} s ({:.0} M leaves/s)", count as f64 / elapsed / 1e6);
        leaves += count;
        seconds += elapsed;
    }
    println!("  total {leaves} leaves in {seconds:.3} s: {:.0} M leaves/s", leaves as f64 / seconds / 1e6);

    // The solver on positions reached by random small moves from random boards, by empty count.
    // Each position starts from empty tables and is timed as the player spends it: the guide
    // values the moves (Grundy values up to the default size), then the solver searches them.
    println!(
        "exact solver (fresh tables per position, {POSITIONS} positions per size, {LIMIT:.1} s limit each):"
    );
    let mut ties = Rng::new(1);
    let mut largest_fast = 0;
    for empty in (30u32..=52).step_by(2) {
        // Each size has its own positions, whatever sizes are run.
        let mut rng = Rng::new(2009 * 100 + u64::from(empty));
        let (mut nodes, mut time, mut wins, mut solved, mut slowest) = (0u64, 0f64, 0, 0, 0f64);
        for _ in 0..POSITIONS {
            let board = random_position(&mut rng, empty);
            let mut solver = Solver::new();
            let mut guide = Heuristic::new();
            let start = Instant::now();
            let deadline = start + Duration::from_secs_f64(LIMIT);
            let order: Vec<Rect> = guide.rank(board, &mut ties, Some(deadline)).iter().map(|r| r.1).collect();
            let outcome = solver.solve_guided(board, &order, Some(deadline), guide.grundy());
            let elapsed = start.elapsed().as_secs_f64();
            time += elapsed;
            slowest = slowest.max(elapsed);
            nodes += solver.nodes();
            solved += usize::from(!matches!(outcome, RootResult::Unknown { .. }));
            wins += usize::from(matches!(outcome, RootResult::Win(_)));
        }
        println!(
            "  {empty:>2} empty: solved {solved}/{POSITIONS} ({wins} won), mean {:.3} s, slowest {slowest:.3} s, {:.2} M positions/s",
            time / POSITIONS as f64,
            nodes as f64 / time / 1e6
        );
        if solved == POSITIONS && slowest < 0.5 {
            largest_fast = empty;
        }
        if solved == 0 {
            break;
        }
    }
    println!("largest empty count with every position solved in under 0.5 s: {largest_fast}");
}

const POSITIONS: usize = 10;
const LIMIT: f64 = 2.0;

/// A random start position, filled with random single fields and dominoes until `empty` are left.
fn random_position(rng: &mut Rng, empty: u32) -> Board {
    let mut columns: Vec<usize> = (0..10).collect();
    rng.shuffle(&mut columns);
    let pillars: Vec<Field> = columns.iter().enumerate().map(|(r, &c)| Field::new(r, c)).collect();
    let mut board = Board::with_pillars(&pillars);
    while board.empty_count() > empty {
        let small: Vec<Rect> = board.moves().iter().copied().filter(|r| r.area() <= 2).collect();
        let rect = small[rng.below(small.len())];
        if board.empty_count() - rect.area() as u32 >= empty {
            board = board.fill(rect);
        }
    }
    board
}
