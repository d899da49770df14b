//! Written by `cargo run --release -p polyy --example polyy_book`; do not edit.
//! Self-play at 10000 playouts a move; the candidates are the 6 most played moves of a 2000000-playout
//! search; 40 games each, then 80 more for the best two. Mover's wins per candidate below.

use crate::book::BookLine;

pub const BOOK: &[BookLine] = &[
    // 54 76/120, 33 20/40, 68 20/40, 69 15/40, 32 22/40, 53 62/120
    BookLine { moves: "11 -1", reply: 54 },
    // 67 13/40, 57 15/40, 69 18/40, 21 74/120, 33 53/120, 58 19/40
    BookLine { moves: "11 -1 54", reply: 21 },
    // 57 65/120, 46 20/40, 33 19/40, 68 15/40, 21 17/40, 67 64/120
    BookLine { moves: "11 -1 29", reply: 57 },
];
