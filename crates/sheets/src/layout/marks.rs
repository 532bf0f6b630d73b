//! What makes a printed sheet readable from a photograph: four filled
//! alignment marks in the corners of the content area (a reader finds them
//! whatever the rotation and perspective, and rectifies the page by them)
//! and the sheet code, as a QR code drawn in filled black squares (vector,
//! in every backend alike).
//!
//! The parts are laid out between the bands of the top and bottom marks
//! ([`marks_area`]), and the code goes where the parts left a square of
//! white big enough for it and its quiet zone ([`free_code_spot`]): beside
//! a field narrower than the page, under a column of grids. Only a sheet
//! with no such square keeps a band for the code under the parts
//! ([`parts_area`]): every band is height a game sheet's field and record
//! rows need.

use std::ops::Range;

use qrcode::EcLevel;

use super::code::SheetCode;
use crate::display::{Color, Item, Page, Rect};

/// The side of an alignment mark, mm.
pub(crate) const MARK_SIZE: f64 = 5.0;
/// The side of the code's symbol (without its quiet zone), mm: modules of
/// 0.4 mm and more for every code's text, which a phone photograph of the
/// whole page resolves.
pub(crate) const CODE_SIZE: f64 = 15.0;
/// White kept between the marks' band and the parts, mm.
const MARK_CLEARANCE: f64 = 2.0;
/// White kept between the code and the parts, mm: the quiet zone of four
/// modules a QR reader needs (a code of 29 modules and more has modules of
/// at most 15/29 mm, four of them 2.07 mm).
const CODE_CLEARANCE: f64 = 2.5;

/// The area left for the parts inside `content` when the code finds a
/// place among them: the bands of the top and the bottom marks are kept
/// white.
pub(crate) fn marks_area(content: Rect) -> Rect {
    let band = MARK_SIZE + MARK_CLEARANCE;
    Rect::new(
        content.x,
        content.y + band,
        content.w,
        (content.h - 2.0 * band).max(0.0),
    )
}

/// Where the code's symbol goes among `parts` (their rectangles) inside
/// `area`: the lowest, then rightmost square whose quiet zone touches no
/// part, in 1 mm steps; `None` when the parts leave no such square.
pub(crate) fn free_code_spot(area: Rect, parts: &[Rect]) -> Option<Rect> {
    let side = CODE_SIZE + 2.0 * CODE_CLEARANCE;
    if area.w < side || area.h < side {
        return None;
    }
    let steps = |room: f64| (room - side).max(0.0).floor() as usize;
    (0..=steps(area.h)).find_map(|dy| {
        let y = area.bottom() - side - dy as f64;
        (0..=steps(area.w)).find_map(|dx| {
            let x = area.right() - side - dx as f64;
            let zone = Rect::new(x, y, side, side);
            (!parts.iter().any(|p| p.overlaps(&zone)))
                .then(|| Rect::new(x + CODE_CLEARANCE, y + CODE_CLEARANCE, CODE_SIZE, CODE_SIZE))
        })
    })
}

/// The code's symbol centred between the bottom marks of `content`, for a
/// sheet that keeps a band for it ([`parts_area`]).
pub(crate) fn code_between_marks(content: Rect) -> Rect {
    Rect::new(
        content.x + (content.w - CODE_SIZE) / 2.0,
        content.bottom() - CODE_SIZE,
        CODE_SIZE,
        CODE_SIZE,
    )
}

/// The area left for the parts inside `content` when the sheet prints its
/// marks and keeps a band for the code: the band of the top marks and the
/// band of the code and the bottom marks are kept white.
pub(crate) fn parts_area(content: Rect) -> Rect {
    let top = MARK_SIZE + MARK_CLEARANCE;
    let bottom = CODE_SIZE.max(MARK_SIZE) + CODE_CLEARANCE;
    Rect::new(
        content.x,
        content.y + top,
        content.w,
        (content.h - top - bottom).max(0.0),
    )
}

/// Draws the four marks in the corners of `content` and returns them in
/// the contract's order: top-left, top-right, bottom-left, bottom-right.
pub(crate) fn draw_marks(content: Rect, page: &mut Page) -> Vec<Rect> {
    let (left, right) = (content.x, content.right() - MARK_SIZE);
    let (top, bottom) = (content.y, content.bottom() - MARK_SIZE);
    let marks: Vec<Rect> = [(left, top), (right, top), (left, bottom), (right, bottom)]
        .into_iter()
        .map(|(x, y)| Rect::new(x, y, MARK_SIZE, MARK_SIZE))
        .collect();
    for m in &marks {
        page.rect(*m, Some(Color::BLACK), None);
    }
    marks
}

/// A sheet code as printed: what it says, where its symbol is, and which
/// of the page's items draw it (so a handout can number its copies
/// without laying the sheet out again).
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct PlacedCode {
    code: SheetCode,
    rect: Rect,
    items: Range<usize>,
}

impl PlacedCode {
    /// What the code says.
    pub(crate) fn code(&self) -> SheetCode {
        self.code
    }
    /// The symbol's square (its quiet zone lies around it), mm from the
    /// page's top-left corner.
    pub(crate) fn rect(&self) -> Rect {
        self.rect
    }

    /// Draws `code` as the symbol filling `rect`.
    pub(crate) fn draw(code: SheetCode, rect: Rect, page: &mut Page) -> Option<PlacedCode> {
        let start = page.items.len();
        page.items.extend(symbol(&code, rect)?);
        Some(PlacedCode {
            code,
            rect,
            items: start..page.items.len(),
        })
    }

    /// Prints copy `copy` in place of what the code said.
    pub(crate) fn set_copy(&mut self, copy: u32, page: &mut Page) {
        let code = SheetCode { copy, ..self.code };
        let Some(items) = symbol(&code, self.rect) else {
            return;
        };
        let end = self.items.start + items.len();
        page.items.splice(self.items.clone(), items);
        self.items = self.items.start..end;
        self.code = code;
    }
}

/// How far a run of modules reaches into the row below, mm: rows that
/// only touch leave a light seam where a rasteriser smooths both edges.
const ROW_OVERLAP: f64 = 0.04;

/// The QR symbol of `code` filling `rect`: error correction M, one filled
/// rectangle per horizontal run of dark modules, runs of the same columns
/// in consecutive rows joined into one taller rectangle (the finder
/// patterns' sides, vertical strokes): the same dark area in fewer, so
/// smaller, files. `None` only for a text no QR code holds, which a code's
/// bounded text never is.
fn symbol(code: &SheetCode, rect: Rect) -> Option<Vec<Item>> {
    let (n, dark) = super::qr::modules(&code.to_string(), EcLevel::M)?;
    let module = rect.w / n as f64;
    // Runs still growing downwards: (first column, end column, first row).
    let mut open: Vec<(usize, usize, usize)> = Vec::new();
    let mut items = Vec::new();
    let mut close = |(from, to, top): (usize, usize, usize), end_row: usize| {
        items.push(Item::Rect {
            rect: Rect::new(
                rect.x + from as f64 * module,
                rect.y + top as f64 * module,
                (to - from) as f64 * module,
                (end_row - top) as f64 * module + if end_row < n { ROW_OVERLAP } else { 0.0 },
            ),
            fill: Some(Color::BLACK),
            stroke: None,
        });
    };
    for row in 0..=n {
        let mut runs = Vec::new();
        let mut col = 0;
        while row < n && col < n {
            if !dark[row * n + col] {
                col += 1;
                continue;
            }
            let from = col;
            while col < n && dark[row * n + col] {
                col += 1;
            }
            runs.push((from, col));
        }
        let mut still_open = Vec::with_capacity(open.len());
        for run in open.drain(..) {
            if runs.contains(&(run.0, run.1)) {
                still_open.push(run);
            } else {
                close(run, row);
            }
        }
        for (from, to) in runs {
            if !still_open.iter().any(|r| (r.0, r.1) == (from, to)) {
                still_open.push((from, to, row));
            }
        }
        open = still_open;
    }
    Some(items)
}
