//! An efficiently updatable neural network (NNUE), written once for every game's evaluation.
//!
//! The game defines sparse one-hot input features as each player sees the position (perspective 0
//! is the first player's view, 1 the second's). The network is
//!
//! ```text
//! accumulator[p] = input_bias + Σ input_weights[f]   over the features f active for perspective p
//! x              = [crelu(accumulator[mover]), crelu(accumulator[other])]         (2·H values)
//! h              = crelu(head_weights · x + head_bias)                            (HEAD values)
//! output         = output_weights · h + output_bias                               (one logit)
//! ```
//!
//! with `crelu(v) = min(max(v, 0), 1)`. The output is a logit of the mover's expected score. The
//! accumulators are the costly part (a column of H weights per feature); they live in
//! [`Accumulator`], which the search keeps along its path and changes by the features a move adds
//! and removes, so a node costs a few hundred 16-bit additions and the small head.
//!
//! Quantisation (integer arithmetic, the same result on every machine, and plain loops that
//! `rustc -O` vectorises without target flags; x86-64's baseline SSE2 multiplies 16-bit pairs into
//! 32-bit sums, so 16-bit head weights cost no more than 8-bit ones would):
//! * input weights and biases: `i16` in units of [`ACTIVATION_ONE`] (512) per 1.0, so an
//!   accumulator spans ±64 before its clip at 0..=1;
//! * head weights: `i16` in units of [`HEAD_WEIGHT_ONE`] (512); head biases and the head's
//!   activations `i32`, kept at their sums' precision (`ACTIVATION_ONE · HEAD_WEIGHT_ONE` per 1.0);
//! * output weights: `i16` in units of [`OUTPUT_WEIGHT_ONE`] (128), summed in `i64`, so the output
//!   is in units of [`OUTPUT_ONE`] per logit.
//!
//! Coarser units (127 and 64, with `i8` head weights, as chess networks use) cost up to half a
//! logit over a head of 8 in the kit's test; these keep it under a tenth (mean 0.011)
//! ([`Network::quantise`] checks that no sum can overflow).
//!
//! The float network ([`FloatNetwork`]) is the trainer's model and the reference the quantised
//! one is tested against. Weights travel as bytes ([`Network::to_bytes`]), shipped in a bot as a
//! base64 string constant ([`base64_encode`]) so that the one-file bundle holds them as text.

/// An accumulator value (and input weight) of 1.0 in integer units.
pub const ACTIVATION_ONE: i32 = 512;
/// A head weight of 1.0 in integer units.
pub const HEAD_WEIGHT_ONE: i32 = 512;
/// An output weight of 1.0 in integer units.
pub const OUTPUT_WEIGHT_ONE: i32 = 128;
/// A head activation of 1.0 in integer units.
pub const HEAD_ONE: i32 = ACTIVATION_ONE * HEAD_WEIGHT_ONE;
/// A logit of 1.0 in the units of [`Network::evaluate`].
pub const OUTPUT_ONE: i64 = HEAD_ONE as i64 * OUTPUT_WEIGHT_ONE as i64;

/// The clipped ReLU of the float network.
#[inline]
fn crelu(v: f32) -> f32 {
    v.clamp(0.0, 1.0)
}

/// The network in floating point: the trainer's model and the reference forward pass.
#[derive(Clone, Debug, PartialEq)]
pub struct FloatNetwork {
    pub inputs: usize,
    pub hidden: usize,
    pub head: usize,
    /// `inputs` rows of `hidden` weights: the column a feature adds to an accumulator.
    pub input_weights: Vec<f32>,
    pub input_bias: Vec<f32>,
    /// `head` rows of `2 · hidden` weights: the mover's accumulator first, then the other's.
    pub head_weights: Vec<f32>,
    pub head_bias: Vec<f32>,
    pub output_weights: Vec<f32>,
    pub output_bias: f32,
}

impl FloatNetwork {
    /// A network of zeros of this shape.
    pub fn zeros(inputs: usize, hidden: usize, head: usize) -> FloatNetwork {
        FloatNetwork {
            inputs,
            hidden,
            head,
            input_weights: vec![0.0; inputs * hidden],
            input_bias: vec![0.0; hidden],
            head_weights: vec![0.0; head * 2 * hidden],
            head_bias: vec![0.0; head],
            output_weights: vec![0.0; head],
            output_bias: 0.0,
        }
    }

    /// The accumulator of one perspective: the input bias plus the active features' columns.
    pub fn accumulate(&self, features: &[usize]) -> Vec<f32> {
        let mut sums = self.input_bias.clone();
        for &feature in features {
            let column = &self.input_weights[feature * self.hidden..(feature + 1) * self.hidden];
            for (sum, weight) in sums.iter_mut().zip(column) {
                *sum += weight;
            }
        }
        sums
    }

    /// The output logit from the two perspectives' accumulators, for the mover `mover`.
    pub fn head_output(&self, accumulators: [&[f32]; 2], mover: usize) -> f32 {
        let x: Vec<f32> =
            accumulators[mover].iter().chain(accumulators[1 - mover]).map(|&v| crelu(v)).collect();
        let mut output = self.output_bias;
        for neuron in 0..self.head {
            let row = &self.head_weights[neuron * 2 * self.hidden..(neuron + 1) * 2 * self.hidden];
            let sum: f32 = row.iter().zip(&x).map(|(w, v)| w * v).sum();
            output += self.output_weights[neuron] * crelu(sum + self.head_bias[neuron]);
        }
        output
    }

    /// The output logit of a position given each perspective's active features.
    pub fn forward(&self, features: [&[usize]; 2], mover: usize) -> f32 {
        let ours = self.accumulate(features[0]);
        let theirs = self.accumulate(features[1]);
        self.head_output([&ours, &theirs], mover)
    }
}

/// One neuron of the quantised head: its weights on the mover's and the other's activations.
#[derive(Clone, Debug, PartialEq)]
struct HeadNeuron<const H: usize> {
    mover: [i16; H],
    other: [i16; H],
    bias: i32,
    output_weight: i16,
}

/// The quantised network with `H` accumulator values per perspective.
#[derive(Clone, Debug, PartialEq)]
pub struct Network<const H: usize> {
    input_weights: Vec<[i16; H]>,
    input_bias: [i16; H],
    head: Vec<HeadNeuron<H>>,
    output_bias: i64,
}

/// Rounds `value · scale` to an integer in `min..=max`, or says which weight does not fit.
fn quantise(value: f32, scale: i32, min: i32, max: i32, what: &str) -> Result<i32, String> {
    let scaled = (value * scale as f32).round();
    if scaled.is_finite() && scaled >= min as f32 && scaled <= max as f32 {
        Ok(scaled as i32)
    } else {
        Err(format!("{what} {value} does not fit its integer range ({min}..={max} / {scale})"))
    }
}

impl<const H: usize> Network<H> {
    /// The quantised form of `float`, checked: every weight fits its integer type, and no
    /// accumulator can leave `i16` when at most `max_active` features are active at once.
    pub fn quantise(float: &FloatNetwork, max_active: usize) -> Result<Network<H>, String> {
        if float.hidden != H {
            return Err(format!("the network has {} hidden values, not {H}", float.hidden));
        }
        let a = ACTIVATION_ONE;
        let (i16_min, i16_max) = (i32::from(i16::MIN), i32::from(i16::MAX));
        let mut input_weights = vec![[0i16; H]; float.inputs];
        for (feature, column) in input_weights.iter_mut().enumerate() {
            for (slot, &value) in column.iter_mut().zip(&float.input_weights[feature * H..]) {
                *slot = quantise(value, a, i16_min, i16_max, "input weight")? as i16;
            }
        }
        let mut input_bias = [0i16; H];
        for (slot, &value) in input_bias.iter_mut().zip(&float.input_bias) {
            *slot = quantise(value, a, i16_min, i16_max, "input bias")? as i16;
        }
        for unit in 0..H {
            let mut largest: Vec<i32> =
                input_weights.iter().map(|column| i32::from(column[unit]).abs()).collect();
            largest.sort_unstable_by(|x, y| y.cmp(x));
            let reach = i32::from(input_bias[unit]).abs() + largest.iter().take(max_active).sum::<i32>();
            if reach > i16_max {
                return Err(format!(
                    "accumulator {unit} can reach {reach} with {max_active} features, over i16"
                ));
            }
        }
        let mut head = Vec::with_capacity(float.head);
        for neuron in 0..float.head {
            let row = &float.head_weights[neuron * 2 * H..(neuron + 1) * 2 * H];
            let mut mover = [0i16; H];
            let mut other = [0i16; H];
            for unit in 0..H {
                mover[unit] = quantise(row[unit], HEAD_WEIGHT_ONE, i16_min, i16_max, "head weight")? as i16;
                other[unit] =
                    quantise(row[H + unit], HEAD_WEIGHT_ONE, i16_min, i16_max, "head weight")? as i16;
            }
            let bias = quantise(float.head_bias[neuron], HEAD_ONE, -(1 << 30), 1 << 30, "head bias")?;
            let reach = i64::from(bias).abs()
                + mover.iter().chain(&other).map(|&w| i64::from(w).abs()).sum::<i64>()
                    * i64::from(ACTIVATION_ONE);
            if reach > i64::from(i32::MAX) {
                return Err(format!("head neuron {neuron} can reach {reach}, over i32"));
            }
            let output_weight =
                quantise(float.output_weights[neuron], OUTPUT_WEIGHT_ONE, i16_min, i16_max, "output weight")?
                    as i16;
            head.push(HeadNeuron { mover, other, bias, output_weight });
        }
        let output_bias = (f64::from(float.output_bias) * OUTPUT_ONE as f64).round();
        if !output_bias.is_finite() || output_bias.abs() > 1e15 {
            return Err(format!("output bias {} is out of range", float.output_bias));
        }
        let output_bias = output_bias as i64;
        Ok(Network { input_weights, input_bias, head, output_bias })
    }

    /// How many input features the network reads.
    pub fn inputs(&self) -> usize {
        self.input_weights.len()
    }

    /// The output for the mover `mover`, in units of [`OUTPUT_ONE`] per logit.
    pub fn evaluate(&self, accumulator: &Accumulator<H>, mover: usize) -> i64 {
        let mut x_mover = [0i16; H];
        let mut x_other = [0i16; H];
        let clip = |v: i16| v.clamp(0, ACTIVATION_ONE as i16);
        for unit in 0..H {
            x_mover[unit] = clip(accumulator.values[mover][unit]);
            x_other[unit] = clip(accumulator.values[1 - mover][unit]);
        }
        let mut output = self.output_bias;
        for neuron in &self.head {
            let sum = neuron.bias + dot(&x_mover, &neuron.mover) + dot(&x_other, &neuron.other);
            output += i64::from(sum.clamp(0, HEAD_ONE)) * i64::from(neuron.output_weight);
        }
        output
    }

    /// The network as bytes: a header (magic, inputs, H, head size), then every integer
    /// little-endian in the order of the fields.
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut bytes = Vec::new();
        bytes.extend_from_slice(MAGIC);
        for size in [self.inputs(), H, self.head.len()] {
            bytes.extend_from_slice(&(size as u32).to_le_bytes());
        }
        for column in &self.input_weights {
            column.iter().for_each(|v| bytes.extend_from_slice(&v.to_le_bytes()));
        }
        self.input_bias.iter().for_each(|v| bytes.extend_from_slice(&v.to_le_bytes()));
        for neuron in &self.head {
            for v in neuron.mover.iter().chain(&neuron.other) {
                bytes.extend_from_slice(&v.to_le_bytes());
            }
            bytes.extend_from_slice(&neuron.bias.to_le_bytes());
            bytes.extend_from_slice(&neuron.output_weight.to_le_bytes());
        }
        bytes.extend_from_slice(&self.output_bias.to_le_bytes());
        bytes
    }

    /// Reads [`Network::to_bytes`]'s form, checking its shape against `H` and `inputs`.
    pub fn from_bytes(bytes: &[u8], inputs: usize) -> Result<Network<H>, String> {
        let mut reader = Reader { bytes, at: 0 };
        if reader.take(MAGIC.len())? != MAGIC {
            return Err("not a network: the bytes do not start with NNUE2".to_string());
        }
        let (found_inputs, hidden, head) = (reader.u32()?, reader.u32()?, reader.u32()?);
        if (found_inputs as usize, hidden as usize) != (inputs, H) {
            return Err(format!(
                "the network has {found_inputs} inputs and {hidden} hidden values, \
                 the game wants {inputs} and {H}"
            ));
        }
        let mut input_weights = vec![[0i16; H]; inputs];
        for column in &mut input_weights {
            for slot in column.iter_mut() {
                *slot = reader.i16()?;
            }
        }
        let mut input_bias = [0i16; H];
        for slot in &mut input_bias {
            *slot = reader.i16()?;
        }
        let mut neurons = Vec::with_capacity(head as usize);
        for _ in 0..head {
            let mut mover = [0i16; H];
            let mut other = [0i16; H];
            for slot in mover.iter_mut().chain(other.iter_mut()) {
                *slot = reader.i16()?;
            }
            let bias = reader.i32()?;
            let output_weight = reader.i16()?;
            neurons.push(HeadNeuron { mover, other, bias, output_weight });
        }
        let output_bias = i64::from_le_bytes(reader.take(8)?.try_into().expect("8 bytes"));
        if reader.at != bytes.len() {
            return Err(format!("{} bytes left over after the network", bytes.len() - reader.at));
        }
        Ok(Network { input_weights, input_bias, head: neurons, output_bias })
    }
}

/// The dot product of activations and weights in eight 32-bit lanes, the shape SSE2's
/// multiply-add of 16-bit pairs computes: written as one sum, the compiler kept it scalar (the
/// head took 560 ns of Dvonn's 750 a node).
#[inline]
fn dot<const H: usize>(x: &[i16; H], w: &[i16; H]) -> i32 {
    const LANES: usize = 8;
    let mut lanes = [0i32; LANES];
    for (xs, ws) in x.chunks_exact(LANES).zip(w.chunks_exact(LANES)) {
        for lane in 0..LANES {
            lanes[lane] += i32::from(xs[lane]) * i32::from(ws[lane]);
        }
    }
    let tail = H - H % LANES;
    let rest: i32 = x[tail..].iter().zip(&w[tail..]).map(|(&a, &b)| i32::from(a) * i32::from(b)).sum();
    lanes.iter().sum::<i32>() + rest
}

const MAGIC: &[u8] = b"NNUE2";

/// A cursor over bytes that says when they run out.
struct Reader<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl Reader<'_> {
    fn take(&mut self, count: usize) -> Result<&[u8], String> {
        let end = self.at + count;
        let taken = self.bytes.get(self.at..end).ok_or("the network's bytes end too early")?;
        self.at = end;
        Ok(taken)
    }

    fn u32(&mut self) -> Result<u32, String> {
        Ok(u32::from_le_bytes(self.take(4)?.try_into().expect("4 bytes")))
    }

    fn i32(&mut self) -> Result<i32, String> {
        Ok(i32::from_le_bytes(self.take(4)?.try_into().expect("4 bytes")))
    }

    fn i16(&mut self) -> Result<i16, String> {
        Ok(i16::from_le_bytes(self.take(2)?.try_into().expect("2 bytes")))
    }
}

/// Both perspectives' accumulators of one position. `Copy`, so a search keeps one per ply: copy
/// the parent's, then apply the move's changes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Accumulator<const H: usize> {
    pub values: [[i16; H]; 2],
}

impl<const H: usize> Accumulator<H> {
    /// The accumulators with no feature active: the input bias in both.
    pub fn empty(network: &Network<H>) -> Accumulator<H> {
        Accumulator { values: [network.input_bias; 2] }
    }

    /// The accumulators computed from scratch from each perspective's active features.
    pub fn from_features(network: &Network<H>, features: [&[usize]; 2]) -> Accumulator<H> {
        let mut accumulator = Accumulator::empty(network);
        for (perspective, active) in features.iter().enumerate() {
            for &feature in active.iter() {
                accumulator.add(network, perspective, feature);
            }
        }
        accumulator
    }

    /// Feature `feature` of perspective `perspective` became active.
    #[inline]
    pub fn add(&mut self, network: &Network<H>, perspective: usize, feature: usize) {
        let column = &network.input_weights[feature];
        for (value, weight) in self.values[perspective].iter_mut().zip(column) {
            *value = value.wrapping_add(*weight);
        }
    }

    /// Feature `feature` of perspective `perspective` is no longer active.
    #[inline]
    pub fn remove(&mut self, network: &Network<H>, perspective: usize, feature: usize) {
        let column = &network.input_weights[feature];
        for (value, weight) in self.values[perspective].iter_mut().zip(column) {
            *value = value.wrapping_sub(*weight);
        }
    }

    /// One feature replaced by another in a perspective (a stack that changed), in one pass.
    #[inline]
    pub fn replace(&mut self, network: &Network<H>, perspective: usize, old: usize, new: usize) {
        let (old, new) = (&network.input_weights[old], &network.input_weights[new]);
        for ((value, o), n) in self.values[perspective].iter_mut().zip(old).zip(new) {
            *value = value.wrapping_sub(*o).wrapping_add(*n);
        }
    }
}

const BASE64: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

const NOT_BASE64: u8 = 255;

/// Each byte's digit value, [`NOT_BASE64`] for bytes that are not digits.
const BASE64_VALUES: [u8; 256] = {
    let mut values = [NOT_BASE64; 256];
    let mut digit = 0;
    while digit < 64 {
        values[BASE64[digit] as usize] = digit as u8;
        digit += 1;
    }
    values
};

/// Standard base64 with `=` padding: the form weights take inside a source file.
pub fn base64_encode(bytes: &[u8]) -> String {
    let mut text = String::with_capacity(bytes.len().div_ceil(3) * 4);
    for chunk in bytes.chunks(3) {
        let word = chunk.iter().enumerate().fold(0u32, |w, (i, &b)| w | u32::from(b) << (16 - 8 * i));
        for i in 0..4 {
            if i <= chunk.len() {
                text.push(BASE64[(word >> (18 - 6 * i) & 63) as usize] as char);
            } else {
                text.push('=');
            }
        }
    }
    text
}

/// The bytes of [`base64_encode`]'s text; whitespace is skipped.
pub fn base64_decode(text: &str) -> Result<Vec<u8>, String> {
    let digits: Vec<u8> = text.bytes().filter(|b| !b.is_ascii_whitespace()).collect();
    if digits.len() % 4 != 0 {
        return Err(format!("base64 text of {} digits is not a multiple of 4", digits.len()));
    }
    let mut bytes = Vec::with_capacity(digits.len() / 4 * 3);
    for chunk in digits.chunks(4) {
        let padding = chunk.iter().rev().take_while(|&&b| b == b'=').count();
        if padding > 2 {
            return Err("base64 text with more than two '=' in a group".to_string());
        }
        let mut word = 0u32;
        for &digit in &chunk[..4 - padding] {
            let value = BASE64_VALUES[usize::from(digit)];
            if value == NOT_BASE64 {
                return Err(format!("'{}' is not a base64 digit", digit.escape_ascii()));
            }
            word = word << 6 | u32::from(value);
        }
        word <<= 6 * padding as u32;
        bytes.extend_from_slice(&word.to_be_bytes()[1..4 - padding]);
    }
    Ok(bytes)
}
