//! The move heuristics every engine shares: how roomy an exploration point is, how good a liberty
//! is for an expansion, and the fixed-rule policy (explore until N groups, then expand) that the
//! baseline plays and the player's playouts follow with noise.

use arrayvec::ArrayVec;
use protocol::Rng;

use crate::board::{Bits, Point, SIZE};
use crate::game::{Move, Symple, Turn, MAX_GROUPS};
use crate::settings::Settings;

/// The board's rings: `RINGS[k]` holds the points `k` steps from the border.
const RINGS: [Bits; 8] = {
    let mut rings = [Bits::EMPTY; 8];
    let mut k = 0;
    while k < 8 {
        rings[k] = ring(k);
        k += 1;
    }
    rings
};

const fn ring(k: usize) -> Bits {
    let mut words = [0u64; 4];
    let mut row = 0;
    while row < SIZE {
        let mut col = 0;
        while col < SIZE {
            let from_border = min(min(row, SIZE - 1 - row), min(col, SIZE - 1 - col));
            if from_border == k {
                let bit = row * 16 + col;
                words[bit / 64] |= 1 << (bit % 64);
            }
            col += 1;
        }
        row += 1;
    }
    Bits::from_words(words)
}

const fn min(a: usize, b: usize) -> usize {
    if a < b {
        a
    } else {
        b
    }
}

/// The vacant points by room, `layers[k]` holding those with room `k + 1`: the room of a point is
/// the number of steps to the nearest stone of either colour, or to just past the border,
/// whichever is fewer.
fn room_layers(game: &Symple) -> ArrayVec<Bits, 16> {
    let mut covered = game.stones(crate::Colour::White) | game.stones(crate::Colour::Black);
    let mut layers = ArrayVec::new();
    for ring in RINGS.iter().copied().chain(std::iter::repeat(Bits::EMPTY)).take(16) {
        let next = covered | covered.neighbours() | ring;
        let fresh = next & !covered;
        if fresh.is_empty() {
            break;
        }
        layers.push(fresh);
        covered = next;
    }
    layers
}

/// The roomiest vacant points and their room (0 on a full board).
pub fn roomiest(game: &Symple) -> (Bits, u32) {
    let layers = room_layers(game);
    (layers.last().copied().unwrap_or(Bits::EMPTY), layers.len() as u32)
}

/// The explorations ranked by room, roomiest first (ties in point order), at most `limit`.
pub fn exploration_candidates(game: &Symple, turn: &Turn, limit: usize) -> ArrayVec<(Point, u32), 16> {
    let mut ranked = ArrayVec::new();
    for (room, layer) in room_layers(game).iter().enumerate().rev() {
        for point in (*layer & turn.explorations).points() {
            if ranked.len() == limit.min(16) {
                return ranked;
            }
            ranked.push((point, room as u32 + 1));
        }
    }
    ranked
}

/// How good `point` is as the stone growing a group: merging groups, room to grow into, and
/// opponent liberties taken.
pub fn liberty_score(game: &Symple, turn: &Turn, point: Point, placed: Bits, settings: &Settings) -> f64 {
    let mover = game.to_move();
    let own = game.stones(mover) | placed;
    let theirs = game.stones(mover.other());
    let empty = game.empty() & !placed;
    let merged = turn.touching(point).count_ones().saturating_sub(1);
    let around = point.bit().neighbours() & empty;
    let room = (around & !own.neighbours()).count();
    let blocked = (point.bit() & theirs.neighbours()).count() + (around & theirs.neighbours()).count() / 2;
    settings.merge_weight * f64::from(merged)
        + settings.room_weight * f64::from(room)
        + settings.block_weight * f64::from(blocked)
}

/// A maximal expansion that takes, group by group (the most constrained first), the liberty with
/// the best [`liberty_score`] plus uniform noise in `0..noise`.
pub fn greedy_expansion(game: &Symple, turn: &Turn, settings: &Settings, noise: f64, rng: &mut Rng) -> Bits {
    let mut order: ArrayVec<u8, MAX_GROUPS> = (0..turn.groups.len() as u8).collect();
    if noise > 0.0 {
        rng.shuffle(&mut order);
    }
    order.sort_by_key(|&g| turn.liberties[usize::from(g)].count());
    let mut placed = Bits::EMPTY;
    turn.build_expansion(&order, |_, open, _| {
        let mut best = (f64::MIN, None);
        for point in open.points() {
            let score = liberty_score(game, turn, point, placed, settings) + noise * rng.unit();
            if score > best.0 {
                best = (score, Some(point));
            }
        }
        if let Some(point) = best.1 {
            placed.insert(point);
        }
        best.1
    })
}

/// The fixed-rule policy: explore (at a roomiest point, picked at random) while the mover has
/// fewer than `target` groups and some exploration has `explore_room`; otherwise expand (with
/// Black's special move while it lasts, when a roomy point is left for its exploration stone);
/// explore only when no group can grow.
pub fn fixed_rule_move(game: &Symple, target: u32, settings: &Settings, noise: f64, rng: &mut Rng) -> Move {
    let turn = Turn::new(game);
    let own_groups = turn.groups.len() as u32;
    let can_expand = !turn.all_liberties.is_empty();
    let (roomy, room) = roomiest(game);
    let roomy = roomy & turn.explorations;
    let wants_group = own_groups < target && room >= settings.explore_room && !roomy.is_empty();
    if wants_group || !can_expand {
        let pool = if roomy.is_empty() { turn.explorations } else { roomy };
        let point = pool.nth(rng.below(pool.count() as usize) as u32).expect("a vacant point");
        return Move::single(point);
    }
    let mut stones = greedy_expansion(game, &turn, settings, noise, rng);
    if turn.special && room >= settings.explore_room {
        let spots = roomy & !(stones | stones.neighbours());
        if let Some(spot) = spots.nth(rng.below(spots.count().max(1) as usize) as u32) {
            stones.insert(spot);
        }
    }
    Move { stones }
}
