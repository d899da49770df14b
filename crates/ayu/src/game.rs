//! The Ayu position, its moves and notation, legality (shape and the distance rule), move
//! generation, the end of the game and CodeCup scoring (rules §3–§7).

use std::fmt;
use std::ops::ControlFlow;
use std::str::FromStr;
use std::time::Duration;

pub use protocol::Colour;
use protocol::{Contest, Game, MoveError, Outcome, SearchGame, Seat};

use crate::board::{distance_below, flood, neighbours, walk_rings, Bits, Point, Points, ALL, POINTS, SIZE};

/// One ply: a piece lifted from `from` and put on `to` (`FROM-TO`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Move {
    pub from: Point,
    pub to: Point,
}

/// Reads `FROM-TO` (say `J1-I1`), without checking that the move is legal now.
impl FromStr for Move {
    type Err = String;

    fn from_str(text: &str) -> Result<Move, String> {
        let text = text.trim();
        let (from, to) =
            text.split_once('-').ok_or_else(|| format!("'{text}' is not a move FROM-TO (say J1-I1)"))?;
        Ok(Move { from: Point::parse(from)?, to: Point::parse(to)? })
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}-{}", self.from, self.to)
    }
}

/// Zobrist keys: one per point and colour, and one for Black to move.
const KEYS: [[u64; POINTS]; 2] = protocol::zobrist::keys_per_colour(0x4179_7520_2015_0001);
const BLACK_TO_MOVE_KEY: u64 = 0x6a09_e667_f3bc_c909;

/// The starting pieces of one colour (rules §3): White on columns B, D, F, H, J of the odd rows,
/// Black on columns A, C, E, G, I, K of the even rows.
const fn start(colour: Colour) -> Bits {
    let (first_col, first_row) = match colour {
        Colour::White => (1, 0),
        Colour::Black => (0, 1),
    };
    let mut bits = 0;
    let mut row = first_row;
    while row < SIZE {
        let mut col = first_col;
        while col < SIZE {
            bits |= 1 << (row * SIZE + col);
            col += 2;
        }
        row += 2;
    }
    bits
}

/// The mover's units that can move, with what the move generator needs of each.
#[derive(Clone, Copy)]
struct MovableUnit {
    unit: Bits,
    /// d(U) before the move (rules §4.2): a move must bring the unit strictly closer than this.
    distance: u32,
}

/// An Ayu position: the pieces of each colour and the side to move.
#[derive(Clone, PartialEq, Eq)]
pub struct Ayu {
    pieces: [Bits; 2],
    to_move: Colour,
    plies: u32,
    hash: u64,
}

impl Default for Ayu {
    fn default() -> Ayu {
        Ayu::new()
    }
}

impl fmt::Debug for Ayu {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.render())
    }
}

impl Ayu {
    /// The starting position, White to move.
    pub fn new() -> Ayu {
        Ayu::with_pieces([start(Colour::White), start(Colour::Black)], Colour::White)
    }

    fn with_pieces(pieces: [Bits; 2], to_move: Colour) -> Ayu {
        let mut hash = if to_move == Colour::Black { BLACK_TO_MOVE_KEY } else { 0 };
        for colour in [Colour::White, Colour::Black] {
            for point in Points(pieces[colour.index()]) {
                hash ^= KEYS[colour.index()][point.index()];
            }
        }
        Ayu { pieces, to_move, plies: 0, hash }
    }

    /// A position with the given pieces (points as `A1`..`K11`) and side to move, for tests and
    /// tools; its ply count starts at 0.
    pub fn from_pieces(white: &[&str], black: &[&str], to_move: Colour) -> Result<Ayu, String> {
        let mut pieces = [0; 2];
        for (colour, points) in [white, black].into_iter().enumerate() {
            for text in points {
                let point = Point::parse(text)?;
                if (pieces[0] | pieces[1]) & point.bit() != 0 {
                    return Err(format!("{point} is listed twice"));
                }
                pieces[colour] |= point.bit();
            }
        }
        Ok(Ayu::with_pieces(pieces, to_move))
    }

    pub fn to_move(&self) -> Colour {
        self.to_move
    }

    pub fn plies(&self) -> u32 {
        self.plies
    }

    pub fn pieces(&self, colour: Colour) -> Bits {
        self.pieces[colour.index()]
    }

    pub fn empty(&self) -> Bits {
        ALL & !(self.pieces[0] | self.pieces[1])
    }

    pub fn hash(&self) -> u64 {
        self.hash
    }

    /// The unit (orthogonally connected same-colour set) of the piece on `point`.
    pub fn unit_of(&self, point: Point) -> Bits {
        let own = if self.pieces[0] & point.bit() != 0 { self.pieces[0] } else { self.pieces[1] };
        flood(point.bit(), own)
    }

    /// Calls `visit` with each unit of `colour` that can reach another one, and its distance.
    fn for_each_movable_unit(
        &self,
        colour: Colour,
        mut visit: impl FnMut(MovableUnit) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        let own = self.pieces[colour.index()];
        let empty = self.empty();
        let mut left = own;
        while left != 0 {
            let unit = flood(left & left.wrapping_neg(), own);
            left &= !unit;
            let others = own & !unit;
            if others == 0 {
                break;
            }
            if let Some(distance) = distance_below(unit, others, empty, u32::MAX) {
                visit(MovableUnit { unit, distance })?;
            }
        }
        ControlFlow::Continue(())
    }

    /// Every legal move of the side to move: units by their lowest piece, then origins and
    /// destinations in index order. Only paths from the destination can be shorter after the move
    /// (rules §4.2), so one search per unit, from the other units, finds every destination.
    pub fn for_each_legal<F: FnMut(Move) -> ControlFlow<()>>(&self, mut visit: F) -> ControlFlow<()> {
        self.for_each_legal_by_unit(|_, _, mv| visit(mv))
    }

    /// [`Ayu::for_each_legal`], each move with the unit it moves and that unit's distance to the
    /// nearest other one before the move (2 when the move joins them).
    pub fn for_each_legal_by_unit<F: FnMut(Bits, u32, Move) -> ControlFlow<()>>(
        &self,
        mut visit: F,
    ) -> ControlFlow<()> {
        let own = self.pieces[self.to_move.index()];
        let empty = self.empty();
        self.for_each_movable_unit(self.to_move, |MovableUnit { unit, distance }| {
            let others = own & !unit;
            // A move is legal when a path shorter than `distance` leads from its destination to
            // another unit through the empty points after it. The origin it frees never shortens
            // one: a path through a point of the unit is at least one step longer than the
            // unit's own `distance`. So the destinations are the empty points with such a path
            // today (the destination, where the path starts, being filled does not matter).
            let mut closer = 0;
            walk_rings(others, empty, distance - 1, |_, ring| {
                closer |= ring;
                true
            });
            for from in Points(unit) {
                let rest = unit & !from.bit();
                let next_to = if rest == 0 { neighbours(from.bit()) } else { neighbours(rest) };
                let destinations = next_to & empty & closer;
                if destinations == 0 {
                    continue;
                }
                // Without a cut point at `from`, every destination next to the rest keeps it whole.
                let rest_whole = rest == 0 || flood(rest & rest.wrapping_neg(), rest) == rest;
                for to in Points(destinations) {
                    if !rest_whole {
                        let moved = rest | to.bit();
                        if flood(to.bit(), moved) != moved {
                            continue;
                        }
                    }
                    visit(unit, distance, Move { from, to })?;
                }
            }
            ControlFlow::Continue(())
        })
    }

    /// The number of legal moves of the side to move.
    pub fn count_legal(&self) -> usize {
        let mut count = 0;
        let _ = self.for_each_legal(|_| {
            count += 1;
            ControlFlow::Continue(())
        });
        count
    }

    /// The first legal move in the generator's order.
    pub fn first_legal(&self) -> Option<Move> {
        let mut first = None;
        let _ = self.for_each_legal(|mv| {
            first = Some(mv);
            ControlFlow::Break(())
        });
        first
    }

    /// Whether the side to move has a legal move; when it has none the game is over and it wins.
    pub fn has_legal(&self) -> bool {
        self.for_each_legal(|_| ControlFlow::Break(())).is_break()
    }

    /// The winner once the game is over (the side to move, left without a move), else `None`.
    pub fn winner(&self) -> Option<Colour> {
        (!self.has_legal()).then_some(self.to_move)
    }

    /// CodeCup points per seat at the end: 3 for the winner, 1 for the loser (rules §6).
    pub fn scores(&self) -> [u32; 2] {
        match self.winner() {
            Some(Colour::White) => [3, 1],
            Some(Colour::Black) => [1, 3],
            None => [0, 0],
        }
    }

    fn piece_char(&self, point: Point) -> char {
        if self.pieces[0] & point.bit() != 0 {
            'W'
        } else if self.pieces[1] & point.bit() != 0 {
            'B'
        } else {
            '.'
        }
    }
}

impl Game for Ayu {
    type Move = Move;

    const NAME: &'static str = "ayu";
    /// 30 s per player per game, counted while it is the player's turn (rules §8).
    const TIME_LIMIT: Duration = Duration::from_secs(30);

    fn from_setup(lines: &[String]) -> Result<Ayu, String> {
        protocol::game::no_setup(lines)
    }

    /// White reads `Start` and moves first (rules §7).
    fn seat_to_move(&self) -> Seat {
        self.to_move.seat()
    }

    fn is_over(&self) -> bool {
        !self.has_legal()
    }

    /// Why `mv` is not legal for the side to move, straight from the definitions of rules §4 (the
    /// full multi-source distance after the move): the reference the generator is tested against.
    fn check(&self, mv: Move) -> Result<(), MoveError> {
        let own = self.pieces[self.to_move.index()];
        let empty = self.empty();
        if own & mv.from.bit() == 0 {
            return Err(MoveError::illegal(format!("{} holds no piece of the side to move", mv.from)));
        }
        if empty & mv.to.bit() == 0 {
            return Err(MoveError::illegal(format!("{} is not empty", mv.to)));
        }
        let unit = flood(mv.from.bit(), own);
        let moved = (unit & !mv.from.bit()) | mv.to.bit();
        if unit == mv.from.bit() {
            if neighbours(mv.from.bit()) & mv.to.bit() == 0 {
                return Err(MoveError::illegal(format!("a single piece moves one step, {mv} does not")));
            }
        } else if flood(mv.to.bit(), moved) != moved {
            return Err(MoveError::illegal(format!("{mv} leaves its group in pieces")));
        }
        let others = own & !unit;
        let Some(before) = distance_below(unit, others, empty, u32::MAX) else {
            return Err(MoveError::illegal(format!("the unit of {} cannot reach another one", mv.from)));
        };
        let empty_after = (empty & !mv.to.bit()) | mv.from.bit();
        if distance_below(moved, others, empty_after, before).is_none() {
            return Err(MoveError::illegal(format!(
                "{mv} does not bring its unit closer to another one (distance {before})"
            )));
        }
        Ok(())
    }

    /// Plays `mv`, which must be legal.
    fn apply(&mut self, mv: Move) {
        debug_assert!(self.check(mv).is_ok(), "illegal move {mv}\n{}", self.render());
        let colour = self.to_move.index();
        self.pieces[colour] ^= mv.from.bit() | mv.to.bit();
        self.hash ^= KEYS[colour][mv.from.index()] ^ KEYS[colour][mv.to.index()] ^ BLACK_TO_MOVE_KEY;
        self.to_move = self.to_move.other();
        self.plies += 1;
    }

    /// Row 11 on top, as in rules §3, with the column letters below.
    fn render(&self) -> String {
        let mut text = String::new();
        for row in (0..SIZE).rev() {
            text.push_str(&format!("{:>2} ", row + 1));
            for col in 0..SIZE {
                text.push(' ');
                text.push(self.piece_char(Point::at(col, row)));
            }
            text.push('\n');
        }
        text.push_str("    A B C D E F G H I J K\n");
        let state = match self.winner() {
            Some(colour) => format!("{colour:?} wins (no move left)"),
            None => format!("{:?} to move", self.to_move),
        };
        text.push_str(&format!("ply {}, {state}", self.plies));
        text
    }
}

impl SearchGame for Ayu {
    fn for_each_move<F: FnMut(Move) -> ControlFlow<()>>(&self, visit: F) -> ControlFlow<()> {
        self.for_each_legal(visit)
    }

    /// The side to move is left without a move, and so it has won (rules §5).
    fn outcome(&self) -> Option<Outcome> {
        (!self.has_legal()).then_some(Outcome::Win)
    }

    fn position_hash(&self) -> u64 {
        self.hash
    }

    fn perft(&self, depth: u32) -> u64 {
        match depth {
            0 => 1,
            1 => self.count_legal() as u64,
            _ => {
                let mut leaves = 0;
                let _ = self.for_each_legal(|mv| {
                    let mut next = self.clone();
                    next.apply(mv);
                    leaves += next.perft(depth - 1);
                    ControlFlow::Continue(())
                });
                leaves
            }
        }
    }
}

/// The jury plays on for a failed program and scores the finished game (rules §6): the defaults.
impl Contest for Ayu {
    fn final_scores(&self) -> [u32; 2] {
        debug_assert!(self.is_over(), "final_scores before the end");
        self.scores()
    }

    /// The grid with its pieces, row 11 on top, letters below and numbers on the left.
    fn render_svg(&self) -> String {
        const STEP: usize = 32;
        const LEFT: usize = 34;
        const TOP: usize = 20;
        let mut svg = String::from(
            "<svg viewBox=\"0 0 400 420\" role=\"img\" aria-label=\"Ayu board\" font-family=\"sans-serif\" font-size=\"12\">",
        );
        let far = (SIZE - 1) * STEP;
        for k in 0..SIZE {
            let at = k * STEP;
            svg.push_str(&format!(
                "<line x1=\"{LEFT}\" y1=\"{y}\" x2=\"{x2}\" y2=\"{y}\" stroke=\"#b9a97f\"/><line x1=\"{x}\" y1=\"{TOP}\" x2=\"{x}\" y2=\"{y2}\" stroke=\"#b9a97f\"/>",
                y = TOP + at,
                x2 = LEFT + far,
                x = LEFT + at,
                y2 = TOP + far
            ));
            svg.push_str(&format!(
                "<text x=\"{}\" y=\"{}\" text-anchor=\"middle\">{}</text><text x=\"12\" y=\"{}\" text-anchor=\"middle\">{}</text>",
                LEFT + at,
                TOP + far + 22,
                (b'A' + k as u8) as char,
                TOP + far - at + 4,
                k + 1
            ));
        }
        for point in Points(self.pieces[0] | self.pieces[1]) {
            let (x, y) = (LEFT + point.col() * STEP, TOP + (SIZE - 1 - point.row()) * STEP);
            let fill = if self.piece_char(point) == 'W' { "#fff" } else { "#222" };
            svg.push_str(&format!(
                "<circle cx=\"{x}\" cy=\"{y}\" r=\"12\" fill=\"{fill}\" stroke=\"#555\"/>"
            ));
        }
        svg.push_str(&format!(
            "<text x=\"20\" y=\"410\" font-size=\"13\">ply {}, {:?} to move</text></svg>",
            self.plies, self.to_move
        ));
        svg
    }
}
