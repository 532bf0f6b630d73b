//! `[[ultimate-field]]`: the 9×9 Ultimate field, with the tactical cells
//! (the small boards) numbered 1..3 above, 7..9 below, 4 left and 6 right of
//! the middle row — the places the Strategic sheet's labels take.

use super::kind::{Context, Geometry, Part, SizeOrder, id_and_pin};
use super::tiling::{Tiling, at_minimum, shrink_or_grow};
use crate::boards::nested::{NestedGrid, line_widths, nine_square};
use crate::display::{Anchor, Color, FontWeight, MIN_TEXT, Page, Point, Rect, Size, TextStyle};
use crate::fonts;
use crate::keys::spec_table;

spec_table! {
    /// `[[ultimate-field]]`: the 9×9 Ultimate field.
    pub(crate) struct UltimateField = "ultimate-field" part "ultimate" {
        cell: f64 = "cell", Mm { min: 3.0, max: 40.0, default: 10.0 }, "preferred cell side";
        min_cell: f64 = "min-cell", Mm { min: 3.0, max: 40.0, default: 4.0 }, "smallest cell side";
        max_cell: Option<f64> = "max-cell", OptMm { min: 3.0, max: 40.0 },
            "largest cell side on bigger paper";
        labels: bool = "labels", Flag(true), "print the boards' numbers";
    }
}

impl UltimateField {
    /// Band above and below the field for labels (and right of it), mm.
    fn bands(&self, cell: f64) -> (f64, f64) {
        if !self.labels {
            return (0.0, 0.0);
        }
        let size = label_size(cell);
        (
            fonts::cap_height(size) + 0.6 * size,
            fonts::text_width("9", FontWeight::Regular, size) + 0.6 * size,
        )
    }

    fn unit(&self, cell: f64) -> Size {
        let (band, col) = self.bands(cell);
        let spill = spill(cell);
        Size {
            w: 2.0 * col + 9.0 * cell + 2.0 * spill,
            h: 2.0 * band + 9.0 * cell + 2.0 * spill,
        }
    }
}

/// How far the field's outline reaches past the grid, mm: half its width.
fn spill(cell: f64) -> f64 {
    line_widths(2, cell)[2] / 2.0
}

fn label_size(cell: f64) -> f64 {
    (0.42 * cell).clamp(MIN_TEXT, 4.2)
}

/// Where a laid-out Ultimate field is, and the cell of every move.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct UltimateGeometry {
    origin: Point,
    cell: f64,
    tiling: Tiling,
    unit: Size,
    /// Label band above and below.
    band: f64,
    /// Label column at the right (and its room at the left).
    col: f64,
}

impl UltimateGeometry {
    /// The cell side, mm.
    pub(crate) fn cell(&self) -> f64 {
        self.cell
    }

    /// The width of the lines between the field's nine boards, mm (its
    /// outline is as heavy): a diagram's frames keep inside them.
    pub(crate) fn board_line(&self) -> f64 {
        line_widths(2, self.cell)[1]
    }

    /// Top-left corner of the 9×9 grid.
    pub(crate) fn grid_origin(&self) -> Point {
        let spill = spill(self.cell);
        Point::new(
            self.origin.x + self.col + spill,
            self.origin.y + self.band + spill,
        )
    }

    /// The square of the field a path names: a tactical cell (`[5]`) or one
    /// cell (`[5, 3]`).
    pub(crate) fn field_rect(&self, path: &[u8]) -> Rect {
        nine_square(self.grid_origin(), self.cell, path)
    }
}

impl Geometry for UltimateGeometry {
    fn size(&self) -> Size {
        self.tiling.size(self.unit, 0.0)
    }
    fn place(&mut self, origin: Point) {
        self.origin = origin;
    }
}

impl Part for UltimateField {
    const KIND: &'static str = Self::TABLE;
    type Geometry = UltimateGeometry;

    id_and_pin!();
    fn size_order(&self) -> Vec<SizeOrder> {
        SizeOrder::min_cell(self.min_cell, self.cell)
    }
    // The field takes the room it needs before the parts sized to fit.
    fn shrinks(&self) -> bool {
        true
    }

    fn measure(&self, avail: Size, _cx: &Context) -> UltimateGeometry {
        let cells = (self.cell, self.min_cell, self.max_cell);
        let (cell, tiling) = shrink_or_grow(cells, 0.0, avail, Some(1), |c| self.unit(c));
        let (band, col) = self.bands(cell);
        UltimateGeometry {
            origin: Point::new(0.0, 0.0),
            cell,
            tiling,
            unit: self.unit(cell),
            band,
            col,
        }
    }

    fn draw(&self, g: &UltimateGeometry, _cx: &Context, page: &mut Page) {
        let (band, col, cell) = (g.band, g.col, g.cell);
        let spill = spill(cell);
        let origin = g.grid_origin();
        NestedGrid::new(2, cell).draw_lines(origin, page);
        if !self.labels {
            return;
        }
        let style = TextStyle::new(label_size(cell))
            .anchor(Anchor::Middle)
            .color(Color::grey(0x40));
        let side = 9.0 * cell;
        for k in 0..3u8 {
            let x = origin.x + (3.0 * f64::from(k) + 1.5) * cell;
            page.text_centred_on(x, g.origin.y + band / 2.0, style, (1 + k).to_string());
            page.text_centred_on(
                x,
                origin.y + side + spill + band / 2.0,
                style,
                (7 + k).to_string(),
            );
        }
        // 4 and 6 at the sides of the middle row, each centred on its board;
        // the centre board has no outer side (it is 5 by its place).
        let middle = origin.y + 4.5 * cell;
        page.text_centred_on(origin.x - spill - col / 2.0, middle, style, "4");
        page.text_centred_on(origin.x + side + spill + col / 2.0, middle, style, "6");
    }

    fn at_minimum(&self, g: &UltimateGeometry) -> Option<f64> {
        at_minimum(g.cell, self.min_cell)
    }
}
