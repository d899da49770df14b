//! The exact endgame solver against exhaustive play: on endgames built by emptying a few points of
//! finished boards, and on endgames reached by play, its value is the plain minimax value over
//! every legal move, and the move it gives reaches that value.

use std::ops::ControlFlow;

use protocol::{Game, Rng, SearchGame};
use symple::engine::Solver;
use symple::{Colour, Point, Symple};

/// The slow reference: the points margin of the side to move under best play, by visiting every
/// move to the end of the game.
fn minimax(game: &Symple) -> i32 {
    if game.is_full() {
        let points = game.points();
        let mover = game.to_move().index();
        return points[mover] as i32 - points[1 - mover] as i32;
    }
    let mut best = i32::MIN;
    let _ = game.for_each_legal(|mv| {
        let mut child = game.clone();
        child.apply(mv);
        best = best.max(-minimax(&child));
        ControlFlow::Continue(())
    });
    best
}

/// A board filled by random play, with `vacant` of its points emptied again (all of them next to
/// one another in patches, as endgame gaps are), `to_move` to play and the special move gone.
fn emptied_board(rng: &mut Rng, vacant: usize, to_move: Colour) -> Symple {
    let mut game = Symple::new();
    while let Some(mv) = game.random_move(rng) {
        game.apply(mv);
    }
    let mut emptied: Vec<Point> = Vec::new();
    while emptied.len() < vacant {
        let point = Point::at(rng.below(15), rng.below(15));
        if !emptied.contains(&point) {
            emptied.push(point);
        }
        // Grow a patch from the last point half of the time.
        if rng.below(2) == 0 && emptied.len() < vacant {
            let last = *emptied.last().expect("a point");
            if let Some(next) = last.bit().neighbours().points().find(|p| !emptied.contains(p)) {
                emptied.push(next);
            }
        }
    }
    let names = |colour: Colour| -> Vec<String> {
        game.stones(colour).points().filter(|p| !emptied.contains(p)).map(|p| p.to_string()).collect()
    };
    let (white, black) = (names(Colour::White), names(Colour::Black));
    let white: Vec<&str> = white.iter().map(String::as_str).collect();
    let black: Vec<&str> = black.iter().map(String::as_str).collect();
    Symple::from_stones(&white, &black, to_move, true).expect("a position")
}

fn check(game: &Symple, solver: &mut Solver, label: &str) {
    let expected = minimax(game);
    let (value, mv) = solver.solve(game, None).expect("no deadline: the solver finishes");
    assert_eq!(value, expected, "{label}: value\n{}", game.render());
    assert!(game.is_legal(mv), "{label}: {} is illegal", game.format_move(mv));
    let mut after = game.clone();
    after.apply(mv);
    assert_eq!(-minimax(&after), expected, "{label}: {} does not reach the value", game.format_move(mv));
    // The table now holds bounds from windows the root's search narrowed: solving every child
    // with it must still give each child's exact value.
    let _ = game.for_each_legal(|mv| {
        let mut child = game.clone();
        child.apply(mv);
        if !child.is_full() {
            let (value, _) = solver.solve(&child, None).expect("no deadline");
            assert_eq!(value, minimax(&child), "{label}: after {}", game.format_move(mv));
        }
        ControlFlow::Continue(())
    });
}

#[test]
fn the_solver_agrees_with_exhaustive_play_on_emptied_boards() {
    let mut rng = Rng::new(2013);
    // A tiny table, so that slots are shared and overwritten across positions.
    let mut solver = Solver::new(8);
    let mut values = Vec::new();
    for i in 0..60 {
        let to_move = if i % 2 == 0 { Colour::White } else { Colour::Black };
        let game = emptied_board(&mut rng, 3 + i % 6, to_move);
        check(&game, &mut solver, &format!("emptied board {i}"));
        values.push(minimax(&game));
    }
    // The positions are not all alike: both signs and many margins occur.
    values.sort_unstable();
    values.dedup();
    assert!(values.len() > 10 && values[0] < 0 && values[values.len() - 1] > 0, "{values:?}");
}

#[test]
fn the_solver_agrees_with_exhaustive_play_on_endgames_reached_by_play() {
    let mut rng = Rng::new(39);
    let mut solver = Solver::new(16);
    for i in 0..40 {
        let mut game = Symple::new();
        let vacant = 4 + i % 5;
        while game.empty().count() > vacant as u32 {
            let mv = game.random_move(&mut rng).expect("not full");
            game.apply(mv);
        }
        if game.is_full() {
            continue;
        }
        check(&game, &mut solver, &format!("game {i}"));
    }
}
