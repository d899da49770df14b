//! The trainer learns what a teacher network knows: positions of random features labelled by a
//! random network of the same shape, and a student started from the first round's weights must
//! close two thirds of the gap between its first loss and the labels' own entropy, the same way on every
//! run.

use kit::nnue::FloatNetwork;
use kit::train::{initial_network, loss, target_entropy, train, Examples, TrainConfig};
use protocol::Rng;

const INPUTS: usize = 120;

fn teacher(rng: &mut Rng) -> FloatNetwork {
    let mut uniform = |range: f32| (rng.unit() as f32 * 2.0 - 1.0) * range;
    let mut network = FloatNetwork::zeros(INPUTS, 16, 4);
    network.input_weights.iter_mut().for_each(|w| *w = uniform(0.3));
    network.input_bias.iter_mut().for_each(|w| *w = 0.3 + uniform(0.2));
    network.head_weights.iter_mut().for_each(|w| *w = uniform(0.6));
    network.head_bias.iter_mut().for_each(|w| *w = 0.2 + uniform(0.2));
    network.output_weights.iter_mut().for_each(|w| *w = uniform(3.0));
    network
}

fn examples(teacher: &FloatNetwork, count: usize, rng: &mut Rng) -> Examples {
    let mut examples = Examples::new();
    for _ in 0..count {
        let mut features = [Vec::new(), Vec::new()];
        for active in features.iter_mut() {
            for feature in 0..INPUTS {
                if rng.chance(0.12) {
                    active.push(feature);
                }
            }
        }
        let mover = rng.below(2);
        let logit = teacher.forward([&features[0], &features[1]], mover);
        let target = 1.0 / (1.0 + (-logit).exp());
        examples.push([&features[0], &features[1]], mover, target);
    }
    examples
}

#[test]
fn a_student_learns_its_teacher_and_the_same_way_twice() {
    let mut rng = Rng::new(116);
    let teacher = teacher(&mut rng);
    let training = examples(&teacher, 8000, &mut rng);
    let held_out = examples(&teacher, 2000, &mut rng);
    let config = TrainConfig {
        hidden: 16,
        head: 4,
        epochs: 12,
        batch: 64,
        learning_rate: 0.003,
        threads: 2,
        seed: 5,
        ..TrainConfig::default()
    };
    let run = || {
        let mut student = initial_network(INPUTS, &config, &training);
        let first = loss(&student, &held_out);
        let mut epochs = Vec::new();
        train(&mut student, &training, &held_out, &config, |epoch| epochs.push(epoch.held_out_loss));
        (first, epochs)
    };
    let (first, epochs) = run();
    let floor = target_entropy(&held_out);
    let last = *epochs.last().unwrap();
    assert!(
        last - floor < (first - floor) / 3.0,
        "held-out loss {first:.4} -> {last:.4}, floor {floor:.4}: {epochs:?}"
    );
    assert_eq!(run().1, epochs, "the same examples and seed train the same network");
}
