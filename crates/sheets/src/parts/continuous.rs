//! `[[continuous-record]]`: the authors' "continuous" move record, where a
//! game is one run of digits rather than a row per move pair.
//!
//! Under the tactical ruleset a move's strategic and tactical cells are the
//! previous move's tactical cell and cell (S T O, then T O O′, …), so each
//! move adds one digit: a row of digit squares holds a move in every window
//! of three neighbouring squares. Heads over the squares show whose each
//! window is, staggered on three heading rows so that neighbouring windows
//! never share a row: the bottom row heads the windows starting in the
//! first, fourth, … square, the next row up those starting in the second,
//! fifth, …, the top row those in the third, sixth, …, and X and O take
//! turns along each row. A row holds an even number of moves, so every row
//! starts with X; its first move is written in full.
//!
//! With two digits a move (Ultimate: board and square, the square being the
//! next move's board) the same record runs on two heading rows, all X on the
//! lower, all O on the upper.
//!
//! A number left of each row names its first move. The record holds the
//! game (`moves`) or says where it goes on (`continued`), as
//! `[[record-tables]]` does.

use serde::de::Deserializer;

use super::kind::{Context, Geometry, Part, id_and_pin};
use super::note::Note;
use crate::display::{Anchor, FontWeight, MIN_TEXT, Page, Point, Rect, Size, Stroke, TextStyle};
use crate::fonts;
use crate::keys::value::{Extent, number_or_fit, whole_from};
use crate::keys::{KeyShape, read_with, spec_table};
use crate::source::fault::Fault;

/// The largest move number and number of moves a record names.
const MAX_MOVE: u32 = 100_000;

fn digits<'de, D: Deserializer<'de>>(d: D) -> Result<u32, D::Error> {
    match whole_from(d, "digits", (1, 3))? {
        n @ 2..=3 => Ok(n),
        n => Err(Fault::Digits {
            written: n.to_string(),
        }
        .refused()),
    }
}

/// Moves a row holds: an even number 2..=100, or `"fit"`.
fn moves_per_row<'de, D: Deserializer<'de>>(d: D) -> Result<Extent<u32>, D::Error> {
    match number_or_fit(d, "", (-1e9, 1e9), true)? {
        Extent::Fixed(v) if v.fract() == 0.0 && (2.0..=100.0).contains(&v) && v % 2.0 == 0.0 => {
            Ok(Extent::Fixed(v as u32))
        }
        Extent::Fixed(v) => Err(Fault::MovesPerRow {
            written: v.to_string(),
        }
        .refused()),
        Extent::Fit => Ok(Extent::Fit),
    }
}

read_with! {
    /// `digits`: 3 (Strategic) or 2 (Ultimate).
    Digits: u32 = digits, default 3, KeyShape::Number { min: 2.0, max: 3.0, unit: "", whole: true, fit: false }, "3"
}
read_with! {
    /// `moves-per-row`: an even whole number, or `"fit"`.
    MovesPerRow: Extent<u32> = moves_per_row, default Extent::Fit, KeyShape::Number { min: 2.0, max: 100.0, unit: "", whole: true, fit: true }, "`\"fit\"`"
}

spec_table! {
    /// `[[continuous-record]]`: the authors' continuous move record.
    pub(crate) struct ContinuousRecord = "continuous-record" part "continuous" {
        digits: u32 = "digits", Digits,
            "digits a move takes: 3 (Strategic: S T O) or 2 (Ultimate: board, square)";
        moves_per_row: Extent<u32> = "moves-per-row",
            MovesPerRow,
            "moves a row holds (even, so every row starts with X); `\"fit\"` for as many as the \
                width allows";
        rows: Extent<u32> = "rows", CountOrFit { min: 1, max: 500, default: Extent::Fit },
            "writing rows; `\"fit\"` fills the height left";
        cell: f64 = "cell", Mm { min: 4.5, max: 20.0, default: 5.0 }, "side of a digit square";
        start: u32 = "start", Whole { min: 1, max: MAX_MOVE, default: 1 },
            "the number of the first move: a continuation sheet starts where the last one ended";
        moves: Option<u32> = "moves",
            OptWhole { min: 1, max: MAX_MOVE },
            "the moves the record must hold";
        continued: bool = "continued",
            Flag(false),
            "the game may go on on another sheet: a note under the record names the move it goes \
                on at";
        numbered: bool = "numbered", Flag(true), "number each row with its first move";
        line: f64 = "line", Mm { min: 0.05, max: 3.0, default: 0.15 }, "thin rules";
        rule: f64 = "rule", Mm { min: 0.05, max: 3.0, default: 0.45 }, "outline and heads";
    }
}

/// Where a laid-out continuous record is: its squares, heads and rows.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct ContinuousGeometry {
    origin: Point,
    cell: f64,
    digits: u32,
    /// Moves a row holds.
    per_row: u32,
    rows: u32,
    number_col: f64,
    rule: f64,
    start: u32,
    note: Option<Note>,
}

impl ContinuousGeometry {
    /// Moves a row holds.
    #[cfg(test)]
    pub(crate) fn moves_per_row(&self) -> u32 {
        self.per_row
    }
    /// Number of the record's first move.
    pub(crate) fn start(&self) -> u32 {
        self.start
    }
    /// Digit squares in a row: a move per window of `digits` squares.
    pub(crate) fn columns(&self) -> u32 {
        self.per_row + self.digits - 1
    }
    /// Heading rows: one per digit of a move.
    pub(crate) fn heading_rows(&self) -> u32 {
        self.digits
    }
    /// How many moves the record holds.
    pub(crate) fn capacity(&self) -> u32 {
        self.per_row * self.rows
    }
    /// The note naming where the game goes on, if any.
    #[cfg(test)]
    pub(crate) fn continuation(&self) -> Option<String> {
        self.note.as_ref().map(Note::text)
    }

    /// Width of the squares and numbers, outline included.
    fn width(&self) -> f64 {
        self.number_col + f64::from(self.columns()) * self.cell + self.rule
    }

    /// Top-left corner of the first digit square of the first writing row.
    fn body(&self) -> Point {
        Point::new(
            self.origin.x + self.rule / 2.0 + self.number_col,
            self.origin.y + self.rule / 2.0 + f64::from(self.digits) * self.cell,
        )
    }

    /// The square of digit `digit` (0-based) of move `index` (0-based from
    /// the record's first move): where it is written. A row's first move
    /// starts in its first square. `None` past the record.
    pub(crate) fn digit_rect(&self, index: u32, digit: u32) -> Option<Rect> {
        if index >= self.capacity() || digit >= self.digits {
            return None;
        }
        let (row, m) = (index / self.per_row, index % self.per_row);
        let b = self.body();
        Some(Rect::new(
            b.x + f64::from(m + digit) * self.cell,
            b.y + f64::from(row) * self.cell,
            self.cell,
            self.cell,
        ))
    }

    /// The head of the `m`-th move of a row (0-based): its box and the
    /// player (0 = X, 1 = O).
    pub(crate) fn head(&self, m: u32) -> (Rect, u32) {
        let b = self.body();
        let level = m % self.digits;
        (
            Rect::new(
                b.x + f64::from(m) * self.cell,
                b.y - f64::from(level + 1) * self.cell,
                f64::from(self.digits) * self.cell,
                self.cell,
            ),
            m % 2,
        )
    }
}

impl Geometry for ContinuousGeometry {
    fn size(&self) -> Size {
        let note = self
            .note
            .as_ref()
            .map_or(Size { w: 0.0, h: 0.0 }, Note::size);
        Size {
            w: self.width().max(note.w),
            h: f64::from(self.digits + self.rows) * self.cell + self.rule + note.h,
        }
    }
    fn place(&mut self, origin: Point) {
        self.origin = origin;
    }
}

impl Part for ContinuousRecord {
    const KIND: &'static str = Self::TABLE;
    type Geometry = ContinuousGeometry;

    id_and_pin!();
    fn grows(&self) -> (bool, bool) {
        (self.moves_per_row.is_fit(), self.rows.is_fit())
    }

    fn measure(&self, avail: Size, cx: &Context) -> ContinuousGeometry {
        let (first, whole) = self.measure_at(self.cell, avail, cx);
        if !(self.rows.is_fit() && whole) {
            return first;
        }
        // The rest of a game ends before the page does (a game has at most
        // 729 moves): the squares grow, up to twice `cell`, so the record
        // fills the height left instead of leaving it blank.
        let mut best = first;
        for step in 1..=40 {
            let cell = self.cell * (1.0 + f64::from(step) / 40.0);
            match self.measure_at(cell, avail, cx) {
                (g, true) if g.size().w <= avail.w + 1e-9 => best = g,
                _ => break,
            }
        }
        best
    }

    fn draw(&self, g: &ContinuousGeometry, _cx: &Context, page: &mut Page) {
        let b = g.body();
        let c = g.cell;
        let (cols, rows) = (f64::from(g.columns()), f64::from(g.rows));
        let (w, h) = (cols * c, rows * c);
        let thin = Stroke::solid(self.line);
        let five = Stroke::solid((self.line * 2.0).min(self.rule));
        let rule = Stroke::solid(self.rule);
        let left = b.x - g.number_col;
        for r in 1..g.rows {
            let y = b.y + f64::from(r) * c;
            let s = if r % 5 == 0 { five } else { thin };
            page.line(Point::new(left, y), Point::new(b.x + w, y), s);
        }
        for k in 1..g.columns() {
            let x = b.x + f64::from(k) * c;
            page.line(Point::new(x, b.y), Point::new(x, b.y + h), thin);
        }
        if g.number_col > 0.0 {
            page.line(Point::new(b.x, b.y), Point::new(b.x, b.y + h), rule);
        }
        page.rect(Rect::new(left, b.y, w + g.number_col, h), None, Some(rule));
        // The heads: a box per move of a row, staggered by level.
        let head = TextStyle::new((0.62 * c).max(MIN_TEXT))
            .anchor(Anchor::Middle)
            .weight(FontWeight::Bold);
        for m in 0..g.per_row {
            let (r, player) = g.head(m);
            page.rect(r, None, Some(rule));
            let mark = if player == 0 { "X" } else { "O" };
            page.text_centred_on(r.x + r.w / 2.0, r.y + r.h / 2.0, head, mark);
        }
        if g.number_col > 0.0 {
            let number = TextStyle::new((0.45 * c).max(MIN_TEXT)).anchor(Anchor::End);
            for r in 0..g.rows {
                let y = b.y + (f64::from(r) + 0.5) * c;
                let first = g.start + r * g.per_row;
                page.text_centred_on(b.x - 0.8, y, number, first.to_string());
            }
        }
        if let Some(note) = &g.note {
            note.draw(page, Point::new(g.origin.x, b.y + h + self.rule / 2.0));
        }
    }
}

impl ContinuousRecord {
    /// The record laid out with squares of `cell` mm in `avail`, and
    /// whether its fitted rows reach the last move a game can have.
    fn measure_at(&self, cell: f64, avail: Size, cx: &Context) -> (ContinuousGeometry, bool) {
        let number_size = (0.45 * cell).max(MIN_TEXT);
        // Numbers up to four digits past the start, whatever the rows.
        let last = self.start.saturating_add(9999);
        let number_col = if self.numbered {
            fonts::text_width(&last.to_string(), FontWeight::Regular, number_size) + 1.6
        } else {
            0.0
        };
        let per_row = match self.moves_per_row {
            Extent::Fixed(n) => n,
            Extent::Fit => {
                let squares = ((avail.w - number_col - self.rule + 1e-9) / cell).floor() as i64;
                let moves = squares - i64::from(self.digits) + 1;
                // Even, so every row starts with X.
                (moves - moves.rem_euclid(2)).clamp(2, 100) as u32
            }
        };
        let width = number_col + f64::from(per_row + self.digits - 1) * cell + self.rule;
        // Room for the note, set with the widest number it can name.
        let note_room = if self.continued {
            Note::new(&cx.words.continued_moves(MAX_MOVE), width)
                .size()
                .h
        } else {
            0.0
        };
        let needed = self
            .moves
            .filter(|_| !self.continued)
            .map_or(0, |m| m.div_ceil(per_row));
        // A game has at most a move per cell of its field: 9^digits (729
        // on a Strategic field, 81 on an Ultimate one). A fitted record
        // stops at the row holding the last of them.
        let game_moves = 9u32.pow(self.digits);
        let left = game_moves.saturating_sub(self.start - 1).max(1);
        let fits = ((avail.h - self.rule - note_room + 1e-9) / cell).floor() as i64
            - i64::from(self.digits);
        let whole = fits >= i64::from(left.div_ceil(per_row));
        let rows = match self.rows {
            Extent::Fixed(n) => n,
            Extent::Fit => (fits.max(1) as u32).min(left.div_ceil(per_row)),
        }
        .max(needed);
        let next = self.start + rows * per_row;
        let note =
            (self.continued && next <= game_moves && self.moves.is_none_or(|m| rows * per_row < m))
                .then(|| Note::new(&cx.words.continued_moves(next), width));
        let geometry = ContinuousGeometry {
            origin: Point::new(0.0, 0.0),
            cell,
            digits: self.digits,
            per_row,
            rows,
            number_col,
            rule: self.rule,
            start: self.start,
            note,
        };
        (geometry, whole)
    }
}
