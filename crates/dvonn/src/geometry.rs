//! The hexagonal board of 49 fields: coordinates, notation, neighbours and straight lines.
//!
//! A field is `(x, y)` with `x = letter − 'A'` (0..10) and `y = digit − '1'` (0..4), and it exists
//! iff `−2 ≤ x − y ≤ 8`. Fields are numbered row by row from row 1: `A1` = 0 … `I1` = 8,
//! `A2` = 9 … `J2` = 18, `A3` = 19 … `K3` = 29, `B4` = 30 … `K4` = 39, `C5` = 40 … `K5` = 48, and bit
//! `i` of a `u64` bitboard is field `i`. Everything the rules ask of the geometry (neighbours, the
//! field `d` steps away in a direction, the targets of a stack of height `h`) is a table built at
//! compile time.

use std::fmt;

use protocol::coords::{parse_letter_number, LetterNumber};

/// Fields on the board.
pub const FIELDS: usize = 49;
/// Bits 0..49: every field of the board.
pub const ALL_FIELDS: u64 = (1u64 << FIELDS) - 1;
/// The longest straight line has 11 fields, so no stack can move further than 10 steps; a stack
/// of height 11 or more is stuck for good.
pub const MAX_DISTANCE: usize = 10;

/// The six neighbour directions `(dx, dy)`, in the order they lie around a field: each one is a
/// neighbour of the next (cyclically). In the drawing (horizontal position `4x − 2y`) these are
/// east, north-east, north-west, west, south-west and south-east. `(+1, −1)` and `(−1, +1)` are not
/// neighbours.
pub const DIRECTIONS: [(i8, i8); 6] = [(1, 0), (1, 1), (0, 1), (-1, 0), (-1, -1), (0, -1)];

/// Marks "no field" in the tables below.
const NONE: u8 = u8::MAX;

/// The index of the first field of each row, and one past the last row.
const ROW_START: [u8; 6] = [0, 9, 19, 30, 40, 49];
/// The `x` of the first field of each row.
const ROW_FIRST_X: [i32; 5] = [0, 0, 0, 1, 2];

const fn index_of(x: i32, y: i32) -> u8 {
    if x < 0 || x > 10 || y < 0 || y > 4 || x - y < -2 || x - y > 8 {
        return NONE;
    }
    ROW_START[y as usize] + (x - ROW_FIRST_X[y as usize]) as u8
}

/// `(x, y)` of every field.
const COORDS: [(i8, i8); FIELDS] = {
    let mut table = [(0i8, 0i8); FIELDS];
    let mut y = 0;
    while y < 5 {
        let mut x = 0;
        while x <= 10 {
            let index = index_of(x, y);
            if index != NONE {
                table[index as usize] = (x as i8, y as i8);
            }
            x += 1;
        }
        y += 1;
    }
    table
};

/// `RAYS[f][dir][d]`: the field `d` steps from `f` in direction `dir` (`d` = 1..=10), or `NONE`.
/// Entry `d = 0` is `f` itself.
const RAYS: [[[u8; MAX_DISTANCE + 1]; 6]; FIELDS] = {
    let mut table = [[[NONE; MAX_DISTANCE + 1]; 6]; FIELDS];
    let mut f = 0;
    while f < FIELDS {
        let (x, y) = COORDS[f];
        let mut dir = 0;
        while dir < 6 {
            let (dx, dy) = DIRECTIONS[dir];
            let mut d = 0;
            while d <= MAX_DISTANCE {
                table[f][dir][d] = index_of(x as i32 + d as i32 * dx as i32, y as i32 + d as i32 * dy as i32);
                d += 1;
            }
            dir += 1;
        }
        f += 1;
    }
    table
};

/// `NEIGHBOURS[f]`: the neighbours of `f` as a bitboard.
pub(crate) const NEIGHBOURS: [u64; FIELDS] = {
    let mut table = [0u64; FIELDS];
    let mut f = 0;
    while f < FIELDS {
        let mut dir = 0;
        while dir < 6 {
            let n = RAYS[f][dir][1];
            if n != NONE {
                table[f] |= 1u64 << n;
            }
            dir += 1;
        }
        f += 1;
    }
    table
};

/// The 25 fields with six neighbours: the only ones that can ever be surrounded.
pub(crate) const INNER: u64 = {
    let mut mask = 0u64;
    let mut f = 0;
    while f < FIELDS {
        if NEIGHBOURS[f].count_ones() == 6 {
            mask |= 1u64 << f;
        }
        f += 1;
    }
    mask
};

/// `TARGETS[f][h]`: the fields exactly `h` steps from `f` along the six lines (`h` = 1..=10), i.e.
/// where a stack of height `h` on `f` could land. Entry 0 is empty.
pub(crate) const TARGETS: [[u64; MAX_DISTANCE + 1]; FIELDS] = {
    let mut table = [[0u64; MAX_DISTANCE + 1]; FIELDS];
    let mut f = 0;
    while f < FIELDS {
        let mut h = 1;
        while h <= MAX_DISTANCE {
            let mut dir = 0;
            while dir < 6 {
                let t = RAYS[f][dir][h];
                if t != NONE {
                    table[f][h] |= 1u64 << t;
                }
                dir += 1;
            }
            h += 1;
        }
        f += 1;
    }
    table
};

/// `RING[f]`: for each direction in [`DIRECTIONS`] order, the bit of that neighbour of `f`, or 0
/// where it is off the board. Used to read the occupied neighbours as a 6-bit ring pattern.
pub(crate) const RING: [[u64; 6]; FIELDS] = {
    let mut table = [[0u64; 6]; FIELDS];
    let mut f = 0;
    while f < FIELDS {
        let mut dir = 0;
        while dir < 6 {
            let n = RAYS[f][dir][1];
            if n != NONE {
                table[f][dir] = 1u64 << n;
            }
            dir += 1;
        }
        f += 1;
    }
    table
};

/// `ARCS[pattern]`: how many separate arcs of set bits the cyclic 6-bit `pattern` has. If the
/// occupied neighbours of a vacated field form at most one arc, they are still connected to each
/// other around it, so vacating it cannot cut anything off.
pub(crate) const ARCS: [u8; 64] = {
    let mut table = [0u8; 64];
    let mut p = 0;
    while p < 64 {
        let rotated = ((p << 1) | (p >> 5)) & 63;
        // An arc starts at each set bit whose predecessor in the ring is clear.
        table[p] = (p & !rotated).count_ones() as u8;
        p += 1;
    }
    table
};

/// Iterates over the fields of a bitboard in index order.
#[derive(Clone, Copy, Debug)]
pub struct Fields(pub u64);

impl Iterator for Fields {
    type Item = Field;

    #[inline]
    fn next(&mut self) -> Option<Field> {
        if self.0 == 0 {
            return None;
        }
        let index = self.0.trailing_zeros() as u8;
        self.0 &= self.0 - 1;
        Some(Field(index))
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count_ones() as usize;
        (n, Some(n))
    }
}

/// One field, `0..49`. Its `Debug` form is its name, so that moves print readably.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Field(u8);

impl Field {
    pub fn from_index(index: usize) -> Field {
        debug_assert!(index < FIELDS, "field index {index}");
        Field(index as u8)
    }

    /// The field at `(x, y)`, if it is on the board.
    pub fn from_xy(x: i32, y: i32) -> Option<Field> {
        let index = index_of(x, y);
        (index != NONE).then_some(Field(index))
    }

    /// Every field, in index order.
    pub fn all() -> Fields {
        Fields(ALL_FIELDS)
    }

    #[inline]
    pub fn index(self) -> usize {
        usize::from(self.0)
    }

    #[inline]
    pub fn bit(self) -> u64 {
        1u64 << self.0
    }

    /// Column, 0 for `A` … 10 for `K`.
    pub fn x(self) -> i32 {
        i32::from(COORDS[self.index()].0)
    }

    /// Row, 0 for `1` … 4 for `5`.
    pub fn y(self) -> i32 {
        i32::from(COORDS[self.index()].1)
    }

    /// The neighbours as a bitboard.
    #[inline]
    pub fn neighbours(self) -> u64 {
        NEIGHBOURS[self.index()]
    }

    /// 6 inside, 3 or 4 on the border.
    pub fn degree(self) -> u32 {
        self.neighbours().count_ones()
    }

    pub fn is_border(self) -> bool {
        INNER & self.bit() == 0
    }

    /// The field `distance` steps away in direction `dir` (an index into [`DIRECTIONS`]).
    #[inline]
    pub fn at_distance(self, dir: usize, distance: usize) -> Option<Field> {
        debug_assert!(dir < 6);
        let target = *RAYS[self.index()].get(dir)?.get(distance)?;
        (target != NONE).then_some(Field(target))
    }

    pub fn neighbour(self, dir: usize) -> Option<Field> {
        self.at_distance(dir, 1)
    }

    /// Where a stack of `height` on this field may land if those fields hold stacks.
    #[inline]
    pub fn targets(self, height: usize) -> u64 {
        if height <= MAX_DISTANCE {
            TARGETS[self.index()][height]
        } else {
            0
        }
    }

    /// `max(|dx|, |dy|, |dx − dy|)`: the number of steps between two fields.
    pub fn distance(self, other: Field) -> u32 {
        let (dx, dy) = (other.x() - self.x(), other.y() - self.y());
        dx.unsigned_abs().max(dy.unsigned_abs()).max((dx - dy).unsigned_abs())
    }

    /// Whether the two fields lie on one of the three lines through each other (and differ).
    pub fn in_line_with(self, other: Field) -> bool {
        let (dx, dy) = (other.x() - self.x(), other.y() - self.y());
        self != other && (dx == 0 || dy == 0 || dx == dy)
    }

    /// Parses `E3`: an upper-case column `A`–`K`, then a row digit `1`–`5`, on the board.
    pub fn parse(text: &str) -> Result<Field, String> {
        let (column, row) = parse_letter_number(text, 11, 5)?;
        Field::from_xy(column as i32, row as i32).ok_or_else(|| {
            format!("'{text}' is not on the board (rows run A1-I1, A2-J2, A3-K3, B4-K4, C5-K5)")
        })
    }
}

impl fmt::Debug for Field {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

impl fmt::Display for Field {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        LetterNumber { column: self.x() as usize, row: self.y() as usize }.fmt(f)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn indices_follow_the_rows() {
        let names = [("A1", 0), ("I1", 8), ("A2", 9), ("J2", 18), ("A3", 19), ("K3", 29)];
        let more = [("B4", 30), ("K4", 39), ("C5", 40), ("K5", 48)];
        for (name, index) in names.into_iter().chain(more) {
            let field = Field::parse(name).unwrap();
            assert_eq!(field.index(), index, "{name}");
            assert_eq!(field.to_string(), name);
        }
        for field in Field::all() {
            assert_eq!(Field::parse(&field.to_string()), Ok(field));
            assert_eq!(Field::from_xy(field.x(), field.y()), Some(field));
        }
        assert_eq!(Field::all().count(), FIELDS);
    }

    #[test]
    fn tables_agree_with_coordinates() {
        for a in Field::all() {
            for b in Field::all() {
                let adjacent = a.neighbours() & b.bit() != 0;
                assert_eq!(adjacent, a.distance(b) == 1 && a.in_line_with(b), "{a} {b}");
                assert_eq!(adjacent, b.neighbours() & a.bit() != 0, "symmetry {a} {b}");
                let d = a.distance(b) as usize;
                let is_target = (1..=MAX_DISTANCE).any(|h| a.targets(h) & b.bit() != 0);
                assert_eq!(is_target, a.in_line_with(b), "{a} {b}");
                if a.in_line_with(b) {
                    assert!(a.targets(d) & b.bit() != 0, "{a} {b}");
                }
            }
            for dir in 0..6 {
                // Consecutive directions are neighbours of each other: the ring order.
                let (dx, dy) = DIRECTIONS[dir];
                let (ex, ey) = DIRECTIONS[(dir + 1) % 6];
                let (ddx, ddy) = (ex - dx, ey - dy);
                assert!(DIRECTIONS.contains(&(ddx, ddy)), "{dir}");
                for d in 1..=MAX_DISTANCE {
                    let expected =
                        Field::from_xy(a.x() + d as i32 * i32::from(dx), a.y() + d as i32 * i32::from(dy));
                    assert_eq!(a.at_distance(dir, d), expected);
                }
            }
        }
        assert_eq!(ARCS[0], 0);
        assert_eq!(ARCS[0b111111], 0);
        assert_eq!(ARCS[0b100001], 1);
        assert_eq!(ARCS[0b010101], 3);
        assert_eq!(ARCS[0b011011], 2);
    }
}
