//! The other games' parts: SOS boards with score tallies, the Ultimate
//! field, and pages of tic-tac-toe practice boards.
//!
//! Each has a preferred cell size and a minimum. Measuring tries the
//! preferred size and shrinks in 0.1 mm steps until the part fits the space
//! it is given; at the minimum it stops, and the layout's fit check then
//! reports the part and how far it overflows.

use super::arrange::Size;
use super::parts::Fitted;
use super::text::{self, Style, centered};
use crate::boards::nested::{LINES, NestedGrid};
use crate::boards::sos::SosGrid;
use crate::display::{Anchor, Color, FontWeight, Page, Point, Rect, Stroke};
use crate::spec::{Extent, SosBoard, TttBoards, UltimateField};

/// Boards placed in a grid: columns, rows and how many.
#[derive(Debug, Clone, Copy, PartialEq)]
struct Tiling {
    columns: u32,
    rows: u32,
    count: u32,
}

impl Tiling {
    fn size(&self, unit: Size, gap: f64) -> Size {
        Size {
            w: f64::from(self.columns) * (unit.w + gap) - gap,
            h: f64::from(self.rows) * (unit.h + gap) - gap,
        }
    }
}

const EPS: f64 = 1e-6;

/// How `count` boards of `unit` size tile `avail` (`None` = as many as fit);
/// `None` if not even one fits.
fn tile(unit: Size, gap: f64, avail: Size, count: Option<u32>) -> Option<Tiling> {
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
fn shrink(
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
        min,
        Tiling {
            columns: 1,
            rows: n,
            count: n,
        },
    )
}

fn fitted(cell: f64, t: Tiling, unit: Size, gap: f64) -> Fitted {
    Fitted {
        size: t.size(unit, gap),
        value: cell,
        count: t.count,
    }
}

/// Where the `i`-th board of a tiling goes.
fn board_origin(rect: Rect, unit: Size, gap: f64, columns: u32, i: u32) -> Point {
    Point::new(
        rect.x + f64::from(i % columns) * (unit.w + gap),
        rect.y + f64::from(i / columns) * (unit.h + gap),
    )
}

fn columns_in(rect: Rect, unit: Size, gap: f64) -> u32 {
    (((rect.w + gap + EPS) / (unit.w + gap)).floor() as u32).max(1)
}

// ---- SOS ----------------------------------------------------------------

const TALLY_ROW: f64 = 7.0;
const TALLY_LETTER: f64 = 7.0;
const TALLY_NAME: f64 = 27.0;
const TALLY_MARKS: f64 = 30.0;
const TALLY_TITLE: f64 = 3.2;
const TALLY_GAP: f64 = 3.0;

fn sos_grid(b: &SosBoard, cell: f64) -> SosGrid {
    SosGrid {
        width: b.size.0 as u8,
        height: b.size.1 as u8,
        cell,
    }
}

fn tally_size(b: &SosBoard) -> Size {
    Size {
        w: TALLY_LETTER + TALLY_NAME + TALLY_MARKS,
        h: text::line_height(TALLY_TITLE) + b.players.0.len() as f64 * TALLY_ROW + 0.3,
    }
}

/// Where a board's tally goes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum TallyAt {
    /// Centred under the grid.
    Below,
    /// Right of the grid, at its top.
    Beside,
}

/// One board: the grid and its tally.
fn sos_unit(b: &SosBoard, cell: f64, at: TallyAt) -> Size {
    let (gw, gh) = sos_grid(b, cell).size();
    let t = tally_size(b);
    match at {
        TallyAt::Below => Size {
            w: gw.max(t.w),
            h: gh + TALLY_GAP + t.h,
        },
        TallyAt::Beside => Size {
            w: gw + 2.0 * TALLY_GAP + t.w,
            h: gh.max(t.h),
        },
    }
}

/// The tally goes under the grid unless beside it the cells come out larger
/// (on a wide, low space such as a landscape page).
fn sos_arrangement(b: &SosBoard, avail: Size) -> (f64, Tiling, TallyAt) {
    let try_at = |at| {
        let (cell, t) = shrink(b.cell, b.min_cell, b.gap, avail, sos_count(b), |c| {
            sos_unit(b, c, at)
        });
        let fits = tile(sos_unit(b, cell, at), b.gap, avail, Some(t.count)).is_some();
        (cell, t, at, fits)
    };
    let below = try_at(TallyAt::Below);
    let beside = try_at(TallyAt::Beside);
    let better = |a: &(f64, Tiling, TallyAt, bool), b: &(f64, Tiling, TallyAt, bool)| {
        (a.3, a.0 * 10.0 + f64::from(a.1.count)) > (b.3, b.0 * 10.0 + f64::from(b.1.count))
    };
    let (cell, t, at, _) = if better(&beside, &below) {
        beside
    } else {
        below
    };
    (cell, t, at)
}

fn sos_count(b: &SosBoard) -> Option<u32> {
    match b.boards {
        Extent::Fixed(n) => Some(n),
        Extent::Fit if b.size.0 <= 6 && b.size.1 <= 6 => None,
        Extent::Fit => Some(1),
    }
}

/// Measures `[[sos-board]]`.
pub fn measure_sos(b: &SosBoard, avail: Size) -> Fitted {
    let (cell, t, at) = sos_arrangement(b, avail);
    fitted(cell, t, sos_unit(b, cell, at), b.gap)
}

/// Where board `index` of `[[sos-board]]` drawn with `cell` mm cells inside
/// `rect` goes (where `paperboard check --diagram` writes a position).
#[derive(Debug, Clone, PartialEq)]
pub struct SosBoardPlaces {
    /// The grid's geometry.
    pub grid: SosGrid,
    /// Top-left corner of the grid with its labels, for [`SosGrid`]'s methods.
    pub origin: Point,
    /// Top-left corner of the score tally.
    tally: Point,
    /// Each player's box for marks in the tally, in player order.
    pub scores: Vec<Rect>,
}

/// The places of board `index` (0-based) of `[[sos-board]]`.
pub fn sos_board_places(b: &SosBoard, cell: f64, rect: Rect, index: u32) -> SosBoardPlaces {
    // The arrangement that measured `rect` is the one that fits it.
    let (_, _, at) = sos_arrangement(
        b,
        Size {
            w: rect.w,
            h: rect.h,
        },
    );
    let unit = sos_unit(b, cell, at);
    let o = board_origin(rect, unit, b.gap, columns_in(rect, unit, b.gap), index);
    let grid = sos_grid(b, cell);
    let (gw, gh) = grid.size();
    let t = tally_size(b);
    let (origin, tally) = match at {
        TallyAt::Below => (
            Point::new(o.x + (unit.w - gw) / 2.0, o.y),
            Point::new(o.x + (unit.w - t.w) / 2.0, o.y + gh + TALLY_GAP),
        ),
        TallyAt::Beside => (o, Point::new(o.x + gw + 2.0 * TALLY_GAP, o.y)),
    };
    let top = tally.y + text::line_height(TALLY_TITLE);
    let scores = (0..b.players.0.len())
        .map(|k| {
            Rect::new(
                tally.x + 0.15 + TALLY_LETTER + TALLY_NAME,
                top + k as f64 * TALLY_ROW,
                TALLY_MARKS - 0.3,
                TALLY_ROW,
            )
        })
        .collect();
    SosBoardPlaces {
        grid,
        origin,
        tally,
        scores,
    }
}

/// Draws `[[sos-board]]` with `cell` mm cells and `count` boards inside `rect`.
pub fn draw_sos(b: &SosBoard, cell: f64, count: u32, rect: Rect, page: &mut Page) {
    for i in 0..count {
        let places = sos_board_places(b, cell, rect, i);
        places.grid.draw(places.origin, page);
        tally(b, places.tally, page);
    }
}

fn tally(b: &SosBoard, at: Point, page: &mut Page) {
    let t = tally_size(b);
    page.text(crate::display::Text {
        pos: Point::new(at.x, at.y + text::baseline(TALLY_TITLE)),
        size: TALLY_TITLE,
        anchor: Anchor::Start,
        weight: FontWeight::Bold,
        color: Color::BLACK,
        content: b.score_title.clone(),
    });
    let top = at.y + text::line_height(TALLY_TITLE);
    let body = Rect::new(at.x + 0.15, top, t.w - 0.3, t.h - (top - at.y) - 0.15);
    let thin = Stroke::solid(0.15);
    for k in 1..b.players.0.len() {
        let y = top + k as f64 * TALLY_ROW;
        page.line(Point::new(body.x, y), Point::new(body.right(), y), thin);
    }
    for x in [TALLY_LETTER, TALLY_LETTER + TALLY_NAME] {
        page.line(
            Point::new(body.x + x, body.y),
            Point::new(body.x + x, body.bottom()),
            thin,
        );
    }
    page.rect(body, None, Some(Stroke::solid(0.3)));
    for (k, name) in b.players.0.iter().enumerate() {
        let cy = top + (k as f64 + 0.5) * TALLY_ROW;
        let style = |anchor, weight| Style {
            size: 3.2,
            anchor,
            weight,
            color: Color::BLACK,
        };
        centered(
            page,
            body.x + TALLY_LETTER / 2.0,
            cy,
            style(Anchor::Middle, FontWeight::Bold),
            crate::games::sos::player_letter(k as u8).to_string(),
        );
        if !name.is_empty() {
            centered(
                page,
                body.x + TALLY_LETTER + 1.5,
                cy,
                style(Anchor::Start, FontWeight::Regular),
                name.clone(),
            );
        }
    }
}

// ---- Ultimate -------------------------------------------------------------

fn label_size(cell: f64) -> f64 {
    (0.42 * cell).clamp(1.8, 4.2)
}

/// Band above and below the field for labels (and right of it), mm.
fn ultimate_bands(f: &UltimateField, cell: f64) -> (f64, f64) {
    if !f.labels {
        return (0.0, 0.0);
    }
    let size = label_size(cell);
    (
        crate::fonts::cap_height(size) + 0.6 * size,
        text::width("9", size, FontWeight::Regular) + 0.6 * size,
    )
}

fn ultimate_size(f: &UltimateField, cell: f64) -> Size {
    let (band, col) = ultimate_bands(f, cell);
    let spill = LINES[2] / 2.0;
    Size {
        w: 2.0 * col + 9.0 * cell + 2.0 * spill,
        h: 2.0 * band + 9.0 * cell + 2.0 * spill,
    }
}

/// Measures `[[ultimate-field]]`.
pub fn measure_ultimate(f: &UltimateField, avail: Size) -> Fitted {
    let (cell, t) = shrink(f.cell, f.min_cell, 0.0, avail, Some(1), |c| {
        ultimate_size(f, c)
    });
    fitted(cell, t, ultimate_size(f, cell), 0.0)
}

/// Top-left corner of the 9×9 grid of `[[ultimate-field]]` drawn with `cell`
/// mm cells inside `rect` (where `paperboard check --diagram` puts the marks).
pub fn ultimate_grid_origin(f: &UltimateField, cell: f64, rect: Rect) -> Point {
    let (band, col) = ultimate_bands(f, cell);
    let spill = LINES[2] / 2.0;
    Point::new(rect.x + col + spill, rect.y + band + spill)
}

/// Draws `[[ultimate-field]]` with `cell` mm cells inside `rect`: tactical
/// cells 1..3 labelled above, 7..9 below, 4..6 in a column at the right
/// beside grid rows 4..6 — the places the Strategic sheet's labels take.
pub fn draw_ultimate(f: &UltimateField, cell: f64, rect: Rect, page: &mut Page) {
    let (band, col) = ultimate_bands(f, cell);
    let spill = LINES[2] / 2.0;
    let origin = ultimate_grid_origin(f, cell, rect);
    NestedGrid::new(2, cell).draw_lines(origin, page);
    if !f.labels {
        return;
    }
    let style = Style {
        size: label_size(cell),
        anchor: Anchor::Middle,
        weight: FontWeight::Regular,
        color: Color::grey(0x40),
    };
    let side = 9.0 * cell;
    for k in 0..3u8 {
        let x = origin.x + (3.0 * f64::from(k) + 1.5) * cell;
        centered(page, x, rect.y + band / 2.0, style, (1 + k).to_string());
        centered(
            page,
            x,
            origin.y + side + spill + band / 2.0,
            style,
            (7 + k).to_string(),
        );
        centered(
            page,
            origin.x + side + spill + col / 2.0,
            origin.y + (3.5 + f64::from(k)) * cell,
            style,
            (4 + k).to_string(),
        );
    }
}

// ---- Tic-tac-toe practice ---------------------------------------------------

fn ttt_unit(cell: f64) -> Size {
    Size {
        w: 3.0 * cell,
        h: 3.0 * cell,
    }
}

/// Measures `[[ttt-boards]]`.
pub fn measure_ttt(b: &TttBoards, avail: Size) -> Fitted {
    let count = match b.boards {
        Extent::Fixed(n) => Some(n),
        Extent::Fit => None,
    };
    let (cell, t) = shrink(b.cell, b.min_cell, b.gap, avail, count, ttt_unit);
    fitted(cell, t, ttt_unit(cell), b.gap)
}

/// Top-left corner of board `index` (0-based) of `[[ttt-boards]]` drawn with
/// `cell` mm cells inside `rect` (where `paperboard check --diagram` puts the
/// marks).
pub fn ttt_board_origin(b: &TttBoards, cell: f64, rect: Rect, index: u32) -> Point {
    let unit = ttt_unit(cell);
    board_origin(rect, unit, b.gap, columns_in(rect, unit, b.gap), index)
}

/// Draws `[[ttt-boards]]`: each board the four lines of a `#`, with the
/// positions 1..9 small in the cells' top-left corners.
pub fn draw_ttt(b: &TttBoards, cell: f64, count: u32, rect: Rect, page: &mut Page) {
    let stroke = Stroke::solid((0.045 * cell).clamp(0.3, 0.6));
    let number = Style {
        size: (0.2 * cell).clamp(1.6, 3.0),
        anchor: Anchor::Start,
        weight: FontWeight::Regular,
        color: Color::grey(0x80),
    };
    for i in 0..count {
        let o = ttt_board_origin(b, cell, rect, i);
        for k in 1..3 {
            page.grid_lines(o, f64::from(k) * cell, 3.0 * cell, stroke);
        }
        if b.numbers {
            for p in 0..9u32 {
                let (r, c) = (f64::from(p / 3), f64::from(p % 3));
                let inset = 0.12 * cell;
                centered(
                    page,
                    o.x + c * cell + inset,
                    o.y + r * cell + inset + crate::fonts::cap_height(number.size) / 2.0,
                    number,
                    (p + 1).to_string(),
                );
            }
        }
    }
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
    fn cells_shrink_to_the_space_and_stop_at_the_minimum() {
        let unit = |c: f64| Size {
            w: 10.0 * c,
            h: 10.0 * c,
        };
        let (cell, _) = shrink(9.0, 4.0, 0.0, Size { w: 72.0, h: 200.0 }, Some(1), unit);
        assert!((cell - 7.2).abs() < 1e-9, "{cell}");
        let (cell, t) = shrink(9.0, 4.0, 0.0, Size { w: 30.0, h: 200.0 }, Some(1), unit);
        assert_eq!((cell, t.count), (4.0, 1));
    }
}
