//! One iteration of the search: the descent from the root block to an edge not followed yet
//! (where the position gets its own block once judged often enough), the batch of playouts that
//! judges the position reached, and the update of every block passed: real results on the edges
//! taken, AMAF results on all their edges, and with the `solver` setting the proofs carried up.
//!
//! Separate from the engine because it is the inner loop: `Player::search` only repeats it and
//! decides when to stop.

use protocol::{Game, Seat};

use crate::board::{Field, Fields, FIELDS};
use crate::engine::player::tree::{proven_code, NOT_FOLLOWED, SWAP};
use crate::engine::player::Player;
use crate::engine::playout::{full_board_corners, policy_playout_from, PlayoutStart};
use crate::game::{Move, PolyY};
use crate::proof::proven_winner;
use crate::settings::MAX_TREE_DEPTH;

/// What a batch of playouts from one position found: per field, in how many the first seat owned
/// it at the end and in how many of those the first seat won.
pub(super) struct Batch {
    pub(super) playouts: u32,
    pub(super) first_wins: u32,
    pub(super) first_owns: [u32; FIELDS],
    pub(super) first_owns_and_wins: [u32; FIELDS],
    /// False when the position was already decided: no playouts, no AMAF.
    pub(super) amaf: bool,
}

impl Batch {
    fn wins_of(&self, seat: Seat) -> u32 {
        match seat {
            Seat::First => self.first_wins,
            Seat::Second => self.playouts - self.first_wins,
        }
    }

    /// The AMAF counts of `field` for `seat`: playouts where it owned the field, and won.
    fn amaf_of(&self, seat: Seat, field: usize) -> (u32, u32) {
        let owns = self.first_owns[field];
        let owns_and_wins = self.first_owns_and_wins[field];
        match seat {
            Seat::First => (owns, owns_and_wins),
            // Every field has an owner at the end: the second seat owns what the first does not,
            // and wins exactly when the first seat loses.
            Seat::Second => {
                let second_owns = self.playouts - owns;
                let second_wins = self.playouts - self.first_wins;
                (second_owns, second_wins - (owns - owns_and_wins))
            }
        }
    }
}

impl Player {
    /// Plays the batch of playouts from `game` into `self.batch`; `proven` is the winner when a
    /// pairing has already decided the position.
    fn run_batch(&mut self, game: &PolyY, last: Option<Field>, proven: Option<Seat>) {
        let batch = &mut self.batch;
        let playouts = self.settings.leaf_playouts.max(1);
        batch.playouts = playouts;
        if let Some(winner) = game.winner().or(proven) {
            // A decided position counts as a full batch, all won by the winner, so that a
            // winning move collects visits as fast as any other.
            batch.first_wins = if winner == Seat::First { playouts } else { 0 };
            batch.amaf = false;
            return;
        }
        batch.first_wins = 0;
        batch.first_owns = [0; FIELDS];
        batch.first_owns_and_wins = [0; FIELDS];
        batch.amaf = true;
        let start = PlayoutStart::new(game);
        for _ in 0..playouts {
            let first = policy_playout_from(&start, last, &self.policy, &self.replies, &mut self.rng);
            let first_won = crate::board::wins(full_board_corners(first));
            batch.first_wins += u32::from(first_won);
            for field in Fields(first) {
                batch.first_owns[field.index()] += 1;
                batch.first_owns_and_wins[field.index()] += u32::from(first_won);
            }
        }
    }

    /// Adds the batch's AMAF counts to every edge of a block whose mover is `seat`.
    fn learn_amaf(&mut self, start: u32, len: u8, seat: Seat) {
        if !self.batch.amaf {
            return;
        }
        let start = start as usize;
        for edge in &mut self.edges[start..start + usize::from(len)] {
            if edge.field != SWAP {
                let (visits, wins) = self.batch.amaf_of(seat, usize::from(edge.field));
                edge.amaf_visits += visits;
                edge.amaf_wins += wins;
            }
        }
    }

    /// One descent from the root block, a batch of playouts, and the update of the blocks passed.
    pub(super) fn iterate(&mut self, root: &PolyY, root_block: (u32, u8)) -> u32 {
        let mut game = root.clone();
        // The blocks passed, with their movers, and the edge taken in each.
        let mut path = [(0u32, 0u8, Seat::First, 0usize); MAX_TREE_DEPTH];
        let mut depth = 0;
        let (mut start, mut len) = root_block;
        let mut last: Option<Field>;
        let mut new_block = None;
        // The winner of the leaf whatever either side plays, if that is known.
        let mut decided = None;
        loop {
            let seat = game.to_move();
            let chosen = self.select(start, len, seat);
            let record = self.follow(chosen);
            path[depth] = (start, len, seat, chosen);
            depth += 1;
            let edge = self.edges[chosen];
            game.apply(edge.mv());
            // The last stone placed; after the swap none (the swapped stone changed hands).
            last = match edge.mv() {
                Move::Place(field) => Some(field),
                Move::Swap => None,
            };
            let real = self.real(&edge);
            if game.is_finished() {
                decided = game.winner();
                break;
            }
            if let Some(winner) = real.proven_winner() {
                decided = Some(winner);
                break;
            }
            if real.child_len == 0 && self.settings.proofs {
                // A position a pairing decides is a leaf for good: nothing below it to learn.
                decided = proven_winner(&game);
                if decided.is_some() {
                    break;
                }
            }
            if real.child_len == 0 {
                // The position gets its own block once the edge has been judged often enough.
                let judged = real.visits >= self.settings.expand_after * self.settings.leaf_playouts;
                let block = match record {
                    Some(_) if judged => self.add_block(&game, true, last),
                    _ => None,
                };
                if let (Some((child, child_len)), Some(record)) = (block, record) {
                    self.followed[record].child = child;
                    self.followed[record].child_len = child_len;
                    if depth >= 2 {
                        // Two plies up the same player moved: its AMAF is the best first guess.
                        let (start, len, _, _) = path[depth - 2];
                        self.inherit_amaf((start, len), (child, child_len));
                    }
                    new_block = Some((child, child_len, game.to_move()));
                }
                break;
            }
            if depth == MAX_TREE_DEPTH {
                break;
            }
            start = real.child;
            len = real.child_len;
        }
        let last = if self.settings.answer_tree_move { last } else { None };
        self.run_batch(&game, last, decided);
        if let Some((start, len, seat)) = new_block {
            self.learn_amaf(start, len, seat);
        }
        for &(start, len, seat, chosen) in &path[..depth] {
            self.learn_amaf(start, len, seat);
            let wins = self.batch.wins_of(seat);
            let record = self.edges[chosen].followed;
            if record != NOT_FOLLOWED {
                let real = &mut self.followed[record as usize];
                real.visits += self.batch.playouts;
                real.wins += wins;
            }
        }
        if let (Some(winner), true) = (decided, self.settings.solver) {
            self.prove_path(&path[..depth], winner);
        }
        self.batch.playouts
    }

    /// Marks the last edge of `path` as leading to a position `winner` wins, and each edge above
    /// it while the block it leads to is decided: its mover has a move proven to win, or every
    /// one of its moves is proven to lose. Either way `winner` wins the block.
    fn prove_path(&mut self, path: &[(u32, u8, Seat, usize)], winner: Seat) {
        for &(start, len, mover, chosen) in path.iter().rev() {
            let record = self.edges[chosen].followed;
            if record == NOT_FOLLOWED {
                return;
            }
            self.followed[record as usize].proven = proven_code(winner);
            let decided = winner == mover
                || self.edges[start as usize..start as usize + usize::from(len)]
                    .iter()
                    .all(|edge| self.real(edge).proven_winner() == Some(winner));
            if !decided {
                return;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::settings::Settings;
    use protocol::Rng;

    /// Who wins `game` with best play from both sides, by exhaustive search (memoised).
    fn exact_winner(game: &PolyY, memo: &mut std::collections::HashMap<(u64, u32), Seat>) -> Seat {
        if let Some(winner) = game.winner() {
            return winner;
        }
        let key = (game.hash(), game.plies());
        if let Some(&winner) = memo.get(&key) {
            return winner;
        }
        let mover = game.to_move();
        let wins = Fields(game.empty()).any(|field| {
            let mut after = game.clone();
            after.apply(Move::Place(field));
            exact_winner(&after, memo) == mover
        });
        let winner = if wins { mover } else { mover.other() };
        memo.insert(key, winner);
        winner
    }

    /// Checks every edge under `block` marked proven against the exhaustive search; returns how
    /// many of them were proven by the moves below them (edges with a block of their own).
    fn check_proven(
        player: &Player,
        game: &PolyY,
        block: (u32, u8),
        memo: &mut std::collections::HashMap<(u64, u32), Seat>,
    ) -> usize {
        let mut marked = 0;
        for index in block.0 as usize..block.0 as usize + usize::from(block.1) {
            let edge = player.edges[index];
            let mut after = game.clone();
            after.apply(edge.mv());
            let real = player.real(&edge);
            if let Some(winner) = real.proven_winner() {
                assert_eq!(winner, exact_winner(&after, memo), "after {} in {:?}", edge.mv(), game.hash());
                // Counted when proven by the moves below it, not by a finished game or a pairing.
                marked += usize::from(real.child_len > 0);
            }
            if let Some(child) = player.child_block(index) {
                marked += check_proven(player, &after, child, memo);
            }
        }
        marked
    }

    #[test]
    fn every_edge_the_search_proves_holds_under_exhaustive_search() {
        let mut rng = Rng::new(5);
        let mut positions = 0;
        let mut marked = 0;
        while positions < 12 {
            // A random game with ten fields left open, not yet over.
            let mut game = PolyY::new();
            while game.empty().count_ones() > 10 && !game.is_finished() {
                let fields: Vec<Field> = Fields(game.empty()).collect();
                game.apply(Move::Place(fields[rng.below(fields.len())]));
            }
            // Open and critical: neither side holds a proof by pairs yet, and the mover has
            // both winning and losing moves, so that a wrong proof shows.
            if game.is_finished() || proven_winner(&game).is_some() {
                continue;
            }
            let mut memo = std::collections::HashMap::new();
            let outcomes: Vec<Seat> = Fields(game.empty())
                .map(|field| {
                    let mut after = game.clone();
                    after.apply(Move::Place(field));
                    exact_winner(&after, &mut memo)
                })
                .collect();
            if !outcomes.contains(&game.to_move()) || !outcomes.contains(&game.to_move().other()) {
                continue;
            }
            positions += 1;
            // Without pairings every proof comes from finished games and the moves above them.
            let settings = Settings { proofs: false, solver: true, ..Settings::DEFAULT };
            let mut player = Player::new(positions, &settings);
            let root = player.add_block(&game, false, None).expect("room");
            for _ in 0..3000 {
                player.iterate(&game, root);
            }
            marked += check_proven(&player, &game, root, &mut memo);
            // The mover has a winning move: the search proves one and plays it.
            let mover = game.to_move();
            let best = player.best_root_edge(mover, root);
            assert_eq!(player.real(&player.edges[best]).proven_winner(), Some(mover));
        }
        assert!(marked > 100, "the searches proved {marked} edges by the moves below them");
    }
}
