//! The full game of Dvonn as the jury sees it: the board, whose ply it is, the two phases, legal
//! moves with incremental make/unmake, perft, the dialogue notation and CodeCup scoring.

use std::fmt;
use std::ops::ControlFlow;
use std::str::FromStr;
use std::time::Duration;

use arrayvec::ArrayVec;
use protocol::{Contest, Game, MoveError, Outcome, Rng, SearchGame, Seat};

use crate::board::{black_to_move_key, is_mobile, movement_key, Board, Colour, Piece, Stack};
use crate::geometry::{Field, Fields, ALL_FIELDS, FIELDS, TARGETS};

/// Plies in the placement phase: 3 Dvonn pieces and 23 pieces of each colour.
pub const PLACEMENT_PLIES: u32 = FIELDS as u32;
/// Pieces of each colour.
pub const PIECES_PER_COLOUR: u32 = 23;
/// CodeCup bonus for the winner; a draw gives each player half.
pub const WIN_BONUS: u32 = 90;
pub const DRAW_BONUS: u32 = 45;

/// The most legal moves a position can have: 49 placements on the empty board, or in the
/// movement phase at most 23 stacks (each has its own top piece) with at most 6 targets each.
pub const MAX_MOVES: usize = PIECES_PER_COLOUR as usize * 6;
pub type MoveList = ArrayVec<Move, MAX_MOVES>;

/// One ply.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Move {
    /// First phase: a piece on an empty field (which piece follows from the ply number).
    Place(Field),
    /// Second phase: the whole stack on `from` onto the stack on `to`.
    Stack { from: Field, to: Field },
    /// Second phase, only when no stacking move exists.
    Pass,
}

/// Parses the notation alone, without asking whether the move is legal anywhere: `E3`, `A1B1` or
/// `PASS`, upper case.
impl FromStr for Move {
    type Err = String;

    fn from_str(text: &str) -> Result<Move, String> {
        if text == "PASS" {
            return Ok(Move::Pass);
        }
        let shape = "a move is a field like 'E3', two fields like 'A1B1', or 'PASS'";
        if !text.is_ascii() {
            return Err(format!("'{text}' is not a move ({shape})"));
        }
        match text.len() {
            2 => Field::parse(text).map(Move::Place),
            4 => {
                let from = Field::parse(&text[..2])?;
                let to = Field::parse(&text[2..])?;
                Ok(Move::Stack { from, to })
            }
            _ => Err(format!("'{text}' is not a move ({shape})")),
        }
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Move::Place(field) => write!(f, "{field}"),
            Move::Stack { from, to } => write!(f, "{from}{to}"),
            Move::Pass => f.write_str("PASS"),
        }
    }
}

/// What [`Dvonn::unmake`] needs besides the move: the stack that was on the target field and
/// the fields removed after the move. Meaningless for placements and passes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Undo {
    target: Stack,
    removed: u64,
}

impl Undo {
    const NONE: Undo = Undo { target: Stack { height: 1, top: Piece::Dvonn, dvonn: true }, removed: 0 };

    /// The fields whose stacks were removed by the move.
    pub fn removed(&self) -> u64 {
        self.removed
    }

    /// The stack that was on the target field before the move.
    pub(crate) fn target(&self) -> Stack {
        self.target
    }
}

/// A Dvonn game in progress.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Dvonn {
    board: Board,
    /// Plies played so far. With it the phase, the side to move and the piece to place are known.
    plies: u32,
}

impl Default for Dvonn {
    fn default() -> Dvonn {
        Dvonn::new()
    }
}

impl Dvonn {
    /// The empty board, White to place the first Dvonn piece.
    pub fn new() -> Dvonn {
        Dvonn { board: Board::new(), plies: 0 }
    }

    /// A movement-phase position with these stacks and `to_move` to move, for tests and tools.
    /// Every stack must be connected to a Dvonn-carrying stack (as after any removal), there must
    /// be 1 to 3 of those, and no more than 49 pieces. The ply count is set to 49 or 50, the first
    /// movement plies, so that the side to move is right; it says nothing about the history.
    pub fn from_stacks(stacks: &[(Field, Stack)], to_move: Colour) -> Result<Dvonn, String> {
        let board = Board::from_stacks(stacks)?;
        let dvonns = board.dvonn_stacks().count_ones();
        if !(1..=3).contains(&dvonns) {
            return Err(format!("{dvonns} stacks hold a Dvonn piece; 1 to 3 needed"));
        }
        let pieces: u32 = stacks.iter().map(|(_, s)| u32::from(s.height)).sum();
        if pieces > FIELDS as u32 {
            return Err(format!("{pieces} pieces; a game has {FIELDS}"));
        }
        let cut_off = board.occupied() & !board.connected_to_dvonn();
        if cut_off != 0 {
            let names: Vec<String> = Fields(cut_off).map(|f| f.to_string()).collect();
            return Err(format!("not connected to a Dvonn piece: {}", names.join(" ")));
        }
        let plies = match to_move {
            Colour::White => PLACEMENT_PLIES,
            Colour::Black => PLACEMENT_PLIES + 1,
        };
        Ok(Dvonn { board, plies })
    }

    /// The position after these plies from the empty board, each checked for legality.
    pub fn from_moves(moves: &[&str]) -> Result<Dvonn, MoveError> {
        let mut game = Dvonn::new();
        for (i, text) in moves.iter().enumerate() {
            let mv = game
                .parse_move(text)
                .map_err(|e| MoveError { kind: e.kind, message: format!("ply {}: {}", i + 1, e.message) })?;
            game.make(mv);
        }
        Ok(game)
    }

    pub fn board(&self) -> &Board {
        &self.board
    }

    /// Plies played so far (ply `plies() + 1` is next).
    pub fn plies(&self) -> u32 {
        self.plies
    }

    /// Whether pieces are still being placed (plies 1–49).
    #[inline]
    pub fn is_placement(&self) -> bool {
        self.plies < PLACEMENT_PLIES
    }

    /// Whose ply it is. White places at odd plies and also plays ply 50, the first movement ply;
    /// from then on colours alternate, so White moves at even plies.
    #[inline]
    pub fn to_move(&self) -> Colour {
        let white = if self.is_placement() { self.plies % 2 == 0 } else { self.plies % 2 == 1 };
        if white {
            Colour::White
        } else {
            Colour::Black
        }
    }

    /// The piece the next placement puts down: Dvonn pieces at plies 1–3, then the mover's colour.
    pub fn piece_to_place(&self) -> Option<Piece> {
        match self.plies {
            0..=2 => Some(Piece::Dvonn),
            p if p < PLACEMENT_PLIES => Some(self.to_move().into()),
            _ => None,
        }
    }

    /// The part of the hash that is not the board: the side to move and the phase.
    #[inline]
    fn state_key(plies: u32) -> u64 {
        let black = if plies < PLACEMENT_PLIES { plies % 2 == 1 } else { plies % 2 == 0 };
        let mut key = if black { black_to_move_key() } else { 0 };
        if plies >= PLACEMENT_PLIES {
            key ^= movement_key();
        }
        key
    }

    /// Zobrist hash of the position: field contents, side to move and phase. The contents part is
    /// updated incrementally by make/unmake.
    #[inline]
    pub fn hash(&self) -> u64 {
        self.board.hash() ^ Dvonn::state_key(self.plies)
    }

    /// The same hash computed from nothing, to check the incremental one.
    pub fn hash_from_scratch(&self) -> u64 {
        self.board.hash_from_scratch() ^ Dvonn::state_key(self.plies)
    }

    /// Calls `visit(from, targets)` for every mobile stack of `colour` that can move, `targets`
    /// being the non-empty bitboard of its landing fields, in field order, until `visit` returns
    /// false.
    #[inline]
    pub fn for_each_mover(&self, colour: Colour, mut visit: impl FnMut(usize, u64) -> bool) {
        let occupied = self.board.occupied();
        let mut own = self.board.controlled_by(colour);
        while own != 0 {
            let f = own.trailing_zeros() as usize;
            own &= own - 1;
            let height = usize::from(self.board.cell(f).height);
            if height >= TARGETS[f].len() || !is_mobile(f, occupied) {
                continue;
            }
            let targets = TARGETS[f][height] & occupied;
            if targets != 0 && !visit(f, targets) {
                return;
            }
        }
    }

    /// Appends the stacking moves of `colour` to `list`, ordered by from-field, then to-field.
    #[inline]
    pub fn stacking_moves_into(&self, colour: Colour, list: &mut MoveList) {
        self.for_each_mover(colour, |from, mut targets| {
            while targets != 0 {
                let to = targets.trailing_zeros() as usize;
                targets &= targets - 1;
                list.push(Move::Stack { from: Field::from_index(from), to: Field::from_index(to) });
            }
            true
        });
    }

    /// How many stacking moves `colour` has (movement phase), without listing them.
    #[inline]
    pub fn count_stacking_moves(&self, colour: Colour) -> u32 {
        let mut count = 0;
        self.for_each_mover(colour, |_, targets| {
            count += targets.count_ones();
            true
        });
        count
    }

    #[inline]
    pub fn has_stacking_move(&self, colour: Colour) -> bool {
        let mut found = false;
        self.for_each_mover(colour, |_, _| {
            found = true;
            false
        });
        found
    }

    /// Whether the game has ended: the movement phase, and neither player has a stacking move.
    pub fn is_finished(&self) -> bool {
        !self.is_placement()
            && !self.has_stacking_move(Colour::White)
            && !self.has_stacking_move(Colour::Black)
    }

    /// Appends every legal move to `list`: the empty fields while placing (in field order); then
    /// the stacking moves, or `PASS` alone if there are none and the opponent has one; nothing once
    /// the game is over.
    pub fn moves_into(&self, list: &mut MoveList) {
        if self.is_placement() {
            list.extend(Fields(ALL_FIELDS & !self.board.occupied()).map(Move::Place));
            return;
        }
        let before = list.len();
        let mover = self.to_move();
        self.stacking_moves_into(mover, list);
        if list.len() == before && self.has_stacking_move(mover.other()) {
            list.push(Move::Pass);
        }
    }

    /// Every legal move (see [`Dvonn::moves_into`]).
    pub fn legal_moves(&self) -> MoveList {
        let mut list = MoveList::new();
        self.moves_into(&mut list);
        list
    }

    fn first_stacking_move(&self, colour: Colour) -> Option<Move> {
        let mut first = None;
        self.for_each_mover(colour, |from, targets| {
            let to = Field::from_index(targets.trailing_zeros() as usize);
            first = Some(Move::Stack { from: Field::from_index(from), to });
            false
        });
        first
    }

    /// Plays a legal move. Returns what [`Dvonn::unmake`] needs to take it back exactly.
    #[inline]
    pub fn make(&mut self, mv: Move) -> Undo {
        debug_assert!(self.check(mv).is_ok(), "illegal move {mv}: {:?}", self.check(mv));
        let undo = match mv {
            Move::Place(field) => {
                let piece = self.piece_to_place().expect("placement phase");
                self.board.place(field, piece);
                Undo::NONE
            }
            Move::Stack { from, to } => {
                let (target, removed) = self.board.move_stack(from, to);
                Undo { target, removed }
            }
            Move::Pass => Undo::NONE,
        };
        self.plies += 1;
        undo
    }

    /// Takes back `mv`, the last move made, given the [`Undo`] its make returned.
    #[inline]
    pub fn unmake(&mut self, mv: Move, undo: Undo) {
        debug_assert!(self.plies > 0);
        self.plies -= 1;
        match mv {
            Move::Place(field) => self.board.unplace(field),
            Move::Stack { from, to } => self.board.unmove_stack(from, to, undo.target, undo.removed),
            Move::Pass => {}
        }
    }

    /// The number of move sequences of length `depth`. Every legal move counts, `PASS` included;
    /// a finished game is one leaf at any remaining depth.
    pub fn perft(&self, depth: u32) -> u64 {
        self.clone().perft_in_place(depth)
    }

    fn perft_in_place(&mut self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        if self.is_placement() {
            let empty = ALL_FIELDS & !self.board.occupied();
            if depth == 1 {
                return u64::from(empty.count_ones());
            }
            return Fields(empty)
                .map(|field| {
                    let mv = Move::Place(field);
                    let undo = self.make(mv);
                    let count = self.perft_in_place(depth - 1);
                    self.unmake(mv, undo);
                    count
                })
                .sum();
        }
        let mover = self.to_move();
        if depth == 1 {
            // A pass and a finished game both count as one.
            return u64::from(self.count_stacking_moves(mover).max(1));
        }
        let mut list = MoveList::new();
        self.stacking_moves_into(mover, &mut list);
        if list.is_empty() {
            if !self.has_stacking_move(mover.other()) {
                return 1;
            }
            list.push(Move::Pass);
        }
        let mut total = 0;
        for &mv in &list {
            let undo = self.make(mv);
            total += self.perft_in_place(depth - 1);
            self.unmake(mv, undo);
        }
        total
    }

    /// The pieces in the stacks `colour` controls.
    pub fn count(&self, colour: Colour) -> u32 {
        self.board.count(colour)
    }

    /// The winner by count, `None` for a draw (meaningful once the game is over).
    pub fn leader(&self) -> Option<Colour> {
        let (white, black) = (self.count(Colour::White), self.count(Colour::Black));
        match white.cmp(&black) {
            std::cmp::Ordering::Greater => Some(Colour::White),
            std::cmp::Ordering::Less => Some(Colour::Black),
            std::cmp::Ordering::Equal => None,
        }
    }

    /// CodeCup points `[White, Black]` for the current counts: each its count, plus 90 for the
    /// leader or 45 each on a tie.
    pub fn scores(&self) -> [u32; 2] {
        let mut scores = [self.count(Colour::White), self.count(Colour::Black)];
        match self.leader() {
            Some(colour) => scores[colour.index()] += WIN_BONUS,
            None => scores.iter_mut().for_each(|s| *s += DRAW_BONUS),
        }
        scores
    }

    /// CodeCup points `[White, Black]` at the end of a game in which the colours flagged in
    /// `failed` failed (the jury played on for them): a failed colour gets 0, the other its count
    /// plus the winner's bonus (rules §6).
    pub fn irregular_scores(&self, failed: [bool; 2]) -> [u32; 2] {
        let mut scores = [0; 2];
        for colour in [Colour::White, Colour::Black] {
            if !failed[colour.index()] {
                scores[colour.index()] = self.count(colour) + WIN_BONUS;
            }
        }
        scores
    }
}

pub fn colour_of(seat: Seat) -> Colour {
    match seat {
        Seat::First => Colour::White,
        Seat::Second => Colour::Black,
    }
}

impl Game for Dvonn {
    type Move = Move;

    const NAME: &'static str = "dvonn";
    /// 5 s per player per game, counted while it is the player's turn (rules §8).
    const TIME_LIMIT: Duration = Duration::from_secs(5);

    fn from_setup(lines: &[String]) -> Result<Dvonn, String> {
        protocol::game::no_setup(lines)
    }

    /// White reads `Start`; a side left without a stacking move passes, so turns still alternate
    /// (rules §5.3).
    fn seat_to_move(&self) -> Seat {
        self.to_move().seat()
    }

    fn is_over(&self) -> bool {
        self.is_finished()
    }

    /// Checks a move against the position, with a message that says what is wrong.
    fn check(&self, mv: Move) -> Result<(), MoveError> {
        let illegal = |why: String| Err(MoveError::illegal(format!("{mv}: {why}")));
        if self.is_placement() {
            return match mv {
                Move::Place(field) if self.board.stack(field).is_some() => {
                    illegal(format!("{field} is not empty"))
                }
                Move::Place(_) => Ok(()),
                _ => illegal(format!("pieces are still being placed (ply {})", self.plies + 1)),
            };
        }
        let mover = self.to_move();
        match mv {
            Move::Place(_) => illegal("the board is full: stacks move now".to_string()),
            Move::Pass if self.is_finished() => illegal("the game is over".to_string()),
            Move::Pass => match self.first_stacking_move(mover) {
                Some(example) => {
                    illegal(format!("passing is not allowed while a stack can move (e.g. {example})"))
                }
                None => Ok(()),
            },
            Move::Stack { from, to } => {
                let Some(stack) = self.board.stack(from) else { return illegal(format!("{from} is empty")) };
                match stack.owner() {
                    None => return illegal(format!("{from} holds a lone Dvonn piece, which never moves")),
                    Some(owner) if owner != mover => {
                        return illegal(format!("{from} is controlled by {}", owner.name()))
                    }
                    Some(_) => {}
                }
                if !self.board.is_mobile(from) {
                    return illegal(format!("{from} is surrounded by six stacks and cannot move"));
                }
                if !from.in_line_with(to) {
                    return illegal(format!("{to} is not on a straight line from {from}"));
                }
                if from.distance(to) != u32::from(stack.height) {
                    return illegal(format!(
                        "{to} is {} steps from {from}, but the stack is {} high",
                        from.distance(to),
                        stack.height
                    ));
                }
                if self.board.stack(to).is_none() {
                    return illegal(format!("{to} is empty; a stack must land on a stack"));
                }
                Ok(())
            }
        }
    }

    fn apply(&mut self, mv: Move) {
        self.make(mv);
    }

    /// The hex board as in the rules (rows 5 down to 1, each shifted half a field), one cell per
    /// field: `.` empty, `D` a lone Dvonn piece, `w3`/`b3` a white/black top over 3 pieces, in
    /// capitals when the stack holds a Dvonn piece. Column letters are shown above row 5 and below
    /// row 1; a letter runs up and to the left from there.
    fn render(&self) -> String {
        // Field (x, y) starts at character 4x − 2y + 4 after a three-character row label, so the
        // leftmost field, A3, is at 3. Cells are at most 3 characters wide, 4 apart.
        let line = |label: &str, y: i32, cell: &dyn Fn(Field) -> String| {
            let mut line = label.to_string();
            for field in Field::all().filter(|f| f.y() == y) {
                let column = 3 + (4 * field.x() - 2 * y + 4) as usize;
                line.push_str(&" ".repeat(column - line.len()));
                line.push_str(&cell(field));
            }
            line
        };
        let letter = |field: Field| ((b'A' + field.x() as u8) as char).to_string();
        let stack = |field: Field| self.board.stack(field).map_or(".".to_string(), |s| s.to_string());
        let mut text = line("   ", 4, &letter);
        text.push('\n');
        for y in (0..5).rev() {
            text.push_str(&line(&format!("{}  ", y + 1), y, &stack));
            text.push('\n');
        }
        text.push_str(&line("   ", 0, &letter));
        text.push('\n');
        let phase = if self.is_placement() { "placement" } else { "movement" };
        let state = if self.is_finished() {
            "game over".to_string()
        } else {
            format!("{} to move", self.to_move().name())
        };
        text.push_str(&format!(
            "ply {} ({phase}), {state}, white {} black {}",
            self.plies,
            self.count(Colour::White),
            self.count(Colour::Black)
        ));
        text
    }
}

impl SearchGame for Dvonn {
    /// Placements in field order; then the stacking moves, or `PASS` alone (see [`Dvonn::moves_into`]).
    fn for_each_move<F: FnMut(Move) -> ControlFlow<()>>(&self, mut visit: F) -> ControlFlow<()> {
        for mv in self.legal_moves() {
            visit(mv)?;
        }
        ControlFlow::Continue(())
    }

    fn outcome(&self) -> Option<Outcome> {
        if !self.is_finished() {
            return None;
        }
        let me = self.to_move();
        Some(match self.count(me).cmp(&self.count(me.other())) {
            std::cmp::Ordering::Greater => Outcome::Win,
            std::cmp::Ordering::Equal => Outcome::Draw,
            std::cmp::Ordering::Less => Outcome::Loss,
        })
    }

    fn position_hash(&self) -> u64 {
        self.hash()
    }

    fn random_move(&self, rng: &mut Rng) -> Option<Move> {
        let moves = self.legal_moves();
        (!moves.is_empty()).then(|| moves[rng.below(moves.len())])
    }

    /// As `dvonn-perft.txt` counts: a finished game is one leaf at any remaining depth.
    fn perft(&self, depth: u32) -> u64 {
        Dvonn::perft(self, depth)
    }
}

/// The jury plays on for a failed program and scores the finished game (rules §6), as by default.
impl Contest for Dvonn {
    fn final_scores(&self) -> [u32; 2] {
        debug_assert!(self.is_finished(), "final_scores before the end");
        // White is the first seat, so colour order is seat order.
        self.scores()
    }

    /// The hex board as in the rules (row 5 on top, each row shifted half a field): a stack is a
    /// disc of its top piece's colour (red for a lone Dvonn piece) with its height, ringed in red
    /// when it carries a Dvonn piece.
    fn render_svg(&self) -> String {
        const STEP: i32 = 44;
        const RADIUS: i32 = 20;
        let centre = |field: Field| {
            (40 + (2 * field.x() - field.y()) * STEP / 2 + 2 * STEP, 36 + (4 - field.y()) * 38)
        };
        let mut svg = String::from(
            "<svg viewBox=\"0 0 620 240\" role=\"img\" aria-label=\"Dvonn board\" font-family=\"sans-serif\" font-size=\"13\">",
        );
        for field in Field::all() {
            let (x, y) = centre(field);
            svg.push_str(&format!(
                "<circle cx=\"{x}\" cy=\"{y}\" r=\"{RADIUS}\" fill=\"#f4ecd8\" stroke=\"#b9a97f\"/>"
            ));
            match self.board.stack(field) {
                None => svg.push_str(&format!(
                    "<text x=\"{x}\" y=\"{}\" text-anchor=\"middle\" fill=\"#b9a97f\" font-size=\"10\">{field}</text>",
                    y + 4
                )),
                Some(stack) => {
                    let (fill, ink) = match stack.top {
                        Piece::White => ("#fff", "#000"),
                        Piece::Black => ("#222", "#fff"),
                        Piece::Dvonn => ("#d33", "#fff"),
                    };
                    let ring = if stack.dvonn { "#d33\" stroke-width=\"4" } else { "#555" };
                    svg.push_str(&format!(
                        "<circle cx=\"{x}\" cy=\"{y}\" r=\"{}\" fill=\"{fill}\" stroke=\"{ring}\"/><text x=\"{x}\" y=\"{}\" text-anchor=\"middle\" fill=\"{ink}\">{}</text>",
                        RADIUS - 4,
                        y + 5,
                        stack.height
                    ));
                }
            }
        }
        let phase = if self.is_placement() { "placement" } else { "movement" };
        svg.push_str(&format!(
            "<text x=\"20\" y=\"230\">ply {} ({phase}), white {} black {}</text></svg>",
            self.plies,
            self.count(Colour::White),
            self.count(Colour::Black)
        ));
        svg
    }

    fn irregular_scores(&self, failed: [bool; 2]) -> [u32; 2] {
        // White is the first seat, so seat order is colour order.
        Dvonn::irregular_scores(self, failed)
    }
}
