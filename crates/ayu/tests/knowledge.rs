//! The learned move priors: the committed table is exactly what the `ayu_learn` fit gives on the
//! contest records, it predicts held-out winners' moves far better than uniform, and the features
//! agree with a slow reference written from their definitions along the records.

use std::ops::ControlFlow;

use ayu::board::{distance_below, flood};
use ayu::knowledge::{self, group_offsets, Features, GROUPS};
use ayu::{Ayu, Move, Point, SIZE};
use protocol::Game;

fn records() -> String {
    testkit::data_file("ayu-games-2015.txt")
}

#[test]
fn the_committed_table_is_what_the_learning_example_fits() {
    let (table, accuracy) = knowledge::learn(&records()).unwrap();
    let committed = include_str!("../src/knowledge_table.rs");
    assert!(table == committed, "knowledge_table.rs differs from a new fit: run the ayu_learn example");
    // On the held-out games (every tenth), the winner's move is the model's first choice about
    // one time in eight and among its first five two times in five (12.1% and 42.0%), where
    // picking uniformly among the legal moves gives 5.1% and 24.3%.
    let n = accuracy.decisions as f64;
    assert!(accuracy.decisions > 9_000, "{accuracy}");
    assert!(accuracy.top1 / n > 0.11 && accuracy.top1 > 2.0 * accuracy.uniform_top1, "{accuracy}");
    assert!(accuracy.top5 / n > 0.40 && accuracy.top5 > 1.6 * accuracy.uniform_top5, "{accuracy}");
}

/// The four orthogonal neighbours of a point, by coordinates.
fn neighbours_of(point: Point) -> Vec<Point> {
    let (col, row) = (point.col() as i32, point.row() as i32);
    [(1, 0), (-1, 0), (0, 1), (0, -1)]
        .iter()
        .map(|(dc, dr)| (col + dc, row + dr))
        .filter(|&(c, r)| (0..SIZE as i32).contains(&c) && (0..SIZE as i32).contains(&r))
        .map(|(c, r)| Point::at(c as usize, r as usize))
        .collect()
}

/// The features of `mv` from their definitions, the slow way.
fn reference_features(game: &Ayu, mv: Move, last: Option<Point>) -> Features {
    let own = game.pieces(game.to_move());
    let enemy = game.pieces(game.to_move().other());
    let unit = flood(mv.from.bit(), own);
    let distance = distance_below(unit, own & !unit, game.empty(), u32::MAX).expect("a movable unit");
    let phase = (game.plies() as usize / 20).min(3);
    let size = [0, 0, 1, 2, 2, 3, 3, 3, 3].get(unit.count_ones() as usize).copied().unwrap_or(4);
    let distance_class = (distance.min(6) - 2) as usize;
    let rest = unit & !mv.from.bit();
    let count =
        |bits: u128, around: Point| neighbours_of(around).iter().filter(|p| bits & p.bit() != 0).count();
    let lift = if rest == 0 {
        0
    } else if count(rest, mv.from) == 1 {
        1
    } else {
        2
    };
    let edge =
        |p: Point| [p.col(), p.row(), SIZE - 1 - p.col(), SIZE - 1 - p.row()].into_iter().min().unwrap();
    let last_move = match last {
        None => 4,
        Some(last) => {
            let steps = (mv.to.col() as i32 - last.col() as i32).abs()
                + (mv.to.row() as i32 - last.row() as i32).abs();
            [0, 0, 1, 2, 2].get(steps as usize).copied().unwrap_or(3)
        }
    };
    let values = [
        size * 4 + phase,
        distance_class * 4 + phase,
        lift,
        count(own & !unit, mv.to).min(3),
        count(enemy, mv.to).min(3),
        count(rest, mv.to).min(3),
        edge(mv.from),
        edge(mv.to),
        last_move,
    ];
    let (offsets, _) = group_offsets();
    std::array::from_fn(|g| (offsets[g] + values[g]) as u16)
}

#[test]
fn features_agree_with_their_definitions_along_the_records() {
    let records = records();
    let mut checked = 0;
    for line in records.lines().take(12) {
        let mut game = Ayu::new();
        let mut last = None;
        for token in line.split_whitespace() {
            let _ = game.for_each_legal_by_unit(|unit, distance, mv| {
                let fast = knowledge::features(&game, unit, distance, mv, last);
                assert_eq!(fast, reference_features(&game, mv, last), "{mv} at ply {}", game.plies());
                checked += 1;
                ControlFlow::Continue(())
            });
            let mv: Move = token.parse().expect("a move");
            game.apply(mv);
            last = Some(mv.to);
        }
    }
    assert!(checked > 10_000, "{checked} moves checked");
    // Every group's values stay inside the group.
    let (offsets, total) = group_offsets();
    assert_eq!(total, knowledge::WEIGHTS);
    assert_eq!(offsets.len(), GROUPS.len());
}

#[test]
fn the_winners_moves_are_the_decisions_and_each_is_one_of_its_choices() {
    let records = records();
    let line = records.lines().next().expect("a record");
    let decisions = knowledge::winner_decisions(line).unwrap();
    let moves = line.split_whitespace().count();
    // The winner is the side to move at the end: it made every other move, the last one not.
    assert_eq!(decisions.len(), moves / 2);
    for decision in &decisions {
        assert!(decision.is_complete());
        let candidates: u32 = decision.choices.iter().map(|(_, n)| n).sum();
        assert!(candidates >= 1 && decision.choices.len() <= candidates as usize);
    }
    assert!(knowledge::winner_decisions("A1-A1").is_err(), "an illegal move is refused");
}
