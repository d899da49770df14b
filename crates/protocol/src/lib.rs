//! The part every CodeCup bot shares: the dialogue with the jury, the game clock, the common
//! command-line flags, tunables, a small fast RNG, and what every search needs from a game.
//!
//! A game crate implements [`Game`] (the dialogue), [`SearchGame`] (legal moves, outcome, hash:
//! the shared random engine, playouts and openings come with it) and [`Contest`] (scoring, for the
//! jury), declares its tunables with [`tunables!`], and lists its engines in a [`Bot`]; its bot
//! binary calls [`run_bot`].

pub mod bot;
pub mod clock;
pub mod coords;
pub mod dialogue;
pub mod flags;
pub mod game;
pub mod input;
pub mod rng;
pub mod search;
pub mod tune;
pub mod zobrist;

pub use bot::{Bot, EngineSpec};
pub use clock::{Clock, Deadline, TurnClock};
pub use dialogue::{play, run_bot, Ending, PlayOptions};
pub use flags::{Flags, FlagsError};
pub use game::{Colour, Contest, Engine, Game, MoveError, MoveErrorKind, Outcome, SearchGame, Seat};
pub use rng::Rng;
pub use search::RandomEngine;
pub use tune::Tunables;
