//! What an iterative-deepening search and its caller agree on: when to stop, and what was found.

use std::time::Instant;

use protocol::Deadline;

/// When to stop: `soft` before starting another iteration, `hard` at once.
#[derive(Clone, Copy, Debug)]
pub struct Limits {
    pub soft: Instant,
    pub hard: Instant,
    pub max_depth: i32,
}

impl Limits {
    pub fn new(deadline: Deadline, max_depth: i32) -> Limits {
        Limits { soft: deadline.soft, hard: deadline.hard, max_depth }
    }
}

/// How a stored score relates to the true one: exact, at least (a cut-off above beta) or at most
/// (no move reached alpha).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bound {
    Exact,
    Lower,
    Upper,
}

/// What a finished search found.
#[derive(Clone, Copy, Debug)]
pub struct SearchResult<M> {
    pub best: M,
    pub score: i32,
    /// The last finished iteration.
    pub depth: i32,
    /// Whether the score is exact: every line reached the end of the game.
    pub exact: bool,
    pub nodes: u64,
}
