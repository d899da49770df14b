//! Every game of the workspace, registered once. The `jury` command, CI (`jury games`) and the
//! tests read this table; adding a game is its crate, its bot `main`, and one line here.

use jury::registry::GameEntry;

pub use jury::registry::find;

/// The registered games, in CodeCup order. Each line names the game's bot type (which brings
/// its rules, clock, engines and tunables) and the reference data its tests read.
pub const GAMES: &[GameEntry] = &[
    GameEntry::of::<pillars::PillarsBot>(&["pillars-perft.txt"]),
    GameEntry::of::<dvonn::DvonnBot>(&["dvonn-perft.txt"]),
    GameEntry::of::<symple::SympleBot>(&["symple-examples.txt"]),
    GameEntry::of::<polyy::PolyYBot>(&["polyy-board.txt", "polyy-games-2014.txt"]),
    GameEntry::of::<ayu::AyuBot>(&["ayu-perft.txt", "ayu-legal-moves.txt", "ayu-games-2015.txt"]),
];
