//! How sharp a photo of a sheet is, measured on what the sheet prints.
//!
//! A blurred photo does not fail loudly: the digit reader still gives
//! probabilities, the rules still pick a game, and the game comes back
//! with many moves wrong. The reader must see the blur itself, and the
//! sheet prints the perfect target for it: its four alignment marks are
//! filled black squares with straight edges on white paper. Across such
//! an edge a sharp photo goes from ink to paper within a pixel or two; a
//! photo out of focus or taken with a moving hand spreads the step over
//! many. The width of that step, from 10 % to 90 % of the way from the
//! mark's black to the paper, measured in the sheet's millimetres (what
//! the box reader sees: a record box is read at the same scale whatever
//! the photo's size), says how blurred the photo is, independently of the
//! handwriting, the light and the pen.

use super::homography::Homography;
use super::locate::Landmarks;
use super::photo::Photo;

/// Where a profile across an edge starts inside the mark and ends on the
/// paper, mm from the edge as printed (the map may be a little off).
const REACH_MM: f64 = 2.0;

/// Steps along a profile, mm.
const STEP_MM: f64 = 0.05;

/// The least difference of grey levels between a mark and its paper for
/// a profile to be measured (a mark under a finger, or not there).
const LEAST_CONTRAST: f64 = 40.0;

/// The width of the printed marks' edges in the photo, mm of the sheet
/// (10 % to 90 % of the step from black to paper), the median of the
/// profiles measured across each side of each mark; `None` when fewer
/// than four profiles could be measured.
pub(crate) fn edge_width_mm(photo: &Photo, map: &Homography, landmarks: &Landmarks) -> Option<f64> {
    let mut widths = Vec::new();
    for &(x, y, side) in &landmarks.marks {
        let (cx, cy) = (x + side / 2.0, y + side / 2.0);
        let inner = (side / 2.0 - 0.3).clamp(0.5, REACH_MM);
        for (dx, dy) in [(1.0, 0.0), (-1.0, 0.0), (0.0, 1.0), (0.0, -1.0)] {
            // Three lines across the side, away from its corners.
            for along in [-side / 5.0, 0.0, side / 5.0] {
                let profile: Vec<f64> = steps(inner)
                    .map(|d| {
                        let r = side / 2.0 + d;
                        let (mx, my) = (cx + dx * r - dy * along, cy + dy * r + dx * along);
                        let (px, py) = map.map(mx, my);
                        grey_at(photo, px, py)
                    })
                    .collect();
                if let Some(w) = step_width(&profile) {
                    widths.push(w);
                }
            }
        }
    }
    if widths.len() < 4 {
        return None;
    }
    widths.sort_by(f64::total_cmp);
    Some(widths[widths.len() / 2])
}

/// The offsets of a profile's points from the edge, mm: from `inner`
/// inside the mark to [`REACH_MM`] out on the paper.
fn steps(inner: f64) -> impl Iterator<Item = f64> {
    let n = ((inner + REACH_MM) / STEP_MM).round() as usize;
    (0..=n).map(move |i| -inner + i as f64 * STEP_MM)
}

/// The 10–90 % width of the step from dark to light in `profile` (grey
/// levels a [`STEP_MM`] apart), mm; `None` when it has no clear step.
fn step_width(profile: &[f64]) -> Option<f64> {
    let end = (0.4 / STEP_MM) as usize;
    if profile.len() < 4 * end {
        return None;
    }
    let mean = |v: &[f64]| v.iter().sum::<f64>() / v.len() as f64;
    let dark = mean(&profile[..end]);
    let light = mean(&profile[profile.len() - end..]);
    // (A profile running off the photo is NaN, and not measured.)
    if light.is_nan() || dark.is_nan() || light - dark < LEAST_CONTRAST {
        return None;
    }
    let level = |share: f64| dark + share * (light - dark);
    // Where the profile last rises through 10 %, and then first through
    // 90 % (specks inside the mark or on the paper do not count).
    let low = profile.iter().rposition(|&g| g < level(0.1))?;
    let high = low + profile[low..].iter().position(|&g| g >= level(0.9))?;
    Some((high - low) as f64 * STEP_MM)
}

/// The photo's grey at a point between pixels (bilinear); `NaN` outside.
fn grey_at(photo: &Photo, x: f64, y: f64) -> f64 {
    if !(x >= 0.0 && y >= 0.0) {
        return f64::NAN;
    }
    let (x0, y0) = (x.floor() as usize, y.floor() as usize);
    if x0 + 1 >= photo.width || y0 + 1 >= photo.height {
        return f64::NAN;
    }
    let (tx, ty) = (x - x0 as f64, y - y0 as f64);
    let at = |xi: usize, yi: usize| f64::from(photo.at(xi, yi));
    let top = at(x0, y0) * (1.0 - tx) + at(x0 + 1, y0) * tx;
    let bottom = at(x0, y0 + 1) * (1.0 - tx) + at(x0 + 1, y0 + 1) * tx;
    top * (1.0 - ty) + bottom * ty
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A profile of a step blurred by a box of `width_mm`.
    fn ramp(width_mm: f64) -> Vec<f64> {
        steps(1.5)
            .map(|d| {
                let t = ((d + width_mm / 2.0) / width_mm).clamp(0.0, 1.0);
                20.0 + 200.0 * t
            })
            .collect()
    }

    /// A photo of four marks 37 mm apart at 10 pixels a mm, blurred by a box of
    /// `blur` pixels each way.
    fn photo_of_marks(landmarks: &Landmarks, blur: usize) -> Photo {
        let (w, h) = (600, 600);
        let sharp: Vec<f64> = (0..w * h)
            .map(|i| {
                let (x, y) = ((i % w) as f64 / 10.0, (i / w) as f64 / 10.0);
                let inside = landmarks
                    .marks
                    .iter()
                    .any(|&(mx, my, s)| (mx..mx + s).contains(&x) && (my..my + s).contains(&y));
                if inside { 20.0 } else { 230.0 }
            })
            .collect();
        let r = blur as i64;
        let grey = (0..w * h)
            .map(|i| {
                let (x, y) = ((i % w) as i64, (i / w) as i64);
                let mut sum = 0.0;
                let mut n = 0.0;
                for dy in -r..=r {
                    for dx in -r..=r {
                        let (sx, sy) = (
                            (x + dx).clamp(0, w as i64 - 1),
                            (y + dy).clamp(0, h as i64 - 1),
                        );
                        sum += sharp[sy as usize * w + sx as usize];
                        n += 1.0;
                    }
                }
                (sum / n).round() as u8
            })
            .collect();
        Photo {
            width: w,
            height: h,
            grey,
        }
    }

    #[test]
    fn a_blurred_photo_has_wider_edges() {
        let landmarks = Landmarks {
            code: (20.0, 20.0, 15.0),
            marks: [
                (8.0, 8.0, 5.0),
                (45.0, 8.0, 5.0),
                (8.0, 45.0, 5.0),
                (45.0, 45.0, 5.0),
            ],
        };
        let mm = [(0.0, 0.0), (60.0, 0.0), (60.0, 60.0), (0.0, 60.0)];
        let px = mm.map(|(x, y)| (x * 10.0, y * 10.0));
        let map = Homography::from_points(&mm, &px).unwrap();
        let sharp = edge_width_mm(&photo_of_marks(&landmarks, 0), &map, &landmarks).unwrap();
        let blurred = edge_width_mm(&photo_of_marks(&landmarks, 3), &map, &landmarks).unwrap();
        assert!(sharp <= 0.15, "{sharp}");
        assert!((0.4..0.7).contains(&blurred), "{blurred}");
    }

    #[test]
    fn a_wider_step_measures_wider() {
        let sharp = step_width(&ramp(0.1)).unwrap();
        let soft = step_width(&ramp(0.8)).unwrap();
        assert!(sharp <= 0.15, "{sharp}");
        assert!((soft - 0.64).abs() < 0.1, "{soft}");
        // No step: nothing measured.
        assert_eq!(step_width(&vec![128.0; 80]), None);
    }
}
