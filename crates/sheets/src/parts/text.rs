//! `[[text]]`: one line of text (a title, a footer, a note). Placeholders in
//! the text are replaced by the sheet's words (`{maps}` by the maps the
//! sheet's fields use, `map34 : hmap2`; `{date}` by "Date" in the sheet's
//! language; see [`super::words`]).

use serde::Deserialize;
use toml::Spanned;

use super::kind::{Context, Geometry, Part, id_and_pin};
use crate::display::{Color, FontWeight, Page, Point, Size, TextStyle};
use crate::fonts;
use crate::spec::value::{black, font_size, position, ranged, text_color};

ranged! {
    text_shrink_to: optnum "shrink-to" " mm" 2.2 .. 40;
}

/// Text weight as written in a spec.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Default)]
#[serde(rename_all = "kebab-case")]
pub(crate) enum Weight {
    /// Regular (default).
    #[default]
    Regular,
    /// Bold.
    Bold,
}

impl From<Weight> for FontWeight {
    fn from(w: Weight) -> Self {
        match w {
            Weight::Regular => FontWeight::Regular,
            Weight::Bold => FontWeight::Bold,
        }
    }
}

/// `[[text]]`: one line of text.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub(crate) struct TextPart {
    /// Arrangement name (default `"text"`).
    #[serde(default = "TextPart::default_id")]
    pub(crate) id: Spanned<String>,
    /// Pin position, mm.
    #[serde(default, deserialize_with = "position")]
    pub(crate) at: Option<[f64; 2]>,
    /// The text (default empty).
    #[serde(default)]
    pub(crate) text: String,
    /// Font size, mm (default 3.5).
    #[serde(default = "TextPart::default_size", deserialize_with = "font_size")]
    pub(crate) size: f64,
    /// `"regular"` (default) or `"bold"`.
    #[serde(default)]
    pub(crate) weight: Weight,
    /// Text colour (default black; at least 60 % black).
    #[serde(default = "black", deserialize_with = "text_color")]
    pub(crate) color: Color,
    /// The text shares its line: the items beside it take their room first
    /// and it is set smaller, down to this size (mm), to fit what is left;
    /// too wide even then, it keeps its size and a wrapping row puts it on
    /// a line of its own (default: none).
    #[serde(default, deserialize_with = "text_shrink_to")]
    pub(crate) shrink_to: Option<f64>,
}

impl TextPart {
    fn default_id() -> Spanned<String> {
        Spanned::new(0..0, "text".into())
    }
    fn default_size() -> f64 {
        3.5
    }
}

/// Where a laid-out line of text is.
#[derive(Debug, Clone, PartialEq)]
pub struct TextGeometry {
    origin: Point,
    size: Size,
    /// The font size the text is set at: the spec's, or smaller (down to
    /// 6 pt) when the line is wider than the space it is given.
    font_size: f64,
}

impl Geometry for TextGeometry {
    fn size(&self) -> Size {
        self.size
    }
    fn place(&mut self, origin: Point) {
        self.origin = origin;
    }
}

impl Part for TextPart {
    const KIND: &'static str = "text";
    type Geometry = TextGeometry;

    id_and_pin!();

    // With `shrink-to`, measured after the items beside it.
    fn shrinks(&self) -> bool {
        self.shrink_to.is_some()
    }

    /// A line wider than the space given shrinks to fit it, down to 6 pt
    /// (with `shrink-to`, down to that); a line too wide even then claims
    /// only the space given, and the layout's text check reports it, naming
    /// the text.
    fn measure(&self, avail: Size, cx: &Context) -> TextGeometry {
        let content = cx.words.expand(&self.text);
        let room = avail.w.max(0.0);
        let mut font_size = fonts::fit_size(&content, self.weight.into(), self.size, room);
        // Below its `shrink-to` size a line sharing its row keeps its size
        // and overruns, so the row wraps.
        if self.shrink_to.is_some_and(|least| font_size < least - 1e-9) {
            font_size = self.size;
        }
        let width = fonts::text_width(&content, self.weight.into(), font_size);
        TextGeometry {
            origin: Point::new(0.0, 0.0),
            size: Size {
                w: if font_size < self.size {
                    width.min(room)
                } else {
                    width
                },
                h: fonts::line_height(self.size),
            },
            font_size,
        }
    }

    fn draw(&self, g: &TextGeometry, cx: &Context, page: &mut Page) {
        page.text_at(
            Point::new(g.origin.x, g.origin.y + fonts::ascent(self.size)),
            TextStyle::new(g.font_size)
                .weight(self.weight.into())
                .color(self.color),
            cx.words.expand(&self.text),
        );
    }
}
