//! The full game of Pillars as the jury sees it: the board, whose turn it is, the jokers, the
//! dialogue notation and CodeCup scoring.

use std::fmt;
use std::ops::ControlFlow;
use std::str::FromStr;
use std::time::Duration;

use protocol::zobrist::mix64;
use protocol::{Contest, Game, MoveError, Outcome, Rng, SearchGame, Seat};

use crate::board::{Board, Field, Rect, SIZE};

/// Red moves first (it reads `Start`), Blue second.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Colour {
    Red,
    Blue,
}

impl Colour {
    pub fn other(self) -> Colour {
        match self {
            Colour::Red => Colour::Blue,
            Colour::Blue => Colour::Red,
        }
    }

    pub fn index(self) -> usize {
        self as usize
    }

    pub fn seat(self) -> Seat {
        match self {
            Colour::Red => Seat::First,
            Colour::Blue => Seat::Second,
        }
    }
}

/// A rectangle to fill, possibly with the joker claimed on it (`!BdCh`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Move {
    pub rect: Rect,
    pub joker: bool,
}

impl Move {
    pub fn plain(rect: Rect) -> Move {
        Move { rect, joker: false }
    }

    pub fn claiming(rect: Rect) -> Move {
        Move { rect, joker: true }
    }
}

/// Reads `BdCh`, or `!BdCh` with the joker claimed, without checking that the move is legal now.
impl FromStr for Move {
    type Err = String;

    fn from_str(text: &str) -> Result<Move, String> {
        let (joker, rect) = match text.strip_prefix('!') {
            Some(rest) => (true, rest),
            None => (false, text),
        };
        Ok(Move { rect: Rect::parse(rect)?, joker })
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.joker {
            f.write_str("!")?;
        }
        write!(f, "{}", self.rect)
    }
}

/// Joker points the Blue player gets when it claims on its very first move (the rule page's
/// exception; otherwise it could get at most 8).
pub const BLUE_FIRST_MOVE_JOKER: u32 = 9;

/// A Pillars game in progress.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Pillars {
    board: Board,
    pillars: u128,
    red_tiles: u128,
    to_move: Colour,
    plies: u32,
    /// Joker points of each colour's claim, `None` while it has not claimed.
    jokers: [Option<u32>; 2],
}

impl Pillars {
    /// The starting position for these ten pillars, which must be in ten different rows and columns.
    pub fn new(pillars: &[Field]) -> Result<Pillars, String> {
        check_pillars(pillars)?;
        if pillars.len() != SIZE {
            return Err(format!("{} pillars given, {SIZE} needed", pillars.len()));
        }
        let board = Board::with_pillars(pillars);
        Ok(Pillars {
            board,
            pillars: !board.empty() & crate::board::ALL_FIELDS,
            red_tiles: 0,
            to_move: Colour::Red,
            plies: 0,
            jokers: [None, None],
        })
    }

    pub fn board(&self) -> Board {
        self.board
    }

    pub fn to_move(&self) -> Colour {
        self.to_move
    }

    /// Plies played so far.
    pub fn plies(&self) -> u32 {
        self.plies
    }

    /// The joker points `colour` claimed, if it has claimed.
    pub fn joker(&self, colour: Colour) -> Option<u32> {
        self.jokers[colour.index()]
    }

    pub fn can_claim(&self) -> bool {
        self.jokers[self.to_move.index()].is_none()
    }

    /// What a claim by the side to move would be worth now: the empty fields before the move / 10,
    /// or 9 for Blue on its very first move.
    pub fn joker_value_now(&self) -> u32 {
        if self.to_move == Colour::Blue && self.plies == 1 {
            BLUE_FIRST_MOVE_JOKER
        } else {
            self.board.empty_count() / 10
        }
    }

    /// Who lost: the player who filled the last field. `None` while the game goes on.
    pub fn loser(&self) -> Option<Colour> {
        // The player who just moved is the one not to move.
        self.board.is_full().then(|| self.to_move.other())
    }

    /// CodeCup points of `[Red, Blue]` at a normal end: winner 18 + J, loser 9 − J.
    pub fn scores(&self) -> Option<[u32; 2]> {
        let loser = self.loser()?;
        let mut scores = [0; 2];
        scores[loser.index()] = 9 - self.joker(loser).unwrap_or(0);
        scores[loser.other().index()] = 18 + self.joker(loser.other()).unwrap_or(0);
        Some(scores)
    }

    /// CodeCup points of `[Red, Blue]` when `offender` failed here: it gets 0; the other wins with
    /// its joker, or as if it claimed now (empty fields / 10, without Blue's first-move exception).
    pub fn irregular_scores(&self, offender: Colour) -> [u32; 2] {
        let winner = offender.other();
        let joker = self.joker(winner).unwrap_or(self.board.empty_count() / 10);
        let mut scores = [0; 2];
        scores[winner.index()] = 18 + joker;
        scores
    }
}

/// What a field holds, for the drawings.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FieldState {
    Pillar,
    Empty,
    /// A tile of the colour that filled it.
    Tile(Colour),
}

impl Pillars {
    pub fn field_state(&self, field: Field) -> FieldState {
        let bit = field.bit();
        if self.pillars & bit != 0 {
            FieldState::Pillar
        } else if self.board.empty() & bit != 0 {
            FieldState::Empty
        } else if self.red_tiles & bit != 0 {
            FieldState::Tile(Colour::Red)
        } else {
            FieldState::Tile(Colour::Blue)
        }
    }
}

fn check_pillars(pillars: &[Field]) -> Result<(), String> {
    for (i, a) in pillars.iter().enumerate() {
        if let Some(b) = pillars[..i].iter().find(|b| b.row() == a.row() || b.column() == a.column()) {
            return Err(format!("pillar {a} shares a row or column with pillar {b}"));
        }
    }
    if pillars.len() > SIZE {
        return Err(format!("more than {SIZE} pillars"));
    }
    Ok(())
}

fn parse_pillars(lines: &[String]) -> Result<Vec<Field>, String> {
    lines.iter().map(|line| Field::parse(line)).collect()
}

impl Game for Pillars {
    type Move = Move;

    const NAME: &'static str = "pillars";
    const TIME_LIMIT: Duration = Duration::from_secs(5);
    const SETUP_LINES: usize = SIZE;

    fn check_setup(lines: &[String]) -> Result<(), String> {
        check_pillars(&parse_pillars(lines)?)
    }

    fn from_setup(lines: &[String]) -> Result<Pillars, String> {
        Pillars::new(&parse_pillars(lines)?)
    }

    fn seat_to_move(&self) -> Seat {
        self.to_move.seat()
    }

    fn is_over(&self) -> bool {
        self.board.is_full()
    }

    /// Checks legality without the notation: the rectangle is empty, a joker is still available.
    fn check(&self, mv: Move) -> Result<(), MoveError> {
        if self.is_over() {
            return Err(MoveError::illegal("the game is over"));
        }
        if !self.board.can_fill(mv.rect) {
            return Err(MoveError::illegal(format!("{} covers a field that is not empty", mv.rect)));
        }
        if mv.joker && !self.can_claim() {
            return Err(MoveError::illegal(format!("{mv}: the joker was already played")));
        }
        Ok(())
    }

    fn apply(&mut self, mv: Move) {
        debug_assert!(self.check(mv).is_ok(), "illegal move {mv}");
        if mv.joker {
            self.jokers[self.to_move.index()] = Some(self.joker_value_now());
        }
        if self.to_move == Colour::Red {
            self.red_tiles |= mv.rect.mask();
        }
        self.board = self.board.fill(mv.rect);
        self.to_move = self.to_move.other();
        self.plies += 1;
    }

    fn render(&self) -> String {
        let mut text = String::from("   a b c d e f g h i j\n");
        for row in 0..SIZE {
            text.push((b'A' + row as u8) as char);
            text.push(' ');
            for column in 0..SIZE {
                let mark = match self.field_state(Field::new(row, column)) {
                    FieldState::Pillar => '#',
                    FieldState::Empty => '.',
                    FieldState::Tile(Colour::Red) => 'r',
                    FieldState::Tile(Colour::Blue) => 'b',
                };
                text.push(' ');
                text.push(mark);
            }
            text.push('\n');
        }
        let joker = |c: Colour| self.joker(c).map_or("-".to_string(), |j| j.to_string());
        text.push_str(&format!(
            "ply {}, {:?} to move, {} empty, jokers red {} blue {}",
            self.plies,
            self.to_move,
            self.board.empty_count(),
            joker(Colour::Red),
            joker(Colour::Blue)
        ));
        text
    }
}

impl SearchGame for Pillars {
    /// Every empty rectangle, and while the side to move may still claim, each again with the joker.
    fn for_each_move<F: FnMut(Move) -> ControlFlow<()>>(&self, mut visit: F) -> ControlFlow<()> {
        let claim = self.can_claim();
        for rect in self.board.moves() {
            visit(Move::plain(rect))?;
            if claim {
                visit(Move::claiming(rect))?;
            }
        }
        ControlFlow::Continue(())
    }

    /// Misère: the side to move in a full board did not fill the last field, so it won.
    fn outcome(&self) -> Option<Outcome> {
        self.board.is_full().then_some(Outcome::Win)
    }

    fn position_hash(&self) -> u64 {
        // The flags go above the fields' bits: mixed into the same bits, a used joker and a filled
        // field cancelled out, and the searches' tree reuse took one position for another.
        let flags = self.to_move.index() as u128
            | u128::from(self.jokers[0].is_some()) << 1
            | u128::from(self.jokers[1].is_some()) << 2;
        let key = self.board.empty() | flags << (SIZE * SIZE);
        mix64(mix64(key as u64) ^ (key >> 64) as u64)
    }

    fn random_move(&self, rng: &mut Rng) -> Option<Move> {
        let rects = self.board.moves();
        let per_rect = if self.can_claim() { 2 } else { 1 };
        let pick = match rects.len() * per_rect {
            0 => return None,
            n => rng.below(n),
        };
        Some(Move { rect: rects[pick / per_rect], joker: pick % per_rect == 1 })
    }

    /// As `pillars-perft.txt` counts: every rectangle once, the joker not a separate move.
    fn perft(&self, depth: u32) -> u64 {
        self.board.perft(depth)
    }
}

impl Contest for Pillars {
    /// The game stops at the first failure (rules §6).
    const PLAYS_ON_AFTER_FAILURE: bool = false;

    fn random_setup(rng: &mut Rng) -> Vec<String> {
        let mut columns: Vec<usize> = (0..SIZE).collect();
        rng.shuffle(&mut columns);
        columns.iter().enumerate().map(|(row, &column)| Field::new(row, column).to_string()).collect()
    }

    fn relay_text(&self, mv: Move) -> String {
        // The opponent is never told that a joker was played.
        mv.rect.to_string()
    }

    fn final_scores(&self) -> [u32; 2] {
        self.scores().expect("final_scores is only asked for once the game is over")
    }

    /// The 10×10 board: pillars dark, Red's tiles red, Blue's blue, empty fields white, with the
    /// row and column letters, and the jokers claimed below.
    fn render_svg(&self) -> String {
        const CELL: usize = 36;
        const MARGIN: usize = 24;
        let side = MARGIN + SIZE * CELL;
        let mut svg = format!(
            "<svg viewBox=\"0 0 {} {}\" role=\"img\" aria-label=\"Pillars board\" font-family=\"sans-serif\" font-size=\"14\">",
            side + 4,
            side + 30
        );
        for i in 0..SIZE {
            let middle = MARGIN + i * CELL + CELL / 2;
            svg.push_str(&format!(
                "<text x=\"{middle}\" y=\"17\" text-anchor=\"middle\">{}</text><text x=\"8\" y=\"{}\" text-anchor=\"middle\">{}</text>",
                (b'a' + i as u8) as char,
                middle + 5,
                (b'A' + i as u8) as char
            ));
        }
        for row in 0..SIZE {
            for column in 0..SIZE {
                let fill = match self.field_state(Field::new(row, column)) {
                    FieldState::Pillar => "#333",
                    FieldState::Empty => "#fff",
                    FieldState::Tile(Colour::Red) => "#d94a3d",
                    FieldState::Tile(Colour::Blue) => "#3d6fd9",
                };
                svg.push_str(&format!(
                    "<rect x=\"{}\" y=\"{}\" width=\"{CELL}\" height=\"{CELL}\" fill=\"{fill}\" stroke=\"#999\"/>",
                    MARGIN + column * CELL,
                    MARGIN + row * CELL
                ));
            }
        }
        let joker = |c: Colour| self.joker(c).map_or("-".to_string(), |j| j.to_string());
        svg.push_str(&format!(
            "<text x=\"{MARGIN}\" y=\"{}\">ply {}, {} empty, jokers: red {}, blue {}</text></svg>",
            side + 22,
            self.plies,
            self.board.empty_count(),
            joker(Colour::Red),
            joker(Colour::Blue)
        ));
        svg
    }

    fn irregular_scores(&self, failed: [bool; 2]) -> [u32; 2] {
        match failed {
            [true, false] => Pillars::irregular_scores(self, Colour::Red),
            [false, true] => Pillars::irregular_scores(self, Colour::Blue),
            _ => [0, 0],
        }
    }
}
