//! Every tunable of the Pillars engines, in one place: sizes fixed at compile time as constants,
//! choices a match may override (`--set NAME=VALUE`) in [`Settings`].

/// log2 of the solver's transposition-table entries (8 bytes each): 2^21 entries = 16 MiB.
pub const SOLVER_TABLE_BITS: u32 = 21;

/// log2 of the solver's cache of symmetric shape keys (24 bytes each): 2^16 entries = 1.5 MiB.
pub const SHAPE_CACHE_BITS: u32 = 16;

/// The solver looks at the clock once every this many positions (a power of two).
pub const SOLVER_CLOCK_CHECK_NODES: u64 = 1 << 8;

/// log2 of the Grundy table's slots (8 bytes each): 2^21 slots = 16 MiB.
pub const GRUNDY_TABLE_BITS: u32 = 21;

protocol::tunables! {
    /// The choices of the Pillars player that a match may override.
    pub struct Settings {
        /// Only try the exact solver when at most this many fields are empty. Above it the search rarely
        /// finishes in time (see the benchmark) and the time is better kept for later.
        solve_max_empty: u32 = 46,

        /// The share of the time left in the game that one solver attempt may use. The table keeps what
        /// an attempt proved, so the next attempt starts further on.
        solver_time_share: f64 = 0.3,

        /// Exact Grundy values are computed for regions of at most this many fields; larger regions are
        /// estimated by their size.
        /// Measured in self-play at 5 s, 200 games: 28 against 21 scored 51.0% (95%: -41 to +55 Elo);
        /// 14 against the 2009 entry scored 62.5% in 40 games where 21 scored 90%.
        grundy_max_fields: u32 = 21,

        /// The share of the time left in the game that valuing one position's moves may use; Grundy
        /// values not found by then are estimated by region sizes (the work done is kept).
        guide_time_share: f64 = 0.1,

        /// Claim the joker on our very first move (worth 9 points) instead of waiting for a proven win.
        /// Claiming first adds 9·(2p − 1) expected points at win rate p; waiting for a proof adds about 3
        /// per proven win, so claiming first pays once p is above about 0.6. Measured with the jury, 100
        /// games each against the guide-only engine at 5 s: 84% wins and 19.05 points per game when
        /// waiting, 80% wins and 21.60 points per game when claiming first. Against an equal opponent
        /// (p = 0.5) it costs about 1.5 points per game; against the field it gains.
        claim_on_first_move: bool = true,
    }
}
