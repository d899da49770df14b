//! The placement phase (plies 1–49): a scoring rule per empty field, after rules §11. Put the
//! Dvonn pieces near the centre and apart; put own pieces near all the Dvonn pieces (by the summed
//! distance to them, so that no Dvonn piece is left to the opponent), next to enemy
//! pieces (future targets), not in tight own clusters (one cut removes them all), and keep the
//! count of border pieces (the only mobile ones at first) level with the opponent's.

use protocol::Rng;

use crate::board::{Colour, Piece};
use crate::game::Dvonn;
use crate::geometry::{Field, Fields, ALL_FIELDS};
use crate::settings::Settings;

/// The centre of the board, F3.
fn centre() -> Field {
    Field::from_xy(5, 2).expect("F3 is on the board")
}

pub fn choose_placement(game: &Dvonn, rng: &mut Rng, settings: &Settings) -> Field {
    let board = game.board();
    let empty = ALL_FIELDS & !board.occupied();
    debug_assert!(empty != 0);
    let placing = game.piece_to_place().expect("placement phase");
    let dvonns = board.dvonn_stacks();
    let mut best = (i32::MIN, Field::from_index(empty.trailing_zeros() as usize));
    for field in Fields(empty) {
        let score = match placing {
            Piece::Dvonn if settings.place_dvonn_coverage => -coverage_cost(dvonns | 1u64 << field.index()),
            Piece::Dvonn => dvonn_score(field, dvonns),
            _ => piece_score(game, field, game.to_move(), settings),
        } + rng.below(settings.place_noise.max(0) as usize + 1) as i32;
        if score > best.0 {
            best = (score, field);
        }
    }
    best.1
}

/// Dvonn pieces: close to the centre, at least two fields from each other.
fn dvonn_score(field: Field, dvonns: u64) -> i32 {
    let mut score = -10 * field.distance(centre()) as i32;
    for d in Fields(dvonns) {
        if field.distance(d) < 2 {
            score -= 40;
        }
    }
    score
}

/// How badly the Dvonn pieces on `dvonns` cover the board: the sum over all fields of the squared
/// distance to the nearest of them (small when they are spread so that every field is near one).
fn coverage_cost(dvonns: u64) -> i32 {
    let nearest = |field: Field| Fields(dvonns).map(|d| field.distance(d)).min().unwrap_or(0) as i32;
    Fields(ALL_FIELDS).map(|field| nearest(field).pow(2)).sum()
}

fn piece_score(game: &Dvonn, field: Field, me: Colour, settings: &Settings) -> i32 {
    let board = game.board();
    let nearest = Fields(board.dvonn_stacks()).map(|d| field.distance(d)).min().unwrap_or(4) as usize;
    let mut score = settings.place_distance * nearest as i32;
    for d in Fields(board.dvonn_stacks()) {
        let distance = field.distance(d) as usize;
        score += settings.place_total_distance * distance as i32;
        if distance < settings.place_near_dvonn.len() {
            score += settings.place_near_dvonn[distance];
        }
    }
    let neighbours = field.neighbours();
    let own = (neighbours & board.controlled_by(me)).count_ones() as i32;
    let enemy = (neighbours & board.controlled_by(me.other())).count_ones() as i32;
    score += settings.place_crowded * (own - 2).max(0) + settings.place_enemy_neighbour * enemy;
    if field.is_border() {
        let border = |c: Colour| Fields(board.controlled_by(c)).filter(|f| f.is_border()).count() as i32;
        score += settings.place_border_balance * (border(me) + 1 - border(me.other()));
    }
    score
}
