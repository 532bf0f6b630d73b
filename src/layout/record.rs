//! Move-record tables: per table a number column, then for each player a
//! group of address columns (`S T O`), under a two-row heading.

use super::arrange::Size;
use super::text::{Style, centered};
use crate::display::{Anchor, Color, FontWeight, Page, Point, Rect, Stroke};
use crate::spec::{Extent, RecordTables};

/// Width of the row-number column, mm.
const NUMBER_COL: f64 = 5.5;
/// Heading rows above the writing rows.
const HEADING_ROWS: u32 = 2;

fn number_col(r: &RecordTables) -> f64 {
    if r.numbered { NUMBER_COL } else { 0.0 }
}

fn table_width(r: &RecordTables) -> f64 {
    number_col(r) + (r.players.len() * r.columns.len()) as f64 * r.column_width
}

/// The writing rows per table: as given, or as many as fit the height.
pub fn rows(r: &RecordTables, avail: Size) -> u32 {
    match r.rows {
        Extent::Fixed(n) => n,
        Extent::Fit => {
            let room = avail.h - r.rule + 1e-9;
            let fits = (room / r.row_height).floor() as i64 - i64::from(HEADING_ROWS);
            fits.max(1) as u32
        }
    }
}

/// How many tables side by side: as given, or as many as fit the width.
pub fn count(r: &RecordTables, avail: Size) -> u32 {
    match r.count {
        Extent::Fixed(n) => n,
        Extent::Fit => {
            let pitch = table_width(r) + r.rule + r.gap;
            (((avail.w + r.gap + 1e-9) / pitch).floor() as u32).clamp(1, 20)
        }
    }
}

/// The extent of `count` tables with `rows` writing rows.
pub fn size(r: &RecordTables, rows: u32, count: u32) -> Size {
    let n = f64::from(count);
    // Each table's outline is centred on its edges: half of it lies outside.
    Size {
        w: n * (table_width(r) + r.rule) + (n - 1.0) * r.gap,
        h: f64::from(rows + HEADING_ROWS) * r.row_height + r.rule,
    }
}

/// The outline of table `t` (0-based) of tables with `rows` writing rows
/// inside `rect`.
fn table_rect(r: &RecordTables, rows: u32, t: u32, rect: Rect) -> Rect {
    let inset = r.rule / 2.0;
    let x = rect.x + inset + f64::from(t) * (table_width(r) + r.rule + r.gap);
    Rect::new(
        x,
        rect.y + inset,
        table_width(r),
        f64::from(rows + HEADING_ROWS) * r.row_height,
    )
}

/// The cell of writing row `row` (0-based, counted on through the tables),
/// player `player`'s column `column`, of `count` tables with `rows` writing
/// rows inside `rect` (where `paperboard check --diagram` writes a move);
/// `None` past the last row.
pub fn cell_rect(
    r: &RecordTables,
    (rows, count): (u32, u32),
    rect: Rect,
    row: u32,
    player: usize,
    column: usize,
) -> Option<Rect> {
    if row >= rows * count || player >= r.players.len() || column >= r.columns.len() {
        return None;
    }
    let at = table_rect(r, rows, row / rows, rect);
    let per_player = r.columns.len() as f64 * r.column_width;
    Some(Rect::new(
        at.x + number_col(r) + player as f64 * per_player + column as f64 * r.column_width,
        at.y + f64::from(HEADING_ROWS + row % rows) * r.row_height,
        r.column_width,
        r.row_height,
    ))
}

/// Draws `count` tables with `rows` writing rows inside `rect`.
pub fn draw(r: &RecordTables, rows: u32, count: u32, rect: Rect, page: &mut Page) {
    for t in 0..count {
        table(r, rows, t * rows, table_rect(r, rows, t, rect), page);
    }
}

fn table(r: &RecordTables, rows: u32, first: u32, at: Rect, page: &mut Page) {
    let rh = r.row_height;
    let nc = number_col(r);
    let per_player = r.columns.len() as f64 * r.column_width;
    let thin = Stroke::solid(r.line);
    let five = Stroke::solid((r.line * 2.0).min(r.rule));
    let rule = Stroke::solid(r.rule);
    let body_top = at.y + f64::from(HEADING_ROWS) * rh;
    // Horizontal rules: between writing rows, heavier every fifth.
    page.line(
        Point::new(at.x + nc, at.y + rh),
        Point::new(at.right(), at.y + rh),
        thin,
    );
    for i in 1..rows {
        let y = body_top + f64::from(i) * rh;
        let s = if i % 5 == 0 { five } else { thin };
        page.line(Point::new(at.x, y), Point::new(at.right(), y), s);
    }
    // Vertical rules between address columns.
    for p in 0..r.players.len() {
        let px = at.x + nc + p as f64 * per_player;
        for c in 1..r.columns.len() {
            let x = px + c as f64 * r.column_width;
            page.line(Point::new(x, at.y + rh), Point::new(x, at.bottom()), thin);
        }
        if p > 0 {
            page.line(Point::new(px, at.y), Point::new(px, at.bottom()), rule);
        }
    }
    if nc > 0.0 {
        page.line(
            Point::new(at.x + nc, at.y),
            Point::new(at.x + nc, at.bottom()),
            rule,
        );
    }
    page.line(
        Point::new(at.x, body_top),
        Point::new(at.right(), body_top),
        rule,
    );
    page.rect(at, None, Some(rule));
    // Headings and row numbers.
    for (p, name) in r.players.iter().enumerate() {
        let px = at.x + nc + p as f64 * per_player;
        centered(
            page,
            px + per_player / 2.0,
            at.y + rh / 2.0,
            Style {
                size: rh * 0.62,
                anchor: Anchor::Middle,
                weight: FontWeight::Bold,
                color: Color::BLACK,
            },
            name.clone(),
        );
        for (c, col) in r.columns.iter().enumerate() {
            let x = px + (c as f64 + 0.5) * r.column_width;
            centered(
                page,
                x,
                at.y + 1.5 * rh,
                Style {
                    size: rh * 0.5,
                    anchor: Anchor::Middle,
                    weight: FontWeight::Regular,
                    color: Color::grey(0x40),
                },
                col.clone(),
            );
        }
    }
    if nc > 0.0 {
        for i in 0..rows {
            let y = body_top + (f64::from(i) + 0.5) * rh;
            centered(
                page,
                at.x + nc - 0.6,
                y,
                Style {
                    size: rh * 0.45,
                    anchor: Anchor::End,
                    weight: FontWeight::Regular,
                    color: Color::grey(0x70),
                },
                (first + i + 1).to_string(),
            );
        }
    }
}
