//! The Dvonn player: the placement rule while placing, then iterative-deepening alpha-beta with a
//! table kept across moves, on a time share that follows the number of live stacks, and late in
//! the game a proof that the chosen move does not lose (the guard).

use std::time::Duration;

use protocol::{Engine, Rng, TurnClock};

use crate::engine::eval::EvalKind;
use crate::engine::placement::choose_placement;
use crate::engine::search::{Guard, Limits, Proof, Searcher};
use crate::game::{Dvonn, Move};
use crate::geometry::{Field, Fields};
use crate::settings::{Settings, FINAL_SCALE, PIECE};

/// Plies of the principal variation shown in the stderr line of each move.
const PV_PLIES: usize = 6;

pub struct Player {
    rng: Rng,
    settings: Settings,
    searcher: Searcher,
    /// The time kept back for the guarded moves (`guard_reserve` of what was left at the first
    /// movement move).
    reserve: Option<Duration>,
}

impl Player {
    pub fn new(seed: u64, eval: EvalKind, settings: &Settings) -> Player {
        Player {
            rng: Rng::new(seed),
            settings: *settings,
            searcher: Searcher::new(eval, settings),
            reserve: None,
        }
    }

    /// Tries to prove a win, then a draw, within `budget`: returns the move that reaches the best
    /// result proven, or what is known (" no win", " lost" or "" for nothing) to note in the line
    /// of the iterative deepening that then chooses.
    fn prove(&mut self, game: &Dvonn, clock: &TurnClock, budget: Duration) -> Result<Move, &'static str> {
        let deadline = clock.deadline(budget, budget).hard;
        let mut known = "";
        for (result, name) in [(1, "win"), (0, "draw")] {
            match self.searcher.prove(game, result, deadline) {
                Proof::Reached(mv) => {
                    eprintln!(
                        "dvonn: ply {} proved {name} nodes {} {:.0} ms move {mv}",
                        game.plies() + 1,
                        self.searcher.nodes(),
                        clock.elapsed().as_secs_f64() * 1e3
                    );
                    return Ok(mv);
                }
                Proof::Missed => known = if result > 0 { " no win" } else { " lost" },
                Proof::Unknown => break,
            }
        }
        Err(known)
    }
}

/// About how many of our moves are left: half the live stacks (those no taller than
/// `moves_left_max_height`, when set) minus an offset (rules §11).
fn moves_left(game: &Dvonn, settings: &Settings) -> u32 {
    let board = game.board();
    let counted = |field: &Field| {
        settings.moves_left_max_height == 0
            || u32::from(board.cell(field.index()).height) <= settings.moves_left_max_height
    };
    let stacks = Fields(board.occupied()).filter(counted).count() as u32;
    (stacks / settings.stacks_per_move.max(1))
        .saturating_sub(settings.moves_offset)
        .max(settings.min_moves_left)
}

impl Engine<Dvonn> for Player {
    fn choose(&mut self, game: &Dvonn, clock: &TurnClock) -> Move {
        if game.is_placement() {
            let field = choose_placement(game, &mut self.rng, &self.settings);
            eprintln!("dvonn: ply {} placement rule {field}", game.plies() + 1);
            return Move::Place(field);
        }
        let stacks = game.board().occupied().count_ones();
        let reserve =
            *self.reserve.get_or_insert_with(|| clock.available().mul_f64(self.settings.guard_reserve));
        // Until the guard's moves, the reserve is not there to spend.
        let spendable = if stacks > self.settings.guard_stacks {
            clock.available().saturating_sub(reserve)
        } else {
            clock.available()
        };
        let mut share = spendable / moves_left(game, &self.settings).max(1);
        if stacks <= self.settings.late_stacks {
            share = share.mul_f64(self.settings.late_share);
        }
        let mut outcome = "";
        if stacks <= self.settings.prove_stacks {
            match self.prove(game, clock, share.mul_f64(self.settings.prove_share)) {
                Ok(mv) => return mv,
                Err(known) => outcome = known,
            }
        }
        let hard = (share * self.settings.hard_shares).min(spendable / 2);
        let deadline = clock.deadline(
            share.mul_f64(self.settings.next_iteration_fraction),
            hard.max(Duration::from_millis(1)),
        );
        let limits = Limits::new(deadline, self.settings.max_depth);
        let outcome_first = self.settings.outcome_first;
        self.searcher.set_outcome_only(outcome_first);
        let mut result = self.searcher.search(game, limits);
        // Neither proven nor scored as a finished game by the deepening: worth the guard's check.
        let unsettled = !result.exact && result.score.abs() < FINAL_SCALE * 90;
        if outcome_first && result.exact && result.score != 0 {
            // Won or lost for certain: what is left of the move's time goes to the margin. A win
            // is only traded for a move proven to win by it; a lost game takes the margin
            // search's best try whatever it finished.
            self.searcher.set_outcome_only(false);
            let margin = self.searcher.search(game, limits);
            let won = result.score > 0;
            if !won || (margin.exact && margin.score > 0) {
                result = margin;
                outcome = " margin";
            } else {
                self.searcher.set_outcome_only(true);
                outcome = " outcome";
            }
        }
        let mut guard_note = "";
        if unsettled && stacks <= self.settings.guard_stacks {
            // Both on top of the deepening's time, never past half of what the turn began with.
            let after = |shares: f64| {
                let until = (clock.elapsed() + share.mul_f64(shares)).min(clock.available() / 2);
                clock.deadline(until, until).hard
            };
            let (check_end, rescue_end) =
                (after(self.settings.guard_share), after(self.settings.guard_rescue_share));
            let guarded = self.searcher.guard(game, result.best, check_end, rescue_end);
            (result.best, guard_note) = match guarded {
                Guard::Kept => (result.best, ""),
                Guard::Holds(mv) => (mv, " guard: lost, held"),
                Guard::Other(mv) => (mv, " guard: lost, other"),
                Guard::Lost => (result.best, " guard: all lost"),
            };
        }
        let line: Vec<String> =
            self.searcher.principal_variation(game, PV_PLIES).iter().map(Move::to_string).collect();
        // One terse line per movement move, so that a lost game can be read afterwards.
        eprintln!(
            "dvonn: ply {} depth {} score {:+.2}{}{outcome}{guard_note} nodes {} {:.0} ms pv {}",
            game.plies() + 1,
            result.depth,
            f64::from(result.score) / f64::from(PIECE),
            if result.exact { " exact" } else { "" },
            result.nodes,
            clock.elapsed().as_secs_f64() * 1e3,
            line.join(" ")
        );
        result.best
    }
}
