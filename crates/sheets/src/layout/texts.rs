//! Every text a part draws, checked where the layout draws it: the one place
//! text fitting happens, whatever part set the text (a title, a player's
//! name in a record table, a label in any language).
//!
//! A text must be printable with the embedded fonts (an emoji, Chinese or
//! Arabic would print as empty boxes), and its ink must stay inside its
//! part and clear of the part's lines (a name wider than its column would
//! be drawn across the column's rules and its neighbours). A text that does
//! not fit shrinks, keeping its anchor and its vertical centre, down to
//! [`crate::display::MIN_TEXT`] (6 pt, the print standard; a text already smaller
//! is not shrunk); one that does not fit even then is an error naming the
//! part and the text. Nothing is drawn across other parts (parts do not
//! overlap, and their texts stay inside them) or off the page (parts stay
//! inside the margins).

use crate::display::{Anchor, Item, Page, Point, Rect, Text};
use crate::fonts;

use super::TextFault;

/// How far ink may reach past its part or touch a line, mm: rounding, not
/// a visible overlap.
const SLACK: f64 = 0.05;

/// Each shrinking step multiplies the size by this.
const STEP: f64 = 0.95;

/// The ink of a text as drawn, on the page.
pub(crate) fn ink_rect(t: &Text) -> Option<Rect> {
    let ink = fonts::ink(&t.content, t.weight, t.size)?;
    let advance = fonts::text_width(&t.content, t.weight, t.size);
    let start = match t.anchor {
        Anchor::Start => t.pos.x,
        Anchor::Middle => t.pos.x - advance / 2.0,
        Anchor::End => t.pos.x - advance,
    };
    Some(Rect::new(
        start + ink.left,
        t.pos.y + ink.top,
        ink.right - ink.left,
        ink.bottom - ink.top,
    ))
}

/// What a text's ink may not run into.
#[derive(Debug, Clone, Copy)]
struct Bounds<'a> {
    /// The rectangle it must stay inside.
    room: Rect,
    /// What the rectangle is, for the message.
    edge: &'static str,
    /// Lines it may not cross, when they count (a part's rules); `None` on
    /// a page whose lines may run through text on purpose (an answer key
    /// striking through letters).
    lines: Option<&'a [Segment]>,
}

/// A straight line a text may not cross, with its bounding box, so the
/// many lines far from a text are passed over at a glance.
#[derive(Debug, Clone, Copy)]
struct Segment {
    from: Point,
    to: Point,
    min: Point,
    max: Point,
}

impl Segment {
    fn new(from: Point, to: Point) -> Segment {
        Segment {
            from,
            to,
            min: Point::new(from.x.min(to.x), from.y.min(to.y)),
            max: Point::new(from.x.max(to.x), from.y.max(to.y)),
        }
    }

    /// Whether the segment meets the rectangle `r`.
    fn meets(&self, r: &Rect) -> bool {
        self.max.x >= r.x
            && self.min.x <= r.right()
            && self.max.y >= r.y
            && self.min.y <= r.bottom()
            && segment_meets(self.from, self.to, r)
    }
}

/// The lines among `items` (what one part drew), as segments: each line,
/// and the four sides of each outlined rectangle.
fn segments(items: &[Item]) -> Vec<Segment> {
    let mut out = Vec::new();
    for item in items {
        match item {
            Item::Line { from, to, .. } => out.push(Segment::new(*from, *to)),
            Item::Rect {
                rect,
                stroke: Some(_),
                ..
            } => {
                let (l, t, r, b) = (rect.x, rect.y, rect.right(), rect.bottom());
                let corners = [
                    Point::new(l, t),
                    Point::new(r, t),
                    Point::new(r, b),
                    Point::new(l, b),
                ];
                for i in 0..4 {
                    out.push(Segment::new(corners[i], corners[(i + 1) % 4]));
                }
            }
            _ => {}
        }
    }
    out
}

/// What `ink` runs into: leaving the room, or crossing a line.
fn runs_into(ink: &Rect, bounds: Bounds<'_>) -> Option<&'static str> {
    let room = bounds.room;
    let inside = ink.x >= room.x - SLACK
        && ink.y >= room.y - SLACK
        && ink.right() <= room.right() + SLACK
        && ink.bottom() <= room.bottom() + SLACK;
    if !inside {
        return Some(bounds.edge);
    }
    let items = bounds.lines?;
    let inner = Rect::new(
        ink.x + SLACK,
        ink.y + SLACK,
        ink.w - 2.0 * SLACK,
        ink.h - 2.0 * SLACK,
    );
    if inner.w <= 0.0 || inner.h <= 0.0 {
        return None;
    }
    let hit = items.iter().any(|line| line.meets(&inner));
    hit.then_some("a line of its part")
}

/// Whether the segment `a`–`b` meets the rectangle `r` (Liang–Barsky).
fn segment_meets(a: Point, b: Point, r: &Rect) -> bool {
    let (dx, dy) = (b.x - a.x, b.y - a.y);
    let mut t0 = 0.0f64;
    let mut t1 = 1.0f64;
    for (p, q) in [
        (-dx, a.x - r.x),
        (dx, r.right() - a.x),
        (-dy, a.y - r.y),
        (dy, r.bottom() - a.y),
    ] {
        if p == 0.0 {
            if q < 0.0 {
                return false;
            }
        } else {
            let t = q / p;
            if p < 0.0 {
                t0 = t0.max(t);
            } else {
                t1 = t1.min(t);
            }
            if t0 > t1 {
                return false;
            }
        }
    }
    true
}

/// `t` set at `size`, its anchor kept and its capitals centred where they
/// were.
fn resized(t: &Text, size: f64) -> Text {
    let lift = (fonts::cap_height(t.size) - fonts::cap_height(size)) / 2.0;
    Text {
        pos: Point::new(t.pos.x, t.pos.y - lift),
        size,
        ..t.clone()
    }
}

/// Checks and fits every text among `items` (what one part drew), which
/// must stay inside `room` (the part's place on the page): printable with
/// the fonts, and clear of the part's edge and lines, shrunk towards 6 pt
/// where needed. The first text that cannot be printed is returned with
/// why.
pub(crate) fn fit_texts(items: &mut [Item], room: Rect) -> Result<(), (String, TextFault)> {
    fit(items, room, "the edge of its part", true)
}

/// Checks and fits every text of a page set outside the part layout (a
/// handout's header, rules and worksheet; a game diagram's notes): printable
/// with the fonts and inside `room` (the page inside its margins), shrunk
/// towards 6 pt where needed. Lines are no obstacle here: such a page draws
/// some through text on purpose.
pub(crate) fn fit_page_texts(page: &mut Page, room: Rect) -> Result<(), (String, TextFault)> {
    fit(&mut page.items, room, "the page's margin", false)
}

fn fit(
    items: &mut [Item],
    room: Rect,
    edge: &'static str,
    lines: bool,
) -> Result<(), (String, TextFault)> {
    // Fitting replaces texts only, so the lines are gathered once.
    let lines = lines.then(|| segments(items));
    for item in items.iter_mut() {
        let Item::Text(t) = &*item else {
            continue;
        };
        let missing = fonts::missing_glyphs(&t.content, t.weight);
        if !missing.is_empty() {
            return Err((t.content.clone(), TextFault::Missing(missing)));
        }
        let Some(ink) = ink_rect(t) else {
            continue;
        };
        let bounds = Bounds {
            room,
            edge,
            lines: lines.as_deref(),
        };
        let Some(mut into) = runs_into(&ink, bounds) else {
            continue;
        };
        let mut fitted = t.clone();
        let floor = crate::display::MIN_TEXT.min(t.size);
        let mut last_width = ink.w;
        let mut fits = false;
        while fitted.size > floor + 1e-9 {
            fitted = resized(t, (fitted.size * STEP).max(floor));
            let Some(ink) = ink_rect(&fitted) else {
                break;
            };
            last_width = ink.w;
            match runs_into(&ink, bounds) {
                None => {
                    fits = true;
                    break;
                }
                Some(what) => into = what,
            }
        }
        if !fits {
            return Err((
                t.content.clone(),
                TextFault::TooWide {
                    width: last_width,
                    into,
                },
            ));
        }
        *item = Item::Text(fitted);
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::display::{FontWeight, Page, Stroke, TextStyle};

    fn text(page: &mut Page, x: f64, content: &str, size: f64, anchor: Anchor) {
        page.text_at(
            Point::new(x, 20.0),
            TextStyle::new(size).anchor(anchor),
            content,
        );
    }

    fn size_of(item: &Item) -> f64 {
        match item {
            Item::Text(t) => t.size,
            _ => panic!("not a text"),
        }
    }

    #[test]
    fn a_text_that_fits_is_left_alone() {
        let mut page = Page::new(100.0, 100.0);
        text(&mut page, 10.0, "Name", 3.5, Anchor::Start);
        let before = page.items.clone();
        fit_texts(&mut page.items, Rect::new(0.0, 0.0, 100.0, 100.0)).unwrap();
        assert_eq!(page.items, before);
    }

    #[test]
    fn a_text_too_wide_for_its_column_shrinks_to_fit_between_the_lines() {
        let mut page = Page::new(100.0, 100.0);
        // A column from x = 10 to x = 30 with rules on both sides.
        page.line(
            Point::new(10.0, 0.0),
            Point::new(10.0, 40.0),
            Stroke::solid(0.2),
        );
        page.line(
            Point::new(30.0, 0.0),
            Point::new(30.0, 40.0),
            Stroke::solid(0.2),
        );
        text(&mut page, 20.0, "Alexandra", 5.0, Anchor::Middle);
        let wide = fonts::text_width("Alexandra", FontWeight::Regular, 5.0);
        assert!(wide > 20.0, "{wide}");
        fit_texts(&mut page.items, Rect::new(0.0, 0.0, 100.0, 100.0)).unwrap();
        let size = size_of(&page.items[2]);
        assert!((crate::display::MIN_TEXT..5.0).contains(&size), "{size}");
        let Item::Text(t) = &page.items[2] else {
            unreachable!()
        };
        let ink = ink_rect(t).unwrap();
        assert!(ink.x > 10.0 && ink.right() < 30.0, "{ink:?}");
        assert_eq!(t.pos.x, 20.0);
    }

    /// A page with one line of text about 100 mm wide even at 6 pt.
    fn long_line() -> Page {
        let mut page = Page::new(100.0, 100.0);
        let long = "Wolfeschlegelsteinhausen ".repeat(4);
        text(&mut page, 5.0, &long, 4.0, Anchor::Start);
        page
    }

    #[test]
    fn a_text_too_wide_even_at_6_pt_is_an_error() {
        let mut page = long_line();
        let (written, fault) =
            fit_texts(&mut page.items, Rect::new(0.0, 0.0, 100.0, 100.0)).unwrap_err();
        assert!(written.starts_with("Wolfe"));
        let TextFault::TooWide { width, into } = fault else {
            panic!("{fault:?}")
        };
        assert!(width > 95.0, "{width}");
        assert_eq!(into, "the edge of its part");
        // On a page of its own it runs into the margin.
        let mut page = long_line();
        let (_, fault) = fit_page_texts(&mut page, Rect::new(5.0, 5.0, 90.0, 90.0)).unwrap_err();
        assert!(matches!(
            fault,
            TextFault::TooWide {
                into: "the page's margin",
                ..
            }
        ));
    }

    #[test]
    fn text_the_fonts_lack_is_an_error_naming_the_characters() {
        let mut page = Page::new(100.0, 100.0);
        text(&mut page, 5.0, "Go 围棋 🙂", 4.0, Anchor::Start);
        let (_, fault) = fit_texts(&mut page.items, Rect::new(0.0, 0.0, 100.0, 100.0)).unwrap_err();
        assert_eq!(fault, TextFault::Missing(vec!['围', '棋', '🙂']));
    }

    #[test]
    fn segments_meet_rectangles() {
        let r = Rect::new(0.0, 0.0, 10.0, 10.0);
        assert!(segment_meets(
            Point::new(-5.0, 5.0),
            Point::new(15.0, 5.0),
            &r
        ));
        assert!(segment_meets(
            Point::new(5.0, 5.0),
            Point::new(6.0, 6.0),
            &r
        ));
        assert!(!segment_meets(
            Point::new(-5.0, 11.0),
            Point::new(15.0, 11.0),
            &r
        ));
        assert!(!segment_meets(
            Point::new(11.0, -5.0),
            Point::new(20.0, 5.0),
            &r
        ));
    }
}
