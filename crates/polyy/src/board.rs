//! The Poly-Y board (rules §2): 106 fields numbered 1..106 row by row from the top corner, five
//! sides of 7 fields each, a corner field on both of its sides. Fields are bits of a `u128`;
//! neighbour and side masks are compile-time tables made from `polyy-board.txt`.

use std::fmt;

/// Fields on the board.
pub const FIELDS: usize = 106;
/// Sides of the pentagon.
pub const SIDES: usize = 5;

/// A set of fields: bit `i` is the field numbered `i + 1`.
pub type Bits = u128;

/// Every field.
pub const ALL_FIELDS: Bits = (1 << FIELDS) - 1;

/// One field, stored as its index (its CodeCup number minus one).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Field(u8);

impl Field {
    /// Field 43, the pentagon in the middle.
    pub const CENTRE: Field = Field(42);

    /// The field with this CodeCup number (1..=106).
    pub fn from_number(number: u32) -> Option<Field> {
        (1..=FIELDS as u32).contains(&number).then(|| Field(number as u8 - 1))
    }

    pub const fn from_index(index: usize) -> Field {
        debug_assert!(index < FIELDS);
        Field(index as u8)
    }

    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The CodeCup number, 1..=106.
    pub const fn number(self) -> u32 {
        self.0 as u32 + 1
    }

    pub const fn bit(self) -> Bits {
        1 << self.0
    }

    pub fn neighbours(self) -> Bits {
        NEIGHBOURS[self.index()]
    }

    /// The neighbours in clockwise order: six around an inner field; around a border field the
    /// arc from one border neighbour to the other, then `None` where the board ends (two for a
    /// side, three for a corner, one for the centre's five).
    pub fn ring(self) -> [Option<Field>; 6] {
        NEIGHBOUR_NUMBERS[self.index()].map(|number| Field::from_number(u32::from(number)))
    }

    /// The sides this field lies on (bit k: side k + 1): none inside, one on the border, two at a
    /// corner.
    pub fn sides(self) -> u8 {
        SIDE_MASKS[self.index()]
    }

    pub fn is_border(self) -> bool {
        self.sides() != 0
    }

    pub fn all() -> impl Iterator<Item = Field> {
        (0..FIELDS).map(Field::from_index)
    }
}

impl fmt::Display for Field {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.number())
    }
}

/// The fields of a set, lowest number first.
#[derive(Clone, Copy, Debug)]
pub struct Fields(pub Bits);

impl Iterator for Fields {
    type Item = Field;

    fn next(&mut self) -> Option<Field> {
        if self.0 == 0 {
            return None;
        }
        let index = self.0.trailing_zeros() as usize;
        self.0 &= self.0 - 1;
        Some(Field::from_index(index))
    }
}

/// The corners a group holds, given the sides it touches (bit k: side k + 1): the corner between
/// side k + 1 and the next side (bit k of the result) when it touches both and at least one more
/// side (rules §4).
pub const fn corners_of(sides: u8) -> u8 {
    if sides.count_ones() < 3 {
        return 0;
    }
    sides & ((sides >> 1) | ((sides & 1) << 4))
}

/// Whether a set of corners wins the game: three of the five.
pub const fn wins(corners: u8) -> bool {
    corners.count_ones() >= 3
}

/// Each field's neighbours as CodeCup numbers, clockwise with field 1 at the top (for border
/// fields an arc), 0 past the end. Generated once from `polyy-board.txt`; a test checks it.
const NEIGHBOUR_NUMBERS: [[u8; 6]; FIELDS] = [
    [4, 3, 2, 0, 0, 0],
    [1, 3, 6, 5, 0, 0],
    [2, 1, 4, 8, 7, 6],
    [9, 8, 3, 1, 0, 0],
    [2, 6, 11, 10, 0, 0],
    [5, 2, 3, 7, 12, 11],
    [6, 3, 8, 14, 13, 12],
    [3, 4, 9, 15, 14, 7],
    [16, 15, 8, 4, 0, 0],
    [5, 11, 18, 17, 0, 0],
    [10, 5, 6, 12, 19, 18],
    [11, 6, 7, 13, 20, 19],
    [12, 7, 14, 22, 21, 20],
    [7, 8, 15, 23, 22, 13],
    [8, 9, 16, 24, 23, 14],
    [25, 24, 15, 9, 0, 0],
    [10, 18, 27, 26, 0, 0],
    [17, 10, 11, 19, 28, 27],
    [18, 11, 12, 20, 29, 28],
    [19, 12, 13, 21, 30, 29],
    [20, 13, 22, 32, 31, 30],
    [13, 14, 23, 33, 32, 21],
    [14, 15, 24, 34, 33, 22],
    [15, 16, 25, 35, 34, 23],
    [36, 35, 24, 16, 0, 0],
    [17, 27, 38, 37, 0, 0],
    [26, 17, 18, 28, 39, 38],
    [27, 18, 19, 29, 40, 39],
    [28, 19, 20, 30, 41, 40],
    [29, 20, 21, 31, 42, 41],
    [30, 21, 32, 44, 43, 42],
    [21, 22, 33, 45, 44, 31],
    [22, 23, 34, 46, 45, 32],
    [23, 24, 35, 47, 46, 33],
    [24, 25, 36, 48, 47, 34],
    [49, 48, 35, 25, 0, 0],
    [26, 38, 50, 0, 0, 0],
    [37, 26, 27, 39, 51, 50],
    [38, 27, 28, 40, 52, 51],
    [39, 28, 29, 41, 53, 52],
    [40, 29, 30, 42, 54, 53],
    [41, 30, 31, 43, 55, 54],
    [42, 31, 44, 56, 55, 0],
    [31, 32, 45, 57, 56, 43],
    [32, 33, 46, 58, 57, 44],
    [33, 34, 47, 59, 58, 45],
    [34, 35, 48, 60, 59, 46],
    [35, 36, 49, 61, 60, 47],
    [61, 48, 36, 0, 0, 0],
    [37, 38, 51, 62, 0, 0],
    [50, 38, 39, 52, 63, 62],
    [51, 39, 40, 53, 64, 63],
    [52, 40, 41, 54, 65, 64],
    [53, 41, 42, 55, 66, 65],
    [54, 42, 43, 56, 67, 66],
    [43, 44, 57, 68, 67, 55],
    [44, 45, 58, 69, 68, 56],
    [45, 46, 59, 70, 69, 57],
    [46, 47, 60, 71, 70, 58],
    [47, 48, 61, 72, 71, 59],
    [72, 60, 48, 49, 0, 0],
    [50, 51, 63, 73, 0, 0],
    [62, 51, 52, 64, 74, 73],
    [63, 52, 53, 65, 75, 74],
    [64, 53, 54, 66, 76, 75],
    [65, 54, 55, 67, 77, 76],
    [66, 55, 56, 68, 78, 77],
    [56, 57, 69, 79, 78, 67],
    [57, 58, 70, 80, 79, 68],
    [58, 59, 71, 81, 80, 69],
    [59, 60, 72, 82, 81, 70],
    [82, 71, 60, 61, 0, 0],
    [62, 63, 74, 83, 0, 0],
    [73, 63, 64, 75, 84, 83],
    [74, 64, 65, 76, 85, 84],
    [75, 65, 66, 77, 86, 85],
    [76, 66, 67, 78, 87, 86],
    [67, 68, 79, 88, 87, 77],
    [68, 69, 80, 89, 88, 78],
    [69, 70, 81, 90, 89, 79],
    [70, 71, 82, 91, 90, 80],
    [91, 81, 71, 72, 0, 0],
    [73, 74, 84, 92, 0, 0],
    [83, 74, 75, 85, 93, 92],
    [84, 75, 76, 86, 94, 93],
    [85, 76, 77, 87, 95, 94],
    [86, 77, 78, 88, 96, 95],
    [78, 79, 89, 97, 96, 87],
    [79, 80, 90, 98, 97, 88],
    [80, 81, 91, 99, 98, 89],
    [99, 90, 81, 82, 0, 0],
    [83, 84, 93, 100, 0, 0],
    [92, 84, 85, 94, 101, 100],
    [93, 85, 86, 95, 102, 101],
    [94, 86, 87, 96, 103, 102],
    [87, 88, 97, 104, 103, 95],
    [88, 89, 98, 105, 104, 96],
    [89, 90, 99, 106, 105, 97],
    [106, 98, 90, 91, 0, 0],
    [92, 93, 101, 0, 0, 0],
    [100, 93, 94, 102, 0, 0],
    [101, 94, 95, 103, 0, 0],
    [102, 95, 96, 104, 0, 0],
    [103, 96, 97, 105, 0, 0],
    [104, 97, 98, 106, 0, 0],
    [105, 98, 99, 0, 0, 0],
];

/// The fields of each side as CodeCup numbers, walked clockwise: the last is the corner shared
/// with the next side (side 5 is followed by side 1).
pub const SIDE_NUMBERS: [[u8; 7]; SIDES] = [
    [1, 4, 9, 16, 25, 36, 49],
    [49, 61, 72, 82, 91, 99, 106],
    [106, 105, 104, 103, 102, 101, 100],
    [100, 92, 83, 73, 62, 50, 37],
    [37, 26, 17, 10, 5, 2, 1],
];

/// Each field's neighbours as a set.
pub static NEIGHBOURS: [Bits; FIELDS] = {
    let mut table = [0; FIELDS];
    let mut field = 0;
    while field < FIELDS {
        let mut k = 0;
        while k < 6 && NEIGHBOUR_NUMBERS[field][k] != 0 {
            table[field] |= 1 << (NEIGHBOUR_NUMBERS[field][k] - 1);
            k += 1;
        }
        field += 1;
    }
    table
};

/// The sides each field lies on (bit k: side k + 1).
pub static SIDE_MASKS: [u8; FIELDS] = {
    let mut masks = [0; FIELDS];
    let mut side = 0;
    while side < SIDES {
        let mut k = 0;
        while k < 7 {
            masks[SIDE_NUMBERS[side][k] as usize - 1] |= 1 << side;
            k += 1;
        }
        side += 1;
    }
    masks
};

/// The 7 fields of each side (bit k of a field's side mask: entry k).
pub const SIDE_FIELDS: [Bits; SIDES] = {
    let mut sets = [0; SIDES];
    let mut side = 0;
    while side < SIDES {
        let mut k = 0;
        while k < 7 {
            sets[side] |= 1 << (SIDE_NUMBERS[side][k] - 1);
            k += 1;
        }
        side += 1;
    }
    sets
};

/// The fields next to some field of a set (the set's own fields included where they neighbour
/// each other).
pub fn neighbours_of(set: Bits) -> Bits {
    Fields(set).fold(0, |all, field| all | field.neighbours())
}

/// The 30 border fields.
pub const BORDER: Bits = SIDE_FIELDS[0] | SIDE_FIELDS[1] | SIDE_FIELDS[2] | SIDE_FIELDS[3] | SIDE_FIELDS[4];

/// Each field's distance to the border: 0 on a side, 1 next to it, up to 6 at the centre. Playouts
/// keep away from the border early (rules §11).
pub static BORDER_DISTANCE: [u8; FIELDS] = {
    let mut distance = [u8::MAX; FIELDS];
    let mut field = 0;
    while field < FIELDS {
        if BORDER & (1 << field) != 0 {
            distance[field] = 0;
        }
        field += 1;
    }
    // Relax until nothing changes: no field is further than FIELDS steps from the border.
    let mut changed = true;
    while changed {
        changed = false;
        let mut field = 0;
        while field < FIELDS {
            let mut k = 0;
            while k < 6 && NEIGHBOUR_NUMBERS[field][k] != 0 {
                let through = distance[NEIGHBOUR_NUMBERS[field][k] as usize - 1].saturating_add(1);
                if through < distance[field] {
                    distance[field] = through;
                    changed = true;
                }
                k += 1;
            }
            field += 1;
        }
    }
    distance
};

impl Field {
    /// Steps to the nearest border field.
    pub fn border_distance(self) -> u8 {
        BORDER_DISTANCE[self.index()]
    }
}

/// Rotation by one side, clockwise (field 1 goes to 49): entry n − 1 is the image of field n
/// (rules §8).
const ROTATION: [u8; FIELDS] = [
    49, 36, 48, 61, 25, 35, 47, 60, 72, 16, 24, 34, 46, 59, 71, 82, 9, 15, 23, 33, 45, 58, 70, 81, 91, 4, 8,
    14, 22, 32, 44, 57, 69, 80, 90, 99, 1, 3, 7, 13, 21, 31, 43, 56, 68, 79, 89, 98, 106, 2, 6, 12, 20, 30,
    42, 55, 67, 78, 88, 97, 105, 5, 11, 19, 29, 41, 54, 66, 77, 87, 96, 104, 10, 18, 28, 40, 53, 65, 76, 86,
    95, 103, 17, 27, 39, 52, 64, 75, 85, 94, 102, 26, 38, 51, 63, 74, 84, 93, 101, 37, 50, 62, 73, 83, 92,
    100,
];

/// The first field number of each row of the numbering (rows at the same distance from field 1),
/// and one past the last field.
pub const ROW_STARTS: [u32; 14] = [1, 2, 5, 10, 17, 26, 37, 50, 62, 73, 83, 92, 100, 107];

/// The 10 symmetries of the board (5 rotations, each with and without the reflection in the axis
/// through field 1 and the centre), as maps from a field to its image. The first is the identity.
pub fn symmetries() -> [[Field; FIELDS]; 10] {
    let identity: [Field; FIELDS] = std::array::from_fn(Field::from_index);
    let rotate: [Field; FIELDS] = std::array::from_fn(|i| Field::from_index(ROTATION[i] as usize - 1));
    // The reflection reverses every row of the numbering.
    let reflect: [Field; FIELDS] = std::array::from_fn(|i| {
        let number = i as u32 + 1;
        let row = ROW_STARTS.windows(2).find(|w| (w[0]..w[1]).contains(&number)).expect("a row");
        Field::from_index((row[0] + row[1] - 1 - number) as usize - 1)
    });
    let mut all = [identity; 10];
    for k in 1..5 {
        all[k] = std::array::from_fn(|i| rotate[all[k - 1][i].index()]);
    }
    for k in 0..5 {
        all[5 + k] = std::array::from_fn(|i| all[k][reflect[i].index()]);
    }
    all
}
