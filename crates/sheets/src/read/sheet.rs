//! One photographed sheet read, and the sheets of one game joined into a
//! record.
//!
//! The sheet's code names the spec it was printed from; the spec gives the
//! game and rules (what the decoder may allow) and its layout gives every
//! box and cell in millimetres (where the reader looks). Nothing about the
//! sheet is guessed from the photo except where it lies.

use std::collections::HashMap;
use std::sync::atomic::AtomicBool;

use super::decode::{DecodedMove, PlyReading};
use super::homography::Homography;
use super::locate::{Landmarks, LocateError, Located};
use super::photo::Photo;
use super::position::{Position, position};
use super::record::written;
use super::refine::Correction;
use super::sample::crop;
use super::search::Meter;
use super::{GreyCrop, MarkReading, read_digit, read_mark};
use crate::games::ttt::{Move, Ruleset};
use crate::layout::{SheetCode, SheetName};
use crate::record::GameRecord;
use crate::setup::GameSetup;
use crate::spec::{Set, Spec};

/// Where a sheet's landmarks, boxes and cells are, in millimetres from the
/// page's top-left corner: what the reader needs of the sheet's geometry.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct ReadLayout {
    /// The code and the marks.
    pub landmarks: Landmarks,
    /// Every record box: its ply (1-based from the game's first move), its
    /// digit (1-based from the left) and its rectangle `[x, y, w, h]`.
    pub boxes: Vec<(u32, u32, [f64; 4])>,
    /// Every field cell: the move that plays it and its rectangle.
    pub cells: Vec<(Move, [f64; 4])>,
    /// Every cell of a part of several tic-tac-toe boards: its board (from
    /// 1), the move that plays it on that board, and its rectangle. Each
    /// board is a game of its own.
    pub board_cells: Vec<(u32, Move, [f64; 4])>,
}

impl ReadLayout {
    /// Every box and cell, each drawn with lines along its edges.
    fn rects(&self) -> Vec<[f64; 4]> {
        let boxes = self.boxes.iter().map(|b| b.2);
        let cells = self.cells.iter().map(|c| c.1);
        let board_cells = self.board_cells.iter().map(|c| c.2);
        boxes.chain(cells).chain(board_cells).collect()
    }
}

/// What the boxes and cells of one photographed sheet were read as.
#[derive(Debug, Clone)]
pub struct SheetReading {
    /// The record's rows, in ply order.
    pub plies: Vec<PlyReading>,
    /// The field's cells by operational cell index.
    pub cells: HashMap<usize, MarkReading>,
    /// The cells of each of several tic-tac-toe boards (by board, from 1),
    /// by cell index.
    pub board_cells: std::collections::BTreeMap<u32, HashMap<usize, MarkReading>>,
    /// How blurred the photo is: the width of the printed marks' edges,
    /// mm of the sheet (`None`: not measured, as for a scan's page read
    /// without its marks).
    pub edge_mm: Option<f64>,
}

/// Reads every box and cell of `layout` in `photo`, through the map that
/// [`super::locate::locate`] found.
pub(crate) fn read_layout(photo: &Photo, located: &Located, layout: &ReadLayout) -> SheetReading {
    // Each crop where its printed lines are (a curled sheet's are not
    // where the marks' one map puts them).
    let correction = Correction::measure(photo, &located.map, &layout.rects());
    let box_crops: Vec<(usize, usize, Vec<u8>)> = layout
        .boxes
        .iter()
        .map(|&(_, _, rect)| {
            let rect = correction.apply(rect);
            crop(photo, &located.map, rect, located.pixels_per_mm)
        })
        .collect();
    let gain = writing_gain(&box_crops);
    let read_crop = |map: &Homography, rect: [f64; 4]| {
        let rect = correction.apply(rect);
        let scale = located
            .pixels_per_mm
            .min(CELL_CROP_SIDE / rect[2].min(rect[3]));
        let (w, h, mut pixels) = crop(photo, map, rect, scale);
        darken_writing(&mut pixels, gain);
        (w, h, pixels)
    };
    let mut rows: std::collections::BTreeMap<u32, Vec<(u32, super::DigitReading)>> =
        std::collections::BTreeMap::new();
    for (&(ply, digit, _), (w, h, mut pixels)) in layout.boxes.iter().zip(box_crops) {
        darken_writing(&mut pixels, gain);
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
    let mut board_cells: std::collections::BTreeMap<u32, HashMap<usize, MarkReading>> =
        std::collections::BTreeMap::new();
    for &(board, mv, rect) in &layout.board_cells {
        let (w, h, mut pixels) = read_crop(&located.map, rect);
        hide_cell_number(w, h, &mut pixels);
        if let Ok(c) = GreyCrop::new(w, h, &pixels) {
            board_cells
                .entry(board)
                .or_default()
                .insert(mv.index(), read_mark(c));
        }
    }
    SheetReading {
        plies,
        cells,
        board_cells,
        edge_mm: super::sharpness::edge_width_mm(photo, &located.map, &layout.landmarks),
    }
}

/// The most pixels a field cell is cropped with across its shorter side:
/// three for each of the 28 the mark network reads, about what a photo
/// 1,600 pixels long gives an Ultimate cell (16.7 mm). A finer crop reads
/// the same mark from many times the pixels: at 10 pixels a millimetre an
/// Ultimate field's 81 cells were 2.3 of the 3.2 million pixels a 12 MP
/// photo's reading sampled. A Strategic cell (4.2 mm) is under this at
/// every resolution, so it is cropped as before.
const CELL_CROP_SIDE: f64 = 3.0 * super::normalise::SIDE as f64;

/// The darkness (relative to the paper) that the writing of a sheet
/// written in ink reaches at least: a sheet whose written boxes are
/// lighter is written in pencil, and its writing is darkened to this.
const INK_DARKNESS: f64 = 0.45;

/// A box whose writing is darker than this, relative to its paper, is
/// written on (an empty box's specks and JPEG ripples stay under it).
const WRITTEN_DARKNESS: f64 = 0.1;

/// The most a light record's writing is darkened: more would make an
/// empty box's texture look like writing.
const MOST_GAIN: f64 = 3.0;

/// How much darker a sheet's writing must be made to read like ink: 1 for
/// a record written in ink; more for one in light pencil, whose strokes
/// the readers (trained on ink) would otherwise take for paper. Measured
/// on the record boxes: each box's darkest writing (the 98th percentile of
/// its middle's darkness relative to its paper, away from the printed
/// border), and the median of those of the boxes written on.
fn writing_gain(crops: &[(usize, usize, Vec<u8>)]) -> f64 {
    let mut written: Vec<f64> = crops
        .iter()
        .map(|(w, h, pixels)| darkest_writing(*w, *h, pixels))
        .filter(|&d| d > WRITTEN_DARKNESS)
        .collect();
    // A few written boxes say nothing of the pen.
    if written.len() < 4 {
        return 1.0;
    }
    written.sort_by(f64::total_cmp);
    let median = written[written.len() / 2];
    (INK_DARKNESS / median).clamp(1.0, MOST_GAIN)
}

/// The darkness of a crop's darkest writing: the 98th percentile of the
/// darkness of its middle (the crop less a quarter on each side, clear of
/// the printed border), relative to its paper (its 75th percentile grey).
fn darkest_writing(w: usize, h: usize, pixels: &[u8]) -> f64 {
    let paper = f64::from(paper_grey(pixels)).max(1.0);
    let middle = (h / 4..h - h / 4)
        .flat_map(|y| (w / 4..w - w / 4).map(move |x| (x, y)))
        .filter_map(|(x, y)| pixels.get(y * w + x).copied());
    let histogram = histogram(middle);
    let n: usize = histogram.iter().sum();
    if n == 0 {
        return 0.0;
    }
    // Darkness falls as the grey rises: the darkness `r`th from the
    // lightest is that of the grey `r`th from the darkest.
    let rank = (n - 1) * 98 / 100;
    let grey = grey_ranked(&histogram, n - 1 - rank);
    ((paper - f64::from(grey)) / paper).max(0.0)
}

/// How many of `pixels` have each grey level.
fn histogram(pixels: impl Iterator<Item = u8>) -> [usize; 256] {
    let mut counts = [0usize; 256];
    for p in pixels {
        counts[usize::from(p)] += 1;
    }
    counts
}

/// The grey at position `rank` (from 0) of the pixels counted in
/// `histogram` sorted from dark to light: what sorting them would give,
/// without sorting (255 past the last).
fn grey_ranked(histogram: &[usize; 256], rank: usize) -> u8 {
    let mut seen = 0;
    for (grey, &count) in histogram.iter().enumerate() {
        seen += count;
        if seen > rank {
            return grey as u8;
        }
    }
    255
}

/// A crop's paper: its 75th percentile grey (255 for no pixels).
fn paper_grey(pixels: &[u8]) -> u8 {
    grey_ranked(&histogram(pixels.iter().copied()), pixels.len() * 3 / 4)
}

/// Darkens what is darker than a crop's paper by `gain` (nothing when 1).
fn darken_writing(pixels: &mut [u8], gain: f64) {
    if gain <= 1.0 {
        return;
    }
    let paper = f64::from(paper_grey(pixels));
    for p in pixels.iter_mut() {
        let v = f64::from(*p);
        if v < paper {
            *p = (paper - (paper - v) * gain).clamp(0.0, 255.0).round() as u8;
        }
    }
}

/// Paints over the small position number a tic-tac-toe board prints in
/// the top-left corner of each cell (in the top-left 12–26 % of the cell)
/// with the crop's paper, so the mark reader, which has never seen
/// printed numbers, reads only what the player drew.
fn hide_cell_number(w: usize, h: usize, pixels: &mut [u8]) {
    let paper = paper_grey(pixels);
    for y in 0..(h * 32 / 100).min(h) {
        for x in 0..(w * 30 / 100).min(w) {
            if let Some(p) = pixels.get_mut(y * w + x) {
                *p = paper;
            }
        }
    }
}

/// The game a spec's sheet is for, under the spec's rules
/// ([`Spec::setup`]); `None` for a sheet of no game of the tic-tac-toe
/// family. A sheet without a field is taken to be of the game its record's
/// moves are as deep as (`record_depth`; a Strategic record alone is read
/// as tactical).
pub(crate) fn game_of(spec: &Spec, record_depth: Option<usize>) -> Option<GameSetup> {
    let options = spec.options();
    match spec.setup() {
        Some(setup) if setup.depth().is_some() => Some(setup),
        _ => match record_depth {
            Some(1) => Some(GameSetup::tictactoe(options)),
            Some(2) => Some(GameSetup::ultimate(options)),
            Some(3) => Some(GameSetup::strategic(Ruleset::Tactical, None, options)),
            _ => None,
        },
    }
}

/// One photo read as a sheet: what its code names, the game its spec is
/// for, and what its boxes and cells hold.
#[derive(Debug, Clone)]
pub struct ReadSheet {
    /// The sheet's code as decoded, the text messages quote.
    pub code: String,
    /// What the code says: the sheet, its paper and language, its first
    /// row and its copy.
    pub sheet: SheetCode,
    /// The game the sheet is for, under the rules it was printed with (a
    /// game of the tic-tac-toe family: the reader reads no other).
    pub game: GameSetup,
    /// What the boxes and cells hold.
    pub reading: SheetReading,
}

impl ReadSheet {
    /// How many digits a move of the sheet's game has; `None` for a game
    /// the reader does not read (it makes no such sheet).
    fn depth(&self) -> Option<usize> {
        self.game.depth()
    }

    /// The ply of the sheet's last record row (`None`: no record boxes).
    fn last_ply(&self) -> Option<u32> {
        self.reading.plies.last().map(|p| p.ply)
    }

    /// Whether the sheet has a field (one board or several) as well as,
    /// or instead of, a record.
    fn has_field(&self) -> bool {
        !self.reading.cells.is_empty() || !self.reading.board_cells.is_empty()
    }
}

/// Whether `next` provably goes on the game of `before`: `next` is a
/// continuation sheet (its code's first ply is past 1) whose first row is
/// the row after `before`'s last, both of the same copy (a handout numbers
/// each game's sheets by it), and either printed from the same sheet or
/// `next` a page of record rows only (as `strategic-record` is) whose
/// moves have as many digits as `before`'s game. Anything less is no
/// proof: two copies of a built-in sheet carry the same code and are two
/// games.
fn continues(a: &ReadSheet, b: &ReadSheet) -> bool {
    let (a_code, b_code) = (&a.sheet, &b.sheet);
    let same_kind = a_code.sheet == b_code.sheet && a.game == b.game;
    let record_page = !b.has_field() && b.depth() == a.depth();
    b_code.first_ply > 1
        && a.last_ply()
            .is_some_and(|last| last + 1 == b_code.first_ply)
        && a_code.copy == b_code.copy
        && (same_kind || record_page)
}

/// Which of the sheets given are one game: each a list of indices in ply
/// order, in the order of each game's first sheet. A continuation sheet
/// joins the one sheet it provably follows ([`continues`]) when that sheet
/// has no other sheet that could follow it; every other sheet is a game of
/// its own (a continuation sheet alone is then refused as missing its
/// start, or as not knowing which sheet it goes on). With each game, how
/// many sheets its first sheet could have followed.
fn group_sheets(sheets: &[ReadSheet]) -> Vec<(Vec<usize>, usize)> {
    let fits = |a: usize, b: usize| a != b && continues(&sheets[a], &sheets[b]);
    let n = sheets.len();
    // next[a]: the one sheet that goes on sheet a's game, when exactly one
    // can and sheet a is the only one it can follow.
    let mut next: Vec<Option<usize>> = vec![None; n];
    let joined: Vec<bool> = (0..n)
        .map(|b| {
            let before: Vec<usize> = (0..n).filter(|&a| fits(a, b)).collect();
            let proved = matches!(before[..], [a] if (0..n).filter(|&c| fits(a, c)).count() == 1);
            if proved {
                next[before[0]] = Some(b);
            }
            proved
        })
        .collect();
    let mut groups = Vec::new();
    for start in (0..n).filter(|&i| !joined[i]) {
        let mut members = vec![start];
        let mut at = start;
        while let Some(b) = next[at] {
            // Rows only grow along a chain, so it cannot loop; the bound
            // says so to the reader.
            if members.len() >= n {
                break;
            }
            members.push(b);
            at = b;
        }
        let could_follow = (0..n).filter(|&a| fits(a, start)).count();
        groups.push((members, could_follow));
    }
    groups
}

/// A game read from one or more sheets.
#[derive(Debug, Clone)]
pub struct GameRead {
    /// The indices of its sheets among those given, in ply order.
    pub sheets: Vec<usize>,
    /// The moves, with their confidence.
    pub moves: Vec<DecodedMove>,
    /// The record text, doubtful moves marked `{?}`: what `read -o`
    /// writes.
    pub record: String,
    /// The game it is of (game, rules, map), as the sheet's code names it.
    pub setup: GameSetup,
    /// The record as a game, ready to check: its tags and moves, each at
    /// its line and column in `record`.
    pub game: GameRecord,
    /// For each move, the moves that could stand there instead, most
    /// likely first (the move itself among them): the choices offered
    /// when a person corrects a doubtful move.
    pub alternatives: Vec<Vec<super::decode::Alternative>>,
    /// The position the field shows, for a tic-tac-toe or Ultimate sheet
    /// whose record is empty (or that has none): the game as far as the
    /// field alone tells it.
    pub position: Option<Position>,
    /// Which board of a sheet of several tic-tac-toe boards the game was
    /// played on (from 1).
    pub board: Option<u32>,
}

/// Moves offered for each ply in [`GameRead::alternatives`].
pub(crate) const ALTERNATIVES: usize = 5;

/// Joins the sheets of each game (a continuation sheet with the sheet it
/// provably goes on, see `group_sheets`; every other sheet is a game of
/// its own) and decodes each game: one result per game, in the order of
/// its first sheet. Every sheet given is in exactly one result.
pub fn join_games(
    sheets: &[ReadSheet],
) -> Vec<(Vec<usize>, Result<GameRead, super::decode::DecodeError>)> {
    let groups = group_sheets(sheets);
    let mut out = Vec::new();
    for (members, could_follow) in groups {
        let first = &sheets[members[0]];
        if could_follow > 0
            && let Some(ply) = first.reading.plies.first().map(|p| p.ply)
        {
            out.push((members, Err(super::decode::DecodeError::UnclearStart(ply))));
            continue;
        }
        if first.depth().is_none() {
            out.push((members, Err(super::decode::DecodeError::Blank)));
            continue;
        }
        let boards = &first.reading.board_cells;
        if boards.is_empty() {
            out.push(join_game(sheets, members));
            continue;
        }
        // A page of tic-tac-toe boards: each board played is a game, read
        // from its field alone.
        let mut played = 0;
        for (&board, cells) in boards {
            let marked = cells
                .values()
                .any(|r| r.probability(super::CellContent::Empty) < 0.5);
            if !marked {
                continue;
            }
            played += 1;
            let position = position(&first.game, cells);
            let (record, game) = written(&first.game, &[]);
            out.push((
                members.clone(),
                Ok(GameRead {
                    sheets: members.clone(),
                    moves: Vec::new(),
                    record,
                    setup: first.game.clone(),
                    game,
                    alternatives: Vec::new(),
                    position,
                    board: Some(board),
                }),
            ));
        }
        if played == 0 {
            out.push((members, Err(super::decode::DecodeError::Blank)));
        }
    }
    out
}

/// The game of the sheets `members` (sorted by their first row).
fn join_game(
    sheets: &[ReadSheet],
    members: Vec<usize>,
) -> (Vec<usize>, Result<GameRead, super::decode::DecodeError>) {
    let first = &sheets[members[0]];
    if first.depth().is_none() {
        return (members, Err(super::decode::DecodeError::Blank));
    }
    let mut plies: Vec<PlyReading> = Vec::new();
    let mut cells = HashMap::new();
    for &i in &members {
        for p in &sheets[i].reading.plies {
            // A chain's rows only grow; a row twice is read once.
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
        setup: &first.game,
        plies: &plies,
        cells: (!cells.is_empty()).then_some(&cells),
    };
    let result =
        super::decode::decode_ranked(&evidence, ALTERNATIVES).map(|(moves, alternatives)| {
            let (record, game) = written(&first.game, &moves);
            GameRead {
                record,
                setup: first.game.clone(),
                game,
                sheets: members.clone(),
                alternatives,
                // Nothing written in the record: the field alone tells
                // the game.
                position: if moves.is_empty() {
                    position(&first.game, &cells)
                } else {
                    None
                },
                moves,
                board: None,
            }
        });
    (members, result)
}

/// Why a photo could not be read as a sheet. Each has a stable [`ReadError::code`].
#[derive(Debug, Clone, thiserror::Error)]
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
        /// What is wrong with it, typed: the text is no sheet code, or the
        /// sheet it names cannot be made again (shared: a refusal is
        /// cloned into each report that names it).
        #[source]
        reason: std::sync::Arc<SheetOfCodeError>,
    },
    /// The code names a sheet by its spec's hash (a custom sheet, or a
    /// handout's game sheet), and no spec was given.
    #[error(
        "the sheet's code {0:?} names a sheet printed from a spec of its own or by a handout, which its code names only by a hash: give that spec, or the handout's spec, with --spec FILE"
    )]
    SpecNeeded(String),
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
            ReadError::SpecNeeded(_) => "spec-needed",
            ReadError::NoGame(_) => "no-game-on-sheet",
        }
    }
}

/// Where the reader looks on a sheet: the code, the marks, every record
/// box and every cell of a field, each cell by the move that plays it.
pub(crate) fn read_layout_of(sheet: &crate::Sheet) -> Option<ReadLayout> {
    let geometry = crate::layout::geometry(sheet);
    let code = geometry.code.as_ref()?;
    let marks: Vec<(f64, f64, f64)> = geometry
        .marks
        .iter()
        .map(|m| (m.x_mm, m.y_mm, m.size_mm))
        .collect();
    let marks: [(f64, f64, f64); 4] = marks.try_into().ok()?;
    let mut boxes = Vec::new();
    let mut cells = Vec::new();
    let mut board_cells = Vec::new();
    for (part, place) in sheet.parts().iter().zip(&geometry.parts) {
        for c in part.field_cells() {
            match c.board {
                Some(board) => board_cells.push((board, c.mv, c.rect_mm)),
                None => cells.push((c.mv, c.rect_mm)),
            }
        }
        for b in &place.boxes {
            boxes.push((b.ply, b.digit, b.rect_mm));
        }
    }
    Some(ReadLayout {
        landmarks: Landmarks {
            code: (code.x_mm, code.y_mm, code.size_mm),
            marks,
        },
        boxes,
        cells,
        board_cells,
    })
}

/// The sheet a code names, laid out again as it was printed: a built-in
/// template's from the code alone; a custom sheet's (whose code holds only
/// its spec's hash) from `spec`, the text of the spec it was printed from,
/// or of the handout whose game sheet it is. What the page drawing a
/// reading and the reader itself lay out alike.
pub(crate) fn sheet_of_code(
    code: &SheetCode,
    spec: Option<&str>,
) -> Result<crate::Sheet, SheetOfCodeError> {
    sheet_and_spec(code, spec).map(|(sheet, _)| sheet)
}

impl SheetCode {
    /// The sheet the code names, laid out again as it was printed: a
    /// built-in template's from the code alone; a custom sheet's (whose
    /// code holds only its spec's hash) from `spec`, the text of the spec it
    /// was printed from, or of the handout whose game sheet it is.
    pub fn sheet(&self, spec: Option<&str>) -> Result<crate::Sheet, SheetOfCodeError> {
        sheet_of_code(self, spec)
    }
}

/// Why the sheet a code names cannot be laid out again ([`SheetCode::sheet`]).
/// It lives with the reader, not with the code, because a handout's game
/// sheet is made again from the handout spec: the layout knows no handouts.
#[derive(Debug, thiserror::Error, miette::Diagnostic)]
pub enum SheetOfCodeError {
    /// The text read is no sheet code.
    #[error("{0}")]
    #[diagnostic(code(sheet_code::invalid))]
    Code(#[from] crate::layout::code::SheetCodeError),
    /// An `h=` code, and no spec text to make it from.
    #[error(
        "the sheet was made from a spec of its own (code `{0}`): give that spec's text to read it"
    )]
    #[diagnostic(code(sheet_code::spec_needed))]
    SpecNeeded(String),
    /// The spec given is not the one the code names.
    #[error(
        "the spec given is not the sheet's: its hash is {found:016x}, and the sheet's code names {expected:016x} (the spec was changed since the sheet was printed, or it is another spec)"
    )]
    #[diagnostic(code(sheet_code::hash_mismatch))]
    HashMismatch {
        /// The hash the code names.
        expected: u64,
        /// The hash of the spec given.
        found: u64,
    },
    /// The sheet made again prints another code (another first ply).
    #[error("the sheet made again prints the code `{made}`, not `{code}`")]
    #[diagnostic(code(sheet_code::differs))]
    Differs {
        /// The code read.
        code: String,
        /// The code the sheet made again prints.
        made: String,
    },
    /// The code's sheet lays out, yet the spec it came from cannot be made
    /// again for its game and rules.
    #[error("its spec cannot be made")]
    #[diagnostic(code(sheet_code::no_spec))]
    NoSpec,
    /// The sheet spec, or the handout spec, given is refused.
    #[error(transparent)]
    #[diagnostic(transparent)]
    HandoutSpec(#[from] crate::spec::SpecError),
    /// The handout's game sheet is refused.
    #[error(transparent)]
    #[diagnostic(transparent)]
    Handout(#[from] crate::handout::HandoutError),
    /// The sheet, or the handout's game sheet, does not lay out.
    #[error(transparent)]
    #[diagnostic(transparent)]
    Layout(#[from] crate::layout::LayoutError),
    /// The handout spec given prints game sheets with another code.
    #[error("the handout spec given prints game sheets coded {printed:?}, not this one")]
    #[diagnostic(code(sheet_code::other_handout))]
    OtherHandout {
        /// The code its game sheets print.
        printed: String,
    },
    /// The handout spec given prints game sheets without a code.
    #[error("the handout spec given prints game sheets without a code")]
    #[diagnostic(code(sheet_code::handout_without_code))]
    HandoutWithoutCode,
}

/// Whether `text` is a spec that [`read_photo`] can lay a custom sheet out
/// from: a sheet spec, or a handout spec (one with a `[handout]` table).
/// Given as text, a spec has no folder: one naming a file of its own (a
/// map, a handout's `sheet`) is refused with the spec's message. `origin`
/// names the text in messages.
pub fn check_read_spec(origin: &str, text: &str) -> Result<(), crate::handout::HandoutError> {
    if is_handout_spec(text) {
        let handout = crate::handout::spec::parse(origin, text)?;
        crate::handout::game_sheet_spec(&handout)?;
    } else {
        Spec::parse(origin, text, None)?;
    }
    Ok(())
}

/// The sheet a code names and the spec it was laid out from (see
/// [`sheet_of_code`]); the reason as words when it cannot be made.
/// A code naming its sheet by a hash with no spec given is refused by
/// [`sheet_for_code`].
fn sheet_and_spec(
    code: &SheetCode,
    spec: Option<&str>,
) -> Result<(crate::Sheet, Spec), SheetOfCodeError> {
    match spec.filter(|text| is_handout_spec(text)) {
        Some(text) => handout_sheet(code, text),
        None => {
            let sheet = sheet_for_code(code, spec)?;
            let made = spec_for_code(code, spec).ok_or(SheetOfCodeError::NoSpec)?;
            Ok((sheet, made))
        }
    }
}

/// Lays out the sheet `code` names, as it was printed: a built-in template,
/// or for an `h=` code the spec text `spec` (which must hash to the code's
/// hash), on the code's paper, orientation and language, its record
/// starting at the code's first ply, numbered as the code's copy. Any other spec text given with a `t=` code is ignored.
fn sheet_for_code(code: &SheetCode, spec: Option<&str>) -> Result<crate::Sheet, SheetOfCodeError> {
    let sets = [
        Set::paper_size(code.paper),
        Set::orientation(code.orientation),
        Set::language(code.language),
    ];
    let made = match code.sheet {
        SheetName::Template(t) => Spec::template(t, &sets)?,
        SheetName::Hash(expected) => {
            let text = spec.ok_or_else(|| SheetOfCodeError::SpecNeeded(code.to_string()))?;
            let made = Spec::parse_with_sets("spec", text, None, &sets)?;
            let found = made.identity().hash;
            if found != expected {
                return Err(SheetOfCodeError::HashMismatch { expected, found });
            }
            made
        }
    };
    // A continuation sheet: its record starts where the code says.
    let made = match made.starting_at(code.first_ply) {
        Some(start) if made.first_ply() != code.first_ply => {
            let mut all = sets.to_vec();
            all.push(start);
            match code.sheet {
                SheetName::Template(t) => Spec::template(t, &all)?,
                SheetName::Hash(_) => {
                    Spec::parse_with_sets("spec", spec.unwrap_or(""), None, &all)?
                }
            }
        }
        _ => made,
    };
    let sheet = crate::layout::layout(&made)?.with_copy(code.copy);
    match sheet.code() {
        Some(placed) if placed.code() == *code => Ok(sheet),
        Some(placed) => Err(SheetOfCodeError::Differs {
            code: code.to_string(),
            made: placed.code().to_string(),
        }),
        None => Err(SheetOfCodeError::Differs {
            code: code.to_string(),
            made: "none (the spec turns the marks off)".into(),
        }),
    }
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

/// Whether a spec's text is a handout spec (it has a `[handout]` table)
/// rather than a sheet spec.
fn is_handout_spec(text: &str) -> bool {
    text.parse::<toml::Table>()
        .is_ok_and(|t| t.get("handout").is_some_and(toml::Value::is_table))
}

/// The game sheet a handout spec prints, as the copy `code` names (a
/// handout's sheets are moved under its header, so their code holds the
/// hash of that sheet, which only the handout spec makes again), and its
/// spec.
fn handout_sheet(code: &SheetCode, text: &str) -> Result<(crate::Sheet, Spec), SheetOfCodeError> {
    let handout = crate::handout::spec::parse("handout spec", text)?;
    let made = crate::handout::game_sheet_spec(&handout)?;
    let sheet = crate::layout::layout(&made)?.with_copy(code.copy);
    match sheet.code() {
        Some(placed) if placed.code() == *code => Ok((sheet, made)),
        Some(placed) => Err(SheetOfCodeError::OtherHandout {
            printed: placed.code().to_string(),
        }),
        None => Err(SheetOfCodeError::HandoutWithoutCode),
    }
}

/// Reads one photo of a sheet: decodes it, finds its code and marks, lays
/// out the sheet its code names (for a custom spec, `spec` is its text)
/// and reads every record box and field cell.
pub fn read_photo(bytes: &[u8], spec: Option<&str>) -> Result<ReadSheet, ReadError> {
    read_photo_cancellable(bytes, spec, &NEVER)
}

/// A flag never set: the reads that nobody stops.
static NEVER: AtomicBool = AtomicBool::new(false);

/// [`read_photo`], stopped early with the error `cancelled` once `cancel`
/// is set (by whoever asked for the reading, when they no longer want
/// it). The search for the sheet's code, the costly step, looks at the
/// flag every few milliseconds, and the reading of the boxes between
/// boxes.
pub(crate) fn read_photo_cancellable(
    bytes: &[u8],
    spec: Option<&str>,
    cancel: &AtomicBool,
) -> Result<ReadSheet, ReadError> {
    let photo = super::photo::decode_photo(bytes)?;
    read_decoded_cancellable(&photo, spec, cancel)
}

/// Reads a file given to `read`: a JPEG or PNG photo is one sheet
/// ([`read_photo`]); a PDF is one sheet on each page (the picture a scanner
/// stored in it, taken out by `read::pdf`). One result for each sheet, with
/// its page number in a PDF; a PDF that cannot be opened at all gives one
/// error without a page. The sheets come one at a time, each page decoded
/// when its sheet is asked for and its pixels dropped before the next
/// (the PDF's objects are parsed when this is called).
pub fn read_file<'a>(
    bytes: &'a [u8],
    spec: Option<&'a str>,
) -> impl Iterator<Item = (Option<u32>, Result<ReadSheet, ReadError>)> + 'a {
    read_file_cancellable(bytes, spec, &NEVER)
}

/// [`read_file`], each sheet stopped early with the error `cancelled` once
/// `cancel` is set (by whoever asked for the reading, when they no longer
/// want it; the code search looks at the flag every few milliseconds).
/// Its `size_hint` is exact: the sheets left
/// (a PDF's pages, counted without decoding them), so a caller can bound
/// its work before it reads any.
pub fn read_file_cancellable<'a>(
    bytes: &'a [u8],
    spec: Option<&'a str>,
    cancel: &'a AtomicBool,
) -> impl Iterator<Item = (Option<u32>, Result<ReadSheet, ReadError>)> + 'a {
    let left = if !super::pdf::is_pdf(bytes) {
        Left::Photo(bytes)
    } else if bytes.len() as u64 > crate::limits::PHOTO_BYTES {
        let bytes = bytes.len() as u64;
        Left::Refused(super::photo::PhotoError::TooManyBytes { bytes }.into())
    } else {
        match super::pdf::pdf_pages(bytes) {
            Ok(pages) => Left::Pages(Box::new(pages)),
            Err(e) => Left::Refused(e.into()),
        }
    };
    FileSheets { left, spec, cancel }
}

/// The sheets of a file given to `read`, one at a time ([`read_file`]).
struct FileSheets<'a> {
    left: Left<'a>,
    spec: Option<&'a str>,
    cancel: &'a AtomicBool,
}

/// What is left to read of a file.
enum Left<'a> {
    Photo(&'a [u8]),
    Refused(ReadError),
    Pages(Box<super::pdf::PdfPages>),
    Nothing,
}

impl Iterator for FileSheets<'_> {
    type Item = (Option<u32>, Result<ReadSheet, ReadError>);

    fn next(&mut self) -> Option<Self::Item> {
        let (spec, cancel) = (self.spec, self.cancel);
        match std::mem::replace(&mut self.left, Left::Nothing) {
            Left::Photo(bytes) => Some((None, read_photo_cancellable(bytes, spec, cancel))),
            Left::Refused(e) => Some((None, Err(e))),
            Left::Pages(mut pages) => {
                let (page, photo) = pages.next()?;
                let read = photo
                    .map_err(ReadError::from)
                    .and_then(|p| read_decoded_cancellable(&p, spec, cancel));
                self.left = Left::Pages(pages);
                Some((Some(page), read))
            }
            Left::Nothing => None,
        }
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = match &self.left {
            Left::Photo(_) | Left::Refused(_) => 1,
            Left::Pages(pages) => pages.size_hint().0,
            Left::Nothing => 0,
        };
        (n, Some(n))
    }
}

/// [`read_photo`] on a photo already decoded.
#[cfg(test)]
pub(crate) fn read_decoded(photo: &Photo, spec: Option<&str>) -> Result<ReadSheet, ReadError> {
    read_decoded_cancellable(photo, spec, &NEVER)
}

/// A photo already decoded, read as [`read_photo`] reads one, stopped
/// early once `cancel` is set.
pub(crate) fn read_decoded_cancellable(
    photo: &Photo,
    spec: Option<&str>,
    cancel: &AtomicBool,
) -> Result<ReadSheet, ReadError> {
    let meter = Meter::for_photo(photo.width * photo.height, cancel);
    // The smaller copy both the code and the marks are searched on.
    let copy = super::locate::SearchCopy::of(photo);
    let (text, corners) = super::locate::the_code(photo, &copy, &meter)?;
    let refuse = |reason: SheetOfCodeError| ReadError::Code {
        code: text.clone(),
        reason: std::sync::Arc::new(reason),
    };
    let code: SheetCode = text
        .parse()
        .map_err(|e: crate::layout::code::SheetCodeError| refuse(e.into()))?;
    if spec.is_none() && matches!(code.sheet, SheetName::Hash(_)) {
        return Err(ReadError::SpecNeeded(text));
    }
    let (sheet, made) = sheet_and_spec(&code, spec).map_err(refuse)?;
    let layout = read_layout_of(&sheet).ok_or_else(|| ReadError::NoGame(text.clone()))?;
    let depth = layout.boxes.iter().map(|b| b.1).max().map(|d| d as usize);
    let game = game_of(&made, depth).ok_or_else(|| ReadError::NoGame(text.clone()))?;
    if layout.boxes.is_empty() && layout.cells.is_empty() && layout.board_cells.is_empty() {
        return Err(ReadError::NoGame(text));
    }
    let stopped = || {
        meter
            .cancelled()
            .then_some(ReadError::Locate(LocateError::Cancelled))
    };
    if let Some(e) = stopped() {
        return Err(e);
    }
    let located = super::locate::locate(photo, &copy, &corners, &layout.landmarks)?;
    super::locate::no_other_sheet(photo, &copy, &located, &(text.clone(), corners), &meter)?;
    if let Some(e) = stopped() {
        return Err(e);
    }
    let reading = read_layout(photo, &located, &layout);
    Ok(ReadSheet {
        code: text,
        sheet: code,
        game,
        reading,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::ttt::{Options, Ruleset};

    /// The sheet a game of the family is drawn on is of its game, and is
    /// read as that game under its ruleset and map.
    #[test]
    fn each_games_sheet_is_read_as_its_game_and_ruleset() {
        use crate::spec::Template;
        let options = Options::default();
        let setups = [
            GameSetup::tictactoe(options),
            GameSetup::ultimate(options),
            GameSetup::strategic(Ruleset::Tactical, None, options),
            GameSetup::strategic(Ruleset::Functional(crate::maps::map34()), None, options),
            GameSetup::strategic(
                Ruleset::Hyperfunctional(Box::new(crate::maps::hmap2())),
                None,
                options,
            ),
        ];
        for setup in setups {
            let t = Template::for_setup(&setup);
            assert_eq!(t.game(), setup.kind(), "{}", t.name());
            let spec = Spec::template(t, &[]).unwrap();
            let Some(read) = game_of(&spec, None) else {
                panic!("{}: a sheet of no game", t.name())
            };
            assert_eq!(read.ruleset(), setup.ruleset(), "{}", t.name());
            assert_eq!(read.describe(), setup.describe(), "{}", t.name());
            assert_eq!(spec.setup().as_ref(), Some(&read), "{}", t.name());
        }
        // SOS's sheet is SOS's, on its board with its players, and no
        // sheet the reader reads.
        let sos = Spec::template(Template::Sos, &["sos.players=3".parse().unwrap()]).unwrap();
        let setup = sos.setup().expect("a game");
        assert_eq!(setup.describe(), "SOS 8x8, general, 3 players");
        assert_eq!(Template::for_setup(&setup), Template::Sos);
        assert!(game_of(&sos, None).is_none());
    }

    /// A sheet read with `code`, for `game`, whose record rows are
    /// `rows` (no box read) and which has a field when `field`.
    fn sheet(
        code: &str,
        game: GameSetup,
        rows: std::ops::RangeInclusive<u32>,
        field: bool,
    ) -> ReadSheet {
        let mut cells = HashMap::new();
        if field {
            cells.insert(
                0,
                MarkReading {
                    probabilities: [1.0, 0.0, 0.0],
                },
            );
        }
        ReadSheet {
            code: code.into(),
            sheet: code.parse().unwrap(),
            game,
            reading: SheetReading {
                plies: rows
                    .map(|ply| PlyReading {
                        ply,
                        boxes: Vec::new(),
                    })
                    .collect(),
                cells,
                board_cells: std::collections::BTreeMap::new(),
                edge_mm: None,
            },
        }
    }

    fn groups(sheets: &[ReadSheet]) -> Vec<Vec<usize>> {
        group_sheets(sheets).into_iter().map(|g| g.0).collect()
    }

    const ULTIMATE: &str = "PB1 t=ultimate p=A4 o=p l=en r=1 c=1";
    const GAME: &str = "PB1 t=strategic-functional p=A4 o=p l=en r=1 c=1";
    const MORE: &str = "PB1 t=strategic-record p=A4 o=p l=en r=169 c=1";

    fn strategic() -> GameSetup {
        GameSetup::strategic(Ruleset::Tactical, None, Options::default())
    }

    fn ultimate() -> GameSetup {
        GameSetup::ultimate(Options::default())
    }

    #[test]
    fn copies_of_one_sheet_are_each_a_game() {
        let sheets: Vec<ReadSheet> = (0..3)
            .map(|_| sheet(ULTIMATE, ultimate(), 1..=80, true))
            .collect();
        assert_eq!(groups(&sheets), [vec![0], vec![1], vec![2]]);
        // Every sheet is in exactly one result.
        let games = join_games(&sheets);
        assert_eq!(games.len(), 3);
        assert!(games.iter().zip(0..).all(|(g, i)| g.0 == [i]));
    }

    #[test]
    fn a_continuation_joins_the_one_sheet_it_follows() {
        let game = sheet(GAME, strategic(), 1..=168, true);
        let more = sheet(MORE, strategic(), 169..=400, false);
        // In either order, the game sheet first.
        assert_eq!(groups(&[more.clone(), game.clone()]), [vec![1, 0]]);
        // Rows that do not follow: two games, the continuation's start
        // missing.
        let short = sheet(GAME, strategic(), 1..=100, true);
        assert_eq!(groups(&[short.clone(), more.clone()]), [vec![0], vec![1]]);
        let games = join_games(&[short, more.clone()]);
        assert_eq!(games[1].1.as_ref().unwrap_err().code(), "missing-start");
        // Two sheets it could follow: neither is proved, and it says so.
        let sheets = [game.clone(), game.clone(), more.clone()];
        assert_eq!(groups(&sheets), [vec![0], vec![1], vec![2]]);
        let games = join_games(&sheets);
        assert_eq!(games[2].1.as_ref().unwrap_err().code(), "unclear-start");
        // Two continuations of one sheet: neither.
        assert_eq!(
            groups(&[game.clone(), more.clone(), more.clone()]),
            [vec![0], vec![1], vec![2]]
        );
        // A continuation of another game (Ultimate's moves have two digits).
        let ultimate = sheet(ULTIMATE, ultimate(), 1..=168, true);
        assert_eq!(groups(&[ultimate, more]), [vec![0], vec![1]]);
    }

    #[test]
    fn a_handout_copy_joins_only_its_own_continuation() {
        let copy =
            |c: u32, first: u32| format!("PB1 h=0123456789abcdef p=A4 o=p l=en r={first} c={c}");
        let sheets = [
            sheet(&copy(2, 1), ultimate(), 1..=40, true),
            sheet(&copy(3, 1), ultimate(), 1..=40, true),
            sheet(&copy(3, 41), ultimate(), 41..=80, true),
        ];
        assert_eq!(groups(&sheets), [vec![0], vec![1, 2]]);
    }
}
