//! The rules against the 2,470 contest records of 2014 (rules §9), the swap, and the incremental
//! corner detection against a slow flood-fill reference along random games.

use polyy::board::{corners_of, Field, Fields};
use polyy::{Move, PolyY};
use protocol::{Contest, Game, Rng, SearchGame, Seat};
use testkit::data::{records, replay};
use testkit::data_file;

// Rules §5: the jury plays on for a failed program, to the end of the game. Checked when the tests compile.
const _: () = assert!(<PolyY as protocol::Contest>::PLAYS_ON_AFTER_FAILURE);

/// The corners a seat holds, found from scratch: flood-fill each group, OR its sides.
fn corners_by_flood_fill(stones: u128) -> u8 {
    let mut left = stones;
    let mut corners = 0;
    while left != 0 {
        let mut group = left & left.wrapping_neg();
        loop {
            let grown = group | (Fields(group).fold(0, |acc, f| acc | f.neighbours()) & stones);
            if grown == group {
                break;
            }
            group = grown;
        }
        left &= !group;
        corners |= corners_of(Fields(group).fold(0, |acc, f| acc | f.sides()));
    }
    corners
}

#[test]
fn contest_records_replay_and_end_on_their_last_move() {
    let games = records(&data_file("polyy-games-2014.txt"));
    assert_eq!(games.len(), 2470);
    let (mut decided, mut white_wins, mut swaps) = (0, 0, 0);
    for record in &games {
        let game: PolyY = replay(&[], &record.moves).unwrap_or_else(|e| panic!("line {}: {e}", record.line));
        swaps += usize::from(game.swapped());
        if record.line == 212 {
            assert!(!game.is_over(), "line 212 ends with nobody holding three corners");
            continue;
        }
        // `replay` refuses a move after the end, so the game ended exactly on its last move.
        let winner = game.winner().unwrap_or_else(|| panic!("line {}: no winner", record.line));
        let last_mover = if record.moves.len() % 2 == 1 { Seat::First } else { Seat::Second };
        assert_eq!(winner, last_mover, "line {}", record.line);
        decided += 1;
        white_wins += usize::from(game.is_white(winner));
    }
    assert_eq!((decided, white_wins, swaps), (2469, 1423, 912));
}

#[test]
fn the_swap_hands_over_the_first_stone() {
    let mut game = PolyY::new();
    assert!(game.parse_move("-1").is_err(), "no swap at ply 1");
    game.apply(game.parse_move("19").unwrap());
    assert!(game.is_legal(Move::Swap));
    game.apply(Move::Swap);
    let nineteen = Field::from_number(19).unwrap().bit();
    assert_eq!((game.stones(Seat::First), game.stones(Seat::Second)), (0, nineteen));
    assert!(game.is_white(Seat::Second) && !game.is_white(Seat::First));
    assert_eq!(game.seat_to_move(), Seat::First, "the first player moves next, as Black");
    assert!(game.parse_move("-1").is_err(), "no second swap");
    assert!(game.parse_move("19").is_err(), "19 is taken");
    let unswapped = PolyY::from_moves(&["19", "25"]).unwrap();
    assert_ne!(unswapped.position_hash(), game.position_hash());
}

#[test]
fn bad_move_text_is_refused_with_a_reason() {
    let game = PolyY::new();
    for text in ["0", "107", "x", "", "-2", "4 5"] {
        assert!(game.parse_move(text).is_err(), "'{text}' accepted");
    }
    assert_eq!(game.format_move(game.parse_move(" 43 ").unwrap()), "43");
}

#[test]
fn corners_match_a_flood_fill_along_random_games() {
    let mut rng = Rng::new(2014);
    for _ in 0..300 {
        let mut game = PolyY::new();
        while !game.is_over() {
            let mv = game.random_move(&mut rng).expect("a move while the game goes on");
            game.apply(mv);
            for seat in Seat::BOTH {
                assert_eq!(game.corners(seat), corners_by_flood_fill(game.stones(seat)));
            }
            assert_eq!(game.corners(Seat::First) & game.corners(Seat::Second), 0, "a corner held twice");
        }
        let winner = game.winner().unwrap();
        assert!(game.corners(winner).count_ones() >= 3 && game.corners(winner.other()).count_ones() < 3);
        let scores = game.final_scores();
        assert_eq!(scores[winner.index()], 2);
        assert_eq!(scores[winner.other().index()], 1);
        // Rules §5: the offender scores 0; the jury played on, so the other keeps the end's score.
        assert_eq!(game.irregular_scores(winner.only()), {
            let mut s = scores;
            s[winner.index()] = 0;
            s
        });
    }
}

#[test]
fn search_facing_trait_agrees_with_the_dialogue_view() {
    let positions = testkit::check_search_game(&PolyY::new(), 40, 7);
    assert!(positions > 40 * 20, "{positions} positions");
}

#[test]
fn perft_counts_placements_and_the_swap() {
    let game = PolyY::new();
    assert_eq!(game.perft(1), 106);
    // 106 first stones, each answered by 105 fields or the swap.
    assert_eq!(game.perft(2), 106 * 106);
    assert_eq!(game.perft(3), 106 * (105 * 104 + 105));
}
