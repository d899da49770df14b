//! The empty fields split into 4-connected regions, and region shapes in normal form.
//!
//! Every rectangle lies inside one region, and filling it can only split that region, so a
//! position is a sum of independent regions. Shapes are compared after translation to the origin
//! (`normalize`) or, where a cache should also share mirror images, after the least of the 8 square
//! symmetries (`canonical`).

use arrayvec::ArrayVec;

use crate::board::{ALL_FIELDS, SIZE};

/// Fields not in column `a` / not in column `j`: shifting left or right must not wrap a row.
const NOT_FIRST_COLUMN: u128 = ALL_FIELDS & !column_mask(0);
const NOT_LAST_COLUMN: u128 = ALL_FIELDS & !column_mask(SIZE - 1);

const fn column_mask(column: usize) -> u128 {
    let mut mask = 0u128;
    let mut row = 0;
    while row < SIZE {
        mask |= 1u128 << (row * SIZE + column);
        row += 1;
    }
    mask
}

const COLUMNS: [u128; SIZE] = {
    let mut columns = [0u128; SIZE];
    let mut c = 0;
    while c < SIZE {
        columns[c] = column_mask(c);
        c += 1;
    }
    columns
};

/// At most 45 regions can exist (each field of a region has a full field beside it, except in a
/// one-region board); 50 leaves room.
pub const MAX_REGIONS: usize = 50;
pub type Regions = ArrayVec<u128, MAX_REGIONS>;

/// The fields 4-adjacent to `set`.
pub fn neighbours(set: u128) -> u128 {
    (((set << 1) & NOT_FIRST_COLUMN) | ((set >> 1) & NOT_LAST_COLUMN) | (set << SIZE) | (set >> SIZE))
        & ALL_FIELDS
}

/// The region of `empty` that contains the fields of `seed`.
pub fn region_of(empty: u128, seed: u128) -> u128 {
    let mut region = seed & empty;
    loop {
        let grown = (region | neighbours(region)) & empty;
        if grown == region {
            return region;
        }
        region = grown;
    }
}

/// Calls `visit` with each region of `empty`, lowest field first.
#[inline]
pub fn for_each_region(mut empty: u128, mut visit: impl FnMut(u128)) {
    while empty != 0 {
        let region = region_of(empty, empty & empty.wrapping_neg());
        visit(region);
        empty &= !region;
    }
}

pub fn regions(empty: u128) -> Regions {
    let mut list = Regions::new();
    for_each_region(empty, |r| list.push(r));
    list
}

/// The shape moved to the top-left corner: its top row is row `A` and its left column `a`.
pub fn normalize(region: u128) -> u128 {
    debug_assert!(region != 0);
    let top = region.trailing_zeros() as usize / SIZE;
    let left = COLUMNS.iter().position(|&c| c & region != 0).unwrap_or(0);
    // Every field has column ≥ left, so shifting the whole board keeps fields in their rows.
    region >> (top * SIZE + left)
}

/// The image of `region` under one of the 8 symmetries of the square (0 = identity), then
/// normalized. Bit 0 of `symmetry` mirrors left-right, bit 1 top-bottom, bit 2 transposes.
pub fn transform(region: u128, symmetry: u8) -> u128 {
    let mut image = 0u128;
    let mut rest = region;
    while rest != 0 {
        let index = rest.trailing_zeros() as usize;
        rest &= rest - 1;
        let (mut row, mut column) = (index / SIZE, index % SIZE);
        if symmetry & 1 != 0 {
            column = SIZE - 1 - column;
        }
        if symmetry & 2 != 0 {
            row = SIZE - 1 - row;
        }
        if symmetry & 4 != 0 {
            std::mem::swap(&mut row, &mut column);
        }
        image |= 1u128 << (row * SIZE + column);
    }
    normalize(image)
}

/// The least normalized image of the shape over the 8 symmetries: equal for congruent shapes.
pub fn canonical(region: u128) -> u128 {
    (0..8).map(|s| transform(region, s)).min().unwrap_or(0)
}

/// A 64-bit fingerprint of a normalized shape; sums of fingerprints identify multisets of shapes.
#[inline]
pub fn fingerprint(shape: u128) -> u64 {
    let low = shape as u64;
    let high = (shape >> 64) as u64;
    let x =
        low.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ high.wrapping_add(0x632B_E59B_D9B4_E019).rotate_left(29);
    let x = (x ^ (x >> 31)).wrapping_mul(0xD6E8_FEB8_6659_FD93);
    x ^ (x >> 32)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::{Field, Rect};

    fn fields(list: &[&str]) -> u128 {
        list.iter().fold(0, |acc, f| acc | Field::parse(f).unwrap().bit())
    }

    #[test]
    fn regions_are_the_four_connected_components() {
        // Aj and Bi touch only at a corner; Ej and Fa are consecutive bits but a row does not wrap.
        let empty = fields(&["Aa", "Bb", "Aj", "Bi", "Ba", "Ej", "Fa"]);
        let found = regions(empty);
        assert_eq!(found.len(), 5, "{found:x?}");
        assert!(found.contains(&fields(&["Aa", "Ba", "Bb"])));
        assert!(found.contains(&fields(&["Bi"])));
        assert!(found.contains(&fields(&["Ej"])));
        assert!(found.contains(&fields(&["Fa"])));
        assert_eq!(found.iter().fold(0, |a, r| a | r), empty);
    }

    #[test]
    fn shapes_match_up_to_translation_and_symmetry() {
        let l_shape = fields(&["Cd", "Dd", "De"]);
        assert_eq!(normalize(l_shape), fields(&["Aa", "Ba", "Bb"]));
        let mirrored = fields(&["Gh", "Hh", "Hg"]);
        assert_ne!(normalize(l_shape), normalize(mirrored));
        assert_eq!(canonical(l_shape), canonical(mirrored));
        let strip = Rect::parse("CcCg").unwrap().mask();
        assert_eq!(canonical(strip), canonical(Rect::parse("BjFj").unwrap().mask()));
        for s in 0..8 {
            assert_eq!(transform(strip, s).count_ones(), 5);
            assert_eq!(canonical(transform(l_shape, s)), canonical(l_shape));
        }
    }
}
