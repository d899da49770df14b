//! The edge a descent follows in a block: a move proven to win for the mover at once, else the
//! best blend of AMAF and real win rate among the moves not proven to lose, with an exploration
//! bonus in big blocks.
//!
//! Separate because it is where the search's balance is tuned: `amaf_weight`, `rave_k`,
//! `explore_big_blocks` and `explore_min_playouts` act here and nowhere else.

use protocol::Seat;

use crate::engine::player::tree::SWAP;
use crate::engine::player::Player;

impl Player {
    /// The AMAF share of an edge's score once `visits` real playouts have passed through it:
    /// `amaf_weight`, falling with the visits when `rave_k` is set.
    fn amaf_weight_after(&self, visits: u32) -> f64 {
        let rave_k = f64::from(self.settings.rave_k);
        if rave_k > 0.0 {
            self.settings.amaf_weight * (rave_k / (rave_k + f64::from(visits))).sqrt()
        } else {
            self.settings.amaf_weight
        }
    }

    /// The edge of a block to follow: a move proven to win for the mover at once, else the best
    /// blend of AMAF and real win rate for the mover among the moves not proven to lose. Edges
    /// without AMAF data (and the swap until it is tried) come first. In big blocks the score
    /// gains the exploration bonus of `explore_big_blocks`.
    pub(super) fn select(&self, start: u32, len: u8, mover: Seat) -> usize {
        self.select_exploring(start, len, mover, true)
    }

    /// [`Player::select`], with the exploration bonus of `explore_big_blocks` when `explore` is
    /// set: greedy selection locks onto whichever reply it settles on first, and in the blocks
    /// that take most of a move's playouts that decides the rates above them.
    pub(super) fn select_exploring(&self, start: u32, len: u8, mover: Seat, explore: bool) -> usize {
        let start = start as usize;
        let mut best = (f64::MIN, start);
        // ln(real playouts of the block) where the bonus applies, else 0.
        let mut explore_log = 0.0;
        if explore && self.settings.explore_big_blocks > 0.0 {
            let block_playouts: u64 = (start..start + usize::from(len))
                .map(|index| u64::from(self.real(&self.edges[index]).visits))
                .sum();
            if block_playouts >= u64::from(self.settings.explore_min_playouts) {
                explore_log = (block_playouts as f64).ln();
            }
        }
        for index in start..start + usize::from(len) {
            let edge = &self.edges[index];
            let followed = self.real(edge);
            let real = f64::from(followed.wins) / f64::from(followed.visits.max(1));
            let score = if let Some(winner) = followed.proven_winner() {
                if winner == mover {
                    return index;
                }
                // Below every open move (scores lie in 0..=1), so that a lost move is followed
                // only when all are lost, and then the block is proven lost too.
                -1.0
            } else if edge.field == SWAP {
                if followed.visits == 0 {
                    f64::MAX
                } else {
                    real
                }
            } else if edge.amaf_visits == 0 {
                f64::MAX
            } else {
                let amaf = f64::from(edge.amaf_wins) / f64::from(edge.amaf_visits);
                let bonus = if explore_log > 0.0 {
                    let playouts = f64::from(followed.visits + 1);
                    self.settings.explore_big_blocks * (explore_log / playouts).sqrt()
                } else {
                    0.0
                };
                bonus
                    + if followed.visits == 0 {
                        amaf
                    } else {
                        let weight = self.amaf_weight_after(followed.visits);
                        weight * amaf + (1.0 - weight) * real
                    }
            };
            if score > best.0 {
                best = (score, index);
            }
        }
        best.1
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Field;
    use crate::engine::player::tree::Followed;
    use crate::game::{Move, PolyY};
    use crate::settings::Settings;
    use protocol::Game;

    /// Sets the counts of the edge at `index`: real playouts and wins (a record of its own) and
    /// AMAF playouts and wins.
    fn set_counts(player: &mut Player, index: usize, real: (u32, u32), amaf: (u32, u32)) {
        let at = player.followed.len();
        player.followed.push(Followed { visits: real.0, wins: real.1, ..Followed::default() });
        let edge = &mut player.edges[index];
        edge.followed = at as u32;
        (edge.amaf_visits, edge.amaf_wins) = amaf;
    }

    #[test]
    fn the_exploration_bonus_turns_a_big_block_towards_its_little_visited_moves() {
        // A block where one move has 9,000 playouts at 55%, a second 10 at 50%, and the rest
        // 10 each at 30%: greedy selection follows the first, the bonus the second.
        let chosen = |explore_big_blocks: f64, explore_min_playouts: u32, explore: bool| {
            let settings =
                Settings { prior_visits: 0, explore_big_blocks, explore_min_playouts, ..Settings::DEFAULT };
            let mut player = Player::new(1, &settings);
            let mut game = PolyY::new();
            game.apply(Move::Place(Field::from_number(11).expect("a field")));
            let (start, len) = player.add_block(&game, false, None).expect("room");
            let first = start as usize;
            set_counts(&mut player, first, (9_000, 4_950), (9_000, 4_950));
            set_counts(&mut player, first + 1, (10, 5), (10, 5));
            for index in first + 2..first + usize::from(len) {
                set_counts(&mut player, index, (10, 3), (10, 3));
            }
            player.select_exploring(start, len, Seat::Second, explore) - first
        };
        assert_eq!(chosen(0.0, 1_000, true), 0, "greedy");
        assert_eq!(chosen(0.3, 1_000, true), 1, "the bonus in a block of 10,040 playouts");
        assert_eq!(chosen(0.3, 100_000, true), 0, "no bonus below the threshold");
        assert_eq!(chosen(0.3, 1_000, false), 0, "no bonus when the caller asks for none");
    }

    #[test]
    fn the_amaf_weight_falls_with_real_playouts_only_when_rave_k_is_set() {
        let falling = Player::new(1, &Settings { amaf_weight: 0.8, rave_k: 1000, ..Settings::DEFAULT });
        assert_eq!(falling.amaf_weight_after(0), 0.8);
        assert!((falling.amaf_weight_after(1000) - 0.8 / 2f64.sqrt()).abs() < 1e-12);
        assert!(falling.amaf_weight_after(100_000) < falling.amaf_weight_after(10_000));
        let fixed = Player::new(1, &Settings { amaf_weight: 0.8, rave_k: 0, ..Settings::DEFAULT });
        assert_eq!(fixed.amaf_weight_after(1_000_000), 0.8);
    }
}
