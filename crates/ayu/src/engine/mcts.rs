//! Monte-Carlo tree search with random playouts ([`crate::engine::playout`]) and a solver: a
//! position whose side to move has no move is won for that side, and proofs climb the tree (a
//! node is lost for the side that moved into it when some answer wins, won when every answer
//! loses), so the endgame races are read exactly once the tree reaches them.

use std::time::Instant;

use arrayvec::ArrayVec;
use protocol::{Engine, Rng, TurnClock};

use crate::engine::playout::{playout, Sketch};
use crate::board::Point;
use crate::game::{Ayu, Move};
use crate::settings::{Settings, MCTS_CLOCK_CHECK, MCTS_MAX_NODES};

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
    child_count: u16,
    first_child: u32,
    visits: u32,
    /// Playouts won by the side that moved into this node (a cut-off playout counts a half).
    wins: f32,
}

impl Node {
    fn new(mv: Move) -> Node {
        Node { mv, proof: Proof::Unknown, expanded: false, child_count: 0, first_child: 0, visits: 0, wins: 0.0 }
    }

    fn children(&self) -> std::ops::Range<usize> {
        let first = self.first_child as usize;
        first..first + usize::from(self.child_count)
    }
}

/// The deepest path a descent may take.
const MAX_PATH: usize = 256;

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

pub struct Mcts {
    nodes: Vec<Node>,
    rng: Rng,
    settings: Settings,
}

impl Mcts {
    pub fn new(seed: u64, settings: &Settings) -> Mcts {
        Mcts { nodes: Vec::new(), rng: Rng::new(seed), settings: *settings }
    }

    /// Searches `game` (which must not be over) until `deadline` or `max_playouts`.
    pub fn search(&mut self, game: &Ayu, deadline: Instant, max_playouts: u64) -> MctsResult {
        self.nodes.clear();
        // The root's move is never read.
        self.nodes.push(Node::new(Move { from: Point::from_index(0), to: Point::from_index(0) }));
        let mut playouts = 0;
        while playouts < max_playouts {
            self.iterate(game);
            playouts += 1;
            if self.nodes[0].proof != Proof::Unknown || self.root_has_proven_win() {
                break;
            }
            if playouts % MCTS_CLOCK_CHECK == 0 && Instant::now() >= deadline {
                break;
            }
        }
        self.result(playouts)
    }

    fn root_has_proven_win(&self) -> bool {
        self.nodes[0].children().any(|child| self.nodes[child].proof == Proof::Won)
    }

    fn result(&self, playouts: u64) -> MctsResult {
        let root = &self.nodes[0];
        debug_assert!(root.expanded && root.child_count > 0, "the root has moves");
        let rank = |node: &Node| match node.proof {
            Proof::Won => (2, node.visits),
            Proof::Unknown => (1, node.visits),
            Proof::Lost => (0, node.visits),
        };
        let best = root.children().max_by_key(|&child| rank(&self.nodes[child])).expect("a move");
        let node = &self.nodes[best];
        let proven = match node.proof {
            Proof::Won => Some(true),
            Proof::Lost => Some(false),
            Proof::Unknown => None,
        };
        MctsResult {
            best: node.mv,
            win_rate: f64::from(node.wins) / f64::from(node.visits.max(1)),
            playouts,
            nodes: self.nodes.len(),
            proven,
        }
    }

    /// The moves the tree expects from the root on, by most visits.
    pub fn principal_variation(&self, length: usize) -> Vec<Move> {
        let mut line = Vec::new();
        let mut node = 0;
        while line.len() < length && self.nodes[node].expanded && self.nodes[node].child_count > 0 {
            let best = self.nodes[node].children().max_by_key(|&child| self.nodes[child].visits).expect("a child");
            if self.nodes[best].visits == 0 {
                break;
            }
            line.push(self.nodes[best].mv);
            node = best;
        }
        line
    }

    /// One descent, one playout (or a proven result) and the update of the path.
    fn iterate(&mut self, root_game: &Ayu) {
        let mut game = root_game.clone();
        let mut path: ArrayVec<u32, MAX_PATH> = ArrayVec::new();
        let mut node = 0usize;
        path.push(0);
        loop {
            if self.nodes[node].proof != Proof::Unknown {
                break;
            }
            if !self.nodes[node].expanded
                && (node != 0 && self.nodes[node].visits < self.settings.mcts_expand_after
                    || !self.expand(node, &game))
            {
                break;
            }
            if self.nodes[node].proof != Proof::Unknown || path.is_full() {
                break;
            }
            node = self.select(node);
            game.make(self.nodes[node].mv);
            path.push(node as u32);
        }
        // The side that moved into the last node, and whether it won.
        let mover = game.to_move().other();
        let mover_score = match self.nodes[node].proof {
            Proof::Won => 1.0,
            Proof::Lost => 0.0,
            Proof::Unknown => match playout(Sketch::of(&game), &mut self.rng, self.settings.mcts_max_plies).0 {
                Some(winner) if winner == mover => 1.0,
                Some(_) => 0.0,
                None => 0.5,
            },
        };
        // Back up: the score alternates between the sides along the path; proofs climb while
        // they hold.
        let mut score = mover_score;
        let mut proving = self.nodes[node].proof != Proof::Unknown;
        for &index in path.iter().rev() {
            let index = index as usize;
            let current = &mut self.nodes[index];
            current.visits += 1;
            current.wins += score;
            score = 1.0 - score;
            if proving && index != node {
                proving = self.update_proof(index);
            }
        }
        debug_assert!(game.to_move() == mover.other());
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
        } else if all_lost {
            Proof::Won
        } else {
            Proof::Unknown
        };
        self.nodes[index].proof = proof;
        proof != Proof::Unknown
    }

    /// Adds the children of `node` (position `game`); false when the arena is full. A position
    /// without a move is won for its side to move, so lost for the side that moved into it.
    fn expand(&mut self, node: usize, game: &Ayu) -> bool {
        let first = self.nodes.len();
        let _ = game.for_each_legal(|mv| {
            self.nodes.push(Node::new(mv));
            std::ops::ControlFlow::Continue(())
        });
        let count = self.nodes.len() - first;
        if first + count > MCTS_MAX_NODES {
            self.nodes.truncate(first);
            return false;
        }
        self.rng.shuffle(&mut self.nodes[first..]);
        let current = &mut self.nodes[node];
        current.expanded = true;
        current.first_child = first as u32;
        current.child_count = count as u16;
        if count == 0 {
            current.proof = Proof::Lost;
        }
        true
    }

    /// The child to descend into: a proven win at once, never a proven loss while another move is
    /// open, otherwise the highest upper confidence bound (unvisited children first, in the
    /// shuffled order of expansion).
    fn select(&mut self, node: usize) -> usize {
        let parent = &self.nodes[node];
        let log_visits = f64::from(parent.visits.max(1)).ln();
        let exploration = self.settings.mcts_exploration;
        let mut best = usize::MAX;
        let mut best_value = f64::NEG_INFINITY;
        for child in parent.children() {
            let current = &self.nodes[child];
            let value = match current.proof {
                Proof::Won => return child,
                Proof::Lost => continue,
                Proof::Unknown if current.visits == 0 => return child,
                Proof::Unknown => {
                    let visits = f64::from(current.visits);
                    f64::from(current.wins) / visits + exploration * (log_visits / visits).sqrt()
                }
            };
            if value > best_value {
                best_value = value;
                best = child;
            }
        }
        debug_assert!(best != usize::MAX, "an unproven node has an open child");
        best
    }
}

/// The engine: the Monte-Carlo search on a share of the clock, with a terse line per move.
pub struct MctsPlayer {
    mcts: Mcts,
    settings: Settings,
}

impl MctsPlayer {
    pub fn new(seed: u64, settings: &Settings) -> MctsPlayer {
        MctsPlayer { mcts: Mcts::new(seed, settings), settings: *settings }
    }
}

impl Engine<Ayu> for MctsPlayer {
    fn choose(&mut self, game: &Ayu, clock: &TurnClock) -> Move {
        let divider = if game.plies() < self.settings.mcts_early_plies {
            self.settings.mcts_early_divider
        } else {
            self.settings.mcts_late_divider
        };
        let share = clock.available() / divider.max(1);
        let deadline = clock.deadline(share, share).hard;
        let result = self.mcts.search(game, deadline, u64::MAX);
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
