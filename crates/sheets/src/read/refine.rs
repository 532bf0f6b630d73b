//! The page mapping corrected piece by piece from the printed lines.
//!
//! The marks fix one homography: exact for a flat sheet, but paper curls.
//! An edge lifting 2 mm off the table, seen by a phone leaning a little,
//! moves what is printed there by a millimetre or more in the photo while
//! the marks, at the corners, barely move: a box's crop then lands across
//! its border and the digit is cut. No single projective map can follow a
//! bend, so the reader measures how far the map misses where it matters.
//!
//! Every record box and field cell is drawn with lines along its edges, at
//! places the layout knows. Each edge (at most [`MAX_PROBES`], spread over
//! the sheet) is looked for across itself, [`REACH`] mm either way of where
//! the map puts it: the mean grey across the line at a few places along it
//! is darkest where the line is. An edge is kept only if most places along
//! it agree on where it is (a written digit touching the line is dark at
//! one place, not along it) and it stands out of the paper; the edges of a
//! box drawn without lines (the outside of a tic-tac-toe board) find none
//! and are dropped. What is left says, at each edge, how far the printed
//! line is from the map's line: across vertical lines in x, across
//! horizontal ones in y.
//!
//! A crop is then moved by the offsets measured near it: those within
//! [`NEAR`] mm, weighted by nearness, after the ones far from their
//! neighbours' median are left out. A crop with too few measured lines
//! near it is not moved. A flat sheet's offsets are a fraction of a pixel,
//! so it reads as before.

use super::homography::Homography;
use super::photo::Photo;
use super::sample::bilinear;

/// The most edges looked for on one sheet: the work is bounded whatever
/// the layout (an Ultimate sheet has several hundred distinct edges).
pub(crate) const MAX_PROBES: usize = 400;

/// How far either way of its mapped place a line is looked for, mm: more
/// than a curl moves it (1.5 mm for a 3 mm bulge at a page's edge), less
/// than half the 5 mm between a record's rows.
const REACH: f64 = 2.2;

/// The step across a line, mm.
const STEP: f64 = 0.1;

/// Places along an edge where it is looked at.
const ALONG: usize = 6;

/// How far from a crop the measured lines that move it may be, mm.
const NEAR: f64 = 20.0;

/// The fewest lines near a crop that may move it.
const FEWEST: usize = 3;

/// A line of the layout: vertical at `x` from `y0` to `y1`, or horizontal.
#[derive(Debug, Clone, Copy, PartialEq)]
struct Edge {
    vertical: bool,
    /// Where across (x of a vertical line, y of a horizontal one), mm.
    at: f64,
    /// Where it starts and ends along itself, mm.
    from: f64,
    to: f64,
}

/// How far the printed lines are from where the map puts them, measured
/// along the sheet's edges: `(x, y, offset)` in mm, across vertical lines
/// (offsets in x) and across horizontal ones (in y).
#[derive(Debug, Clone, Default)]
pub(crate) struct Correction {
    across_x: Vec<(f64, f64, f64)>,
    across_y: Vec<(f64, f64, f64)>,
}

impl Correction {
    /// Measures the lines along the edges of `rects` (boxes and cells, mm)
    /// in `photo` through `map`.
    pub(crate) fn measure(photo: &Photo, map: &Homography, rects: &[[f64; 4]]) -> Correction {
        let edges = edges(rects);
        let stride = edges.len().div_ceil(MAX_PROBES).max(1);
        let mut out = Correction::default();
        for e in edges.iter().step_by(stride) {
            let Some(offset) = find_line(photo, map, e) else {
                continue;
            };
            let mid = (e.from + e.to) / 2.0;
            if e.vertical {
                out.across_x.push((e.at, mid, offset));
            } else {
                out.across_y.push((mid, e.at, offset));
            }
        }
        out
    }

    /// The rectangle `rect` moved to where its lines are.
    pub(crate) fn apply(&self, rect: [f64; 4]) -> [f64; 4] {
        let [x, y, w, h] = rect;
        let (cx, cy) = (x + w / 2.0, y + h / 2.0);
        [
            x + shift(&self.across_x, cx, cy),
            y + shift(&self.across_y, cx, cy),
            w,
            h,
        ]
    }
}

/// The offset at (x, y) from the measured ones near it: their median, then
/// the mean of those near the median weighted by nearness; 0 with fewer
/// than [`FEWEST`] near.
fn shift(measured: &[(f64, f64, f64)], x: f64, y: f64) -> f64 {
    let near: Vec<(f64, f64)> = measured
        .iter()
        .filter_map(|&(mx, my, d)| {
            let r = (mx - x).hypot(my - y);
            (r < NEAR).then_some((d, r))
        })
        .collect();
    if near.len() < FEWEST {
        return 0.0;
    }
    let mut sorted: Vec<f64> = near.iter().map(|p| p.0).collect();
    sorted.sort_by(f64::total_cmp);
    let median = sorted[sorted.len() / 2];
    let (mut sum, mut weights) = (0.0, 0.0);
    for &(d, r) in &near {
        if (d - median).abs() <= 0.4 {
            let w = 1.0 / (1.0 + (r / 6.0).powi(2));
            sum += w * d;
            weights += w;
        }
    }
    if weights > 0.0 { sum / weights } else { 0.0 }
}

/// The distinct edges of `rects`, in a fixed order.
fn edges(rects: &[[f64; 4]]) -> Vec<Edge> {
    let mut out: Vec<Edge> = Vec::new();
    for &[x, y, w, h] in rects {
        if !(w > 0.0 && h > 0.0) {
            continue;
        }
        for e in [
            Edge {
                vertical: true,
                at: x,
                from: y,
                to: y + h,
            },
            Edge {
                vertical: true,
                at: x + w,
                from: y,
                to: y + h,
            },
            Edge {
                vertical: false,
                at: y,
                from: x,
                to: x + w,
            },
            Edge {
                vertical: false,
                at: y + h,
                from: x,
                to: x + w,
            },
        ] {
            let same = |o: &Edge| {
                o.vertical == e.vertical
                    && (o.at - e.at).abs() < 0.05
                    && (o.from - e.from).abs() < 0.05
                    && (o.to - e.to).abs() < 0.05
            };
            if !out.iter().any(same) {
                out.push(e);
            }
        }
    }
    out
}

/// How far (mm, across itself) the printed line of `edge` is from where
/// `map` puts it, or `None` when no line is seen there.
fn find_line(photo: &Photo, map: &Homography, e: &Edge) -> Option<f64> {
    let n = (2.0 * REACH / STEP).round() as usize + 1;
    let across = |i: usize| -REACH + i as f64 * STEP;
    let mut mean = vec![0.0f64; n];
    let mut darkest = Vec::with_capacity(ALONG);
    for k in 0..ALONG {
        // Away from the ends, where the crossing lines are.
        let t = 0.2 + 0.6 * k as f64 / (ALONG - 1) as f64;
        let along = e.from + (e.to - e.from) * t;
        let profile: Vec<f64> = (0..n)
            .map(|i| {
                let (x, y) = if e.vertical {
                    (e.at + across(i), along)
                } else {
                    (along, e.at + across(i))
                };
                let (u, v) = map.map(x, y);
                f64::from(bilinear(photo, u, v))
            })
            .collect();
        for (m, p) in mean.iter_mut().zip(&profile) {
            *m += p / ALONG as f64;
        }
        darkest.push(argmin(&profile));
    }
    let at = argmin(&mean);
    // Most places along the edge see the line where the mean does.
    let agree = darkest
        .iter()
        .filter(|&&i| i.abs_diff(at) as f64 * STEP <= 0.35)
        .count();
    if agree * 3 < ALONG * 2 {
        return None;
    }
    // And it stands out of the paper beside it.
    let mut sorted = mean.clone();
    sorted.sort_by(f64::total_cmp);
    let paper = sorted[n * 3 / 4];
    if paper - mean[at] < 25.0 {
        return None;
    }
    // The line's middle: the centroid of its darkness below halfway to
    // the paper (a thick line's darkest sample may be anywhere across
    // it).
    let level = (paper + mean[at]) / 2.0;
    let (mut lo, mut hi) = (at, at);
    while lo > 0 && mean[lo - 1] < level {
        lo -= 1;
    }
    while hi + 1 < n && mean[hi + 1] < level {
        hi += 1;
    }
    let (mut sum, mut weight) = (0.0, 0.0);
    for (i, &m) in mean.iter().enumerate().take(hi + 1).skip(lo) {
        sum += (level - m) * across(i);
        weight += level - m;
    }
    (weight > 0.0).then(|| sum / weight)
}

/// The index of the least value.
fn argmin(values: &[f64]) -> usize {
    values
        .iter()
        .enumerate()
        .min_by(|a, b| a.1.total_cmp(b.1))
        .map_or(0, |(i, _)| i)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A photo of a grid of lines 8 mm apart, drawn `bend` mm to the right
    /// of where a map of 6 pixels a mm puts them, growing with y.
    fn grid_photo(bend: impl Fn(f64) -> f64) -> (Photo, Homography) {
        let scale = 6.0;
        let (w, h) = (600, 600);
        let mut grey = vec![230u8; w * h];
        for py in 0..h {
            for px in 0..w {
                let (x, y) = (px as f64 / scale, py as f64 / scale);
                let xs = x - bend(y);
                let near = |v: f64| (v - 8.0 * (v / 8.0).round()).abs() < 0.2;
                if near(xs) || near(y) {
                    grey[py * w + px] = 40;
                }
            }
        }
        let mm = [(0.0, 0.0), (100.0, 0.0), (100.0, 100.0), (0.0, 100.0)];
        let px = mm.map(|(x, y)| (x * scale, y * scale));
        (
            Photo {
                width: w,
                height: h,
                grey,
            },
            Homography::from_points(&mm, &px).unwrap(),
        )
    }

    fn boxes() -> Vec<[f64; 4]> {
        let mut out = Vec::new();
        for j in 1..10 {
            for i in 1..10 {
                out.push([8.0 * f64::from(i), 8.0 * f64::from(j), 8.0, 8.0]);
            }
        }
        out
    }

    #[test]
    fn a_box_is_moved_to_where_its_printed_lines_are() {
        // The lines drift right down the page, up to 1.2 mm at the bottom.
        let (photo, map) = grid_photo(|y| 1.2 * (y / 80.0).powi(2));
        let c = Correction::measure(&photo, &map, &boxes());
        for b in boxes() {
            let moved = c.apply(b);
            let truth = 1.2 * ((b[1] + 4.0) / 80.0).powi(2);
            assert!(
                (moved[0] - b[0] - truth).abs() < 0.25,
                "box at {:?} moved {:.2}, lines {:.2} mm off",
                b,
                moved[0] - b[0],
                truth
            );
            assert!((moved[1] - b[1]).abs() < 0.15);
        }
    }

    #[test]
    fn a_flat_sheet_is_left_as_the_map_says() {
        let (photo, map) = grid_photo(|_| 0.0);
        let c = Correction::measure(&photo, &map, &boxes());
        for b in boxes() {
            let moved = c.apply(b);
            assert!((moved[0] - b[0]).abs() < 0.1 && (moved[1] - b[1]).abs() < 0.1);
        }
    }

    #[test]
    fn edges_without_lines_move_nothing() {
        // A blank page: no line is found, no box moves.
        let photo = Photo {
            width: 600,
            height: 600,
            grey: vec![230; 360_000],
        };
        let mm = [(0.0, 0.0), (100.0, 0.0), (100.0, 100.0), (0.0, 100.0)];
        let map = Homography::from_points(&mm, &mm.map(|(x, y)| (x * 6.0, y * 6.0))).unwrap();
        let c = Correction::measure(&photo, &map, &boxes());
        assert!(c.across_x.is_empty() && c.across_y.is_empty());
        assert_eq!(c.apply([8.0, 8.0, 8.0, 8.0]), [8.0, 8.0, 8.0, 8.0]);
    }
}
