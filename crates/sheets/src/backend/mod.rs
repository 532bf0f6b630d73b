//! Backends: translate a [`Document`] to SVG or PDF, nothing more.
//!
//! Both backends draw the same picture from the same display list:
//!
//! * coordinates stay in mm until the last step (SVG keeps mm as its user unit
//!   through `viewBox`; PDF converts to points), so sizes print true to scale;
//! * text is shaped once by the fonts' shaper (Thai in Noto Sans Thai,
//!   the rest in Noto Sans) and set as real, selectable text;
//! * solid lines get square caps, so lines that meet at a corner close it
//!   without a notch (a grid's border drawn as four lines has full corners);
//!   dashed lines get butt caps, so dashes keep the length asked for;
//! * runs of consecutive lines with the same stroke become one path, which
//!   keeps files small and fast without changing the painting order;
//! * in PDF, runs of consecutive filled rectangles without an outline, in
//!   one colour, become one filled path too (a QR symbol is hundreds);
//! * in PDF, each path is written in a frame of its own (its numbers count
//!   from its own corner, rectangles on a lattice in whole units of it),
//!   so a shape drawn again is the same text and compresses to little;
//!   every point still lands within a thousandth of a point of its place;
//! * a stroke of zero width is not drawn (SVG would hide it, PDF would draw
//!   the thinnest line the device can).
//!
//! Output is deterministic: the same document gives the same bytes.
//! [`render`] checks the document first (pages present, sizes positive,
//! every number finite).
//!
//! # Pages and files
//!
//! A PDF holds every page of the document in one file. SVG has no pages, so
//! [`render`] gives one SVG document per page; the command line names the
//! files (`sheet.svg` for one page, `sheet-1.svg` … `sheet-N.svg` for more).
//! The backends write nothing themselves: they return bytes.

pub mod pdf;
pub mod png;
pub mod svg;

use std::fmt;
use std::path::{Path, PathBuf};

use crate::display::{Anchor, Color, Document, Item, Page, Point, Rect, Stroke, Text};

/// An output format.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Format {
    /// Portable Document Format: all pages in one file.
    Pdf,
    /// Scalable Vector Graphics: one file per page.
    Svg,
}

impl Format {
    /// The format a path's extension names (`.pdf`, `.svg`, any letter case).
    pub fn from_path(path: &Path) -> Result<Format, BackendError> {
        let ext = path.extension().and_then(|e| e.to_str()).unwrap_or("");
        Format::from_name(ext).ok_or_else(|| BackendError::UnknownFormat {
            path: path.to_path_buf(),
        })
    }

    /// The format called `name` (`pdf` or `svg`, any letter case), as a
    /// `--format` option gives it.
    pub fn from_name(name: &str) -> Option<Format> {
        if name.eq_ignore_ascii_case("pdf") {
            Some(Format::Pdf)
        } else if name.eq_ignore_ascii_case("svg") {
            Some(Format::Svg)
        } else {
            None
        }
    }

    /// The usual file extension, without the dot.
    pub fn extension(self) -> &'static str {
        match self {
            Format::Pdf => "pdf",
            Format::Svg => "svg",
        }
    }
}

impl fmt::Display for Format {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.extension())
    }
}

/// Why a document could not be rendered or written.
#[derive(Debug, thiserror::Error, miette::Diagnostic)]
pub enum BackendError {
    /// The output path's extension names no known format.
    #[error("cannot tell the output format from {path:?}")]
    #[diagnostic(help("use a file name ending in .pdf or .svg, or give the format explicitly"))]
    UnknownFormat {
        /// The path given.
        path: PathBuf,
    },
    /// The document has no pages.
    #[error("the document has no pages to render")]
    NoPages,
    /// A page has a width or height that is not a positive, finite number.
    #[error("page {page} has an unusable size {width} × {height} mm")]
    BadPageSize {
        /// The page number, from 1.
        page: usize,
        /// Its width, mm.
        width: f64,
        /// Its height, mm.
        height: f64,
    },
    /// A drawing item has a coordinate or size that is not a finite number
    /// (a layout bug; drawn, it would corrupt the file or vanish).
    #[error("page {page}, item {item}: a coordinate or size is not a finite number")]
    NotFinite {
        /// The page number, from 1.
        page: usize,
        /// The item's index in the page's list, from 0.
        item: usize,
    },
    /// The PDF library refused the document.
    #[error("could not produce the PDF")]
    Pdf(#[source] krilla::error::KrillaError),
}

/// Checks that the document has pages, every page a usable size, and every
/// item finite numbers.
pub(crate) fn check_pages(doc: &Document) -> Result<(), BackendError> {
    if doc.pages.is_empty() {
        return Err(BackendError::NoPages);
    }
    for (i, page) in doc.pages.iter().enumerate() {
        check_page(i, page)?;
    }
    Ok(())
}

impl Page {
    /// Checks the page before it is drawn, as [`render`] checks every page:
    /// a usable size and finite numbers. `index` (from 0) is the page's
    /// number in what the error says.
    pub fn check(&self, index: usize) -> Result<(), BackendError> {
        check_page(index, self)
    }
}

/// Checks one page (`index` from 0): a usable size and finite numbers.
pub(crate) fn check_page(index: usize, page: &Page) -> Result<(), BackendError> {
    let usable = |v: f64| v.is_finite() && v > 0.0;
    if !usable(page.width) || !usable(page.height) {
        return Err(BackendError::BadPageSize {
            page: index + 1,
            width: page.width,
            height: page.height,
        });
    }
    if let Some(item) = page.items.iter().position(|item| !is_finite(item)) {
        return Err(BackendError::NotFinite {
            page: index + 1,
            item,
        });
    }
    Ok(())
}

fn is_finite(item: &Item) -> bool {
    let point = |p: &Point| p.x.is_finite() && p.y.is_finite();
    let stroke = |s: &Option<Stroke>| {
        s.as_ref().is_none_or(|s| {
            s.width.is_finite()
                && s.dash
                    .is_none_or(|(on, off)| on.is_finite() && off.is_finite())
        })
    };
    match item {
        Item::Line {
            from,
            to,
            stroke: s,
        } => point(from) && point(to) && stroke(&Some(*s)),
        Item::Rect {
            rect, stroke: s, ..
        } => {
            [rect.x, rect.y, rect.w, rect.h]
                .iter()
                .all(|v| v.is_finite())
                && stroke(s)
        }
        Item::Circle {
            center,
            radius,
            stroke: s,
            ..
        } => point(center) && radius.is_finite() && stroke(s),
        Item::Text(t) => point(&t.pos) && t.size.is_finite(),
    }
}

/// Renders `doc` in `format`: one PDF with every page, or one SVG document
/// per page. Fails, naming the page, on a document without pages, a page of
/// unusable size or an item with a number that is not finite.
pub fn render(doc: &Document, format: Format) -> Result<Vec<Vec<u8>>, BackendError> {
    match format {
        Format::Pdf => Ok(vec![pdf::render(doc)?]),
        Format::Svg => {
            check_pages(doc)?;
            Ok(doc
                .pages
                .iter()
                .map(|page| svg::render_page(page, &doc.metadata).into_bytes())
                .collect())
        }
    }
}

/// A piece of a page as the backends draw it: the items, except that
/// consecutive lines with equal strokes come as one batch.
pub(crate) enum DrawOp<'a> {
    /// Line segments `(from, to)` that share one stroke.
    Lines(&'a Stroke, Vec<(Point, Point)>),
    /// A rectangle with its fill and outline.
    Rect(&'a Rect, Option<Color>, Option<&'a Stroke>),
    /// A circle: centre, radius, fill, outline.
    Circle(Point, f64, Option<Color>, Option<&'a Stroke>),
    /// A line of text.
    Text(&'a Text),
}

/// Groups a page's items into [`DrawOp`]s, keeping the painting order.
pub(crate) fn draw_ops(items: &[Item]) -> Vec<DrawOp<'_>> {
    // A stroke of no width draws nothing in SVG but a hairline in PDF; drop
    // it in both so the formats agree.
    let mut ops: Vec<DrawOp<'_>> = Vec::new();
    for item in items {
        let op = match item {
            Item::Line { stroke, .. } if stroke.width <= 0.0 || stroke.width.is_nan() => continue,
            Item::Line { from, to, stroke } => {
                if let Some(DrawOp::Lines(s, segs)) = ops.last_mut()
                    && *s == stroke
                {
                    segs.push((*from, *to));
                    continue;
                }
                DrawOp::Lines(stroke, vec![(*from, *to)])
            }
            Item::Rect { rect, fill, stroke } => DrawOp::Rect(rect, *fill, visible(stroke)),
            Item::Circle {
                center,
                radius,
                fill,
                stroke,
            } => DrawOp::Circle(*center, *radius, *fill, visible(stroke)),
            Item::Text(text) => DrawOp::Text(text),
        };
        ops.push(op);
    }
    ops
}

/// The stroke if it has a width; see [`draw_ops`].
fn visible(stroke: &Option<Stroke>) -> Option<&Stroke> {
    stroke.as_ref().filter(|s| s.width > 0.0)
}

/// The x where a text of `width` mm starts, given its anchor.
pub(crate) fn text_start_x(text: &Text, width: f64) -> f64 {
    match text.anchor {
        Anchor::Start => text.pos.x,
        Anchor::Middle => text.pos.x - width / 2.0,
        Anchor::End => text.pos.x - width,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::display::{Page, Rect};

    #[test]
    fn format_from_extension() {
        assert_eq!(
            Format::from_path(Path::new("a/sheet.pdf")).unwrap(),
            Format::Pdf
        );
        assert_eq!(
            Format::from_path(Path::new("sheet.SVG")).unwrap(),
            Format::Svg
        );
        for bad in ["sheet.png", "sheet", "pdf", ".pdf.txt"] {
            let err = Format::from_path(Path::new(bad)).unwrap_err();
            assert!(
                matches!(err, BackendError::UnknownFormat { .. }),
                "{bad}: {err}"
            );
            assert!(err.to_string().contains(bad));
        }
        assert_eq!(Format::from_name("Pdf"), Some(Format::Pdf));
        assert_eq!(Format::from_name("eps"), None);
        assert_eq!(Format::from_name("SVG"), Some(Format::Svg));
    }

    #[test]
    fn consecutive_equal_lines_are_batched_in_order() {
        let mut page = Page::new(100.0, 100.0);
        let thin = Stroke::solid(0.2);
        let p = Point::new(0.0, 0.0);
        page.line(p, p, thin);
        page.line(p, p, thin);
        page.line(p, p, Stroke::solid(0.5));
        page.rect(Rect::new(0.0, 0.0, 1.0, 1.0), None, Some(thin));
        page.line(p, p, thin);
        page.line(p, p, Stroke::solid(0.0));
        page.rect(
            Rect::new(0.0, 0.0, 1.0, 1.0),
            None,
            Some(Stroke::solid(0.0)),
        );
        let shape: Vec<usize> = draw_ops(&page.items)
            .iter()
            .map(|op| match op {
                DrawOp::Lines(_, segs) => segs.len(),
                DrawOp::Rect(_, _, None) => 9,
                _ => 0,
            })
            .collect();
        assert_eq!(shape, [2, 1, 0, 1, 9]);
    }

    #[test]
    fn empty_and_degenerate_documents_are_errors() {
        let doc = Document::default();
        assert!(matches!(
            render(&doc, Format::Pdf),
            Err(BackendError::NoPages)
        ));
        let mut doc = Document::default();
        doc.pages.push(Page::new(210.0, 0.0));
        for format in [Format::Pdf, Format::Svg] {
            assert!(matches!(
                render(&doc, format),
                Err(BackendError::BadPageSize { page: 1, .. })
            ));
        }
        let mut page = Page::new(210.0, 297.0);
        page.line(
            Point::new(0.0, 0.0),
            Point::new(1.0, 1.0),
            Stroke::solid(0.2),
        );
        page.rect(Rect::new(0.0, f64::NAN, 1.0, 1.0), None, None);
        let doc = Document {
            pages: vec![Page::new(210.0, 297.0), page],
            ..Default::default()
        };
        for format in [Format::Pdf, Format::Svg] {
            let err = render(&doc, format).unwrap_err();
            assert!(
                matches!(err, BackendError::NotFinite { page: 2, item: 1 }),
                "{err}"
            );
        }
    }

    #[test]
    fn svg_is_one_document_per_page() {
        let doc = Document {
            pages: vec![Page::new(100.0, 100.0), Page::new(50.0, 80.0)],
            ..Default::default()
        };
        let files = render(&doc, Format::Svg).unwrap();
        assert_eq!(files.len(), 2);
        assert!(String::from_utf8_lossy(&files[1]).contains("viewBox=\"0 0 50 80\""));
        assert_eq!(render(&doc, Format::Pdf).unwrap().len(), 1);
    }
}
