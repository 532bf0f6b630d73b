//! The projective map from the sheet's millimetres to a photo's pixels.
//!
//! A flat sheet photographed from any angle is a homography of the printed
//! page: eight numbers, fixed by four points whose places are known on both
//! (the centres of the four alignment marks). Solved here with an 8 × 8
//! linear system rather than a computer-vision library: it is twenty lines.

/// `(x, y)` ↦ `((a·x + b·y + c) / (g·x + h·y + 1), (d·x + e·y + f) / (g·x + h·y + 1))`.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Homography {
    m: [f64; 8],
}

impl Homography {
    /// The map taking each `from[i]` to `to[i]`, or `None` when the points
    /// are degenerate (three in a line, two the same).
    pub fn from_points(from: &[(f64, f64); 4], to: &[(f64, f64); 4]) -> Option<Homography> {
        let mut a = [[0.0f64; 9]; 8];
        for i in 0..4 {
            let (x, y) = from[i];
            let (u, v) = to[i];
            a[2 * i] = [x, y, 1.0, 0.0, 0.0, 0.0, -u * x, -u * y, u];
            a[2 * i + 1] = [0.0, 0.0, 0.0, x, y, 1.0, -v * x, -v * y, v];
        }
        let m = solve(&mut a)?;
        let h = Homography { m };
        // A map that sends a point to infinity is no photo of a sheet.
        from.iter()
            .all(|&(x, y)| h.denominator(x, y).abs() > 1e-9)
            .then_some(h)
    }

    /// The map that sends each of `from` to the matching point of `to` as
    /// nearly as it can (least squares), for four or more pairs: more
    /// points than the four that fix a map, each a little off, give a
    /// steadier map than any four of them. `None` when there are fewer
    /// than four, or they are degenerate.
    ///
    /// Both sets are first moved to their centroid and scaled to a mean
    /// distance of √2 from it (Hartley's normalisation): millimetres and
    /// thousands of pixels in one system would lose most of the digits.
    pub fn fit(from: &[(f64, f64)], to: &[(f64, f64)]) -> Option<Homography> {
        if from.len() < 4 || from.len() != to.len() {
            return None;
        }
        let (nf, tf) = normalising(from);
        let (nt, tt) = normalising(to);
        let mut normal = [[0.0f64; 9]; 8];
        for (&(x, y), &(u, v)) in nf.iter().zip(&nt) {
            let rows = [
                ([x, y, 1.0, 0.0, 0.0, 0.0, -u * x, -u * y], u),
                ([0.0, 0.0, 0.0, x, y, 1.0, -v * x, -v * y], v),
            ];
            for (row, rhs) in rows {
                for i in 0..8 {
                    for j in 0..8 {
                        normal[i][j] += row[i] * row[j];
                    }
                    normal[i][8] += row[i] * rhs;
                }
            }
        }
        let m = solve(&mut normal)?;
        // Back from the normalised systems: T_to⁻¹ · H · T_from.
        let h = [m[0], m[1], m[2], m[3], m[4], m[5], m[6], m[7], 1.0];
        let (st, ux, uy) = tt;
        let inverse_to = [1.0 / st, 0.0, ux, 0.0, 1.0 / st, uy, 0.0, 0.0, 1.0];
        let (sf, fx, fy) = tf;
        let forward_from = [sf, 0.0, -sf * fx, 0.0, sf, -sf * fy, 0.0, 0.0, 1.0];
        let full = product(&inverse_to, &product(&h, &forward_from));
        if full[8].abs() < 1e-12 {
            return None;
        }
        let mut out = [0.0; 8];
        for (o, v) in out.iter_mut().zip(full) {
            *o = v / full[8];
        }
        let fitted = Homography { m: out };
        (out.iter().all(|v| v.is_finite())
            && from
                .iter()
                .all(|&(x, y)| fitted.denominator(x, y).abs() > 1e-9))
        .then_some(fitted)
    }

    fn denominator(&self, x: f64, y: f64) -> f64 {
        self.m[6] * x + self.m[7] * y + 1.0
    }

    /// The image of `(x, y)`.
    pub fn map(&self, x: f64, y: f64) -> (f64, f64) {
        let m = &self.m;
        let w = self.denominator(x, y);
        (
            (m[0] * x + m[1] * y + m[2]) / w,
            (m[3] * x + m[4] * y + m[5]) / w,
        )
    }
}

/// Points moved to their centroid and scaled to a mean distance of √2,
/// with the scale and the centroid `(s, cx, cy)`.
fn normalising(points: &[(f64, f64)]) -> (Vec<(f64, f64)>, (f64, f64, f64)) {
    let n = points.len() as f64;
    let cx = points.iter().map(|p| p.0).sum::<f64>() / n;
    let cy = points.iter().map(|p| p.1).sum::<f64>() / n;
    let mean = points
        .iter()
        .map(|p| ((p.0 - cx).powi(2) + (p.1 - cy).powi(2)).sqrt())
        .sum::<f64>()
        / n;
    let s = if mean > 0.0 {
        std::f64::consts::SQRT_2 / mean
    } else {
        1.0
    };
    let moved = points
        .iter()
        .map(|p| ((p.0 - cx) * s, (p.1 - cy) * s))
        .collect();
    (moved, (s, cx, cy))
}

/// The product of two 3 × 3 matrices, row by row.
fn product(a: &[f64; 9], b: &[f64; 9]) -> [f64; 9] {
    let mut out = [0.0; 9];
    for r in 0..3 {
        for c in 0..3 {
            out[r * 3 + c] = (0..3).map(|k| a[r * 3 + k] * b[k * 3 + c]).sum();
        }
    }
    out
}

/// Gauss–Jordan elimination with partial pivoting on an augmented 8 × 9
/// matrix.
fn solve(a: &mut [[f64; 9]; 8]) -> Option<[f64; 8]> {
    for col in 0..8 {
        let pivot = (col..8).max_by(|&i, &j| a[i][col].abs().total_cmp(&a[j][col].abs()))?;
        if a[pivot][col].abs() < 1e-12 {
            return None;
        }
        a.swap(col, pivot);
        let p = a[col][col];
        for v in &mut a[col][col..] {
            *v /= p;
        }
        let pivot_row = a[col];
        for (row, values) in a.iter_mut().enumerate() {
            let f = values[col];
            if row != col && f != 0.0 {
                for (v, &q) in values[col..].iter_mut().zip(&pivot_row[col..]) {
                    *v -= f * q;
                }
            }
        }
    }
    let mut out = [0.0; 8];
    for (i, o) in out.iter_mut().enumerate() {
        *o = a[i][8];
    }
    out.iter().all(|v| v.is_finite()).then_some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// An A4 page's corners, mm, and where a photo shows them, pixels.
    const PAGE: [(f64, f64); 4] = [(0.0, 0.0), (210.0, 0.0), (0.0, 297.0), (210.0, 297.0)];
    const PHOTO: [(f64, f64); 4] = [
        (120.0, 80.0),
        (1900.0, 160.0),
        (60.0, 2600.0),
        (2010.0, 2500.0),
    ];

    #[test]
    fn four_points_map_exactly_and_lines_stay_lines() {
        let (from, to) = (PAGE, PHOTO);
        let h = Homography::from_points(&from, &to).unwrap();
        for (f, t) in from.iter().zip(&to) {
            let (u, v) = h.map(f.0, f.1);
            assert!((u - t.0).abs() < 1e-6 && (v - t.1).abs() < 1e-6, "{u},{v}");
        }
        // The midpoint of the top edge lies on the line between its ends.
        let (u, v) = h.map(105.0, 0.0);
        let cross = (to[1].0 - to[0].0) * (v - to[0].1) - (to[1].1 - to[0].1) * (u - to[0].0);
        assert!(cross.abs() < 1e-6, "{cross}");
        // Not the affine midpoint: perspective moves it.
        assert!((u - 1010.0).abs() > 1.0);
    }

    #[test]
    fn a_fit_of_more_points_than_four_recovers_the_map() {
        let (from, to) = (PAGE, PHOTO);
        let exact = Homography::from_points(&from, &to).unwrap();
        // Seven points of the same map (three marks and a code's four
        // corners), one of them half a pixel off.
        let points = [
            (0.0, 0.0),
            (210.0, 0.0),
            (0.0, 297.0),
            (95.0, 260.0),
            (115.0, 260.0),
            (115.0, 280.0),
            (95.0, 280.0),
        ];
        let mut images: Vec<(f64, f64)> = points.iter().map(|&(x, y)| exact.map(x, y)).collect();
        images[4].0 += 0.5;
        let fitted = Homography::fit(&points, &images).unwrap();
        // The fourth corner, which no point was given at, lands within a
        // pixel or two.
        let (u, v) = fitted.map(210.0, 297.0);
        assert!(
            (u - 2010.0).abs() < 2.0 && (v - 2500.0).abs() < 2.0,
            "{u},{v}"
        );
        assert!(Homography::fit(&points[..3], &images[..3]).is_none());
    }

    #[test]
    fn degenerate_points_give_none() {
        let line = [(0.0, 0.0), (1.0, 1.0), (2.0, 2.0), (3.0, 3.0)];
        assert!(Homography::from_points(&line, &line).is_none());
    }
}
