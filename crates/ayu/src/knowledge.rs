//! Learned move knowledge: how likely the 2015 contest's winners were to play each legal move, as
//! a generalised Bradley–Terry model over a few features of the move ([`kit::learn`]).
//!
//! Each move gets one value in each feature group ([`FeatureGroup`]); its strength is the product
//! of the learned weights ("gammas") of its values. The weights are compile-time data
//! ([`crate::knowledge_table`]), fitted on the winners' moves of the contest records by the
//! `ayu_learn` example; a test checks that they predict held-out moves far better than uniform.

use std::ops::ControlFlow;

use kit::learn::Decision;
use protocol::Game;

use crate::board::{neighbours, Bits, Point, SIZE};
use crate::game::{Ayu, Move};
use crate::knowledge_table::GAMMAS;

/// The feature groups, in the order of a move's [`Features`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FeatureGroup {
    /// The moved unit's size (1, 2, 3-4, 5-8, 9 and more pieces) in each quarter of the game
    /// (plies 0-19, 20-39, 40-59, 60 on).
    SizeByPhase,
    /// The moved unit's distance to its nearest other unit before the move (2: the move joins, 3,
    /// 4, 5, 6 and more) in each quarter of the game.
    DistanceByPhase,
    /// The lifted piece: alone, an end of its unit (one neighbour in it), or inside it.
    Lift,
    /// Own pieces of other units next to the destination: 0, 1, 2, 3.
    Joins,
    /// Enemy pieces next to the destination: 0, 1, 2, 3 or more.
    Enemies,
    /// Pieces of the moved unit (the lifted one left out) next to the destination: 0, 1, 2, 3.
    Contact,
    /// The origin's distance to the edge: 0..5.
    FromEdge,
    /// The destination's distance to the edge: 0..5.
    ToEdge,
    /// The destination's distance (steps along rows and columns) to the last move's destination:
    /// 1, 2, 3-4, 5 and more, or no last move known.
    LastMove,
}

pub const GROUPS: [FeatureGroup; 9] = [
    FeatureGroup::SizeByPhase,
    FeatureGroup::DistanceByPhase,
    FeatureGroup::Lift,
    FeatureGroup::Joins,
    FeatureGroup::Enemies,
    FeatureGroup::Contact,
    FeatureGroup::FromEdge,
    FeatureGroup::ToEdge,
    FeatureGroup::LastMove,
];

/// The quarters of the game the size and distance features tell apart.
const PHASES: usize = 4;
/// Plies in each quarter but the last.
const PHASE_PLIES: u32 = 20;

/// The number of values of each group, in the order of [`GROUPS`].
pub const GROUP_SIZES: [usize; GROUPS.len()] =
    [5 * PHASES, 5 * PHASES, 3, 4, 4, 4, SIZE / 2 + 1, SIZE / 2 + 1, 5];

/// Where each group's values start in the weight vector, and the number of weights.
pub const fn group_offsets() -> ([usize; GROUPS.len()], usize) {
    kit::learn::offsets(GROUP_SIZES)
}

/// The number of weights.
pub const WEIGHTS: usize = group_offsets().1;

/// A move's values, one per group, as indices into the weight vector.
pub type Features = [u16; GROUPS.len()];

/// A point's distance to the nearest edge.
fn edge_distance(point: Point) -> usize {
    point.col().min(point.row()).min(SIZE - 1 - point.col()).min(SIZE - 1 - point.row())
}

/// The features of `mv` in `game`, which moves `unit` (at `distance` from its nearest other
/// unit), the opponent's last move having ended on `last` (if known).
pub fn features(game: &Ayu, unit: Bits, distance: u32, mv: Move, last: Option<Point>) -> Features {
    let phase = (game.plies() / PHASE_PLIES).min(PHASES as u32 - 1) as usize;
    let size = match unit.count_ones() {
        1 => 0,
        2 => 1,
        3..=4 => 2,
        5..=8 => 3,
        _ => 4,
    };
    let distance = (distance.clamp(2, 6) - 2) as usize;
    let rest = unit & !mv.from.bit();
    let lift = match (rest == 0, (neighbours(mv.from.bit()) & rest).count_ones()) {
        (true, _) => 0,
        (false, 1) => 1,
        _ => 2,
    };
    let own = game.pieces(game.to_move());
    let enemy = game.pieces(game.to_move().other());
    let around = neighbours(mv.to.bit());
    let joins = (around & own & !unit).count_ones().min(3) as usize;
    let enemies = (around & enemy).count_ones().min(3) as usize;
    let contact = (around & rest).count_ones().min(3) as usize;
    let last_move = match last {
        None => 4,
        Some(last) => match mv.to.col().abs_diff(last.col()) + mv.to.row().abs_diff(last.row()) {
            0..=1 => 0,
            2 => 1,
            3..=4 => 2,
            _ => 3,
        },
    };
    let values = [
        size * PHASES + phase,
        distance * PHASES + phase,
        lift,
        joins,
        enemies,
        contact,
        edge_distance(mv.from),
        edge_distance(mv.to),
        last_move,
    ];
    let (offsets, _) = group_offsets();
    std::array::from_fn(|g| (offsets[g] + values[g]) as u16)
}

/// The strength of features under `gammas`: the product of their weights.
#[inline]
pub fn strength(features: &Features, gammas: &[f32; WEIGHTS]) -> f32 {
    features.iter().map(|&i| gammas[usize::from(i)]).product()
}

/// The committed weights. (The table is a slice, not an array of `WEIGHTS`, so that the crate
/// still builds when a change of feature groups has made it stale and the example can write it
/// anew.)
pub fn learned_gammas() -> [f32; WEIGHTS] {
    assert_eq!(GAMMAS.len(), WEIGHTS, "knowledge_table.rs is stale: run the ayu_learn example");
    std::array::from_fn(|i| GAMMAS[i])
}

/// One decision of a record.
pub type MoveDecision = Decision<{ GROUPS.len() }>;

/// The decisions of the winner of one game record (moves `FROM-TO`; the side to move at the end
/// has won), one per move it made.
pub fn winner_decisions(line: &str) -> Result<Vec<MoveDecision>, String> {
    let mut game = Ayu::new();
    let mut moves = Vec::new();
    for token in line.split_whitespace() {
        let mv = token.parse::<Move>()?;
        game.check(mv).map_err(|e| format!("'{token}': {e}"))?;
        game.apply(mv);
        moves.push(mv);
    }
    if game.has_legal() {
        // Cut off without a winner (two records stop at 100 moves).
        return Ok(Vec::new());
    }
    let winner = game.to_move();
    let mut game = Ayu::new();
    let mut last = None;
    let mut decisions = Vec::new();
    for mv in moves {
        if game.to_move() == winner {
            let mut decision = MoveDecision::new();
            let _ = game.for_each_legal_by_unit(|unit, distance, candidate| {
                decision.add(features(&game, unit, distance, candidate, last), candidate == mv);
                ControlFlow::Continue(())
            });
            debug_assert!(decision.is_complete(), "the record's move is legal");
            decisions.push(decision);
        }
        game.apply(mv);
        last = Some(mv.to);
    }
    Ok(decisions)
}

/// The winners' decisions of the records (one game a line), split into the training lines and the
/// held-out ones ([`kit::learn::is_training_line`]), and the number of training games.
pub fn record_decisions(records: &str) -> Result<(Vec<MoveDecision>, Vec<MoveDecision>, usize), String> {
    let (mut training, mut held_out, mut games) = (Vec::new(), Vec::new(), 0);
    for (index, line) in records.lines().enumerate() {
        let decisions = winner_decisions(line).map_err(|e| format!("line {}: {e}", index + 1))?;
        if kit::learn::is_training_line(index) {
            training.extend(decisions);
            games += 1;
        } else {
            held_out.extend(decisions);
        }
    }
    Ok((training, held_out, games))
}

/// Sweeps of the committed fit.
pub const SWEEPS: usize = 8;

/// Fits the weights to `decisions` ([`kit::learn::fit`]).
pub fn fit(decisions: &[MoveDecision], sweeps: usize) -> Vec<f64> {
    kit::learn::fit(decisions, &kit::learn::ranges(GROUP_SIZES), sweeps)
}

/// What the `ayu_learn` example does: fits the weights on the training records of `records` (the
/// text of `ayu-games-2015.txt`) and returns the text of `knowledge_table.rs` and the fitted
/// model's accuracy on the held-out records.
pub fn learn(records: &str) -> Result<(String, kit::learn::Accuracy), String> {
    let (training, held_out, games) = record_decisions(records)?;
    let gammas = fit(&training, SWEEPS);
    let source = format!(
        "the winners' {} moves of {games} games of ayu-games-2015.txt (every tenth game held out), \
         {SWEEPS} sweeps",
        training.len()
    );
    Ok((table_source(&gammas, &source), kit::learn::accuracy(&held_out, &gammas)))
}

/// The text of `knowledge_table.rs`: `gammas`, fitted on `source`.
pub fn table_source(gammas: &[f64], source: &str) -> String {
    let mut text = String::new();
    text.push_str("//! Generated by `cargo run --release -p ayu --example ayu_learn`; do not edit.\n");
    text.push_str(&format!("//! The weights of [`crate::knowledge`], fitted on {source}.\n\n"));
    text.push_str("/// The weights, group by group.\n");
    text.push_str("#[rustfmt::skip]\npub const GAMMAS: &[f32] = &[\n");
    let names = GROUPS.map(|group| format!("{group:?}"));
    text.push_str(&kit::learn::gamma_lines(gammas, &kit::learn::ranges(GROUP_SIZES), &names));
    text.push_str("];\n");
    text
}
