//! Move generation, make/unmake and notation on random games, against a slow reference written
//! straight from the rules with coordinates (no precomputed tables, no shortcuts).

use dvonn::{Colour, Dvonn, Field, Move, Stack};
use protocol::{Game, MoveErrorKind, Rng};

/// The six neighbour directions of the spec.
const DIRECTIONS: [(i32, i32); 6] = [(1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (-1, -1)];

fn occupied(game: &Dvonn, x: i32, y: i32) -> bool {
    Field::from_xy(x, y).is_some_and(|f| game.board().stack(f).is_some())
}

/// The legal moves by the rules: every empty field while placing; else every controlled, mobile
/// stack onto every stack exactly its height away in a straight line; PASS when there is none
/// but the opponent has one.
fn reference_moves(game: &Dvonn) -> Vec<Move> {
    if game.is_placement() {
        return Field::all().filter(|&f| game.board().stack(f).is_none()).map(Move::Place).collect();
    }
    let stacking = |colour: Colour| {
        let mut moves = Vec::new();
        for from in Field::all() {
            let Some(stack) = game.board().stack(from) else { continue };
            if stack.owner() != Some(colour) {
                continue;
            }
            let mobile = DIRECTIONS.iter().any(|&(dx, dy)| !occupied(game, from.x() + dx, from.y() + dy));
            if !mobile {
                continue;
            }
            let h = i32::from(stack.height);
            for (dx, dy) in DIRECTIONS {
                if let Some(to) = Field::from_xy(from.x() + h * dx, from.y() + h * dy) {
                    if game.board().stack(to).is_some() {
                        moves.push(Move::Stack { from, to });
                    }
                }
            }
        }
        moves
    };
    let mut moves = stacking(game.to_move());
    if moves.is_empty() && !stacking(game.to_move().other()).is_empty() {
        moves.push(Move::Pass);
    }
    moves
}

/// The stacks that survive removal, by the rules: a flood fill over coordinates from every
/// Dvonn-carrying stack through occupied neighbours.
fn survivors(stacks: &[(Field, Stack)]) -> Vec<(Field, Stack)> {
    let holds = |f: Field| stacks.iter().any(|&(g, _)| g == f);
    let mut reached: Vec<Field> = stacks.iter().filter(|(_, s)| s.dvonn).map(|&(f, _)| f).collect();
    let mut i = 0;
    while i < reached.len() {
        let f = reached[i];
        for (dx, dy) in DIRECTIONS {
            if let Some(n) = Field::from_xy(f.x() + dx, f.y() + dy) {
                if holds(n) && !reached.contains(&n) {
                    reached.push(n);
                }
            }
        }
        i += 1;
    }
    stacks.iter().copied().filter(|(f, _)| reached.contains(f)).collect()
}

/// What a move does to the stacks, by the rules, before removal.
fn reference_after(game: &Dvonn, mv: Move) -> Vec<(Field, Stack)> {
    let mut stacks: Vec<(Field, Stack)> =
        Field::all().filter_map(|f| game.board().stack(f).map(|s| (f, s))).collect();
    match mv {
        Move::Place(f) => {
            stacks.push((f, Stack::single(game.piece_to_place().unwrap())));
            stacks.sort_by_key(|&(f, _)| f);
        }
        Move::Stack { from, to } => {
            let mover = game.board().stack(from).unwrap();
            let target = game.board().stack(to).unwrap();
            stacks.retain(|&(f, _)| f != from);
            for (f, s) in stacks.iter_mut() {
                if *f == to {
                    *s = Stack {
                        height: mover.height + target.height,
                        top: mover.top,
                        dvonn: mover.dvonn || target.dvonn,
                    };
                }
            }
        }
        Move::Pass => {}
    }
    stacks
}

fn stacks_of(game: &Dvonn) -> Vec<(Field, Stack)> {
    Field::all().filter_map(|f| game.board().stack(f).map(|s| (f, s))).collect()
}

/// Random games, each position checked thoroughly. Placement is sped through after the first
/// few games, since every placement position is alike.
fn for_each_position(games: usize, seed: u64, mut check: impl FnMut(&Dvonn)) {
    let mut rng = Rng::new(seed);
    for _ in 0..games {
        let mut game = Dvonn::new();
        while !game.is_over() {
            check(&game);
            let moves = game.legal_moves();
            game.apply(moves[rng.below(moves.len())]);
        }
        check(&game);
    }
}

#[test]
fn generator_matches_the_reference() {
    let mut positions = 0;
    for_each_position(300, 1, |game| {
        let mut fast: Vec<Move> = game.legal_moves().to_vec();
        let mut slow = reference_moves(game);
        fast.sort_by_key(|m| m.to_string());
        slow.sort_by_key(|m| m.to_string());
        assert_eq!(fast, slow, "{}", game.render());
        assert_eq!(game.is_over(), slow.is_empty());
        if !game.is_placement() {
            let stacking = slow.iter().filter(|m| **m != Move::Pass).count() as u32;
            assert_eq!(game.count_stacking_moves(game.to_move()), stacking);
        }
        positions += 1;
    });
    assert!(positions > 300 * 70, "{positions} positions");
}

#[test]
fn make_then_unmake_restores_everything_and_hashes_stay_exact() {
    let mut rng = Rng::new(3);
    let mut removals = 0;
    for_each_position(150, 2, |game| {
        assert_eq!(game.hash(), game.hash_from_scratch());
        let mut scratch = game.clone();
        for mv in game.legal_moves() {
            let undo = scratch.make(mv);
            // The move did what the rules say, removal included.
            let before_removal = reference_after(game, mv);
            let expected = match mv {
                Move::Stack { .. } => survivors(&before_removal),
                _ => before_removal.clone(),
            };
            assert_eq!(stacks_of(&scratch), expected, "{mv}\n{}", game.render());
            let removed: u64 = before_removal
                .iter()
                .filter(|s| !expected.contains(s))
                .fold(0, |bits, (f, _)| bits | f.bit());
            assert_eq!(undo.removed(), removed, "{mv}");
            removals += usize::from(removed != 0);
            assert_eq!(scratch.plies(), game.plies() + 1);
            assert_eq!(scratch.hash(), scratch.hash_from_scratch(), "{mv}");
            assert_ne!(scratch.hash(), game.hash(), "{mv}");
            scratch.unmake(mv, undo);
            assert_eq!(scratch, *game, "{mv}");
            assert_eq!(stacks_of(&scratch), stacks_of(game), "{mv}");
            assert_eq!((scratch.to_move(), scratch.plies()), (game.to_move(), game.plies()));
            assert_eq!(scratch.hash(), game.hash(), "{mv}");
        }
        // A random line several plies deep, taken back ply by ply: empty fields must still hold
        // what each undo needs, whatever happened in between.
        let mut line = Vec::new();
        while line.len() < 8 && !scratch.is_over() {
            let moves = scratch.legal_moves();
            let mv = moves[rng.below(moves.len())];
            let snapshot = scratch.clone();
            line.push((mv, scratch.make(mv), snapshot));
        }
        while let Some((mv, undo, snapshot)) = line.pop() {
            scratch.unmake(mv, undo);
            assert_eq!(scratch, snapshot, "{mv}");
            assert_eq!(scratch.hash(), snapshot.hash_from_scratch(), "{mv}");
        }
        assert_eq!(scratch, *game);
    });
    assert!(removals > 1000, "only {removals} moves removed stacks");
}

#[test]
fn notation_round_trips_for_every_legal_move() {
    for_each_position(100, 4, |game| {
        for mv in game.legal_moves() {
            let text = game.format_move(mv);
            assert_eq!(game.parse_move(&text), Ok(mv), "{text}");
            assert_eq!(text.parse::<Move>(), Ok(mv), "{text}");
            assert!(game.is_legal(mv));
            let expected_len = match mv {
                Move::Place(_) => 2,
                Move::Stack { .. } | Move::Pass => 4,
            };
            assert_eq!(text.len(), expected_len, "{text}");
            assert_eq!(text, text.to_ascii_uppercase());
        }
    });
}

#[test]
fn parse_errors_are_classified() {
    let full: Vec<String> = Field::all().map(|f| f.to_string()).collect();
    let full: Vec<&str> = full.iter().map(String::as_str).collect();
    // Placing in field order: A1..I1 are black/white pieces, the first three are Dvonn pieces.
    let game = Dvonn::from_moves(&full).unwrap();
    assert_eq!(game.to_move(), Colour::White);
    let kind = |text: &str| game.parse_move(text).map_err(|e| e.kind);
    for syntax in [
        "", "pass", "Pass", "e3", "a1b1", "A1-B1", "A1 B1", "A5", "A5A4", "L3", "E0", "A1B", "A1B1C1",
        "Start", "ÉÉ", "PASS!",
    ] {
        assert_eq!(kind(syntax), Err(MoveErrorKind::Syntax), "{syntax:?}");
    }
    // Readable but not allowed now: a placement in the movement phase, a stack that is not on
    // the border (all are surrounded), a black stack, a pass while White can move.
    for illegal in ["E3", "E3E4", "E3F3", "D1D2", "E3G3", "PASS"] {
        assert_eq!(kind(illegal), Err(MoveErrorKind::Illegal), "{illegal}");
    }
    let legal = game.legal_moves();
    assert!(!legal.is_empty());
    assert_eq!(kind(&legal[0].to_string()), Ok(legal[0]));
    assert!(game.parse_move("PASS").unwrap_err().message.contains(&legal[0].to_string()));
    // PASS while placing, and a stacking move while placing.
    let start = Dvonn::new();
    assert_eq!(start.parse_move("PASS").map_err(|e| e.kind), Err(MoveErrorKind::Illegal));
    assert_eq!(start.parse_move("A1B1").map_err(|e| e.kind), Err(MoveErrorKind::Illegal));
    assert_eq!(start.parse_move("A1"), Ok(Move::Place(Field::parse("A1").unwrap())));
}
