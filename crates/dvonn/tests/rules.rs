//! The rules as docs/rules/dvonn.md states them: geometry, the two phases, stacking moves,
//! removal, PASS, the end of the game and CodeCup scoring.

use dvonn::{Colour, Dvonn, Field, Move, Piece, Stack, FIELDS};
use protocol::{Contest, Game, MoveErrorKind, Rng, SearchGame, Seat};

// Rules §6: the jury plays on for a failed program and scores the end. Checked when the tests compile.
const _: () = assert!(<Dvonn as protocol::Contest>::PLAYS_ON_AFTER_FAILURE);

fn field(name: &str) -> Field {
    Field::parse(name).unwrap_or_else(|e| panic!("{e}"))
}

fn fields(names: &str) -> Vec<Field> {
    let mut list: Vec<Field> = names.split_whitespace().map(field).collect();
    list.sort();
    list
}

fn neighbours(name: &str) -> Vec<Field> {
    dvonn::Fields(field(name).neighbours()).collect()
}

/// A stack from its drawing: `D` a lone Dvonn piece, `w3`/`b3` a white/black top over 3 pieces,
/// capitals with a Dvonn piece inside.
fn stack(text: &str) -> Stack {
    if text == "D" {
        return Stack::single(Piece::Dvonn);
    }
    let (top, height) = text.split_at(1);
    let piece = match top.to_ascii_lowercase().as_str() {
        "w" => Piece::White,
        "b" => Piece::Black,
        _ => panic!("stack {text}"),
    };
    Stack { height: height.parse().unwrap(), top: piece, dvonn: top.chars().all(|c| c.is_ascii_uppercase()) }
}

/// A movement-phase position from `E3=D F3=w1 ...`.
fn position(stacks: &str, to_move: Colour) -> Dvonn {
    let stacks: Vec<(Field, Stack)> = stacks
        .split_whitespace()
        .map(|item| {
            let (f, s) = item.split_once('=').unwrap();
            (field(f), stack(s))
        })
        .collect();
    Dvonn::from_stacks(&stacks, to_move).unwrap_or_else(|e| panic!("{e}"))
}

fn play(game: &mut Dvonn, text: &str) {
    let mv = game.parse_move(text).unwrap_or_else(|e| panic!("{text}: {e}"));
    game.apply(mv);
}

fn error(game: &Dvonn, text: &str) -> (MoveErrorKind, String) {
    let e = game.parse_move(text).expect_err(text);
    (e.kind, e.message)
}

#[test]
fn geometry_facts_from_the_spec() {
    assert_eq!(Field::all().count(), FIELDS);
    let by_degree = |d: u32| Field::all().filter(|f| f.degree() == d).collect::<Vec<_>>();
    assert_eq!(by_degree(6).len(), 25);
    assert_eq!(by_degree(3), fields("A1 I1 A3 K3 C5 K5"));
    assert_eq!(by_degree(4).len(), 18);
    assert_eq!(by_degree(3).len() + by_degree(4).len() + by_degree(6).len(), FIELDS);
    let border: Vec<Field> = Field::all().filter(|f| f.is_border()).collect();
    let mut expected: Vec<Field> = Field::all().filter(|f| f.y() == 0 || f.y() == 4).collect();
    expected.extend(fields("A2 J2 A3 K3 B4 K4"));
    expected.sort();
    assert_eq!(border, expected);
    assert_eq!(neighbours("A1"), fields("B1 A2 B2"));
    assert_eq!(neighbours("F3"), fields("E3 G3 F2 E2 F4 G4"));
    assert_eq!(neighbours("B4"), fields("C4 A3 B3 C5"));
    // (+1, −1) is not a neighbour: B1 and A2 do not touch.
    assert!(!neighbours("B1").contains(&field("A2")));
    assert_eq!(field("A1").distance(field("K5")), 10);
    assert_eq!(field("A3").distance(field("K3")), 10);
    assert_eq!(field("I1").distance(field("C5")), 10);
    assert!(field("D2").in_line_with(field("D5")));
    assert!(field("G3").in_line_with(field("H3")));
    assert!(!field("B1").in_line_with(field("A2")));
    // Fields that do not exist, and notation that is not a field.
    for bad in ["A4", "A5", "B5", "J1", "K1", "K2", "L3", "a1", "E0", "E6", "E", "E33", ""] {
        assert!(Field::parse(bad).is_err(), "{bad}");
    }
}

#[test]
fn placement_phase_pieces_and_turns() {
    let mut game = Dvonn::new();
    let order = Field::all().collect::<Vec<_>>();
    for (i, &f) in order.iter().enumerate() {
        let ply = i + 1;
        let (colour, piece) = match ply {
            1 | 3 => (Colour::White, Piece::Dvonn),
            2 => (Colour::Black, Piece::Dvonn),
            p if p % 2 == 0 => (Colour::Black, Piece::Black),
            _ => (Colour::White, Piece::White),
        };
        assert!(game.is_placement());
        assert_eq!(game.to_move(), colour, "ply {ply}");
        assert_eq!(game.seat_to_move(), if colour == Colour::White { Seat::First } else { Seat::Second });
        assert_eq!(game.piece_to_place(), Some(piece), "ply {ply}");
        assert_eq!(game.legal_moves().len(), FIELDS - i);
        assert!(!game.is_over());
        play(&mut game, &f.to_string());
        assert_eq!(game.board().stack(f), Some(Stack::single(piece)));
    }
    // After ply 49 White plays again, the first stacking move.
    assert!(!game.is_placement());
    assert_eq!(game.plies(), 49);
    assert_eq!(game.to_move(), Colour::White);
    assert_eq!(game.seat_to_move(), Seat::First);
    assert_eq!(game.count(Colour::White), 23);
    assert_eq!(game.count(Colour::Black), 23);
    assert_eq!(game.board().dvonn_stacks().count_ones(), 3);
    // With a full board only border stacks move, each onto a neighbour.
    for mv in game.legal_moves() {
        let Move::Stack { from, to } = mv else { panic!("{mv}") };
        assert!(from.is_border() && from.neighbours() & to.bit() != 0, "{mv}");
        assert_eq!(game.board().stack(from).unwrap().top, Piece::White);
    }
    let first = game.legal_moves()[0];
    game.apply(first);
    assert_eq!(game.to_move(), Colour::Black);
}

#[test]
fn placement_errors() {
    let mut game = Dvonn::new();
    play(&mut game, "E3");
    assert_eq!(error(&game, "E3"), (MoveErrorKind::Illegal, "E3: E3 is not empty".to_string()));
    assert_eq!(error(&game, "E3F3").0, MoveErrorKind::Illegal);
    assert_eq!(error(&game, "PASS").0, MoveErrorKind::Illegal);
}

#[test]
fn stacking_move_rules() {
    // E3 holds a lone Dvonn; white w1 on D3, w2 on B3 (linked through B2 C2 D2); black b1 on F3
    // and b3 on G3; C3 is empty.
    let game = position("E3=D D3=w1 B3=w2 F3=b1 G3=b3 H3=w1 E4=w1 E2=b2 D2=w1 C2=b1 B2=b1", Colour::White);
    let kind = |text: &str| error(&game, text).0;
    // Legal: a height-1 stack onto a neighbour, a lone Dvonn included; a height-2 stack jumping
    // over the empty C3 onto D3.
    for text in ["D3E3", "B3D3", "H3G3", "E4E3", "E4D3", "D2E2"] {
        assert!(game.parse_move(text).is_ok(), "{text}: {:?}", game.parse_move(text));
    }
    assert!(error(&game, "F3E3").1.contains("controlled by black"));
    assert!(error(&game, "E3D3").1.contains("lone Dvonn"));
    assert!(error(&game, "C3D3").1.contains("C3 is empty"));
    assert!(error(&game, "D3C3").1.contains("C3 is empty"));
    assert!(error(&game, "B3C3").1.contains("2 high"));
    assert!(error(&game, "D3E2").1.contains("not on a straight line"));
    assert_eq!(kind("D3D3"), MoveErrorKind::Illegal);
    assert_eq!(kind("E3"), MoveErrorKind::Illegal);
    assert!(error(&game, "PASS").1.contains("not allowed"));
    // Every listed move is legal and nothing else is.
    let moves: Vec<String> = game.legal_moves().iter().map(|m| m.to_string()).collect();
    assert_eq!(moves.len() as u32, game.count_stacking_moves(Colour::White));
    for from in Field::all() {
        for to in Field::all() {
            let text = format!("{from}{to}");
            assert_eq!(game.parse_move(&text).is_ok(), moves.contains(&text), "{text}");
        }
    }
}

#[test]
fn surrounded_stacks_cannot_move() {
    // E3 is surrounded by its six neighbours; once D3 moves away it is free.
    let mut game = position("E3=w1 D3=w1 F3=b1 E2=D D2=b1 E4=b1 F4=b1 G4=b1", Colour::White);
    assert!(!game.board().is_mobile(field("E3")));
    assert!(error(&game, "E3F3").1.contains("surrounded"));
    play(&mut game, "D3D2");
    play(&mut game, "F3G4");
    assert!(game.board().is_mobile(field("E3")));
    assert!(game.parse_move("E3F4").is_ok());
}

#[test]
fn removal_after_a_move_and_a_pass() {
    // A row: D3 w1, E3 Dvonn, F3 b1, G3 w1, H3 b1. Moving G3 onto F3 cuts H3 off.
    let mut game = position("D3=w1 E3=D F3=b1 G3=w1 H3=b1", Colour::White);
    let before = game.clone();
    let mv = game.parse_move("G3F3").unwrap();
    let undo = game.make(mv);
    assert_eq!(undo.removed(), field("H3").bit());
    assert_eq!(game.board().stack(field("H3")), None);
    assert_eq!(game.board().stack(field("G3")), None);
    assert_eq!(game.board().stack(field("F3")), Some(stack("w2")));
    assert_eq!((game.count(Colour::White), game.count(Colour::Black)), (3, 0));
    assert_eq!(game.hash(), game.hash_from_scratch());
    // Black has no stack left but White can still move: Black must pass, and only pass.
    assert!(!game.is_over());
    assert_eq!(game.to_move(), Colour::Black);
    assert_eq!(game.legal_moves().as_slice(), &[Move::Pass]);
    assert_eq!(game.first_legal_move(), Some(Move::Pass));
    let mut after_pass = game.clone();
    play(&mut after_pass, "PASS");
    assert_eq!(after_pass.to_move(), Colour::White);
    assert_eq!(after_pass.board(), game.board());
    assert_ne!(after_pass.hash(), game.hash());
    game.unmake(mv, undo);
    assert_eq!(game, before);
    assert_eq!(game.hash(), before.hash());
}

#[test]
fn a_dvonn_carrying_stack_leaving_takes_the_connection_with_it() {
    // E3 is a white stack over a Dvonn; C3 and D3 hang on it. It jumps 2 onto G3 over F3.
    let mut game = position("C3=b1 D3=b1 E3=W2 F3=w1 G3=b1", Colour::White);
    let undo = game.make(game.parse_move("E3G3").unwrap());
    assert_eq!(undo.removed(), field("C3").bit() | field("D3").bit());
    assert_eq!(game.board().stack(field("G3")), Some(stack("W3")));
    assert_eq!(game.board().occupied(), field("F3").bit() | field("G3").bit());
    // F3 (height 1) can step onto G3; Black has nothing: the game goes on with a Black pass.
    assert!(!game.is_over());
    assert_eq!(game.legal_moves().as_slice(), &[Move::Pass]);
}

#[test]
fn the_game_ends_when_nobody_can_move_and_then_has_no_pass() {
    // Moving F3 onto G3 leaves the Dvonn alone: everything else is removed.
    let mut game = position("E3=D F3=w1 G3=b1 H3=b2 I3=w1", Colour::White);
    play(&mut game, "F3G3");
    assert_eq!(game.board().occupied(), field("E3").bit());
    assert!(game.is_over());
    assert!(game.legal_moves().is_empty());
    assert_eq!(game.first_legal_move(), None);
    assert!(error(&game, "PASS").1.contains("game is over"));
    assert_eq!(game.perft(3), 1);
    assert_eq!(game.final_scores(), [45, 45]);
    assert!(game.render().contains("game over"));
}

#[test]
fn scores_at_a_normal_end() {
    // A stack of 12 cannot move (no line is that long); the 3 next to it has nothing at distance 3.
    let game = position("E3=W12 F3=b3", Colour::Black);
    assert!(game.is_over());
    assert_eq!(game.leader(), Some(Colour::White));
    assert_eq!(game.final_scores(), [12 + 90, 3]);
    let game = position("E3=B12 F3=w3 G4=w2", Colour::White);
    assert!(game.is_over());
    assert_eq!(game.final_scores(), [5, 12 + 90]);
    let game = position("E3=W5 F3=b5", Colour::White);
    assert!(game.is_over());
    assert_eq!(game.leader(), None);
    assert_eq!(game.final_scores(), [50, 50]);
    // A lone Dvonn counts for nobody.
    let game = position("E3=D F3=b11 G3=w11", Colour::White);
    assert!(game.is_over());
    assert_eq!(game.final_scores(), [11 + 45, 11 + 45]);
}

#[test]
fn scores_at_an_irregular_end() {
    let game = position("E3=W12 F3=b3", Colour::Black);
    assert_eq!(Contest::irregular_scores(&game, Seat::First.only()), [0, 3 + 90]);
    assert_eq!(Contest::irregular_scores(&game, Seat::Second.only()), [12 + 90, 0]);
    // At the start nobody controls anything: the survivor gets the bonus alone.
    let game = Dvonn::new();
    assert_eq!(Contest::irregular_scores(&game, Seat::First.only()), [0, 90]);
    let mut rng = Rng::new(3);
    assert!(Dvonn::random_setup(&mut rng).is_empty());
    assert!(Dvonn::check_setup(&[]).is_ok());
    assert!(Dvonn::from_setup(&["E3".to_string()]).is_err());
    assert_eq!(Dvonn::from_setup(&[]).unwrap(), Dvonn::new());
    assert_eq!(Dvonn::NAME, "dvonn");
    assert_eq!(Dvonn::SETUP_LINES, 0);
    assert_eq!(Dvonn::TIME_LIMIT, std::time::Duration::from_secs(5));
}

#[test]
fn positions_must_be_connected_to_a_dvonn() {
    let stacks = |text: &str| -> Vec<(Field, Stack)> {
        text.split_whitespace()
            .map(|item| {
                let (f, s) = item.split_once('=').unwrap();
                (field(f), stack(s))
            })
            .collect()
    };
    assert!(Dvonn::from_stacks(&stacks("E3=D F3=w1 H3=b1"), Colour::White).unwrap_err().contains("H3"));
    assert!(Dvonn::from_stacks(&stacks("E3=w1 F3=b1"), Colour::White).is_err());
    assert!(Dvonn::from_stacks(&stacks("E3=D E3=w1"), Colour::White).is_err());
    assert!(Dvonn::from_stacks(&stacks("E3=W30 F3=B30"), Colour::White).is_err());
    let game = Dvonn::from_stacks(&stacks("E3=D F3=w1"), Colour::Black).unwrap();
    assert_eq!(game.to_move(), Colour::Black);
}

/// The fields that keep their stacks after `from` is stacked onto `to`, by the rule itself and
/// nothing of the board's own bookkeeping: a flood fill over the six grid directions, through
/// occupied fields, from every stack that holds a Dvonn piece once the move is made.
fn survivors_by_flood_fill(game: &Dvonn, from: Field, to: Field) -> u64 {
    let board = game.board();
    let occupied: Vec<Field> = Field::all().filter(|&f| f != from && board.stack(f).is_some()).collect();
    let holds_dvonn = |f: Field| {
        let moved_here = f == to && board.stack(from).is_some_and(|s| s.dvonn);
        moved_here || board.stack(f).is_some_and(|s| s.dvonn)
    };
    let mut reached: Vec<Field> = occupied.iter().copied().filter(|&f| holds_dvonn(f)).collect();
    let mut next = 0;
    while next < reached.len() {
        let field = reached[next];
        next += 1;
        for (dx, dy) in dvonn::geometry::DIRECTIONS {
            let Some(neighbour) = Field::from_xy(field.x() + i32::from(dx), field.y() + i32::from(dy)) else {
                continue;
            };
            if occupied.contains(&neighbour) && !reached.contains(&neighbour) {
                reached.push(neighbour);
            }
        }
    }
    reached.iter().fold(0, |bits, f| bits | f.bit())
}

#[test]
fn random_games_end_properly_and_score_by_count() {
    let mut rng = Rng::new(2011);
    let mut passes = 0;
    for _ in 0..200 {
        let mut game = Dvonn::new();
        while !game.is_over() {
            let moves = game.legal_moves();
            assert!(!moves.is_empty());
            if moves[0] == Move::Pass {
                passes += 1;
                assert_eq!(moves.len(), 1);
                assert!(game.has_stacking_move(game.to_move().other()));
            }
            let mv = moves[rng.below(moves.len())];
            let expected = match mv {
                Move::Stack { from, to } if !game.is_placement() => {
                    Some(survivors_by_flood_fill(&game, from, to))
                }
                _ => None,
            };
            game.apply(mv);
            // Rules §5.2: after a stacking move exactly the stacks still linked to a Dvonn piece stay.
            if let Some(expected) = expected {
                assert_eq!(game.board().occupied(), expected, "after {mv:?}\n{}", game.render());
            }
        }
        assert!(game.plies() > 49);
        assert!(!game.has_stacking_move(Colour::White) && !game.has_stacking_move(Colour::Black));
        let (white, black) = (game.count(Colour::White), game.count(Colour::Black));
        assert!(white + black <= FIELDS as u32);
        let scores = game.final_scores();
        match white.cmp(&black) {
            std::cmp::Ordering::Greater => assert_eq!(scores, [white + 90, black]),
            std::cmp::Ordering::Less => assert_eq!(scores, [white, black + 90]),
            std::cmp::Ordering::Equal => assert_eq!(scores, [white + 45, black + 45]),
        }
    }
    assert!(passes > 0, "random games should contain passes");
}

#[test]
fn render_draws_the_rows_with_their_shift() {
    let mut game = Dvonn::new();
    for name in ["E3", "A1", "K5", "C5"] {
        play(&mut game, name);
    }
    let text = game.render();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 8, "{text}");
    // Row 5 starts with C5 (a Black piece), row 3 with A3 at the far left, row 1 with A1 (Dvonn).
    assert_eq!(lines[1].split_whitespace().nth(1), Some("b1"), "{text}");
    assert_eq!(lines[1].split_whitespace().last(), Some("D"), "{text}");
    assert_eq!(lines[5].split_whitespace().nth(1), Some("D"), "{text}");
    assert_eq!(lines[3].split_whitespace().nth(5), Some("D"), "{text}");
    assert!(lines[3].find('.').unwrap() < lines[1].find('b').unwrap());
    assert!(lines[7].contains("ply 4 (placement), white to move"), "{text}");
}

#[test]
fn the_search_view_agrees_with_the_rules() {
    assert!(testkit::check_search_game(&Dvonn::new(), 20, 2011) > 20 * 49);
}
