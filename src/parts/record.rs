//! `[[record-tables]]`: move-record tables side by side, per table a number
//! column, then for each player a group of address columns (`S T O`), under a
//! two-row heading.

use serde::Deserialize;
use toml::Spanned;

use super::kind::{Context, Geometry, Part, id_and_pin};
use super::note::Note;
use super::table::{TableShape, TableStyle};
use crate::display::{Page, Point, Rect, Size};
use crate::spec::value::{
    Extent, headings, line_width, outline, position, ranged, rows_or_fit, tables_or_fit, thin_line,
    whole_from, yes,
};

ranged! {
    table_row_height: num "row-height" " mm" 4.5 .. 30;
    table_column_width: num "column-width" " mm" 4.5 .. 40;
    table_gap: num "gap" " mm" 0 .. 50;
}

fn players<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Vec<String>, D::Error> {
    headings(d, "players", 8)
}

fn columns<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Vec<String>, D::Error> {
    headings(d, "columns", 6)
}

fn start<'de, D: serde::Deserializer<'de>>(d: D) -> Result<u32, D::Error> {
    whole_from(d, "start", (1, MAX_ROW))
}

fn moves<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Option<u32>, D::Error> {
    whole_from(d, "moves", (1, MAX_ROW)).map(Some)
}

/// The largest row number and number of moves a record names.
const MAX_ROW: u32 = 100_000;

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
    /// Number of the first row (default 1): a continuation sheet starts
    /// where the last one ended.
    #[serde(default = "RecordTables::default_start", deserialize_with = "start")]
    pub(crate) start: u32,
    /// Moves of the game the record must hold (default: none asked). Rows
    /// or tables sized to fit grow to hold them, and a page that cannot is
    /// refused with the overflow, unless `continued`.
    #[serde(default, deserialize_with = "moves")]
    pub(crate) moves: Option<u32>,
    /// The game may go on on another record sheet: when the record holds
    /// fewer than `moves` (or `moves` is not given) a note under it names
    /// the row the next sheet starts at (default false).
    #[serde(default)]
    pub(crate) continued: bool,
    /// Row height, mm (default 5; at least 4.5, room for a child's digit).
    #[serde(
        default = "RecordTables::default_row_height",
        deserialize_with = "table_row_height"
    )]
    pub(crate) row_height: f64,
    /// Least width of each address column, mm (default 5; at least 4.5);
    /// a column is as wide as its head needs too.
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
    fn default_start() -> u32 {
        1
    }
    fn default_row_height() -> f64 {
        5.0
    }
    fn default_column_width() -> f64 {
        5.0
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

/// Where laid-out record tables are: how many tables, how many writing rows
/// each, and the cell of every move.
#[derive(Debug, Clone, PartialEq)]
pub struct RecordGeometry {
    origin: Point,
    /// Writing rows per table.
    rows: u32,
    /// Tables side by side.
    count: u32,
    /// Number of the first row.
    start: u32,
    shape: TableShape,
    rule: f64,
    gap: f64,
    /// The note naming where the game goes on, if it does.
    note: Option<Note>,
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

    /// Number of the first row.
    pub fn start(&self) -> u32 {
        self.start
    }

    /// Moves a writing row holds: one per player.
    pub fn moves_per_row(&self) -> u32 {
        self.shape.moves_per_row()
    }

    /// Address columns per move (`S T O`: 3): the boxes a move is written in.
    pub fn columns(&self) -> u32 {
        self.shape.columns() as u32
    }

    /// How many moves the tables hold (a row holds one per player).
    pub fn capacity(&self) -> u32 {
        self.rows * self.count * self.shape.moves_per_row()
    }

    /// The note under the tables naming where the game goes on, if any.
    pub fn continuation(&self) -> Option<String> {
        self.note.as_ref().map(Note::text)
    }

    fn pitch(&self) -> f64 {
        self.shape.width() + self.rule + self.gap
    }

    /// The outline of table `t` (0-based).
    fn table_rect(&self, t: u32) -> Rect {
        let at = Point::new(self.origin.x + f64::from(t) * self.pitch(), self.origin.y);
        self.shape.outline(at, self.rows)
    }

    /// The cell of writing row `row` (0-based, counted on through the
    /// tables), player `player`'s column `column`: where a move is written.
    /// `None` past the last row, player or column.
    pub fn cell_rect(&self, row: u32, player: usize, column: usize) -> Option<Rect> {
        let per_row = self.shape.moves_per_row() as usize;
        if row >= self.rows * self.count || player >= per_row || column >= self.shape.columns() {
            return None;
        }
        let at = self.table_rect(row / self.rows);
        Some(self.shape.cell(at, row % self.rows, player, column))
    }
}

impl Geometry for RecordGeometry {
    fn size(&self) -> Size {
        let n = f64::from(self.count);
        // Each table's outline is centred on its edges: half of it lies outside.
        let note = self
            .note
            .as_ref()
            .map_or(Size { w: 0.0, h: 0.0 }, Note::size);
        Size {
            w: (n * (self.shape.width() + self.rule) + (n - 1.0) * self.gap).max(note.w),
            h: self.shape.height(self.rows) + self.rule + note.h,
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

    fn measure(&self, avail: Size, cx: &Context) -> RecordGeometry {
        let expand = |v: &[String]| v.iter().map(|t| cx.words.expand(t)).collect::<Vec<_>>();
        let style = TableStyle {
            numbered: self.numbered,
            row_height: self.row_height,
            column_width: self.column_width,
            line: self.line,
            rule: self.rule,
        };
        let groups = expand(&self.players);
        let per_row = groups.len() as u32;
        // Numbers up to the last row a game of `moves` can reach, so the
        // number column never changes width with the page.
        let last = self.start + self.moves.unwrap_or(999).div_ceil(per_row);
        let shape = TableShape::new(groups, expand(&self.columns), style, last);
        // The rows the game needs, when the record must hold it here.
        let needed = self
            .moves
            .filter(|_| !self.continued)
            .map_or(0, |m| m.div_ceil(per_row));
        let pitch = shape.width() + self.rule + self.gap;

        // The tables side by side: as given, or as many as fit the width.
        let count = match self.count {
            Extent::Fixed(n) => n,
            Extent::Fit => (((avail.w + self.gap + 1e-9) / pitch).floor() as u32).clamp(1, 20),
        };
        // Room for the note, set with the widest number it can name.
        let width_of = |count: u32| f64::from(count) * pitch - self.gap;
        let note_room = if self.continued {
            Note::new(&cx.words.continued(MAX_ROW), width_of(count))
                .size()
                .h
        } else {
            0.0
        };
        // The writing rows: as given, or as many as fit the height; at
        // least what the game needs.
        let rows = match self.rows {
            Extent::Fixed(n) => n,
            Extent::Fit => shape.rows_in(avail.h - note_room).max(1),
        };
        let (rows, count) = match (self.rows, self.count) {
            (Extent::Fixed(_), Extent::Fit) => (rows, count.max(needed.div_ceil(rows))),
            // Both fitted: as many tables as the game needs at the rows the
            // height holds, and one spare for rows crossed out where the
            // width holds it, no more (a record sized to its game leaves
            // the board the width); then the rows those tables need. With
            // no game to hold, or no height to measure in, as many tables
            // as the width holds.
            (Extent::Fit, Extent::Fit) => {
                let room = shape.rows_in(avail.h - note_room);
                let count = if room > 0 && needed > 0 {
                    let least = needed.div_ceil(room).clamp(1, 20);
                    count.min(least + 1).max(least)
                } else {
                    count
                };
                (rows.max(needed.div_ceil(count)), count)
            }
            _ => (rows.max(needed.div_ceil(count)), count),
        };
        let capacity = rows * count * per_row;
        let note = (self.continued && self.moves.is_none_or(|m| capacity < m)).then(|| {
            Note::new(
                &cx.words.continued(self.start + rows * count),
                width_of(count),
            )
        });
        RecordGeometry {
            origin: Point::new(0.0, 0.0),
            rows,
            count,
            start: self.start,
            shape,
            rule: self.rule,
            gap: self.gap,
            note,
        }
    }

    fn draw(&self, g: &RecordGeometry, _cx: &Context, page: &mut Page) {
        for t in 0..g.count {
            g.shape
                .draw(page, g.table_rect(t), g.start + t * g.rows, g.rows);
        }
        if let Some(note) = &g.note {
            let y = g.origin.y + g.shape.height(g.rows) + g.rule;
            note.draw(page, Point::new(g.origin.x, y));
        }
    }
}
