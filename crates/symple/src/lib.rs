//! Symple (CodeCup 2013): two players fill a 15×15 grid, each turn either exploring (one stone
//! that starts a group) or expanding (every group grows by at most one stone, as many as can).
//! Stones score one point each, groups cost six.
//!
//! The rules are those of `docs/rules/symple.md`, the project's reading of the contest's rule page;
//! "rules §N" in this crate and its tests names section N of that page.
//!
//! * [`board`]: points, notation, neighbourhoods and flood fills on 256-bit sets;
//! * [`game`]: the position, legality, move generation, the end and scoring;
//! * [`engine`]: the move choosers; their tunables live in [`settings`].

pub mod board;
pub mod engine;
pub mod game;
pub mod settings;

pub use board::{Bits, Point, Points, POINTS, SIZE};
pub use engine::SympleBot;
pub use game::{Colour, Kind, Move, Symple, Turn};
