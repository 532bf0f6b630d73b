//! Tracking grids: the Tactical Grid (nine small 3×3 grids, one per strategic
//! cell) and the Strategic Grid (one 3×3), under an optional heading.

use super::arrange::Size;
use super::text;
use crate::display::{Anchor, Color, FontWeight, Page, Point, Rect, Stroke, Text};
use crate::spec::{TrackingGrid, TrackingKind};

fn heading_height(t: &TrackingGrid) -> f64 {
    if t.title_text().is_some() {
        text::line_height(t.title_size) + 0.8
    } else {
        0.0
    }
}

fn grid_side(t: &TrackingGrid) -> f64 {
    let c = t.cell_mm();
    match t.grid {
        TrackingKind::Tactical => 9.0 * c + 2.0 * t.gap,
        TrackingKind::Strategic => 3.0 * c,
    }
}

/// The extent of a tracking grid with its heading.
pub fn size(t: &TrackingGrid) -> Size {
    let title_w = t
        .title_text()
        .map_or(0.0, |s| text::width(s, t.title_size, FontWeight::Bold));
    let side = grid_side(t) + t.rule;
    Size {
        w: side.max(title_w),
        h: heading_height(t) + side,
    }
}

/// Top-left corner of the first 3×3 of a tracking grid drawn inside `rect`.
fn grids_origin(t: &TrackingGrid, rect: Rect) -> Point {
    Point::new(
        rect.x + (rect.w - grid_side(t)) / 2.0,
        rect.y + heading_height(t) + t.rule / 2.0,
    )
}

/// The cell for position `position` (1..9) in 3×3 number `block` (1..9; the
/// Strategic Grid has only block 1) of a tracking grid drawn inside `rect`:
/// where a player marks a won or drawn field (and `paperboard check --diagram`
/// does).
pub fn cell_rect(t: &TrackingGrid, rect: Rect, block: u8, position: u8) -> Rect {
    let o = grids_origin(t, rect);
    let c = t.cell_mm();
    let (b, p) = (f64::from(block - 1), f64::from(position - 1));
    let step = 3.0 * c + t.gap;
    Rect::new(
        o.x + (b % 3.0) * step + (p % 3.0) * c,
        o.y + (b / 3.0).floor() * step + (p / 3.0).floor() * c,
        c,
        c,
    )
}

/// Draws a tracking grid inside `rect`, centred across it.
pub fn draw(t: &TrackingGrid, rect: Rect, page: &mut Page) {
    if let Some(title) = t.title_text() {
        page.text(Text {
            pos: Point::new(rect.x + rect.w / 2.0, rect.y + text::baseline(t.title_size)),
            size: t.title_size,
            anchor: Anchor::Middle,
            weight: FontWeight::Bold,
            color: Color::BLACK,
            content: title.to_string(),
        });
    }
    let blocks = match t.grid {
        TrackingKind::Tactical => 9,
        TrackingKind::Strategic => 1,
    };
    for block in 1..=blocks {
        let first = cell_rect(t, rect, block, 1);
        three_by_three(t, Point::new(first.x, first.y), t.cell_mm(), page);
    }
}

fn three_by_three(t: &TrackingGrid, at: Point, c: f64, page: &mut Page) {
    let thin = Stroke::solid(t.line);
    for i in 1..3 {
        page.grid_lines(at, f64::from(i) * c, 3.0 * c, thin);
    }
    page.rect(
        Rect::new(at.x, at.y, 3.0 * c, 3.0 * c),
        None,
        Some(Stroke::solid(t.rule)),
    );
}
