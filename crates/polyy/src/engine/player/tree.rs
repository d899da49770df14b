//! The tree of the search, an arena of edges: what an edge and the record of a followed edge
//! hold, how a position's block of edges is added and an edge's record made, and how the arena is
//! compacted, to keep the subtree of the position after the opponent's answer (tree reuse) or to
//! drop the little-visited blocks when it is full (pruning).
//!
//! Separate from the search so that the memory layout, and the compaction that must keep its
//! links straight, read in one place: the rest of the search walks blocks as `(start, len)` pairs
//! and reads an edge's real results through `Player::real`.

use protocol::{Game, Seat};

use crate::board::{Field, Fields, FIELDS};
use crate::engine::player::Player;
use crate::game::{Move, PolyY};
use crate::settings::{MAX_EDGES, MAX_FOLLOWED};

/// The field byte of the swap edge.
pub(super) const SWAP: u8 = u8::MAX;

/// The `followed` link of an edge no descent has taken yet.
pub(super) const NOT_FOLLOWED: u32 = u32::MAX;

#[derive(Clone, Copy)]
pub(super) struct Edge {
    /// Playouts through the block of this edge in which its player owned its field at the end.
    pub(super) amaf_visits: u32,
    pub(super) amaf_wins: u32,
    /// Where this edge's [`Followed`] record is, or [`NOT_FOLLOWED`].
    pub(super) followed: u32,
    /// The field taken, or [`SWAP`].
    pub(super) field: u8,
}

/// What an edge learns once a descent takes it.
#[derive(Clone, Copy, Default)]
pub(super) struct Followed {
    /// Playouts that went through the edge, and how many the player who took it won.
    pub(super) visits: u32,
    pub(super) wins: u32,
    /// The block of the position after the edge: where it starts and how many edges (0: none yet).
    pub(super) child: u32,
    pub(super) child_len: u8,
    /// Who wins the position after the edge whatever either side plays: [`NOT_PROVEN`] until a
    /// finished game, a pairing, or the proven values of the moves below show it (set only with
    /// the `solver` setting).
    pub(super) proven: u8,
}

const NOT_PROVEN: u8 = 0;

pub(super) fn proven_code(winner: Seat) -> u8 {
    match winner {
        Seat::First => 1,
        Seat::Second => 2,
    }
}

impl Followed {
    pub(super) fn proven_winner(&self) -> Option<Seat> {
        match self.proven {
            NOT_PROVEN => None,
            1 => Some(Seat::First),
            _ => Some(Seat::Second),
        }
    }
}

impl Edge {
    fn new(mv: Move) -> Edge {
        let field = match mv {
            Move::Place(field) => field.index() as u8,
            Move::Swap => SWAP,
        };
        Edge { amaf_visits: 0, amaf_wins: 0, followed: NOT_FOLLOWED, field }
    }

    pub(super) fn mv(&self) -> Move {
        if self.field == SWAP {
            Move::Swap
        } else {
            Move::Place(Field::from_index(usize::from(self.field)))
        }
    }
}

// Both arenas are reserved once, so they never reallocate (which would hold two copies at once).
const _: () = assert!(std::mem::size_of::<Edge>() == 16 && std::mem::size_of::<Followed>() == 16);
const _: () = assert!(16 * (MAX_EDGES + 2 * MAX_FOLLOWED) <= 52_000_000);

impl Player {
    /// Keeps the part of the last tree that follows our last move and the opponent's answer, when
    /// `game` is that position and the tree reached it: the arena is compacted so that this
    /// subtree comes first. Returns the new root block.
    pub(super) fn reuse_tree(&mut self, game: &PolyY) -> Option<(u32, u8)> {
        let previous = self.previous.take()?;
        if !self.settings.reuse_tree || game.plies() != previous.game.plies() + 2 {
            return None;
        }
        let (start, len) = self.child_block(previous.chosen)?;
        let mut after_ours = previous.game.clone();
        after_ours.apply(self.edges[previous.chosen].mv());
        let (start, len) = (start as usize, usize::from(len));
        let answer = (start..start + len).find(|&e| {
            let mut after = after_ours.clone();
            after.apply(self.edges[e].mv());
            after.hash() == game.hash() && after.plies() == game.plies()
        })?;
        let root = self.child_block(answer)?;
        Some(self.compact(root, 0))
    }

    /// The real results of an edge (zero until it is taken).
    pub(super) fn real(&self, edge: &Edge) -> Followed {
        match edge.followed {
            NOT_FOLLOWED => Followed::default(),
            at => self.followed[at as usize],
        }
    }

    /// The block after the edge at `index`, if it has one.
    pub(super) fn child_block(&self, index: usize) -> Option<(u32, u8)> {
        let real = self.real(&self.edges[index]);
        (real.child_len > 0).then_some((real.child, real.child_len))
    }

    /// Moves the blocks reachable from `root` to the front of the arena, in their old order (a
    /// block always lies after its parent's, so each moves down onto free space), and drops the
    /// rest. A block whose edge has led to fewer than `min_visits` playouts is dropped too, and
    /// its edge keeps its results but loses the link (it gets a new block when next taken).
    /// Returns where the root block now starts.
    pub(super) fn compact(&mut self, root: (u32, u8), min_visits: u32) -> (u32, u8) {
        let live = &mut self.live_blocks;
        live.clear();
        live.push(root);
        let mut next = 0;
        while next < live.len() {
            let (start, len) = live[next];
            next += 1;
            for edge in &self.edges[start as usize..start as usize + usize::from(len)] {
                if edge.followed != NOT_FOLLOWED {
                    let real = &mut self.followed[edge.followed as usize];
                    if real.child_len > 0 && real.visits < min_visits {
                        real.child_len = 0;
                    }
                    if real.child_len > 0 {
                        live.push((real.child, real.child_len));
                    }
                }
            }
        }
        live.sort_unstable_by_key(|block| block.0);
        let mut free = 0usize;
        for &(start, len) in live.iter() {
            let (start, len) = (start as usize, usize::from(len));
            debug_assert!(free <= start);
            self.edges.copy_within(start..start + len, free);
            free += len;
        }
        self.edges.truncate(free);
        // Where each old start went: the sum of the lengths of the live blocks before it.
        let mut new_starts = Vec::with_capacity(live.len());
        let mut position = 0u32;
        for &(_, len) in live.iter() {
            new_starts.push(position);
            position += u32::from(len);
        }
        // The records of the kept edges, in a fresh arena: only the touched part of the old one
        // and of the new one is ever resident, and the kept records are few.
        let mut kept = Vec::with_capacity(MAX_FOLLOWED);
        for edge in &mut self.edges {
            if edge.followed != NOT_FOLLOWED {
                let mut real = self.followed[edge.followed as usize];
                if real.child_len > 0 {
                    let at = live.binary_search_by_key(&real.child, |block| block.0).expect("a live block");
                    real.child = new_starts[at];
                }
                edge.followed = kept.len() as u32;
                kept.push(real);
            }
        }
        self.followed = kept;
        let root_at = live.binary_search_by_key(&root.0, |block| block.0).expect("the root block");
        (new_starts[root_at], root.1)
    }

    /// Appends the block of `game`'s moves (the swap only if `with_swap`); its start and length,
    /// or `None` when the arena is full.
    pub(super) fn add_block(
        &mut self,
        game: &PolyY,
        with_swap: bool,
        last: Option<Field>,
    ) -> Option<(u32, u8)> {
        if self.edges.len() + FIELDS + 1 > self.edge_limit {
            return None;
        }
        let start = self.edges.len();
        for field in Fields(game.empty()) {
            self.edges.push(Edge::new(Move::Place(field)));
        }
        self.add_prior(game, last, start);
        if with_swap && game.plies() == 1 {
            self.edges.push(Edge::new(Move::Swap));
        }
        Some((start as u32, (self.edges.len() - start) as u8))
    }

    /// The record of the edge at `index`, made now if this is its first descent; `None` when
    /// there is no room for one (the edge then learns AMAF only).
    pub(super) fn follow(&mut self, index: usize) -> Option<usize> {
        let edge = &mut self.edges[index];
        if edge.followed == NOT_FOLLOWED {
            if self.followed.len() == MAX_FOLLOWED {
                return None;
            }
            edge.followed = self.followed.len() as u32;
            self.followed.push(Followed::default());
        }
        Some(edge.followed as usize)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::settings::Settings;

    /// One row per edge of the subtree under `block`, depth first: its field, real and AMAF
    /// counts, and the length of its child block.
    fn dump(player: &Player, block: (u32, u8), rows: &mut Vec<(u8, u32, u32, u32, u32, u8)>) {
        let start = block.0 as usize;
        for index in start..start + usize::from(block.1) {
            let edge = player.edges[index];
            let real = player.real(&edge);
            rows.push((edge.field, real.visits, real.wins, edge.amaf_visits, edge.amaf_wins, real.child_len));
            if let Some(child) = player.child_block(index) {
                dump(player, child, rows);
            }
        }
    }

    /// The rows [`dump`] should give once the blocks under edges with fewer than `min_visits`
    /// playouts are dropped: such an edge keeps its counts and shows no child block.
    fn dump_pruned(
        player: &Player,
        block: (u32, u8),
        min_visits: u32,
        rows: &mut Vec<(u8, u32, u32, u32, u32, u8)>,
    ) {
        let start = block.0 as usize;
        for index in start..start + usize::from(block.1) {
            let edge = player.edges[index];
            let real = player.real(&edge);
            let child = player.child_block(index).filter(|_| real.visits >= min_visits);
            let child_len = child.map_or(0, |block| block.1);
            rows.push((edge.field, real.visits, real.wins, edge.amaf_visits, edge.amaf_wins, child_len));
            if let Some(child) = child {
                dump_pruned(player, child, min_visits, rows);
            }
        }
    }

    fn most_visited(player: &Player, block: (u32, u8)) -> usize {
        let start = block.0 as usize;
        (start..start + usize::from(block.1))
            .max_by_key(|&e| player.real(&player.edges[e]).visits)
            .expect("edges")
    }

    /// A player that has made `descents` descents from the position after 11 and 50: the player,
    /// that position and its root block.
    fn searched_tree(seed: u64, descents: usize) -> (Player, PolyY, (u32, u8)) {
        let mut player = Player::new(seed, &Settings::DEFAULT);
        let mut game = PolyY::new();
        for number in [11, 50] {
            game.apply(Move::Place(Field::from_number(number).expect("a field")));
        }
        let root = player.add_block(&game, false, None).expect("room");
        for _ in 0..descents {
            player.iterate(&game, root);
        }
        (player, game, root)
    }

    #[test]
    fn compaction_keeps_exactly_the_subtree_of_the_new_root() {
        let (mut player, _, root) = searched_tree(7, 400);
        let ours = player.child_block(most_visited(&player, root)).expect("a block after our move");
        let subtree = player.child_block(most_visited(&player, ours)).expect("a block after the answer");
        let mut before = Vec::new();
        dump(&player, subtree, &mut before);
        let edges_before = player.edges.len();

        let new_root = player.compact(subtree, 0);
        let mut after = Vec::new();
        dump(&player, new_root, &mut after);
        assert!(before.len() > 2 * FIELDS, "the subtree should hold several blocks: {}", before.len());
        assert_eq!(after, before);
        // Only the subtree is left, its root block first, with one record per edge taken.
        assert_eq!(new_root.0, 0);
        assert_eq!(player.edges.len(), after.len());
        assert!(player.edges.len() < edges_before);
        assert_eq!(player.followed.len(), after.iter().filter(|row| row.1 > 0).count());
    }

    #[test]
    fn pruning_drops_exactly_the_blocks_under_little_visited_edges() {
        let (mut player, game, root) = searched_tree(11, 600);
        let min_visits = 2 * Settings::DEFAULT.leaf_playouts;
        let mut whole = Vec::new();
        dump(&player, root, &mut whole);
        let mut expected = Vec::new();
        dump_pruned(&player, root, min_visits, &mut expected);
        assert!(
            expected.len() < whole.len() / 2,
            "most blocks had one batch: {} of {}",
            expected.len(),
            whole.len()
        );
        assert!(expected.len() > 2 * FIELDS, "some blocks were visited twice or more");

        let new_root = player.compact(root, min_visits);
        let mut after = Vec::new();
        dump(&player, new_root, &mut after);
        assert_eq!(after, expected);
        assert_eq!(player.edges.len(), after.len());
        assert_eq!(player.followed.len(), after.iter().filter(|row| row.1 > 0).count());
        // The search goes on from the pruned tree and regrows blocks where it goes.
        for _ in 0..200 {
            player.iterate(&game, new_root);
        }
        assert!(player.edges.len() > after.len());
    }
}
