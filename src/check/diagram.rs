//! The final position of checked games as a display list, one A4 page per
//! game, for the SVG/PDF backends: the tic-tac-toe family field with its marks,
//! won and drawn fields shaded or outlined; the SOS grid with its letters and
//! every SOS line in its player's colour and dash pattern.

use super::replay::label;
use super::{CheckedGame, GameReport, Position};
use crate::display::{
    Anchor, Color, Document, FontWeight, Item, Metadata, Page, Point, Rect, Stroke, Text,
};
use crate::games::sos::{Cell, SosGame, player_letter};
use crate::games::ttt::{FieldState, Game, Mark, Move, Ruleset, Variant, WIN_LINES};
use crate::layout::arrange::{Placed, Size, arrange};
use crate::layout::field::Geometry;
use crate::layout::games::{sos_board_places, ttt_board_origin, ultimate_grid_origin};
use crate::layout::tracking::cell_rect;
use crate::maps::{hmap2, map34};
use crate::spec::overrides::Override;
use crate::spec::{PartRef, TrackingGrid, TrackingKind};

const PAGE_W: f64 = 210.0;
const PAGE_H: f64 = 297.0;
const MARGIN: f64 = 15.0;
/// Top of the field, below the two heading lines.
const FIELD_TOP: f64 = 42.0;
const FIELD_MAX: f64 = PAGE_W - 2.0 * MARGIN;

const X_INK: Color = Color::rgb(30, 70, 150);
const O_INK: Color = Color::rgb(190, 60, 20);
const X_TINT: Color = Color::rgb(215, 226, 244);
const O_TINT: Color = Color::rgb(248, 221, 205);
const DRAWN_TINT: Color = Color::grey(228);

/// One page per game that could be replayed, in order.
pub fn diagram(games: &[&CheckedGame]) -> Document {
    let pages = games
        .iter()
        .filter_map(|g| {
            let position = g.position.as_ref()?;
            if let Some(page) = on_sheet(position, &g.report) {
                return Some(page);
            }
            let mut page = Page::new(PAGE_W, PAGE_H);
            heading(&g.report, &mut page);
            match position {
                Position::Ttt(game) => ttt_field(game, &mut page),
                Position::Sos(game) => sos_grid(game, &g.report, &mut page),
            }
            Some(page)
        })
        .collect();
    Document {
        metadata: Metadata {
            title: "Checked games".into(),
            creator: format!("paperboard {}", env!("CARGO_PKG_VERSION")),
            subject: None,
        },
        pages,
    }
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

/// A line of text whose capitals are centred on `y`.
fn centred(page: &mut Page, x: f64, y: f64, size: f64, color: Color, content: String) {
    page.text(Text {
        pos: Point::new(x, crate::fonts::baseline_centred_on(y, size)),
        size,
        anchor: Anchor::Middle,
        weight: FontWeight::Regular,
        color,
        content,
    });
}

/// Where the 9×9 grid holding a move path's first position starts on a sheet.
type GridOrigin = Box<dyn Fn(&[u8]) -> Point>;

/// The sheet `render` prints for a game, with `--set` overrides that size it
/// to the game: the built-in `ultimate`, `tictactoe` (one large board) or
/// `sos` template, or the Strategic template of its ruleset. `None` for
/// Strategic games on other maps, whose numbers no template prints.
fn sheet_for(position: &Position, report: &GameReport) -> Option<(&'static str, Vec<Override>)> {
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
            return Some((
                "sos",
                vec![
                    set("sos.size", format!("{}x{}", cfg.width, cfg.height)),
                    set("sos.boards", "1".into()),
                    set("sos.players", toml::Value::Array(names).to_string()),
                ],
            ));
        }
        Position::Ttt(game) => match game.variant() {
            Variant::TicTacToe => {
                return Some((
                    "tictactoe",
                    vec![
                        set("boards.boards", "1".into()),
                        set("boards.cell", "30".into()),
                    ],
                ));
            }
            Variant::Ultimate => "ultimate",
            Variant::Strategic(Ruleset::Tactical) => "strategic-basic",
            Variant::Strategic(Ruleset::Functional(m)) if *m == map34() => "strategic-functional",
            Variant::Strategic(Ruleset::Hyperfunctional(h)) if **h == hmap2() => {
                "strategic-hyperfunctional"
            }
            _ => return None,
        },
    };
    Some((template, Vec::new()))
}

/// The game's sheet as `render` prints it with the final position drawn in:
/// what the players would have on paper at the end, their tracking grids
/// filled in.
fn on_sheet(position: &Position, report: &GameReport) -> Option<Page> {
    let (template, sets) = sheet_for(position, report)?;
    let spec = crate::spec::load_with(template, &sets).ok()?;
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
        2.8,
        Anchor::Start,
        FontWeight::Regular,
        summary,
    );
    Some(page)
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
            let box_ = cell_rect(t, rect, block, pos);
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
        super::Status::Unusable => "cannot be checked",
    };
    let plural = if r.moves == 1 { "" } else { "s" };
    format!(
        "{} move{plural}, {status}; final position: {result}",
        r.moves
    )
}

fn heading(r: &GameReport, page: &mut Page) {
    let title = format!("Game {}: {}", r.game, r.description);
    text(
        page,
        MARGIN,
        20.0,
        5.0,
        Anchor::Start,
        FontWeight::Bold,
        title,
    );
    let from = format!("{}, line {}", r.file, r.line);
    text(
        page,
        MARGIN,
        26.5,
        3.4,
        Anchor::Start,
        FontWeight::Regular,
        from,
    );
    let line = summary_text(r);
    text(
        page,
        MARGIN,
        32.5,
        3.8,
        Anchor::Start,
        FontWeight::Regular,
        line,
    );
}

/// Row and column (in cells) of the top-left cell of the field a path names.
fn origin(path: &[u8], depth: usize) -> (usize, usize) {
    path.iter().enumerate().fold((0, 0), |(r, c), (i, &p)| {
        let unit = 3usize.pow((depth - 1 - i) as u32);
        let p = usize::from(p - 1);
        (r + p / 3 * unit, c + p % 3 * unit)
    })
}

fn ttt_field(game: &Game, page: &mut Page) {
    let depth = game.depth();
    let n = 3usize.pow(depth as u32);
    let side = FIELD_MAX.min(150.0 + 10.0 * depth as f64);
    let cell = side / n as f64;
    let x0 = (PAGE_W - side) / 2.0;
    let at = |r: usize, c: usize| Point::new(x0 + c as f64 * cell, FIELD_TOP + r as f64 * cell);

    // Tactical cells won or drawn: tinted underneath everything.
    let tacticals = 9usize.pow(depth as u32 - 1);
    for f in 0..tacticals {
        let tint = match game.field_state(0, f) {
            FieldState::Won(Mark::X) => X_TINT,
            FieldState::Won(Mark::O) => O_TINT,
            FieldState::Drawn => DRAWN_TINT,
            FieldState::Open => continue,
        };
        let path = field_path(f, depth - 1);
        let (r, c) = origin(&path, depth);
        let p = at(r, c);
        page.rect(
            Rect::new(p.x, p.y, 3.0 * cell, 3.0 * cell),
            Some(tint),
            None,
        );
    }
    // Lines: thicker for higher levels, so the nesting reads at a glance.
    let widths = [0.15, 0.6, 1.0, 1.4];
    for (level, &width) in widths.iter().enumerate().take(depth + 1) {
        let step = 3usize.pow(level as u32);
        let stroke = Stroke::solid(width);
        for i in (0..=n).filter(|i| i % step == 0 && (level == depth || i % (step * 3) != 0)) {
            page.line(at(0, i), at(n, i), stroke);
            page.line(at(i, 0), at(i, n), stroke);
        }
    }
    // Marks.
    for i in 0..n * n {
        let mv = Move::from_index(i, depth);
        let Some(mark) = game.cell(mv) else { continue };
        let (r, c) = origin(mv.path(), depth);
        let p = at(r, c);
        draw_mark(
            page,
            mark,
            Rect::new(p.x, p.y, cell, cell),
            cell * 0.09,
            0.2,
            false,
        );
    }
    // Won fields above the tactical level: outlined in the winner's ink with a
    // large faint mark; drawn ones dashed.
    for level in 1..depth {
        let fields = 9usize.pow((depth - 1 - level) as u32);
        let size = 3usize.pow(level as u32 + 1);
        for f in 0..fields {
            let state = game.field_state(level, f);
            if state == FieldState::Open {
                continue;
            }
            let path = field_path(f, depth - 1 - level);
            let (r, c) = origin(&path, depth);
            let p = at(r, c);
            let inset = 0.9;
            let area = Rect::new(
                p.x + inset,
                p.y + inset,
                size as f64 * cell - 2.0 * inset,
                size as f64 * cell - 2.0 * inset,
            );
            let stroke = match state {
                FieldState::Won(Mark::X) => Stroke::solid(0.9).with_color(X_INK),
                FieldState::Won(Mark::O) => Stroke::solid(0.9).with_color(O_INK),
                _ => Stroke {
                    dash: Some((2.0, 1.5)),
                    ..Stroke::solid(0.7).with_color(Color::grey(110))
                },
            };
            if let FieldState::Won(mark) = state {
                draw_mark(page, mark, area, 0.7, 0.12, true);
            }
            page.rect(area, None, Some(stroke));
        }
    }
    legend(page, FIELD_TOP + side + 10.0);
}

/// The path of field `index` among the `9^len` fields named by `len` positions.
fn field_path(index: usize, len: usize) -> Vec<u8> {
    if len == 0 {
        Vec::new()
    } else {
        Move::from_index(index, len).path().to_vec()
    }
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

fn legend(page: &mut Page, y: f64) {
    let entries = [
        (X_TINT, "tactical cell won by X"),
        (O_TINT, "tactical cell won by O"),
        (DRAWN_TINT, "tactical cell drawn"),
    ];
    for (i, (tint, what)) in entries.iter().enumerate() {
        let x = MARGIN + i as f64 * 60.0;
        page.rect(
            Rect::new(x, y - 3.0, 4.0, 4.0),
            Some(*tint),
            Some(Stroke::solid(0.15)),
        );
        text(
            page,
            x + 6.0,
            y,
            3.2,
            Anchor::Start,
            FontWeight::Regular,
            what.to_string(),
        );
    }
    text(
        page,
        MARGIN,
        y + 7.0,
        3.2,
        Anchor::Start,
        FontWeight::Regular,
        "Larger fields won are outlined in the winner's colour; drawn ones dashed grey.".into(),
    );
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

fn sos_grid(game: &SosGame, report: &GameReport, page: &mut Page) {
    let cfg = game.config();
    let (w, h) = (usize::from(cfg.width), usize::from(cfg.height));
    let cell = (FIELD_MAX - 8.0) / w as f64;
    let cell = cell.min(180.0 / h as f64).min(16.0);
    let x0 = (PAGE_W - cell * w as f64) / 2.0;
    let y0 = FIELD_TOP + 4.0;
    let center = |c: Cell| {
        Point::new(
            x0 + (f64::from(c.col) + 0.5) * cell,
            y0 + (f64::from(c.row) + 0.5) * cell,
        )
    };
    let thin = Stroke::solid(0.2);
    for i in 0..=w {
        let x = x0 + i as f64 * cell;
        page.line(Point::new(x, y0), Point::new(x, y0 + h as f64 * cell), thin);
    }
    for j in 0..=h {
        let y = y0 + j as f64 * cell;
        page.line(Point::new(x0, y), Point::new(x0 + w as f64 * cell, y), thin);
    }
    let label_size = (cell * 0.35).min(4.0);
    for col in 0..w {
        let x = x0 + (col as f64 + 0.5) * cell;
        let name = char::from(b'a' + col as u8).to_string();
        centred(page, x, y0 - label_size, label_size, Color::grey(90), name);
    }
    for row in 0..h {
        let y = y0 + (row as f64 + 0.5) * cell;
        centred(
            page,
            x0 - label_size * 1.2,
            y,
            label_size,
            Color::grey(90),
            (row + 1).to_string(),
        );
    }
    for row in 0..h {
        for col in 0..w {
            let c = Cell {
                col: col as u8,
                row: row as u8,
            };
            if let Some(letter) = game.letter(c) {
                let p = center(c);
                centred(
                    page,
                    p.x,
                    p.y,
                    cell * 0.45,
                    Color::BLACK,
                    letter.to_string(),
                );
            }
        }
    }
    for line in game.lines() {
        let (color, dash) = PLAYER_STYLES[usize::from(line.player) % 8];
        let stroke = Stroke {
            dash,
            ..Stroke::solid((cell * 0.06).clamp(0.3, 0.8)).with_color(color)
        };
        page.line(center(line.cells[0]), center(line.cells[2]), stroke);
    }
    // Legend: each player's line style, name and score.
    let mut y = y0 + h as f64 * cell + 12.0;
    for s in &report.scores {
        let p = s.player.bytes().next().map_or(0, |b| b - b'A');
        let (color, dash) = PLAYER_STYLES[usize::from(p) % 8];
        page.line(
            Point::new(MARGIN, y - 1.2),
            Point::new(MARGIN + 14.0, y - 1.2),
            Stroke {
                dash,
                ..Stroke::solid(0.6).with_color(color)
            },
        );
        let who = label(&player_letter(p).to_string(), s.name.as_deref());
        let points = if s.score == 1 { "point" } else { "points" };
        text(
            page,
            MARGIN + 18.0,
            y,
            3.6,
            Anchor::Start,
            FontWeight::Regular,
            format!("{who}: {} {points}", s.score),
        );
        y += 6.5;
    }
}
