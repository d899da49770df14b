//! How far each colour is from joining all its units (spec §11): the units are the nodes of a
//! graph, two units are as far apart as the shortest path through empty points between them (the
//! enemy's pieces block it), and the length of a minimum spanning tree of that graph, counted in
//! empty points to fill, estimates the moves the colour still needs.

use arrayvec::ArrayVec;

use crate::board::{flood, walk_rings, Bits};
use crate::game::{Ayu, Colour};
use crate::settings::{Settings, MAX_UNIT_DISTANCE};

/// A colour has 30 pieces, so at most 30 units.
pub const MAX_UNITS: usize = 30;

/// What the evaluation knows of one colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct JoiningCost {
    /// The units of the colour.
    pub units: u32,
    /// The minimum spanning tree over the units, in empty points between them; a pair of units
    /// with no path between them counts [`MAX_UNIT_DISTANCE`].
    pub tree: u32,
    /// The longest edge of that tree.
    pub longest: u32,
}

/// The units of `pieces`, each as its set of points.
pub fn units(pieces: Bits) -> ArrayVec<Bits, MAX_UNITS> {
    let mut units = ArrayVec::new();
    let mut left = pieces;
    while left != 0 {
        let unit = flood(left & left.wrapping_neg(), pieces);
        left &= !unit;
        units.push(unit);
    }
    units
}

/// The joining cost of `colour` in `game` (Prim's algorithm over the unit graph; each unit's row
/// of distances comes from one breadth-first walk through the empty points).
pub fn joining_cost(game: &Ayu, colour: Colour) -> JoiningCost {
    let units = units(game.pieces(colour));
    let count = units.len();
    if count <= 1 {
        return JoiningCost { units: count as u32, tree: 0, longest: 0 };
    }
    let empty = game.empty();
    let mut distance = [[MAX_UNIT_DISTANCE; MAX_UNITS]; MAX_UNITS];
    for i in 0..count {
        let mut missing = count - 1 - i;
        if missing == 0 {
            break;
        }
        let row_i = &mut distance[i];
        walk_rings(units[i], empty, MAX_UNIT_DISTANCE, |length, ring| {
            for j in i + 1..count {
                if row_i[j] == MAX_UNIT_DISTANCE && units[j] & ring != 0 {
                    // A path of this length crosses `length - 1` empty points.
                    row_i[j] = length - 1;
                    missing -= 1;
                }
            }
            missing > 0
        });
    }
    // Prim: grow the tree from unit 0.
    let mut in_tree = [false; MAX_UNITS];
    let mut best = [u32::MAX; MAX_UNITS];
    in_tree[0] = true;
    best[1..count].copy_from_slice(&distance[0][1..count]);
    let (mut tree, mut longest) = (0, 0);
    for _ in 1..count {
        let next = (1..count).filter(|&j| !in_tree[j]).min_by_key(|&j| best[j]).expect("a unit left");
        in_tree[next] = true;
        tree += best[next];
        longest = longest.max(best[next]);
        for j in 1..count {
            if !in_tree[j] {
                let d = if next < j { distance[next][j] } else { distance[j][next] };
                best[j] = best[j].min(d);
            }
        }
    }
    JoiningCost { units: count as u32, tree, longest }
}

/// The position from the side to move's view, in hundredths of a move: the opponent's joining
/// cost minus its own, with a small weight on the longest tree edges (one long gap is slower to
/// close than several short ones, which can be closed in parallel).
pub fn evaluate(game: &Ayu, settings: &Settings) -> i32 {
    let mover = game.to_move();
    let own = joining_cost(game, mover);
    let theirs = joining_cost(game, mover.other());
    let score = |cost: JoiningCost| {
        cost.tree as i32 * settings.tree_weight
            + cost.longest as i32 * settings.longest_weight
            + cost.units as i32 * settings.unit_weight
    };
    score(theirs) - score(own) + settings.tempo
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Move;

    #[test]
    fn the_start_needs_one_point_between_neighbouring_units() {
        let game = Ayu::new();
        for colour in [Colour::White, Colour::Black] {
            let cost = joining_cost(&game, colour);
            assert_eq!(cost.units, 30);
            // Every unit is one empty point from the next: 29 tree edges of one point each.
            assert_eq!((cost.tree, cost.longest), (29, 1), "{colour:?}");
        }
    }

    #[test]
    fn joining_two_units_shortens_the_tree() {
        let mut game = Ayu::new();
        game.make(Move::parse("B1-C1").expect("a move"));
        let white = joining_cost(&game, Colour::White);
        assert_eq!(white.units, 29);
        assert_eq!(white.tree, 28);
    }
}
