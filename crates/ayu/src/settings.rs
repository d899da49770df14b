//! Every tunable of the Ayu engines, in one place: sizes fixed at compile time as constants,
//! choices a match may override (`--set NAME=VALUE`) in [`Settings`]. Each says what it is, and
//! in a line the measurement that chose its value, with its entry in the lab journal
//! `docs/journal/ayu.md` (every run, kept and dropped; ideas tried and removed are only there).
//! "Mamay at 30 s" means the strongest public 2015 entry, unchanged, its own 0.9 s a move, final
//! move not relayed, ours at the official 30 s; "the 5 s screen" means ours at 5 s against Mamay
//! rebuilt to a sixth of its time, 200 games, seed 80; "the 10 s screen" ours at 10 s against
//! Mamay at a third of its time, 40-80 games (`docs/journal/ayu.md#conditions`).

/// The transposition table holds `2^TABLE_BITS` entries of 16 bytes (16 MiB).
// Not measured: far below the 64 MB limit, for the alpha-beta player (not the default engine).
pub const TABLE_BITS: u32 = 20;

/// The deepest iteration the search starts.
// Not measured: far above what the clock reaches (depth 4-6 at 30 s).
pub const MAX_DEPTH: i32 = 64;

/// Nodes between two looks at the clock.
// Not measured: under a millisecond of search at 358,000-627,000 nodes a second.
pub const CLOCK_CHECK_NODES: u64 = 256;

/// The Monte-Carlo tree holds at most this many nodes of 32 bytes (38 MB).
// Not measured: sized with `MCTS_KEEP_NODES` so that the arena and a kept subtree's copy stay
// below 52 MB (asserted at compile time in `engine/mcts.rs`). `docs/journal/ayu.md#keep-cut`.
pub const MCTS_MAX_NODES: usize = 1_200_000;

/// The most nodes a kept subtree brings into the next search (its top, breadth first): while it
/// is copied the old arena is in memory too, so the two stay below 52 MB.
// Chosen for memory, not by a match (session 58); the declared run has it: Mamay at 30 s, seed
// 2046, 200 games, 146-54, 73.0%, Elo +173 (+119 to +227), ours at most 41.4 MB.
// `docs/journal/ayu.md#keep-cut`.
pub const MCTS_KEEP_NODES: usize = 400_000;

/// Playouts between two looks at the clock.
// Not measured: under a millisecond at 54,000-125,000 playouts a second.
pub const MCTS_CLOCK_CHECK: u64 = 16;

/// The Monte-Carlo player's opening focus: the pieces next to the corners (B1, J1, B11, J11 of
/// the first player, A2, K2, A10, K10 of the second), as point indices.
// Mamay's choice; measured with `mcts_focus_plies`. `docs/journal/ayu.md#opening-focus`.
pub const OPENING_FOCUS_POINTS: [usize; 8] = [1, 9, 11, 21, 99, 109, 111, 119];

protocol::tunables! {
    /// The choices of the Ayu engines that a match may override.
    pub struct Settings {
        // The alpha-beta player (`--engine alphabeta-eval`): its evaluation, time and search. Not
        // measured unless said: set when the player was written (2026-11-24, commits dfa0c86,
        // f8aa83c and 2c5b185); it scored 22.5% against Mamay at 30 s, seed 2015, 40 games.
        // `docs/journal/ayu.md#alphabeta-mamay`.
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
        // Off: from depth 3 and the fourth move, self-play at 2 s, 100 games, 43.0%, Elo -49
        // (-117 to +19). `docs/journal/ayu.md#lmr`.
        lmr_min_depth: i32 = 99,
        /// ...for the moves from this index in the ordered list that neither join units nor cut.
        lmr_first_move: usize = 3,
        /// Search: the deepest iteration (at most `MAX_DEPTH`).
        // Not measured: no cap by default; `--set max_depth=N` fixes the depth.
        max_depth: i32 = MAX_DEPTH,

        // The Monte-Carlo player (`--engine player`, the default): its tree (`engine/mcts.rs`) and
        // playouts (`engine/playout.rs`).
        /// Monte-Carlo: the weight of the exploration term of the upper confidence bound.
        // 0.4, none better: the 10 s screen, seed 2020, 40 games each: 0.25 35.0%, 0.7 30.0%, 0.4
        // 32.5%; the 5 s screen: 0.3 65.5% (defaults 65.0%), 0.2 59.0% (defaults 69.5%).
        // `docs/journal/ayu.md#mcts-screens`, `#exploration-0-3`, `#session-55-screens`; 0.3 again,
        // better in self-play at 20,000 playouts, not against Mamay at 30 s: `#mamay-30s-2055`.
        mcts_exploration: f64 = 0.4,
        /// Monte-Carlo: a node gets its children on the descent after this many playouts.
        // 2: 4 scored 67.0%, Elo +123 (+72 to +174) on the 5 s screen against the defaults'
        // 65.0%, within the noise. `docs/journal/ayu.md#expand-after-4`.
        mcts_expand_after: u32 = 2,
        /// Monte-Carlo: rapid action value estimation, the real visits at which the
        /// all-moves-as-first mean weighs half (0: off).
        // Off: bias 300 scored 30.0% against 42.5% on the 10 s screen, seed 2020, 40 games each;
        // at 5,000 playouts a move against the defaults, 200 games, 300 39.5%, Elo -74 (-123 to
        // -25), 20 47.5%. `docs/journal/ayu.md#mcts-screens`, `#amaf-tuned-fixed`.
        mcts_amaf_bias: f64 = 0.0,
        /// Monte-Carlo: keep the part of the tree below our last move and the answer.
        // On: with 8 rescue tries 42.5%, Elo -53 (-160 to +55), against 32.5% without either, on
        // the 10 s screen, seed 2020, 40 games each. `docs/journal/ayu.md#mcts-screens`.
        mcts_keep_tree: bool = true,
        /// Monte-Carlo: a position reached again by another order of moves shares the children
        /// (and so the statistics below) of the first one expanded.
        // Off: the 10 s screen, seeds 63 and 64, 160 games an arm: with them 96/160, 60.0%,
        // without 93/160, 58.1%; no clear gain. `docs/journal/ayu.md#transpositions`.
        mcts_transpositions: bool = false,
        /// Monte-Carlo: a playout still running after this many plies counts as a draw.
        // Not measured: a safety bound; random playouts from the start last 74.5 plies on average.
        mcts_max_plies: u32 = 400,
        /// Monte-Carlo: random moves a playout tries for one that frees a side that has just
        /// shut itself in (0: none); used only with `mcts_exhaustive_rescue` off.
        // 8: with the kept tree, 42.5% against 32.5% without either on the 10 s screen.
        // `docs/journal/ayu.md#mcts-screens`.
        mcts_rescue_tries: u32 = 8,
        /// Monte-Carlo: the opponent of a side that has shut itself in looks through every move
        /// for one that opens a path again, instead of `mcts_rescue_tries` random ones.
        // On: the 5 s screen, seed 80, 200 games, 73.0%, Elo +173 (+119 to +227), against 64.0%
        // without; Mamay at 30 s, seed 2043, 200 games, 128-72, 64.0%, Elo +100 (+50 to +150)
        // (63.5% without, seed 2042). `docs/journal/ayu.md#exhaustive-rescue`.
        mcts_exhaustive_rescue: bool = true,
        /// Monte-Carlo: the learned move priors ([`crate::knowledge`]) count as this many playouts
        /// of each new child (0: off), beside `mcts_value_prior`'s.
        // 5: beside the value prior, at 5,000 playouts a move against none, seeds 9868 and 9870,
        // 400 games, 56.8%; Mamay at 30 s, seed 2057, 200 games, 87.0% (+259 to +401 Elo).
        // `docs/journal/ayu.md#priors-with-values`, `#mamay-30s-2057`; alone, `#learned-priors`.
        mcts_prior_visits: f64 = 5.0,
        /// Monte-Carlo: a playout won after n plies counts 1 - n × this (at least a half), a lost
        /// one n × this (at most a half).
        // Off: 0.005 scored 37.5%, Elo -89 (-167 to -11) on the 10 s screen, seed 2020, 80 games.
        // `docs/journal/ayu.md#opening-focus`.
        mcts_length_penalty: f64 = 0.0,
        /// Monte-Carlo: a playout move lifts the piece of its unit farthest from the step (through
        /// the unit) that the move allows, instead of a random one.
        // On, with `mcts_last_good_reply`: the two together against neither, self-play at 3 s a
        // game, seed 9816, 600 games: 56.8%, Elo +48 (+20 to +76). Alone at 5,000 playouts a move
        // 305 of 600, 50.8%, with 23% more playouts a second. `docs/journal/ayu.md#lift-far`.
        mcts_lift_far: bool = true,
        /// Monte-Carlo: playouts play the last good reply (with forgetting) to the previous move's
        /// destination when the generator could make it ([`crate::engine::playout::Replies`]).
        // On: see `mcts_lift_far`. Alone at 5,000 playouts a move 317 of 600, 52.8%, 7-9% slower;
        // keyed by the whole move 48.0% over 200. `docs/journal/ayu.md#last-good-reply`.
        mcts_last_good_reply: bool = true,
        /// Monte-Carlo: how often a random playout move takes the first step to the point whose
        /// playouts its side won the largest share of ([`crate::engine::playout::PointValues`];
        /// the counts halve at each search) instead of a random step (0: never).
        // 0.8: at 5,000 playouts a move against the defaults before it, seeds 9819 and 9822, 400
        // games, 61.5%; 0.5 54.2% over 400, 1.0 61.5% over 200; 6% slower.
        // `docs/journal/ayu.md#greedy-steps`.
        mcts_greedy_steps: f64 = 0.8,
        /// Monte-Carlo: in the tree's choice, the playouts' value of a child's move (its side's
        /// share of won playouts that played it, [`crate::engine::playout::MoveValues`]) counts as
        /// this many playouts of the child (0: off; unvisited children then go first, in random
        /// order).
        // 20: at 5,000 playouts a move against 10, seeds 9833, 9835 and 9837, 600 games, 55.0%,
        // Elo about +35 (+7 to +63); 15 54.0%, 35 47.5% over 200. 10 against none, 59.8% over
        // 400. `docs/journal/ayu.md#value-prior-20`, `#value-prior`.
        mcts_value_prior: f64 = 20.0,
        /// Monte-Carlo: a move's value starts from the value of its destination
        /// ([`crate::engine::playout::PointValues`]), counted as this many playouts of the move
        /// (0: the point value alone).
        // 5: at 5,000 playouts a move against the point value alone, seeds 9829 and 9831, 400
        // games, 57.2%. `docs/journal/ayu.md#value-prior`.
        mcts_point_weight: f64 = 5.0,
        /// Monte-Carlo: each search starts with the playouts' point and move values of the last
        /// one scaled by this (0: forgotten; 1: kept whole).
        // 0.5: at 5,000 playouts a move with the prior at 20, 0.25 scored 49.5% and 0.75 46.5%
        // against it over 200 games. `docs/journal/ayu.md#value-prior-20`.
        mcts_value_decay: f64 = 0.5,

        // The Monte-Carlo player's opening focus.
        /// Monte-Carlo: before this ply our move must lift a piece from a unit holding one of
        /// `OPENING_FOCUS_POINTS`' pieces (0: never).
        // 20: the 10 s screen, seed 2020, 80 games, 63.7%, Elo +98 (+20 to +177), from 42.5%;
        // Mamay at 30 s, seed 2015, 100 games, 56.0% against 46.0% without; 30 plies scored 64.0%
        // on the 5 s screen against 65.0%. `docs/journal/ayu.md#opening-focus`,
        // `#opening-focus-30s`, `#focus-30-plies`.
        mcts_focus_plies: u32 = 20,
        /// Monte-Carlo: the opening focus also holds inside the tree: before `mcts_focus_plies`
        /// both sides' moves below the root lift a piece from a focus unit, when one can (Mamay
        /// plays only such moves then).
        // On: Mamay at 30 s, seed 2044, 200 games, 136-64, 68.0%, Elo +131 (+80 to +182), against
        // 64.0% and 63.5% without (seeds 2043, 2042); with the keep cut, seed 2046, 73.0%.
        // `docs/journal/ayu.md#focus-tree`, `#declared-2046`.
        mcts_focus_tree: bool = true,

        // The Monte-Carlo player's time.
        /// Monte-Carlo time: the plies that count as the opening.
        // 40 (was 60): the 5 s screen, seed 80, 69.5%, Elo +143 (+91 to +195), against 65.0%;
        // Mamay at 30 s, seed 2041, 100 games, 64.0% (66.0% before, seed 2040).
        // `docs/journal/ayu.md#time-share-ply-40`.
        mcts_early_plies: u32 = 40,
        /// Monte-Carlo time: an opening move may use what is left divided by this.
        // 24, not measured alone: with `mcts_late_divider` 6 and this 16 the 5 s screen scored
        // 57.5% against 65.0%; 26 with 7, Mamay at 30 s, seed 2047, 100 games, 72.0% against
        // 73.0%. `docs/journal/ayu.md#more-clock-5s`, `#middle-game-time`.
        mcts_early_divider: u32 = 24,
        /// Monte-Carlo time: adds this many times our moves still to come in the opening to
        /// `mcts_early_divider` (0: a fixed divider; 1 spreads the opening time evenly, keeping
        /// `mcts_early_divider` moves' worth for the rest).
        // 0: 1 with divider 8 scored 61.3% against the focus's 63.7% on the 10 s screen, 80
        // games: no clear change. `docs/journal/ayu.md#opening-focus`.
        mcts_early_spread: u32 = 0,
        /// Monte-Carlo time: a later move may use what is left divided by this.
        // 10, not measured alone: see `mcts_early_divider`.
        mcts_late_divider: u32 = 10,
        /// Monte-Carlo time: a search whose most visited root move is not the best scoring of
        /// the well-tried ones goes on past its share up to this many shares (never past half of
        /// what is left; 1: never).
        // 1 (off): 2 with `mcts_early_stop` scored 214 of 400, 53.5%, Elo about +24 (-10 to +59)
        // in timed self-play at 5 s a game on 8% less time, but Mamay at 30 s, seed 2053, 200
        // games, 78.5%, Elo +225 (+167 to +283), against 83.5% without (seed 2052).
        // `docs/journal/ayu.md#unsettled-searches`, `#mamay-30s-2053`.
        mcts_extension: f64 = 1.0,
        /// Monte-Carlo time: a search stops before its share once no other root move could
        /// catch up with the most visited one in the time left of it.
        // Off: see `mcts_extension`.
        mcts_early_stop: bool = false,
        /// Monte-Carlo: stop each search after this many playouts instead of by the clock (the
        /// move's deadline still holds), for screens that do not depend on the machine's load; 0:
        /// by the clock.
        // 0: a tool for fixed-work screens, not a playing choice (commit dae4b30).
        mcts_playouts_per_move: u32 = 0,
    }
}
