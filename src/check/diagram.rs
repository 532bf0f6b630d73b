//! The final position of checked games as a display list, one page per game,
//! for the SVG/PDF backends: each game on its sheet exactly as `render` prints
//! it, filled in as the players would have it at the end. The tic-tac-toe
//! family: marks in the field, won and drawn fields shaded or outlined, the
//! winning row of tic-tac-toe struck, the tracking grids marked; SOS: the
//! letters, every SOS line in its player's colour and dash pattern, and the
//! scores in the tally.

use super::{CheckedGame, GameReport, Position};
use crate::boards::nested::{self, MarkStyle};
use crate::display::{
    Anchor, Color, Document, FontWeight, Metadata, Page, Point, Rect, Stroke, TextStyle,
};
use crate::games::sos::{Cell, SosGame};
use crate::games::ttt::{FieldState, Game, Mark, Move, Ruleset, Variant, WIN_LINES};
use crate::layout::{LayoutError, SheetPart};
use crate::maps::AnyMap;
use crate::parts::{
    Blank, BoardSize, FieldGeometry, PartGeometry, TrackingGeometry, TrackingKind,
    TttBoardsGeometry, UltimateGeometry,
};
use crate::record::{GameRecord, MoveBody, Tag};
use crate::spec::{Set, Spec, SpecError, Template};

const X_INK: Color = Color::rgb(30, 70, 150);
const O_INK: Color = Color::rgb(190, 60, 20);
const X_TINT: Color = Color::rgb(215, 226, 244);
const O_TINT: Color = Color::rgb(248, 221, 205);
const DRAWN_TINT: Color = Color::grey(228);

/// Why a checked game could not be drawn on its sheet.
#[derive(Debug, thiserror::Error, miette::Diagnostic)]
pub enum DiagramError {
    /// The game's sheet could not be made for it.
    #[error("game {game} of {file}: its sheet could not be made for it")]
    Spec {
        /// The record file.
        file: String,
        /// The game's index in the file, from 1.
        game: usize,
        /// Why.
        #[source]
        source: Box<SpecError>,
    },
    /// The game's sheet does not fit its page with this game's board.
    #[error("game {game} of {file}: its sheet does not fit the page")]
    Layout {
        /// The record file.
        file: String,
        /// The game's index in the file, from 1.
        game: usize,
        /// Why.
        #[source]
        #[diagnostic_source]
        source: LayoutError,
    },
    /// The game's sheet has no board to draw the position on.
    #[error("game {game} of {file}: its sheet has no {board} to draw the position on")]
    NoBoard {
        /// The record file.
        file: String,
        /// The game's index in the file, from 1.
        game: usize,
        /// The part kind that was looked for.
        board: &'static str,
    },
}

/// One page per game that could be replayed, in order.
pub fn diagram(games: &[&CheckedGame]) -> Result<Document, DiagramError> {
    let pages = games
        .iter()
        .filter_map(|g| game_page(g).transpose())
        .collect::<Result<_, _>>()?;
    Ok(Document {
        metadata: metadata(),
        pages,
    })
}

/// The metadata of a diagram document.
pub fn metadata() -> Metadata {
    Metadata {
        title: "Checked games".into(),
        creator: crate::CREATOR.to_string(),
        subject: None,
    }
}

/// The page of one game, `None` for a game that could not be replayed: a
/// long run makes and writes its pages one at a time.
pub fn game_page(g: &CheckedGame) -> Result<Option<Page>, DiagramError> {
    g.position
        .as_ref()
        .map(|position| on_sheet(position, g))
        .transpose()
}

/// The sheet `render` prints for a game, sized to it: the built-in `sos`
/// template with the game's board and players, `tictactoe` with one large
/// board, `ultimate`, or the Strategic template of its ruleset printed with
/// the game's own map.
fn sheet_for(
    position: &Position,
    report: &GameReport,
    name_shown: usize,
) -> Result<Spec, SpecError> {
    match position {
        Position::Sos { game, .. } => {
            let cfg = game.config();
            let size = BoardSize::new(u32::from(cfg.width()), u32::from(cfg.height())).map_err(
                |message| SpecError::Edit {
                    origin: format!("{}.toml", Template::Sos.name()),
                    message,
                },
            )?;
            let names: Vec<String> = (0..usize::from(cfg.players()))
                .map(|p| {
                    let score = report.scores.get(p);
                    let name = score.and_then(|s| s.name.as_deref()).unwrap_or_default();
                    shown(name, name_shown)
                })
                .collect();
            let sets = [
                Set::typed("sos.size", &size),
                Set::typed("sos.boards", &1),
                Set::typed("sos.players", &names),
            ];
            crate::spec::template(Template::Sos, &sets)
        }
        Position::Ttt { game, map } => {
            let (template, ruleset_map) = match game.variant() {
                Variant::TicTacToe => {
                    let sets = [
                        Set::typed("boards.boards", &1),
                        Set::typed("boards.cell", &30),
                    ];
                    return crate::spec::template(Template::TicTacToe, &sets);
                }
                Variant::Ultimate => (Template::Ultimate, None),
                Variant::Strategic(Ruleset::Tactical) => (Template::StrategicBasic, None),
                Variant::Strategic(Ruleset::Functional(m)) => {
                    (Template::StrategicFunctional, Some(AnyMap::Functional(*m)))
                }
                Variant::Strategic(Ruleset::Hyperfunctional(h)) => (
                    Template::StrategicHyperfunctional,
                    Some(AnyMap::Hyperfunctional(h.clone())),
                ),
            };
            let spec = crate::spec::template(template, &[])?;
            match (map, ruleset_map) {
                (Some(id), Some(m)) => spec.with_field_map(id, &m),
                _ => Ok(spec),
            }
        }
    }
}

/// The game's sheet as `render` prints it with the final position drawn in:
/// what the players would have on paper at the end, their tracking grids
/// filled in.
fn on_sheet(position: &Position, checked: &CheckedGame) -> Result<Page, DiagramError> {
    let report = &checked.report;
    let (file, game) = (report.file.clone(), report.game);
    // Names too wide for their place even at 6 pt are cut shorter until
    // they fit.
    let mut name_shown = NAME_SHOWN;
    let (spec, sheet) = loop {
        let spec =
            sheet_for(position, report, name_shown).map_err(|source| DiagramError::Spec {
                file: file.clone(),
                game,
                source: Box::new(source),
            })?;
        match crate::layout::layout(&spec) {
            Ok(sheet) => break (spec, sheet),
            Err(LayoutError::Text { problem, .. })
                if matches!(problem.fault, crate::layout::TextFault::TooWide { .. })
                    && name_shown > 4 =>
            {
                name_shown = name_shown.min(problem.text.chars().count()) * 2 / 3;
            }
            Err(source) => {
                return Err(DiagramError::Layout {
                    file: file.clone(),
                    game,
                    source,
                });
            }
        }
    };
    let content = spec.page().content();
    let (mut page, parts) = sheet.into_page();
    let drawn = match position {
        Position::Ttt { game, .. } => ttt_on_sheet(game, &parts, &mut page),
        Position::Sos { game, .. } => sos_on_sheet(game, &parts, &mut page),
    };
    drawn.map_err(|board| DiagramError::NoBoard {
        file: file.clone(),
        game,
        board,
    })?;
    for p in &parts {
        match p.geometry() {
            PartGeometry::WriteIn(w) => {
                for blank in w.blanks() {
                    fill_blank(&blank, &checked.record.tags, &mut page);
                }
            }
            PartGeometry::RecordTables(tables) => {
                for (row, player, columns) in written_moves(position, &checked.record) {
                    for (column, content) in columns.into_iter().enumerate() {
                        let Some(cell) = tables.cell_rect(row, player, column) else {
                            continue;
                        };
                        centred_in(&mut page, cell, content);
                    }
                }
            }
            _ => {}
        }
    }
    let summary = shown(
        &format!(
            "Game {} ({}, line {}): {}",
            report.game,
            caption_file(&report.file),
            report.line,
            summary_text(report)
        ),
        SUMMARY_SHOWN,
    );
    let size = fitting(&summary, 2.8, content.w);
    page.text_at(
        Point::new(content.x, content.y - 2.5),
        TextStyle::new(size),
        summary,
    );
    // What the record wrote (names, moves) is printable and on the page,
    // at 6 pt at the least.
    let whole = Rect::new(0.0, 0.0, page.width, page.height);
    crate::layout::texts::fit_page_texts(&mut page, whole).map_err(|(text, fault)| {
        DiagramError::Layout {
            file: file.clone(),
            game,
            source: crate::layout::TextProblem {
                place: "the diagram".into(),
                text,
                fault,
            }
            .into_error(),
        }
    })?;
    Ok(page)
}

/// A record file's name as a caption shows it: its last 60 characters, and
/// a character the fonts lack written `?` (the name comes from the command
/// line; it is the reader's, not the record's, and not worth refusing).
fn caption_file(file: &str) -> String {
    const SHOWN: usize = 60;
    let printable = crate::fonts::printable(file);
    let n = printable.chars().count();
    if n <= SHOWN {
        return printable;
    }
    let tail: String = printable.chars().skip(n - (SHOWN - 1)).collect();
    format!("…{tail}")
}

/// A text of the record (a player's name, a tag, the summary that quotes
/// them) as a diagram shows it: a character the fonts lack written `?`,
/// and cut to its first `at_most` characters with `…`. A diagram is a
/// picture of the record, which the report checks; refusing to draw a game
/// for a name would lose the rest of a class's games (docs/limits.md).
fn shown(text: &str, at_most: usize) -> String {
    let printable = crate::fonts::printable(text);
    if printable.chars().count() <= at_most {
        return printable;
    }
    let head: String = printable.chars().take(at_most - 1).collect();
    format!("{head}…")
}

/// How many characters of a player's name a diagram shows.
const NAME_SHOWN: usize = 24;
/// How many characters of a tag a write-in line of a diagram shows.
const TAG_SHOWN: usize = 40;
/// How many characters of the summary line a diagram shows.
const SUMMARY_SHOWN: usize = 150;

/// `size`, or smaller (down to 6 pt) so that `content` is at most `room`
/// mm wide.
fn fitting(content: &str, size: f64, room: f64) -> f64 {
    crate::fonts::fit_size(content, FontWeight::Regular, size, room)
}

/// The moves as the players wrote them into the sheet's record tables: row
/// (counted on through the tables), player column group, and the text of each
/// column. Tic-tac-toe family: move pairs by row, X's then O's positions;
/// SOS: one move a row, the player, the cell and the letter.
fn written_moves(position: &Position, record: &GameRecord) -> Vec<(u32, usize, Vec<String>)> {
    match position {
        Position::Ttt { .. } => record
            .moves
            .iter()
            .enumerate()
            .filter_map(|(i, m)| match &m.body {
                MoveBody::Path(mv) => Some((
                    (i / 2) as u32,
                    i % 2,
                    mv.path().iter().map(u8::to_string).collect(),
                )),
                _ => None,
            })
            .collect(),
        Position::Sos { movers, .. } => record
            .moves
            .iter()
            .zip(movers)
            .enumerate()
            .filter_map(|(i, (m, &mover))| {
                let MoveBody::Sos(mv) = m.body else {
                    return None;
                };
                // As written, else whoever the replay gave the move to.
                let who = m
                    .player
                    .clone()
                    .unwrap_or_else(|| crate::games::sos::player_letter(mover).to_string());
                Some((
                    i as u32,
                    0,
                    vec![who, mv.cell.to_string(), mv.letter.to_string()],
                ))
            })
            .collect(),
    }
}

/// Writes `content` centred in `cell`, as small as it must be to fit.
fn centred_in(page: &mut Page, cell: Rect, content: String) {
    let size = fitting(&content, cell.h * 0.62, cell.w - 0.6);
    let style = TextStyle::new(size).anchor(Anchor::Middle).color(X_INK);
    page.text_centred_on(cell.x + cell.w / 2.0, cell.y + cell.h / 2.0, style, content);
}

/// Writes into a blank of a write-in line the record's tag of the same name
/// (`X`, `O`, `Date`), as the players did, shrunk to fit the blank.
fn fill_blank(blank: &Blank, tags: &[Tag], page: &mut Page) {
    let Some(tag) = tags
        .iter()
        .find(|t| t.name.eq_ignore_ascii_case(&blank.label))
    else {
        return;
    };
    let value = shown(tag.value.trim(), TAG_SHOWN);
    if value.is_empty() {
        return;
    }
    let size = fitting(&value, blank.text_size, blank.length - 2.0);
    page.text_at(
        Point::new(blank.start.x + 1.0, blank.start.y),
        TextStyle::new(size).color(X_INK),
        value,
    );
}

/// The board of a tic-tac-toe family sheet: where each field of a game is.
enum Board<'a> {
    Strategic(&'a FieldGeometry),
    Ultimate(&'a UltimateGeometry),
    TicTacToe(&'a TttBoardsGeometry),
}

impl Board<'_> {
    /// The first board-like part of a sheet.
    fn find(parts: &[SheetPart]) -> Option<Board<'_>> {
        parts.iter().find_map(|p| match p.geometry() {
            PartGeometry::StrategicField(g) => Some(Board::Strategic(g)),
            PartGeometry::UltimateField(g) => Some(Board::Ultimate(g)),
            PartGeometry::TttBoards(g) => Some(Board::TicTacToe(g)),
            _ => None,
        })
    }

    fn cell(&self) -> f64 {
        match self {
            Board::Strategic(g) => g.cell(),
            Board::Ultimate(g) => g.cell(),
            Board::TicTacToe(g) => g.cell(),
        }
    }

    /// The square of the field a path names (a whole path: one cell).
    fn area(&self, path: &[u8]) -> Rect {
        match self {
            Board::Strategic(g) => g.field_rect(path),
            Board::Ultimate(g) => g.field_rect(path),
            Board::TicTacToe(g) => g.cell_rect(0, path[0]),
        }
    }
}

/// Draws a tic-tac-toe family position into the field of a laid-out sheet
/// and fills in its tracking grids.
fn ttt_on_sheet(game: &Game, parts: &[SheetPart], page: &mut Page) -> Result<(), &'static str> {
    let board = Board::find(parts).ok_or("strategic field, Ultimate field or tic-tac-toe board")?;
    let cell = board.cell();
    let depth = game.depth();
    // Tints go under the printed sheet, marks over it.
    let mut under = Page::new(page.width, page.height);
    if depth >= 2 {
        for f in 0..9usize.pow(depth as u32 - 1) {
            let tint = match game.field_state(0, f) {
                FieldState::Won(Mark::X) => X_TINT,
                FieldState::Won(Mark::O) => O_TINT,
                FieldState::Drawn => DRAWN_TINT,
                FieldState::Open => continue,
            };
            let path = Move::from_index(f, depth - 1);
            under.rect(board.area(path.path()), Some(tint), None);
        }
    }
    page.items.splice(0..0, under.items);
    for i in 0..9usize.pow(depth as u32) {
        let mv = Move::from_index(i, depth);
        if let Some(mark) = game.cell(mv) {
            draw_mark(
                page,
                mark,
                board.area(mv.path()),
                (cell * 0.09).min(1.4),
                0.2,
                false,
            );
        }
    }
    if depth == 1 {
        winning_line(game, &|p| board.area(&[p]), cell, page);
    }
    // Strategic cells in Strategic, the whole field in Ultimate.
    for s in 0..9u8.pow(depth.saturating_sub(2) as u32) * u8::from(depth >= 2) {
        let state = game.field_state(1, usize::from(s));
        let path: &[u8] = if depth == 3 { &[s + 1] } else { &[] };
        if let FieldState::Won(mark) = state {
            draw_mark(page, mark, board.area(path), 0.7, 0.12, true);
        }
        let ink = match state {
            FieldState::Won(Mark::X) => X_INK,
            FieldState::Won(Mark::O) => O_INK,
            FieldState::Drawn => Color::grey(110),
            FieldState::Open => continue,
        };
        page.rect(
            board.area(path),
            None,
            Some(Stroke::solid(0.9).with_color(ink)),
        );
    }
    for p in parts {
        if let PartGeometry::TrackingGrid(t) = p.geometry() {
            fill_tracking(game, t, page);
        }
    }
    Ok(())
}

/// A thick stroke through the three cells of a won tic-tac-toe board, in the
/// winner's ink; `cell_of` gives the cell of position 1..9.
fn winning_line(game: &Game, cell_of: &dyn Fn(u8) -> Rect, cell: f64, page: &mut Page) {
    let FieldState::Won(mark) = game.field_state(0, 0) else {
        return;
    };
    let board = game.board(0, 0);
    let held = if mark == Mark::X { board.x } else { board.o };
    let Some(line) = WIN_LINES.iter().find(|&&l| held & l == l) else {
        return;
    };
    let positions: Vec<u8> = (1..=9u8).filter(|p| line & (1 << (p - 1)) != 0).collect();
    let centre = |p: u8| {
        let r = cell_of(p);
        Point::new(r.x + r.w / 2.0, r.y + r.h / 2.0)
    };
    let (a, b) = (centre(positions[0]), centre(positions[2]));
    // Past the outer cells' centres, as a pencil stroke through the row.
    let (dx, dy) = ((b.x - a.x) * 0.2, (b.y - a.y) * 0.2);
    let ink = if mark == Mark::X { X_INK } else { O_INK };
    page.line(
        Point::new(a.x - dx, a.y - dy),
        Point::new(b.x + dx, b.y + dy),
        Stroke::solid((cell * 0.06).min(1.2)).with_color(ink),
    );
}

/// The marks a player writes into a tracking grid: X or O for a won field, a
/// dash for a drawn one. The Strategic Grid tracks the fields one level below
/// the whole field (the tactical cells in Ultimate, the strategic cells in
/// Strategic); the Tactical Grid the tactical cells of each strategic cell.
fn fill_tracking(game: &Game, t: &TrackingGeometry, page: &mut Page) {
    let depth = game.depth();
    let (level, blocks) = match t.kind() {
        TrackingKind::Strategic if depth >= 2 => (depth - 2, 1u8),
        TrackingKind::Tactical if depth == 3 => (0, 9),
        _ => return,
    };
    for block in 1..=blocks {
        for pos in 1..=9u8 {
            let field = usize::from(block - 1) * 9 + usize::from(pos - 1);
            let box_ = t.cell_rect(block, pos);
            let width = (box_.w * 0.09).clamp(0.35, 0.6);
            match game.field_state(level, field) {
                FieldState::Won(mark) => draw_mark(page, mark, box_, width, 0.2, false),
                FieldState::Drawn => page.line(
                    Point::new(box_.x + 0.2 * box_.w, box_.y + box_.h / 2.0),
                    Point::new(box_.right() - 0.2 * box_.w, box_.y + box_.h / 2.0),
                    Stroke::solid(width).with_color(Color::grey(90)),
                ),
                FieldState::Open => {}
            }
        }
    }
}

/// Draws an SOS position into the board of the `sos` sheet: the letters, each
/// SOS line in its player's style, and each player's score with a sample of
/// that style in the tally.
fn sos_on_sheet(game: &SosGame, parts: &[SheetPart], page: &mut Page) -> Result<(), &'static str> {
    let places = parts
        .iter()
        .find_map(|p| match p.geometry() {
            PartGeometry::SosBoard(b) => b.boards().into_iter().next(),
            _ => None,
        })
        .ok_or("SOS board")?;
    // Lines first, so the letters stay readable on top of them.
    let cell = places.cell();
    let width = (cell * 0.06).clamp(0.3, 0.8);
    for line in game.lines() {
        let ends =
            [line.cells[0], line.cells[2]].map(|c| places.grid.cell_centre(places.origin, c));
        page.line(ends[0], ends[1], player_stroke(line.player, width));
    }
    let cfg = game.config();
    for row in 0..cfg.height() {
        for col in 0..cfg.width() {
            let c = Cell { col, row };
            if let Some(letter) = game.letter(c) {
                places
                    .grid
                    .draw_letter(places.origin, c, letter, Color::BLACK, page);
            }
        }
    }
    for (p, (score, box_)) in game.scores().iter().zip(places.scores()).enumerate() {
        let y = box_.y + box_.h / 2.0;
        page.line(
            Point::new(box_.x + 1.5, y),
            Point::new(box_.x + 13.0, y),
            player_stroke(p as u8, 0.6),
        );
        let style = TextStyle::new(3.6)
            .anchor(Anchor::End)
            .weight(FontWeight::Bold);
        page.text_centred_on(box_.right() - 2.0, y, style, score.to_string());
    }
    Ok(())
}

/// Player `p`'s SOS line style at `width` mm.
fn player_stroke(p: u8, width: f64) -> Stroke {
    let (color, dash) = PLAYER_STYLES[usize::from(p) % 8];
    Stroke {
        dash,
        ..Stroke::solid(width).with_color(color)
    }
}

/// `710 moves, all moves legal; final position: O (Sara) won; authors' rules`
/// (the rules the position was judged under, for the tic-tac-toe family).
fn summary_text(r: &GameReport) -> String {
    let result = r
        .result
        .as_ref()
        .map_or_else(String::new, ToString::to_string);
    let status = match r.status {
        super::Status::Legal => "all moves legal",
        super::Status::Illegal => "ILLEGAL moves, see the report",
        super::Status::WrongClaim => "legal moves, wrong claim",
        super::Status::UnreadableClaim => "legal moves, unreadable claim",
        super::Status::Unusable => "cannot be checked",
    };
    let plural = if r.moves == 1 { "" } else { "s" };
    let rules = r
        .rules
        .as_ref()
        .map_or_else(String::new, |rules| format!("; {rules}"));
    format!(
        "{} move{plural}, {status}; final position: {result}{rules}",
        r.moves
    )
}

/// An X or an O filling `area` less `pad` (a fraction) on each side; `faint`
/// for the large marks of won fields, which must not hide the cells below.
fn draw_mark(page: &mut Page, mark: Mark, area: Rect, width: f64, pad: f64, faint: bool) {
    let color = match (mark, faint) {
        (Mark::X, false) => X_INK,
        (Mark::O, false) => O_INK,
        (Mark::X, true) => Color::rgb(120, 150, 210),
        (Mark::O, true) => Color::rgb(230, 150, 115),
    };
    nested::draw_mark(page, area, mark, MarkStyle { width, pad, color });
}

/// Eight distinguishable player styles: colour and dash, so lines still tell
/// players apart printed in grey.
const PLAYER_STYLES: [(Color, Option<(f64, f64)>); 8] = [
    (X_INK, None),
    (O_INK, Some((2.2, 1.2))),
    (Color::rgb(30, 130, 60), Some((0.6, 0.9))),
    (Color::rgb(120, 50, 150), Some((3.0, 1.0))),
    (Color::rgb(160, 120, 0), None),
    (Color::rgb(0, 120, 140), Some((1.2, 1.2))),
    (Color::rgb(90, 90, 90), Some((4.0, 1.5))),
    (Color::rgb(200, 30, 110), Some((0.6, 2.0))),
];
