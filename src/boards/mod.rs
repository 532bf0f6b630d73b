//! Drawing game boards on a page: the nested 3×3 grids of the tic-tac-toe
//! family ([`nested`]) and the lettered SOS grid ([`sos`]), with the marks and
//! letters of a position. Sheet parts and worksheet diagrams both draw with
//! these, so a board looks the same on a game sheet and in an exercise.

pub mod nested;
pub mod sos;

use crate::display::{Anchor, Color, FontWeight, Page, Point, Text};
use crate::fonts;

/// Sets `content` centred on `center` (digits and capitals vertically centred).
pub fn centred_text(
    page: &mut Page,
    center: Point,
    size: f64,
    weight: FontWeight,
    color: Color,
    content: impl Into<String>,
) {
    page.text(Text {
        pos: Point::new(center.x, fonts::baseline_centred_on(center.y, size)),
        size,
        anchor: Anchor::Middle,
        weight,
        color,
        content: content.into(),
    });
}
