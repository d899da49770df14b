//! The Dvonn player: exact endgame scores against plain minimax, legal moves through whole
//! games, the placement rule, and the hard deadline.

use std::time::{Duration, Instant};

use dvonn::engine::eval::{final_score, Evaluator, Terms};
use dvonn::engine::placement::choose_placement;
use dvonn::engine::search::{Guard, Limits, Proof, Searcher};
use dvonn::engine::{EvalKind, Player};
use dvonn::settings::Settings;
use dvonn::{Dvonn, Field, Move, Piece};
use protocol::RandomEngine;
use protocol::{Engine, Game, Rng, TurnClock};

/// Plain minimax over the whole remaining game (no pruning, no table), or `None` past `budget`
/// nodes.
fn plain_value(game: &mut Dvonn, budget: &mut u64) -> Option<i32> {
    if game.is_finished() {
        return Some(final_score(game));
    }
    *budget = budget.checked_sub(1)?;
    let mut best = i32::MIN;
    for mv in game.legal_moves() {
        let undo = game.make(mv);
        let value = plain_value(game, budget).map(|v| -v);
        game.unmake(mv, undo);
        best = best.max(value?);
    }
    Some(best)
}

/// A random game into the movement phase, `movement_plies` plies deep (or to its end).
fn random_position(rng: &mut Rng, movement_plies: usize) -> Dvonn {
    let mut game = Dvonn::new();
    let mut played = 0;
    while !game.is_finished() && played < movement_plies {
        let moves = game.legal_moves();
        if moves.is_empty() {
            break;
        }
        played += usize::from(!game.is_placement());
        game.make(moves[rng.below(moves.len())]);
    }
    game
}

/// Up to `count` movement positions of random games, `min_plies` to `min_plies` + 15 movement
/// plies deep, small enough for plain minimax, each with its value.
fn small_endgames(seed: u64, min_plies: usize, count: usize) -> Vec<(Dvonn, i32)> {
    let mut rng = Rng::new(seed);
    let mut endgames = Vec::new();
    for _ in 0..count * 16 {
        if endgames.len() >= count {
            break;
        }
        let depth = min_plies + rng.below(16);
        let mut game = random_position(&mut rng, depth);
        if game.is_finished() || game.is_placement() || game.legal_moves().len() < 2 {
            continue;
        }
        let mut budget = 200_000;
        if let Some(value) = plain_value(&mut game, &mut budget) {
            endgames.push((game, value));
        }
    }
    endgames
}

fn far_limits() -> Limits {
    let far = Instant::now() + Duration::from_secs(3600);
    Limits { soft: far, hard: far, max_depth: 40 }
}

#[test]
fn exact_search_results_match_plain_minimax() {
    let endgames = small_endgames(2011, 22, 25);
    assert!(endgames.len() >= 10, "only {} endgames compared", endgames.len());
    for (game, expected) in endgames {
        for kind in [EvalKind::Full, EvalKind::Material] {
            let result = Searcher::new(kind, &Settings::DEFAULT).search(&game, far_limits());
            assert!(game.is_legal(result.best));
            assert!(result.exact, "a small endgame is searched to the end");
            assert_eq!(result.score, expected, "{kind:?} at ply {}", game.plies());
            // The move it names reaches that value.
            assert_eq!(move_value(&game, result.best), expected);
        }
    }
}

#[test]
fn searches_that_prune_late_moves_never_claim_an_exact_result_they_did_not_see() {
    // Pruning far harder than the player: in every null-window node, the quiet moves from the
    // index equal to its depth on.
    let mut pruning = Settings::DEFAULT;
    pruning.lmp_depth = 40;
    pruning.lmp_moves = 1;
    let mut plain = Settings::DEFAULT;
    plain.lmp_depth = 0;
    let (mut exact, mut withheld) = (0, 0);
    for (game, expected) in small_endgames(2012, 20, 25) {
        // The search without pruning proves the value at some depth; at that depth and deeper,
        // the pruning search must either prove the same value or claim nothing.
        let full = Searcher::new(EvalKind::Full, &plain).search(&game, far_limits());
        assert!(full.exact && full.score == expected);
        for max_depth in [full.depth, full.depth + 2, 40] {
            let limits = Limits { max_depth, ..far_limits() };
            let pruned = Searcher::new(EvalKind::Full, &pruning).search(&game, limits);
            assert!(game.is_legal(pruned.best));
            if pruned.exact {
                assert_eq!(pruned.score, expected, "at ply {}, depth {max_depth}", game.plies());
                exact += 1;
            } else {
                withheld += 1;
            }
        }
    }
    // Both kinds of search must have happened for the test to mean anything.
    assert!(exact >= 10 && withheld >= 5, "{exact} exact, {withheld} withheld");
}

#[test]
fn proofs_of_wins_and_draws_match_plain_minimax() {
    let far = Instant::now() + Duration::from_secs(3600);
    let endgames = small_endgames(2015, 20, 40);
    assert!(endgames.len() >= 20, "only {} endgames compared", endgames.len());
    let (mut reached, mut missed) = (0, 0);
    for (game, value) in endgames {
        // One searcher for a shallow search and both questions, as in play: the evaluated
        // entries of the search and the bounds the first proof leaves must not mislead the next.
        let mut searcher = Searcher::new(EvalKind::Full, &Settings::DEFAULT);
        searcher.search(&game, Limits { max_depth: 3, ..far_limits() });
        for result in [1, 0] {
            match searcher.prove(&game, result, far) {
                Proof::Reached(mv) => {
                    assert!(value >= result, "ply {}: {value} proved to reach {result}", game.plies());
                    let after_value = move_value(&game, mv);
                    assert!(after_value >= result, "ply {}: {mv} reaches only {after_value}", game.plies());
                    reached += 1;
                }
                Proof::Missed => {
                    assert!(value < result, "ply {}: {value} not proved to reach {result}", game.plies());
                    missed += 1;
                }
                Proof::Unknown => panic!("no deadline, yet no proof"),
            }
        }
    }
    assert!(reached >= 5 && missed >= 5, "{reached} proofs reached, {missed} missed");
}

/// The value of `mv` for the side to move in `game`, by plain minimax.
fn move_value(game: &Dvonn, mv: Move) -> i32 {
    let mut after = game.clone();
    after.make(mv);
    let mut budget = 400_000;
    -plain_value(&mut after, &mut budget).expect("the endgame is small")
}

#[test]
fn root_moves_left_out_are_never_played_and_the_others_keep_their_values() {
    let endgames = small_endgames(2016, 22, 25);
    assert!(endgames.len() >= 10, "only {} endgames compared", endgames.len());
    let mut searched = 0;
    for (game, value) in endgames {
        let mut searcher = Searcher::new(EvalKind::Full, &Settings::DEFAULT);
        let first = searcher.search(&game, far_limits());
        assert_eq!((first.score, first.exact), (value, true), "ply {}", game.plies());
        searcher.exclude_at_root(first.best);
        let second = searcher.search(&game, far_limits());
        let rest: Vec<i32> = game
            .legal_moves()
            .into_iter()
            .filter(|&mv| mv != first.best)
            .map(|mv| move_value(&game, mv))
            .collect();
        assert_ne!(second.best, first.best, "ply {}", game.plies());
        // A single move left is played unsearched.
        if rest.len() > 1 {
            assert_eq!(Some(&second.score), rest.iter().max(), "ply {}", game.plies());
            assert_eq!(second.score, move_value(&game, second.best), "ply {}", game.plies());
            searched += 1;
        }
        searcher.clear_excluded();
        assert_eq!(searcher.search(&game, far_limits()).score, value, "ply {}", game.plies());
    }
    assert!(searched >= 5, "only {searched} searches without the best move compared");
}

#[test]
fn the_guard_replaces_a_move_that_loses_by_one_that_holds() {
    let far = Instant::now() + Duration::from_secs(3600);
    let (mut held, mut kept, mut lost) = (0, 0, 0);
    for (game, value) in small_endgames(2017, 20, 30) {
        let values: Vec<(Move, i32)> =
            game.legal_moves().into_iter().map(|mv| (mv, move_value(&game, mv))).collect();
        for &(mv, mv_value) in &values {
            let mut searcher = Searcher::new(EvalKind::Full, &Settings::DEFAULT);
            // A shallow search first, as in play: its evaluated entries must not fool the proofs.
            searcher.search(&game, Limits { max_depth: 2, ..far_limits() });
            let guard = searcher.guard(&game, mv, far, far);
            let ply = game.plies();
            match guard {
                Guard::Kept => {
                    assert!(mv_value >= 0 || values.len() == 1, "ply {ply}: {mv} kept, loses: {mv_value}");
                    kept += 1;
                }
                Guard::Holds(holds) => {
                    assert!(
                        mv_value < 0 && move_value(&game, holds) >= 0,
                        "ply {ply}: {mv} ({mv_value}), {holds}"
                    );
                    held += 1;
                }
                Guard::Lost => {
                    assert!(
                        mv_value < 0 && value < 0,
                        "ply {ply}: {mv} ({mv_value}) in a position of {value}"
                    );
                    lost += 1;
                }
                Guard::Other(other) => {
                    panic!("ply {ply}: no deadline, yet {other} neither proven nor refuted")
                }
            }
        }
    }
    assert!(
        held >= 10 && kept >= 10 && lost >= 10,
        "{held} moves held, {kept} kept, {lost} in lost positions"
    );
}

#[test]
fn the_player_moves_legally_through_whole_games() {
    // A fixed depth on a clock that never binds: the same games on any machine.
    let clock = || TurnClock::with_available(Duration::from_secs(3600));
    let fixed = Settings { max_depth: 3, ..Settings::DEFAULT };
    // Seeds 2 and 3 with the guard and its reserve of time on (off by default).
    let guarded = Settings { guard_stacks: 32, guard_reserve: 0.15, ..fixed };
    for seed in 0..4u64 {
        let mut game = Dvonn::new();
        let settings = if seed < 2 { fixed } else { guarded };
        let mut player = Player::new(seed, EvalKind::Full, &settings);
        let mut random = RandomEngine::new(seed + 100);
        let player_colour = seed % 2;
        while !game.is_over() {
            let players_turn = game.to_move().index() as u64 == player_colour;
            let mv =
                if players_turn { player.choose(&game, &clock()) } else { random.choose(&game, &clock()) };
            assert!(game.is_legal(mv), "seed {seed}, ply {}: {mv}", game.plies() + 1);
            let text = game.format_move(mv);
            game.apply(game.parse_move(&text).unwrap());
        }
    }
}

#[test]
fn dvonn_pieces_go_near_the_centre_and_apart() {
    let centre = Field::parse("F3").unwrap();
    let settings = Settings { place_dvonn_coverage: false, ..Settings::DEFAULT };
    for seed in 0..20 {
        let mut rng = Rng::new(seed);
        let mut game = Dvonn::new();
        let mut placed = Vec::new();
        while game.piece_to_place() == Some(Piece::Dvonn) {
            let field = choose_placement(&game, &mut rng, &settings);
            assert!(field.distance(centre) <= 2, "{field}");
            assert!(placed.iter().all(|&p: &Field| p.distance(field) >= 2), "{field} next to {placed:?}");
            placed.push(field);
            game.make(Move::Place(field));
        }
        assert_eq!(placed.len(), 3);
    }
}

#[test]
fn dvonn_pieces_spread_to_cover_the_board_by_the_coverage_rule() {
    // Whatever the opponent's Dvonn pieces, ours leave no field more than three steps from one,
    // and none of ours goes next to another Dvonn piece.
    let settings = Settings { place_dvonn_coverage: true, ..Settings::DEFAULT };
    let all: Vec<Field> = (0..dvonn::FIELDS).map(Field::from_index).collect();
    for (seed, first) in ["", "A1", "K5", "F3", "B2"].into_iter().enumerate() {
        let mut rng = Rng::new(seed as u64);
        let mut game = Dvonn::new();
        let mut placed: Vec<Field> = Vec::new();
        while game.piece_to_place() == Some(Piece::Dvonn) {
            let ours = game.plies() != 0 || first.is_empty();
            let field = if ours {
                choose_placement(&game, &mut rng, &settings)
            } else {
                Field::parse(first).unwrap()
            };
            if ours {
                assert!(placed.iter().all(|&p| p.distance(field) >= 2), "{field} next to {placed:?}");
            }
            placed.push(field);
            game.make(Move::Place(field));
        }
        let farthest =
            all.iter().map(|f| placed.iter().map(|&d| f.distance(d)).min().unwrap()).max().unwrap();
        assert!(farthest <= 3, "{placed:?} leave a field {farthest} steps away");
    }
}

#[test]
fn the_search_stops_at_the_hard_deadline() {
    let mut rng = Rng::new(4);
    let game = random_position(&mut rng, 1);
    assert!(!game.is_placement() && !game.is_finished());
    let start = Instant::now();
    let soon = start + Duration::from_millis(30);
    let result = Searcher::new(EvalKind::Full, &Settings::DEFAULT)
        .search(&game, Limits { soft: soon, hard: soon, max_depth: 40 });
    assert!(game.is_legal(result.best));
    // Far below the minutes a full-width depth-40 search would take; generous for a loaded machine.
    assert!(start.elapsed() < Duration::from_secs(2), "{:?}", start.elapsed());
}

#[test]
fn the_evaluation_is_its_terms_weighed_by_the_settings() {
    // What a fitting tool weighs afresh must be what the search evaluates: on movement positions
    // of random games, under the defaults and under other weights, the two agree up to the
    // rounding of the evaluation's integer divisions (a few hundredths).
    // The terms are the hand evaluation's; the learned correction on top of it is checked in
    // `engine::eval`'s tests, so it is off here.
    let mut rng = Rng::new(37);
    let hand = Settings { learned_weight: 0, ..Settings::DEFAULT };
    let others = Settings {
        piece_scale: 30,
        stack_value: 80,
        reach_value: 40,
        onto_dvonn: 10,
        onto_enemy: 35,
        mobility: 7,
        threatened_piece: 22,
        tempo: 55,
        ..hand
    };
    let mut nonzero = [false; dvonn::engine::eval::TERM_COUNT];
    for settings in [hand, others] {
        let mut evaluator = Evaluator::new(EvalKind::Full, &settings);
        let weights = Terms::weights(&settings);
        for i in 0..200 {
            let game = random_position(&mut rng, i % 40);
            if game.is_finished() || game.is_placement() {
                continue;
            }
            let terms = evaluator.terms(&game);
            for (seen, term) in nonzero.iter_mut().zip(terms.0) {
                *seen |= term != 0.0;
            }
            let (evaluated, weighed) = (evaluator.evaluate(&game), terms.value(&weights));
            assert!((f64::from(evaluated) - weighed).abs() < 4.0, "{evaluated} vs {weighed}");
        }
    }
    assert!(nonzero.iter().all(|&seen| seen), "every term varies: {nonzero:?}");
}
