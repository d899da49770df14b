//! Iterative-deepening negamax with principal-variation search over the joining-cost evaluation:
//! a transposition table kept across moves, the table move first, then moves that join two units,
//! killer moves and history. A side left without a move has won, so terminal positions score
//! exactly, the quicker win the better.

use std::ops::ControlFlow;
use std::time::Instant;

use arrayvec::ArrayVec;
use kit::Bound;
pub use kit::{Limits, SearchResult};
use protocol::Game;

use crate::board::{neighbours, POINTS};
use crate::engine::eval::evaluate;
use crate::game::{Ayu, Move};
use crate::settings::{Settings, CLOCK_CHECK_NODES, MAX_DEPTH, TABLE_BITS};

/// More than any evaluation; a won position scores `WIN - ply`.
pub const WIN: i32 = 100_000;
const INFINITY: i32 = 1_000_000;
const MAX_PLY: usize = 128;
/// The most legal moves seen in a position is 98 (rules §4.3); group moves can make more.
const MAX_MOVES: usize = 512;

/// Ordering scores: the table move, then joins, then killers, then history.
const TABLE_ORDER: u32 = u32::MAX;
const JOIN_ORDER: u32 = 3 << 28;
const KILLER_ORDER: u32 = 2 << 28;

/// One table slot: 16 bytes.
#[derive(Clone, Copy)]
struct Entry {
    key: u64,
    score: i32,
    best: u16,
    depth: u8,
    bound: Bound,
}

// The table must stay far below the 64,000,000-byte limit.
const _: () = assert!((std::mem::size_of::<Entry>() << TABLE_BITS) <= 32 << 20);

const EMPTY: Entry = Entry { key: 0, score: 0, best: 0, depth: 0, bound: Bound::Upper };

fn pack(mv: Move) -> u16 {
    (mv.from.index() * POINTS + mv.to.index() + 1) as u16
}

pub struct Searcher {
    table: Vec<Entry>,
    killers: [[u16; 2]; MAX_PLY],
    history: Vec<u32>,
    settings: Settings,
    nodes: u64,
    hard: Instant,
    stopped: bool,
    /// The best move of the root found so far in the running iteration.
    root_best: Option<Move>,
}

/// Scores within this of a win are wins at a known distance; the table stores them relative to
/// the node so that a transposition at another ply reads them right.
fn is_mate(score: i32) -> bool {
    score.abs() > WIN - 1000
}

impl Searcher {
    pub fn new(settings: &Settings) -> Searcher {
        Searcher {
            table: vec![EMPTY; 1 << TABLE_BITS],
            killers: [[0; 2]; MAX_PLY],
            history: vec![0; POINTS * POINTS + 1],
            settings: *settings,
            nodes: 0,
            hard: Instant::now(),
            stopped: false,
            root_best: None,
        }
    }

    /// Searches `game` (which must have a legal move) deeper and deeper until the limits.
    pub fn search(&mut self, game: &Ayu, limits: Limits) -> SearchResult<Move> {
        self.nodes = 0;
        self.hard = limits.hard;
        self.stopped = false;
        self.killers = [[0; 2]; MAX_PLY];
        self.history.iter_mut().for_each(|h| *h /= 8);
        let first = game.first_legal().expect("a position with a legal move");
        let mut result = SearchResult { best: first, score: 0, depth: 0, exact: false, nodes: 0 };
        let max_depth = limits.max_depth.clamp(1, MAX_DEPTH);
        for depth in 1..=max_depth {
            let mut root = game.clone();
            self.root_best = None;
            let score = self.negamax(&mut root, depth, 0, -INFINITY, INFINITY);
            if self.stopped {
                break;
            }
            let best = self.root_best.unwrap_or(first);
            result = SearchResult { best, score, depth, exact: is_mate(score), nodes: self.nodes };
            if is_mate(score) || Instant::now() >= limits.soft {
                break;
            }
        }
        result.nodes = self.nodes;
        result
    }

    /// The principal variation from the table, at most `max` moves.
    pub fn principal_variation(&self, game: &Ayu, max: usize) -> Vec<Move> {
        let mut line = Vec::new();
        let mut position = game.clone();
        while line.len() < max {
            let Some(mv) = self.table_move(&position) else { break };
            line.push(mv);
            position.apply(mv);
        }
        line
    }

    /// The table's best move for `game`, if it is stored and legal there.
    fn table_move(&self, game: &Ayu) -> Option<Move> {
        let entry = self.table[Self::slot(game.hash())];
        if entry.key != game.hash() || entry.best == 0 {
            return None;
        }
        let code = usize::from(entry.best - 1);
        let mv = Move {
            from: crate::board::Point::from_index(code / POINTS),
            to: crate::board::Point::from_index(code % POINTS),
        };
        game.check(mv).is_ok().then_some(mv)
    }

    fn slot(key: u64) -> usize {
        (key >> (64 - TABLE_BITS)) as usize
    }

    fn store(&mut self, key: u64, depth: i32, score: i32, bound: Bound, best: u16) {
        let slot = &mut self.table[Self::slot(key)];
        if slot.key != key || depth as u8 >= slot.depth || bound == Bound::Exact {
            *slot = Entry { key, score, best, depth: depth.clamp(0, 255) as u8, bound };
        }
    }

    fn negamax(&mut self, game: &mut Ayu, depth: i32, ply: usize, mut alpha: i32, beta: i32) -> i32 {
        self.nodes += 1;
        if self.nodes % CLOCK_CHECK_NODES == 0 && Instant::now() >= self.hard {
            self.stopped = true;
        }
        if self.stopped {
            return 0;
        }
        if depth <= 0 || ply + 1 >= MAX_PLY {
            // A leaf only needs to know whether the side to move has a move at all.
            if !game.has_legal() {
                return WIN - ply as i32;
            }
            return evaluate(game, &self.settings);
        }
        let mut moves: ArrayVec<(u32, Move), MAX_MOVES> = ArrayVec::new();
        let own = game.pieces(game.to_move());
        let _ = game.for_each_legal(|mv| {
            if moves.try_push((0, mv)).is_err() {
                debug_assert!(false, "more than {MAX_MOVES} moves");
                return ControlFlow::Break(());
            }
            ControlFlow::Continue(())
        });
        if moves.is_empty() {
            // The side to move cannot move: it has won (rules §5).
            return WIN - ply as i32;
        }
        let key = game.hash();
        let entry = self.table[Self::slot(key)];
        let mut table_best = 0;
        if entry.key == key {
            table_best = entry.best;
            if i32::from(entry.depth) >= depth {
                let score = from_table(entry.score, ply);
                let usable = match entry.bound {
                    Bound::Exact => true,
                    Bound::Lower => score >= beta,
                    Bound::Upper => score <= alpha,
                };
                if usable && ply > 0 {
                    return score;
                }
            }
        }
        for (order, mv) in moves.iter_mut() {
            *order = self.order(game, own, *mv, table_best, ply);
        }
        moves.sort_unstable_by_key(|&(order, _)| std::cmp::Reverse(order));
        let original_alpha = alpha;
        let mut best_score = -INFINITY;
        let mut best_code = 0;
        for (index, &(order, mv)) in moves.iter().enumerate() {
            let mut child = game.clone();
            child.apply(mv);
            let score = if index == 0 {
                -self.negamax(&mut child, depth - 1, ply + 1, -beta, -alpha)
            } else {
                // Late moves that neither join units nor cut before are searched a ply
                // shallower first, and again at full depth if they look better than the best.
                let reduction = if depth >= self.settings.lmr_min_depth
                    && index >= self.settings.lmr_first_move
                    && order < KILLER_ORDER
                {
                    1
                } else {
                    0
                };
                let mut probe = -self.negamax(&mut child, depth - 1 - reduction, ply + 1, -alpha - 1, -alpha);
                if reduction > 0 && probe > alpha && !self.stopped {
                    probe = -self.negamax(&mut child, depth - 1, ply + 1, -alpha - 1, -alpha);
                }
                if probe > alpha && probe < beta && !self.stopped {
                    -self.negamax(&mut child, depth - 1, ply + 1, -beta, -alpha)
                } else {
                    probe
                }
            };
            if self.stopped {
                return 0;
            }
            if score > best_score {
                best_score = score;
                best_code = pack(mv);
                if ply == 0 {
                    self.root_best = Some(mv);
                }
            }
            if score > alpha {
                alpha = score;
            }
            if alpha >= beta {
                let code = pack(mv);
                if self.killers[ply][0] != code {
                    self.killers[ply][1] = self.killers[ply][0];
                    self.killers[ply][0] = code;
                }
                self.history[usize::from(code)] += (depth * depth) as u32;
                break;
            }
        }
        let bound = if best_score <= original_alpha {
            Bound::Upper
        } else if best_score >= beta {
            Bound::Lower
        } else {
            Bound::Exact
        };
        self.store(key, depth, to_table(best_score, ply), bound, best_code);
        best_score
    }

    fn order(&self, game: &Ayu, own: u128, mv: Move, table_best: u16, ply: usize) -> u32 {
        let code = pack(mv);
        if code == table_best {
            return TABLE_ORDER;
        }
        // A destination next to an own piece outside the moved unit joins two units.
        let unit = game.unit_of(mv.from);
        if neighbours(mv.to.bit()) & own & !unit != 0 {
            return JOIN_ORDER + self.history[usize::from(code)].min(1 << 20);
        }
        if self.killers[ply].contains(&code) {
            return KILLER_ORDER;
        }
        self.history[usize::from(code)].min(KILLER_ORDER - 1)
    }
}

/// A win's distance is stored from the node, read back from the root.
fn to_table(score: i32, ply: usize) -> i32 {
    if score > WIN - 1000 {
        score + ply as i32
    } else if score < -(WIN - 1000) {
        score - ply as i32
    } else {
        score
    }
}

fn from_table(score: i32, ply: usize) -> i32 {
    if score > WIN - 1000 {
        score - ply as i32
    } else if score < -(WIN - 1000) {
        score + ply as i32
    } else {
        score
    }
}
