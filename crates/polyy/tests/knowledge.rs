//! The learned move priors: the committed table is exactly what the `polyy_learn` fit gives on the
//! contest records, it predicts held-out record moves far better than uniform, and the features
//! agree with a slow reference written from their definitions along the records.

use polyy::knowledge::{self, group_offsets, learned_gammas, Features, PositionFeatures, GROUPS};
use polyy::{Field, Fields, Move, PolyY, FIELDS};
use protocol::{Game, Seat};

fn records() -> String {
    testkit::shared_data("polyy-games-2014.txt")
}

#[test]
fn the_committed_table_is_what_the_learning_example_fits() {
    let (table, accuracy) = knowledge::learn(&records()).unwrap();
    let committed = include_str!("../src/knowledge_table.rs");
    assert!(table == committed, "knowledge_table.rs differs from a new fit: run the polyy_learn example");
    // On the held-out games (every tenth), the played field is the model's first choice about one
    // time in five and among its first five more than a third of the time: 13 and 5 times what
    // picking uniformly among the empty fields gives.
    let n = accuracy.decisions as f64;
    assert!(accuracy.decisions > 10_000, "{accuracy}");
    assert!(accuracy.top1 / n > 0.18 && accuracy.top1 > 10.0 * accuracy.uniform_top1, "{accuracy}");
    assert!(accuracy.top5 / n > 0.35 && accuracy.top5 > 4.0 * accuracy.uniform_top5, "{accuracy}");
}

#[test]
fn the_fit_raises_the_likelihood_of_what_was_played() {
    // Twenty games are enough to see each sweep make the played moves likelier than uniform.
    let records = records();
    let decisions: Vec<_> =
        records.lines().take(20).flat_map(|line| knowledge::decisions_of_record(line).unwrap()).collect();
    let log_likelihood = |gammas: &[f64]| -> f64 {
        decisions
            .iter()
            .map(|d| {
                let total: f64 =
                    d.choices.iter().map(|(f, n)| f64::from(*n) * knowledge::strength(f, gammas)).sum();
                (knowledge::strength(&d.choices[d.chosen].0, gammas) / total).ln()
            })
            .sum()
    };
    let uniform = vec![1.0; knowledge::WEIGHTS];
    let mut previous = log_likelihood(&uniform);
    for sweeps in 1..=3 {
        let fitted = knowledge::fit(&decisions, sweeps);
        let now = log_likelihood(&fitted);
        assert!(now > previous, "sweep {sweeps}: {now} after {previous}");
        previous = now;
    }
}

/// Whether two fields are next to each other.
fn adjacent(a: usize, b: usize) -> bool {
    Field::from_index(a).neighbours() & Field::from_index(b).bit() != 0
}

fn common_neighbours(a: usize, b: usize) -> Vec<usize> {
    (0..FIELDS).filter(|&c| adjacent(a, c) && adjacent(b, c)).collect()
}

/// The groups of `owner`'s stones by a plain flood fill over an owner array.
fn group_of(owner: &[Option<Seat>; FIELDS], seat: Seat) -> [usize; FIELDS] {
    let mut group = [usize::MAX; FIELDS];
    let mut next = 0;
    for start in 0..FIELDS {
        if owner[start] != Some(seat) || group[start] != usize::MAX {
            continue;
        }
        let mut stack = vec![start];
        group[start] = next;
        while let Some(field) = stack.pop() {
            for other in 0..FIELDS {
                if adjacent(field, other) && owner[other] == Some(seat) && group[other] == usize::MAX {
                    group[other] = next;
                    stack.push(other);
                }
            }
        }
        next += 1;
    }
    group
}

/// The group-local value of each feature of `field`, straight from the definitions.
fn reference(game: &PolyY, last: Option<usize>, field: usize) -> [usize; 7] {
    let mover = game.to_move();
    let owner: [Option<Seat>; FIELDS] = std::array::from_fn(|i| {
        let bit = Field::from_index(i).bit();
        Seat::BOTH.into_iter().find(|&s| game.stones(s) & bit != 0)
    });
    let near: Vec<usize> = (0..FIELDS).filter(|&n| adjacent(field, n)).collect();
    let count = |seat: Seat| near.iter().filter(|&&n| owner[n] == Some(seat)).count();
    let groups = |seat: Seat| {
        let group = group_of(&owner, seat);
        let mut seen: Vec<usize> =
            near.iter().filter(|&&n| owner[n] == Some(seat)).map(|&n| group[n]).collect();
        seen.sort();
        seen.dedup();
        seen.len()
    };
    let plies = game.plies();
    let phase = if plies < 12 {
        0
    } else if plies < 40 {
        1
    } else {
        2
    };
    let (last_move, saves) = match last {
        None => (0, 0),
        Some(last) if adjacent(field, last) => {
            let carriers = common_neighbours(field, last);
            let bridge = carriers.len() == 2
                && carriers.iter().all(|&c| owner[c] == Some(mover))
                && !adjacent(carriers[0], carriers[1]);
            (1, usize::from(bridge))
        }
        Some(last) => match common_neighbours(field, last).len() {
            0 => (4, 0),
            1 => (3, 0),
            _ => (2, 0),
        },
    };
    let bridges = (0..FIELDS)
        .filter(|&s| owner[s] == Some(mover) && s != field && !adjacent(s, field))
        .filter(|&s| {
            let carriers = common_neighbours(field, s);
            carriers.len() == 2 && carriers.iter().all(|&c| owner[c].is_none())
        })
        .count();
    let classes = knowledge::field_class_table();
    // Before ply 8 the field's class, then one value past the last class.
    let later = usize::from(*classes.iter().max().unwrap()) + 1;
    let opening = if plies < 8 { usize::from(classes[field]) } else { later };
    [
        count(mover).min(3) * 4 + count(mover.other()).min(3),
        groups(mover).min(3) * 3 + groups(mover.other()).min(2),
        usize::from(Field::from_index(field).border_distance().min(4)) * 3 + phase,
        last_move,
        saves,
        bridges.min(2),
        opening,
    ]
}

#[test]
fn features_agree_with_their_definitions_along_the_records() {
    let (offsets, _) = group_offsets();
    let mut saves_seen = 0;
    for line in records().lines().step_by(97).take(12) {
        let mut game = PolyY::new();
        let mut last = None;
        for token in line.split_whitespace() {
            let mv = token.parse::<Move>().unwrap();
            let position = PositionFeatures::new(&game, last.map(Field::from_index));
            for field in Fields(game.empty()) {
                let features: Features = position.of(field);
                let local: Vec<usize> =
                    (0..GROUPS.len()).map(|g| usize::from(features[g]) - offsets[g]).collect();
                let expected = reference(&game, last, field.index());
                assert_eq!(local, expected, "field {field} after {} plies of '{line}'", game.plies());
                saves_seen += expected[4];
            }
            last = match mv {
                Move::Place(field) => Some(field.index()),
                Move::Swap => None,
            };
            game.apply(mv);
            if game.is_finished() {
                break;
            }
        }
    }
    assert!(saves_seen > 0, "no position along these games had a bridge to save: a weak test");
    assert!(learned_gammas().iter().all(|g| g.is_finite() && *g > 0.0));
}
