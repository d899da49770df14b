//! Plain UCT, the yardstick the player is measured against: the tree in one arena of nodes,
//! children added after a leaf's first visits, uniformly random playouts that fill the board, the
//! most-visited move played. The swap is one more child of the second player's first move.

use protocol::{Engine, Game, Rng, SearchGame, TurnClock};

use crate::engine::playout::random_fill_winner;
use crate::game::{Move, PolyY};
use crate::settings::{Settings, CLOCK_CHECK_PLAYOUTS, UCT_MAX_NODES};

#[derive(Clone, Copy)]
struct Node {
    mv: Move,
    /// Index of the first child; 0 until expanded (the root is node 0, never a child).
    first_child: u32,
    children: u16,
    visits: u32,
    /// Wins of the player who made `mv`.
    wins: f32,
}

// The whole arena is reserved once, so it never reallocates (which would hold two copies at once).
const _: () = assert!(std::mem::size_of::<Node>() * UCT_MAX_NODES <= 40 << 20);

pub struct PlainUct {
    rng: Rng,
    settings: Settings,
    nodes: Vec<Node>,
}

impl PlainUct {
    pub fn new(seed: u64, settings: &Settings) -> PlainUct {
        PlainUct { rng: Rng::new(seed), settings: *settings, nodes: Vec::with_capacity(UCT_MAX_NODES) }
    }

    fn expand(&mut self, node: usize, game: &PolyY) {
        if self.nodes.len() + 107 > UCT_MAX_NODES {
            return;
        }
        let first = self.nodes.len() as u32;
        let _ = game.for_each_move(|mv| {
            self.nodes.push(Node { mv, first_child: 0, children: 0, visits: 0, wins: 0.0 });
            std::ops::ControlFlow::Continue(())
        });
        self.nodes[node].first_child = first;
        self.nodes[node].children = (self.nodes.len() as u32 - first) as u16;
    }

    /// The child with the best UCB score (unvisited children first).
    fn select(&self, node: usize) -> usize {
        let parent = &self.nodes[node];
        let log_n = f64::from(parent.visits.max(1)).ln();
        let first = parent.first_child as usize;
        let mut best = (f64::MIN, first);
        for child in first..first + parent.children as usize {
            let n = &self.nodes[child];
            let score = if n.visits == 0 {
                1e9
            } else {
                let v = f64::from(n.visits);
                f64::from(n.wins) / v + self.settings.uct_exploration * (log_n / v).sqrt()
            };
            if score > best.0 {
                best = (score, child);
            }
        }
        best.1
    }

    /// One descent, playout and update; returns nothing, the tree holds the result.
    fn iterate(&mut self, root: &PolyY) {
        let mut game = root.clone();
        let mut path = [0usize; 128];
        let mut depth = 0;
        let mut node = 0;
        path[0] = 0;
        loop {
            if game.is_finished() {
                break;
            }
            if self.nodes[node].children == 0 {
                if self.nodes[node].visits >= self.settings.uct_expand_visits || node == 0 {
                    self.expand(node, &game);
                }
                if self.nodes[node].children == 0 {
                    break;
                }
            }
            node = self.select(node);
            game.apply(self.nodes[node].mv);
            depth += 1;
            path[depth] = node;
        }
        let winner = match game.winner() {
            Some(seat) => seat,
            None => random_fill_winner(&game, &mut self.rng),
        };
        // The node at path[d] was reached by a move of the player to move at depth d - 1.
        let mut mover = root.to_move();
        for (d, &index) in path[..=depth].iter().enumerate() {
            let n = &mut self.nodes[index];
            n.visits += 1;
            if d > 0 {
                if winner == mover {
                    n.wins += 1.0;
                }
                mover = mover.other();
            }
        }
    }
}

impl Engine<PolyY> for PlainUct {
    fn choose(&mut self, game: &PolyY, clock: &TurnClock) -> Move {
        self.nodes.clear();
        self.nodes.push(Node { mv: Move::Swap, first_child: 0, children: 0, visits: 0, wins: 0.0 });
        let share = clock.available().mul_f64(self.settings.time_share);
        let deadline = clock.deadline(share, share);
        let mut playouts = 0u64;
        loop {
            for _ in 0..CLOCK_CHECK_PLAYOUTS {
                self.iterate(game);
            }
            playouts += u64::from(CLOCK_CHECK_PLAYOUTS);
            if std::time::Instant::now() >= deadline.soft {
                break;
            }
        }
        let root = self.nodes[0];
        let first = root.first_child as usize;
        let best = (first..first + root.children as usize)
            .max_by_key(|&c| self.nodes[c].visits)
            .expect("the root of an unfinished game has children");
        let chosen = self.nodes[best];
        eprintln!(
            "polyy: ply {} playouts {} win {:.1}% {:.0} ms",
            game.plies() + 1,
            playouts,
            100.0 * f64::from(chosen.wins) / f64::from(chosen.visits.max(1)),
            clock.elapsed().as_secs_f64() * 1e3
        );
        chosen.mv
    }
}
