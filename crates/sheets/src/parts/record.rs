//! `[[record-tables]]`: move-record tables side by side, per table a number
//! column, then for each player a group of address columns (`S T O`), under a
//! two-row heading.

use super::kind::{Context, Geometry, Part, id_and_pin};
use super::note::Note;
use super::table::{TableShape, TableStyle};
use crate::display::{Page, Point, Rect, Size};
use crate::keys::spec_table;
use crate::keys::value::Extent;

/// The largest row number and number of moves a record names.
const MAX_ROW: u32 = 100_000;

spec_table! {
    /// `[[record-tables]]`: side-by-side move-record tables, each headed with
    /// the players (`X | O`) and split per player into address columns (`S T O`).
    pub(crate) struct RecordTables = "record-tables" part "records" {
        count: Extent<u32> = "count",
            CountOrFit { min: 1, max: 20, default: Extent::Fixed(4) },
            "how many tables; `\"fit\"` puts as many side by side as the width left allows \
                (fewer on A5, more on A3)";
        rows: Extent<u32> = "rows", CountOrFit { min: 1, max: 500, default: Extent::Fixed(25) },
            "writing rows per table; `\"fit\"` fills the height left";
        start: u32 = "start", Whole { min: 1, max: MAX_ROW, default: 1 },
            "the number of the first row: a continuation sheet starts where the last one ended";
        moves: Option<u32> = "moves", OptWhole { min: 1, max: MAX_ROW },
            "the moves the record must hold (a row holds one per player)";
        continued: bool = "continued",
            Flag(false),
            "the game may go on on another record sheet: a note under the tables names the row \
                it goes on at";
        least_rows: u32 = "least-rows",
            Whole { min: 1, max: 500, default: 1 },
            "with `rows = \"fit\"`, the rows each table keeps at the least: measured before a \
                field sized to fit takes its room";
        row_height: f64 = "row-height", Mm { min: 4.5, max: 30.0, default: 5.0 }, "row height";
        column_width: f64 = "column-width", Mm { min: 4.5, max: 40.0, default: 5.0 },
            "least width of each address column";
        numbered: bool = "numbered", Flag(true), "number the rows in a narrow first column";
        gap: f64 = "gap", Mm { min: 0.0, max: 50.0, default: 3.0 }, "space between tables";
        players: Vec<String> = "players", Headings { max: 8, default: &["X", "O"] },
            "player headings (placeholders allowed)";
        columns: Vec<String> = "columns", Headings { max: 6, default: &["S", "T", "O"] },
            "address columns per player (`[\"{board}\", \"{square}\"]` for Ultimate)";
        line: f64 = "line", Mm { min: 0.05, max: 3.0, default: 0.15 }, "thin rules";
        rule: f64 = "rule", Mm { min: 0.05, max: 3.0, default: 0.45 },
            "outline, heading rule and player separator";
    }
}

/// Where laid-out record tables are: how many tables, how many writing rows
/// each, and the cell of every move.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct RecordGeometry {
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
    pub(crate) fn rows(&self) -> u32 {
        self.rows
    }

    /// Tables side by side.
    pub(crate) fn tables(&self) -> u32 {
        self.count
    }

    /// Number of the first row.
    pub(crate) fn start(&self) -> u32 {
        self.start
    }

    /// Moves a writing row holds: one per player.
    pub(crate) fn moves_per_row(&self) -> u32 {
        self.shape.moves_per_row()
    }

    /// Address columns per move (`S T O`: 3): the boxes a move is written in.
    pub(crate) fn columns(&self) -> u32 {
        self.shape.columns() as u32
    }

    /// How many moves the tables hold (a row holds one per player).
    #[cfg(test)]
    pub(crate) fn capacity(&self) -> u32 {
        self.rows * self.count * self.shape.moves_per_row()
    }

    /// The note under the tables naming where the game goes on, if any.
    #[cfg(test)]
    pub(crate) fn continuation(&self) -> Option<String> {
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
    pub(crate) fn cell_rect(&self, row: u32, player: usize, column: usize) -> Option<Rect> {
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

impl RecordTables {
    /// The rows each table keeps at the least when its rows are fitted:
    /// `least-rows`, or fewer where the layout gives rows up for the marks.
    fn least_rows(&self, cx: &Context) -> u32 {
        cx.least_rows_cap
            .map_or(self.least_rows, |cap| self.least_rows.min(cap))
    }

    /// The writing rows and the tables side by side, given the rows the
    /// height holds (`room`), the tables the width holds (`count`) and the
    /// rows the game needs: as given, or fitted, and at least what the game
    /// needs.
    fn rows_and_tables(&self, room: u32, count: u32, needed: u32, cx: &Context) -> (u32, u32) {
        let rows = match self.rows {
            Extent::Fixed(n) => n,
            Extent::Fit => room.max(self.least_rows(cx)),
        };
        match (self.rows, self.count) {
            (Extent::Fixed(_), Extent::Fit) => (rows, count.max(needed.div_ceil(rows))),
            // Both fitted: as many tables as the game needs at the rows the
            // height holds, and one spare for rows crossed out where the
            // width holds it, no more (a record sized to its game leaves
            // the board the width); then the rows those tables need. With
            // no game to hold, or no height to measure in, as many tables
            // as the width holds.
            (Extent::Fit, Extent::Fit) => {
                let count = if room > 0 && needed > 0 {
                    let least = needed.div_ceil(room).clamp(1, 20);
                    count.min(least + 1).max(least)
                } else {
                    count
                };
                (rows.max(needed.div_ceil(count)), count)
            }
            _ => (rows.max(needed.div_ceil(count)), count),
        }
    }
}

impl Part for RecordTables {
    const KIND: &'static str = Self::TABLE;
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
        let room = shape.rows_in(avail.h - note_room);
        let (rows, count) = self.rows_and_tables(room, count, needed, cx);
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
