//! `[[sos-board]]`: SOS grids with column letters and row numbers, each with
//! its score tally (a row per player, under the heads *Player* and
//! *Points*) and its own move record, one row per move, long enough for the
//! whole game (W×H moves).
//!
//! The cells have a preferred size (`cell`), a minimum (`min-cell`) and a
//! maximum (`max-cell`): on a page too small for the preferred size they
//! shrink to fit (see [`super::tiling`]), on a bigger one they grow while the
//! same boards still fit. The grid, tally and record stand in a column or
//! side by side, whichever lets the board hold its whole game at the largest
//! cell; a record too long for the page (a 26×26 game) is cut where it fits
//! and says on which row a record sheet goes on. Measuring decides all of
//! it once.

use serde::de::{self, Deserializer};
use serde::{Deserialize, Serialize};

use super::kind::{Context, Geometry, Part, SizeOrder, id_and_pin};
use super::table::{TableShape, TableStyle};
use super::tiling::{Tiling, at_minimum, tile};
use crate::boards::sos::SosGrid;
use crate::display::{Anchor, FontWeight, Page, Point, Rect, Size, Stroke, TextStyle};
use crate::fonts;
use crate::games::sos::{Cell, SosConfig, SosSize, SosSizeError};
use crate::keys::value::{Extent, NumberOr, number_or};
use crate::keys::{KeyShape, read_with, spec_table};
use crate::source::fault::Accepts;

/// An SOS board's size as a spec writes it: the games' [`SosSize`], read
/// by its one reader.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct BoardSize(SosSize);

impl BoardSize {
    /// A size of `columns` × `rows`, in range (what the spec's tests make).
    #[cfg(test)]
    pub(crate) fn new(columns: u32, rows: u32) -> Result<BoardSize, SosSizeError> {
        SosSize::new(columns.into(), rows.into()).map(BoardSize)
    }
    /// Columns.
    pub(crate) fn columns(self) -> u32 {
        self.0.width().into()
    }
    /// Rows.
    pub(crate) fn rows(self) -> u32 {
        self.0.height().into()
    }
}

impl From<SosSize> for BoardSize {
    fn from(size: SosSize) -> BoardSize {
        BoardSize(size)
    }
}

/// What `size` accepts: columns x rows or one number, each side in
/// [`SosSize::SIDES`].
fn size_form() -> Accepts {
    Accepts::BoardSize {
        min: SosSize::SIDES.start().to_string(),
        max: SosSize::SIDES.end().to_string(),
    }
}

/// Written `"10x6"`, as a spec writes it.
impl Serialize for BoardSize {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(&self.0)
    }
}

/// Reads `"8x8"`, `"10x6"` (columns × rows) or one number for a square board.
impl<'de> Deserialize<'de> for BoardSize {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let form = size_form();
        let size = match number_or(d, false, &form)? {
            NumberOr::Number(n) => SosSize::new(n, n),
            NumberOr::Text(s) => match SosSize::parse(&s) {
                Err(SosSizeError::Form) => {
                    return Err(de::Error::invalid_value(de::Unexpected::Str(&s), &form));
                }
                read => read,
            },
            NumberOr::Texts(_) => {
                return Err(de::Error::invalid_type(de::Unexpected::Seq, &form));
            }
        };
        size.map(BoardSize).map_err(|e| {
            // Out of range, shown as written.
            let shown = match e {
                SosSizeError::Range { width, height } => format!("{width}x{height}"),
                SosSizeError::Form => String::new(),
            };
            de::Error::invalid_value(de::Unexpected::Other(&shown), &form)
        })
    }
}

/// Player names: a count (blank name lines) or a list of names.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Players(pub(crate) Vec<String>);

/// As many players as an SOS game has ([`SosConfig::PLAYERS`]).
fn players<'de, D: Deserializer<'de>>(d: D) -> Result<Players, D::Error> {
    let form = Accepts::Players {
        min: SosConfig::PLAYERS.start().to_string(),
        max: SosConfig::PLAYERS.end().to_string(),
    };
    let allowed = |n: usize| u32::try_from(n).is_ok_and(|n| SosConfig::PLAYERS.contains(&n));
    let names = match number_or(d, true, &form)? {
        NumberOr::Number(n) if usize::try_from(n).is_ok_and(allowed) => {
            vec![String::new(); n as usize]
        }
        NumberOr::Texts(names) if allowed(names.len()) => names,
        NumberOr::Number(n) => {
            return Err(de::Error::invalid_value(de::Unexpected::Signed(n), &form));
        }
        NumberOr::Texts(names) => return Err(de::Error::invalid_length(names.len(), &form)),
        NumberOr::Text(s) => return Err(de::Error::invalid_type(de::Unexpected::Str(&s), &form)),
    };
    Ok(Players(names))
}

read_with! {
    /// `players`: how many, or their names.
    PlayersKey: Players = players, default Players(vec![String::new(); 2]), KeyShape::Players { min: *SosConfig::PLAYERS.start(), max: *SosConfig::PLAYERS.end() }, "2"
}

spec_table! {
    /// `[[sos-board]]`: SOS grids, each with its score tally and move record.
    pub(crate) struct SosBoard = "sos-board" part "sos" {
        size: BoardSize = "size",
            Typed {
                default: || BoardSize(SosSize::new(8, 8).expect("8x8 is a board")),
                shape: KeyShape::BoardSize { min: *SosSize::SIDES.start(), max: *SosSize::SIDES.end() },
                words: "`\"8x8\"`",
            },
            "columns × rows";
        players: Players = "players", PlayersKey, "tally rows: blank name lines, or the names";
        boards: Extent<u32> = "boards",
            CountOrFit { min: 1, max: 100, default: Extent::Fit },
            "boards on the part; `\"fit\"`: as many as fit at the preferred cell when the board \
                is at most 6×6, else one";
        cell: f64 = "cell", Mm { min: 3.0, max: 30.0, default: 9.0 }, "preferred cell side";
        min_cell: f64 = "min-cell", Mm { min: 3.0, max: 30.0, default: 4.0 }, "smallest cell side";
        max_cell: Option<f64> = "max-cell",
            OptMm { min: 3.0, max: 30.0 },
            "largest cell side on bigger paper";
        gap: f64 = "gap", Mm { min: 0.0, max: 40.0, default: 8.0 }, "space between boards";
        score_title: String = "score-title",
            Text("{score}"),
            "head of the tally's column of points";
        record: bool = "record", Flag(true), "a move record beside each board";
        record_row_height: f64 = "record-row-height",
            Mm { min: 4.5, max: 30.0, default: 5.0 },
            "height of a record row";
        record_column_width: f64 = "record-column-width", Mm { min: 4.5, max: 40.0, default: 5.0 },
            "least width of a record column";
    }
}

/// The tally: a head row, then a row per player of letter, name and marks.
const TALLY_HEAD: f64 = 6.0;
const TALLY_ROW: f64 = 7.0;
const TALLY_LETTER: f64 = 6.0;
const TALLY_NAME: f64 = 24.0;
const TALLY_MARKS: f64 = 22.0;
const TALLY_TEXT: f64 = 3.2;
/// Space between a board's grid, tally and record, mm.
const INNER_GAP: f64 = 4.0;
/// The note under a record that goes on elsewhere.
const NOTE_SIZE: f64 = 2.8;

/// How a board's grid, tally and record stand together.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Arrangement {
    /// Grid, tally and record one under the other.
    Column,
    /// The grid, and right of it the tally over the record.
    Beside,
    /// The grid with the tally under it, and the record right of both.
    RecordBeside,
}

impl Arrangement {
    /// The board of a `grid`, a `tally` and a record of `rec` (empty for
    /// none) standing so: its size, and where the grid, the tally and the
    /// record go in it.
    fn place(self, grid: Size, tally: Size, rec: Size) -> (Size, Point, Point, Point) {
        let (gw, gh, t, g) = (grid.w, grid.h, tally, INNER_GAP);
        match self {
            Arrangement::Column => {
                let w = gw.max(t.w).max(rec.w);
                (
                    Size {
                        w,
                        h: gh + g + t.h + if rec.h > 0.0 { g + rec.h } else { 0.0 },
                    },
                    Point::new((w - gw) / 2.0, 0.0),
                    Point::new((w - t.w) / 2.0, gh + g),
                    Point::new((w - rec.w) / 2.0, gh + 2.0 * g + t.h),
                )
            }
            Arrangement::Beside => {
                let right = t.w.max(rec.w);
                let h = gh.max(t.h + if rec.h > 0.0 { g + rec.h } else { 0.0 });
                (
                    Size {
                        w: gw + g + right,
                        h,
                    },
                    Point::new(0.0, 0.0),
                    Point::new(gw + g, 0.0),
                    Point::new(gw + g, t.h + g),
                )
            }
            Arrangement::RecordBeside => {
                let left = gw.max(t.w);
                let h = (gh + g + t.h).max(rec.h);
                (
                    Size {
                        w: left + if rec.w > 0.0 { g + rec.w } else { 0.0 },
                        h,
                    },
                    Point::new((left - gw) / 2.0, 0.0),
                    Point::new((left - t.w) / 2.0, gh + g),
                    Point::new(left + g, 0.0),
                )
            }
        }
    }
}

const ARRANGEMENTS: [Arrangement; 3] = [
    Arrangement::Column,
    Arrangement::Beside,
    Arrangement::RecordBeside,
];

/// One board laid out: its extent and where its pieces are, from its
/// top-left corner.
#[derive(Debug, Clone, PartialEq)]
struct Unit {
    size: Size,
    grid: Point,
    tally: Point,
    /// Where the first record table's extent starts; its rows and tables.
    record: Option<(Point, u32, u32)>,
    /// The note naming where the record goes on, if it cannot hold the game.
    note: Option<Point>,
}

impl Unit {
    fn holds_game(&self) -> bool {
        self.note.is_none()
    }
}

/// What measuring decides about the boards' pieces that does not change
/// with the cell: the tally's and the record tables' shapes.
#[derive(Debug, Clone, PartialEq)]
struct Pieces {
    tally: Size,
    record: Option<TableShape>,
    rule: f64,
    /// Moves a game on the board takes: one per cell.
    moves: u32,
    note: Size,
}

impl Pieces {
    fn pitch(&self, shape: &TableShape) -> f64 {
        shape.width() + self.rule + RECORD_GAP
    }
    fn record_size(&self, shape: &TableShape, rows: u32, tables: u32) -> Size {
        let n = f64::from(tables);
        Size {
            w: n * (shape.width() + self.rule) + (n - 1.0) * RECORD_GAP,
            h: shape.height(rows) + self.rule,
        }
    }
}

/// The fewest rows a record cut short by the page keeps.
const MIN_CUT_ROWS: u32 = 10;
/// Space between a board's record tables, mm.
const RECORD_GAP: f64 = 2.0;

impl SosBoard {
    fn grid(&self, cell: f64) -> SosGrid {
        SosGrid {
            width: self.size.0.width(),
            height: self.size.0.height(),
            cell,
        }
    }

    fn tally_size(&self) -> Size {
        Size {
            w: TALLY_LETTER + TALLY_NAME + TALLY_MARKS,
            h: TALLY_HEAD + self.players.0.len() as f64 * TALLY_ROW + 0.3,
        }
    }

    fn pieces(&self, cx: &Context) -> Pieces {
        let moves = self.size.columns() * self.size.rows();
        let record = self.record.then(|| {
            let w = &cx.words;
            let style = TableStyle {
                numbered: true,
                row_height: self.record_row_height,
                column_width: self.record_column_width,
                line: 0.15,
                rule: 0.45,
            };
            let columns = vec![w.expand("{player}"), w.expand("{square}"), "S/O".into()];
            TableShape::new(vec![w.expand("{moves}")], columns, style, moves)
        });
        let note = cx.words.continued(moves);
        Pieces {
            tally: self.tally_size(),
            record,
            rule: 0.45,
            moves,
            note: Size {
                w: fonts::text_width(&note, FontWeight::Regular, NOTE_SIZE),
                h: 1.2 + fonts::line_height(NOTE_SIZE),
            },
        }
    }

    /// One board at `cell` in `arrangement`, its record split into the
    /// tables that make it smallest within `avail`; a record too long for
    /// `avail` is cut where it fits, with the note naming where it goes on.
    fn unit(&self, pieces: &Pieces, cell: f64, arrangement: Arrangement, avail: Size) -> Unit {
        let (gw, gh) = self.grid(cell).size();
        let t = pieces.tally;
        let g = INNER_GAP;
        let place = |rec: Size| arrangement.place(Size { w: gw, h: gh }, t, rec);
        let Some(shape) = &pieces.record else {
            let (size, grid, tally, _) = place(Size { w: 0.0, h: 0.0 });
            return Unit {
                size,
                grid,
                tally,
                record: None,
                note: None,
            };
        };
        let fits = |s: Size| s.w <= avail.w + 1e-6 && s.h <= avail.h + 1e-6;
        let area = |s: Size| s.w * s.h;
        // The whole game, in the number of tables that makes the board
        // smallest (to tile several) or, alone on its part, largest (to use
        // the page: a taller record of fewer tables).
        let alone = self.count() == Some(1);
        let whole = (1..=20u32)
            .map(|tables| {
                let rows = pieces.moves.div_ceil(tables);
                let (size, grid, tally, rec) = place(pieces.record_size(shape, rows, tables));
                (size, grid, tally, rec, rows, tables)
            })
            .filter(|c| fits(c.0))
            .min_by(|a, b| {
                let order = area(a.0).total_cmp(&area(b.0));
                if alone { order.reverse() } else { order }
            });
        if let Some((size, grid, tally, rec, rows, tables)) = whole {
            return Unit {
                size,
                grid,
                tally,
                record: Some((rec, rows, tables)),
                note: None,
            };
        }
        // Too long for the space: as many rows as fit, and the note.
        let room_h = match arrangement {
            Arrangement::Column => avail.h - gh - 2.0 * g - t.h - pieces.note.h,
            Arrangement::Beside => avail.h - t.h - g - pieces.note.h,
            Arrangement::RecordBeside => avail.h - pieces.note.h,
        };
        let room_w = match arrangement {
            Arrangement::Column => avail.w,
            Arrangement::Beside => avail.w - gw - g,
            Arrangement::RecordBeside => avail.w - gw.max(t.w) - g,
        };
        // A record cut shorter than this is no record: the board shrinks
        // instead, or the layout fails.
        let rows = shape.rows_in(room_h).max(MIN_CUT_ROWS);
        let tables =
            (((room_w + RECORD_GAP + 1e-9) / pieces.pitch(shape)).floor() as u32).clamp(1, 20);
        let rec = pieces.record_size(shape, rows, tables);
        let (size, grid, tally, at) = place(Size {
            w: rec.w.max(pieces.note.w),
            h: rec.h + pieces.note.h,
        });
        Unit {
            size,
            grid,
            tally,
            record: Some((at, rows, tables)),
            note: Some(Point::new(at.x, at.y + rec.h + 1.2)),
        }
    }

    fn count(&self) -> Option<u32> {
        match self.boards {
            Extent::Fixed(n) => Some(n),
            Extent::Fit if self.size.columns() <= 6 && self.size.rows() <= 6 => None,
            Extent::Fit => Some(1),
        }
    }

    /// The cell, the tiling and the board's layout: the arrangement that
    /// holds the whole game with the most boards at the largest cell,
    /// shrunk from the preferred cell where the space is short, then grown
    /// towards `max-cell` while the same boards still fit.
    fn arrangement(&self, pieces: &Pieces, avail: Size) -> (f64, Tiling, Unit) {
        let best_at = |cell: f64, count: Option<u32>| {
            ARRANGEMENTS
                .iter()
                .filter_map(|&a| {
                    let unit = self.unit(pieces, cell, a, avail);
                    let tiling = tile(unit.size, self.gap, avail, count)?;
                    Some((tiling, unit))
                })
                .max_by(|(ta, ua), (tb, ub)| {
                    (ua.holds_game(), ta.count)
                        .cmp(&(ub.holds_game(), tb.count))
                        .then((ub.size.w * ub.size.h).total_cmp(&(ua.size.w * ua.size.h)))
                })
        };
        let steps = ((self.cell - self.min_cell) / 0.1).floor().max(0.0) as u32;
        let found = (0..=steps).find_map(|k| {
            let cell = self.cell - f64::from(k) * 0.1;
            best_at(cell, self.count()).map(|(t, u)| (cell, t, u))
        });
        let Some((mut cell, mut tiling, mut unit)) = found else {
            // Not even at the minimum: one column of boards the fit check reports.
            let unit = self.unit(pieces, self.min_cell, Arrangement::Column, avail);
            let n = self.count().unwrap_or(1);
            return (
                self.min_cell,
                Tiling {
                    columns: 1,
                    rows: n,
                    count: n,
                },
                unit,
            );
        };
        if let Some(max) = self.max_cell.filter(|_| cell >= self.cell - 1e-9) {
            let grow = ((max - cell) / 0.1 + 1e-9).floor().max(0.0) as u32;
            for k in 1..=grow {
                let bigger = self.cell + f64::from(k) * 0.1;
                match best_at(bigger, Some(tiling.count)) {
                    Some((t, u)) if u.holds_game() || !unit.holds_game() => {
                        (cell, tiling, unit) = (bigger, t, u);
                    }
                    _ => break,
                }
            }
        }
        (cell, tiling, unit)
    }
}

/// Where laid-out SOS boards are: the cell size measuring chose, how many
/// boards, and where each grid, tally and record is.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct SosBoardsGeometry {
    origin: Point,
    cell: f64,
    tiling: Tiling,
    unit: Box<Unit>,
    gap: f64,
    grid: SosGrid,
    pieces: Box<Pieces>,
    players: usize,
    /// The note under a record cut short, if it is.
    note: Option<String>,
    /// The tally's heads: the players' column and the points'.
    heads: [String; 2],
}

/// Where one SOS board of a sheet is (where a diagram writes a position).
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct SosBoardPlaces {
    /// The grid's geometry.
    pub(crate) grid: SosGrid,
    /// Top-left corner of the grid with its labels, for [`SosGrid`]'s methods.
    pub(crate) origin: Point,
    /// Top-left corner of the score tally.
    pub(crate) tally: Point,
    /// Each player's box for marks in the tally, in player order.
    scores: Vec<Rect>,
    /// The record's tables: their shape, outlines and rows each.
    record: Option<(TableShape, Vec<Rect>, u32)>,
}

impl SosBoardPlaces {
    /// The cell of the record's row `row` (0-based, counted on through its
    /// tables) and column `column` (player, square, letter): where a move is
    /// written. `None` past the record.
    pub(crate) fn record_cell(&self, row: u32, column: usize) -> Option<Rect> {
        let (shape, outlines, rows) = self.record.as_ref()?;
        let outline = outlines.get((row / rows) as usize)?;
        (column < shape.columns()).then(|| shape.cell(*outline, row % rows, 0, column))
    }

    /// The cell side, mm.
    pub(crate) fn cell(&self) -> f64 {
        self.grid.cell
    }
    /// Where `cell` is.
    pub(crate) fn cell_rect(&self, cell: Cell) -> Rect {
        self.grid.cell_rect(self.origin, cell)
    }
    /// Each player's box for marks in the tally, in player order.
    pub(crate) fn scores(&self) -> &[Rect] {
        &self.scores
    }
}

impl SosBoardsGeometry {
    /// The cell side, mm.
    #[cfg(test)]
    pub(crate) fn cell(&self) -> f64 {
        self.cell
    }

    /// Every board, in reading order.
    pub(crate) fn boards(&self) -> Vec<SosBoardPlaces> {
        (0..self.tiling.count).map(|i| self.board(i)).collect()
    }

    /// How many moves each board's record holds (0 without records).
    #[cfg(test)]
    pub(crate) fn record_capacity(&self) -> u32 {
        self.unit
            .record
            .map_or(0, |(_, rows, tables)| rows * tables)
    }

    /// The note under each record, when a record cannot hold a whole game.
    #[cfg(test)]
    pub(crate) fn continuation(&self) -> Option<&str> {
        self.note.as_deref()
    }

    fn board_origin(&self, index: u32) -> Point {
        self.tiling
            .board_origin(self.origin, self.unit.size, self.gap, index)
    }

    /// Board `index` (0-based).
    fn board(&self, index: u32) -> SosBoardPlaces {
        let o = self.board_origin(index);
        let at = |p: Point| Point::new(o.x + p.x, o.y + p.y);
        let tally = at(self.unit.tally);
        let top = tally.y + TALLY_HEAD;
        let scores = (0..self.players)
            .map(|k| {
                Rect::new(
                    tally.x + 0.15 + TALLY_LETTER + TALLY_NAME,
                    top + k as f64 * TALLY_ROW,
                    TALLY_MARKS - 0.3,
                    TALLY_ROW,
                )
            })
            .collect();
        let record = self.pieces.record.as_ref().zip(self.unit.record).map(
            |(shape, (first, rows, tables))| {
                let outlines = (0..tables)
                    .map(|t| {
                        let x = first.x + f64::from(t) * self.pieces.pitch(shape);
                        shape.outline(at(Point::new(x, first.y)), rows)
                    })
                    .collect();
                (shape.clone(), outlines, rows)
            },
        );
        SosBoardPlaces {
            grid: self.grid,
            origin: at(self.unit.grid),
            tally,
            scores,
            record,
        }
    }
}

impl Geometry for SosBoardsGeometry {
    fn size(&self) -> Size {
        self.tiling.size(self.unit.size, self.gap)
    }
    fn place(&mut self, origin: Point) {
        self.origin = origin;
    }
}

impl Part for SosBoard {
    const KIND: &'static str = Self::TABLE;
    type Geometry = SosBoardsGeometry;

    id_and_pin!();
    fn size_order(&self) -> Vec<SizeOrder> {
        SizeOrder::min_cell(self.min_cell, self.cell)
    }
    // Boards take the room they need before the parts sized to fit.
    fn shrinks(&self) -> bool {
        true
    }

    fn measure(&self, avail: Size, cx: &Context) -> SosBoardsGeometry {
        let pieces = self.pieces(cx);
        let (cell, tiling, unit) = self.arrangement(&pieces, avail);
        let note = unit
            .note
            .map(|_| cx.words.continued(pieces.moves_held(&unit) + 1));
        SosBoardsGeometry {
            origin: Point::new(0.0, 0.0),
            cell,
            tiling,
            gap: self.gap,
            grid: self.grid(cell),
            players: self.players.0.len(),
            note,
            heads: [
                cx.words.expand("{player}"),
                cx.words.expand(&self.score_title),
            ],
            unit: Box::new(unit),
            pieces: Box::new(pieces),
        }
    }

    fn draw(&self, g: &SosBoardsGeometry, _cx: &Context, page: &mut Page) {
        for i in 0..g.tiling.count {
            let board = g.board(i);
            board.grid.draw(board.origin, page);
            self.draw_tally(g, board.tally, page);
            let o = g.board_origin(i);
            if let Some((shape, outlines, rows)) = &board.record {
                for (t, outline) in outlines.iter().enumerate() {
                    shape.draw(page, *outline, 1 + t as u32 * rows, *rows);
                }
            }
            if let (Some(note), Some(at)) = (&g.note, g.unit.note) {
                page.text_at(
                    Point::new(o.x + at.x, o.y + at.y + fonts::ascent(NOTE_SIZE)),
                    TextStyle::new(NOTE_SIZE),
                    note.clone(),
                );
            }
        }
    }

    fn at_minimum(&self, g: &SosBoardsGeometry) -> Option<f64> {
        at_minimum(g.cell, self.min_cell)
    }
}

impl Pieces {
    /// How many moves `unit`'s record holds.
    fn moves_held(&self, unit: &Unit) -> u32 {
        unit.record.map_or(0, |(_, rows, tables)| rows * tables)
    }
}

impl SosBoard {
    fn draw_tally(&self, g: &SosBoardsGeometry, at: Point, page: &mut Page) {
        let t = g.pieces.tally;
        let body = Rect::new(at.x + 0.15, at.y + 0.15, t.w - 0.3, t.h - 0.3);
        let top = at.y + TALLY_HEAD;
        let thin = Stroke::solid(0.15);
        for k in 0..self.players.0.len() {
            let y = top + k as f64 * TALLY_ROW;
            let s = if k == 0 { Stroke::solid(0.3) } else { thin };
            page.line(Point::new(body.x, y), Point::new(body.right(), y), s);
        }
        page.line(
            Point::new(body.x + TALLY_LETTER, top),
            Point::new(body.x + TALLY_LETTER, body.bottom()),
            thin,
        );
        let marks_x = body.x + TALLY_LETTER + TALLY_NAME;
        page.line(
            Point::new(marks_x, body.y),
            Point::new(marks_x, body.bottom()),
            thin,
        );
        page.rect(body, None, Some(Stroke::solid(0.3)));
        let head = TextStyle::new(TALLY_TEXT * 0.9)
            .anchor(Anchor::Middle)
            .weight(FontWeight::Bold);
        let head_y = body.y + (TALLY_HEAD - 0.15) / 2.0;
        page.text_centred_on(
            body.x + (TALLY_LETTER + TALLY_NAME) / 2.0,
            head_y,
            head,
            g.heads[0].clone(),
        );
        page.text_centred_on(
            marks_x + TALLY_MARKS / 2.0,
            head_y,
            head,
            g.heads[1].clone(),
        );
        let letter = TextStyle::new(TALLY_TEXT)
            .anchor(Anchor::Middle)
            .weight(FontWeight::Bold);
        for (k, name) in self.players.0.iter().enumerate() {
            let cy = top + (k as f64 + 0.5) * TALLY_ROW;
            page.text_centred_on(
                body.x + TALLY_LETTER / 2.0,
                cy,
                letter,
                crate::games::sos::player_letter(k as u8).to_string(),
            );
            if !name.is_empty() {
                page.text_centred_on(
                    body.x + TALLY_LETTER + 1.5,
                    cy,
                    TextStyle::new(TALLY_TEXT),
                    name.clone(),
                );
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Deserialize)]
    struct One {
        #[serde(rename = "sos-board")]
        b: Vec<SosBoard>,
    }

    fn board(text: &str) -> Result<SosBoard, String> {
        toml::from_str::<One>(&format!("[[sos-board]]\n{text}"))
            .map(|mut o| o.b.remove(0))
            .map_err(|e| e.message().to_string())
    }

    #[test]
    fn sizes_players_and_counts_read_and_range_check() {
        let size = |text: &str| board(text).map(|b| (b.size.columns(), b.size.rows()));
        assert_eq!(size("size = \"10x6\"").unwrap(), (10, 6));
        assert_eq!(size("size = 5").unwrap(), (5, 5));
        assert_eq!(size("").unwrap(), (8, 8));
        assert!(board("size = -3").unwrap_err().contains("-3x-3"));
        assert!(BoardSize::new(27, 3).is_err());
        assert!(board("size = \"2x9\"").unwrap_err().contains("3 to 26"));
        assert!(board("size = \"ax9\"").unwrap_err().contains("\"ax9\""));
        assert_eq!(board("players = 4").unwrap().players.0.len(), 4);
        assert_eq!(
            board("players = [\"Ann\", \"Ben\", \"Cy\"]")
                .unwrap()
                .players
                .0,
            ["Ann", "Ben", "Cy"]
        );
        assert!(board("players = 9").unwrap_err().contains("2 to 8"));
        assert!(
            board("players = [\"Solo\"]")
                .unwrap_err()
                .contains("2 to 8")
        );
        assert_eq!(board("boards = 3").unwrap().boards, Extent::Fixed(3));
        assert!(board("boards = 1.5").is_err());
    }
}
