//! Every tunable of the Ayu engines, in one place: sizes fixed at compile time as constants,
//! choices a match may override (`--set NAME=VALUE`) in [`Settings`].

/// The transposition table holds `2^TABLE_BITS` entries of 16 bytes (16 MiB).
pub const TABLE_BITS: u32 = 20;

/// The deepest iteration the search starts.
pub const MAX_DEPTH: i32 = 64;

/// Nodes between two looks at the clock.
pub const CLOCK_CHECK_NODES: u64 = 256;

/// The Monte-Carlo tree holds at most this many nodes of 32 bytes (38 MB).
pub const MCTS_MAX_NODES: usize = 1_200_000;

/// The most nodes a kept subtree brings into the next search (its top, breadth first): while it
/// is copied the old arena is in memory too, so the two stay below 52 MB.
pub const MCTS_KEEP_NODES: usize = 400_000;

/// Playouts between two looks at the clock.
pub const MCTS_CLOCK_CHECK: u64 = 16;

/// The Monte-Carlo player's opening focus: the pieces next to the corners (B1, J1, B11, J11 of
/// the first player, A2, K2, A10, K10 of the second), as point indices.
pub const OPENING_FOCUS_POINTS: [usize; 8] = [1, 9, 11, 21, 99, 109, 111, 119];

// How the defaults were chosen. Jury matches, colours swapped, score of the first variant with
// its 95% interval:
//
// | variant against the rest of the defaults                  | clock | games | score | Elo (95%)      |
// |-----------------------------------------------------------|-------|-------|-------|----------------|
// | late-move reductions from depth 3 and the fourth move, vs | 2 s   | 100   | 43.0% | -49 (-117..+19) |
// |   none (not adopted)                                      |       |       |       |                |
//
// The alpha-beta player against Mamay (the strongest public 2015 entry) at the official 30 s,
// seed 2015, 40 games: 22.5%, Elo -215 (-341..-89).
//
// The Monte-Carlo player, screened against Mamay rebuilt with a third of its time per move (0.3 s
// a move for 60 plies), ours at 10 s a game, seed 2020, 40 games each (about ±15 points of noise):
//
// | variant                                              | score | Elo (95%)        |
// |------------------------------------------------------|-------|------------------|
// | exploration 0.4, tree not kept, no rescue            | 32.5% | -127 (-240..-14) |
// | exploration 0.25                                     | 35.0% | -108 (-219..+3)  |
// | exploration 0.7                                      | 30.0% | -147 (-263..-32) |
// | exploration 0.4, tree kept, 8 rescue tries (adopted) | 42.5% | -53 (-160..+55)  |
// | the same with AMAF bias 300 (not adopted)            | 30.0% | -147 (-263..-32) |
//
// The same screen, 80 games each, on top of the adopted player:
//
// | variant                                                   | score | Elo (95%)       |
// |-----------------------------------------------------------|-------|-----------------|
// | length penalty 0.005 (not adopted)                        | 37.5% | -89 (-167..-11) |
// | opening focus on the corner pieces for 20 plies (adopted) | 63.7% | +98 (+20..+177) |
// | the focus with the opening time spread evenly (spread 1,  | 61.3% | +80 (+2..+157)  |
// |   divider 8; not adopted, no clear change)                |       |                 |
//
// At the official 30 s against Mamay (its own 0.9 s a move), seed 2015, 100 games:
// - without the focus: 46.0%, Elo -28 (-96..+40), 0 failures, at most 26.8 s and 14.8 MB;
// - with it: 56.0%, Elo +42 (-26..+110), 0 failures of ours (Mamay went over 64 MB in one game,
//   55.6% without it), at most 27.3 s and 17.3 MB.

// November 2026, session 48, tried and dropped: playouts cut off after K plies and judged by the
// joining costs (a logistic curve of the side to move's lead in spanning-forest length, fitted to
// playouts from positions of the contest records played on to their end: slope 0.35 a point, the
// move worth 0.6 points, log-loss 0.46-0.50 against 0.69 for a coin). At K = 20 the player made
// about twice the playouts. The 10 s screen against Mamay at a third of its time (gauntlet, seed
// 60, 60 games an arm): full playouts 30-30, 50.0%; K = 40 29-31, 48.3%; K = 20 27-33, 45.0%
// (each +/-87 Elo). No gain; the code was removed.

// Transpositions (`mcts_transpositions`): a position reached again by another order of moves
// shares the children of the first one expanded, found by its hash (the tree becomes a graph; a
// kept subtree copies each shared block once). 10 s screen against Mamay at a third of its time,
// gauntlet, seed 63, 80 games an arm: with them 49-31, 61.2%, Elo +79 (+/-78); without 46-34,
// 57.5%, +52 (+/-77); 0 failures. (A first run, seed 61, was void: the kept tree mistook an empty
// block for the block made after it, and both arms crashed in some games; fixed, with a test.)
// Again on seed 64: with them 47-33, 58.8%; without 47-33, 58.8%; 0 failures. Together 96/160,
// 60.0%, against 93/160, 58.1%: no clear gain, so off.

// November 2026, session 53: faster playouts, the same move distribution. Each colour's units are
// kept move by move in a playout instead of found again by flood fills every ply, lone pieces need
// no fill, and lifting an end piece of a unit needs no connectivity check (`engine/playout.rs`). On
// this machine the bench went from 22,100 to 63,900 playouts/s from the start (25,700 to 85,000
// from ply 20, 34,900 to 101,000 from ply 40; the same win shares), its Monte-Carlo searches from
// 18,500-34,200 to 56,700-86,200 playouts/s; the player's first move at 30 s makes 70,800 playouts.
// What twice the playouts was worth, on the 10 s screen against Mamay at a third of its time: the
// old player 21-19, 52.5% (seed 70, 40 games); the old player given 20 s 38-22, 63.3%, Elo +95
// (+5..+185) (seed 71, 60 games). At the official 30 s against Mamay (its own 0.9 s a move), seed
// 2040, 100 games: 66-34, 66.0%, Elo +115 (+44..+187), 34/50 as first and 32/50 as second, 2.32
// against 1.68 points a game, 0 failures on either side, ours at most 27.2 s and 18.6 MB; the
// player before scored 56.0% (seed 2015, 100 games). Our games used only 20-27 s of the 30 (a
// twenty-fourth of what is left a move until ply 60, then a tenth), where Mamay spends 0.9 s a move
// to ply 60.
// A faster screen for this player: ours at a reduced 5 s against Mamay rebuilt to a sixth of its
// time (0.15 s a move to ply 60, then 0.033 s, then 0.017 s), 200 games (about 17 minutes on 2
// cores), seed 80: the defaults 65.0%, Elo +108 (+57..+158), as at 30 s; spending more of the clock
// (mcts_early_divider 16, mcts_late_divider 6: 4.3 s a game used on average against 3.8 s) 57.5%,
// Elo +53 (+4..+101). Not adopted. The opening focus for 30 plies instead of 20: 64.0%, Elo +100
// (+50..+150); flat, not adopted. Exploration 0.3 instead of 0.4: 65.5%, Elo +111 (+61..+162);
// flat, not adopted. Children after 4 playouts instead of 2 (mcts_expand_after): 67.0%, Elo +123
// (+72..+174); within the noise, not adopted.

// November 2026, session 54, tried and dropped: playouts that pick the unit to move with a weight
// of its size to the power 0.7 instead of every unit alike (the contest's winners moved pieces of
// units of five or more twice as often as a uniform pick of a unit would, nine times as often in
// the first 20 plies, lone pieces 0.62 times as often). The 5 s screen against Mamay at a sixth of
// its time, seed 80, 200 games: 51.5%, Elo +10 (-38..+58), against the defaults' 65.0%; the
// playouts ran longer and a search made about a third fewer. Removed.

// Learned move priors (`mcts_prior_visits`, `crate::knowledge`): on the held-out tenth of the
// records the model ranks the winner's move first 12.1% of the time and among its first five 42.0%
// (uniform: 5.1% and 24.3%). As virtual playouts of each new child (which then no longer gets a
// first playout of its own before the others' second), on the 5 s screen against Mamay at a sixth
// of its time, seed 80, 200 games: 5 visits 68.5%, Elo +135 (+83..+187); 15 visits 58.5%, Elo +60
// (+11..+108); the defaults 65.0%. A light prior is within the noise, a heavy one costs: off.

// Tried and dropped: the alpha-beta player (`engine::player`) choosing the moves from ply 50 on, as
// lost games showed our Monte-Carlo score high at ply 40 (60-96% in a third of the losses) and the
// game lost later. The 5 s screen, seed 80: 68 of 136 games, 50.0%, against the defaults' 65.0%
// over 200; stopped there, removed. The playouts judge these races better than depth 4-6 does.

// Adopted: the opening's time share ends at ply 40 instead of 60 (`mcts_early_plies`), so plies
// 40-59 get a tenth of what is left instead of a twenty-fourth. In a third of the lost games of
// the screen our score at ply 40 was 60-96% and the game was lost after, and the games used 3.8 s
// of 5 on average. The 5 s screen, seed 80, 200 games: 69.5%, Elo +143 (+91..+195), against the
// defaults' 65.0%, using 4.2 s of 5 on average (at most 4.55 s), 0 failures. At the official 30 s
// against Mamay, seed 2041, 100 games: 64-36, 64.0%, Elo +100 (+30..+170), 33/50 as first, 0
// failures, ours 25.6 s a game on average (23.2 s before), at most 27.9 s and 23.6 MB: the gain
// of the screen did not show at 30 s (66.0% before, seed 2040); kept, as nothing says it costs.

// November 2026, session 55: playouts about 11% faster (point bits and neighbourhoods from tables,
// one neighbourhood per ring, no population counts, units rejoined only on a join): 1.05 G to
// 0.91 G instructions for the same 12,000 playouts (callgrind); the bench from the start 75,000 to
// 84,000 playouts/s (ply 20: 99,000 to 111,000, ply 40: 108,000 to 121,000), the same move
// distribution. Tried on top of it and dropped, each on the 5 s screen (seed 80, 200 games;
// the defaults of the build before scored 69.5%): a first-play value (an unvisited child counts
// as one playout scored 0.5, instead of every child first) 66.5%, Elo +119 (+68..+170);
// exploration 0.2 (Mamay's tree uses 0.1) 59.0%, Elo +63 (+14..+112); ten playouts from each
// leaf, recorded together (as Mamay does) 64.5%, Elo +104 (+54..+154). Code removed.

// November 2026, session 56, adopted: the exhaustive rescue (`mcts_exhaustive_rescue`). When a
// join shuts its side in, the opponent plays a move that opens a path again whenever one exists,
// instead of trying 8 random moves. The 5 s screen, seed 80, 200 games, the same build: with it
// 73.0%, Elo +173 (+119..+227); without 64.0%, Elo +100 (+50..+150). The searches made more
// playouts a second with it (96,000 against 81,000 over the screen's moves): a rescue looks only
// at lifts next to two stuck regions, where 8 random tries each made a move and a path search.
// At the official 30 s against Mamay, seed 2043, 200 games: 128-72, 64.0%, Elo +100 (+50..+150),
// 71/100 as first, 0 failures, ours at most 27.9 s and 29.8 MB; the player without it scored 63.5%
// (seed 2042, 200 games). As with the time share of session 54, the screen's gain did not show at
// 30 s; kept, as nothing says it costs and the searches are faster. The bench, runs alternating
// with and without it on a busier machine than session 55's: playouts/s from the start 66,000 and
// 71,000 against 54,000 and 55,000, from ply 40 104,000 and 125,000 against 89,000 and 104,000.

// November 2026, session 57, dropped: playouts that avoid own goals. A move that walls the
// opponent in (its units left without a path between them) hands it the win at once, and random
// playouts do it often: of 20,000 playouts from the bench's positions, 23% of those from the start
// and 9-10% of those from plies 20 and 40 ended so (the others by a join or a self-shut that no
// rescue could open). Trying up to 8 random moves for one that leaves the opponent a path, while
// it has at most 3 units, halved those endings (to 4% from plies 20 and 40) at about an eighth
// fewer playouts a second, and hardly moved the bench's win shares (15.6% to 15.7% from ply 20,
// 27.6% to 28.7% from ply 40). On the 5 s screen against Mamay5, seed 81, 200 games each, both arms
// side by side, one game at a time each: with it 149-51, 74.5%, Elo +186 (95%: +131..+241); the
// defaults 162-38, 81.0%, Elo +252 (+191..+313). Code removed.

// November 2026, session 58, adopted: the opening focus inside the tree (`mcts_focus_tree`).
// Before ply 20 the tree below the root keeps, for either side, only the moves that lift a piece
// from a unit holding one of that side's focus pieces (followed down each descent), as our root
// already did and as Mamay plays for its first 20 plies; a node so restricted is never proven won
// by all its children losing. The tree of the first move holds about a sixth of the nodes (108,000
// against 665,000 after 82,000 playouts). At the official 30 s against Mamay, seed 2044, 200
// games: 136-64, 68.0%, Elo +131 (95%: +80..+182), 64/100 as first and 72/100 as second, 0
// failures on either side, ours at most 27.9 s and 49.7 MB; the player without it scored 64.0%
// (seed 2043) and 63.5% (seed 2042) over 200 games each. Not significant alone, the best 30 s
// result so far. A first 40 games at 5 s against Mamay5 (seed 90): 75.0%. The trees grew
// narrower and deeper (up to 1.0 M nodes in a search, 0.76 M before), and a kept subtree was a
// larger share of the arena, so kept subtrees are now cut to their top 400,000 nodes
// (`MCTS_KEEP_NODES`), which bounds the arena and its copy to 52 MB. The match above ran before
// the cut; its 49.7 MB peak (an arena of at most 1.0 M nodes, 32 MB) allows kept subtrees of up
// to about 500,000 nodes, so the cut may bind in a few moves, where it changes only what the next
// search starts from.
// Session 59, the same build with the cut (commit e01770c) at the official 30 s against Mamay,
// seed 2046, 200 games: 146-54, 73.0%, Elo +173 (95%: +119..+227), 72/100 as first and 74/100
// as second, 0 failures on either side, ours at most 28.1 s and 41.4 MB. With seed 2044: 282 of
// 400, 70.5%. Where games turn: in 49 of the 54 losses our score was last above 40% between
// plies 40 and 69 (23 of them in plies 50-59); in 84 of the 146 wins it stayed at 60% or more
// from before ply 30 on. Losses come from the middle game, wins mostly from the opening.
// The positions of the first 8 of those losses from the last ply our score was 55% or more
// (three of our moves each), searched again for 10 s a move (10 to 20 times the game's time):
// the longer search scored 23 of the 24 lower than the game had (by up to 37 points: 57.0% to
// 20.5% at ply 62 of game 10, 55.5% to 30.2% at ply 71 of game 31) and chose another move in 18.
// The short searches of the middle game miss the opponent's best lines. Tried on that ground,
// more time for plies 40-65 (mcts_early_divider 26, mcts_late_divider 7: about a quarter more
// there, 5% less before ply 40, less of the clock left unused), at the official 30 s against
// Mamay, seed 2047, 100 games: 72-28, 72.0%, Elo +164 (95%: +89..+239), ours at most 28.4 s, 0
// failures; the defaults 73.0% (seed 2046). No gain shown: not adopted.

protocol::tunables! {
    /// The choices of the Ayu engines that a match may override.
    pub struct Settings {
        /// Evaluation: hundredths of a move per empty point of a colour's joining tree.
        tree_weight: i32 = 100,
        /// Evaluation: per empty point of the tree's longest edge.
        longest_weight: i32 = 10,
        /// Evaluation: per unit (each unit is a join still to make).
        unit_weight: i32 = 0,
        /// Evaluation: the side to move's bonus for having the move.
        tempo: i32 = 50,
        /// Time: an opening move (plies below `early_plies`) may use what is left divided by this;
        /// the walls and races are laid out then.
        early_divider: u32 = 14,
        /// Time: a later move may use what is left divided by this.
        late_divider: u32 = 22,
        /// Time: the plies that count as the opening.
        early_plies: u32 = 40,
        /// Time: no new iteration starts after this share of a move's time (the next one would
        /// take several times longer than the last).
        iteration_start: f64 = 0.3,
        /// Search: late-move reductions from this depth on (a depth above `MAX_DEPTH`, the
        /// default, turns them off)...
        lmr_min_depth: i32 = 99,
        /// ...for the moves from this index in the ordered list that neither join units nor cut.
        lmr_first_move: usize = 3,
        /// Search: the deepest iteration (at most `MAX_DEPTH`).
        max_depth: i32 = MAX_DEPTH,
        /// Monte-Carlo: the weight of the exploration term of the upper confidence bound.
        mcts_exploration: f64 = 0.4,
        /// Monte-Carlo: a node gets its children on the descent after this many playouts.
        mcts_expand_after: u32 = 2,
        /// Monte-Carlo: rapid action value estimation, the real visits at which the
        /// all-moves-as-first mean weighs half (0: off).
        mcts_amaf_bias: f64 = 0.0,
        /// Monte-Carlo: keep the part of the tree below our last move and the answer.
        mcts_keep_tree: bool = true,
        /// Monte-Carlo: a position reached again by another order of moves shares the children
        /// (and so the statistics below) of the first one expanded (off: 60.0% against 58.1% over
        /// 160 games an arm on the 10 s screen, see above).
        mcts_transpositions: bool = false,
        /// Monte-Carlo: a playout still running after this many plies counts as a draw.
        mcts_max_plies: u32 = 400,
        /// Monte-Carlo: random moves a playout tries for one that frees a side that has just
        /// shut itself in (0: none); used only with `mcts_exhaustive_rescue` off.
        mcts_rescue_tries: u32 = 8,
        /// Monte-Carlo: the opponent of a side that has shut itself in looks through every move
        /// for one that opens a path again, instead of `mcts_rescue_tries` random ones.
        mcts_exhaustive_rescue: bool = true,
        /// Monte-Carlo: the learned move priors ([`crate::knowledge`]) count as this many playouts
        /// of each new child (0: off; children then get a first playout each, in random order).
        mcts_prior_visits: f64 = 0.0,
        /// Monte-Carlo: a playout won after n plies counts 1 - n × this (at least a half), a lost
        /// one n × this (at most a half).
        mcts_length_penalty: f64 = 0.0,
        /// Monte-Carlo: before this ply our move must lift a piece from a unit holding one of
        /// `OPENING_FOCUS_POINTS`' pieces (0: never).
        mcts_focus_plies: u32 = 20,
        /// Monte-Carlo: the opening focus also holds inside the tree: before `mcts_focus_plies`
        /// both sides' moves below the root lift a piece from a focus unit, when one can (Mamay
        /// plays only such moves then; see session 58 above).
        mcts_focus_tree: bool = true,
        /// Monte-Carlo time: the plies that count as the opening.
        mcts_early_plies: u32 = 40,
        /// Monte-Carlo time: an opening move may use what is left divided by this.
        mcts_early_divider: u32 = 24,
        /// Monte-Carlo time: adds this many times our moves still to come in the opening to
        /// `mcts_early_divider` (0: a fixed divider; 1 spreads the opening time evenly, keeping
        /// `mcts_early_divider` moves' worth for the rest).
        mcts_early_spread: u32 = 0,
        /// Monte-Carlo time: a later move may use what is left divided by this.
        mcts_late_divider: u32 = 10,
        /// Monte-Carlo: stop each search after this many playouts instead of by the clock (the
        /// move's deadline still holds), for screens that do not depend on the machine's load; 0:
        /// by the clock.
        mcts_playouts_per_move: u32 = 0,
    }
}
