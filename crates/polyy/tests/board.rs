//! The generated board tables against `data/polyy-board.txt` and the invariants of rules
//! §2 and §8: adjacency, sides, corners and the 10 symmetries.

use std::collections::BTreeSet;

use polyy::board::{symmetries, Field, Fields, BORDER, SIDE_NUMBERS};
use polyy::FIELDS;
use testkit::data_file;

/// The data file: each field's neighbour numbers in file order, and the sides.
fn board_file() -> (Vec<Vec<u32>>, Vec<Vec<u32>>) {
    let mut neighbours = vec![Vec::new(); FIELDS];
    let mut sides = Vec::new();
    for line in data_file("polyy-board.txt").lines().filter(|l| !l.starts_with('#') && !l.trim().is_empty()) {
        let (key, value) = line.split_once(':').expect("a key");
        let numbers: Vec<u32> = value.split_whitespace().map(|n| n.parse().expect("a number")).collect();
        if key.starts_with("side") {
            sides.push(numbers);
        } else {
            neighbours[key.trim().parse::<usize>().expect("a field") - 1] = numbers;
        }
    }
    (neighbours, sides)
}

#[test]
fn tables_match_the_data_file() {
    let (neighbours, sides) = board_file();
    for field in Field::all() {
        let from_file: u128 =
            neighbours[field.index()].iter().map(|&n| Field::from_number(n).unwrap().bit()).sum();
        assert_eq!(field.neighbours(), from_file, "neighbours of {field}");
    }
    let ours: Vec<Vec<u32>> =
        SIDE_NUMBERS.iter().map(|s| s.iter().map(|&n| u32::from(n)).collect()).collect();
    assert_eq!(ours, sides);
}

#[test]
fn rings_list_the_neighbours_in_the_data_files_clockwise_order() {
    let (neighbours, _) = board_file();
    for field in Field::all() {
        let ring: Vec<Field> = field.ring().into_iter().flatten().collect();
        let from_file: Vec<u32> = ring.iter().map(|n| n.number()).collect();
        assert_eq!(from_file, neighbours[field.index()], "ring of {field}");
        // Each neighbour touches the next; around an inner field (the centre too) the last
        // touches the first, and a border field's arc starts and ends on the border.
        assert!(ring.windows(2).all(|w| w[0].neighbours() & w[1].bit() != 0), "ring of {field}");
        let (first, last) = (ring[0], ring[ring.len() - 1]);
        if field.is_border() {
            assert!(first.is_border() && last.is_border(), "arc of {field}");
        } else {
            assert!(first.neighbours() & last.bit() != 0, "ring of {field} does not close");
        }
        assert!(field.ring()[ring.len()..].iter().all(Option::is_none));
    }
}

#[test]
fn adjacency_invariants_hold() {
    let mut degrees = [0usize; 7];
    let mut edges = 0;
    for field in Field::all() {
        let n = field.neighbours();
        assert_eq!(n & field.bit(), 0, "{field} is its own neighbour");
        for other in Fields(n) {
            assert_ne!(other.neighbours() & field.bit(), 0, "{field}-{other} is one-way");
        }
        degrees[n.count_ones() as usize] += 1;
        edges += n.count_ones();
    }
    assert_eq!(edges / 2, 285);
    assert_eq!(degrees, [0, 0, 0, 5, 25, 1, 75]);
    assert_eq!(Field::CENTRE.neighbours().count_ones(), 5);
    assert_eq!(BORDER.count_ones(), 30);
    for number in [1, 37, 49, 100, 106] {
        let corner = Field::from_number(number).unwrap();
        assert_eq!(corner.sides().count_ones(), 2, "corner {corner} lies on two sides");
        assert_eq!(corner.neighbours().count_ones(), 3);
    }
    // Adjacent sides share exactly their corner; the others share nothing.
    for a in 0..5 {
        for b in 0..5 {
            let shared =
                Field::all().filter(|f| f.sides() & (1 << a) != 0 && f.sides() & (1 << b) != 0).count();
            let expected = if a == b {
                7
            } else if (a + 1) % 5 == b || (b + 1) % 5 == a {
                1
            } else {
                0
            };
            assert_eq!(shared, expected, "sides {} and {}", a + 1, b + 1);
        }
    }
}

#[test]
fn symmetries_map_edges_to_edges_and_sides_to_sides() {
    let all = symmetries();
    let distinct: BTreeSet<Vec<Field>> = all.iter().map(|s| s.to_vec()).collect();
    assert_eq!(distinct.len(), 10, "ten different symmetries");
    for map in &all {
        for field in Field::all() {
            for other in Fields(field.neighbours()) {
                assert_ne!(map[field.index()].neighbours() & map[other.index()].bit(), 0);
            }
        }
        for side in SIDE_NUMBERS {
            let image: BTreeSet<u8> = side
                .iter()
                .map(|&n| map[Field::from_number(u32::from(n)).unwrap().index()].sides())
                .collect();
            // Every field of a side lands on one common side.
            let common = image.iter().fold(0x1f, |acc, &s| acc & s);
            assert_eq!(common.count_ones(), 1, "side {side:?} maps onto one side");
        }
    }
    // Rotation sends field 1 to 49 and side 1 to side 2 (rules §8).
    assert_eq!(all[1][0], Field::from_number(49).unwrap());
}

#[test]
fn fields_fall_into_the_sixteen_classes_of_the_spec() {
    let all = symmetries();
    let classes: BTreeSet<BTreeSet<u32>> =
        Field::all().map(|f| all.iter().map(|map| map[f.index()].number()).collect()).collect();
    assert_eq!(classes.len(), 16);
    for class in [vec![1, 37, 49, 100, 106], vec![31, 42, 44, 55, 56], vec![43], vec![3, 38, 48, 93, 98]] {
        assert!(classes.contains(&class.into_iter().collect()), "a class of rules §8");
    }
}

/// The distance table against a breadth-first search from the border over the neighbour sets.
#[test]
fn border_distance_is_breadth_first_distance() {
    let mut expected = [u8::MAX; FIELDS];
    let mut frontier = BORDER;
    let mut seen = BORDER;
    let mut distance = 0;
    while frontier != 0 {
        let mut next = 0;
        for field in Fields(frontier) {
            expected[field.index()] = distance;
            next |= field.neighbours();
        }
        frontier = next & !seen;
        seen |= next;
        distance += 1;
    }
    for field in Field::all() {
        assert_eq!(field.border_distance(), expected[field.index()], "field {field}");
    }
    // The centre is six rings in; the border has 30 fields and 51 fields lie two or more steps in.
    assert_eq!(Field::CENTRE.border_distance(), 6);
    assert_eq!(Field::all().filter(|f| f.border_distance() == 0).count(), 30);
    let deep = Field::all().filter(|f| f.border_distance() >= 2).count();
    assert_eq!(deep, 51);
}
