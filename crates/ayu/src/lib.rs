//! Ayu (CodeCup 2015): a connection game on the 121 points of an 11×11 grid. Each move brings a
//! unit of pieces strictly closer to another unit of its colour; the player left without a move
//! at the start of its turn (normally because its pieces form one unit) wins.
//!
//! The rules are those of `docs/rules/ayu.md`, the project's reading of the contest's rule page;
//! "rules §N" in this crate and its tests names section N of that page.
//!
//! * [`board`]: points, notation, neighbourhoods, flood fills and path lengths on bitboards;
//! * [`game`]: the position, legality, move generation, the end and scoring;
//! * [`knowledge`]: move priors learned from the 2015 contest records;
//! * [`engine`]: the move choosers; their tunables live in [`settings`].

pub mod board;
pub mod engine;
pub mod game;
pub mod knowledge;
pub mod knowledge_table;
pub mod settings;

pub use board::{Bits, Point, Points, POINTS, SIZE};
pub use engine::AyuBot;
pub use game::{Ayu, Colour, Move};
