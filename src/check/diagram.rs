//! The final position of checked games as a display list, one page per game,
//! for the SVG/PDF backends: each game on its sheet exactly as `render` prints
//! it, filled in as the players would have it at the end. The tic-tac-toe
//! family: marks in the field, won and drawn fields shaded or outlined, the
//! winning row of tic-tac-toe struck, the tracking grids marked; SOS: the
//! letters, every SOS line in its player's colour and dash pattern, and the
//! scores in the tally.

use super::replay::label;
use super::{CheckedGame, GameReport, Position};
use crate::display::{
    Anchor, Color, Document, FontWeight, Item, Metadata, Page, Point, Rect, Stroke, Text,
};
use crate::games::sos::{Cell, SosGame};
use crate::games::ttt::{FieldState, Game, Mark, Move, Ruleset, Variant, WIN_LINES};
use crate::layout::arrange::{Placed, Size, arrange};
use crate::layout::field::Geometry;
use crate::layout::games::{sos_board_places, ttt_board_origin, ultimate_grid_origin};
use crate::layout::record::cell_rect;
use crate::layout::text::write_in_blanks;
use crate::layout::tracking;
use crate::record::{GameRecord, MoveBody, Tag};
use crate::spec::overrides::Override;
use crate::spec::{PartRef, TrackingGrid, TrackingKind, WriteIn};

const X_INK: Color = Color::rgb(30, 70, 150);
const O_INK: Color = Color::rgb(190, 60, 20);
const X_TINT: Color = Color::rgb(215, 226, 244);
const O_TINT: Color = Color::rgb(248, 221, 205);
const DRAWN_TINT: Color = Color::grey(228);

/// One page per game that could be replayed, in order.
pub fn diagram(games: &[&CheckedGame]) -> Document {
    Document {
        metadata: metadata(),
        pages: games.iter().filter_map(|g| game_page(g)).collect(),
    }
}

/// The metadata of a diagram document.
pub fn metadata() -> Metadata {
    Metadata {
        title: "Checked games".into(),
        creator: format!("paperboard {}", env!("CARGO_PKG_VERSION")),
        subject: None,
    }
}

/// The page of one game, `None` for a game that could not be replayed: a
/// long run makes and writes its pages one at a time.
pub fn game_page(g: &CheckedGame) -> Option<Page> {
    let position = g.position.as_ref()?;
    Some(on_sheet(position, g).unwrap_or_else(|| unplaced(&g.report)))
}

/// A page saying the game's sheet could not be laid out (the built-in sheets
/// fit every game size; this only shows if one stops fitting).
fn unplaced(report: &GameReport) -> Page {
    let mut page = Page::new(210.0, 297.0);
    let lines = [
        format!(
            "Game {} ({}, line {}): {}",
            report.game, report.file, report.line, report.description
        ),
        summary_text(report),
        "The game's sheet could not be laid out for this game, so its position is not drawn."
            .into(),
    ];
    for (i, line) in lines.into_iter().enumerate() {
        text(
            &mut page,
            15.0,
            20.0 + 7.0 * i as f64,
            3.6,
            Anchor::Start,
            FontWeight::Regular,
            line,
        );
    }
    page
}

fn text(
    page: &mut Page,
    x: f64,
    y: f64,
    size: f64,
    anchor: Anchor,
    weight: FontWeight,
    content: String,
) {
    page.text(Text {
        pos: Point::new(x, y),
        size,
        anchor,
        weight,
        color: Color::BLACK,
        content,
    });
}

/// Where the 9×9 grid holding a move path's first position starts on a sheet.
type GridOrigin = Box<dyn Fn(&[u8]) -> Point>;

/// The sheet `render` prints for a game, with `--set` overrides that size it
/// to the game: the built-in `ultimate`, `tictactoe` (one large board) or
/// `sos` template, or the Strategic template of its ruleset (printed with the
/// game's own map, see [`print_game_map`]).
fn sheet_for(position: &Position, report: &GameReport) -> (&'static str, Vec<Override>) {
    let set = |key: &str, value: String| Override {
        key: key.to_string(),
        value,
    };
    let template = match position {
        Position::Sos(game) => {
            let cfg = game.config();
            let names: Vec<toml::Value> = (0..cfg.players)
                .map(|p| {
                    let name = report
                        .scores
                        .get(usize::from(p))
                        .and_then(|s| s.name.clone());
                    toml::Value::String(name.unwrap_or_default())
                })
                .collect();
            return (
                "sos",
                vec![
                    set("sos.size", format!("{}x{}", cfg.width, cfg.height)),
                    set("sos.boards", "1".into()),
                    set("sos.players", toml::Value::Array(names).to_string()),
                ],
            );
        }
        Position::Ttt(game) => match game.variant() {
            Variant::TicTacToe => {
                return (
                    "tictactoe",
                    vec![
                        set("boards.boards", "1".into()),
                        set("boards.cell", "30".into()),
                    ],
                );
            }
            Variant::Ultimate => "ultimate",
            Variant::Strategic(Ruleset::Tactical) => "strategic-basic",
            Variant::Strategic(Ruleset::Functional(_)) => "strategic-functional",
            Variant::Strategic(Ruleset::Hyperfunctional(_)) => "strategic-hyperfunctional",
        },
    };
    (template, Vec::new())
}

/// The game's sheet as `render` prints it with the final position drawn in:
/// what the players would have on paper at the end, their tracking grids
/// filled in.
fn on_sheet(position: &Position, checked: &CheckedGame) -> Option<Page> {
    let report = &checked.report;
    let (template, sets) = sheet_for(position, report);
    let mut spec = crate::spec::load_with(template, &sets).ok()?;
    if let Position::Ttt(game) = position {
        print_game_map(game, report, &mut spec);
    }
    let doc = crate::layout::layout(&spec).ok()?;
    let (w, h) = spec.page.size_mm();
    let m = spec.page.margins;
    let content = Rect::new(m.left, m.top, w - m.left - m.right, h - m.top - m.bottom);
    let placed = arrange(&spec, content, Size { w, h });
    let mut page = doc.pages.into_iter().next()?;
    match position {
        Position::Ttt(game) => ttt_on_sheet(game, &placed, &mut page)?,
        Position::Sos(game) => sos_on_sheet(game, &placed, &mut page)?,
    }
    for p in &placed {
        match p.part {
            PartRef::WriteIn(w) => fill_write_in(w, p.rect, &checked.record.tags, &mut page),
            PartRef::RecordTables(r) => {
                let shape = (p.fitted.value as u32, p.fitted.count);
                for (row, player, columns) in written_moves(position, &checked.record) {
                    for (column, content) in columns.into_iter().enumerate() {
                        let Some(cell) = cell_rect(r, shape, p.rect, row, player, column) else {
                            continue;
                        };
                        centred_in(&mut page, cell, content);
                    }
                }
            }
            _ => {}
        }
    }
    let summary = format!(
        "Game {} ({}, line {}): {}",
        report.game,
        report.file,
        report.line,
        summary_text(report)
    );
    text(
        &mut page,
        m.left,
        m.top - 2.5,
        fitting(&summary, 2.8, w - m.left - m.right),
        Anchor::Start,
        FontWeight::Regular,
        summary,
    );
    Some(page)
}

/// `size`, or smaller so that `content` is at most `room` mm wide.
fn fitting(content: &str, size: f64, room: f64) -> f64 {
    let natural = crate::layout::text::width(content, size, FontWeight::Regular);
    size * (room / natural).min(1.0)
}

/// The moves as the players wrote them into the sheet's record tables: row
/// (counted on through the tables), player column group, and the text of each
/// column. Tic-tac-toe family: move pairs by row, X's then O's positions;
/// SOS: one move a row, the player, the cell and the letter.
fn written_moves(position: &Position, record: &GameRecord) -> Vec<(u32, usize, Vec<String>)> {
    match position {
        Position::Ttt(_) => record
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
        Position::Sos(end) => {
            // Who moved follows from replaying (extra turns), unless written.
            let mut game = SosGame::new(end.config());
            record
                .moves
                .iter()
                .enumerate()
                .filter_map(|(i, m)| {
                    let MoveBody::Sos(mv) = m.body else {
                        return None;
                    };
                    let who = m.player.clone().unwrap_or_else(|| {
                        crate::games::sos::player_letter(game.to_move()).to_string()
                    });
                    let _ = game.play(mv);
                    Some((
                        i as u32,
                        0,
                        vec![who, mv.cell.to_string(), mv.letter.to_string()],
                    ))
                })
                .collect()
        }
    }
}

/// Writes `content` centred in `cell`, as small as it must be to fit.
fn centred_in(page: &mut Page, cell: Rect, content: String) {
    let size = fitting(&content, cell.h * 0.62, cell.w - 0.6);
    page.text(Text {
        pos: Point::new(
            cell.x + cell.w / 2.0,
            crate::fonts::baseline_centred_on(cell.y + cell.h / 2.0, size),
        ),
        size,
        anchor: Anchor::Middle,
        weight: FontWeight::Regular,
        color: X_INK,
        content,
    });
}

/// Writes into each blank of a write-in line the record's tag of the same
/// name (`X`, `O`, `Date`), as the players did, shrunk to fit the blank.
fn fill_write_in(w: &WriteIn, rect: Rect, tags: &[Tag], page: &mut Page) {
    for (field, blank) in write_in_blanks(w, rect.x, rect.y) {
        let Some(tag) = tags.iter().find(|t| t.name.eq_ignore_ascii_case(field)) else {
            continue;
        };
        let value = tag.value.trim();
        if value.is_empty() {
            continue;
        }
        page.text(Text {
            pos: Point::new(blank.x + 1.0, blank.y),
            size: fitting(value, w.size, w.width - 2.0),
            anchor: Anchor::Start,
            weight: FontWeight::Regular,
            color: X_INK,
            content: value.to_string(),
        });
    }
}

/// Prints the game's own map on its Strategic sheet: the functional map's row
/// numbers, or the hyperfunctional map's number in every cell, named in the
/// footer as the record names it.
fn print_game_map(game: &Game, report: &GameReport, spec: &mut crate::spec::Spec) {
    // `strategic, functional map67, no-return`: the tag's value follows the ruleset.
    let name = || {
        report
            .description
            .split(", ")
            .nth(1)
            .and_then(|r| r.split_once(' '))
            .map_or_else(String::new, |(_, map)| map.to_string())
    };
    for f in &mut spec.strategic_field {
        match game.variant() {
            Variant::Strategic(Ruleset::Functional(m)) => f.row_map = Some((name(), *m)),
            Variant::Strategic(Ruleset::Hyperfunctional(h)) => {
                f.cell_map = Some((name(), h.clone()));
            }
            _ => {}
        }
    }
}

/// Draws a tic-tac-toe family position into the field of a laid-out sheet
/// and fills in its tracking grids.
fn ttt_on_sheet(game: &Game, placed: &[Placed], page: &mut Page) -> Option<()> {
    // Top-left corner of the 9×9 (or 3×3) grid holding the path's first
    // position, and the cell size.
    let (grid_origin, cell): (GridOrigin, f64) = placed.iter().find_map(|p| match p.part {
        PartRef::StrategicField(f) => {
            let g = Geometry::new(f, p.fitted.value);
            let rect = p.rect;
            let origin: GridOrigin = Box::new(move |path: &[u8]| {
                let o = g.grid_origin(path[0]);
                Point::new(rect.x + o.x, rect.y + o.y)
            });
            Some((origin, p.fitted.value))
        }
        PartRef::UltimateField(f) => {
            let o = ultimate_grid_origin(f, p.fitted.value, p.rect);
            Some((Box::new(move |_: &[u8]| o) as GridOrigin, p.fitted.value))
        }
        PartRef::TttBoards(b) => {
            let o = ttt_board_origin(b, p.fitted.value, p.rect, 0);
            Some((Box::new(move |_: &[u8]| o) as GridOrigin, p.fitted.value))
        }
        _ => None,
    })?;
    let depth = game.depth();
    // `size` cells square from the top-left cell of `path` (up to `depth`
    // positions); in Strategic the first position picks the 9×9 grid.
    let area = |path: &[u8], size: f64| {
        let o = grid_origin(path);
        let inner = if depth == 3 { &path[1..] } else { path };
        let (r, c) = origin(inner, depth.min(2));
        Rect::new(
            o.x + c as f64 * cell,
            o.y + r as f64 * cell,
            size * cell,
            size * cell,
        )
    };
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
            under.rect(area(path.path(), 3.0), Some(tint), None);
        }
    }
    page.items.splice(0..0, under.items);
    for i in 0..9usize.pow(depth as u32) {
        let mv = Move::from_index(i, depth);
        if let Some(mark) = game.cell(mv) {
            draw_mark(
                page,
                mark,
                area(mv.path(), 1.0),
                (cell * 0.09).min(1.4),
                0.2,
                false,
            );
        }
    }
    if depth == 1 {
        winning_line(game, &|p| area(&[p], 1.0), cell, page);
    }
    // Strategic cells in Strategic, the whole field in Ultimate.
    for s in 0..9u8.pow(depth.saturating_sub(2) as u32) * u8::from(depth >= 2) {
        let state = game.field_state(1, usize::from(s));
        if let FieldState::Won(mark) = state {
            draw_mark(page, mark, area(&[s + 1], 9.0), 0.7, 0.12, true);
        }
        let ink = match state {
            FieldState::Won(Mark::X) => X_INK,
            FieldState::Won(Mark::O) => O_INK,
            FieldState::Drawn => Color::grey(110),
            FieldState::Open => continue,
        };
        page.rect(
            area(&[s + 1], 9.0),
            None,
            Some(Stroke::solid(0.9).with_color(ink)),
        );
    }
    for p in placed {
        if let PartRef::TrackingGrid(t) = p.part {
            fill_tracking(game, t, p.rect, page);
        }
    }
    Some(())
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
fn fill_tracking(game: &Game, t: &TrackingGrid, rect: Rect, page: &mut Page) {
    let depth = game.depth();
    let (level, blocks) = match t.grid {
        TrackingKind::Strategic if depth >= 2 => (depth - 2, 1u8),
        TrackingKind::Tactical if depth == 3 => (0, 9),
        _ => return,
    };
    for block in 1..=blocks {
        for pos in 1..=9u8 {
            let field = usize::from(block - 1) * 9 + usize::from(pos - 1);
            let box_ = tracking::cell_rect(t, rect, block, pos);
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
fn sos_on_sheet(game: &SosGame, placed: &[Placed], page: &mut Page) -> Option<()> {
    let places = placed.iter().find_map(|p| match p.part {
        PartRef::SosBoard(b) => Some(sos_board_places(b, p.fitted.value, p.rect, 0)),
        _ => None,
    })?;
    // Lines first, so the letters stay readable on top of them.
    let cell = places.grid.cell;
    let width = (cell * 0.06).clamp(0.3, 0.8);
    for line in game.lines() {
        let ends =
            [line.cells[0], line.cells[2]].map(|c| places.grid.cell_centre(places.origin, c));
        page.line(ends[0], ends[1], player_stroke(line.player, width));
    }
    let cfg = game.config();
    for row in 0..cfg.height {
        for col in 0..cfg.width {
            let c = Cell { col, row };
            if let Some(letter) = game.letter(c) {
                places
                    .grid
                    .draw_letter(places.origin, c, letter, Color::BLACK, page);
            }
        }
    }
    for (p, (score, box_)) in game.scores().iter().zip(&places.scores).enumerate() {
        let y = box_.y + box_.h / 2.0;
        page.line(
            Point::new(box_.x + 1.5, y),
            Point::new(box_.x + 13.0, y),
            player_stroke(p as u8, 0.6),
        );
        page.text(Text {
            pos: Point::new(
                box_.right() - 2.0,
                crate::fonts::baseline_centred_on(y, 3.6),
            ),
            size: 3.6,
            anchor: Anchor::End,
            weight: FontWeight::Bold,
            color: Color::BLACK,
            content: score.to_string(),
        });
    }
    Some(())
}

/// Player `p`'s SOS line style at `width` mm.
fn player_stroke(p: u8, width: f64) -> Stroke {
    let (color, dash) = PLAYER_STYLES[usize::from(p) % 8];
    Stroke {
        dash,
        ..Stroke::solid(width).with_color(color)
    }
}

/// `710 moves, all moves legal; final position: O (Sara) won`.
fn summary_text(r: &GameReport) -> String {
    let result = match &r.result {
        Some(res) => match (res.outcome, &res.winner) {
            ("win", Some(w)) => format!("{} won", label(w, res.winner_name.as_deref())),
            ("draw", _) => "drawn".into(),
            _ => "unfinished".into(),
        },
        None => String::new(),
    };
    let status = match r.status {
        super::Status::Legal => "all moves legal",
        super::Status::Illegal => "ILLEGAL moves, see the report",
        super::Status::WrongClaim => "legal moves, wrong claim",
        super::Status::UnreadableClaim => "legal moves, unreadable claim",
        super::Status::Unusable => "cannot be checked",
    };
    let plural = if r.moves == 1 { "" } else { "s" };
    format!(
        "{} move{plural}, {status}; final position: {result}",
        r.moves
    )
}

/// Row and column (in cells) of the top-left cell of the field a path names.
fn origin(path: &[u8], depth: usize) -> (usize, usize) {
    path.iter().enumerate().fold((0, 0), |(r, c), (i, &p)| {
        let unit = 3usize.pow((depth - 1 - i) as u32);
        let p = usize::from(p - 1);
        (r + p / 3 * unit, c + p % 3 * unit)
    })
}

/// An X or an O filling `area` less `pad` (a fraction) on each side; `faint`
/// for the large marks of won fields, which must not hide the cells below.
fn draw_mark(page: &mut Page, mark: Mark, area: Rect, width: f64, pad: f64, faint: bool) {
    let (px, py) = (area.w * pad, area.h * pad);
    let ink = match (mark, faint) {
        (Mark::X, false) => X_INK,
        (Mark::O, false) => O_INK,
        (Mark::X, true) => Color::rgb(120, 150, 210),
        (Mark::O, true) => Color::rgb(230, 150, 115),
    };
    match mark {
        Mark::X => {
            let stroke = Stroke::solid(width).with_color(ink);
            page.line(
                Point::new(area.x + px, area.y + py),
                Point::new(area.right() - px, area.bottom() - py),
                stroke,
            );
            page.line(
                Point::new(area.right() - px, area.y + py),
                Point::new(area.x + px, area.bottom() - py),
                stroke,
            );
        }
        Mark::O => page.items.push(Item::Circle {
            center: Point::new(area.x + area.w / 2.0, area.y + area.h / 2.0),
            radius: area.w / 2.0 - px,
            fill: None,
            stroke: Some(Stroke::solid(width).with_color(ink)),
        }),
    }
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
