//! The game as the jury sees it: notation, joker, end of game and CodeCup scoring.

use pillars::{Colour, Field, Move, Pillars, Rect};
use protocol::{Contest, Game, MoveErrorKind, Rng, SearchGame, Seat};

// Rules §6: the game stops at a failure and is scored in that position. Checked when the tests compile.
const _: () = assert!(!<Pillars as protocol::Contest>::PLAYS_ON_AFTER_FAILURE);

fn diagonal() -> Pillars {
    let lines: Vec<String> = "Aa Bb Cc Dd Ee Ff Gg Hh Ii Jj".split(' ').map(String::from).collect();
    Pillars::from_setup(&lines).unwrap()
}

fn play(game: &mut Pillars, text: &str) {
    let mv = game.parse_move(text).unwrap_or_else(|e| panic!("{text}: {e}"));
    game.apply(mv);
}

#[test]
fn setup_lines_are_checked_one_by_one() {
    let lines = |s: &str| s.split(' ').map(String::from).collect::<Vec<_>>();
    assert!(Pillars::check_setup(&lines("Ac Bf")).is_ok());
    assert!(Pillars::check_setup(&lines("Ac Bc")).unwrap_err().contains("shares a row or column"));
    assert!(Pillars::check_setup(&lines("Ac Ab")).is_err());
    assert!(Pillars::check_setup(&lines("Ac xx")).unwrap_err().contains("'xx'"));
    // Any order of the ten lines is accepted.
    let game = Pillars::from_setup(&lines("Jj Aa Ii Bb Hh Cc Gg Dd Ff Ee")).unwrap();
    assert_eq!(game, diagonal());
    assert!(Pillars::from_setup(&lines("Aa Bb")).is_err());
}

#[test]
fn move_notation_round_trips_and_errors_are_classified() {
    let game = diagonal();
    for rect in game.board().moves() {
        for joker in [false, true] {
            let mv = Move { rect, joker };
            let text = game.format_move(mv);
            assert_eq!(game.parse_move(&text), Ok(mv), "{text}");
        }
    }
    assert_eq!(game.parse_move("AcBd").unwrap(), Move::plain(Rect::parse("AcBd").unwrap()));
    let kind = |text: &str| game.parse_move(text).unwrap_err().kind;
    assert_eq!(kind("AaAa"), MoveErrorKind::Illegal); // a pillar
    assert_eq!(kind("AaBc"), MoveErrorKind::Illegal); // covers a pillar
    assert_eq!(kind("BdAc"), MoveErrorKind::Syntax); // reversed
    assert_eq!(kind("hello"), MoveErrorKind::Syntax);
    assert_eq!(kind("!!AcBd"), MoveErrorKind::Syntax);
    assert_eq!(kind("Start"), MoveErrorKind::Syntax);
}

#[test]
fn the_player_who_fills_the_last_field_loses() {
    let mut game = diagonal();
    let mut rng = Rng::new(5);
    while !game.is_over() {
        assert_eq!(game.loser(), None);
        let moves = game.board().moves();
        play(&mut game, &moves[rng.below(moves.len())].to_string());
    }
    let last_mover = if game.plies() % 2 == 1 { Colour::Red } else { Colour::Blue };
    assert_eq!(game.loser(), Some(last_mover));
    assert!(game.parse_move("AbAb").is_err());
    assert_eq!(game.first_legal_move(), None);
    let scores = game.final_scores();
    assert_eq!(scores[last_mover.index()], 9);
    assert_eq!(scores[last_mover.other().index()], 18);
}

#[test]
fn joker_points_and_the_blue_first_move_exception() {
    let mut game = diagonal();
    assert_eq!(game.joker_value_now(), 9); // Red on move 1: 90 empty fields
    play(&mut game, "AcBd"); // 4 fields: 86 left
    assert_eq!(game.joker_value_now(), 9); // Blue's first move: the exception
    play(&mut game, "!AeAj");
    assert_eq!(game.joker(Colour::Blue), Some(9));
    assert_eq!(game.joker_value_now(), 8); // 80 empty fields
    play(&mut game, "CaCb");
    assert_eq!(game.parse_move("!DaDa").unwrap_err().kind, MoveErrorKind::Illegal);
    play(&mut game, "DaDa");
    // Red claims with 77 empty fields: 7 points.
    assert_eq!(game.board().empty_count(), 77);
    play(&mut game, "!EaEa");
    assert_eq!(game.joker(Colour::Red), Some(7));
}

#[test]
fn blue_claiming_later_gets_no_exception() {
    let mut game = diagonal();
    play(&mut game, "AcBd");
    play(&mut game, "CdCd");
    play(&mut game, "DeDe");
    // 84 empty fields: 8, not 9.
    play(&mut game, "!EfEf");
    assert_eq!(game.joker(Colour::Blue), Some(8));
}

/// Fills the board field by field, Red claiming at once and Blue claiming at `blue_claim_ply`.
fn scripted_game(blue_claim_ply: u32) -> Pillars {
    let mut game = diagonal();
    while !game.is_over() {
        let field = Field::from_index(game.board().empty().trailing_zeros() as usize);
        let joker = (game.plies() == 0) || game.plies() == blue_claim_ply;
        game.apply(Move { rect: Rect::single(field), joker });
    }
    game
}

#[test]
fn scores_at_a_normal_end() {
    // 90 single fields: Blue fills the last one and loses.
    let game = scripted_game(1);
    assert_eq!(game.loser(), Some(Colour::Blue));
    // Red claimed 9 and wins: 27. Blue claimed 9 (first move) and loses: 0.
    assert_eq!(game.final_scores(), [27, 0]);
    let game = scripted_game(41); // Blue claims with 49 empty fields: 4
    assert_eq!(game.joker(Colour::Blue), Some(4));
    assert_eq!(game.final_scores(), [27, 5]);
}

#[test]
fn scores_at_an_irregular_end() {
    let mut game = diagonal();
    // Blue fails before its first move: Red wins as if it claimed now (90 / 10).
    assert_eq!(Contest::irregular_scores(&game, Seat::Second.only()), [27, 0]);
    play(&mut game, "AbAj"); // 9 fields
                             // Red fails: Blue never claimed, 81 empty → 8 (no first-move exception without a claim).
    assert_eq!(Contest::irregular_scores(&game, Seat::First.only()), [0, 26]);
    play(&mut game, "!BaBa");
    play(&mut game, "CaCb");
    // Red fails again later: Blue keeps its claimed 9.
    assert_eq!(Contest::irregular_scores(&game, Seat::First.only()), [0, 27]);
    assert_eq!(Contest::irregular_scores(&game, Seat::Second.only()), [18 + 7, 0]);
}

#[test]
fn relay_hides_the_joker_and_random_setups_are_valid() {
    let game = diagonal();
    let mv = game.parse_move("!AcBd").unwrap();
    assert_eq!(game.format_move(mv), "!AcBd");
    assert_eq!(game.relay_text(mv), "AcBd");
    let mut rng = Rng::new(1);
    for _ in 0..100 {
        let setup = Pillars::random_setup(&mut rng);
        assert_eq!(setup.len(), 10);
        let game = Pillars::from_setup(&setup).unwrap();
        let first = game.board().count_moves();
        assert!((715..=1090).contains(&first), "{first} first moves");
    }
}

#[test]
fn the_search_view_agrees_with_the_rules() {
    let mut rng = Rng::new(44);
    for _ in 0..4 {
        let game = Pillars::from_setup(&Pillars::random_setup(&mut rng)).unwrap();
        assert!(testkit::check_search_game(&game, 3, rng.next_u64()) > 3 * 20);
    }
}
