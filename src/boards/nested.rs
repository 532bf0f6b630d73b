//! The nested grids of the tic-tac-toe family: 3×3 (tic-tac-toe), 9×9
//! (Ultimate) and 27×27 (Strategic), with X and O marks.
//!
//! Line weights show the levels: thin between cells, heavier around each
//! 3×3 field. A Strategic grid is drawn as nine separate 9×9 blocks with room
//! before each block column for the functional map's row numbers.

use super::centred_text;
use crate::display::{Color, FontWeight, Page, Point, Rect, Stroke};
use crate::games::ttt::{Mark, Move};
use crate::maps::FunctionalMap;

/// The geometry of a nested grid, mm.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct NestedGrid {
    /// Levels: 1 (3×3), 2 (9×9) or 3 (27×27).
    pub depth: usize,
    /// Cell side.
    pub cell: f64,
    /// Space before each strategic block column (row numbers go there); depth 3 only.
    pub lead: f64,
    /// Space between strategic block rows; depth 3 only.
    pub gap: f64,
}

/// Line widths of the levels, thinnest first: cells, 3×3 fields, 9×9 blocks.
pub const LINES: [f64; 3] = [0.15, 0.5, 0.8];

impl NestedGrid {
    /// A grid of `depth` levels with `cell` mm cells and no room between blocks.
    pub fn new(depth: usize, cell: f64) -> Self {
        NestedGrid {
            depth,
            cell,
            lead: 0.0,
            gap: 0.0,
        }
    }

    /// Cells per side: 3, 9 or 27.
    pub fn cells(&self) -> usize {
        3usize.pow(self.depth as u32)
    }

    fn blocks(&self) -> (usize, usize) {
        // Depth 3 is drawn as 3×3 blocks of 9×9; shallower grids as one block.
        if self.depth == 3 {
            (3, 9)
        } else {
            (1, self.cells())
        }
    }

    /// Width and height of the whole grid (leads and gaps included), mm.
    pub fn size(&self) -> (f64, f64) {
        let (n, per) = self.blocks();
        let block = per as f64 * self.cell;
        let w = n as f64 * (self.lead + block);
        let h = n as f64 * block + (n - 1) as f64 * self.gap;
        (w, h)
    }

    /// Top-left corner of the cell in grid row `row`, column `col` (0-based).
    pub fn cell_origin(&self, origin: Point, row: usize, col: usize) -> Point {
        let (_, per) = self.blocks();
        let (br, bc) = (row / per, col / per);
        Point::new(
            origin.x + (bc + 1) as f64 * self.lead + col as f64 * self.cell,
            origin.y + br as f64 * self.gap + row as f64 * self.cell,
        )
    }

    /// The cell of a move.
    pub fn move_rect(&self, origin: Point, mv: Move) -> Rect {
        let (row, col) = crate::grid::top_left(mv.path(), mv.path().len());
        let p = self.cell_origin(origin, row, col);
        Rect::new(p.x, p.y, self.cell, self.cell)
    }

    /// The move whose cell contains `p`, if any.
    pub fn move_at(&self, origin: Point, p: Point) -> Option<Move> {
        let n = self.cells();
        (0..n)
            .flat_map(|r| (0..n).map(move |c| (r, c)))
            .find(|&(r, c)| {
                let o = self.cell_origin(origin, r, c);
                (o.x..o.x + self.cell).contains(&p.x) && (o.y..o.y + self.cell).contains(&p.y)
            })
            .map(|(r, c)| {
                Move::new(&crate::grid::path_at(r, c, self.depth)).expect("positions 1..9")
            })
    }

    /// Draws the grid lines, heavier levels over lighter ones.
    pub fn draw_lines(&self, origin: Point, page: &mut Page) {
        let (n, per) = self.blocks();
        let side = per as f64 * self.cell;
        let outline = base3_levels(per);
        // The level of line i of a block: how often 3 divides it; the
        // outline is one level above the block's inner lines.
        let level_of = |i: usize| {
            if i == 0 || i == per {
                outline
            } else {
                base3_levels(i).min(outline.saturating_sub(1))
            }
        };
        for level in 0..=outline {
            let stroke = Stroke::solid(LINES[level.min(2)]);
            for br in 0..n {
                for bc in 0..n {
                    let o = self.cell_origin(origin, br * per, bc * per);
                    for i in (0..=per).filter(|&i| level_of(i) == level) {
                        page.grid_lines(o, i as f64 * self.cell, side, stroke);
                    }
                }
            }
        }
    }

    /// Draws the row numbers of a functional map in the lead before each
    /// strategic block (depth 3 with a lead only).
    pub fn draw_row_numbers(&self, origin: Point, map: &FunctionalMap, page: &mut Page) {
        if self.depth != 3 || self.lead <= 0.0 {
            return;
        }
        let size = (0.62 * self.cell).min(0.8 * self.lead);
        for s in 1..=9u8 {
            let br = usize::from((s - 1) / 3);
            let bc = usize::from((s - 1) % 3);
            for (r, n) in map.column_for(s).iter().enumerate() {
                let o = self.cell_origin(origin, br * 9 + r, bc * 9);
                centred_text(
                    page,
                    Point::new(o.x - self.lead / 2.0, o.y + self.cell / 2.0),
                    size,
                    FontWeight::Bold,
                    Color::BLACK,
                    n.to_string(),
                );
            }
        }
    }

    /// Draws `mark` in the cell of `mv`.
    pub fn draw_mark(&self, origin: Point, mv: Move, mark: Mark, page: &mut Page) {
        draw_mark(page, self.move_rect(origin, mv), mark);
    }
}

/// How many times 3 divides `n` (9 -> 2, 3 -> 1, 4 -> 0); `n > 0`.
fn base3_levels(mut n: usize) -> usize {
    let mut k = 0;
    while n > 1 && n.is_multiple_of(3) {
        n /= 3;
        k += 1;
    }
    k
}

/// Draws an X (two strokes) or an O (a circle) inside `cell`.
pub fn draw_mark(page: &mut Page, cell: Rect, mark: Mark) {
    let inset = cell.w * 0.2;
    let width = (cell.w * 0.09).clamp(0.18, 0.6);
    let stroke = Stroke::solid(width);
    match mark {
        Mark::X => {
            let (l, t) = (cell.x + inset, cell.y + inset);
            let (r, b) = (cell.right() - inset, cell.bottom() - inset);
            page.line(Point::new(l, t), Point::new(r, b), stroke);
            page.line(Point::new(l, b), Point::new(r, t), stroke);
        }
        Mark::O => page.items.push(crate::display::Item::Circle {
            center: Point::new(cell.x + cell.w / 2.0, cell.y + cell.h / 2.0),
            radius: cell.w / 2.0 - inset,
            fill: None,
            stroke: Some(stroke),
        }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn move_at_inverts_move_rect_across_leads_and_gaps() {
        let g = NestedGrid {
            depth: 3,
            cell: 2.5,
            lead: 3.0,
            gap: 2.0,
        };
        let origin = Point::new(10.0, 20.0);
        for idx in [0, 40, 364, 728] {
            let mv = Move::from_index(idx, 3);
            let r = g.move_rect(origin, mv);
            let centre = Point::new(r.x + r.w / 2.0, r.y + r.h / 2.0);
            assert_eq!(g.move_at(origin, centre), Some(mv));
        }
        // The lead before the first block is not a cell.
        assert_eq!(g.move_at(origin, Point::new(11.0, 21.0)), None);
        assert_eq!(g.size(), (3.0 * (3.0 + 22.5), 3.0 * 22.5 + 4.0));
    }

    #[test]
    fn ultimate_grid_has_heavy_lines_only_around_tactical_cells() {
        let mut page = Page::new(100.0, 100.0);
        NestedGrid::new(2, 5.0).draw_lines(Point::new(0.0, 0.0), &mut page);
        let mut heavy = 0;
        let mut thin = 0;
        for item in &page.items {
            if let crate::display::Item::Line { from, stroke, .. } = item {
                if stroke.width > 0.3 {
                    heavy += 1;
                    assert!((from.x % 15.0).abs() < 1e-9 || (from.y % 15.0).abs() < 1e-9);
                } else {
                    thin += 1;
                }
            }
        }
        // 4 heavy positions per direction (0, 3, 6, 9), 6 thin.
        assert_eq!((heavy, thin), (8, 12));
    }
}
