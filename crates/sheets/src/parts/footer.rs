//! `[[footer]]`: the small line at the foot of a sheet that says what the
//! sheet is for and whose it is: the maps its field prints, the ruleset they
//! serve, the rules in force (`[rules]`), and the credit of the original
//! Strategic Tic-Tac-Toe game and game sheets (CC BY 4.0), each in the
//! sheet's language. The items are joined with ` · ` and wrapped to the
//! width the arrangement gives, a whole item to a line where it fits.

use serde::Deserialize;
use toml::Spanned;

use super::kind::{Context, Geometry, Part, id_and_pin};
use crate::display::{Color, FontWeight, Page, Point, Size, TextStyle};
use crate::fonts;
use crate::spec::value::{font_size, position, text_color, yes};
use crate::wrap::wrap;

/// `[[footer]]`: maps, ruleset, rules in force and credit, in one small line.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub(crate) struct Footer {
    /// Arrangement name (default `"footer"`).
    #[serde(default = "Footer::default_id")]
    pub(crate) id: Spanned<String>,
    /// Pin position, mm.
    #[serde(default, deserialize_with = "position")]
    pub(crate) at: Option<[f64; 2]>,
    /// A text of its own before the other items (placeholders allowed).
    #[serde(default)]
    pub(crate) text: String,
    /// Name the maps the sheet's fields print (default true; nothing
    /// without maps).
    #[serde(default = "yes")]
    pub(crate) maps: bool,
    /// Name the Strategic ruleset the field is printed for (default true;
    /// nothing without a strategic field).
    #[serde(default = "yes")]
    pub(crate) ruleset: bool,
    /// State the rules in force, `[rules]` (default true).
    #[serde(default = "yes")]
    pub(crate) rules: bool,
    /// Credit the original game and game sheets (default true).
    #[serde(default = "yes")]
    pub(crate) credit: bool,
    /// Font size, mm (default 2.5, 7.1 pt).
    #[serde(default = "Footer::default_size", deserialize_with = "font_size")]
    pub(crate) size: f64,
    /// Colour (default black: the credit's `echo-Mike` hyphen, a hair at
    /// 7 pt, must survive a 1-bit copy; at least 60 % black).
    #[serde(default = "Footer::default_color", deserialize_with = "text_color")]
    pub(crate) color: Color,
}

impl Footer {
    fn default_id() -> Spanned<String> {
        Spanned::new(0..0, "footer".into())
    }
    fn default_size() -> f64 {
        2.5
    }
    fn default_color() -> Color {
        Color::BLACK
    }

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
pub struct FooterGeometry {
    origin: Point,
    size: Size,
    lines: Vec<String>,
}

impl FooterGeometry {
    /// The footer's lines, as printed.
    pub fn lines(&self) -> &[String] {
        &self.lines
    }
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
    const KIND: &'static str = "footer";
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
