//! Monte-Carlo tree search with random playouts ([`crate::engine::playout`]) and a solver: a
//! position whose side to move has no move is won for that side, and proofs climb the tree (a
//! node is lost for the side that moved into it when some answer wins, won when every answer
//! loses), so the endgame races are read exactly once the tree reaches them.

use std::collections::HashMap;
use std::time::Instant;

use arrayvec::ArrayVec;
use kit::Stats;
use protocol::{Engine, Game, Rng, TurnClock};

use crate::board::{Bits, Point};
use crate::engine::playout::{playout, MoveValues, PlayoutPolicy, PointValues, Replies, ReplyMemory, Sketch};
use crate::game::{Ayu, Colour, Move};
use crate::knowledge;
use crate::settings::{Settings, MCTS_CLOCK_CHECK, MCTS_KEEP_NODES, MCTS_MAX_NODES, OPENING_FOCUS_POINTS};

/// What is known of a node, from the view of the side that moved into it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Proof {
    Unknown,
    Won,
    Lost,
}

#[derive(Clone, Copy)]
struct Node {
    mv: Move,
    proof: Proof,
    expanded: bool,
    /// Its children are the opening focus's moves only, not every move, so that every child
    /// being lost proves nothing.
    restricted: bool,
    child_count: u16,
    first_child: u32,
    /// Playouts won by the side that moved into this node (a cut-off playout counts a half); its
    /// all-moves-as-first counts are the playouts below the parent in which the side to move
    /// there put a piece on this move's destination.
    stats: Stats,
    /// With `mcts_prior_visits`: the learned strength of the move over the mean strength of its
    /// siblings ([`crate::knowledge`]).
    prior: f32,
}

impl Node {
    fn new(mv: Move) -> Node {
        Node {
            mv,
            proof: Proof::Unknown,
            expanded: false,
            restricted: false,
            child_count: 0,
            first_child: 0,
            stats: Stats::ZERO,
            prior: 1.0,
        }
    }

    fn children(&self) -> std::ops::Range<usize> {
        let first = self.first_child as usize;
        first..first + usize::from(self.child_count)
    }
}

/// The deepest path a descent may take.
const MAX_PATH: usize = 256;

/// When a search stops: past `soft` once the choice is settled, at `hard` in any case, or after
/// `max_playouts`.
#[derive(Clone, Copy, Debug)]
pub struct SearchLimits {
    pub soft: Instant,
    pub hard: Instant,
    pub max_playouts: u64,
}

/// What one search found, for the stderr line and for tests.
#[derive(Clone, Copy, Debug)]
pub struct MctsResult {
    pub best: Move,
    /// The share of playouts through `best` that its mover won.
    pub win_rate: f64,
    pub playouts: u64,
    pub nodes: usize,
    /// `Some(true)` when `best` is proven to win, `Some(false)` when every move is proven to lose.
    pub proven: Option<bool>,
}

/// Room kept free for one expansion: more than the moves of any position seen (rules §4.3 reports
/// 98; group moves add some), so that the arena never grows past its reservation.
const EXPANSION_ROOM: usize = 1024;

// While a subtree is kept, the old arena and the copy are both in memory: 52 MB at most, which
// leaves 12 MB of CodeCup's 64,000,000 bytes for the rest.
const _: () =
    assert!(std::mem::size_of::<Node>() * (MCTS_MAX_NODES + EXPANSION_ROOM + MCTS_KEEP_NODES) <= 52_000_000);

pub struct Mcts {
    nodes: Vec<Node>,
    /// The position the tree was grown for, so that the next search can keep the part of the tree
    /// that is still reachable.
    root_game: Option<Ayu>,
    /// With `mcts_transpositions`: the block of children of each position expanded, by its hash,
    /// so that a position reached by another order of moves shares them (the tree becomes a
    /// graph).
    blocks: HashMap<u64, (u32, u16)>,
    rng: Rng,
    /// The learned move weights, for `mcts_prior_visits`.
    gammas: [f32; knowledge::WEIGHTS],
    /// With `mcts_focus_tree`, during a search: the opening focus pieces of each colour in the
    /// root position.
    focus: Option<[Bits; 2]>,
    /// With `mcts_last_good_reply`: the playouts' remembered answers.
    replies: Replies,
    /// The moves of the current descent and playout, for the replies and the move values (kept
    /// to reuse its allocation).
    played_moves: Vec<Move>,
    /// With `mcts_greedy_steps` or `mcts_value_prior`: the playouts' values of each colour's
    /// destinations.
    point_values: PointValues,
    /// With `mcts_value_prior` and `mcts_point_weight`: the playouts' values of each colour's
    /// moves.
    move_values: MoveValues,
    settings: Settings,
}

impl Mcts {
    pub fn new(seed: u64, settings: &Settings) -> Mcts {
        Mcts {
            nodes: Vec::new(),
            root_game: None,
            blocks: HashMap::new(),
            rng: Rng::new(seed),
            gammas: knowledge::learned_gammas(),
            focus: None,
            replies: Replies::new(),
            played_moves: Vec::new(),
            point_values: PointValues::new(),
            move_values: MoveValues::new(),
            settings: *settings,
        }
    }

    /// Searches `game` (which must not be over) until `deadline` or `max_playouts`.
    pub fn search(&mut self, game: &Ayu, deadline: Instant, max_playouts: u64) -> MctsResult {
        let limits = SearchLimits { soft: deadline, hard: deadline, max_playouts };
        self.search_lifting_from(game, limits, None, None)
    }

    /// [`Mcts::search`], with the first move restricted to lifting a piece from `lift_from` when
    /// that leaves some move. With `focus` (each colour's opening focus pieces in `game`) and
    /// `mcts_focus_tree`, the moves of both sides below the root are restricted in the same way
    /// until `mcts_focus_plies`; otherwise the tree below keeps every move.
    pub fn search_lifting_from(
        &mut self,
        game: &Ayu,
        limits: SearchLimits,
        lift_from: Option<Bits>,
        focus: Option<[Bits; 2]>,
    ) -> MctsResult {
        self.focus = focus.filter(|_| self.settings.mcts_focus_tree);
        // The last search's values still count, at a part of their weight.
        let decay = self.settings.mcts_value_decay as f32;
        self.point_values.decay(decay);
        if self.values_moves() {
            self.move_values.decay(decay);
        }
        let kept = if self.settings.mcts_keep_tree { self.find_in_tree(game) } else { None };
        match kept {
            Some(node) => self.keep_subtree(node, MCTS_KEEP_NODES),
            None => {
                self.nodes = Vec::new();
                self.blocks.clear();
                // The root's move is never read.
                self.nodes.push(Node::new(Move { from: Point::from_index(0), to: Point::from_index(0) }));
            }
        }
        self.nodes.reserve_exact((MCTS_MAX_NODES + EXPANSION_ROOM).saturating_sub(self.nodes.len()));
        self.root_game = Some(game.clone());
        if let Some(lift_from) = lift_from {
            self.restrict_root(game, lift_from);
        }
        let started = Instant::now();
        let mut playouts = 0;
        while playouts < limits.max_playouts {
            self.iterate(game);
            playouts += 1;
            if self.nodes[0].proof != Proof::Unknown || self.root_has_proven_win() {
                break;
            }
            if playouts % MCTS_CLOCK_CHECK == 0 {
                let now = Instant::now();
                if now >= limits.hard || now >= limits.soft && self.settled() {
                    break;
                }
                if self.settings.mcts_early_stop
                    && self.cannot_be_overtaken(playouts, started, now, limits.soft)
                {
                    break;
                }
            }
        }
        self.result(playouts)
    }

    /// Whether the move [`Mcts::result`] would play is also the one whose playouts score best
    /// among the root's well-tried moves (those with at least a quarter of its visits): past the
    /// soft deadline the search goes on while they differ, up to the hard one.
    fn settled(&self) -> bool {
        let root = &self.nodes[0];
        let open = || root.children().filter(|&child| self.nodes[child].proof == Proof::Unknown);
        let Some(most) = open().max_by_key(|&child| self.nodes[child].stats.visits) else {
            return true;
        };
        let floor = self.nodes[most].stats.visits / 4;
        let best_mean = self.nodes[most].stats.mean();
        !open().any(|child| {
            self.nodes[child].stats.visits >= floor.max(1) && self.nodes[child].stats.mean() > best_mean
        })
    }

    /// Whether no other root move could reach the visits of the most visited one by the soft
    /// deadline, at the rate the playouts have run so far (each playout goes to one move).
    fn cannot_be_overtaken(&self, playouts: u64, started: Instant, now: Instant, soft: Instant) -> bool {
        let (mut first, mut second) = (0u32, 0u32);
        for child in self.nodes[0].children() {
            let visits = self.nodes[child].stats.visits;
            if visits > first {
                second = first;
                first = visits;
            } else if visits > second {
                second = visits;
            }
        }
        let elapsed = now.saturating_duration_since(started).as_secs_f64();
        let left = soft.saturating_duration_since(now).as_secs_f64();
        elapsed > 0.0 && f64::from(first - second) > playouts as f64 / elapsed * left
    }

    /// The node of the last tree two plies below its root (our move and the answer) whose position
    /// is `game`, if the tree reached it.
    fn find_in_tree(&self, game: &Ayu) -> Option<usize> {
        let previous = self.root_game.as_ref()?;
        if previous.plies() + 2 != game.plies() || self.nodes.is_empty() {
            return None;
        }
        for child in self.nodes[0].children() {
            let mut after_ours = previous.clone();
            after_ours.apply(self.nodes[child].mv);
            for grandchild in self.nodes[child].children() {
                let mut after_answer = after_ours.clone();
                after_answer.apply(self.nodes[grandchild].mv);
                if after_answer == *game {
                    return Some(grandchild);
                }
            }
        }
        None
    }

    /// Makes `node` the root, keeping its subtree (copied breadth-first into a new arena) and
    /// nothing else. A block of children shared by transposed positions is copied once. At most
    /// `limit` nodes are copied, the top of the subtree: a node whose children would go past it
    /// is kept unexpanded (with its statistics), to be expanded again when a descent reaches it.
    fn keep_subtree(&mut self, node: usize, limit: usize) {
        // The whole arena at once, so that it is never copied again as it grows.
        let mut kept = Vec::with_capacity(MCTS_MAX_NODES + EXPANSION_ROOM);
        kept.push(self.nodes[node]);
        // Where each copied block went: old start, new start.
        let mut moved: HashMap<u32, u32> = HashMap::new();
        let mut next = 0;
        while next < kept.len() {
            if kept[next].expanded && kept[next].child_count == 0 {
                // No children: its start may equal that of the next block made, so it takes no
                // part in the map.
                kept[next].first_child = 0;
            } else if kept[next].expanded {
                let old = kept[next].first_child;
                let first = match moved.get(&old) {
                    Some(&first) => first,
                    None if kept.len() + kept[next].children().len() > limit => {
                        let current = &mut kept[next];
                        (current.expanded, current.restricted) = (false, false);
                        (current.first_child, current.child_count) = (0, 0);
                        next += 1;
                        continue;
                    }
                    None => {
                        let first = kept.len() as u32;
                        kept.extend_from_slice(&self.nodes[kept[next].children()]);
                        moved.insert(old, first);
                        first
                    }
                };
                kept[next].first_child = first;
            }
            next += 1;
        }
        self.nodes = kept;
        self.blocks = self
            .blocks
            .iter()
            .filter_map(|(&hash, &(old, count))| moved.get(&old).map(|&first| (hash, (first, count))))
            .collect();
    }

    /// Keeps only the root's moves that lift a piece from `lift_from`, unless none does or a
    /// move is already proven to win. The others are dropped from the root's list; their
    /// subtrees stay in the arena, unreachable, until the next `keep_subtree`.
    fn restrict_root(&mut self, game: &Ayu, lift_from: Bits) {
        if !self.nodes[0].expanded && !self.expand(0, game, None) {
            return;
        }
        if self.root_has_proven_win() {
            return;
        }
        let children = self.nodes[0].children();
        let first = children.start;
        let mut allowed = first;
        for child in children {
            if self.nodes[child].mv.from.bit() & lift_from != 0 {
                self.nodes.swap(allowed, child);
                allowed += 1;
            }
        }
        if allowed > first {
            let root = &mut self.nodes[0];
            root.restricted |= allowed - first < usize::from(root.child_count);
            root.child_count = (allowed - first) as u16;
        }
    }

    /// Whether the tree's choice weighs the values of whole moves, which are then learned.
    fn values_moves(&self) -> bool {
        self.settings.mcts_value_prior > 0.0 && self.settings.mcts_point_weight > 0.0
    }

    fn root_has_proven_win(&self) -> bool {
        self.nodes[0].children().any(|child| self.nodes[child].proof == Proof::Won)
    }

    fn result(&self, playouts: u64) -> MctsResult {
        let root = &self.nodes[0];
        debug_assert!(root.expanded && root.child_count > 0, "the root has moves");
        let rank = |node: &Node| match node.proof {
            Proof::Won => (2, node.stats.visits),
            Proof::Unknown => (1, node.stats.visits),
            Proof::Lost => (0, node.stats.visits),
        };
        let best = root.children().max_by_key(|&child| rank(&self.nodes[child])).expect("a move");
        let node = &self.nodes[best];
        let proven = match node.proof {
            Proof::Won => Some(true),
            Proof::Lost => Some(false),
            Proof::Unknown => None,
        };
        MctsResult { best: node.mv, win_rate: node.stats.mean(), playouts, nodes: self.nodes.len(), proven }
    }

    /// The moves the tree expects from the root on, by most visits.
    pub fn principal_variation(&self, length: usize) -> Vec<Move> {
        let mut line = Vec::new();
        let mut node = 0;
        while line.len() < length && self.nodes[node].expanded && self.nodes[node].child_count > 0 {
            let best = self.nodes[node]
                .children()
                .max_by_key(|&child| self.nodes[child].stats.visits)
                .expect("a child");
            if self.nodes[best].stats.visits == 0 {
                break;
            }
            line.push(self.nodes[best].mv);
            node = best;
        }
        line
    }

    /// For tests: the visits, wins and number of nodes of the subtree that `line` leads to from
    /// the root.
    pub fn subtree_summary(&self, line: &[Move]) -> (u32, f32, usize) {
        let mut node = 0;
        for &mv in line {
            node = self.nodes[node]
                .children()
                .find(|&child| self.nodes[child].mv == mv)
                .expect("a move of the tree");
        }
        let mut count = 0;
        let mut stack = vec![node];
        while let Some(next) = stack.pop() {
            count += 1;
            if self.nodes[next].expanded {
                stack.extend(self.nodes[next].children());
            }
        }
        (self.nodes[node].stats.visits, self.nodes[node].stats.wins, count)
    }

    /// For tests: the nodes whose children are a block another node expanded first (positions
    /// reached by two orders of moves).
    pub fn transposed_nodes(&self) -> usize {
        let expanded = self.nodes.iter().filter(|node| node.expanded && node.child_count > 0);
        let blocks: std::collections::HashSet<u32> = expanded.clone().map(|node| node.first_child).collect();
        expanded.count() - blocks.len()
    }

    /// For tests: every move of the tree is legal where it stands (the root being `game`), and a
    /// node has at least the visits of its children together.
    pub fn check_tree(&self, game: &Ayu) {
        self.check_node(0, game);
    }

    fn check_node(&self, node: usize, game: &Ayu) {
        let current = &self.nodes[node];
        if !current.expanded {
            return;
        }
        assert_eq!(usize::from(current.child_count), game.count_legal(), "every move is a child");
        let mut visits = 0;
        for child in current.children() {
            let mv = self.nodes[child].mv;
            assert_eq!(game.check(mv), Ok(()), "{mv} in the tree");
            visits += self.nodes[child].stats.visits;
            let mut after = game.clone();
            after.apply(mv);
            self.check_node(child, &after);
        }
        // Transposed positions share their children, which then count the visits of both.
        assert!(
            self.settings.mcts_transpositions || current.stats.visits >= visits,
            "{} visits below children with {visits}",
            current.stats.visits
        );
    }

    /// One descent, one playout (or a proven result) and the update of the path.
    fn iterate(&mut self, root_game: &Ayu) {
        let mut game = root_game.clone();
        let mut path: ArrayVec<u32, MAX_PATH> = ArrayVec::new();
        let mut node = 0usize;
        path.push(0);
        // The opening focus pieces, followed down the descent.
        let mut focus = self.focus;
        loop {
            if self.nodes[node].proof != Proof::Unknown {
                break;
            }
            if !self.nodes[node].expanded
                && (node != 0 && self.nodes[node].stats.visits < self.settings.mcts_expand_after
                    || !self.expand(node, &game, focus.map(|pieces| pieces[game.to_move().index()])))
            {
                break;
            }
            if self.nodes[node].proof != Proof::Unknown || path.is_full() {
                break;
            }
            match self.select(node, game.to_move()) {
                Some(child) => node = child,
                None => {
                    // Every answer is proven lost (seen through a block shared with a transposed
                    // position): the node is won for its mover.
                    self.update_proof(node);
                    break;
                }
            }
            let mv = self.nodes[node].mv;
            if let Some(pieces) = focus.as_mut() {
                follow_focus(pieces, game.to_move(), mv);
            }
            game.apply(mv);
            path.push(node as u32);
        }
        // The side that moved into the last node, and whether it won.
        let mover = game.to_move().other();
        // The destinations each colour filled below the last node.
        let mut filled = [0 as Bits; 2];
        // The winner of the playout, when one was played and finished.
        let mut playout_winner = None;
        let mover_score = match self.nodes[node].proof {
            Proof::Won => 1.0,
            Proof::Lost => 0.0,
            Proof::Unknown => {
                let policy = PlayoutPolicy {
                    max_plies: self.settings.mcts_max_plies,
                    rescue_tries: self.settings.mcts_rescue_tries,
                    exhaustive_rescue: self.settings.mcts_exhaustive_rescue,
                    lift_far: self.settings.mcts_lift_far,
                };
                let replying = self.settings.mcts_last_good_reply;
                // The moves of the descent and the playout, for the replies and the move values.
                let listing = replying || self.values_moves();
                self.played_moves.clear();
                if listing {
                    self.played_moves.extend(path[1..].iter().map(|&index| self.nodes[index as usize].mv));
                }
                let greed = self.settings.mcts_greedy_steps;
                let steps_by = (greed > 0.0).then_some((&self.point_values, greed));
                let memory = listing.then(|| ReplyMemory {
                    replies: replying.then_some(&self.replies),
                    last: self.played_moves.last().copied(),
                    played: &mut self.played_moves,
                });
                let (winner, plies) =
                    playout(Sketch::of(&game), &mut self.rng, &policy, &mut filled, memory, steps_by);
                if let Some(winner) = winner {
                    if replying {
                        self.replies.learn(&self.played_moves, root_game.to_move(), winner);
                    }
                    if self.values_moves() {
                        self.move_values.record(&self.played_moves, root_game.to_move(), winner);
                    }
                }
                playout_winner = winner;
                // A quicker win counts more, a slower loss less badly (never past a draw).
                let shade = (self.settings.mcts_length_penalty * f64::from(plies)).min(0.5) as f32;
                match winner {
                    Some(winner) if winner == mover => 1.0 - shade,
                    Some(_) => shade,
                    None => 0.5,
                }
            }
        };
        // Back up: the score alternates between the sides along the path; proofs climb while
        // they hold.
        let mut score = mover_score;
        let mut proving = self.nodes[node].proof != Proof::Unknown;
        let mut side = mover;
        let amaf = self.settings.mcts_amaf_bias > 0.0;
        for &index in path.iter().rev() {
            let index = index as usize;
            if amaf && self.nodes[index].expanded {
                // The children are moves of the other side, which scores `1 - score` here.
                let their_fills = filled[side.other().index()];
                for child in self.nodes[index].children() {
                    let current = &mut self.nodes[child];
                    if their_fills & current.mv.to.bit() != 0 {
                        current.stats.record_amaf(1.0 - score);
                    }
                }
            }
            let current = &mut self.nodes[index];
            current.stats.record(1, score);
            if index != 0 {
                filled[side.index()] |= current.mv.to.bit();
            }
            score = 1.0 - score;
            side = side.other();
            if proving && index != node {
                proving = self.update_proof(index);
            }
        }
        // `filled` now holds the descent's destinations too.
        let values_points = self.settings.mcts_greedy_steps > 0.0 || self.settings.mcts_value_prior > 0.0;
        if let Some(winner) = playout_winner.filter(|_| values_points) {
            self.point_values.record(&filled, winner);
        }
    }

    /// Re-derives the proof of an expanded node from its children; returns whether it is proven.
    fn update_proof(&mut self, index: usize) -> bool {
        let mut all_lost = true;
        let mut some_won = false;
        for child in self.nodes[index].children() {
            match self.nodes[child].proof {
                Proof::Won => some_won = true,
                Proof::Unknown => all_lost = false,
                Proof::Lost => {}
            }
        }
        let proof = if some_won {
            Proof::Lost
        } else if all_lost && !self.nodes[index].restricted {
            Proof::Won
        } else {
            Proof::Unknown
        };
        self.nodes[index].proof = proof;
        proof != Proof::Unknown
    }

    /// Adds the children of `node` (position `game`); false when the arena is full (the arena
    /// keeps `EXPANSION_ROOM` beyond its bound for the last expansion). A position
    /// without a move is won for its side to move, so lost for the side that moved into it.
    /// Before `mcts_focus_plies`, `focus` (the side to move's focus pieces) keeps only the moves
    /// lifting a piece from their units, when there are such moves.
    fn expand(&mut self, node: usize, game: &Ayu, focus: Option<Bits>) -> bool {
        let mut lift_from = focus
            .filter(|_| game.plies() < self.settings.mcts_focus_plies)
            .map_or(0, |pieces| focus_units(game, pieces));
        if lift_from != 0 {
            // Restrict only when some moves but not all lift from the focus units.
            let (mut focused, mut all) = (0, 0);
            let _ = game.for_each_legal_by_unit(|_, _, mv| {
                focused += usize::from(mv.from.bit() & lift_from != 0);
                all += 1;
                std::ops::ControlFlow::Continue(())
            });
            if focused == 0 || focused == all {
                lift_from = 0;
            }
        }
        let restricted = lift_from != 0;
        // A restricted block is neither shared nor taken from another position: the same
        // position may hold other focus pieces when reached by another order of moves.
        let shared = self.settings.mcts_transpositions && !restricted;
        if shared {
            if let Some(&(first, count)) = self.blocks.get(&game.hash()) {
                let current = &mut self.nodes[node];
                current.expanded = true;
                current.first_child = first;
                current.child_count = count;
                if count == 0 {
                    current.proof = Proof::Lost;
                }
                return true;
            }
        }
        let first = self.nodes.len();
        if first >= MCTS_MAX_NODES {
            return false;
        }
        let with_priors = self.settings.mcts_prior_visits > 0.0;
        // The move into the node is the last one (the root's only when it was kept).
        let into = self.nodes[node].mv;
        let last = (into.from != into.to).then_some(into.to);
        let mut total = 0.0;
        let _ = game.for_each_legal_by_unit(|unit, distance, mv| {
            if restricted && mv.from.bit() & lift_from == 0 {
                return std::ops::ControlFlow::Continue(());
            }
            let prior = if with_priors {
                knowledge::strength(&knowledge::features(game, unit, distance, mv, last), &self.gammas)
            } else {
                1.0
            };
            total += prior;
            self.nodes.push(Node { prior, ..Node::new(mv) });
            std::ops::ControlFlow::Continue(())
        });
        let count = self.nodes.len() - first;
        if with_priors {
            let mean = total / count.max(1) as f32;
            for child in &mut self.nodes[first..] {
                child.prior /= mean;
            }
        }
        self.rng.shuffle(&mut self.nodes[first..]);
        let current = &mut self.nodes[node];
        current.expanded = true;
        current.restricted = restricted;
        current.first_child = first as u32;
        current.child_count = count as u16;
        if count == 0 {
            current.proof = Proof::Lost;
        }
        if shared {
            self.blocks.insert(game.hash(), (first as u32, count as u16));
        }
        true
    }

    /// The child to descend into (the moves of `mover`): a proven win at once, never a proven loss
    /// while another move is open, otherwise the highest upper confidence bound, its mean counting
    /// the learned prior and the playouts' value of the move as some playouts (without either,
    /// unvisited children first, in the shuffled order of expansion); `None` when every child is a
    /// proven loss.
    fn select(&mut self, node: usize, mover: Colour) -> Option<usize> {
        let parent = &self.nodes[node];
        let log_visits = f64::from(parent.stats.visits.max(1)).ln();
        let exploration = self.settings.mcts_exploration;
        let amaf_bias = self.settings.mcts_amaf_bias;
        let prior_visits = self.settings.mcts_prior_visits;
        let value_prior = self.settings.mcts_value_prior;
        let point_weight = self.settings.mcts_point_weight as f32;
        let mut best = usize::MAX;
        let mut best_value = f64::NEG_INFINITY;
        for child in parent.children() {
            let current = &self.nodes[child];
            let value = match current.proof {
                Proof::Won => return Some(child),
                Proof::Lost => continue,
                Proof::Unknown if prior_visits > 0.0 || value_prior > 0.0 => {
                    // Each prior counts as some playouts of the child: the learned one as
                    // `prior_visits` won at r / (r + 1) for a move r times as strong as its
                    // siblings on average (a half for an average one), the playouts' value of
                    // the move as `value_prior` won at that value.
                    let mut visits = f64::from(current.stats.visits);
                    let mut wins = f64::from(current.stats.wins);
                    if prior_visits > 0.0 {
                        let prior = f64::from(current.prior);
                        visits += prior_visits;
                        wins += prior_visits * prior / (prior + 1.0);
                    }
                    if value_prior > 0.0 {
                        let mut share = self.point_values.value(mover, current.mv.to);
                        if point_weight > 0.0 {
                            share = self.move_values.value(mover, current.mv, share, point_weight);
                        }
                        visits += value_prior;
                        wins += value_prior * f64::from(share);
                    }
                    wins / visits + exploration * (log_visits / visits).sqrt()
                }
                Proof::Unknown if current.stats.visits == 0 => return Some(child),
                Proof::Unknown => current.stats.selection_value(amaf_bias, exploration, log_visits),
            };
            if value > best_value {
                best_value = value;
                best = child;
            }
        }
        (best != usize::MAX).then_some(best)
    }
}

/// The pieces each side should join first in the opening (Mamay's idea, the strongest 2015
/// entry): the eight pieces next to the corners, followed as they move. A unit holding one of
/// them is the farthest from the rest, so it is the one that can be cut off.
#[derive(Clone)]
struct OpeningFocus {
    /// The position after our last move, with the opponent's answer still to come.
    position: Ayu,
    pieces: [Bits; 2],
}

impl OpeningFocus {
    fn start() -> OpeningFocus {
        let mut pieces = [0; 2];
        let position = Ayu::new();
        for &index in &OPENING_FOCUS_POINTS {
            let point = Point::from_index(index);
            for colour in [Colour::White, Colour::Black] {
                if position.pieces(colour) & point.bit() != 0 {
                    pieces[colour.index()] |= point.bit();
                }
            }
        }
        OpeningFocus { position, pieces }
    }

    /// Follows the focus pieces to `game`, which must be the followed position or one move after
    /// it; `None` when the game went elsewhere (an analysis started from a later position).
    fn follow(mut self, game: &Ayu) -> Option<OpeningFocus> {
        if self.position.plies() + 1 == game.plies() {
            let mover = self.position.to_move();
            let before = self.position.pieces(mover);
            let after = game.pieces(mover);
            let (from, to) = (before & !after, after & !before);
            if from.count_ones() != 1 || to.count_ones() != 1 {
                return None;
            }
            self.apply(Move { from: Point::lowest(from), to: Point::lowest(to) });
        }
        (self.position == *game).then_some(self)
    }

    fn apply(&mut self, mv: Move) {
        follow_focus(&mut self.pieces, self.position.to_move(), mv);
        self.position.apply(mv);
    }

    /// The points of the side to move's units that hold a focus piece.
    fn units(&self) -> Bits {
        focus_units(&self.position, self.pieces[self.position.to_move().index()])
    }
}

/// Moves the focus piece `mover`'s move `mv` lifts, if it lifts one.
fn follow_focus(pieces: &mut [Bits; 2], mover: Colour, mv: Move) {
    let own = &mut pieces[mover.index()];
    if *own & mv.from.bit() != 0 {
        *own ^= mv.from.bit() | mv.to.bit();
    }
}

/// The points of the units of `game` that hold one of `pieces`.
fn focus_units(game: &Ayu, pieces: Bits) -> Bits {
    let mut units = 0;
    let mut left = pieces;
    while left != 0 {
        let unit = game.unit_of(Point::lowest(left));
        units |= unit;
        left &= !unit;
    }
    units
}

/// The engine (`--engine player`, the default): the Monte-Carlo search on a share of the clock,
/// with a terse line per move.
pub struct MctsPlayer {
    mcts: Mcts,
    settings: Settings,
    /// Followed from the start while the opening focus lasts.
    focus: Option<OpeningFocus>,
}

impl MctsPlayer {
    pub fn new(seed: u64, settings: &Settings) -> MctsPlayer {
        MctsPlayer { mcts: Mcts::new(seed, settings), settings: *settings, focus: None }
    }

    /// The points our first move may lift a piece from in `game`, while the opening focus lasts.
    fn focus_units(&mut self, game: &Ayu) -> Option<Bits> {
        if game.plies() >= self.settings.mcts_focus_plies {
            self.focus = None;
            return None;
        }
        let followed = match self.focus.take() {
            Some(focus) => Some(focus),
            None if game.plies() <= 1 => Some(OpeningFocus::start()),
            None => None,
        };
        self.focus = followed.and_then(|focus| focus.follow(game));
        self.focus.as_ref().map(OpeningFocus::units)
    }
}

impl Engine<Ayu> for MctsPlayer {
    fn choose(&mut self, game: &Ayu, clock: &TurnClock) -> Move {
        let divider = if game.plies() < self.settings.mcts_early_plies {
            // Our moves still to come in the opening, this one included.
            let moves_left = (self.settings.mcts_early_plies - game.plies()).div_ceil(2);
            self.settings.mcts_early_divider + self.settings.mcts_early_spread * moves_left
        } else {
            self.settings.mcts_late_divider
        };
        let share = clock.available() / divider.max(1);
        // An unsettled search may go on past its share, never past half of what is left.
        let extended =
            share.mul_f64(self.settings.mcts_extension.max(1.0)).min(clock.available() / 2).max(share);
        let deadline = clock.deadline(share, extended);
        let lift_from = self.focus_units(game);
        let focus_pieces = self.focus.as_ref().map(|focus| focus.pieces);
        let max_playouts = match self.settings.mcts_playouts_per_move {
            0 => u64::MAX,
            playouts => u64::from(playouts),
        };
        let limits = SearchLimits { soft: deadline.soft, hard: deadline.hard, max_playouts };
        let result = self.mcts.search_lifting_from(game, limits, lift_from, focus_pieces);
        if let Some(focus) = self.focus.as_mut() {
            focus.apply(result.best);
        }
        let score = match result.proven {
            Some(true) => "win".to_string(),
            Some(false) => "loss".to_string(),
            None => format!("{:.1}%", 100.0 * result.win_rate),
        };
        let line: Vec<String> = self.mcts.principal_variation(4).iter().map(|mv| mv.to_string()).collect();
        eprintln!(
            "ayu: ply {} playouts {} nodes {} score {} pv {} {:.0} ms",
            game.plies() + 1,
            result.playouts,
            result.nodes,
            score,
            line.join(" "),
            clock.elapsed().as_secs_f64() * 1e3
        );
        result.best
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Points;
    use std::time::Duration;

    fn node(from: usize, to: usize) -> Node {
        Node::new(Move { from: Point::from_index(from), to: Point::from_index(to) })
    }

    /// Checks the focus, lasting `plies` plies, below `node` (position `game`, focus pieces
    /// `pieces`); returns how many restricted nodes below the root it saw.
    fn check_focus(mcts: &Mcts, node: usize, game: &Ayu, pieces: [Bits; 2], plies: u32) -> usize {
        let current = &mcts.nodes[node];
        if !current.expanded {
            return 0;
        }
        let mover = game.to_move();
        let units: Bits =
            Points(pieces[mover.index()]).map(|point| game.unit_of(point)).fold(0, |a, b| a | b);
        let lifting = |mv: Move| mv.from.bit() & units != 0;
        let mut focused = 0;
        let _ = game.for_each_legal_by_unit(|_, _, mv| {
            focused += usize::from(lifting(mv));
            std::ops::ControlFlow::Continue(())
        });
        let children: Vec<Move> = current.children().map(|child| mcts.nodes[child].mv).collect();
        let expected = if game.plies() < plies && focused > 0 { focused } else { game.count_legal() };
        assert_eq!(children.len(), expected, "ply {}: the moves kept", game.plies());
        assert!(expected == game.count_legal() || children.iter().all(|&mv| lifting(mv)));
        let mut seen = usize::from(node != 0 && current.restricted);
        for child in current.children() {
            let mv = mcts.nodes[child].mv;
            let mut after = game.clone();
            after.apply(mv);
            let mut moved = pieces;
            if moved[mover.index()] & mv.from.bit() != 0 {
                moved[mover.index()] ^= mv.from.bit() | mv.to.bit();
            }
            seen += check_focus(mcts, child, &after, moved, plies);
        }
        seen
    }

    #[test]
    fn the_opening_focus_holds_inside_the_tree_until_its_last_ply() {
        let settings = Settings { mcts_focus_tree: true, mcts_focus_plies: 4, ..Settings::DEFAULT };
        let far = Instant::now() + std::time::Duration::from_secs(600);
        let focus = OpeningFocus::start();
        let game = Ayu::new();
        let mut mcts = Mcts::new(5, &settings);
        let limits = SearchLimits { soft: far, hard: far, max_playouts: 20_000 };
        let result = mcts.search_lifting_from(&game, limits, Some(focus.units()), Some(focus.pieces));
        assert!(result.best.from.bit() & focus.units() != 0, "{} lifts from a focus unit", result.best);
        // Plies 1-3 restricted, ply 4 and later every move.
        let restricted = check_focus(&mcts, 0, &game, focus.pieces, 4);
        assert!(restricted > 20, "{restricted} restricted nodes below the root");
    }

    #[test]
    fn the_tree_tries_first_the_moves_whose_playouts_won() {
        let far = Instant::now() + std::time::Duration::from_secs(600);
        let game = Ayu::new();
        let mut moves = Vec::new();
        let _ = game.for_each_legal_by_unit(|_, _, mv| {
            moves.push(mv);
            std::ops::ControlFlow::Continue(())
        });
        assert!(moves.len() > 60, "{} opening moves", moves.len());
        let favoured = moves[moves.len() / 2];
        let mut mcts = Mcts::new(3, &Settings::DEFAULT);
        // Forty playouts in which White played `favoured` and won (halved as the search starts).
        for _ in 0..40 {
            mcts.move_values.record(&[favoured], Colour::White, Colour::White);
        }
        mcts.search(&game, far, 30);
        let visits = |mv: Move| {
            let child = mcts.nodes[0].children().find(|&child| mcts.nodes[child].mv == mv).expect("a child");
            mcts.nodes[child].stats.visits
        };
        // Without the value, each of the first 30 descents would try another unvisited move.
        assert!(visits(favoured) >= 10, "{favoured} visited {} times of 30", visits(favoured));
        assert!(moves.iter().all(|&mv| mv == favoured || visits(mv) < visits(favoured)));
    }

    #[test]
    fn a_kept_subtree_is_cut_to_its_top_and_grows_again() {
        let far = Instant::now() + std::time::Duration::from_secs(600);
        let game = Ayu::new();
        let mut mcts = Mcts::new(9, &Settings::DEFAULT);
        mcts.search(&game, far, 20_000);
        let whole = mcts.nodes.len();
        let limit = 2_000;
        mcts.keep_subtree(0, limit);
        assert!(
            mcts.nodes.len() <= limit && mcts.nodes.len() > limit / 2,
            "{} of {whole} kept",
            mcts.nodes.len()
        );
        let cut = mcts.nodes.iter().filter(|node| !node.expanded && node.stats.visits >= 2).count();
        assert!(cut > 0, "some visited nodes lost their children");
        mcts.check_tree(&game);
        // Descents from the kept root expand the cut nodes again, and the tree stays consistent.
        let kept_visits = mcts.nodes[0].stats.visits;
        for _ in 0..20_000 {
            mcts.iterate(&game);
        }
        assert_eq!(mcts.nodes[0].stats.visits, kept_visits + 20_000);
        assert!(mcts.nodes.len() > 4 * limit, "the tree grew again to {} nodes", mcts.nodes.len());
        mcts.check_tree(&game);
    }

    #[test]
    fn a_search_goes_on_while_its_most_visited_move_is_not_its_best_scoring_one() {
        let (mut root, mut a, mut b, mut c) = (node(0, 0), node(1, 2), node(3, 4), node(5, 6));
        (root.expanded, root.first_child, root.child_count) = (true, 1, 3);
        let mut mcts = Mcts::new(1, &Settings::DEFAULT);
        // A is the most visited and scores best: settled, whatever a barely tried C scores.
        a.stats.record(400, 240.0);
        b.stats.record(200, 100.0);
        c.stats.record(50, 45.0);
        mcts.nodes = vec![root, a, b, c];
        assert!(mcts.settled());
        // B, with half of A's visits, now scores better: not settled.
        mcts.nodes[2].stats.record(100, 100.0);
        assert!(!mcts.settled());
        // Unless B is proven lost, when it is out of the question.
        mcts.nodes[2].proof = Proof::Lost;
        assert!(mcts.settled());

        // 900 playouts in 0.9 s leave about 100 for the 0.1 s to the soft deadline: A's lead of
        // 200 visits over B cannot be caught up, a lead of 60 could.
        let now = Instant::now();
        let (started, soft) = (now - Duration::from_millis(900), now + Duration::from_millis(100));
        mcts.nodes[2].stats.visits = 200;
        assert!(mcts.cannot_be_overtaken(900, started, now, soft));
        mcts.nodes[2].stats.visits = 340;
        assert!(!mcts.cannot_be_overtaken(900, started, now, soft));
        // Past the soft deadline any lead is enough.
        assert!(mcts.cannot_be_overtaken(900, started, soft, soft));
    }

    #[test]
    fn keeping_a_subtree_tells_an_empty_block_from_the_block_made_after_it() {
        // The root has two moves, A and B. A's position has no move (its block is empty and
        // starts where B's block, made next, starts); B's position has one move, C.
        let (mut root, mut a, mut b, c) = (node(0, 0), node(1, 2), node(3, 4), node(5, 6));
        (root.expanded, root.first_child, root.child_count) = (true, 1, 2);
        (a.expanded, a.first_child, a.child_count, a.proof) = (true, 3, 0, Proof::Lost);
        (b.expanded, b.first_child, b.child_count) = (true, 3, 1);
        // Either move first in the root's block, so that the copy meets either block first.
        for (first, second) in [(a, b), (b, a)] {
            let mut copy = Mcts::new(1, &Settings::DEFAULT);
            copy.nodes = vec![root, first, second, c];
            copy.keep_subtree(0, MCTS_KEEP_NODES);
            let kept_b = copy.nodes[0].children().find(|&i| copy.nodes[i].mv == b.mv).expect("B kept");
            let children: Vec<Move> = copy.nodes[kept_b].children().map(|i| copy.nodes[i].mv).collect();
            assert_eq!(children, vec![c.mv], "B keeps its one move");
            let kept_a = copy.nodes[0].children().find(|&i| copy.nodes[i].mv == a.mv).expect("A kept");
            assert_eq!(copy.nodes[kept_a].children().len(), 0);
        }
    }
}
