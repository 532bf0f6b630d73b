//! The SOS grid: W×H cells, column letters `a`.. above, row numbers `1`.. at
//! the left counted from the top (as records address cells), and the letters
//! of a position; and the SOS made, struck through their letters
//! ([`strike_lines`], for diagrams and answer keys alike).

use crate::display::{
    Anchor, Color, FontWeight, Item, MIN_TEXT, Page, Point, Rect, Stroke, TextStyle,
};
use crate::fonts::text_width;
use crate::games::sos::{Cell, Letter, SosLine};

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

/// Strikes each SOS of `lines` from the centre of its first S to the centre
/// of its last (`centre` gives a cell's centre), in `stroke_of(line, width)`
/// for a line `width` mm wide on cells `cell` mm wide, with round ends: a dot
/// as wide as the line at each letter's centre. Draw the letters after, so
/// they stay readable on top.
///
/// So that the picture can be counted, lines on one row, column or diagonal
/// that share a cell (a1–c1 and c1–e1) are set side by side, a little apart,
/// rather than on top of each other: two SOS in a row read as two lines,
/// each with its own two dots.
pub(crate) fn strike_lines(
    page: &mut Page,
    lines: &[SosLine],
    centre: impl Fn(Cell) -> Point,
    cell: f64,
    stroke_of: impl Fn(&SosLine, f64) -> Stroke,
) {
    let width = (cell * 0.06).clamp(0.3, 0.8);
    let spacing = (2.2 * width).max(0.1 * cell);
    for (line, lane) in lines.iter().zip(lanes(lines)) {
        let (a, b) = (centre(line.cells[0]), centre(line.cells[2]));
        let len = (b.x - a.x).hypot(b.y - a.y);
        let (ux, uy) = ((b.x - a.x) / len, (b.y - a.y) / len);
        let shift = lane_offset(lane) * spacing;
        let (sx, sy) = (-uy * shift, ux * shift);
        let stroke = stroke_of(line, width);
        // A solid line's square caps reach half its width past its ends:
        // end it that much short, so it stops at the letter's centre, where
        // a dot rounds it off.
        let cap = if stroke.dash.is_none() {
            width / 2.0
        } else {
            0.0
        };
        page.line(
            Point::new(a.x + sx + ux * cap, a.y + sy + uy * cap),
            Point::new(b.x + sx - ux * cap, b.y + sy - uy * cap),
            stroke,
        );
        for end in [a, b] {
            page.items.push(Item::Circle {
                center: Point::new(end.x + sx, end.y + sy),
                radius: width / 2.0,
                fill: Some(stroke.color),
                stroke: None,
            });
        }
    }
}

/// A line's place among lines on the same row, column or diagonal: which
/// one it is (the direction and an index across), where it starts along it
/// and its lane.
fn lanes(lines: &[SosLine]) -> Vec<i32> {
    // Direction normalised to (1,0), (0,1), (1,1) or (1,-1), with the start
    // the end whose column (or row, for columns) is smaller.
    let key = |l: &SosLine| {
        let (a, c) = (l.cells[0], l.cells[2]);
        let (mut dc, mut dr) = (
            i32::from(c.col) - i32::from(a.col),
            i32::from(c.row) - i32::from(a.row),
        );
        let mut start = a;
        if dc < 0 || (dc == 0 && dr < 0) {
            (dc, dr, start) = (-dc, -dr, c);
        }
        let (col, row) = (i32::from(start.col), i32::from(start.row));
        let (across, along) = match (dc.signum(), dr.signum()) {
            (0, _) => (col, row),
            (_, 0) => (row, col),
            (_, 1) => (col - row, col),
            _ => (col + row, col),
        };
        ((dc.signum(), dr.signum(), across), along)
    };
    let keys: Vec<_> = lines.iter().map(key).collect();
    let mut lane = vec![0i32; lines.len()];
    let mut order: Vec<usize> = (0..lines.len()).collect();
    order.sort_by_key(|&i| keys[i]);
    for (k, &i) in order.iter().enumerate() {
        let (group, start) = keys[i];
        // Lanes taken by earlier lines of the group that share a cell.
        let taken: Vec<i32> = order[..k]
            .iter()
            .filter(|&&j| keys[j].0 == group && keys[j].1 + 2 >= start)
            .map(|&j| lane[j])
            .collect();
        lane[i] = (0..).find(|n| !taken.contains(n)).unwrap_or(0);
    }
    lane
}

/// The offset across a line of lane `n`, in units of the lane spacing:
/// 0, +1, -1, +2, -2, …
fn lane_offset(n: i32) -> f64 {
    let step = f64::from((n + 1) / 2);
    if n % 2 == 1 { step } else { -step }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn line(a: (u8, u8), c: (u8, u8)) -> SosLine {
        let cell = |(col, row): (u8, u8)| Cell { col, row };
        let mid = ((a.0 + c.0) / 2, (a.1 + c.1) / 2);
        SosLine {
            player: 0,
            cells: [cell(a), cell(mid), cell(c)],
        }
    }

    #[test]
    fn lines_sharing_a_cell_on_one_row_get_their_own_lanes() {
        // a1–c1 and c1–e1 touch at c1; e1–c1 written backwards too.
        let lines = [line((0, 0), (2, 0)), line((4, 0), (2, 0))];
        assert_eq!(lanes(&lines), [0, 1]);
        // Apart on the same row, or on another row: one lane.
        let lines = [
            line((0, 0), (2, 0)),
            line((3, 0), (5, 0)),
            line((0, 1), (2, 1)),
        ];
        assert_eq!(lanes(&lines), [0, 0, 0]);
        // Three overlapping on a diagonal, and a crossing line that shares
        // only its middle: three lanes, the crossing one its own line.
        let lines = [
            line((0, 0), (2, 2)),
            line((1, 1), (3, 3)),
            line((2, 2), (4, 4)),
            line((2, 0), (0, 2)),
        ];
        assert_eq!(lanes(&lines), [0, 1, 2, 0]);
        assert_eq!(
            (0..5).map(lane_offset).collect::<Vec<_>>(),
            [0.0, 1.0, -1.0, 2.0, -2.0]
        );
    }
}
