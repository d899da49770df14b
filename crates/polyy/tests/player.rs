//! The player's parts against what they promise: policy playouts fill the board fairly and answer
//! intrusions, the AMAF search finds a one-move win, and the opening and swap policy hold.

use std::time::Duration;

use polyy::board::{symmetries, Field};
use polyy::engine::playout::{policy_playout, PlayoutPolicy, Replies};
use polyy::engine::Player;
use polyy::settings::Settings;
use polyy::{Move, PolyY, ALL_FIELDS};
use protocol::{Engine, Game, Rng, Seat, TurnClock};

const POLICY: PlayoutPolicy = PlayoutPolicy {
    replies: true,
    ladder: false,
    deep_templates: true,
    deep_only_above: 96,
    inner_only_above: 50,
};

fn field(number: u32) -> Field {
    Field::from_number(number).expect("a field")
}

/// Fields the first seat ends up with, over many playouts: how often it owns `target`.
fn owns_share(game: &PolyY, last: Field, policy: &PlayoutPolicy, target: Field) -> f64 {
    let replies = Replies::new(policy.ladder);
    let mut rng = Rng::new(7);
    let runs = 400;
    let owned = (0..runs)
        .filter(|_| policy_playout(game, Some(last), policy, &replies, &mut rng) & target.bit() != 0)
        .count();
    owned as f64 / f64::from(runs)
}

#[test]
fn policy_playouts_fill_the_board_in_turn() {
    let replies = Replies::new(POLICY.ladder);
    let mut rng = Rng::new(3);
    for moves in [&[][..], &["43"][..], &["43", "-1"][..], &["1", "2", "3"][..]] {
        let game = PolyY::from_moves(moves).expect("legal moves");
        for _ in 0..50 {
            let first = policy_playout(&game, None, &POLICY, &replies, &mut rng);
            // The first seat keeps its stones and never takes the second seat's.
            assert_eq!(first & game.stones(Seat::First), game.stones(Seat::First), "{moves:?}");
            assert_eq!(first & game.stones(Seat::Second), 0, "{moves:?}");
            assert_eq!(first & !ALL_FIELDS, 0);
            // Seats alternate from the side to move: it gets the odd field of an odd count.
            let empty = game.empty().count_ones();
            let mover_share = empty.div_ceil(2);
            let first_new = (first & game.empty()).count_ones();
            let expected = if game.to_move() == Seat::First { mover_share } else { empty - mover_share };
            assert_eq!(first_new, expected, "{moves:?}");
        }
    }
}

#[test]
fn early_playout_moves_keep_off_the_border() {
    let replies = Replies::new(POLICY.ladder);
    let mut rng = Rng::new(5);
    let game = PolyY::new();
    let border: u128 = Field::all().filter(|f| f.is_border()).fold(0, |a, f| a | f.bit());
    // From the empty board the first 10 picks (5 each) lie two or more steps in, so with a
    // policy that also skips the border until 50 are empty, the border is filled last: the
    // first seat ends with about half of it, never all of it.
    for _ in 0..50 {
        let first = policy_playout(&game, None, &POLICY, &replies, &mut rng);
        assert_ne!(first & border, border);
        assert_ne!(first & border, 0);
    }
}

#[test]
fn playouts_answer_a_bridge_intrusion() {
    // First holds 31 and 55, linked by the bridge over 42 and 43; Second has just taken 43.
    let game = PolyY::from_moves(&["31", "100", "55", "43"]).expect("legal moves");
    assert_eq!(game.to_move(), Seat::First);
    assert_eq!(owns_share(&game, field(43), &POLICY, field(42)), 1.0);
    let blind = PlayoutPolicy { replies: false, ..POLICY };
    let share = owns_share(&game, field(43), &blind, field(42));
    assert!(share > 0.3 && share < 0.7, "without replies 42 goes either way: {share}");
}

#[test]
fn playouts_answer_an_edge_template_intrusion() {
    // First's 6 touches side 5 through 2 and 5; Second has just taken 2, so First takes 5.
    let game = PolyY::from_moves(&["6", "100", "70", "2"]).expect("legal moves");
    assert_eq!(owns_share(&game, field(2), &POLICY, field(5)), 1.0);
    // An intrusion that cuts no connection of the mover gets no special answer.
    let share = owns_share(&game, field(100), &POLICY, field(99));
    assert!(share < 0.9, "{share}");
}

#[test]
fn playouts_answer_an_intrusion_into_a_template_from_two_steps_in() {
    // First's 23 lies two steps from side 1; Second has just taken 15, one of the two fields
    // between; First takes the other, 24, which reaches the border through 16 and 25.
    let game = PolyY::from_moves(&["23", "100", "70", "15"]).expect("legal moves");
    assert_eq!(owns_share(&game, field(15), &POLICY, field(24)), 1.0);
    let shallow = PlayoutPolicy { deep_templates: false, ..POLICY };
    let share = owns_share(&game, field(15), &shallow, field(24));
    assert!(share < 0.9, "only the deep template answers at 24: {share}");
    // With Second on 25 the template is gone, and so is the answer.
    let broken = PolyY::from_moves(&["23", "25", "70", "15"]).expect("legal moves");
    let share = owns_share(&broken, field(15), &POLICY, field(24));
    assert!(share < 0.9, "{share}");
}

/// The ladder set's answers to an intrusion at `intrusion`, as (stones needed, fields to keep
/// clear, reply), in field numbers.
fn ladder_answers(intrusion: u32) -> Vec<(Vec<u32>, Vec<u32>, u32)> {
    let replies = Replies::new(true);
    let numbers = |bits: u128| Field::all().filter(|f| bits & f.bit() != 0).map(|f| f.number()).collect();
    let mut answers: Vec<_> = replies
        .after(field(intrusion).index())
        .iter()
        .map(|r| (numbers(r.needs), numbers(r.clear), u32::from(r.field) + 1))
        .collect();
    answers.sort();
    answers
}

#[test]
fn the_ladder_set_answers_from_up_to_three_steps_in_and_no_border_bridge_intrusion() {
    // 6 lies one step in, next to 7 (two steps in) whose other inner-ring neighbours are 3 and
    // 8: both relink 7, each if the opponent holds none of its border neighbours. 12 (two steps
    // in) likewise relinks through 11. The rest are bridges over 6.
    assert_eq!(
        ladder_answers(6),
        vec![
            (vec![2, 7], vec![], 3),
            (vec![2, 11], vec![], 5),
            (vec![3, 5], vec![], 2),
            (vec![3, 12], vec![], 7),
            (vec![5, 12], vec![], 11),
            (vec![7], vec![1, 2, 4], 3),
            (vec![7], vec![4, 9], 8),
            (vec![7, 11], vec![], 12),
            (vec![12], vec![5, 10], 11),
        ]
    );
    // 7 lies two steps in: 13, three steps in, relinks through 12 or 14.
    let from_thirteen: Vec<_> = ladder_answers(7).into_iter().filter(|a| a.0 == vec![13]).collect();
    assert_eq!(from_thirteen, vec![(vec![13], vec![6, 11], 12), (vec![13], vec![8, 15], 14)]);
    // 2 is a border field: the bridge of 1 and 6 over 2 and 3 gets no answer, only templates of
    // the stones next to it. The adjacent set answers the bridge.
    assert_eq!(ladder_answers(2), vec![(vec![3], vec![], 1), (vec![6], vec![], 5)]);
    let adjacent = Replies::new(false);
    assert!(adjacent.after(field(2).index()).iter().any(|r| r.needs == field(1).bit() | field(6).bit()));
    // Lynx3's table holds 625 answers that can apply (and 80 whose reply is the intrusion).
    let total: usize = (1..=106).map(|n| ladder_answers(n).len()).sum();
    assert_eq!(total, 625);
}

#[test]
fn ladder_playouts_relink_a_stone_the_intrusion_does_not_touch() {
    // First's 7 lies two steps in; Second has just taken 6. The ladder set answers at once at 3
    // or at 8 (8 does not touch 6); the adjacent set has no answer here (3 has three border
    // neighbours), so First gets each only by later chance or answers, clearly less often.
    let game = PolyY::from_moves(&["7", "100", "70", "6"]).expect("legal moves");
    let ladder = PlayoutPolicy { ladder: true, ..POLICY };
    for reply in [3, 8] {
        let with_ladder = owns_share(&game, field(6), &ladder, field(reply));
        let without = owns_share(&game, field(6), &POLICY, field(reply));
        assert!(with_ladder > without + 0.1, "{reply}: ladder {with_ladder}, adjacent {without}");
    }
}

/// The fields whose taking by the side to move ends the game at once.
fn winning_fields(game: &PolyY) -> Vec<Field> {
    Field::all()
        .filter(|&field| {
            let mut after = game.clone();
            after.check(Move::Place(field)).is_ok() && {
                after.apply(Move::Place(field));
                after.is_finished()
            }
        })
        .collect()
}

/// First holds the whole border from field 1 around sides 5, 4 and 3 up to 106 except 37, and
/// Second has 38 and stones in the middle.
fn border_chain() -> PolyY {
    let chain = [1, 2, 5, 10, 17, 26, 50, 62, 73, 83, 92, 100, 101, 102, 103, 104, 105, 106];
    let fillers = [38, 44, 45, 46, 47, 48, 54, 55, 56, 57, 58, 59, 65, 66, 67, 68, 69, 76];
    let mut moves: Vec<String> = Vec::new();
    for (own, other) in chain.iter().zip(fillers) {
        moves.push(own.to_string());
        moves.push(other.to_string());
    }
    let moves: Vec<&str> = moves.iter().map(String::as_str).collect();
    PolyY::from_moves(&moves).expect("legal moves")
}

#[test]
fn the_player_and_its_search_alone_take_the_only_winning_field() {
    // Taking 37 joins sides 3, 4 and 5, three corners; by the rules no other field wins.
    let game = border_chain();
    assert!(!game.is_finished());
    assert_eq!(winning_fields(&game), [field(37)]);
    // A fixed budget on a clock that never binds: the same search on any machine.
    let settings = Settings { playouts_per_move: 1000, ..Settings::DEFAULT };
    let clock = TurnClock::with_available(Duration::from_secs(600));
    // The player answers it by rule, before any search.
    assert_eq!(Player::new(1, &settings).choose(&game, &clock), Move::Place(field(37)));
    // The search must find it by itself, from several seeds.
    for seed in 1..=3 {
        assert_eq!(Player::new(seed, &settings).search(&game, &clock), Move::Place(field(37)), "seed {seed}");
    }
}

#[test]
fn the_player_opens_as_set_and_swaps_central_openings_only() {
    // The swaps are the policy's, not the search's; the searches get a fixed budget on a clock
    // that never binds all the same, so that nothing here depends on the machine.
    let clock = TurnClock::with_available(Duration::from_secs(600));
    let mut player = Player::new(1, &Settings { playouts_per_move: 64, ..Settings::DEFAULT });
    assert_eq!(player.choose(&PolyY::new(), &clock), Move::Place(field(11)));

    let fifteen_class: Vec<Field> = symmetries().iter().map(|s| s[field(15).index()]).collect();
    assert!(fifteen_class.contains(&field(11)) && field(11).border_distance() == 1);
    for opening in Field::all() {
        let game = PolyY::from_moves(&[&opening.to_string()]).expect("a first move");
        // The default (policy 3) swaps the fields two or more steps in, and only those.
        let mut player = Player::new(1, &Settings { playouts_per_move: 64, ..Settings::DEFAULT });
        let swaps = player.choose(&game, &clock) == Move::Swap;
        assert_eq!(swaps, opening.border_distance() >= 2, "opening {opening}");
        // Policy 1 also swaps the class of field 15.
        let mut with_fifteen =
            Player::new(1, &Settings { playouts_per_move: 64, swap_policy: 1, ..Settings::DEFAULT });
        let swaps = with_fifteen.choose(&game, &clock) == Move::Swap;
        let expected = opening.border_distance() >= 2 || fifteen_class.contains(&opening);
        assert_eq!(swaps, expected, "opening {opening}");
        let mut never =
            Player::new(1, &Settings { playouts_per_move: 64, swap_policy: 2, ..Settings::DEFAULT });
        assert_ne!(never.choose(&game, &clock), Move::Swap, "opening {opening}");
    }
}

#[test]
fn with_the_book_on_the_player_answers_its_lines_and_their_images_without_search() {
    // `reply_to_11` off, or it would answer the book's first line before the book.
    let with_book = Settings { book: true, reply_to_11: 0, playouts_per_move: 64, ..Settings::DEFAULT };
    let clock = TurnClock::with_available(Duration::from_secs(5));
    let lines = polyy::book::BOOK.iter().flat_map(|line| {
        let moves: Vec<&str> = line.moves.split_whitespace().collect();
        // The same position on the second seat's first move when the opening was not swapped.
        let unswapped = (moves.get(1) == Some(&"-1")).then(|| [&moves[..1], &moves[2..]].concat());
        std::iter::once(moves).chain(unswapped).map(move |moves| (moves, line.reply))
    });
    for (moves, reply) in lines {
        for map in symmetries() {
            let image: Vec<String> = moves
                .iter()
                .map(|&text| match text {
                    "-1" => text.to_string(),
                    _ => map[field(text.parse().unwrap()).index()].to_string(),
                })
                .collect();
            let image: Vec<&str> = image.iter().map(String::as_str).collect();
            let game = PolyY::from_moves(&image).expect("a book line");
            let reply = Move::Place(map[field(u32::from(reply)).index()]);
            assert_eq!(Player::new(1, &with_book).choose(&game, &clock), reply, "{image:?}");
        }
    }
}

#[test]
fn a_lone_opponent_stone_on_11_or_an_image_is_answered_as_set_in_both_seats() {
    let clock = TurnClock::with_available(Duration::from_secs(5));
    for reply in [41, 66] {
        let settings = Settings { reply_to_11: reply, playouts_per_move: 64, ..Settings::DEFAULT };
        for map in symmetries() {
            let eleven = map[field(11).index()].to_string();
            let expected = Move::Place(map[field(reply).index()]);
            // The opponent opened on it (we are second), or it swapped our opening there.
            for moves in [vec![eleven.as_str()], vec![eleven.as_str(), "-1"]] {
                let game = PolyY::from_moves(&moves).expect("a legal opening");
                assert_eq!(Player::new(1, &settings).choose(&game, &clock), expected, "{moves:?}");
            }
        }
    }
    // Any other lone stone is left to the search: where the swap policy plays on (the border's
    // second row), the move is the one of the player without the setting, seed for seed.
    let eleven_class: Vec<Field> = symmetries().iter().map(|s| s[field(11).index()]).collect();
    let answered_by_search =
        Field::all().filter(|f| f.border_distance() == 1 && !eleven_class.contains(f)).collect::<Vec<_>>();
    assert!(answered_by_search.len() >= 10, "{answered_by_search:?}");
    let settings = |reply_to_11| Settings { reply_to_11, playouts_per_move: 64, ..Settings::DEFAULT };
    for opening in answered_by_search {
        let game = PolyY::from_moves(&[&opening.to_string()]).expect("a legal opening");
        let without = Player::new(7, &settings(0)).choose(&game, &clock);
        assert_eq!(Player::new(7, &settings(41)).choose(&game, &clock), without, "{opening}");
    }
}
