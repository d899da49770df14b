//! The inputs of Dvonn's learned network ([`kit::nnue`]): one feature for each stack, by its field
//! and its kind as a player sees it (whose it is, how tall, whether it carries a Dvonn piece, or a
//! lone Dvonn piece), and the accumulators kept along the search by the stacks a move changes.
//!
//! A move changes at most three kinds of field: the one it leaves (its stack goes), the one it
//! lands on (the stack there becomes the merged one) and the ones the removal empties. An emptied
//! or removed field remembers its last stack ([`Board::cell_memory`]), so the board after the move
//! and its [`Undo`] say everything the update needs.

use kit::nnue::{Accumulator, Network};

use crate::board::{Board, Colour, Piece, Stack};
use crate::game::{Move, Undo};
use crate::geometry::{Field, Fields, FIELDS};

/// Accumulator values per perspective.
pub const HIDDEN: usize = 128;

/// Height buckets of an owned stack: 1, 2, 3, 4, 5 or 6, and 7 or more.
pub const HEIGHTS: usize = 6;
/// Kinds of stack: (own, theirs) × height bucket × (carries a Dvonn piece or not), then the lone
/// Dvonn piece.
pub const KINDS: usize = 2 * HEIGHTS * 2 + 1;
/// Every input: field × kind.
pub const INPUTS: usize = FIELDS * KINDS;
/// At most one feature per field is active in a perspective.
pub const MAX_ACTIVE: usize = FIELDS;

/// The perspective index of `colour` in an [`Accumulator`]: White's view is 0.
#[inline]
pub fn perspective(colour: Colour) -> usize {
    colour.index()
}

#[inline]
fn height_bucket(height: u8) -> usize {
    match height {
        1..=4 => usize::from(height) - 1,
        5 | 6 => 4,
        _ => 5,
    }
}

/// The kind of `stack` as `viewer` sees it.
#[inline]
pub fn kind(stack: Stack, viewer: Colour) -> usize {
    match stack.top.colour() {
        None => KINDS - 1,
        Some(owner) => {
            let relative = usize::from(owner != viewer);
            (relative * HEIGHTS + height_bucket(stack.height)) * 2 + usize::from(stack.dvonn)
        }
    }
}

/// The input of `stack` standing on `field`, as `viewer` sees it.
#[inline]
pub fn feature(field: usize, stack: Stack, viewer: Colour) -> usize {
    debug_assert!(stack.top != Piece::Dvonn || stack.height == 1);
    field * KINDS + kind(stack, viewer)
}

/// The inputs active on `board` as `viewer` sees it, one per occupied field.
pub fn active_features(board: &Board, viewer: Colour) -> arrayvec::ArrayVec<usize, MAX_ACTIVE> {
    Fields(board.occupied()).map(|field| feature(field.index(), board.cell(field.index()), viewer)).collect()
}

/// Both perspectives' accumulators of `board`, from nothing.
pub fn refresh(network: &Network<HIDDEN>, board: &Board) -> Accumulator<HIDDEN> {
    let white = active_features(board, Colour::White);
    let black = active_features(board, Colour::Black);
    Accumulator::from_features(network, [&white, &black])
}

/// Brings `accumulator`, that of the position before `mv`, to the position after it: `board` is
/// the board after the move and `undo` what the move's make returned.
#[inline]
pub fn follow(
    network: &Network<HIDDEN>,
    accumulator: &mut Accumulator<HIDDEN>,
    board: &Board,
    mv: Move,
    undo: Undo,
) {
    match mv {
        Move::Pass => {}
        Move::Place(field) => {
            let stack = board.cell(field.index());
            for viewer in [Colour::White, Colour::Black] {
                accumulator.add(network, perspective(viewer), feature(field.index(), stack, viewer));
            }
        }
        Move::Stack { from, to } => {
            let (f, t) = (from.index(), to.index());
            let removed = undo.removed();
            let landed_and_stays = removed & to.bit() == 0;
            for viewer in [Colour::White, Colour::Black] {
                let p = perspective(viewer);
                accumulator.remove(network, p, feature(f, board.cell_memory(f), viewer));
                let before = feature(t, undo.target(), viewer);
                if landed_and_stays {
                    accumulator.replace(network, p, before, feature(t, board.cell(t), viewer));
                } else {
                    accumulator.remove(network, p, before);
                }
                for gone in Fields(removed & !to.bit()) {
                    let g = gone.index();
                    accumulator.remove(network, p, feature(g, board.cell_memory(g), viewer));
                }
            }
        }
    }
}

/// Bytes of a position in a sample file ([`kit::samples`]): one a field (its top in the two high
/// bits, 0 empty, 1 White, 2 Black, 3 a lone Dvonn piece; its height below), then the fields
/// holding a Dvonn piece as 7 bytes of bits. The side to move comes from the record's ply.
pub const POSITION_BYTES: usize = FIELDS + 7;

/// `board` as [`POSITION_BYTES`] bytes.
pub fn encode(board: &Board) -> [u8; POSITION_BYTES] {
    let mut bytes = [0u8; POSITION_BYTES];
    for field in Fields(board.occupied()) {
        let stack = board.cell(field.index());
        let top = match stack.top {
            Piece::White => 1,
            Piece::Black => 2,
            Piece::Dvonn => 3,
        };
        bytes[field.index()] = top << 6 | stack.height;
    }
    bytes[FIELDS..].copy_from_slice(&board.dvonn_stacks().to_le_bytes()[..7]);
    bytes
}

/// The movement-phase position of [`encode`]'s bytes with `to_move` to move, checked as
/// [`Dvonn::from_stacks`] checks any position.
pub fn decode(bytes: &[u8], to_move: Colour) -> Result<crate::game::Dvonn, String> {
    if bytes.len() != POSITION_BYTES {
        return Err(format!("a position is {POSITION_BYTES} bytes, not {}", bytes.len()));
    }
    let mut dvonn_bits = [0u8; 8];
    dvonn_bits[..7].copy_from_slice(&bytes[FIELDS..]);
    let dvonns = u64::from_le_bytes(dvonn_bits);
    let mut stacks = Vec::new();
    for (index, &byte) in bytes[..FIELDS].iter().enumerate() {
        let top = match byte >> 6 {
            0 => continue,
            1 => Piece::White,
            2 => Piece::Black,
            _ => Piece::Dvonn,
        };
        let stack = Stack { height: byte & 63, top, dvonn: dvonns >> index & 1 == 1 };
        stacks.push((Field::from_index(index), stack));
    }
    crate::game::Dvonn::from_stacks(&stacks, to_move)
}

/// The network's logit for the side to move, as a float, for tests and tools.
pub fn logit(network: &Network<HIDDEN>, accumulator: &Accumulator<HIDDEN>, mover: Colour) -> f64 {
    network.evaluate(accumulator, perspective(mover)) as f64 / kit::nnue::OUTPUT_ONE as f64
}

/// A field's index in the inputs, for tools that name features.
pub fn describe(input: usize) -> String {
    let (field, kind) = (Field::from_index(input / KINDS), input % KINDS);
    if kind == KINDS - 1 {
        return format!("{field} lone Dvonn");
    }
    let dvonn = if kind % 2 == 1 { " with Dvonn" } else { "" };
    let relative = if kind / 2 / HEIGHTS == 0 { "own" } else { "theirs" };
    let heights = ["1", "2", "3", "4", "5-6", "7+"];
    format!("{field} {relative} height {}{dvonn}", heights[kind / 2 % HEIGHTS])
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Dvonn;
    use kit::nnue::FloatNetwork;
    use protocol::Rng;

    /// A network with random weights in a trained one's ranges: the updates must be exact for
    /// any weights.
    fn random_network(seed: u64) -> Network<HIDDEN> {
        let mut rng = Rng::new(seed);
        let mut uniform = |range: f64| ((rng.unit() * 2.0 - 1.0) * range) as f32;
        let mut float = FloatNetwork::zeros(INPUTS, HIDDEN, 16);
        float.input_weights.iter_mut().for_each(|w| *w = uniform(0.3));
        float.input_bias.iter_mut().for_each(|w| *w = uniform(0.3) + 0.3);
        float.head_weights.iter_mut().for_each(|w| *w = uniform(0.2));
        float.head_bias.iter_mut().for_each(|w| *w = uniform(0.3));
        float.output_weights.iter_mut().for_each(|w| *w = uniform(2.0));
        Network::quantise(&float, MAX_ACTIVE).expect("random weights fit")
    }

    #[test]
    fn positions_survive_their_bytes() {
        let mut rng = Rng::new(56);
        for _game in 0..50 {
            let mut game = Dvonn::new();
            while !game.is_finished() {
                if !game.is_placement() {
                    let bytes = encode(game.board());
                    let back = decode(&bytes, game.to_move()).expect("a real position");
                    assert_eq!(back.board(), game.board());
                    assert_eq!(back.to_move(), game.to_move());
                }
                let moves = game.legal_moves();
                game.make(moves[rng.below(moves.len())]);
            }
        }
        assert!(decode(&[0; POSITION_BYTES], Colour::White).is_err(), "no Dvonn piece");
        assert!(decode(&[0; 3], Colour::White).unwrap_err().contains("56 bytes"));
    }

    #[test]
    fn every_kind_of_stack_has_its_own_input_and_the_two_views_swap_owners() {
        let mut seen = vec![false; INPUTS];
        for field in 0..FIELDS {
            for height in 1..=FIELDS as u8 {
                for top in [Piece::White, Piece::Black] {
                    for dvonn in [false, true] {
                        let stack = Stack { height, top, dvonn };
                        let white = feature(field, stack, Colour::White);
                        let black = feature(field, stack, Colour::Black);
                        assert_ne!(white, black);
                        let swapped = Stack {
                            top: if top == Piece::White { Piece::Black } else { Piece::White },
                            ..stack
                        };
                        assert_eq!(feature(field, swapped, Colour::Black), white);
                        seen[white] = true;
                    }
                }
            }
            seen[feature(field, Stack::single(Piece::Dvonn), Colour::White)] = true;
        }
        assert!(seen.iter().all(|&s| s), "every input belongs to some stack");
        assert_eq!(
            describe(feature(0, Stack { height: 5, top: Piece::Black, dvonn: true }, Colour::White)),
            "A1 theirs height 5-6 with Dvonn"
        );
    }

    /// Random games from the empty board to their end, each move followed incrementally and
    /// checked against the accumulators from scratch, with unmakes taking the search's path back.
    #[test]
    fn incremental_accumulators_equal_the_ones_from_scratch_over_random_games() {
        let network = random_network(116);
        let mut rng = Rng::new(2011);
        let mut checked = 0;
        for _game in 0..60 {
            let mut game = Dvonn::new();
            let mut path = vec![(game.clone(), refresh(&network, game.board()))];
            let mut line: Vec<(Move, Undo)> = Vec::new();
            while !game.is_finished() {
                // Now and then take back a few moves, as the search does, and check the
                // accumulator kept for the position reached.
                if line.len() > 3 && rng.chance(0.1) {
                    for _ in 0..1 + rng.below(3) {
                        let (mv, undo) = line.pop().unwrap();
                        game.unmake(mv, undo);
                        path.pop();
                    }
                    let (position, accumulator) = path.last().unwrap();
                    assert_eq!(&game, position);
                    assert_eq!(*accumulator, refresh(&network, game.board()));
                }
                let moves = game.legal_moves();
                let mv = moves[rng.below(moves.len())];
                let mut accumulator = path.last().unwrap().1;
                let undo = game.make(mv);
                follow(&network, &mut accumulator, game.board(), mv, undo);
                let fresh = refresh(&network, game.board());
                assert_eq!(accumulator, fresh, "after {mv} at ply {}", game.plies());
                assert_eq!(
                    network.evaluate(&accumulator, perspective(game.to_move())),
                    network.evaluate(&fresh, perspective(game.to_move()))
                );
                path.push((game.clone(), accumulator));
                line.push((mv, undo));
                checked += 1;
            }
        }
        assert!(checked > 60 * 60, "{checked} moves checked");
    }
}
