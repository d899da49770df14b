//! The board as a bitboard of empty fields, with rectangles and their generation.
//!
//! Field index `10·row + column`, row 0 = `A` at the top, column 0 = `a` at the left. Bit `i` of a
//! `u128` is field `i`; bits 100..128 are always zero.

use std::fmt;

use arrayvec::ArrayVec;

/// Rows and columns on the board.
pub const SIZE: usize = 10;
const ROW_MASK: u16 = (1 << SIZE) - 1;
/// Bits 0..100: every field of the board.
pub const ALL_FIELDS: u128 = (1u128 << (SIZE * SIZE)) - 1;

/// The most legal moves any position can have: the start position with the most first moves has
/// 1090, and filling fields only removes rectangles.
pub const MAX_MOVES: usize = 1090;
pub type MoveList = ArrayVec<Rect, MAX_MOVES>;

/// `REPEAT_ROWS[h]` has bit `10·i` set for every `i < h`: multiplying a row pattern by it copies
/// the pattern onto `h` consecutive rows.
const REPEAT_ROWS: [u128; SIZE + 1] = {
    let mut table = [0u128; SIZE + 1];
    let mut h = 1;
    while h <= SIZE {
        table[h] = table[h - 1] | (1u128 << (SIZE * (h - 1)));
        h += 1;
    }
    table
};

/// One field, `0..100`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Field(u8);

impl Field {
    pub fn new(row: usize, column: usize) -> Field {
        debug_assert!(row < SIZE && column < SIZE);
        Field((row * SIZE + column) as u8)
    }

    pub fn from_index(index: usize) -> Field {
        debug_assert!(index < SIZE * SIZE);
        Field(index as u8)
    }

    pub fn index(self) -> usize {
        usize::from(self.0)
    }

    pub fn row(self) -> usize {
        self.index() / SIZE
    }

    pub fn column(self) -> usize {
        self.index() % SIZE
    }

    pub fn bit(self) -> u128 {
        1u128 << self.0
    }

    /// Parses `Ac`: an upper-case row `A`–`J`, then a lower-case column `a`–`j`.
    pub fn parse(text: &str) -> Result<Field, String> {
        match text.as_bytes() {
            [row @ b'A'..=b'J', column @ b'a'..=b'j'] => {
                Ok(Field::new(usize::from(row - b'A'), usize::from(column - b'a')))
            }
            _ => Err(format!(
                "'{text}' is not a field (row A-J upper case, then column a-j lower case, like 'Ac')"
            )),
        }
    }
}

impl fmt::Display for Field {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", (b'A' + self.row() as u8) as char, (b'a' + self.column() as u8) as char)
    }
}

/// An axis-aligned rectangle of fields, both ends included; always `top ≤ bottom`, `left ≤ right`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Rect {
    pub top: u8,
    pub left: u8,
    pub bottom: u8,
    pub right: u8,
}

impl Rect {
    pub fn new(top: usize, left: usize, bottom: usize, right: usize) -> Rect {
        debug_assert!(top <= bottom && bottom < SIZE && left <= right && right < SIZE);
        Rect { top: top as u8, left: left as u8, bottom: bottom as u8, right: right as u8 }
    }

    pub fn single(field: Field) -> Rect {
        Rect::new(field.row(), field.column(), field.row(), field.column())
    }

    pub fn height(self) -> usize {
        usize::from(self.bottom - self.top) + 1
    }

    pub fn width(self) -> usize {
        usize::from(self.right - self.left) + 1
    }

    pub fn area(self) -> usize {
        self.height() * self.width()
    }

    /// The fields of the rectangle as a bitboard.
    pub fn mask(self) -> u128 {
        let row_pattern = u128::from((1u16 << self.width()) - 1) << self.left;
        (row_pattern * REPEAT_ROWS[self.height()]) << (SIZE * usize::from(self.top))
    }

    /// Parses the 4-letter form `BdCh`: top row, left column, bottom row, right column.
    pub fn parse(text: &str) -> Result<Rect, String> {
        if text.len() != 4 || !text.is_ascii() {
            return Err(format!("'{text}' is not a move (4 letters like 'BdCh': top row, left column, bottom row, right column)"));
        }
        let corner = |part: &str| {
            Field::parse(part).map_err(|_| {
            format!("'{text}' is not a move (4 letters like 'BdCh': top row, left column, bottom row, right column)")
        })
        };
        let top_left = corner(&text[..2])?;
        let bottom_right = corner(&text[2..])?;
        if bottom_right.row() < top_left.row() || bottom_right.column() < top_left.column() {
            return Err(format!("'{text}' is reversed: write the top-left corner first"));
        }
        Ok(Rect::new(top_left.row(), top_left.column(), bottom_right.row(), bottom_right.column()))
    }
}

impl fmt::Display for Rect {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let top_left = Field::new(self.top.into(), self.left.into());
        let bottom_right = Field::new(self.bottom.into(), self.right.into());
        write!(f, "{top_left}{bottom_right}")
    }
}

/// The board as the rules see it: which fields are still empty. Pillars and tiles are both "full";
/// who owns a tile never matters for play.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Board {
    empty: u128,
}

impl Board {
    /// A board whose empty fields are the set bits of `empty` (bits ≥ 100 are ignored).
    pub fn from_empty(empty: u128) -> Board {
        Board { empty: empty & ALL_FIELDS }
    }

    /// The starting board: everything empty except the pillars.
    pub fn with_pillars(pillars: &[Field]) -> Board {
        let full = pillars.iter().fold(0u128, |acc, f| acc | f.bit());
        Board::from_empty(!full)
    }

    pub fn empty(self) -> u128 {
        self.empty
    }

    pub fn empty_count(self) -> u32 {
        self.empty.count_ones()
    }

    pub fn is_full(self) -> bool {
        self.empty == 0
    }

    pub fn is_empty_field(self, field: Field) -> bool {
        self.empty & field.bit() != 0
    }

    /// Whether every field of `rect` is empty, i.e. whether it is a legal move.
    pub fn can_fill(self, rect: Rect) -> bool {
        let mask = rect.mask();
        self.empty & mask == mask
    }

    /// The board after filling `rect`, which must be legal.
    pub fn fill(self, rect: Rect) -> Board {
        debug_assert!(self.can_fill(rect), "{rect} is not empty");
        Board { empty: self.empty & !rect.mask() }
    }

    /// The empty fields of one row as a 10-bit pattern, column `a` in bit 0.
    fn row(self, row: usize) -> u16 {
        (self.empty >> (SIZE * row)) as u16 & ROW_MASK
    }

    /// Calls `visit(top, left, bottom, width)` for every legal rectangle, each rectangle `top..=bottom`
    /// × `left..left+width` being reported once per width from 1 to `width`. This is the
    /// walk of rules §9: from each empty top-left field go down row by row, keeping the widest run of
    /// empty fields that stays open to the right.
    #[inline]
    fn for_each_column_run(self, mut visit: impl FnMut(usize, usize, usize, u32)) {
        let rows: [u16; SIZE] = std::array::from_fn(|r| self.row(r));
        for top in 0..SIZE {
            let mut starts = rows[top];
            while starts != 0 {
                let left = starts.trailing_zeros() as usize;
                starts &= starts - 1;
                let mut width = u32::MAX;
                for (bottom, &row) in rows.iter().enumerate().skip(top) {
                    width = width.min((row >> left).trailing_ones());
                    if width == 0 {
                        break;
                    }
                    visit(top, left, bottom, width);
                }
            }
        }
    }

    /// The number of legal moves, without listing them.
    pub fn count_moves(self) -> u32 {
        let mut count = 0;
        self.for_each_column_run(|_, _, _, width| count += width);
        count
    }

    /// Every legal move, ordered by top-left corner, then bottom row, then width.
    pub fn moves(self) -> MoveList {
        let mut list = MoveList::new();
        self.moves_into(&mut list);
        list
    }

    /// Appends every legal move to `list`. Hot loops use this with a list on their own stack
    /// frame: a `MoveList` is 4 KB, and returning or consuming one by value copies it.
    #[inline]
    pub fn moves_into(self, list: &mut MoveList) {
        self.for_each_column_run(|top, left, bottom, width| {
            for w in 0..width as usize {
                list.push(Rect::new(top, left, bottom, left + w));
            }
        });
    }

    /// Number of move sequences of length `depth` (a full board ends the game: it is one leaf).
    pub fn perft(self, depth: u32) -> u64 {
        if depth == 0 || self.is_full() {
            return 1;
        }
        if depth == 1 {
            return u64::from(self.count_moves());
        }
        self.moves().iter().map(|&rect| self.fill(rect).perft(depth - 1)).sum()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rect_masks_cover_exactly_their_fields() {
        let all_rects = (0..SIZE).flat_map(|top| {
            (top..SIZE).flat_map(move |bottom| {
                (0..SIZE)
                    .flat_map(move |left| (left..SIZE).map(move |right| Rect::new(top, left, bottom, right)))
            })
        });
        for rect in all_rects {
            let mut expected = 0u128;
            for r in rect.top..=rect.bottom {
                for c in rect.left..=rect.right {
                    expected |= Field::new(r.into(), c.into()).bit();
                }
            }
            assert_eq!(rect.mask(), expected, "{rect}");
            assert_eq!(rect.mask().count_ones() as usize, rect.area());
        }
        // A board without pillars (not a real start) has 55 row spans × 55 column spans.
        assert_eq!(Board::from_empty(ALL_FIELDS).count_moves(), 55 * 55);
        assert_eq!(Board::from_empty(ALL_FIELDS).perft(1), 55 * 55);
    }

    #[test]
    fn field_and_rect_notation() {
        assert_eq!(Field::parse("Ac").unwrap(), Field::new(0, 2));
        assert_eq!(Field::parse("Jj").unwrap().index(), 99);
        for bad in ["", "A", "ac", "AC", "Ka", "Ak", "Acc"] {
            assert!(Field::parse(bad).is_err(), "{bad}");
        }
        let rect = Rect::parse("BdCh").unwrap();
        assert_eq!(rect, Rect::new(1, 3, 2, 7));
        assert_eq!(rect.area(), 10);
        assert_eq!(rect.to_string(), "BdCh");
        assert!(Rect::parse("ChBd").unwrap_err().contains("reversed"));
        assert!(Rect::parse("BhCd").unwrap_err().contains("reversed"));
        for bad in ["", "BdC", "BdChx", "bdch", "BDCH", "Bd Ch", "ÄdCh"] {
            assert!(Rect::parse(bad).is_err(), "{bad}");
        }
    }
}
