//! The SOS grid: W×H cells, column letters `a`.. above, row numbers `1`.. at
//! the left counted from the top (as records address cells), and the letters
//! of a position.

use crate::display::{Anchor, Color, FontWeight, MIN_TEXT, Page, Point, Rect, Stroke, TextStyle};
use crate::fonts::text_width;
use crate::games::sos::{Cell, Letter};

/// The geometry of an SOS grid with its labels, mm.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct SosGrid {
    /// Columns.
    pub width: u8,
    /// Rows.
    pub height: u8,
    /// Cell side.
    pub cell: f64,
}

/// Thin line between cells and the outline, mm.
const LINE: f64 = 0.2;
const OUTLINE: f64 = 0.6;

impl SosGrid {
    /// Font size of the column letters and row numbers.
    pub(crate) fn label_size(&self) -> f64 {
        (0.42 * self.cell).clamp(MIN_TEXT, 4.2)
    }

    /// Height of the band of column letters above the grid.
    pub(crate) fn top_band(&self) -> f64 {
        1.5 * self.label_size()
    }

    /// Width of the column of row numbers left of the grid.
    pub(crate) fn left_band(&self) -> f64 {
        let size = self.label_size();
        text_width(&self.height.to_string(), FontWeight::Regular, size) + 0.8 * size
    }

    /// Width and height with the labels and the outline's spill, mm.
    pub(crate) fn size(&self) -> (f64, f64) {
        (
            self.left_band() + f64::from(self.width) * self.cell + OUTLINE / 2.0,
            self.top_band() + f64::from(self.height) * self.cell + OUTLINE / 2.0,
        )
    }

    /// Top-left corner of the cells when the labelled grid's top-left corner is `origin`.
    pub(crate) fn grid_origin(&self, origin: Point) -> Point {
        Point::new(origin.x + self.left_band(), origin.y + self.top_band())
    }

    /// The rectangle of `cell`.
    pub(crate) fn cell_rect(&self, origin: Point, cell: Cell) -> Rect {
        let g = self.grid_origin(origin);
        Rect::new(
            g.x + f64::from(cell.col) * self.cell,
            g.y + f64::from(cell.row) * self.cell,
            self.cell,
            self.cell,
        )
    }

    /// The centre of `cell`.
    pub(crate) fn cell_centre(&self, origin: Point, cell: Cell) -> Point {
        let r = self.cell_rect(origin, cell);
        Point::new(r.x + r.w / 2.0, r.y + r.h / 2.0)
    }

    /// Draws the lines and labels; `origin` is the top-left corner of the labels.
    pub(crate) fn draw(&self, origin: Point, page: &mut Page) {
        let g = self.grid_origin(origin);
        let (w, h) = (f64::from(self.width), f64::from(self.height));
        let thin = Stroke::solid(LINE);
        for c in 1..self.width {
            let x = g.x + f64::from(c) * self.cell;
            page.line(Point::new(x, g.y), Point::new(x, g.y + h * self.cell), thin);
        }
        for r in 1..self.height {
            let y = g.y + f64::from(r) * self.cell;
            page.line(Point::new(g.x, y), Point::new(g.x + w * self.cell, y), thin);
        }
        page.rect(
            Rect::new(g.x, g.y, w * self.cell, h * self.cell),
            None,
            Some(Stroke::solid(OUTLINE)),
        );
        let size = self.label_size();
        let label = TextStyle::new(size)
            .anchor(Anchor::Middle)
            .color(Color::grey(0x40));
        for c in 0..self.width {
            let x = g.x + (f64::from(c) + 0.5) * self.cell;
            let letter = char::from(b'a' + c).to_string();
            // Lower-case letters have no cap height: centre on the x-height.
            page.text_centred_on(x, origin.y + 0.55 * self.top_band(), label, letter);
        }
        for r in 0..self.height {
            let y = g.y + (f64::from(r) + 0.5) * self.cell;
            let x = origin.x + (self.left_band() - 0.3 * size) / 2.0;
            page.text_centred_on(x, y, label, (r + 1).to_string());
        }
    }

    /// Writes `letter` into `cell` in `color`.
    pub(crate) fn draw_letter(
        &self,
        origin: Point,
        cell: Cell,
        letter: Letter,
        color: Color,
        page: &mut Page,
    ) {
        let centre = self.cell_centre(origin, cell);
        let style = TextStyle::new(0.62 * self.cell)
            .anchor(Anchor::Middle)
            .weight(FontWeight::Bold)
            .color(color);
        page.text_centred_on(centre.x, centre.y, style, letter.to_string());
    }
}
