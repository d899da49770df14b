//! Fast random play for the Monte-Carlo player, on bare bitboards.
//!
//! A playout move picks one of the mover's units at random, then a first step towards its nearest
//! other unit (a point next to the unit on some shortest path, rules §4.2; with [`PointValues`]
//! often the step whose point has the best share of won playouts for its side), then a piece to
//! lift whose absence leaves the rest of the unit in one piece still touching that step: the
//! farthest such piece from the step (`mcts_lift_far`: the unit crawls, its tail to its head), or a
//! random one. Every such move is legal: the unit ends one step closer than before. The generator
//! leaves out only the rare group moves that lift a cut point and are joined again by the step,
//! which a random player can do without. With [`Replies`], a playout first tries the answer that
//! last won after the previous move.

use arrayvec::ArrayVec;

use protocol::Rng;

use crate::board::{distance_below, flood, neighbours, Bits, Point, Points, ALL, POINTS};
use crate::engine::eval::{units, MAX_UNITS};
use crate::game::{Ayu, Colour, Move};

/// A position as playouts see it: the pieces of each colour and the side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Sketch {
    pub pieces: [Bits; 2],
    pub to_move: Colour,
}

impl Sketch {
    pub fn of(game: &Ayu) -> Sketch {
        Sketch { pieces: [game.pieces(Colour::White), game.pieces(Colour::Black)], to_move: game.to_move() }
    }

    fn empty(&self) -> Bits {
        ALL & !(self.pieces[0] | self.pieces[1])
    }

    /// Plays `mv`, which must be legal.
    pub fn make(&mut self, mv: Move) {
        self.pieces[self.to_move.index()] ^= mv.from.bit() | mv.to.bit();
        self.to_move = self.to_move.other();
    }
}

/// A uniformly random point of a non-empty set.
#[inline]
pub fn random_point(bits: Bits, rng: &mut Rng) -> Point {
    debug_assert!(bits != 0);
    let low = bits as u64;
    let count_low = low.count_ones() as usize;
    let pick = rng.below(count_low + (bits >> 64).count_ones() as usize);
    let (mut word, mut skip, offset) =
        if pick < count_low { (low, pick, 0) } else { ((bits >> 64) as u64, pick - count_low, 64) };
    while skip > 0 {
        word &= word - 1;
        skip -= 1;
    }
    Point::from_index(offset + word.trailing_zeros() as usize)
}

/// The points next to `unit` from which a shortest path through `empty` leads on to some point
/// of `others`, and the number of empty points on such a path; `(0, 0)` when no path exists.
#[inline]
pub fn first_steps(unit: Bits, others: Bits, empty: Bits) -> (Bits, u32) {
    // Not an array: zeroing 121 rings on every call cost more than the walk.
    let mut rings: ArrayVec<Bits, POINTS> = ArrayVec::new();
    let mut seen = unit;
    let mut frontier = unit;
    loop {
        let next = neighbours(frontier);
        if !rings.is_empty() && next & others != 0 {
            break;
        }
        let ring = next & empty & !seen;
        if ring == 0 {
            return (0, 0);
        }
        rings.push(ring);
        seen |= ring;
        frontier = ring;
    }
    // Walk back from the last ring: keep the points that lead on to what was kept after them.
    let length = rings.len();
    let mut kept = rings[length - 1] & neighbours(others);
    for ring in rings[..length - 1].iter().rev() {
        kept = ring & neighbours(kept);
    }
    (kept, length as u32)
}

/// Whether `rest`, a unit of two or more pieces without `from`, is still one unit.
#[inline]
fn leaves_whole(from: Point, rest: Bits) -> bool {
    // A piece with one neighbour in its unit is an end: lifting it cannot split the rest (one
    // bit: no population count, which is slow without the instruction).
    let touching = from.neighbours() & rest;
    debug_assert!(touching != 0, "a piece of a unit of two or more touches the rest");
    touching & (touching - 1) == 0 || flood(rest & rest.wrapping_neg(), rest) == rest
}

/// A random move of the side to move, whose units are `units`, as described in the module
/// comment (with `steps_by`, the best-valued first step with the given chance): the move, the
/// distance its unit had before it (1 when the move joins two units) and the index in `units` of
/// the unit that moves; `None` when the side has no unit able to move (then it has won).
fn random_move_of(
    sketch: &Sketch,
    units: &[Bits],
    rng: &mut Rng,
    lift_far: bool,
    steps_by: Option<(&PointValues, f64)>,
) -> Option<(Move, u32, usize)> {
    if units.len() < 2 {
        return None;
    }
    let own = sketch.pieces[sketch.to_move.index()];
    let empty = sketch.empty();
    // The units not tried yet, by index, in a random order drawn as it goes.
    let mut untried: ArrayVec<u8, MAX_UNITS> = (0..units.len() as u8).collect();
    while !untried.is_empty() {
        let index = usize::from(untried.swap_remove(rng.below(untried.len())));
        let unit = units[index];
        let (steps, distance) = first_steps(unit, own & !unit, empty);
        if steps == 0 {
            continue;
        }
        let to = match steps_by {
            Some((values, greed)) if steps & (steps - 1) != 0 && rng.chance(greed) => {
                values.best(sketch.to_move, steps)
            }
            _ => random_point(steps, rng),
        };
        // A lone piece (one bit; no population count, which is slow without the instruction).
        if unit & (unit - 1) == 0 {
            return Some((Move { from: Point::lowest(unit), to }, distance, index));
        }
        if lift_far {
            // The unit's pieces by their distance from `to` through the unit, farthest first.
            let mut layers: ArrayVec<Bits, POINTS> = ArrayVec::new();
            let (mut seen, mut frontier) = (to.bit(), to.bit());
            loop {
                let next = neighbours(frontier) & unit & !seen;
                if next == 0 {
                    break;
                }
                layers.push(next);
                seen |= next;
                frontier = next;
            }
            if let Some(from) = layers.iter().rev().find_map(|&layer| random_lift(layer, unit, to, rng)) {
                return Some((Move { from, to }, distance, index));
            }
            continue;
        }
        if let Some(from) = random_lift(unit, unit, to, rng) {
            return Some((Move { from, to }, distance, index));
        }
    }
    None
}

/// A random piece of `candidates` (pieces of `unit`, two or more pieces) whose lift leaves the rest
/// of the unit whole and touching `to`; `None` when none does.
fn random_lift(mut candidates: Bits, unit: Bits, to: Point, rng: &mut Rng) -> Option<Point> {
    while candidates != 0 {
        let from = random_point(candidates, rng);
        candidates &= !from.bit();
        let rest = unit & !from.bit();
        if to.neighbours() & rest != 0 && leaves_whole(from, rest) {
            return Some(from);
        }
    }
    None
}

/// Last good reply with forgetting (Baier and Drake, 2010): for each colour, by the destination of
/// the move before, the answer that colour played the last time it went on to win a playout from
/// there; an answer whose playout was lost is forgotten. Playouts play the remembered answer when
/// the generator could make it. Keyed by the whole previous move (lift and destination) it did no
/// better (`docs/journal/ayu.md#last-good-reply`).
pub struct Replies {
    /// By colour, then by the previous move's destination: the answer as lift and destination
    /// indices, or `NO_REPLY`.
    table: [[u16; POINTS]; 2],
}

const NO_REPLY: u16 = u16::MAX;

impl Replies {
    pub fn new() -> Replies {
        Replies { table: [[NO_REPLY; POINTS]; 2] }
    }

    fn code(mv: Move) -> u16 {
        (mv.from.index() * POINTS + mv.to.index()) as u16
    }

    /// The remembered answer of `colour` to `previous`.
    pub fn get(&self, colour: Colour, previous: Move) -> Option<Move> {
        let code = self.table[colour.index()][previous.to.index()];
        (code != NO_REPLY).then(|| Move {
            from: Point::from_index(usize::from(code) / POINTS),
            to: Point::from_index(usize::from(code) % POINTS),
        })
    }

    /// Learns from a finished playout: `moves` in the order played (the descent's, then the
    /// playout's), the first by `first_mover`; `winner` won it.
    pub fn learn(&mut self, moves: &[Move], first_mover: Colour, winner: Colour) {
        // The mover of each pair's answer.
        let mut mover = first_mover.other();
        for pair in moves.windows(2) {
            let slot = &mut self.table[mover.index()][pair[0].to.index()];
            if mover == winner {
                *slot = Replies::code(pair[1]);
            } else if *slot == Replies::code(pair[1]) {
                *slot = NO_REPLY;
            }
            mover = mover.other();
        }
    }
}

impl Default for Replies {
    fn default() -> Replies {
        Replies::new()
    }
}

/// Move-average sampling over destinations (after Finnsson and Björnsson's MAST): for each colour
/// and point, the playouts in which that colour moved to the point and the share it won; playouts
/// may take the best-valued first step instead of a random one.
pub struct PointValues {
    wins: [[f32; POINTS]; 2],
    visits: [[f32; POINTS]; 2],
}

impl PointValues {
    pub fn new() -> PointValues {
        PointValues { wins: [[0.0; POINTS]; 2], visits: [[0.0; POINTS]; 2] }
    }

    /// Learns from a finished playout: `filled` are the points each colour moved to.
    pub fn record(&mut self, filled: &[Bits; 2], winner: Colour) {
        for colour in [Colour::White, Colour::Black] {
            let won = if colour == winner { 1.0 } else { 0.0 };
            for point in Points(filled[colour.index()]) {
                self.visits[colour.index()][point.index()] += 1.0;
                self.wins[colour.index()][point.index()] += won;
            }
        }
    }

    /// Scales every count by `factor`, so that older playouts weigh less.
    pub fn decay(&mut self, factor: f32) {
        for count in self.visits.iter_mut().chain(self.wins.iter_mut()).flatten() {
            *count *= factor;
        }
    }

    pub fn value(&self, colour: Colour, point: Point) -> f32 {
        (self.wins[colour.index()][point.index()] + 1.0) / (self.visits[colour.index()][point.index()] + 2.0)
    }

    /// The point of `points` (not empty) with the highest value for `colour`.
    fn best(&self, colour: Colour, points: Bits) -> Point {
        let mut best = Point::lowest(points);
        let mut best_value = f32::NEG_INFINITY;
        for point in Points(points) {
            let value = self.value(colour, point);
            if value > best_value {
                best_value = value;
                best = point;
            }
        }
        best
    }
}

impl Default for PointValues {
    fn default() -> PointValues {
        PointValues::new()
    }
}

/// Move-average values of whole moves: for each colour and move (lift and destination), the
/// playouts in which that colour played it and the share it won, for the tree's choice. A move
/// seen in few playouts is valued mostly by its destination's [`PointValues`].
pub struct MoveValues {
    // By colour, lift and destination, on the heap (117 KB each).
    wins: Vec<f32>,
    visits: Vec<f32>,
}

impl MoveValues {
    pub fn new() -> MoveValues {
        MoveValues { wins: vec![0.0; 2 * POINTS * POINTS], visits: vec![0.0; 2 * POINTS * POINTS] }
    }

    fn slot(colour: Colour, mv: Move) -> usize {
        (colour.index() * POINTS + mv.from.index()) * POINTS + mv.to.index()
    }

    /// Learns from a finished playout: `moves` in the order played, the first by `first_mover`.
    pub fn record(&mut self, moves: &[Move], first_mover: Colour, winner: Colour) {
        let mut mover = first_mover;
        for &mv in moves {
            let slot = MoveValues::slot(mover, mv);
            self.visits[slot] += 1.0;
            if mover == winner {
                self.wins[slot] += 1.0;
            }
            mover = mover.other();
        }
    }

    /// Scales every count by `factor`, so that older playouts weigh less.
    pub fn decay(&mut self, factor: f32) {
        for count in self.visits.iter_mut().chain(self.wins.iter_mut()) {
            *count *= factor;
        }
    }

    /// The share of the playouts with `mv` that `colour` won, `fallback` counting as `weight` of
    /// them.
    pub fn value(&self, colour: Colour, mv: Move, fallback: f32, weight: f32) -> f32 {
        let slot = MoveValues::slot(colour, mv);
        (self.wins[slot] + weight * fallback) / (self.visits[slot] + weight)
    }
}

impl Default for MoveValues {
    fn default() -> MoveValues {
        MoveValues::new()
    }
}

/// `mv` as [`random_move_of`] would give it (with its distance and unit index) when the generator
/// could make it for the side to move, whose units are `units`; `None` otherwise.
fn generated_move(sketch: &Sketch, units: &[Bits], mv: Move) -> Option<(Move, u32, usize)> {
    let own = sketch.pieces[sketch.to_move.index()];
    let empty = sketch.empty();
    if units.len() < 2 || own & mv.from.bit() == 0 || empty & mv.to.bit() == 0 {
        return None;
    }
    let index = units.iter().position(|&unit| unit & mv.from.bit() != 0)?;
    let unit = units[index];
    let (steps, distance) = first_steps(unit, own & !unit, empty);
    if steps & mv.to.bit() == 0 {
        return None;
    }
    let rest = unit & !mv.from.bit();
    (rest == 0 || mv.to.neighbours() & rest != 0 && leaves_whole(mv.from, rest))
        .then_some((mv, distance, index))
}

/// Whether `colour`, whose units are `units`, has a unit with a path to another one (so a move).
fn can_move_of(sketch: &Sketch, colour: Colour, units: &[Bits]) -> bool {
    if units.len() < 2 {
        return false;
    }
    let own = sketch.pieces[colour.index()];
    let empty = sketch.empty();
    units.iter().any(|&unit| distance_below(unit, own & !unit, empty, u32::MAX).is_some())
}

/// A move of the side to move, uniformly among those the generator makes (see the module comment)
/// that open a path again between two units of `stuck`, whose units are `stuck_units` and have
/// none; its distance and unit index as [`random_move_of`] gives them. `None` when no move does.
fn rescue_move(
    sketch: &Sketch,
    units: &[Bits],
    stuck: Colour,
    stuck_units: &[Bits],
    rng: &mut Rng,
) -> Option<(Move, u32, usize)> {
    let own = sketch.pieces[sketch.to_move.index()];
    let empty = sketch.empty();
    // A new path runs through the point a move lifts from (filling a point opens nothing), so
    // that point touches the regions of two stuck units, which are apart: a region is a unit and
    // the empty points it reaches.
    let (mut touches_one, mut touches_two) = (0, 0);
    for &unit in stuck_units {
        let region = neighbours(flood(unit, unit | empty));
        touches_two |= touches_one & region;
        touches_one |= region;
    }
    let liftable = touches_two & own;
    if liftable == 0 {
        return None;
    }
    let (mut found, mut choice) = (0, None);
    for (index, &unit) in units.iter().enumerate() {
        if unit & liftable == 0 {
            continue;
        }
        let (steps, distance) = first_steps(unit, own & !unit, empty);
        for from in Points(unit & liftable) {
            let rest = unit & !from.bit();
            if rest != 0 && !leaves_whole(from, rest) {
                continue;
            }
            for to in Points(steps) {
                if rest != 0 && to.neighbours() & rest == 0 {
                    continue;
                }
                let mv = Move { from, to };
                let mut after = *sketch;
                after.make(mv);
                if can_move_of(&after, stuck, stuck_units) {
                    // One pass, each such move kept with an equal chance (reservoir sampling).
                    found += 1;
                    if rng.below(found) == 0 {
                        choice = Some((mv, distance, index));
                    }
                }
            }
        }
    }
    choice
}

/// The units of a colour after the move `mv` of the unit at `index`: that unit with `mv` made,
/// joined to every unit its destination touches. `pieces` are the colour's pieces after the move.
fn move_unit(units: &mut ArrayVec<Bits, MAX_UNITS>, index: usize, mv: Move, pieces: Bits) {
    let mut moved = units[index] ^ mv.from.bit() ^ mv.to.bit();
    let touched = mv.to.neighbours();
    // Most moves step towards another unit without reaching it: nothing to join.
    if touched & pieces & !moved == 0 {
        units[index] = moved;
        return;
    }
    units.swap_remove(index);
    let mut i = 0;
    while i < units.len() {
        if units[i] & touched != 0 {
            moved |= units.swap_remove(i);
        } else {
            i += 1;
        }
    }
    units.push(moved);
}

/// How playouts choose their moves.
#[derive(Clone, Copy, Debug)]
pub struct PlayoutPolicy {
    /// A playout still running after this many plies is cut off (a draw).
    pub max_plies: u32,
    /// Tries at a rescue: when a join leaves its side with units apart and no path between them
    /// (it will win at its next turn), the opponent tries this many random moves for one that
    /// opens a path again before it settles for a random move.
    pub rescue_tries: u32,
    /// Rescue by every move instead of random tries: the opponent of a side that has shut itself
    /// in plays, when one exists, a move that opens a path again (Mamay tries every move from an
    /// edge point).
    pub exhaustive_rescue: bool,
    /// Lift the piece of the moving unit farthest from the step (through the unit) that the
    /// move allows, instead of a random one.
    pub lift_far: bool,
}

/// What a playout remembers and records: the last good replies' table (when they are used), the
/// move that led to the playout's position, and the moves it plays (appended).
pub struct ReplyMemory<'a> {
    pub replies: Option<&'a Replies>,
    pub last: Option<Move>,
    pub played: &'a mut Vec<Move>,
}

/// Plays moves from `sketch` as `policy` says until a side is left without a move, or
/// `policy.max_plies` plies; returns the winner (`None` when cut off) and the plies played, and
/// adds the destinations of each colour's moves to `filled`. With `memory`, a remembered good
/// reply to the previous move is played when the generator could make it. With `steps_by`
/// (values and a share), a random move takes that share of the time the best-valued first step.
pub fn playout(
    mut sketch: Sketch,
    rng: &mut Rng,
    policy: &PlayoutPolicy,
    filled: &mut [Bits; 2],
    mut memory: Option<ReplyMemory>,
    steps_by: Option<(&PointValues, f64)>,
) -> (Option<Colour>, u32) {
    // Each colour's units, kept up to date move by move rather than found again each ply.
    let mut units = [units(sketch.pieces[0]), units(sketch.pieces[1])];
    // The side that has just shut itself in, if any.
    let mut shut_in: Option<Colour> = None;
    for plies in 0..policy.max_plies {
        let mover = sketch.to_move;
        let mut chosen = None;
        if let Some(stuck) = shut_in.filter(|_| policy.exhaustive_rescue) {
            chosen = rescue_move(&sketch, &units[mover.index()], stuck, &units[stuck.index()], rng);
        } else if let Some(stuck) = shut_in {
            for _ in 0..policy.rescue_tries {
                let Some(choice) = random_move_of(&sketch, &units[mover.index()], rng, policy.lift_far, None)
                else {
                    break;
                };
                let mut after = sketch;
                after.make(choice.0);
                // The mover's move leaves the stuck side's units as they were.
                if can_move_of(&after, stuck, &units[stuck.index()]) {
                    chosen = Some(choice);
                    break;
                }
            }
        } else if let Some(ReplyMemory { replies: Some(replies), last: Some(last), .. }) = memory.as_ref() {
            chosen = replies
                .get(mover, *last)
                .and_then(|reply| generated_move(&sketch, &units[mover.index()], reply));
        }
        let (mv, distance, index) = match chosen
            .or_else(|| random_move_of(&sketch, &units[mover.index()], rng, policy.lift_far, steps_by))
        {
            Some(choice) => choice,
            None => return (Some(mover), plies),
        };
        filled[mover.index()] |= mv.to.bit();
        if let Some(memory) = memory.as_mut() {
            memory.last = Some(mv);
            memory.played.push(mv);
        }
        sketch.make(mv);
        move_unit(&mut units[mover.index()], index, mv, sketch.pieces[mover.index()]);
        debug_assert_eq!(
            units[mover.index()].iter().fold(0, |all, unit| all | unit),
            sketch.pieces[mover.index()],
            "the units cover the pieces"
        );
        // Only a join can leave the mover without a path: any other move ends one step closer.
        shut_in = ((policy.rescue_tries > 0 || policy.exhaustive_rescue)
            && distance == 1
            && !can_move_of(&sketch, mover, &units[mover.index()]))
        .then_some(mover);
    }
    (None, policy.max_plies)
}

#[cfg(test)]
mod tests {
    use super::*;
    use protocol::Game;

    /// How many steps through `unit` each of its pieces is from `to`, a point next to it.
    fn steps_through(unit: Bits, to: Point) -> impl Fn(Point) -> usize {
        let mut layers = Vec::new();
        let (mut seen, mut frontier) = (to.bit(), to.bit());
        while neighbours(frontier) & unit & !seen != 0 {
            frontier = neighbours(frontier) & unit & !seen;
            seen |= frontier;
            layers.push(frontier);
        }
        move |piece| {
            1 + layers.iter().position(|&layer| layer & piece.bit() != 0).expect("a piece of the unit")
        }
    }

    #[test]
    fn every_playout_move_is_legal_and_a_stuck_side_has_won() {
        let mut rng = Rng::new(7);
        for game_number in 0..80 {
            // Half the games lift the farthest piece the move allows, half a random one.
            let lift_far = game_number % 2 == 1;
            let mut game = Ayu::new();
            loop {
                let sketch = Sketch::of(&game);
                match random_move_of(
                    &sketch,
                    &units(sketch.pieces[sketch.to_move.index()]),
                    &mut rng,
                    lift_far,
                    None,
                ) {
                    Some((mv, distance, _)) => {
                        let unit = game.unit_of(mv.from);
                        let others = game.pieces(game.to_move()) & !unit;
                        assert_eq!(distance_below(unit, others, game.empty(), u32::MAX), Some(distance + 1));
                        if lift_far && unit & (unit - 1) != 0 {
                            // No other lift towards the same step is farther from it.
                            let steps = steps_through(unit, mv.to);
                            for from in Points(unit) {
                                let rest = unit & !from.bit();
                                if mv.to.neighbours() & rest != 0 && leaves_whole(from, rest) {
                                    assert!(
                                        steps(from) <= steps(mv.from),
                                        "{mv}: {from} is farther\n{}",
                                        game.render()
                                    );
                                }
                            }
                        }
                        assert_eq!(
                            game.check(mv),
                            Ok(()),
                            "{mv} after {} plies\n{}",
                            game.plies(),
                            game.render()
                        );
                        game.apply(mv);
                    }
                    None => {
                        // The generator may miss cut-point lifts, so compare with the full one.
                        if game.has_legal() {
                            let _ = game.check(game.first_legal().expect("a move"));
                            assert!(
                                only_cut_point_lifts(&game),
                                "playouts see no move but the game has one\n{}",
                                game.render()
                            );
                        }
                        break;
                    }
                }
                assert!(game.plies() < 2000, "a random game went on for 2000 plies");
            }
        }
    }

    #[test]
    fn units_kept_move_by_move_are_the_units_found_again() {
        let mut rng = Rng::new(11);
        let sorted = |units: &[Bits]| {
            let mut units = units.to_vec();
            units.sort_unstable();
            units
        };
        let mut moves = 0;
        for _ in 0..60 {
            let mut sketch = Sketch::of(&Ayu::new());
            let mut kept = [units(sketch.pieces[0]), units(sketch.pieces[1])];
            while let Some((mv, _, index)) =
                random_move_of(&sketch, &kept[sketch.to_move.index()], &mut rng, false, None)
            {
                let mover = sketch.to_move.index();
                sketch.make(mv);
                move_unit(&mut kept[mover], index, mv, sketch.pieces[mover]);
                assert_eq!(sorted(&kept[mover]), sorted(&units(sketch.pieces[mover])), "after {mv}");
                moves += 1;
            }
        }
        assert!(moves > 60 * 30, "the playouts were played ({moves} moves)");
    }

    /// Every move the generator can make, by brute force: each unit, piece and first step.
    fn generator_moves(sketch: &Sketch, units: &[Bits]) -> Vec<Move> {
        let own = sketch.pieces[sketch.to_move.index()];
        let mut moves = Vec::new();
        for &unit in units {
            let (steps, _) = first_steps(unit, own & !unit, sketch.empty());
            for from in Points(unit) {
                let rest = unit & !from.bit();
                for to in Points(steps) {
                    let whole = rest == 0 || flood(rest & rest.wrapping_neg(), rest) == rest;
                    if whole && (rest == 0 || to.neighbours() & rest != 0) {
                        moves.push(Move { from, to });
                    }
                }
            }
        }
        moves
    }

    #[test]
    fn point_values_count_each_colour_s_wins_and_fade() {
        let point = Point::from_index;
        let mut values = PointValues::new();
        // White moved to 5 and 6, Black to 7; White won, then White to 6 alone lost.
        values.record(&[point(5).bit() | point(6).bit(), point(7).bit()], Colour::White);
        values.record(&[point(6).bit(), 0], Colour::Black);
        assert_eq!(values.value(Colour::White, point(5)), 2.0 / 3.0);
        assert_eq!(values.value(Colour::White, point(6)), 2.0 / 4.0);
        assert_eq!(values.value(Colour::Black, point(7)), 1.0 / 3.0);
        assert_eq!(values.value(Colour::Black, point(5)), 0.5, "never seen: a half");
        assert_eq!(values.best(Colour::White, point(5).bit() | point(6).bit() | point(9).bit()), point(5));
        assert_eq!(values.best(Colour::Black, point(7).bit() | point(9).bit()), point(9));
        values.decay(0.5);
        assert_eq!(values.value(Colour::White, point(5)), 1.5 / 2.5);
    }

    #[test]
    fn move_values_count_each_movers_wins_and_lean_on_the_fallback() {
        let mv = |from, to| Move { from: Point::from_index(from), to: Point::from_index(to) };
        let mut values = MoveValues::new();
        // White plays 1-2, Black 3-4, White 1-2 again; Black wins.
        values.record(&[mv(1, 2), mv(3, 4), mv(1, 2)], Colour::White, Colour::Black);
        // Black plays 1-2 and wins.
        values.record(&[mv(1, 2)], Colour::Black, Colour::Black);
        assert_eq!(values.value(Colour::White, mv(1, 2), 0.5, 2.0), 1.0 / 4.0);
        assert_eq!(values.value(Colour::Black, mv(3, 4), 0.5, 2.0), 2.0 / 3.0);
        assert_eq!(values.value(Colour::Black, mv(1, 2), 0.25, 1.0), 1.25 / 2.0);
        assert_eq!(values.value(Colour::White, mv(3, 4), 0.7, 5.0), 0.7, "never seen: the fallback");
        values.decay(0.5);
        assert_eq!(values.value(Colour::White, mv(1, 2), 0.5, 2.0), 1.0 / 3.0);
    }

    #[test]
    fn a_greedy_step_is_the_best_valued_first_step() {
        let mut rng = Rng::new(23);
        let mut values = PointValues::new();
        // Values that differ from point to point: each colour has won with some random points.
        for _ in 0..200 {
            let mut filled = [0; 2];
            for points in &mut filled {
                for _ in 0..10 {
                    *points |= Point::from_index(rng.below(POINTS)).bit();
                }
            }
            values.record(&filled, if rng.chance(0.5) { Colour::White } else { Colour::Black });
        }
        let mut checked = 0;
        for _ in 0..10 {
            let mut game = Ayu::new();
            for _ in 0..50 {
                let sketch = Sketch::of(&game);
                let own_units = units(sketch.pieces[sketch.to_move.index()]);
                let Some((mv, _, index)) =
                    random_move_of(&sketch, &own_units, &mut rng, true, Some((&values, 1.0)))
                else {
                    break;
                };
                assert_eq!(game.check(mv), Ok(()), "{mv}\n{}", game.render());
                let unit = own_units[index];
                let own = sketch.pieces[sketch.to_move.index()];
                let (steps, _) = first_steps(unit, own & !unit, sketch.empty());
                let best = Points(steps).map(|point| values.value(sketch.to_move, point)).fold(0.0, f32::max);
                assert_eq!(values.value(sketch.to_move, mv.to), best, "{mv}\n{}", game.render());
                checked += usize::from(steps & (steps - 1) != 0);
                game.apply(mv);
            }
        }
        assert!(checked > 100, "only {checked} moves had a choice of steps");
    }

    #[test]
    fn a_reply_is_kept_after_a_won_playout_and_forgotten_after_a_lost_one() {
        let mv = |from: usize, to: usize| Move { from: Point::from_index(from), to: Point::from_index(to) };
        let (opening, answer, next) = (mv(1, 2), mv(50, 51), mv(3, 4));
        let mut replies = Replies::new();
        // White opened, Black answered and won: Black's answer is kept, White's is not.
        replies.learn(&[opening, answer, next], Colour::White, Colour::Black);
        assert_eq!(replies.get(Colour::Black, opening), Some(answer));
        assert_eq!(replies.get(Colour::Black, mv(9, 2)), Some(answer), "keyed by the destination only");
        assert_eq!(replies.get(Colour::White, answer), None);
        assert_eq!(replies.get(Colour::White, opening), None);
        // The same answer then lost: forgotten. Another answer that lost leaves a kept one be.
        replies.learn(&[opening, mv(60, 61)], Colour::White, Colour::White);
        assert_eq!(replies.get(Colour::Black, opening), Some(answer));
        replies.learn(&[opening, answer], Colour::White, Colour::White);
        assert_eq!(replies.get(Colour::Black, opening), None);
    }

    #[test]
    fn a_remembered_reply_is_played_exactly_when_the_generator_could_make_it() {
        let mut rng = Rng::new(17);
        let mut checked = 0;
        for _ in 0..20 {
            let mut sketch = Sketch::of(&Ayu::new());
            for _ in 0..60 {
                let own_units = units(sketch.pieces[sketch.to_move.index()]);
                let made = generator_moves(&sketch, &own_units);
                let own = sketch.pieces[sketch.to_move.index()];
                for from in Points(own) {
                    for to in Points(sketch.empty()) {
                        let candidate = Move { from, to };
                        let found = generated_move(&sketch, &own_units, candidate);
                        assert_eq!(found.is_some(), made.contains(&candidate), "{candidate}");
                        if let Some((_, distance, index)) = found {
                            let unit = own_units[index];
                            assert!(unit & from.bit() != 0);
                            assert_eq!(first_steps(unit, own & !unit, sketch.empty()).1, distance);
                            checked += 1;
                        }
                    }
                }
                let Some((mv, _, _)) = random_move_of(&sketch, &own_units, &mut rng, false, None) else {
                    break;
                };
                sketch.make(mv);
            }
        }
        assert!(checked > 1000, "replies were checked ({checked})");
    }

    #[test]
    fn an_exhaustive_rescue_finds_a_freeing_move_when_one_exists() {
        // Every move the generator can make, by brute force: each unit, piece and first step.
        let mut rng = Rng::new(13);
        let (mut shut_ins, mut rescues) = (0, 0);
        for _ in 0..300 {
            let mut game = Ayu::new();
            let mut sketch = Sketch::of(&game);
            let mut kept = [units(sketch.pieces[0]), units(sketch.pieces[1])];
            while let Some((mv, distance, index)) =
                random_move_of(&sketch, &kept[sketch.to_move.index()], &mut rng, false, None)
            {
                let stuck = sketch.to_move;
                sketch.make(mv);
                game.apply(mv);
                move_unit(&mut kept[stuck.index()], index, mv, sketch.pieces[stuck.index()]);
                if distance != 1 || can_move_of(&sketch, stuck, &kept[stuck.index()]) {
                    continue;
                }
                shut_ins += 1;
                let mover = sketch.to_move.index();
                let freeing: Vec<Move> = generator_moves(&sketch, &kept[mover])
                    .into_iter()
                    .filter(|&candidate| {
                        let mut after = sketch;
                        after.make(candidate);
                        can_move_of(&after, stuck, &kept[stuck.index()])
                    })
                    .collect();
                match rescue_move(&sketch, &kept[mover], stuck, &kept[stuck.index()], &mut rng) {
                    Some((rescue, _, unit)) => {
                        rescues += 1;
                        assert!(freeing.contains(&rescue), "{rescue} frees\n{}", game.render());
                        assert_eq!(game.check(rescue), Ok(()), "{rescue}\n{}", game.render());
                        assert!(kept[mover][unit] & rescue.from.bit() != 0, "the unit of {rescue}");
                    }
                    None => assert_eq!(freeing, vec![], "no rescue found\n{}", game.render()),
                }
                // The game goes on from there (the stuck side has won): next playout.
                break;
            }
        }
        assert!(shut_ins > 50 && rescues > 5, "{shut_ins} shut in, {rescues} rescued");
    }

    /// Whether every legal move lifts a cut point of its unit (the moves playouts leave out).
    fn only_cut_point_lifts(game: &Ayu) -> bool {
        let own = game.pieces(game.to_move());
        let mut all = true;
        let _ = game.for_each_legal(|mv| {
            let unit = flood(mv.from.bit(), own);
            let rest = unit & !mv.from.bit();
            if rest == 0 || flood(rest & rest.wrapping_neg(), rest) == rest {
                all = false;
            }
            std::ops::ControlFlow::Continue(())
        });
        all
    }

    #[test]
    fn first_steps_are_the_points_on_shortest_paths() {
        // White A1 and A5 with Black on B2..B4: the only shortest path is up column A.
        let game = Ayu::from_pieces(&["A1", "A5"], &["B2", "B3", "B4"], Colour::White).expect("a position");
        let sketch = Sketch::of(&game);
        let a1 = Point::parse("A1").expect("a point").bit();
        let a5 = Point::parse("A5").expect("a point").bit();
        let steps = first_steps(a1, a5, sketch.empty());
        assert_eq!(steps, (Point::parse("A2").expect("a point").bit(), 3));
        // On an open board A1 reaches C3 as quickly through A2 as through B1.
        let game = Ayu::from_pieces(&["A1", "C3"], &[], Colour::White).expect("a position");
        let steps = first_steps(a1, Point::parse("C3").expect("a point").bit(), Sketch::of(&game).empty());
        let a2_or_b1 =
            Point::parse("A2").expect("a point").bit() | Point::parse("B1").expect("a point").bit();
        assert_eq!(steps, (a2_or_b1, 3));
    }
}
