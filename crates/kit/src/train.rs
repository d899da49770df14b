//! The trainer of [`crate::nnue`]'s float network: labelled positions given as each
//! perspective's active features, the mover and a target in [0, 1]; the loss is the cross-entropy
//! of `sigmoid(output)` against the target; Adam over shuffled minibatches; reproducible from
//! the examples and a seed (the batch is split between threads in a fixed way and their gradients
//! summed in a fixed order).
//!
//! Written by hand rather than with a tensor library: the first layer is sparse (Dvonn has at most
//! 49 of its 1,225 inputs active), so a step touches a few dozen weight columns and a dense
//! library's matrix product would do twenty times the work; the rest is a 2·H × head product
//! that plain loops do at a few microseconds an example (`docs/learning.md` gives the figures).

use crate::nnue::FloatNetwork;
use protocol::Rng;

/// Examples stored flat: each one's features (the first perspective's, then the second's), its
/// mover and its target.
#[derive(Clone, Debug, Default)]
pub struct Examples {
    starts: Vec<u32>,
    splits: Vec<u32>,
    features: Vec<u32>,
    movers: Vec<u8>,
    targets: Vec<f32>,
}

impl Examples {
    pub fn new() -> Examples {
        Examples { starts: vec![0], ..Examples::default() }
    }

    /// Adds a position: the features active for each perspective, the perspective to move and
    /// the target (its expected score, 0 to 1).
    pub fn push(&mut self, features: [&[usize]; 2], mover: usize, target: f32) {
        debug_assert!((0.0..=1.0).contains(&target) && mover < 2);
        self.features.extend(features[0].iter().map(|&f| f as u32));
        self.splits.push(self.features.len() as u32);
        self.features.extend(features[1].iter().map(|&f| f as u32));
        self.starts.push(self.features.len() as u32);
        self.movers.push(mover as u8);
        self.targets.push(target);
    }

    pub fn len(&self) -> usize {
        self.targets.len()
    }

    pub fn is_empty(&self) -> bool {
        self.targets.is_empty()
    }

    /// Example `i`'s features of each perspective, its mover and its target.
    pub fn get(&self, i: usize) -> ([&[u32]; 2], usize, f32) {
        let (start, split, end) =
            (self.starts[i] as usize, self.splits[i] as usize, self.starts[i + 1] as usize);
        (
            [&self.features[start..split], &self.features[split..end]],
            usize::from(self.movers[i]),
            self.targets[i],
        )
    }
}

/// How to train.
#[derive(Clone, Debug)]
pub struct TrainConfig {
    pub hidden: usize,
    pub head: usize,
    pub epochs: usize,
    pub batch: usize,
    pub learning_rate: f32,
    /// The learning rate falls linearly to this share of itself by the last epoch.
    pub final_rate_share: f32,
    /// Input weights are kept within ±this, so that the quantised accumulators cannot overflow.
    pub input_clip: f32,
    /// Head weights are kept within ±this (the quantised head's range).
    pub head_clip: f32,
    pub threads: usize,
    pub seed: u64,
}

impl Default for TrainConfig {
    fn default() -> TrainConfig {
        TrainConfig {
            hidden: 128,
            head: 16,
            epochs: 10,
            batch: 4096,
            learning_rate: 0.002,
            final_rate_share: 0.1,
            input_clip: 1.0,
            head_clip: 8.0,
            threads: 2,
            seed: 1,
        }
    }
}

fn sigmoid(x: f32) -> f32 {
    1.0 / (1.0 + (-x).exp())
}

/// The cross-entropy of predicting `p` for `target`, safe at 0 and 1.
fn cross_entropy(p: f32, target: f32) -> f32 {
    let p = p.clamp(1e-7, 1.0 - 1e-7);
    -(target * p.ln() + (1.0 - target) * (1.0 - p).ln())
}

/// The cross-entropy a model predicting the targets exactly would have: the floor of the loss.
pub fn target_entropy(examples: &Examples) -> f64 {
    (0..examples.len())
        .map(|i| f64::from(cross_entropy(examples.targets[i], examples.targets[i])))
        .sum::<f64>()
        / examples.len().max(1) as f64
}

/// The mean cross-entropy of `network` on `examples`.
pub fn loss(network: &FloatNetwork, examples: &Examples) -> f64 {
    let mut total = 0.0f64;
    let mut buffers = Buffers::new(network);
    for i in 0..examples.len() {
        let (features, mover, target) = examples.get(i);
        let output = forward(network, features, mover, &mut buffers);
        total += f64::from(cross_entropy(sigmoid(output), target));
    }
    total / examples.len().max(1) as f64
}

/// A network with small random weights of this shape, for the first round, its output bias the
/// logit of `training`'s mean target: started at 0 instead, the first steps pushed every head unit
/// towards the mean, and a head of 4 in the kit's test lost all its units to the clip that way.
pub fn initial_network(inputs: usize, config: &TrainConfig, training: &Examples) -> FloatNetwork {
    let mut rng = Rng::new(config.seed);
    let mut uniform = |range: f32| (rng.unit() as f32 * 2.0 - 1.0) * range;
    let mut network = FloatNetwork::zeros(inputs, config.hidden, config.head);
    network.input_weights.iter_mut().for_each(|w| *w = uniform(0.1));
    network.input_bias.iter_mut().for_each(|w| *w = 0.1 + uniform(0.05));
    let head_range = 1.0 / (2.0 * config.hidden as f32).sqrt();
    network.head_weights.iter_mut().for_each(|w| *w = uniform(head_range));
    network.head_bias.iter_mut().for_each(|w| *w = 0.1 + uniform(0.05));
    let output_range = 1.0 / (config.head as f32).sqrt();
    network.output_weights.iter_mut().for_each(|w| *w = uniform(output_range));
    let mean = training.targets.iter().map(|&t| f64::from(t)).sum::<f64>() / training.len().max(1) as f64;
    let mean = mean.clamp(0.01, 0.99);
    network.output_bias = (mean / (1.0 - mean)).ln() as f32;
    network
}

/// The values of one forward pass that the backward pass needs.
struct Buffers {
    accumulators: [Vec<f32>; 2],
    x: Vec<f32>,
    z: Vec<f32>,
    /// The loss's gradient by `x`, then by one accumulator.
    d_x: Vec<f32>,
    d_accumulator: Vec<f32>,
}

impl Buffers {
    fn new(network: &FloatNetwork) -> Buffers {
        Buffers {
            accumulators: [vec![0.0; network.hidden], vec![0.0; network.hidden]],
            x: vec![0.0; 2 * network.hidden],
            z: vec![0.0; network.head],
            d_x: vec![0.0; 2 * network.hidden],
            d_accumulator: vec![0.0; network.hidden],
        }
    }
}

/// The output logit, leaving the intermediate values in `buffers`.
fn forward(network: &FloatNetwork, features: [&[u32]; 2], mover: usize, buffers: &mut Buffers) -> f32 {
    let h = network.hidden;
    for (accumulator, active) in buffers.accumulators.iter_mut().zip(features) {
        accumulator.copy_from_slice(&network.input_bias);
        for &feature in active {
            let column = &network.input_weights[feature as usize * h..(feature as usize + 1) * h];
            accumulator.iter_mut().zip(column).for_each(|(a, w)| *a += w);
        }
    }
    let (ours, theirs) = (&buffers.accumulators[mover], &buffers.accumulators[1 - mover]);
    for (x, &a) in buffers.x.iter_mut().zip(ours.iter().chain(theirs)) {
        *x = a.clamp(0.0, 1.0);
    }
    let mut output = network.output_bias;
    for neuron in 0..network.head {
        let row = &network.head_weights[neuron * 2 * h..(neuron + 1) * 2 * h];
        let z = network.head_bias[neuron] + row.iter().zip(&buffers.x).map(|(w, x)| w * x).sum::<f32>();
        buffers.z[neuron] = z;
        output += network.output_weights[neuron] * z.clamp(0.0, 1.0);
    }
    output
}

/// Adds the gradient of example `i`'s loss to `gradient`; returns its loss.
fn backward(
    network: &FloatNetwork,
    examples: &Examples,
    i: usize,
    buffers: &mut Buffers,
    gradient: &mut FloatNetwork,
) -> f32 {
    let h = network.hidden;
    let (features, mover, target) = examples.get(i);
    let output = forward(network, features, mover, buffers);
    let p = sigmoid(output);
    let d_output = p - target;
    gradient.output_bias += d_output;
    let d_x = &mut buffers.d_x;
    d_x.iter_mut().for_each(|d| *d = 0.0);
    for neuron in 0..network.head {
        let z = buffers.z[neuron];
        gradient.output_weights[neuron] += d_output * z.clamp(0.0, 1.0);
        if z <= 0.0 || z >= 1.0 {
            continue;
        }
        let d_z = d_output * network.output_weights[neuron];
        gradient.head_bias[neuron] += d_z;
        let row = neuron * 2 * h..(neuron + 1) * 2 * h;
        let (weights, grads) = (&network.head_weights[row.clone()], &mut gradient.head_weights[row]);
        for unit in 0..2 * h {
            grads[unit] += d_z * buffers.x[unit];
            d_x[unit] += d_z * weights[unit];
        }
    }
    // d_x's first half is the mover's accumulator, its second the other's.
    for (perspective, active) in features.iter().enumerate() {
        let half = if perspective == mover { 0 } else { h };
        let d_accumulator = &mut buffers.d_accumulator;
        for (unit, d) in d_accumulator.iter_mut().enumerate() {
            let a = buffers.accumulators[perspective][unit];
            *d = if a > 0.0 && a < 1.0 { buffers.d_x[half + unit] } else { 0.0 };
        }
        gradient.input_bias.iter_mut().zip(d_accumulator.iter()).for_each(|(g, d)| *g += d);
        for &feature in active.iter() {
            let column = &mut gradient.input_weights[feature as usize * h..(feature as usize + 1) * h];
            column.iter_mut().zip(d_accumulator.iter()).for_each(|(g, d)| *g += d);
        }
    }
    cross_entropy(p, target)
}

/// Adam's moments of every weight, in the network's own shape.
struct Adam {
    first: FloatNetwork,
    second: FloatNetwork,
    steps: i32,
}

/// Every weight of a network as one list of slices, in a fixed order.
fn parts(network: &mut FloatNetwork) -> [&mut [f32]; 6] {
    [
        &mut network.input_weights,
        &mut network.input_bias,
        &mut network.head_weights,
        &mut network.head_bias,
        &mut network.output_weights,
        std::slice::from_mut(&mut network.output_bias),
    ]
}

impl Adam {
    fn step(&mut self, network: &mut FloatNetwork, gradient: &mut FloatNetwork, rate: f32, scale: f32) {
        const BETA1: f32 = 0.9;
        const BETA2: f32 = 0.999;
        const EPSILON: f32 = 1e-8;
        self.steps += 1;
        let correction1 = 1.0 - BETA1.powi(self.steps);
        let correction2 = 1.0 - BETA2.powi(self.steps);
        let weights = parts(network);
        let grads = parts(gradient);
        let firsts = parts(&mut self.first);
        let seconds = parts(&mut self.second);
        for (((w, g), m), v) in weights.into_iter().zip(grads).zip(firsts).zip(seconds) {
            for i in 0..w.len() {
                let grad = g[i] * scale;
                g[i] = 0.0;
                m[i] = BETA1 * m[i] + (1.0 - BETA1) * grad;
                v[i] = BETA2 * v[i] + (1.0 - BETA2) * grad * grad;
                w[i] -= rate * (m[i] / correction1) / ((v[i] / correction2).sqrt() + EPSILON);
            }
        }
    }
}

/// What [`train`] reports after each epoch.
#[derive(Clone, Copy, Debug)]
pub struct Epoch {
    pub epoch: usize,
    pub training_loss: f64,
    pub held_out_loss: f64,
}

/// Trains `network` on `training`, reporting each epoch's losses (the held-out one on `held_out`)
/// to `report`.
pub fn train(
    network: &mut FloatNetwork,
    training: &Examples,
    held_out: &Examples,
    config: &TrainConfig,
    mut report: impl FnMut(Epoch),
) {
    let zeros = || FloatNetwork::zeros(network.inputs, network.hidden, network.head);
    let mut adam = Adam { first: zeros(), second: zeros(), steps: 0 };
    let threads = config.threads.max(1);
    let mut gradients: Vec<FloatNetwork> = (0..threads).map(|_| zeros()).collect();
    let mut order: Vec<usize> = (0..training.len()).collect();
    let mut rng = Rng::new(config.seed ^ 0x7472_6169_6e21);
    for epoch in 0..config.epochs {
        rng.shuffle(&mut order);
        let progress = epoch as f32 / (config.epochs.max(2) - 1) as f32;
        let rate = config.learning_rate * (1.0 - progress * (1.0 - config.final_rate_share));
        let mut total = 0.0f64;
        for batch in order.chunks(config.batch.max(1)) {
            let share = batch.len().div_ceil(threads);
            let snapshot = &*network;
            let losses: Vec<f64> = std::thread::scope(|scope| {
                let handles: Vec<_> = gradients
                    .iter_mut()
                    .zip(batch.chunks(share.max(1)))
                    .map(|(gradient, part)| {
                        scope.spawn(move || {
                            let mut buffers = Buffers::new(snapshot);
                            part.iter()
                                .map(|&i| f64::from(backward(snapshot, training, i, &mut buffers, gradient)))
                                .sum::<f64>()
                        })
                    })
                    .collect();
                handles.into_iter().map(|h| h.join().expect("a training thread panicked")).collect()
            });
            total += losses.iter().sum::<f64>();
            let (first, rest) = gradients.split_first_mut().expect("one thread at least");
            for other in rest.iter_mut() {
                for (sum, part) in parts(first).into_iter().zip(parts(other)) {
                    for (s, p) in sum.iter_mut().zip(part.iter_mut()) {
                        *s += *p;
                        *p = 0.0;
                    }
                }
            }
            adam.step(network, first, rate, 1.0 / batch.len() as f32);
            let (input_clip, head_clip) = (config.input_clip, config.head_clip);
            network.input_weights.iter_mut().for_each(|w| *w = w.clamp(-input_clip, input_clip));
            network.head_weights.iter_mut().for_each(|w| *w = w.clamp(-head_clip, head_clip));
        }
        report(Epoch {
            epoch: epoch + 1,
            training_loss: total / training.len().max(1) as f64,
            held_out_loss: loss(network, held_out),
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A tiny network and a few examples, with targets away from 0 and 1.
    fn tiny() -> (FloatNetwork, Examples) {
        let config = TrainConfig { hidden: 4, head: 3, seed: 9, ..TrainConfig::default() };
        let mut network = initial_network(6, &config, &Examples::new());
        // Larger weights than the first round's, so that every unit's gradient is exercised.
        let mut rng = Rng::new(3);
        for part in parts(&mut network) {
            part.iter_mut().for_each(|w| *w += (rng.unit() as f32 - 0.5) * 0.6);
        }
        let mut examples = Examples::new();
        examples.push([&[0, 2], &[1, 3, 5]], 0, 0.8);
        examples.push([&[4], &[0, 1]], 1, 0.3);
        examples.push([&[1, 2, 3], &[]], 1, 0.55);
        (network, examples)
    }

    /// The analytic gradient of every weight equals the numerical one (central differences in
    /// f64 over the f32 forward pass), away from the kinks of the clipped units.
    #[test]
    fn the_gradient_matches_finite_differences() {
        let (network, examples) = tiny();
        let mut gradient = FloatNetwork::zeros(6, 4, 3);
        let mut buffers = Buffers::new(&network);
        for i in 0..examples.len() {
            backward(&network, &examples, i, &mut buffers, &mut gradient);
        }
        let mut probe = network.clone();
        let mut analytic = gradient.clone();
        let analytic: Vec<f32> = parts(&mut analytic).iter().flat_map(|p| p.to_vec()).collect();
        let mut index = 0;
        let mut checked = 0;
        for part in 0..6 {
            let len = parts(&mut probe)[part].len();
            for j in 0..len {
                let original = parts(&mut probe)[part][j];
                let step = 1e-3f32;
                parts(&mut probe)[part][j] = original + step;
                let up = loss(&probe, &examples) * examples.len() as f64;
                parts(&mut probe)[part][j] = original - step;
                let down = loss(&probe, &examples) * examples.len() as f64;
                parts(&mut probe)[part][j] = original;
                let numeric = (up - down) / (2.0 * f64::from(step));
                let exact = f64::from(analytic[index]);
                assert!(
                    (numeric - exact).abs() < 2e-3 + 0.02 * exact.abs(),
                    "part {part} weight {j}: analytic {exact}, numeric {numeric}"
                );
                if exact != 0.0 {
                    checked += 1;
                }
                index += 1;
            }
        }
        assert!(checked > 40, "only {checked} weights had a gradient");
    }
}
