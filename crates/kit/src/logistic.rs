//! Logistic regression over sparse counted features, written once for every game's evaluation
//! tools: each sample is a few feature indices (with how often each occurs), a fixed offset in
//! logits (for example an existing evaluation over its scale) and a label in [0, 1]; the weights
//! make `sigmoid(offset + Σ count × weight)` predict the labels, with a ridge pulling each weight
//! towards 0. Fitted by Newton's method on the dense Hessian, which suits up to a few thousand
//! features: every step solves the system exactly, so a few steps converge with no learning rate
//! to tune.

/// Samples stored flat: one list of (feature, count) pairs, cut into rows.
#[derive(Clone, Debug, Default)]
pub struct Samples {
    /// Where each row's pairs start in `pairs`, and one more entry for the end.
    starts: Vec<usize>,
    pairs: Vec<(u32, f32)>,
    offsets: Vec<f64>,
    labels: Vec<f64>,
}

impl Samples {
    pub fn new() -> Samples {
        Samples { starts: vec![0], ..Samples::default() }
    }

    /// Adds a sample with these feature indices (repeats count), offset and label.
    pub fn push(&mut self, features: &[u32], offset: f64, label: f64) {
        debug_assert!((0.0..=1.0).contains(&label));
        let mut sorted = features.to_vec();
        sorted.sort_unstable();
        let start = self.pairs.len();
        for &feature in &sorted {
            match self.pairs[start..].last_mut() {
                Some((last, count)) if *last == feature => *count += 1.0,
                _ => self.pairs.push((feature, 1.0)),
            }
        }
        self.starts.push(self.pairs.len());
        self.offsets.push(offset);
        self.labels.push(label);
    }

    pub fn len(&self) -> usize {
        self.labels.len()
    }

    pub fn is_empty(&self) -> bool {
        self.labels.is_empty()
    }

    /// The (feature, count) pairs of row `row`.
    fn row(&self, row: usize) -> &[(u32, f32)] {
        &self.pairs[self.starts[row]..self.starts[row + 1]]
    }

    /// The model's logit for row `row` under `weights`.
    fn logit(&self, row: usize, weights: &[f64]) -> f64 {
        self.offsets[row]
            + self.row(row).iter().map(|&(f, n)| f64::from(n) * weights[f as usize]).sum::<f64>()
    }

    /// How often each feature occurs over all rows (counts added up).
    pub fn occurrences(&self, features: usize) -> Vec<f64> {
        let mut seen = vec![0.0; features];
        for &(f, n) in &self.pairs {
            seen[f as usize] += f64::from(n);
        }
        seen
    }
}

pub fn sigmoid(x: f64) -> f64 {
    1.0 / (1.0 + (-x).exp())
}

/// The mean log-loss of the model `weights` over `samples` (natural logarithm).
pub fn log_loss(samples: &Samples, weights: &[f64]) -> f64 {
    let mut sum = 0.0;
    for row in 0..samples.len() {
        let p = sigmoid(samples.logit(row, weights)).clamp(1e-12, 1.0 - 1e-12);
        let label = samples.labels[row];
        sum -= label * p.ln() + (1.0 - label) * (1.0 - p).ln();
    }
    sum / samples.len().max(1) as f64
}

/// The weights of `features` features that minimise the log-loss over `samples` plus
/// `ridge × Σ weight²` (the ridge is in units of the summed loss, not the mean), after `steps`
/// Newton steps from 0.
pub fn fit(samples: &Samples, features: usize, ridge: f64, steps: usize) -> Vec<f64> {
    let mut weights = vec![0.0; features];
    for _ in 0..steps {
        let mut hessian = vec![vec![0.0; features]; features];
        let mut gradient = vec![0.0; features];
        for row in 0..samples.len() {
            let p = sigmoid(samples.logit(row, &weights));
            let (error, curvature) = (samples.labels[row] - p, p * (1.0 - p));
            let pairs = samples.row(row);
            for &(i, ni) in pairs {
                let (i, ni) = (i as usize, f64::from(ni));
                gradient[i] += error * ni;
                let line = &mut hessian[i];
                for &(j, nj) in pairs {
                    line[j as usize] += curvature * ni * f64::from(nj);
                }
            }
        }
        for i in 0..features {
            hessian[i][i] += 2.0 * ridge;
            gradient[i] -= 2.0 * ridge * weights[i];
        }
        let step = solve_symmetric(hessian, gradient);
        for (weight, delta) in weights.iter_mut().zip(step) {
            *weight += delta;
        }
    }
    weights
}

/// Solves `a · x = b` for a symmetric positive definite `a` (Cholesky's factorisation, in place).
pub fn solve_symmetric(mut a: Vec<Vec<f64>>, mut b: Vec<f64>) -> Vec<f64> {
    let n = b.len();
    // a = L·Lᵀ, L written over a's lower triangle.
    for j in 0..n {
        let (above, rest) = a.split_at_mut(j);
        let row_j = &mut rest[0];
        for (k, row_k) in above.iter().enumerate() {
            let dot: f64 = row_j[..k].iter().zip(&row_k[..k]).map(|(x, y)| x * y).sum();
            row_j[k] = (row_j[k] - dot) / row_k[k];
        }
        let square: f64 = row_j[..j].iter().map(|x| x * x).sum();
        let pivot = row_j[j] - square;
        assert!(pivot > 0.0, "the matrix is not positive definite (pivot {pivot} at {j})");
        row_j[j] = pivot.sqrt();
    }
    // L·y = b, then Lᵀ·x = y.
    for i in 0..n {
        let dot: f64 = a[i][..i].iter().zip(&b[..i]).map(|(x, y)| x * y).sum();
        b[i] = (b[i] - dot) / a[i][i];
    }
    for i in (0..n).rev() {
        let dot: f64 = (i + 1..n).map(|k| a[k][i] * b[k]).sum();
        b[i] = (b[i] - dot) / a[i][i];
    }
    b
}

#[cfg(test)]
mod tests {
    use super::*;
    use protocol::Rng;

    #[test]
    fn cholesky_solves_a_known_system() {
        let a = vec![vec![4.0, 2.0, 0.6], vec![2.0, 5.0, 1.0], vec![0.6, 1.0, 3.0]];
        let x = [1.0, -2.0, 0.5];
        let b: Vec<f64> = a.iter().map(|row| row.iter().zip(&x).map(|(r, v)| r * v).sum()).collect();
        let solved = solve_symmetric(a, b);
        for (s, v) in solved.iter().zip(x) {
            assert!((s - v).abs() < 1e-12, "{solved:?}");
        }
    }

    #[test]
    fn repeated_features_are_counted() {
        let mut samples = Samples::new();
        samples.push(&[3, 1, 3, 3], 0.25, 1.0);
        samples.push(&[2], 0.0, 0.0);
        assert_eq!(samples.row(0), &[(1, 1.0), (3, 3.0)]);
        assert_eq!(samples.row(1), &[(2, 1.0)]);
        let weights = [0.0, 1.0, 0.0, 0.5];
        assert!((samples.logit(0, &weights) - (0.25 + 1.0 + 1.5)).abs() < 1e-12);
        assert_eq!(samples.occurrences(4), vec![0.0, 1.0, 1.0, 3.0]);
    }

    #[test]
    fn the_fit_recovers_the_weights_that_drew_the_labels() {
        // Labels drawn from a known model with an offset; the fit must find its weights.
        let truth = [0.8, -0.5, 0.0, 1.2, -1.0];
        let mut rng = Rng::new(5);
        let mut samples = Samples::new();
        for _ in 0..40_000 {
            let features: Vec<u32> = (0..3).map(|_| rng.below(truth.len()) as u32).collect();
            let offset = (rng.below(200) as f64 - 100.0) / 100.0;
            let logit = offset + features.iter().map(|&f| truth[f as usize]).sum::<f64>();
            let label = if (rng.below(1_000_000) as f64) < sigmoid(logit) * 1e6 { 1.0 } else { 0.0 };
            samples.push(&features, offset, label);
        }
        let fitted = fit(&samples, truth.len(), 1e-3, 8);
        for (f, t) in fitted.iter().zip(truth) {
            assert!((f - t).abs() < 0.08, "fitted {fitted:?}, truth {truth:?}");
        }
        assert!(log_loss(&samples, &fitted) < log_loss(&samples, &[0.0; 5]) - 0.05);
    }
}
