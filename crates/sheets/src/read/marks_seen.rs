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
//! up to 30°, not a line of dots). Nothing is read through them: they
//! choose the message, and their size says how many pixels a millimetre
//! of the sheet spans, for one more search for its code (see
//! `locate::the_code`).
//!
//! The same shapes tell a second sheet in a photo whose code did not
//! read ([`another_sheet_shows`]): square blobs outside the located sheet
//! that are four marks, or three at the corners of a page whose fourth is
//! cut off by the photo's edge or hidden, with a page's blank inside
//! (no more than [`INSIDE`] blobs of their size in it: a table printed
//! with squares has them everywhere).
//!
//! Bounded: the blobs are the search copy's, already limited (see
//! `locate`), and at most 210 groups of four and 120 of three are looked
//! at, each against at most [`MAX_BLOBS_INSIDE`] blobs, arithmetic only.

use super::locate::{Blob, inside};

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
#[cfg(test)]
pub(crate) fn a_sheet_shows(blobs: &[Blob]) -> bool {
    marks_side(blobs).is_some()
}

/// The mean side of the first four of `blobs` (square blobs of one
/// picture, any order) that could be a sheet's alignment marks (see the
/// module's docs), in the picture's pixels; `None` when no four could.
pub(crate) fn marks_side(blobs: &[Blob]) -> Option<f64> {
    let largest = largest(blobs);
    let n = largest.len();
    for a in 0..n {
        for b in a + 1..n {
            for c in b + 1..n {
                for d in c + 1..n {
                    let four = [largest[a], largest[b], largest[c], largest[d]];
                    if could_be_marks(four) {
                        return Some(four.iter().map(|b| b.side).sum::<f64>() / 4.0);
                    }
                }
            }
        }
    }
    None
}

/// The most blobs of the marks' size a page's inside may hold: a
/// second sheet's own code shows three finder patterns, which a blur can
/// fill into squares.
const INSIDE: usize = 3;

/// The most blobs of the marks' size a picture may hold for a page among
/// them to be told: past it, squares cover the table, and no page is
/// told from them (the second sheet is then found by its code or not at
/// all).
const MAX_BLOBS_INSIDE: usize = 500;

/// The corner of three marks, between the two sides that meet there, is
/// square within this many degrees (a page seen leaning up to 30°).
const SQUARE_WITHIN: f64 = 30.0;

/// The longer of the two sides meeting at three marks' corner is this
/// many times the shorter: the marks' centres of an A4 or A5 page are
/// 1.47 times as far apart one way as the other, seen leaning up to
/// 30° between 1.27 and 1.7.
const PAGE_RATIO: (f64, f64) = (1.2, 1.8);

/// Whether the square blobs `outside` a located sheet show another
/// sheet's marks (see the module's docs), `all` being every square blob
/// of the same picture, the located sheet's included.
pub(crate) fn another_sheet_shows(outside: &[Blob], all: &[Blob]) -> bool {
    let largest = largest(outside);
    let n = largest.len();
    if n == 0 {
        return false;
    }
    let sides = sides_of(&largest);
    let sized: Vec<&Blob> = all.iter().filter(|b| sized_like(b, sides)).collect();
    if sized.len() > MAX_BLOBS_INSIDE {
        return false;
    }
    let blank = |group: &[&Blob], corners: [(f64, f64); 4]| {
        let sides = sides_of(group);
        let within = sized
            .iter()
            .filter(|b| sized_like(b, sides) && inside(&corners, (b.x, b.y)))
            .count();
        within <= INSIDE
    };
    for a in 0..n {
        for b in a + 1..n {
            for c in b + 1..n {
                let three = [largest[a], largest[b], largest[c]];
                if let Some(corners) = three_marks_page(three)
                    && blank(&three, corners)
                {
                    return true;
                }
                for d in c + 1..n {
                    let four = [largest[a], largest[b], largest[c], largest[d]];
                    if could_be_marks(four) && blank(&four, in_order(four)) {
                        return true;
                    }
                }
            }
        }
    }
    false
}

/// The page three blobs are the marks of, its fourth corner where the
/// parallelogram puts it, in order around it; `None` when they are no
/// three corners of a page: of about one size, far apart, square at the
/// corner between the two shorter sides and a page's proportions (see
/// [`SQUARE_WITHIN`], [`PAGE_RATIO`]).
fn three_marks_page(three: [&Blob; 3]) -> Option<[(f64, f64); 4]> {
    let (small, large) = sides_of(&three);
    if large > small * ALIKE {
        return None;
    }
    let p = three.map(|b| (b.x, b.y));
    let length = |i: usize, j: usize| (p[i].0 - p[j].0).hypot(p[i].1 - p[j].1);
    // The corner is opposite the longest side.
    let opposite = [length(1, 2), length(0, 2), length(0, 1)];
    let corner = (0..3).max_by(|&i, &j| opposite[i].total_cmp(&opposite[j]))?;
    let (i, j) = ((corner + 1) % 3, (corner + 2) % 3);
    let (u, v) = (length(corner, i), length(corner, j));
    let (short, long) = (u.min(v), u.max(v));
    if short <= large * FAR || !(PAGE_RATIO.0..=PAGE_RATIO.1).contains(&(long / short)) {
        return None;
    }
    let cosine = ((p[i].0 - p[corner].0) * (p[j].0 - p[corner].0)
        + (p[i].1 - p[corner].1) * (p[j].1 - p[corner].1))
        / (u * v);
    if cosine.abs() > SQUARE_WITHIN.to_radians().sin() {
        return None;
    }
    let fourth = (p[i].0 + p[j].0 - p[corner].0, p[i].1 + p[j].1 - p[corner].1);
    Some([p[corner], p[i], fourth, p[j]])
}

/// Four blobs' centres in order around their centre.
fn in_order(four: [&Blob; 4]) -> [(f64, f64); 4] {
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
    points
}

/// The [`MARK_BLOBS`] largest of `blobs`, the largest first.
fn largest(blobs: &[Blob]) -> Vec<&Blob> {
    let mut largest: Vec<&Blob> = blobs.iter().collect();
    largest.sort_by(|a, b| b.side.total_cmp(&a.side));
    largest.truncate(MARK_BLOBS);
    largest
}

/// The smallest and the largest side of `group`.
fn sides_of(group: &[&Blob]) -> (f64, f64) {
    let small = group.iter().map(|b| b.side).fold(f64::MAX, f64::min);
    let large = group.iter().map(|b| b.side).fold(0.0, f64::max);
    (small, large)
}

/// Whether `blob` is of the size of blobs whose sides run from `small`
/// to `large`, within [`ALIKE`] either way.
fn sized_like(blob: &Blob, (small, large): (f64, f64)) -> bool {
    blob.side * ALIKE >= small && blob.side <= large * ALIKE
}

/// Twice the signed area of the triangle `a b c`.
fn cross(a: (f64, f64), b: (f64, f64), c: (f64, f64)) -> f64 {
    (b.0 - a.0) * (c.1 - a.1) - (b.1 - a.1) * (c.0 - a.0)
}

/// Whether four blobs could be the marks of one sheet.
fn could_be_marks(four: [&Blob; 4]) -> bool {
    let (small, large) = sides_of(&four);
    if large > small * ALIKE {
        return false;
    }
    let points = in_order(four);
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

    #[test]
    fn another_sheets_marks_show_four_or_three_and_a_table_of_squares_does_not() {
        // A page's marks, 189 by 277 mm apart at 2 pixels a mm, marks of
        // 10 pixels; a few letters' dots inside.
        let four = [
            blob(1000.0, 100.0, 10.0),
            blob(1378.0, 104.0, 10.5),
            blob(996.0, 654.0, 9.5),
            blob(1374.0, 658.0, 10.0),
        ];
        let dots: Vec<Blob> = (0..20)
            .map(|i| blob(1100.0 + 8.0 * f64::from(i), 400.0, 3.0))
            .collect();
        let all: Vec<Blob> = four.iter().chain(&dots).copied().collect();
        assert!(another_sheet_shows(&four, &all));
        // Three, the fourth cut off by the photo's edge: each three.
        for hidden in 0..4 {
            let three: Vec<Blob> = (0..4).filter(|&i| i != hidden).map(|i| four[i]).collect();
            assert!(another_sheet_shows(&three, &all), "mark {hidden} hidden");
        }
        // Two, or three in a line, are no page.
        assert!(!another_sheet_shows(&four[..2], &all));
        let line = [four[0], four[1], blob(1756.0, 108.0, 10.0)];
        assert!(!another_sheet_shows(&line, &line));
        // Three at a corner but of no page's proportions (a square).
        let square = [four[0], four[1], blob(1000.0, 478.0, 10.0)];
        assert!(!another_sheet_shows(&square, &square));
        // A table printed with squares of the marks' size every 60 pixels:
        // any four or three at a page's corners have squares inside.
        let table: Vec<Blob> = (0..30)
            .flat_map(|i| {
                (0..15).map(move |j| blob(60.0 * f64::from(i), 60.0 * f64::from(j), 10.0))
            })
            .collect();
        let corners = [table[0], table[6 * 15], table[9], table[6 * 15 + 9]];
        assert!(could_be_marks([
            &corners[0],
            &corners[1],
            &corners[2],
            &corners[3]
        ]));
        assert!(!another_sheet_shows(&corners, &table));
        assert!(!another_sheet_shows(&corners[..3], &table));
    }
}
