//! The position, the three kinds of move (rules §3), their legality, generation, the end and
//! CodeCup scoring (rules §4–5).

use std::fmt;
use std::ops::ControlFlow;
use std::str::FromStr;
use std::time::Duration;

use arrayvec::ArrayVec;
pub use protocol::Colour;
use protocol::{Contest, Game, MoveError, Outcome, Rng, SearchGame, Seat};

use crate::board::{Bits, Point, POINTS, SIZE};

/// The most groups one colour can have: 113 stones fit on the grid without touching.
pub const MAX_GROUPS: usize = 128;

/// A group set: bit `i` for the `i`-th pre-turn group of a [`Turn`].
pub type GroupSet = u128;

/// Points lost per group at the end (rules §4).
pub const GROUP_PENALTY: i32 = 6;
/// The bonus of the higher score (rules §5).
pub const WIN_BONUS: u32 = 100;

/// A move: the stones it places. Which kind it is follows from the position (rules §3.4).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Move {
    pub stones: Bits,
}

impl Move {
    pub fn single(point: Point) -> Move {
        Move { stones: point.bit() }
    }
}

/// Reads points joined by `-` (`F7-G7`), each once, without checking that the move is legal now.
impl FromStr for Move {
    type Err = String;

    fn from_str(text: &str) -> Result<Move, String> {
        let mut stones = Bits::EMPTY;
        for part in text.split('-') {
            let point = Point::parse(part)?;
            if stones.contains(point) {
                return Err(format!("{point} is listed twice"));
            }
            stones.insert(point);
        }
        Ok(Move { stones })
    }
}

/// The stones by point, joined by `-`. The notation of a special move lists its lone stone last,
/// which depends on the position: [`Game::format_move`] writes that.
impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, point) in self.stones.points().enumerate() {
            if i > 0 {
                f.write_str("-")?;
            }
            write!(f, "{point}")?;
        }
        Ok(())
    }
}

/// What a legal move is (rules §3).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    Exploration,
    Expansion,
    /// Black's expansion followed by the exploration stone `explore` (rules §3.3).
    Special {
        explore: Point,
    },
}

/// Zobrist keys: one per bit and colour, and two for the side to move and the expansion flag.
const KEYS: [[u64; 256]; 2] = protocol::zobrist::keys_per_colour(0x5379_6d70_6c65_2013);
const BLACK_TO_MOVE_KEY: u64 = 0x6a09_e667_f3bc_c909;
const EXPANDED_KEY: u64 = 0xbb67_ae85_84ca_a73b;

/// A Symple position: the stones, the side to move, and whether anyone has expanded (which ends
/// Black's special move).
#[derive(Clone, PartialEq, Eq)]
pub struct Symple {
    stones: [Bits; 2],
    to_move: Colour,
    expanded: bool,
    plies: u32,
    hash: u64,
}

impl Default for Symple {
    fn default() -> Symple {
        Symple::new()
    }
}

impl fmt::Debug for Symple {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.render())
    }
}

/// The groups of one colour, each a set of stones.
pub fn groups(stones: Bits) -> impl Iterator<Item = Bits> {
    let mut left = stones;
    std::iter::from_fn(move || {
        let seed = left.first()?;
        let group = seed.bit().flood(left);
        left &= !group;
        Some(group)
    })
}

/// The pre-turn groups of the side to move, their liberties, and for each vacant point the groups
/// it touches (`A(p)` of rules §3): everything the legality of a move depends on.
pub struct Turn {
    pub groups: ArrayVec<Bits, MAX_GROUPS>,
    pub liberties: ArrayVec<Bits, MAX_GROUPS>,
    /// `A(p)` by dense point index; 0 off the liberties.
    touching: [GroupSet; POINTS],
    /// Vacant points next to some own group: where an expansion may place stones.
    pub all_liberties: Bits,
    /// Vacant points next to no own stone: the explorations.
    pub explorations: Bits,
    /// Whether this turn may be Black's special move.
    pub special: bool,
}

impl Turn {
    pub fn new(game: &Symple) -> Turn {
        let own = game.stones[game.to_move.index()];
        let empty = game.empty();
        let mut turn = Turn {
            groups: ArrayVec::new(),
            liberties: ArrayVec::new(),
            touching: [0; POINTS],
            all_liberties: Bits::EMPTY,
            explorations: empty & !own.neighbours(),
            special: game.special_available(),
        };
        for (i, group) in groups(own).enumerate() {
            let liberties = group.neighbours() & empty;
            for point in liberties.points() {
                turn.touching[point.index()] |= 1 << i;
            }
            turn.all_liberties |= liberties;
            turn.groups.push(group);
            turn.liberties.push(liberties);
        }
        turn
    }

    /// `A(p)`: the pre-turn groups next to `point`.
    #[inline]
    pub fn touching(&self, point: Point) -> GroupSet {
        self.touching[point.index()]
    }

    /// The groups `stones` grow, or why they are not an expansion: every stone must grow a group,
    /// no group may grow twice, and afterwards no vacant point may still grow an ungrown group
    /// (rules §3.2).
    pub fn check_expansion(&self, stones: Bits) -> Result<GroupSet, MoveError> {
        if stones.is_empty() {
            return Err(MoveError::illegal("an expansion places at least one stone"));
        }
        let mut grown: GroupSet = 0;
        for point in stones.points() {
            let groups = self.touching(point);
            if groups == 0 {
                return Err(MoveError::illegal(format!("{point} grows none of the mover's groups")));
            }
            if groups & grown != 0 {
                return Err(MoveError::illegal(format!("{point} grows a group that another stone grows")));
            }
            grown |= groups;
        }
        if let Some(point) = (self.all_liberties & !stones).points().find(|&p| self.touching(p) & grown == 0)
        {
            return Err(MoveError::illegal(format!("not maximal: {point} could still grow a group")));
        }
        Ok(grown)
    }

    /// Calls `visit` with every maximal expansion, each once: group by group in order, either a
    /// liberty that grows it (and no group passed over), or none, when the end shows that each
    /// of its liberties touches a grown group.
    pub fn for_each_expansion<F: FnMut(Bits) -> ControlFlow<()>>(&self, visit: &mut F) -> ControlFlow<()> {
        self.expand_from(0, 0, 0, Bits::EMPTY, visit)
    }

    fn expand_from<F: FnMut(Bits) -> ControlFlow<()>>(
        &self,
        group: usize,
        grown: GroupSet,
        passed: GroupSet,
        stones: Bits,
        visit: &mut F,
    ) -> ControlFlow<()> {
        if group == self.groups.len() {
            if stones.is_empty() {
                return ControlFlow::Continue(());
            }
            let blocked = |j: usize| self.liberties[j].points().all(|p| self.touching(p) & grown != 0);
            if (0..self.groups.len()).filter(|&j| passed >> j & 1 != 0).all(blocked) {
                return visit(stones);
            }
            return ControlFlow::Continue(());
        }
        if grown >> group & 1 != 0 {
            return self.expand_from(group + 1, grown, passed, stones, visit);
        }
        for point in self.liberties[group].points() {
            let groups = self.touching(point);
            if groups & (grown | passed) == 0 {
                let mut with = stones;
                with.insert(point);
                self.expand_from(group + 1, grown | groups, passed, with, visit)?;
            }
        }
        self.expand_from(group + 1, grown, passed | 1 << group, stones, visit)
    }

    /// A maximal expansion built group by group in `order`, each ungrown group taking the
    /// liberty `pick` chooses among those that grow no grown group (none left: it stays ungrown,
    /// which maximality allows). Empty when no group has a liberty.
    pub fn build_expansion(
        &self,
        order: &[u8],
        mut pick: impl FnMut(usize, Bits, GroupSet) -> Option<Point>,
    ) -> Bits {
        let mut grown: GroupSet = 0;
        let mut stones = Bits::EMPTY;
        for &group in order {
            let group = usize::from(group);
            if grown >> group & 1 != 0 {
                continue;
            }
            let mut open = Bits::EMPTY;
            for point in self.liberties[group].points() {
                if self.touching(point) & grown == 0 {
                    open.insert(point);
                }
            }
            if open.is_empty() {
                continue;
            }
            if let Some(point) = pick(group, open, grown) {
                debug_assert!(open.contains(point));
                grown |= self.touching(point);
                stones.insert(point);
            }
        }
        debug_assert!(stones.is_empty() || self.check_expansion(stones).is_ok());
        stones
    }

    /// A random maximal expansion: groups in random order, each a random open liberty.
    pub fn random_expansion(&self, rng: &mut Rng) -> Bits {
        let mut order: ArrayVec<u8, MAX_GROUPS> = (0..self.groups.len() as u8).collect();
        rng.shuffle(&mut order);
        self.build_expansion(&order, |_, open, _| open.nth(rng.below(open.count() as usize) as u32))
    }
}

impl Symple {
    /// The empty board, White to move.
    pub fn new() -> Symple {
        Symple { stones: [Bits::EMPTY; 2], to_move: Colour::White, expanded: false, plies: 0, hash: 0 }
    }

    /// A position with the given stones (points as `A1`..`O15`), side to move and expansion flag,
    /// for tests and tools; its ply count starts at 0.
    pub fn from_stones(
        white: &[&str],
        black: &[&str],
        to_move: Colour,
        expanded: bool,
    ) -> Result<Symple, String> {
        let mut game = Symple::new();
        for (colour, points) in [white, black].into_iter().enumerate() {
            for text in points {
                let point = Point::parse(text)?;
                if game.stones[0].contains(point) || game.stones[1].contains(point) {
                    return Err(format!("{point} is listed twice"));
                }
                game.stones[colour].insert(point);
                game.hash ^= KEYS[colour][point_bit(point)];
            }
        }
        if to_move == Colour::Black {
            game.to_move = Colour::Black;
            game.hash ^= BLACK_TO_MOVE_KEY;
        }
        if expanded {
            game.expanded = true;
            game.hash ^= EXPANDED_KEY;
        }
        Ok(game)
    }

    pub fn to_move(&self) -> Colour {
        self.to_move
    }

    pub fn plies(&self) -> u32 {
        self.plies
    }

    pub fn stones(&self, colour: Colour) -> Bits {
        self.stones[colour.index()]
    }

    pub fn empty(&self) -> Bits {
        !(self.stones[0] | self.stones[1])
    }

    /// Whether anyone has expanded (Black's special move included).
    pub fn expanded(&self) -> bool {
        self.expanded
    }

    /// Whether Black's special move is open this turn: Black to move and nobody expanded yet.
    pub fn special_available(&self) -> bool {
        self.to_move == Colour::Black && !self.expanded
    }

    pub fn hash(&self) -> u64 {
        self.hash
    }

    /// What `mv` is for the side to move, or why it is not legal, straight from rules §3.
    pub fn kind_of(&self, mv: Move) -> Result<Kind, MoveError> {
        self.check_with(&Turn::new(self), mv)
    }

    /// [`Symple::kind_of`] with the turn's groups already at hand.
    pub fn check_with(&self, turn: &Turn, mv: Move) -> Result<Kind, MoveError> {
        let stones = mv.stones;
        if stones.is_empty() {
            return Err(MoveError::syntax("a move places at least one stone"));
        }
        if let Some(point) = (stones & !self.empty()).first() {
            return Err(MoveError::illegal(format!("{point} is not empty")));
        }
        let mut fresh = Bits::EMPTY;
        for point in stones.points() {
            if turn.touching(point) == 0 {
                fresh.insert(point);
            }
        }
        if fresh == stones {
            return match stones.count() {
                1 if !(turn.explorations & stones).is_empty() => Ok(Kind::Exploration),
                _ => Err(MoveError::illegal("stones that grow no group: only one, as an exploration")),
            };
        }
        match fresh.count() {
            0 => turn.check_expansion(stones).map(|_| Kind::Expansion),
            1 => {
                let explore = fresh.first().expect("one stone");
                if !turn.special {
                    return Err(MoveError::illegal(format!(
                        "{explore} grows no group (an expansion followed by an exploration is Black's, once, before anyone expands)"
                    )));
                }
                let expansion = stones & !fresh;
                turn.check_expansion(expansion)?;
                if expansion.neighbours().contains(explore) {
                    return Err(MoveError::illegal(format!(
                        "{explore} touches a stone of the expansion, so it explores nothing"
                    )));
                }
                Ok(Kind::Special { explore })
            }
            _ => Err(MoveError::illegal("more than one stone grows no group")),
        }
    }

    /// Calls `visit` with every legal move: the explorations in point order, the expansions, then
    /// Black's special moves. The number of expansions grows exponentially with the groups, so
    /// only small positions (tests) should be walked to the end.
    pub fn for_each_legal<F: FnMut(Move) -> ControlFlow<()>>(&self, mut visit: F) -> ControlFlow<()> {
        if self.is_full() {
            return ControlFlow::Continue(());
        }
        let turn = Turn::new(self);
        for point in turn.explorations.points() {
            visit(Move::single(point))?;
        }
        turn.for_each_expansion(&mut |stones| visit(Move { stones }))?;
        if turn.special {
            turn.for_each_expansion(&mut |stones| {
                for explore in (turn.explorations & !(stones | stones.neighbours())).points() {
                    let mut with = stones;
                    with.insert(explore);
                    visit(Move { stones: with })?;
                }
                ControlFlow::Continue(())
            })?;
        }
        ControlFlow::Continue(())
    }

    /// The numbers of legal explorations, expansions and special moves (by enumeration).
    pub fn count_legal(&self) -> [usize; 3] {
        let mut counts = [0; 3];
        if self.is_full() {
            return counts;
        }
        let turn = Turn::new(self);
        counts[0] = turn.explorations.count() as usize;
        let _ = turn.for_each_expansion(&mut |stones| {
            counts[1] += 1;
            if turn.special {
                counts[2] += (turn.explorations & !(stones | stones.neighbours())).count() as usize;
            }
            ControlFlow::Continue(())
        });
        counts
    }

    pub fn is_full(&self) -> bool {
        self.empty().is_empty()
    }

    /// Raw scores, White first: stones minus 6 per group (rules §4).
    pub fn raw_scores(&self) -> [i32; 2] {
        self.stones.map(|stones| stones.count() as i32 - GROUP_PENALTY * groups(stones).count() as i32)
    }

    /// CodeCup points, White first: the raw score floored at 0, and 100 more for the higher one.
    pub fn points(&self) -> [u32; 2] {
        let floored = self.raw_scores().map(|score| score.max(0) as u32);
        let mut points = floored;
        if floored[0] != floored[1] {
            let higher = usize::from(floored[1] > floored[0]);
            points[higher] += WIN_BONUS;
        }
        points
    }

    fn point_char(&self, point: Point) -> char {
        if self.stones[0].contains(point) {
            'O'
        } else if self.stones[1].contains(point) {
            'X'
        } else {
            '.'
        }
    }
}

fn point_bit(point: Point) -> usize {
    point.row() * 16 + point.col()
}

impl Game for Symple {
    type Move = Move;

    const NAME: &'static str = "symple";
    /// 30 s per player per game, counted while it is the player's turn (rules §7).
    const TIME_LIMIT: Duration = Duration::from_secs(30);

    fn from_setup(lines: &[String]) -> Result<Symple, String> {
        protocol::game::no_setup(lines)
    }

    /// White reads `Start`; the colours alternate, Black's special move included (rules §6).
    fn seat_to_move(&self) -> Seat {
        self.to_move.seat()
    }

    fn is_over(&self) -> bool {
        self.is_full()
    }

    /// Legal when the board is not full and the move is of a kind (see [`Symple::kind_of`]).
    fn check(&self, mv: Move) -> Result<(), MoveError> {
        if self.is_full() {
            return Err(MoveError::illegal("the board is full"));
        }
        self.kind_of(mv).map(drop)
    }

    /// The stones of a legal move in the notation's order: the expansion's stones by point, the
    /// exploration stone of a special move last (a plain `Display` cannot know which that is).
    fn format_move(&self, mv: Move) -> String {
        let own = self.stones[self.to_move.index()];
        let lone = |p: Point| (own.neighbours() & p.bit()).is_empty();
        let mut points: Vec<Point> = mv.stones.points().collect();
        if points.len() > 1 {
            points.sort_by_key(|&p| lone(p));
        }
        points.iter().map(|p| p.to_string()).collect::<Vec<_>>().join("-")
    }

    /// Plays a legal move.
    fn apply(&mut self, mv: Move) {
        debug_assert!(self.check(mv).is_ok(), "illegal {mv:?} in\n{}", self.render());
        let colour = self.to_move.index();
        let own = self.stones[colour];
        let exploration = mv.stones.count() == 1 && (own.neighbours() & mv.stones).is_empty();
        if !exploration && !self.expanded {
            self.expanded = true;
            self.hash ^= EXPANDED_KEY;
        }
        for point in mv.stones.points() {
            self.hash ^= KEYS[colour][point_bit(point)];
        }
        self.stones[colour] |= mv.stones;
        self.to_move = self.to_move.other();
        self.hash ^= BLACK_TO_MOVE_KEY;
        self.plies += 1;
    }

    /// The grid, row 15 on top, White `O`, Black `X`.
    fn render(&self) -> String {
        let mut text = String::new();
        for row in (0..SIZE).rev() {
            text.push_str(&format!("{:>2} ", row + 1));
            for col in 0..SIZE {
                text.push(self.point_char(Point::at(col, row)));
                text.push(' ');
            }
            text.push('\n');
        }
        text.push_str("   A B C D E F G H I J K L M N O\n");
        let raw = self.raw_scores();
        text.push_str(&format!(
            "{:?} to move, ply {}, {}; raw scores White {} Black {}",
            self.to_move,
            self.plies,
            if self.expanded { "expanded" } else { "nobody expanded yet" },
            raw[0],
            raw[1]
        ));
        text
    }
}

impl SearchGame for Symple {
    fn for_each_move<F: FnMut(Move) -> ControlFlow<()>>(&self, visit: F) -> ControlFlow<()> {
        self.for_each_legal(visit)
    }

    fn outcome(&self) -> Option<Outcome> {
        if !self.is_full() {
            return None;
        }
        let points = self.points();
        let (own, theirs) = (points[self.to_move.index()], points[self.to_move.other().index()]);
        Some(match own.cmp(&theirs) {
            std::cmp::Ordering::Greater => Outcome::Win,
            std::cmp::Ordering::Equal => Outcome::Draw,
            std::cmp::Ordering::Less => Outcome::Loss,
        })
    }

    fn position_hash(&self) -> u64 {
        self.hash
    }

    /// Not uniform over the legal moves (expansions outnumber everything else exponentially): a
    /// kind first, uniformly among those possible (exploration, expansion, special), then a
    /// random exploration point or a random maximal expansion.
    fn random_move(&self, rng: &mut Rng) -> Option<Move> {
        if self.is_full() {
            return None;
        }
        let turn = Turn::new(self);
        let mut kinds: ArrayVec<u8, 3> = ArrayVec::new();
        if !turn.explorations.is_empty() {
            kinds.push(0);
        }
        if !turn.all_liberties.is_empty() {
            kinds.push(1);
            if turn.special {
                kinds.push(2);
            }
        }
        let kind = kinds[rng.below(kinds.len())];
        if kind == 0 {
            return turn
                .explorations
                .nth(rng.below(turn.explorations.count() as usize) as u32)
                .map(Move::single);
        }
        let mut stones = turn.random_expansion(rng);
        let spots = turn.explorations & !(stones | stones.neighbours());
        if kind == 2 && !spots.is_empty() {
            stones.insert(spots.nth(rng.below(spots.count() as usize) as u32).expect("a spot"));
        }
        Some(Move { stones })
    }
}

impl Contest for Symple {
    /// The jury played a failed program's first legal move every turn to the end (rules §5).
    const PLAYS_ON_AFTER_FAILURE: bool = true;

    fn final_scores(&self) -> [u32; 2] {
        debug_assert!(self.is_over(), "final_scores before the end");
        self.points()
    }

    fn render_svg(&self) -> String {
        const STEP: usize = 24;
        const LEFT: usize = 30;
        const TOP: usize = 16;
        let mut svg = String::from(
            "<svg viewBox=\"0 0 400 420\" role=\"img\" aria-label=\"Symple board\" font-family=\"sans-serif\" font-size=\"11\">",
        );
        for i in 0..SIZE {
            let (a, b) = (LEFT + i * STEP, TOP + i * STEP);
            let end = STEP * (SIZE - 1);
            svg.push_str(&format!(
                "<line x1=\"{a}\" y1=\"{TOP}\" x2=\"{a}\" y2=\"{}\" stroke=\"#999\"/><line x1=\"{LEFT}\" y1=\"{b}\" x2=\"{}\" y2=\"{b}\" stroke=\"#999\"/>",
                TOP + end,
                LEFT + end
            ));
            svg.push_str(&format!("<text x=\"4\" y=\"{}\">{}</text>", b + 4, SIZE - i));
            svg.push_str(&format!(
                "<text x=\"{}\" y=\"{}\">{}</text>",
                a - 4,
                TOP + end + 18,
                (b'A' + i as u8) as char
            ));
        }
        for point in Point::all() {
            let fill = match self.point_char(point) {
                'O' => "#fff",
                'X' => "#222",
                _ => continue,
            };
            let (x, y) = (LEFT + point.col() * STEP, TOP + (SIZE - 1 - point.row()) * STEP);
            svg.push_str(&format!(
                "<circle cx=\"{x}\" cy=\"{y}\" r=\"10\" fill=\"{fill}\" stroke=\"#555\"/>"
            ));
        }
        let raw = self.raw_scores();
        svg.push_str(&format!(
            "<text x=\"20\" y=\"412\" font-size=\"13\">ply {}, {:?} to move, raw White {} Black {}</text></svg>",
            self.plies, self.to_move, raw[0], raw[1]
        ));
        svg
    }
}
