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
    /// The guide's favourite move, its verdict and how many moves share that verdict, for the
    /// stderr line.
    guide_said: String,
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
            guide_said: String::new(),
        }
    }
}

impl Engine<Pillars> for Player {
    fn choose(&mut self, game: &Pillars, clock: &TurnClock) -> Move {
        let (mv, solver_said) = self.decide(game, clock);
        // One terse line per move, so that a lost game can be read afterwards.
        eprintln!(
            "pillars: ply {} empty {} guide {} solver {solver_said} {:.1} ms",
            game.plies() + 1,
            game.board().empty_count(),
            self.guide_said,
            clock.elapsed().as_secs_f64() * 1e3
        );
        mv
    }
}

impl Player {
    /// The move, and what the solver said of the position (for the stderr line).
    fn decide(&mut self, game: &Pillars, clock: &TurnClock) -> (Move, String) {
        let board = game.board();
        let guide_budget = clock.available().mul_f64(self.settings.guide_time_share);
        let guide_deadline = clock.deadline(guide_budget, guide_budget).hard;
        let ranked = self.heuristic.rank(board, &mut self.rng, Some(guide_deadline));
        let (verdict, favourite) = ranked[0];
        let alike = ranked.iter().take_while(|r| r.0 == verdict).count();
        self.guide_said = format!("{favourite} {verdict:?} {alike}/{}", ranked.len());
        let first_own_move = game.plies() == u32::from(game.to_move() == Colour::Blue);
        let claim_now = game.can_claim() && self.settings.claim_on_first_move && first_own_move;
        let best_guess = Move { rect: ranked[0].1, joker: claim_now };

        let Some(solver) = self.solver.as_mut() else { return (best_guess, "off".to_string()) };
        if board.empty_count() > self.settings.solve_max_empty {
            return (best_guess, "not tried".to_string());
        }
        let budget = clock.available().mul_f64(self.settings.solver_time_share);
        let deadline = clock.deadline(budget, budget);
        let order: Vec<_> = ranked.iter().map(|&(_, rect)| rect).collect();
        match solver.solve_guided(board, &order, Some(deadline.hard), self.heuristic.grundy()) {
            // A proven win: the joker is worth the most now.
            RootResult::Win(rect) => (Move { rect, joker: game.can_claim() }, "win".to_string()),
            // Lost against perfect play: keep the move the guide likes, the opponent may err.
            RootResult::Loss => (best_guess, "loss".to_string()),
            RootResult::Unknown { refuted } => {
                let rect = order.iter().copied().find(|r| !refuted.contains(r)).unwrap_or(order[0]);
                let said = format!("unknown ({} of {} moves refuted)", refuted.len(), order.len());
                (Move { rect, joker: claim_now }, said)
            }
        }
    }
}
