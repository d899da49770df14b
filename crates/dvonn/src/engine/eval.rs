//! Static evaluation of a movement-phase position, from the side to move's point of view, in
//! hundredths: 100 is one stack on a plain field, or one piece of a finished game's margin.

use crate::board::Colour;
use crate::game::Dvonn;
use crate::geometry::{Field, Fields, FIELDS};
use crate::settings::{Settings, FINAL_SCALE, PIECE};

/// Which evaluation a search uses.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EvalKind {
    /// Controlled pieces only: the baseline.
    Material,
    /// Pieces weighted by closeness to the Dvonn pieces, mobility and threats.
    Full,
}

/// The exact score of a finished game for the side to move: the difference of CodeCup points
/// (own pieces + 90 for a win) times [`FINAL_SCALE`].
pub fn final_score(game: &Dvonn) -> i32 {
    let me = game.to_move();
    let diff = game.count(me) as i32 - game.count(me.other()) as i32;
    (diff + 90 * diff.signum()) * FINAL_SCALE
}

/// The evaluation, with the per-field weights of the current Dvonn layout cached: the Dvonn
/// pieces move only when a stack carries one, so most nodes reuse the last table.
pub struct Evaluator {
    kind: EvalKind,
    settings: Settings,
    dvonns: u64,
    /// Value of one piece on each field, in hundredths.
    weights: [i32; FIELDS],
}

impl Evaluator {
    pub fn new(kind: EvalKind, settings: &Settings) -> Evaluator {
        Evaluator { kind, settings: *settings, dvonns: u64::MAX, weights: [PIECE; FIELDS] }
    }

    pub fn evaluate(&mut self, game: &Dvonn) -> i32 {
        let me = game.to_move();
        match self.kind {
            EvalKind::Material => (game.count(me) as i32 - game.count(me.other()) as i32) * PIECE,
            EvalKind::Full => {
                self.update_weights(game.board().dvonn_stacks());
                // Current moves feed only the mobility and threat terms: skip them when both are off.
                let uses_moves = self.settings.mobility != 0 || self.settings.threatened_piece != 0;
                let moves_of = |colour| if uses_moves { game.mobility(colour) } else { (0, 0) };
                let ((mine, my_targets), (theirs, their_targets)) = (moves_of(me), moves_of(me.other()));
                self.settings.tempo + self.side(game, me, mine, their_targets)
                    - self.side(game, me.other(), theirs, my_targets)
            }
        }
    }

    fn update_weights(&mut self, dvonns: u64) {
        if dvonns == self.dvonns {
            return;
        }
        self.dvonns = dvonns;
        let proximity = self.settings.dvonn_proximity;
        for (index, weight) in self.weights.iter_mut().enumerate() {
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
    }

    /// One side's share, each term weighted by the value of its field (more near the Dvonn
    /// pieces): its pieces and its stacks; the fields its stacks could land on, counting stacks
    /// still surrounded (their moves to come); the moves its mobile stacks have now, onto
    /// Dvonn-carrying and onto enemy stacks in particular; and its stacks the opponent can land on.
    fn side(&self, game: &Dvonn, colour: Colour, moves: u32, enemy_targets: u64) -> i32 {
        let board = game.board();
        let settings = &self.settings;
        let occupied = board.occupied();
        let (dvonns, enemies) = (board.dvonn_stacks(), board.controlled_by(colour.other()));
        let mut score = settings.mobility * moves as i32;
        let (mut pieces, mut stacks, mut reach, mut onto_dvonn, mut onto_enemy) = (0, 0, 0, 0, 0);
        for field in Fields(board.controlled_by(colour)) {
            let weight = self.weights[field.index()];
            let height = i32::from(board.cell(field.index()).height);
            pieces += height * weight;
            stacks += weight;
            if enemy_targets & field.bit() != 0 {
                score -= settings.threatened_piece * height;
            }
            let targets = field.targets(height as usize) & occupied;
            let mobile = board.is_mobile(field);
            for target in Fields(targets) {
                let value = self.weights[target.index()];
                reach += value;
                if mobile {
                    if dvonns & target.bit() != 0 {
                        onto_dvonn += value;
                    }
                    if enemies & target.bit() != 0 {
                        onto_enemy += value;
                    }
                }
            }
        }
        score += pieces * settings.piece_scale / 100;
        score += (stacks * settings.stack_value
            + reach * settings.reach_value
            + onto_dvonn * settings.onto_dvonn
            + onto_enemy * settings.onto_enemy)
            / PIECE;
        score
    }
}
