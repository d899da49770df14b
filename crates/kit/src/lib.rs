//! The search kit: engines written once against [`protocol::SearchGame`], so that a game gets a
//! playing engine from its rules alone, and the parts the tuned per-game engines share.
//!
//! * [`mcts`]: Monte-Carlo tree search (UCT, optionally with RAVE), batches of playouts, a solver
//!   for proven results, tree reuse between moves, pruning when the arena is full, the time split.
//!   Every bot offers it as the engine `uct` ([`mcts::uct_engine`]).
//! * [`alphabeta`]: iterative-deepening negamax with a transposition table and time control, for
//!   games with an evaluation ([`alphabeta::Evaluate`]).
//! * [`learn`]: move priors fitted to game records (a Bradley–Terry model, minorization–
//!   maximization).
//! * [`logistic`]: logistic regression over sparse counted features (Newton's method), for
//!   evaluations learned from game results.
//! * [`nnue`]: an efficiently updatable network (sparse inputs into i16 accumulators kept along
//!   the search, a small integer head) and the base64 form its weights ship in.
//! * [`train`]: the network's trainer (cross-entropy, Adam, minibatches split between threads).
//! * [`samples`]: labelled self-play positions in a compact binary file, written and read by
//!   games and trainers alike.
//! * [`limits`]: the stop times and results an iterative search shares with its caller.

pub mod alphabeta;
pub mod learn;
pub mod limits;
pub mod logistic;
pub mod mcts;
pub mod nnue;
pub mod samples;
pub mod train;

pub use alphabeta::{alphabeta_engine, AlphaBeta, AlphaBetaConfig, Evaluate};
pub use limits::{Bound, Limits, SearchResult};
pub use mcts::{uct_engine, Mcts, MctsConfig, Playouts, Stats};
