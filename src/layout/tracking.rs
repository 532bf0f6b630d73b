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

/// Draws a tracking grid inside `rect`, centred across it.
pub fn draw(t: &TrackingGrid, rect: Rect, page: &mut Page) {
    let side = grid_side(t);
    let x0 = rect.x + (rect.w - side) / 2.0;
    let y0 = rect.y + heading_height(t) + t.rule / 2.0;
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
    let c = t.cell_mm();
    match t.grid {
        TrackingKind::Tactical => {
            for k in 0..9 {
                let gx = x0 + f64::from(k % 3) * (3.0 * c + t.gap);
                let gy = y0 + f64::from(k / 3) * (3.0 * c + t.gap);
                three_by_three(t, Point::new(gx, gy), c, page);
            }
        }
        TrackingKind::Strategic => three_by_three(t, Point::new(x0, y0), c, page),
    }
}

fn three_by_three(t: &TrackingGrid, at: Point, c: f64, page: &mut Page) {
    let thin = Stroke::solid(t.line);
    for i in 1..3 {
        let d = f64::from(i) * c;
        page.line(
            Point::new(at.x + d, at.y),
            Point::new(at.x + d, at.y + 3.0 * c),
            thin,
        );
        page.line(
            Point::new(at.x, at.y + d),
            Point::new(at.x + 3.0 * c, at.y + d),
            thin,
        );
    }
    page.rect(
        Rect::new(at.x, at.y, 3.0 * c, 3.0 * c),
        None,
        Some(Stroke::solid(t.rule)),
    );
}
