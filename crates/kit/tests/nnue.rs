//! The kit's network on a toy position of cells, each empty or holding a stack of one of a few
//! kinds owned by either player: the accumulators kept by adding, removing and replacing
//! features along random games (with unmake by restoring the parent's copy) must equal the ones
//! computed from scratch, and the quantised network must follow the float one.

use kit::nnue::{base64_decode, base64_encode, Accumulator, FloatNetwork, Network, OUTPUT_ONE};
use protocol::Rng;

const CELLS: usize = 24;
const KINDS: usize = 6;
/// A feature is a cell, an owner relative to the perspective (0: the perspective's own) and a
/// kind.
const INPUTS: usize = CELLS * 2 * KINDS;
const HIDDEN: usize = 32;
const HEAD: usize = 8;

/// A cell: `None`, or (owner, kind).
type Cells = [Option<(usize, usize)>; CELLS];

fn feature(perspective: usize, cell: usize, owner: usize, kind: usize) -> usize {
    let relative = usize::from(owner != perspective);
    (cell * 2 + relative) * KINDS + kind
}

fn active(cells: &Cells, perspective: usize) -> Vec<usize> {
    let mut features = Vec::new();
    for (cell, content) in cells.iter().enumerate() {
        if let Some((owner, kind)) = *content {
            features.push(feature(perspective, cell, owner, kind));
        }
    }
    features
}

fn uniform(rng: &mut Rng, range: f32) -> f32 {
    (rng.unit() as f32 * 2.0 - 1.0) * range
}

/// A float network with weights in the ranges a trained one has.
fn random_network(rng: &mut Rng) -> FloatNetwork {
    let mut net = FloatNetwork::zeros(INPUTS, HIDDEN, HEAD);
    net.input_weights.iter_mut().for_each(|w| *w = uniform(rng, 0.4));
    net.input_bias.iter_mut().for_each(|w| *w = uniform(rng, 0.5) + 0.3);
    net.head_weights.iter_mut().for_each(|w| *w = uniform(rng, 0.5));
    net.head_bias.iter_mut().for_each(|w| *w = uniform(rng, 0.5));
    net.output_weights.iter_mut().for_each(|w| *w = uniform(rng, 4.0));
    net.output_bias = uniform(rng, 0.5);
    net
}

fn random_cells(rng: &mut Rng) -> Cells {
    let mut cells = [None; CELLS];
    for cell in cells.iter_mut() {
        if rng.chance(0.7) {
            *cell = Some((rng.below(2), rng.below(KINDS)));
        }
    }
    cells
}

fn from_scratch(network: &Network<HIDDEN>, cells: &Cells) -> Accumulator<HIDDEN> {
    Accumulator::from_features(network, [&active(cells, 0), &active(cells, 1)])
}

/// Changes one cell at random (a stack appears, goes or changes) and the accumulator with it,
/// by the features the change adds and removes.
fn random_change(
    rng: &mut Rng,
    network: &Network<HIDDEN>,
    cells: &mut Cells,
    accumulator: &mut Accumulator<HIDDEN>,
) {
    let cell = rng.below(CELLS);
    let new = if rng.chance(0.3) { None } else { Some((rng.below(2), rng.below(KINDS))) };
    for perspective in 0..2 {
        let old_feature = cells[cell].map(|(o, k)| feature(perspective, cell, o, k));
        let new_feature = new.map(|(o, k)| feature(perspective, cell, o, k));
        match (old_feature, new_feature) {
            (Some(old), Some(new)) => accumulator.replace(network, perspective, old, new),
            (Some(old), None) => accumulator.remove(network, perspective, old),
            (None, Some(new)) => accumulator.add(network, perspective, new),
            (None, None) => {}
        }
    }
    cells[cell] = new;
}

#[test]
fn incremental_accumulators_equal_the_ones_from_scratch_along_random_games() {
    let mut rng = Rng::new(116);
    let network = Network::<HIDDEN>::quantise(&random_network(&mut rng), CELLS).unwrap();
    let mut checked = 0;
    for _game in 0..200 {
        let cells = random_cells(&mut rng);
        // The search's path: one accumulator per ply, each a changed copy of its parent.
        let mut path = vec![(cells, from_scratch(&network, &cells))];
        for _ply in 0..40 {
            if path.len() > 1 && rng.chance(0.35) {
                // Unmake: the parent's copy is the position's accumulator again.
                path.pop();
                let (cells, accumulator) = path.last().unwrap();
                assert_eq!(*accumulator, from_scratch(&network, cells));
            } else {
                let (mut cells, mut accumulator) = *path.last().unwrap();
                for _ in 0..1 + rng.below(3) {
                    random_change(&mut rng, &network, &mut cells, &mut accumulator);
                }
                assert_eq!(accumulator, from_scratch(&network, &cells));
                for mover in 0..2 {
                    assert_eq!(
                        network.evaluate(&accumulator, mover),
                        network.evaluate(&from_scratch(&network, &cells), mover)
                    );
                }
                path.push((cells, accumulator));
            }
            checked += 1;
        }
    }
    assert_eq!(checked, 200 * 40);
}

/// The bounds the quantised output keeps from the float one, in logits, over random positions of
/// random networks with weights in a trained network's ranges (output weights up to 4, so errors
/// are magnified more than a trained head's). Rounding the input and head weights to 1/512 leaves
/// a worst error of 0.099 and a mean of 0.011 here (seed 2011); a wrong scale, a lost clip or an
/// activation rounded to 1/127 is off by far more (the coarser units gave a worst of 0.54).
const WORST_ERROR: f32 = 0.15;
const MEAN_ERROR: f32 = 0.02;

#[test]
fn the_quantised_network_follows_the_float_one() {
    let mut rng = Rng::new(2011);
    let mut worst = 0.0f32;
    let mut total = 0.0f32;
    let mut samples = 0;
    for _net in 0..20 {
        let float = random_network(&mut rng);
        let network = Network::<HIDDEN>::quantise(&float, CELLS).unwrap();
        for _position in 0..200 {
            let cells = random_cells(&mut rng);
            let features = [active(&cells, 0), active(&cells, 1)];
            let accumulator = Accumulator::from_features(&network, [&features[0], &features[1]]);
            for mover in 0..2 {
                let exact = float.forward([&features[0], &features[1]], mover);
                let quantised = (network.evaluate(&accumulator, mover) as f64 / OUTPUT_ONE as f64) as f32;
                let error = (exact - quantised).abs();
                worst = worst.max(error);
                total += error;
                samples += 1;
            }
        }
    }
    let mean = total / samples as f32;
    assert!(worst < WORST_ERROR, "worst error {worst} logits (mean {mean})");
    assert!(mean < MEAN_ERROR, "mean error {mean} logits (worst {worst})");
}

#[test]
fn the_output_depends_on_who_moves_and_on_the_features() {
    let mut rng = Rng::new(7);
    let float = random_network(&mut rng);
    let network = Network::<HIDDEN>::quantise(&float, CELLS).unwrap();
    let cells = random_cells(&mut rng);
    let accumulator = from_scratch(&network, &cells);
    assert_ne!(network.evaluate(&accumulator, 0), network.evaluate(&accumulator, 1));
    assert_ne!(network.evaluate(&accumulator, 0), network.evaluate(&Accumulator::empty(&network), 0));
}

#[test]
fn weights_survive_bytes_and_base64_and_bad_ones_are_named() {
    let mut rng = Rng::new(3);
    let network = Network::<HIDDEN>::quantise(&random_network(&mut rng), CELLS).unwrap();
    let bytes = network.to_bytes();
    let text = base64_encode(&bytes);
    assert_eq!(text.len(), bytes.len().div_ceil(3) * 4);
    let back = Network::<HIDDEN>::from_bytes(&base64_decode(&text).unwrap(), INPUTS).unwrap();
    assert_eq!(back, network);

    let error = Network::<HIDDEN>::from_bytes(&bytes[..bytes.len() - 1], INPUTS).unwrap_err();
    assert!(error.contains("end too early"), "{error}");
    let error = Network::<HIDDEN>::from_bytes(&bytes, INPUTS + 1).unwrap_err();
    assert!(error.contains("inputs"), "{error}");
    let error = Network::<16>::from_bytes(&bytes, INPUTS).unwrap_err();
    assert!(error.contains("hidden"), "{error}");
    assert!(base64_decode("QUJD!A==").unwrap_err().contains("'!'"));
}

#[test]
fn base64_matches_the_standard_examples() {
    for (bytes, text) in [("", ""), ("f", "Zg=="), ("fo", "Zm8="), ("foo", "Zm9v"), ("foobar", "Zm9vYmFy")] {
        assert_eq!(base64_encode(bytes.as_bytes()), text);
        assert_eq!(base64_decode(text).unwrap(), bytes.as_bytes());
    }
    assert_eq!(base64_decode("Zm9v\nYmFy").unwrap(), b"foobar");
}

/// The message of a refused quantisation (the network itself is too long to print).
fn refusal(result: Result<Network<HIDDEN>, String>) -> String {
    match result {
        Ok(_) => panic!("the network was accepted"),
        Err(error) => error,
    }
}

#[test]
fn weights_out_of_their_integer_range_are_refused() {
    let mut rng = Rng::new(5);
    let mut float = random_network(&mut rng);
    float.head_weights[3] = 70.0;
    let error = refusal(Network::<HIDDEN>::quantise(&float, CELLS));
    assert!(error.contains("head weight 70"), "{error}");

    let mut float = random_network(&mut rng);
    float.input_weights.iter_mut().for_each(|w| *w = 11.0);
    let error = refusal(Network::<HIDDEN>::quantise(&float, CELLS));
    assert!(error.contains("can reach"), "{error}");
    assert!(Network::<HIDDEN>::quantise(&float, 1).is_ok());
}
