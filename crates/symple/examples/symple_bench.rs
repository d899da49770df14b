//! Prints the speed figures of the Symple crate: random playouts (full games by the random engine)
//! per second from the empty board, fixed-rule policy playouts per second from the empty board and
//! from a middle-game position, the player's playouts in a fixed time, and the exact endgame
//! solver's time and nodes by the number of vacant points left.
//!
//! `cargo run --release -p symple --example symple_bench`

use std::time::{Duration, Instant};

use protocol::{Engine, Game, Rng, SearchGame, TurnClock};
use symple::engine::policy::fixed_rule_move;
use symple::engine::{Player, Solver};
use symple::settings::Settings;
use symple::Symple;

const RUN: Duration = Duration::from_millis(1500);

fn per_second(mut one: impl FnMut() -> u32) -> (f64, f64) {
    let start = Instant::now();
    let (mut games, mut plies) = (0u64, 0u64);
    while start.elapsed() < RUN {
        plies += u64::from(one());
        games += 1;
    }
    let seconds = start.elapsed().as_secs_f64();
    (games as f64 / seconds, plies as f64 / games as f64)
}

fn main() {
    let settings = Settings::DEFAULT;
    let mut rng = Rng::new(1);
    let (random, plies) = per_second(|| {
        let mut game = Symple::new();
        let mut plies = 0;
        while let Some(mv) = game.random_move(&mut rng) {
            game.apply(mv);
            plies += 1;
        }
        plies
    });
    println!("random playouts from the empty board: {random:.0}/s ({plies:.0} plies a game)");

    // The position after 20 plies of the fixed-rule policy (group target 8) from a fixed seed.
    let middle = {
        let mut game = Symple::new();
        let mut fixed = Rng::new(2013);
        for _ in 0..20 {
            let mv = fixed_rule_move(&game, 8, &settings, settings.playout_noise, &mut fixed);
            game.apply(mv);
        }
        game
    };
    for (name, start) in [("the empty board", Symple::new()), ("a middle-game position (20 plies)", middle)] {
        let (speed, plies) = per_second(|| {
            let mut game = start.clone();
            let mut plies = 0;
            while !game.is_over() {
                let mv = fixed_rule_move(&game, 8, &settings, settings.playout_noise, &mut rng);
                game.apply(mv);
                plies += 1;
            }
            plies
        });
        println!("policy playouts from {name}: {speed:.0}/s ({plies:.0} plies a game)");
    }

    let mut player = Player::new(1, &Settings { time_share: 1.0, ..settings });
    let clock = TurnClock::with_available(Duration::from_secs(1));
    let start = Instant::now();
    let mv = player.choose(&Symple::new(), &clock);
    println!(
        "player: first move {} in {:.0} ms (its stderr line gives the playouts)",
        Symple::new().format_move(mv),
        start.elapsed().as_secs_f64() * 1e3
    );
    solver_figures(&settings);
}

/// The endgame solver on positions of policy games (group targets 8) stopped at `vacant` vacant
/// points or fewer: the median time and nodes over a few games, at most 3 s each.
fn solver_figures(settings: &Settings) {
    for vacant in [8u32, 12, 16, 20, 24, 28, 32] {
        let mut rng = Rng::new(u64::from(vacant));
        let (mut times, mut nodes, mut gave_up) = (Vec::new(), Vec::new(), 0);
        for _ in 0..7 {
            let mut game = Symple::new();
            while game.empty().count() > vacant {
                let mv = fixed_rule_move(&game, 8, settings, settings.playout_noise, &mut rng);
                game.apply(mv);
            }
            if game.is_full() {
                continue;
            }
            let mut solver = Solver::new(16);
            let start = Instant::now();
            let solved = solver.solve(&game, Some(start + Duration::from_secs(3)));
            times.push(start.elapsed().as_secs_f64() * 1e3);
            nodes.push(solver.nodes());
            gave_up += usize::from(solved.is_none());
        }
        times.sort_by(f64::total_cmp);
        nodes.sort_unstable();
        println!(
            "solver at <= {vacant} vacant points: median {:.1} ms, {} nodes, {gave_up} of {} given up (3 s)",
            times[times.len() / 2],
            nodes[nodes.len() / 2],
            times.len()
        );
    }
}
