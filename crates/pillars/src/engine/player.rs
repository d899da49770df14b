//! The Pillars player: the misère-Nim guide ranks every move; once few fields are left the exact
//! solver tries the moves in that order, keeps what it proves across moves, and plays a proven
//! win (claiming the joker) as soon as it finds one.

use protocol::{Engine, Rng, TurnClock};

use crate::engine::heuristic::Heuristic;
use crate::engine::solver::{RootResult, Solver};
use crate::game::{Colour, Move, Pillars};
use crate::settings::Settings;

pub struct Player {
    rng: Rng,
    settings: Settings,
    heuristic: Heuristic,
    /// `None` for the guide-only version of the player (the `nim` engine).
    solver: Option<Solver>,
    /// The last proven verdict (win = true), to report each change once on stderr.
    proven: Option<bool>,
}

impl Player {
    /// The full player.
    pub fn new(seed: u64, settings: &Settings) -> Player {
        Player::build(seed, settings, Some(Solver::new()))
    }

    /// The misère-Nim guide alone, without the exact solver: the baseline the player must beat.
    pub fn guide_only(seed: u64, settings: &Settings) -> Player {
        Player::build(seed, settings, None)
    }

    fn build(seed: u64, settings: &Settings, solver: Option<Solver>) -> Player {
        Player {
            rng: Rng::new(seed),
            settings: *settings,
            heuristic: Heuristic::with_settings(settings),
            solver,
            proven: None,
        }
    }
}

impl Engine<Pillars> for Player {
    fn choose(&mut self, game: &Pillars, clock: &TurnClock) -> Move {
        let board = game.board();
        let ranked = self.heuristic.rank(board, &mut self.rng);
        let first_own_move = game.plies() == u32::from(game.to_move() == Colour::Blue);
        let claim_now = game.can_claim() && self.settings.claim_on_first_move && first_own_move;
        let best_guess = Move { rect: ranked[0].1, joker: claim_now };

        let Some(solver) = self.solver.as_mut() else { return best_guess };
        if board.empty_count() > self.settings.solve_max_empty {
            return best_guess;
        }
        let budget = clock.available().mul_f64(self.settings.solver_time_share);
        let deadline = clock.deadline(budget, budget);
        let order: Vec<_> = ranked.iter().map(|&(_, rect)| rect).collect();
        let result = solver.solve_ordered(board, &order, Some(deadline.hard));
        let verdict = match result {
            RootResult::Win(_) => Some(true),
            RootResult::Loss => Some(false),
            RootResult::Unknown { .. } => None,
        };
        if verdict.is_some() && verdict != self.proven {
            let word = if verdict == Some(true) { "win" } else { "loss" };
            eprintln!(
                "pillars: proven {word} with {} empty, {:.0} ms",
                board.empty_count(),
                clock.elapsed().as_secs_f64() * 1e3
            );
            self.proven = verdict;
        }
        match result {
            // A proven win: the joker is worth the most now.
            RootResult::Win(rect) => Move { rect, joker: game.can_claim() },
            // Lost against perfect play: keep the move the guide likes, the opponent may err.
            RootResult::Loss => best_guess,
            RootResult::Unknown { refuted } => {
                let rect = order.iter().copied().find(|r| !refuted.contains(r)).unwrap_or(order[0]);
                Move { rect, joker: claim_now }
            }
        }
    }
}
