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
use krilla::geom::{Path, PathBuilder, Point as PdfPoint};
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
        draw_page(&mut surface, page);
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

fn pdf_point(p: Point) -> PdfPoint {
    PdfPoint::from_xy(pt(p.x), pt(p.y))
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

fn draw_page(surface: &mut Surface<'_>, page: &Page) {
    let mut line = TextLine::new();
    let mut filled = FilledRects::default();
    for op in draw_ops(&page.items) {
        if let DrawOp::Text(text) = op {
            filled.flush(surface);
            draw_text(surface, text, &mut line);
            continue;
        }
        line.flush(surface);
        if let DrawOp::Rect(rect, Some(color), None) = op {
            filled.push(surface, rect, color);
            continue;
        }
        filled.flush(surface);
        match op {
            DrawOp::Lines(s, segments) => {
                let mut pb = PathBuilder::new();
                for (from, to) in segments {
                    let (a, b) = (pdf_point(from), pdf_point(to));
                    pb.move_to(a.x, a.y);
                    pb.line_to(b.x, b.y);
                }
                draw(surface, pb.finish(), None, Some(s));
            }
            DrawOp::Rect(rect, fill, stroke) => {
                let mut pb = PathBuilder::new();
                rect_path(&mut pb, rect);
                draw(surface, pb.finish(), fill, stroke);
            }
            DrawOp::Circle(center, radius, fill, stroke) => {
                draw(surface, circle(center, radius), fill, stroke);
            }
            DrawOp::Text(_) => {}
        }
    }
    line.flush(surface);
    filled.flush(surface);
}

/// Adds a rectangle to a path, as a closed subpath.
fn rect_path(pb: &mut PathBuilder, rect: &Rect) {
    let (x0, y0) = (pt(rect.x), pt(rect.y));
    let (x1, y1) = (pt(rect.right()), pt(rect.bottom()));
    pb.move_to(x0, y0);
    pb.line_to(x1, y0);
    pb.line_to(x1, y1);
    pb.line_to(x0, y1);
    pb.close();
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
    path: Option<PathBuilder>,
}

impl FilledRects {
    fn push(&mut self, surface: &mut Surface<'_>, rect: &Rect, color: Color) {
        if self.color != Some(color) {
            self.flush(surface);
            self.color = Some(color);
        }
        rect_path(self.path.get_or_insert_with(PathBuilder::new), rect);
    }

    /// Fills the gathered rectangles, if any.
    fn flush(&mut self, surface: &mut Surface<'_>) {
        if let (Some(color), Some(path)) = (self.color.take(), self.path.take()) {
            draw(surface, path.finish(), Some(color), None);
        }
    }
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
/// radius error is under 0.03 %).
fn circle(center: Point, radius: f64) -> Option<Path> {
    const KAPPA: f64 = 0.552_284_749_831;
    let (cx, cy, r) = (center.x, center.y, radius);
    let k = r * KAPPA;
    let p = |x: f64, y: f64| (pt(x), pt(y));
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
}
