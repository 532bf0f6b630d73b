//! The backend-neutral display list.
//!
//! Layout produces a [`Document`]: pages of drawing [`Item`]s positioned in
//! millimetres with the origin at the top-left corner of the page and y growing
//! downwards. Backends (`backend::svg`, `backend::pdf`) only translate this list;
//! they make no layout decisions. Keeping every coordinate in mm is what lets a
//! 6 mm cell in a spec print as 6 mm on paper in every format.

/// Millimetres per PostScript point.
pub(crate) const MM_PER_PT: f64 = 25.4 / 72.0;

/// The smallest text a player reads, pt: the size a school photocopier
/// still reproduces legibly (the print standard, docs/spec.md). The one
/// home of that figure: parts, text fitting, diagrams and the print check
/// all read it here.
pub(crate) const MIN_TEXT_PT: f64 = 6.0;

/// [`MIN_TEXT_PT`] in mm, as the display list measures. Every part sets
/// what players read at least this large, and text that shrinks to fit its
/// place stops here.
pub(crate) const MIN_TEXT: f64 = MIN_TEXT_PT * MM_PER_PT;

/// The least ink a colour players read must carry: 60 % black. Lighter text
/// fades on a copy; at 60 % it survives a copier's 50 % threshold with room
/// to spare.
pub(crate) const MIN_INK: f64 = 0.6;

/// Converts millimetres to PostScript points (1/72 inch).
pub(crate) fn mm_to_pt(mm: f64) -> f64 {
    mm / MM_PER_PT
}

/// Converts PostScript points to millimetres.
pub(crate) fn pt_to_mm(pt: f64) -> f64 {
    pt * MM_PER_PT
}

/// A point on the page, in mm from the top-left corner.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Point {
    /// Distance from the left edge, mm.
    pub x: f64,
    /// Distance from the top edge, mm.
    pub y: f64,
}

impl Point {
    /// A point at `(x, y)` mm.
    pub const fn new(x: f64, y: f64) -> Self {
        Point { x, y }
    }
}

/// A width and height, mm.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Size {
    /// Width, mm.
    pub w: f64,
    /// Height, mm.
    pub h: f64,
}

/// An axis-aligned rectangle, in mm.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Rect {
    /// Left edge, mm.
    pub x: f64,
    /// Top edge, mm.
    pub y: f64,
    /// Width, mm.
    pub w: f64,
    /// Height, mm.
    pub h: f64,
}

impl Rect {
    /// A rectangle with its top-left corner at `(x, y)`.
    pub const fn new(x: f64, y: f64, w: f64, h: f64) -> Self {
        Rect { x, y, w, h }
    }
    /// Right edge, mm.
    pub fn right(&self) -> f64 {
        self.x + self.w
    }
    /// Bottom edge, mm.
    pub fn bottom(&self) -> f64 {
        self.y + self.h
    }
    /// A rectangle of `size` with its top-left corner at `origin`.
    pub const fn at(origin: Point, size: Size) -> Self {
        Rect::new(origin.x, origin.y, size.w, size.h)
    }
    /// The top-left corner.
    pub const fn origin(&self) -> Point {
        Point::new(self.x, self.y)
    }
    /// The centre.
    pub fn centre(&self) -> Point {
        Point::new(self.x + self.w / 2.0, self.y + self.h / 2.0)
    }
    /// The rectangle `by` mm inside this one on every side.
    pub fn inset(&self, by: f64) -> Rect {
        Rect::new(
            self.x + by,
            self.y + by,
            self.w - 2.0 * by,
            self.h - 2.0 * by,
        )
    }
    /// Whether the two rectangles share interior area (touching edges do not count).
    pub fn overlaps(&self, other: &Rect) -> bool {
        const EPS: f64 = 1e-6;
        self.x < other.right() - EPS
            && other.x < self.right() - EPS
            && self.y < other.bottom() - EPS
            && other.y < self.bottom() - EPS
    }
}

/// An sRGB colour. Sheets are greyscale by default; colour is opt-in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Color {
    /// Red, 0..=255.
    pub r: u8,
    /// Green, 0..=255.
    pub g: u8,
    /// Blue, 0..=255.
    pub b: u8,
}

impl Color {
    /// Black.
    pub const BLACK: Color = Color::grey(0);
    /// White.
    pub const WHITE: Color = Color::grey(255);

    /// A neutral grey, 0 = black, 255 = white.
    pub const fn grey(level: u8) -> Self {
        Color {
            r: level,
            g: level,
            b: level,
        }
    }

    /// An sRGB colour.
    pub const fn rgb(r: u8, g: u8, b: u8) -> Self {
        Color { r, g, b }
    }

    /// How much ink the colour lays down, 0 (white) to 1 (black): one minus
    /// its luma (Rec. 709 weights on the sRGB values), which is what a
    /// black-and-white copy of it keeps.
    pub fn ink(self) -> f64 {
        let luma =
            0.2126 * f64::from(self.r) + 0.7152 * f64::from(self.g) + 0.0722 * f64::from(self.b);
        1.0 - luma / 255.0
    }

    /// Whether text in this colour survives a black-and-white copy: at
    /// least [`MIN_INK`].
    pub(crate) fn prints_dark(self) -> bool {
        self.ink() >= MIN_INK - 1e-9
    }

    /// `#rrggbb`, as SVG writes it.
    pub(crate) fn to_hex(self) -> String {
        format!("#{:02x}{:02x}{:02x}", self.r, self.g, self.b)
    }
}

/// How a line or outline is drawn.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Stroke {
    /// Line width, mm.
    pub width: f64,
    /// Line colour.
    pub color: Color,
    /// Dash pattern `(on, off)` in mm; `None` for a solid line.
    pub dash: Option<(f64, f64)>,
}

impl Stroke {
    /// A solid black line `width` mm wide.
    pub const fn solid(width: f64) -> Self {
        Stroke {
            width,
            color: Color::BLACK,
            dash: None,
        }
    }
    /// The same stroke in another colour.
    pub(crate) const fn with_color(mut self, color: Color) -> Self {
        self.color = color;
        self
    }
}

/// Where a text's anchor point sits horizontally on the text.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Anchor {
    /// The anchor is the left end of the text.
    Start,
    /// The anchor is the horizontal middle of the text.
    Middle,
    /// The anchor is the right end of the text.
    End,
}

/// Which embedded face a text uses. Thai script falls back to Noto Sans Thai
/// of the same weight automatically; layout does not choose faces per script.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum FontWeight {
    /// Noto Sans Regular (Noto Sans Thai Regular for Thai).
    Regular,
    /// Noto Sans Bold (Noto Sans Thai Bold for Thai).
    Bold,
}

/// How a line of text is set: its size, alignment, weight and colour.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct TextStyle {
    /// Font size (em height), mm.
    pub(crate) size: f64,
    /// Horizontal alignment on the anchor point.
    pub(crate) anchor: Anchor,
    /// Regular or bold.
    pub(crate) weight: FontWeight,
    /// Glyph colour.
    pub(crate) color: Color,
}

impl TextStyle {
    /// Black regular text of `size` mm, starting at its anchor point.
    pub(crate) const fn new(size: f64) -> Self {
        TextStyle {
            size,
            anchor: Anchor::Start,
            weight: FontWeight::Regular,
            color: Color::BLACK,
        }
    }
    /// The same style with another alignment.
    pub(crate) const fn anchor(mut self, anchor: Anchor) -> Self {
        self.anchor = anchor;
        self
    }
    /// The same style in another weight.
    pub(crate) const fn weight(mut self, weight: FontWeight) -> Self {
        self.weight = weight;
        self
    }
    /// The same style in another colour.
    pub(crate) const fn color(mut self, color: Color) -> Self {
        self.color = color;
        self
    }
}

/// A run of text on one line.
#[derive(Debug, Clone, PartialEq)]
pub struct Text {
    /// The anchor point; its `y` is the text's baseline.
    pub pos: Point,
    /// Font size (em height), mm.
    pub size: f64,
    /// Horizontal alignment of the text on `pos`.
    pub anchor: Anchor,
    /// Regular or bold.
    pub weight: FontWeight,
    /// Fill colour of the glyphs.
    pub color: Color,
    /// The text itself, one line.
    pub content: String,
}

/// One drawing operation.
#[derive(Debug, Clone, PartialEq)]
pub enum Item {
    /// A straight line segment.
    Line {
        /// Start point.
        from: Point,
        /// End point.
        to: Point,
        /// How it is drawn.
        stroke: Stroke,
    },
    /// A rectangle, filled, outlined, or both.
    Rect {
        /// Where it is.
        rect: Rect,
        /// Fill colour, if filled.
        fill: Option<Color>,
        /// Outline, if outlined.
        stroke: Option<Stroke>,
    },
    /// A circle (used for O marks and dots).
    Circle {
        /// Centre.
        center: Point,
        /// Radius, mm.
        radius: f64,
        /// Fill colour, if filled.
        fill: Option<Color>,
        /// Outline, if outlined.
        stroke: Option<Stroke>,
    },
    /// A line of text.
    Text(Text),
}

/// One page: its size and what is drawn on it, in painting order.
#[derive(Debug, Clone, PartialEq)]
pub struct Page {
    /// Page width, mm.
    pub width: f64,
    /// Page height, mm.
    pub height: f64,
    /// Drawing operations, painted first to last.
    pub items: Vec<Item>,
}

impl Page {
    /// An empty page of the given size in mm.
    pub fn new(width: f64, height: f64) -> Self {
        Page {
            width,
            height,
            items: Vec::new(),
        }
    }

    /// Adds a line.
    pub fn line(&mut self, from: Point, to: Point, stroke: Stroke) {
        self.items.push(Item::Line { from, to, stroke });
    }

    /// Adds a rectangle.
    pub fn rect(&mut self, rect: Rect, fill: Option<Color>, stroke: Option<Stroke>) {
        self.items.push(Item::Rect { rect, fill, stroke });
    }

    /// Adds a text item.
    pub fn text(&mut self, text: Text) {
        self.items.push(Item::Text(text));
    }

    /// Adds `content` set in `style`, its anchor point on the baseline at `pos`.
    pub(crate) fn text_at(&mut self, pos: Point, style: TextStyle, content: impl Into<String>) {
        self.text(Text {
            pos,
            size: style.size,
            anchor: style.anchor,
            weight: style.weight,
            color: style.color,
            content: content.into(),
        });
    }

    /// Adds the vertical and the horizontal line `at` mm from the top-left
    /// corner `origin` of a square grid `side` mm wide: one grid line of each
    /// direction, as every board draws them.
    pub(crate) fn grid_lines(&mut self, origin: Point, at: f64, side: f64, stroke: Stroke) {
        self.line(
            Point::new(origin.x + at, origin.y),
            Point::new(origin.x + at, origin.y + side),
            stroke,
        );
        self.line(
            Point::new(origin.x, origin.y + at),
            Point::new(origin.x + side, origin.y + at),
            stroke,
        );
    }
}

/// Document-level metadata written into the PDF info dictionary and SVG title.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Metadata {
    /// Document title.
    pub title: String,
    /// Creating application, e.g. `paperboard 0.1.0`.
    pub creator: String,
    /// Optional subject line (e.g. the map in use).
    pub subject: Option<String>,
}

/// A laid-out document: what every backend consumes.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Document {
    /// Title and creator.
    pub metadata: Metadata,
    /// The pages in order.
    pub pages: Vec<Page>,
}
