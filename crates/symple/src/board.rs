//! The 15×15 grid as 256-bit sets: points, their notation (`A1`..`O15`), orthogonal
//! neighbourhoods by shifts and flood fills (rules §2).

use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, Not};

/// Points per side.
pub const SIZE: usize = 15;
/// Points on the board.
pub const POINTS: usize = SIZE * SIZE;
/// Bits per row: one spare column keeps sideways shifts from wrapping into the next row.
const STRIDE: usize = 16;

/// A set of points, bit `16 · row + col` (column 15 of each row is always clear).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Bits([u64; 4]);

/// Every point of the board.
pub const ALL: Bits = {
    let mut words = [0u64; 4];
    let mut row = 0;
    while row < SIZE {
        let mut col = 0;
        while col < SIZE {
            let bit = row * STRIDE + col;
            words[bit / 64] |= 1 << (bit % 64);
            col += 1;
        }
        row += 1;
    }
    Bits(words)
};

impl Bits {
    pub const EMPTY: Bits = Bits([0; 4]);

    /// The set with these four words (bit `16 · row + col`; column 15 must be clear).
    pub const fn from_words(words: [u64; 4]) -> Bits {
        Bits(words)
    }

    #[inline]
    pub fn is_empty(self) -> bool {
        (self.0[0] | self.0[1] | self.0[2] | self.0[3]) == 0
    }

    #[inline]
    pub fn count(self) -> u32 {
        self.0.iter().map(|w| w.count_ones()).sum()
    }

    #[inline]
    pub fn contains(self, point: Point) -> bool {
        self.0[point.0 as usize / 64] >> (point.0 % 64) & 1 != 0
    }

    #[inline]
    pub fn insert(&mut self, point: Point) {
        self.0[point.0 as usize / 64] |= 1 << (point.0 % 64);
    }

    #[inline]
    pub fn remove(&mut self, point: Point) {
        self.0[point.0 as usize / 64] &= !(1 << (point.0 % 64));
    }

    /// The lowest point of the set, if any.
    #[inline]
    pub fn first(self) -> Option<Point> {
        for (i, &word) in self.0.iter().enumerate() {
            if word != 0 {
                return Some(Point((i * 64) as u8 + word.trailing_zeros() as u8));
            }
        }
        None
    }

    /// The `n`-th point of the set in index order (`n < count`).
    pub fn nth(self, mut n: u32) -> Option<Point> {
        for (i, &word) in self.0.iter().enumerate() {
            let ones = word.count_ones();
            if n < ones {
                let mut word = word;
                for _ in 0..n {
                    word &= word - 1;
                }
                return Some(Point((i * 64) as u8 + word.trailing_zeros() as u8));
            }
            n -= ones;
        }
        None
    }

    #[inline]
    fn shift_up(self, n: u32) -> Bits {
        let w = self.0;
        Bits([
            w[0] << n,
            (w[1] << n) | (w[0] >> (64 - n)),
            (w[2] << n) | (w[1] >> (64 - n)),
            (w[3] << n) | (w[2] >> (64 - n)),
        ])
    }

    #[inline]
    fn shift_down(self, n: u32) -> Bits {
        let w = self.0;
        Bits([
            (w[0] >> n) | (w[1] << (64 - n)),
            (w[1] >> n) | (w[2] << (64 - n)),
            (w[2] >> n) | (w[3] << (64 - n)),
            w[3] >> n,
        ])
    }

    /// The points orthogonally next to some point of the set (its own points only when they are
    /// next to another one).
    #[inline]
    pub fn neighbours(self) -> Bits {
        (self.shift_up(1)
            | self.shift_down(1)
            | self.shift_up(STRIDE as u32)
            | self.shift_down(STRIDE as u32))
            & ALL
    }

    /// The points of `within` connected to the set (which should lie in `within`) through `within`.
    #[inline]
    pub fn flood(self, within: Bits) -> Bits {
        let mut region = self & within;
        loop {
            let grown = (region | region.neighbours()) & within;
            if grown == region {
                return region;
            }
            region = grown;
        }
    }

    pub fn points(self) -> Points {
        Points(self)
    }
}

impl BitAnd for Bits {
    type Output = Bits;
    #[inline]
    fn bitand(self, o: Bits) -> Bits {
        Bits([self.0[0] & o.0[0], self.0[1] & o.0[1], self.0[2] & o.0[2], self.0[3] & o.0[3]])
    }
}

impl BitOr for Bits {
    type Output = Bits;
    #[inline]
    fn bitor(self, o: Bits) -> Bits {
        Bits([self.0[0] | o.0[0], self.0[1] | o.0[1], self.0[2] | o.0[2], self.0[3] | o.0[3]])
    }
}

impl BitAndAssign for Bits {
    #[inline]
    fn bitand_assign(&mut self, o: Bits) {
        *self = *self & o;
    }
}

impl BitOrAssign for Bits {
    #[inline]
    fn bitor_assign(&mut self, o: Bits) {
        *self = *self | o;
    }
}

/// The complement within the board.
impl Not for Bits {
    type Output = Bits;
    #[inline]
    fn not(self) -> Bits {
        Bits([!self.0[0], !self.0[1], !self.0[2], !self.0[3]]) & ALL
    }
}

/// The points of a set, lowest first.
#[derive(Clone, Copy)]
pub struct Points(pub Bits);

impl Iterator for Points {
    type Item = Point;
    #[inline]
    fn next(&mut self) -> Option<Point> {
        let point = self.0.first()?;
        self.0.remove(point);
        Some(point)
    }
}

/// One intersection of the grid.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Point(u8);

impl Point {
    /// The point at column `col` and row `row` (both 0..15, row 0 is `1` in the notation).
    pub const fn at(col: usize, row: usize) -> Point {
        debug_assert!(col < SIZE && row < SIZE);
        Point((row * STRIDE + col) as u8)
    }

    /// Every point, row by row.
    pub fn all() -> impl Iterator<Item = Point> {
        (0..SIZE).flat_map(|row| (0..SIZE).map(move |col| Point::at(col, row)))
    }

    /// A dense index 0..225, for per-point tables.
    pub const fn index(self) -> usize {
        self.row() * SIZE + self.col()
    }

    pub const fn col(self) -> usize {
        self.0 as usize % STRIDE
    }

    pub const fn row(self) -> usize {
        self.0 as usize / STRIDE
    }

    pub fn bit(self) -> Bits {
        let mut bits = Bits::EMPTY;
        bits.insert(self);
        bits
    }
}

// `Point::parse` reads `A1`..`O15`; `Display` writes the same.
protocol::letter_number_notation!(Point, columns: SIZE, rows: SIZE);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn notation_round_trips_and_refuses_what_is_off_the_board() {
        for point in Point::all() {
            assert_eq!(Point::parse(&point.to_string()), Ok(point));
        }
        assert_eq!(Point::all().count(), POINTS);
        assert_eq!(ALL.count(), POINTS as u32);
        for bad in ["", "A", "A0", "A16", "P1", "a1", "A01", "A+1", "AA", "A1 "] {
            assert!(Point::parse(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn neighbours_stay_on_the_board_and_do_not_wrap() {
        for point in Point::all() {
            let expected: Vec<Point> = Point::all()
                .filter(|q| q.col().abs_diff(point.col()) + q.row().abs_diff(point.row()) == 1)
                .collect();
            assert_eq!(point.bit().neighbours().points().collect::<Vec<_>>(), expected, "{point}");
        }
        let corner = Point::at(14, 14);
        assert_eq!(corner.bit().neighbours().count(), 2);
        assert_eq!(ALL.points().nth(224), Some(corner));
        assert_eq!(ALL.nth(224), Some(corner));
        assert_eq!(ALL.nth(16), Some(Point::at(1, 1)));
    }
}
