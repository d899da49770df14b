//! The player's search against its yardstick: with no time to search it plays exactly the
//! baseline's move, and with a fixed playout budget it still moves legally from positions of every
//! phase. Budgets are playouts, never time, so that the verdicts do not depend on the machine.

use std::time::Duration;

use protocol::{Engine, Game, Rng, SearchGame, TurnClock};
use symple::engine::{Baseline, Player};
use symple::settings::{Settings, CLOCK_CHECK_PLAYOUTS};
use symple::Move;
use symple::Symple;

/// Positions from random games, `plies` random moves deep for a spread of `plies`.
fn positions(seed: u64, count: usize) -> Vec<Symple> {
    let mut rng = Rng::new(seed);
    (0..count)
        .filter_map(|i| {
            let mut game = Symple::new();
            for _ in 0..(i * 7) % 70 {
                let mv = game.random_move(&mut rng)?;
                game.apply(mv);
            }
            (!game.is_full()).then_some(game)
        })
        .collect()
}

#[test]
fn with_no_time_to_search_the_player_plays_the_baselines_move() {
    let settings = Settings::DEFAULT;
    let mut differ_from_greedy = 0;
    for (i, game) in positions(39, 60).iter().enumerate() {
        let seed = 1000 + i as u64;
        let ours = Player::new(seed, &settings).choose(game, &TurnClock::with_available(Duration::ZERO));
        let baseline =
            Baseline::new(seed, &settings).choose(game, &TurnClock::with_available(Duration::ZERO));
        assert_eq!(game.format_move(ours), game.format_move(baseline), "position {i}:\n{}", game.render());
        // The baseline does not simply repeat the first candidate the tree would widen to.
        let greedy = Player::new(seed, &Settings { baseline_credit: 0, ..settings })
            .choose(game, &TurnClock::with_available(Duration::ZERO));
        differ_from_greedy += usize::from(greedy != baseline);
    }
    // Without the credit, 8 playouts pick another candidate in some positions: the credit decides.
    assert!(differ_from_greedy > 0);
}

/// A clock that never binds here: the fixed playout budget alone ends each search.
fn far() -> TurnClock {
    TurnClock::with_available(Duration::from_secs(3600))
}

#[test]
fn with_a_fixed_budget_the_tree_player_moves_legally_in_every_phase() {
    let settings = Settings { playouts_per_move: 100, ..Settings::DEFAULT };
    let mut left_the_baseline = 0;
    for (i, game) in positions(40, 20).iter().enumerate() {
        let seed = 2000 + i as u64;
        let mut player = Player::new(seed, &settings);
        let ours = player.choose(game, &far());
        assert!(game.is_legal(ours), "position {i}: {}\n{}", game.format_move(ours), game.render());
        assert_eq!(player.playouts(), 100, "position {i}");
        let baseline = Baseline::new(seed, &settings).choose(game, &far());
        left_the_baseline += usize::from(ours != baseline);
    }
    // With 100 playouts a move the search overrules the baseline somewhere (3 of these 20).
    assert!(left_the_baseline > 0);
}

#[test]
fn a_fixed_budget_gives_the_same_search_on_every_run_and_the_deadline_still_holds() {
    let settings = Settings { playouts_per_move: 60, ..Settings::DEFAULT };
    for (i, game) in positions(41, 10).iter().enumerate() {
        let seed = 3000 + i as u64;
        let runs: Vec<(Move, u32)> = (0..2)
            .map(|_| {
                let mut player = Player::new(seed, &settings);
                let mv = player.choose(game, &far());
                (mv, player.playouts())
            })
            .collect();
        assert_eq!(runs[0], runs[1], "position {i}:\n{}", game.render());
        // Not a multiple of the playouts between looks at the clock: the budget is exact.
        assert_eq!(runs[0].1, 60, "position {i}");
        // A budget far beyond the clock: the deadline ends the search at its first look.
        let mut hurried = Player::new(seed, &Settings { playouts_per_move: 1_000_000, ..settings });
        hurried.choose(game, &TurnClock::with_available(Duration::ZERO));
        assert_eq!(hurried.playouts(), CLOCK_CHECK_PLAYOUTS, "position {i}");
    }
}
