//! Dvonn benchmark: perft on the reference positions (every listed count checked, the deepest
//! included), one depth further where that stays quick (not checked: no reference), and random
//! playouts. Run with `cargo run --release -p dvonn --example dvonn_bench`.
//!
//! Perft counts the last ply without playing it, so "leaves/s" is not a make/unmake rate; the
//! make count given is the number of nodes above the last ply, Σ perft(k) for k < depth.

use std::time::Instant;

use dvonn::engine::placement::choose_placement;
use dvonn::engine::search::{Limits, Searcher};
use dvonn::engine::EvalKind;
use dvonn::settings::Settings;

use dvonn::game::PLACEMENT_PLIES;
use dvonn::{Dvonn, Move};
use protocol::search::random_playout;
use protocol::{Game, Rng};
use testkit::data::{perft_cases, replay, PerftCase};

fn cases() -> Vec<PerftCase<Dvonn>> {
    perft_cases(&testkit::data_file("dvonn-perft.txt"), |block| replay(&[], &block.words("moves")))
}

/// Below this many leaves at the deepest listed depth, also time one depth further.
const EXTRA_DEPTH_BELOW: u64 = 200_000;

fn main() {
    println!("perft on the reference positions (release build):");
    let (mut total_leaves, mut total_makes, mut total_seconds) = (0u64, 0u64, 0f64);
    for case in cases() {
        let game = &case.game;
        let plies = game.plies();
        let mut line = format!("  after {plies:>2} plies ({} to move):", game.to_move().name());
        let mut makes = 0u64;
        for (i, &expected) in case.counts.iter().enumerate() {
            let depth = i as u32 + 1;
            let start = Instant::now();
            let count = game.perft(depth);
            let elapsed = start.elapsed().as_secs_f64();
            assert_eq!(count, expected, "perft({depth}) after {plies} plies");
            line.push_str(&format!(" {count}"));
            if depth as usize == case.counts.len() {
                println!("{line}  ok");
                println!(
                    "      perft({depth}) in {:.4} s: {:.1} M leaves/s, {:.1} M makes/s",
                    elapsed,
                    count as f64 / elapsed / 1e6,
                    makes as f64 / elapsed / 1e6
                );
                total_leaves += count;
                total_makes += makes;
                total_seconds += elapsed;
                if count < EXTRA_DEPTH_BELOW && !game.is_over() {
                    let start = Instant::now();
                    let deeper = game.perft(depth + 1);
                    let elapsed = start.elapsed().as_secs_f64();
                    let makes = makes + count;
                    println!(
                        "      perft({}) = {deeper} (unchecked) in {:.4} s: {:.1} M leaves/s, {:.1} M makes/s",
                        depth + 1,
                        elapsed,
                        deeper as f64 / elapsed / 1e6,
                        makes as f64 / elapsed / 1e6
                    );
                }
            }
            makes += count;
        }
    }
    println!(
        "  deepest listed depths: {total_leaves} leaves in {total_seconds:.3} s: {:.1} M leaves/s, {:.1} M makes/s",
        total_leaves as f64 / total_seconds / 1e6,
        total_makes as f64 / total_seconds / 1e6
    );
    let full_board = cases().swap_remove(1).game;
    let start = Instant::now();
    let count = full_board.perft(5);
    let elapsed = start.elapsed().as_secs_f64();
    println!(
        "  full board perft(5) = {count} (unchecked) in {elapsed:.3} s: {:.1} M leaves/s, {:.1} M makes/s",
        count as f64 / elapsed / 1e6,
        (46 + 2080 + 100_912 + 4_744_756) as f64 / elapsed / 1e6
    );

    // Random games from the empty board through the shared playout driver.
    const GAMES: usize = 20_000;
    let mut rng = Rng::new(2011);
    let mut plies = 0u64;
    let start = Instant::now();
    for _ in 0..GAMES {
        let mut game = Dvonn::new();
        plies += u64::from(random_playout(&mut game, &mut rng, u32::MAX).plies);
        debug_assert!(game.is_over());
    }
    let movement_plies = plies - GAMES as u64 * u64::from(PLACEMENT_PLIES);
    let elapsed = start.elapsed().as_secs_f64();
    println!(
        "random playouts: {GAMES} games in {elapsed:.3} s ({:.0} games/s, {:.1} M plies/s, {:.1} movement plies per game)",
        GAMES as f64 / elapsed,
        plies as f64 / elapsed / 1e6,
        movement_plies as f64 / GAMES as f64
    );

    // The search on fixed positions: 20 movement-phase positions from seeded random games (after
    // the seeded placement rule), each searched to a fixed depth with a fresh table.
    for (name, kind) in [("full", EvalKind::Full), ("material", EvalKind::Material)] {
        let mut rng = Rng::new(7);
        let (mut nodes, mut seconds) = (0u64, 0f64);
        for _ in 0..20 {
            let mut game = Dvonn::new();
            while game.is_placement() {
                let field = choose_placement(&game, &mut rng, &Settings::DEFAULT);
                game.make(Move::Place(field));
            }
            for _ in 0..rng.below(12) {
                let moves = game.legal_moves();
                if game.is_finished() || moves.len() < 2 {
                    break;
                }
                game.make(moves[rng.below(moves.len())]);
            }
            if game.is_finished() {
                continue;
            }
            let mut searcher = Searcher::new(kind, &Settings::DEFAULT);
            let far = Instant::now() + std::time::Duration::from_secs(3600);
            let start = Instant::now();
            let result = searcher.search(&game, Limits { soft: far, hard: far, max_depth: SEARCH_DEPTH });
            seconds += start.elapsed().as_secs_f64();
            nodes += result.nodes;
        }
        println!(
            "search ({name} evaluation), depth {SEARCH_DEPTH} on 20 positions: {nodes} nodes in {seconds:.3} s, {:.2} M nodes/s ({:.0} ns a node)",
            nodes as f64 / seconds / 1e6,
            seconds / nodes as f64 * 1e9
        );
    }
    network_cost();
}

const SEARCH_DEPTH: i32 = 6;

/// The learned network's cost per node, measured apart from any search: along random movement
/// phases, each move's accumulator update (a copy of the parent's, as the search keeps one per
/// ply, then the stacks the move changed) and an evaluation of the position reached, for heads of
/// 0 (the update alone), 8 and 16 neurons. The weights are random: the cost does not depend on
/// them, except through how many activations are zero.
fn network_cost() {
    use dvonn::engine::network::{follow, perspective, refresh, HIDDEN, INPUTS, MAX_ACTIVE};
    use kit::nnue::{FloatNetwork, Network};
    let full_board = cases().swap_remove(1).game;
    let mut figures = Vec::new();
    for head in [0, 8, 16] {
        let mut rng = Rng::new(116);
        let mut float = FloatNetwork::zeros(INPUTS, HIDDEN, head);
        float.input_weights.iter_mut().for_each(|w| *w = (rng.unit() as f32 - 0.5) * 0.4);
        float.head_weights.iter_mut().for_each(|w| *w = (rng.unit() as f32 - 0.5) * 0.4);
        float.output_weights.iter_mut().for_each(|w| *w = rng.unit() as f32 - 0.5);
        let network = Network::<HIDDEN>::quantise(&float, MAX_ACTIVE).expect("random weights fit");
        // The same random games twice, with and without the network: the difference is its cost.
        let play = |with_network: bool| {
            let mut rng = Rng::new(116);
            let (mut moves_played, mut checksum) = (0u64, 0i64);
            let start = Instant::now();
            for _ in 0..20_000 {
                let mut game = full_board.clone();
                let mut accumulator = refresh(&network, game.board());
                while !game.is_over() {
                    let moves = game.legal_moves();
                    let mv = moves[rng.below(moves.len())];
                    let undo = game.make(mv);
                    if with_network {
                        let mut child = accumulator;
                        follow(&network, &mut child, game.board(), mv, undo);
                        if head > 0 {
                            checksum += network.evaluate(&child, perspective(game.to_move()));
                        }
                        accumulator = child;
                    }
                    moves_played += 1;
                }
            }
            (start.elapsed().as_secs_f64(), moves_played, checksum)
        };
        let (bare, moves_played, _) = play(false);
        let (with, _, checksum) = play(true);
        std::hint::black_box(checksum);
        figures.push(format!("head {head}: {:.0} ns", (with - bare) / moves_played as f64 * 1e9));
    }
    println!(
        "network ({HIDDEN} a side), a move's update and evaluation over random games: {}",
        figures.join(", ")
    );
}
