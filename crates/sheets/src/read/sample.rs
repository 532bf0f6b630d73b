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
    let mut pixels = Vec::with_capacity(cw * ch);
    for j in 0..ch {
        let my = y + (j as f64 + 0.5) * h / ch as f64;
        for i in 0..cw {
            let mx = x + (i as f64 + 0.5) * w / cw as f64;
            let (px, py) = map.map(mx, my);
            pixels.push(bilinear(photo, px, py));
        }
    }
    (cw, ch, pixels)
}

/// The grey at a point between pixels; paper white outside the photo.
pub(crate) fn bilinear(photo: &Photo, x: f64, y: f64) -> u8 {
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
