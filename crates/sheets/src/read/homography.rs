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

    #[test]
    fn four_points_map_exactly_and_lines_stay_lines() {
        let from = [(0.0, 0.0), (210.0, 0.0), (0.0, 297.0), (210.0, 297.0)];
        let to = [
            (120.0, 80.0),
            (1900.0, 160.0),
            (60.0, 2600.0),
            (2010.0, 2500.0),
        ];
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
    fn degenerate_points_give_none() {
        let line = [(0.0, 0.0), (1.0, 1.0), (2.0, 2.0), (3.0, 3.0)];
        assert!(Homography::from_points(&line, &line).is_none());
    }
}
