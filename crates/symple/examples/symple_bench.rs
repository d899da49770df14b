//! Prints the speed figures of the Symple crate: random playouts (full games by the random engine)
//! per second from the empty board, fixed-rule policy playouts per second from the empty board and
//! from a middle-game position, and the player's playouts in a fixed time.
//!
//! `cargo run --release -p symple --example symple_bench`

use std::time::{Duration, Instant};

use protocol::{Engine, Game, Rng, SearchGame, TurnClock};
use symple::engine::policy::fixed_rule_move;
use symple::engine::Player;
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
}
