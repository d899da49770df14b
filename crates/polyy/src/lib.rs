//! Poly-Y (CodeCup 2014): a connection game on a five-sided board of 106 fields. Players place
//! stones; a group controls the corner between two adjacent sides it touches if it touches a third
//! side too, and the first player to control three corners wins. The second player may swap.
//!
//! The rules are those of `docs/rules/polyy.md`, the project's reading of the contest's rule page;
//! "rules §N" in this crate and its tests names section N of that page.
//!
//! * [`board`]: fields, neighbours, sides and symmetries, as compile-time tables;
//! * [`game`]: the position (stones by seat, the swap, groups in a union-find), notation, scoring;
//! * [`book`]: replies for a few early positions, chosen by self-play;
//! * [`knowledge`]: move priors learned from the 2014 contest records;
//! * [`proof`]: wins proven before the board shows them, by pairs of empty fields;
//! * [`engine`]: the move choosers; their tunables live in [`settings`].

pub mod board;
pub mod book;
mod book_table;
pub mod engine;
pub mod game;
pub mod knowledge;
mod knowledge_table;
pub mod proof;
pub mod settings;

pub use board::{corners_of, Bits, Field, Fields, ALL_FIELDS, FIELDS};
pub use engine::PolyYBot;
pub use game::{Move, PolyY};
