//! `[[text]]`: one line of text (a title, a footer, a note). Placeholders in
//! the text are replaced by the sheet's words (`{maps}` by the maps the
//! sheet's fields use, `map34 : hmap2`; `{date}` by "Date" in the sheet's
//! language; see [`super::words`]).

use toml::Spanned;

use super::kind::{Context, Geometry, Part, id_and_pin};
use crate::display::{Color, FontWeight, Page, Point, Size, TextStyle};
use crate::fonts;
use crate::keys::{spec_table, words_enum};

words_enum! {
    /// Text weight as written in a spec.
    pub(crate) enum Weight {
        /// Regular (default).
        #[default]
        Regular = "regular",
        /// Bold.
        Bold = "bold",
    }
}

impl From<Weight> for FontWeight {
    fn from(w: Weight) -> Self {
        match w {
            Weight::Regular => FontWeight::Regular,
            Weight::Bold => FontWeight::Bold,
        }
    }
}

spec_table! {
    /// `[[text]]`: one line of text.
    pub(crate) struct TextPart = "text" {
        id: Spanned<String> = "id", Id("text"), "arrangement name (give each text its own)";
        at: Option<[f64; 2]> = "at", Pin, "pin position";
        text: String = "text", Text(""), "the text";
        size: f64 = "size", Mm { min: 2.2, max: 40.0, default: 3.5 }, "font size (em height)";
        weight: Weight = "weight",
            Typed {
                default: Weight::default,
                shape: KeyShape::Choice(Weight::WORDS),
                words: "`\"regular\"`",
            },
            "weight";
        color: Color = "color",
            Colour { default: Color::BLACK, text: true },
            "colour, at least 60 % black";
        shrink_to: Option<f64> = "shrink-to",
            OptMm { min: 2.2, max: 40.0 },
            "the text shares its line: the items beside it take their room first and the text is \
                set smaller, down to this size, to fit what is left; too wide even then, it \
                keeps its `size` and a wrapping row puts it on a line of its own. The templates' \
                titles use 3.2, so a long title (Russian, German) keeps the name lines beside it \
                on A4";
    }
}

/// Where a laid-out line of text is.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct TextGeometry {
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
    const KIND: &'static str = Self::TABLE;
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
