//! The player's search against its yardstick: with no time to search it plays exactly the
//! baseline's move, and with time it still moves legally from positions of every phase.

use std::time::Duration;

use protocol::{Engine, Game, Rng, SearchGame, TurnClock};
use symple::engine::{Baseline, Player};
use symple::settings::Settings;
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

#[test]
fn given_time_the_tree_player_moves_legally_in_every_phase() {
    let settings = Settings::DEFAULT;
    let mut left_the_baseline = 0;
    for (i, game) in positions(40, 20).iter().enumerate() {
        let seed = 2000 + i as u64;
        let clock = TurnClock::with_available(Duration::from_millis(400));
        let ours = Player::new(seed, &settings).choose(game, &clock);
        assert!(game.is_legal(ours), "position {i}: {}\n{}", game.format_move(ours), game.render());
        let baseline = Baseline::new(seed, &settings).choose(game, &clock);
        left_the_baseline += usize::from(ours != baseline);
    }
    // With about 100 playouts a move (8% of 400 ms) the search overrules the baseline somewhere.
    assert!(left_the_baseline > 0);
}
