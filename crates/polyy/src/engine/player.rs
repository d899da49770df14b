//! The Poly-Y player: Monte-Carlo tree search with AMAF (all-moves-as-first) statistics and policy
//! playouts, after rules §11.
//!
//! * The tree is an arena of edges. A position's moves form one contiguous block; an edge holds its
//!   AMAF results and, once a descent has taken it, a link to its record of real results and of
//!   where the block of the position after it starts. Most edges are never taken, so keeping those
//!   records apart halves the memory per edge.
//! * Each descent ends on an edge not followed yet. The position after it gets its block and is
//!   judged by a small batch of playouts, and every block on the way learns from them: real results
//!   on the edges taken, AMAF results on every edge whose field the mover owned at the end.
//!   Playouts fill the board, so "owned at the end" is exactly "played at some time after".
//! * Selection blends the two: a fixed share of the AMAF win rate and the rest of the real one.
//! * Opening and swap follow a fixed policy (see [`crate::settings`]); the move played is the
//!   most-visited edge of the root.

use protocol::{Engine, Game, Rng, Seat, TurnClock};

use crate::board::{symmetries, Bits, Field, Fields, FIELDS};
use crate::book::{book_reply, BOOK};
use crate::engine::playout::{full_board_corners, policy_playout_from, PlayoutPolicy, PlayoutStart, Replies};
use crate::game::{Move, PolyY};
use crate::knowledge::{learned_gammas, PositionFeatures, WEIGHTS};
use crate::proof::{pairing, proven_winner, Pairing};
use crate::settings::{Settings, CLOCK_CHECK_ITERATIONS, MAX_EDGES, MAX_FOLLOWED, MAX_TREE_DEPTH};

/// The field byte of the swap edge.
const SWAP: u8 = u8::MAX;

/// The `followed` link of an edge no descent has taken yet.
const NOT_FOLLOWED: u32 = u32::MAX;

#[derive(Clone, Copy)]
struct Edge {
    /// Playouts through the block of this edge in which its player owned its field at the end.
    amaf_visits: u32,
    amaf_wins: u32,
    /// Where this edge's [`Followed`] record is, or [`NOT_FOLLOWED`].
    followed: u32,
    /// The field taken, or [`SWAP`].
    field: u8,
}

/// What an edge learns once a descent takes it.
#[derive(Clone, Copy, Default)]
struct Followed {
    /// Playouts that went through the edge, and how many the player who took it won.
    visits: u32,
    wins: u32,
    /// The block of the position after the edge: where it starts and how many edges (0: none yet).
    child: u32,
    child_len: u8,
    /// Who wins the position after the edge whatever either side plays: [`NOT_PROVEN`] until a
    /// finished game, a pairing, or the proven values of the moves below show it (set only with
    /// the `solver` setting).
    proven: u8,
}

const NOT_PROVEN: u8 = 0;

fn proven_code(winner: Seat) -> u8 {
    match winner {
        Seat::First => 1,
        Seat::Second => 2,
    }
}

impl Followed {
    fn proven_winner(&self) -> Option<Seat> {
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

    fn mv(&self) -> Move {
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

/// What a batch of playouts from one position found: per field, in how many the first seat owned
/// it at the end and in how many of those the first seat won.
struct Batch {
    playouts: u32,
    first_wins: u32,
    first_owns: [u32; FIELDS],
    first_owns_and_wins: [u32; FIELDS],
    /// False when the position was already decided: no playouts, no AMAF.
    amaf: bool,
}

impl Batch {
    fn wins_of(&self, seat: Seat) -> u32 {
        match seat {
            Seat::First => self.first_wins,
            Seat::Second => self.playouts - self.first_wins,
        }
    }

    /// The AMAF counts of `field` for `seat`: playouts where it owned the field, and won.
    fn amaf_of(&self, seat: Seat, field: usize) -> (u32, u32) {
        let owns = self.first_owns[field];
        let owns_and_wins = self.first_owns_and_wins[field];
        match seat {
            Seat::First => (owns, owns_and_wins),
            // Every field has an owner at the end: the second seat owns what the first does not,
            // and wins exactly when the first seat loses.
            Seat::Second => {
                let second_owns = self.playouts - owns;
                let second_wins = self.playouts - self.first_wins;
                (second_owns, second_wins - (owns - owns_and_wins))
            }
        }
    }
}

pub struct Player {
    rng: Rng,
    settings: Settings,
    policy: PlayoutPolicy,
    replies: Replies,
    /// First moves the second player swaps (policies 1 and 3): every field two or more steps
    /// from the border, and under policy 1 the class of field 15 under the board's symmetries.
    swapped_openings: Bits,
    edges: Vec<Edge>,
    /// The records of the edges taken, in no particular order.
    followed: Vec<Followed>,
    /// The most edges this search may hold: `MAX_EDGES` unless a setting asks for fewer.
    edge_limit: usize,
    batch: Batch,
    /// The position of the last search and the root edge it played, to find the tree again.
    previous: Option<Previous>,
    /// Scratch for compacting the tree: the blocks kept, by old start, with their lengths.
    live_blocks: Vec<(u32, u8)>,
    /// The natural logarithms of the learned move weights ([`crate::knowledge`]).
    log_gammas: [f64; WEIGHTS],
    /// Once a pairing proves our win: the position after our move and the pairs still to keep.
    strategy: Option<(PolyY, Pairing)>,
    /// Playouts left for the game under `playouts_per_game`.
    game_playouts_left: u64,
}

struct Previous {
    game: PolyY,
    /// The root block of that search.
    root: (u32, u8),
    chosen: usize,
}

impl Player {
    pub fn new(seed: u64, settings: &Settings) -> Player {
        let mut swapped_openings =
            Field::all().filter(|f| f.border_distance() >= 2).fold(0, |a, f| a | f.bit());
        if settings.swap_policy == 1 {
            let fifteen = Field::from_number(15).expect("a field").index();
            for symmetry in symmetries() {
                swapped_openings |= symmetry[fifteen].bit();
            }
        }
        let policy = PlayoutPolicy::from_settings(settings);
        Player {
            rng: Rng::new(seed),
            settings: *settings,
            policy,
            // The policy decides which set its playouts answer with.
            replies: Replies::new(policy.ladder),
            swapped_openings,
            edges: Vec::with_capacity(MAX_EDGES),
            followed: Vec::with_capacity(MAX_FOLLOWED),
            edge_limit: (settings.max_edges as usize).clamp(FIELDS + 1, MAX_EDGES),
            batch: Batch {
                playouts: 0,
                first_wins: 0,
                first_owns: [0; FIELDS],
                first_owns_and_wins: [0; FIELDS],
                amaf: false,
            },
            previous: None,
            live_blocks: Vec::new(),
            log_gammas: learned_gammas().map(f64::ln),
            strategy: None,
            game_playouts_left: u64::from(settings.playouts_per_game),
        }
    }

    /// Keeps the part of the last tree that follows our last move and the opponent's answer, when
    /// `game` is that position and the tree reached it: the arena is compacted so that this
    /// subtree comes first. Returns the new root block.
    fn reuse_tree(&mut self, game: &PolyY) -> Option<(u32, u8)> {
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
    fn real(&self, edge: &Edge) -> Followed {
        match edge.followed {
            NOT_FOLLOWED => Followed::default(),
            at => self.followed[at as usize],
        }
    }

    /// The block after the edge at `index`, if it has one.
    fn child_block(&self, index: usize) -> Option<(u32, u8)> {
        let real = self.real(&self.edges[index]);
        (real.child_len > 0).then_some((real.child, real.child_len))
    }

    /// Moves the blocks reachable from `root` to the front of the arena, in their old order (a
    /// block always lies after its parent's, so each moves down onto free space), and drops the
    /// rest. A block whose edge has led to fewer than `min_visits` playouts is dropped too, and
    /// its edge keeps its results but loses the link (it gets a new block when next taken).
    /// Returns where the root block now starts.
    fn compact(&mut self, root: (u32, u8), min_visits: u32) -> (u32, u8) {
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
    fn add_block(&mut self, game: &PolyY, with_swap: bool, last: Option<Field>) -> Option<(u32, u8)> {
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

    /// Gives the fields of a new block (from `start` to the end of the arena) `prior_visits`
    /// virtual AMAF playouts at a win rate that grows with the learned weight of the field
    /// ([`crate::knowledge`]): `0.5 + prior_scale` per unit of log-weight above the block's mean.
    fn add_prior(&mut self, game: &PolyY, last: Option<Field>, start: usize) {
        let visits = self.settings.prior_visits;
        if visits == 0 {
            return;
        }
        let position = PositionFeatures::new(game, last);
        let mut log_strength = [0.0; FIELDS];
        let block = &mut self.edges[start..];
        for (edge, log) in block.iter_mut().zip(&mut log_strength) {
            let features = position.of(Field::from_index(usize::from(edge.field)));
            *log = features.iter().map(|&i| self.log_gammas[usize::from(i)]).sum();
        }
        let logs = &log_strength[..block.len()];
        let mean = logs.iter().sum::<f64>() / logs.len().max(1) as f64;
        for (edge, log) in block.iter_mut().zip(logs) {
            let rate = (0.5 + self.settings.prior_scale * (log - mean)).clamp(0.02, 0.98);
            edge.amaf_visits = visits;
            edge.amaf_wins = (f64::from(visits) * rate).round() as u32;
        }
    }

    /// The AMAF share of an edge's score once `visits` real playouts have passed through it:
    /// `amaf_weight`, falling with the visits when `rave_k` is set.
    fn amaf_weight_after(&self, visits: u32) -> f64 {
        let rave_k = f64::from(self.settings.rave_k);
        if rave_k > 0.0 {
            self.settings.amaf_weight * (rave_k / (rave_k + f64::from(visits))).sqrt()
        } else {
            self.settings.amaf_weight
        }
    }

    /// The edge of a block to follow: a move proven to win for the mover at once, else the best
    /// blend of AMAF and real win rate for the mover among the moves not proven to lose. Edges
    /// without AMAF data (and the swap until it is tried) come first. In big blocks the score
    /// gains the exploration bonus of `explore_big_blocks`.
    fn select(&self, start: u32, len: u8, mover: Seat) -> usize {
        self.select_exploring(start, len, mover, true)
    }

    /// [`Player::select`], with the exploration bonus of `explore_big_blocks` when `explore` is
    /// set: greedy selection locks onto whichever reply it settles on first, and in the blocks
    /// that take most of a move's playouts that decides the rates above them.
    fn select_exploring(&self, start: u32, len: u8, mover: Seat, explore: bool) -> usize {
        let start = start as usize;
        let mut best = (f64::MIN, start);
        // ln(real playouts of the block) where the bonus applies, else 0.
        let mut explore_log = 0.0;
        if explore && self.settings.explore_big_blocks > 0.0 {
            let block_playouts: u64 = (start..start + usize::from(len))
                .map(|index| u64::from(self.real(&self.edges[index]).visits))
                .sum();
            if block_playouts >= u64::from(self.settings.explore_min_playouts) {
                explore_log = (block_playouts as f64).ln();
            }
        }
        for index in start..start + usize::from(len) {
            let edge = &self.edges[index];
            let followed = self.real(edge);
            let real = f64::from(followed.wins) / f64::from(followed.visits.max(1));
            let score = if let Some(winner) = followed.proven_winner() {
                if winner == mover {
                    return index;
                }
                // Below every open move (scores lie in 0..=1), so that a lost move is followed
                // only when all are lost, and then the block is proven lost too.
                -1.0
            } else if edge.field == SWAP {
                if followed.visits == 0 {
                    f64::MAX
                } else {
                    real
                }
            } else if edge.amaf_visits == 0 {
                f64::MAX
            } else {
                let amaf = f64::from(edge.amaf_wins) / f64::from(edge.amaf_visits);
                let bonus = if explore_log > 0.0 {
                    let playouts = f64::from(followed.visits + 1);
                    self.settings.explore_big_blocks * (explore_log / playouts).sqrt()
                } else {
                    0.0
                };
                bonus
                    + if followed.visits == 0 {
                        amaf
                    } else {
                        let weight = self.amaf_weight_after(followed.visits);
                        weight * amaf + (1.0 - weight) * real
                    }
            };
            if score > best.0 {
                best = (score, index);
            }
        }
        best.1
    }

    /// Plays the batch of playouts from `game` into `self.batch`; `proven` is the winner when a
    /// pairing has already decided the position.
    fn run_batch(&mut self, game: &PolyY, last: Option<Field>, proven: Option<Seat>) {
        let batch = &mut self.batch;
        let playouts = self.settings.leaf_playouts.max(1);
        batch.playouts = playouts;
        if let Some(winner) = game.winner().or(proven) {
            // A decided position counts as a full batch, all won by the winner, so that a
            // winning move collects visits as fast as any other.
            batch.first_wins = if winner == Seat::First { playouts } else { 0 };
            batch.amaf = false;
            return;
        }
        batch.first_wins = 0;
        batch.first_owns = [0; FIELDS];
        batch.first_owns_and_wins = [0; FIELDS];
        batch.amaf = true;
        let start = PlayoutStart::new(game);
        for _ in 0..playouts {
            let first = policy_playout_from(&start, last, &self.policy, &self.replies, &mut self.rng);
            let first_won = crate::board::wins(full_board_corners(first));
            batch.first_wins += u32::from(first_won);
            for field in Fields(first) {
                batch.first_owns[field.index()] += 1;
                batch.first_owns_and_wins[field.index()] += u32::from(first_won);
            }
        }
    }

    /// Starts the AMAF counts of a new block from those of `ancestor`, a block of the same mover
    /// higher up, scaled down to at most `inherit_amaf` playouts per edge so that the block's own
    /// playouts soon outweigh them. Both blocks list their fields in ascending order, the
    /// ancestor's a superset.
    fn inherit_amaf(&mut self, ancestor: (u32, u8), block: (u32, u8)) {
        let cap = self.settings.inherit_amaf;
        if cap == 0 {
            return;
        }
        let mut from = ancestor.0 as usize;
        let ancestor_end = from + usize::from(ancestor.1);
        let start = block.0 as usize;
        for index in start..start + usize::from(block.1) {
            let field = self.edges[index].field;
            if field == SWAP {
                continue;
            }
            while from < ancestor_end && self.edges[from].field < field {
                from += 1;
            }
            if from == ancestor_end {
                break;
            }
            let source = self.edges[from];
            if source.field != field || source.amaf_visits == 0 {
                continue;
            }
            let (visits, wins) = if source.amaf_visits > cap {
                let scaled = u64::from(source.amaf_wins) * u64::from(cap) / u64::from(source.amaf_visits);
                (cap, scaled as u32)
            } else {
                (source.amaf_visits, source.amaf_wins)
            };
            let edge = &mut self.edges[index];
            edge.amaf_visits = visits;
            edge.amaf_wins = wins;
        }
    }

    /// Adds the batch's AMAF counts to every edge of a block whose mover is `seat`.
    fn learn_amaf(&mut self, start: u32, len: u8, seat: Seat) {
        if !self.batch.amaf {
            return;
        }
        let start = start as usize;
        for edge in &mut self.edges[start..start + usize::from(len)] {
            if edge.field != SWAP {
                let (visits, wins) = self.batch.amaf_of(seat, usize::from(edge.field));
                edge.amaf_visits += visits;
                edge.amaf_wins += wins;
            }
        }
    }

    /// The record of the edge at `index`, made now if this is its first descent; `None` when
    /// there is no room for one (the edge then learns AMAF only).
    fn follow(&mut self, index: usize) -> Option<usize> {
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

    /// One descent from the root block, a batch of playouts, and the update of the blocks passed.
    fn iterate(&mut self, root: &PolyY, root_block: (u32, u8)) -> u32 {
        let mut game = root.clone();
        // The blocks passed, with their movers, and the edge taken in each.
        let mut path = [(0u32, 0u8, Seat::First, 0usize); MAX_TREE_DEPTH];
        let mut depth = 0;
        let (mut start, mut len) = root_block;
        let mut last: Option<Field>;
        let mut new_block = None;
        // The winner of the leaf whatever either side plays, if that is known.
        let mut decided = None;
        loop {
            let seat = game.to_move();
            let chosen = self.select(start, len, seat);
            let record = self.follow(chosen);
            path[depth] = (start, len, seat, chosen);
            depth += 1;
            let edge = self.edges[chosen];
            game.apply(edge.mv());
            // The last stone placed; after the swap none (the swapped stone changed hands).
            last = match edge.mv() {
                Move::Place(field) => Some(field),
                Move::Swap => None,
            };
            let real = self.real(&edge);
            if game.is_finished() {
                decided = game.winner();
                break;
            }
            if let Some(winner) = real.proven_winner() {
                decided = Some(winner);
                break;
            }
            if real.child_len == 0 && self.settings.proofs {
                // A position a pairing decides is a leaf for good: nothing below it to learn.
                decided = proven_winner(&game);
                if decided.is_some() {
                    break;
                }
            }
            if real.child_len == 0 {
                // The position gets its own block once the edge has been judged often enough.
                let judged = real.visits >= self.settings.expand_after * self.settings.leaf_playouts;
                let block = match record {
                    Some(_) if judged => self.add_block(&game, true, last),
                    _ => None,
                };
                if let (Some((child, child_len)), Some(record)) = (block, record) {
                    self.followed[record].child = child;
                    self.followed[record].child_len = child_len;
                    if depth >= 2 {
                        // Two plies up the same player moved: its AMAF is the best first guess.
                        let (start, len, _, _) = path[depth - 2];
                        self.inherit_amaf((start, len), (child, child_len));
                    }
                    new_block = Some((child, child_len, game.to_move()));
                }
                break;
            }
            if depth == MAX_TREE_DEPTH {
                break;
            }
            start = real.child;
            len = real.child_len;
        }
        let last = if self.settings.answer_tree_move { last } else { None };
        self.run_batch(&game, last, decided);
        if let Some((start, len, seat)) = new_block {
            self.learn_amaf(start, len, seat);
        }
        for &(start, len, seat, chosen) in &path[..depth] {
            self.learn_amaf(start, len, seat);
            let wins = self.batch.wins_of(seat);
            let record = self.edges[chosen].followed;
            if record != NOT_FOLLOWED {
                let real = &mut self.followed[record as usize];
                real.visits += self.batch.playouts;
                real.wins += wins;
            }
        }
        if let (Some(winner), true) = (decided, self.settings.solver) {
            self.prove_path(&path[..depth], winner);
        }
        self.batch.playouts
    }

    /// Marks the last edge of `path` as leading to a position `winner` wins, and each edge above
    /// it while the block it leads to is decided: its mover has a move proven to win, or every
    /// one of its moves is proven to lose. Either way `winner` wins the block.
    fn prove_path(&mut self, path: &[(u32, u8, Seat, usize)], winner: Seat) {
        for &(start, len, mover, chosen) in path.iter().rev() {
            let record = self.edges[chosen].followed;
            if record == NOT_FOLLOWED {
                return;
            }
            self.followed[record as usize].proven = proven_code(winner);
            let decided = winner == mover
                || self.edges[start as usize..start as usize + usize::from(len)]
                    .iter()
                    .all(|edge| self.real(edge).proven_winner() == Some(winner));
            if !decided {
                return;
            }
        }
    }

    /// The answers that need no search, if one applies: a winning field, the opening move, and
    /// the swap decision.
    fn book_move(&self, game: &PolyY) -> Option<Move> {
        // A field that wins at once: the search would find it too, but among moves that all
        // win on average it might prefer a slower one.
        for field in Fields(game.empty()) {
            let mut after = game.clone();
            after.apply(Move::Place(field));
            if after.is_finished() {
                return Some(Move::Place(field));
            }
        }
        match game.plies() {
            0 => Field::from_number(self.settings.opening).map(Move::Place),
            1 if matches!(self.settings.swap_policy, 1 | 3)
                && game.stones(Seat::First) & self.swapped_openings != 0 =>
            {
                Some(Move::Swap)
            }
            // Policy 0 leaves the swap to the search; an opening not swapped goes to the book.
            1 if self.settings.swap_policy == 0 => None,
            _ if self.settings.book => book_reply(BOOK, game),
            _ => None,
        }
    }
}

impl Engine<PolyY> for Player {
    fn choose(&mut self, game: &PolyY, clock: &TurnClock) -> Move {
        if let Some(mv) = self.book_move(game) {
            self.previous = None;
            eprintln!("polyy: ply {} no search {}", game.plies() + 1, mv);
            return mv;
        }
        if self.settings.proofs {
            if let Some((field, kept)) = self.keep_proven_win(game) {
                self.previous = None;
                eprintln!("polyy: ply {} proven win, {} pairs {}", game.plies() + 1, kept, field);
                return Move::Place(field);
            }
        }
        self.search(game, clock)
    }
}

impl Player {
    /// A move that keeps a proven win, and the pairs left to keep after it. Once a pairing proves
    /// our win it is followed to the end: a stone in one of its pairs is answered with the other
    /// field, and any other stone leaves it whole (the greedy search for pairs need not find the
    /// same pairs again after our own stones change the groups). Until then, a field after which
    /// a pairing proves our win is played at once.
    fn keep_proven_win(&mut self, game: &PolyY) -> Option<(Field, usize)> {
        let us = game.to_move();
        let kept = self.strategy.take().filter(|(after_ours, _)| {
            // Our position of last move plus one stone of the opponent's.
            game.plies() == after_ours.plies() + 1
                && game.stones(us) == after_ours.stones(us)
                && (game.stones(us.other()) & !after_ours.stones(us.other())).count_ones() == 1
        });
        let (field, mut pairs) = match kept {
            Some((after_ours, mut pairs)) => {
                let theirs = game.stones(us.other()) & !after_ours.stones(us.other());
                let choices = match pairs.pairs.iter().position(|&pair| pair & theirs != 0) {
                    Some(at) => pairs.pairs.swap_remove(at) & !theirs,
                    // Any field keeps the pairs; one outside them keeps them all.
                    None => {
                        let in_pairs = pairs.pairs.iter().fold(0, |all, pair| all | pair);
                        match game.empty() & !in_pairs {
                            0 => game.empty(),
                            outside => outside,
                        }
                    }
                };
                (Fields(choices).next().expect("an empty field"), pairs)
            }
            None => Fields(game.empty()).find_map(|field| {
                let mut after = game.clone();
                after.apply(Move::Place(field));
                let proof = pairing(&after, us);
                proof.wins().then_some((field, proof))
            })?,
        };
        // A pair our stone lands in is kept for good.
        pairs.pairs.retain(|pair| *pair & field.bit() == 0);
        let kept = pairs.pairs.len();
        let mut after_ours = game.clone();
        after_ours.apply(Move::Place(field));
        self.strategy = Some((after_ours, pairs));
        Some((field, kept))
    }
}

impl Player {
    /// The root moves of the last search with their real playouts and wins (for the mover),
    /// most played first.
    pub fn root_moves(&self) -> Vec<(Move, u32, u32)> {
        let Some(previous) = &self.previous else { return Vec::new() };
        let (start, len) = (previous.root.0 as usize, usize::from(previous.root.1));
        let mut moves: Vec<(Move, u32, u32)> = self.edges[start..start + len]
            .iter()
            .map(|edge| {
                let real = self.real(edge);
                (edge.mv(), real.visits, real.wins)
            })
            .collect();
        moves.sort_by_key(|&(_, visits, _)| std::cmp::Reverse(visits));
        moves
    }

    /// The root move to play: one proven to win, else the most visited of those not proven to
    /// lose (of all, when every one is).
    fn best_root_edge(&self, mover: Seat, (start, len): (u32, u8)) -> usize {
        let edges = start as usize..start as usize + usize::from(len);
        let proven = |e: usize| self.real(&self.edges[e]).proven_winner();
        if let Some(win) = edges.clone().find(|&e| proven(e) == Some(mover)) {
            return win;
        }
        let visits = |&e: &usize| self.real(&self.edges[e]).visits;
        edges
            .clone()
            .filter(|&e| proven(e).is_none())
            .max_by_key(visits)
            .or_else(|| edges.max_by_key(visits))
            .expect("a legal move")
    }

    /// The real playouts by which the most visited root move leads the second.
    fn root_lead(&self, (start, len): (u32, u8)) -> u32 {
        let (mut first, mut second) = (0, 0);
        for edge in &self.edges[start as usize..start as usize + usize::from(len)] {
            let visits = self.real(edge).visits;
            if visits > first {
                second = first;
                first = visits;
            } else if visits > second {
                second = visits;
            }
        }
        first - second
    }

    /// Whether the move the search would follow next at the root is not the one it would play:
    /// the choice may still change.
    fn root_unstable(&self, mover: Seat, root_block: (u32, u8)) -> bool {
        self.settings.extend_unstable > 0.0
            && self.best_root_edge(mover, root_block)
                != self.select_exploring(root_block.0, root_block.1, mover, false)
    }

    /// The search alone, without the answers of [`Player::book_move`]: the most visited move at
    /// the end of the time share (stretched while the choice is unstable, cut short once it is
    /// settled, as the settings say), the tree kept for the next move.
    pub fn search(&mut self, game: &PolyY, clock: &TurnClock) -> Move {
        let reused = self.reuse_tree(game);
        let root_block = match reused {
            Some(block) => block,
            None => {
                self.edges.clear();
                self.followed.clear();
                // Policy 0 lets the search judge the swap; policies 1 and 2 never search it.
                // The position does not say which stone came last: the root's prior goes without.
                self.add_block(game, self.settings.swap_policy == 0, None).expect("an empty arena has room")
            }
        };
        let kept = if reused.is_some() { self.edges.len() } else { 0 };
        let share = clock.available().mul_f64(self.settings.time_share);
        // The hard deadline leaves room for the extension of an unstable search.
        let extension = 1.0 + self.settings.extend_unstable;
        let deadline = clock.deadline(share, share.mul_f64(extension));
        let mut playouts = 0u64;
        let mut root_block = root_block;
        let mut prunes = 0;
        let mut may_prune = self.settings.prune_batches > 0;
        let fixed = if self.settings.playouts_per_game > 0 {
            ((self.game_playouts_left as f64 * self.settings.time_share) as u64).max(1)
        } else {
            u64::from(self.settings.playouts_per_move)
        };
        let mut ending = "";
        loop {
            for _ in 0..CLOCK_CHECK_ITERATIONS {
                playouts += u64::from(self.iterate(game, root_block));
            }
            // With a fixed amount of work the soft deadline does not count; the hard one does.
            if deadline.hard_reached() || (fixed > 0 && playouts as f64 >= fixed as f64 * extension) {
                break;
            }
            let share_spent = if fixed > 0 { playouts >= fixed } else { deadline.soft_reached() };
            if share_spent {
                if !self.root_unstable(game.to_move(), root_block) {
                    break;
                }
                ending = " extended";
            } else if self.settings.early_stop > 0.0 {
                let to_come = if fixed > 0 {
                    (fixed - playouts) as f64
                } else {
                    let elapsed = clock.elapsed().as_secs_f64();
                    playouts as f64 / elapsed.max(1e-6) * (share.as_secs_f64() - elapsed).max(0.0)
                };
                if self.root_lead(root_block) as f64 > self.settings.early_stop * to_come {
                    ending = " early";
                    break;
                }
            }
            if may_prune && self.edges.len() + FIELDS + 1 > self.edge_limit {
                // The tree is full: make room by dropping the blocks judged by fewer than
                // `prune_batches` batches, most of them leaves the search turned away from.
                let min_visits = self.settings.prune_batches * self.settings.leaf_playouts.max(1);
                root_block = self.compact(root_block, min_visits);
                prunes += 1;
                // Too little freed means the tree is mostly well-visited blocks: stop pruning.
                may_prune = self.edges.len() * 4 < self.edge_limit * 3;
            }
        }
        self.game_playouts_left = self.game_playouts_left.saturating_sub(playouts);
        let best = self.best_root_edge(game.to_move(), root_block);
        let chosen = self.real(&self.edges[best]);
        self.previous = Some(Previous { game: game.clone(), root: root_block, chosen: best });
        eprintln!(
            "polyy: ply {} playouts {} edges {} taken {} kept {} pruned {} win {:.1}% {:.0} ms{}",
            game.plies() + 1,
            playouts,
            self.edges.len(),
            self.followed.len(),
            kept,
            prunes,
            100.0 * f64::from(chosen.wins) / f64::from(chosen.visits.max(1)),
            clock.elapsed().as_secs_f64() * 1e3,
            ending
        );
        self.edges[best].mv()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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
    fn the_prior_gives_every_new_field_its_visits_and_ranks_them_by_learned_strength() {
        let settings = Settings { prior_visits: 40, prior_scale: 0.05, ..Settings::DEFAULT };
        let mut player = Player::new(1, &settings);
        // A contest opening: 19 plies, the last stone the enemy's 40.
        let moves = "48 29 77 78 45 65 13 42 6 93 22 7 12 87 34 26 19 39 40";
        let mut game = PolyY::new();
        for number in moves.split(' ') {
            game.apply(Move::Place(Field::from_number(number.parse().unwrap()).unwrap()));
        }
        let last = Field::from_number(40);
        let (start, len) = player.add_block(&game, false, last).expect("room");
        let block = &player.edges[start as usize..(start as usize + usize::from(len))];
        assert_eq!(usize::from(len), game.empty().count_ones() as usize);
        let position = PositionFeatures::new(&game, last);
        let gammas = learned_gammas();
        let strength = |edge: &Edge| {
            crate::knowledge::strength(&position.of(Field::from_index(usize::from(edge.field))), &gammas)
        };
        for a in block {
            assert_eq!(a.amaf_visits, 40);
            for b in block {
                if strength(a) > strength(b) {
                    assert!(a.amaf_wins >= b.amaf_wins, "fields {} and {}", a.field + 1, b.field + 1);
                }
            }
        }
        let (low, high) =
            block.iter().fold((u32::MAX, 0), |(l, h), e| (l.min(e.amaf_wins), h.max(e.amaf_wins)));
        assert!(high > low + 4, "the prior tells fields apart: {low}..{high}");
        // Without the setting, new fields start empty.
        let mut plain = Player::new(1, &Settings { prior_visits: 0, ..Settings::DEFAULT });
        let (start, len) = plain.add_block(&game, false, last).expect("room");
        assert!(plain.edges[start as usize..][..usize::from(len)].iter().all(|e| e.amaf_visits == 0));
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

    /// Sets the counts of the edge at `index`: real playouts and wins (a record of its own) and
    /// AMAF playouts and wins.
    fn set_counts(player: &mut Player, index: usize, real: (u32, u32), amaf: (u32, u32)) {
        let at = player.followed.len();
        player.followed.push(Followed { visits: real.0, wins: real.1, ..Followed::default() });
        let edge = &mut player.edges[index];
        edge.followed = at as u32;
        (edge.amaf_visits, edge.amaf_wins) = amaf;
    }

    #[test]
    fn the_exploration_bonus_turns_a_big_block_towards_its_little_visited_moves() {
        // A block where one move has 9,000 playouts at 55%, a second 10 at 50%, and the rest
        // 10 each at 30%: greedy selection follows the first, the bonus the second.
        let chosen = |explore_big_blocks: f64, explore_min_playouts: u32, explore: bool| {
            let settings =
                Settings { prior_visits: 0, explore_big_blocks, explore_min_playouts, ..Settings::DEFAULT };
            let mut player = Player::new(1, &settings);
            let mut game = PolyY::new();
            game.apply(Move::Place(Field::from_number(11).expect("a field")));
            let (start, len) = player.add_block(&game, false, None).expect("room");
            let first = start as usize;
            set_counts(&mut player, first, (9_000, 4_950), (9_000, 4_950));
            set_counts(&mut player, first + 1, (10, 5), (10, 5));
            for index in first + 2..first + usize::from(len) {
                set_counts(&mut player, index, (10, 3), (10, 3));
            }
            player.select_exploring(start, len, Seat::Second, explore) - first
        };
        assert_eq!(chosen(0.0, 1_000, true), 0, "greedy");
        assert_eq!(chosen(0.3, 1_000, true), 1, "the bonus in a block of 10,040 playouts");
        assert_eq!(chosen(0.3, 100_000, true), 0, "no bonus below the threshold");
        assert_eq!(chosen(0.3, 1_000, false), 0, "no bonus when the caller asks for none");
    }

    #[test]
    fn the_amaf_weight_falls_with_real_playouts_only_when_rave_k_is_set() {
        let falling = Player::new(1, &Settings { amaf_weight: 0.8, rave_k: 1000, ..Settings::DEFAULT });
        assert_eq!(falling.amaf_weight_after(0), 0.8);
        assert!((falling.amaf_weight_after(1000) - 0.8 / 2f64.sqrt()).abs() < 1e-12);
        assert!(falling.amaf_weight_after(100_000) < falling.amaf_weight_after(10_000));
        let fixed = Player::new(1, &Settings { amaf_weight: 0.8, rave_k: 0, ..Settings::DEFAULT });
        assert_eq!(fixed.amaf_weight_after(1_000_000), 0.8);
    }

    #[test]
    fn a_new_block_starts_from_the_scaled_amaf_of_two_plies_up() {
        let no_prior = Settings { prior_visits: 0, ..Settings::DEFAULT };
        let mut player = Player::new(1, &Settings { inherit_amaf: 64, ..no_prior });
        let mut game = PolyY::new();
        let ancestor = player.add_block(&game, false, None).expect("room");
        for (index, edge) in player.edges.iter_mut().enumerate() {
            // Field 1 has only 32 AMAF playouts, below the cap: it is inherited as it is.
            (edge.amaf_visits, edge.amaf_wins) = if index == 0 { (32, 7) } else { (1000, index as u32 * 9) };
        }
        for number in [11, 50] {
            game.apply(Move::Place(Field::from_number(number).expect("a field")));
        }
        let block = player.add_block(&game, false, None).expect("room");
        player.inherit_amaf(ancestor, block);
        let (start, len) = (block.0 as usize, usize::from(block.1));
        assert_eq!(len, FIELDS - 2);
        for edge in &player.edges[start..start + len] {
            let field = usize::from(edge.field);
            assert!(field != 10 && field != 49, "an occupied field has an edge");
            let expected = if field == 0 { (32, 7) } else { (64, field as u32 * 9 * 64 / 1000) };
            assert_eq!((edge.amaf_visits, edge.amaf_wins), expected, "field {}", field + 1);
        }

        // Off by default: the block starts empty (the learned prior off too).
        let mut player = Player::new(1, &no_prior);
        let ancestor = player.add_block(&PolyY::new(), false, None).expect("room");
        player.edges.iter_mut().for_each(|edge| edge.amaf_visits = 5);
        let block = player.add_block(&game, false, None).expect("room");
        player.inherit_amaf(ancestor, block);
        assert!(player.edges[block.0 as usize..].iter().all(|edge| edge.amaf_visits == 0));
    }

    /// Who wins `game` with best play from both sides, by exhaustive search (memoised).
    fn exact_winner(game: &PolyY, memo: &mut std::collections::HashMap<(u64, u32), Seat>) -> Seat {
        if let Some(winner) = game.winner() {
            return winner;
        }
        let key = (game.hash(), game.plies());
        if let Some(&winner) = memo.get(&key) {
            return winner;
        }
        let mover = game.to_move();
        let wins = Fields(game.empty()).any(|field| {
            let mut after = game.clone();
            after.apply(Move::Place(field));
            exact_winner(&after, memo) == mover
        });
        let winner = if wins { mover } else { mover.other() };
        memo.insert(key, winner);
        winner
    }

    /// Checks every edge under `block` marked proven against the exhaustive search; returns how
    /// many of them were proven by the moves below them (edges with a block of their own).
    fn check_proven(
        player: &Player,
        game: &PolyY,
        block: (u32, u8),
        memo: &mut std::collections::HashMap<(u64, u32), Seat>,
    ) -> usize {
        let mut marked = 0;
        for index in block.0 as usize..block.0 as usize + usize::from(block.1) {
            let edge = player.edges[index];
            let mut after = game.clone();
            after.apply(edge.mv());
            let real = player.real(&edge);
            if let Some(winner) = real.proven_winner() {
                assert_eq!(winner, exact_winner(&after, memo), "after {} in {:?}", edge.mv(), game.hash());
                // Counted when proven by the moves below it, not by a finished game or a pairing.
                marked += usize::from(real.child_len > 0);
            }
            if let Some(child) = player.child_block(index) {
                marked += check_proven(player, &after, child, memo);
            }
        }
        marked
    }

    #[test]
    fn every_edge_the_search_proves_holds_under_exhaustive_search() {
        let mut rng = Rng::new(5);
        let mut positions = 0;
        let mut marked = 0;
        while positions < 12 {
            // A random game with ten fields left open, not yet over.
            let mut game = PolyY::new();
            while game.empty().count_ones() > 10 && !game.is_finished() {
                let fields: Vec<Field> = Fields(game.empty()).collect();
                game.apply(Move::Place(fields[rng.below(fields.len())]));
            }
            // Open and critical: neither side holds a proof by pairs yet, and the mover has
            // both winning and losing moves, so that a wrong proof shows.
            if game.is_finished() || proven_winner(&game).is_some() {
                continue;
            }
            let mut memo = std::collections::HashMap::new();
            let outcomes: Vec<Seat> = Fields(game.empty())
                .map(|field| {
                    let mut after = game.clone();
                    after.apply(Move::Place(field));
                    exact_winner(&after, &mut memo)
                })
                .collect();
            if !outcomes.contains(&game.to_move()) || !outcomes.contains(&game.to_move().other()) {
                continue;
            }
            positions += 1;
            // Without pairings every proof comes from finished games and the moves above them.
            let settings = Settings { proofs: false, solver: true, ..Settings::DEFAULT };
            let mut player = Player::new(positions, &settings);
            let root = player.add_block(&game, false, None).expect("room");
            for _ in 0..3000 {
                player.iterate(&game, root);
            }
            marked += check_proven(&player, &game, root, &mut memo);
            // The mover has a winning move: the search proves one and plays it.
            let mover = game.to_move();
            let best = player.best_root_edge(mover, root);
            assert_eq!(player.real(&player.edges[best]).proven_winner(), Some(mover));
        }
        assert!(marked > 100, "the searches proved {marked} edges by the moves below them");
    }

    /// One search after 11 and 50 under a game budget of `per_game` playouts, a tenth of which is
    /// this move's share: the player, the playouts it used and its root block.
    fn budgeted_search(seed: u64, settings: Settings, per_game: u32) -> (Player, u64, (u32, u8)) {
        let settings = Settings { playouts_per_game: per_game, time_share: 0.1, ..settings };
        let mut player = Player::new(seed, &settings);
        let mut game = PolyY::new();
        for number in [11, 50] {
            game.apply(Move::Place(Field::from_number(number).expect("a field")));
        }
        // The clock is far from binding: only the playout budget ends the search.
        player.search(&game, &TurnClock::with_available(std::time::Duration::from_secs(600)));
        let used = u64::from(per_game) - player.game_playouts_left;
        let root = player.previous.as_ref().expect("a search").root;
        (player, used, root)
    }

    /// The playouts of one clock check: a search may overshoot its budget by at most this much.
    const CHECK: u64 = CLOCK_CHECK_ITERATIONS as u64 * 32;

    #[test]
    fn an_early_stop_comes_only_once_no_playout_left_could_change_the_move() {
        let share = 8_000;
        let early = Settings { early_stop: 1.0, extend_unstable: 0.0, ..Settings::DEFAULT };
        let (player, used, root) = budgeted_search(1, early, 80_000);
        assert!(used < share, "stopped after {used} of {share} playouts");
        assert!(u64::from(player.root_lead(root)) > share - used, "the runner-up could still pass");
        let off = Settings { early_stop: 0.0, ..early };
        let (_, used, _) = budgeted_search(1, off, 80_000);
        assert!((share..share + CHECK).contains(&used), "used {used} of {share} playouts");
    }

    #[test]
    fn an_unstable_search_goes_on_until_it_settles_or_its_extension_is_spent() {
        let share = 4_000;
        let settings = Settings { early_stop: 0.0, extend_unstable: 1.0, ..Settings::DEFAULT };
        let mut extended = 0;
        for seed in 0..8 {
            let (player, used, root) = budgeted_search(seed, settings, 40_000);
            assert!((share..2 * share + CHECK).contains(&used), "used {used} of {share} playouts");
            let settled = !player.root_unstable(Seat::First, root);
            assert!(settled || used >= 2 * share, "stopped unsettled after {used} playouts");
            extended += usize::from(used >= share + CHECK);
        }
        assert!(extended > 0, "no search of eight was extended");
    }
}
