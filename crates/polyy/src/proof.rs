//! Proofs that a seat has won before the board shows it: a pairing strategy.
//!
//! Two of a seat's groups that share two empty neighbours are as good as joined, and a group with
//! two empty neighbours on a side is as good as touching it: whichever field of such a pair the
//! opponent takes, the seat answers with the other. When the pairs are disjoint the seat keeps
//! them all at once, so on the full board that ends every continuation the groups joined this way
//! are real groups touching these sides. If they hold three corners the seat has won whatever the
//! opponent does, and whoever is to move: corners are never lost and never shared, and on a full
//! board exactly one seat holds three or more (rules §4), so the opponent can never reach three
//! first.
//!
//! The pairs are found greedily (bridges between groups first, to a fixpoint, then pairs on the
//! sides), so a seat may have won without a proof here; a proof found is always sound.

use arrayvec::ArrayVec;
use protocol::Seat;

use crate::board::{
    corners_of, neighbours_of, wins, Bits, Field, Fields, BORDER, FIELDS, SIDES, SIDE_FIELDS,
};
use crate::game::PolyY;

/// Each pair takes two empty fields.
pub const MAX_PAIRS: usize = FIELDS / 2;

/// A seat's groups joined by disjoint pairs of empty fields, and the corners they hold.
#[derive(Clone, Debug)]
pub struct Pairing {
    /// The corners the seat holds on every full board where it owns a field of each pair.
    pub corners: u8,
    /// Disjoint pairs of empty fields, each a set of two.
    pub pairs: ArrayVec<Bits, MAX_PAIRS>,
    /// The stones of each set of groups the pairs join.
    pub groups: ArrayVec<Bits, { MAX_PAIRS + 1 }>,
}

impl Pairing {
    /// Whether the pairs prove a win: three corners or more.
    pub fn wins(&self) -> bool {
        wins(self.corners)
    }

    /// Whether two stones of the seat are in one group or joined by pairs.
    pub fn joined(&self, a: Field, b: Field) -> bool {
        let both = a.bit() | b.bit();
        self.groups.iter().any(|&stones| stones & both == both)
    }

    /// The field that keeps the pairing after an opponent's stone on `field`: the other field of
    /// its pair, if it took one.
    pub fn answer(&self, field: Field) -> Option<Field> {
        self.pairs
            .iter()
            .find(|&&pair| pair & field.bit() != 0)
            .map(|&pair| Fields(pair & !field.bit()).next().expect("a pair has two fields"))
    }
}

/// One or more of the seat's groups, joined by pairs: the empty fields next to them and the
/// sides they touch or reach by a pair.
#[derive(Clone, Copy)]
struct VirtualGroup {
    stones: Bits,
    adjacent: Bits,
    sides: u8,
}

/// The sides (bit k: side k + 1) some field of the set lies on.
fn sides_of(set: Bits) -> u8 {
    (0..SIDES).filter(|&side| set & SIDE_FIELDS[side] != 0).fold(0, |mask, side| mask | 1 << side)
}

/// Two fields of `candidates` (which holds two or more), those in `preferred` first.
fn two_of(candidates: Bits, preferred: Bits) -> Bits {
    let mut pair: Bits = 0;
    for pool in [candidates & preferred, candidates & !preferred] {
        for field in Fields(pool) {
            if pair.count_ones() == 2 {
                return pair;
            }
            pair |= field.bit();
        }
    }
    debug_assert_eq!(pair.count_ones(), 2);
    pair
}

/// The seat's pairing in this position (see the module's comment).
pub fn pairing(game: &PolyY, seat: Seat) -> Pairing {
    let stones = game.stones(seat);
    let mut free = game.empty();
    let mut groups: ArrayVec<VirtualGroup, { MAX_PAIRS + 1 }> = ArrayVec::new();
    let mut rest = stones;
    while rest != 0 {
        let mut group = rest & rest.wrapping_neg();
        let mut frontier = group;
        let mut around = 0;
        loop {
            let next = neighbours_of(frontier);
            around |= next;
            frontier = next & stones & !group;
            if frontier == 0 {
                break;
            }
            group |= frontier;
        }
        rest &= !group;
        groups.push(VirtualGroup { stones: group, adjacent: around & free, sides: sides_of(group) });
    }
    let mut pairs = ArrayVec::new();
    // Bridges: each join may give the joined group new partners, so go on until none is left.
    let mut joined = true;
    while joined {
        joined = false;
        let mut i = 0;
        while i < groups.len() {
            let mut j = i + 1;
            while j < groups.len() {
                let common = groups[i].adjacent & groups[j].adjacent & free;
                if common.count_ones() >= 2 {
                    // Bridge fields off the border, so that the sides keep theirs for their pairs.
                    let pair = two_of(common, !BORDER);
                    free &= !pair;
                    pairs.push(pair);
                    let other = groups.swap_remove(j);
                    groups[i].stones |= other.stones;
                    groups[i].adjacent |= other.adjacent;
                    groups[i].sides |= other.sides;
                    joined = true;
                } else {
                    j += 1;
                }
            }
            i += 1;
        }
    }
    let mut corners = 0;
    for group in &mut groups {
        for (side, &side_fields) in SIDE_FIELDS.iter().enumerate() {
            let reach = group.adjacent & free & side_fields;
            if group.sides & 1 << side == 0 && reach.count_ones() >= 2 {
                let pair = two_of(reach, reach);
                free &= !pair;
                pairs.push(pair);
                group.sides |= 1 << side;
            }
        }
        corners |= corners_of(group.sides);
    }
    Pairing { corners, pairs, groups: groups.iter().map(|group| group.stones).collect() }
}

/// The seat that has won on every continuation by a pairing, if either has.
pub fn proven_winner(game: &PolyY) -> Option<Seat> {
    [Seat::First, Seat::Second].into_iter().find(|&seat| pairing(game, seat).wins())
}
