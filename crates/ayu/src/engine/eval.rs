//! How far each colour is from having no move left, which wins (rules §5, §11): the units are the
//! nodes of a graph, two units are as far apart as the shortest path through empty points between
//! them (the enemy's pieces block it), and the length of a minimum spanning forest of that graph,
//! counted in empty points to fill, estimates the moves the colour still needs. Units with no path
//! between them need no joining: a unit walled off from all the others cannot move, which is as
//! good for its owner as a joined one.

use arrayvec::ArrayVec;

use crate::board::{flood, neighbours, walk_rings, Bits, Points, POINTS};
use crate::game::{Ayu, Colour};
use crate::settings::Settings;

/// A colour has 30 pieces, so at most 30 units.
pub const MAX_UNITS: usize = 30;

/// The distance of two units with no path between them.
const NO_PATH: u32 = u32::MAX;

/// What the evaluation knows of one colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct JoiningCost {
    /// The units of the colour.
    pub units: u32,
    /// The minimum spanning forest over the units, in empty points between them (units with no
    /// path between them lie in different trees).
    pub tree: u32,
    /// The longest edge of that forest.
    pub longest: u32,
}

/// The units of `pieces`, each as its set of points.
pub fn units(pieces: Bits) -> ArrayVec<Bits, MAX_UNITS> {
    // Lone pieces are their own units: only the others need a flood fill.
    let lone = pieces & !neighbours(pieces);
    let mut units = ArrayVec::new();
    let mut left = pieces;
    while left != 0 {
        let lowest = left & left.wrapping_neg();
        let unit = if lone & lowest != 0 { lowest } else { flood(lowest, pieces) };
        left &= !unit;
        units.push(unit);
    }
    units
}

/// The joining cost of `colour` in `game` (Prim's algorithm over the unit graph, restarted in each
/// part of it; each unit's row of distances comes from one breadth-first walk through the empty
/// points).
pub fn joining_cost(game: &Ayu, colour: Colour) -> JoiningCost {
    let units = units(game.pieces(colour));
    let count = units.len();
    if count <= 1 {
        return JoiningCost { units: count as u32, tree: 0, longest: 0 };
    }
    let empty = game.empty();
    let pieces = game.pieces(colour);
    // Which unit each piece belongs to, so that a walk learns whom it reached from the pieces it
    // touches rather than by testing every unit.
    let mut unit_of = [0u8; POINTS];
    for (id, &unit) in units.iter().enumerate() {
        for point in Points(unit) {
            unit_of[point.index()] = id as u8;
        }
    }
    let mut distance = [[NO_PATH; MAX_UNITS]; MAX_UNITS];
    for i in 0..count - 1 {
        // Units below `i` already know their distance to `i`.
        let mut missing = count - 1 - i;
        let mut seen_units = units[i];
        for j in 0..i {
            seen_units |= units[j];
        }
        let row_i = &mut distance[i];
        walk_rings(units[i], empty, POINTS as u32, |length, ring| {
            for point in Points(ring & pieces & !seen_units) {
                let j = usize::from(unit_of[point.index()]);
                if row_i[j] == NO_PATH {
                    // A path of this length crosses `length - 1` empty points.
                    row_i[j] = length - 1;
                    seen_units |= units[j];
                    missing -= 1;
                }
            }
            missing > 0
        });
    }
    // Prim: grow a tree from unit 0; when no unit left can be reached, start the next tree.
    let mut in_tree = [false; MAX_UNITS];
    let mut best = [NO_PATH; MAX_UNITS];
    in_tree[0] = true;
    best[1..count].copy_from_slice(&distance[0][1..count]);
    let (mut tree, mut longest) = (0, 0);
    for _ in 1..count {
        let next = (1..count).filter(|&j| !in_tree[j]).min_by_key(|&j| best[j]).expect("a unit left");
        in_tree[next] = true;
        if best[next] != NO_PATH {
            tree += best[next];
            longest = longest.max(best[next]);
        }
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
    use protocol::Game;

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
        game.apply("B1-C1".parse::<Move>().expect("a move"));
        let white = joining_cost(&game, Colour::White);
        assert_eq!(white.units, 29);
        assert_eq!(white.tree, 28);
    }

    #[test]
    fn a_unit_walled_off_needs_no_joining() {
        // White A1 walled in by Black B1 and A2; White C2 and E2 one point apart.
        let game = Ayu::from_pieces(&["A1", "C2", "E2"], &["B1", "A2"], Colour::White).expect("a position");
        let white = joining_cost(&game, Colour::White);
        assert_eq!((white.units, white.tree, white.longest), (3, 1, 1));
        let black = joining_cost(&game, Colour::Black);
        assert_eq!((black.units, black.tree), (2, 1), "B1 and A2 are one point apart, through B2");
    }
}
