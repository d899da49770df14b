//! The game state: stones by seat, the swap, groups kept in a union-find so that each stone
//! updates the corners of its group at once, notation and CodeCup scoring (rules §3–§6).

use std::fmt;
use std::ops::ControlFlow;
use std::str::FromStr;
use std::time::Duration;

use protocol::{Contest, Game, MoveError, Outcome, Rng, SearchGame, Seat};

use crate::board::{corners_of, wins, Bits, Field, Fields, ALL_FIELDS, FIELDS, ROW_STARTS};

/// One ply: a stone on an empty field, or the swap (`-1`, only as the second ply).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Move {
    Place(Field),
    Swap,
}

/// Reads `1`..`106` or `-1`, without checking that the move is legal now.
impl FromStr for Move {
    type Err = String;

    fn from_str(text: &str) -> Result<Move, String> {
        let text = text.trim();
        if text == "-1" {
            return Ok(Move::Swap);
        }
        let number: u32 =
            text.parse().map_err(|_| format!("'{text}' is not a field number (1-106) or -1"))?;
        Field::from_number(number)
            .map(Move::Place)
            .ok_or_else(|| format!("there is no field {number} (1-106)"))
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Move::Place(field) => write!(f, "{field}"),
            Move::Swap => f.write_str("-1"),
        }
    }
}

/// Zobrist keys: one per field and seat, and one for the swap having happened.
const KEYS: [[u64; FIELDS]; 2] = protocol::zobrist::keys_per_colour(0x506f_6c79_2d59_2014);
const SWAP_KEY: u64 = 0x9d1f_3b5e_77c2_a461;

/// A Poly-Y position. Stones belong to seats, not colours: after a swap the first stone changes
/// hands and the seats play the other colours, but nothing else changes.
#[derive(Clone)]
pub struct PolyY {
    stones: [Bits; 2],
    plies: u32,
    swapped: bool,
    /// Union-find over fields with stones: each stone's parent, a root points to itself.
    parent: [u8; FIELDS],
    /// The sides each group touches, kept at its root.
    group_sides: [u8; FIELDS],
    /// The corners each seat controls.
    corners: [u8; 2],
    winner: Option<Seat>,
    hash: u64,
}

impl Default for PolyY {
    fn default() -> PolyY {
        PolyY::new()
    }
}

impl PolyY {
    pub fn new() -> PolyY {
        PolyY {
            stones: [0; 2],
            plies: 0,
            swapped: false,
            parent: std::array::from_fn(|i| i as u8),
            group_sides: [0; FIELDS],
            corners: [0; 2],
            winner: None,
            hash: 0,
        }
    }

    /// The position after these moves, each checked.
    pub fn from_moves(moves: &[&str]) -> Result<PolyY, MoveError> {
        let mut game = PolyY::new();
        for text in moves {
            let mv = game.parse_move(text)?;
            game.apply(mv);
        }
        Ok(game)
    }

    /// Plies played, the swap included.
    pub fn plies(&self) -> u32 {
        self.plies
    }

    /// Seats alternate strictly: the swap is the second seat's ply.
    pub fn to_move(&self) -> Seat {
        if self.plies % 2 == 0 {
            Seat::First
        } else {
            Seat::Second
        }
    }

    pub fn swapped(&self) -> bool {
        self.swapped
    }

    /// Whether the seat plays White: the first seat unless the second swapped.
    pub fn is_white(&self, seat: Seat) -> bool {
        (seat == Seat::First) != self.swapped
    }

    pub fn stones(&self, seat: Seat) -> Bits {
        self.stones[seat.index()]
    }

    pub fn empty(&self) -> Bits {
        ALL_FIELDS & !(self.stones[0] | self.stones[1])
    }

    /// The corners a seat controls (bit k: the corner after side k + 1).
    pub fn corners(&self, seat: Seat) -> u8 {
        self.corners[seat.index()]
    }

    pub fn winner(&self) -> Option<Seat> {
        self.winner
    }

    pub fn is_finished(&self) -> bool {
        self.winner.is_some()
    }

    pub fn hash(&self) -> u64 {
        self.hash
    }

    /// The root of a stone's group, halving the path on the way.
    fn find(&mut self, mut field: usize) -> usize {
        while self.parent[field] as usize != field {
            let grandparent = self.parent[self.parent[field] as usize];
            self.parent[field] = grandparent;
            field = grandparent as usize;
        }
        field
    }

    /// Every legal move: the empty fields in number order, then the swap when it is allowed.
    pub fn for_each_legal<F: FnMut(Move) -> ControlFlow<()>>(&self, mut visit: F) -> ControlFlow<()> {
        if self.is_finished() {
            return ControlFlow::Continue(());
        }
        for field in Fields(self.empty()) {
            visit(Move::Place(field))?;
        }
        if self.plies == 1 {
            visit(Move::Swap)?;
        }
        ControlFlow::Continue(())
    }

    /// CodeCup points per seat at the end: 2 for the winner, 1 for the loser (rules §5).
    pub fn scores(&self) -> [u32; 2] {
        match self.winner {
            Some(Seat::First) => [2, 1],
            Some(Seat::Second) => [1, 2],
            None => [0, 0],
        }
    }

    fn stone_char(&self, field: Field) -> Option<char> {
        Seat::BOTH.into_iter().find(|seat| self.stones(*seat) & field.bit() != 0).map(|seat| {
            if self.is_white(seat) {
                'W'
            } else {
                'B'
            }
        })
    }
}

/// The fields of one row of the numbering, left to right.
fn row(row: usize) -> impl Iterator<Item = Field> {
    (ROW_STARTS[row]..ROW_STARTS[row + 1]).filter_map(Field::from_number)
}

impl Game for PolyY {
    type Move = Move;

    const NAME: &'static str = "polyy";
    /// 30 s per player per game, counted while it is the player's turn (rules §7).
    const TIME_LIMIT: Duration = Duration::from_secs(30);

    fn from_setup(lines: &[String]) -> Result<PolyY, String> {
        protocol::game::no_setup(lines)
    }

    /// Seats alternate; the swap gives the first stone, not the turn, to the second seat (rules §3).
    fn seat_to_move(&self) -> Seat {
        self.to_move()
    }

    fn is_over(&self) -> bool {
        self.is_finished()
    }

    /// Why `mv` is not legal here, if it is not.
    fn check(&self, mv: Move) -> Result<(), MoveError> {
        if self.is_finished() {
            return Err(MoveError::illegal("the game is over"));
        }
        match mv {
            Move::Swap if self.plies == 1 => Ok(()),
            Move::Swap => Err(MoveError::illegal("-1 (swap) is allowed only as the second move")),
            Move::Place(field) if self.empty() & field.bit() != 0 => Ok(()),
            Move::Place(field) => Err(MoveError::illegal(format!("field {field} is taken"))),
        }
    }

    /// Plays a legal move.
    fn apply(&mut self, mv: Move) {
        debug_assert!(self.check(mv).is_ok(), "illegal move {mv}");
        let seat = self.to_move();
        match mv {
            Move::Swap => {
                // The lone first stone changes hands; as a group of one it holds no corner.
                let stone = self.stones[0];
                self.stones = [0, stone];
                let field = Field::from_index(stone.trailing_zeros() as usize);
                self.hash ^= KEYS[0][field.index()] ^ KEYS[1][field.index()] ^ SWAP_KEY;
                self.swapped = true;
            }
            Move::Place(field) => {
                let own = self.stones[seat.index()];
                self.stones[seat.index()] |= field.bit();
                self.hash ^= KEYS[seat.index()][field.index()];
                let index = field.index();
                self.parent[index] = index as u8;
                let mut sides = field.sides();
                for neighbour in Fields(field.neighbours() & own) {
                    let root = self.find(neighbour.index());
                    sides |= self.group_sides[root];
                    self.parent[root] = index as u8;
                }
                self.group_sides[index] = sides;
                self.corners[seat.index()] |= corners_of(sides);
                if wins(self.corners[seat.index()]) {
                    self.winner = Some(seat);
                }
            }
        }
        self.plies += 1;
    }

    /// The 13 rows of the numbering, field 1 on top: a stone as `W` or `B`, an empty field as its
    /// number, so that a move can be read off the drawing.
    fn render(&self) -> String {
        let mut text = String::new();
        for r in 0..ROW_STARTS.len() - 1 {
            let cells: Vec<String> =
                row(r).map(|f| self.stone_char(f).map_or(f.number().to_string(), String::from)).collect();
            text.push_str(&" ".repeat(2 * (13 - cells.len())));
            text.push_str(&cells.iter().map(|c| format!("{c:>3}")).collect::<Vec<_>>().join(" "));
            text.push('\n');
        }
        let state = match self.winner {
            Some(seat) => format!("{} wins", if self.is_white(seat) { "White" } else { "Black" }),
            None => format!("{} to move", if self.is_white(self.to_move()) { "White" } else { "Black" }),
        };
        let swap = if self.swapped { ", colours swapped" } else { "" };
        text.push_str(&format!("ply {}{swap}, {state}", self.plies));
        text
    }
}

impl SearchGame for PolyY {
    fn for_each_move<F: FnMut(Move) -> ControlFlow<()>>(&self, visit: F) -> ControlFlow<()> {
        self.for_each_legal(visit)
    }

    /// The mover of the last stone won, so the side to move has lost.
    fn outcome(&self) -> Option<Outcome> {
        self.winner.map(|winner| if winner == self.to_move() { Outcome::Win } else { Outcome::Loss })
    }

    fn position_hash(&self) -> u64 {
        // The side to move follows from the stones and the swap flag.
        self.hash
    }

    fn random_move(&self, rng: &mut Rng) -> Option<Move> {
        if self.is_finished() {
            return None;
        }
        let empty = self.empty();
        let count = empty.count_ones() as usize + usize::from(self.plies == 1);
        let pick = rng.below(count);
        Some(Fields(empty).nth(pick).map_or(Move::Swap, Move::Place))
    }
}

/// The jury plays on for a failed program and scores the finished game (rules §5): the defaults.
impl Contest for PolyY {
    fn final_scores(&self) -> [u32; 2] {
        debug_assert!(self.is_finished(), "final_scores before the end");
        self.scores()
    }

    /// The rows of the numbering as rows of discs, field 1 on top; empty fields show their number.
    fn render_svg(&self) -> String {
        const STEP: usize = 30;
        let mut svg = String::from(
            "<svg viewBox=\"0 0 420 420\" role=\"img\" aria-label=\"Poly-Y board\" font-family=\"sans-serif\" font-size=\"10\">",
        );
        for r in 0..ROW_STARTS.len() - 1 {
            let fields: Vec<Field> = row(r).collect();
            let left = 15 + (13 - fields.len()) * STEP / 2;
            for (k, field) in fields.iter().enumerate() {
                let (x, y) = (left + k * STEP + STEP / 2, 20 + r * STEP);
                let (fill, ink) = match self.stone_char(*field) {
                    Some('W') => ("#fff", "#000"),
                    Some(_) => ("#222", "#fff"),
                    None => ("#f4ecd8", "#b9a97f"),
                };
                let stroke = if field.is_border() { "#8a6d3b" } else { "#b9a97f" };
                svg.push_str(&format!(
                    "<circle cx=\"{x}\" cy=\"{y}\" r=\"13\" fill=\"{fill}\" stroke=\"{stroke}\"/><text x=\"{x}\" y=\"{}\" text-anchor=\"middle\" fill=\"{ink}\">{field}</text>",
                    y + 4
                ));
            }
        }
        svg.push_str(&format!("<text x=\"15\" y=\"412\" font-size=\"13\">ply {}</text></svg>", self.plies));
        svg
    }
}
