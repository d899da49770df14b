//! Iterative-deepening negamax with alpha-beta over any [`SearchGame`] that can judge a position
//! ([`Evaluate`]): a transposition table kept across moves (its move tried first), finished games
//! scored exactly (the quicker win the better), the hard deadline checked inside the search, and
//! the last finished iteration's move played.

use std::time::Instant;

use protocol::{Engine, EngineSpec, Outcome, SearchGame, TurnClock};

use crate::limits::{Bound, Limits, SearchResult};

/// A won game scores `WIN - ply`; evaluations must stay well inside `±WIN / 2`.
pub const WIN: i32 = 1_000_000;
const INFINITY: i32 = 2 * WIN;
/// Nodes between looks at the clock.
const CLOCK_CHECK_NODES: u64 = 1024;
/// The deepest ply the search keeps a move list for.
const MAX_PLY: usize = 128;

/// The kit's alpha-beta settings. A game may tune them through [`Evaluate::ALPHA_BETA`].
#[derive(Clone, Copy, Debug)]
pub struct AlphaBetaConfig {
    /// The transposition table holds `1 << table_bits` entries.
    pub table_bits: u32,
    /// The share of the game time left one move may take before no new iteration starts.
    pub time_share: f64,
    /// How many shares an iteration already started may run to.
    pub hard_shares: u32,
    pub max_depth: i32,
}

impl AlphaBetaConfig {
    pub const DEFAULT: AlphaBetaConfig =
        AlphaBetaConfig { table_bits: 18, time_share: 0.06, hard_shares: 3, max_depth: 64 };
}

/// What the kit's alpha-beta asks of a game beyond its rules: a static judgement.
pub trait Evaluate: SearchGame {
    /// The settings the game's `alphabeta` engine uses.
    const ALPHA_BETA: AlphaBetaConfig = AlphaBetaConfig::DEFAULT;

    /// How good an unfinished position is for the side to move (positive: better), well inside
    /// `±WIN / 2`.
    fn evaluate(&self) -> i32;
}

#[derive(Clone, Copy)]
struct Entry<M> {
    key: u64,
    best: Option<M>,
    score: i32,
    depth: i32,
    bound: Bound,
}

/// The kit's alpha-beta searcher; see the module documentation.
pub struct AlphaBeta<G: SearchGame> {
    config: AlphaBetaConfig,
    table: Vec<Option<Entry<G::Move>>>,
    /// One move list per ply, reused so the search does not allocate once warm.
    moves: Vec<Vec<G::Move>>,
    nodes: u64,
    hard: Instant,
    stopped: bool,
    /// Set when a leaf was judged by the evaluation rather than a finished game.
    inexact: bool,
    /// The best move at the root in the running iteration.
    root_best: Option<G::Move>,
}

impl<G: Evaluate> AlphaBeta<G> {
    pub fn new(config: AlphaBetaConfig) -> AlphaBeta<G> {
        AlphaBeta {
            config,
            table: vec![None; 1 << config.table_bits],
            moves: (0..MAX_PLY).map(|_| Vec::new()).collect(),
            nodes: 0,
            hard: Instant::now(),
            stopped: false,
            inexact: false,
            root_best: None,
        }
    }

    fn slot(&self, key: u64) -> usize {
        (key >> (64 - self.config.table_bits)) as usize
    }

    /// Iterative deepening from `game` (not finished) within `limits`.
    pub fn search(&mut self, game: &G, limits: Limits) -> SearchResult<G::Move> {
        self.nodes = 0;
        self.hard = limits.hard;
        self.stopped = false;
        let first = game.first_legal_move().expect("a search in a finished game");
        let mut result = SearchResult { best: first, score: 0, depth: 0, exact: false, nodes: 0 };
        for depth in 1..=limits.max_depth.max(1) {
            self.inexact = false;
            self.root_best = None;
            let score = self.negamax(game, depth, -INFINITY, INFINITY, 0);
            if self.stopped {
                break;
            }
            let best = self.root_best.unwrap_or(first);
            // A win or loss found is proven whatever the other lines' leaves were.
            let exact = !self.inexact || score.abs() > WIN / 2;
            result = SearchResult { best, score, depth, exact, nodes: self.nodes };
            if result.exact || Instant::now() >= limits.soft {
                break;
            }
        }
        result.nodes = self.nodes;
        result
    }

    fn negamax(&mut self, game: &G, depth: i32, mut alpha: i32, beta: i32, ply: usize) -> i32 {
        self.nodes += 1;
        if self.nodes % CLOCK_CHECK_NODES == 0 && Instant::now() >= self.hard {
            self.stopped = true;
        }
        if self.stopped {
            return 0;
        }
        if let Some(outcome) = game.outcome() {
            return match outcome {
                Outcome::Win => WIN - ply as i32,
                Outcome::Draw => 0,
                Outcome::Loss => ply as i32 - WIN,
            };
        }
        if depth <= 0 || ply + 1 >= MAX_PLY {
            self.inexact = true;
            return game.evaluate();
        }
        let key = game.position_hash();
        let slot = self.slot(key);
        let mut table_move = None;
        if let Some(entry) = self.table[slot].filter(|entry| entry.key == key) {
            table_move = entry.best;
            let score = from_table(entry.score, ply);
            if ply > 0 && entry.depth >= depth {
                let usable = match entry.bound {
                    Bound::Exact => true,
                    Bound::Lower => score >= beta,
                    Bound::Upper => score <= alpha,
                };
                if usable {
                    return score;
                }
            }
        }
        let mut moves = std::mem::take(&mut self.moves[ply]);
        moves.clear();
        let _ = game.for_each_move(|mv| {
            moves.push(mv);
            std::ops::ControlFlow::Continue(())
        });
        if let Some(at) = table_move.and_then(|mv| moves.iter().position(|&m| m == mv)) {
            moves.swap(0, at);
        }
        let original_alpha = alpha;
        let mut best = (-INFINITY, moves[0]);
        for &mv in &moves {
            let mut child = game.clone();
            child.apply(mv);
            let score = if child.seat_to_move() == game.seat_to_move() {
                self.negamax(&child, depth - 1, alpha, beta, ply + 1)
            } else {
                -self.negamax(&child, depth - 1, -beta, -alpha, ply + 1)
            };
            if self.stopped {
                break;
            }
            if score > best.0 {
                best = (score, mv);
                if ply == 0 {
                    self.root_best = Some(mv);
                }
            }
            alpha = alpha.max(score);
            if alpha >= beta {
                break;
            }
        }
        self.moves[ply] = moves;
        if self.stopped {
            return 0;
        }
        let bound = if best.0 <= original_alpha {
            Bound::Upper
        } else if best.0 >= beta {
            Bound::Lower
        } else {
            Bound::Exact
        };
        self.table[slot] =
            Some(Entry { key, best: Some(best.1), score: to_table(best.0, ply), depth, bound });
        best.0
    }
}

/// Win scores count plies from the root; the table keeps them from the node, so that a
/// transposition at another ply reads them right.
fn to_table(score: i32, ply: usize) -> i32 {
    match score {
        s if s > WIN / 2 => s + ply as i32,
        s if s < -WIN / 2 => s - ply as i32,
        s => s,
    }
}

fn from_table(score: i32, ply: usize) -> i32 {
    match score {
        s if s > WIN / 2 => s - ply as i32,
        s if s < -WIN / 2 => s + ply as i32,
        s => s,
    }
}

impl<G: Evaluate> Engine<G> for AlphaBeta<G> {
    fn choose(&mut self, game: &G, clock: &TurnClock) -> G::Move {
        let share = clock.available().mul_f64(self.config.time_share);
        let hard = (share * self.config.hard_shares).min(clock.available() / 2);
        let limits = Limits::new(clock.deadline(share, hard), self.config.max_depth);
        let result = self.search(game, limits);
        eprintln!(
            "{}: alphabeta depth {}{} score {} nodes {} {:.0} ms",
            G::NAME,
            result.depth,
            if result.exact { " exact" } else { "" },
            result.score,
            result.nodes,
            clock.elapsed().as_secs_f64() * 1e3
        );
        result.best
    }
}

fn make_alphabeta<G: Evaluate + 'static, S>(_seed: u64, _settings: &S) -> Box<dyn Engine<G>> {
    Box::new(AlphaBeta::<G>::new(G::ALPHA_BETA))
}

/// The kit's alpha-beta as a bot's `alphabeta` engine.
pub const fn alphabeta_engine<G: Evaluate + 'static, S>() -> EngineSpec<G, S> {
    EngineSpec::new(
        "alphabeta",
        "the search kit's generic alpha-beta: iterative deepening, transposition table",
        make_alphabeta::<G, S>,
    )
}
