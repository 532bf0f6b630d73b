//! The print standards every page is held to, measured on its display list:
//! what a school copier keeps of a page printed in black and white.
//!
//! A copier in text mode (or a 1-bit scan) turns each point black or white at
//! about half lightness. So a text survives when it is large enough to read
//! (`MIN_TEXT_PT`) and its ink and the ground under it fall on opposite
//! sides of that threshold with a margin: ink at most `DARK` lightness on
//! ground at least `LIGHT` (black or "at least 60 % black" text on paper or
//! a light fill), or the other way round (white digits on a dark cell).
//!
//! Lightness is the greyscale a printer makes of a colour: the Rec. 709 luma
//! of its sRGB values, 0 for black and 1 for white ([`Color::lightness`]).
//! A page answers which of its texts a copy loses ([`Page::text_faults`]).

use crate::display::{Color, Item, MIN_TEXT_PT, Page, Point, Rect, mm_to_pt};

/// The lightest ink on a light ground: 60 % black.
pub(crate) const DARK: f64 = 0.4;
/// The darkest ground under dark ink (and the lightest ink on a dark ground).
pub(crate) const LIGHT: f64 = 0.6;

impl Color {
    /// The greyscale lightness, 0 (black) to 1 (white): Rec. 709 luma of
    /// the sRGB values, as a printer's greyscale conversion weighs them.
    pub fn lightness(self) -> f64 {
        (0.2126 * f64::from(self.r) + 0.7152 * f64::from(self.g) + 0.0722 * f64::from(self.b))
            / 255.0
    }
}

/// Whether ink of lightness `ink` on ground of lightness `ground` keeps its
/// shape through a black-and-white copy.
pub(crate) fn survives_copy(ink: f64, ground: f64) -> bool {
    (ink <= DARK + 1e-9 && ground >= LIGHT - 1e-9) || (ink >= LIGHT - 1e-9 && ground <= DARK + 1e-9)
}

/// A text that a copy would lose, and why.
#[derive(Debug, Clone, PartialEq)]
pub struct TextFault {
    /// The text.
    pub content: String,
    /// Its size, pt.
    pub size_pt: f64,
    /// The lightness of its ink.
    pub ink: f64,
    /// The lightness of the ground under it.
    pub ground: f64,
}

/// The colour painted under `p` by the items before index `before`: the
/// last filled rectangle or circle there, else the white paper.
pub(crate) fn ground_at(page: &Page, before: usize, p: Point) -> Color {
    page.items[..before]
        .iter()
        .rev()
        .find_map(|item| match item {
            Item::Rect {
                rect,
                fill: Some(fill),
                ..
            } if (rect.x..=rect.right()).contains(&p.x)
                && (rect.y..=rect.bottom()).contains(&p.y) =>
            {
                Some(*fill)
            }
            Item::Circle {
                center,
                radius,
                fill: Some(fill),
                ..
            } if (p.x - center.x).hypot(p.y - center.y) <= *radius => Some(*fill),
            _ => None,
        })
        .unwrap_or(Color::WHITE)
}

impl Page {
    /// Every text on the page under `MIN_TEXT_PT` or whose ink and ground a
    /// black-and-white copy would not keep apart (see the module
    /// documentation), in painting order. Blank texts are skipped. The
    /// ground is what lies under most of the text: the median lightness of
    /// points spread over its box (a dot under the middle of a large letter
    /// is not its ground).
    pub fn text_faults(&self) -> Vec<TextFault> {
        let mut out = Vec::new();
        for (i, item) in self.items.iter().enumerate() {
            let Item::Text(t) = item else { continue };
            if t.content.trim().is_empty() {
                continue;
            }
            let Rect {
                x: left,
                w: width,
                h: height,
                ..
            } = t.glyph_box();
            let mut grounds: Vec<f64> = (0..5)
                .flat_map(|a| (0..3).map(move |b| (a, b)))
                .map(|(a, b)| {
                    let p = Point::new(
                        left + width * (0.1 + 0.2 * f64::from(a)),
                        t.pos.y - height * (0.2 + 0.3 * f64::from(b)),
                    );
                    ground_at(self, i, p).lightness()
                })
                .collect();
            grounds.sort_by(f64::total_cmp);
            let ground = grounds[grounds.len() / 2];
            let ink = t.color.lightness();
            let size_pt = mm_to_pt(t.size);
            if size_pt < MIN_TEXT_PT - 1e-6 || !survives_copy(ink, ground) {
                out.push(TextFault {
                    content: t.content.clone(),
                    size_pt,
                    ink,
                    ground,
                });
            }
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::display::{Anchor, TextStyle};

    #[test]
    fn lightness_is_the_greyscale_of_a_colour() {
        assert_eq!(Color::BLACK.lightness(), 0.0);
        assert!((Color::WHITE.lightness() - 1.0).abs() < 1e-12);
        assert!((Color::grey(102).lightness() - 0.4).abs() < 1e-12);
        // The light blue and light orange: nearly the same grey.
        let blue = Color::rgb(215, 226, 244).lightness();
        let orange = Color::rgb(248, 221, 205).lightness();
        assert!((blue - 0.882).abs() < 1e-3 && (orange - 0.885).abs() < 1e-3);
    }

    #[test]
    fn small_faint_and_drowned_texts_are_found() {
        let mut page = Page::new(100.0, 100.0);
        let six = crate::display::pt_to_mm(6.0);
        page.text_at(Point::new(10.0, 10.0), TextStyle::new(six), "ok");
        page.text_at(Point::new(10.0, 20.0), TextStyle::new(six * 0.9), "small");
        let grey = TextStyle::new(six).color(Color::grey(0x70));
        page.text_at(Point::new(10.0, 30.0), grey, "faint");
        // Black on a mid-grey cell, white on a dark one.
        page.rect(
            Rect::new(0.0, 35.0, 100.0, 10.0),
            Some(Color::grey(128)),
            None,
        );
        page.text_at(Point::new(10.0, 42.0), TextStyle::new(six), "drowned");
        page.rect(
            Rect::new(0.0, 50.0, 100.0, 10.0),
            Some(Color::grey(40)),
            None,
        );
        let white = TextStyle::new(six).color(Color::WHITE);
        page.text_at(Point::new(10.0, 57.0), white, "white on dark");
        page.text_at(Point::new(10.0, 80.0), white, "white on paper");
        // A large letter over a small dark dot: its ground is the paper.
        let dot = Item::Circle {
            center: Point::new(52.0, 88.0),
            radius: 0.8,
            fill: Some(Color::BLACK),
            stroke: None,
        };
        page.items.push(dot);
        let letter = TextStyle::new(7.0).anchor(Anchor::Middle);
        page.text_centred_on(52.0, 88.0, letter, "S");
        let faults = page.text_faults();
        let found: Vec<&str> = faults.iter().map(|f| f.content.as_str()).collect();
        assert_eq!(found, ["small", "faint", "drowned", "white on paper"]);
    }
}
