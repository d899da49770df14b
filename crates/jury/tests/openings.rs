//! Openings files: every line checked with the rules before a game, errors naming the line, and
//! the pairs of a series starting from the lines in turn.

use dvonn::Dvonn;
use jury::openings::{pair_start, parse_openings, Position};
use pillars::Pillars;
use protocol::Game;

/// `plies` random plies of Dvonn from pair `pair`'s random start.
fn dvonn_moves(pair: usize, plies: u32) -> Vec<String> {
    let start = pair_start::<Dvonn>(7, pair, &[], plies);
    assert_eq!(start.moves.len(), plies as usize);
    start.moves
}

#[test]
fn lines_are_read_with_spaces_or_commas_and_comments_are_skipped() {
    let (first, second) = (dvonn_moves(0, 6), dvonn_moves(1, 3));
    let text = format!("# two openings\n\n{}\n  {}  \n", first.join(" "), second.join(","));
    let openings = parse_openings::<Dvonn>(&text).unwrap();
    assert_eq!(
        openings,
        [Position { setup: Vec::new(), moves: first }, Position { setup: Vec::new(), moves: second }]
    );
    // An empty line list is an opening too: the start position.
    assert_eq!(parse_openings::<Dvonn>("\n,\n").unwrap(), [Position::default()]);
}

#[test]
fn a_bad_line_is_named_with_what_is_wrong() {
    let moves = dvonn_moves(0, 4);
    let illegal = format!("{}\n{} {}\n", moves.join(" "), moves.join(" "), moves[0]);
    let error = parse_openings::<Dvonn>(&illegal).unwrap_err();
    assert!(error.starts_with("line 2: ply 5 '"), "{error}");
    let error = parse_openings::<Dvonn>(&format!("x | {}", moves.join(" "))).unwrap_err();
    assert!(error.starts_with("line 1: dvonn has no setup"), "{error}");
    for empty in ["", "\n\n", "# only a comment\n"] {
        let error = parse_openings::<Dvonn>(empty).unwrap_err();
        assert!(error.starts_with("no openings in it"), "{empty:?}: {error}");
    }
}

#[test]
fn pillars_lines_give_their_setup_before_the_bar() {
    let start = pair_start::<Pillars>(3, 0, &[], 2);
    let line = format!("{} | {}", start.setup.join(" "), start.moves.join(" "));
    let openings = parse_openings::<Pillars>(&format!("{line}\n{} |\n", start.setup.join(" "))).unwrap();
    assert_eq!(openings[0], start);
    assert_eq!(openings[1], Position { setup: start.setup.clone(), moves: Vec::new() });
    let error = parse_openings::<Pillars>(&start.moves.join(" ")).unwrap_err();
    assert!(error.starts_with("line 1: pillars needs its 10 setup lines first"), "{error}");
    // Two pillars on one row is not a setup.
    let mut setup = start.setup.clone();
    setup[1] = setup[0].clone();
    let error = parse_openings::<Pillars>(&format!("{} |", setup.join(" "))).unwrap_err();
    assert!(error.starts_with("line 1: the setup: "), "{error}");
}

#[test]
fn pairs_take_the_lines_in_turn_and_random_plies_follow_the_line() {
    let book = [Position { setup: Vec::new(), moves: dvonn_moves(0, 3) }, Position::default()];
    assert_eq!(pair_start::<Dvonn>(1, 0, &book, 0), book[0]);
    assert_eq!(pair_start::<Dvonn>(1, 1, &book, 0), book[1]);
    assert_eq!(pair_start::<Dvonn>(1, 4, &book, 0), book[0]);
    let extended = pair_start::<Dvonn>(1, 2, &book, 5);
    assert_eq!(extended.moves[..3], book[0].moves[..]);
    assert_eq!(extended.moves.len(), 8);
    let mut game = Dvonn::from_setup(&[]).unwrap();
    for text in &extended.moves {
        game.apply(game.parse_move(text).unwrap());
    }
    assert!(!game.is_over());
    // The same seed and pair give the same start, in any series.
    assert_eq!(extended, pair_start::<Dvonn>(1, 2, &book, 5));
    assert_ne!(pair_start::<Pillars>(1, 0, &[], 0), pair_start::<Pillars>(1, 1, &[], 0));
}
