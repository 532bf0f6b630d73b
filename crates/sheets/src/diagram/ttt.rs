//! A tic-tac-toe family position drawn into its sheet: the marks in the
//! field, decided fields filled and outlined by who won them (see
//! [`super::style`]), a badge on each decided strategic cell (the whole
//! field in Ultimate), the winning row of tic-tac-toe framed, and the
//! tracking grids filled in as the players would.

use super::style::{self, badge, field_look, ink, outline_inside};
use crate::boards::nested::{self, MarkStyle};
use crate::display::{Color, Page, Point, Rect, Stroke};
use crate::games::ttt::{FieldState, Game, Mark, Move, Ruleset, WIN_LINES};
use crate::layout::SheetPart;
use crate::parts::{
    FieldGeometry, PartGeometry, TrackingGeometry, TrackingKind, TttBoardsGeometry,
    UltimateGeometry,
};

/// How far a mark keeps from its cell's sides, as a fraction of the side:
/// clear of the position number a tic-tac-toe board prints in each cell's
/// top-left corner.
const TTT_PAD: f64 = 0.3;

/// The board of a tic-tac-toe family sheet: where each field of a game is.
pub(super) enum Board<'a> {
    Strategic(&'a FieldGeometry),
    Ultimate(&'a UltimateGeometry),
    /// Board `index` of a page of tic-tac-toe boards.
    TicTacToe(&'a TttBoardsGeometry, u32),
}

impl Board<'_> {
    /// The first board-like part of a sheet.
    pub(super) fn find(parts: &[SheetPart]) -> Option<Board<'_>> {
        parts.iter().find_map(|p| match p.geometry() {
            PartGeometry::StrategicField(g) => Some(Board::Strategic(g)),
            PartGeometry::UltimateField(g) => Some(Board::Ultimate(g)),
            PartGeometry::TttBoards(g) => Some(Board::TicTacToe(g, 0)),
            _ => None,
        })
    }

    fn cell(&self) -> f64 {
        match self {
            Board::Strategic(g) => g.cell(),
            Board::Ultimate(g) => g.cell(),
            Board::TicTacToe(g, _) => g.cell(),
        }
    }

    /// The square of the field a path names (a whole path: one cell).
    fn area(&self, path: &[u8]) -> Rect {
        match self {
            Board::Strategic(g) => g.field_rect(path),
            Board::Ultimate(g) => g.field_rect(path),
            Board::TicTacToe(g, i) => g.cell_rect(*i, path[0]),
        }
    }
}

/// Draws a tic-tac-toe family position into `board` of a laid-out sheet
/// and fills in the sheet's tracking grids.
pub(super) fn draw(game: &Game, board: &Board<'_>, parts: &[SheetPart], page: &mut Page) {
    let depth = game.depth();
    if depth >= 2 {
        decided_fields(game, board, page);
    }
    draw_marks(game, board, page);
    if depth == 1 {
        winning_bar(game, board, page);
    }
    decided_boards(game, board, page);
    for p in parts {
        if let PartGeometry::TrackingGrid(t) = p.geometry() {
            fill_tracking(game, t, page);
        }
    }
}

/// The decided small fields of a nested game: a fill under the printed
/// sheet and an outline just inside each field's border.
fn decided_fields(game: &Game, board: &Board<'_>, page: &mut Page) {
    let depth = game.depth();
    // Fills go under the printed sheet; outlines, marks and badges over it.
    let mut under = Page::new(page.width, page.height);
    let frame = (0.09 * board.cell()).clamp(0.35, 0.7);
    // Just inside the field's own border (half of its line: 0.5 mm on a
    // Strategic sheet, the heavier board line of an Ultimate field).
    let border = match board {
        Board::Ultimate(g) => g.board_line(),
        _ => nested::LINES[1],
    };
    let inset = border / 2.0 + frame / 2.0;
    for f in 0..9usize.pow(depth as u32 - 1) {
        let Some((fill, stroke)) = field_look(game.field_state(0, f), frame) else {
            continue;
        };
        let area = board.area(Move::from_index(f, depth - 1).path());
        under.rect(area, Some(fill), None);
        outline_inside(page, area, inset, stroke);
    }
    page.items.splice(0..0, under.items);
}

/// Every mark of the position in its cell, in its player's ink.
fn draw_marks(game: &Game, board: &Board<'_>, page: &mut Page) {
    let cell = board.cell();
    let depth = game.depth();
    let (pad, width) = if depth == 1 {
        (TTT_PAD, (cell * 0.06).clamp(0.3, 1.4))
    } else {
        (0.2, (cell * 0.09).clamp(0.3, 1.4))
    };
    // A hyperfunctional sheet prints a number in the top-left corner of
    // every cell: the mark, whole, takes the square right of and below it,
    // so both stay readable at a glance.
    let number_reach = match board {
        Board::Strategic(g) if matches!(game.ruleset(), Some(Ruleset::Hyperfunctional(_))) => {
            Some(g.cell_number_reach())
        }
        _ => None,
    };
    for i in 0..9usize.pow(depth as u32) {
        let mv = Move::from_index(i, depth);
        if let Some(mark) = game.cell(mv) {
            let area = board.area(mv.path());
            let (area, style) = match number_reach {
                Some(reach) => {
                    // Clear of the number, of the cell's lines and of a
                    // decided field's outline inside its border.
                    let side = area.w - reach - 0.12 * area.w;
                    let clear = Rect::new(area.x + reach, area.y + reach, side, side);
                    let style = MarkStyle {
                        width: (side * 0.13).clamp(0.3, 1.0),
                        pad: 0.08,
                        color: ink(mark),
                    };
                    (clear, style)
                }
                None => (
                    area,
                    MarkStyle {
                        width,
                        pad,
                        color: ink(mark),
                    },
                ),
            };
            nested::draw_mark(page, area, mark, style);
        }
    }
}

/// The decided boards one level up (Strategic cells in Strategic, the
/// whole field in Ultimate): a frame in the winner's ink and a badge.
fn decided_boards(game: &Game, board: &Board<'_>, page: &mut Page) {
    let cell = board.cell();
    let depth = game.depth();
    for s in 0..9u8.pow(depth.saturating_sub(2) as u32) * u8::from(depth >= 2) {
        let state = game.field_state(1, usize::from(s));
        let path: &[u8] = if depth == 3 { &[s + 1] } else { &[] };
        let area = board.area(path);
        let color = match state {
            FieldState::Won(mark) => ink(mark),
            FieldState::Drawn => style::DRAWN_INK,
            FieldState::Open => continue,
        };
        page.rect(area, None, Some(Stroke::solid(0.9).with_color(color)));
        // Outside the top-left corner, clear of the row numbers beside the
        // rows and the labels over the tactical cells.
        let side = (0.6 * cell).clamp(2.8, 4.5);
        let off = side / 2.0 + 0.7;
        badge(page, state, Point::new(area.x - off, area.y - off), side);
    }
}

/// The illegal move after the position shown (see [`super::at`]), drawn
/// apart from the game's marks: a heavy dashed frame around its cell, its
/// mark inside in the mover's ink where the cell is empty. A move that
/// names no cell of this board is left to the caption.
pub(super) fn draw_illegal(
    game: &Game,
    board: &Board<'_>,
    illegal: &super::at::IllegalMove,
    page: &mut Page,
) {
    let crate::record::MoveBody::Path(mv) = &illegal.body else {
        return;
    };
    if mv.path().len() != game.depth() {
        return;
    }
    let area = board.area(mv.path());
    let cell = board.cell();
    let mark = if illegal.mark_x { Mark::X } else { Mark::O };
    let width = (0.07 * cell).clamp(0.4, 1.2);
    let frame = Stroke {
        width,
        color: Color::BLACK,
        dash: Some((2.5 * width, 1.5 * width)),
    };
    // Just outside the cell, so the frame does not hide the mark or the
    // cell's own lines.
    page.rect(area.inset(-width), None, Some(frame));
    if game.cell(*mv).is_none() {
        let style = MarkStyle {
            width: (cell * 0.09).clamp(0.3, 1.4),
            pad: 0.25,
            color: ink(mark),
        };
        nested::draw_mark(page, area, mark, style);
    }
}

/// The last move of a position cut short (`--at N`: move N), framed: a
/// heavy solid frame just outside its cell, so the move the position stops
/// at is found at a glance (an illegal move's frame is dashed).
pub(super) fn draw_last(
    game: &Game,
    board: &Board<'_>,
    body: &crate::record::MoveBody,
    page: &mut Page,
) {
    let crate::record::MoveBody::Path(mv) = body else {
        return;
    };
    if mv.path().len() != game.depth() {
        return;
    }
    let area = board.area(mv.path());
    let width = (0.07 * board.cell()).clamp(0.4, 1.2);
    let frame = Stroke {
        width,
        color: Color::BLACK,
        dash: None,
    };
    page.rect(area.inset(-width), None, Some(frame));
}

/// A winning line on the board as numbered marks, 1 first (see
/// [`nested::numbered_mark`]).
pub(super) fn draw_line(board: &Board<'_>, line: &[Move], page: &mut Page) {
    for (i, mv) in line.iter().enumerate() {
        nested::numbered_mark(page, board.area(mv.path()), i + 1);
    }
}

/// The winning row of a tic-tac-toe board, framed: a long outline around
/// the three cells' centres in the winner's ink, distinct from the marks'
/// single strokes and wide enough to pass the position numbers by.
fn winning_bar(game: &Game, board: &Board<'_>, page: &mut Page) {
    let FieldState::Won(mark) = game.field_state(0, 0) else {
        return;
    };
    let b = game.board(0, 0);
    let held = if mark == Mark::X { b.x } else { b.o };
    let Some(line) = WIN_LINES.iter().find(|&&l| held & l == l) else {
        return;
    };
    let positions: Vec<u8> = (1..=9u8).filter(|p| line & (1 << (p - 1)) != 0).collect();
    let (a, b) = (
        board.area(&[positions[0]]).centre(),
        board.area(&[positions[2]]).centre(),
    );
    let cell = board.cell();
    let len = (b.x - a.x).hypot(b.y - a.y);
    // Unit vectors along the row and across it.
    let (ux, uy) = ((b.x - a.x) / len, (b.y - a.y) / len);
    let (nx, ny) = (-uy, ux);
    let (reach, half) = (0.32 * cell, 0.25 * cell);
    let corner = |along: f64, across: f64| {
        Point::new(
            a.x + ux * along + nx * across,
            a.y + uy * along + ny * across,
        )
    };
    let corners = [
        corner(-reach, -half),
        corner(len + reach, -half),
        corner(len + reach, half),
        corner(-reach, half),
    ];
    let stroke = Stroke::solid((0.035 * cell).clamp(0.35, 0.8)).with_color(ink(mark));
    for k in 0..4 {
        page.line(corners[k], corners[(k + 1) % 4], stroke);
    }
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
                FieldState::Won(mark) => nested::draw_mark(
                    page,
                    box_,
                    mark,
                    MarkStyle {
                        width,
                        pad: 0.2,
                        color: ink(mark),
                    },
                ),
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
