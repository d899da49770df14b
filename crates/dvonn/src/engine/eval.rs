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
                let (mine, theirs) = (self.side(game, me), self.side(game, me.other()));
                let settings = &self.settings;
                settings.tempo + mine.score - theirs.score
                    + settings.mobility * (mine.moves as i32 - theirs.moves as i32)
                    - settings.threatened_piece
                        * (threatened(game, &mine, &theirs) - threatened(game, &theirs, &mine))
            }
        }
    }

    /// The full evaluation's terms for the side to move (own less the opponent's), each in the
    /// unit its setting multiplies, so that a fitting tool can weigh them afresh: the evaluation
    /// is `tempo + Σ setting × term` up to the rounding of its integer division.
    pub fn terms(&mut self, game: &Dvonn) -> Terms {
        self.update_weights(game.board().dvonn_stacks());
        let me = game.to_move();
        let (mine, theirs) = (self.side(game, me), self.side(game, me.other()));
        let per_piece = |raw: i32| f64::from(raw) / f64::from(PIECE);
        Terms([
            per_piece(mine.raw[0] - theirs.raw[0]),
            per_piece(mine.raw[1] - theirs.raw[1]),
            per_piece(mine.raw[2] - theirs.raw[2]),
            per_piece(mine.raw[3] - theirs.raw[3]),
            per_piece(mine.raw[4] - theirs.raw[4]),
            f64::from(mine.moves as i32 - theirs.moves as i32),
            -f64::from(threatened(game, &mine, &theirs) - threatened(game, &theirs, &mine)),
            1.0,
        ])
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
    /// Dvonn-carrying and onto enemy stacks in particular. Also what the threat and mobility terms
    /// need: its stacks, its current moves and the fields they land on.
    fn side(&self, game: &Dvonn, colour: Colour) -> Side {
        let board = game.board();
        let settings = &self.settings;
        let occupied = board.occupied();
        let (dvonns, enemies) = (board.dvonn_stacks(), board.controlled_by(colour.other()));
        let own = board.controlled_by(colour);
        let (mut pieces, mut stacks, mut reach, mut onto_dvonn, mut onto_enemy) = (0, 0, 0, 0, 0);
        let (mut moves, mut mobile_targets) = (0, 0);
        for field in Fields(own) {
            let weight = self.weights[field.index()];
            let height = i32::from(board.cell(field.index()).height);
            pieces += height * weight;
            stacks += weight;
            let targets = field.targets(height as usize) & occupied;
            let mobile = board.is_mobile(field);
            if mobile {
                moves += targets.count_ones();
                mobile_targets |= targets;
            }
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
        let score = pieces * settings.piece_scale / 100
            + (stacks * settings.stack_value
                + reach * settings.reach_value
                + onto_dvonn * settings.onto_dvonn
                + onto_enemy * settings.onto_enemy)
                / PIECE;
        Side {
            score,
            raw: [pieces, stacks, reach, onto_dvonn, onto_enemy],
            stacks: own,
            moves,
            mobile_targets,
        }
    }
}

/// The pieces in `side`'s stacks that a mobile stack of `enemy` can land on now.
fn threatened(game: &Dvonn, side: &Side, enemy: &Side) -> i32 {
    let board = game.board();
    Fields(side.stacks & enemy.mobile_targets).map(|f| i32::from(board.cell(f.index()).height)).sum()
}

/// One side's evaluation terms.
struct Side {
    /// Everything but the threat and mobility terms.
    score: i32,
    /// Its field-weighted sums before their settings: pieces, stacks, reach, moves onto
    /// Dvonn-carrying stacks, moves onto enemy stacks.
    raw: [i32; 5],
    /// The stacks it controls.
    stacks: u64,
    /// Its stacking moves now.
    moves: u32,
    /// Every field its mobile stacks can land on now.
    mobile_targets: u64,
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
