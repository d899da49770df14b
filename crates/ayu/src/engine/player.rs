//! The alpha-beta player (`--engine alphabeta-eval`; not the default, which is the Monte-Carlo
//! [`crate::engine::MctsPlayer`], `--engine player`): the alpha-beta search of
//! [`crate::engine::search`] on a time share of the clock, with a terse line per move on stderr.

use protocol::{Engine, TurnClock};

use crate::engine::search::{Limits, Searcher, WIN};
use crate::game::{Ayu, Move};
use crate::settings::Settings;

pub struct Player {
    searcher: Searcher,
    settings: Settings,
}

impl Player {
    pub fn new(_seed: u64, settings: &Settings) -> Player {
        Player { searcher: Searcher::new(settings), settings: *settings }
    }
}

impl Engine<Ayu> for Player {
    fn choose(&mut self, game: &Ayu, clock: &TurnClock) -> Move {
        let divider = if game.plies() < self.settings.early_plies {
            self.settings.early_divider
        } else {
            self.settings.late_divider
        };
        let share = clock.available() / divider.max(1);
        let deadline = clock.deadline(share.mul_f64(self.settings.iteration_start), share);
        let limits = Limits::new(deadline, self.settings.max_depth);
        let result = self.searcher.search(game, limits);
        let score = if result.score > WIN - 1000 {
            format!("win in {}", WIN - result.score)
        } else if result.score < -(WIN - 1000) {
            format!("loss in {}", WIN + result.score)
        } else {
            format!("{:+}", result.score)
        };
        let line: Vec<String> =
            self.searcher.principal_variation(game, 4).iter().map(|mv| mv.to_string()).collect();
        eprintln!(
            "ayu: ply {} depth {} nodes {} score {} pv {} {:.0} ms",
            game.plies() + 1,
            result.depth,
            result.nodes,
            score,
            line.join(" "),
            clock.elapsed().as_secs_f64() * 1e3
        );
        result.best
    }
}
