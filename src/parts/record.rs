//! `[[record-tables]]`: move-record tables side by side, per table a number
//! column, then for each player a group of address columns (`S T O`), under a
//! two-row heading.

use serde::Deserialize;
use toml::Spanned;

use super::kind::{Context, Geometry, Part, id_and_pin};
use crate::display::{Anchor, Color, FontWeight, Page, Point, Rect, Size, Stroke, TextStyle};
use crate::spec::value::{
    Extent, headings, line_width, outline, position, ranged, rows_or_fit, tables_or_fit, thin_line,
    yes,
};

ranged! {
    table_row_height: num "row-height" " mm" 2 .. 30;
    table_column_width: num "column-width" " mm" 2 .. 40;
    table_gap: num "gap" " mm" 0 .. 50;
}

fn players<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Vec<String>, D::Error> {
    headings(d, "players", 8)
}

fn columns<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Vec<String>, D::Error> {
    headings(d, "columns", 6)
}

/// `[[record-tables]]`: side-by-side move-record tables, each headed with the
/// players (`X | O`) and split per player into address columns (`S T O`).
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub(crate) struct RecordTables {
    /// Arrangement name (default `"records"`).
    #[serde(default = "RecordTables::default_id")]
    pub(crate) id: Spanned<String>,
    /// Pin position, mm.
    #[serde(default, deserialize_with = "position")]
    pub(crate) at: Option<[f64; 2]>,
    /// How many tables side by side, or `"fit"` for as many as the width
    /// left allows (default 4).
    #[serde(
        default = "RecordTables::default_count",
        deserialize_with = "tables_or_fit"
    )]
    pub(crate) count: Extent<u32>,
    /// Writing rows per table, or `"fit"` to fill the height left (default 25).
    #[serde(
        default = "RecordTables::default_rows",
        deserialize_with = "rows_or_fit"
    )]
    pub(crate) rows: Extent<u32>,
    /// Row height, mm (default 3.6).
    #[serde(
        default = "RecordTables::default_row_height",
        deserialize_with = "table_row_height"
    )]
    pub(crate) row_height: f64,
    /// Width of each address column, mm (default 4.4).
    #[serde(
        default = "RecordTables::default_column_width",
        deserialize_with = "table_column_width"
    )]
    pub(crate) column_width: f64,
    /// Number the rows in a narrow first column (default true).
    #[serde(default = "yes")]
    pub(crate) numbered: bool,
    /// Space between tables, mm (default 3).
    #[serde(default = "RecordTables::default_gap", deserialize_with = "table_gap")]
    pub(crate) gap: f64,
    /// Player headings (default `["X", "O"]`).
    #[serde(
        default = "RecordTables::default_players",
        deserialize_with = "players"
    )]
    pub(crate) players: Vec<String>,
    /// Address column headings per player (default `["S", "T", "O"]`).
    #[serde(
        default = "RecordTables::default_columns",
        deserialize_with = "columns"
    )]
    pub(crate) columns: Vec<String>,
    /// Thin rule width, mm (default 0.15).
    #[serde(default = "thin_line", deserialize_with = "line_width")]
    pub(crate) line: f64,
    /// Outline and player-separator width, mm (default 0.45).
    #[serde(default = "outline", deserialize_with = "line_width")]
    pub(crate) rule: f64,
}

impl RecordTables {
    fn default_id() -> Spanned<String> {
        Spanned::new(0..0, "records".into())
    }
    fn default_count() -> Extent<u32> {
        Extent::Fixed(4)
    }
    fn default_rows() -> Extent<u32> {
        Extent::Fixed(25)
    }
    fn default_row_height() -> f64 {
        3.6
    }
    fn default_column_width() -> f64 {
        4.4
    }
    fn default_gap() -> f64 {
        3.0
    }
    fn default_players() -> Vec<String> {
        vec!["X".into(), "O".into()]
    }
    fn default_columns() -> Vec<String> {
        vec!["S".into(), "T".into(), "O".into()]
    }
}

/// Width of the row-number column, mm.
const NUMBER_COL: f64 = 5.5;
/// Heading rows above the writing rows.
const HEADING_ROWS: u32 = 2;

/// Where laid-out record tables are: how many tables, how many writing rows
/// each, and the cell of every move.
#[derive(Debug, Clone, PartialEq)]
pub struct RecordGeometry {
    origin: Point,
    /// Writing rows per table.
    rows: u32,
    /// Tables side by side.
    count: u32,
    players: usize,
    columns: usize,
    number_col: f64,
    column_width: f64,
    row_height: f64,
    rule: f64,
    gap: f64,
}

impl RecordGeometry {
    /// Writing rows per table.
    pub fn rows(&self) -> u32 {
        self.rows
    }

    /// Tables side by side.
    pub fn tables(&self) -> u32 {
        self.count
    }

    fn table_width(&self) -> f64 {
        self.number_col + (self.players * self.columns) as f64 * self.column_width
    }

    /// The outline of table `t` (0-based).
    fn table_rect(&self, t: u32) -> Rect {
        let inset = self.rule / 2.0;
        let x = self.origin.x + inset + f64::from(t) * (self.table_width() + self.rule + self.gap);
        Rect::new(
            x,
            self.origin.y + inset,
            self.table_width(),
            f64::from(self.rows + HEADING_ROWS) * self.row_height,
        )
    }

    /// The cell of writing row `row` (0-based, counted on through the
    /// tables), player `player`'s column `column`: where a move is written.
    /// `None` past the last row, player or column.
    pub fn cell_rect(&self, row: u32, player: usize, column: usize) -> Option<Rect> {
        if row >= self.rows * self.count || player >= self.players || column >= self.columns {
            return None;
        }
        let at = self.table_rect(row / self.rows);
        let per_player = self.columns as f64 * self.column_width;
        Some(Rect::new(
            at.x + self.number_col + player as f64 * per_player + column as f64 * self.column_width,
            at.y + f64::from(HEADING_ROWS + row % self.rows) * self.row_height,
            self.column_width,
            self.row_height,
        ))
    }
}

impl Geometry for RecordGeometry {
    fn size(&self) -> Size {
        let n = f64::from(self.count);
        // Each table's outline is centred on its edges: half of it lies outside.
        Size {
            w: n * (self.table_width() + self.rule) + (n - 1.0) * self.gap,
            h: f64::from(self.rows + HEADING_ROWS) * self.row_height + self.rule,
        }
    }
    fn place(&mut self, origin: Point) {
        self.origin = origin;
    }
}

impl Part for RecordTables {
    const KIND: &'static str = "record-tables";
    type Geometry = RecordGeometry;

    id_and_pin!();
    fn grows(&self) -> (bool, bool) {
        (self.count.is_fit(), self.rows.is_fit())
    }

    fn measure(&self, avail: Size, _cx: &Context) -> RecordGeometry {
        let mut g = RecordGeometry {
            origin: Point::new(0.0, 0.0),
            rows: 0,
            count: 0,
            players: self.players.len(),
            columns: self.columns.len(),
            number_col: if self.numbered { NUMBER_COL } else { 0.0 },
            column_width: self.column_width,
            row_height: self.row_height,
            rule: self.rule,
            gap: self.gap,
        };
        // The writing rows: as given, or as many as fit the height.
        g.rows = match self.rows {
            Extent::Fixed(n) => n,
            Extent::Fit => {
                let room = avail.h - self.rule + 1e-9;
                let fits = (room / self.row_height).floor() as i64 - i64::from(HEADING_ROWS);
                fits.max(1) as u32
            }
        };
        // The tables side by side: as given, or as many as fit the width.
        g.count = match self.count {
            Extent::Fixed(n) => n,
            Extent::Fit => {
                let pitch = g.table_width() + self.rule + self.gap;
                (((avail.w + self.gap + 1e-9) / pitch).floor() as u32).clamp(1, 20)
            }
        };
        g
    }

    fn draw(&self, g: &RecordGeometry, _cx: &Context, page: &mut Page) {
        for t in 0..g.count {
            self.table(g, t * g.rows, g.table_rect(t), page);
        }
    }
}

impl RecordTables {
    fn table(&self, g: &RecordGeometry, first: u32, at: Rect, page: &mut Page) {
        let rh = self.row_height;
        let nc = g.number_col;
        let per_player = self.columns.len() as f64 * self.column_width;
        let thin = Stroke::solid(self.line);
        let five = Stroke::solid((self.line * 2.0).min(self.rule));
        let rule = Stroke::solid(self.rule);
        let body_top = at.y + f64::from(HEADING_ROWS) * rh;
        // Horizontal rules: between writing rows, heavier every fifth.
        page.line(
            Point::new(at.x + nc, at.y + rh),
            Point::new(at.right(), at.y + rh),
            thin,
        );
        for i in 1..g.rows {
            let y = body_top + f64::from(i) * rh;
            let s = if i % 5 == 0 { five } else { thin };
            page.line(Point::new(at.x, y), Point::new(at.right(), y), s);
        }
        // Vertical rules between address columns.
        for p in 0..self.players.len() {
            let px = at.x + nc + p as f64 * per_player;
            for c in 1..self.columns.len() {
                let x = px + c as f64 * self.column_width;
                page.line(Point::new(x, at.y + rh), Point::new(x, at.bottom()), thin);
            }
            if p > 0 {
                page.line(Point::new(px, at.y), Point::new(px, at.bottom()), rule);
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
        // Headings and row numbers.
        let heading = TextStyle::new(rh * 0.62)
            .anchor(Anchor::Middle)
            .weight(FontWeight::Bold);
        let column_heading = TextStyle::new(rh * 0.5)
            .anchor(Anchor::Middle)
            .color(Color::grey(0x40));
        for (p, name) in self.players.iter().enumerate() {
            let px = at.x + nc + p as f64 * per_player;
            page.text_centred_on(
                px + per_player / 2.0,
                at.y + rh / 2.0,
                heading,
                name.clone(),
            );
            for (c, col) in self.columns.iter().enumerate() {
                let x = px + (c as f64 + 0.5) * self.column_width;
                page.text_centred_on(x, at.y + 1.5 * rh, column_heading, col.clone());
            }
        }
        if nc > 0.0 {
            let number = TextStyle::new(rh * 0.45)
                .anchor(Anchor::End)
                .color(Color::grey(0x70));
            for i in 0..g.rows {
                let y = body_top + (f64::from(i) + 0.5) * rh;
                page.text_centred_on(at.x + nc - 0.6, y, number, (first + i + 1).to_string());
            }
        }
    }
}
