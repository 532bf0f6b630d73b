//! Text metrics and the text-only parts (`[[text]]`, `[[write-in]]`).

use super::arrange::Size;
use crate::display::{Anchor, Color, FontWeight, Page, Point, Stroke, Text};
use crate::fonts;
use crate::spec::{TextPart, WriteIn};

/// Width of `content` set at `size` mm, mm.
pub fn width(content: &str, size: f64, weight: FontWeight) -> f64 {
    fonts::text_width(content, weight, size)
}

/// How a short label is set.
#[derive(Debug, Clone, Copy)]
pub struct Style {
    /// Font size, mm.
    pub size: f64,
    /// Horizontal alignment on the anchor point.
    pub anchor: Anchor,
    /// Regular or bold.
    pub weight: FontWeight,
    /// Glyph colour.
    pub color: Color,
}

/// A line of text whose digits and capitals are vertically centred on `center_y`.
pub fn centered(page: &mut Page, x: f64, center_y: f64, style: Style, content: impl Into<String>) {
    page.text(Text {
        pos: Point::new(x, fonts::baseline_centred_on(center_y, style.size)),
        size: style.size,
        anchor: style.anchor,
        weight: style.weight,
        color: style.color,
        content: content.into(),
    });
}

/// Height of a single line of text at `size` mm (ascent plus descent).
pub fn line_height(size: f64) -> f64 {
    fonts::ascent(size) + fonts::descent(size)
}

/// Baseline offset from the top of a line box of [`line_height`].
pub fn baseline(size: f64) -> f64 {
    fonts::ascent(size)
}

/// The text of a `[[text]]` part after `{maps}` is filled in.
pub fn expand(part: &TextPart, maps_label: &str) -> String {
    part.text.replace("{maps}", maps_label)
}

/// Size of a `[[text]]` part.
pub fn text_size(part: &TextPart, maps_label: &str) -> Size {
    Size {
        w: width(&expand(part, maps_label), part.size, part.weight.into()),
        h: line_height(part.size),
    }
}

/// Draws a `[[text]]` part with its top-left corner at `(x, y)`.
pub fn draw_text(part: &TextPart, x: f64, y: f64, maps_label: &str, page: &mut Page) {
    page.text(Text {
        pos: Point::new(x, y + baseline(part.size)),
        size: part.size,
        anchor: Anchor::Start,
        weight: part.weight.into(),
        color: part.color,
        content: expand(part, maps_label),
    });
}

const LABEL_GAP: f64 = 1.5;
const FIELD_GAP: f64 = 5.0;

/// Size of a `[[write-in]]` part.
pub fn write_in_size(part: &WriteIn) -> Size {
    let n = part.fields.len() as f64;
    let labels: f64 = part
        .fields
        .iter()
        .map(|f| width(f, part.size, FontWeight::Regular))
        .sum();
    Size {
        w: labels + n * (LABEL_GAP + part.width) + (n - 1.0).max(0.0) * FIELD_GAP,
        h: line_height(part.size) + 0.6,
    }
}

/// Where each field of a `[[write-in]]` part drawn with its top-left corner
/// at `(x, y)` has its blank: the field's label and the left end of the
/// blank on the label's baseline (where `paperboard check --diagram` writes
/// the record's value; the blank is `part.width` long).
pub fn write_in_blanks(part: &WriteIn, x: f64, y: f64) -> Vec<(&str, Point)> {
    let base = y + baseline(part.size);
    let mut pos = x;
    part.fields
        .iter()
        .map(|f| {
            pos += width(f, part.size, FontWeight::Regular) + LABEL_GAP;
            let blank = Point::new(pos, base);
            pos += part.width + FIELD_GAP;
            (f.as_str(), blank)
        })
        .collect()
}

/// Draws a `[[write-in]]` part with its top-left corner at `(x, y)`.
pub fn draw_write_in(part: &WriteIn, x: f64, y: f64, page: &mut Page) {
    for (f, blank) in write_in_blanks(part, x, y) {
        page.text(Text {
            pos: Point::new(
                blank.x - LABEL_GAP - width(f, part.size, FontWeight::Regular),
                blank.y,
            ),
            size: part.size,
            anchor: Anchor::Start,
            weight: FontWeight::Regular,
            color: Color::BLACK,
            content: f.to_string(),
        });
        // Inset by half the stroke: its square caps reach that far past the ends.
        let stroke = Stroke::solid(0.2);
        page.line(
            Point::new(blank.x + stroke.width / 2.0, blank.y + 0.6),
            Point::new(blank.x + part.width - stroke.width / 2.0, blank.y + 0.6),
            stroke,
        );
    }
}
