//! A learned correction to the evaluation: one value for each kind of stack, added up over the
//! stacks of a movement-phase position, fitted to the results of self-play games
//! (`examples/dvonn_learn`, which writes [`crate::engine::learned_table`]).
//!
//! A stack's kind, seen from the side to move: the game's stage (by the stacks still on the
//! board), whose it is, its height, whether it can move now, its distance to the nearest Dvonn
//! piece, how many enemy stacks can land on it now and whether it can land on an enemy stack now;
//! and, apart, its field and owner. The hand evaluation weighs much of this already by fixed rules
//! (nearness to the Dvonn pieces, threats); the table learns what those rules miss, such as a tall
//! stack that nothing can reach or a lone piece two fields from a Dvonn piece late in the game.

use crate::board::{is_mobile, Board, Colour};
use crate::engine::landing::Landing;
use crate::geometry::{Field, Fields, FIELDS};

/// Stages of the movement phase, by the stacks on the board: see [`stage`].
pub const STAGES: usize = 3;
/// Heights 1 to 4, and 5 or more.
pub const HEIGHTS: usize = 5;
/// Distances 0 (the stack carries a Dvonn piece) to 2, and 3 or more.
pub const DISTANCES: usize = 4;
/// Enemy stacks that can land on it now: 0, 1, 2 or more.
pub const ATTACKERS: usize = 3;

/// The kinds of stacks: stage × owner × height × mobile × distance × attackers × attacks.
pub const STACK_KINDS: usize = STAGES * 2 * HEIGHTS * 2 * DISTANCES * ATTACKERS * 2;
/// Every feature: the stack kinds, then owner × field.
pub const FEATURES: usize = STACK_KINDS + 2 * FIELDS;

/// The stage of a position with `stacks` stacks on the board (49 at the first move, fewer as
/// stacks merge and die): 0 from 37 on, 1 from 25 to 36, 2 below.
#[inline]
pub fn stage(stacks: u32) -> usize {
    match stacks {
        37.. => 0,
        25..=36 => 1,
        _ => 2,
    }
}

/// The distance from each field to the nearest of the Dvonn pieces on `dvonns`, capped at
/// `DISTANCES - 1`.
pub fn dvonn_distances(dvonns: u64) -> [u8; FIELDS] {
    let mut distances = [(DISTANCES - 1) as u8; FIELDS];
    for (index, distance) in distances.iter_mut().enumerate() {
        let field = Field::from_index(index);
        for d in Fields(dvonns) {
            *distance = (*distance).min(field.distance(d).min(DISTANCES as u32 - 1) as u8);
        }
    }
    distances
}

/// One owned stack as the features see it, from the side to move's point of view.
#[derive(Clone, Copy, Debug)]
pub struct StackView {
    /// [`stage`] of the position.
    pub stage: usize,
    /// 0: the side to move's, 1: the opponent's.
    pub relative: usize,
    pub field: usize,
    pub height: usize,
    /// Whether it can move now.
    pub mobile: bool,
    /// Its distance to the nearest Dvonn piece, capped ([`dvonn_distances`]).
    pub distance: usize,
    /// The enemy stacks that can land on it now (its landing count).
    pub attackers: usize,
    /// Whether it can land on an enemy stack now.
    pub attacks: bool,
}

impl StackView {
    /// The stack on `field` (owned by `colour`) of `board`, whose landing counts are `landing`,
    /// Dvonn distances `distances` ([`dvonn_distances`]) and stage `stage`, with `me` to move.
    #[inline]
    pub fn of(
        board: &Board,
        landing: &Landing,
        distances: &[u8; FIELDS],
        stage: usize,
        (me, colour): (Colour, Colour),
        field: Field,
    ) -> Self {
        let (i, occupied) = (field.index(), board.occupied());
        let height = usize::from(board.cell(i).height);
        let mobile = is_mobile(i, occupied);
        let enemy = colour.other();
        StackView {
            stage,
            relative: usize::from(colour != me),
            field: i,
            height,
            mobile,
            distance: usize::from(distances[i]),
            attackers: usize::from(landing.mobile[enemy.index()][i]),
            attacks: mobile && field.targets(height) & board.controlled_by(enemy) != 0,
        }
    }

    /// Its kind's feature index (below [`STACK_KINDS`]).
    #[inline]
    pub fn kind(&self) -> usize {
        let group = (self.stage * 2 + self.relative) * HEIGHTS + self.height.min(HEIGHTS) - 1;
        let place = (group * 2 + usize::from(self.mobile)) * DISTANCES + self.distance;
        (place * ATTACKERS + self.attackers.min(ATTACKERS - 1)) * 2 + usize::from(self.attacks)
    }

    /// Its field's feature index (from [`STACK_KINDS`] on).
    #[inline]
    pub fn field_feature(&self) -> usize {
        STACK_KINDS + self.relative * FIELDS + self.field
    }

    /// What the table adds for it, in hundredths.
    #[inline]
    pub fn correction(&self) -> i32 {
        let table = &crate::engine::learned_table::WEIGHTS;
        i32::from(table[self.kind()]) + i32::from(table[self.field_feature()])
    }
}

/// Calls `visit` with the feature index of each owned stack of `board`, twice per stack (its kind,
/// then its field), as `me`, the side to move, sees them. `landing` must be the board's counts and
/// `distances` those of its Dvonn layout ([`dvonn_distances`]).
pub fn visit_features(
    board: &Board,
    landing: &Landing,
    me: Colour,
    distances: &[u8; FIELDS],
    mut visit: impl FnMut(usize),
) {
    let stage = stage(board.occupied().count_ones());
    for colour in [me, me.other()] {
        for field in Fields(board.controlled_by(colour)) {
            let view = StackView::of(board, landing, distances, stage, (me, colour), field);
            visit(view.kind());
            visit(view.field_feature());
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::landing::tests::random_stacking_moves;
    use crate::engine::learned_table::WEIGHTS;
    use crate::settings::PIECE;

    #[test]
    fn the_table_has_one_value_per_feature() {
        assert_eq!(WEIGHTS.len(), FEATURES);
    }

    #[test]
    fn every_stack_has_two_features_in_range_and_the_kinds_match_a_slow_reading() {
        let weights = [PIECE; FIELDS];
        let mut stacks = 0;
        random_stacking_moves(20, 71, |_, _, after| {
            if after.is_finished() || after.is_placement() {
                return;
            }
            let board = after.board();
            let landing = Landing::new(board, &weights);
            let distances = dvonn_distances(board.dvonn_stacks());
            let mut seen = Vec::new();
            visit_features(board, &landing, after.to_move(), &distances, |f| seen.push(f));
            let owned =
                (board.controlled_by(Colour::White) | board.controlled_by(Colour::Black)).count_ones();
            assert_eq!(seen.len(), 2 * owned as usize);
            for pair in seen.chunks(2) {
                assert!(pair[0] < STACK_KINDS && (STACK_KINDS..FEATURES).contains(&pair[1]));
                // Read the field and owner back, and check the kind's parts against the board.
                let local = pair[1] - STACK_KINDS;
                let (relative, field) = (local / FIELDS, Field::from_index(local % FIELDS));
                let owner = if relative == 0 { after.to_move() } else { after.to_move().other() };
                assert_ne!(board.controlled_by(owner) & field.bit(), 0);
                let stack = board.stack(field).expect("an owned stack");
                let mut kind = pair[0];
                let attacks = kind % 2 == 1;
                kind /= 2;
                let attackers = kind % ATTACKERS;
                kind /= ATTACKERS;
                let distance = kind % DISTANCES;
                kind /= DISTANCES;
                let mobile = kind % 2 == 1;
                kind /= 2;
                let height = kind % HEIGHTS + 1;
                kind /= HEIGHTS;
                assert_eq!(kind, stage(board.occupied().count_ones()) * 2 + relative);
                assert_eq!(height, usize::from(stack.height).min(HEIGHTS));
                assert_eq!(mobile, board.is_mobile(field));
                let nearest =
                    Fields(board.dvonn_stacks()).map(|d| field.distance(d)).min().expect("Dvonn pieces");
                assert_eq!(distance, nearest.min(DISTANCES as u32 - 1) as usize);
                // The attackers, counted by walking every enemy stack.
                let enemy = owner.other();
                let walked = Fields(board.controlled_by(enemy))
                    .filter(|&e| {
                        board.is_mobile(e)
                            && e.targets(usize::from(board.stack(e).expect("stack").height)) & field.bit()
                                != 0
                    })
                    .count();
                assert_eq!(attackers, walked.min(ATTACKERS - 1));
                let reaches_enemy =
                    field.targets(usize::from(stack.height)) & board.controlled_by(enemy) != 0;
                assert_eq!(attacks, board.is_mobile(field) && reaches_enemy);
                stacks += 1;
            }
        });
        assert!(stacks > 10_000);
    }
}
