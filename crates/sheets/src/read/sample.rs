//! Cutting a box or cell out of a photo, straightened: each pixel of the
//! crop is the photo's grey at the place the sheet's map sends it to
//! (bilinear), so a box photographed askew is read as printed.

use super::homography::Homography;
use super::photo::Photo;
use super::{MAX_CROP_SIDE, MIN_CROP_SIDE};

/// Crop pixels per millimetre at most: finer than this adds nothing to a
/// 28 × 28 reading.
const MAX_PIXELS_PER_MM: f64 = 10.0;

/// The crop of the sheet's rectangle `rect` (x, y, width, height in mm),
/// with its width and height, at about the photo's own resolution there.
pub(crate) fn crop(
    photo: &Photo,
    map: &Homography,
    rect: [f64; 4],
    pixels_per_mm: f64,
) -> (usize, usize, Vec<u8>) {
    let [x, y, w, h] = rect;
    let scale = pixels_per_mm.clamp(1.0, MAX_PIXELS_PER_MM);
    let side = |mm: f64| ((mm * scale).round() as usize).clamp(MIN_CROP_SIDE, MAX_CROP_SIDE);
    let (cw, ch) = (side(w), side(h));
    // The sheet's x of each column, worked out once for all rows.
    let columns: Vec<f64> = (0..cw)
        .map(|i| x + (i as f64 + 0.5) * w / cw as f64)
        .collect();
    let mut pixels = Vec::with_capacity(cw * ch);
    for j in 0..ch {
        let my = y + (j as f64 + 0.5) * h / ch as f64;
        for &mx in &columns {
            let (px, py) = map.map(mx, my);
            pixels.push(bilinear(photo, px, py));
        }
    }
    (cw, ch, pixels)
}

/// The grey at a point between pixels; paper white outside the photo.
///
/// Every crop pixel and every probe across a printed line is one call, a
/// few million for a 12 MP photo, so this is written for speed with the
/// same arithmetic as the plain formula: `f64::floor` and `f64::round`
/// are calls into the C library on the plain x86-64 target (no SSE4.1),
/// and are replaced by integer conversions that give the same values.
pub(crate) fn bilinear(photo: &Photo, x: f64, y: f64) -> u8 {
    let (width, height) = (photo.width as f64, photo.height as f64);
    // A point whose four neighbours are all outside (or no point at all,
    // NaN) is paper: the blend of four whites rounds to 255.
    if !(x >= -1.0 && x < width && y >= -1.0 && y < height) {
        return 255;
    }
    let (fx, fy) = (floor(x), floor(y));
    let (x0, y0) = (fx as i64, fy as i64);
    let (tx, ty) = (x - fx, y - fy);
    let (top_left, top_right, bottom_left, bottom_right) =
        if x0 >= 0 && y0 >= 0 && x0 + 1 < photo.width as i64 && y0 + 1 < photo.height as i64 {
            // Inside: one row after the other, no edge to test.
            let at = y0 as usize * photo.width + x0 as usize;
            let (top, bottom) = (
                &photo.grey[at..at + 2],
                &photo.grey[at + photo.width..][..2],
            );
            (
                f64::from(top[0]),
                f64::from(top[1]),
                f64::from(bottom[0]),
                f64::from(bottom[1]),
            )
        } else {
            let at = |xi: i64, yi: i64| -> f64 {
                if xi < 0 || yi < 0 || xi >= photo.width as i64 || yi >= photo.height as i64 {
                    255.0
                } else {
                    f64::from(photo.at(xi as usize, yi as usize))
                }
            };
            (
                at(x0, y0),
                at(x0 + 1, y0),
                at(x0, y0 + 1),
                at(x0 + 1, y0 + 1),
            )
        };
    let top = top_left * (1.0 - tx) + top_right * tx;
    let bottom = bottom_left * (1.0 - tx) + bottom_right * tx;
    round_grey(top * (1.0 - ty) + bottom * ty)
}

/// `v.floor()` for `v` of magnitude under 2⁶², by conversion to an integer
/// (which truncates towards zero) and one step down for a negative `v`
/// with a fraction.
pub(crate) fn floor(v: f64) -> f64 {
    let t = v as i64 as f64;
    if t > v { t - 1.0 } else { t }
}

/// `v.round().clamp(0.0, 255.0) as u8` for a blend of grey levels (`v`
/// not negative): the integer part, plus one when the fraction (exact:
/// `v` less its integer part) is a half or more.
fn round_grey(v: f64) -> u8 {
    let whole = v as u32;
    let up = u32::from(v - f64::from(whole) >= 0.5);
    (whole + up).min(255) as u8
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The plain formula `bilinear` computes faster.
    fn plain(photo: &Photo, x: f64, y: f64) -> u8 {
        if !x.is_finite() || !y.is_finite() {
            return 255;
        }
        let (fx, fy) = (x.floor(), y.floor());
        let (x0, y0) = (fx as i64, fy as i64);
        let (tx, ty) = (x - fx, y - fy);
        let at = |xi: i64, yi: i64| -> f64 {
            if xi < 0 || yi < 0 || xi >= photo.width as i64 || yi >= photo.height as i64 {
                255.0
            } else {
                f64::from(photo.at(xi as usize, yi as usize))
            }
        };
        let top = at(x0, y0) * (1.0 - tx) + at(x0 + 1, y0) * tx;
        let bottom = at(x0, y0 + 1) * (1.0 - tx) + at(x0 + 1, y0 + 1) * tx;
        (top * (1.0 - ty) + bottom * ty).round().clamp(0.0, 255.0) as u8
    }

    #[test]
    fn bilinear_gives_the_plain_formulas_grey_everywhere() {
        let (w, h) = (13, 9);
        let grey = (0..w * h).map(|i| (i * 37 % 256) as u8).collect();
        let photo = Photo {
            width: w,
            height: h,
            grey,
        };
        // Points inside, on the edges, just outside and far outside, and
        // the halves where rounding is decided.
        let mut points = vec![
            (f64::NAN, 1.0),
            (1.0, f64::INFINITY),
            (-1e300, 2.0),
            (1e9, 2.0),
            (-0.0, -0.0),
            (0.5 - f64::EPSILON / 4.0, 0.0),
        ];
        for i in -24..=(w as i32 + 2) * 8 {
            for j in -24..=(h as i32 + 2) * 8 {
                points.push((f64::from(i) / 8.0 + 0.003, f64::from(j) / 8.0));
                points.push((f64::from(i) / 7.0, f64::from(j) / 9.0 - 0.011));
            }
        }
        for (x, y) in points {
            assert_eq!(bilinear(&photo, x, y), plain(&photo, x, y), "at ({x}, {y})");
        }
    }

    #[test]
    fn floor_is_the_floor() {
        for v in [
            -2.5,
            -2.0,
            -0.5,
            -0.0,
            0.0,
            0.25,
            1.0,
            1.999,
            1e15 + 0.5,
            -1e15 - 0.5,
        ] {
            assert_eq!(floor(v), v.floor(), "{v}");
        }
    }
}
