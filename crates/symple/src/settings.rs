//! Every tunable of the Symple engines, in one place: sizes fixed at compile time as constants,
//! choices a match may override (`--set NAME=VALUE`) in [`Settings`]. Each says what it is, and in
//! a line the measurement that chose its value (or that none did), with its entry in the lab
//! journal `docs/journal/symple.md` (every run, kept and dropped; ideas tried and removed are only
//! there). Matches are in our jury, colours swapped, 2 games at a time on 2 cores; "the flat
//! player" is the player of commit 9a102f4, built outside the repository; the tree settings were
//! screened with `merge_weight` 6 and not again since it became 0.

/// The most candidate moves the player compares at one turn.
// Not measured: a bound above the at most 12 a position gets with the defaults (the baseline's
// move, 4 expansions, 2 special moves while Black has one, 5 explorations).
pub const MAX_CANDIDATES: usize = 16;

/// The most nodes the player's tree holds (about 64 bytes each); past it the tree stops growing.
// Not measured: 12.8 MB, within the 64 MB limit; the peak memory at 30 s was 3.2 MB
// (`docs/journal/symple.md#declared-30s`).
pub const MAX_TREE_NODES: usize = 200_000;

/// The endgame solver's table holds 2^this entries (16 bytes each).
// Not measured: 1 MiB.
pub const SOLVER_TABLE_BITS: u32 = 16;

/// Playouts between two looks at the clock.
// Not measured.
pub const CLOCK_CHECK_PLAYOUTS: u32 = 8;

protocol::tunables! {
    /// The choices of the Symple engines that a match may override.
    pub struct Settings {
        /// Baseline: explore until the bot has this many groups, then expand greedily.
        // Targets 10 to 20 equal against 12 (20: 51.5%, Elo +10, -38 to +58; 200 games, seed 12,
        // instantaneous), so 12; fixed targets beat one another in a circle (8 scored 74.0%
        // against 12, 10 loses to 12), so it stays until the player says otherwise.
        // `docs/journal/symple.md#baseline-groups`, `#baseline-screen-mw0`.
        baseline_groups: u32 = 12,
        /// Policy: a liberty that merges groups scores this per group merged (a group fewer is 6
        /// points at the end, but a merged group grows one stone a turn instead of two).
        // 0 against 6: the baseline with 0 scored 100.0% against the random engine (Elo +809, +687
        // to +inf) and 97.0% against the baseline with 6 (Elo +604, +466 to +741), 200 games each,
        // seed 11. `docs/journal/symple.md#merge-weight`.
        merge_weight: f64 = 0.0,
        /// Policy: per vacant point next to a liberty that no own stone touches yet (room to grow).
        // Chosen by hand; 2 scored 53.5% against it (baseline, 200 games, seed 12), within the
        // noise. `docs/journal/symple.md#baseline-screen-mw0`.
        room_weight: f64 = 1.0,
        /// Policy: per opponent liberty the stone takes away (cutting its growth).
        // Chosen by hand; 0 scored 19.0% and 1.5 55.0% against it (baseline, 200 games, seed 12).
        // `docs/journal/symple.md#baseline-screen-mw0`.
        block_weight: f64 = 0.5,
        /// Policy: an exploration needs at least this much room (steps to the nearest stone or
        /// past the border) while the bot still wants groups.
        // Chosen by hand; 2 scored 12.5% and 4 0.0% against it (baseline, 200 games, seed 12).
        // `docs/journal/symple.md#baseline-screen-mw0`.
        explore_room: u32 = 3,
        /// Player: the playouts' group targets are drawn from `playout_groups_min` to
        /// `playout_groups_max`, per side and playout.
        // Not measured: chosen by hand with the first (flat) player, commit d4ce255.
        playout_groups_min: u32 = 5,
        /// Player: the largest group target of a playout.
        // Not measured: chosen by hand with the first player.
        playout_groups_max: u32 = 11,
        /// Player: randomness of the playouts' liberty choice (noise added to each score).
        // Not measured: chosen by hand with the first player.
        playout_noise: f64 = 2.0,
        /// Player: candidate explorations compared at a turn (the roomiest points).
        // Not measured: chosen by hand with the first player.
        explore_candidates: u32 = 5,
        /// Player: candidate expansions compared at a turn (the greedy one and noisy variants).
        // Not measured: chosen by hand with the first player.
        expand_candidates: u32 = 4,
        /// Player: the UCB exploration constant over the candidates (rewards are 0..1).
        // Against the flat player at 3 s, 100 games, seed 31: 0.3 64.0% (Elo +100, +30 to +170),
        // 0.2 55.0%, 0.45 49.0%. `docs/journal/symple.md#tree-screens`.
        exploration: f64 = 0.3,
        /// Player: the deepest the tree grows, in plies below the position to move (1: flat
        /// Monte-Carlo over the root's candidates).
        // 8 scored 64.0% and 4 53.0% (flat player, 3 s, 100 games, seed 31); 1 47.5% over 40
        // where 8 scored 62.5% (seed 21). `docs/journal/symple.md#tree-vs-flat`, `#tree-screens`.
        tree_depth: u32 = 8,
        /// Player: a position of the tree gets its own candidates after this many playouts.
        // 8 scored 64.0%, 4 52.0%, 16 55.0% (flat player, 3 s, 100 games, seed 31).
        // `docs/journal/symple.md#tree-screens`.
        expand_visits: u32 = 8,
        /// Player: candidates a position considers before its first playout (progressive widening).
        // 2 scored 64.0%, no widening (100) 52.0% (flat player, 3 s, 100 games, seed 31).
        // `docs/journal/symple.md#tree-screens`.
        widen_base: u32 = 2,
        /// Player: one more candidate joins every this many playouts through the position.
        // 16 scored 64.0%, 8 56.0%, 32 50.0% (flat player, 3 s, 100 games, seed 31).
        // `docs/journal/symple.md#tree-screens`.
        widen_visits: u32 = 16,
        /// Player: playouts credited to the baseline's move when the move is chosen: another
        /// candidate is played only once it has had this many playouts more.
        // Against the random engine at 0.3 s a game, 40 games, seed 7: credits 8 to 32 won 34 to
        // 37, the baseline alone 37, the flat player (no credit) 22; 16 is not told apart from 8
        // or 32. `docs/journal/symple.md#baseline-credit`.
        baseline_credit: u32 = 16,
        /// Solver: the exact endgame is tried from this many vacant points on (0: never).
        // 16 against 0 (never), both at 3 s, 100 games, seed 51: 52.0%, Elo +14 (-54 to +82); games
        // are mostly decided (by the 100 bonus) before the solver reaches them. It solves 12
        // vacant points in about 5 ms, 16 in a second or more (symple_bench).
        // `docs/journal/symple.md#solver`.
        solver_vacant: u32 = 16,
        /// Solver: the part of the move's time the solver may use before the tree search takes
        /// over with the rest.
        // Not measured: chosen by hand.
        solver_share: f64 = 0.5,
        /// Time: the share of the time left that one move may use.
        // Chosen by hand with the first player; 0.12 scored 50.0% where 0.08 scored 64.0% (flat
        // player, 3 s, 100 games, seed 31). `docs/journal/symple.md#tree-screens`.
        time_share: f64 = 0.08,
        /// Player: stop each search after this many playouts instead of by the clock (the move's
        /// deadline still holds, and the solver keeps its part of the clock); 0: by the clock.
        // Not measured: it exists for tests and fixed-budget screens; default 0 = play by the clock.
        playouts_per_move: u32 = 0,
    }
}
