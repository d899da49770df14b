//! Learned move knowledge: how likely the 2014 field was to play each empty field, as a
//! generalised Bradley–Terry model over a few local features (Coulom's "minorization–
//! maximization" fit, as strong Hex and Go programs learn their move priors).
//!
//! Each empty field gets one value in each feature group ([`FeatureGroup`]); its strength is the
//! product of the learned weights ("gammas") of its values, and the model's probability that the
//! mover plays it is its strength over the sum of all empty fields' strengths. The weights are
//! compile-time data ([`crate::knowledge_table`]), fitted by [`fit`] on the contest records and
//! written by the `polyy_learn` example; a test checks that the committed table is exactly what
//! that fit gives.

use protocol::Game;

use crate::board::{neighbours_of, symmetries, Bits, Field, Fields, FIELDS};
use crate::game::{Move, PolyY};
use crate::knowledge_table::{FIELD_CLASS, GAMMAS};

/// The feature groups, in the order of a field's [`Features`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FeatureGroup {
    /// The field's six neighbours, clockwise, each empty, own, enemy or off the board, up to
    /// rotation and reflection ([`shape_class`]).
    Shape,
    /// Distinct own groups (0..3) and enemy groups (0..2) next to the field: joining and cutting.
    Groups,
    /// Steps to the border (0..4) by phase of the game (before ply 12, before ply 40, later).
    Border,
    /// Where the enemy's last stone is: none, next to the field, a bridge away (two common
    /// neighbours), otherwise two steps away, farther.
    LastMove,
    /// The enemy's last stone went into one of our bridges and this field is the other carrier.
    SavesBridge,
    /// Own stones the field would make a bridge with, both carriers empty (0, 1, 2 or more).
    MakesBridges,
    /// The field's class under the board's symmetries while the game is young (before ply 8),
    /// one shared value afterwards: where the field opened.
    Opening,
}

pub const GROUPS: [FeatureGroup; 7] = [
    FeatureGroup::Shape,
    FeatureGroup::Groups,
    FeatureGroup::Border,
    FeatureGroup::LastMove,
    FeatureGroup::SavesBridge,
    FeatureGroup::MakesBridges,
    FeatureGroup::Opening,
];

/// The states of a neighbour in a shape code.
const EMPTY: usize = 0;
const OWN: usize = 1;
const ENEMY: usize = 2;
const OFF_BOARD: usize = 3;

/// Rings of six neighbours with four states each.
pub const SHAPE_CODES: usize = 1 << 12;

/// The classes of rings under rotation and reflection (the 4-colour bracelets of length 6, by
/// Burnside's lemma (4096 + 4 + 16 + 64 + 16 + 4 + 3 * 256 + 3 * 64) / 12; a test counts them).
/// Many never occur (their off-board neighbours are not next to each other); their weights
/// stay 1.
pub const SHAPES: usize = 430;

/// The code `code` seen rotated by `rotation` steps and, if `reflect`, mirrored.
pub fn transform_shape(code: usize, rotation: usize, reflect: bool) -> usize {
    (0..6).fold(0, |out, k| {
        let from = if reflect { (rotation + 6 - k) % 6 } else { (rotation + k) % 6 };
        out | ((code >> (2 * from)) & 3) << (2 * k)
    })
}

/// The class of a ring's code: classes numbered in the order of their smallest code.
pub fn shape_class(code: usize) -> u16 {
    static CLASSES: std::sync::OnceLock<[u16; SHAPE_CODES]> = std::sync::OnceLock::new();
    CLASSES.get_or_init(|| {
        let mut class = [u16::MAX; SHAPE_CODES];
        let mut next = 0;
        for code in 0..SHAPE_CODES {
            let smallest = (0..12).map(|t| transform_shape(code, t % 6, t >= 6)).min().unwrap_or(code);
            if smallest == code {
                class[code] = next;
                next += 1;
            } else {
                class[code] = class[smallest];
            }
        }
        debug_assert_eq!(usize::from(next), SHAPES);
        class
    })[code]
}

/// Plies during which [`FeatureGroup::Opening`] tells fields apart.
const OPENING_PLIES: u32 = 8;

/// How many values each group has.
pub const fn group_size(group: FeatureGroup) -> usize {
    match group {
        FeatureGroup::Shape => SHAPES,
        FeatureGroup::Groups => 12,
        FeatureGroup::Border => 15,
        FeatureGroup::LastMove => 5,
        FeatureGroup::SavesBridge => 2,
        FeatureGroup::MakesBridges => 3,
        FeatureGroup::Opening => CLASSES + 1,
    }
}

/// Where each group's weights start in the flat table, and the table's length.
pub const fn group_offsets() -> ([usize; GROUPS.len()], usize) {
    let mut sizes = [0; GROUPS.len()];
    let mut g = 0;
    while g < GROUPS.len() {
        sizes[g] = group_size(GROUPS[g]);
        g += 1;
    }
    kit::learn::offsets(sizes)
}

/// The number of weights.
pub const WEIGHTS: usize = group_offsets().1;

/// A field's value in each group, as an index into the flat table of weights.
pub type Features = [u16; GROUPS.len()];

/// What the features of every empty field of one position share: whose stones are where, the
/// groups, the last enemy stone.
pub struct PositionFeatures {
    own: Bits,
    enemy: Bits,
    empty: Bits,
    /// Group label of each stone (own and enemy groups numbered apart), `u8::MAX` for none.
    label: [u8; FIELDS],
    last: Option<Field>,
    plies: u32,
}

impl PositionFeatures {
    /// The position as seen by the player to move; `last` is the enemy's last stone, if any.
    pub fn new(game: &PolyY, last: Option<Field>) -> PositionFeatures {
        let mover = game.to_move();
        let (own, enemy) = (game.stones(mover), game.stones(mover.other()));
        let mut label = [u8::MAX; FIELDS];
        let mut next = 0u8;
        for stones in [own, enemy] {
            let mut left = stones;
            while left != 0 {
                let seed = Field::from_index(left.trailing_zeros() as usize);
                let mut group = seed.bit();
                loop {
                    let grown = group | (neighbours_of(group) & stones);
                    if grown == group {
                        break;
                    }
                    group = grown;
                }
                for field in Fields(group) {
                    label[field.index()] = next;
                }
                next = next.saturating_add(1);
                left &= !group;
            }
        }
        PositionFeatures { own, enemy, empty: game.empty(), label, last, plies: game.plies() }
    }

    fn distinct_groups(&self, stones: Bits) -> usize {
        let mut seen = [u8::MAX; 6];
        let mut count = 0;
        for field in Fields(stones) {
            let label = self.label[field.index()];
            if !seen[..count].contains(&label) && count < seen.len() {
                seen[count] = label;
                count += 1;
            }
        }
        count
    }

    /// The states of the neighbours of `field` clockwise, neighbour k in base-4 digit k.
    fn shape_code(&self, field: Field) -> usize {
        let mut code = 0;
        for (k, neighbour) in field.ring().into_iter().enumerate() {
            let state = match neighbour {
                None => OFF_BOARD,
                Some(n) if self.own & n.bit() != 0 => OWN,
                Some(n) if self.enemy & n.bit() != 0 => ENEMY,
                Some(_) => EMPTY,
            };
            code |= state << (2 * k);
        }
        code
    }

    /// The features of the empty field `field`, as indices into the flat table.
    pub fn of(&self, field: Field) -> Features {
        debug_assert!(self.empty & field.bit() != 0, "field {field} is not empty");
        let near = field.neighbours();
        let (own_near, enemy_near) = (near & self.own, near & self.enemy);
        let shape = usize::from(shape_class(self.shape_code(field)));
        let groups = self.distinct_groups(own_near).min(3) * 3 + self.distinct_groups(enemy_near).min(2);
        let phase = match self.plies {
            0..=11 => 0,
            12..=39 => 1,
            _ => 2,
        };
        let border = usize::from(field.border_distance().min(4)) * 3 + phase;
        let (last_move, saves_bridge) = match self.last {
            None => (0, 0),
            Some(last) if near & last.bit() != 0 => {
                // Two fields next to each other have exactly two common neighbours; if both are
                // ours and not next to each other, they were a bridge over these two fields.
                let carriers = near & last.neighbours() & self.own;
                let bridge = carriers.count_ones() == 2 && {
                    let a = Field::from_index(carriers.trailing_zeros() as usize);
                    a.neighbours() & carriers == 0
                };
                (1, usize::from(bridge))
            }
            Some(last) => {
                let common = (near & last.neighbours()).count_ones();
                let distance = match common {
                    2.. => 2,
                    1 => 3,
                    0 => 4,
                };
                (distance, 0)
            }
        };
        let second_ring = neighbours_of(near) & !near & !field.bit();
        let bridges = Fields(second_ring & self.own)
            .filter(|stone| {
                let carriers = near & stone.neighbours();
                carriers.count_ones() == 2 && carriers & self.empty == carriers
            })
            .count()
            .min(2);
        let opening =
            if self.plies < OPENING_PLIES { usize::from(FIELD_CLASS[field.index()]) } else { CLASSES };
        let values = [shape, groups, border, last_move, saves_bridge, bridges, opening];
        let (offsets, _) = group_offsets();
        std::array::from_fn(|g| (offsets[g] + values[g]) as u16)
    }
}

pub use kit::learn::{accuracy, is_training_line, strength, Accuracy};

/// One decision of a record: the features of every empty field and which of them was played.
pub type Decision = kit::learn::Decision<{ GROUPS.len() }>;

/// The committed weights, as `f64`. (The table is a slice, not an array of `WEIGHTS`, so that the
/// crate still builds when a change of feature groups has made it stale and the example can
/// write it anew.)
pub fn learned_gammas() -> [f64; WEIGHTS] {
    assert_eq!(GAMMAS.len(), WEIGHTS, "knowledge_table.rs is stale: run the polyy_learn example");
    std::array::from_fn(|i| f64::from(GAMMAS[i]))
}

/// The decisions of one game record (field numbers, `-1` for the swap; see the data's README):
/// one per stone placed, the swap skipped.
pub fn decisions_of_record(line: &str) -> Result<Vec<Decision>, String> {
    let mut game = PolyY::new();
    let mut last: Option<Field> = None;
    let mut decisions = Vec::new();
    for token in line.split_whitespace() {
        let mv = token.parse::<Move>()?;
        game.check(mv).map_err(|e| format!("'{token}': {e}"))?;
        if let Move::Place(field) = mv {
            let position = PositionFeatures::new(&game, last);
            let mut decision = Decision::new();
            for empty in Fields(game.empty()) {
                decision.add(position.of(empty), empty == field);
            }
            decisions.push(decision);
        }
        last = match mv {
            Move::Place(field) => Some(field),
            // After the swap the enemy's last stone is the one that changed hands: ours now.
            Move::Swap => None,
        };
        game.apply(mv);
        if game.is_finished() {
            break;
        }
    }
    Ok(decisions)
}

/// Fits the weights to `decisions` by `sweeps` rounds of minorization–maximization
/// ([`kit::learn::fit`]).
pub fn fit(decisions: &[Decision], sweeps: usize) -> Vec<f64> {
    kit::learn::fit(decisions, &kit::learn::ranges(GROUPS.map(group_size)), sweeps)
}

/// Sweeps of the committed fit.
pub const SWEEPS: usize = 12;

/// The decisions of the records (one game a line), split into the training lines and the held-out
/// ones ([`is_training_line`]), and the number of training games.
pub fn record_decisions(records: &str) -> Result<(Vec<Decision>, Vec<Decision>, usize), String> {
    let (mut training, mut held_out, mut games) = (Vec::new(), Vec::new(), 0);
    for (index, line) in records.lines().enumerate() {
        let decisions = decisions_of_record(line).map_err(|e| format!("line {}: {e}", index + 1))?;
        if is_training_line(index) {
            training.extend(decisions);
            games += 1;
        } else {
            held_out.extend(decisions);
        }
    }
    Ok((training, held_out, games))
}

/// What the `polyy_learn` example does: fits the weights on the training records of `records`
/// (the text of `polyy-games-2014.txt`) and returns the text of `knowledge_table.rs` and the
/// fitted model's accuracy on the held-out records.
pub fn learn(records: &str) -> Result<(String, Accuracy), String> {
    let (training, held_out, games) = record_decisions(records)?;
    let gammas = fit(&training, SWEEPS);
    let source = format!(
        "the {} moves of {games} games of polyy-games-2014.txt (every tenth game held out), {SWEEPS} sweeps",
        training.len()
    );
    Ok((table_source(&gammas, &source), accuracy(&held_out, &gammas)))
}

/// The text of `knowledge_table.rs`: the field classes and `gammas`, fitted on `source`.
pub fn table_source(gammas: &[f64], source: &str) -> String {
    let mut text = String::new();
    text.push_str("//! Generated by `cargo run --release -p polyy --example polyy_learn`; do not edit.\n");
    text.push_str(&format!("//! The weights of [`crate::knowledge`], fitted on {source}.\n\n"));
    text.push_str("/// The class of each field under the board's symmetries ([`crate::knowledge::field_class_table`]).\n");
    let classes: Vec<String> = field_class_table().iter().map(u8::to_string).collect();
    text.push_str(&format!("#[rustfmt::skip]\npub const FIELD_CLASS: [u8; {FIELDS}] = [\n"));
    for row in classes.chunks(26) {
        text.push_str(&format!("    {},\n", row.join(", ")));
    }
    text.push_str("];\n\n");
    text.push_str("/// The weights, group by group.\n");
    text.push_str("#[rustfmt::skip]\npub const GAMMAS: &[f32] = &[\n");
    let ranges = kit::learn::ranges(GROUPS.map(group_size));
    let names = GROUPS.map(|group| format!("{group:?}"));
    text.push_str(&kit::learn::gamma_lines(gammas, &ranges, &names));
    text.push_str("];\n");
    text
}

/// How many classes there are.
const CLASSES: usize = {
    let mut max = 0;
    let mut i = 0;
    while i < FIELDS {
        if FIELD_CLASS[i] as usize > max {
            max = FIELD_CLASS[i] as usize;
        }
        i += 1;
    }
    max + 1
};

/// The classes of fields under [`symmetries`], numbered in the order of their smallest field:
/// what the generated table's `FIELD_CLASS` holds.
pub fn field_class_table() -> [u8; FIELDS] {
    let maps = symmetries();
    let mut class = [u8::MAX; FIELDS];
    let mut next = 0;
    for field in 0..FIELDS {
        if class[field] != u8::MAX {
            continue;
        }
        for map in &maps {
            class[map[field].index()] = next;
        }
        next += 1;
    }
    class
}
