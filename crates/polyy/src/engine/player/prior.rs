//! Where a new block's AMAF counts start before its own playouts: virtual playouts from the learned
//! move weights (`prior_visits`, `prior_scale`), and the counts of the block two plies up where the
//! same player moved, scaled down (`inherit_amaf`).
//!
//! Separate because both are first guesses from outside the block's own playouts, each one off
//! with its setting at 0: the knowledge the search starts from, apart from what it learns.

use crate::board::{Field, FIELDS};
use crate::engine::player::tree::SWAP;
use crate::engine::player::Player;
use crate::game::PolyY;
use crate::knowledge::PositionFeatures;

impl Player {
    /// Gives the fields of a new block (from `start` to the end of the arena) `prior_visits`
    /// virtual AMAF playouts at a win rate that grows with the learned weight of the field
    /// ([`crate::knowledge`]): `0.5 + prior_scale` per unit of log-weight above the block's mean.
    pub(super) fn add_prior(&mut self, game: &PolyY, last: Option<Field>, start: usize) {
        let visits = self.settings.prior_visits;
        if visits == 0 {
            return;
        }
        let position = PositionFeatures::new(game, last);
        let mut log_strength = [0.0; FIELDS];
        let block = &mut self.edges[start..];
        for (edge, log) in block.iter_mut().zip(&mut log_strength) {
            let features = position.of(Field::from_index(usize::from(edge.field)));
            *log = features.iter().map(|&i| self.log_gammas[usize::from(i)]).sum();
        }
        let logs = &log_strength[..block.len()];
        let mean = logs.iter().sum::<f64>() / logs.len().max(1) as f64;
        for (edge, log) in block.iter_mut().zip(logs) {
            let rate = (0.5 + self.settings.prior_scale * (log - mean)).clamp(0.02, 0.98);
            edge.amaf_visits = visits;
            edge.amaf_wins = (f64::from(visits) * rate).round() as u32;
        }
    }

    /// Starts the AMAF counts of a new block from those of `ancestor`, a block of the same mover
    /// higher up, scaled down to at most `inherit_amaf` playouts per edge so that the block's own
    /// playouts soon outweigh them. Both blocks list their fields in ascending order, the
    /// ancestor's a superset.
    pub(super) fn inherit_amaf(&mut self, ancestor: (u32, u8), block: (u32, u8)) {
        let cap = self.settings.inherit_amaf;
        if cap == 0 {
            return;
        }
        let mut from = ancestor.0 as usize;
        let ancestor_end = from + usize::from(ancestor.1);
        let start = block.0 as usize;
        for index in start..start + usize::from(block.1) {
            let field = self.edges[index].field;
            if field == SWAP {
                continue;
            }
            while from < ancestor_end && self.edges[from].field < field {
                from += 1;
            }
            if from == ancestor_end {
                break;
            }
            let source = self.edges[from];
            if source.field != field || source.amaf_visits == 0 {
                continue;
            }
            let (visits, wins) = if source.amaf_visits > cap {
                let scaled = u64::from(source.amaf_wins) * u64::from(cap) / u64::from(source.amaf_visits);
                (cap, scaled as u32)
            } else {
                (source.amaf_visits, source.amaf_wins)
            };
            let edge = &mut self.edges[index];
            edge.amaf_visits = visits;
            edge.amaf_wins = wins;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::player::tree::Edge;
    use crate::game::Move;
    use crate::knowledge::learned_gammas;
    use crate::settings::Settings;
    use protocol::Game;

    #[test]
    fn the_prior_gives_every_new_field_its_visits_and_ranks_them_by_learned_strength() {
        let settings = Settings { prior_visits: 40, prior_scale: 0.05, ..Settings::DEFAULT };
        let mut player = Player::new(1, &settings);
        // A contest opening: 19 plies, the last stone the enemy's 40.
        let moves = "48 29 77 78 45 65 13 42 6 93 22 7 12 87 34 26 19 39 40";
        let mut game = PolyY::new();
        for number in moves.split(' ') {
            game.apply(Move::Place(Field::from_number(number.parse().unwrap()).unwrap()));
        }
        let last = Field::from_number(40);
        let (start, len) = player.add_block(&game, false, last).expect("room");
        let block = &player.edges[start as usize..(start as usize + usize::from(len))];
        assert_eq!(usize::from(len), game.empty().count_ones() as usize);
        let position = PositionFeatures::new(&game, last);
        let gammas = learned_gammas();
        let strength = |edge: &Edge| {
            crate::knowledge::strength(&position.of(Field::from_index(usize::from(edge.field))), &gammas)
        };
        for a in block {
            assert_eq!(a.amaf_visits, 40);
            for b in block {
                if strength(a) > strength(b) {
                    assert!(a.amaf_wins >= b.amaf_wins, "fields {} and {}", a.field + 1, b.field + 1);
                }
            }
        }
        let (low, high) =
            block.iter().fold((u32::MAX, 0), |(l, h), e| (l.min(e.amaf_wins), h.max(e.amaf_wins)));
        assert!(high > low + 4, "the prior tells fields apart: {low}..{high}");
        // Without the setting, new fields start empty.
        let mut plain = Player::new(1, &Settings { prior_visits: 0, ..Settings::DEFAULT });
        let (start, len) = plain.add_block(&game, false, last).expect("room");
        assert!(plain.edges[start as usize..][..usize::from(len)].iter().all(|e| e.amaf_visits == 0));
    }

    #[test]
    fn a_new_block_starts_from_the_scaled_amaf_of_two_plies_up() {
        let no_prior = Settings { prior_visits: 0, ..Settings::DEFAULT };
        let mut player = Player::new(1, &Settings { inherit_amaf: 64, ..no_prior });
        let mut game = PolyY::new();
        let ancestor = player.add_block(&game, false, None).expect("room");
        for (index, edge) in player.edges.iter_mut().enumerate() {
            // Field 1 has only 32 AMAF playouts, below the cap: it is inherited as it is.
            (edge.amaf_visits, edge.amaf_wins) = if index == 0 { (32, 7) } else { (1000, index as u32 * 9) };
        }
        for number in [11, 50] {
            game.apply(Move::Place(Field::from_number(number).expect("a field")));
        }
        let block = player.add_block(&game, false, None).expect("room");
        player.inherit_amaf(ancestor, block);
        let (start, len) = (block.0 as usize, usize::from(block.1));
        assert_eq!(len, FIELDS - 2);
        for edge in &player.edges[start..start + len] {
            let field = usize::from(edge.field);
            assert!(field != 10 && field != 49, "an occupied field has an edge");
            let expected = if field == 0 { (32, 7) } else { (64, field as u32 * 9 * 64 / 1000) };
            assert_eq!((edge.amaf_visits, edge.amaf_wins), expected, "field {}", field + 1);
        }

        // Off by default: the block starts empty (the learned prior off too).
        let mut player = Player::new(1, &no_prior);
        let ancestor = player.add_block(&PolyY::new(), false, None).expect("room");
        player.edges.iter_mut().for_each(|edge| edge.amaf_visits = 5);
        let block = player.add_block(&game, false, None).expect("room");
        player.inherit_amaf(ancestor, block);
        assert!(player.edges[block.0 as usize..].iter().all(|edge| edge.amaf_visits == 0));
    }
}
