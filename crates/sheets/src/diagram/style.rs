//! How a diagram tells players apart, chosen for black-and-white copies (see
//! [`crate::print`]): never by hue alone.
//!
//! * A field won by X is outlined inside its border with a solid line, one
//!   won by O with a dashed line, a drawn one with a dotted line; their fills
//!   differ in greyscale lightness by more than a quarter (X nearly white, O a
//!   mid-light tone, drawn in between), and every fill stays light enough
//!   that the marks and digits on it keep their contrast.
//! * A won strategic cell (the whole field in Ultimate) gets a badge at its
//!   top-left corner, outside the grid: the winner's X or O, or a dash for a
//!   draw, as players mark their tracking grids.
//! * Marks are drawn in the players' inks, dark enough to stay black on a
//!   copy; the ink's hue only helps in colour.

use crate::display::{Color, Page, Point, Rect, Stroke};
use crate::games::ttt::{FieldState, Mark};

/// Ink of X's marks and lines (dark blue, 77 % black).
pub(super) const X_INK: Color = Color::rgb(25, 60, 140);
/// Ink of O's marks and lines (dark red, 74 % black).
pub(super) const O_INK: Color = Color::rgb(150, 45, 15);
/// Ink of drawn fields' outlines and badges.
pub(super) const DRAWN_INK: Color = Color::grey(85);
/// Fill of a field won by X: lightness 0.947.
pub(super) const X_FILL: Color = Color::rgb(236, 242, 252);
/// Fill of a field won by O: lightness 0.687, 0.26 darker than X's.
pub(super) const O_FILL: Color = Color::rgb(238, 162, 120);
/// Fill of a drawn field: lightness 0.831.
pub(super) const DRAWN_FILL: Color = Color::grey(212);

/// The ink of `mark`.
pub(super) fn ink(mark: Mark) -> Color {
    match mark {
        Mark::X => X_INK,
        Mark::O => O_INK,
    }
}

/// How a decided field is shown: its fill, and the outline drawn inside its
/// border (`width` mm wide).
pub(super) fn field_look(state: FieldState, width: f64) -> Option<(Color, Stroke)> {
    let (fill, color, dash) = match state {
        FieldState::Won(Mark::X) => (X_FILL, X_INK, None),
        FieldState::Won(Mark::O) => (O_FILL, O_INK, Some((2.4 * width, 1.6 * width))),
        FieldState::Drawn => (DRAWN_FILL, DRAWN_INK, Some((0.9 * width, 1.2 * width))),
        FieldState::Open => return None,
    };
    Some((fill, Stroke { width, color, dash }))
}

/// Outlines `area` on the inside, `inset` mm from its edge to the line's
/// middle.
pub(super) fn outline_inside(page: &mut Page, area: Rect, inset: f64, stroke: Stroke) {
    page.rect(area.inset(inset), None, Some(stroke));
}

/// Draws the badge of a decided field centred on `centre`, `side` mm wide:
/// the winner's mark, or a dash for a draw.
pub(super) fn badge(page: &mut Page, state: FieldState, centre: Point, side: f64) {
    let area = Rect::new(centre.x - side / 2.0, centre.y - side / 2.0, side, side);
    let width = (0.16 * side).max(0.5);
    match state {
        FieldState::Won(mark) => crate::boards::nested::draw_mark(
            page,
            area,
            mark,
            crate::boards::nested::MarkStyle {
                width,
                pad: 0.12,
                color: ink(mark),
            },
        ),
        FieldState::Drawn => page.line(
            Point::new(area.x + 0.15 * side, centre.y),
            Point::new(area.right() - 0.15 * side, centre.y),
            Stroke::solid(width).with_color(DRAWN_INK),
        ),
        FieldState::Open => {}
    }
}

/// Eight SOS players' line styles: ink and dash, so lines still tell players
/// apart printed in grey. The first two are X's and O's inks.
pub(super) const PLAYER_STYLES: [(Color, Option<(f64, f64)>); 8] = [
    (X_INK, None),
    (O_INK, Some((2.2, 1.2))),
    (Color::rgb(20, 110, 45), Some((0.6, 0.9))),
    (Color::rgb(105, 40, 135), Some((3.0, 1.0))),
    (Color::rgb(120, 90, 0), None),
    (Color::rgb(0, 95, 110), Some((1.2, 1.2))),
    (Color::rgb(70, 70, 70), Some((4.0, 1.5))),
    (Color::rgb(170, 20, 95), Some((0.6, 2.0))),
];

/// Player `p`'s SOS line style at `width` mm.
pub(super) fn player_stroke(p: u8, width: f64) -> Stroke {
    let (color, dash) = PLAYER_STYLES[usize::from(p) % PLAYER_STYLES.len()];
    Stroke {
        dash,
        ..Stroke::solid(width).with_color(color)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::print::{DARK, LIGHT};

    #[test]
    fn the_players_fills_differ_by_a_quarter_in_grey_and_stay_light() {
        let (x, o, drawn) = (
            X_FILL.lightness(),
            O_FILL.lightness(),
            DRAWN_FILL.lightness(),
        );
        assert!(x - o >= 0.25, "X {x:.3}, O {o:.3}");
        // Each decided state differs from the others and from white paper.
        assert!(x < 0.97 && (x - drawn).abs() > 0.1 && (drawn - o).abs() > 0.1);
        // Dark marks and digits on every fill survive a copy.
        for fill in [X_FILL, O_FILL, DRAWN_FILL] {
            assert!(fill.lightness() >= LIGHT, "{fill:?}");
        }
        for ink in [X_INK, O_INK, DRAWN_INK] {
            assert!(ink.lightness() <= DARK, "{ink:?}");
        }
        for (ink, _) in PLAYER_STYLES {
            assert!(ink.lightness() <= DARK, "{ink:?}");
        }
    }

    #[test]
    fn every_decided_state_has_its_own_outline_pattern() {
        let looks: Vec<_> = [
            FieldState::Won(Mark::X),
            FieldState::Won(Mark::O),
            FieldState::Drawn,
        ]
        .into_iter()
        .map(|s| field_look(s, 0.5).unwrap().1.dash)
        .collect();
        assert_eq!(looks[0], None);
        assert!(looks[1].is_some() && looks[2].is_some() && looks[1] != looks[2]);
        assert!(field_look(FieldState::Open, 0.5).is_none());
    }
}
