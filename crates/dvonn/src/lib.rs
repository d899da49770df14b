//! Dvonn (CodeCup 2011): 49 hexagons, 23 pieces a side and 3 Dvonn pieces. The players first fill
//! the board, then move stacks onto stacks; stacks cut off from every Dvonn piece leave the game.
//! The player controlling more pieces at the end wins.
//!
//! The rules are those of `docs/rules/dvonn.md`, the project's reading of the contest's rule page;
//! "rules §N" in this crate and its tests names section N of that page.
//!
//! * [`geometry`]: fields, notation, neighbours and straight lines, as compile-time tables;
//! * [`board`]: stacks, bitboards, the Zobrist hash, placing and moving with exact undo;
//! * [`game`]: the full game state (phase, side to move), legal moves, perft, notation and scoring;
//! * [`engine`]: the move choosers; their tunables live in [`settings`].

pub mod board;
pub mod engine;
pub mod game;
pub mod geometry;
pub mod settings;

pub use board::{Board, Colour, Piece, Stack};
pub use engine::DvonnBot;
pub use game::{Dvonn, Move, MoveList, Undo, MAX_MOVES};
pub use geometry::{Field, Fields, ALL_FIELDS, FIELDS};
