//! The yardstick: one ply, the move that leaves the mover's own joining cost lowest (ties broken
//! at random), blind to the opponent.

use std::ops::ControlFlow;

use protocol::{Engine, Game, Rng, TurnClock};

use crate::engine::eval::joining_cost;
use crate::game::{Ayu, Move};

pub struct Greedy {
    rng: Rng,
}

impl Greedy {
    pub fn new(seed: u64) -> Greedy {
        Greedy { rng: Rng::new(seed) }
    }
}

impl Engine<Ayu> for Greedy {
    fn choose(&mut self, game: &Ayu, _clock: &TurnClock) -> Move {
        let mover = game.to_move();
        let mut best: Option<(u32, Move)> = None;
        let mut ties = 0;
        let _ = game.for_each_legal(|mv| {
            let mut after = game.clone();
            after.apply(mv);
            let cost = joining_cost(&after, mover).tree;
            match best {
                Some((best_cost, _)) if cost > best_cost => {}
                Some((best_cost, _)) if cost == best_cost => {
                    ties += 1;
                    if self.rng.below(ties) == 0 {
                        best = Some((cost, mv));
                    }
                }
                _ => {
                    best = Some((cost, mv));
                    ties = 1;
                }
            }
            ControlFlow::Continue(())
        });
        best.expect("asked to move in a finished game").1
    }
}
