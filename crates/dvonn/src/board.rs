//! Stacks on the board: what each field holds, bitboards of who is on top and where the Dvonn
//! pieces are, the Zobrist hash of the contents, and the two changes the rules make (placing a
//! piece, moving a stack with the removal that follows), each with its exact inverse.

use std::fmt;

pub use protocol::Colour;

use crate::geometry::{Field, Fields, ARCS, FIELDS, INNER, NEIGHBOURS, RING};

/// A piece as the top of a stack: a player's colour, or a lone Dvonn piece.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Piece {
    White,
    Black,
    Dvonn,
}

impl Piece {
    #[inline]
    pub fn colour(self) -> Option<Colour> {
        match self {
            Piece::White => Some(Colour::White),
            Piece::Black => Some(Colour::Black),
            Piece::Dvonn => None,
        }
    }

    fn index(self) -> usize {
        self as usize
    }
}

impl From<Colour> for Piece {
    fn from(colour: Colour) -> Piece {
        match colour {
            Colour::White => Piece::White,
            Colour::Black => Piece::Black,
        }
    }
}

/// One stack: all the rules ever ask of it. The colours of the lower pieces never matter.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Stack {
    pub height: u8,
    pub top: Piece,
    /// Whether a Dvonn piece is anywhere in the stack.
    pub dvonn: bool,
}

impl Stack {
    /// A single piece, as placed in the first phase.
    pub fn single(piece: Piece) -> Stack {
        Stack { height: 1, top: piece, dvonn: piece == Piece::Dvonn }
    }

    /// The player on top; `None` for a lone Dvonn piece, which nobody controls.
    #[inline]
    pub fn owner(self) -> Option<Colour> {
        self.top.colour()
    }

    /// Whether a real game can contain this stack: a Dvonn top only as a lone Dvonn piece.
    pub fn is_valid(self) -> bool {
        match self.top {
            Piece::Dvonn => self.height == 1 && self.dvonn,
            _ => (1..=FIELDS as u8).contains(&self.height),
        }
    }
}

/// Zobrist keys: one per field and height, one per field and top piece, one per field for "holds
/// a Dvonn piece". A stack's key is the XOR of its three; the board's hash is the XOR over its
/// stacks. Heights are keyed in full (up to 49) because they are the score.
struct Keys {
    height: [[u64; FIELDS + 1]; FIELDS],
    top: [[u64; 3]; FIELDS],
    dvonn: [u64; FIELDS],
    black_to_move: u64,
    movement: u64,
}

const KEYS: Keys = {
    use protocol::zobrist::splitmix64;
    let mut keys = Keys {
        height: [[0; FIELDS + 1]; FIELDS],
        top: [[0; 3]; FIELDS],
        dvonn: [0; FIELDS],
        black_to_move: 0,
        movement: 0,
    };
    let mut state = 2011u64;
    let mut f = 0;
    while f < FIELDS {
        let mut h = 1;
        while h <= FIELDS {
            let (next, key) = splitmix64(state);
            state = next;
            keys.height[f][h] = key;
            h += 1;
        }
        let mut p = 0;
        while p < 3 {
            let (next, key) = splitmix64(state);
            state = next;
            keys.top[f][p] = key;
            p += 1;
        }
        let (next, key) = splitmix64(state);
        state = next;
        keys.dvonn[f] = key;
        f += 1;
    }
    let (next, key) = splitmix64(state);
    keys.black_to_move = key;
    keys.movement = splitmix64(next).1;
    keys
};

/// The Zobrist key of `stack` standing on `field`.
#[inline]
fn stack_key(field: usize, stack: Stack) -> u64 {
    let dvonn = if stack.dvonn { KEYS.dvonn[field] } else { 0 };
    KEYS.height[field][usize::from(stack.height)] ^ KEYS.top[field][stack.top.index()] ^ dvonn
}

/// The hash key for the side to move (set when Black is to move).
pub(crate) fn black_to_move_key() -> u64 {
    KEYS.black_to_move
}

/// The hash key for the movement phase (set from ply 50 on).
pub(crate) fn movement_key() -> u64 {
    KEYS.movement
}

/// The stacks on the board.
///
/// `cells[f]` means something only where `occupied` has bit `f`. An emptied or removed field keeps
/// its last stack there, so that [`Board::unmove_stack`] can put it back without the undo record
/// carrying copies: between a move and its undo only occupied fields are ever written (a stack
/// lands on a stack; placements never follow a stacking move). The bitboards `tops` and `dvonn`
/// are always subsets of `occupied`.
#[derive(Clone, Debug)]
pub struct Board {
    cells: [Stack; FIELDS],
    occupied: u64,
    /// Fields whose stack has a white (index 0) or black (index 1) top.
    tops: [u64; 2],
    /// Fields whose stack contains a Dvonn piece.
    dvonn: u64,
    /// XOR of the keys of the stacks on occupied fields.
    hash: u64,
}

impl Default for Board {
    fn default() -> Board {
        Board::new()
    }
}

impl PartialEq for Board {
    /// Two boards are equal when every field holds the same stack (or none); what an empty field
    /// remembers does not count.
    fn eq(&self, other: &Board) -> bool {
        self.occupied == other.occupied
            && self.tops == other.tops
            && self.dvonn == other.dvonn
            && self.hash == other.hash
            && Fields(self.occupied).all(|f| self.cells[f.index()] == other.cells[f.index()])
    }
}

impl Eq for Board {}

impl Board {
    /// The empty board of the first ply.
    pub fn new() -> Board {
        Board { cells: [Stack::single(Piece::Dvonn); FIELDS], occupied: 0, tops: [0; 2], dvonn: 0, hash: 0 }
    }

    /// A board holding exactly these stacks (fields must differ, stacks must be valid).
    pub fn from_stacks(stacks: &[(Field, Stack)]) -> Result<Board, String> {
        let mut board = Board::new();
        for &(field, stack) in stacks {
            if board.stack(field).is_some() {
                return Err(format!("{field} is given twice"));
            }
            if !stack.is_valid() {
                return Err(format!("{field}: {stack:?} cannot occur in a game"));
            }
            board.put(field, stack);
        }
        Ok(board)
    }

    /// The stack on `field`, if any.
    #[inline]
    pub fn stack(&self, field: Field) -> Option<Stack> {
        (self.occupied & field.bit() != 0).then(|| self.cells[field.index()])
    }

    /// The stack on an occupied field (debug-checked).
    #[inline]
    pub(crate) fn cell(&self, field: usize) -> Stack {
        debug_assert!(self.occupied & (1u64 << field) != 0, "field {field} is empty");
        self.cells[field]
    }

    /// What `cells` holds for `field`: its stack if occupied, else the last stack it held.
    #[inline]
    pub(crate) fn cell_memory(&self, field: usize) -> Stack {
        self.cells[field]
    }

    #[inline]
    pub fn occupied(&self) -> u64 {
        self.occupied
    }

    /// The fields of the stacks `colour` controls.
    #[inline]
    pub fn controlled_by(&self, colour: Colour) -> u64 {
        self.tops[colour.index()]
    }

    /// The fields of the stacks that contain a Dvonn piece.
    #[inline]
    pub fn dvonn_stacks(&self) -> u64 {
        self.dvonn
    }

    /// The Zobrist hash of the contents (not of the side to move).
    #[inline]
    pub fn hash(&self) -> u64 {
        self.hash
    }

    /// The hash of the contents computed from nothing, to check the incremental one.
    pub fn hash_from_scratch(&self) -> u64 {
        Fields(self.occupied).fold(0, |hash, f| hash ^ stack_key(f.index(), self.cells[f.index()]))
    }

    /// A stack is mobile when one of its six neighbour positions is empty or off the board.
    #[inline]
    pub fn is_mobile(&self, field: Field) -> bool {
        is_mobile(field.index(), self.occupied)
    }

    /// The pieces in the stacks `colour` controls: its score.
    pub fn count(&self, colour: Colour) -> u32 {
        Fields(self.tops[colour.index()]).map(|f| u32::from(self.cells[f.index()].height)).sum()
    }

    /// Every occupied field connected to a Dvonn-carrying stack through occupied neighbours.
    #[inline]
    pub fn connected_to_dvonn(&self) -> u64 {
        let occupied = self.occupied;
        let mut reached = self.dvonn;
        let mut frontier = reached;
        while frontier != 0 {
            let f = frontier.trailing_zeros() as usize;
            frontier &= frontier - 1;
            let new = NEIGHBOURS[f] & occupied & !reached;
            reached |= new;
            frontier |= new;
        }
        reached
    }

    /// Puts `stack` on the empty `field`.
    #[inline]
    fn put(&mut self, field: Field, stack: Stack) {
        let (f, bit) = (field.index(), field.bit());
        debug_assert!(self.occupied & bit == 0, "{field} is not empty");
        self.cells[f] = stack;
        self.occupied |= bit;
        if let Some(colour) = stack.owner() {
            self.tops[colour.index()] |= bit;
        }
        if stack.dvonn {
            self.dvonn |= bit;
        }
        self.hash ^= stack_key(f, stack);
    }

    /// Takes the stack off `field` (it stays in `cells` as the memory of an empty field).
    #[inline]
    fn take(&mut self, field: usize) {
        let bit = 1u64 << field;
        debug_assert!(self.occupied & bit != 0, "field {field} is empty");
        self.hash ^= stack_key(field, self.cells[field]);
        self.occupied &= !bit;
        self.tops[0] &= !bit;
        self.tops[1] &= !bit;
        self.dvonn &= !bit;
    }

    /// Puts back the stack `cells` remembers for the empty `field`.
    #[inline]
    fn restore(&mut self, field: usize) {
        let stack = self.cells[field];
        self.put(Field::from_index(field), stack);
    }

    /// Places a single piece on the empty `field` (first phase).
    #[inline]
    pub(crate) fn place(&mut self, field: Field, piece: Piece) {
        self.put(field, Stack::single(piece));
    }

    /// Undoes [`Board::place`].
    #[inline]
    pub(crate) fn unplace(&mut self, field: Field) {
        self.take(field.index());
    }

    /// Moves the whole stack on `from` onto the stack on `to`, then removes every stack no longer
    /// connected to a Dvonn piece. Returns what [`Board::unmove_stack`] needs: the old stack on
    /// `to` and the removed fields.
    ///
    /// Before the move every stack must be connected to a Dvonn piece (true after every removal
    /// and on the full board of ply 50). Then only two things can cut a stack off: a Dvonn piece
    /// leaving `from`, or `from` having been the only link between its occupied neighbours. The
    /// second cannot happen when those neighbours form a single arc around `from`, since
    /// consecutive neighbours touch; the flood fill is skipped then.
    #[inline]
    pub(crate) fn move_stack(&mut self, from: Field, to: Field) -> (Stack, u64) {
        let (f, t) = (from.index(), to.index());
        let mover = self.cell(f);
        let target = self.cell(t);
        debug_assert!(mover.owner().is_some(), "{from} holds a lone Dvonn piece");
        let merged = Stack {
            height: mover.height + target.height,
            top: mover.top,
            dvonn: mover.dvonn || target.dvonn,
        };
        self.take(f);
        self.take(t);
        self.put(to, merged);

        let occupied = self.occupied;
        let cut_possible = mover.dvonn || {
            let ring = &RING[f];
            let mut pattern = 0usize;
            for (i, &bit) in ring.iter().enumerate() {
                pattern |= usize::from(occupied & bit != 0) << i;
            }
            ARCS[pattern] > 1
        };
        let removed = if cut_possible { occupied & !self.connected_to_dvonn() } else { 0 };
        for field in Fields(removed) {
            self.take(field.index());
        }
        (target, removed)
    }

    /// Undoes [`Board::move_stack`] given what it returned.
    #[inline]
    pub(crate) fn unmove_stack(&mut self, from: Field, to: Field, target: Stack, removed: u64) {
        for field in Fields(removed) {
            self.restore(field.index());
        }
        self.take(to.index());
        self.put(to, target);
        self.restore(from.index());
    }
}

/// See [`Board::is_mobile`]: border fields always touch the outside.
#[inline]
pub(crate) fn is_mobile(field: usize, occupied: u64) -> bool {
    INNER & (1u64 << field) == 0 || NEIGHBOURS[field] & !occupied != 0
}

impl fmt::Display for Stack {
    /// `w3` / `b3`: a white / black top over 3 pieces; capitals `W3` / `B3` when the stack holds a
    /// Dvonn piece; `D` for a lone Dvonn piece.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self.top, self.dvonn) {
            (Piece::Dvonn, _) => f.write_str("D"),
            (Piece::White, false) => write!(f, "w{}", self.height),
            (Piece::White, true) => write!(f, "W{}", self.height),
            (Piece::Black, false) => write!(f, "b{}", self.height),
            (Piece::Black, true) => write!(f, "B{}", self.height),
        }
    }
}
