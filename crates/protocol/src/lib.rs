//! The part every CodeCup bot shares: the dialogue with the jury, the game clock, the common
//! command-line flags and a small fast RNG. A game crate implements [`Game`] (and [`Contest`] for
//! the local jury) and one or more [`Engine`]s; its bot binary calls [`run_bot`].

pub mod clock;
pub mod dialogue;
pub mod flags;
pub mod game;
pub mod rng;

pub use clock::{Clock, Deadline, TurnClock};
pub use dialogue::{play, run_bot, Ending, EngineFactory};
pub use flags::{Flags, FlagsError};
pub use game::{Contest, Engine, Game, MoveError, MoveErrorKind, Seat};
pub use rng::Rng;
