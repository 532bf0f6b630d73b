//! Whether a photo whose code could not be read shows a sheet at all.
//!
//! A photo with no sheet in it and a photo of a sheet whose code the
//! decoder cannot read (a phone leaning 30° at 2,400 pixels: the code's
//! modules, a pixel or two each, run together) both end with no code. The
//! user must be told different things: photograph a sheet, or photograph
//! this one again from straight above and closer. The sheet's four
//! alignment marks are larger and simpler than the code's modules (filled
//! squares of 5 mm, found at any angle by their shape alone, see
//! `locate`), so they still show where the code does not.
//!
//! So, only once no code was found: the largest square blobs of the
//! search copy ([`MARK_BLOBS`] of them; the marks are the largest filled
//! squares a sheet prints) are looked at four at a time, and the photo
//! shows a sheet when four of them could be its marks: of about one size,
//! the corners of a convex quadrilateral, each side many marks long,
//! none far shorter than the others and its area a page's (a page seen at
//! up to 30°, not a line of dots). Nothing is read through them: they only choose the message.
//!
//! Bounded: the blobs are the search copy's, already limited (see
//! `locate`), and at most 210 groups of four are looked at, arithmetic
//! only.

use super::locate::Blob;

/// Square blobs tried as marks, the largest first.
const MARK_BLOBS: usize = 10;

/// How many times larger than the smallest of them the largest of four
/// marks may look (near and far in a steep photo, or cut by the
/// threshold).
const ALIKE: f64 = 2.5;

/// The fewest marks' sides a side of the marks' quadrilateral spans: on
/// the smallest page printed (A5) the marks are some 130 mm apart, 26
/// marks, and a third of that is left at a steep angle.
const FAR: f64 = 10.0;

/// The shortest side of the marks' quadrilateral as a share of its
/// longest, at least: a page is at most 1.42 times as long as it is wide,
/// and a phone leaning 30° shortens one way by at most half again.
const SQUAT: f64 = 0.3;

/// The marks' quadrilateral's area as a share of its longest side's
/// square, at least: 0.7 for a page seen straight on, half that seen at
/// 30°; a sliver (dots along a line) is far less.
const FULL: f64 = 0.2;

/// Whether four of `blobs` (square blobs of one picture, any order) could
/// be a sheet's alignment marks (see the module's docs).
pub(crate) fn a_sheet_shows(blobs: &[Blob]) -> bool {
    let mut largest: Vec<&Blob> = blobs.iter().collect();
    largest.sort_by(|a, b| b.side.total_cmp(&a.side));
    largest.truncate(MARK_BLOBS);
    let n = largest.len();
    for a in 0..n {
        for b in a + 1..n {
            for c in b + 1..n {
                for d in c + 1..n {
                    if could_be_marks([largest[a], largest[b], largest[c], largest[d]]) {
                        return true;
                    }
                }
            }
        }
    }
    false
}

/// Twice the signed area of the triangle `a b c`.
fn cross(a: (f64, f64), b: (f64, f64), c: (f64, f64)) -> f64 {
    (b.0 - a.0) * (c.1 - a.1) - (b.1 - a.1) * (c.0 - a.0)
}

/// Whether four blobs could be the marks of one sheet.
fn could_be_marks(four: [&Blob; 4]) -> bool {
    let sides = four.map(|b| b.side);
    let small = sides.iter().copied().fold(f64::MAX, f64::min);
    let large = sides.iter().copied().fold(0.0, f64::max);
    if large > small * ALIKE {
        return false;
    }
    // In order around their centre.
    let (mx, my) = (
        four.iter().map(|b| b.x).sum::<f64>() / 4.0,
        four.iter().map(|b| b.y).sum::<f64>() / 4.0,
    );
    let mut points = four.map(|b| (b.x, b.y));
    points.sort_by(|p, q| {
        (p.1 - my)
            .atan2(p.0 - mx)
            .total_cmp(&(q.1 - my).atan2(q.0 - mx))
    });
    let turns = (0..4).map(|i| cross(points[i], points[(i + 1) % 4], points[(i + 2) % 4]));
    let turns: Vec<f64> = turns.collect();
    let convex = turns.iter().all(|&t| t > 0.0) || turns.iter().all(|&t| t < 0.0);
    let lengths: Vec<f64> = (0..4)
        .map(|i| {
            let (p, q) = (points[i], points[(i + 1) % 4]);
            (p.0 - q.0).hypot(p.1 - q.1)
        })
        .collect();
    let shortest = lengths.iter().copied().fold(f64::MAX, f64::min);
    let longest = lengths.iter().copied().fold(0.0, f64::max);
    let area = (cross(points[0], points[1], points[2]) + cross(points[0], points[2], points[3]))
        .abs()
        / 2.0;
    convex
        && shortest > large * FAR
        && shortest >= longest * SQUAT
        && area >= longest.powi(2) * FULL
}

#[cfg(test)]
mod tests {
    use super::*;

    fn blob(x: f64, y: f64, side: f64) -> Blob {
        Blob { x, y, side }
    }

    #[test]
    fn four_marks_of_a_page_seen_at_a_slant_show_a_sheet() {
        // A page's marks seen leaning: the far side shorter, the far marks
        // smaller; among letters' dots and a code's finder patterns.
        let mut blobs = vec![
            blob(100.0, 80.0, 6.0),
            blob(700.0, 90.0, 6.5),
            blob(40.0, 560.0, 9.0),
            blob(760.0, 570.0, 9.5),
        ];
        blobs.extend((0..20).map(|i| blob(300.0 + 10.0 * f64::from(i), 300.0, 3.0)));
        assert!(a_sheet_shows(&blobs));
    }

    #[test]
    fn squares_that_make_no_page_show_no_sheet() {
        // Too few.
        assert!(!a_sheet_shows(&[
            blob(100.0, 80.0, 6.0),
            blob(700.0, 90.0, 6.0),
            blob(40.0, 560.0, 6.0),
        ]));
        // Close together, as a code's finder patterns and a mark.
        assert!(!a_sheet_shows(&[
            blob(100.0, 100.0, 6.0),
            blob(140.0, 100.0, 6.0),
            blob(100.0, 140.0, 6.0),
            blob(140.0, 140.0, 6.0),
        ]));
        // Of very different sizes.
        assert!(!a_sheet_shows(&[
            blob(100.0, 80.0, 4.0),
            blob(700.0, 90.0, 20.0),
            blob(40.0, 560.0, 6.0),
            blob(760.0, 570.0, 6.0),
        ]));
        // A line of dots: no quadrilateral, or a sliver of one.
        assert!(!a_sheet_shows(&[
            blob(100.0, 100.0, 6.0),
            blob(300.0, 110.0, 6.0),
            blob(500.0, 100.0, 6.0),
            blob(700.0, 110.0, 6.0),
        ]));
        // Not convex: one inside the triangle of the others.
        assert!(!a_sheet_shows(&[
            blob(100.0, 100.0, 6.0),
            blob(900.0, 100.0, 6.0),
            blob(500.0, 800.0, 6.0),
            blob(500.0, 350.0, 6.0),
        ]));
    }
}
