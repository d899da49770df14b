//! The middle-game guide: how a move looks under the misère-Nim rule, using normal-play Grundy
//! values of the regions it leaves (exact for small regions, the size as an estimate for big ones).

use protocol::Rng;

use crate::board::{Board, MoveList, Rect};
use crate::nim::{misere_nim_loses, GrundyTable};
use crate::regions::for_each_region;
use crate::settings::{Settings, GRUNDY_MAX_ENTRIES};

/// How promising a move is for the player making it, best first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Verdict {
    /// Every region left has an exact value and the rule says the opponent loses.
    RuleWin,
    /// Some region is too big for an exact value; with sizes as estimates the opponent loses.
    EstimateWin,
    /// Some region is too big; with sizes as estimates the opponent wins.
    EstimateLoss,
    /// Every region left has an exact value and the rule says the opponent wins.
    RuleLoss,
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
        Heuristic { grundy: GrundyTable::new(settings.grundy_max_fields, GRUNDY_MAX_ENTRIES) }
    }

    /// The verdict on the position the opponent faces with `empty` fields left.
    pub fn judge(&mut self, empty: u128) -> Verdict {
        let mut values = arrayvec::ArrayVec::<u8, { crate::regions::MAX_REGIONS }>::new();
        let mut estimated = false;
        for_each_region(empty, |region| {
            let value = self.grundy.value(region).unwrap_or_else(|| {
                estimated = true;
                region.count_ones().min(127) as u8
            });
            values.push(value);
        });
        match (estimated, misere_nim_loses(values)) {
            (false, true) => Verdict::RuleWin,
            (true, true) => Verdict::EstimateWin,
            (true, false) => Verdict::EstimateLoss,
            (false, false) => Verdict::RuleLoss,
        }
    }

    /// Every move with its verdict, best verdicts first, in random order within a verdict.
    pub fn rank(&mut self, board: Board, rng: &mut Rng) -> Vec<(Verdict, Rect)> {
        let moves: MoveList = board.moves();
        let mut ranked: Vec<(Verdict, u64, Rect)> =
            moves.iter().map(|&rect| (self.judge(board.fill(rect).empty()), rng.next_u64(), rect)).collect();
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
        // A 2×2 block is lost for the side to move (spec §9); its normal-play value is 1.
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
        let ranked = Heuristic::new().rank(strip, &mut rng);
        assert_eq!(ranked.len(), 6);
        assert_eq!(ranked[0].0, Verdict::RuleWin);
        let best: Vec<Rect> = ranked.iter().filter(|r| r.0 == Verdict::RuleWin).map(|r| r.1).collect();
        assert_eq!(best.len(), 2, "{best:?}");
        assert!(best.iter().all(|r| r.area() == 2));
    }
}
