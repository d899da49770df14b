//! The 11×11 grid as bitboards: points, their notation (`A1`..`K11`), orthogonal neighbourhoods
//! by shifts, flood fills and path distances through empty points (rules §2, §4.2).

/// Points per side.
pub const SIZE: usize = 11;
/// Points on the board.
pub const POINTS: usize = SIZE * SIZE;

/// A set of points, bit `11 · row + col`.
pub type Bits = u128;

/// Every point of the board.
pub const ALL: Bits = (1 << POINTS) - 1;

/// The points of one column.
const fn column(col: usize) -> Bits {
    let mut bits = 0;
    let mut row = 0;
    while row < SIZE {
        bits |= 1 << (row * SIZE + col);
        row += 1;
    }
    bits
}

const COLUMN_A: Bits = column(0);
const COLUMN_K: Bits = column(SIZE - 1);

/// The points orthogonally next to some point of `bits` (the points of `bits` themselves only when
/// they are next to another one).
#[inline]
pub const fn neighbours(bits: Bits) -> Bits {
    // A shift by one moves a point sideways; what wraps into the next row's first (or the previous
    // row's last) column is dropped.
    (((bits << 1) & !COLUMN_A) | ((bits >> 1) & !COLUMN_K) | (bits << SIZE) | (bits >> SIZE)) & ALL
}

/// Each point's own bit, by index (a load is cheaper than a variable 128-bit shift).
static BIT: [Bits; POINTS] = {
    let mut table = [0; POINTS];
    let mut index = 0;
    while index < POINTS {
        table[index] = 1 << index;
        index += 1;
    }
    table
};

/// `neighbours` of each single point, by index.
static NEIGHBOURS: [Bits; POINTS] = {
    let mut table = [0; POINTS];
    let mut index = 0;
    while index < POINTS {
        table[index] = neighbours(1 << index);
        index += 1;
    }
    table
};

/// The points of `within` connected to `seed` (which should lie in `within`) through `within`.
#[inline]
pub fn flood(seed: Bits, within: Bits) -> Bits {
    let mut region = seed & within;
    loop {
        let grown = (region | neighbours(region)) & within;
        if grown == region {
            return region;
        }
        region = grown;
    }
}

/// The length of the shortest path from some point of `sources` to a point of `targets` stepping
/// through `passable` points only (rules §4.2: a path over k passable points has length k + 1), if
/// it is shorter than `limit`; otherwise `None`. `sources` themselves are never passed through.
#[inline]
pub fn distance_below(sources: Bits, targets: Bits, passable: Bits, limit: u32) -> Option<u32> {
    let mut visited = sources;
    let mut frontier = sources;
    for length in 1..limit {
        let next = neighbours(frontier);
        if next & targets != 0 {
            return Some(length);
        }
        frontier = next & passable & !visited;
        if frontier == 0 {
            return None;
        }
        visited |= frontier;
    }
    None
}

/// For each path length 1, 2, …: the points first reached at that length from `sources` through
/// `passable`, stopping when nothing new is reached or after `max_length`. Calls `visit(length,
/// reached)` where `reached` holds every point next to the region walked so far, passable or not,
/// that was not reached before; stops early when `visit` returns false.
#[inline]
pub fn walk_rings(sources: Bits, passable: Bits, max_length: u32, mut visit: impl FnMut(u32, Bits) -> bool) {
    let mut seen = sources;
    let mut frontier = sources;
    for length in 1..=max_length {
        let ring = neighbours(frontier) & !seen;
        if ring == 0 || !visit(length, ring) {
            return;
        }
        seen |= ring;
        frontier = ring & passable;
        if frontier == 0 {
            return;
        }
    }
}

/// One intersection of the grid.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Point(u8);

impl Point {
    /// The point at column `col` and row `row` (both 0..11, row 0 is `1` in the notation).
    pub const fn at(col: usize, row: usize) -> Point {
        debug_assert!(col < SIZE && row < SIZE);
        Point((row * SIZE + col) as u8)
    }

    pub const fn from_index(index: usize) -> Point {
        debug_assert!(index < POINTS);
        Point(index as u8)
    }

    pub const fn index(self) -> usize {
        self.0 as usize
    }

    pub const fn col(self) -> usize {
        self.0 as usize % SIZE
    }

    pub const fn row(self) -> usize {
        self.0 as usize / SIZE
    }

    #[inline]
    pub fn bit(self) -> Bits {
        BIT[self.index()]
    }

    /// The points orthogonally next to this one, from a table (cheaper than four 128-bit shifts).
    #[inline]
    pub fn neighbours(self) -> Bits {
        NEIGHBOURS[self.index()]
    }

    /// The lowest point of a non-empty set.
    #[inline]
    pub fn lowest(bits: Bits) -> Point {
        debug_assert!(bits != 0);
        Point(bits.trailing_zeros() as u8)
    }
}

// `Point::parse` reads `A1`..`K11`; `Display` writes the same.
protocol::letter_number_notation!(Point, columns: SIZE, rows: SIZE);

/// The points of a set, lowest first.
#[derive(Clone, Copy)]
pub struct Points(pub Bits);

impl Iterator for Points {
    type Item = Point;

    #[inline]
    fn next(&mut self) -> Option<Point> {
        if self.0 == 0 {
            return None;
        }
        let point = Point::lowest(self.0);
        self.0 &= self.0 - 1;
        Some(point)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn notation_round_trips_and_refuses_what_is_not_a_point() {
        for index in 0..POINTS {
            let point = Point::from_index(index);
            assert_eq!(Point::parse(&point.to_string()), Ok(point));
        }
        assert_eq!(Point::parse("K11"), Ok(Point::at(10, 10)));
        for bad in ["", "A", "A0", "A12", "L1", "a1", "A01", "A+1", "1A"] {
            assert!(Point::parse(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn neighbours_are_the_orthogonal_points_on_the_board() {
        for index in 0..POINTS {
            let point = Point::from_index(index);
            let (col, row) = (point.col() as i32, point.row() as i32);
            let mut expected = 0;
            for (dc, dr) in [(1, 0), (-1, 0), (0, 1), (0, -1)] {
                let (c, r) = (col + dc, row + dr);
                if (0..SIZE as i32).contains(&c) && (0..SIZE as i32).contains(&r) {
                    expected |= Point::at(c as usize, r as usize).bit();
                }
            }
            assert_eq!(neighbours(point.bit()), expected, "{point}");
            assert_eq!(point.neighbours(), expected, "{point}");
        }
    }

    #[test]
    fn distances_count_the_empty_points_crossed_plus_one() {
        let a1 = Point::at(0, 0).bit();
        let d1 = Point::at(3, 0).bit();
        let empty = ALL & !a1 & !d1;
        assert_eq!(distance_below(a1, d1, empty, 99), Some(3));
        assert_eq!(distance_below(a1, d1, empty, 3), None, "a limit is exclusive");
        // Walled off: B1 and A2 blocked.
        let wall = Point::at(1, 0).bit() | Point::at(0, 1).bit();
        assert_eq!(distance_below(a1, d1, empty & !wall, 99), None);
    }
}
