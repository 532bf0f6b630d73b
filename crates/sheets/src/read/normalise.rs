//! From a crop of any size to the 28 × 28 input both networks read.
//!
//! The networks were trained on crops passed through exactly these steps
//! (`normalise` in `training/digits.py`), so a change here without the same
//! change there, and new weights, breaks them; the agreement test
//! (`read::accuracy_tests`) catches that. The steps follow MNIST's own
//! preparation, made robust to what a photographed box adds:
//!
//! 1. **contrast, not level**: the paper level is the crop's 75th percentile
//!    grey, and ink is darkness relative to it, so a dim photograph and a
//!    bright scan read alike, and pencil (60 % black) stays ink;
//! 2. **noise floor**: darkness below a fifth of the paper level is paper
//!    (texture, JPEG ripples, an erased stroke);
//! 3. **printed lines**: a row or column in the outer fifth of the crop that
//!    is mostly ink is the box's or cell's printed border, and is cleared
//!    (with its blurred neighbours), so remnants of the border do not decide
//!    where the writing is;
//! 4. **the writing's box**: the ink's extent, dropping 1 % of the ink on
//!    each side (specks, a neighbour's stroke tip), is scaled so its longer
//!    side is 20 pixels, but never enlarged as if it were smaller than 30 %
//!    of the crop, so a speck in an empty box stays a speck;
//! 5. **centring**: the centre of mass goes to the middle of the 28 × 28
//!    square; each output pixel averages enough bilinear samples to cover
//!    the crop pixels it stands for;
//! 6. **stretch**: the darkest output pixel becomes 1 (unless it is fainter
//!    than 0.3), so light and heavy writing look alike.

// `pub` for the `internals` feature; crate-private without it.
#![cfg_attr(not(feature = "internals"), allow(unreachable_pub))]

use super::GreyCrop;
use super::sample::floor;

/// The side of the normalised square.
pub(crate) const SIDE: usize = 28;
/// The writing's longer side in the normalised square.
const FIT: f64 = 20.0;
/// Darkness (relative to paper) below this is paper.
const NOISE_FLOOR: f32 = 0.2;
/// Darkness that counts as ink for the printed-line test.
const LINE_INK: f32 = 0.1;
/// A border row (column) with this share of its pixels inked is a line...
const LINE_COVER: f64 = 0.6;
/// ...and a neighbour of one with this share is its blurred edge.
const LINE_EDGE: f64 = 0.3;
/// The share of the crop's rows (columns) on each side where lines are looked for.
const BAND: f64 = 0.2;
/// The share of the ink dropped on each side when measuring its extent.
const TRIM: f64 = 0.01;
/// Ink smaller than this share of the crop's shorter side is not enlarged further.
const MIN_SIDE: f64 = 0.3;
/// The stretch divides by the darkest pixel, or by this if it is fainter.
const MIN_PEAK: f64 = 0.3;
/// The most bilinear samples per output pixel along each axis.
const MAX_SUPERSAMPLE: usize = 8;

/// The crop as the networks see it: `SIDE × SIDE` ink levels in `[0, 1]`,
/// row by row, 0 for paper. An empty crop gives all zeros.
pub fn normalise(crop: GreyCrop<'_>) -> [f32; SIDE * SIDE] {
    let (w, h) = (crop.width(), crop.height());
    let mut out = [0.0f32; SIDE * SIDE];
    let mut ink = relative_ink(crop);
    clear_border_lines(&mut ink, w, h);

    let ink: Vec<f64> = ink.into_iter().map(f64::from).collect();
    let mut col_mass = vec![0.0f64; w];
    let mut row_mass = vec![0.0f64; h];
    for (y, row) in ink.chunks_exact(w).enumerate() {
        for (x, &v) in row.iter().enumerate() {
            col_mass[x] += v;
        }
        row_mass[y] = row.iter().sum();
    }
    let col_mass = cumulative(&col_mass);
    let row_mass = cumulative(&row_mass);
    let mass = col_mass[w - 1];
    if mass < 1e-3 {
        return out;
    }
    let (x0, x1) = trimmed_extent(&col_mass, mass);
    let (y0, y1) = trimmed_extent(&row_mass, mass);

    let (mut box_mass, mut mx, mut my) = (0.0f64, 0.0f64, 0.0f64);
    for y in y0..=y1 {
        for x in x0..=x1 {
            let v = ink[y * w + x];
            box_mass += v;
            mx += v * (x as f64 + 0.5);
            my += v * (y as f64 + 0.5);
        }
    }
    if box_mass < 1e-6 {
        return out;
    }
    let (cx, cy) = (mx / box_mass, my / box_mass);
    let extent = ((x1 - x0 + 1).max(y1 - y0 + 1) as f64).max(MIN_SIDE * w.min(h) as f64);
    let scale = FIT / extent;
    let k = ((1.0 / scale).ceil() as usize).clamp(1, MAX_SUPERSAMPLE);
    let offsets: Vec<f64> = (0..k).map(|j| (j as f64 + 0.5) / k as f64 - 0.5).collect();

    // Where each sample falls: output column `u`'s `j`th sample across is
    // at `across[u * k + j]`, row `v`'s down at `down[v * k + j]`. The
    // grid is separable, so each is worked out once, not once for every
    // sample of the 28 × 28 square (up to 8 × 8 samples a pixel).
    let half = SIDE as f64 / 2.0;
    let places = |centre: f64| -> Vec<Place> {
        (0..SIDE)
            .flat_map(|i| offsets.iter().map(move |o| (i, o)))
            .map(|(i, o)| Place::at(centre + (i as f64 + 0.5 - half + o) / scale))
            .collect()
    };
    let (across, down) = (places(cx), places(cy));
    let mut values = [0.0f64; SIDE * SIDE];
    for (v, row) in values.chunks_exact_mut(SIDE).enumerate() {
        for (u, value) in row.iter_mut().enumerate() {
            let mut sum = 0.0;
            for sy in &down[v * k..(v + 1) * k] {
                for sx in &across[u * k..(u + 1) * k] {
                    sum += bilinear(&ink, w, h, sx, sy);
                }
            }
            *value = sum / (k * k) as f64;
        }
    }
    let peak = values.iter().copied().fold(MIN_PEAK, f64::max);
    for (o, v) in out.iter_mut().zip(values) {
        *o = (v / peak).min(1.0) as f32;
    }
    out
}

/// Darkness relative to the paper level, after the noise floor, in `[0, 1]`.
fn relative_ink(crop: GreyCrop<'_>) -> Vec<f32> {
    let pixels = crop.pixels();
    let mut histogram = [0usize; 256];
    for &p in pixels {
        histogram[usize::from(p)] += 1;
    }
    // The grey at sorted position (n - 1) * 3 / 4.
    let rank = (pixels.len() - 1) * 3 / 4;
    let mut seen = 0;
    let mut paper = 255u8;
    for (level, &count) in histogram.iter().enumerate() {
        seen += count;
        if seen > rank {
            paper = level as u8;
            break;
        }
    }
    // A crop darker than 1 has no paper: nothing is darker than its level.
    let (level, divisor) = (f32::from(paper), f32::from(paper.max(1)));
    let scale = 1.0f32 - NOISE_FLOOR;
    pixels
        .iter()
        .map(|&p| {
            let dark = ((level - f32::from(p)) / divisor).clamp(0.0, 1.0);
            (dark - NOISE_FLOOR).max(0.0) / scale
        })
        .collect()
}

/// Clears the rows and columns of the outer bands that are printed lines.
/// Both directions are judged on the ink as it was, before either is cleared.
fn clear_border_lines(ink: &mut [f32], w: usize, h: usize) {
    let mut row_cover = vec![0usize; h];
    let mut col_cover = vec![0usize; w];
    for (y, row) in ink.chunks_exact(w).enumerate() {
        for (x, &v) in row.iter().enumerate() {
            if v > LINE_INK {
                row_cover[y] += 1;
                col_cover[x] += 1;
            }
        }
    }
    let rows = lines_found(&row_cover, w, band(h));
    let cols = lines_found(&col_cover, h, band(w));
    for (y, row) in ink.chunks_exact_mut(w).enumerate() {
        for (x, v) in row.iter_mut().enumerate() {
            if rows[y] || cols[x] {
                *v = 0.0;
            }
        }
    }
}

/// Rows (or columns) on each side where lines are looked for.
fn band(n: usize) -> usize {
    ((n as f64 * BAND) as usize).max(1)
}

/// Which of the rows (columns), each with `cover` inked pixels out of
/// `length`, are a printed line or the blurred edge of one.
fn lines_found(cover: &[usize], length: usize, band: usize) -> Vec<bool> {
    let n = cover.len();
    let in_band = |i: usize| i < band || i + band >= n;
    let core: Vec<bool> = (0..n)
        .map(|i| in_band(i) && cover[i] as f64 >= LINE_COVER * length as f64)
        .collect();
    (0..n)
        .map(|i| {
            let near = (i > 0 && core[i - 1]) || (i + 1 < n && core[i + 1]);
            core[i] || (in_band(i) && near && cover[i] as f64 >= LINE_EDGE * length as f64)
        })
        .collect()
}

/// Running sums.
fn cumulative(values: &[f64]) -> Vec<f64> {
    values
        .iter()
        .scan(0.0, |sum, &v| {
            *sum += v;
            Some(*sum)
        })
        .collect()
}

/// The first and last index of the ink's extent along one axis, given the
/// running sums of its mass, dropping [`TRIM`] of it on each side.
fn trimmed_extent(running: &[f64], mass: f64) -> (usize, usize) {
    let first = running.iter().position(|&m| m > TRIM * mass).unwrap_or(0);
    let last = running
        .iter()
        .position(|&m| m >= (1.0 - TRIM) * mass)
        .unwrap_or(running.len() - 1);
    (first, last.max(first))
}

/// A sample's place along one axis: the pixel before it (pixel centres at
/// half-integers) and how far past that pixel's centre it lies.
#[derive(Debug, Clone, Copy)]
struct Place {
    pixel: i64,
    past: f64,
}

impl Place {
    /// The place of the coordinate `at`.
    fn at(at: f64) -> Place {
        let shifted = at - 0.5;
        let pixel = floor(shifted);
        Place {
            pixel: pixel as i64,
            past: shifted - pixel,
        }
    }
}

/// `ink` at a sample's place; 0 outside the crop.
fn bilinear(ink: &[f64], w: usize, h: usize, x: &Place, y: &Place) -> f64 {
    let at = |ix: i64, iy: i64| -> f64 {
        if ix < 0 || iy < 0 || ix >= w as i64 || iy >= h as i64 {
            0.0
        } else {
            ink[iy as usize * w + ix as usize]
        }
    };
    let (ix, iy, fx, fy) = (x.pixel, y.pixel, x.past, y.past);
    let top = at(ix, iy) * (1.0 - fx) + at(ix + 1, iy) * fx;
    let bottom = at(ix, iy + 1) * (1.0 - fx) + at(ix + 1, iy + 1) * fx;
    top * (1.0 - fy) + bottom * fy
}

#[cfg(test)]
mod tests {
    use super::*;

    fn crop(w: usize, h: usize, pixels: &[u8]) -> [f32; SIDE * SIDE] {
        normalise(GreyCrop::new(w, h, pixels).unwrap())
    }

    #[test]
    fn blank_paper_at_any_level_is_empty() {
        for level in [0u8, 40, 128, 255] {
            assert!(crop(20, 30, &vec![level; 600]).iter().all(|&v| v == 0.0));
        }
    }

    #[test]
    fn a_square_of_ink_is_centred_and_scaled_to_twenty_pixels() {
        // A 10 × 10 dark square in the top-left part of a 40 × 40 crop.
        let mut pixels = vec![230u8; 1600];
        for y in 5..15 {
            for x in 8..18 {
                pixels[y * 40 + x] = 20;
            }
        }
        let out = crop(40, 40, &pixels);
        let inked: Vec<(usize, usize)> = (0..SIDE * SIDE)
            .filter(|&i| out[i] > 0.5)
            .map(|i| (i % SIDE, i / SIDE))
            .collect();
        let (min_x, max_x) = (
            inked.iter().map(|p| p.0).min(),
            inked.iter().map(|p| p.0).max(),
        );
        let (min_y, max_y) = (
            inked.iter().map(|p| p.1).min(),
            inked.iter().map(|p| p.1).max(),
        );
        // The square (extent 12 = 30 % of 40, as it is smaller) spans
        // 10 / 12 × 20 ≈ 16.7 pixels around the centre.
        assert_eq!((min_x, max_x), (Some(6), Some(21)));
        assert_eq!((min_y, max_y), (Some(6), Some(21)));
        assert_eq!(out.iter().copied().fold(0.0, f32::max), 1.0);
    }

    #[test]
    fn a_printed_border_line_is_not_writing() {
        // A full-width line at the top of an otherwise empty box.
        let mut pixels = vec![240u8; 36 * 44];
        pixels[2 * 36..3 * 36].fill(30);
        assert!(crop(36, 44, &pixels).iter().all(|&v| v == 0.0));
        // The same line in the middle of the box is not a border: it is read.
        let mut pixels = vec![240u8; 36 * 44];
        pixels[22 * 36..23 * 36].fill(30);
        assert!(crop(36, 44, &pixels).iter().any(|&v| v > 0.5));
    }
}
