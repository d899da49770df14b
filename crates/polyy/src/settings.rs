//! Every tunable of the Poly-Y engines, in one place: sizes fixed at compile time as constants,
//! choices a match may override (`--set NAME=VALUE`) in [`Settings`].

/// The most tree nodes the search keeps (16 bytes each: 2^21 nodes = 32 MiB, below the
/// 64,000,000-byte limit with room for the rest). When it is full the tree stops growing and
/// playouts go on from its leaves.
pub const MAX_NODES: usize = 1 << 21;

/// Playouts between two looks at the clock.
pub const CLOCK_CHECK_PLAYOUTS: u32 = 64;

protocol::tunables! {
    /// The choices of the Poly-Y player that a match may override.
    pub struct Settings {
        /// The UCB exploration constant.
        exploration: f64 = 0.5,
        /// Visits a leaf needs before its children are added.
        expand_visits: u32 = 2,
        /// The share of the time left that one move may use (spec §11: about a tenth).
        time_share: f64 = 0.1,
    }
}
