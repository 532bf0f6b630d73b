//! `[[ttt-boards]]`: a practice page of 3×3 tic-tac-toe boards, each the four
//! lines of a `#`, with the positions 1..9 small in the cells' top-left
//! corners (dark enough for a copier, clear of the marks in the middle).

use super::kind::{Context, Geometry, Part, SizeOrder, id_and_pin};
use super::tiling::{Tiling, at_minimum, shrink_or_grow};
use crate::display::{Color, MIN_TEXT, Page, Point, Rect, Size, Stroke, TextStyle};
use crate::fonts;
use crate::keys::spec_table;
use crate::keys::value::Extent;

spec_table! {
    /// `[[ttt-boards]]`: a practice page of 3×3 tic-tac-toe boards.
    pub(crate) struct TttBoards = "ttt-boards" part "boards" {
        boards: Extent<u32> = "boards", CountOrFit { min: 1, max: 100, default: Extent::Fit },
            "how many; `\"fit\"` fills the space";
        cell: f64 = "cell", Mm { min: 3.0, max: 60.0, default: 13.0 }, "preferred cell side";
        min_cell: f64 = "min-cell", Mm { min: 3.0, max: 60.0, default: 6.0 }, "smallest cell side";
        max_cell: Option<f64> = "max-cell", OptMm { min: 3.0, max: 60.0 },
            "largest cell side on bigger paper (60 mm: one board across an A4 page)";
        gap: f64 = "gap", Mm { min: 0.0, max: 40.0, default: 9.0 }, "space between boards";
        numbers: bool = "numbers", Flag(true), "print the positions 1..9";
    }
}

fn unit(cell: f64) -> Size {
    Size {
        w: 3.0 * cell,
        h: 3.0 * cell,
    }
}

/// Where laid-out tic-tac-toe boards are, and the cell of every move.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct TttBoardsGeometry {
    origin: Point,
    cell: f64,
    tiling: Tiling,
    gap: f64,
}

impl TttBoardsGeometry {
    /// The cell side, mm.
    pub(crate) fn cell(&self) -> f64 {
        self.cell
    }

    /// How many boards.
    pub(crate) fn boards(&self) -> u32 {
        self.tiling.count
    }

    /// Top-left corner of board `index` (0-based).
    pub(crate) fn board_origin(&self, index: u32) -> Point {
        self.tiling
            .board_origin(self.origin, unit(self.cell), self.gap, index)
    }

    /// The cell of position `position` (1..9) of board `index` (0-based).
    pub(crate) fn cell_rect(&self, index: u32, position: u8) -> Rect {
        let o = self.board_origin(index);
        let (r, c) = crate::grid::top_left(&[position], 1);
        Rect::new(
            o.x + c as f64 * self.cell,
            o.y + r as f64 * self.cell,
            1.0 * self.cell,
            1.0 * self.cell,
        )
    }
}

impl Geometry for TttBoardsGeometry {
    fn size(&self) -> Size {
        self.tiling.size(unit(self.cell), self.gap)
    }
    fn place(&mut self, origin: Point) {
        self.origin = origin;
    }
}

impl Part for TttBoards {
    const KIND: &'static str = Self::TABLE;
    type Geometry = TttBoardsGeometry;

    id_and_pin!();
    fn size_order(&self) -> Vec<SizeOrder> {
        SizeOrder::min_cell(self.min_cell, self.cell)
    }
    // Boards take the room they need before the parts sized to fit.
    fn shrinks(&self) -> bool {
        true
    }

    fn measure(&self, avail: Size, _cx: &Context) -> TttBoardsGeometry {
        let count = match self.boards {
            Extent::Fixed(n) => Some(n),
            Extent::Fit => None,
        };
        let cells = (self.cell, self.min_cell, self.max_cell);
        let (cell, tiling) = shrink_or_grow(cells, self.gap, avail, count, unit);
        TttBoardsGeometry {
            origin: Point::new(0.0, 0.0),
            cell,
            tiling,
            gap: self.gap,
        }
    }

    fn draw(&self, g: &TttBoardsGeometry, _cx: &Context, page: &mut Page) {
        let cell = g.cell;
        let stroke = Stroke::solid((0.045 * cell).clamp(0.3, 0.6));
        let number = TextStyle::new((0.2 * cell).clamp(MIN_TEXT, 3.2)).color(Color::grey(0x4d));
        for i in 0..g.boards() {
            let o = g.board_origin(i);
            for k in 1..3 {
                page.grid_lines(o, f64::from(k) * cell, 3.0 * cell, stroke);
            }
            if self.numbers {
                for p in 0..9u32 {
                    let (r, c) = (f64::from(p / 3), f64::from(p % 3));
                    let inset = 0.12 * cell;
                    page.text_centred_on(
                        o.x + c * cell + inset,
                        o.y + r * cell + inset + fonts::cap_height(number.size) / 2.0,
                        number,
                        (p + 1).to_string(),
                    );
                }
            }
        }
    }

    fn at_minimum(&self, g: &TttBoardsGeometry) -> Option<f64> {
        at_minimum(g.cell, self.min_cell)
    }
}
