//! Score percentage to Elo, with a 95% interval that stays meaningful at 0 or 100%.
//!
//! The interval is the Wilson score interval on the score fraction (draws count half), turned into
//! Elo. Unlike the normal approximation it does not collapse to a point when one side won every
//! game: 100 wins out of 100 still only proves "at least about +560 Elo".

/// Elo difference for an expected score `s` in `(0, 1)`; ±∞ at the ends.
pub fn elo_from_score(s: f64) -> f64 {
    if s <= 0.0 {
        f64::NEG_INFINITY
    } else if s >= 1.0 {
        f64::INFINITY
    } else {
        -400.0 * (1.0 / s - 1.0).log10()
    }
}

/// An Elo estimate and its 95% interval, for the first of two players.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct EloEstimate {
    pub score: f64,
    pub elo: f64,
    pub low: f64,
    pub high: f64,
}

const Z_95: f64 = 1.959_964;

impl EloEstimate {
    pub fn from_results(wins: u32, draws: u32, losses: u32) -> Option<EloEstimate> {
        let n = f64::from(wins + draws + losses);
        if n == 0.0 {
            return None;
        }
        let score = (f64::from(wins) + 0.5 * f64::from(draws)) / n;
        let z2 = Z_95 * Z_95;
        let centre = (score + z2 / (2.0 * n)) / (1.0 + z2 / n);
        let half = Z_95 / (1.0 + z2 / n) * (score * (1.0 - score) / n + z2 / (4.0 * n * n)).sqrt();
        // At 0% or 100% the plain estimate is infinite: use the interval's centre instead.
        let point = if score > 0.0 && score < 1.0 { score } else { centre };
        // At 0% or 100% Wilson's far bound is exactly 0 or 1; rounding must not make it finite.
        let low = if score <= 0.0 { 0.0 } else { centre - half };
        let high = if score >= 1.0 { 1.0 } else { centre + half };
        Some(EloEstimate {
            score,
            elo: elo_from_score(point),
            low: elo_from_score(low),
            high: elo_from_score(high),
        })
    }
}

fn signed(elo: f64) -> String {
    if elo.is_infinite() {
        if elo > 0.0 {
            "+inf".into()
        } else {
            "-inf".into()
        }
    } else {
        format!("{elo:+.0}")
    }
}

impl std::fmt::Display for EloEstimate {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "score {:.1}%, Elo {} (95%: {} to {})",
            self.score * 100.0,
            signed(self.elo),
            signed(self.low),
            signed(self.high)
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn even_results_are_zero_elo() {
        let e = EloEstimate::from_results(50, 0, 50).unwrap();
        assert!(e.elo.abs() < 1e-9);
        assert!((e.low + e.high).abs() < 1e-6, "symmetric: {e:?}");
        // 100 games: about ±70 Elo.
        assert!(e.high > 60.0 && e.high < 75.0, "{e:?}");
    }

    #[test]
    fn known_points() {
        assert!((elo_from_score(0.75) - 190.85).abs() < 0.01);
        assert!((elo_from_score(0.25) + 190.85).abs() < 0.01);
        let e = EloEstimate::from_results(60, 20, 20).unwrap();
        assert!((e.score - 0.7).abs() < 1e-12);
        assert!((e.elo - 147.19).abs() < 0.01);
        assert!(e.low < e.elo && e.elo < e.high);
    }

    #[test]
    fn a_clean_sweep_has_a_finite_lower_bound() {
        let e = EloEstimate::from_results(200, 0, 0).unwrap();
        assert!(e.high.is_infinite() && e.high > 0.0, "{e:?}");
        let e = EloEstimate::from_results(100, 0, 0).unwrap();
        assert_eq!(e.score, 1.0);
        assert!(e.elo.is_finite() && e.elo > 500.0, "{e:?}");
        assert!(e.low > 450.0 && e.low < e.elo, "{e:?}");
        assert!(e.high.is_infinite());
        assert!(e.to_string().contains("+inf"), "{e}");
        let e = EloEstimate::from_results(0, 0, 10).unwrap();
        assert!(e.elo < -300.0 && e.high.is_finite() && e.low.is_infinite());
        assert_eq!(EloEstimate::from_results(0, 0, 0), None);
    }
}
