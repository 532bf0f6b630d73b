//! `[[footer]]`: the small line at the foot of a sheet that says what the
//! sheet is for and whose it is: the maps its field prints, the ruleset they
//! serve, the rules in force (`[rules]`), and the credit of the original
//! Strategic Tic-Tac-Toe game and game sheets (CC BY 4.0), each in the
//! sheet's language. The items are joined with ` · ` and wrapped to the
//! width the arrangement gives, a whole item to a line where it fits.

use super::kind::{Context, Geometry, Part, id_and_pin};
use crate::display::{Color, FontWeight, Page, Point, Size, TextStyle};
use crate::fonts;
use crate::keys::spec_table;
use crate::wrap::wrap;

spec_table! {
    /// `[[footer]]`: the small line at the foot of a sheet.
    pub(crate) struct Footer = "footer" part "footer" {
        text: String = "text",
            Text(""),
            "a text of its own before the other items (placeholders allowed)";
        maps: bool = "maps", Flag(true), "name the maps (nothing without maps)";
        ruleset: bool = "ruleset",
            Flag(true),
            "name the Strategic ruleset (nothing without a strategic field)";
        rules: bool = "rules", Flag(true), "state the rules in force";
        credit: bool = "credit", Flag(true), "credit the original game and game sheets (CC BY 4.0)";
        size: f64 = "size", Mm { min: 2.2, max: 40.0, default: 2.5 }, "font size (7 pt)";
        color: Color = "color",
            Colour { default: Color::BLACK, text: true },
            "colour, at least 60 % black (black by default, so the thin strokes of small text, \
                such as the hyphen in `echo-Mike`, survive a black-and-white copy)";
    }
}

impl Footer {
    /// The items the footer names, in order.
    fn items(&self, cx: &Context) -> Vec<String> {
        let w = &cx.words;
        let mut items = vec![w.expand(&self.text)];
        if self.maps {
            items.push(w.maps().to_string());
        }
        if self.ruleset {
            items.extend(w.ruleset().map(str::to_string));
        }
        if self.rules {
            items.push(w.rules());
        }
        if self.credit {
            items.push(w.credit().to_string());
        }
        items.retain(|i| !i.trim().is_empty());
        items
    }
}

/// The separator between items on a line.
const SEPARATOR: &str = " · ";

/// Where a laid-out footer is, and its lines.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct FooterGeometry {
    origin: Point,
    size: Size,
    lines: Vec<String>,
}

impl Geometry for FooterGeometry {
    fn size(&self) -> Size {
        self.size
    }
    fn place(&mut self, origin: Point) {
        self.origin = origin;
    }
}

/// `items` joined into lines no wider than `width` at `size`: whole items
/// while they fit, an item wider than a line broken between its words.
fn lines_of(items: &[String], size: f64, width: f64) -> Vec<String> {
    let fits = |s: &str| fonts::text_width(s, FontWeight::Regular, size) <= width + 1e-9;
    let mut lines: Vec<String> = Vec::new();
    let mut line = String::new();
    for item in items {
        let joined = if line.is_empty() {
            item.clone()
        } else {
            format!("{line}{SEPARATOR}{item}")
        };
        if fits(&joined) {
            line = joined;
            continue;
        }
        if !line.is_empty() {
            lines.push(std::mem::take(&mut line));
        }
        let mut pieces = wrap(item, FontWeight::Regular, size, width);
        line = pieces.pop().unwrap_or_default();
        lines.extend(pieces);
    }
    if !line.is_empty() {
        lines.push(line);
    }
    lines
}

impl Part for Footer {
    const KIND: &'static str = Self::TABLE;
    type Geometry = FooterGeometry;

    id_and_pin!();

    fn measure(&self, avail: Size, cx: &Context) -> FooterGeometry {
        let lines = lines_of(&self.items(cx), self.size, avail.w);
        // The footer spans the width it is given, its lines flush left; a
        // word wider than that (none in the texts) still counts.
        let w = lines
            .iter()
            .map(|l| fonts::text_width(l, FontWeight::Regular, self.size))
            .fold(avail.w, f64::max);
        FooterGeometry {
            origin: Point::new(0.0, 0.0),
            size: Size {
                w,
                h: lines.len() as f64 * fonts::line_height(self.size),
            },
            lines,
        }
    }

    fn draw(&self, g: &FooterGeometry, _cx: &Context, page: &mut Page) {
        let style = TextStyle::new(self.size).color(self.color);
        for (i, line) in g.lines.iter().enumerate() {
            let top = g.origin.y + i as f64 * fonts::line_height(self.size);
            page.text_at(
                Point::new(g.origin.x, top + fonts::ascent(self.size)),
                style,
                line.clone(),
            );
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn items_join_on_a_line_while_they_fit_and_long_ones_wrap() {
        let items: Vec<String> = [
            "map34",
            "functional ruleset",
            "a credit line of several words",
        ]
        .map(String::from)
        .to_vec();
        let one = lines_of(&items, 2.6, 500.0);
        assert_eq!(
            one,
            ["map34 · functional ruleset · a credit line of several words"]
        );
        let narrow = lines_of(&items, 2.6, 30.0);
        assert!(narrow.len() >= 3, "{narrow:?}");
        for l in &narrow {
            assert!(
                fonts::text_width(l, FontWeight::Regular, 2.6) <= 30.0 + 1e-9,
                "{l}"
            );
        }
        assert_eq!(narrow[0], "map34");
    }
}
