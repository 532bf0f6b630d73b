//! The nested grids of the tic-tac-toe family: 3×3 (tic-tac-toe), 9×9
//! (Ultimate) and 27×27 (Strategic), with X and O marks.
//!
//! Line weights show the levels: thin between cells, heavier around each
//! 3×3 field. A Strategic grid is drawn as nine separate 9×9 blocks with room
//! before each block column for the functional map's row numbers.

use crate::display::{Anchor, Color, FontWeight, Item, Page, Point, Rect, Stroke, TextStyle};
use crate::games::ttt::{Mark, Move};
use crate::maps::FunctionalMap;

/// The geometry of a nested grid, mm.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct NestedGrid {
    /// Levels: 1 (3×3), 2 (9×9) or 3 (27×27).
    pub depth: usize,
    /// Cell side.
    pub cell: f64,
    /// Space before each strategic block column (row numbers go there); depth 3 only.
    pub lead: f64,
    /// Space between strategic block rows; depth 3 only.
    pub gap: f64,
    /// Space above the first block row, where its ST labels go (the gaps
    /// hold the other rows'); depth 3 only.
    pub head: f64,
}

/// Line widths of the levels, thinnest first: cells, 3×3 fields, 9×9 blocks.
pub(crate) const LINES: [f64; 3] = [0.15, 0.5, 0.8];

/// The square that `path` names in a 9×9 grid of `cell` mm cells whose top
/// left corner is `origin`: a 3×3 field (`[5]`) or one cell (`[5, 3]`).
/// Strategic's nine blocks and the Ultimate field are such grids.
pub(crate) fn nine_square(origin: Point, cell: f64, path: &[u8]) -> Rect {
    let (r, c) = crate::grid::top_left(path, 2);
    let side = 3f64.powi(2 - path.len() as i32);
    Rect::new(
        origin.x + c as f64 * cell,
        origin.y + r as f64 * cell,
        side * cell,
        side * cell,
    )
}

/// The line widths of a grid of `depth` levels with `cell` mm cells. The
/// Ultimate field's lines between its nine boards are as heavy as its
/// outline, 0.8 mm and up to 1 mm as the cell grows past 20 mm, so the
/// boards stand out from the 0.15 mm cell lines on a photocopy; the other
/// grids keep [`LINES`].
pub(crate) fn line_widths(depth: usize, cell: f64) -> [f64; 3] {
    if depth == 2 {
        let board = (0.04 * cell).clamp(LINES[2], 1.0);
        [LINES[0], board, board]
    } else {
        LINES
    }
}

impl NestedGrid {
    /// A grid of `depth` levels with `cell` mm cells and no room between blocks.
    pub(crate) fn new(depth: usize, cell: f64) -> Self {
        NestedGrid {
            depth,
            cell,
            lead: 0.0,
            gap: 0.0,
            head: 0.0,
        }
    }

    /// Cells per side: 3, 9 or 27.
    pub(crate) fn cells(&self) -> usize {
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
    pub(crate) fn size(&self) -> (f64, f64) {
        let (n, per) = self.blocks();
        let block = per as f64 * self.cell;
        let w = n as f64 * (self.lead + block);
        let h = self.head + n as f64 * block + (n - 1) as f64 * self.gap;
        (w, h)
    }

    /// Top-left corner of the cell in grid row `row`, column `col` (0-based).
    pub(crate) fn cell_origin(&self, origin: Point, row: usize, col: usize) -> Point {
        let (_, per) = self.blocks();
        let (br, bc) = (row / per, col / per);
        Point::new(
            origin.x + (bc + 1) as f64 * self.lead + col as f64 * self.cell,
            origin.y + self.head + br as f64 * self.gap + row as f64 * self.cell,
        )
    }

    /// The cell of a move.
    pub(crate) fn move_rect(&self, origin: Point, mv: Move) -> Rect {
        let (row, col) = crate::grid::top_left(mv.path(), mv.path().len());
        let p = self.cell_origin(origin, row, col);
        Rect::new(p.x, p.y, self.cell, self.cell)
    }

    /// The move whose cell contains `p`, if any.
    #[cfg(test)]
    pub(crate) fn move_at(&self, origin: Point, p: Point) -> Option<Move> {
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

    /// Draws the grid lines, block by block, heavier levels over lighter ones.
    pub(crate) fn draw_lines(&self, origin: Point, page: &mut Page) {
        let (n, per) = self.blocks();
        for br in 0..n {
            for bc in 0..n {
                let o = self.cell_origin(origin, br * per, bc * per);
                let widths = line_widths(self.depth, self.cell);
                block_lines(page, o, self.cell, per, widths, Color::BLACK);
            }
        }
    }

    /// Draws the row numbers of a functional map in the lead before each
    /// strategic block (depth 3 with a lead only).
    pub(crate) fn draw_row_numbers(&self, origin: Point, map: &FunctionalMap, page: &mut Page) {
        if self.depth != 3 || self.lead <= 0.0 {
            return;
        }
        let size = (0.62 * self.cell).min(0.8 * self.lead);
        for s in 1..=9u8 {
            let br = usize::from((s - 1) / 3);
            let bc = usize::from((s - 1) % 3);
            let o = self.cell_origin(origin, br * 9, bc * 9);
            row_numbers(
                page,
                map.column_for(s),
                o.x - self.lead / 2.0,
                o.y,
                self.cell,
                size,
            );
        }
    }

    /// Draws the two-digit ST names of the top row of tactical cells over
    /// each strategic block (`51 52 53` over strategic cell 5), as the game
    /// sheet prints them, so that `5.2.1` can be found: the rest follow in
    /// reading order. In the head above the first block row and the gaps
    /// between the others (depth 3 only, with room for them).
    pub(crate) fn draw_st_labels(&self, origin: Point, page: &mut Page) {
        let room = self.gap.min(self.head);
        if self.depth != 3 || room <= 0.0 {
            return;
        }
        let size = (0.62 * self.cell).min(0.8 * room);
        let style = TextStyle::new(size)
            .anchor(Anchor::Middle)
            .color(Color::grey(0x33));
        for s in 1..=9u8 {
            let br = usize::from((s - 1) / 3);
            let bc = usize::from((s - 1) % 3);
            let o = self.cell_origin(origin, br * 9, bc * 9);
            for t in 1..=3u8 {
                let x = o.x + (f64::from(t - 1) * 3.0 + 1.5) * self.cell;
                page.text_centred_on(x, o.y - room / 2.0, style, format!("{s}{t}"));
            }
        }
    }

    /// Draws `mark` in the cell of `mv`, as a player pencils it.
    pub(crate) fn draw_mark(&self, origin: Point, mv: Move, mark: Mark, page: &mut Page) {
        draw_mark(
            page,
            self.move_rect(origin, mv),
            mark,
            MarkStyle::pencil(self.cell),
        );
    }

    /// Draws a line of play as numbered marks, 1 for its first move (see
    /// [`numbered_mark`]).
    pub(crate) fn draw_numbered(&self, origin: Point, line: &[Move], page: &mut Page) {
        for (i, &mv) in line.iter().enumerate() {
            numbered_mark(page, self.move_rect(origin, mv), i + 1);
        }
    }
}

/// The `n`th move of a line of play in `cell`: the number bold and black
/// in a white ring, so it reads apart from X and O and from the grid's
/// labels, on a black-and-white copy too.
pub(crate) fn numbered_mark(page: &mut Page, cell: Rect, n: usize) {
    let c = cell.centre();
    // No larger than in a 10 mm cell: a tic-tac-toe board's large cells
    // keep their position numbers in the corner clear.
    let side = cell.w.min(10.0);
    page.items.push(Item::Circle {
        center: c,
        radius: 0.42 * side,
        fill: Some(Color::WHITE),
        stroke: Some(Stroke::solid((0.06 * side).clamp(0.15, 0.4))),
    });
    let style = TextStyle::new(0.6 * side)
        .anchor(Anchor::Middle)
        .weight(FontWeight::Bold);
    page.text_centred_on(c.x, c.y, style, n.to_string());
}

/// Draws the lines of one block of `per` × `per` cells (3 or 9) whose
/// top-left corner is `origin`: each level's lines in `widths[level]`
/// (between cells, around 3×3 fields, the block's outline), lighter levels
/// first so heavier lines paint over them where they cross. Solid lines have
/// square caps, so the outline's corners close. The strategic field of a
/// sheet and the grids of diagrams are drawn with it.
pub(crate) fn block_lines(
    page: &mut Page,
    origin: Point,
    cell: f64,
    per: usize,
    widths: [f64; 3],
    color: Color,
) {
    let side = per as f64 * cell;
    let outline = base3_levels(per);
    // The level of line i of a block: how often 3 divides it; the outline is
    // one level above the block's inner lines.
    let level_of = |i: usize| {
        if i == 0 || i == per {
            outline
        } else {
            base3_levels(i).min(outline.saturating_sub(1))
        }
    };
    for level in 0..=outline {
        let stroke = Stroke::solid(widths[level.min(2)]).with_color(color);
        for i in (0..=per).filter(|&i| level_of(i) == level) {
            page.grid_lines(origin, i as f64 * cell, side, stroke);
        }
    }
}

/// Writes a functional map's list for one strategic cell beside its rows,
/// top to bottom: bold, centred on `x`, row `r` centred on
/// `top + (r + 0.5) · cell`.
pub(crate) fn row_numbers(page: &mut Page, list: [u8; 9], x: f64, top: f64, cell: f64, size: f64) {
    let style = TextStyle::new(size)
        .anchor(Anchor::Middle)
        .weight(FontWeight::Bold);
    for (r, n) in list.iter().enumerate() {
        page.text_centred_on(x, top + (r as f64 + 0.5) * cell, style, n.to_string());
    }
}

/// How an X or an O is drawn: stroke width, how far it keeps from the
/// sides of its area (a fraction of the side), and its ink.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct MarkStyle {
    /// Stroke width, mm.
    pub width: f64,
    /// Distance from each side, as a fraction of the area's side.
    pub pad: f64,
    /// Ink.
    pub color: Color,
}

impl MarkStyle {
    /// A black mark as a player pencils it into a cell of `side` mm.
    pub(crate) fn pencil(side: f64) -> MarkStyle {
        MarkStyle {
            width: (side * 0.09).clamp(0.18, 0.6),
            pad: 0.2,
            color: Color::BLACK,
        }
    }
}

/// Draws an X (two strokes) or an O (a circle) inside `area`.
pub(crate) fn draw_mark(page: &mut Page, area: Rect, mark: Mark, style: MarkStyle) {
    let (px, py) = (area.w * style.pad, area.h * style.pad);
    let stroke = Stroke::solid(style.width).with_color(style.color);
    match mark {
        Mark::X => {
            let (l, t) = (area.x + px, area.y + py);
            let (r, b) = (area.right() - px, area.bottom() - py);
            page.line(Point::new(l, t), Point::new(r, b), stroke);
            page.line(Point::new(r, t), Point::new(l, b), stroke);
        }
        Mark::O => page.items.push(Item::Circle {
            center: Point::new(area.x + area.w / 2.0, area.y + area.h / 2.0),
            radius: area.w / 2.0 - px,
            fill: None,
            stroke: Some(stroke),
        }),
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
            head: 1.5,
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
        assert_eq!(g.size(), (3.0 * (3.0 + 22.5), 1.5 + 3.0 * 22.5 + 4.0));
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

    #[test]
    fn ultimate_board_lines_are_heavy_enough_for_a_photocopy_at_every_cell() {
        // The widths of every line drawn at `cell`, thinnest first.
        let widths = |cell: f64| {
            let mut page = Page::new(400.0, 400.0);
            NestedGrid::new(2, cell).draw_lines(Point::new(0.0, 0.0), &mut page);
            let mut w: Vec<f64> = page
                .items
                .iter()
                .filter_map(|i| match i {
                    Item::Line { stroke, .. } => Some(stroke.width),
                    _ => None,
                })
                .collect();
            w.sort_by(f64::total_cmp);
            w.dedup();
            w
        };
        // Cell lines, then the board lines as heavy as the outline: 0.8 mm
        // on small fields, 1 mm on the 30 mm cells of an A3 sheet.
        assert_eq!(widths(4.0), [0.15, 0.8]);
        assert_eq!(widths(16.7), [0.15, 0.8]);
        assert_eq!(widths(30.0), [0.15, 1.0]);
        // A Strategic block keeps its three levels.
        assert_eq!(line_widths(3, 30.0), LINES);
    }
}
