//! The pairing proofs (`polyy::proof`) against exhaustive play on nearly full boards, against
//! adversarial continuations on open ones, and on constructed bridges and side pairs.

use std::time::Duration;

use polyy::board::{Bits, Field, Fields, ALL_FIELDS, SIDE_FIELDS};
use polyy::engine::Player;
use polyy::proof::{pairing, proven_winner, Pairing};
use polyy::settings::Settings;
use polyy::{Move, PolyY};
use protocol::{Engine, Game, Rng, Seat, TurnClock};
use testkit::data::records;
use testkit::data_file;

/// The position with these stones, placed alternately (the first seat's first); `None` when the
/// counts cannot alternate or the game is over.
fn position(first: Bits, second: Bits) -> Option<PolyY> {
    let (n1, n2) = (first.count_ones(), second.count_ones());
    if n1 != n2 && n1 != n2 + 1 || first & second != 0 {
        return None;
    }
    let mut game = PolyY::new();
    let (mut firsts, mut seconds) = (Fields(first), Fields(second));
    // Corners only grow, so a position with no winner has none on the way to it either.
    while let Some(field) = if game.to_move() == Seat::First { firsts.next() } else { seconds.next() } {
        if game.is_finished() {
            return None;
        }
        game.apply(Move::Place(field));
    }
    (!game.is_finished()).then_some(game)
}

/// The winner with best play from here, by exhaustive search.
fn solve(game: &PolyY) -> Seat {
    if let Some(winner) = game.winner() {
        return winner;
    }
    let mover = game.to_move();
    for field in Fields(game.empty()) {
        let mut after = game.clone();
        after.apply(Move::Place(field));
        if solve(&after) == mover {
            return mover;
        }
    }
    mover.other()
}

/// A random full board's stones, 53 each.
fn random_full_board(rng: &mut Rng) -> (Bits, Bits) {
    let mut fields: Vec<Field> = Field::all().collect();
    rng.shuffle(&mut fields);
    let first = fields[..53].iter().fold(0, |bits, f| bits | f.bit());
    (first, ALL_FIELDS & !first)
}

/// `stones` without `count` of its fields, chosen at random.
fn without(stones: Bits, count: usize, rng: &mut Rng) -> Bits {
    let mut fields: Vec<Field> = Fields(stones).collect();
    rng.shuffle(&mut fields);
    fields[..count].iter().fold(stones, |bits, f| bits & !f.bit())
}

#[test]
fn every_proof_agrees_with_exhaustive_play_on_nearly_full_boards() {
    let mut rng = Rng::new(2014);
    let (mut checked, mut proven) = (0, 0);
    while checked < 400 {
        let (first, second) = random_full_board(&mut rng);
        let removed_second = 3 + rng.below(2);
        let Some(game) = position(without(first, 4, &mut rng), without(second, removed_second, &mut rng))
        else {
            continue;
        };
        checked += 1;
        let exact = solve(&game);
        if let Some(winner) = proven_winner(&game) {
            proven += 1;
            assert_eq!(winner, exact, "a wrong proof:\n{}", game.render());
        }
    }
    // Most such positions are decided by pairs, some only by reading: both kinds were seen.
    assert!(proven > 100 && proven < 400, "{proven} of 400 proven");
}

/// A continuation of `game` in which the seat of `proof` keeps its pairs (it answers a stone in a
/// pair with the other field, else plays at random off the pairs) and the opponent plays at
/// random, into a pair half of the time. Returns the winner.
fn play_out_against_the_pairs(game: &PolyY, seat: Seat, proof: &Pairing, rng: &mut Rng) -> Seat {
    let mut game = game.clone();
    let mut open_pairs: Vec<Bits> = proof.pairs.to_vec();
    let mut answer = None;
    while game.winner().is_none() {
        let empty = game.empty();
        let in_pairs = open_pairs.iter().fold(0, |bits, pair| bits | pair);
        let pick = |pool: Bits, rng: &mut Rng| {
            let fields: Vec<Field> = Fields(pool).collect();
            fields[rng.below(fields.len())]
        };
        let field = if game.to_move() == seat {
            match answer.take() {
                Some(field) => field,
                None if empty & !in_pairs != 0 => pick(empty & !in_pairs, rng),
                None => pick(empty, rng),
            }
        } else if in_pairs != 0 && rng.chance(0.5) {
            pick(in_pairs, rng)
        } else {
            pick(empty, rng)
        };
        if let Some(at) = open_pairs.iter().position(|pair| pair & field.bit() != 0) {
            let pair = open_pairs.swap_remove(at);
            if game.to_move() != seat {
                answer = Fields(pair & !field.bit()).next();
            }
        }
        game.apply(Move::Place(field));
    }
    game.winner().expect("the game ended")
}

#[test]
fn a_proven_seat_wins_every_continuation_in_which_it_keeps_its_pairs() {
    let mut rng = Rng::new(2015);
    let mut proofs = 0;
    let mut positions = 0;
    while proofs < 300 {
        let (first, second) = random_full_board(&mut rng);
        let removed = 8 + rng.below(25);
        let Some(game) = position(without(first, removed, &mut rng), without(second, removed, &mut rng))
        else {
            continue;
        };
        positions += 1;
        for seat in Seat::BOTH {
            let proof = pairing(&game, seat);
            assert!(proof.corners & game.corners(seat) == game.corners(seat), "held corners count");
            let fields = proof.pairs.iter().fold(0, |all: Bits, pair| {
                assert_eq!(pair.count_ones(), 2);
                assert_eq!(all & pair, 0, "pairs overlap");
                assert_eq!(pair & !game.empty(), 0, "a pair on a stone");
                all | pair
            });
            assert_eq!(fields.count_ones() as usize, 2 * proof.pairs.len());
            if proof.wins() {
                proofs += 1;
                for _ in 0..10 {
                    assert_eq!(play_out_against_the_pairs(&game, seat, &proof, &mut rng), seat);
                }
            }
        }
    }
    assert!(positions < 20 * proofs, "proofs are not rare: {proofs} in {positions}");
}

/// Positions of the 2014 contest records in which the player to move has a pairing that wins,
/// one per game from every `step`-th game that has one: the first such position.
fn proven_record_positions(step: usize) -> Vec<PolyY> {
    let games = records(&data_file("polyy-games-2014.txt"));
    games
        .iter()
        .step_by(step)
        .filter_map(|record| {
            let mut game = PolyY::new();
            for text in &record.moves {
                game.apply(game.parse_move(text).expect("a legal record"));
                if game.is_finished() {
                    return None;
                }
                if pairing(&game, game.to_move()).wins() {
                    return Some(game);
                }
            }
            None
        })
        .collect()
}

/// The player from positions of the records a pairing wins for it, with almost no search (a
/// budget of 8 playouts a move, on a clock that never binds, so that no machine searches more than
/// another), against an opponent that breaks into the pairs of the position's current pairing
/// half of the time: games won and played. (The search alone wins them too; with the pairs'
/// answers replaced by random fields the player won 74 of 92.)
fn player_games_won() -> (usize, usize) {
    let mut rng = Rng::new(2016);
    let settings = Settings { proofs: true, playouts_per_move: 8, ..Settings::DEFAULT };
    let starts = proven_record_positions(20);
    assert!(starts.len() > 60, "{} positions", starts.len());
    let mut won = 0;
    for (index, start) in starts.iter().enumerate() {
        let seat = start.to_move();
        let mut player = Player::new(index as u64, &settings);
        let mut game = start.clone();
        while game.winner().is_none() {
            let mv = if game.to_move() == seat {
                player.choose(&game, &TurnClock::with_available(Duration::from_secs(600)))
            } else {
                let pairs = pairing(&game, seat).pairs.iter().fold(0, |all: Bits, pair| all | pair);
                let pool = if pairs != 0 && rng.chance(0.5) { pairs } else { game.empty() };
                let fields: Vec<Field> = Fields(pool).collect();
                Move::Place(fields[rng.below(fields.len())])
            };
            game.apply(mv);
        }
        won += usize::from(game.winner() == Some(seat));
    }
    (won, starts.len())
}

#[test]
fn the_player_keeps_a_proven_win_against_intrusions() {
    let (won, games) = player_games_won();
    assert_eq!(won, games);
}

/// A field of the second seat away from the fields given, so that it touches none of them.
fn far_from(fields: Bits) -> Bits {
    let near = Fields(fields).fold(fields, |all, f| all | f.neighbours());
    let near = Fields(near).fold(near, |all, f| all | f.neighbours());
    Field::all().map(Field::bit).find(|&bit| bit & near == 0).expect("a far field")
}

#[test]
fn every_bridge_on_the_board_is_a_pair_until_the_opponent_takes_a_field_of_it() {
    let mut bridges = 0;
    for a in Field::all() {
        for b in Field::all().filter(|&b| b > a && a.neighbours() & b.bit() == 0) {
            let common = a.neighbours() & b.neighbours();
            if common.count_ones() != 2 {
                continue;
            }
            bridges += 1;
            let stones = a.bit() | b.bit();
            let game = position(stones, far_from(stones)).expect("an open position");
            let proof = pairing(&game, Seat::First);
            assert!(proof.pairs.contains(&common) && proof.joined(a, b), "bridge {a}-{b}");
            // With one of its fields taken the two stones share one empty field: no pair joins them.
            let intruder = Fields(common).next().expect("a field").bit();
            let game = position(stones, intruder | far_from(stones | intruder)).expect("an open position");
            let proof = pairing(&game, Seat::First);
            assert!(!proof.joined(a, b), "bridge {a}-{b} after an intrusion");
        }
    }
    assert!(bridges > 200, "{bridges} bridges");
}

#[test]
fn a_stone_with_two_empty_neighbours_on_a_side_reaches_it_until_one_is_taken() {
    let mut templates = 0;
    for stone in Field::all() {
        for side_fields in SIDE_FIELDS {
            let reach = stone.neighbours() & side_fields;
            // Next to a corner the reaches of two sides share the corner field, and only one
            // side is sure: those fields are left out here.
            let shared = SIDE_FIELDS.iter().any(|&other| other != side_fields && other & reach != 0);
            if stone.bit() & side_fields != 0 || reach.count_ones() < 2 || shared {
                continue;
            }
            templates += 1;
            let game = position(stone.bit(), far_from(stone.bit())).expect("an open position");
            let proof = pairing(&game, Seat::First);
            assert!(proof.pairs.iter().any(|&pair| pair & !reach == 0), "field {stone}");
            if reach.count_ones() == 2 {
                let intruder = Fields(reach).next().expect("a field").bit();
                let game = position(stone.bit(), intruder).expect("an open position");
                let proof = pairing(&game, Seat::First);
                assert!(
                    proof.pairs.iter().all(|&pair| pair & reach == 0),
                    "field {stone} after an intrusion"
                );
            }
        }
    }
    assert!(templates >= 20, "{templates} templates");
}
