//! `[[ttt-boards]]`: a practice page of 3×3 tic-tac-toe boards, each the four
//! lines of a `#`, with the positions 1..9 small in the cells' top-left
//! corners (dark enough for a copier, clear of the marks in the middle).

use serde::Deserialize;
use toml::Spanned;

use super::kind::{Context, Geometry, Part, SizeOrder, id_and_pin};
use super::tiling::{Tiling, at_minimum, board_count, shrink_or_grow};
use crate::display::{Color, MIN_TEXT, Page, Point, Rect, Size, Stroke, TextStyle};
use crate::fonts;
use crate::spec::value::{Extent, position, ranged, yes};

ranged! {
    ttt_cell: num "cell" " mm" 3 .. 60;
    ttt_min_cell: num "min-cell" " mm" 3 .. 60;
    ttt_max_cell: optnum "max-cell" " mm" 3 .. 60;
    board_gap: num "gap" " mm" 0 .. 40;
}

/// `[[ttt-boards]]`: a practice page of 3×3 tic-tac-toe boards.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub(crate) struct TttBoards {
    /// Arrangement name (default `"boards"`).
    #[serde(default = "TttBoards::default_id")]
    pub(crate) id: Spanned<String>,
    /// Pin position, mm.
    #[serde(default, deserialize_with = "position")]
    pub(crate) at: Option<[f64; 2]>,
    /// How many boards, or `"fit"` (default) for as many as fit.
    #[serde(
        default = "TttBoards::default_boards",
        deserialize_with = "board_count"
    )]
    pub(crate) boards: Extent<u32>,
    /// Preferred cell side, mm (default 13).
    #[serde(default = "TttBoards::default_cell", deserialize_with = "ttt_cell")]
    pub(crate) cell: f64,
    /// Smallest cell side, mm (default 6).
    #[serde(
        default = "TttBoards::default_min_cell",
        deserialize_with = "ttt_min_cell"
    )]
    pub(crate) min_cell: f64,
    /// Largest cell side the boards may grow to on a bigger page, mm
    /// (default: the preferred cell; they do not grow).
    #[serde(default, deserialize_with = "ttt_max_cell")]
    pub(crate) max_cell: Option<f64>,
    /// Space between boards, mm (default 9).
    #[serde(default = "TttBoards::default_gap", deserialize_with = "board_gap")]
    pub(crate) gap: f64,
    /// Print the positions 1..9 small in the cells' corners (default true).
    #[serde(default = "yes")]
    pub(crate) numbers: bool,
}

impl TttBoards {
    fn default_id() -> Spanned<String> {
        Spanned::new(0..0, "boards".into())
    }
    fn default_boards() -> Extent<u32> {
        Extent::Fit
    }
    fn default_cell() -> f64 {
        13.0
    }
    fn default_min_cell() -> f64 {
        6.0
    }
    fn default_gap() -> f64 {
        9.0
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
pub struct TttBoardsGeometry {
    origin: Point,
    cell: f64,
    tiling: Tiling,
    gap: f64,
}

impl TttBoardsGeometry {
    /// The cell side, mm.
    pub fn cell(&self) -> f64 {
        self.cell
    }

    /// How many boards.
    pub fn boards(&self) -> u32 {
        self.tiling.count
    }

    /// Top-left corner of board `index` (0-based).
    pub fn board_origin(&self, index: u32) -> Point {
        self.tiling
            .board_origin(self.origin, unit(self.cell), self.gap, index)
    }

    /// The cell of position `position` (1..9) of board `index` (0-based).
    pub fn cell_rect(&self, index: u32, position: u8) -> Rect {
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
    const KIND: &'static str = "ttt-boards";
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
