//! Every tunable of the Pillars engines, in one place.

/// log2 of the solver's transposition-table entries (16 bytes each): 2^20 entries = 16 MiB, far
/// below the 64 MB limit.
pub const SOLVER_TABLE_BITS: u32 = 20;

/// The solver looks at the clock once every this many nodes (a power of two).
pub const SOLVER_CLOCK_CHECK_NODES: u64 = 1 << 10;

/// Only try the exact solver when at most this many fields are empty; above it the search cannot
/// finish and the time is better saved for later.
pub const SOLVE_MAX_EMPTY: u32 = 40;

/// How many fields a ply fills on average, to guess how many of our moves remain.
pub const FIELDS_PER_PLY: u32 = 3;

/// The hard deadline of a move is at most this many even shares of the remaining time.
pub const HARD_SHARES: u32 = 4;

/// The random engine claims its joker with this probability on each move while it still can, so
/// that matches against it exercise every joker rule.
pub const RANDOM_JOKER_CHANCE: f64 = 0.05;
