//! Finding a printed sheet in a photograph: its code, which names the sheet
//! and tells which way up it lies, and its four alignment marks, which fix
//! where every millimetre of it is.
//!
//! The photo may be rotated by any angle, seen in perspective, lit
//! unevenly and surrounded by a table. So:
//!
//! 1. the code is found and decoded by `rqrr` on the whole photo; its four
//!    corners, in reading order, give a first, rough map from the sheet's
//!    millimetres to pixels, whatever the rotation;
//! 2. dark, solid, square blobs are found on a smaller copy of the photo
//!    with an adaptive threshold (each pixel against the mean of its
//!    neighbourhood, so shade across the page does not matter), by their
//!    shape alone (moments: a filled square's spread is the same in every
//!    direction and its area twelve times that spread);
//! 3. each mark is the square blob nearest to where the rough map puts it;
//!    the four marks' centres give the exact map (a [`Homography`]).
//!
//! Everything else on the page is found through that map: nothing is
//! searched for twice.
//!
//! When step 1 reads no code but four square blobs are a sheet's marks
//! (`marks_seen`), the code is looked for once more with each pixel
//! compared with its near neighbourhood, as wide as the marks' size says
//! a module and a half is (see `the_code`): a blurred code's modules at
//! 12 MP.

#[cfg(test)]
use std::sync::atomic::AtomicBool;

use super::homography::Homography;
use super::photo::Photo;
use super::search::{Counts, Failed, Meter, Metered, Stop, contained};

/// The longest side of the copy the marks are searched on: a 5 mm mark on
/// a photo filling this much is still about 20 pixels across, and the
/// search costs a few milliseconds.
const SEARCH_SIDE: usize = 1600;

/// The most dark blobs kept while searching: a sheet has a few thousand
/// (letters, box lines); a photo of noise has more, and is no sheet.
const MAX_BLOBS: usize = 200_000;

/// What the photo holds where the sheet's code says.
#[derive(Debug, Clone)]
pub(crate) struct Located {
    /// The sheet's millimetres (from the page's top-left corner) to the
    /// photo's pixels.
    pub map: Homography,
    /// About how many pixels one millimetre of the sheet spans.
    pub pixels_per_mm: f64,
    /// Whether the photo shows square blobs like a sheet's marks outside
    /// this sheet (the marks of another sheet, whose code may have been
    /// missed by a search that stopped at this sheet's).
    pub marks_outside: bool,
    /// Whether those blobs are the marks of a sheet: four, or three at a
    /// page's corners (see `marks_seen::another_sheet_shows`).
    pub another_sheet: bool,
}

/// Where the layout printed the code and the marks, in millimetres.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct Landmarks {
    /// The code's top-left corner and side, as printed (quiet zone not
    /// included).
    pub code: (f64, f64, f64),
    /// The marks' top-left corners and sides: top-left, top-right,
    /// bottom-left, bottom-right.
    pub marks: [(f64, f64, f64); 4],
}

/// Why a sheet could not be found in a photo. Each has a stable [`LocateError::code`].
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum LocateError {
    /// No paperboard code in the photo.
    #[error(
        "no paperboard sheet code was found in the photo; photograph the whole sheet, with its code (the small square pattern at the bottom) sharp and in the picture"
    )]
    NoCode,
    /// No code could be read, but the photo shows a sheet: its four
    /// marks are there (see `marks_seen`).
    #[error(
        "the sheet was found, but its code (the small square pattern at the bottom) could not be read; take the photo again from straight above the sheet and closer, with the code sharp"
    )]
    CodeUnreadable,
    /// A code was found but is not a paperboard one.
    #[error("the photo holds a code that is not a paperboard sheet's: {0:?}")]
    ForeignCode(String),
    /// Two sheets: the codes' texts, the first sheet's first; the
    /// second `None` when only the other sheet's marks were seen, its
    /// code not read.
    #[error("the photo holds two sheets; photograph one sheet at a time")]
    TwoSheets(String, Option<String>),
    /// Some marks were not found.
    #[error(
        "the sheet's {0} alignment mark was not found; photograph the whole sheet, all four black corner squares in the picture"
    )]
    NoMark(&'static str),
    /// The marks found make no sense as a sheet.
    #[error("the alignment marks found do not form a sheet; photograph it flat and whole")]
    BadMarks,
    /// The search for the code did all the work a photo of its size may
    /// cost (see `search`).
    #[error(
        "the photo holds too many patterns like the corner squares of a code to search them all; photograph one sheet, with no other codes or patterns in the picture"
    )]
    SearchLimit,
    /// The reader was asked to stop.
    #[error("the reading was stopped before it finished")]
    Cancelled,
    /// The code reader failed on this photo.
    #[error(
        "the sheet's code could not be read from this photo (the code reader failed on it); take the photo again, with the code sharp and whole"
    )]
    DecoderFailed,
}

impl LocateError {
    /// A stable code for scripts.
    pub fn code(&self) -> &'static str {
        match self {
            LocateError::NoCode => "no-code",
            LocateError::CodeUnreadable => "code-unreadable",
            LocateError::ForeignCode(_) => "foreign-code",
            LocateError::TwoSheets(..) => "two-sheets",
            LocateError::NoMark(_) => "no-mark",
            LocateError::BadMarks => "bad-marks",
            LocateError::SearchLimit => "code-search-limit",
            LocateError::Cancelled => "cancelled",
            LocateError::DecoderFailed => "code-reader-failed",
        }
    }
}

/// The decoder's prepared picture, every use of it metered.
type Prepared<'m, 'c> = rqrr::PreparedImage<Metered<'m, 'c>>;

/// The codes a black-and-white picture holds (`level` 1 for ink), each with
/// its corners.
fn bitmap_codes(
    width: usize,
    height: usize,
    search: &mut Search<'_, '_>,
    level: impl FnMut(usize, usize) -> u8,
) -> Result<(Vec<Code>, Vec<Corners>), LocateError> {
    search.run(|meter, counts| {
        let picture = Metered::new(width, height, meter, counts, level);
        codes_in(&mut rqrr::PreparedImage::without_preparation(picture))
    })
}

/// The grids a prepared picture holds, decoded (codes that do not decode
/// are skipped), and the corners of every grid found.
fn codes_in(prepared: &mut Prepared<'_, '_>) -> (Vec<(String, Corners)>, Vec<Corners>) {
    let grids = prepared.detect_grids();
    let mut found: Vec<(String, Corners)> = Vec::new();
    let mut seen = Vec::new();
    for grid in &grids {
        let corners = grid.bounds.map(|p| (f64::from(p.x), f64::from(p.y)));
        seen.push(corners);
        if let Ok((_, text)) = grid.decode() {
            add_code(&mut found, (text, corners));
        }
    }
    (found, seen)
}

/// One photo's code search: its meter, and whether the decoder failed on
/// one of its pictures.
struct Search<'m, 'c> {
    meter: &'m Meter<'c>,
    decoder_failed: bool,
}

impl<'c> Search<'_, 'c> {
    /// Runs the decoder on one picture (made by `work` and charged to the
    /// meter); its own panic is remembered and counts as nothing found.
    fn run<T: Default>(
        &mut self,
        work: impl FnOnce(&Meter<'c>, &Counts) -> T,
    ) -> Result<T, LocateError> {
        let counts = Counts::default();
        match contained(|| work(self.meter, &counts)) {
            Ok(found) => Ok(found),
            Err(Failed::Stopped(Stop::Limit)) => Err(LocateError::SearchLimit),
            Err(Failed::Stopped(Stop::Cancelled)) => Err(LocateError::Cancelled),
            Err(Failed::Panicked) => {
                self.decoder_failed = true;
                Ok(T::default())
            }
        }
    }
}

/// The paperboard codes in `photo`, each with its corners in pixels in the
/// code's own reading order: top-left, top-right, bottom-right,
/// bottom-left. Codes that do not decode are skipped.
///
/// The photo is first made black and white against the mean of each
/// pixel's neighbourhood (from the smaller search copy), which copes with
/// a table around the page and uneven light better than the decoder's own
/// threshold; the decoder's own is tried when that finds nothing. All of it
/// is charged to `meter` (see `search`).
pub(crate) fn find_codes(
    photo: &Photo,
    copy: &SearchCopy,
    meter: &Meter<'_>,
) -> Result<Vec<(String, Corners)>, LocateError> {
    let mut search = Search {
        meter,
        decoder_failed: false,
    };
    let (found, seen) = thresholded_codes(photo, copy, &mut search)?;
    if !found.is_empty() {
        return Ok(found);
    }
    for bounds in seen.iter().take(6) {
        let found = magnified_codes(photo, bounds, &mut search)?;
        if !found.is_empty() {
            return Ok(found);
        }
    }
    let found = greyscale_codes(photo, &mut search)?;
    if found.is_empty() && search.decoder_failed {
        return Err(LocateError::DecoderFailed);
    }
    Ok(found)
}

/// The codes [`find_codes`] reads without magnifying any region: the
/// photo's own pixels, made black and white against their neighbourhood
/// and then by the decoder's own threshold. Where this finds nothing and
/// [`find_codes`] finds a code, the code was read from a magnified copy of
/// its region (a code whose modules are a few pixels each). For the tests:
/// the reader itself always asks [`find_codes`].
#[cfg(test)]
pub(crate) fn codes_unmagnified(photo: &Photo) -> Vec<(String, Corners)> {
    let never = AtomicBool::new(false);
    let meter = Meter::for_photo(photo.width * photo.height, &never);
    let mut search = Search {
        meter: &meter,
        decoder_failed: false,
    };
    let (found, _) = thresholded_codes(photo, &SearchCopy::of(photo), &mut search).unwrap();
    if !found.is_empty() {
        return found;
    }
    greyscale_codes(photo, &mut search).unwrap()
}

/// The codes read from the photo made black and white against the mean of
/// each pixel's neighbourhood, at three thresholds; when none decodes, the
/// corners of every grid whose finder patterns were seen.
///
/// A 12 MP photo is 12 million pixels for the decoder to go through at
/// each threshold, and the code a few hundred thousand of them. So the
/// grids are first looked for on a smaller copy, and the photo's own
/// pixels made black and white and searched only around them (a window
/// of the same pixels as the whole photo's, so a code is read there
/// exactly as it would be in the whole); the whole photo is searched as
/// before when the copy shows no grid, too many, or no code decodes in
/// their windows.
///
/// The grids are looked for on a copy one step finer than the marks'
/// search copy (but never the photo itself): a code's modules are a few
/// pixels of the photo, and in the marks' copy of a blurred 12 MP photo
/// (a third of its size each way) its finder patterns often merge, so
/// the whole photo would be searched; in a copy half its size each way
/// they are seen on most photos.
fn thresholded_codes(
    photo: &Photo,
    copy: &SearchCopy,
    search: &mut Search<'_, '_>,
) -> Result<(Vec<Code>, Vec<Corners>), LocateError> {
    let (small, means) = (&copy.small, &copy.means);
    let step = copy.step;
    let ink = ink_against_means(photo, copy);
    let finer = step.saturating_sub(1).max(2);
    let windows = if step > 1 && finer == step {
        code_windows(small, means, step, (photo.width, photo.height), search)?
    } else if step > 1 {
        let (fine, _) = shrink_by(photo, finer);
        let fine_means = local_means(&fine);
        code_windows(
            &fine,
            &fine_means,
            finer,
            (photo.width, photo.height),
            search,
        )?
    } else {
        Vec::new()
    };
    if !windows.is_empty() {
        for share in SHARES {
            let mut found: Vec<Code> = Vec::new();
            for &(x0, y0, x1, y1) in &windows {
                let (codes, _) =
                    bitmap_codes(x1 - x0, y1 - y0, search, |x, y| ink(share, x0 + x, y0 + y))?;
                for (text, corners) in codes {
                    let back = corners.map(|(x, y)| (x + x0 as f64, y + y0 as f64));
                    add_code(&mut found, (text, back));
                }
            }
            if !found.is_empty() {
                return Ok((found, Vec::new()));
            }
        }
    }
    // Grids whose finder patterns were seen but whose modules could not be
    // sampled (a long code's modules are 3 pixels or fewer in a photo of
    // the whole page): read again from a magnified copy of there.
    let mut seen: Vec<Corners> = Vec::new();
    for share in SHARES {
        let (found, grids) =
            bitmap_codes(photo.width, photo.height, search, |x, y| ink(share, x, y))?;
        if !found.is_empty() {
            return Ok((found, Vec::new()));
        }
        seen.extend(grids);
    }
    Ok((Vec::new(), seen))
}

/// Whether the photo's pixel `(x, y)` is ink at a `share` of its
/// neighbourhood's mean (from the search copy's means).
fn ink_against_means<'a>(
    photo: &'a Photo,
    copy: &'a SearchCopy,
) -> impl Fn(f32, usize, usize) -> u8 + 'a {
    let (small, step) = (&copy.small, copy.step);
    // Each photo pixel's neighbourhood mean is the one of the copy's
    // pixel it falls in: where each column and row falls, worked out once
    // (not two divisions for each of 12 million pixels).
    let columns: Vec<usize> = (0..photo.width)
        .map(|x| (x / step).min(small.width - 1))
        .collect();
    let rows: Vec<usize> = (0..photo.height)
        .map(|y| (y / step).min(small.height - 1) * small.width)
        .collect();
    move |share: f32, x: usize, y: usize| {
        u8::from(f32::from(photo.at(x, y)) < copy.means[rows[y] + columns[x]] * share)
    }
}

/// Adds `code` to `found` unless it is there already: the same text at
/// the same place (seen again in another window or at another
/// threshold). Two copies of one sheet carry the same text at two
/// places, and are two codes.
fn add_code(found: &mut Vec<Code>, code: Code) {
    let centre = |c: &Corners| {
        (
            c.iter().map(|p| p.0).sum::<f64>() / 4.0,
            c.iter().map(|p| p.1).sum::<f64>() / 4.0,
        )
    };
    let side = |c: &Corners| (c[1].0 - c[0].0).hypot(c[1].1 - c[0].1);
    let (x, y) = centre(&code.1);
    let seen = found.iter().any(|(text, corners)| {
        let (u, v) = centre(corners);
        *text == code.0 && (x - u).hypot(y - v) < side(corners).max(side(&code.1))
    });
    if !seen {
        found.push(code);
    }
}

/// Refuses a photo in which another sheet's code shows beside `own` (the
/// code of the sheet `located`), whose code the search may have missed.
///
/// [`find_codes`] stops at the first picture in which any code decodes:
/// the search copy's windows, or one threshold of the whole photo. A
/// second sheet whose code is smaller (further away, or a finer code)
/// may show only in the whole photo, or only at another threshold, and
/// would be lost without a word. So when the photo shows square blobs
/// like marks outside the located sheet ([`Located::marks_outside`]),
/// the whole photo is searched at every threshold and by the decoder's
/// own, and every code kept; a second paperboard code is
/// [`LocateError::TwoSheets`]. A photo of one sheet on a plain table
/// shows no such blob and costs nothing more.
pub(crate) fn no_other_sheet(
    photo: &Photo,
    copy: &SearchCopy,
    located: &Located,
    own: &Code,
    meter: &Meter<'_>,
) -> Result<(), LocateError> {
    if !located.marks_outside {
        return Ok(());
    }
    let mut search = Search {
        meter,
        decoder_failed: false,
    };
    let ink = ink_against_means(photo, copy);
    let mut codes = vec![own.clone()];
    for share in SHARES {
        let (found, _) = bitmap_codes(photo.width, photo.height, &mut search, |x, y| {
            ink(share, x, y)
        })?;
        for code in found {
            add_code(&mut codes, code);
        }
    }
    for code in greyscale_codes(photo, &mut search)? {
        add_code(&mut codes, code);
    }
    match codes[1..].iter().find(|(text, _)| text.starts_with("PB")) {
        Some((other, _)) => Err(LocateError::TwoSheets(own.0.clone(), Some(other.clone()))),
        // Another sheet's marks, its code unread: read as this sheet
        // alone, the other would be lost without a word.
        None if located.another_sheet => Err(LocateError::TwoSheets(own.0.clone(), None)),
        None => Ok(()),
    }
}

/// The shares of its neighbourhood's mean under which a pixel is ink, in
/// the order the code is looked for with them.
const SHARES: [f32; 3] = [DARK_SHARE, 0.6, 0.8];

/// The most grids of the search copy whose windows are searched before
/// the whole photo is (a sheet has one code).
const MAX_WINDOWS: usize = 4;

/// The regions of the photo (`x0, y0, x1, y1`, pixels of a photo `w × h`)
/// around each grid the search copy (`small`, `step` times smaller, with its
/// neighbourhoods' `means`) shows at the first threshold that shows any:
/// the grid's bounds and half its side again on every side (its quiet
/// zone and more). None when it shows none or more than [`MAX_WINDOWS`].
fn code_windows(
    small: &Photo,
    means: &[f32],
    step: usize,
    (w, h): (usize, usize),
    search: &mut Search<'_, '_>,
) -> Result<Vec<(usize, usize, usize, usize)>, LocateError> {
    for share in SHARES {
        // Every grid seen, decoded or not.
        let (_, grids) = bitmap_codes(small.width, small.height, search, |x, y| {
            u8::from(f32::from(small.at(x, y)) < means[y * small.width + x] * share)
        })?;
        if grids.is_empty() {
            continue;
        }
        if grids.len() > MAX_WINDOWS {
            return Ok(Vec::new());
        }
        let f = step as f64;
        return Ok(grids
            .iter()
            .map(|g| {
                let xs = g.map(|p| (p.0 + 0.5) * f);
                let ys = g.map(|p| (p.1 + 0.5) * f);
                let low = |v: [f64; 4]| v.iter().copied().fold(f64::MAX, f64::min);
                let high = |v: [f64; 4]| v.iter().copied().fold(f64::MIN, f64::max);
                let side = (high(xs) - low(xs)).max(high(ys) - low(ys));
                let margin = side * 0.5 + 4.0 * f;
                let clip = |v: f64, most: usize| (v.max(0.0) as usize).min(most);
                (
                    clip(low(xs) - margin, w),
                    clip(low(ys) - margin, h),
                    clip(high(xs) + margin, w),
                    clip(high(ys) + margin, h),
                )
            })
            .filter(|&(x0, y0, x1, y1)| x1 > x0 + 8 && y1 > y0 + 8)
            .collect());
    }
    Ok(Vec::new())
}

/// A code's four corners in a photo, pixels.
type Corners = [(f64, f64); 4];

/// A code's text and its corners.
type Code = (String, Corners);

/// The codes read by the decoder's own threshold of the photo's greys.
fn greyscale_codes(
    photo: &Photo,
    search: &mut Search<'_, '_>,
) -> Result<Vec<(String, Corners)>, LocateError> {
    search.run(|meter, counts| {
        let picture = Metered::new(photo.width, photo.height, meter, counts, |x, y| {
            photo.at(x, y)
        });
        codes_in(&mut rqrr::PreparedImage::prepare(picture)).0
    })
}

/// How much a code's region is magnified when its modules were too small
/// to sample.
const MAGNIFY: usize = 3;

/// The codes in the region around `bounds` (a grid's corners, pixels),
/// magnified [`MAGNIFY`] times by bilinear interpolation and made black and
/// white against the region's own mean, then, when that reads nothing,
/// sharpened first (a blur of half a module merges a code's lone modules
/// with their neighbours); corners in the photo's pixels.
fn magnified_codes(
    photo: &Photo,
    bounds: &Corners,
    search: &mut Search<'_, '_>,
) -> Result<Vec<(String, Corners)>, LocateError> {
    let xs = bounds.map(|p| p.0);
    let ys = bounds.map(|p| p.1);
    let (min_x, max_x) = (
        xs.iter().copied().fold(f64::MAX, f64::min),
        xs.iter().copied().fold(f64::MIN, f64::max),
    );
    let (min_y, max_y) = (
        ys.iter().copied().fold(f64::MAX, f64::min),
        ys.iter().copied().fold(f64::MIN, f64::max),
    );
    let side = (max_x - min_x).max(max_y - min_y);
    // A grid larger than a fifth of the photo is no sheet code.
    if !(side > 4.0 && side < photo.width.max(photo.height) as f64 / 5.0) {
        return Ok(Vec::new());
    }
    let margin = side * 0.4;
    let x0 = (min_x - margin).max(0.0) as usize;
    let y0 = (min_y - margin).max(0.0) as usize;
    let x1 = ((max_x + margin) as usize).min(photo.width - 1);
    let y1 = ((max_y + margin) as usize).min(photo.height - 1);
    if x1 <= x0 + 1 || y1 <= y0 + 1 {
        return Ok(Vec::new());
    }
    let (w, h) = ((x1 - x0) * MAGNIFY, (y1 - y0) * MAGNIFY);
    let mut grey = vec![0u8; w * h];
    for y in 0..h {
        let sy = y0 as f64 + y as f64 / MAGNIFY as f64;
        let (j, ty) = (sy as usize, sy.fract());
        for x in 0..w {
            let sx = x0 as f64 + x as f64 / MAGNIFY as f64;
            let (i, tx) = (sx as usize, sx.fract());
            let at = |i: usize, j: usize| {
                f64::from(photo.at(i.min(photo.width - 1), j.min(photo.height - 1)))
            };
            let v = (at(i, j) * (1.0 - tx) + at(i + 1, j) * tx) * (1.0 - ty)
                + (at(i, j + 1) * (1.0 - tx) + at(i + 1, j + 1) * tx) * ty;
            grey[y * w + x] = v as u8;
        }
    }
    let mut found = halfway_codes(&grey, w, h, search)?;
    if found.is_empty() {
        // A module or two merged by blur: sharpened (the region less
        // [`UNSHARP`] times its mean over a blur's width), a lone module
        // stands out of its neighbours again.
        let radius = UNSHARP_RADIUS * MAGNIFY;
        let means = box_means(&grey, w, h, radius);
        let sharpened: Vec<u8> = grey
            .iter()
            .zip(&means)
            .map(|(&g, &m)| (f32::from(g) + UNSHARP * (f32::from(g) - m)).clamp(0.0, 255.0) as u8)
            .collect();
        found = halfway_codes(&sharpened, w, h, search)?;
    }
    Ok(found
        .into_iter()
        .map(|(text, corners)| {
            let back = corners.map(|(x, y)| {
                (
                    x0 as f64 + x / MAGNIFY as f64,
                    y0 as f64 + y / MAGNIFY as f64,
                )
            });
            (text, back)
        })
        .collect())
}

/// How much a blurred code's region is sharpened: its difference from its
/// neighbourhood's mean is made this many times larger.
const UNSHARP: f32 = 2.0;

/// The neighbourhood's half-width for sharpening, in the photo's pixels
/// (a blur of about 1.5 pixels, half a module of a code in a photo of
/// 2,400 pixels, merges neighbouring modules).
const UNSHARP_RADIUS: usize = 3;

/// The codes in a small grey region lit alike, made black and white by
/// one threshold halfway between its ink and its paper.
fn halfway_codes(
    grey: &[u8],
    w: usize,
    h: usize,
    search: &mut Search<'_, '_>,
) -> Result<Vec<Code>, LocateError> {
    let mut sorted = grey.to_vec();
    sorted.sort_unstable();
    let threshold =
        (u16::from(sorted[sorted.len() / 20]) + u16::from(sorted[sorted.len() * 19 / 20])) / 2;
    let (found, _) = bitmap_codes(w, h, search, |x, y| {
        u8::from(u16::from(grey[y * w + x]) < threshold)
    })?;
    Ok(found)
}

/// The mean of each pixel's square neighbourhood `radius` pixels each
/// way (cut at the edges).
///
/// The sums are kept as the neighbourhood slides: a sum for each column
/// over the rows of the current window (a row added at the bottom and
/// one taken off the top as the window moves down), and along each row
/// the sum of the columns in the window. Whole numbers, so each mean is
/// exactly the window's sum over its size, without an integral image of
/// eight bytes a pixel.
fn box_means(grey: &[u8], w: usize, h: usize, radius: usize) -> Vec<f32> {
    // Each at most 255 times the rows of a window, far below u32's range.
    let mut columns = vec![0u32; w];
    let mut means = vec![0f32; w * h];
    // The rows summed in `columns`: top..bottom.
    let (mut top, mut bottom) = (0, 0);
    for (y, out) in means.chunks_exact_mut(w.max(1)).enumerate() {
        let (y0, y1) = (y.saturating_sub(radius), (y + radius + 1).min(h));
        for row in bottom..y1 {
            for (sum, &g) in columns.iter_mut().zip(&grey[row * w..][..w]) {
                *sum += u32::from(g);
            }
        }
        for row in top..y0 {
            for (sum, &g) in columns.iter_mut().zip(&grey[row * w..][..w]) {
                *sum -= u32::from(g);
            }
        }
        (top, bottom) = (y0, y1);
        // The columns summed in `sum`: left..right.
        let (mut sum, mut left, mut right) = (0u64, 0, 0);
        for (x, mean) in out.iter_mut().enumerate() {
            let (x0, x1) = (x.saturating_sub(radius), (x + radius + 1).min(w));
            for &c in &columns[right..x1] {
                sum += u64::from(c);
            }
            for &c in &columns[left..x0] {
                sum -= u64::from(c);
            }
            (left, right) = (x0, x1);
            *mean = (sum as f64 / ((x1 - x0) * (y1 - y0)) as f64) as f32;
        }
    }
    means
}

/// A pixel darker than this share of its neighbourhood's mean is ink.
const DARK_SHARE: f32 = 0.7;

/// The mean grey of each pixel's neighbourhood (a square a twelfth of the
/// photo's longer side across: several times a mark or the code, so their
/// own darkness hardly lowers it), by an integral image.
fn local_means(photo: &Photo) -> Vec<f32> {
    let (w, h) = (photo.width, photo.height);
    box_means(&photo.grey, w, h, (w.max(h) / 24).max(8))
}

/// The one sheet code of the photo, with its corners (see [`find_codes`]).
///
/// When no code is found but the photo shows a sheet (its four marks, see
/// `marks_seen`), the code is looked for once more against a threshold
/// of its own ([`codes_against_near_means`]) before the photo is refused
/// as [`LocateError::CodeUnreadable`]; a photo whose code reads, or that
/// shows no sheet, never pays for it.
pub(crate) fn the_code(
    photo: &Photo,
    copy: &SearchCopy,
    meter: &Meter<'_>,
) -> Result<(String, Corners), LocateError> {
    let mut codes = find_codes(photo, copy, meter)?;
    if codes.is_empty() {
        // A sheet whose code did not read (leaning steeply, small) is
        // told to be taken again, a photo without one to show one.
        let Some(side) = super::marks_seen::marks_side(&square_blobs(&copy.small, &copy.means))
        else {
            return Err(LocateError::NoCode);
        };
        let mut search = Search {
            meter,
            decoder_failed: false,
        };
        // The marks are 5 mm on every sheet: about a module and a half of
        // a code each way.
        let pixels_per_mm = side * copy.step as f64 / MARK_MM;
        let radius = (NEAR_MM * pixels_per_mm).round().max(1.0) as usize;
        codes = codes_against_near_means(photo, radius, &mut search)?;
        if codes.is_empty() {
            return Err(LocateError::CodeUnreadable);
        }
    }
    let mut ours = codes.iter().filter(|(t, _)| t.starts_with("PB"));
    match (ours.next(), ours.next()) {
        (Some(a), Some(b)) => Err(LocateError::TwoSheets(a.0.clone(), Some(b.0.clone()))),
        (Some(a), None) => Ok(a.clone()),
        (None, _) => Err(LocateError::ForeignCode(
            codes[0].0.chars().take(60).collect(),
        )),
    }
}

/// The share of the mean of its near neighbourhood under which a pixel is
/// ink in [`codes_against_near_means`].
const NEAR_SHARE: f32 = 0.9;

/// The side of a sheet's alignment marks, mm (every sheet prints them so).
const MARK_MM: f64 = 5.0;

/// The near neighbourhood's half-width in [`codes_against_near_means`],
/// mm of the sheet: a module and a half of a Strategic sheet's code (33
/// modules in 15 mm), and of an Ultimate sheet's (29) a little more than
/// one; 6 pixels where the code's modules are 4.5 (a 12 MP photo).
const NEAR_MM: f64 = 0.6;

/// Rows of the photo whose neighbourhoods' means are held at once.
const NEAR_BAND: usize = 256;

/// The codes read with each pixel made ink when it is darker than
/// [`NEAR_SHARE`] of the mean of its neighbourhood `radius` pixels each way
/// (about a module and a half, [`NEAR_MM`]), not of the wide one
/// [`find_codes`] compares against (a twelfth of the photo).
///
/// Blurred by a pixel or two, a code whose modules are four or five
/// pixels keeps them apart only as a ripple of grey, and against the wide
/// mean no threshold keeps the ripple's proportions: on one Strategic
/// photo in ten at 12 MP the decoder saw no grid at any of [`SHARES`] (at
/// 0.7 a finder pattern's stone came out 16 pixels across between white
/// rings of 3, past the decoder's 1:1:3:1:1 tolerance). Compared with
/// the mean of its own near neighbourhood, each pixel keeps its side of
/// the ripple, and all six such photos looked at read. A grid whose
/// finder patterns are seen but which does not decode is read again
/// magnified (see [`magnified_codes`]).
///
/// One more pass of the decoder over the photo, charged to its meter; the
/// means are worked out [`NEAR_BAND`] rows at a time, never held for the
/// whole photo.
fn codes_against_near_means(
    photo: &Photo,
    radius: usize,
    search: &mut Search<'_, '_>,
) -> Result<Vec<Code>, LocateError> {
    let (w, h) = (photo.width, photo.height);
    // The band of rows whose means are held: its first row, the first
    // row its means were worked out from, and the means.
    let mut band: Option<(usize, usize, Vec<f32>)> = None;
    let (found, seen) = bitmap_codes(w, h, search, |x, y| {
        let in_band = band
            .as_ref()
            .is_some_and(|(first, _, _)| (*first..*first + NEAR_BAND).contains(&y));
        if !in_band {
            let first = y - y % NEAR_BAND;
            let (from, to) = (
                first.saturating_sub(radius),
                (first + NEAR_BAND + radius).min(h),
            );
            let means = box_means(&photo.grey[from * w..to * w], w, to - from, radius);
            band = Some((first, from, means));
        }
        let Some((_, from, means)) = &band else {
            return 0;
        };
        u8::from(f32::from(photo.at(x, y)) < means[(y - from) * w + x] * NEAR_SHARE)
    })?;
    if !found.is_empty() {
        return Ok(found);
    }
    for bounds in seen.iter().take(2) {
        let found = magnified_codes(photo, bounds, search)?;
        if !found.is_empty() {
            return Ok(found);
        }
    }
    Ok(Vec::new())
}

/// How far outside its marks' outer corners a sheet's own blobs may lie,
/// mm (its marks' blurred edges; the page's margin is blank).
const OUTSIDE_MM: f64 = 5.0;

/// Square blobs kept as candidates for each mark, nearest to where the
/// code puts it first.
const CANDIDATES: usize = 8;

/// Finds the sheet's marks, given its code's corners in the photo and where
/// `landmarks` says the code and marks are printed.
///
/// The code is small: a map extrapolated from it across the page is rough
/// (under a steep tilt, tens of millimetres off at the far marks). So the
/// marks are not taken where it puts them but chosen among every square
/// blob of the photo of about a mark's size: the [`CANDIDATES`] nearest
/// to each mark's rough place are tried together, and the four whose map
/// sends the code's printed corners onto its corners in the photo win.
/// When no four agree (a finger over a mark, a corner out of the picture),
/// three marks and the code's four corners fix the map (seven points, by
/// least squares).
pub(crate) fn locate(
    photo: &Photo,
    copy: &SearchCopy,
    corners: &Corners,
    landmarks: &Landmarks,
) -> Result<Located, LocateError> {
    let (cx, cy, cs) = landmarks.code;
    let code_mm = [(cx, cy), (cx + cs, cy), (cx + cs, cy + cs), (cx, cy + cs)];
    // The code's corners' own perspective, extrapolated across the page,
    // would magnify their pixel error. Its centre and mean edges (an
    // affine map) extrapolate steadily.
    let [tl, tr, br, bl] = *corners;
    let centre = (
        (tl.0 + tr.0 + br.0 + bl.0) / 4.0,
        (tl.1 + tr.1 + br.1 + bl.1) / 4.0,
    );
    let across = (
        (tr.0 - tl.0 + br.0 - bl.0) / 2.0,
        (tr.1 - tl.1 + br.1 - bl.1) / 2.0,
    );
    let down = (
        (bl.0 - tl.0 + br.0 - tr.0) / 2.0,
        (bl.1 - tl.1 + br.1 - tr.1) / 2.0,
    );
    let parallelogram = [(-0.5, -0.5), (0.5, -0.5), (0.5, 0.5), (-0.5, 0.5)].map(|(a, b)| {
        (
            centre.0 + a * across.0 + b * down.0,
            centre.1 + a * across.1 + b * down.1,
        )
    });
    let rough = Homography::from_points(&code_mm, &parallelogram).ok_or(LocateError::BadMarks)?;
    let rough_scale = scale_at(&rough, cx + cs / 2.0, cy + cs / 2.0);
    let factor = copy.step as f64;
    // The code's own finder patterns are square blobs too: not marks.
    let grown = corners.map(|(x, y)| {
        (
            centre.0 + (x - centre.0) * 1.1,
            centre.1 + (y - centre.1) * 1.1,
        )
    });
    let blobs: Vec<Blob> = square_blobs(&copy.small, &copy.means)
        .into_iter()
        .filter(|b| {
            !inside(
                &grown,
                ((b.x + 0.5) * factor - 0.5, (b.y + 0.5) * factor - 0.5),
            )
        })
        .collect();
    const NAMES: [&str; 4] = ["top-left", "top-right", "bottom-left", "bottom-right"];
    let marks_mm = landmarks.marks.map(|(x, y, s)| (x + s / 2.0, y + s / 2.0));
    let mut candidates: [Vec<(f64, f64)>; 4] = Default::default();
    for (i, &(mx, my, size)) in landmarks.marks.iter().enumerate() {
        let (px, py) = rough.map(mx + size / 2.0, my + size / 2.0);
        let expected_side = size * rough_scale / factor;
        let mut near: Vec<(f64, &Blob)> = blobs
            .iter()
            .filter(|b| b.side > expected_side * 0.35 && b.side < expected_side * 2.8)
            .map(|b| ((b.x - px / factor).hypot(b.y - py / factor), b))
            .collect();
        near.sort_by(|a, b| a.0.total_cmp(&b.0));
        candidates[i] = near
            .iter()
            .take(CANDIDATES)
            .map(|(_, b)| ((b.x + 0.5) * factor - 0.5, (b.y + 0.5) * factor - 0.5))
            .collect();
    }
    // How far the map may send a code corner from where it is, pixels.
    let tolerance = cs * 0.25 * rough_scale;
    let code_error = |map: &Homography| {
        code_mm
            .iter()
            .zip(corners)
            .map(|(&(x, y), &(u, v))| {
                let (pu, pv) = map.map(x, y);
                (pu - u).hypot(pv - v)
            })
            .fold(0.0, f64::max)
    };
    // Four marks: the combination whose map agrees best with the code.
    let mut best: Option<(f64, Homography)> = None;
    for a in &candidates[0] {
        for b in &candidates[1] {
            for c in &candidates[2] {
                for d in &candidates[3] {
                    let Some(map) = Homography::from_points(&marks_mm, &[*a, *b, *c, *d]) else {
                        continue;
                    };
                    let error = code_error(&map);
                    if error < tolerance && best.as_ref().is_none_or(|(e, _)| error < *e) {
                        best = Some((error, map));
                    }
                }
            }
        }
    }
    if best.is_none() {
        best = three_marks(&marks_mm, &candidates, &code_mm, corners, tolerance);
    }
    let Some((_, map)) = best else {
        // Name a mark the code puts outside the photo, or one with no
        // candidate at all; otherwise the marks were there and made no
        // sheet.
        let outside = |i: usize| {
            let (mx, my, size) = landmarks.marks[i];
            let (x, y) = rough.map(mx + size / 2.0, my + size / 2.0);
            !(0.0..photo.width as f64).contains(&x) || !(0.0..photo.height as f64).contains(&y)
        };
        let missing = (0..4)
            .find(|&i| outside(i))
            .or_else(|| candidates.iter().position(Vec::is_empty));
        return Err(missing.map_or(LocateError::BadMarks, |i| LocateError::NoMark(NAMES[i])));
    };
    let (w, h) = (landmarks.marks[3].0, landmarks.marks[3].1);
    // The sheet's marks and all it prints lie inside its marks' outer
    // corners; a mark-like blob well outside them is another sheet's (or
    // the table's). No larger than twice this sheet's marks: a sheet
    // nearer the camera shows its code on the search copy, and is found.
    let [tl, tr, bl, br] = landmarks.marks;
    let g = OUTSIDE_MM;
    let page = [
        (tl.0 - g, tl.1 - g),
        (tr.0 + tr.2 + g, tr.1 - g),
        (br.0 + br.2 + g, br.1 + br.2 + g),
        (bl.0 - g, bl.1 + bl.2 + g),
    ]
    .map(|(x, y)| map.map(x, y));
    let mark_side = landmarks.marks[0].2 * scale_at(&map, w / 2.0, h / 2.0) / factor;
    let outside: Vec<Blob> = blobs
        .iter()
        .filter(|b| {
            b.side < 2.0 * mark_side
                && !inside(
                    &page,
                    ((b.x + 0.5) * factor - 0.5, (b.y + 0.5) * factor - 0.5),
                )
        })
        .copied()
        .collect();
    Ok(Located {
        map,
        pixels_per_mm: scale_at(&map, w / 2.0, h / 2.0),
        marks_outside: !outside.is_empty(),
        another_sheet: super::marks_seen::another_sheet_shows(&outside, &blobs),
    })
}

/// Whether `p` lies inside the convex quadrilateral `quad` (its corners
/// in order, either way round).
pub(super) fn inside(quad: &Corners, p: (f64, f64)) -> bool {
    let sides: Vec<f64> = (0..4)
        .map(|i| {
            let (a, b) = (quad[i], quad[(i + 1) % 4]);
            (b.0 - a.0) * (p.1 - a.1) - (b.1 - a.1) * (p.0 - a.0)
        })
        .collect();
    sides.iter().all(|&s| s > 0.0) || sides.iter().all(|&s| s < 0.0)
}

/// The map from three of the marks and the code's four corners, when one
/// mark is hidden: the best agreement, over each mark left out and each
/// choice of the other three among their candidates, of the seven points
/// with the map fitted to them. `None` when no choice agrees within
/// `tolerance` pixels.
fn three_marks(
    marks_mm: &[(f64, f64); 4],
    candidates: &[Vec<(f64, f64)>; 4],
    code_mm: &Corners,
    corners: &Corners,
    tolerance: f64,
) -> Option<(f64, Homography)> {
    let mut best: Option<(f64, Homography)> = None;
    for hidden in 0..4 {
        let kept: Vec<usize> = (0..4).filter(|&i| i != hidden).collect();
        for a in &candidates[kept[0]] {
            for b in &candidates[kept[1]] {
                for c in &candidates[kept[2]] {
                    let mut from: Vec<(f64, f64)> = kept.iter().map(|&i| marks_mm[i]).collect();
                    from.extend(code_mm);
                    let mut to = vec![*a, *b, *c];
                    to.extend(corners);
                    let Some(map) = Homography::fit(&from, &to) else {
                        continue;
                    };
                    let error = from
                        .iter()
                        .zip(&to)
                        .map(|(&(x, y), &(u, v))| {
                            let (pu, pv) = map.map(x, y);
                            (pu - u).hypot(pv - v)
                        })
                        .fold(0.0, f64::max);
                    if error < tolerance && best.as_ref().is_none_or(|(e, _)| error < *e) {
                        best = Some((error, map));
                    }
                }
            }
        }
    }
    best
}

/// Pixels per millimetre near `(x, y)` (the mean of the two directions).
pub(crate) fn scale_at(map: &Homography, x: f64, y: f64) -> f64 {
    let (u0, v0) = map.map(x, y);
    let (u1, v1) = map.map(x + 1.0, y);
    let (u2, v2) = map.map(x, y + 1.0);
    (((u1 - u0).powi(2) + (v1 - v0).powi(2)).sqrt()
        + ((u2 - u0).powi(2) + (v2 - v0).powi(2)).sqrt())
        / 2.0
}

/// The photo's smaller copy the code's grids and the marks are searched
/// on, with the mean of each of its pixels' neighbourhoods. Both searches
/// need the same copy and means, so they are made once a photo and handed
/// to both (for a 12 MP photo, a pass over its 12 million pixels and over
/// the copy's 1.3 million, and some 15 MB, not spent twice).
pub(crate) struct SearchCopy {
    /// The copy, no longer than [`SEARCH_SIDE`] (box-averaged).
    small: Photo,
    /// How many of the photo's pixels one of the copy's pixels spans,
    /// each way.
    step: usize,
    /// [`local_means`] of the copy.
    means: Vec<f32>,
}

impl SearchCopy {
    /// The search copy of `photo`.
    pub(crate) fn of(photo: &Photo) -> SearchCopy {
        let (small, step) = shrink(photo);
        let means = local_means(&small);
        SearchCopy { small, step, means }
    }
}

/// A copy of the photo no longer than [`SEARCH_SIDE`] (box-averaged), and
/// how many of the photo's pixels each of its pixels spans each way.
fn shrink(photo: &Photo) -> (Photo, usize) {
    let long = photo.width.max(photo.height);
    shrink_by(photo, long.div_ceil(SEARCH_SIDE).max(1))
}

/// A copy of the photo `step` times smaller each way (each pixel the mean
/// of the `step × step` it stands for), and `step`.
fn shrink_by(photo: &Photo, step: usize) -> (Photo, usize) {
    if step == 1 {
        return (photo.clone(), 1);
    }
    let (w, h) = (photo.width / step, photo.height / step);
    let mut grey = vec![0u8; w * h];
    // Row by row of the copy: the `step` rows of the photo it stands for
    // added column by column (long runs the compiler vectorises), then
    // each `step` columns of those sums added into one of its pixels.
    let mut columns = vec![0u32; w * step];
    for (y, out) in grey.chunks_exact_mut(w.max(1)).enumerate() {
        columns.fill(0);
        for dy in 0..step {
            let row = &photo.grey[(y * step + dy) * photo.width..][..w * step];
            for (sum, &g) in columns.iter_mut().zip(row) {
                *sum += u32::from(g);
            }
        }
        for (o, block) in out.iter_mut().zip(columns.chunks_exact(step)) {
            *o = (block.iter().sum::<u32>() / (step * step) as u32) as u8;
        }
    }
    (
        Photo {
            width: w,
            height: h,
            grey,
        },
        step,
    )
}

/// A dark blob shaped like a filled square.
#[derive(Debug, Clone, Copy)]
pub(super) struct Blob {
    /// Centre, pixels.
    pub(super) x: f64,
    pub(super) y: f64,
    /// The side of a square of its area.
    pub(super) side: f64,
}

/// The dark, filled, square blobs of `photo` (any rotation), given its
/// [`local_means`].
fn square_blobs(photo: &Photo, means: &[f32]) -> Vec<Blob> {
    let (w, h) = (photo.width, photo.height);
    let dark: Vec<bool> = photo
        .grey
        .iter()
        .zip(means)
        .map(|(&g, &m)| f32::from(g) < m * DARK_SHARE)
        .collect();
    let mut seen = vec![false; w * h];
    let mut blobs = Vec::new();
    let mut stack = Vec::new();
    let mut count = 0;
    for start in 0..w * h {
        if !dark[start] || seen[start] {
            continue;
        }
        count += 1;
        if count > MAX_BLOBS {
            break;
        }
        seen[start] = true;
        stack.push(start);
        let (mut n, mut sx, mut sy, mut sxx, mut syy, mut sxy) =
            (0f64, 0f64, 0f64, 0f64, 0f64, 0f64);
        let mut touches_edge = false;
        while let Some(i) = stack.pop() {
            let (x, y) = (i % w, i / w);
            let (fx, fy) = (x as f64, y as f64);
            n += 1.0;
            sx += fx;
            sy += fy;
            sxx += fx * fx;
            syy += fy * fy;
            sxy += fx * fy;
            if x == 0 || y == 0 || x + 1 == w || y + 1 == h {
                touches_edge = true;
            }
            let neighbours = [
                (x > 0).then(|| i - 1),
                (x + 1 < w).then(|| i + 1),
                (y > 0).then(|| i - w),
                (y + 1 < h).then(|| i + w),
            ];
            for j in neighbours.into_iter().flatten() {
                if dark[j] && !seen[j] {
                    seen[j] = true;
                    stack.push(j);
                }
            }
        }
        if touches_edge || n < 30.0 {
            continue;
        }
        let (mx, my) = (sx / n, sy / n);
        let (vxx, vyy, vxy) = (sxx / n - mx * mx, syy / n - my * my, sxy / n - mx * my);
        let trace = vxx + vyy;
        let det = vxx * vyy - vxy * vxy;
        let disc = (trace * trace / 4.0 - det).max(0.0).sqrt();
        let (l1, l2) = (trace / 2.0 + disc, trace / 2.0 - disc);
        // A square seen 50° off square-on (the far corner of a page
        // photographed leaning 30°, with the lens's own angle added) is
        // 1 / cos² 50° = 2.4 times as spread one way as the other.
        if l2 <= 0.0 || l1 / l2 > 2.6 {
            continue;
        }
        // A filled square of side s: area s², spread s²/12 each way.
        let fill = n / (12.0 * (l1 * l2).sqrt());
        if !(0.85..=1.12).contains(&fill) {
            continue;
        }
        blobs.push(Blob {
            x: mx,
            y: my,
            side: n.sqrt(),
        });
    }
    blobs
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A white photo with filled squares (centre, side, angle) drawn on it.
    fn photo_with(squares: &[(f64, f64, f64, f64)]) -> Photo {
        let (w, h) = (800, 700);
        let mut grey = vec![230u8; w * h];
        for y in 0..h {
            for x in 0..w {
                for &(cx, cy, side, angle) in squares {
                    let (dx, dy) = (x as f64 - cx, y as f64 - cy);
                    let (u, v) = (
                        dx * angle.cos() + dy * angle.sin(),
                        -dx * angle.sin() + dy * angle.cos(),
                    );
                    if u.abs() < side / 2.0 && v.abs() < side / 2.0 {
                        grey[y * w + x] = 20;
                    }
                }
            }
        }
        Photo {
            width: w,
            height: h,
            grey,
        }
    }

    #[test]
    fn a_code_seen_again_at_its_place_is_one_code_and_a_copy_elsewhere_another() {
        let at = |x: f64| [(x, 0.0), (x + 80.0, 0.0), (x + 80.0, 80.0), (x, 80.0)];
        let mut found = Vec::new();
        add_code(&mut found, ("PB1 t=a".to_string(), at(0.0)));
        // The same code in another window or at another threshold.
        add_code(&mut found, ("PB1 t=a".to_string(), at(3.0)));
        assert_eq!(found.len(), 1);
        // Another sheet's code beside it, and a copy of the sheet further on.
        add_code(&mut found, ("PB1 t=b".to_string(), at(2.0)));
        add_code(&mut found, ("PB1 t=a".to_string(), at(900.0)));
        let texts: Vec<&str> = found.iter().map(|c| c.0.as_str()).collect();
        assert_eq!(texts, ["PB1 t=a", "PB1 t=b", "PB1 t=a"]);
    }

    #[test]
    fn box_means_are_each_neighbourhoods_mean() {
        let (w, h) = (23, 17);
        let grey: Vec<u8> = (0..w * h).map(|i| (i * 97 % 256) as u8).collect();
        let grey = &grey;
        for radius in [0, 1, 4, 30] {
            let means = box_means(grey, w, h, radius);
            for y in 0..h {
                for x in 0..w {
                    let (x0, x1) = (x.saturating_sub(radius), (x + radius + 1).min(w));
                    let (y0, y1) = (y.saturating_sub(radius), (y + radius + 1).min(h));
                    let sum: u64 = (y0..y1)
                        .flat_map(|j| (x0..x1).map(move |i| u64::from(grey[j * w + i])))
                        .sum();
                    let mean = (sum as f64 / ((x1 - x0) * (y1 - y0)) as f64) as f32;
                    assert_eq!(means[y * w + x], mean, "radius {radius} at ({x}, {y})");
                }
            }
        }
    }

    #[test]
    fn a_shrunk_copy_holds_the_mean_of_each_block() {
        let (w, h) = (10, 7);
        let grey: Vec<u8> = (0..w * h).map(|i| (i * 53 % 256) as u8).collect();
        let photo = Photo {
            width: w,
            height: h,
            grey,
        };
        let (copy, step) = shrink_by(&photo, 3);
        assert_eq!((copy.width, copy.height, step), (3, 2, 3));
        for y in 0..2 {
            for x in 0..3 {
                let sum: u32 = (0..9)
                    .map(|k| u32::from(photo.at(x * 3 + k % 3, y * 3 + k / 3)))
                    .sum();
                assert_eq!(copy.at(x, y), (sum / 9) as u8);
            }
        }
    }

    #[test]
    fn filled_squares_are_found_at_any_angle_and_rings_are_not() {
        let photo = photo_with(&[(100.0, 100.0, 24.0, 0.0), (400.0, 300.0, 30.0, 0.6)]);
        let blobs = square_blobs(&photo, &local_means(&photo));
        assert_eq!(blobs.len(), 2, "{blobs:?}");
        assert!((blobs[0].x - 99.5).abs() < 1.0 && (blobs[0].y - 99.5).abs() < 1.0);
        assert!((blobs[1].side - 30.0).abs() < 2.0);
        // A ring (a square with a white square inside) and a long bar are
        // no marks.
        let mut ring = photo_with(&[(300.0, 300.0, 40.0, 0.0), (600.0, 200.0, 20.0, 0.0)]);
        for y in 290..310 {
            for x in 290..310 {
                ring.grey[y * 800 + x] = 230;
            }
        }
        for x in 560..660 {
            for y in 500..515 {
                ring.grey[y * 800 + x] = 20;
            }
        }
        let blobs = square_blobs(&ring, &local_means(&ring));
        assert_eq!(blobs.len(), 1, "{blobs:?}");
        assert!((blobs[0].x - 599.5).abs() < 1.0);
    }

    /// A grey picture tiled with QR finder patterns (seven modules of
    /// `module` pixels, one module of paper between them): every three
    /// of them in an L look like a code's corners to the decoder.
    fn finder_tiles(width: usize, height: usize, module: usize) -> Photo {
        let grey = (0..width * height)
            .map(|i| {
                let (x, y) = ((i % width) / module % 8, (i / width) / module % 8);
                let ring = (x == 0 || x == 6 || y == 0 || y == 6) && x < 7 && y < 7;
                let stone = (2..=4).contains(&x) && (2..=4).contains(&y);
                if ring || stone { 20 } else { 235 }
            })
            .collect();
        Photo::from_grey(width, height, grey).unwrap()
    }

    #[test]
    fn a_small_png_of_many_finder_patterns_costs_a_bounded_search() {
        let photo = finder_tiles(1600, 1200, 3);
        // A few kilobytes as a PNG file.
        let mut png = Vec::new();
        image::ImageEncoder::write_image(
            image::codecs::png::PngEncoder::new_with_quality(
                &mut png,
                image::codecs::png::CompressionType::Best,
                image::codecs::png::FilterType::Up,
            ),
            &photo.grey,
            1600,
            1200,
            image::ExtendedColorType::L8,
        )
        .unwrap();
        assert!(png.len() < 8 << 10, "{}", png.len());
        let photo = super::super::photo::decode_photo(&png).unwrap();
        let never = AtomicBool::new(false);
        let meter = Meter::for_photo(photo.width * photo.height, &never);
        let err = the_code(&photo, &SearchCopy::of(&photo), &meter).unwrap_err();
        assert_eq!(err, LocateError::SearchLimit);
        assert!(err.to_string().contains("too many patterns"), "{err}");
        // The work done is the photo's allowance, and not a copy more.
        let pixels = (photo.width * photo.height) as u64;
        assert!(meter.used() <= meter.limit() + pixels, "{}", meter.used());
        assert_eq!(
            meter.limit(),
            pixels * super::super::search::UNITS_PER_PIXEL
        );
        // The same photo, the same work: counted, not timed.
        let again = Meter::for_photo(photo.width * photo.height, &never);
        let _ = the_code(&photo, &SearchCopy::of(&photo), &again);
        assert_eq!(again.used(), meter.used());
    }

    #[test]
    fn a_search_whose_caller_has_gone_stops_at_once() {
        let photo = finder_tiles(1200, 900, 4);
        let gone = AtomicBool::new(true);
        let meter = Meter::for_photo(photo.width * photo.height, &gone);
        assert_eq!(
            the_code(&photo, &SearchCopy::of(&photo), &meter).unwrap_err(),
            LocateError::Cancelled
        );
        // Stopped while making its first picture for the decoder.
        assert!(
            meter.used() <= (photo.width * photo.height) as u64,
            "{}",
            meter.used()
        );
    }

    #[test]
    fn a_panic_of_the_decoder_is_one_photo_refused() {
        let photo = finder_tiles(800, 700, 4);
        let never = AtomicBool::new(false);
        let mut meter = Meter::for_photo(photo.width * photo.height, &never);
        meter.panic_after = Some(1000);
        let err = the_code(&photo, &SearchCopy::of(&photo), &meter).unwrap_err();
        assert_eq!(err, LocateError::DecoderFailed);
        assert_eq!(err.code(), "code-reader-failed");
        assert!(err.to_string().contains("take the photo again"), "{err}");
    }

    #[test]
    fn a_photo_without_a_code_says_so() {
        let photo = photo_with(&[(100.0, 100.0, 24.0, 0.0)]);
        let never = AtomicBool::new(false);
        let meter = Meter::for_photo(photo.width * photo.height, &never);
        assert_eq!(
            the_code(&photo, &SearchCopy::of(&photo), &meter).unwrap_err(),
            LocateError::NoCode
        );
    }
}
