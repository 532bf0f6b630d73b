//! One photographed sheet read, and the sheets of one game joined into a
//! record.
//!
//! The sheet's code names the spec it was printed from; the spec gives the
//! game and rules (what the decoder may allow) and its layout gives every
//! box and cell in millimetres (where the reader looks). Nothing about the
//! sheet is guessed from the photo except where it lies.

use std::collections::HashMap;

use super::decode::{DecodedMove, PlyReading};
use super::homography::Homography;
use super::locate::{Landmarks, Located};
use super::photo::Photo;
use super::sample::crop;
use super::{GreyCrop, MarkReading, read_digit, read_mark};
use crate::games::ttt::{Move, Options, Ruleset, Variant};
use crate::layout::geometry::SheetGeometry;
use crate::layout::{SheetCode, SheetName, sheet_for_code};
use crate::spec::{Set, Spec};

/// Where a sheet's landmarks, boxes and cells are, in millimetres from the
/// page's top-left corner: what the reader needs of the sheet's geometry.
#[derive(Debug, Clone, PartialEq)]
pub struct ReadLayout {
    /// The code and the marks.
    pub landmarks: Landmarks,
    /// Every record box: its ply (1-based from the game's first move), its
    /// digit (1-based from the left) and its rectangle `[x, y, w, h]`.
    pub boxes: Vec<(u32, u32, [f64; 4])>,
    /// Every field cell: the move that plays it and its rectangle.
    pub cells: Vec<(Move, [f64; 4])>,
}

/// What the boxes and cells of one photographed sheet were read as.
#[derive(Debug, Clone)]
pub struct SheetReading {
    /// The record's rows, in ply order.
    pub plies: Vec<PlyReading>,
    /// The field's cells by operational cell index.
    pub cells: HashMap<usize, MarkReading>,
}

/// Reads every box and cell of `layout` in `photo`, through the map that
/// [`super::locate::locate`] found.
pub fn read_layout(photo: &Photo, located: &Located, layout: &ReadLayout) -> SheetReading {
    let read_crop = |map: &Homography, rect: [f64; 4]| {
        let (w, h, pixels) = crop(photo, map, rect, located.pixels_per_mm);
        (w, h, pixels)
    };
    let mut rows: std::collections::BTreeMap<u32, Vec<(u32, super::DigitReading)>> =
        std::collections::BTreeMap::new();
    for &(ply, digit, rect) in &layout.boxes {
        let (w, h, pixels) = read_crop(&located.map, rect);
        // The crop's sides are clamped to the reader's limits by `crop`.
        if let Ok(c) = GreyCrop::new(w, h, &pixels) {
            rows.entry(ply).or_default().push((digit, read_digit(c)));
        }
    }
    let plies = rows
        .into_iter()
        .map(|(ply, mut boxes)| {
            boxes.sort_by_key(|b| b.0);
            PlyReading {
                ply,
                boxes: boxes.into_iter().map(|b| b.1).collect(),
            }
        })
        .collect();
    let mut cells = HashMap::new();
    for &(mv, rect) in &layout.cells {
        let (w, h, pixels) = read_crop(&located.map, rect);
        if let Ok(c) = GreyCrop::new(w, h, &pixels) {
            cells.insert(mv.index(), read_mark(c));
        }
    }
    SheetReading { plies, cells }
}

/// The game a spec's sheet is for, with the record tags that name it and
/// its rules; `None` for a sheet of no game of the tic-tac-toe family.
pub fn game_of(
    spec: &Spec,
    record_depth: Option<usize>,
) -> Option<(Variant, Vec<(&'static str, String)>)> {
    let raw = spec.raw();
    let options: Options = spec.options();
    let (variant, mut tags) = if let Some(field) = raw.strategic_field.first() {
        let mut tags = vec![("Game", "strategic".to_string())];
        let ruleset = if let Some((id, map)) = &field.cell_map {
            tags.push(("Ruleset", "hyperfunctional".into()));
            tags.push(("HyperMap", id.name().to_string()));
            Ruleset::Hyperfunctional(map.clone())
        } else if let Some((id, map)) = &field.row_map {
            tags.push(("Ruleset", "functional".into()));
            tags.push(("Map", id.name().to_string()));
            Ruleset::Functional(*map)
        } else {
            tags.push(("Ruleset", "tactical".into()));
            Ruleset::Tactical
        };
        (Variant::Strategic(ruleset), tags)
    } else if !raw.ultimate_field.is_empty() || record_depth == Some(2) {
        (Variant::Ultimate, vec![("Game", "ultimate".to_string())])
    } else if !raw.ttt_boards.is_empty() || record_depth == Some(1) {
        (Variant::TicTacToe, vec![("Game", "tictactoe".to_string())])
    } else if record_depth == Some(3) {
        (
            Variant::Strategic(Ruleset::Tactical),
            vec![
                ("Game", "strategic".to_string()),
                ("Ruleset", "tactical".into()),
            ],
        )
    } else {
        return None;
    };
    if variant.depth() > 1 {
        tags.push(("Draws", options.draws.word().to_string()));
        tags.push(("Decided", options.decided.word().to_string()));
        tags.push(("NoReturn", options.no_return.word().to_string()));
    }
    Some((variant, tags))
}

/// A record in the record format: the tags, then the moves numbered in
/// pairs, each doubtful move followed by a `{?}` comment.
pub fn record_text(tags: &[(&str, String)], moves: &[DecodedMove]) -> String {
    let mut out = crate::record::write::tags_text(tags);
    out.push('\n');
    for (i, pair) in moves.chunks(2).enumerate() {
        out += &format!("{}.", i + 1);
        for m in pair {
            out += &format!(" {}", m.mv);
            if m.uncertain {
                out += " {?}";
            }
        }
        out.push('\n');
    }
    out
}

/// One photo read as a sheet: what its code names, the game its spec is
/// for, and what its boxes and cells hold.
#[derive(Debug, Clone)]
pub struct ReadSheet {
    /// The sheet's code as decoded.
    pub code: String,
    /// The game the sheet is for.
    pub variant: Variant,
    /// The rules in force.
    pub options: Options,
    /// The record tags naming the game and rules.
    pub tags: Vec<(&'static str, String)>,
    /// What the boxes and cells hold.
    pub reading: SheetReading,
}

impl ReadSheet {
    /// The code without its first-row field: the sheets of one game share it.
    pub fn game_key(&self) -> String {
        self.code
            .split(' ')
            .filter(|f| !f.starts_with("r="))
            .collect::<Vec<_>>()
            .join(" ")
    }
}

/// A game read from one or more sheets.
#[derive(Debug, Clone)]
pub struct GameRead {
    /// The indices of its sheets among those given, in ply order.
    pub sheets: Vec<usize>,
    /// The moves, with their confidence.
    pub moves: Vec<DecodedMove>,
    /// The record text, doubtful moves marked `{?}`.
    pub record: String,
    /// For each move, the moves that could stand there instead, most
    /// likely first (the move itself among them): the choices offered
    /// when a person corrects a doubtful move.
    pub alternatives: Vec<Vec<super::decode::Alternative>>,
}

/// Moves offered for each ply in [`GameRead::alternatives`].
pub const ALTERNATIVES: usize = 5;

/// Joins the sheets of each game by their code (continuation sheets by
/// their row numbers) and decodes each game: one result per game, in the
/// order of its first sheet.
pub fn join_games(
    sheets: &[ReadSheet],
) -> Vec<(Vec<usize>, Result<GameRead, super::decode::DecodeError>)> {
    let mut groups: Vec<(String, Vec<usize>)> = Vec::new();
    for (i, s) in sheets.iter().enumerate() {
        let key = s.game_key();
        match groups.iter_mut().find(|g| g.0 == key) {
            Some(g) => g.1.push(i),
            None => groups.push((key, vec![i])),
        }
    }
    groups
        .into_iter()
        .map(|(_, mut members)| {
            members.sort_by_key(|&i| sheets[i].reading.plies.first().map_or(0, |p| p.ply));
            let first = &sheets[members[0]];
            let mut plies: Vec<PlyReading> = Vec::new();
            let mut cells = HashMap::new();
            for &i in &members {
                for p in &sheets[i].reading.plies {
                    // The same row on two photos of one sheet: the first wins.
                    if plies.last().is_none_or(|last| p.ply > last.ply) {
                        plies.push(p.clone());
                    }
                }
                for (k, v) in &sheets[i].reading.cells {
                    cells.entry(*k).or_insert(*v);
                }
            }
            // Rows must follow without a gap: a missing sheet ends the record.
            let mut expected = plies.first().map_or(1, |p| p.ply);
            let contiguous = plies
                .iter()
                .take_while(|p| {
                    let ok = p.ply == expected;
                    expected += 1;
                    ok
                })
                .count();
            plies.truncate(contiguous);
            let evidence = super::decode::Evidence {
                variant: &first.variant,
                options: first.options,
                plies: &plies,
                cells: (!cells.is_empty()).then_some(&cells),
            };
            let result = super::decode::decode(&evidence).map(|moves| GameRead {
                record: record_text(&first.tags, &moves),
                sheets: members.clone(),
                alternatives: super::decode::alternatives(&evidence, &moves, ALTERNATIVES),
                moves,
            });
            (members, result)
        })
        .collect()
}

/// Why a photo could not be read as a sheet. Each has a stable [`ReadError::code`].
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ReadError {
    /// The image itself (format, size, light).
    #[error(transparent)]
    Photo(#[from] super::photo::PhotoError),
    /// The sheet's code or marks.
    #[error(transparent)]
    Locate(#[from] super::locate::LocateError),
    /// The code was read but names no sheet this program can lay out.
    #[error("the sheet's code {code:?} names no sheet that can be read: {reason}")]
    Code {
        /// The code's text.
        code: String,
        /// What is wrong with it.
        reason: String,
    },
    /// The sheet has nothing of a game to read.
    #[error("the sheet {0:?} has no record boxes or field of a tic-tac-toe family game to read")]
    NoGame(String),
}

impl ReadError {
    /// A stable code for scripts.
    pub fn code(&self) -> &'static str {
        match self {
            ReadError::Photo(e) => e.code(),
            ReadError::Locate(e) => e.code(),
            ReadError::Code { .. } => "unknown-sheet",
            ReadError::NoGame(_) => "no-game-on-sheet",
        }
    }
}

/// Where the reader looks on a sheet, from its geometry: the code, the
/// marks, every record box and every cell of a single field.
pub fn read_layout_of(geometry: &SheetGeometry) -> Option<ReadLayout> {
    let code = geometry.code.as_ref()?;
    let marks: Vec<(f64, f64, f64)> = geometry
        .marks
        .iter()
        .map(|m| (m.x_mm, m.y_mm, m.size_mm))
        .collect();
    let marks: [(f64, f64, f64); 4] = marks.try_into().ok()?;
    let mut boxes = Vec::new();
    let mut cells = Vec::new();
    for part in &geometry.parts {
        for b in &part.boxes {
            boxes.push((b.ply, b.digit, b.rect_mm));
        }
        for c in part.cells.iter().filter(|c| c.board.is_none()) {
            let digits: Vec<u8> = c.path.split('.').filter_map(|d| d.parse().ok()).collect();
            if let Some(mv) = Move::new(&digits) {
                cells.push((mv, c.rect_mm));
            }
        }
    }
    Some(ReadLayout {
        landmarks: Landmarks {
            code: (code.x_mm, code.y_mm, code.size_mm),
            marks,
        },
        boxes,
        cells,
    })
}

/// The spec a code names, as [`sheet_for_code`] makes it (the code has
/// been checked by it): for the game and rules it prints.
fn spec_for_code(code: &SheetCode, spec: Option<&str>) -> Option<Spec> {
    let sets = [
        Set::paper_size(code.paper),
        Set::orientation(code.orientation),
        Set::language(code.language),
    ];
    match code.sheet {
        SheetName::Template(t) => Spec::template(t, &sets).ok(),
        SheetName::Hash(_) => Spec::parse_with_sets("spec", spec?, None, &sets).ok(),
    }
}

/// Reads one photo of a sheet: decodes it, finds its code and marks, lays
/// out the sheet its code names (for a custom spec, `spec` is its text)
/// and reads every record box and field cell.
pub fn read_photo(bytes: &[u8], spec: Option<&str>) -> Result<ReadSheet, ReadError> {
    let photo = super::photo::decode_photo(bytes)?;
    read_decoded(&photo, spec)
}

/// [`read_photo`] on a photo already decoded.
pub fn read_decoded(photo: &Photo, spec: Option<&str>) -> Result<ReadSheet, ReadError> {
    let (text, corners) = super::locate::the_code(photo)?;
    let refuse = |reason: String| ReadError::Code {
        code: text.clone(),
        reason,
    };
    let code: SheetCode = text
        .parse()
        .map_err(|e: crate::layout::code::SheetCodeError| refuse(e.to_string()))?;
    let sheet = sheet_for_code(&code, spec).map_err(|e| refuse(e.to_string()))?;
    let made =
        spec_for_code(&code, spec).ok_or_else(|| refuse("its spec cannot be made".into()))?;
    let geometry = crate::layout::geometry(&sheet);
    let layout = read_layout_of(&geometry).ok_or_else(|| ReadError::NoGame(text.clone()))?;
    let depth = layout.boxes.iter().map(|b| b.1).max().map(|d| d as usize);
    let (variant, tags) = game_of(&made, depth).ok_or_else(|| ReadError::NoGame(text.clone()))?;
    if layout.boxes.is_empty() && layout.cells.is_empty() {
        return Err(ReadError::NoGame(text));
    }
    let located = super::locate::locate(photo, &text, &corners, &layout.landmarks)?;
    let reading = read_layout(photo, &located, &layout);
    Ok(ReadSheet {
        code: text,
        variant,
        options: made.options(),
        tags,
        reading,
    })
}
