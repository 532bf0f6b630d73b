//! The geometry of a laid-out sheet as data: the page, the alignment marks,
//! the sheet code, and every part with the rectangle of each playable cell
//! and each handwriting box of a record, in millimetres from the page's
//! top-left corner. It is read off the very [`Sheet`] the renderer draws,
//! so whoever places things on a printed sheet (the photograph reader, the
//! web page, a script through `paperboard layout --json`) finds them where
//! the ink is.
//!
//! [`SheetCode::sheet`](super::SheetCode::sheet) goes the other way for a
//! reader: from the code a photograph shows back to the sheet it names.

use serde::{Deserialize, Serialize};

use super::{Sheet, SheetPart};
use crate::display::Rect;
use crate::games::ttt::Move;
use crate::parts::PartGeometry;

/// Where everything that can be read back is on a sheet, mm from the
/// page's top-left corner.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SheetGeometry {
    /// The page's size.
    pub page: PageSize,
    /// The sheet code, if the sheet prints one.
    pub code: Option<CodePlace>,
    /// The alignment marks: top-left, top-right, bottom-left, bottom-right
    /// (none when the sheet has none).
    pub marks: Vec<MarkPlace>,
    /// Every part, in the order the layout placed them.
    pub parts: Vec<PartPlace>,
}

/// A page's size, mm.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct PageSize {
    /// Width, mm.
    pub width_mm: f64,
    /// Height, mm.
    pub height_mm: f64,
}

/// Where the sheet code is printed, and what it says.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct CodePlace {
    /// The code's text (see [`SheetCode`](super::code::SheetCode)).
    pub text: String,
    /// Left edge of the symbol, mm.
    pub x_mm: f64,
    /// Top edge of the symbol, mm.
    pub y_mm: f64,
    /// Side of the square symbol (its quiet zone lies around it), mm.
    pub size_mm: f64,
}

/// Where an alignment mark (a filled black square) is printed.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct MarkPlace {
    /// Left edge, mm.
    pub x_mm: f64,
    /// Top edge, mm.
    pub y_mm: f64,
    /// Side, mm.
    pub size_mm: f64,
}

/// One part: its extent, and the cells and boxes a reader looks at.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct PartPlace {
    /// The part's id in the spec.
    pub id: String,
    /// The part's kind, as the spec names it (`ultimate-field`,
    /// `record-tables`).
    pub kind: String,
    /// Everything the part draws lies inside: `[x, y, w, h]`, mm.
    pub rect_mm: [f64; 4],
    /// Every playable cell of a field (none for other parts).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub cells: Vec<CellPlace>,
    /// Every handwriting box of a record (none for other parts).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub boxes: Vec<BoxPlace>,
}

/// A playable cell of a field.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct CellPlace {
    /// The cell as a record writes it: `S.T.O` (Strategic), `T.O`
    /// (Ultimate), `1`–`9` (tic-tac-toe).
    pub path: String,
    /// Which board of several (tic-tac-toe boards, from 1); absent where a
    /// part is one field.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub board: Option<u32>,
    /// The cell's square: `[x, y, w, h]`, mm.
    pub rect_mm: [f64; 4],
}

/// A handwriting box of a record: where one digit of one move is written.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct BoxPlace {
    /// The ply the box records, from 1 (counted from the game's first
    /// move, so a continuation sheet's first box is past 1).
    pub ply: u32,
    /// Which digit of the move, from 1 at the left (for an SOS record, which
    /// column: player, square, letter).
    pub digit: u32,
    /// The box: `[x, y, w, h]`, mm. In a continuous record a square holds a
    /// digit of up to three moves, and is listed for each.
    pub rect_mm: [f64; 4],
}

/// Rounded to a micrometre: what a printer or a photograph can tell apart,
/// and no float noise in the JSON.
fn mm(v: f64) -> f64 {
    (v * 1000.0).round() / 1000.0
}

fn rect_mm(r: Rect) -> [f64; 4] {
    [mm(r.x), mm(r.y), mm(r.w), mm(r.h)]
}

/// The geometry of a laid-out sheet: what its page shows, where.
pub fn geometry(sheet: &Sheet) -> SheetGeometry {
    let page = sheet.document().pages.first();
    SheetGeometry {
        page: PageSize {
            width_mm: mm(page.map_or(0.0, |p| p.width)),
            height_mm: mm(page.map_or(0.0, |p| p.height)),
        },
        code: sheet.code().map(|c| CodePlace {
            text: c.code().to_string(),
            x_mm: mm(c.rect().x),
            y_mm: mm(c.rect().y),
            size_mm: mm(c.rect().w),
        }),
        marks: sheet
            .marks()
            .iter()
            .map(|m| MarkPlace {
                x_mm: mm(m.x),
                y_mm: mm(m.y),
                size_mm: mm(m.w),
            })
            .collect(),
        parts: sheet
            .parts()
            .iter()
            .map(|p| PartPlace {
                id: p.id().to_string(),
                kind: p.kind().to_string(),
                rect_mm: rect_mm(p.rect()),
                cells: cells(p.geometry()),
                boxes: boxes(p.geometry()),
            })
            .collect(),
    }
}

/// A playable cell of a field, typed: the move that plays it. What a
/// reader of the sheet looks up its readings by; [`CellPlace`] is the same
/// cell as data, its move written as a record writes it.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct FieldCell {
    /// The move that plays the cell (on its board, for several boards).
    pub mv: Move,
    /// Which board of several (tic-tac-toe boards, from 1); `None` where a
    /// part is one field.
    pub board: Option<u32>,
    /// The cell's square: `[x, y, w, h]`, mm.
    pub rect_mm: [f64; 4],
}

impl SheetPart {
    /// Every playable cell of the part, in path order (none for a part
    /// that is no field).
    pub fn field_cells(&self) -> Vec<FieldCell> {
        field_cells(self.geometry())
    }
}

/// Every playable cell of a field part, in path order.
fn field_cells(g: &PartGeometry) -> Vec<FieldCell> {
    let mut out = Vec::new();
    let mut cell = |path: &[u8], board, r| {
        if let Some(mv) = Move::new(path) {
            out.push(FieldCell {
                mv,
                board,
                rect_mm: rect_mm(r),
            });
        }
    };
    match g {
        PartGeometry::StrategicField(f) => {
            for s in 1..=9 {
                for t in 1..=9 {
                    for o in 1..=9 {
                        cell(&[s, t, o], None, f.field_rect(&[s, t, o]));
                    }
                }
            }
        }
        PartGeometry::UltimateField(f) => {
            for t in 1..=9 {
                for o in 1..=9 {
                    cell(&[t, o], None, f.field_rect(&[t, o]));
                }
            }
        }
        PartGeometry::TttBoards(f) => {
            for b in 0..f.boards() {
                for p in 1..=9 {
                    cell(&[p], Some(b + 1), f.cell_rect(b, p));
                }
            }
        }
        _ => {}
    }
    out
}

/// Every playable cell of a field part as data, its move written as a
/// record writes it.
fn cells(g: &PartGeometry) -> Vec<CellPlace> {
    field_cells(g)
        .into_iter()
        .map(|c| CellPlace {
            path: c.mv.to_string(),
            board: c.board,
            rect_mm: c.rect_mm,
        })
        .collect()
}

/// Every handwriting box of a record part, by ply and then digit.
fn boxes(g: &PartGeometry) -> Vec<BoxPlace> {
    let mut out = Vec::new();
    match g {
        PartGeometry::RecordTables(r) => {
            let per_row = r.moves_per_row();
            for row in 0..r.rows() * r.tables() {
                for player in 0..per_row {
                    let ply = (r.start() - 1 + row) * per_row + player + 1;
                    for column in 0..r.columns() {
                        if let Some(b) = r.cell_rect(row, player as usize, column as usize) {
                            out.push(BoxPlace {
                                ply,
                                digit: column + 1,
                                rect_mm: rect_mm(b),
                            });
                        }
                    }
                }
            }
        }
        PartGeometry::ContinuousRecord(c) => {
            for index in 0..c.capacity() {
                for digit in 0..c.heading_rows() {
                    if let Some(b) = c.digit_rect(index, digit) {
                        out.push(BoxPlace {
                            ply: c.start() + index,
                            digit: digit + 1,
                            rect_mm: rect_mm(b),
                        });
                    }
                }
            }
        }
        _ => {}
    }
    out
}
