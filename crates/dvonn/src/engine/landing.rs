//! How many stacks of each colour could land on each field, kept up to date move by move so that
//! the evaluation need not walk every stack's lines at every leaf.
//!
//! For each occupied field `t` and colour `c`, [`Landing`] counts the stacks of `c` whose height
//! reaches `t` along one of their lines (`all`), and those of them that are mobile now (`mobile`):
//! the moves onto `t` that `c` has now. Empty fields count 0. A stacking move changes few of these:
//! the stacks on the fields it empties and on its target stop or change their own counts, the
//! emptied fields stop being targets, and neighbours of the emptied fields may become mobile. Fields
//! are only ever emptied in the movement phase, so no stack ever becomes immobile again.

use crate::board::{is_mobile, Board, Stack};
use crate::geometry::{Field, Fields, FIELDS, NEIGHBOURS};

/// Landing counts of one position (about 220 bytes, copied from ply to ply along a search), with
/// two of their sums kept as they change.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Landing {
    /// `all[colour][field]`: stacks of that colour that could land on the field, mobile or not.
    pub all: [[u8; FIELDS]; 2],
    /// `mobile[colour][field]`: the mobile ones among them (its stacking moves onto that field).
    pub mobile: [[u8; FIELDS]; 2],
    /// Each colour's stacking moves: the sum of its `mobile` counts.
    pub moves: [u32; 2],
    /// Each colour's `all` counts weighted by [`Landing::weights`], the field values of the Dvonn
    /// layout `weights_for`.
    pub reach: [i32; 2],
    /// The Dvonn-carrying fields whose field values `reach` is weighted by.
    pub weights_for: u64,
}

/// The value of each field, as the evaluation weighs it for one layout of the Dvonn pieces.
pub type FieldWeights = [i32; FIELDS];

impl Landing {
    /// The counts of `board`, from nothing, `reach` weighted by `weights` (those of the board's
    /// Dvonn layout).
    pub fn new(board: &Board, weights: &FieldWeights) -> Landing {
        let mut landing = Landing {
            all: [[0; FIELDS]; 2],
            mobile: [[0; FIELDS]; 2],
            moves: [0; 2],
            reach: [0; 2],
            weights_for: board.dvonn_stacks(),
        };
        let occupied = board.occupied();
        for field in Fields(occupied) {
            let mobile = is_mobile(field.index(), occupied);
            landing.add(field.index(), board.cell(field.index()), occupied, true, mobile, weights);
        }
        landing
    }

    /// `reach` weighed afresh by `weights`, the field values of the Dvonn layout `dvonns`.
    pub fn reweigh(&mut self, dvonns: u64, weights: &FieldWeights) {
        for (reach, counts) in self.reach.iter_mut().zip(&self.all) {
            *reach = counts.iter().zip(weights).map(|(&n, &w)| i32::from(n) * w).sum();
        }
        self.weights_for = dvonns;
    }

    /// Turns these counts of the position before the stacking move `from` → `to` into those after
    /// it, given `board` after it, the stack that was on `to` and the fields the move removed.
    /// `reach` stays weighted by `weights`, which must be those of `weights_for`; the caller
    /// reweighs it when the move carried a Dvonn piece to another field.
    pub fn follow_move(
        &mut self,
        board: &Board,
        from: Field,
        to: Field,
        target: Stack,
        removed: u64,
        weights: &FieldWeights,
    ) {
        let next = self;
        let after = board.occupied();
        let vacated = from.bit() | removed;
        let before = after | vacated;
        let (f, t) = (from.index(), to.index());
        // The stacks that moved, merged or vanished take back what they counted before.
        next.remove(f, board.cell_memory(f), before, weights);
        next.remove(t, target, before, weights);
        for field in Fields(removed & !to.bit()) {
            next.remove(field.index(), board.cell_memory(field.index()), before, weights);
        }
        // Emptied fields are no target any more.
        for field in Fields(vacated) {
            let i = field.index();
            for c in 0..2 {
                next.reach[c] -= i32::from(next.all[c][i]) * weights[i];
                next.moves[c] -= u32::from(next.mobile[c][i]);
                next.all[c][i] = 0;
                next.mobile[c][i] = 0;
            }
        }
        // A stack next to an emptied field is mobile now; those that were not start counting
        // their moves.
        let mut neighbours = 0;
        for field in Fields(vacated) {
            neighbours |= NEIGHBOURS[field.index()];
        }
        for field in Fields(neighbours & after & !to.bit()) {
            let i = field.index();
            if !is_mobile(i, before) {
                next.add(i, board.cell(i), after, false, true, weights);
            }
        }
        if after & to.bit() != 0 {
            next.add(t, board.cell(t), after, true, is_mobile(t, after), weights);
        }
    }

    /// Counts the landing fields of `stack` on `field` among `occupied`: in `all` when `all`, in
    /// `mobile` when `mobile`.
    #[inline]
    fn add(
        &mut self,
        field: usize,
        stack: Stack,
        occupied: u64,
        all: bool,
        mobile: bool,
        weights: &FieldWeights,
    ) {
        let Some(colour) = stack.owner() else { return };
        let c = colour.index();
        let targets = Field::from_index(field).targets(usize::from(stack.height)) & occupied;
        for target in Fields(targets) {
            let i = target.index();
            if all {
                self.all[c][i] += 1;
                self.reach[c] += weights[i];
            }
            if mobile {
                self.mobile[c][i] += 1;
            }
        }
        if mobile {
            self.moves[c] += targets.count_ones();
        }
    }

    /// Takes back what `stack` on `field` counted when `occupied` were the occupied fields.
    #[inline]
    fn remove(&mut self, field: usize, stack: Stack, occupied: u64, weights: &FieldWeights) {
        let Some(colour) = stack.owner() else { return };
        let c = colour.index();
        let mobile = is_mobile(field, occupied);
        let targets = Field::from_index(field).targets(usize::from(stack.height)) & occupied;
        for target in Fields(targets) {
            let i = target.index();
            self.all[c][i] -= 1;
            self.reach[c] -= weights[i];
            if mobile {
                self.mobile[c][i] -= 1;
            }
        }
        if mobile {
            self.moves[c] -= targets.count_ones();
        }
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::engine::placement::choose_placement;
    use crate::game::{Dvonn, Move};
    use crate::settings::Settings;
    use protocol::Rng;

    /// Plays `games` games, placed by the rule and moved at random, and calls `check` with the
    /// position before each stacking move, the move and the position after it.
    pub(crate) fn random_stacking_moves(
        games: usize,
        seed: u64,
        mut check: impl FnMut(&Dvonn, Move, &Dvonn),
    ) {
        let mut rng = Rng::new(seed);
        for _ in 0..games {
            let mut game = Dvonn::new();
            while game.is_placement() {
                let field = choose_placement(&game, &mut rng, &Settings::DEFAULT);
                game.make(Move::Place(field));
            }
            while !game.is_finished() {
                let moves = game.legal_moves();
                let mv = moves[rng.below(moves.len())];
                let before = game.clone();
                game.make(mv);
                check(&before, mv, &game);
            }
        }
    }

    fn weights_of(board: &Board) -> FieldWeights {
        // Any values do: the test is that the sums follow them.
        let mut weights = [0; FIELDS];
        for (i, w) in weights.iter_mut().enumerate() {
            *w = 100 + (i as i32 * 37 + board.dvonn_stacks().count_ones() as i32 * 11) % 53;
        }
        weights
    }

    #[test]
    fn counts_followed_move_by_move_equal_counts_made_afresh() {
        let (mut moves, mut removals, mut dvonn_moves) = (0, 0, 0);
        random_stacking_moves(60, 2011, |before, mv, after| {
            let Move::Stack { from, to } = mv else { return };
            let mut after_board = before.clone();
            let undo = after_board.make(mv);
            assert_eq!(&after_board, after);
            let old_weights = weights_of(before.board());
            let mut followed = Landing::new(before.board(), &old_weights);
            followed.follow_move(after.board(), from, to, undo.target(), undo.removed(), &old_weights);
            let new_weights = weights_of(after.board());
            if after.board().dvonn_stacks() != followed.weights_for {
                followed.reweigh(after.board().dvonn_stacks(), &new_weights);
                dvonn_moves += 1;
            }
            assert_eq!(
                followed,
                Landing::new(after.board(), &new_weights),
                "after {mv} at ply {}",
                before.plies()
            );
            moves += 1;
            removals += usize::from(undo.removed() != 0);
        });
        // The games must have exercised what the update handles.
        assert!(moves > 1000 && removals > 50 && dvonn_moves > 50, "{moves} {removals} {dvonn_moves}");
    }
}
