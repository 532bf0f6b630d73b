//! Boards of one size placed in a grid, and cells that shrink until the
//! boards fit: shared by the SOS boards, the Ultimate field and the
//! tic-tac-toe practice boards.
//!
//! Each has a preferred cell size and a minimum. Measuring tries the
//! preferred size and shrinks in 0.1 mm steps until the part fits the space
//! it is given; at the minimum it stops, and the layout's fit check then
//! reports the part and how far it overflows.

use crate::display::{Point, Size};

/// Boards placed in a grid: columns, rows and how many.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct Tiling {
    /// Boards side by side.
    pub(crate) columns: u32,
    /// Rows of boards.
    pub(crate) rows: u32,
    /// Boards in all.
    pub(crate) count: u32,
}

const EPS: f64 = 1e-6;

impl Tiling {
    /// The extent of the tiling of boards of `unit` size `gap` mm apart.
    pub(crate) fn size(&self, unit: Size, gap: f64) -> Size {
        Size {
            w: f64::from(self.columns) * (unit.w + gap) - gap,
            h: f64::from(self.rows) * (unit.h + gap) - gap,
        }
    }

    /// Where the `i`-th board goes when the tiling's top-left corner is `origin`.
    pub(crate) fn board_origin(&self, origin: Point, unit: Size, gap: f64, i: u32) -> Point {
        Point::new(
            origin.x + f64::from(i % self.columns) * (unit.w + gap),
            origin.y + f64::from(i / self.columns) * (unit.h + gap),
        )
    }
}

/// How `count` boards of `unit` size tile `avail` (`None` = as many as fit);
/// `None` if not even one fits.
pub(crate) fn tile(unit: Size, gap: f64, avail: Size, count: Option<u32>) -> Option<Tiling> {
    let per = |room: f64, len: f64| ((room + gap + EPS) / (len + gap)).floor().max(0.0) as u32;
    let (fit_cols, fit_rows) = (per(avail.w, unit.w), per(avail.h, unit.h));
    if fit_cols == 0 || fit_rows == 0 {
        return None;
    }
    match count {
        None => Some(Tiling {
            columns: fit_cols,
            rows: fit_rows,
            count: fit_cols * fit_rows,
        }),
        Some(n) => {
            let columns = fit_cols.min(n);
            let rows = n.div_ceil(columns);
            (rows <= fit_rows).then_some(Tiling {
                columns,
                rows,
                count: n,
            })
        }
    }
}

/// The largest cell from `preferred` down to `min` (0.1 mm steps) at which
/// the boards tile `avail`; at `min` without a tiling, the minimum with the
/// boards in one column, which the fit check then reports as overflowing.
pub(crate) fn shrink(
    preferred: f64,
    min: f64,
    gap: f64,
    avail: Size,
    count: Option<u32>,
    unit: impl Fn(f64) -> Size,
) -> (f64, Tiling) {
    let steps = ((preferred - min) / 0.1).floor().max(0.0) as u32;
    for k in 0..=steps {
        let cell = preferred - f64::from(k) * 0.1;
        if let Some(t) = tile(unit(cell), gap, avail, count) {
            return (cell, t);
        }
    }
    let n = count.unwrap_or(1);
    (
        // A default minimum above a written preferred size gives way to it.
        min.min(preferred),
        Tiling {
            columns: 1,
            rows: n,
            count: n,
        },
    )
}

/// The cell [`shrink`] chose, grown in 0.1 mm steps from `preferred` up to
/// `max` while the same number of boards still tiles `avail` (a board that
/// had to shrink does not grow). Without `max` the cell stays.
///
/// Boards counted to fit (`count` `None`) may also start a little smaller
/// than preferred (down to [`FIT_SLACK`] of it): one more row or column of
/// boards often fills the page better than a band left blank, and of the
/// starts the one whose boards cover most of `avail` wins (the larger cell
/// on a tie).
pub(crate) fn shrink_or_grow(
    (preferred, min, max): (f64, f64, Option<f64>),
    gap: f64,
    avail: Size,
    count: Option<u32>,
    unit: impl Fn(f64) -> Size,
) -> (f64, Tiling) {
    let from = |start: f64| {
        let (mut cell, mut tiling) = shrink(start, min, gap, avail, count, &unit);
        if let Some(max) = max.filter(|_| cell >= start - EPS) {
            let steps = ((max - start) / 0.1 + EPS).floor().max(0.0) as u32;
            for k in 1..=steps {
                let bigger = start + f64::from(k) * 0.1;
                match tile(unit(bigger), gap, avail, Some(tiling.count)) {
                    Some(t) => (cell, tiling) = (bigger, t),
                    None => break,
                }
            }
        }
        (cell, tiling)
    };
    if count.is_some() || max.is_none() {
        return from(preferred);
    }
    let coverage = |(cell, t): &(f64, Tiling)| {
        let s = t.size(unit(*cell), gap);
        (s.w * s.h) / (avail.w * avail.h)
    };
    let slack = ((preferred * (1.0 - FIT_SLACK)) / 0.1 + EPS).floor() as u32;
    (0..=slack)
        .map(|k| preferred - f64::from(k) * 0.1)
        .filter(|&c| c >= min - EPS)
        .map(from)
        .fold(None, |best: Option<(f64, Tiling)>, c| match best {
            Some(b) if coverage(&b) + 1e-9 >= coverage(&c) => Some(b),
            _ => Some(c),
        })
        .unwrap_or_else(|| from(preferred))
}

/// How far below the preferred cell boards counted to fit may start, as a
/// share of it.
pub(crate) const FIT_SLACK: f64 = 0.85;

/// Whether a cell fitted by [`shrink`] has reached the minimum.
pub(crate) fn at_minimum(cell: f64, min: f64) -> Option<f64> {
    (cell <= min + 1e-9).then_some(cell)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tiling_fills_the_space_or_places_a_fixed_count() {
        let unit = Size { w: 40.0, h: 40.0 };
        let avail = Size { w: 190.0, h: 100.0 };
        let t = tile(unit, 10.0, avail, None).unwrap();
        assert_eq!((t.columns, t.rows, t.count), (4, 2, 8));
        let t = tile(unit, 10.0, avail, Some(5)).unwrap();
        assert_eq!((t.columns, t.rows), (4, 2));
        assert!(tile(unit, 10.0, avail, Some(9)).is_none());
        assert!(tile(unit, 10.0, Size { w: 30.0, h: 100.0 }, None).is_none());
    }

    #[test]
    fn cells_grow_to_their_maximum_while_the_boards_still_fit() {
        let unit = |c: f64| Size {
            w: 10.0 * c,
            h: 10.0 * c,
        };
        let room = Size { w: 72.0, h: 200.0 };
        let (cell, _) = shrink_or_grow((5.0, 4.0, Some(9.0)), 0.0, room, Some(1), unit);
        assert!((cell - 7.2).abs() < 1e-9, "{cell}");
        let (cell, _) = shrink_or_grow((5.0, 4.0, Some(6.0)), 0.0, room, Some(1), unit);
        assert!((cell - 6.0).abs() < 1e-9, "{cell}");
        let (cell, _) = shrink_or_grow((5.0, 4.0, None), 0.0, room, Some(1), unit);
        assert!((cell - 5.0).abs() < 1e-9, "{cell}");
        // Boards counted to fit keep their count as they grow.
        let (cell, t) = shrink_or_grow((3.0, 3.0, Some(9.0)), 2.0, room, None, unit);
        // 2 × 6 boards of 30 mm fit with 2 mm gaps; grown, the six rows
        // reach 200 mm at 3.16 mm cells.
        assert_eq!(t.count, 2 * 6, "{t:?}");
        assert!((cell - 3.1).abs() < 1e-9, "{cell}");
    }

    #[test]
    fn cells_shrink_to_the_space_and_stop_at_the_minimum() {
        let unit = |c: f64| Size {
            w: 10.0 * c,
            h: 10.0 * c,
        };
        let (cell, _) = shrink(9.0, 4.0, 0.0, Size { w: 72.0, h: 200.0 }, Some(1), unit);
        assert!((cell - 7.2).abs() < 1e-9, "{cell}");
        let (cell, t) = shrink(9.0, 4.0, 0.0, Size { w: 30.0, h: 200.0 }, Some(1), unit);
        assert_eq!((cell, t.count), (4.0, 1));
        assert_eq!(at_minimum(cell, 4.0), Some(4.0));
    }
}
