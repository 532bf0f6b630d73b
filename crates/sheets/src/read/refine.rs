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
//! the sheet; edges that continue one another joined into one line of up
//! to [`LINE_MOST`] mm) is looked for across itself, [`REACH`] mm either
//! way of where the map puts it, at a few places along it. The line is
//! where every place is dark (within [`SWAY`]) and it stands out of the
//! paper: a digit's stroke beside the line, however dark, is beside a box
//! or two of the line, not along all of it, and a column of digits
//! written one under another wavers. The edges of a box drawn without
//! lines (the outside of a tic-tac-toe board) find none and are dropped.
//! What is left says, at each edge, how far the printed line is from the
//! map's line: across vertical lines in x, across horizontal ones in y.
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

/// How far a printed line may stray across itself between the places it
/// is looked at, mm: a curl bends it a little along the length looked at
/// ([`LINE_MOST`]), a digit's strokes lie farther from it.
const SWAY: f64 = 0.2;

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

/// The printed lines along the edges of `rects`, in a fixed order: the
/// distinct edges, and those that continue one another along one line
/// (a record's row of boxes, a board's row of cells) joined into one of
/// at most [`LINE_MOST`] mm.
///
/// A box's edge alone is a few millimetres: a digit's stroke beside it
/// (the foot of a 2, the bar of a 7, written a millimetre from the line)
/// may be as long as the part of it looked at, and darker than a thin
/// printed line, so the line would be found on the stroke. Along several
/// boxes, the stroke is beside one of them only, and the line is found
/// where it is printed.
fn edges(rects: &[[f64; 4]]) -> Vec<Edge> {
    let distinct = distinct_edges(rects);
    // Each line's edges in order along it, each run that continues
    // itself joined; a joined line keeps the place of its first edge.
    let mut order: Vec<usize> = (0..distinct.len()).collect();
    order.sort_by(|&a, &b| {
        let (e, f) = (&distinct[a], &distinct[b]);
        e.vertical
            .cmp(&f.vertical)
            .then(e.at.total_cmp(&f.at))
            .then(e.from.total_cmp(&f.from))
            .then(a.cmp(&b))
    });
    let mut joined: Vec<(usize, Edge)> = Vec::new();
    for i in order {
        let e = distinct[i];
        match joined.last_mut() {
            Some((first, line))
                if line.vertical == e.vertical
                    && (line.at - e.at).abs() < 0.05
                    && (line.to - e.from).abs() < 0.05
                    && e.to - line.from <= LINE_MOST =>
            {
                line.to = e.to;
                *first = (*first).min(i);
            }
            _ => joined.push((i, e)),
        }
    }
    joined.sort_by_key(|&(first, _)| first);
    joined.into_iter().map(|(_, e)| e).collect()
}

/// The longest line [`edges`] joins, mm: a curl moves a line by a
/// millimetre over some tens of them, so the offset measured along it is
/// still the one near its crops ([`NEAR`]).
const LINE_MOST: f64 = 10.0;

/// The distinct edges of `rects`, in a fixed order.
fn distinct_edges(rects: &[[f64; 4]]) -> Vec<Edge> {
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
    let mut profiles = Vec::with_capacity(ALONG);
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
        profiles.push(profile);
    }
    // The profile across the line: at each step, the lightest of the
    // places' greys, each place's darkest within [`SWAY`] of the step. The
    // printed line is dark at about the same step at every place (a curl
    // bends it a little along its length); a digit's stroke beside it, or
    // a column of digits written one under another (each darker than a
    // thin line), is not dark at all of them (a mean or a median of the
    // places would take such strokes for the line).
    let sway = (SWAY / STEP).round() as usize;
    let lightest: Vec<f64> = (0..n)
        .map(|i| {
            let near = i.saturating_sub(sway)..(i + sway + 1).min(n);
            profiles
                .iter()
                .map(|p| p[near.clone()].iter().copied().fold(f64::MAX, f64::min))
                .fold(f64::MIN, f64::max)
        })
        .collect();
    // The line stands out of the paper beside it, at every place. Of such
    // dips (a line, and rarely strokes dark at every place too), the one
    // nearest where the map puts the line: the map misses by a fraction of
    // [`REACH`].
    let mut sorted = lightest.clone();
    sorted.sort_by(f64::total_cmp);
    let paper = sorted[n * 3 / 4];
    let at = (0..n)
        .filter(|&i| {
            paper - lightest[i] >= 25.0
                && (i == 0 || lightest[i] <= lightest[i - 1])
                && (i + 1 == n || lightest[i] <= lightest[i + 1])
        })
        .min_by(|&a, &b| across(a).abs().total_cmp(&across(b).abs()))?;
    // The line's lightest: the centroid of its darkness below halfway to
    // the paper (a thick line's darkest sample may be anywhere across
    // it).
    let level = (paper + lightest[at]) / 2.0;
    let (mut lo, mut hi) = (at, at);
    while lo > 0 && lightest[lo - 1] < level {
        lo -= 1;
    }
    while hi + 1 < n && lightest[hi + 1] < level {
        hi += 1;
    }
    let (mut sum, mut weight) = (0.0, 0.0);
    for (i, &m) in lightest.iter().enumerate().take(hi + 1).skip(lo) {
        sum += (level - m) * across(i);
        weight += level - m;
    }
    (weight > 0.0).then(|| sum / weight)
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
    fn a_digits_stroke_beside_a_boxs_line_is_not_taken_for_the_line() {
        // A record's rows of six boxes 4.5 mm wide, their lines thin and
        // grey, and in every other box of the first column a dark
        // horizontal stroke (the foot of a 2, the top of a 5 or a 7) a
        // millimetre above the box's bottom line, across the middle of
        // the box. The sheet is flat: no box may move.
        let scale = 10.0;
        let (w, h) = (700, 700);
        let mut grey = vec![230u8; w * h];
        let side = 4.5;
        let (x0, y0) = (10.0, 10.0);
        let mut rects = Vec::new();
        for row in 0..10 {
            for col in 0..6 {
                let (x, y) = (x0 + side * f64::from(col), y0 + side * f64::from(row));
                rects.push([x, y, side, side]);
            }
        }
        for py in 0..h {
            for px in 0..w {
                let (x, y) = (px as f64 / scale, py as f64 / scale);
                let inside =
                    (x0..=x0 + 6.0 * side).contains(&x) && (y0..=y0 + 10.0 * side).contains(&y);
                let on = |v: f64, from: f64| {
                    ((v - from) / side - ((v - from) / side).round()).abs() * side < 0.1
                };
                if inside && (on(x, x0) || on(y, y0)) {
                    grey[py * w + px] = 150;
                }
                // The strokes: boxes of the first column, rows 0, 2, 4, ….
                let row = ((y - y0) / side).floor();
                let bottom = y0 + side * (row + 1.0);
                if (x0 + 0.6..x0 + side - 0.6).contains(&x)
                    && (0.0..10.0).contains(&row)
                    && row % 2.0 == 0.0
                    && (y - (bottom - 1.1)).abs() < 0.25
                {
                    grey[py * w + px] = 30;
                }
            }
        }
        let photo = Photo {
            width: w,
            height: h,
            grey,
        };
        let mm = [(0.0, 0.0), (60.0, 0.0), (60.0, 60.0), (0.0, 60.0)];
        let map = Homography::from_points(&mm, &mm.map(|(x, y)| (x * scale, y * scale))).unwrap();
        let c = Correction::measure(&photo, &map, &rects);
        // No line is measured on a stroke: each is where it is printed.
        let measured: Vec<_> = c.across_x.iter().chain(&c.across_y).collect();
        assert!(measured.len() >= 10, "{measured:?}");
        for &&(x, y, offset) in &measured {
            assert!(
                offset.abs() < 0.15,
                "a line at ({x}, {y}) measured {offset} mm off"
            );
        }
        for r in rects {
            let moved = c.apply(r);
            assert!(
                (moved[0] - r[0]).abs() < 0.1 && (moved[1] - r[1]).abs() < 0.1,
                "box at {r:?} moved to {moved:?}"
            );
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
