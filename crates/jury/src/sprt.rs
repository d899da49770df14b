//! The sequential probability ratio test on colour-swapped pairs, as fastchess runs it with
//! `model=logistic` (and fishtest before it): each pair of games on one setup scores 0, ¼, ½, ¾
//! or 1 for A (the pentanomial outcome), the log-likelihood ratio of "A is elo1 stronger" against
//! "A is elo0 stronger" is computed from the maximum-likelihood pair-score distributions with those
//! means, and the test stops when it leaves the bounds set by alpha and beta.

use std::fmt;

/// The test's parameters: Elo of H0 and H1 (logistic Elo), and the error rates.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Sprt {
    pub elo0: f64,
    pub elo1: f64,
    pub alpha: f64,
    pub beta: f64,
}

/// What the test says so far.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// Keep playing.
    Continue,
    /// A is not elo1 stronger: H0 accepted.
    AcceptH0,
    /// A is elo1 stronger than B (rather than elo0): H1 accepted.
    AcceptH1,
}

/// Pair outcomes for A: `[0, ¼, ½, ¾, 1]` of the pair's points (LL, LD, WL or DD, WD, WW).
pub type Pentanomial = [u32; 5];

/// The pair scores the pentanomial counts stand for.
const PAIR_SCORES: [f64; 5] = [0.0, 0.25, 0.5, 0.75, 1.0];

impl Sprt {
    /// Parses `elo0=A elo1=B [alpha=X] [beta=Y]` (alpha and beta default to 0.05).
    pub fn parse(words: &[String]) -> Result<Sprt, String> {
        let mut sprt = Sprt { elo0: f64::NAN, elo1: f64::NAN, alpha: 0.05, beta: 0.05 };
        for word in words {
            let (name, value) =
                word.split_once('=').ok_or_else(|| format!("--sprt: '{word}' is not NAME=VALUE"))?;
            let value: f64 = value
                .parse()
                .ok()
                .filter(|v: &f64| v.is_finite())
                .ok_or_else(|| format!("--sprt: '{word}' needs a number"))?;
            match name {
                "elo0" => sprt.elo0 = value,
                "elo1" => sprt.elo1 = value,
                "alpha" => sprt.alpha = value,
                "beta" => sprt.beta = value,
                _ => return Err(format!("--sprt: unknown parameter '{name}' (elo0, elo1, alpha, beta)")),
            }
        }
        if sprt.elo0.is_nan() || sprt.elo1.is_nan() {
            return Err("--sprt needs elo0=A and elo1=B".to_string());
        }
        if sprt.elo1 <= sprt.elo0 {
            return Err("--sprt: elo1 must be above elo0".to_string());
        }
        for (name, rate) in [("alpha", sprt.alpha), ("beta", sprt.beta)] {
            if !(rate > 0.0 && rate < 0.5) {
                return Err(format!("--sprt: {name} must be between 0 and 0.5"));
            }
        }
        Ok(sprt)
    }

    /// The lower and upper bounds of the log-likelihood ratio: below the first H0 is accepted,
    /// above the second H1.
    pub fn bounds(&self) -> (f64, f64) {
        ((self.beta / (1.0 - self.alpha)).ln(), ((1.0 - self.beta) / self.alpha).ln())
    }

    /// The log-likelihood ratio of H1 against H0 for these pair outcomes (0 before any pair).
    pub fn llr(&self, pairs: &Pentanomial) -> f64 {
        let total: u32 = pairs.iter().sum();
        if total == 0 {
            return 0.0;
        }
        // Empty cells get a small count, as fishtest does, so that the MLE stays inside the simplex.
        let counts: Vec<f64> = pairs.iter().map(|&n| f64::from(n).max(1e-3)).collect();
        let n: f64 = counts.iter().sum();
        let observed: Vec<f64> = counts.iter().map(|c| c / n).collect();
        let p0 = most_likely_with_mean(&observed, expected_score(self.elo0));
        let p1 = most_likely_with_mean(&observed, expected_score(self.elo1));
        let per_pair: f64 =
            observed.iter().zip(p0.iter().zip(&p1)).map(|(o, (a, b))| o * (b.ln() - a.ln())).sum();
        f64::from(total) * per_pair
    }

    pub fn verdict(&self, pairs: &Pentanomial) -> Verdict {
        let llr = self.llr(pairs);
        let (lower, upper) = self.bounds();
        if llr >= upper {
            Verdict::AcceptH1
        } else if llr <= lower {
            Verdict::AcceptH0
        } else {
            Verdict::Continue
        }
    }
}

/// The score expected of a player `elo` stronger (logistic model).
pub fn expected_score(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

/// The distribution on [`PAIR_SCORES`] closest to `observed` in likelihood whose mean is `mean`:
/// `p_i = o_i / (1 + x (a_i − mean))`, with `x` the root of `Σ o_i (a_i − mean) / (1 + x (a_i −
/// mean)) = 0`, found by bisection where every denominator is positive.
fn most_likely_with_mean(observed: &[f64], mean: f64) -> Vec<f64> {
    let offsets: Vec<f64> = PAIR_SCORES.iter().map(|a| a - mean).collect();
    let slope = |x: f64| -> f64 { observed.iter().zip(&offsets).map(|(o, d)| o * d / (1.0 + x * d)).sum() };
    let highest = offsets.iter().cloned().fold(f64::MIN, f64::max);
    let lowest = offsets.iter().cloned().fold(f64::MAX, f64::min);
    // 1 + x·d > 0 for every offset d: x in (−1/highest, −1/lowest).
    let (mut low, mut high) = (-1.0 / highest, -1.0 / lowest);
    let margin = (high - low) * 1e-12;
    low += margin;
    high -= margin;
    // `slope` falls as x grows.
    for _ in 0..200 {
        let middle = 0.5 * (low + high);
        if slope(middle) > 0.0 {
            low = middle;
        } else {
            high = middle;
        }
    }
    let x = 0.5 * (low + high);
    observed.iter().zip(&offsets).map(|(o, d)| o / (1.0 + x * d)).collect()
}

/// The test's state for the summary.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SprtState {
    pub sprt: Sprt,
    pub pairs: Pentanomial,
    pub llr: f64,
    pub verdict: Verdict,
}

impl SprtState {
    pub fn new(sprt: Sprt, pairs: Pentanomial) -> SprtState {
        SprtState { sprt, pairs, llr: sprt.llr(&pairs), verdict: sprt.verdict(&pairs) }
    }
}

/// `elo0=0 elo1=10 alpha=0.05 beta=0.05`, as [`Sprt::parse`] reads it (split at spaces).
impl fmt::Display for Sprt {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "elo0={} elo1={} alpha={} beta={}", self.elo0, self.elo1, self.alpha, self.beta)
    }
}

impl fmt::Display for SprtState {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (lower, upper) = self.sprt.bounds();
        let verdict = match self.verdict {
            Verdict::Continue => "no decision yet",
            Verdict::AcceptH0 => "H0 accepted",
            Verdict::AcceptH1 => "H1 accepted",
        };
        let p = self.pairs;
        write!(
            f,
            "SPRT elo0={} elo1={} alpha={} beta={} (logistic, pentanomial): LLR {:.2} in [{lower:.2}, {upper:.2}], {verdict}; pairs LL {} LD {} WL/DD {} WD {} WW {}",
            self.sprt.elo0, self.sprt.elo1, self.sprt.alpha, self.sprt.beta, self.llr, p[0], p[1], p[2], p[3], p[4]
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sprt(elo0: f64, elo1: f64) -> Sprt {
        Sprt { elo0, elo1, alpha: 0.05, beta: 0.05 }
    }

    #[test]
    fn bounds_follow_alpha_and_beta() {
        let (lower, upper) = sprt(0.0, 10.0).bounds();
        assert!((lower - (0.05f64 / 0.95).ln()).abs() < 1e-12);
        assert!((upper - (0.95f64 / 0.05).ln()).abs() < 1e-12);
        assert!((lower + 2.944).abs() < 1e-3 && (upper - 2.944).abs() < 1e-3);
    }

    #[test]
    fn the_constrained_distribution_has_the_asked_mean() {
        let observed = [0.1, 0.2, 0.4, 0.2, 0.1];
        for mean in [0.3, 0.5, 0.62] {
            let p = most_likely_with_mean(&observed, mean);
            let total: f64 = p.iter().sum();
            let m: f64 = p.iter().zip(PAIR_SCORES).map(|(p, a)| p * a).sum();
            assert!((total - 1.0).abs() < 1e-9, "{total}");
            assert!((m - mean).abs() < 1e-9, "{m} for {mean}");
        }
        // Already at the mean: unchanged.
        let p = most_likely_with_mean(&observed, 0.5);
        assert!(p.iter().zip(observed).all(|(a, b)| (a - b).abs() < 1e-9));
    }

    #[test]
    fn the_ratio_favours_the_hypothesis_the_results_fit() {
        let strong = [2, 10, 40, 30, 18]; // mean 0.635: about +96 Elo
        let even = [10, 20, 40, 20, 10];
        assert!(sprt(0.0, 50.0).llr(&strong) > 2.944);
        assert_eq!(sprt(0.0, 50.0).verdict(&strong), Verdict::AcceptH1);
        assert!(sprt(0.0, 50.0).llr(&even) < 0.0);
        assert_eq!(sprt(0.0, 5.0).llr(&[0; 5]), 0.0);
        // More of the same evidence moves the ratio further.
        let double: Pentanomial = std::array::from_fn(|i| even[i] * 4);
        assert!(sprt(0.0, 50.0).llr(&double) < sprt(0.0, 50.0).llr(&even));
        assert_eq!(sprt(0.0, 50.0).verdict(&double), Verdict::AcceptH0);
    }

    #[test]
    fn parameters_are_read_and_checked() {
        let words = |text: &str| text.split(' ').map(String::from).collect::<Vec<_>>();
        assert_eq!(Sprt::parse(&words("elo0=0 elo1=10")).unwrap(), sprt(0.0, 10.0));
        let custom = Sprt::parse(&words("elo1=5 elo0=-5 alpha=0.1 beta=0.2")).unwrap();
        assert_eq!(custom, Sprt { elo0: -5.0, elo1: 5.0, alpha: 0.1, beta: 0.2 });
        assert!(Sprt::parse(&words("elo0=0")).unwrap_err().contains("elo1"));
        assert!(Sprt::parse(&words("elo0=10 elo1=0")).is_err());
        assert!(Sprt::parse(&words("elo0=0 elo1=5 gamma=1")).unwrap_err().contains("gamma"));
        assert!(Sprt::parse(&words("elo0=0 elo1=5 alpha=0.7")).is_err());
    }
}
