//! Static evaluation of a movement-phase position, from the side to move's point of view, in
//! hundredths: 100 is one stack on a plain field, or one piece of a finished game's margin.

use crate::board::Board;
use crate::board::Colour;
use crate::engine::landing::{FieldWeights, Landing};
use crate::engine::learned;
use crate::game::Dvonn;
use crate::geometry::{Field, Fields, FIELDS};
use crate::settings::{Settings, FINAL_SCALE, PIECE};

/// Which evaluation a search uses.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EvalKind {
    /// Controlled pieces only: the baseline.
    Material,
    /// Stacks, the fields they reach and their moves onto enemy and Dvonn-carrying stacks, weighted
    /// by closeness to the Dvonn pieces, less the pieces the opponent can land on now.
    Full,
}

/// The exact score of a finished game for the side to move: the difference of CodeCup points
/// (own pieces + 90 for a win) times [`FINAL_SCALE`].
pub fn final_score(game: &Dvonn) -> i32 {
    let me = game.to_move();
    let diff = game.count(me) as i32 - game.count(me.other()) as i32;
    (diff + 90 * diff.signum()) * FINAL_SCALE
}

/// The outcome of a finished game for the side to move, its margin left out: the win bonus, times
/// [`FINAL_SCALE`], for a win, its negative for a loss, 0 for a draw.
pub fn outcome_score(game: &Dvonn) -> i32 {
    let me = game.to_move();
    let diff = game.count(me) as i32 - game.count(me.other()) as i32;
    90 * diff.signum() * FINAL_SCALE
}

/// How many Dvonn layouts' field values the evaluator keeps: a line of a search moves a Dvonn
/// piece now and then, and goes back to the layout it came from.
const LAYOUTS: usize = 4;

/// The evaluation, with the field values of the last few Dvonn layouts cached.
pub struct Evaluator {
    kind: EvalKind,
    settings: Settings,
    /// The Dvonn-carrying fields of each cached layout (`u64::MAX`: none yet).
    layouts: [u64; LAYOUTS],
    /// Value of one stack on each field, in hundredths, for each cached layout.
    weights: [FieldWeights; LAYOUTS],
    /// Each field's distance to the nearest Dvonn piece (capped), for each cached layout: the
    /// learned correction's.
    distances: [[u8; FIELDS]; LAYOUTS],
    /// The cache slot the next new layout goes to.
    next_layout: usize,
}

impl Evaluator {
    pub fn new(kind: EvalKind, settings: &Settings) -> Evaluator {
        Evaluator {
            kind,
            settings: *settings,
            layouts: [u64::MAX; LAYOUTS],
            weights: [[PIECE; FIELDS]; LAYOUTS],
            distances: [[0; FIELDS]; LAYOUTS],
            next_layout: 0,
        }
    }

    /// The landing counts of `board`, from nothing, weighted for this evaluation.
    pub fn landing(&mut self, board: &Board) -> Landing {
        Landing::new(board, self.weights(board.dvonn_stacks()))
    }

    /// The evaluation of `game` from nothing.
    pub fn evaluate(&mut self, game: &Dvonn) -> i32 {
        match self.kind {
            EvalKind::Material => self.evaluate_with(game, None),
            EvalKind::Full => {
                let landing = self.landing(game.board());
                self.evaluate_with(game, Some(&landing))
            }
        }
    }

    /// Whether the evaluation needs the [`Landing`] counts of the positions it judges.
    pub fn needs_landing(&self) -> bool {
        self.kind == EvalKind::Full
    }

    /// The evaluation of `game`, whose landing counts (for the full evaluation) are `landing`.
    #[inline]
    pub fn evaluate_with(&mut self, game: &Dvonn, landing: Option<&Landing>) -> i32 {
        let me = game.to_move();
        match (self.kind, landing) {
            (EvalKind::Full, Some(landing)) => {
                let learned = self.settings.learned_weight != 0;
                let [white, black] = self.sides(game, landing, learned);
                let (mine, theirs) = if me == Colour::White { (white, black) } else { (black, white) };
                let settings = &self.settings;
                settings.tempo + mine.score - theirs.score
                    + settings.mobility * (mine.moves as i32 - theirs.moves as i32)
                    - settings.threatened_piece * (mine.threatened - theirs.threatened)
                    + (mine.learned + theirs.learned) * settings.learned_weight / 100
            }
            _ => (game.count(me) as i32 - game.count(me.other()) as i32) * PIECE,
        }
    }

    /// The full evaluation's terms for the side to move (own less the opponent's), each in the
    /// unit its setting multiplies, so that a fitting tool can weigh them afresh: the evaluation
    /// is `tempo + Σ setting × term` up to the rounding of its integer division.
    pub fn terms(&mut self, game: &Dvonn) -> Terms {
        let landing = self.landing(game.board());
        let [white, black] = self.sides(game, &landing, false);
        let (mine, theirs) = if game.to_move() == Colour::White { (white, black) } else { (black, white) };
        let per_piece = |raw: i32| f64::from(raw) / f64::from(PIECE);
        Terms([
            per_piece(mine.raw[0] - theirs.raw[0]),
            per_piece(mine.raw[1] - theirs.raw[1]),
            per_piece(mine.raw[2] - theirs.raw[2]),
            per_piece(mine.raw[3] - theirs.raw[3]),
            per_piece(mine.raw[4] - theirs.raw[4]),
            f64::from(mine.moves as i32 - theirs.moves as i32),
            -f64::from(mine.threatened - theirs.threatened),
            1.0,
        ])
    }

    /// The value of each field when the Dvonn pieces are on `dvonns`: 64 + `dvonn_proximity` of its
    /// distance to each, in 64ths of [`PIECE`].
    #[inline]
    pub fn weights(&mut self, dvonns: u64) -> &FieldWeights {
        let slot = self.layout_slot(dvonns);
        &self.weights[slot]
    }

    /// The cache slot of the field values of `dvonns`, filled if need be.
    #[inline]
    fn layout_slot(&mut self, dvonns: u64) -> usize {
        if let Some(slot) = self.layouts.iter().position(|&layout| layout == dvonns) {
            return slot;
        }
        let slot = self.next_layout;
        self.next_layout = (slot + 1) % LAYOUTS;
        self.layouts[slot] = dvonns;
        let proximity = self.settings.dvonn_proximity;
        for (index, weight) in self.weights[slot].iter_mut().enumerate() {
            let field = Field::from_index(index);
            let mut w = 64;
            for d in Fields(dvonns) {
                let distance = field.distance(d) as usize;
                if distance < proximity.len() {
                    w += proximity[distance];
                }
            }
            *weight = PIECE * w / 64;
        }
        self.distances[slot] = learned::dvonn_distances(dvonns);
        slot
    }

    /// Each side's share (White's, then Black's), each term weighted by the value of its field
    /// (more near the Dvonn pieces): its pieces and its stacks; the fields its stacks could land
    /// on, counting stacks still surrounded (their moves to come); the moves its mobile stacks have
    /// now, onto Dvonn-carrying and onto enemy stacks in particular; and the pieces of its stacks
    /// that an enemy stack can land on now. All of it is read off the landing counts: a field
    /// counts once for each stack that can land on it. With `learned`, also the learned
    /// correction of each side's stacks as the side to move sees them.
    #[inline]
    fn sides(&mut self, game: &Dvonn, landing: &Landing, learned: bool) -> [Side; 2] {
        let board = game.board();
        let dvonns = board.dvonn_stacks();
        let slot = self.layout_slot(dvonns);
        let weights = &self.weights[slot];
        // Counts made afresh, and the search's after each move, are weighted by the board's layout.
        debug_assert_eq!(landing.weights_for, dvonns);
        let mut sides = [Side::default(); 2];
        for (c, side) in sides.iter_mut().enumerate() {
            side.raw[2] = landing.reach[c];
            side.moves = landing.moves[c];
        }
        let (me, stage) = (game.to_move(), learned::stage(board.occupied().count_ones()));
        for colour in [Colour::White, Colour::Black] {
            let (c, enemy) = (colour.index(), colour.other().index());
            for field in Fields(board.controlled_by(colour)) {
                let i = field.index();
                let (weight, height) = (weights[i], i32::from(board.cell(i).height));
                let attackers = i32::from(landing.mobile[enemy][i]);
                sides[c].raw[0] += height * weight;
                sides[c].raw[1] += weight;
                sides[enemy].raw[4] += attackers * weight;
                if attackers > 0 {
                    sides[c].threatened += height;
                }
                if learned {
                    let distances = &self.distances[slot];
                    let view = learned::StackView::of(board, landing, distances, stage, (me, colour), field);
                    sides[c].learned += view.correction();
                }
            }
        }
        for field in Fields(board.dvonn_stacks()) {
            let i = field.index();
            for (c, side) in sides.iter_mut().enumerate() {
                side.raw[3] += i32::from(landing.mobile[c][i]) * weights[i];
            }
        }
        let settings = &self.settings;
        for side in &mut sides {
            let [pieces, stacks, reach, onto_dvonn, onto_enemy] = side.raw;
            side.score = pieces * settings.piece_scale / 100
                + (stacks * settings.stack_value
                    + reach * settings.reach_value
                    + onto_dvonn * settings.onto_dvonn
                    + onto_enemy * settings.onto_enemy)
                    / PIECE;
        }
        sides
    }
}

/// One side's evaluation terms.
#[derive(Clone, Copy, Debug, Default)]
struct Side {
    /// Everything but the threat and mobility terms.
    score: i32,
    /// Its field-weighted sums before their settings: pieces, stacks, reach, moves onto
    /// Dvonn-carrying stacks, moves onto enemy stacks.
    raw: [i32; 5],
    /// Its stacking moves now.
    moves: u32,
    /// The pieces in its stacks that a mobile enemy stack can land on now.
    threatened: i32,
    /// The learned correction of its stacks, for the side to move (0 when off).
    learned: i32,
}

/// The names of the [`Terms`], in order: the settings that weigh them.
pub const TERM_NAMES: [&str; TERM_COUNT] = [
    "piece_scale",
    "stack_value",
    "reach_value",
    "onto_dvonn",
    "onto_enemy",
    "mobility",
    "threatened_piece",
    "tempo",
];

/// How many terms the full evaluation weighs.
pub const TERM_COUNT: usize = 8;

/// The full evaluation's terms of one position (see [`Evaluator::terms`]), in [`TERM_NAMES`] order.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Terms(pub [f64; TERM_COUNT]);

impl Terms {
    /// The settings' weights of the terms, in [`TERM_NAMES`] order (`piece_scale` is in percent
    /// of a piece, so its term counts hundredths).
    pub fn weights(settings: &Settings) -> [f64; TERM_COUNT] {
        [
            f64::from(settings.piece_scale),
            f64::from(settings.stack_value),
            f64::from(settings.reach_value),
            f64::from(settings.onto_dvonn),
            f64::from(settings.onto_enemy),
            f64::from(settings.mobility),
            f64::from(settings.threatened_piece),
            f64::from(settings.tempo),
        ]
    }

    /// The evaluation these terms give under `weights`, in hundredths.
    pub fn value(&self, weights: &[f64; TERM_COUNT]) -> f64 {
        self.0.iter().zip(weights).map(|(term, weight)| term * weight).sum()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::is_mobile;
    use crate::engine::landing::tests::random_stacking_moves;

    /// The evaluation as its definition reads, walking every stack's lines: the reference that the
    /// landing counts must reproduce.
    fn walked(game: &Dvonn, settings: &Settings) -> i32 {
        let board = game.board();
        let occupied = board.occupied();
        let dvonns = board.dvonn_stacks();
        let weight = |f: usize| {
            let field = Field::from_index(f);
            let near: i32 = Fields(dvonns)
                .map(|d| settings.dvonn_proximity.get(field.distance(d) as usize).copied().unwrap_or(0))
                .sum();
            PIECE * (64 + near) / 64
        };
        let side = |colour: Colour| {
            let (mut score_parts, mut moves, mut targets_now) = ([0; 5], 0, 0u64);
            for field in Fields(board.controlled_by(colour)) {
                let f = field.index();
                let height = usize::from(board.cell(f).height);
                score_parts[0] += height as i32 * weight(f);
                score_parts[1] += weight(f);
                let mobile = is_mobile(f, occupied);
                for target in Fields(field.targets(height) & occupied) {
                    let t = target.index();
                    score_parts[2] += weight(t);
                    if mobile {
                        moves += 1;
                        targets_now |= target.bit();
                        if dvonns & target.bit() != 0 {
                            score_parts[3] += weight(t);
                        }
                        if board.controlled_by(colour.other()) & target.bit() != 0 {
                            score_parts[4] += weight(t);
                        }
                    }
                }
            }
            let [pieces, stacks, reach, onto_dvonn, onto_enemy] = score_parts;
            let score = pieces * settings.piece_scale / 100
                + (stacks * settings.stack_value
                    + reach * settings.reach_value
                    + onto_dvonn * settings.onto_dvonn
                    + onto_enemy * settings.onto_enemy)
                    / PIECE;
            (score, moves, targets_now)
        };
        let me = game.to_move();
        let (mine, theirs) = (side(me), side(me.other()));
        let threatened = |colour: Colour, targets: u64| -> i32 {
            Fields(board.controlled_by(colour) & targets)
                .map(|f| i32::from(board.cell(f.index()).height))
                .sum()
        };
        settings.tempo + mine.0 - theirs.0 + settings.mobility * (mine.1 - theirs.1)
            - settings.threatened_piece * (threatened(me, theirs.2) - threatened(me.other(), mine.2))
    }

    #[test]
    fn the_learned_correction_adds_the_table_values_of_every_stacks_features() {
        let (mut without, mut with) = (Settings::DEFAULT, Settings::DEFAULT);
        without.learned_weight = 0;
        with.learned_weight = 100;
        let (mut hand, mut learned) =
            (Evaluator::new(EvalKind::Full, &without), Evaluator::new(EvalKind::Full, &with));
        let table = &crate::engine::learned_table::WEIGHTS;
        let mut corrected = 0;
        random_stacking_moves(20, 67, |_, _, after| {
            if after.is_finished() {
                return;
            }
            let board = after.board();
            let landing = hand.landing(board);
            let distances = learned::dvonn_distances(board.dvonn_stacks());
            let mut sum = 0;
            learned::visit_features(board, &landing, after.to_move(), &distances, |f| {
                sum += i32::from(table[f])
            });
            assert_eq!(learned.evaluate(after), hand.evaluate(after) + sum, "at ply {}", after.plies());
            corrected += usize::from(sum != 0);
        });
        assert!(corrected > 500, "the table corrects few positions: {corrected}");
    }

    #[test]
    fn the_evaluation_equals_walking_every_stack() {
        // Weights away from the defaults, so that every term counts; the walk is the hand
        // evaluation's, the learned correction is checked above.
        let mut settings = Settings::DEFAULT;
        settings.learned_weight = 0;
        settings.piece_scale = 30;
        settings.mobility = 7;
        settings.tempo = 11;
        let mut evaluator = Evaluator::new(EvalKind::Full, &settings);
        let mut positions = 0;
        random_stacking_moves(40, 63, |_, _, after| {
            if !after.is_finished() {
                assert_eq!(evaluator.evaluate(after), walked(after, &settings), "at ply {}", after.plies());
                positions += 1;
            }
        });
        assert!(positions > 1000);
    }
}
