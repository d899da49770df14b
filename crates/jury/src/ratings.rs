//! Ratings for many engines from all their games at once: the maximum-likelihood fit of the
//! logistic Elo model (as ordo and bayeselo do), anchored on one engine, with 95% intervals from
//! the curvature of the likelihood.
//!
//! Engine `i` scores against engine `j` with probability `1 / (1 + 10^((r_j - r_i) / 400))`; a
//! draw counts as half a win and half a loss. Each scheduled pairing also carries
//! [`PRIOR_DRAWS`] virtual draws (bayeselo's prior), so that an engine that won or lost every game
//! still gets a finite rating, and engines that have not met yet stay linked to the anchor.

/// Virtual draws added to every scheduled pairing.
pub const PRIOR_DRAWS: f64 = 1.0;

const Z_95: f64 = 1.959_964;

/// Elo per natural-log unit of the odds: `400 / ln 10`.
const ELO_PER_NAT: f64 = 400.0 / std::f64::consts::LN_10;

/// The games between two engines: `score` is what `first` scored (wins plus half the draws).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PairingResult {
    pub first: usize,
    pub second: usize,
    pub games: f64,
    pub score: f64,
}

/// A fitted rating: Elo relative to the anchor, and the half-width of its 95% interval (0 for the
/// anchor itself).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Rating {
    pub elo: f64,
    pub margin: f64,
}

/// The expected score of a player `difference` Elo above its opponent.
pub fn expected_score(difference: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-difference / 400.0))
}

/// Fits the ratings of `engines` engines from `results` (with `prior_draws` virtual draws added to
/// each listed pairing), the `anchor` fixed at 0. Every engine must be linked to the anchor by a
/// chain of listed pairings.
pub fn fit_ratings(
    engines: usize,
    results: &[PairingResult],
    anchor: usize,
    prior_draws: f64,
) -> Vec<Rating> {
    assert!(anchor < engines, "the anchor {anchor} is not one of the {engines} engines");
    let results: Vec<PairingResult> = results
        .iter()
        .map(|r| PairingResult { games: r.games + prior_draws, score: r.score + prior_draws / 2.0, ..*r })
        .collect();
    // The free ratings (all but the anchor), in natural-log units of the odds while fitting.
    let free: Vec<usize> = (0..engines).filter(|&i| i != anchor).collect();
    let slot = |engine: usize| free.iter().position(|&i| i == engine);
    let mut strength = vec![0.0f64; engines];
    let mut information = vec![vec![0.0; free.len()]; free.len()];
    for _ in 0..200 {
        // Newton's method on the log-likelihood: the step solves (information) · step = gradient.
        let mut gradient = vec![0.0; free.len()];
        information.iter_mut().for_each(|row| row.fill(0.0));
        for r in &results {
            let p = 1.0 / (1.0 + (strength[r.second] - strength[r.first]).exp());
            let surplus = r.score - r.games * p;
            let weight = r.games * p * (1.0 - p);
            let (a, b) = (slot(r.first), slot(r.second));
            if let Some(a) = a {
                gradient[a] += surplus;
                information[a][a] += weight;
            }
            if let Some(b) = b {
                gradient[b] -= surplus;
                information[b][b] += weight;
            }
            if let (Some(a), Some(b)) = (a, b) {
                information[a][b] -= weight;
                information[b][a] -= weight;
            }
        }
        let step = solve(&information, &gradient).expect("every engine is linked to the anchor");
        let mut largest: f64 = 0.0;
        for (k, &engine) in free.iter().enumerate() {
            // At most 2 (about 350 Elo) a step: far from the fit the quadratic model overshoots.
            let change = step[k].clamp(-2.0, 2.0);
            strength[engine] += change;
            largest = largest.max(change.abs());
        }
        if largest < 1e-10 {
            break;
        }
    }
    let mut ratings = vec![Rating { elo: 0.0, margin: 0.0 }; engines];
    for (k, &engine) in free.iter().enumerate() {
        let mut unit = vec![0.0; free.len()];
        unit[k] = 1.0;
        // The variance of a rating is the diagonal of the inverse information.
        let variance = solve(&information, &unit).expect("every engine is linked to the anchor")[k];
        ratings[engine] = Rating {
            elo: strength[engine] * ELO_PER_NAT,
            margin: Z_95 * variance.max(0.0).sqrt() * ELO_PER_NAT,
        };
    }
    ratings
}

/// Solves `matrix · x = right` by Gaussian elimination with partial pivoting; `None` if singular.
fn solve(matrix: &[Vec<f64>], right: &[f64]) -> Option<Vec<f64>> {
    let n = right.len();
    let mut rows: Vec<Vec<f64>> =
        matrix.iter().zip(right).map(|(row, &r)| row.iter().copied().chain([r]).collect()).collect();
    for column in 0..n {
        let pivot = (column..n).max_by(|&a, &b| rows[a][column].abs().total_cmp(&rows[b][column].abs()))?;
        if rows[pivot][column].abs() < 1e-12 {
            return None;
        }
        rows.swap(column, pivot);
        let (done, below) = rows.split_at_mut(column + 1);
        let pivot_row = &done[column];
        for row in below {
            let factor = row[column] / pivot_row[column];
            for (value, &pivot_value) in row.iter_mut().zip(pivot_row).skip(column) {
                *value -= factor * pivot_value;
            }
        }
    }
    let mut x = vec![0.0; n];
    for row in (0..n).rev() {
        let known: f64 = (row + 1..n).map(|k| rows[row][k] * x[k]).sum();
        x[row] = (rows[row][n] - known) / rows[row][row];
    }
    Some(x)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::elo::elo_from_score;

    #[test]
    fn two_engines_get_the_elo_of_their_score() {
        let results = [PairingResult { first: 0, second: 1, games: 100.0, score: 75.0 }];
        let ratings = fit_ratings(2, &results, 1, 0.0);
        assert_eq!(ratings[1], Rating { elo: 0.0, margin: 0.0 });
        assert!((ratings[0].elo - elo_from_score(0.75)).abs() < 1e-6, "{ratings:?}");
        // The standard error of a logit over n games is 1 / sqrt(n p (1 - p)).
        let margin = Z_95 * ELO_PER_NAT / (100.0f64 * 0.75 * 0.25).sqrt();
        assert!((ratings[0].margin - margin).abs() < 1e-6, "{ratings:?}");
        // Anchored on the other engine, the picture is mirrored.
        let mirrored = fit_ratings(2, &results, 0, 0.0);
        assert!((mirrored[1].elo + ratings[0].elo).abs() < 1e-6);
    }

    #[test]
    fn recovers_the_ratings_that_made_the_scores() {
        // Expected scores of engines rated 0, 100 and 250, a thousand games a pairing.
        let truth = [0.0, 100.0, 250.0];
        let mut results = Vec::new();
        for first in 0..3 {
            for second in first + 1..3 {
                let score = 1000.0 * expected_score(truth[first] - truth[second]);
                results.push(PairingResult { first, second, games: 1000.0, score });
            }
        }
        let ratings = fit_ratings(3, &results, 0, 0.0);
        for (rating, truth) in ratings.iter().zip(truth) {
            assert!((rating.elo - truth).abs() < 1e-6, "{ratings:?}");
        }
        assert!(ratings[1].margin > 10.0 && ratings[1].margin < 40.0, "{ratings:?}");
    }

    #[test]
    fn a_clean_sweep_is_finite_with_the_prior_and_links_a_gauntlet() {
        // A gauntlet: engine 0 against 1 and 2, which never meet. 0 wins every game against 1.
        let results = [
            PairingResult { first: 0, second: 1, games: 20.0, score: 20.0 },
            PairingResult { first: 0, second: 2, games: 20.0, score: 10.0 },
        ];
        let ratings = fit_ratings(3, &results, 2, PRIOR_DRAWS);
        assert!(ratings.iter().all(|r| r.elo.is_finite() && r.margin.is_finite()), "{ratings:?}");
        assert!(ratings[0].elo.abs() < 1e-6, "an even score against the anchor: {ratings:?}");
        // 20.5 of 21 with the prior's draw.
        assert!((ratings[1].elo + elo_from_score(20.5 / 21.0)).abs() < 1e-6, "{ratings:?}");
        assert!(ratings[1].margin > ratings[0].margin, "a rating two links away is less sure: {ratings:?}");
    }
}
