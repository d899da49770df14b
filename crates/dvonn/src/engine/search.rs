//! Iterative-deepening negamax with principal-variation search for the movement phase: a
//! transposition table kept across moves, the table move first, then captures of big enemy
//! stacks, killer moves and history (in nodes at least `eval_order_depth` from the leaves,
//! captures and killers, then quiet moves, each by the evaluation after the move), late moves
//! searched shallower, and near the leaves the latest quiet moves not at all. A finished game
//! scores exactly, so when an iteration sees only finished games the result is exact and the
//! search stops.

use std::time::Instant;

use kit::Bound;
pub use kit::{Limits, SearchResult};

use crate::engine::eval::{final_score, outcome_score, EvalKind, Evaluator};
use crate::engine::landing::Landing;
use crate::game::{Dvonn, Move, MoveList, Undo, MAX_MOVES};
use crate::geometry::{Field, FIELDS};
use crate::settings::{Settings, CLOCK_CHECK_NODES, MAX_DEPTH, TABLE_BITS};

const INFINITY: i32 = 1_000_000;
/// Mixed into the table keys of the outcome-only search, so that its scores never meet the point
/// difference's.
const OUTCOME_ONLY_KEY: u64 = 0x6f75_7463_6f6d_6521;
const MAX_PLY: usize = 128;
/// A node picks this many moves by selection before it sorts the rest.
const SELECTED_MOVES: usize = 2;

/// One table slot: 16 bytes.
#[derive(Clone, Copy)]
struct Entry {
    key: u64,
    /// Scores fit easily: a finished game is at most (49 + 90) · 100.
    score: i16,
    best: u16,
    depth: u8,
    bound: Bound,
    /// Plies played in the game when stored, to age entries out (rules §11's replacement rule).
    age: u8,
    /// Whether every line below reached the end of the game (no evaluated leaf).
    proven: bool,
}

// The table must stay far below the 64,000,000-byte limit.
const _: () = assert!((16usize << TABLE_BITS) <= 32 << 20);

const EMPTY: Entry =
    Entry { key: 0, score: 0, best: 0, depth: 0, bound: Bound::Upper, age: 0, proven: false };

fn pack(mv: Move) -> u16 {
    match mv {
        Move::Stack { from, to } => (from.index() * FIELDS + to.index() + 1) as u16,
        Move::Pass => (FIELDS * FIELDS + 1) as u16,
        Move::Place(field) => (FIELDS * FIELDS + 2 + field.index()) as u16,
    }
}

pub struct Searcher {
    table: Vec<Entry>,
    killers: [[u16; 2]; MAX_PLY],
    history: Vec<u32>,
    eval: Evaluator,
    /// The landing counts of the position at each ply of the current line, when the evaluation
    /// uses them.
    landing: Vec<Landing>,
    settings: Settings,
    nodes: u64,
    hard: Option<Instant>,
    stopped: bool,
    /// Set when a leaf was scored by the heuristic evaluation rather than a finished game.
    inexact: bool,
    age: u8,
    /// The best move found at the root in the current iteration.
    root_best: Option<Move>,
    /// Proving an outcome (see [`Searcher::prove`]): no reductions, and only proven table
    /// entries are trusted, at any depth.
    proving: bool,
    /// Finished games score their outcome only (see [`Searcher::set_outcome_only`]).
    outcome_only: bool,
    /// Root moves the next searches leave out (see [`Searcher::exclude_at_root`]).
    excluded: MoveList,
}

/// What [`Searcher::guard`] found about the move it checked.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Guard {
    /// Not proven to lose (or not checked): play it.
    Kept,
    /// It loses, and this move is proven to hold at least a draw.
    Holds(Move),
    /// It loses, and this is the best other move, not proven either way.
    Other(Move),
    /// Every move loses: play it, the best try for the margin.
    Lost,
}

/// What [`Searcher::prove`] established about the side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Proof {
    /// The result asked for or better, by playing this move.
    Reached(Move),
    /// Not that result: the opponent can hold the game below it.
    Missed,
    /// Nothing: the deadline came first.
    Unknown,
}

impl Searcher {
    pub fn new(eval: EvalKind, settings: &Settings) -> Searcher {
        Searcher {
            table: vec![EMPTY; 1 << TABLE_BITS],
            killers: [[0; 2]; MAX_PLY],
            history: vec![0; FIELDS * FIELDS],
            eval: Evaluator::new(eval, settings),
            landing: Vec::new(),
            settings: *settings,
            nodes: 0,
            hard: None,
            stopped: false,
            inexact: false,
            age: 0,
            root_best: None,
            proving: false,
            outcome_only: false,
            excluded: MoveList::new(),
        }
    }

    /// Leaves `mv` out of the root of the following searches (not proofs) until
    /// [`Searcher::clear_excluded`]: a move proven to lose is not searched again when the guard
    /// looks for another. At least one legal move must stay in. The root's table entry then
    /// scores the other moves only, which is harmless: a position never follows itself.
    pub fn exclude_at_root(&mut self, mv: Move) {
        if !self.excluded.contains(&mv) && !self.excluded.is_full() {
            self.excluded.push(mv);
        }
    }

    /// Searches every root move again.
    pub fn clear_excluded(&mut self) {
        self.excluded.clear();
    }

    /// Searches `game` (movement phase, not finished) by iterative deepening within `limits`.
    /// Always returns a legal move: the first iteration is never cut short before it has one.
    pub fn search(&mut self, game: &Dvonn, limits: Limits) -> SearchResult<Move> {
        debug_assert!(!game.is_placement() && !game.is_finished());
        let mut game = game.clone();
        self.start_line(&game);
        self.nodes = 0;
        self.stopped = false;
        self.age = game.plies() as u8;
        self.killers = [[0; 2]; MAX_PLY];
        self.history.iter_mut().for_each(|h| *h /= 8);
        let mut moves = game.legal_moves();
        moves.retain(|mv| !self.excluded.contains(mv));
        debug_assert!(!moves.is_empty(), "every root move excluded");
        let mut result = SearchResult { best: moves[0], score: 0, depth: 0, exact: false, nodes: 0 };
        if moves.len() == 1 {
            return result;
        }
        for depth in 1..=limits.max_depth.min(self.settings.max_depth).min(MAX_DEPTH) {
            // Depth 1 always finishes so that there is a searched move.
            self.hard = if depth == 1 { None } else { Some(limits.hard) };
            self.inexact = false;
            self.root_best = None;
            let score = self.negamax(&mut game, depth, 0, -INFINITY, INFINITY);
            if self.stopped {
                // The table move is searched first, so a different best move of the cut
                // iteration beat it at the deeper depth: play that one.
                if let Some(best) = self.root_best.filter(|_| self.settings.partial_iterations) {
                    result.best = best;
                }
                break;
            }
            let best = self.root_best.unwrap_or(result.best);
            result = SearchResult { best, score, depth, exact: !self.inexact, nodes: self.nodes };
            if result.exact || Instant::now() >= limits.soft {
                break;
            }
        }
        result.nodes = self.nodes;
        result
    }

    /// Whether the side to move in `game` (movement phase, not finished) can reach `result`
    /// (1 a win, 0 at least a draw) against best play: a null-window search around it, to the end
    /// of every line, which needs far fewer nodes than the exact margin. Gives up at `deadline`.
    /// Its proven entries stay in the table for the iterative deepening that follows.
    pub fn prove(&mut self, game: &Dvonn, result: i32, deadline: Instant) -> Proof {
        debug_assert!(!game.is_placement() && !game.is_finished());
        let mut game = game.clone();
        self.start_line(&game);
        self.nodes = 0;
        self.age = game.plies() as u8;
        self.hard = Some(deadline);
        self.stopped = false;
        self.inexact = false;
        self.root_best = None;
        self.proving = true;
        // Each stacking move takes one stack off the board, so a game with S stacks ends within
        // 2·S plies, passes included: from up to MAX_DEPTH / 2 stacks every line ends before
        // this depth. With more, a line may meet the evaluation and the answer is Unknown.
        let score = self.negamax(&mut game, MAX_DEPTH, 0, result - 1, result);
        self.proving = false;
        if self.stopped || self.inexact {
            return Proof::Unknown;
        }
        match self.root_best {
            Some(mv) if score >= result => Proof::Reached(mv),
            _ => Proof::Missed,
        }
    }

    /// Checks that `chosen` (a move of `game` the deepening chose without an exact result) does
    /// not lose by force, by a proof until `check_end` that the opponent wins after it. When it
    /// does, looks until `rescue_end` for a move that holds a draw: a short search without
    /// `chosen` for the best other move, then a proof of a draw, which tries that move first.
    /// Returns the move to play: `chosen` unless it was proven to lose, then the move proven to
    /// hold, or (no proof either way in time) that other move; `chosen` again when every move
    /// loses, as its margin is the best try.
    pub fn guard(&mut self, game: &Dvonn, chosen: Move, check_end: Instant, rescue_end: Instant) -> Guard {
        if game.legal_moves().len() < 2 {
            return Guard::Kept;
        }
        let scoring = self.outcome_only;
        // A win is a win by any margin here, which is the cheaper proof.
        self.set_outcome_only(true);
        let mut child = game.clone();
        child.make(chosen);
        let loses = if child.is_finished() {
            outcome_score(&child) > 0
        } else {
            matches!(self.prove(&child, 1, check_end), Proof::Reached(_))
        };
        let guard = if !loses {
            Guard::Kept
        } else {
            self.exclude_at_root(chosen);
            let now = Instant::now();
            let left = rescue_end.saturating_duration_since(now);
            let other = self
                .search(game, Limits { soft: now + left / 8, hard: now + left / 4, max_depth: MAX_DEPTH });
            self.clear_excluded();
            match self.prove(game, 0, rescue_end) {
                Proof::Reached(holds) => Guard::Holds(holds),
                Proof::Missed => Guard::Lost,
                Proof::Unknown => Guard::Other(other.best),
            }
        };
        self.set_outcome_only(scoring);
        guard
    }

    /// Whether finished games score only their outcome (a win the same by any margin) instead of
    /// the CodeCup point difference. Proving a win or a loss then needs no margin settled, so it
    /// comes earlier. The two scorings keep apart table entries.
    pub fn set_outcome_only(&mut self, on: bool) {
        self.outcome_only = on;
    }

    /// The score of finished `game` for its side to move, as this search scores it.
    #[inline]
    fn finished_score(&self, game: &Dvonn) -> i32 {
        if self.outcome_only {
            outcome_score(game)
        } else {
            final_score(game)
        }
    }

    /// The table key of `game` under this search's scoring.
    #[inline]
    fn key(&self, game: &Dvonn) -> u64 {
        game.hash() ^ if self.outcome_only { OUTCOME_ONLY_KEY } else { 0 }
    }

    /// Nodes visited by the last [`Searcher::search`] or [`Searcher::prove`] so far.
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    /// The line the table holds from `game`: each position's stored best move, followed while it
    /// is legal, at most `max` plies.
    pub fn principal_variation(&self, game: &Dvonn, max: usize) -> Vec<Move> {
        let mut game = game.clone();
        let mut line = Vec::new();
        while line.len() < max && !game.is_finished() {
            let key = self.key(&game);
            let entry = self.table[Self::slot(key)];
            if entry.key != key || entry.best == 0 {
                break;
            }
            let Some(mv) = game.legal_moves().into_iter().find(|&mv| pack(mv) == entry.best) else { break };
            game.make(mv);
            line.push(mv);
        }
        line
    }

    /// Sets the landing counts of the root, `game`.
    fn start_line(&mut self, game: &Dvonn) {
        if self.eval.needs_landing() {
            let root = self.eval.landing(game.board());
            self.landing.clear();
            self.landing.resize(MAX_PLY + 1, root);
        }
    }

    /// After `mv` was made from the position at `ply`, updates the landing counts of `ply + 1`.
    #[inline]
    fn follow(&mut self, game: &Dvonn, mv: Move, undo: Undo, ply: usize) {
        if !self.eval.needs_landing() {
            return;
        }
        let (line, below) = self.landing.split_at_mut(ply + 1);
        let (before, after) = (&line[ply], &mut below[0]);
        *after = *before;
        if let Move::Stack { from, to } = mv {
            let board = game.board();
            after.follow_move(
                board,
                from,
                to,
                undo.target(),
                undo.removed(),
                self.eval.weights(before.weights_for),
            );
            // A Dvonn piece carried elsewhere changes every field's value.
            if board.dvonn_stacks() != after.weights_for {
                after.reweigh(board.dvonn_stacks(), self.eval.weights(board.dvonn_stacks()));
            }
        }
        debug_assert_eq!(self.landing[ply + 1], self.eval.landing(game.board()));
    }

    /// The evaluation of `game`, the position at `ply` of the current line.
    #[inline]
    fn evaluate(&mut self, game: &Dvonn, ply: usize) -> i32 {
        let landing = self.landing.get(ply);
        self.eval.evaluate_with(game, landing)
    }

    fn slot(key: u64) -> usize {
        (key >> (64 - TABLE_BITS)) as usize
    }

    /// Stores `new` (its `best` 0 when the node has no best move) unless the slot holds what is
    /// worth more; the root's entry always goes in, so that its line can be shown.
    fn store(&mut self, mut new: Entry, root: bool) {
        let trust_proven = self.settings.trust_proven;
        let slot = &mut self.table[Self::slot(new.key)];
        // Replace when (age + 2·depth) is at least the stored entry's: deep results stay, stale
        // ones age out as the game moves on. A proven result holds at every depth.
        let priority = |entry: &Entry| {
            let depth = if entry.proven && trust_proven { MAX_DEPTH as u32 } else { u32::from(entry.depth) };
            u32::from(entry.age) + 2 * depth
        };
        let same = slot.key == new.key;
        let keep_proof = trust_proven && same && slot.proven && !new.proven;
        if !keep_proof && (same || root || priority(&new) >= priority(slot)) {
            if new.best == 0 && same {
                new.best = slot.best;
            }
            *slot = new;
        }
    }

    fn negamax(&mut self, game: &mut Dvonn, depth: i32, ply: usize, mut alpha: i32, beta: i32) -> i32 {
        self.nodes += 1;
        if self.nodes % CLOCK_CHECK_NODES == 0 {
            if let Some(hard) = self.hard {
                if Instant::now() >= hard {
                    self.stopped = true;
                }
            }
        }
        if self.stopped {
            return 0;
        }
        if game.is_finished() {
            return self.finished_score(game);
        }
        if depth <= 0 || ply + 1 >= MAX_PLY {
            self.inexact = true;
            return self.evaluate(game, ply);
        }
        let key = self.key(game);
        let entry = self.table[Self::slot(key)];
        let mut table_best = 0;
        if entry.key == key {
            table_best = entry.best;
            let deep_enough = if self.proving || (self.settings.trust_proven && entry.proven) {
                entry.proven
            } else {
                i32::from(entry.depth) >= depth
            };
            if deep_enough && ply > 0 {
                let score = i32::from(entry.score);
                let cut = match entry.bound {
                    Bound::Exact => true,
                    Bound::Lower => score >= beta,
                    Bound::Upper => score <= alpha,
                };
                if cut {
                    self.inexact |= !entry.proven;
                    return score;
                }
            }
        }

        let mut moves = MoveList::new();
        game.moves_into(&mut moves);
        if ply == 0 && !self.proving && !self.excluded.is_empty() {
            moves.retain(|mv| !self.excluded.contains(mv));
        }
        // Each move's ordering score (high 32 bits) and its index in `moves` (low 8 bits): one
        // key to pick the next move by.
        let mut order = [0u64; MAX_MOVES];
        let mut kinds = [Kind::Quiet; MAX_MOVES];
        // Deep nodes are few and their ordering decides the most cutoffs: there an evaluation
        // of each child is worth its cost.
        let by_evaluation = depth >= self.settings.eval_order_depth;
        for (i, &mv) in moves.iter().enumerate() {
            kinds[i] = self.kind(game, mv, ply);
            let score = if pack(mv) == table_best {
                u32::MAX
            } else if by_evaluation {
                self.evaluation_order(game, mv, kinds[i], ply)
            } else {
                self.order_score(game, mv, kinds[i])
            };
            order[i] = u64::from(score) << 8 | i as u64;
        }
        let order = &mut order[..moves.len()];

        // Whether this node's own subtree meets an evaluated leaf, apart from what came before.
        let inexact_before = std::mem::replace(&mut self.inexact, false);
        let original_alpha = alpha;
        let mut best_score = -INFINITY;
        let mut best_move = None;
        // Late-move pruning, only where a cutoff is all that is asked and never in a proof.
        let prune_late = !self.proving && ply > 0 && beta - alpha == 1 && depth <= self.settings.lmp_depth;
        // The first move is always searched, so that the node has a best move.
        let late_limit = (self.settings.lmp_moves * depth.max(1) as usize).max(1);
        for i in 0..moves.len() {
            // The first moves often cut the node off: pick them one by one; once they did not,
            // sort the rest in one go.
            if i < SELECTED_MOVES {
                let pick = (i..order.len()).max_by_key(|&j| order[j]).unwrap_or(i);
                order.swap(i, pick);
            } else if i == SELECTED_MOVES {
                order[i..].sort_unstable_by(|a, b| b.cmp(a));
            }
            let index = (order[i] & 0xff) as usize;
            let (mv, kind) = (moves[index], kinds[index]);
            if prune_late && kind == Kind::Quiet && i >= late_limit {
                // Unsearched moves leave the node's score a guess.
                self.inexact = true;
                continue;
            }
            let undo = game.make(mv);
            if depth >= 2 {
                // The child probes the table first thing; its line comes in while the landing
                // counts are updated.
                prefetch(&self.table[Self::slot(self.key(game))]);
            }
            self.follow(game, mv, undo, ply);
            // A pass hands the move back without changing the board: same depth budget applies.
            let score = if i == 0 {
                -self.negamax(game, depth - 1, ply + 1, -beta, -alpha)
            } else {
                let reduction =
                    if self.proving { 0 } else { late_move_reduction(&self.settings, depth, i, kind) };
                let mut probe = -self.negamax(game, depth - 1 - reduction, ply + 1, -alpha - 1, -alpha);
                if reduction > 0 && probe > alpha && !self.stopped {
                    // The reduced search says this move may be good after all: look again at
                    // full depth before trusting it.
                    probe = -self.negamax(game, depth - 1, ply + 1, -alpha - 1, -alpha);
                }
                if probe > alpha && probe < beta {
                    -self.negamax(game, depth - 1, ply + 1, -beta, -alpha)
                } else {
                    probe
                }
            };
            game.unmake(mv, undo);
            if self.stopped {
                return 0;
            }
            if score > best_score {
                best_score = score;
                best_move = Some(mv);
                if ply == 0 {
                    self.root_best = Some(mv);
                }
            }
            if score > alpha {
                alpha = score;
            }
            if alpha >= beta {
                if let Move::Stack { from, to } = mv {
                    if !is_capture(game, to) {
                        let killers = &mut self.killers[ply];
                        if killers[0] != pack(mv) {
                            killers[1] = killers[0];
                            killers[0] = pack(mv);
                        }
                    }
                    self.history[from.index() * FIELDS + to.index()] += (depth * depth) as u32;
                }
                break;
            }
        }
        let bound = if best_score >= beta {
            Bound::Lower
        } else if best_score > original_alpha {
            Bound::Exact
        } else {
            Bound::Upper
        };
        let proven = !self.inexact;
        self.inexact |= inexact_before;
        let score = best_score.clamp(i32::from(i16::MIN), i32::from(i16::MAX)) as i16;
        let best = best_move.map_or(0, pack);
        self.store(Entry { key, score, best, depth: depth as u8, bound, age: self.age, proven }, ply == 0);
        best_score
    }

    /// Whether `mv` lands on an enemy stack, is a killer of this ply, or neither.
    fn kind(&self, game: &Dvonn, mv: Move, ply: usize) -> Kind {
        match mv {
            Move::Stack { to, .. } if is_capture(game, to) => Kind::Capture,
            Move::Stack { .. } if self.killers[ply].contains(&pack(mv)) => Kind::Killer,
            _ => Kind::Quiet,
        }
    }

    /// Higher is tried first (below the table move): captures of big enemy stacks, killers,
    /// history; moves onto our own stacks last.
    fn order_score(&self, game: &Dvonn, mv: Move, kind: Kind) -> u32 {
        let Move::Stack { from, to } = mv else { return 0 };
        let target = game.board().cell(to.index());
        let history = self.history[from.index() * FIELDS + to.index()].min(1 << 20);
        match kind {
            Kind::Capture => {
                (3 << 28) + (u32::from(target.height) << 21) + u32::from(target.dvonn) * (1 << 20) + history
            }
            Kind::Killer => 2 << 28,
            // Onto our own stack.
            Kind::Quiet if target.owner().is_some() => history,
            // Onto a lone Dvonn piece.
            Kind::Quiet => (1 << 28) + history,
        }
    }

    /// Higher is tried first (below the table move): captures and killers, then the quiet
    /// moves, each group best first by the evaluation after the move.
    fn evaluation_order(&mut self, game: &mut Dvonn, mv: Move, kind: Kind, ply: usize) -> u32 {
        let undo = game.make(mv);
        self.follow(game, mv, undo, ply);
        let value =
            if game.is_finished() { -self.finished_score(game) } else { -self.evaluate(game, ply + 1) };
        game.unmake(mv, undo);
        // A finished game scores at most (49 + 90) · FINAL_SCALE, far inside 2^20.
        let rank = (value + (1 << 20)).clamp(0, (1 << 30) - 1) as u32;
        if kind == Kind::Quiet {
            rank
        } else {
            (1 << 30) + rank
        }
    }
}

/// What a move is to the late-move reductions.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    /// Onto an enemy stack: these change control, so only late ones are reduced.
    Capture,
    /// A quiet move that caused a cutoff at this ply before: never reduced.
    Killer,
    /// Onto an own stack or a lone Dvonn piece.
    Quiet,
}

/// How many plies less to search the `index`-th move of a node at `depth`, a move of `kind`:
/// quiet moves late in the list get less, and captures still later.
fn late_move_reduction(settings: &Settings, depth: i32, index: usize, kind: Kind) -> i32 {
    let exempt = match kind {
        Kind::Quiet => false,
        Kind::Killer => true,
        Kind::Capture => index < settings.lmr_capture_move,
    };
    if depth < settings.lmr_min_depth || index < settings.lmr_first_move || exempt {
        return 0;
    }
    if depth >= settings.lmr_deep_depth && index >= settings.lmr_deep_move {
        2
    } else {
        1
    }
}

/// Asks the processor to bring `entry` into the cache ahead of its use: a table probe that
/// waited on memory took a sixth of the search's time.
#[inline]
fn prefetch(entry: &Entry) {
    #[cfg(target_arch = "x86_64")]
    // Newer compilers call this intrinsic safe where SSE is on (always, on x86-64).
    #[allow(unused_unsafe)]
    // SAFETY: a prefetch is a hint; it reads nothing into the program and cannot fault.
    unsafe {
        use std::arch::x86_64::{_mm_prefetch, _MM_HINT_T0};
        _mm_prefetch::<_MM_HINT_T0>((entry as *const Entry).cast());
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = entry;
}

/// Whether landing on `to` covers an enemy stack.
#[inline]
fn is_capture(game: &Dvonn, to: Field) -> bool {
    game.board().controlled_by(game.to_move().other()) & to.bit() != 0
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::placement::choose_placement;
    use crate::settings::FINAL_SCALE;
    use protocol::Rng;

    #[test]
    fn late_captures_are_reduced_and_killers_never() {
        let settings = Settings::DEFAULT;
        let (shallow, deep) = (settings.lmr_min_depth, settings.lmr_deep_depth);
        let (late, capture) = (settings.lmr_first_move, settings.lmr_capture_move);
        assert!(capture > late && capture >= settings.lmr_deep_move && deep > shallow);
        let lmr = |depth, index, kind| late_move_reduction(&settings, depth, index, kind);
        assert_eq!(lmr(shallow, late, Kind::Quiet), 1);
        assert_eq!(lmr(shallow - 1, late, Kind::Quiet), 0, "too near the leaves");
        assert_eq!(lmr(shallow, late - 1, Kind::Quiet), 0, "too early in the list");
        assert_eq!(lmr(shallow, capture - 1, Kind::Capture), 0);
        assert_eq!(lmr(shallow, capture, Kind::Capture), 1);
        assert_eq!(lmr(deep, capture, Kind::Capture), 2);
        assert_eq!(lmr(deep, 40, Kind::Killer), 0);
    }

    #[test]
    fn deep_nodes_try_captures_and_killers_first_then_the_best_evaluated_quiet_moves() {
        let mut rng = Rng::new(82);
        for _ in 0..10 {
            let mut game = Dvonn::new();
            while game.is_placement() {
                let field = choose_placement(&game, &mut rng, &Settings::DEFAULT);
                game.make(Move::Place(field));
            }
            for _ in 0..rng.below(10) {
                if game.is_finished() {
                    break;
                }
                let moves = game.legal_moves();
                game.make(moves[rng.below(moves.len())]);
            }
            if game.is_finished() {
                continue;
            }
            let mut searcher = Searcher::new(EvalKind::Full, &Settings::DEFAULT);
            searcher.start_line(&game);
            let moves = game.legal_moves();
            // Make one quiet move a killer of ply 0.
            let quiet: Vec<Move> =
                moves.iter().copied().filter(|&mv| searcher.kind(&game, mv, 0) == Kind::Quiet).collect();
            if let Some(&killer) = quiet.first() {
                searcher.killers[0][0] = pack(killer);
                assert_eq!(searcher.kind(&game, killer, 0), Kind::Killer);
            }
            let mut ranked = Vec::new();
            for &mv in &moves {
                let kind = searcher.kind(&game, mv, 0);
                let rank = searcher.evaluation_order(&mut game, mv, kind, 0);
                let mut after = game.clone();
                after.make(mv);
                let value =
                    if after.is_finished() { -final_score(&after) } else { -searcher.eval.evaluate(&after) };
                ranked.push((rank, kind, value));
            }
            let lowest_tactical = ranked.iter().filter(|r| r.1 != Kind::Quiet).map(|r| r.0).min();
            let highest_quiet = ranked.iter().filter(|r| r.1 == Kind::Quiet).map(|r| r.0).max();
            if let (Some(tactical), Some(quiet)) = (lowest_tactical, highest_quiet) {
                assert!(tactical > quiet, "a quiet move ranks above a capture or killer");
            }
            for a in &ranked {
                for b in ranked.iter().filter(|b| (b.1 == Kind::Quiet) == (a.1 == Kind::Quiet)) {
                    assert_eq!(a.0 > b.0, a.2 > b.2, "ranks follow the evaluation after the move");
                }
            }
        }
    }

    #[test]
    fn the_outcome_only_search_proves_what_the_margin_search_proves() {
        let mut rng = Rng::new(83);
        let unlimited = || {
            let far = Instant::now() + std::time::Duration::from_secs(600);
            Limits { soft: far, hard: far, max_depth: MAX_DEPTH }
        };
        let mut solved = 0;
        while solved < 12 {
            let mut game = Dvonn::new();
            while game.is_placement() {
                let field = choose_placement(&game, &mut rng, &Settings::DEFAULT);
                game.make(Move::Place(field));
            }
            while !game.is_finished() && game.board().occupied().count_ones() > 16 {
                let moves = game.legal_moves();
                game.make(moves[rng.below(moves.len())]);
            }
            if game.is_finished() || game.legal_moves().len() < 2 {
                continue;
            }
            // One searcher for both scorings, as the player uses it: their entries must not mix.
            let mut searcher = Searcher::new(EvalKind::Full, &Settings::DEFAULT);
            searcher.set_outcome_only(true);
            let outcome = searcher.search(&game, unlimited());
            searcher.set_outcome_only(false);
            let margin = searcher.search(&game, unlimited());
            assert!(outcome.exact && margin.exact);
            assert_eq!(outcome.score, 90 * FINAL_SCALE * margin.score.signum(), "{game:?}");
            assert!(margin.score == 0 || margin.score.abs() > 90 * FINAL_SCALE);
            let fresh = Searcher::new(EvalKind::Full, &Settings::DEFAULT).search(&game, unlimited());
            assert_eq!(fresh.score, margin.score, "the outcome search's entries changed the margin");
            // The outcome search's move reaches its outcome. A search does not score a position
            // with one legal move (a forced move or a pass), so those are played first.
            let mut after = game.clone();
            after.make(outcome.best);
            let mut sign = -1;
            while !after.is_finished() && after.legal_moves().len() == 1 {
                after.make(after.legal_moves()[0]);
                sign = -sign;
            }
            // Both scores are for the side to move in `after`, ours when `sign` is 1.
            let after_score = if after.is_finished() {
                outcome_score(&after)
            } else {
                let reply = Searcher::new(EvalKind::Full, &Settings::DEFAULT).search(&after, unlimited());
                assert!(reply.exact);
                reply.score
            };
            assert_eq!(sign * after_score.signum(), outcome.score.signum(), "{game:?}");
            solved += 1;
        }
    }

    #[test]
    fn table_entries_stay_small() {
        // 2^TABLE_BITS entries must stay far below the 64,000,000-byte limit.
        assert_eq!(std::mem::size_of::<Entry>(), 16);
    }

    #[test]
    fn moves_pack_to_distinct_codes() {
        let mut codes = std::collections::HashSet::new();
        for from in 0..FIELDS {
            for to in 0..FIELDS {
                let mv = Move::Stack { from: Field::from_index(from), to: Field::from_index(to) };
                assert!(codes.insert(pack(mv)));
            }
            assert!(codes.insert(pack(Move::Place(Field::from_index(from)))));
        }
        assert!(codes.insert(pack(Move::Pass)));
        assert!(!codes.contains(&0), "0 means no move");
    }
}
