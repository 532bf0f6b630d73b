//! The two networks, written out by hand: a few hundred lines of plain loops
//! instead of a machine-learning runtime, because the networks are tiny and
//! a runtime would bring a large dependency tree for a forward pass of three
//! hundred thousand multiply-adds.
//!
//! Both have the same shape, only their widths differ:
//!
//! ```text
//! 28×28 input
//!  → 3×3 convolution, c1 channels, zero padding, ReLU → 2×2 max pool (14×14)
//!  → 3×3 convolution, c2 channels, zero padding, ReLU → 2×2 max pool (7×7)
//!  → dense, `hidden` units, ReLU → dense, one unit per class → softmax
//! ```
//!
//! The digit reader has c1 = 12, c2 = 24, 64 hidden units and 11 classes;
//! the mark reader c1 = 4, c2 = 8, 32 hidden units and 3 classes.
//!
//! # The weights file
//!
//! `training/digits.py` writes each network as one little-endian file:
//!
//! | bytes | content |
//! | --- | --- |
//! | 4 | `PBRN` |
//! | 4 × u32 | format version (1), c1, c2, hidden, classes |
//! | f32 … | conv1 weights `[c1][1][3][3]`, conv1 biases `[c1]` |
//! | f32 … | conv2 weights `[c2][c1][3][3]`, conv2 biases `[c2]` |
//! | f32 … | dense1 weights `[hidden][c2·49]` (input index `c·49 + y·7 + x`), biases `[hidden]` |
//! | f32 … | dense2 weights `[classes][hidden]`, biases `[classes]` |
//!
//! and nothing after. A convolution weight `[f][c][dy][dx]` multiplies input
//! channel `c` at `(x + dx − 1, y + dy − 1)`. The embedded files are checked
//! when the library is compiled, so a broken file cannot be shipped.

// `pub` for the `internals` feature; crate-private without it.
#![cfg_attr(not(feature = "internals"), allow(unreachable_pub))]

use std::sync::OnceLock;

use super::normalise::SIDE;

/// The first bytes of a weights file.
const MAGIC: &[u8; 4] = b"PBRN";
/// The format version this code reads.
const VERSION: u32 = 1;
/// Bytes before the first weight.
const HEADER: usize = 24;
/// The widest layer a weights file may declare: real networks are far
/// smaller; the bound keeps a hostile file's arithmetic small.
const MAX_WIDTH: u32 = 1024;
/// The most classes a weights file may declare.
const MAX_CLASSES: u32 = 64;

static DIGITS: &[u8] = include_bytes!("digits.weights");
static MARKS: &[u8] = include_bytes!("marks.weights");
const _: () = assert!(weights_shape_fits(include_bytes!("digits.weights"), 11));
const _: () = assert!(weights_shape_fits(include_bytes!("marks.weights"), 3));

/// The embedded digit reader: classes empty, 1–9, then 0.
pub fn digit_net() -> &'static Net {
    static NET: OnceLock<Net> = OnceLock::new();
    NET.get_or_init(|| Net::parse(DIGITS).expect("checked when compiled"))
}

/// The embedded mark reader: classes empty, X, O.
pub(crate) fn mark_net() -> &'static Net {
    static NET: OnceLock<Net> = OnceLock::new();
    NET.get_or_init(|| Net::parse(MARKS).expect("checked when compiled"))
}

/// One network of the shape above, with its weights.
#[derive(Debug, Clone)]
pub struct Net {
    c1: usize,
    c2: usize,
    conv1_w: Vec<f32>,
    conv1_b: Vec<f32>,
    conv2_w: Vec<f32>,
    conv2_b: Vec<f32>,
    /// The dense layers' weights input by input (`[inputs][units]`, the
    /// file's `[units][inputs]` turned), so that [`dense`] runs along them.
    dense1_w: Vec<f32>,
    dense1_b: Vec<f32>,
    dense2_w: Vec<f32>,
    dense2_b: Vec<f32>,
}

/// Why bytes are not a weights file.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub(crate) enum WeightsError {
    /// The file does not start with the header.
    #[error("not a paperboard weights file (it does not start with PBRN and a version 1 header)")]
    NotWeights,
    /// A layer is empty or wider than the limits.
    #[error("the weights file declares a layer of {width} units; 1 to {max} are allowed")]
    Width {
        /// The width declared.
        width: u32,
        /// The most allowed.
        max: u32,
    },
    /// The file is longer or shorter than its header says.
    #[error("the weights file has {found} bytes; its header calls for {expected}")]
    Length {
        /// Bytes the header calls for.
        expected: usize,
        /// Bytes found.
        found: usize,
    },
}

impl WeightsError {
    /// A stable code for each fault. Only the tests ask for it: the
    /// embedded weights are parsed once and never fail outside them.
    #[cfg(test)]
    pub(crate) fn code(&self) -> &'static str {
        match self {
            WeightsError::NotWeights => "weights-header",
            WeightsError::Width { .. } => "weights-width",
            WeightsError::Length { .. } => "weights-length",
        }
    }
}

/// The number of f32 values a network of these widths has.
const fn weight_count(c1: usize, c2: usize, hidden: usize, classes: usize) -> usize {
    c1 * 9 + c1 + c2 * c1 * 9 + c2 + hidden * c2 * 49 + hidden + classes * hidden + classes
}

/// The header's u32 at `at`.
const fn header_u32(bytes: &[u8], at: usize) -> u32 {
    u32::from_le_bytes([bytes[at], bytes[at + 1], bytes[at + 2], bytes[at + 3]])
}

/// Whether `bytes` is a well-formed weights file with `classes` classes
/// (used at compile time on the embedded files).
const fn weights_shape_fits(bytes: &[u8], classes: u32) -> bool {
    if bytes.len() < HEADER
        || bytes[0] != MAGIC[0]
        || bytes[1] != MAGIC[1]
        || bytes[2] != MAGIC[2]
        || bytes[3] != MAGIC[3]
        || header_u32(bytes, 4) != VERSION
        || header_u32(bytes, 20) != classes
    {
        return false;
    }
    let (c1, c2, hidden) = (
        header_u32(bytes, 8),
        header_u32(bytes, 12),
        header_u32(bytes, 16),
    );
    if c1 == 0 || c2 == 0 || hidden == 0 || c1 > MAX_WIDTH || c2 > MAX_WIDTH || hidden > MAX_WIDTH {
        return false;
    }
    let count = weight_count(c1 as usize, c2 as usize, hidden as usize, classes as usize);
    bytes.len() == HEADER + 4 * count
}

impl Net {
    /// A network read from a weights file (format in the module docs).
    pub(crate) fn parse(bytes: &[u8]) -> Result<Net, WeightsError> {
        if bytes.len() < HEADER || &bytes[..4] != MAGIC || header_u32(bytes, 4) != VERSION {
            return Err(WeightsError::NotWeights);
        }
        let widths = [8, 12, 16, 20].map(|at| header_u32(bytes, at));
        for (i, &width) in widths.iter().enumerate() {
            let max = if i == 3 { MAX_CLASSES } else { MAX_WIDTH };
            if width == 0 || width > max {
                return Err(WeightsError::Width { width, max });
            }
        }
        let [c1, c2, hidden, classes] = widths.map(|w| w as usize);
        let expected = HEADER + 4 * weight_count(c1, c2, hidden, classes);
        if bytes.len() != expected {
            return Err(WeightsError::Length {
                expected,
                found: bytes.len(),
            });
        }
        let mut values = bytes[HEADER..]
            .chunks_exact(4)
            .map(|b| f32::from_le_bytes([b[0], b[1], b[2], b[3]]));
        let mut take = |n: usize| -> Vec<f32> { values.by_ref().take(n).collect() };
        Ok(Net {
            c1,
            c2,
            conv1_w: take(c1 * 9),
            conv1_b: take(c1),
            conv2_w: take(c2 * c1 * 9),
            conv2_b: take(c2),
            dense1_w: turned(&take(hidden * c2 * 49), hidden),
            dense1_b: take(hidden),
            dense2_w: turned(&take(classes * hidden), classes),
            dense2_b: take(classes),
        })
    }

    /// How many classes the network tells apart.
    #[cfg(any(test, feature = "internals"))]
    pub fn classes(&self) -> usize {
        // One bias for each class.
        self.dense2_b.len()
    }

    /// The probability of each class for a normalised input
    /// ([`super::normalise`](fn@super::normalise)); they sum to 1.
    pub fn probabilities(&self, input: &[f32; SIDE * SIDE]) -> Vec<f32> {
        let a1 = conv3x3_relu(input, 1, SIDE, &self.conv1_w, &self.conv1_b);
        let p1 = max_pool(&a1, self.c1, SIDE);
        let half = SIDE / 2;
        let a2 = conv3x3_relu(&p1, self.c1, half, &self.conv2_w, &self.conv2_b);
        let p2 = max_pool(&a2, self.c2, half);
        let h = dense(&p2, &self.dense1_w, &self.dense1_b, true);
        let logits = dense(&h, &self.dense2_w, &self.dense2_b, false);
        softmax(&logits)
    }
}

/// A 3×3 convolution with zero padding and a ReLU: `input` is
/// `[channels][side][side]`, the result `[filters][side][side]`.
///
/// Each input plane is copied once into a zero border, and each filter's
/// sums are kept in a plane as wide as the bordered one: an output pixel
/// and its nine inputs are then the same distance apart everywhere, so
/// one pass over the whole plane adds all nine products of a channel, in
/// long runs the compiler vectorises (the two columns past each row's end
/// are worked out and dropped). Each sum adds its terms in the order of
/// the plain formula (channel, then kernel row, then column), so the
/// result is the same to the bit; this is the readers' hottest loop.
fn conv3x3_relu(
    input: &[f32],
    channels: usize,
    side: usize,
    weights: &[f32],
    biases: &[f32],
) -> Vec<f32> {
    let area = side * side;
    let wide = side + 2;
    let mut padded = vec![0.0f32; channels * wide * wide];
    for (c, plane) in input.chunks_exact(area).enumerate() {
        for (y, row) in plane.chunks_exact(side).enumerate() {
            let at = c * wide * wide + (y + 1) * wide + 1;
            padded[at..at + side].copy_from_slice(row);
        }
    }
    // Sums of the wide plane, from the first output pixel to the last.
    let run = (side - 1) * wide + side;
    let mut sums = vec![0.0f32; run];
    let mut out = vec![0.0f32; biases.len() * area];
    for (f, (plane, &bias)) in out.chunks_exact_mut(area).zip(biases).enumerate() {
        sums.fill(bias);
        for (c, source) in padded.chunks_exact(wide * wide).enumerate() {
            let k = &weights[(f * channels + c) * 9..(f * channels + c + 1) * 9];
            // The input under kernel tap `t` (row t / 3, column t % 3) of
            // each output pixel, all of one length so no index is tested.
            let tap: [&[f32]; 9] = std::array::from_fn(|t| &source[t / 3 * wide + t % 3..][..run]);
            for (i, sum) in sums.iter_mut().enumerate() {
                let mut v = *sum;
                v += k[0] * tap[0][i];
                v += k[1] * tap[1][i];
                v += k[2] * tap[2][i];
                v += k[3] * tap[3][i];
                v += k[4] * tap[4][i];
                v += k[5] * tap[5][i];
                v += k[6] * tap[6][i];
                v += k[7] * tap[7][i];
                v += k[8] * tap[8][i];
                *sum = v;
            }
        }
        for (row, wide_row) in plane.chunks_exact_mut(side).zip(sums.chunks(wide)) {
            for (o, &v) in row.iter_mut().zip(wide_row) {
                *o = v.max(0.0);
            }
        }
    }
    out
}

/// 2×2 max pooling of `[channels][side][side]`.
fn max_pool(input: &[f32], channels: usize, side: usize) -> Vec<f32> {
    let half = side / 2;
    let mut out = vec![0.0f32; channels * half * half];
    for c in 0..channels {
        let plane = &input[c * side * side..(c + 1) * side * side];
        for y in 0..half {
            for x in 0..half {
                let at = |dy: usize, dx: usize| plane[(2 * y + dy) * side + 2 * x + dx];
                out[(c * half + y) * half + x] = at(0, 0).max(at(0, 1)).max(at(1, 0)).max(at(1, 1));
            }
        }
    }
    out
}

/// A dense layer's weights `[units][inputs]` (as the file holds them)
/// turned to `[inputs][units]`.
fn turned(weights: &[f32], units: usize) -> Vec<f32> {
    let inputs = weights.len() / units;
    (0..inputs)
        .flat_map(|i| (0..units).map(move |u| weights[u * inputs + i]))
        .collect()
}

/// A dense layer, `weights` `[input.len()][units]` (see [`turned`]), one
/// unit for each of `biases`, with an optional ReLU.
///
/// Each unit's sum adds its products one input after the other, as the
/// plain `bias + Σ w·x` (`Iterator::sum`, from -0.0) does, so the result
/// is the same (to the bit, but for the sign of a zero); but all units are summed together, input by
/// input, so that the additions of one unit do not wait for each other
/// and the compiler vectorises across units.
fn dense(input: &[f32], weights: &[f32], biases: &[f32], relu: bool) -> Vec<f32> {
    let mut sums = vec![-0.0f32; biases.len()];
    for (&x, column) in input.iter().zip(weights.chunks_exact(biases.len())) {
        // Most inputs are zero (after a ReLU and pooling): their products
        // are zeros, which leave every sum as it is (at most a zero's
        // sign, which no later step can tell), so they are skipped.
        if x == 0.0 {
            continue;
        }
        for (sum, &w) in sums.iter_mut().zip(column) {
            *sum += w * x;
        }
    }
    sums.iter()
        .zip(biases)
        .map(|(&sum, &bias)| {
            let v = bias + sum;
            if relu { v.max(0.0) } else { v }
        })
        .collect()
}

/// Probabilities from logits, computed stably.
fn softmax(logits: &[f32]) -> Vec<f32> {
    let top = logits.iter().copied().fold(f32::NEG_INFINITY, f32::max);
    let exps: Vec<f32> = logits.iter().map(|&l| (l - top).exp()).collect();
    let total: f32 = exps.iter().sum();
    exps.iter().map(|e| e / total).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_embedded_networks_have_their_classes() {
        assert_eq!(digit_net().classes(), 11);
        assert_eq!(mark_net().classes(), 3);
    }

    #[test]
    fn damaged_weights_are_refused_with_a_reason() {
        assert_eq!(Net::parse(b"PBRN").unwrap_err().code(), "weights-header");
        assert_eq!(
            Net::parse(&DIGITS[..DIGITS.len() - 4]).unwrap_err().code(),
            "weights-length"
        );
        let mut wide = DIGITS.to_vec();
        wide[8..12].copy_from_slice(&5000u32.to_le_bytes());
        assert_eq!(Net::parse(&wide).unwrap_err().code(), "weights-width");
        let mut other = DIGITS.to_vec();
        other[0] = b'X';
        assert_eq!(Net::parse(&other).unwrap_err().code(), "weights-header");
    }

    #[test]
    fn a_convolution_shifts_by_its_kernel_offset() {
        // One input pixel at (2, 2); a kernel whose only weight is at
        // (dy, dx) = (0, 0) reads the pixel up-left, so the output is at (3, 3).
        let side = 5;
        let mut input = vec![0.0; side * side];
        input[2 * side + 2] = 1.0;
        let mut kernel = [0.0; 9];
        kernel[0] = 2.0;
        let out = conv3x3_relu(&input, 1, side, &kernel, &[0.5]);
        for (i, &v) in out.iter().enumerate() {
            assert_eq!(v, if i == 3 * side + 3 { 2.5 } else { 0.5 }, "at {i}");
        }
    }

    /// The plain formulas the layers compute faster: each output the
    /// bias plus its products, summed in the order they are written.
    fn plain_conv(input: &[f32], channels: usize, side: usize, w: &[f32], b: &[f32]) -> Vec<f32> {
        let at = |c: usize, x: i64, y: i64| {
            let inside = (0..side as i64).contains(&x) && (0..side as i64).contains(&y);
            if inside {
                input[c * side * side + y as usize * side + x as usize]
            } else {
                0.0
            }
        };
        let mut out = Vec::new();
        for (f, &bias) in b.iter().enumerate() {
            for y in 0..side as i64 {
                for x in 0..side as i64 {
                    let mut v = bias;
                    for c in 0..channels {
                        for t in 0..9 {
                            let (dy, dx) = ((t / 3) as i64 - 1, (t % 3) as i64 - 1);
                            v += w[(f * channels + c) * 9 + t] * at(c, x + dx, y + dy);
                        }
                    }
                    out.push(v.max(0.0));
                }
            }
        }
        out
    }

    fn plain_dense(input: &[f32], w: &[f32], b: &[f32], units: usize, relu: bool) -> Vec<f32> {
        (0..units)
            .map(|u| {
                let row = &w[u * input.len()..(u + 1) * input.len()];
                let v = b[u] + row.iter().zip(input).map(|(w, x)| w * x).sum::<f32>();
                if relu { v.max(0.0) } else { v }
            })
            .collect()
    }

    #[test]
    fn the_layers_give_the_plain_formulas_values_to_the_bit() {
        let mut rng = crate::rng::SplitMix64::new(7);
        let mut numbers = |n: usize, zeros: bool| -> Vec<f32> {
            (0..n)
                .map(|i| {
                    let v = (rng.next_u64() % 2001) as f32 / 1000.0 - 1.0;
                    if zeros && i % 3 == 0 { 0.0 } else { v }
                })
                .collect()
        };
        let same = |a: &[f32], b: &[f32]| {
            a.len() == b.len() && a.iter().zip(b).all(|(x, y)| x.to_bits() == y.to_bits())
        };
        // The digit reader's second convolution: 12 channels of 14 × 14.
        let (input, w, b) = (
            numbers(12 * 196, true),
            numbers(24 * 12 * 9, false),
            numbers(24, false),
        );
        let fast = conv3x3_relu(&input, 12, 14, &w, &b);
        assert!(same(&fast, &plain_conv(&input, 12, 14, &w, &b)));
        // 13 units: a full run of lanes and a short one.
        let (input, w, b) = (
            numbers(1176, true),
            numbers(13 * 1176, false),
            numbers(13, false),
        );
        for relu in [false, true] {
            // The same values (a zero's sign aside: zero inputs are skipped).
            let fast = dense(&input, &turned(&w, 13), &b, relu);
            assert_eq!(fast, plain_dense(&input, &w, &b, 13, relu));
        }
    }
}
