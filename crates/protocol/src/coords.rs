//! Letter-number notation for points on a grid (`A1`, `K11`, `E3`), as Ayu, Symple and Dvonn write
//! them: an upper-case column letter from `A`, then the row number from 1, without a leading zero or
//! sign. A game maps the (column, row) pair to its own point type and checks anything further (a
//! hex board's missing corners, say).

use std::fmt;

/// Reads `text` as a point of a grid `columns` wide and `rows` high: `(column, row)`, both from 0.
pub fn parse_letter_number(text: &str, columns: usize, rows: usize) -> Result<(usize, usize), String> {
    debug_assert!((1..=26).contains(&columns) && rows >= 1);
    let last_letter = (b'A' + columns as u8 - 1) as char;
    let mut chars = text.chars();
    let column = match chars.next() {
        Some(letter @ 'A'..='Z') if letter <= last_letter => letter as usize - 'A' as usize,
        _ => return Err(format!("'{text}': a point is a column letter A-{last_letter} and a row number")),
    };
    let digits = chars.as_str();
    match digits.parse::<usize>() {
        Ok(row) if (1..=rows).contains(&row) && !digits.starts_with(['0', '+']) => Ok((column, row - 1)),
        _ => Err(format!("'{text}': the row must be a number 1-{rows}")),
    }
}

/// A (column, row) pair, both from 0, written in letter-number notation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LetterNumber {
    pub column: usize,
    pub row: usize,
}

impl fmt::Display for LetterNumber {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", (b'A' + self.column as u8) as char, self.row + 1)
    }
}

/// Gives a square-grid point type its letter-number notation: `Point::parse` (through
/// [`parse_letter_number`]) and `Display`. The type needs `at(column, row)`, `col()` and `row()`,
/// all counted from 0. One line in the game instead of the same nine in each.
#[macro_export]
macro_rules! letter_number_notation {
    ($point:ident, columns: $columns:expr, rows: $rows:expr) => {
        impl $point {
            /// Reads a point in letter-number notation (upper-case letter, row without a leading
            /// zero), refusing anything off the grid.
            pub fn parse(text: &str) -> Result<$point, String> {
                let (column, row) = $crate::coords::parse_letter_number(text, $columns, $rows)?;
                Ok($point::at(column, row))
            }
        }

        impl ::std::fmt::Display for $point {
            fn fmt(&self, f: &mut ::std::fmt::Formatter<'_>) -> ::std::fmt::Result {
                ::std::fmt::Display::fmt(
                    &$crate::coords::LetterNumber { column: self.col(), row: self.row() },
                    f,
                )
            }
        }
    };
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_point_round_trips() {
        for column in 0..15 {
            for row in 0..15 {
                let text = LetterNumber { column, row }.to_string();
                assert_eq!(parse_letter_number(&text, 15, 15), Ok((column, row)), "{text}");
            }
        }
        assert_eq!(parse_letter_number("K11", 11, 11), Ok((10, 10)));
    }

    #[test]
    fn refuses_what_is_not_a_point_of_the_grid() {
        for bad in ["", "A", "A0", "A12", "L1", "a1", "A01", "A+1", "AA", "A1 ", " A1", "A-1", "É1"] {
            assert!(parse_letter_number(bad, 11, 11).is_err(), "{bad}");
        }
    }
}
