//! A Monte-Carlo tree search over any [`SearchGame`]: the engine a game gets from its rules alone.
//!
//! * **Tree**: one arena of nodes, a node's children in one block. A leaf gets its children once it
//!   has been visited [`MctsConfig::expand_visits`] times (the root at once); a position with more
//!   than [`MctsConfig::max_children`] moves gets that many distinct random ones instead.
//! * **Selection**: UCB1 on the win rate of the player who made the move, optionally mixed with
//!   its all-moves-as-first (AMAF) rate, RAVE-style (weight `sqrt(k / (3n + k))` for `k` =
//!   [`MctsConfig::rave_equivalence`]).
//! * **Playouts**: a batch of [`MctsConfig::batch`] random playouts from each new leaf, cut after
//!   [`MctsConfig::max_playout_plies`] plies and scored there by [`Playouts::playout_value`].
//! * **Solver**: a finished game is a proven result; a position where the mover has a proven
//!   winning move is proven lost for whoever moved into it, one where every move (all of them
//!   generated) loses is proven won. Proven losses are never chosen, a proven win always.
//! * **Reuse**: the subtree of the position reached two plies later (our move and the answer) is
//!   kept for the next search.
//! * **Pruning**: when the arena is full, the children of nodes visited less than a threshold are
//!   dropped (the nodes keep their results) until a quarter of the arena is free.
//! * **Time**: [`MctsConfig::time_share`] of the game time left, checked after every iteration;
//!   or a fixed number of iterations, for screens that must not depend on the machine's load.

use std::collections::HashSet;
use std::time::Instant;

use protocol::{Engine, EngineSpec, Outcome, Rng, SearchGame, Seat, TurnClock};

/// The kit's MCTS settings. A game may tune them through [`Playouts::MCTS`].
#[derive(Clone, Copy, Debug)]
pub struct MctsConfig {
    /// The UCB1 exploration constant.
    pub exploration: f64,
    /// RAVE: the visits at which a move's real and AMAF results weigh the same; 0 turns RAVE off.
    pub rave_equivalence: f64,
    /// Playouts from each new leaf.
    pub batch: u32,
    /// Visits before a leaf gets its children (the root gets them at once).
    pub expand_visits: u32,
    /// The most children of one node; a position with more moves gets this many random ones.
    pub max_children: usize,
    /// The bytes one arena may take (a second one is used while compacting).
    pub arena_bytes: usize,
    /// The share of the game time left spent on one move.
    pub time_share: f64,
    /// A fixed number of iterations per move instead of the clock (0: by the clock). The time
    /// left in the game still stops the search.
    pub iterations: u64,
    /// Plies after which a playout stops and is scored by [`Playouts::playout_value`].
    pub max_playout_plies: u32,
    /// Keep the subtree of the position two plies on for the next move.
    pub reuse: bool,
    /// Prove wins and losses and play by them.
    pub solver: bool,
}

impl MctsConfig {
    pub const DEFAULT: MctsConfig = MctsConfig {
        exploration: 0.7,
        rave_equivalence: 0.0,
        batch: 1,
        expand_visits: 2,
        max_children: 256,
        arena_bytes: 12 << 20,
        time_share: 0.1,
        iterations: 0,
        max_playout_plies: 400,
        reuse: true,
        solver: true,
    };
}

impl Default for MctsConfig {
    fn default() -> MctsConfig {
        MctsConfig::DEFAULT
    }
}

/// What the kit's MCTS may ask of a game beyond its rules. Every method has a default, so
/// `impl kit::Playouts for MyGame {}` is enough to play.
pub trait Playouts: SearchGame {
    /// The settings the game's `uct` engine uses.
    const MCTS: MctsConfig = MctsConfig::DEFAULT;

    /// The chance that the side to move wins from an unfinished position where a playout was cut
    /// off, in `[0, 1]`. The default knows nothing: one half.
    fn playout_value(&self) -> f64 {
        0.5
    }
}

/// Whether a node's result is proven, for the player who made its move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Proof {
    Unknown,
    Won,
    Lost,
}

#[derive(Clone, Copy, Debug)]
struct Node<M> {
    /// The move into this node (the root's is a placeholder).
    mv: M,
    /// The seat that made `mv`.
    mover: Seat,
    first_child: u32,
    /// 0 until expanded.
    children: u32,
    /// Whether the children are every legal move, not a sample: only then can all of them losing
    /// prove a win.
    complete: bool,
    proof: Proof,
    /// Results for `mover`.
    stats: Stats,
}

impl<M: Copy> Node<M> {
    fn new(mv: M, mover: Seat) -> Node<M> {
        Node {
            mv,
            mover,
            first_child: 0,
            children: 0,
            complete: false,
            proof: Proof::Unknown,
            stats: Stats::ZERO,
        }
    }

    fn block(&self) -> std::ops::Range<usize> {
        self.first_child as usize..(self.first_child + self.children) as usize
    }
}

/// A node's statistics from the point of view of the side that made its move: results count 1 for
/// a win and 0.5 for a draw. Shared with the games' own tree searches, so the selection rule is
/// written once.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Stats {
    pub visits: u32,
    pub wins: f32,
    /// All-moves-as-first: playouts below the parent in which this move was played later.
    pub amaf_visits: u32,
    pub amaf_wins: f32,
}

impl Stats {
    pub const ZERO: Stats = Stats { visits: 0, wins: 0.0, amaf_visits: 0, amaf_wins: 0.0 };

    /// Adds `playouts` results summing to `wins`.
    #[inline]
    pub fn record(&mut self, playouts: u32, wins: f32) {
        self.visits += playouts;
        self.wins += wins;
    }

    /// Adds one all-moves-as-first result.
    #[inline]
    pub fn record_amaf(&mut self, result: f32) {
        self.amaf_visits += 1;
        self.amaf_wins += result;
    }

    /// The mean result, 0 before the first visit.
    pub fn mean(&self) -> f64 {
        f64::from(self.wins) / f64::from(self.visits.max(1))
    }

    /// UCB1 over the mean blended with the all-moves-as-first mean (RAVE: the AMAF mean weighs
    /// `sqrt(k / (3n + k))` for `k = rave_equivalence`, 0 turns it off), for a visited child of
    /// a parent whose visits have logarithm `log_parent_visits`.
    #[inline]
    pub fn selection_value(&self, rave_equivalence: f64, exploration: f64, log_parent_visits: f64) -> f64 {
        debug_assert!(self.visits > 0);
        let visits = f64::from(self.visits);
        let mut value = f64::from(self.wins) / visits;
        if rave_equivalence > 0.0 && self.amaf_visits > 0 {
            let beta = (rave_equivalence / (3.0 * visits + rave_equivalence)).sqrt();
            let amaf = f64::from(self.amaf_wins) / f64::from(self.amaf_visits);
            value = (1.0 - beta) * value + beta * amaf;
        }
        value + exploration * (log_parent_visits / visits).sqrt()
    }
}

/// The deepest a descent goes before it stops adding to its path.
const MAX_PATH: usize = 512;

/// The kit's Monte-Carlo tree search; see the module documentation.
pub struct Mcts<G: SearchGame> {
    config: MctsConfig,
    rng: Rng,
    nodes: Vec<Node<G::Move>>,
    /// The arena compaction copies into; swapped with `nodes` after.
    spare: Vec<Node<G::Move>>,
    /// For each node of a compaction's copy, the node it came from.
    origin: Vec<u32>,
    capacity: usize,
    /// The position the tree's root stands for, after the last search.
    root_game: Option<G>,
    /// The moves of the current iteration (tree and playout) and their movers, for AMAF.
    sequence: Vec<(Seat, G::Move)>,
    seen: [HashSet<G::Move>; 2],
}

impl<G: Playouts> Mcts<G> {
    pub fn new(seed: u64, config: MctsConfig) -> Mcts<G> {
        let capacity = (config.arena_bytes / std::mem::size_of::<Node<G::Move>>()).max(1024);
        Mcts {
            config,
            rng: Rng::new(seed),
            nodes: Vec::with_capacity(capacity),
            spare: Vec::new(),
            origin: Vec::new(),
            capacity,
            root_game: None,
            sequence: Vec::new(),
            seen: [HashSet::new(), HashSet::new()],
        }
    }

    /// The kit's `uct` engine for `G`, with the game's [`Playouts::MCTS`] settings.
    pub fn engine(seed: u64) -> Mcts<G> {
        Mcts::new(seed, G::MCTS)
    }

    /// Finds the position of `game` within two plies of the last root and keeps its subtree;
    /// otherwise starts a fresh tree.
    fn reuse_or_reset(&mut self, game: &G) {
        let target = game.position_hash();
        let mut found = None;
        if let (true, Some(last), false) = (self.config.reuse, &self.root_game, self.nodes.is_empty()) {
            'search: for child in self.nodes[0].block() {
                let mut once = last.clone();
                once.apply(self.nodes[child].mv);
                if once.position_hash() == target {
                    found = Some(child);
                    break;
                }
                for grandchild in self.nodes[child].block() {
                    let mut twice = once.clone();
                    twice.apply(self.nodes[grandchild].mv);
                    if twice.position_hash() == target {
                        found = Some(grandchild);
                        break 'search;
                    }
                }
            }
        }
        match found {
            Some(root) => self.compact(root, 0),
            None => {
                self.nodes.clear();
                let placeholder = game.first_legal_move().expect("a search in a finished game");
                self.nodes.push(Node::new(placeholder, game.seat_to_move().other()));
            }
        }
        self.root_game = Some(game.clone());
    }

    /// Copies the subtree of `root` to the front of a fresh arena, keeping the children of the
    /// nodes visited at least `min_visits` times (and the root's).
    fn compact(&mut self, root: usize, min_visits: u32) {
        let mut copy = std::mem::take(&mut self.spare);
        copy.clear();
        self.origin.clear();
        copy.push(self.nodes[root]);
        self.origin.push(root as u32);
        let mut next = 0;
        while next < copy.len() {
            let old = self.nodes[self.origin[next] as usize];
            if old.children == 0 || (next > 0 && old.stats.visits < min_visits) {
                copy[next].children = 0;
                copy[next].complete = false;
            } else {
                copy[next].first_child = copy.len() as u32;
                for child in old.block() {
                    copy.push(self.nodes[child]);
                    self.origin.push(child as u32);
                }
            }
            next += 1;
        }
        self.spare = std::mem::replace(&mut self.nodes, copy);
    }

    /// Makes room for one more block of children, pruning when the arena is full. False when
    /// even pruning cannot make room.
    fn make_room(&mut self) -> bool {
        let block = self.config.max_children + 1;
        if self.nodes.len() + block <= self.capacity {
            return true;
        }
        let mut min_visits = self.config.expand_visits.max(1) * 2;
        while self.nodes.len() + block > self.capacity * 3 / 4 {
            self.compact(0, min_visits);
            if min_visits > u32::MAX / 4 {
                break;
            }
            min_visits *= 2;
        }
        self.nodes.len() + block <= self.capacity
    }

    /// Gives `node` (standing for `game`, not finished) its children.
    fn expand(&mut self, node: usize, game: &G) {
        let first = self.nodes.len();
        let mover = game.seat_to_move();
        let limit = self.config.max_children;
        let nodes = &mut self.nodes;
        let enumerated = game.for_each_move(|mv| {
            if nodes.len() - first == limit {
                return std::ops::ControlFlow::Break(());
            }
            nodes.push(Node::new(mv, mover));
            std::ops::ControlFlow::Continue(())
        });
        let complete = enumerated.is_continue();
        if !complete {
            // Too many moves: a random sample of distinct ones instead of the first few.
            self.nodes.truncate(first);
            for _ in 0..4 * limit {
                let Some(mv) = game.random_move(&mut self.rng) else { break };
                if !self.nodes[first..].iter().any(|n| n.mv == mv) {
                    self.nodes.push(Node::new(mv, mover));
                    if self.nodes.len() - first == limit {
                        break;
                    }
                }
            }
        }
        let children = (self.nodes.len() - first) as u32;
        let parent = &mut self.nodes[node];
        parent.first_child = first as u32;
        parent.children = children;
        parent.complete = complete;
    }

    /// The child to descend into: a proven win at once, never a proven loss while another move
    /// remains, otherwise the best UCB (with RAVE) score, unvisited moves first.
    fn select(&self, node: usize) -> usize {
        let parent = &self.nodes[node];
        let log_visits = f64::from(parent.stats.visits.max(1)).ln();
        let rave = self.config.rave_equivalence;
        let mut best = (f64::NEG_INFINITY, parent.first_child as usize);
        for child in parent.block() {
            let n = &self.nodes[child];
            let score = match n.proof {
                Proof::Won => return child,
                Proof::Lost => -1.0,
                Proof::Unknown if n.stats.visits == 0 => f64::INFINITY,
                Proof::Unknown => n.stats.selection_value(rave, self.config.exploration, log_visits),
            };
            if score > best.0 {
                best = (score, child);
            }
        }
        best.1
    }

    /// One random playout from `game`: the first seat's result (1 a win, 0.5 a draw), with the
    /// moves recorded for AMAF.
    fn playout(&mut self, mut game: G) -> f64 {
        let mut plies = 0;
        while plies < self.config.max_playout_plies {
            let Some(mv) = game.random_move(&mut self.rng) else { break };
            if self.config.rave_equivalence > 0.0 {
                self.sequence.push((game.seat_to_move(), mv));
            }
            game.apply(mv);
            plies += 1;
        }
        let value = match game.outcome() {
            Some(outcome) => outcome_value(outcome),
            None => game.playout_value().clamp(0.0, 1.0),
        };
        first_seat_value(game.seat_to_move(), value)
    }

    /// One descent, expansion, batch of playouts and update; returns the playouts run.
    fn iterate(&mut self, root: &G) -> u32 {
        // Pruning renumbers the nodes, so it happens before the descent, never during one.
        let room = self.make_room();
        let rave = self.config.rave_equivalence > 0.0;
        let mut game = root.clone();
        let mut path = [0u32; MAX_PATH];
        let mut depth = 0;
        let mut node = 0;
        self.sequence.clear();
        loop {
            if self.nodes[node].children == 0 {
                let expand = node == 0 || self.nodes[node].stats.visits + 1 >= self.config.expand_visits;
                if !(room && expand) || game.is_over() {
                    break;
                }
                self.expand(node, &game);
            }
            if self.nodes[node].children == 0 || depth + 1 == MAX_PATH {
                break;
            }
            node = self.select(node);
            if rave {
                self.sequence.push((self.nodes[node].mover, self.nodes[node].mv));
            }
            game.apply(self.nodes[node].mv);
            depth += 1;
            path[depth] = node as u32;
            if self.nodes[node].stats.visits == 0 {
                // A new node: judged by its playouts before the tree grows below it.
                break;
            }
        }
        let path = &path[..=depth];
        if let Some(outcome) = game.outcome() {
            // A finished game: its result is exact, and one look is enough.
            if self.config.solver && node > 0 {
                self.nodes[node].proof = match outcome {
                    // The side to move lost: the move into this position won.
                    Outcome::Loss => Proof::Won,
                    Outcome::Win => Proof::Lost,
                    Outcome::Draw => Proof::Unknown,
                };
            }
            let result = first_seat_value(game.seat_to_move(), outcome_value(outcome));
            if rave {
                self.update_amaf(path, result);
            }
            self.back_up(path, 1, result);
            return 1;
        }
        let playouts = self.config.batch.max(1);
        let tree_moves = self.sequence.len();
        let mut first_seat_wins = 0.0;
        for _ in 0..playouts {
            self.sequence.truncate(tree_moves);
            let result = self.playout(game.clone());
            first_seat_wins += result;
            if rave {
                self.update_amaf(path, result);
            }
        }
        self.back_up(path, playouts, first_seat_wins);
        playouts
    }

    /// Adds the playout's AMAF results to the children of every node on the path: a child whose
    /// move its mover played later in the iteration counts the result as its own.
    fn update_amaf(&mut self, path: &[u32], first_seat_result: f64) {
        for set in &mut self.seen {
            set.clear();
        }
        // Walk up the path; `seen` holds the moves played from the position below `depth` on.
        let mut from = self.sequence.len();
        for depth in (0..path.len()).rev() {
            // The moves from this node's position on: those after the first `depth` tree moves.
            while from > depth {
                from -= 1;
                let (seat, mv) = self.sequence[from];
                self.seen[seat.index()].insert(mv);
            }
            let node = self.nodes[path[depth] as usize];
            for child in node.block() {
                let n = &mut self.nodes[child];
                if self.seen[n.mover.index()].contains(&n.mv) {
                    n.stats.record_amaf(first_seat_value(n.mover, first_seat_result) as f32);
                }
            }
        }
    }

    /// Adds the results to the path and carries proofs up.
    fn back_up(&mut self, path: &[u32], playouts: u32, first_seat_wins: f64) {
        for &index in path {
            let n = &mut self.nodes[index as usize];
            n.stats.record(playouts, seat_value_sum(n.mover, first_seat_wins, playouts) as f32);
        }
        if !self.config.solver {
            return;
        }
        for &index in path.iter().rev().skip(1) {
            let index = index as usize;
            let node = self.nodes[index];
            let mut all_lost = node.complete;
            let mut any_won = false;
            for child in node.block() {
                match self.nodes[child].proof {
                    Proof::Won => any_won = true,
                    Proof::Lost => {}
                    Proof::Unknown => all_lost = false,
                }
            }
            // The children's movers are the side to move here; `node.mover` is the other one,
            // unless the game gave the same side two moves in a row.
            let same_side = node.children > 0 && self.nodes[node.first_child as usize].mover == node.mover;
            let proof = match (any_won, all_lost, same_side) {
                (true, _, false) | (false, true, true) => Proof::Lost,
                (true, _, true) | (false, true, false) => Proof::Won,
                _ => Proof::Unknown,
            };
            if proof == Proof::Unknown || index == 0 {
                if index == 0 {
                    self.nodes[0].proof = proof;
                }
                break;
            }
            self.nodes[index].proof = proof;
        }
    }

    /// The move to play: a proven win, else the most visited move not proven lost.
    fn best_child(&self) -> usize {
        let root = &self.nodes[0];
        let key = |child: usize| {
            let n = &self.nodes[child];
            let rank = match n.proof {
                Proof::Won => 2,
                Proof::Unknown => 1,
                Proof::Lost => 0,
            };
            (rank, n.stats.visits)
        };
        root.block().max_by_key(|&child| key(child)).expect("the root of an unfinished game has children")
    }

    /// Searches `game` until the clock's share (or the fixed iterations) is spent; returns the move
    /// and writes one line to stderr.
    pub fn search(&mut self, game: &G, clock: &TurnClock) -> G::Move {
        self.reuse_or_reset(game);
        if self.nodes[0].children == 0 {
            self.make_room();
            self.expand(0, game);
        }
        let share = clock.available().mul_f64(self.config.time_share);
        let deadline = if self.config.iterations > 0 {
            clock.deadline(clock.available(), clock.available())
        } else {
            clock.deadline(share, share)
        };
        let started_with = self.nodes[0].stats.visits;
        let (mut iterations, mut playouts) = (0u64, 0u64);
        while self.nodes[0].proof == Proof::Unknown || iterations == 0 {
            playouts += u64::from(self.iterate(game));
            iterations += 1;
            let done = if self.config.iterations > 0 { iterations >= self.config.iterations } else { false };
            if done || Instant::now() >= deadline.soft {
                break;
            }
        }
        let best = self.nodes[self.best_child()];
        let proof = match best.proof {
            Proof::Won => " proven win",
            Proof::Lost => " proven loss",
            Proof::Unknown => "",
        };
        eprintln!(
            "{}: uct {} playouts ({} kept) {} nodes {:.1}%{proof} {:.0} ms",
            G::NAME,
            playouts,
            started_with,
            self.nodes.len(),
            100.0 * best.stats.mean(),
            clock.elapsed().as_secs_f64() * 1e3
        );
        best.mv
    }
}

impl<G: Playouts> Engine<G> for Mcts<G> {
    fn choose(&mut self, game: &G, clock: &TurnClock) -> G::Move {
        self.search(game, clock)
    }
}

fn make_uct<G: Playouts + 'static, S>(seed: u64, _settings: &S) -> Box<dyn Engine<G>> {
    Box::new(Mcts::<G>::engine(seed))
}

/// The kit's MCTS as a bot's `uct` engine.
pub const fn uct_engine<G: Playouts + 'static, S>() -> EngineSpec<G, S> {
    EngineSpec::new(
        "uct",
        "the search kit's generic MCTS: UCT, random playouts, solver, tree reuse",
        make_uct::<G, S>,
    )
}

fn outcome_value(outcome: Outcome) -> f64 {
    match outcome {
        Outcome::Win => 1.0,
        Outcome::Draw => 0.5,
        Outcome::Loss => 0.0,
    }
}

/// `value` for `seat`, turned into the first seat's value (and, the same way, the first seat's
/// value turned into `seat`'s).
fn first_seat_value(seat: Seat, value: f64) -> f64 {
    match seat {
        Seat::First => value,
        Seat::Second => 1.0 - value,
    }
}

/// The sum of `playouts` first-seat results turned into `seat`'s sum.
fn seat_value_sum(seat: Seat, first_seat_sum: f64, playouts: u32) -> f64 {
    match seat {
        Seat::First => first_seat_sum,
        Seat::Second => f64::from(playouts) - first_seat_sum,
    }
}
