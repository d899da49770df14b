//! Every tunable of the Symple engines, in one place: sizes fixed at compile time as constants,
//! choices a match may override (`--set NAME=VALUE`) in [`Settings`].

/// The most candidate moves the player compares at one turn.
pub const MAX_CANDIDATES: usize = 16;

/// Playouts between two looks at the clock.
pub const CLOCK_CHECK_PLAYOUTS: u32 = 8;

// How the defaults were chosen, in jury matches (colours swapped, 2 games at a time on 2 cores):
//
// * baseline_groups: baselines with other targets against 12, 200 games each (seed 12), moves
//   instantaneous: 10 50.0%, 14 50.0%, 16 48.5%, 20 51.5% (Elo +10, 95%: -38..+58), 30 45.0%;
//   against 8, 100 games each (seed 11): 3 16.0%, 5 29.0%, 6 34.0%, 10 64.0%, 12 56.0%, 14
//   66.0%. Targets 10-20 are equal within the noise (explore_room stops exploring first).
// * the player against that baseline at a reduced 5 s each, 200 games (seed 2013): 200-0,
//   217.22 vs 28.27 points per game.

protocol::tunables! {
    /// The choices of the Symple engines that a match may override.
    pub struct Settings {
        /// Baseline: explore until the bot has this many groups, then expand greedily.
        baseline_groups: u32 = 12,
        /// Policy: a liberty that merges groups scores this per group merged (a group fewer is 6
        /// points).
        merge_weight: f64 = 6.0,
        /// Policy: per vacant point next to a liberty that no own stone touches yet (room to grow).
        room_weight: f64 = 1.0,
        /// Policy: per opponent liberty the stone takes away (cutting its growth).
        block_weight: f64 = 0.5,
        /// Policy: an exploration needs at least this much room (steps to the nearest stone or
        /// past the border) while the bot still wants groups.
        explore_room: u32 = 3,
        /// Player: the playouts' group targets are drawn from `playout_groups_min` to
        /// `playout_groups_max`, per side and playout.
        playout_groups_min: u32 = 5,
        /// Player: the largest group target of a playout.
        playout_groups_max: u32 = 11,
        /// Player: randomness of the playouts' liberty choice (noise added to each score).
        playout_noise: f64 = 2.0,
        /// Player: candidate explorations compared at a turn (the roomiest points).
        explore_candidates: u32 = 5,
        /// Player: candidate expansions compared at a turn (the greedy one and noisy variants).
        expand_candidates: u32 = 4,
        /// Player: the UCB exploration constant over the candidates (rewards are 0..1).
        exploration: f64 = 0.3,
        /// Time: the share of the time left that one move may use.
        time_share: f64 = 0.08,
    }
}
