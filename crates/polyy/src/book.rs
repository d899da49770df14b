//! The opening book: a reply for each of a few early positions, the player's own choice after a
//! search far longer than a game allows (the `polyy_book` example writes `book_table.rs`; its
//! other mode chooses by self-play games from each candidate move instead). A position the book
//! answers costs no time, which the later moves get instead.
//!
//! A position is matched by the stones of the player to move and of its opponent, whatever their
//! seats and colours (colours do not matter in Poly-Y), under all ten symmetries of the board. So
//! the line `11 -1` also answers an unswapped opening on 11 or on any image of it.

use crate::board::{symmetries, Bits, Field, Fields, FIELDS};
use crate::game::{Move, PolyY};

pub use crate::book_table::BOOK;

/// One position of the book and the move to play there.
#[derive(Clone, Copy, Debug)]
pub struct BookLine {
    /// The moves that lead to the position, CodeCup numbers separated by spaces (`-1`: swap).
    pub moves: &'static str,
    /// The field to play (a CodeCup number).
    pub reply: u8,
}

/// The book is only looked at this early.
pub const MAX_BOOK_PLIES: u32 = 8;

/// The stones of the player to move and of its opponent.
fn mover_and_opponent(game: &PolyY) -> (Bits, Bits) {
    let mover = game.to_move();
    (game.stones(mover), game.stones(mover.other()))
}

fn map_bits(bits: Bits, map: &[Field; FIELDS]) -> Bits {
    Fields(bits).fold(0, |image, field| image | map[field.index()].bit())
}

/// The position after moves separated by spaces; `None` if they are not a legal game.
pub fn position_after(moves: &str) -> Option<PolyY> {
    let moves: Vec<&str> = moves.split_whitespace().collect();
    PolyY::from_moves(&moves).ok()
}

/// The book's reply in this position, if the book knows it (mapped back to this position's frame).
pub fn book_reply(book: &[BookLine], game: &PolyY) -> Option<Move> {
    if game.plies() > MAX_BOOK_PLIES {
        return None;
    }
    let (mover, opponent) = mover_and_opponent(game);
    let stones = (mover | opponent).count_ones();
    let maps = symmetries();
    for line in book {
        let Some(position) = position_after(line.moves) else {
            debug_assert!(false, "book line '{}' is not a legal game", line.moves);
            continue;
        };
        let (line_mover, line_opponent) = mover_and_opponent(&position);
        if (line_mover | line_opponent).count_ones() != stones {
            continue;
        }
        let reply = Field::from_number(u32::from(line.reply))?;
        for map in &maps {
            if map_bits(line_mover, map) == mover && map_bits(line_opponent, map) == opponent {
                let mine = map[reply.index()];
                return (game.empty() & mine.bit() != 0).then_some(Move::Place(mine));
            }
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_line_is_a_legal_position_with_a_legal_reply() {
        assert!(!BOOK.is_empty());
        for line in BOOK {
            let position =
                position_after(line.moves).unwrap_or_else(|| panic!("'{}' is not legal", line.moves));
            assert!(!position.is_finished());
            let reply = Field::from_number(u32::from(line.reply)).expect("a field");
            assert_ne!(position.empty() & reply.bit(), 0, "'{}': {} is taken", line.moves, line.reply);
            assert_eq!(book_reply(BOOK, &position), Some(Move::Place(reply)), "'{}'", line.moves);
        }
    }

    #[test]
    fn lines_match_under_every_symmetry_and_whatever_the_seats() {
        let book = [BookLine { moves: "11 -1", reply: 66 }];
        for map in symmetries() {
            let image = |number: u32| map[Field::from_number(number).unwrap().index()];
            // The same stones for the mover and the opponent: after the swap ...
            let swapped = PolyY::from_moves(&[&image(11).to_string(), "-1"]).unwrap();
            assert_eq!(book_reply(&book, &swapped), Some(Move::Place(image(66))));
            // ... and on the second seat's first move, the opening not swapped.
            let unswapped = PolyY::from_moves(&[&image(11).to_string()]).unwrap();
            assert_eq!(book_reply(&book, &unswapped), Some(Move::Place(image(66))));
        }
        let other = PolyY::from_moves(&["12", "-1"]).unwrap();
        assert_eq!(book_reply(&book, &other), None);
    }
}
