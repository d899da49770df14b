//! Pillars benchmark: perft(3) on the five reference boards (checked against the listed counts)
//! and the exact solver on fixed positions. Run with
//! `cargo run --release -p pillars --example bench`.

use std::time::Instant;

use pillars::engine::{Outcome, Solver};
use pillars::{Board, Field, Rect};
use protocol::Rng;

fn main() {
    let path =
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/data/pillars-perft.txt");
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let mut pillars: Vec<Field> = Vec::new();
    let (mut leaves, mut seconds) = (0u64, 0f64);
    println!("perft(3) on the reference boards:");
    for line in text.lines().filter(|l| !l.starts_with('#')) {
        if let Some(list) = line.strip_prefix("pillars:") {
            pillars = list.split_whitespace().map(|f| Field::parse(f).unwrap()).collect();
        } else if let Some(counts) = line.strip_prefix("perft:") {
            let expected: u64 = counts.split_whitespace().nth(2).unwrap().parse().unwrap();
            let start = Instant::now();
            let count = Board::with_pillars(&pillars).perft(3);
            let elapsed = start.elapsed().as_secs_f64();
            assert_eq!(count, expected, "perft(3) of {pillars:?}");
            println!(
                "  {count:>11} leaves in {elapsed:.3} s ({:.0} M leaves/s)",
                count as f64 / elapsed / 1e6
            );
            leaves += count;
            seconds += elapsed;
        }
    }
    println!("  total {leaves} leaves in {seconds:.3} s: {:.0} M leaves/s", leaves as f64 / seconds / 1e6);

    // The solver on positions reached by random small moves from random boards, by empty count.
    println!("exact solver (fresh table per position, 5 positions per size):");
    let mut rng = Rng::new(2009);
    for empty in [12u32, 16, 20] {
        let (mut nodes, mut time, mut wins) = (0u64, 0f64, 0);
        for _ in 0..5 {
            let board = random_position(&mut rng, empty);
            let mut solver = Solver::new();
            let start = Instant::now();
            let outcome = solver.solve(board, None).unwrap();
            time += start.elapsed().as_secs_f64();
            nodes += solver.nodes();
            wins += usize::from(matches!(outcome, Outcome::Win(_)));
        }
        println!(
            "  {empty:>2} empty: {:>8.3} s per position, {:>6.2} M nodes/s, {wins}/5 won",
            time / 5.0,
            nodes as f64 / time / 1e6
        );
    }
}

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
