//! The evaluation against a slow reference on contest positions, and the search on the ends of
//! contest games: it sees the wins the records played, and answers every position legally.

use std::time::{Duration, Instant};

use ayu::board::distance_below;
use ayu::engine::eval::{joining_cost, units};
use ayu::engine::mcts::Mcts;
use ayu::engine::search::{Limits, Searcher, WIN};
use ayu::settings::Settings;
use ayu::{Ayu, Colour};
use protocol::Game;
use testkit::data::{records, replay, Record};
use testkit::data_file;

fn games() -> Vec<Record> {
    records(&data_file("ayu-games-2015.txt"))
}

/// The spanning forest the slow way: every pair's distance by its own search, Kruskal's
/// algorithm over the pairs that have a path.
fn reference_forest(game: &Ayu, colour: Colour) -> (u32, u32) {
    let units = units(game.pieces(colour));
    let mut pairs = Vec::new();
    for i in 0..units.len() {
        for j in i + 1..units.len() {
            if let Some(length) = distance_below(units[i], units[j], game.empty(), u32::MAX) {
                pairs.push((length - 1, i, j));
            }
        }
    }
    pairs.sort();
    let mut parent: Vec<usize> = (0..units.len()).collect();
    fn root(parent: &mut [usize], mut x: usize) -> usize {
        while parent[x] != x {
            x = parent[x];
        }
        x
    }
    let (mut total, mut longest) = (0, 0);
    for (length, i, j) in pairs {
        let (a, b) = (root(&mut parent, i), root(&mut parent, j));
        if a != b {
            parent[a] = b;
            total += length;
            longest = longest.max(length);
        }
    }
    (total, longest)
}

#[test]
fn the_joining_cost_is_the_spanning_forest_of_the_unit_distances() {
    let mut checked = 0;
    for record in &games()[..30] {
        let mut game = Ayu::new();
        for text in &record.moves {
            for colour in [Colour::White, Colour::Black] {
                let cost = joining_cost(&game, colour);
                assert_eq!(cost.units as usize, units(game.pieces(colour)).len());
                assert_eq!(
                    (cost.tree, cost.longest),
                    reference_forest(&game, colour),
                    "{colour:?}\n{}",
                    game.render()
                );
                checked += 1;
            }
            game.apply(game.parse_move(text).expect("a legal record"));
        }
    }
    assert!(checked > 3_500, "{checked}");
}

fn search(game: &Ayu, depth: i32) -> ayu::engine::search::SearchResult<ayu::Move> {
    let far = Instant::now() + Duration::from_secs(3600);
    Searcher::new(&Settings::DEFAULT).search(game, Limits { soft: far, hard: far, max_depth: depth })
}

/// The first 40 records whose winner joined all its pieces with its last move, each two plies
/// before the end (the winner to move), with the record's line: join, let the opponent move, and
/// have no move left.
fn joining_endings() -> Vec<(usize, Ayu)> {
    let mut endings = Vec::new();
    for record in games().iter().filter(|r| r.moves.len() < 100) {
        let before = record.moves.len() - 2;
        let game: Ayu = replay(&[], &record.moves[..before]).expect("a legal record");
        let joined: Ayu = replay(&[], &record.moves[..before + 1]).expect("a legal record");
        if units(joined.pieces(game.to_move())).len() == 1 {
            endings.push((record.line, game));
        }
        if endings.len() == 40 {
            break;
        }
    }
    assert_eq!(endings.len(), 40);
    endings
}

/// The winning move leaves the opponent a move (else the opponent would win at once).
fn assert_the_opponent_can_answer(game: &Ayu, best: ayu::Move) {
    let mut after = game.clone();
    after.apply(best);
    assert!(!after.is_over(), "the winning move leaves the opponent a move");
}

#[test]
fn the_search_sees_the_wins_the_records_played() {
    for (line, game) in joining_endings() {
        let result = search(&game, 3);
        assert!(result.score >= WIN - 3, "game {line}: score {} at depth {}", result.score, result.depth);
        assert_the_opponent_can_answer(&game, result.best);
    }
}

#[test]
fn the_monte_carlo_solver_proves_the_wins_the_records_played() {
    // The tree reaches the end of the game within a few plies, so the solver proves the win long
    // before the playout budget runs out.
    let far = Instant::now() + Duration::from_secs(3600);
    for (line, game) in joining_endings() {
        let result = Mcts::new(1, &Settings::DEFAULT).search(&game, far, 200_000);
        assert_eq!(result.proven, Some(true), "game {line}: {result:?}");
        assert!(result.playouts < 200_000, "game {line}: the search stops once the win is proven");
        assert_the_opponent_can_answer(&game, result.best);
    }
}

/// A search of 30,000 playouts from ply 20 of a contest game, then a search without playouts of
/// the position two plies down its principal line, which only keeps that subtree: the searcher,
/// the position reached and the subtree's visits, wins and nodes. Checks that the kept tree is
/// that subtree.
fn searched_then_kept(settings: &Settings) -> (Mcts, Ayu, (u32, f32, usize)) {
    let game: Ayu = replay(&[], &games()[7].moves[..20]).expect("a legal record");
    let far = Instant::now() + Duration::from_secs(3600);
    let mut mcts = Mcts::new(3, settings);
    let first = mcts.search(&game, far, 30_000);
    let line = mcts.principal_variation(2);
    assert_eq!(line.len(), 2);
    assert_eq!(line[0], first.best);
    let expected = mcts.subtree_summary(&line);
    let mut reached = game.clone();
    reached.apply(line[0]);
    reached.apply(line[1]);
    assert_eq!(mcts.search(&reached, far, 0).playouts, 0);
    // The new root is the node of the two moves, with its visits and its whole subtree.
    assert_eq!(mcts.subtree_summary(&[]), expected);
    (mcts, reached, expected)
}

#[test]
fn the_monte_carlo_tree_kept_after_two_plies_is_the_subtree_of_the_position_reached() {
    let (mcts, reached, expected) =
        searched_then_kept(&Settings { mcts_keep_tree: true, ..Settings::DEFAULT });
    assert!(expected.0 > 100, "the line was searched: {expected:?}");
    // Every kept move is legal where it stands.
    mcts.check_tree(&reached);
}

#[test]
fn the_tree_led_by_learned_priors_alone_holds_every_move_and_keeps_its_subtree() {
    // The defaults have both priors; this is the learned one without the playouts' values.
    let settings = Settings { mcts_prior_visits: 5.0, mcts_value_prior: 0.0, ..Settings::DEFAULT };
    let (mcts, reached, expected) = searched_then_kept(&settings);
    assert!(expected.0 > 100, "the line was searched: {expected:?}");
    mcts.check_tree(&reached);
}

#[test]
fn transposed_positions_share_their_children_and_the_kept_tree_keeps_the_sharing() {
    let settings = Settings { mcts_transpositions: true, ..Settings::DEFAULT };
    let (mut mcts, reached, _) = searched_then_kept(&settings);
    // Every shared block is legal from each position that uses it.
    mcts.check_tree(&reached);
    // The search goes on in the kept graph, sharing again.
    let second = mcts.search(&reached, Instant::now() + Duration::from_secs(3600), 50_000);
    assert!(reached.is_legal(second.best));
    mcts.check_tree(&reached);
    let shared = mcts.transposed_nodes();
    assert!(shared > 10, "{shared} transposed positions");
}

#[test]
fn every_answer_is_legal_along_contest_games() {
    for record in &games()[100..104] {
        let mut game = Ayu::new();
        for text in &record.moves {
            let result = search(&game, 2);
            assert!(game.is_legal(result.best), "{}\n{}", result.best, game.render());
            game.apply(game.parse_move(text).expect("a legal record"));
        }
    }
}

/// The opening focus, followed the slow way: the eight pieces next to the corners, moved along
/// with every move that lifts one of them.
#[test]
fn the_opening_focus_lifts_only_from_units_holding_a_corner_piece() {
    use ayu::engine::mcts::MctsPlayer;
    use ayu::settings::OPENING_FOCUS_POINTS;
    use ayu::{Move, Point};
    use protocol::{Engine, Rng, TurnClock};

    let focus_plies = 20;
    // A fixed budget and a clock that never binds: the same moves on any machine.
    let settings =
        Settings { mcts_focus_plies: focus_plies, mcts_playouts_per_move: 600, ..Settings::DEFAULT };
    let mut rng = Rng::new(7);
    let mut lifted_outside_after_focus = 0;
    for (seed, we_start) in [(1, true), (2, false), (3, true), (4, false)] {
        let mut player = MctsPlayer::new(seed, &settings);
        let mut game = Ayu::new();
        let mut focus: ayu::Bits =
            OPENING_FOCUS_POINTS.iter().map(|&index| Point::from_index(index).bit()).sum();
        while !game.is_over() && game.plies() < focus_plies + 20 {
            let ours = (game.plies() % 2 == 0) == we_start;
            let mv = if ours {
                let mv = player.choose(&game, &TurnClock::with_available(Duration::from_secs(3600)));
                let mover_focus = focus & game.pieces(game.to_move());
                let holds_focus = game.unit_of(mv.from) & mover_focus != 0;
                if game.plies() < focus_plies {
                    assert!(
                        holds_focus,
                        "ply {}: {} lifts from a unit without a corner piece\n{}",
                        game.plies(),
                        mv,
                        game.render()
                    );
                } else if !holds_focus {
                    lifted_outside_after_focus += 1;
                }
                mv
            } else {
                let mut moves: Vec<Move> = Vec::new();
                let _ = game.for_each_legal(|mv| {
                    moves.push(mv);
                    std::ops::ControlFlow::Continue(())
                });
                moves[rng.below(moves.len())]
            };
            assert!(game.is_legal(mv));
            if focus & mv.from.bit() != 0 {
                focus ^= mv.from.bit() | mv.to.bit();
            }
            game.apply(mv);
        }
    }
    // 10 of these moves after the focus lift from elsewhere.
    assert!(lifted_outside_after_focus > 0, "the focus ends at ply {focus_plies}");
}
