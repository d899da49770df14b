//! Random playouts. Filling every empty field never changes who wins (rules §4: on a full board
//! exactly one player holds three corners, and corners are never lost), so a playout deals the
//! empty fields out at random and scores the full board once.

use protocol::{Rng, Seat};

use crate::board::{corners_of, wins, Bits, Field, Fields, BORDER, BORDER_DISTANCE, FIELDS};
use crate::game::PolyY;
use crate::settings::Settings;

/// The seat that wins once the board is filled at random from `game` (not finished).
pub fn random_fill_winner(game: &PolyY, rng: &mut Rng) -> Seat {
    let mover = game.to_move();
    let mut empty: [u8; FIELDS] = [0; FIELDS];
    let mut count = 0;
    for field in Fields(game.empty()) {
        empty[count] = field.index() as u8;
        count += 1;
    }
    let empty = &mut empty[..count];
    rng.shuffle(empty);
    // The mover takes the first half (rounded up), the opponent the rest.
    let mover_share = count.div_ceil(2);
    let mut stones = game.stones(mover);
    for &index in &empty[..mover_share] {
        stones |= 1 << index;
    }
    if wins(full_board_corners(stones)) {
        mover
    } else {
        mover.other()
    }
}

/// The corners held by a set of stones (groups by flood fill). Only groups on the border hold
/// corners, so only they are filled.
pub fn full_board_corners(stones: Bits) -> u8 {
    let mut left = stones;
    let mut seeds = stones & BORDER;
    let mut corners = 0;
    while seeds != 0 {
        let mut group = seeds & seeds.wrapping_neg();
        let mut frontier = group;
        while frontier != 0 {
            let mut grown = 0;
            for field in Fields(frontier) {
                grown |= field.neighbours();
            }
            frontier = grown & left & !group;
            group |= frontier;
        }
        left &= !group;
        seeds &= !group;
        let sides = Fields(group & BORDER).fold(0, |acc, f| acc | f.sides());
        corners |= corners_of(sides);
    }
    corners
}

/// Each field's bit: a load from this table is cheaper than a variable shift of a `u128`.
const FIELD_BITS: [Bits; FIELDS] = {
    let mut bits = [0; FIELDS];
    let mut index = 0;
    while index < FIELDS {
        bits[index] = 1 << index;
        index += 1;
    }
    bits
};

/// A reply the playout policy knows: when the opponent has just taken a field near `field`, the
/// mover holds every stone of `needs` and the opponent none of `clear`, taking `field` keeps a
/// connection the opponent cut into.
#[derive(Clone, Copy, Debug)]
pub struct Reply {
    pub needs: Bits,
    pub clear: Bits,
    pub field: u8,
}

impl Reply {
    fn new(needs: Bits, clear: Bits, field: Field) -> Reply {
        // `Replies::may_apply` skips an intrusion when the mover holds none of these stones.
        debug_assert!(needs != 0, "a reply that needs no stone");
        Reply { needs, clear, field: field.index() as u8 }
    }

    fn bit(&self) -> Bits {
        Field::from_index(usize::from(self.field)).bit()
    }
}

/// The most replies to one intrusion: six bridges and, for a ladder intrusion, two stones with
/// two replies each (24 leaves room).
const MAX_REPLIES: usize = 24;

/// For each field the opponent may take, the replies that restore a connection (rules §11). Two
/// sets, chosen by [`PlayoutPolicy::ladder`]:
///
/// **Adjacent** (our first set):
/// * **bridge**: two own stones with exactly two common neighbours, the intrusion and `field`;
/// * **edge template**: one own stone next to two adjacent border fields of the same side, the
///   intrusion and `field`, which link it to that side;
/// * **edge template from two steps in**: an own stone two steps from the border, the intrusion
///   one of the two fields between it and the border; `field`, the other, joins the stone and
///   reaches the border through its own two border neighbours, which the opponent must not hold.
///
/// **Ladder** (the set Lynx3's playouts use, rebuilt from its rule):
/// * **bridge**, as above, but only against intrusions off the border: a border intrusion into a
///   bridge is left to the templates;
/// * **ladder template**: an own stone one to three steps in, the intrusion a neighbour one step
///   nearer the border; `field` is any other neighbour of the stone one step nearer (for a stone
///   next to the border, only one beside the intrusion), and the opponent must hold none of
///   `field`'s neighbours one step nearer still. The reply need not touch the intrusion: it
///   re-links the stone towards the border wherever the stone still can.
pub struct Replies {
    by_intrusion: [arrayvec::ArrayVec<Reply, MAX_REPLIES>; FIELDS],
    /// The same replies in the 64-field window of their intrusion, for the playouts.
    windows: [ReplyWindow; FIELDS],
    /// The windows' replies, one after another.
    window_replies: Vec<WindowReply>,
    /// Per intrusion, every stone some reply needs: without one of them no reply applies.
    needed_near: [Bits; FIELDS],
}

/// An intrusion's replies with every field counted from `base`: all the fields one intrusion's
/// replies look at lie within 64 consecutive numbers (they are at most three steps apart, and a
/// row has at most 13 fields), so the playouts check them with `u64` masks instead of `u128`.
///
/// Its replies lie at `start..start + len` of [`Replies::window_replies`]: one flat list of about
/// 600 keeps the reply checks within 15 KB of cache, where a fixed-capacity list per intrusion
/// took 62 KB (the player made about 9% more playouts flat, the same picks).
#[derive(Clone, Copy, Default)]
pub struct ReplyWindow {
    base: u32,
    start: u16,
    len: u16,
}

/// A [`Reply`] in its intrusion's window.
#[derive(Clone, Copy, Debug)]
struct WindowReply {
    needs: u64,
    clear: u64,
    /// The reply's field, counted from the window's base.
    offset: u8,
}

impl WindowReply {
    /// Whether the reply applies, given the window's own, opponent's and empty fields. Checked
    /// without short-circuits, so the playouts' loop has no branch that depends on the board.
    #[inline(always)]
    fn applies(&self, own: u64, theirs: u64, empty: u64) -> bool {
        (own & self.needs == self.needs) & (theirs & self.clear == 0) & ((empty >> self.offset) & 1 != 0)
    }
}

impl ReplyWindow {
    /// The window of these replies, which it appends to `flat`; `None` if their fields span more
    /// than 64 numbers.
    fn new(replies: &[Reply], flat: &mut Vec<WindowReply>) -> Option<ReplyWindow> {
        let all = replies.iter().fold(0, |bits: Bits, r| bits | r.needs | r.clear | r.bit());
        let start = u16::try_from(flat.len()).ok()?;
        if all == 0 {
            return Some(ReplyWindow { base: 0, start, len: 0 });
        }
        // Keep the window inside the board so that its bits above the last field stay clear.
        let base = all.trailing_zeros().min((FIELDS - 64) as u32);
        let local = |bits: Bits| -> Option<u64> { u64::try_from(bits >> base).ok() };
        let window = ReplyWindow { base, start, len: u16::try_from(replies.len()).ok()? };
        for reply in replies {
            let offset = (u32::from(reply.field)).checked_sub(base)?;
            flat.push(WindowReply {
                needs: local(reply.needs)?,
                clear: local(reply.clear)?,
                offset: u8::try_from(offset).ok().filter(|&o| o < 64)?,
            });
        }
        Some(window)
    }

    /// The mover's, the opponent's and the empty fields of this window.
    #[inline(always)]
    fn local(&self, own: Bits, theirs: Bits) -> (u64, u64, u64) {
        // `base` is at most 42, so the window holds only board fields.
        let own_near = (own >> self.base) as u64;
        let theirs_near = (theirs >> self.base) as u64;
        (own_near, theirs_near, !(own_near | theirs_near))
    }
}

impl Replies {
    pub fn new(ladder: bool) -> Replies {
        let by_intrusion = std::array::from_fn(|index| {
            let intrusion = Field::from_index(index);
            if ladder {
                ladder_replies(intrusion)
            } else {
                adjacent_replies(intrusion)
            }
        });
        let needed_near = std::array::from_fn(|index| {
            by_intrusion[index].iter().fold(0, |bits: Bits, reply: &Reply| bits | reply.needs)
        });
        let mut window_replies = Vec::new();
        let windows = std::array::from_fn(|index| {
            ReplyWindow::new(&by_intrusion[index], &mut window_replies)
                .expect("an intrusion's replies fit in 64 fields")
        });
        Replies { by_intrusion, windows, window_replies, needed_near }
    }

    /// The replies of `window`, in the flat list.
    #[inline(always)]
    fn in_window(&self, window: &ReplyWindow) -> &[WindowReply] {
        let start = usize::from(window.start);
        &self.window_replies[start..start + usize::from(window.len)]
    }

    pub fn after(&self, intrusion: usize) -> &[Reply] {
        &self.by_intrusion[intrusion]
    }

    /// Whether `own` holds a stone that some reply to `intrusion` needs.
    pub fn may_apply(&self, intrusion: usize, own: Bits) -> bool {
        own & self.needed_near[intrusion] != 0
    }
}

/// Two fields linked twice over: exactly two common neighbours.
fn bridge_carriers(intrusion: Field, reply: Field) -> Option<Bits> {
    let common = intrusion.neighbours() & reply.neighbours();
    (common.count_ones() == 2).then_some(common)
}

fn adjacent_replies(intrusion: Field) -> arrayvec::ArrayVec<Reply, MAX_REPLIES> {
    let mut replies = arrayvec::ArrayVec::new();
    for reply in Fields(intrusion.neighbours()) {
        // The stones next to both fields: the ones the pair of empty fields linked.
        let common = intrusion.neighbours() & reply.neighbours();
        let bridge = common.count_ones() == 2;
        let edge = common.count_ones() == 1 && intrusion.sides() & reply.sides() != 0;
        if bridge || edge {
            replies.push(Reply::new(common, 0, reply));
        }
    }
    if intrusion.border_distance() == 1 {
        for stone in Fields(intrusion.neighbours()).filter(|f| f.border_distance() == 2) {
            for reply in Fields(stone.neighbours() & intrusion.neighbours()) {
                let border = reply.neighbours() & BORDER;
                if reply.border_distance() == 1 && border.count_ones() == 2 {
                    replies.push(Reply::new(stone.bit(), border, reply));
                }
            }
        }
    }
    replies
}

fn ladder_replies(intrusion: Field) -> arrayvec::ArrayVec<Reply, MAX_REPLIES> {
    let mut replies = arrayvec::ArrayVec::new();
    if intrusion.border_distance() >= 1 {
        for reply in Fields(intrusion.neighbours()) {
            if let Some(stones) = bridge_carriers(intrusion, reply) {
                replies.push(Reply::new(stones, 0, reply));
            }
        }
    }
    let stone_distance = intrusion.border_distance() + 1;
    if stone_distance > 3 {
        return replies;
    }
    for stone in Fields(intrusion.neighbours()).filter(|f| f.border_distance() == stone_distance) {
        for reply in Fields(stone.neighbours()).filter(|f| f.border_distance() == stone_distance - 1) {
            let beside = reply.neighbours() & intrusion.bit() != 0;
            if reply == intrusion || (stone_distance == 1 && !beside) {
                continue;
            }
            let below = Fields(reply.neighbours())
                .filter(|f| f.border_distance() + 2 == stone_distance)
                .fold(0, |bits, f| bits | f.bit());
            replies.push(Reply::new(stone.bit(), below, reply));
        }
    }
    replies
}

/// How a policy playout chooses when no reply applies: uniformly among the empty fields, but while
/// more than `deep_only_above` fields are empty only two or more steps from the border, and while
/// more than `inner_only_above` are empty never on the border.
#[derive(Clone, Copy, Debug)]
pub struct PlayoutPolicy {
    pub replies: bool,
    /// The ladder set of replies rather than the adjacent one (see [`Replies`]).
    pub ladder: bool,
    /// Also the templates from two or more steps in (the replies with fields to keep clear).
    pub deep_templates: bool,
    pub deep_only_above: usize,
    pub inner_only_above: usize,
}

impl PlayoutPolicy {
    /// The policy the settings describe.
    pub fn from_settings(settings: &Settings) -> PlayoutPolicy {
        PlayoutPolicy {
            replies: settings.playout_replies,
            ladder: settings.ladder_replies,
            deep_templates: settings.deep_templates,
            deep_only_above: settings.deep_only_above as usize,
            inner_only_above: settings.inner_only_above as usize,
        }
    }

    /// The thresholds below which a restricted pick could find no field: 51 fields lie two steps
    /// in and 76 off the border, so with more than 55 (or 30) fields empty one of them is empty.
    const DEEP_SAFE: usize = FIELDS - 51;
    const INNER_SAFE: usize = FIELDS - 76;

    /// The restriction for a pick with `empty` fields left: the least border distance allowed.
    fn least_distance(&self, empty: usize) -> u8 {
        if empty > self.deep_only_above.max(Self::DEEP_SAFE) {
            2
        } else if empty > self.inner_only_above.max(Self::INNER_SAFE) {
            1
        } else {
            0
        }
    }
}

/// Where a batch of playouts starts: the empty fields as a list with each one's place in it,
/// and the stones of the side to move and of the other. Made once for the batch, copied by each
/// playout (reading the position's 106 bits into a list took a twentieth of a playout).
#[derive(Clone)]
pub struct PlayoutStart {
    empty_list: [u8; FIELDS],
    /// Where each empty field sits in `empty_list`, for removal in O(1).
    slot: [u8; FIELDS],
    count: usize,
    mover_stones: Bits,
    other_stones: Bits,
    first_to_move: bool,
}

impl PlayoutStart {
    pub fn new(game: &PolyY) -> PlayoutStart {
        let mut start = PlayoutStart {
            empty_list: [0; FIELDS],
            slot: [0; FIELDS],
            count: 0,
            mover_stones: game.stones(game.to_move()),
            other_stones: game.stones(game.to_move().other()),
            first_to_move: game.to_move() == Seat::First,
        };
        for field in Fields(game.empty()) {
            start.empty_list[start.count] = field.index() as u8;
            start.slot[field.index()] = start.count as u8;
            start.count += 1;
        }
        start
    }
}

/// Fills the board from `game` (not finished) with the playout policy and returns the stones of
/// the first seat at the end (the second seat holds the rest). `last` is the field the previous
/// move took, if the caller knows it, so the first pick may answer it.
pub fn policy_playout(
    game: &PolyY,
    last: Option<Field>,
    policy: &PlayoutPolicy,
    replies: &Replies,
    rng: &mut Rng,
) -> Bits {
    policy_playout_from(&PlayoutStart::new(game), last, policy, replies, rng)
}

/// [`policy_playout`] from a start made once for many playouts.
pub fn policy_playout_from(
    start: &PlayoutStart,
    last: Option<Field>,
    policy: &PlayoutPolicy,
    replies: &Replies,
    rng: &mut Rng,
) -> Bits {
    let mut empty_list = start.empty_list;
    let mut slot = start.slot;
    let mut count = start.count;
    // The stones of the player to pick and of the other, swapped after each pick: kept in
    // registers, where an array indexed by the mover went through memory on every pick.
    let (mut own, mut theirs) = (start.mover_stones, start.other_stones);
    let mut first_picks = start.first_to_move;
    let mut last = last.map(|f| f.index());
    while count > 0 {
        let mut chosen = None;
        // Most picks early in a playout have no stone of the mover near the intrusion: the scan is
        // skipped (the same picks, fewer checks).
        let intrusion = last.filter(|&field| policy.replies && replies.may_apply(field, own));
        if let Some(intrusion) = intrusion {
            let window = &replies.windows[intrusion];
            let (own_near, theirs_near, empty_near) = window.local(own, theirs);
            let mut answers = [0u8; MAX_REPLIES];
            let mut found = 0;
            for reply in replies.in_window(window) {
                if reply.clear != 0 && !policy.deep_templates {
                    continue;
                }
                // Stored unconditionally, so the loop has no branch that depends on the board.
                answers[found] = reply.offset;
                found += usize::from(reply.applies(own_near, theirs_near, empty_near));
            }
            if found > 0 {
                chosen = Some(window.base as usize + answers[rng.below(found)] as usize);
            }
        }
        let field = match chosen {
            Some(field) => field,
            None => {
                // Drawing again until a field fits measured faster than keeping the fields in
                // lists by border distance and drawing once.
                let least = policy.least_distance(count);
                loop {
                    let field = empty_list[rng.below(count)] as usize;
                    if BORDER_DISTANCE[field] >= least {
                        break field;
                    }
                }
            }
        };
        // Take `field` out of the list: the last entry moves into its slot.
        count -= 1;
        let moved = empty_list[count];
        let at = slot[field];
        empty_list[at as usize] = moved;
        slot[moved as usize] = at;
        own |= FIELD_BITS[field];
        std::mem::swap(&mut own, &mut theirs);
        first_picks = !first_picks;
        last = Some(field);
    }
    if first_picks {
        own
    } else {
        theirs
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The fields whose replies apply, checked on the whole board with `u128` masks.
    fn applicable_on_board(replies: &Replies, intrusion: usize, own: Bits, theirs: Bits) -> Vec<usize> {
        let empty = !(own | theirs);
        let applies = |r: &&Reply| own & r.needs == r.needs && theirs & r.clear == 0 && empty & r.bit() != 0;
        replies.after(intrusion).iter().filter(applies).map(|r| usize::from(r.field)).collect()
    }

    /// The same, checked in the intrusion's 64-field window as the playouts do.
    fn applicable_in_window(replies: &Replies, intrusion: usize, own: Bits, theirs: Bits) -> Vec<usize> {
        let window = &replies.windows[intrusion];
        let (own_near, theirs_near, empty_near) = window.local(own, theirs);
        let applies = |r: &&WindowReply| r.applies(own_near, theirs_near, empty_near);
        let field = |r: &WindowReply| window.base as usize + usize::from(r.offset);
        replies.in_window(window).iter().filter(applies).map(field).collect()
    }

    #[test]
    fn every_window_finds_the_replies_the_whole_board_finds() {
        let mut rng = Rng::new(2014);
        let mut applicable = 0;
        for ladder in [false, true] {
            let replies = Replies::new(ladder);
            for intrusion in 0..FIELDS {
                assert_eq!(replies.after(intrusion).len(), usize::from(replies.windows[intrusion].len));
                for _ in 0..200 {
                    // About a third of the fields each, as in a middle game, around the intrusion.
                    let (mut own, mut theirs): (Bits, Bits) = (0, 0);
                    for field in 0..FIELDS {
                        match rng.below(3) {
                            0 => own |= 1 << field,
                            1 => theirs |= 1 << field,
                            _ => {}
                        }
                    }
                    theirs |= 1 << intrusion;
                    own &= !(1 << intrusion);
                    let expected = applicable_on_board(&replies, intrusion, own, theirs);
                    applicable += expected.len();
                    assert_eq!(applicable_in_window(&replies, intrusion, own, theirs), expected);
                }
            }
        }
        assert!(applicable > 1000, "the random boards exercised only {applicable} replies");
    }
}
