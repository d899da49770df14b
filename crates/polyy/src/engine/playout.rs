//! Random playouts. Filling every empty field never changes who wins (spec §4: on a full board
//! exactly one player holds three corners, and corners are never lost), so a playout deals the
//! empty fields out at random and scores the full board once.

use protocol::{Rng, Seat};

use crate::board::{corners_of, wins, Bits, Fields, FIELDS};
use crate::game::PolyY;

/// The seat that wins once the board is filled at random from `game` (not finished).
pub fn random_fill_winner(game: &PolyY, rng: &mut Rng) -> Seat {
    let mover = game.to_move();
    let mut empty: [u8; FIELDS] = [0; FIELDS];
    let mut count = 0;
    for field in Fields(game.empty()) {
        empty[count] = field.index() as u8;
        count += 1;
    }
    let empty = &mut empty[..count];
    rng.shuffle(empty);
    // The mover takes the first half (rounded up), the opponent the rest.
    let mover_share = count.div_ceil(2);
    let mut stones = game.stones(mover);
    for &index in &empty[..mover_share] {
        stones |= 1 << index;
    }
    if wins(full_board_corners(stones)) {
        mover
    } else {
        mover.other()
    }
}

/// The corners held by a set of stones (groups by flood fill).
pub fn full_board_corners(stones: Bits) -> u8 {
    let mut left = stones;
    let mut corners = 0;
    while left != 0 {
        let mut group = left & left.wrapping_neg();
        let mut frontier = group;
        while frontier != 0 {
            let mut grown = 0;
            for field in Fields(frontier) {
                grown |= field.neighbours();
            }
            frontier = grown & left & !group;
            group |= frontier;
        }
        left &= !group;
        let sides = Fields(group & crate::board::BORDER).fold(0, |acc, f| acc | f.sides());
        corners |= corners_of(sides);
    }
    corners
}
