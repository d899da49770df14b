//! The Symple player: Monte-Carlo tree search over a handful of candidate moves per position. The
//! candidates are the decisions that matter (rules §10): the baseline's own move, expand now (the
//! greedy expansion and noisy variants, with Black's special move while it lasts) or explore at
//! one of the roomiest points. Every position of the tree, the opponent's included, gets its own
//! candidates, so a move is judged by the best answers to it and not only by what the playout rule
//! would answer. Each playout finishes the game with the fixed-rule policy for both sides, each
//! with a group target drawn at random, and is judged by the CodeCup points margin, so the search
//! maximises the margin and not only the win.
//!
//! The baseline's move is credited with extra playouts when the move is chosen, so that with too
//! few playouts to tell the candidates apart (a tiny clock) the player plays the baseline's move:
//! it is never weaker than the baseline for lack of time.

use arrayvec::ArrayVec;
use kit::Stats;
use protocol::{Engine, Game, Rng, TurnClock};

use crate::board::Bits;
use crate::engine::policy::{exploration_candidates, fixed_rule_move, greedy_expansion};
use crate::engine::Solver;
use crate::game::{Move, Symple, Turn};
use crate::settings::{Settings, CLOCK_CHECK_PLAYOUTS, MAX_CANDIDATES, MAX_TREE_NODES, SOLVER_TABLE_BITS};

/// Points margin that maps to a reward of 0 or 1 (a win by 100 bonus + 150 points is about the
/// most a game gives).
const MARGIN_SCALE: f64 = 500.0;

/// The longest path a descent records (the root and its moves); a game has at most 225 plies.
const MAX_PATH: usize = 256;

/// One position of the tree, reached by `mv`; its statistics are for the side that made `mv`.
#[derive(Clone, Copy)]
struct Node {
    mv: Move,
    first_child: u32,
    children: u8,
    expanded: bool,
    /// Playouts through this node and their rewards (0..1), with the kit's UCB rule.
    stats: Stats,
    /// Sum of the points margins, for the stderr line.
    margin: f64,
}

impl Node {
    fn new(mv: Move) -> Node {
        Node { mv, first_child: 0, children: 0, expanded: false, stats: Stats::ZERO, margin: 0.0 }
    }

    fn block(&self) -> std::ops::Range<usize> {
        self.first_child as usize..self.first_child as usize + usize::from(self.children)
    }
}

pub struct Player {
    rng: Rng,
    settings: Settings,
    nodes: Vec<Node>,
    /// The exact endgame; its table keeps what it proved from one move to the next.
    solver: Option<Solver>,
}

impl Player {
    pub fn new(seed: u64, settings: &Settings) -> Player {
        Player { rng: Rng::new(seed), settings: *settings, nodes: Vec::new(), solver: None }
    }

    /// The playouts of the last move's search (0 when the move was forced or solved).
    pub fn playouts(&self) -> u32 {
        self.nodes.first().map_or(0, |root| root.stats.visits)
    }

    /// The moves worth comparing: the baseline's move first, then expansions, then the roomiest
    /// explorations.
    fn candidates(&mut self, game: &Symple) -> ArrayVec<Move, MAX_CANDIDATES> {
        let turn = Turn::new(game);
        let mut moves: ArrayVec<Move, MAX_CANDIDATES> = ArrayVec::new();
        let add = |mv: Move, moves: &mut ArrayVec<Move, MAX_CANDIDATES>| {
            if !moves.contains(&mv) && !moves.is_full() {
                moves.push(mv);
            }
        };
        add(
            fixed_rule_move(game, self.settings.baseline_groups, &self.settings, 0.0, &mut self.rng),
            &mut moves,
        );
        let explorations = exploration_candidates(game, &turn, self.settings.explore_candidates as usize);
        if !turn.all_liberties.is_empty() {
            for variant in 0..self.settings.expand_candidates.max(1) {
                let noise = if variant == 0 { 0.0 } else { self.settings.playout_noise };
                let stones = greedy_expansion(game, &turn, &self.settings, noise, &mut self.rng);
                add(Move { stones }, &mut moves);
                if turn.special && variant == 0 {
                    for &(spot, _) in explorations.iter().take(2) {
                        if !(stones | stones.neighbours()).contains(spot) {
                            let mut with = stones;
                            with.insert(spot);
                            add(Move { stones: with }, &mut moves);
                        }
                    }
                }
            }
        }
        for &(point, _) in &explorations {
            add(Move::single(point), &mut moves);
        }
        moves
    }

    /// Finishes the game from `game` with the fixed-rule policy; the points margin of `colour`.
    fn playout(&mut self, game: &Symple, colour: crate::Colour) -> f64 {
        let mut game = game.clone();
        let (low, high) = (
            self.settings.playout_groups_min,
            self.settings.playout_groups_max.max(self.settings.playout_groups_min),
        );
        let targets = [0; 2].map(|_| low + self.rng.below((high - low + 1) as usize) as u32);
        while !game.is_full() {
            let target = targets[game.to_move().index()];
            let mv =
                fixed_rule_move(&game, target, &self.settings, self.settings.playout_noise, &mut self.rng);
            game.apply(mv);
        }
        let points = game.points();
        f64::from(points[colour.index()]) - f64::from(points[colour.other().index()])
    }

    /// Gives `node` (standing for `game`, not full) its candidates as children.
    fn expand(&mut self, node: usize, game: &Symple) {
        let first = self.nodes.len();
        for mv in self.candidates(game) {
            self.nodes.push(Node::new(mv));
        }
        let children = (self.nodes.len() - first) as u8;
        let parent = &mut self.nodes[node];
        parent.first_child = first as u32;
        parent.children = children;
        parent.expanded = true;
    }

    /// The child to descend into among those widening allows: UCB1 over the rewards, untried
    /// children first in candidate order (the baseline's move first).
    fn select(&self, node: usize) -> usize {
        let parent = &self.nodes[node];
        let log_visits = f64::from(parent.stats.visits.max(1)).ln();
        let mut best = (f64::NEG_INFINITY, parent.first_child as usize);
        // Progressive widening: the candidates come best first, and a later one joins only once
        // the position has had the playouts to judge it.
        let widened = self.settings.widen_base + parent.stats.visits / self.settings.widen_visits.max(1);
        let allowed = parent.block().take(widened.max(1) as usize);
        for child in allowed {
            let n = &self.nodes[child];
            if n.stats.visits == 0 {
                return child;
            }
            let score = n.stats.selection_value(0.0, self.settings.exploration, log_visits);
            if score > best.0 {
                best = (score, child);
            }
        }
        best.1
    }

    /// The solver's move when few enough points are vacant and it finishes within its part of
    /// the move's time.
    fn solve(&mut self, game: &Symple, clock: &TurnClock, share: std::time::Duration) -> Option<Move> {
        if game.empty().count() > self.settings.solver_vacant {
            return None;
        }
        let part = share.mul_f64(self.settings.solver_share);
        let deadline = clock.deadline(part, part).hard;
        let solver = self.solver.get_or_insert_with(|| Solver::new(SOLVER_TABLE_BITS));
        let (margin, mv) = solver.solve(game, Some(deadline))?;
        eprintln!(
            "symple: ply {} solved margin {margin:+} nodes {} {} {:.0} ms",
            game.plies() + 1,
            solver.nodes(),
            game.format_move(mv),
            clock.elapsed().as_secs_f64() * 1e3
        );
        Some(mv)
    }

    /// One descent, expansion, playout and update.
    fn iterate(&mut self, root: &Symple) {
        let me = root.to_move();
        let mut game = root.clone();
        let mut path: ArrayVec<u32, MAX_PATH> = ArrayVec::new();
        path.push(0);
        let mut node = 0;
        while !game.is_full() && path.len() <= (self.settings.tree_depth as usize).min(MAX_PATH - 1) {
            if !self.nodes[node].expanded {
                let ready = node == 0 || self.nodes[node].stats.visits >= self.settings.expand_visits;
                if !ready || self.nodes.len() + MAX_CANDIDATES > MAX_TREE_NODES {
                    break;
                }
                self.expand(node, &game);
            }
            node = self.select(node);
            game.apply(self.nodes[node].mv);
            path.push(node as u32);
            if self.nodes[node].stats.visits == 0 {
                break;
            }
        }
        let margin = self.playout(&game, me);
        // The root's mover is not `me`; below it the movers alternate, `me` first.
        for (depth, &index) in path.iter().enumerate() {
            let mine = depth % 2 == 1;
            let signed = if mine { margin } else { -margin };
            let n = &mut self.nodes[index as usize];
            n.stats.record(1, (0.5 + signed / MARGIN_SCALE).clamp(0.0, 1.0) as f32);
            n.margin += signed;
        }
    }
}

impl Engine<Symple> for Player {
    fn choose(&mut self, game: &Symple, clock: &TurnClock) -> Move {
        self.nodes.clear();
        self.nodes.push(Node::new(Move { stones: Bits::EMPTY }));
        self.expand(0, game);
        let root = self.nodes[0];
        let baseline = self.nodes[root.first_child as usize].mv;
        if root.children == 1 {
            eprintln!("symple: ply {} forced {}", game.plies() + 1, game.format_move(baseline));
            return baseline;
        }
        let share = clock.available().mul_f64(self.settings.time_share);
        if let Some(mv) = self.solve(game, clock, share) {
            return mv;
        }
        let deadline = clock.deadline(share, share);
        let fixed = self.settings.playouts_per_move;
        loop {
            // A fixed budget is played out exactly, unless the deadline comes first.
            let batch = if fixed > 0 {
                CLOCK_CHECK_PLAYOUTS.min(fixed.saturating_sub(self.nodes[0].stats.visits))
            } else {
                CLOCK_CHECK_PLAYOUTS
            };
            for _ in 0..batch {
                self.iterate(game);
            }
            if std::time::Instant::now() >= deadline.soft
                || (fixed > 0 && self.nodes[0].stats.visits >= fixed)
            {
                break;
            }
        }
        let playouts = self.nodes[0].stats.visits;
        // The baseline's move is the first child; it keeps its credit unless another has earned more.
        let credited = |child: usize| {
            let credit = if child == root.first_child as usize { self.settings.baseline_credit } else { 0 };
            self.nodes[child].stats.visits + credit
        };
        let best = root.block().max_by_key(|&child| credited(child)).expect("a candidate");
        let trusted = best != root.first_child as usize
            || self.nodes[best].stats.visits >= self.settings.baseline_credit;
        let best = self.nodes[best];
        eprintln!(
            "symple: ply {} candidates {} playouts {} nodes {} margin {:+.1} {}{} {:.0} ms",
            game.plies() + 1,
            root.children,
            playouts,
            self.nodes.len(),
            best.margin / f64::from(best.stats.visits.max(1)),
            game.format_move(best.mv),
            if trusted { "" } else { " (baseline)" },
            clock.elapsed().as_secs_f64() * 1e3
        );
        best.mv
    }
}
