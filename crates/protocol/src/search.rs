//! What every game gets from [`SearchGame`] alone: the uniformly random engine, the random playout
//! driver that Monte-Carlo searches build on, and the random openings the jury starts games from.

use std::marker::PhantomData;
use std::ops::ControlFlow;

use crate::clock::TurnClock;
pub use crate::game::perft_by_moves;
use crate::game::{Engine, Outcome, SearchGame, Seat};
use crate::rng::Rng;

/// Every legal move of the side to move, in the game's order. Allocates: for tools and tests,
/// not for a search's inner loop.
pub fn legal_moves<G: SearchGame>(game: &G) -> Vec<G::Move> {
    let mut moves = Vec::new();
    let _ = game.for_each_move(|mv| {
        moves.push(mv);
        ControlFlow::Continue(())
    });
    moves
}

/// Uniformly random legal moves: the baseline every other engine must beat every time.
pub struct RandomEngine<G> {
    rng: Rng,
    game: PhantomData<fn(&G)>,
}

impl<G> RandomEngine<G> {
    pub fn new(seed: u64) -> RandomEngine<G> {
        RandomEngine { rng: Rng::new(seed), game: PhantomData }
    }
}

impl<G: SearchGame> Engine<G> for RandomEngine<G> {
    fn choose(&mut self, game: &G, _clock: &TurnClock) -> G::Move {
        game.random_move(&mut self.rng).expect("asked to move in a finished game")
    }
}

/// How a playout ended: the result for the seat that was to move where it started, and its length.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Playout {
    /// `None` when `max_plies` ran out before the end.
    pub outcome: Option<Outcome>,
    pub plies: u32,
}

/// Plays random moves from `game` (which it changes) until the game ends or `max_plies` have been
/// played, and returns the result for the seat to move at the start.
pub fn random_playout<G: SearchGame>(game: &mut G, rng: &mut Rng, max_plies: u32) -> Playout {
    let root = game.seat_to_move();
    let mut plies = 0;
    while plies < max_plies {
        let Some(mv) = game.random_move(rng) else { break };
        game.apply(mv);
        plies += 1;
    }
    let outcome = game.outcome().map(|outcome| seen_from(game.seat_to_move(), root, outcome));
    Playout { outcome, plies }
}

/// An outcome for `mover` seen from `seat`.
pub fn seen_from(mover: Seat, seat: Seat, outcome: Outcome) -> Outcome {
    if mover == seat {
        outcome
    } else {
        outcome.flipped()
    }
}

/// A random but legal opening of `plies` plies from `game`, as move texts, that does not end the
/// game (so both programs still have something to play). Tries a few times before settling for a
/// shorter one; `game` itself is not changed.
pub fn random_opening<G: SearchGame>(game: &G, plies: u32, rng: &mut Rng) -> Vec<String> {
    let mut best = Vec::new();
    for _ in 0..16 {
        let mut position = game.clone();
        let mut moves = Vec::new();
        while (moves.len() as u32) < plies {
            let Some(mv) = position.random_move(rng) else { break };
            let mut next = position.clone();
            next.apply(mv);
            if next.is_over() {
                break;
            }
            moves.push(position.format_move(mv));
            position = next;
        }
        if moves.len() as u32 == plies {
            return moves;
        }
        if moves.len() > best.len() {
            best = moves;
        }
    }
    best
}
