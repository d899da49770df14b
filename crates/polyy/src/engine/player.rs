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
//!
//! This file holds the engine itself: its state, the answers that need no search (a winning field,
//! the opening, the swap, the book, the pairs of a proven win), the search loop with its share of
//! the clock, and the choice of the root move. The parts of the search are its submodules: `tree`
//! (the arena of edges, its reuse and pruning), `descent` (one iteration: descent, playouts,
//! update, proofs), `select` (the edge a descent follows) and `prior` (a new block's first AMAF
//! counts).

mod descent;
mod prior;
mod select;
mod tree;

use protocol::{Engine, Game, Rng, Seat, TurnClock};

use crate::board::{symmetries, Bits, Field, Fields, FIELDS};
use crate::book::{book_reply, BookLine, BOOK};
use crate::engine::playout::{PlayoutPolicy, Replies};
use crate::game::{Move, PolyY};
use crate::knowledge::{learned_gammas, WEIGHTS};
use crate::proof::{pairing, Pairing};
use crate::settings::{Settings, CLOCK_CHECK_ITERATIONS, MAX_EDGES, MAX_FOLLOWED, MAX_TREE_DEPTH};

use self::descent::Batch;
use self::tree::{Edge, Followed};

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
            _ => self
                .reply_to_11(game)
                .or_else(|| self.settings.book.then(|| book_reply(BOOK, game)).flatten()),
        }
    }

    /// The `reply_to_11` answer if the position is a lone opponent stone on 11 (or an image of
    /// it) with us to move, whether or not that stone was swapped.
    fn reply_to_11(&self, game: &PolyY) -> Option<Move> {
        let reply = u8::try_from(self.settings.reply_to_11).ok().filter(|&reply| reply != 0)?;
        book_reply(&[BookLine { moves: "11 -1", reply }], game)
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

    /// The plies of the principal line: from the root, the most visited edge of each block
    /// while the position after it has a block of its own.
    fn principal_depth(&self, mut block: (u32, u8)) -> usize {
        let mut depth = 0;
        while depth < MAX_TREE_DEPTH {
            let edges = block.0 as usize..block.0 as usize + usize::from(block.1);
            let Some(best) = edges.max_by_key(|&e| self.real(&self.edges[e]).visits) else { break };
            depth += 1;
            match self.child_block(best) {
                Some(child) => block = child,
                None => break,
            }
        }
        depth
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
        // The root move that would be played, and the playouts done when it last became so: a
        // late change says the search had not settled on its move.
        let mut leader = (u8::MAX, 0u64);
        loop {
            let before = playouts;
            for _ in 0..CLOCK_CHECK_ITERATIONS {
                playouts += u64::from(self.iterate(game, root_block));
            }
            let field = self.edges[self.best_root_edge(game.to_move(), root_block)].field;
            if field != leader.0 {
                leader = (field, before);
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
        let root_visits: u64 = self.edges[root_block.0 as usize..][..usize::from(root_block.1)]
            .iter()
            .map(|edge| u64::from(self.real(edge).visits))
            .sum();
        eprintln!(
            "polyy: ply {} playouts {} edges {} taken {} kept {} pruned {} pv {} share {:.0}% \
             settled {:.0}% win {:.1}% {:.0} ms{}",
            game.plies() + 1,
            playouts,
            self.edges.len(),
            self.followed.len(),
            kept,
            prunes,
            self.principal_depth(root_block),
            100.0 * f64::from(chosen.visits) / root_visits.max(1) as f64,
            100.0 * leader.1 as f64 / playouts.max(1) as f64,
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
