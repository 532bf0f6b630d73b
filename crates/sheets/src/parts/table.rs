//! One move-record table: a narrow column of row numbers, then per group
//! (a player, or "Moves") its columns (`S T O`), under a two-row heading.
//! Shared by `[[record-tables]]` and the record beside each SOS board.
//!
//! Every column is at least as wide as asked and as its head needs, so a
//! long head in another language (`Клетка`) never touches the rules; every
//! text is at least [`MIN_TEXT`] and black.

use crate::display::{Anchor, Color, FontWeight, MIN_TEXT, Page, Point, Rect, Stroke, TextStyle};
use crate::fonts;

/// Heading rows above the writing rows: the groups, then their columns.
pub(crate) const HEADING_ROWS: u32 = 2;
/// Room on each side of a head or row number, mm.
const PAD: f64 = 0.6;

/// What a table looks like, measured: its heads and every width.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct TableShape {
    groups: Vec<String>,
    columns: Vec<String>,
    /// Font size of the column heads: as large as the row allows, smaller
    /// (down to 6 pt) before a long head widens its column.
    head_size: f64,
    /// Width of the number column (0 when the rows are not numbered).
    number_col: f64,
    column_width: f64,
    row_height: f64,
    line: f64,
    rule: f64,
}

/// What a table is asked to be, before measuring.
#[derive(Debug, Clone, Copy)]
pub(crate) struct TableStyle {
    /// Number the rows.
    pub(crate) numbered: bool,
    /// Row height, mm.
    pub(crate) row_height: f64,
    /// Least width of each column, mm.
    pub(crate) column_width: f64,
    /// Thin rules, mm.
    pub(crate) line: f64,
    /// Outline and separators, mm.
    pub(crate) rule: f64,
}

impl TableStyle {
    fn heading_size(&self) -> f64 {
        (0.62 * self.row_height).max(MIN_TEXT)
    }
    fn column_head_size(&self) -> f64 {
        (0.5 * self.row_height).max(MIN_TEXT)
    }
    fn number_size(&self) -> f64 {
        (0.45 * self.row_height).max(MIN_TEXT)
    }
}

impl TableShape {
    /// A table with `groups` headings over `columns` each, numbered up to
    /// `last_number` at most.
    pub(crate) fn new(
        groups: Vec<String>,
        columns: Vec<String>,
        style: TableStyle,
        last_number: u32,
    ) -> TableShape {
        let widest = |texts: &[String], weight, size| {
            texts
                .iter()
                .map(|t| fonts::text_width(t, weight, size))
                .fold(0.0, f64::max)
        };
        let natural = style.column_head_size();
        let room = style.column_width - 2.0 * PAD;
        let at_natural = widest(&columns, FontWeight::Regular, natural);
        let head_size = if at_natural > room {
            (natural * room / at_natural).max(MIN_TEXT)
        } else {
            natural
        };
        let head = widest(&columns, FontWeight::Regular, head_size) + 2.0 * PAD;
        let group = widest(&groups, FontWeight::Bold, style.heading_size()) + 2.0 * PAD;
        let column_width = style
            .column_width
            .max(head)
            .max(group / columns.len().max(1) as f64);
        let number_col = if style.numbered {
            let digits = last_number.max(99).to_string();
            (fonts::text_width(&digits, FontWeight::Regular, style.number_size()) + 2.0 * PAD)
                .max(5.5)
        } else {
            0.0
        };
        TableShape {
            groups,
            columns,
            head_size,
            number_col,
            column_width,
            row_height: style.row_height,
            line: style.line,
            rule: style.rule,
        }
    }

    fn style(&self) -> TableStyle {
        TableStyle {
            numbered: self.number_col > 0.0,
            row_height: self.row_height,
            column_width: self.column_width,
            line: self.line,
            rule: self.rule,
        }
    }

    /// Columns per group.
    pub(crate) fn columns(&self) -> usize {
        self.columns.len()
    }

    /// Moves one writing row holds: one per group.
    pub(crate) fn moves_per_row(&self) -> u32 {
        self.groups.len() as u32
    }

    /// Width of the table inside its outline, mm.
    pub(crate) fn width(&self) -> f64 {
        self.number_col + self.group_width() * self.groups.len() as f64
    }

    fn group_width(&self) -> f64 {
        self.columns.len() as f64 * self.column_width
    }

    /// Height of a table of `rows` writing rows inside its outline, mm.
    pub(crate) fn height(&self, rows: u32) -> f64 {
        f64::from(rows + HEADING_ROWS) * self.row_height
    }

    /// How many writing rows fit `room` mm of height (outline included); at
    /// least 0.
    pub(crate) fn rows_in(&self, room: f64) -> u32 {
        let fits = ((room - self.rule + 1e-9) / self.row_height).floor() as i64;
        (fits - i64::from(HEADING_ROWS)).max(0) as u32
    }

    /// The outline of a table whose extent (outline included) starts at `at`.
    pub(crate) fn outline(&self, at: Point, rows: u32) -> Rect {
        let inset = self.rule / 2.0;
        Rect::new(at.x + inset, at.y + inset, self.width(), self.height(rows))
    }

    /// The cell of writing row `row` (0-based in this table), group `group`,
    /// column `column`, in the table outlined by `outline`.
    pub(crate) fn cell(&self, outline: Rect, row: u32, group: usize, column: usize) -> Rect {
        Rect::new(
            outline.x
                + self.number_col
                + group as f64 * self.group_width()
                + column as f64 * self.column_width,
            outline.y + f64::from(HEADING_ROWS + row) * self.row_height,
            self.column_width,
            self.row_height,
        )
    }

    /// Draws the table in `outline` with `rows` writing rows numbered from
    /// `first`.
    pub(crate) fn draw(&self, page: &mut Page, outline: Rect, first: u32, rows: u32) {
        let at = outline;
        let rh = self.row_height;
        let nc = self.number_col;
        let per_group = self.group_width();
        let thin = Stroke::solid(self.line);
        let five = Stroke::solid((self.line * 2.0).min(self.rule));
        let rule = Stroke::solid(self.rule);
        let body_top = at.y + f64::from(HEADING_ROWS) * rh;
        // Horizontal rules: under the group heads, then between writing
        // rows, heavier every fifth row of the count.
        page.line(
            Point::new(at.x + nc, at.y + rh),
            Point::new(at.right(), at.y + rh),
            thin,
        );
        for i in 1..rows {
            let y = body_top + f64::from(i) * rh;
            let s = if (first + i - 1).is_multiple_of(5) {
                five
            } else {
                thin
            };
            page.line(Point::new(at.x, y), Point::new(at.right(), y), s);
        }
        // Vertical rules between columns, heavy between groups.
        for g in 0..self.groups.len() {
            let gx = at.x + nc + g as f64 * per_group;
            for c in 1..self.columns.len() {
                let x = gx + c as f64 * self.column_width;
                page.line(Point::new(x, at.y + rh), Point::new(x, at.bottom()), thin);
            }
            if g > 0 {
                page.line(Point::new(gx, at.y), Point::new(gx, at.bottom()), rule);
            }
        }
        if nc > 0.0 {
            page.line(
                Point::new(at.x + nc, at.y),
                Point::new(at.x + nc, at.bottom()),
                rule,
            );
        }
        page.line(
            Point::new(at.x, body_top),
            Point::new(at.right(), body_top),
            rule,
        );
        page.rect(at, None, Some(rule));
        let style = self.style();
        let heading = TextStyle::new(style.heading_size())
            .anchor(Anchor::Middle)
            .weight(FontWeight::Bold);
        let column_head = TextStyle::new(self.head_size).anchor(Anchor::Middle);
        for (g, name) in self.groups.iter().enumerate() {
            let gx = at.x + nc + g as f64 * per_group;
            page.text_centred_on(gx + per_group / 2.0, at.y + rh / 2.0, heading, name.clone());
            for (c, col) in self.columns.iter().enumerate() {
                let x = gx + (c as f64 + 0.5) * self.column_width;
                page.text_centred_on(x, at.y + 1.5 * rh, column_head, col.clone());
            }
        }
        if nc > 0.0 {
            let number = TextStyle::new(style.number_size())
                .anchor(Anchor::End)
                .color(Color::BLACK);
            for i in 0..rows {
                let y = body_top + (f64::from(i) + 0.5) * rh;
                page.text_centred_on(at.x + nc - PAD, y, number, (first + i).to_string());
            }
        }
    }
}
