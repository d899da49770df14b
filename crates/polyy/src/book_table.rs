//! Written by `cargo run --release -p polyy --example polyy_book`; do not edit.
//! Each reply is the player's own choice after a search of 20000000 playouts. From each start
//! (`11 -1` `11 -1 30 29`): our reply, then the opponent's 6 most searched answers to it, and
//! our reply to each, 2 moves of ours deep. Above each line: the search's most visited
//! root moves (thousands of playouts, the mover's win rate).

use crate::book::BookLine;

pub const BOOK: &[BookLine] = &[
    // 30 16239k 52.3%, 66 1161k 52.1%, 68 1087k 52.2%, 40 539k 52.1%, 67 260k 52.0%
    BookLine { moves: "11 -1", reply: 30 },
    // 41 19793k 57.3%, 54 171k 52.8%, 13 13k 50.5%, 53 8k 51.2%, 32 3k 46.2%
    BookLine { moves: "11 -1 30 29", reply: 41 },
    // 21 16409k 47.6%, 44 2798k 47.5%, 57 282k 46.8%, 41 157k 46.8%, 45 95k 46.5%
    BookLine { moves: "11 -1 30", reply: 21 },
    // 22 18010k 45.2%, 13 1821k 44.1%, 40 53k 42.1%, 21 42k 42.4%, 46 19k 42.0%
    BookLine { moves: "11 -1 30 29 41", reply: 22 },
    // 57 14817k 52.7%, 56 2826k 52.7%, 20 1831k 52.6%, 66 407k 52.2%, 31 71k 49.5%
    BookLine { moves: "11 -1 30 21", reply: 57 },
    // 32 19634k 56.1%, 40 274k 55.3%, 46 25k 52.4%, 45 24k 51.0%, 13 13k 53.2%
    BookLine { moves: "11 -1 30 44", reply: 32 },
    // 45 15595k 52.6%, 66 3111k 52.5%, 54 686k 52.3%, 41 417k 51.9%, 53 173k 51.9%
    BookLine { moves: "11 -1 30 57", reply: 45 },
    // 29 19536k 53.3%, 42 158k 51.8%, 13 99k 52.6%, 57 81k 52.1%, 69 39k 51.7%
    BookLine { moves: "11 -1 30 41", reply: 29 },
    // 40 10775k 54.1%, 66 4557k 53.1%, 67 4064k 53.1%, 68 379k 52.9%, 54 200k 52.7%
    BookLine { moves: "11 -1 30 45", reply: 40 },
    // 68 12596k 53.1%, 56 6225k 52.8%, 78 755k 52.3%, 40 109k 51.9%, 33 108k 52.0%
    BookLine { moves: "11 -1 30 66", reply: 68 },
    // 13 19883k 62.1%, 32 80k 59.8%, 7 31k 54.5%, 68 1k 57.5%, 45 0k 54.2%
    BookLine { moves: "11 -1 30 29 41 22", reply: 13 },
    // 53 11543k 55.5%, 45 7711k 55.0%, 40 326k 53.5%, 46 274k 53.6%, 22 42k 52.2%
    BookLine { moves: "11 -1 30 29 41 13", reply: 53 },
    // 65 10805k 56.2%, 53 10805k 55.8%, 13 409k 55.5%, 21 47k 53.8%, 52 37k 50.1%
    BookLine { moves: "11 -1 30 29 41 40", reply: 65 },
    // 20 19650k 58.0%, 40 293k 57.5%, 6 21k 49.7%, 7 18k 46.1%, 65 6k 52.4%
    BookLine { moves: "11 -1 30 29 41 21", reply: 20 },
    // 13 19088k 59.8%, 40 820k 59.1%, 66 29k 56.3%, 76 27k 56.3%, 55 12k 55.6%
    BookLine { moves: "11 -1 30 29 41 46", reply: 13 },
    // 32 19528k 58.7%, 40 323k 58.2%, 13 38k 57.6%, 65 25k 57.4%, 45 23k 56.1%
    BookLine { moves: "11 -1 30 29 41 77", reply: 32 },
];
