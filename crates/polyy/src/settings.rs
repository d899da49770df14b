//! Every tunable of the Poly-Y engines, in one place: sizes fixed at compile time as constants,
//! choices a match may override (`--set NAME=VALUE`) in [`Settings`].
//!
//! Each item gives its meaning, its default and, in one line, the run that chose it, with its
//! entry in the journal, `docs/journal/polyy.md` (every run, kept and dropped, newest first; ideas
//! tried and dropped are only there). "Lynx3" is the CodeCup 2014 winner, built outside this
//! repository as the journal's Opponents section says (25 s budget of its own, tree capped at
//! 26,400 nodes, unless said); "30 s" is the official clock; the "calibrated screen" is ours at
//! 40,000 playouts a move against Lynx3 at 625 iterations, 200 games.

/// The most tree edges the player keeps (16 bytes each: 1.5 M edges = 24 MB, well below the
/// 64,000,000-byte limit). When it is full, pruning (`prune_batches`) frees room; once a prune
/// frees too little the tree stops growing for the move and batches go on from its leaves.
/// 1.5 M: twice that, 2.8 M edges (51.9 MB), scored 70–30, 70.0%, Elo +147 (+73 to +221) against
/// Lynx3 at 30 s, beside 70.3% over 64 games for 1.5 M (`docs/journal/polyy.md#s77-arena-2-8m`).
pub const MAX_EDGES: usize = 1_500_000;

/// The most edges a search may take, each with a 16-byte record of its real results. A search
/// takes about one edge for each block it makes, and a block has one edge per empty field (40 or
/// more while a game is open), so `MAX_EDGES` leads to far fewer than this. Not measured: a bound.
pub const MAX_FOLLOWED: usize = 200_000;

/// The deepest descent: a game has at most 107 plies. Not a tuning.
pub const MAX_TREE_DEPTH: usize = 108;

/// Descents (each a batch of playouts) between two looks at the clock. Not measured: four
/// batches are about 128 playouts, well under a millisecond.
pub const CLOCK_CHECK_ITERATIONS: u32 = 4;

protocol::tunables! {
    /// The choices of the Poly-Y engines that a match may override.
    pub struct Settings {
        /// The share of the time left that one move may use (rules §11: about a tenth).
        /// 0.1, rules §11's tenth, not chosen by a match: 0.07 and 0.14 scored 61.5% and 57.5%
        /// against 59.0% on the calibrated screen with a budget for the whole game, 200 games
        /// each (`docs/journal/polyy.md#s67-screens`).
        time_share: f64 = 0.1,
        /// Player: the weight of the AMAF win rate in the selection score, the rest real results.
        /// 0.75, Lynx3's: on the calibrated screen 0.65 scored 50.5% and 0.85 46.5%, Elo −24 (−72
        /// to +24), against 50.0% (`docs/journal/polyy.md#s65-search-constants`).
        amaf_weight: f64 = 0.75,
        /// Player: a new block starts with the AMAF counts of the block two plies up (the same
        /// mover), scaled down to at most this many playouts per edge (0: starts empty).
        /// 0: 64 against 0 scored 55.0%, Elo +35 (−33 to +103), in self-play at 3 s over 100
        /// games, not significant (`docs/journal/polyy.md#selfplay-3s`).
        inherit_amaf: u32 = 0,
        /// Player: playouts that judge each new position.
        /// 32, Lynx3's: on the calibrated screen 16 scored 44.5%, Elo −38 (−87 to +10), 64 54.0%
        /// and 49.5%, 128 34.5%, against 50.0% (`docs/journal/polyy.md#s65-search-constants`).
        leaf_playouts: u32 = 32,
        /// Player's playouts: answer intrusions into bridges and edge templates.
        /// On: not measured off; every player has answered them, as Lynx3's playouts do.
        playout_replies: bool = true,
        /// Player's playouts: the first pick may answer the last move of the tree. Off (as in
        /// Lynx3), the field that answers it is picked at random in the first step, so the AMAF
        /// counts of the block below learn how much that answer matters.
        /// Off: with `ladder_replies` and `expand_after` 0, 51.7% against Lynx3 at 10 s over 60
        /// games, against 36.7% and 38.3% (`docs/journal/polyy.md#lynx3-differences`).
        answer_tree_move: bool = false,
        /// Player's playouts: the ladder set of replies (Lynx3's rule), else the adjacent one.
        /// On: one of the three changes worth 51.7% against 36.7-38.3% at 10 s against Lynx3
        /// (`docs/journal/polyy.md#lynx3-differences`).
        ladder_replies: bool = true,
        /// Player's playouts: also answer intrusions into templates from two or more steps in.
        /// On: 69.0%, Elo +139 (+66 to +212), against off in self-play at 3 s over 100 games
        /// (`docs/journal/polyy.md#selfplay-3s`).
        deep_templates: bool = true,
        /// Player's playouts: only fields two or more steps in while more are empty than this.
        /// 80 (was 96): 114–86, 57.0%, Elo +49 (+0 to +97) against Lynx3 at 30 s over 200 games,
        /// where 96 had 49.5% (`docs/journal/polyy.md#s66-deep-only-above`).
        deep_only_above: u32 = 80,
        /// Player's playouts: no border fields while more are empty than this.
        /// 50, the first player's, not chosen by a match: 30, 40 and 70 were no better on the
        /// calibrated screen (`docs/journal/polyy.md#s64-playout-restrictions`).
        inner_only_above: u32 = 50,
        /// Player: which first moves the second player swaps: 0 lets the search judge; 1 swaps
        /// every first move two or more steps from the border and the class of field 15 (the
        /// policy rules §11 reports), else plays on; 2 never swaps; 3 swaps every first move two
        /// or more steps from the border only, so field 11 (Lynx3's opening) is answered.
        /// 3: against Lynx3 at 30 s our games answering 11 scored 267/490, 54.5%, owning it
        /// 142/290, 49.0% (`docs/journal/polyy.md#s62-swap-policy-3`).
        swap_policy: u32 = 3,
        /// Player: batches an edge must have led to before the position after it gets a block
        /// of its own (0: at once).
        /// 0: one of the three changes worth 51.7% against 36.7-38.3% at 10 s against Lynx3
        /// (`docs/journal/polyy.md#lynx3-differences`).
        expand_after: u32 = 0,
        /// Player: the most tree edges, up to `MAX_EDGES` (to mimic a long clock's memory limit
        /// on a short one).
        /// For screens (150,000 or 500,000 makes a short clock's tree fill as at 30 s).
        max_edges: u32 = MAX_EDGES as u32,
        /// Player: when the tree is full, drop the blocks whose edge has led to fewer than this
        /// many batches and let it grow again (0: never; the tree then stops growing). Pruning
        /// stops for the move once it frees less than a quarter of the arena.
        /// 2: 58–42, 58.0%, Elo +56 (−12 to +125) against Lynx3 at 30 s over 100 games, where 0
        /// had 49.0% on that seed (`docs/journal/polyy.md#pruning`).
        prune_batches: u32 = 2,
        /// Player: keep the subtree of the position reached from one move to the next.
        /// On: 64.0%, Elo +100 (+30 to +170), against off in self-play at 3 s over 100 games
        /// (`docs/journal/polyy.md#selfplay-3s`).
        reuse_tree: bool = true,
        /// Player: the first move as first player (a CodeCup number; 0 lets the search choose).
        /// 11, Lynx3's: 7 scored 24/50 as first against Lynx3 at 30 s, where 11 had 210/390
        /// (`docs/journal/polyy.md#s63-opening-7`).
        opening: u32 = 11,
        /// Player: the answer, without search, to a lone opponent stone on field 11 or on any of
        /// its images (a CodeCup number; 0 leaves it to the search and the book). Lynx3 opens 11
        /// and swaps ours, so every game against it starts there with us to move; its book
        /// answers our 41 with 20.
        /// 41: 183–17, 91.5%, Elo +413 (+327 to +498) against Lynx3 at 30 s over 200 games, where
        /// the search's own replies had 72.0% (41 won 17 of its 18); 78.5% against 73.5% on the
        /// calibrated screen (`docs/journal/polyy.md#s97-reply-41`).
        reply_to_11: u32 = 41,
        /// Player: play the opening book's reply where it has one ([`crate::book`]).
        /// Off: the book of 20,000,000-playout searches scored 23–24, 48.9%, Elo −8 (about −111 to
        /// +94) against Lynx3 at 30 s over 47 games (`docs/journal/polyy.md#s75-search-book`).
        book: bool = false,
        /// Player: virtual AMAF playouts each field of a new block starts with, at a win rate
        /// from the learned move weights ([`crate::knowledge`]); 0 for none.
        /// 40, with `rave_k` 20,000: 127–73, 63.5%, Elo +96 (+46 to +146) against Lynx3 at 30 s
        /// over 200 games, where the build before had 56.7% (`docs/journal/polyy.md#s69-prior-rave`
        /// and, for the runs without the falling weight, `#s47-prior-30s`).
        prior_visits: u32 = 40,
        /// Player: the prior's win rate above 0.5 per unit of log-weight above the block's mean.
        /// 0.05, from the first self-play screen at 20,000 playouts a move (60 visits at 0.1 did
        /// worse); not measured apart since (`docs/journal/polyy.md#prior-selfplay`).
        prior_scale: f64 = 0.05,
        /// Player: positions a pairing of empty fields decides ([`crate::proof`]) are leaves
        /// judged won without playouts, and a proven win is played out by its pairs.
        /// On: 55.0%, Elo +35 (±68), against 52.0% without, Lynx3 at 10 s over 100 games an arm;
        /// sound and free (`docs/journal/polyy.md#s48-proofs`).
        proofs: bool = true,
        /// Player: the tree keeps who wins after an edge once a finished game, a pairing or the
        /// moves below prove it, and follows proven wins at once and proven losses only when all
        /// are lost (MCTS-solver).
        /// Off: sound, but 48.0%, Elo −14 (−82 to +54), against 55.0% without, Lynx3 at 30 s over
        /// 100 games each (`docs/journal/polyy.md#s61-solver`).
        solver: bool = false,
        /// Player: stop each search after this many playouts instead of by the clock (the hard
        /// deadline still holds), for screens that do not depend on the machine's load; 0: by
        /// the clock.
        /// A screening tool, not a playing choice (`docs/journal/polyy.md#screens`).
        playouts_per_move: u32 = 0,
        /// Like `playouts_per_move`, but a budget for the whole game, shared out as the clock is
        /// (`time_share` of what is left at each search); 0: off. For screens of time shares
        /// that do not depend on the machine's load.
        /// A screening tool; 1,240,000 stands for the 30 s clock (`docs/journal/polyy.md#screens`).
        playouts_per_game: u32 = 0,
        /// Player: the AMAF weight of an edge through which k real playouts have passed is
        /// `amaf_weight` times sqrt(rave_k / (rave_k + k)); 0 keeps it fixed.
        /// 20,000, adopted with `prior_visits` 40 (63.5% against Lynx3 at 30 s over 200 games);
        /// 5,000 and 40,000 no better on the screen (`docs/journal/polyy.md#s69-prior-rave`).
        rave_k: u32 = 20_000,
        /// Player: stop a search once the most visited root move leads the second by more than
        /// this share of the playouts still to come in the move's share (1: only when none of
        /// them could change the choice); 0: off.
        /// Off: 1 scored 42–36, 53.8%, Elo +27 (about −51 to +107) against Lynx3 at 30 s over 78
        /// games (`docs/journal/polyy.md#s71-early-stop`).
        early_stop: f64 = 0.0,
        /// Player: when the move's share is spent while the move the search would follow next
        /// at the root is not the most visited, search on, up to this multiple of the share
        /// more; 0: off.
        /// 1: 69–31, 69.0%, Elo +139 (+66 to +212) against Lynx3 at 30 s over 100 games, 68.6%
        /// over all 714 of its runs (`docs/journal/polyy.md#s71-extend-unstable`).
        extend_unstable: f64 = 1.0,
        /// Player: in blocks through which `explore_min_playouts` real playouts or more have
        /// passed, each edge's score gains this times sqrt(ln(block playouts) / (edge playouts +
        /// 1)); 0: off (greedy everywhere).
        /// 0.3: 154–46, 77.0%, Elo +210 (+153 to +267) against Lynx3 at 30 s over 200 games, where
        /// 0 had 68.6% over 714 (`docs/journal/polyy.md#s81-explore-confirm`; 0.5: 70.0%).
        explore_big_blocks: f64 = 0.3,
        /// Player: see `explore_big_blocks`.
        /// 100,000, not measured apart: the root and a few blocks below it at 30 s, none on the
        /// calibrated screen (`docs/journal/polyy.md#s80-explore-big-blocks`).
        explore_min_playouts: u32 = 100_000,
    }
}
