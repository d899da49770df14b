//! The exact solver against a slow plain minimax (no table, no regions) on many random small
//! positions, and the heuristic's rule against the solver where the rule is known to be exact.

use pillars::engine::heuristic::{Heuristic, Verdict};
use pillars::engine::{Outcome, RootResult, Solver};
use pillars::{Board, Field, Rect, SIZE};
use protocol::Rng;

/// Misère minimax straight from the rules: the side to move wins if some move leaves a position
/// the opponent loses; filling the last field loses.
fn plain_wins(board: Board) -> bool {
    board.moves().iter().any(|&rect| {
        let after = board.fill(rect);
        !after.is_full() && !plain_wins(after)
    })
}

/// A random board with `empty` empty fields: random pillars, then random small fills.
fn random_position(rng: &mut Rng, empty: u32) -> Board {
    let mut columns: Vec<usize> = (0..SIZE).collect();
    rng.shuffle(&mut columns);
    let pillars: Vec<Field> = columns.iter().enumerate().map(|(r, &c)| Field::new(r, c)).collect();
    let mut board = Board::with_pillars(&pillars);
    while board.empty_count() > empty {
        let moves: Vec<Rect> = board.moves().iter().copied().filter(|r| r.area() <= 4).collect();
        let rect = moves[rng.below(moves.len())];
        if board.empty_count() - rect.area() as u32 >= empty {
            board = board.fill(rect);
        }
    }
    board
}

/// Checks a solver's verdict on `board` against plain minimax: a named winning move must itself
/// leave the opponent a lost position. Returns whether the verdict was a win.
fn check_against_minimax(case: usize, board: Board, winning_move: Option<Rect>) -> bool {
    let expected = plain_wins(board);
    match winning_move {
        Some(rect) => {
            assert!(expected, "case {case}: a win claimed in a lost position {:#x}", board.empty());
            let after = board.fill(rect);
            assert!(!after.is_full() && !plain_wins(after), "case {case}: {rect} does not win");
        }
        None => assert!(!expected, "case {case}: a win missed in {:#x}", board.empty()),
    }
    expected
}

#[test]
fn solver_agrees_with_plain_minimax() {
    let mut rng = Rng::new(77);
    let mut solver = Solver::new();
    let (mut wins, mut losses) = (0, 0);
    for case in 0..400 {
        let empty = 1 + rng.below(11) as u32;
        let board = random_position(&mut rng, empty);
        let winning_move = match solver.solve(board, None).unwrap() {
            Outcome::Win(rect) => Some(rect),
            Outcome::Loss => None,
        };
        let won = check_against_minimax(case, board, winning_move);
        assert_eq!(solver.wins_board(board), won, "case {case}");
        if won {
            wins += 1;
        } else {
            losses += 1;
        }
    }
    // Both verdicts occur often enough for the comparison to mean something.
    assert!(wins > 50 && losses > 50, "{wins} wins, {losses} losses");
}

#[test]
fn root_search_reports_refuted_moves() {
    let mut rng = Rng::new(5);
    let mut solver = Solver::new();
    for _ in 0..50 {
        let board = random_position(&mut rng, 8);
        let moves = board.moves();
        match solver.solve_ordered(board, &moves, None) {
            RootResult::Win(rect) => assert!(!plain_wins(board.fill(rect))),
            RootResult::Loss => assert!(!plain_wins(board)),
            RootResult::Unknown { .. } => panic!("no deadline, no unknown"),
        }
    }
}

#[test]
fn rule_verdicts_are_exact_for_fields_and_dominoes() {
    // Positions made only of lone fields and dominoes are Nim heaps 1 and 2: the rule is exact.
    let mut rng = Rng::new(9);
    let mut heuristic = Heuristic::new();
    for _ in 0..200 {
        let mut empty = 0u128;
        for _ in 0..1 + rng.below(6) {
            let (row, column) = (2 * rng.below(5), 3 * rng.below(3));
            let rect = if rng.chance(0.5) {
                Rect::new(row, column, row, column + 1)
            } else {
                Rect::new(row, column, row, column)
            };
            empty |= rect.mask();
        }
        let board = Board::from_empty(empty);
        let opponent_loses = !board.is_full() && !plain_wins(board);
        let verdict = heuristic.judge(empty);
        assert_eq!(verdict == Verdict::RuleWin, opponent_loses, "{empty:#x}: {verdict:?}");
    }
}

#[test]
fn guided_solver_agrees_with_plain_minimax() {
    // Grundy values only reorder the search: with a table that knows them the verdicts must not change.
    let mut rng = Rng::new(78);
    let mut solver = Solver::new();
    let mut heuristic = Heuristic::new();
    let (mut wins, mut losses) = (0, 0);
    for case in 0..300 {
        let empty = 1 + rng.below(11) as u32;
        let board = random_position(&mut rng, empty);
        let order: Vec<Rect> = heuristic.rank(board, &mut rng, None).iter().map(|r| r.1).collect();
        assert_eq!(order.len(), board.count_moves() as usize);
        let winning_move = match solver.solve_guided(board, &order, None, heuristic.grundy()) {
            RootResult::Win(rect) => Some(rect),
            RootResult::Loss => None,
            RootResult::Unknown { .. } => panic!("no deadline, no unknown"),
        };
        if check_against_minimax(case, board, winning_move) {
            wins += 1;
        } else {
            losses += 1;
        }
    }
    assert!(wins > 50 && losses > 50, "{wins} wins, {losses} losses");
}
