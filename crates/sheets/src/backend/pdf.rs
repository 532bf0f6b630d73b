//! The PDF backend: a whole [`Document`] to one PDF, through krilla.
//!
//! Each page's MediaBox is its size in mm converted to points (A4 is
//! 595.276 × 841.890 pt). Text is drawn from the fonts' shaped glyphs
//! in the embedded fonts, which krilla subsets and embeds with a ToUnicode
//! map, so the text is selectable and `pdftotext` reads it back. Greys are
//! written as DeviceGray, other colours as DeviceRGB.
//!
//! The output is reproducible: no creation date is set, and krilla derives
//! the document ids from the content, so the same document gives the same
//! bytes.

use std::sync::OnceLock;

use krilla::color::{luma, rgb};
use krilla::geom::{Path, PathBuilder, Point as PdfPoint, Transform};
use krilla::num::NormalizedF32;
use krilla::page::PageSettings;
use krilla::paint::{Fill, FillRule, LineCap, LineJoin, Paint, Stroke as PdfStroke, StrokeDash};
use krilla::surface::Surface;
use krilla::text::{Font, GlyphId, KrillaGlyph};

use super::{BackendError, DrawOp, check_page, check_pages, draw_ops, text_start_x};
use crate::display::{Color, Document, Page, Point, Rect, Stroke, Text, mm_to_pt};
use crate::fonts::{self, FontFace};

/// Renders every page of `doc` into one PDF file's bytes. Fails on a
/// document without pages, a page of unusable size or an item with a
/// non-finite number, naming the page.
pub fn render(doc: &Document) -> Result<Vec<u8>, BackendError> {
    check_pages(doc)?;
    let mut pdf = PdfWriter::new(&doc.metadata);
    for page in &doc.pages {
        pdf.page(page)?;
    }
    pdf.finish()
}

/// A PDF made one page at a time, so a long run (a diagram of every game in
/// a large record file) never holds more than one page's display list: each
/// page is drawn into the PDF (compressed) as it comes.
pub struct PdfWriter {
    pdf: krilla::Document,
    pages: usize,
}

impl PdfWriter {
    /// An empty PDF with the document's metadata.
    pub fn new(meta: &crate::display::Metadata) -> PdfWriter {
        let settings = krilla::SerializeSettings {
            // Nothing here is tagged; an empty structure tree is only bytes.
            enable_tagging: false,
            // The title, subject and creator go in the document information
            // dictionary, where readers look; an XMP copy of them is a kB
            // of uncompressed XML more in every sheet.
            xmp_metadata: false,
            ..Default::default()
        };
        let mut pdf = krilla::Document::new_with(settings);
        pdf.set_metadata(metadata(meta));
        PdfWriter { pdf, pages: 0 }
    }

    /// Draws the next page, after checking its size and numbers.
    pub fn page(&mut self, page: &Page) -> Result<(), BackendError> {
        let index = self.pages;
        check_page(index, page)?;
        let size = PageSettings::from_wh(pt(page.width), pt(page.height)).ok_or(
            BackendError::BadPageSize {
                page: index + 1,
                width: page.width,
                height: page.height,
            },
        )?;
        let mut pdf_page = self.pdf.start_page_with(size);
        let mut surface = pdf_page.surface();
        draw_page(&mut surface, page, pt(page.height));
        surface.finish();
        pdf_page.finish();
        self.pages += 1;
        Ok(())
    }

    /// Pages drawn so far.
    pub fn pages(&self) -> usize {
        self.pages
    }

    /// The PDF file's bytes; an error if no page was drawn.
    pub fn finish(self) -> Result<Vec<u8>, BackendError> {
        if self.pages == 0 {
            return Err(BackendError::NoPages);
        }
        self.pdf.finish().map_err(BackendError::Pdf)
    }
}

fn metadata(meta: &crate::display::Metadata) -> krilla::metadata::Metadata {
    let mut out = krilla::metadata::Metadata::new();
    if !meta.title.is_empty() {
        out = out.title(meta.title.clone());
    }
    if !meta.creator.is_empty() {
        out = out.creator(meta.creator.clone());
    }
    if let Some(subject) = &meta.subject {
        out = out.description(subject.clone());
    }
    out
}

/// mm to pt, rounded to a thousandth of a point (a third of a micrometre,
/// far below what any printer places): numbers in the content stream are
/// then written with at most three decimals, not the eight or nine of a
/// float's shortest form, which keeps the stream shorter and quicker to
/// compress.
fn pt(mm: f64) -> f32 {
    ((mm_to_pt(mm) * 1000.0).round() / 1000.0) as f32
}

/// The embedded fonts as krilla fonts, parsed once per process.
fn pdf_font(face: FontFace) -> Font {
    static FONTS: OnceLock<[Font; FontFace::ALL.len()]> = OnceLock::new();
    let fonts = FONTS.get_or_init(|| {
        FontFace::ALL.map(|f| Font::new(f.data().into(), 0).expect("embedded font parses"))
    });
    fonts[face as usize].clone()
}

fn paint(color: Color) -> Paint {
    if color.r == color.g && color.g == color.b {
        luma::Color::new(color.r).into()
    } else {
        rgb::Color::new(color.r, color.g, color.b).into()
    }
}

fn fill(color: Color) -> Fill {
    Fill {
        paint: paint(color),
        opacity: NormalizedF32::ONE,
        rule: FillRule::NonZero,
    }
}

fn stroke(s: &Stroke) -> PdfStroke {
    PdfStroke {
        paint: paint(s.color),
        width: pt(s.width),
        miter_limit: 10.0,
        // Same cap rule as the SVG backend (see the backend module docs).
        line_cap: if s.dash.is_some() {
            LineCap::Butt
        } else {
            LineCap::Square
        },
        line_join: LineJoin::Miter,
        opacity: NormalizedF32::ONE,
        dash: s.dash.map(|(on, off)| StrokeDash {
            array: vec![pt(on), pt(off)],
            offset: 0.0,
        }),
    }
}

fn draw_page(surface: &mut Surface<'_>, page: &Page, page_height: f32) {
    let mut line = TextLine::new();
    let mut filled = FilledRects::default();
    for op in draw_ops(&page.items) {
        if let DrawOp::Text(text) = op {
            filled.flush(surface, page_height);
            draw_text(surface, text, &mut line);
            continue;
        }
        line.flush(surface);
        if let DrawOp::Rect(rect, Some(color), None) = op {
            filled.push(surface, page_height, rect, color);
            continue;
        }
        filled.flush(surface, page_height);
        match op {
            DrawOp::Lines(s, segments) => {
                let frame = Frame::around(segments.iter().flat_map(|&(a, b)| [a, b]));
                let mut pb = PathBuilder::new();
                for (from, to) in segments {
                    let (a, b) = (frame.point(from), frame.point(to));
                    pb.move_to(a.0, a.1);
                    pb.line_to(b.0, b.1);
                }
                frame.draw(surface, page_height, pb.finish(), None, Some(s));
            }
            DrawOp::Rect(rect, fill, stroke) => {
                let frame = Frame::around(corners(rect));
                let mut pb = PathBuilder::new();
                rect_path(&mut pb, &frame, rect);
                frame.draw(surface, page_height, pb.finish(), fill, stroke);
            }
            DrawOp::Circle(center, radius, fill, stroke) => {
                let frame = Frame::around([
                    Point::new(center.x - radius, center.y - radius),
                    Point::new(center.x + radius, center.y + radius),
                ]);
                let path = circle(&frame, center, radius);
                frame.draw(surface, page_height, path, fill, stroke);
            }
            DrawOp::Text(_) => {}
        }
    }
    line.flush(surface);
    filled.flush(surface, page_height);
}

/// A rectangle's four corners.
fn corners(rect: &Rect) -> [Point; 4] {
    let (x0, y0, x1, y1) = (rect.x, rect.y, rect.right(), rect.bottom());
    [
        Point::new(x0, y0),
        Point::new(x1, y0),
        Point::new(x1, y1),
        Point::new(x0, y1),
    ]
}

/// Adds a rectangle to a path, as a closed subpath in `frame`'s numbers.
fn rect_path(pb: &mut PathBuilder, frame: &Frame, rect: &Rect) {
    let [a, b, c, d] = corners(rect).map(|p| frame.point(p));
    pb.move_to(a.0, a.1);
    pb.line_to(b.0, b.1);
    pb.line_to(c.0, c.1);
    pb.line_to(d.0, d.1);
    pb.close();
}

/// Where a path's numbers are measured from, and in what unit.
///
/// A path is written in a frame of its own (one `cm` before it): its
/// numbers count from its own top-left corner, so a shape drawn again
/// elsewhere (nine boards, the rows of a record table) is the same string
/// of numbers, which the compressor stores once, and the numbers are short.
/// A sheet code's modules are measured in modules (whole numbers). Every
/// number is still rounded to a thousandth of the frame's unit (of a point
/// at most), so the picture is the same as with absolute coordinates.
#[derive(Clone, Copy)]
struct Frame {
    /// The frame's origin on the page, mm from the left edge.
    x: f64,
    /// The frame's origin on the page, mm from the top edge.
    y: f64,
    /// Points per unit of the frame.
    unit: f64,
}

impl Frame {
    /// A frame in points whose origin is the top-left corner of the box
    /// around `points` (mm).
    fn around(points: impl IntoIterator<Item = Point>) -> Frame {
        let (mut x, mut y) = (f64::INFINITY, f64::INFINITY);
        for p in points {
            x = x.min(p.x);
            y = y.min(p.y);
        }
        if !x.is_finite() || !y.is_finite() {
            (x, y) = (0.0, 0.0);
        }
        Frame { x, y, unit: 1.0 }
    }

    /// A point (mm) in the frame's units, rounded to a thousandth of a
    /// unit. Measured from the origin before rounding, so a shape drawn
    /// anywhere has the same numbers; the origin is rounded on its own, so
    /// a point lands within a thousandth of a point of where it belongs.
    fn point(&self, p: Point) -> (f32, f32) {
        (
            thousandths(mm_to_pt(p.x - self.x) / self.unit) as f32,
            thousandths(mm_to_pt(p.y - self.y) / self.unit) as f32,
        )
    }

    /// Draws `path` (built in this frame's numbers) filled and/or stroked.
    /// The stroke's width and dashes are in the frame's units, so frames
    /// with a unit other than a point are only filled.
    fn draw(
        &self,
        surface: &mut Surface<'_>,
        page_height: f32,
        path: Option<Path>,
        fill: Option<Color>,
        s: Option<&Stroke>,
    ) {
        debug_assert!(s.is_none() || self.unit == 1.0);
        surface.push_transform(&self.transform(page_height));
        draw(surface, path, fill, s);
        surface.pop();
    }

    /// The transform into this frame. krilla writes it after the page's
    /// own transform (y downwards from the top edge: `1 0 0 -1 0 height`),
    /// composed in `f32` as `height - y`, in its shortest form; the `y`
    /// given here is picked, where one exists, so that this difference is
    /// the nearest `f32` to the frame's origin rounded to a thousandth of
    /// a point, whose shortest form has three decimals like the others.
    /// Else it is within one `f32` step of it (a hundred-thousandth of a
    /// point): the frame never moves.
    fn transform(&self, page_height: f32) -> Transform {
        let x = thousandths(mm_to_pt(self.x)) as f32;
        let wanted = thousandths(f64::from(page_height) - mm_to_pt(self.y)) as f32;
        let first = page_height - wanted;
        let y = [first, next_f32(first, 1), next_f32(first, -1)]
            .into_iter()
            .find(|&y| page_height - y == wanted)
            .unwrap_or(first);
        let unit = self.unit as f32;
        Transform::from_row(unit, 0.0, 0.0, unit, x, y)
    }

    /// Whether `p` (mm) sits on the frame's lattice: a whole number of
    /// units from its origin both ways, to a thousandth of a unit.
    fn holds(&self, p: Point) -> bool {
        let (x, y) = self.point(p);
        x.fract() == 0.0 && y.fract() == 0.0
    }
}

/// The `f32` `steps` representable values away from `v`.
fn next_f32(v: f32, steps: i32) -> f32 {
    f32::from_bits(v.to_bits().wrapping_add_signed(steps))
}

/// Rounded to a thousandth.
fn thousandths(v: f64) -> f64 {
    (v * 1000.0).round() / 1000.0
}
/// Consecutive filled rectangles without an outline, in one colour, filled
/// as one path: the sheet code's QR symbol is a few hundred of them, and
/// each drawn alone costs the content stream its own saved state,
/// transform, colour and fill operator. Filling the union (non-zero rule)
/// paints exactly what the rectangles one by one would, and only
/// consecutive ones are joined, so the painting order is kept.
#[derive(Default)]
struct FilledRects {
    color: Option<Color>,
    rects: Vec<Rect>,
}

impl FilledRects {
    fn push(&mut self, surface: &mut Surface<'_>, page_height: f32, rect: &Rect, color: Color) {
        if self.color != Some(color) {
            self.flush(surface, page_height);
            self.color = Some(color);
        }
        self.rects.push(*rect);
    }

    /// Fills the gathered rectangles, if any.
    ///
    /// The narrowest rectangle sets a lattice: its corner, its width as the
    /// unit. Those whose corners sit on it (a QR symbol's runs of modules,
    /// a grid of shaded cells) are written in that unit, where their
    /// numbers are small whole numbers; the others in points, in a frame of
    /// their own. One colour, filled: the order of the two fills changes
    /// nothing on the page.
    fn flush(&mut self, surface: &mut Surface<'_>, page_height: f32) {
        let Some(color) = self.color.take() else {
            return;
        };
        let rects = std::mem::take(&mut self.rects);
        let lattice = lattice(&rects);
        let (on_lattice, others): (Vec<Rect>, Vec<Rect>) = rects
            .iter()
            .partition(|r| lattice.is_some_and(|l| l.holds(Point::new(r.x, r.y))));
        match lattice {
            Some(lattice) if on_lattice.len() >= 2 => {
                fill_rects_around(surface, page_height, &others, color);
                fill_rects(surface, page_height, &lattice, &on_lattice, color);
            }
            _ => fill_rects_around(surface, page_height, &rects, color),
        }
    }
}

/// Fills `rects`, if any, as one path in a frame of their own, in points.
fn fill_rects_around(surface: &mut Surface<'_>, page_height: f32, rects: &[Rect], color: Color) {
    if !rects.is_empty() {
        let frame = Frame::around(rects.iter().flat_map(corners));
        fill_rects(surface, page_height, &frame, rects, color);
    }
}

/// Fills `rects` as one path written in `frame`'s numbers.
fn fill_rects(
    surface: &mut Surface<'_>,
    page_height: f32,
    frame: &Frame,
    rects: &[Rect],
    color: Color,
) {
    let mut pb = PathBuilder::new();
    for rect in rects {
        rect_path(&mut pb, frame, rect);
    }
    frame.draw(surface, page_height, pb.finish(), Some(color), None);
}

/// The lattice of the narrowest of `rects` (see [`FilledRects::flush`]):
/// `None` for fewer than two, or a width too small to count in.
fn lattice(rects: &[Rect]) -> Option<Frame> {
    if rects.len() < 2 {
        return None;
    }
    let narrowest = rects.iter().min_by(|a, b| a.w.total_cmp(&b.w))?;
    // Exact, not rounded: the others' corners are whole numbers of it.
    let unit = mm_to_pt(narrowest.w);
    // Under a hundredth of a point the unit would lengthen the numbers.
    if unit < 0.01 {
        return None;
    }
    Some(Frame {
        x: narrowest.x,
        y: narrowest.y,
        unit,
    })
}

/// Fills and/or strokes a path; a path with neither is not drawn (krilla
/// would fill it black).
fn draw(
    surface: &mut Surface<'_>,
    path: Option<Path>,
    fill_color: Option<Color>,
    s: Option<&Stroke>,
) {
    let Some(path) = path else { return };
    if fill_color.is_none() && s.is_none() {
        return;
    }
    surface.set_fill(fill_color.map(fill));
    surface.set_stroke(s.map(stroke));
    surface.draw_path(&path);
}

/// A circle as four cubic Béziers (the usual 0.5523 control distance; the
/// radius error is under 0.03 %), in `frame`'s numbers.
fn circle(frame: &Frame, center: Point, radius: f64) -> Option<Path> {
    const KAPPA: f64 = 0.552_284_749_831;
    let (cx, cy, r) = (center.x, center.y, radius);
    let k = r * KAPPA;
    let p = |x: f64, y: f64| frame.point(Point::new(x, y));
    let mut pb = PathBuilder::new();
    let (sx, sy) = p(cx + r, cy);
    pb.move_to(sx, sy);
    let quarter = [
        [(cx + r, cy + k), (cx + k, cy + r), (cx, cy + r)],
        [(cx - k, cy + r), (cx - r, cy + k), (cx - r, cy)],
        [(cx - r, cy - k), (cx - k, cy - r), (cx, cy - r)],
        [(cx + k, cy - r), (cx + r, cy - k), (cx + r, cy)],
    ];
    for [c1, c2, end] in quarter {
        let (a, b, c) = (p(c1.0, c1.1), p(c2.0, c2.1), p(end.0, end.1));
        pb.cubic_to(a.0, a.1, b.0, b.1, c.0, c.1);
    }
    pb.close();
    pb.finish()
}

/// Texts of one face, size and colour on one baseline, drawn with a single
/// text-showing operation: the gap between two texts becomes extra advance
/// on the last glyph before it. A row of cell numbers then costs one text
/// object instead of one each, which keeps the content stream (and the time
/// spent compressing it) small. Only consecutive texts are joined, so the
/// painting order is kept.
struct TextLine {
    face: Option<FontFace>,
    size: f64,
    color: Color,
    baseline: f64,
    /// Where the first glyph starts, mm.
    start_x: f64,
    /// Where the pen stands after the last glyph, mm.
    pen_x: f64,
    content: String,
    glyphs: Vec<KrillaGlyph>,
}

impl TextLine {
    fn new() -> Self {
        TextLine {
            face: None,
            size: 0.0,
            color: Color::BLACK,
            baseline: 0.0,
            start_x: 0.0,
            pen_x: 0.0,
            content: String::new(),
            glyphs: Vec::new(),
        }
    }

    fn fits(&self, face: FontFace, text: &Text) -> bool {
        self.face == Some(face)
            && self.size == text.size
            && self.color == text.color
            && self.baseline == text.pos.y
    }

    /// Adds one shaped run starting at `x` mm, drawing what was gathered
    /// first if the run does not fit this line.
    fn push(&mut self, surface: &mut Surface<'_>, text: &Text, run: &fonts::ShapedRun, x: f64) {
        if !self.fits(run.face, text) {
            self.flush(surface);
            self.face = Some(run.face);
            self.size = text.size;
            self.color = text.color;
            self.baseline = text.pos.y;
            self.start_x = x;
            self.pen_x = x;
        }
        if let Some(last) = self.glyphs.last_mut() {
            last.x_advance += ((x - self.pen_x) / text.size) as f32;
        }
        let offset = self.content.len();
        self.content.push_str(&text.content[run.range.clone()]);
        self.glyphs.extend(run.glyphs.iter().map(|g| {
            KrillaGlyph::new(
                GlyphId::new(u32::from(g.id)),
                g.x_advance,
                g.x_offset,
                g.y_offset,
                0.0,
                g.text_range.start + offset..g.text_range.end + offset,
                None,
            )
        }));
        self.pen_x = x + run.advance * text.size;
    }

    /// Draws the gathered glyphs, if any, and empties the line.
    fn flush(&mut self, surface: &mut Surface<'_>) {
        let Some(face) = self.face.take() else { return };
        if !self.glyphs.is_empty() {
            surface.set_fill(Some(fill(self.color)));
            surface.set_stroke(None);
            surface.draw_glyphs(
                PdfPoint::from_xy(pt(self.start_x), pt(self.baseline)),
                &self.glyphs,
                pdf_font(face),
                &self.content,
                pt(self.size),
                false,
            );
        }
        self.glyphs.clear();
        self.content.clear();
    }
}

fn draw_text(surface: &mut Surface<'_>, text: &Text, line: &mut TextLine) {
    let shaped = fonts::shape(&text.content, text.weight);
    let mut x = text_start_x(text, shaped.advance * text.size);
    for run in &shaped.runs {
        line.push(surface, text, run, x);
        x += run.advance * text.size;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Read;

    /// The operators of every compressed stream of a PDF, in order: the
    /// page's content among them (font files do not decompress to text
    /// made of these words).
    fn stream_words(pdf: &[u8]) -> Vec<String> {
        let mut words = Vec::new();
        let mut rest = pdf;
        while let Some(start) = find(rest, b"stream\n") {
            let body = &rest[start + 7..];
            let Some(end) = find(body, b"endstream") else {
                break;
            };
            let mut text = Vec::new();
            if flate2::read::ZlibDecoder::new(&body[..end])
                .read_to_end(&mut text)
                .is_ok()
            {
                words.extend(
                    String::from_utf8_lossy(&text)
                        .split_whitespace()
                        .map(str::to_string),
                );
            }
            rest = &body[end..];
        }
        words
    }

    fn find(haystack: &[u8], needle: &[u8]) -> Option<usize> {
        haystack.windows(needle.len()).position(|w| w == needle)
    }

    fn count(words: &[String], op: &str) -> usize {
        words.iter().filter(|w| *w == op).count()
    }

    fn filled(page: &mut Page, x: f64, color: Color) {
        page.rect(Rect::new(x, 10.0, 2.0, 3.0), Some(color), None);
    }

    #[test]
    fn consecutive_filled_rectangles_are_one_path_in_painting_order() {
        let mut page = Page::new(100.0, 100.0);
        for i in 0..40 {
            filled(&mut page, f64::from(i) * 2.0, Color::BLACK);
        }
        let doc = Document {
            pages: vec![page.clone()],
            ..Default::default()
        };
        let words = stream_words(&render(&doc).unwrap());
        // Forty rectangles, one fill: every subpath closed, one saved state.
        assert_eq!(count(&words, "h"), 40, "{words:?}");
        assert_eq!(count(&words, "f"), 1, "{words:?}");
        assert_eq!(count(&words, "q"), 1, "{words:?}");

        // Another colour, an outlined rectangle or a text between them
        // splits the run, so what is painted later stays on top.
        filled(&mut page, 1.0, Color::grey(128));
        filled(&mut page, 2.0, Color::BLACK);
        page.rect(
            Rect::new(0.0, 0.0, 5.0, 5.0),
            Some(Color::BLACK),
            Some(Stroke::solid(0.2)),
        );
        filled(&mut page, 3.0, Color::BLACK);
        let doc = Document {
            pages: vec![page],
            ..Default::default()
        };
        let words = stream_words(&render(&doc).unwrap());
        assert_eq!(count(&words, "h"), 44, "{words:?}");
        // The forty, the grey one, one black, the last black one; the
        // outlined one is filled and stroked (`B`).
        assert_eq!(count(&words, "f"), 4, "{words:?}");
        assert_eq!(count(&words, "B"), 1, "{words:?}");
    }

    /// The page's content stream of a one-page document.
    fn content_of(page: Page) -> String {
        let doc = Document {
            pages: vec![page],
            ..Default::default()
        };
        stream_words(&render(&doc).unwrap()).join(" ")
    }

    /// Every point a path operator (`m`, `l`) names, on the page in pt
    /// with y downwards, through the `cm` before it: what the frames are
    /// for must not move anything.
    fn points_on_page(content: &str, page_height: f64) -> Vec<(f64, f64)> {
        let mut points = Vec::new();
        let mut operands: Vec<f64> = Vec::new();
        let mut ctm = [1.0, 0.0, 0.0, 1.0, 0.0, 0.0];
        for word in content.split_whitespace() {
            if let Ok(n) = word.parse::<f64>() {
                operands.push(n);
                continue;
            }
            match word {
                "cm" => ctm.copy_from_slice(&operands[operands.len() - 6..]),
                "m" | "l" => {
                    let [x, y] = [operands[0], operands[1]];
                    let (px, py) = (ctm[0] * x + ctm[4], ctm[3] * y + ctm[5]);
                    points.push((px, page_height - py));
                }
                "Q" => ctm = [1.0, 0.0, 0.0, 1.0, 0.0, 0.0],
                _ => {}
            }
            operands.clear();
        }
        points
    }

    #[test]
    fn a_shape_drawn_twice_is_written_with_the_same_numbers_in_place() {
        let mut page = Page::new(210.0, 297.0);
        let grid = |page: &mut Page, x: f64, y: f64| {
            for i in 0..4 {
                let d = f64::from(i) * 4.2;
                let s = Stroke::solid(0.15);
                page.line(Point::new(x + d, y), Point::new(x + d, y + 12.6), s);
                page.line(Point::new(x, y + d), Point::new(x + 12.6, y + d), s);
            }
        };
        grid(&mut page, 35.5, 26.9);
        page.rect(
            Rect::new(1.0, 1.0, 2.0, 2.0),
            None,
            Some(Stroke::solid(1.0)),
        );
        grid(&mut page, 88.23, 203.111);
        let content = content_of(page);
        // Each grid after its transform: the same string of numbers.
        let paths: Vec<&str> = content
            .split(" cm ")
            .skip(1)
            .map(|rest| rest.split(" S").next().unwrap())
            .collect();
        assert_eq!(paths.len(), 3, "{content}");
        assert_eq!(paths[0], paths[2], "{content}");
        // And every point where the display list put it, to a thousandth
        // of a point (two roundings of half a thousandth).
        let height = mm_to_pt(297.0);
        let points = points_on_page(&content, height);
        let mut expected = Vec::new();
        for (x, y) in [(35.5, 26.9), (88.23, 203.111)] {
            for i in 0..4 {
                let d = f64::from(i) * 4.2;
                expected.push((x + d, y));
                expected.push((x + d, y + 12.6));
                expected.push((x, y + d));
                expected.push((x + 12.6, y + d));
            }
            if x < 50.0 {
                expected.extend([(1.0, 1.0), (3.0, 1.0), (3.0, 3.0), (1.0, 3.0)]);
            }
        }
        assert_eq!(points.len(), expected.len(), "{content}");
        for ((px, py), (x, y)) in points.iter().zip(&expected) {
            assert!(
                (px - mm_to_pt(*x)).abs() <= 0.0011 && (py - mm_to_pt(*y)).abs() <= 0.0011,
                "({px}, {py}) for ({x}, {y}) mm: {content}"
            );
        }
    }

    #[test]
    fn rectangles_on_a_lattice_are_written_in_whole_units_in_place() {
        let module = 0.4547;
        let mut page = Page::new(100.0, 100.0);
        // A mark that is not on the lattice, then runs that are.
        page.rect(Rect::new(2.0, 2.0, 5.0, 5.0), Some(Color::BLACK), None);
        let runs = [(0, 0, 3), (5, 0, 1), (1, 1, 2), (0, 2, 7)];
        for (col, row, len) in runs {
            let rect = Rect::new(
                60.0 + f64::from(col) * module,
                70.0 + f64::from(row) * module,
                f64::from(len) * module,
                module + 0.04,
            );
            page.rect(rect, Some(Color::BLACK), None);
        }
        let content = content_of(page);
        let lattice = content
            .split(" cm ")
            .nth(2)
            .expect("a second frame for the lattice");
        let corners: Vec<&str> = lattice
            .split_whitespace()
            .skip_while(|w| *w != "g")
            .take_while(|w| *w != "f")
            .filter(|w| w.parse::<f64>().is_ok())
            .collect();
        // x of every corner and the y of the top ones are whole modules.
        for pair in corners.chunks(2) {
            assert!(!pair[0].contains('.'), "{pair:?} in {lattice}");
        }
        let height = mm_to_pt(100.0);
        let points = points_on_page(&content, height);
        assert_eq!(points.len(), 4 * (1 + runs.len()), "{content}");
        for (col, row, len) in runs {
            let x = mm_to_pt(60.0 + f64::from(col) * module);
            let y = mm_to_pt(70.0 + f64::from(row) * module);
            let right = x + mm_to_pt(f64::from(len) * module);
            for (px, py) in [(x, y), (right, y)] {
                assert!(
                    points
                        .iter()
                        .any(|p| (p.0 - px).abs() < 0.001 && (p.1 - py).abs() < 0.001),
                    "({px}, {py}) missing: {content}"
                );
            }
        }
    }
}
