//! Normal-play Grundy values of empty rectangles: the table in `docs/rules/pillars.md` §9.

use pillars::nim::GrundyTable;
use pillars::Rect;

/// `TABLE[a-1]` lists the values of the a×b rectangles for b = 1, 2, … (rules §9).
const TABLE: [&[u8]; 5] = [
    &[1, 2, 3, 4, 5, 6, 7, 8, 9, 10],
    &[2, 1, 5, 8, 4, 12, 14, 16, 18, 20],
    &[3, 5, 4, 7, 1, 2, 8, 15],
    &[4, 8, 7, 3, 9, 24],
    &[5, 4, 1, 9, 8],
];

fn rectangle(a: usize, b: usize) -> u128 {
    Rect::new(0, 0, a - 1, b - 1).mask()
}

fn check(max_fields: usize) {
    let mut table = GrundyTable::with_bits(max_fields as u32, 22);
    for (i, row) in TABLE.iter().enumerate() {
        for (j, &expected) in row.iter().enumerate() {
            let (a, b) = (i + 1, j + 1);
            if a * b > max_fields {
                continue;
            }
            assert_eq!(table.value(rectangle(a, b)), Some(expected), "{a}x{b}");
            // The value does not depend on orientation.
            assert_eq!(table.value(rectangle(b, a)), Some(expected), "{b}x{a}");
        }
    }
}

#[test]
fn grundy_values_of_rectangles_up_to_16_fields() {
    check(16);
}

/// Up to 25 fields: about 2.5 s with the test profile.
#[test]
fn grundy_values_of_all_listed_rectangles() {
    check(25);
}

#[test]
fn too_large_regions_have_no_value_and_positions_xor() {
    let mut table = GrundyTable::with_bits(8, 10);
    assert_eq!(table.value(rectangle(3, 3)), None);
    // A 1×3 strip (3) and a 2×2 square (1), apart: 3 XOR 1.
    let strip = Rect::new(0, 0, 0, 2).mask();
    let square = Rect::new(5, 5, 6, 6).mask();
    assert_eq!(table.position_value(strip | square), Some(2));
    assert_eq!(table.position_value(0), Some(0));
}

#[test]
fn a_passed_deadline_stops_new_work_and_keeps_what_was_found() {
    let mut table = GrundyTable::with_bits(20, 16);
    table.set_deadline(Some(std::time::Instant::now()));
    // Nothing is known yet, so a 4×4 square cannot be valued before the deadline.
    assert_eq!(table.value(rectangle(4, 4)), None);
    // Trivial regions need no work.
    assert_eq!(table.value(rectangle(1, 2)), Some(2));
    table.set_deadline(None);
    assert_eq!(table.value(rectangle(4, 4)), Some(3));
    let computed = table.computed();
    // Known now, in every orientation, even with the deadline passed and without new work.
    table.set_deadline(Some(std::time::Instant::now()));
    assert_eq!(table.value(rectangle(4, 4)), Some(3));
    assert_eq!(table.value(rectangle(2, 3)), Some(5));
    assert_eq!(table.value(rectangle(3, 2)), Some(5));
    assert_eq!(table.computed(), computed);
}
