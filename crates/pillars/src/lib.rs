//! Pillars (CodeCup 2009): a misère game of filling empty rectangles on a 10×10 board with ten
//! pillars. The player who fills the last empty field loses.
//!
//! The rules are those of `docs/rules/pillars.md`, the project's reading of the contest's rule page;
//! "rules §N" in this crate and its tests names section N of that page.
//!
//! * [`board`]: fields, rectangles, the bitboard of empty fields and move generation;
//! * [`game`]: the full game state (turn, jokers), notation and CodeCup scoring;
//! * [`engine`]: the move choosers; their tunables live in [`settings`].

pub mod board;
pub mod engine;
pub mod game;
pub mod nim;
pub mod regions;
pub mod settings;

pub use board::{Board, Field, MoveList, Rect, MAX_MOVES, SIZE};
pub use engine::PillarsBot;
pub use game::{Colour, Move, Pillars};
