//! The rules against the reference examples (`symple-examples.txt`, which include every example of
//! the original rule page), the end and scoring, Black's special move through its life, and
//! properties of the generator against the checker on random games.

use std::collections::HashSet;
use std::ops::ControlFlow;

use protocol::{Game, MoveErrorKind, Outcome, Rng, SearchGame};
use symple::game::Kind;
use symple::{Bits, Colour, Move, Point, Symple, Turn};
use testkit::data::{blocks, Block};

// Rules §5: the jury plays on for a failed program, to the end of the game. Checked when the tests compile.
const _: () = assert!(<Symple as protocol::Contest>::PLAYS_ON_AFTER_FAILURE);

fn points(words: &[String]) -> Vec<&str> {
    words.iter().map(String::as_str).collect()
}

fn replay(moves: &[&str]) -> Symple {
    let mut game = Symple::new();
    for text in moves {
        let mv = game.parse_move(text).unwrap_or_else(|e| panic!("{text}: {e}\n{}", game.render()));
        game.apply(mv);
    }
    game
}

fn position(block: &Block) -> Symple {
    let game = match block.get("position") {
        Some(_) => {
            let to_move = match block.require("to_move") {
                "white" => Colour::White,
                "black" => Colour::Black,
                other => panic!("to_move {other}"),
            };
            let expanded = block.require("expanded") == "yes";
            Symple::from_stones(
                &points(&block.words("white")),
                &points(&block.words("black")),
                to_move,
                expanded,
            )
            .expect("a valid position")
        }
        None => replay(&points(&block.words("game"))),
    };
    let to_move = if game.to_move() == Colour::White { "white" } else { "black" };
    assert_eq!(to_move, block.require("to_move"), "block at line {}", block.line);
    assert_eq!(game.expanded(), block.require("expanded") == "yes", "block at line {}", block.line);
    game
}

fn verdict(game: &Symple, text: &str) -> &'static str {
    match game.parse_move(text) {
        Err(e) => {
            assert_eq!(e.kind, MoveErrorKind::Illegal, "{text}: {e}");
            "illegal"
        }
        Ok(mv) => match game.kind_of(mv).expect("parsed moves are legal") {
            Kind::Exploration => "exploration",
            Kind::Expansion => "expansion",
            Kind::Special { .. } => "special",
        },
    }
}

#[test]
fn the_examples_have_their_counts_and_verdicts() {
    let text = testkit::data_file("symple-examples.txt");
    let mut checked = 0;
    for block in blocks(&text) {
        let game = position(&block);
        let counts = game.count_legal();
        let expected = format!("explorations={} expansions={} special={}", counts[0], counts[1], counts[2]);
        assert_eq!(expected, block.require("count"), "block at line {}\n{}", block.line, game.render());
        // The generator lists exactly that many distinct moves, each legal of its kind.
        let mut seen = HashSet::new();
        let _ = game.for_each_move(|mv| {
            assert!(game.is_legal(mv), "{} generated but illegal", game.format_move(mv));
            assert!(seen.insert(mv), "{} generated twice", game.format_move(mv));
            ControlFlow::Continue(())
        });
        assert_eq!(seen.len(), counts.iter().sum::<usize>());
        for line in block.all("move") {
            let (text, expected) = line.split_once(' ').expect("move and verdict");
            assert_eq!(verdict(&game, text), expected, "{text} at line {}", block.line);
            checked += 1;
        }
    }
    assert_eq!(checked, 42, "move verdicts checked");
}

#[test]
fn moves_are_written_expansion_first_and_read_in_any_order() {
    let game = replay(&["M13", "M10", "D12"]);
    for text in ["M11-C11", "C11-M11"] {
        let mv = game.parse_move(text).expect("legal");
        assert_eq!(game.format_move(mv), "M11-C11");
    }
    let game = Symple::from_stones(&["B3", "C2", "D3", "C4"], &[], Colour::White, true).expect("position");
    let mv = game.parse_move("C5-E3-A3-C1").expect("legal");
    assert_eq!(game.format_move(mv), "C1-A3-E3-C5");
    for (bad, kind) in [
        ("C1-C1", MoveErrorKind::Syntax),
        ("C1--A3", MoveErrorKind::Syntax),
        ("c1", MoveErrorKind::Syntax),
        ("B3", MoveErrorKind::Illegal),
    ] {
        assert_eq!(game.parse_move(bad).map_err(|e| e.kind), Err(kind), "{bad}");
    }
}

#[test]
fn the_special_move_is_blacks_once_and_ends_when_anyone_expands() {
    // Black's first turn: no group yet, so no expansion and no special move.
    let game = replay(&["H8"]);
    assert_eq!(game.count_legal()[1..], [0, 0]);
    // Black uses it: from then on nobody has it.
    let game = replay(&["M13", "M10", "D12", "M11-C11", "J12"]);
    assert!(game.expanded());
    assert_eq!(game.count_legal()[2], 0);
    assert_eq!(verdict(&game, "M12-E5"), "illegal");
    // White expands first: Black loses it for good.
    let game = replay(&["M13", "M10", "M12"]);
    assert!(game.expanded() && !game.special_available());
    assert_eq!(verdict(&game, "M11-C11"), "illegal");
    // Black only explores: it keeps it, and White never has it.
    let game = replay(&["M13", "M10", "D12", "C3", "J12"]);
    assert!(game.special_available());
    assert_eq!(verdict(&game, "M11-C3"), "illegal", "C3 already holds Black's stone");
    assert_eq!(verdict(&game, "M11-H8"), "illegal", "C3 could still grow");
    assert_eq!(verdict(&game, "M11-C4-H8"), "special");
    let white = replay(&["M13", "M10", "D12", "C3"]);
    assert!(!white.special_available());
    assert_eq!(verdict(&white, "M12-H8"), "illegal");
}

#[test]
fn scoring_counts_stones_less_six_per_group_floored_with_the_bonus() {
    // White fills the left 8 columns (one group of 120), Black the right 7 (one group of 105).
    let mut white = Vec::new();
    let mut black = Vec::new();
    for point in Point::all() {
        let text = point.to_string();
        if point.col() < 8 {
            white.push(text);
        } else {
            black.push(text);
        }
    }
    let white: Vec<&str> = white.iter().map(String::as_str).collect();
    let black: Vec<&str> = black.iter().map(String::as_str).collect();
    let game = Symple::from_stones(&white, &black, Colour::White, true).expect("position");
    assert!(game.is_over());
    assert_eq!(game.raw_scores(), [114, 99]);
    assert_eq!(game.points(), [214, 99]);
    assert_eq!(game.outcome(), Some(Outcome::Win));
    // A checkerboard: every stone a group of its own, so both raw scores are negative.
    let (mut white, mut black) = (Vec::new(), Vec::new());
    for point in Point::all() {
        let text = point.to_string();
        if (point.col() + point.row()) % 2 == 0 {
            white.push(text);
        } else {
            black.push(text);
        }
    }
    let white: Vec<&str> = white.iter().map(String::as_str).collect();
    let black: Vec<&str> = black.iter().map(String::as_str).collect();
    let game = Symple::from_stones(&white, &black, Colour::Black, true).expect("position");
    assert_eq!(game.raw_scores(), [113 - 6 * 113, 112 - 6 * 112]);
    assert_eq!(game.points(), [0, 0]);
    assert_eq!(game.outcome(), Some(Outcome::Draw));
}

/// Rules §5: a program that fails (illegal move, crash, timeout) scores 0; the jury plays its
/// moves to the end and the other program scores what the finished board gives it, bonus included
/// when its floored score is the higher one.
#[test]
fn a_failed_program_scores_zero_and_the_other_keeps_its_points() {
    use protocol::{Contest, Seat};

    // Two finished boards: White 8 columns against Black 7 (114 and 99 raw), and Black 10
    // columns against White 5 (raw 69 and 144).
    let board = |white_columns: usize| {
        let (mut white, mut black) = (Vec::new(), Vec::new());
        for point in Point::all() {
            let side = if point.col() < white_columns { &mut white } else { &mut black };
            side.push(point.to_string());
        }
        let white: Vec<&str> = white.iter().map(String::as_str).collect();
        let black: Vec<&str> = black.iter().map(String::as_str).collect();
        Symple::from_stones(&white, &black, Colour::White, true).expect("a position")
    };
    let white_ahead = board(8);
    assert_eq!(Contest::irregular_scores(&white_ahead, Seat::First.only()), [0, 99]);
    assert_eq!(Contest::irregular_scores(&white_ahead, Seat::Second.only()), [114 + 100, 0]);
    assert_eq!(Contest::irregular_scores(&white_ahead, [true, true]), [0, 0]);
    let black_ahead = board(5);
    assert_eq!(Contest::irregular_scores(&black_ahead, Seat::First.only()), [0, 144 + 100]);
    assert_eq!(Contest::irregular_scores(&black_ahead, Seat::Second.only()), [69, 0]);
    // When both fail nobody plays on: the game may stop unfinished, and both score 0.
    assert_eq!(Contest::irregular_scores(&Symple::new(), [true, true]), [0, 0]);
}

/// The slow reference for groups, written from the rules page alone: points by column and row, the four
/// grid steps, groups by flood fill over lists. Nothing of the crate's bit sets, neighbourhoods or
/// group code is used, so the checks below compare two independent readings of the rules.
mod reference {
    use symple::{Bits, Colour, Point, Symple, SIZE};

    /// The points orthogonally next to `point` on the board.
    pub fn neighbours(point: Point) -> Vec<Point> {
        testkit::grid::neighbours(point.col(), point.row(), SIZE, Point::at)
    }

    pub fn stones(game: &Symple, colour: Colour) -> Vec<Point> {
        Point::all().filter(|&p| game.stones(colour).contains(p)).collect()
    }

    pub fn vacant(game: &Symple) -> Vec<Point> {
        Point::all()
            .filter(|&p| !game.stones(Colour::White).contains(p) && !game.stones(Colour::Black).contains(p))
            .collect()
    }

    /// The groups of `stones`, each sorted, by flood fill.
    pub fn groups(stones: &[Point]) -> Vec<Vec<Point>> {
        let mut groups = testkit::grid::parts(stones, neighbours);
        groups.iter_mut().for_each(|group| group.sort());
        groups
    }

    /// The indices of the groups next to `point` (`A(p)` of rules §3).
    pub fn touching(groups: &[Vec<Point>], point: Point) -> Vec<usize> {
        let around = neighbours(point);
        (0..groups.len()).filter(|&i| groups[i].iter().any(|q| around.contains(q))).collect()
    }

    /// Whether `stones` (a set of vacant points, each next to some group of the mover) leave no
    /// vacant point that could still grow a group none of them grew: maximality, rules §3.2.
    pub fn maximal(game: &Symple, stones: Bits) -> bool {
        let pre = groups(&self::stones(game, game.to_move()));
        let grown: Vec<bool> = pre
            .iter()
            .map(|group| group.iter().any(|&q| neighbours(q).into_iter().any(|n| stones.contains(n))))
            .collect();
        vacant(game).into_iter().filter(|&p| !stones.contains(p)).all(|p| {
            let touched = touching(&pre, p);
            touched.is_empty() || touched.iter().any(|&i| grown[i])
        })
    }
}

#[test]
fn random_games_agree_with_the_checker_and_refuse_non_maximal_expansions() {
    let mut rng = Rng::new(2013);
    let (mut expansions, mut refused, mut plies) = (0, 0, 0);
    for _ in 0..60 {
        let mut game = Symple::new();
        while !game.is_over() {
            let mv = game.random_move(&mut rng).expect("a move while the board has room");
            let kind = game
                .kind_of(mv)
                .unwrap_or_else(|e| panic!("{}: {e}\n{}", game.format_move(mv), game.render()));
            if kind == Kind::Expansion {
                expansions += 1;
                assert!(reference::maximal(&game, mv.stones));
                // Every stone left out of a maximal expansion makes it non-maximal, unless the
                // stone grew a group another liberty could grow alone; the checker must agree
                // with the definition either way.
                for point in mv.stones.points() {
                    let mut fewer = mv.stones;
                    fewer.remove(point);
                    if fewer.is_empty() {
                        continue;
                    }
                    let legal = game.check(Move { stones: fewer }).is_ok();
                    assert_eq!(legal, reference::maximal(&game, fewer), "{}", game.format_move(mv));
                    refused += usize::from(!legal);
                }
            }
            let text = game.format_move(mv);
            assert_eq!(game.parse_move(&text), Ok(mv), "{text} reads back");
            // The turn's groups and liberties are the flood fill's.
            let turn = Turn::new(&game);
            let mut listed: Vec<(Vec<Point>, Vec<Point>)> = turn
                .groups
                .iter()
                .zip(&turn.liberties)
                .map(|(group, liberties)| (group.points().collect(), liberties.points().collect()))
                .collect();
            let vacant = reference::vacant(&game);
            let mut flooded: Vec<(Vec<Point>, Vec<Point>)> =
                reference::groups(&reference::stones(&game, game.to_move()))
                    .into_iter()
                    .map(|group| {
                        let mut liberties: Vec<Point> = vacant
                            .iter()
                            .copied()
                            .filter(|&p| group.iter().any(|&q| reference::neighbours(p).contains(&q)))
                            .collect();
                        liberties.sort();
                        (group, liberties)
                    })
                    .collect();
            listed.sort();
            flooded.sort();
            assert_eq!(listed, flooded, "\n{}", game.render());
            game.apply(mv);
            plies += 1;
        }
        assert!(game.outcome().is_some());
    }
    assert!(expansions > 1000 && refused > 1000, "{expansions} expansions, {refused} refused, {plies} plies");
}

#[test]
fn every_generated_expansion_is_maximal_and_every_maximal_set_is_generated() {
    // Small positions from random games: the generator's expansions are exactly the subsets of
    // the liberties (one stone per group at most) that the definition accepts.
    let mut rng = Rng::new(7);
    let mut compared = 0;
    for _ in 0..40 {
        let mut game = Symple::new();
        for _ in 0..8 {
            let mv = game.random_move(&mut rng).expect("a move");
            game.apply(mv);
        }
        let turn = Turn::new(&game);
        let pre = reference::groups(&reference::stones(&game, game.to_move()));
        let liberties: Vec<Point> = reference::vacant(&game)
            .into_iter()
            .filter(|&p| !reference::touching(&pre, p).is_empty())
            .collect();
        if liberties.len() > 14 {
            continue;
        }
        let mut generated = HashSet::new();
        let _ = turn.for_each_expansion(&mut |stones| {
            generated.insert(stones);
            ControlFlow::Continue(())
        });
        let mut by_definition = HashSet::new();
        for subset in 1u32..1 << liberties.len() {
            let mut stones = Bits::EMPTY;
            for (i, &p) in liberties.iter().enumerate() {
                if subset >> i & 1 != 0 {
                    stones.insert(p);
                }
            }
            // No two stones may grow the same group.
            let mut grown: Vec<usize> = stones.points().flat_map(|p| reference::touching(&pre, p)).collect();
            let count = grown.len();
            grown.sort();
            grown.dedup();
            let disjoint = grown.len() == count;
            if disjoint && reference::maximal(&game, stones) {
                by_definition.insert(stones);
            }
        }
        assert_eq!(generated, by_definition, "\n{}", game.render());
        compared += 1;
    }
    assert!(compared >= 20, "{compared} positions compared");
}
