//! The middle-game guide: how a move looks under the misère-Nim rule, using normal-play Grundy
//! values of the regions it leaves (exact for small regions, the size as an estimate for big ones).

use std::time::Instant;

use arrayvec::ArrayVec;
use protocol::Rng;

use crate::board::{Board, MoveList, Rect};
use crate::nim::{misere_nim_loses_summary, GrundyTable};
use crate::regions::{for_each_region, MAX_REGIONS};
use crate::settings::Settings;

/// How promising a move is for the player making it, best first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Verdict {
    /// Every region left has an exact value and the rule says the opponent loses.
    RuleWin,
    /// Some region has no exact value (too big, or no time); with sizes as estimates the opponent loses.
    EstimateWin,
    /// Some region has no exact value; with sizes as estimates the opponent wins.
    EstimateLoss,
    /// Every region left has an exact value and the rule says the opponent wins.
    RuleLoss,
}

/// A sum of regions as the rule sees it: the XOR of their values (sizes where a value is
/// unknown), whether any value is 2 or more, and whether any was estimated.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct NimSummary {
    pub xor: u8,
    pub big: bool,
    pub estimated: bool,
}

impl NimSummary {
    /// Adds one region whose value is `value`, or unknown with `fields` fields.
    #[inline]
    pub fn add(&mut self, value: Option<u8>, fields: u32) {
        let heap = value.unwrap_or_else(|| {
            self.estimated = true;
            fields.min(127) as u8
        });
        self.xor ^= heap;
        self.big |= heap >= 2;
    }

    /// The verdict on a move that leaves this sum to the opponent.
    pub fn verdict(self) -> Verdict {
        match (self.estimated, misere_nim_loses_summary(self.xor, self.big)) {
            (false, true) => Verdict::RuleWin,
            (true, true) => Verdict::EstimateWin,
            (true, false) => Verdict::EstimateLoss,
            (false, false) => Verdict::RuleLoss,
        }
    }
}

pub struct Heuristic {
    grundy: GrundyTable,
}

impl Default for Heuristic {
    fn default() -> Self {
        Heuristic::new()
    }
}

impl Heuristic {
    /// With the compiled settings.
    pub fn new() -> Heuristic {
        Heuristic::with_settings(&Settings::DEFAULT)
    }

    pub fn with_settings(settings: &Settings) -> Heuristic {
        Heuristic { grundy: GrundyTable::new(settings.grundy_max_fields) }
    }

    /// The Grundy values learnt so far (the solver orders its moves with them).
    pub fn grundy(&self) -> &GrundyTable {
        &self.grundy
    }

    /// The verdict on the position the opponent faces with `empty` fields left.
    pub fn judge(&mut self, empty: u128) -> Verdict {
        let mut sum = NimSummary::default();
        for_each_region(empty, |region| sum.add(self.grundy.value(region), region.count_ones()));
        sum.verdict()
    }

    /// Every move with its verdict, best verdicts first, in random order within a verdict. Grundy
    /// values still unknown at `deadline` are estimated by region sizes.
    pub fn rank(&mut self, board: Board, rng: &mut Rng, deadline: Option<Instant>) -> Vec<(Verdict, Rect)> {
        self.grundy.set_deadline(deadline);
        // A move changes only its own region: value the regions once, then each move's pieces.
        let mut regions = ArrayVec::<(u128, Option<u8>), MAX_REGIONS>::new();
        for_each_region(board.empty(), |region| regions.push((region, None)));
        // Small regions first: their values are cheap, and a deadline then hits only the big ones.
        regions.sort_unstable_by_key(|&(region, _)| region.count_ones());
        for entry in regions.iter_mut() {
            entry.1 = self.grundy.value(entry.0);
        }
        let mut ranked: Vec<(Verdict, u64, Rect)> = Vec::with_capacity(board.count_moves() as usize);
        let mut moves = MoveList::new();
        for (index, &(region, _)) in regions.iter().enumerate() {
            let mut others = NimSummary::default();
            for (other, &(shape, value)) in regions.iter().enumerate() {
                if other != index {
                    others.add(value, shape.count_ones());
                }
            }
            moves.clear();
            Board::from_empty(region).moves_into(&mut moves);
            for &rect in moves.iter() {
                let mut sum = others;
                for_each_region(region & !rect.mask(), |piece| {
                    sum.add(self.grundy.value(piece), piece.count_ones());
                });
                ranked.push((sum.verdict(), rng.next_u64(), rect));
            }
        }
        self.grundy.set_deadline(None);
        ranked.sort_unstable_by_key(|&(verdict, tie, _)| (verdict, tie));
        ranked.into_iter().map(|(verdict, _, rect)| (verdict, rect)).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Field;

    #[test]
    fn verdicts_follow_the_rule() {
        let mut h = Heuristic::new();
        let field = |f: &str| Field::parse(f).unwrap().bit();
        // One lone field left: the opponent must fill it and loses.
        assert_eq!(h.judge(field("Aa")), Verdict::RuleWin);
        // Nothing left: we filled the last field.
        assert_eq!(h.judge(0), Verdict::RuleLoss);
        // Two lone fields: the opponent fills one and we must fill the last.
        assert_eq!(h.judge(field("Aa") | field("Cc")), Verdict::RuleLoss);
        // A 2×2 block is lost for the side to move (rules §9); its normal-play value is 1.
        assert_eq!(h.judge(Rect::parse("AaBb").unwrap().mask()), Verdict::RuleWin);
        // A region too big for exact values gets an estimate.
        let big = Board::from_empty(crate::board::ALL_FIELDS).empty();
        assert!(matches!(h.judge(big), Verdict::EstimateWin | Verdict::EstimateLoss));
    }

    #[test]
    fn ranking_puts_the_winning_reply_first() {
        // A 1×3 strip: only the two dominoes leave the opponent a lone field (a loss for it).
        let strip = Board::from_empty(Rect::parse("AaAc").unwrap().mask());
        let mut rng = Rng::new(1);
        let ranked = Heuristic::new().rank(strip, &mut rng, None);
        assert_eq!(ranked.len(), 6);
        assert_eq!(ranked[0].0, Verdict::RuleWin);
        let best: Vec<Rect> = ranked.iter().filter(|r| r.0 == Verdict::RuleWin).map(|r| r.1).collect();
        assert_eq!(best.len(), 2, "{best:?}");
        assert!(best.iter().all(|r| r.area() == 2));
    }
}
