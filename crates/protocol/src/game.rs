//! The traits a game crate implements so that the shared dialogue loop, the engines and the local
//! jury can drive it without knowing its rules.

use std::fmt;
use std::time::Duration;

use crate::clock::TurnClock;
use crate::rng::Rng;

/// The two programs in a game, named by their place in the dialogue: `First` is the one that reads
/// `Start`. Colours are a game's business (in Poly-Y a swap makes them differ from the seats).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Seat {
    First,
    Second,
}

impl Seat {
    pub fn other(self) -> Seat {
        match self {
            Seat::First => Seat::Second,
            Seat::Second => Seat::First,
        }
    }

    /// 0 for `First`, 1 for `Second`: an index into per-seat arrays.
    pub fn index(self) -> usize {
        match self {
            Seat::First => 0,
            Seat::Second => 1,
        }
    }
}

/// Why a move string was refused: unreadable (`Syntax`) or readable but not allowed now (`Illegal`).
/// The jury scores both as an irregular end but reports them apart.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MoveErrorKind {
    Syntax,
    Illegal,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveError {
    pub kind: MoveErrorKind,
    pub message: String,
}

impl MoveError {
    pub fn syntax(message: impl Into<String>) -> MoveError {
        MoveError { kind: MoveErrorKind::Syntax, message: message.into() }
    }

    pub fn illegal(message: impl Into<String>) -> MoveError {
        MoveError { kind: MoveErrorKind::Illegal, message: message.into() }
    }
}

impl fmt::Display for MoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

/// A game position as the dialogue sees it: what the opening lines are, whose turn it is, how
/// moves are read and written, and when the game is over.
pub trait Game: Clone {
    type Move: Copy + fmt::Debug + PartialEq;

    /// Lower-case name, as used on the command line (`pillars`).
    const NAME: &'static str;
    /// The official total thinking time per player per game.
    const TIME_LIMIT: Duration;
    /// How many lines describe the starting position before `Start` or the first move (Pillars 10).
    const SETUP_LINES: usize;

    /// Checks the setup lines read so far (a prefix of at most `SETUP_LINES` lines), so that a
    /// bad line can be refused the moment it is typed.
    fn check_setup(lines: &[String]) -> Result<(), String>;
    /// The starting position from exactly `SETUP_LINES` lines that passed [`Game::check_setup`].
    fn from_setup(lines: &[String]) -> Result<Self, String>;

    /// Whose ply it is. Not always strict alternation (Dvonn's ply 50, Poly-Y's swap).
    fn seat_to_move(&self) -> Seat;
    fn is_over(&self) -> bool;

    /// Reads a move for the side to move, checking that it is legal here.
    fn parse_move(&self, text: &str) -> Result<Self::Move, MoveError>;
    /// Writes a move exactly as the jury expects it.
    fn format_move(&self, mv: Self::Move) -> String;
    fn is_legal(&self, mv: Self::Move) -> bool;
    /// Some legal move, used as a last resort if an engine ever proposes an illegal one.
    fn any_legal_move(&self) -> Option<Self::Move>;
    fn apply(&mut self, mv: Self::Move);

    /// A drawing of the position for people (several lines, no trailing newline needed).
    fn render(&self) -> String;
}

/// What the local jury needs on top of [`Game`]: random starting positions, the text relayed to the
/// opponent, and CodeCup scoring.
pub trait Contest: Game {
    /// The setup lines of a random starting position (empty for games without setup lines).
    fn random_setup(rng: &mut Rng) -> Vec<String>;
    /// What the opponent reads for a move (Pillars hides the joker mark).
    fn relay_text(&self, mv: Self::Move) -> String {
        self.format_move(mv)
    }
    /// CodeCup points per seat at a normal end. Only called when [`Game::is_over`].
    fn final_scores(&self) -> [u32; 2];
    /// CodeCup points per seat when `offender` made an illegal move, crashed or ran out of time in
    /// this position.
    fn irregular_scores(&self, offender: Seat) -> [u32; 2];
}

/// A move chooser. Engines never print to stdout; they may write a terse line to stderr.
pub trait Engine<G: Game> {
    fn choose(&mut self, game: &G, clock: &TurnClock) -> G::Move;
}
