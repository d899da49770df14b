//! Normal-play Sprague–Grundy values of region shapes, cached by canonical shape, and the
//! misère-Nim rule that turns them into a (heuristic) misère verdict.
//!
//! In normal play a sum of regions has the XOR of their values. Pillars is misère, where values do
//! not decide sums in general; but the misère-Nim rule on these values is exact whenever every region
//! behaves like a Nim heap (single fields and dominoes do), and a strong guide otherwise.

use std::collections::HashMap;

use crate::board::Board;
use crate::regions::{canonical, for_each_region};

/// Grundy values of shapes up to a size limit, remembered for the whole game.
pub struct GrundyTable {
    values: HashMap<u128, u8>,
    max_fields: u32,
    max_entries: usize,
}

impl GrundyTable {
    /// A table that computes values of regions with at most `max_fields` fields and stops adding
    /// entries beyond `max_entries` (memory stays bounded; values are then recomputed).
    pub fn new(max_fields: u32, max_entries: usize) -> GrundyTable {
        GrundyTable { values: HashMap::new(), max_fields, max_entries }
    }

    pub fn len(&self) -> usize {
        self.values.len()
    }

    pub fn is_empty(&self) -> bool {
        self.values.is_empty()
    }

    /// The value of one region (4-connected), or `None` if it is too large to compute.
    pub fn value(&mut self, region: u128) -> Option<u8> {
        match region.count_ones() {
            0 => Some(0),
            // A single field, a domino and a straight tromino are Nim heaps 1, 2 and 3.
            n @ 1..=2 => Some(n as u8),
            n if n > self.max_fields => None,
            _ => Some(self.value_of_shape(canonical(region))),
        }
    }

    /// The XOR of the values of every region of `empty`, or `None` if one is too large.
    pub fn position_value(&mut self, empty: u128) -> Option<u8> {
        let mut xor = Some(0u8);
        for_each_region(empty, |region| {
            xor = match (xor, self.value(region)) {
                (Some(x), Some(v)) => Some(x ^ v),
                _ => None,
            };
        });
        xor
    }

    fn value_of_shape(&mut self, shape: u128) -> u8 {
        if let Some(&v) = self.values.get(&shape) {
            return v;
        }
        let mut seen = 0u128;
        for rect in Board::from_empty(shape).moves() {
            let mut xor = 0u8;
            for_each_region(shape & !rect.mask(), |part| {
                xor ^= match part.count_ones() {
                    n @ 1..=2 => n as u8,
                    _ => self.value_of_shape(canonical(part)),
                };
            });
            debug_assert!(xor < 128, "Grundy values stay below 128 for shapes of this size");
            seen |= 1u128 << (xor & 127);
        }
        let value = seen.trailing_ones() as u8;
        if self.values.len() < self.max_entries {
            self.values.insert(shape, value);
        }
        value
    }
}

/// The misère-Nim rule: with these heap values, does the player to move lose? Yes if every heap is
/// at most 1 and their XOR is 1, or some heap is 2 or more and the XOR is 0.
pub fn misere_nim_loses(values: impl IntoIterator<Item = u8>) -> bool {
    let (mut xor, mut big) = (0u8, false);
    for v in values {
        xor ^= v;
        big |= v >= 2;
    }
    if big {
        xor == 0
    } else {
        xor == 1
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn misere_nim_rule() {
        assert!(!misere_nim_loses([])); // nothing left: the opponent filled the last field
        assert!(misere_nim_loses([1]));
        assert!(!misere_nim_loses([1, 1]));
        assert!(misere_nim_loses([1, 1, 1]));
        assert!(!misere_nim_loses([2]));
        assert!(misere_nim_loses([2, 2]));
        assert!(misere_nim_loses([3, 2, 1]));
        assert!(!misere_nim_loses([3, 2, 1, 1]));
        assert!(!misere_nim_loses([0, 0]));
    }
}
