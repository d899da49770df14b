//! The traits a game crate implements so that the shared dialogue loop, the engines and the local
//! jury can drive it without knowing its rules.

use std::fmt;
use std::hash::Hash;
use std::ops::ControlFlow;
use std::str::FromStr;
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

    pub const BOTH: [Seat; 2] = [Seat::First, Seat::Second];

    /// A per-seat flag array with only this seat set (`[true, false]` for `First`).
    pub fn only(self) -> [bool; 2] {
        let mut flags = [false; 2];
        flags[self.index()] = true;
        flags
    }
}

/// The two colours of a game played by White and Black with White first (Ayu, Symple, Dvonn):
/// White is the first seat, the one that reads `Start`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Colour {
    White,
    Black,
}

impl Colour {
    /// 0 for White, 1 for Black: an index into per-colour arrays.
    #[inline]
    pub fn index(self) -> usize {
        self as usize
    }

    #[inline]
    pub fn other(self) -> Colour {
        match self {
            Colour::White => Colour::Black,
            Colour::Black => Colour::White,
        }
    }

    pub fn seat(self) -> Seat {
        match self {
            Colour::White => Seat::First,
            Colour::Black => Seat::Second,
        }
    }

    /// Lower case, for people.
    pub fn name(self) -> &'static str {
        match self {
            Colour::White => "white",
            Colour::Black => "black",
        }
    }
}

/// How a finished game ended for one side.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Outcome {
    Win,
    Draw,
    Loss,
}

impl Outcome {
    /// The same result seen from the other side.
    pub fn flipped(self) -> Outcome {
        match self {
            Outcome::Win => Outcome::Loss,
            Outcome::Draw => Outcome::Draw,
            Outcome::Loss => Outcome::Win,
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
///
/// A game states each rule once: its move notation (`FromStr` and `Display` on [`Game::Move`]),
/// which moves are legal ([`Game::check`]) and what a move does ([`Game::apply`]). Reading a
/// checked move, writing one and the yes/no legality test come by default.
pub trait Game: Clone {
    /// One ply, whatever it is in the game: a rectangle and a joker flag (Pillars), a placement,
    /// a stacking move or a pass (Dvonn), a field or the swap (Poly-Y), a fixed-size set of stones
    /// (Symple). Small and `Copy`, so that move lists need no allocation. `FromStr` reads the
    /// notation alone (a syntax error is its message), without asking whether the move is legal.
    type Move: Copy + fmt::Debug + fmt::Display + FromStr<Err = String> + PartialEq + Eq + Hash;

    /// Lower-case name, as used on the command line (`pillars`).
    const NAME: &'static str;
    /// The official total thinking time per player per game.
    const TIME_LIMIT: Duration;
    /// How many lines describe the starting position before `Start` or the first move (Pillars 10).
    const SETUP_LINES: usize = 0;

    /// Checks the setup lines read so far (a prefix of at most `SETUP_LINES` lines), so that a
    /// bad line can be refused the moment it is typed. The default suits a game without setup
    /// lines: it accepts none.
    fn check_setup(lines: &[String]) -> Result<(), String> {
        match lines.len() {
            0 => Ok(()),
            _ => Err(format!("{} has no setup lines", Self::NAME)),
        }
    }
    /// The starting position from exactly `SETUP_LINES` lines that passed [`Game::check_setup`].
    /// A game without setup lines answers [`no_setup`].
    fn from_setup(lines: &[String]) -> Result<Self, String>;

    /// Whose ply it is. Not always strict alternation (Dvonn's ply 50, Poly-Y's swap).
    fn seat_to_move(&self) -> Seat;
    fn is_over(&self) -> bool;

    /// Whether the side to move may play `mv` now, and if not, why (a [`MoveError::illegal`]).
    /// The game's one statement of legality: every other check goes through it.
    fn check(&self, mv: Self::Move) -> Result<(), MoveError>;
    /// Plays a move that passed [`Game::check`].
    fn apply(&mut self, mv: Self::Move);

    /// Reads a move for the side to move, checking that it is legal here.
    fn parse_move(&self, text: &str) -> Result<Self::Move, MoveError> {
        let mv = text.trim().parse::<Self::Move>().map_err(MoveError::syntax)?;
        self.check(mv)?;
        Ok(mv)
    }
    /// Writes a move exactly as the jury expects it: its `Display`, unless the notation depends on
    /// the position (Symple lists a special move's lone stone last).
    fn format_move(&self, mv: Self::Move) -> String {
        mv.to_string()
    }
    fn is_legal(&self, mv: Self::Move) -> bool {
        self.check(mv).is_ok()
    }

    /// A drawing of the position for people (several lines, no trailing newline needed). Where it
    /// names a ply, `ply N` is the number of plies played (0 at the start): the number of the move
    /// just played, which is the number an engine's line on stderr gives the move it chooses, so
    /// that `--show` and those lines agree.
    fn render(&self) -> String;
}

/// [`Game::from_setup`] of a game without setup lines: its `Default` position, after
/// [`Game::check_setup`] refused any line.
pub fn no_setup<G: Game + Default>(lines: &[String]) -> Result<G, String> {
    G::check_setup(lines)?;
    Ok(G::default())
}

/// What a search needs on top of [`Game`]: every legal move, the result of a finished game from
/// the side to move's view, and a position hash. One random engine, one playout driver and the
/// jury's random openings are written once against it (see [`crate::search`]).
pub trait SearchGame: Game {
    /// Calls `visit` with each legal move of the side to move, in the game's own fixed order,
    /// until `visit` breaks; returns `Break` when it stopped early. No moves once the game is over.
    /// The moves are exactly those [`Game::is_legal`] accepts.
    fn for_each_move<F: FnMut(Self::Move) -> ControlFlow<()>>(&self, visit: F) -> ControlFlow<()>;

    /// The result for the side to move ([`Game::seat_to_move`]) once the game is over; `None`
    /// while it goes on. Not always "the mover lost": in Ayu the player left without a move wins.
    fn outcome(&self) -> Option<Outcome>;

    /// A hash of everything that decides the legal moves and the result from here (position and
    /// side to move, and game-specific state such as jokers or the swap), for tables.
    fn position_hash(&self) -> u64;

    /// Whether the side to move has any legal move: stops at the first one.
    fn has_legal_move(&self) -> bool {
        self.for_each_move(|_| ControlFlow::Break(())).is_break()
    }

    /// The first legal move in the game's order: what the CodeCup jury plays for a failed program.
    fn first_legal_move(&self) -> Option<Self::Move> {
        let mut first = None;
        let _ = self.for_each_move(|mv| {
            first = Some(mv);
            ControlFlow::Break(())
        });
        first
    }

    /// A uniformly random legal move (`None` when there is none). The default samples the
    /// generator's stream without storing it; a game with a move list at hand may do better.
    fn random_move(&self, rng: &mut Rng) -> Option<Self::Move> {
        let mut chosen = None;
        let mut seen = 0usize;
        let _ = self.for_each_move(|mv| {
            seen += 1;
            if rng.below(seen) == 0 {
                chosen = Some(mv);
            }
            ControlFlow::Continue(())
        });
        chosen
    }

    /// The number of move sequences of length `depth` (perft). The default walks
    /// [`SearchGame::for_each_move`] on copies; games with a faster or conventional count (a
    /// finished game counting as a leaf, say) override it, as their data file defines it.
    fn perft(&self, depth: u32) -> u64 {
        perft_by_moves(self, depth)
    }
}

/// The number of move sequences of length `depth`, walking [`SearchGame::for_each_move`] on
/// copies: the default [`SearchGame::perft`], and the slow reference a game's faster count is
/// checked against. A finished game has no moves, so it counts 0 at any depth above 0.
pub fn perft_by_moves<G: SearchGame>(game: &G, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut leaves = 0;
    let _ = game.for_each_move(|mv| {
        if depth == 1 {
            leaves += 1;
        } else {
            let mut next = game.clone();
            next.apply(mv);
            leaves += perft_by_moves(&next, depth - 1);
        }
        ControlFlow::Continue(())
    });
    leaves
}

/// What the local jury needs on top of [`SearchGame`]: random starting positions, the text relayed
/// to the opponent, and CodeCup scoring, regular and irregular.
pub trait Contest: SearchGame {
    /// Whether the official jury played on for a program that failed (its first legal move each
    /// turn, the other program still playing) and scored the finished game (Dvonn, Poly-Y, Ayu,
    /// Symple), or stopped the game at the failure (Pillars).
    const PLAYS_ON_AFTER_FAILURE: bool = true;

    /// The setup lines of a random starting position. The default suits a game without setup
    /// lines.
    fn random_setup(_rng: &mut Rng) -> Vec<String> {
        Vec::new()
    }
    /// What the opponent reads for a move (Pillars hides the joker mark).
    fn relay_text(&self, mv: Self::Move) -> String {
        self.format_move(mv)
    }
    /// CodeCup points per seat at a normal end. Only called when [`Game::is_over`].
    fn final_scores(&self) -> [u32; 2];
    /// CodeCup points per seat when the seats flagged in `failed` made an illegal move, crashed or
    /// ran out of time: at the end of the game if [`Contest::PLAYS_ON_AFTER_FAILURE`], otherwise in
    /// the position where the failure happened. A failed seat scores 0. The default suits a game
    /// that plays on: the final scores with the failed seats' set to 0. When both seats failed
    /// nobody plays on, the game may be unfinished, and both score 0.
    fn irregular_scores(&self, failed: [bool; 2]) -> [u32; 2] {
        if failed == [true, true] {
            return [0, 0];
        }
        let scores = self.final_scores();
        [0, 1].map(|seat| if failed[seat] { 0 } else { scores[seat] })
    }
    /// The position drawn for people as an inline SVG element (the jury's HTML viewer), beside the
    /// text drawing of [`Game::render`]. Self-contained: no external references.
    fn render_svg(&self) -> String;
}

/// A move chooser. Engines never print to stdout; they may write a terse line to stderr.
pub trait Engine<G: Game> {
    fn choose(&mut self, game: &G, clock: &TurnClock) -> G::Move;
}
