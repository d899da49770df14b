//! Every tunable of the Pillars engines, in one place: sizes fixed at compile time as constants,
//! choices a match may override (`--set NAME=VALUE`) in [`Settings`]. Each says what it is, and in
//! a line the measurement that chose its value (or that none did), with its entry in the lab
//! journal `docs/journal/pillars.md` (every run, kept and dropped). Matches are in our jury at the
//! official 5 s, colours swapped on the same setups, 2 games at a time on 2 cores; "the 2009
//! entry" is Maks Verver's CodeCup 2009 player, built outside the repository.

/// log2 of the solver's transposition-table entries (8 bytes each): 2^21 entries = 16 MiB.
// Not measured: sized to fit the 64 MB limit with the Grundy table (peak 37.4 MB in the declared
// match, `docs/journal/pillars.md#verver-declared`).
pub const SOLVER_TABLE_BITS: u32 = 21;

/// log2 of the solver's cache of symmetric shape keys (24 bytes each): 2^16 entries = 1.5 MiB.
// Not measured.
pub const SHAPE_CACHE_BITS: u32 = 16;

/// The solver looks at the clock once every this many positions (a power of two).
// Not measured.
pub const SOLVER_CLOCK_CHECK_NODES: u64 = 1 << 8;

/// log2 of the Grundy table's slots (8 bytes each): 2^21 slots = 16 MiB.
// Not measured: sized with the solver's table under the 64 MB limit.
pub const GRUNDY_TABLE_BITS: u32 = 21;

protocol::tunables! {
    /// The choices of the Pillars player that a match may override.
    pub struct Settings {
        /// Only try the exact solver when at most this many fields are empty. Above it the search
        /// rarely finishes in time (see the benchmark) and the time is better kept for later.
        // Not measured in matches: raised from 40 to 46 by the benchmark (commit 37d3dcb), which
        // solves 6 of 10 positions at 44 empty within 2 s. `docs/journal/pillars.md#benchmark`.
        solve_max_empty: u32 = 46,

        /// The share of the time left in the game that one solver attempt may use. The table keeps
        /// what an attempt proved, so the next attempt starts further on.
        // Not measured: chosen by hand.
        solver_time_share: f64 = 0.3,

        /// Exact Grundy values are computed for regions of at most this many fields; larger regions
        /// are estimated by their size.
        // Against the 2009 entry, 40 games, seed 100: 14 scored 25-15 (62.5%), 21 38-2 (95%); 28
        // against 21 in self-play, 200 games: 51.0% (Elo -41 to +55).
        // `docs/journal/pillars.md#guide-21`, `#grundy-28`.
        grundy_max_fields: u32 = 21,

        /// The share of the time left in the game that valuing one position's moves may use;
        /// Grundy values not found by then are estimated by region sizes (the work done is kept).
        // Not measured: chosen by hand; at `--time 0.05` no game was lost on time (100 games).
        // `docs/journal/pillars.md#grundy-deadline`.
        guide_time_share: f64 = 0.1,

        /// Claim the joker on our very first move (worth 9 points) instead of waiting for a proven
        /// win. Claiming first adds 9·(2p − 1) expected points at win rate p; waiting for a proof
        /// adds about 3 per proven win, so claiming first pays once p is above about 0.6. Against
        /// an equal opponent (p = 0.5) it costs about 1.5 points per game; against the field it
        /// gains.
        // Against the guide-only engine, 100 games each: waiting 84% and 19.05 points per game,
        // claiming first 80% and 21.60. `docs/journal/pillars.md#joker`.
        claim_on_first_move: bool = true,
    }
}
