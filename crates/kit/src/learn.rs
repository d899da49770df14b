//! Learning move priors from game records, written once for every game: a generalised
//! Bradley–Terry model over feature groups, fitted by minorization–maximization (Coulom 2007, as
//! strong Go and Hex programs learn their move priors).
//!
//! A game describes each candidate move by one value in each of `G` feature groups, as indices
//! into one flat weight vector (group `g` owns the indices `ranges[g]`). A move's strength is the
//! product of its values' weights ("gammas"); the model's probability that the mover chose it is
//! its strength over the sum of the strengths of all candidates.

use std::ops::Range;

/// One decision of a record: the features of every candidate (identical ones merged, with their
/// count) and which of them was chosen.
#[derive(Clone, Debug, PartialEq)]
pub struct Decision<const G: usize> {
    pub choices: Vec<([u16; G], u32)>,
    pub chosen: usize,
}

impl<const G: usize> Decision<G> {
    pub fn new() -> Decision<G> {
        Decision { choices: Vec::new(), chosen: usize::MAX }
    }

    /// Adds a candidate with `features`, the one chosen when `chosen`.
    pub fn add(&mut self, features: [u16; G], chosen: bool) {
        let slot = match self.choices.iter().position(|(f, _)| *f == features) {
            Some(slot) => slot,
            None => {
                self.choices.push((features, 0));
                self.choices.len() - 1
            }
        };
        self.choices[slot].1 += 1;
        if chosen {
            self.chosen = slot;
        }
    }

    /// Whether some candidate was the one chosen.
    pub fn is_complete(&self) -> bool {
        self.chosen < self.choices.len()
    }
}

impl<const G: usize> Default for Decision<G> {
    fn default() -> Self {
        Decision::new()
    }
}

/// Where each of `G` groups of values, `sizes[g]` values each, starts in one flat weight vector,
/// and the number of weights.
pub const fn offsets<const G: usize>(sizes: [usize; G]) -> ([usize; G], usize) {
    let mut offsets = [0; G];
    let mut total = 0;
    let mut g = 0;
    while g < G {
        offsets[g] = total;
        total += sizes[g];
        g += 1;
    }
    (offsets, total)
}

/// The weight indices each group of `sizes` owns.
pub fn ranges<const G: usize>(sizes: [usize; G]) -> [Range<usize>; G] {
    let (offsets, _) = offsets(sizes);
    std::array::from_fn(|g| offsets[g]..offsets[g] + sizes[g])
}

/// The strength of features under `gammas`: the product of their weights.
#[inline]
pub fn strength<const G: usize>(features: &[u16; G], gammas: &[f64]) -> f64 {
    features.iter().map(|&i| gammas[usize::from(i)]).product()
}

/// Fits the weights (`ranges[g]` are group `g`'s indices, the last range ending at the number of
/// weights) to `decisions` by `sweeps` rounds of minorization–maximization, one group at a time,
/// each weight with a prior of one virtual win and one virtual loss against a weight of 1 (so that
/// a value never chosen still gets a finite, small weight).
pub fn fit<const G: usize>(decisions: &[Decision<G>], ranges: &[Range<usize>; G], sweeps: usize) -> Vec<f64> {
    let weights = ranges.iter().map(|range| range.end).max().unwrap_or(0);
    let mut gammas = vec![1.0; weights];
    let mut wins = vec![0.0; weights];
    for decision in decisions {
        for &i in &decision.choices[decision.chosen].0 {
            wins[usize::from(i)] += 1.0;
        }
    }
    for _ in 0..sweeps {
        for (g, range) in ranges.iter().enumerate() {
            let mut denominators = vec![0.0; weights];
            for decision in decisions {
                let total: f64 =
                    decision.choices.iter().map(|(f, n)| f64::from(*n) * strength(f, &gammas)).sum();
                for (features, count) in &decision.choices {
                    let value = usize::from(features[g]);
                    // The strength of the choice without this group's weight, over the total.
                    let others = strength(features, &gammas) / gammas[value];
                    denominators[value] += f64::from(*count) * others / total;
                }
            }
            for value in range.clone() {
                let prior = 2.0 / (gammas[value] + 1.0);
                gammas[value] = (wins[value] + 1.0) / (denominators[value] + prior);
            }
        }
    }
    gammas
}

/// The log-likelihood of the choices made in `decisions` under `gammas`.
pub fn log_likelihood<const G: usize>(decisions: &[Decision<G>], gammas: &[f64]) -> f64 {
    decisions
        .iter()
        .map(|d| {
            let total: f64 = d.choices.iter().map(|(f, n)| f64::from(*n) * strength(f, gammas)).sum();
            (strength(&d.choices[d.chosen].0, gammas) / total).ln()
        })
        .sum()
}

/// How often the model ranks the chosen move first, and among its first five, over `decisions`
/// (moves of equal strength share the ranks they tie for), and how often picking uniformly would.
pub fn accuracy<const G: usize>(decisions: &[Decision<G>], gammas: &[f64]) -> Accuracy {
    let mut result = Accuracy::default();
    for decision in decisions {
        let chosen = strength(&decision.choices[decision.chosen].0, gammas);
        let (mut above, mut tied, mut moves) = (0.0, 0.0, 0.0);
        for (features, count) in &decision.choices {
            let s = strength(features, gammas);
            let n = f64::from(*count);
            moves += n;
            if s > chosen {
                above += n;
            } else if s == chosen {
                tied += n;
            }
        }
        // The chance that the chosen move lands in the first k when ties are broken at random.
        let within = |k: f64| ((k - above) / tied).clamp(0.0, 1.0);
        result.decisions += 1;
        result.top1 += within(1.0);
        result.top5 += within(5.0);
        result.uniform_top1 += 1.0 / moves;
        result.uniform_top5 += (5.0 / moves).min(1.0);
    }
    result
}

/// Sums of hit chances over decisions; divide by `decisions` for rates.
#[derive(Clone, Copy, Debug, Default)]
pub struct Accuracy {
    pub decisions: usize,
    pub top1: f64,
    pub top5: f64,
    pub uniform_top1: f64,
    pub uniform_top5: f64,
}

impl std::fmt::Display for Accuracy {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let n = self.decisions.max(1) as f64;
        write!(
            f,
            "{} decisions: top-1 {:.1}% (uniform {:.1}%), top-5 {:.1}% (uniform {:.1}%)",
            self.decisions,
            100.0 * self.top1 / n,
            100.0 * self.uniform_top1 / n,
            100.0 * self.top5 / n,
            100.0 * self.uniform_top5 / n
        )
    }
}

/// Which records train a model: all but every tenth line (those are held out for testing).
pub fn is_training_line(index: usize) -> bool {
    index % 10 != 9
}

/// Formats `gammas` as the lines of a Rust slice literal, one line per group with its name as a
/// comment, for a generated table.
pub fn gamma_lines<const G: usize>(
    gammas: &[f64],
    ranges: &[Range<usize>; G],
    names: &[String; G],
) -> String {
    let mut text = String::new();
    for (range, name) in ranges.iter().zip(names) {
        text.push_str(&format!("    // {name}\n   "));
        for gamma in &gammas[range.clone()] {
            text.push_str(&format!(" {:?},", *gamma as f32));
        }
        text.push('\n');
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Two groups of two values; the chooser always takes the candidate with value 1 of group 0.
    fn decisions() -> Vec<Decision<2>> {
        (0..20)
            .map(|i| {
                let mut decision = Decision::new();
                decision.add([0, 2 + (i % 2)], false);
                decision.add([1, 2 + ((i + 1) % 2)], true);
                decision.add([0, 3], false);
                decision
            })
            .collect()
    }

    #[test]
    fn the_fit_learns_the_chosen_value_and_raises_the_likelihood() {
        let decisions = decisions();
        assert!(decisions.iter().all(Decision::is_complete));
        assert_eq!(decisions[0].choices.len(), 3);
        // In odd decisions the first and last candidates are alike.
        assert_eq!(decisions[1].choices.len(), 2, "identical candidates are merged");
        assert_eq!(decisions[1].choices[0].1, 2);
        let ranges = ranges([2, 2]);
        assert_eq!(ranges, [0..2, 2..4]);
        assert_eq!(offsets([2, 3, 1]), ([0, 2, 5], 6));
        let mut previous = log_likelihood(&decisions, &[1.0; 4]);
        for sweeps in 1..=3 {
            let gammas = fit(&decisions, &ranges, sweeps);
            let now = log_likelihood(&decisions, &gammas);
            assert!(now > previous, "sweep {sweeps}: {now} after {previous}");
            previous = now;
            assert!(gammas[1] > 3.0 * gammas[0], "{gammas:?}");
        }
        let gammas = fit(&decisions, &ranges, 3);
        let accuracy = accuracy(&decisions, &gammas);
        assert_eq!(accuracy.decisions, 20);
        assert!((accuracy.top1 - 20.0).abs() < 1e-9, "{accuracy}");
        assert!((accuracy.uniform_top1 - 20.0 / 3.0).abs() < 1e-9, "{accuracy}");
    }
}
