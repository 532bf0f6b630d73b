//! Helpers shared by the integration tests: read the PDFs and SVGs we write
//! back the way a printer or a reader would see them.
//!
//! Use from a test file with `mod common;`. Each test binary uses only some of
//! these, hence the `dead_code` allowance.
//!
//! * Rasters: [`rasterize_svg`] (resvg, with the embedded fonts loaded so
//!   text renders with the same faces as in the PDF), [`rasterize_pdf_page`]
//!   (`pdftoppm`), [`compare_rasters`] ([`RasterDiff`]: share of differing
//!   pixels overall and among inked ones), [`Raster::ink_pixels_in`] to check
//!   that a region (given in px; [`mm_to_px`]) is or is not blank, and
//!   [`Raster::save_png`] to look at a failure.
//! * Text: [`pdftotext_layout`] (`pdftotext -layout`), [`pdf_words`] (every
//!   word with its box in mm, from `pdftotext -bbox`), [`svg_texts`] (the
//!   `<text>` contents of an SVG, in document order).
//! * XML: [`parse_svg`] and [`parse_svg_file`] parse every SVG with a
//!   strict XML parser, so each test that touches an SVG also checks it is
//!   well-formed.
//! * Structure (lopdf): [`load_pdf`], [`media_box`], [`page_count`],
//!   [`fonts`] (embedded? subset?), [`assert_fonts_embedded_and_subset`],
//!   [`stroked_segments`] (every stroked line segment of a page in PDF
//!   points, after the current transformation), [`info_string`].
//! * Display lists: [`vertical_lines`] (x positions of long vertical lines),
//!   [`page_text`] (every text of a page, joined by spaces).
//!
//! * Files: [`load_handout`] reads a handout spec file and the files it
//!   names, as the command line does.
//!
//! The external tools come from poppler-utils (`pdftoppm`, `pdftotext`).

#![allow(dead_code)]

pub mod hostile;
pub mod print;
pub mod raster;
pub mod scan_pdf;
pub mod web;

use std::io::Write;
use std::process::Command;
use std::sync::Arc;

use lopdf::{Dictionary, Object};
use paperboard_sheets::display::{Document, Item, Page};

/// The test's files, for the sheets to read as the command line reads
/// them (the library opens no file itself): a test's own files, never a
/// hostile one (the command line's reader is tested through the binary).
#[derive(Debug)]
pub struct TestFiles;

impl paperboard_sheets::files::SpecFiles for TestFiles {
    fn read_text(
        &self,
        path: &std::path::Path,
        limit: u64,
    ) -> Result<String, paperboard_games::source::text::InputError> {
        let text = std::fs::read_to_string(path).map_err(|_| {
            paperboard_games::source::text::InputError::NotFound {
                path: path.display().to_string(),
            }
        })?;
        assert!(text.len() as u64 <= limit, "{}", path.display());
        Ok(text)
    }

    fn exists(&self, path: &std::path::Path) -> bool {
        path.exists()
    }

    fn real_path(&self, path: &std::path::Path) -> Option<std::path::PathBuf> {
        path.canonicalize().ok()
    }
}

/// The handout spec file at `path`, with the files it names.
pub fn load_handout(path: &str) -> paperboard_sheets::handout::spec::HandoutSpec {
    paperboard_sheets::handout::spec::load(path, Arc::new(TestFiles)).unwrap()
}

/// Parses an SVG with a strict XML parser (roxmltree), failing the test if
/// it is not well-formed XML (a control character, an unescaped `<`) or
/// not an `<svg>` document. Every SVG the tests write or read goes through
/// here: [`rasterize_svg`] and [`svg_texts`] call it, and tests that only
/// look at a written file call it directly (or [`parse_svg_file`]).
pub fn parse_svg(svg: &str) -> roxmltree::Document<'_> {
    let doc = roxmltree::Document::parse(svg)
        .unwrap_or_else(|e| panic!("SVG is not well-formed XML: {e}"));
    assert_eq!(doc.root_element().tag_name().name(), "svg", "not an SVG");
    doc
}

/// Reads an SVG file and checks it with [`parse_svg`]; returns its text.
pub fn parse_svg_file(path: &std::path::Path) -> String {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    parse_svg(&text);
    text
}

pub use raster::{Raster, compare_rasters, mm_to_pt, mm_to_px, rasterize_pdf_page};

impl Raster {
    /// Writes the raster as a PNG (for looking at a failure).
    pub fn save_png(&self, path: &std::path::Path) {
        let file = std::fs::File::create(path).expect("create png");
        let mut enc = png::Encoder::new(
            std::io::BufWriter::new(file),
            self.width as u32,
            self.height as u32,
        );
        enc.set_color(png::ColorType::Rgb);
        enc.set_depth(png::BitDepth::Eight);
        enc.write_header()
            .and_then(|mut w| w.write_image_data(&self.rgb))
            .expect("write png");
    }
}

/// Rasterises an SVG at `dpi` on a white background with resvg, after
/// checking it is well-formed XML (see [`raster::rasterize_svg`]).
pub fn rasterize_svg(svg: &str, dpi: u32) -> Raster {
    parse_svg(svg);
    raster::rasterize_svg(svg, dpi)
}

/// Runs `pdftotext <option> file -` on a PDF and returns what it prints.
fn pdftotext(pdf: &[u8], option: &str) -> String {
    let mut file = tempfile::NamedTempFile::new().expect("temp file");
    file.write_all(pdf).expect("write pdf");
    let out = Command::new("pdftotext")
        .arg(option)
        .arg(file.path())
        .arg("-")
        .output()
        .expect("pdftotext runs (install poppler-utils)");
    assert!(
        out.status.success(),
        "pdftotext failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).expect("pdftotext prints UTF-8")
}

/// Runs `pdftotext -layout` on a PDF and returns its text.
pub fn pdftotext_layout(pdf: &[u8]) -> String {
    pdftotext(pdf, "-layout")
}

/// The text of one page (from 1) of a PDF, as `pdftotext -layout` reads it.
pub fn pdftotext_page(pdf: &[u8], page: usize) -> String {
    let mut file = tempfile::NamedTempFile::new().expect("temp file");
    file.write_all(pdf).expect("write pdf");
    let out = Command::new("pdftotext")
        .args(["-layout", "-f", &page.to_string(), "-l", &page.to_string()])
        .arg(file.path())
        .arg("-")
        .output()
        .expect("pdftotext runs (install poppler-utils)");
    assert!(out.status.success(), "pdftotext failed");
    String::from_utf8(out.stdout).expect("pdftotext prints UTF-8")
}

/// A word as `pdftotext -bbox` finds it, with its box in mm from the page's
/// top-left corner (the display list's coordinates). The box spans the
/// font's ascent to descent, not the glyphs' ink.
#[derive(Debug, Clone, PartialEq)]
pub struct PdfWord {
    /// Page number, from 1.
    pub page: usize,
    /// The word.
    pub text: String,
    /// Left edge, mm.
    pub x_min: f64,
    /// Top edge, mm.
    pub y_min: f64,
    /// Right edge, mm.
    pub x_max: f64,
    /// Bottom edge, mm.
    pub y_max: f64,
}

impl PdfWord {
    /// Horizontal centre, mm.
    pub fn centre_x(&self) -> f64 {
        (self.x_min + self.x_max) / 2.0
    }
    /// Vertical centre of the box, mm.
    pub fn centre_y(&self) -> f64 {
        (self.y_min + self.y_max) / 2.0
    }
}

fn xml_unescape(s: &str) -> String {
    s.replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&quot;", "\"")
        .replace("&apos;", "'")
        .replace("&#39;", "'")
        .replace("&amp;", "&")
}

/// Every word of a PDF with its position (`pdftotext -bbox`), page by page
/// in reading order.
pub fn pdf_words(pdf: &[u8]) -> Vec<PdfWord> {
    let html = pdftotext(pdf, "-bbox");
    let attr = |tag: &str, name: &str| -> f64 {
        let key = format!("{name}=\"");
        let start = tag.find(&key).expect("attribute present") + key.len();
        let end = start + tag[start..].find('"').expect("attribute closed");
        tag[start..end].parse::<f64>().expect("number") * 25.4 / 72.0
    };
    let mut words = Vec::new();
    let mut page = 0;
    for line in html.lines().map(str::trim) {
        if line.starts_with("<page ") {
            page += 1;
        } else if let Some(rest) = line.strip_prefix("<word ") {
            let (tag, tail) = rest.split_once('>').expect("word tag closed");
            let text = tail.strip_suffix("</word>").expect("one word per line");
            words.push(PdfWord {
                page,
                text: xml_unescape(text),
                x_min: attr(tag, "xMin"),
                y_min: attr(tag, "yMin"),
                x_max: attr(tag, "xMax"),
                y_max: attr(tag, "yMax"),
            });
        }
    }
    words
}

/// The text content of every `<text>` element of an SVG, in document order.
pub fn svg_texts(svg: &str) -> Vec<String> {
    let doc = parse_svg(svg);
    doc.descendants()
        .filter(|n| n.has_tag_name("text"))
        .map(|n| {
            n.descendants()
                .filter(|d| d.is_text())
                .filter_map(|d| d.text())
                .collect()
        })
        .collect()
}

/// Parses a PDF with lopdf.
pub fn load_pdf(pdf: &[u8]) -> lopdf::Document {
    lopdf::Document::load_mem(pdf).expect("PDF parses")
}

/// Number of pages.
pub fn page_count(pdf: &[u8]) -> usize {
    load_pdf(pdf).get_pages().len()
}

fn number(obj: &Object) -> f64 {
    match obj {
        Object::Integer(i) => *i as f64,
        Object::Real(r) => f64::from(*r),
        other => panic!("expected a number, found {other:?}"),
    }
}

/// The MediaBox `[x0, y0, x1, y1]` of page `page` (from 1), in points,
/// following inheritance from the page tree.
pub fn media_box(pdf: &[u8], page: u32) -> [f64; 4] {
    let doc = load_pdf(pdf);
    let mut id = *doc.get_pages().get(&page).expect("page exists");
    loop {
        let dict = doc.get_dictionary(id).expect("page dictionary");
        if let Ok(obj) = dict.get(b"MediaBox") {
            let (_, arr) = doc.dereference(obj).unwrap();
            let arr = arr.as_array().expect("MediaBox is an array");
            assert_eq!(arr.len(), 4);
            return [
                number(&arr[0]),
                number(&arr[1]),
                number(&arr[2]),
                number(&arr[3]),
            ];
        }
        id = dict
            .get(b"Parent")
            .and_then(Object::as_reference)
            .expect("MediaBox found in the page tree");
    }
}

/// A string from the document information dictionary (`Title`, `Creator`,
/// …), decoded from PDFDocEncoding-as-Latin-1 or UTF-16BE.
pub fn info_string(pdf: &[u8], key: &str) -> Option<String> {
    let doc = load_pdf(pdf);
    let info = doc.trailer.get(b"Info").ok()?;
    let (_, info) = doc.dereference(info).ok()?;
    let (_, value) = doc
        .dereference(info.as_dict().ok()?.get(key.as_bytes()).ok()?)
        .ok()?;
    let bytes = value.as_str().ok()?;
    Some(if let Some(utf16) = bytes.strip_prefix(&[0xFE, 0xFF]) {
        let units: Vec<u16> = utf16
            .chunks(2)
            .map(|c| u16::from_be_bytes([c[0], c[1]]))
            .collect();
        String::from_utf16_lossy(&units)
    } else {
        bytes.iter().map(|&b| b as char).collect()
    })
}

/// One font of a PDF, as a reader sees it.
#[derive(Debug, Clone)]
pub struct PdfFont {
    /// `BaseFont`, e.g. `ABCDEF+NotoSans-Regular`.
    pub base_font: String,
    /// `Subtype`: `Type0`, `TrueType`, `Type1`, `Type3`, …
    pub subtype: String,
    /// Whether the font program is in the file (`FontFile`, `FontFile2` or
    /// `FontFile3` in its descriptor).
    pub embedded: bool,
}

impl PdfFont {
    /// Whether `BaseFont` carries a subset tag: six capital letters and `+`.
    pub fn is_subset(&self) -> bool {
        let b = self.base_font.as_bytes();
        b.len() > 7 && b[..6].iter().all(u8::is_ascii_uppercase) && b[6] == b'+'
    }
}

fn name_of(dict: &Dictionary, key: &[u8]) -> String {
    dict.get(key)
        .and_then(Object::as_name)
        .map(|n| String::from_utf8_lossy(n).into_owned())
        .unwrap_or_default()
}

/// Every top-level font of the document (CID fonts are looked at through
/// their Type0 parent), in object order.
pub fn fonts(pdf: &[u8]) -> Vec<PdfFont> {
    let doc = load_pdf(pdf);
    let embedded = |dict: &Dictionary| -> bool {
        let Ok(desc) = dict.get(b"FontDescriptor") else {
            return false;
        };
        let Ok((_, desc)) = doc.dereference(desc) else {
            return false;
        };
        let Ok(desc) = desc.as_dict() else {
            return false;
        };
        [&b"FontFile"[..], b"FontFile2", b"FontFile3"]
            .iter()
            .any(|k| desc.has(k))
    };
    let mut out = Vec::new();
    for obj in doc.objects.values() {
        let Ok(dict) = obj.as_dict() else { continue };
        if !dict.has_type(b"Font") {
            continue;
        }
        let subtype = name_of(dict, b"Subtype");
        if subtype.starts_with("CIDFontType") {
            continue;
        }
        let is_embedded = if subtype == "Type0" {
            dict.get(b"DescendantFonts")
                .ok()
                .and_then(|d| doc.dereference(d).ok())
                .and_then(|(_, d)| d.as_array().ok().cloned())
                .map(|arr| {
                    !arr.is_empty()
                        && arr.iter().all(|d| {
                            doc.dereference(d)
                                .ok()
                                .and_then(|(_, d)| d.as_dict().ok())
                                .is_some_and(embedded)
                        })
                })
                .unwrap_or(false)
        } else {
            embedded(dict)
        };
        out.push(PdfFont {
            base_font: name_of(dict, b"BaseFont"),
            subtype,
            embedded: is_embedded,
        });
    }
    out
}

/// Panics unless the PDF has at least one font and every font is embedded
/// and subset. Returns the fonts.
pub fn assert_fonts_embedded_and_subset(pdf: &[u8]) -> Vec<PdfFont> {
    let fonts = fonts(pdf);
    assert!(!fonts.is_empty(), "the PDF has no fonts");
    for f in &fonts {
        assert!(f.embedded, "font not embedded: {f:?}");
        assert!(f.is_subset(), "font not subset: {f:?}");
    }
    fonts
}

/// A stroked straight segment in PDF user space (points, origin bottom-left,
/// y up), with the line width it was stroked at.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Segment {
    /// Start point, pt.
    pub from: (f64, f64),
    /// End point, pt.
    pub to: (f64, f64),
    /// Stroke width, pt (scaled by the transformation's x scale).
    pub width: f64,
}

impl Segment {
    /// Whether the segment is vertical (to 0.001 pt).
    pub fn is_vertical(&self) -> bool {
        (self.from.0 - self.to.0).abs() < 1e-3 && (self.from.1 - self.to.1).abs() > 1e-3
    }
    /// Whether the segment is horizontal (to 0.001 pt).
    pub fn is_horizontal(&self) -> bool {
        (self.from.1 - self.to.1).abs() < 1e-3 && (self.from.0 - self.to.0).abs() > 1e-3
    }
}

type Matrix = [f64; 6];

fn concat(m: &Matrix, n: &Matrix) -> Matrix {
    // m applied first, then n (PDF: cm pre-multiplies the CTM).
    [
        m[0] * n[0] + m[1] * n[2],
        m[0] * n[1] + m[1] * n[3],
        m[2] * n[0] + m[3] * n[2],
        m[2] * n[1] + m[3] * n[3],
        m[4] * n[0] + m[5] * n[2] + n[4],
        m[4] * n[1] + m[5] * n[3] + n[5],
    ]
}

fn apply(m: &Matrix, x: f64, y: f64) -> (f64, f64) {
    (m[0] * x + m[2] * y + m[4], m[1] * x + m[3] * y + m[5])
}

/// Every straight segment stroked on page `page` (from 1): the `m`/`l`/`re`/`h`
/// path operators of the page's content stream, interpreted with `q`/`Q`/`cm`
/// and `w`, keeping the paths painted with a stroking operator
/// (`S s B B* b b*`). Curves are skipped.
pub fn stroked_segments(pdf: &[u8], page: u32) -> Vec<Segment> {
    let doc = load_pdf(pdf);
    let page_id = *doc.get_pages().get(&page).expect("page exists");
    let content = doc
        .get_and_decode_page_content(page_id)
        .expect("content decodes");
    let mut ctm: Matrix = [1.0, 0.0, 0.0, 1.0, 0.0, 0.0];
    let mut width = 1.0;
    let mut stack: Vec<(Matrix, f64)> = Vec::new();
    let mut path: Vec<((f64, f64), (f64, f64))> = Vec::new();
    let mut current = (0.0, 0.0);
    let mut subpath_start = (0.0, 0.0);
    let mut out = Vec::new();
    for op in &content.operations {
        let n = |i: usize| number(&op.operands[i]);
        match op.operator.as_str() {
            "q" => stack.push((ctm, width)),
            "Q" => (ctm, width) = stack.pop().unwrap_or((ctm, width)),
            "cm" => ctm = concat(&[n(0), n(1), n(2), n(3), n(4), n(5)], &ctm),
            "w" => width = n(0),
            "m" => {
                current = apply(&ctm, n(0), n(1));
                subpath_start = current;
            }
            "l" => {
                let p = apply(&ctm, n(0), n(1));
                path.push((current, p));
                current = p;
            }
            "c" | "v" | "y" => {
                let k = op.operands.len();
                current = apply(&ctm, n(k - 2), n(k - 1));
            }
            "h" => {
                if current != subpath_start {
                    path.push((current, subpath_start));
                }
                current = subpath_start;
            }
            "re" => {
                let (x, y, w, h) = (n(0), n(1), n(2), n(3));
                let corners = [(x, y), (x + w, y), (x + w, y + h), (x, y + h)];
                let pts: Vec<_> = corners.iter().map(|&(a, b)| apply(&ctm, a, b)).collect();
                for i in 0..4 {
                    path.push((pts[i], pts[(i + 1) % 4]));
                }
                current = pts[0];
                subpath_start = pts[0];
            }
            "S" | "s" | "B" | "B*" | "b" | "b*" => {
                if matches!(op.operator.as_str(), "s" | "b" | "b*") && current != subpath_start {
                    path.push((current, subpath_start));
                }
                let scale = (ctm[0] * ctm[0] + ctm[1] * ctm[1]).sqrt();
                out.extend(path.drain(..).map(|(from, to)| Segment {
                    from,
                    to,
                    width: width * scale,
                }));
            }
            "f" | "F" | "f*" | "n" => path.clear(),
            _ => {}
        }
    }
    out
}

/// Distinct x positions of the vertical lines that span at least `min_len` mm.
pub fn vertical_lines(doc: &Document, min_len: f64) -> Vec<f64> {
    let mut xs: Vec<f64> = doc.pages[0]
        .items
        .iter()
        .filter_map(|i| match i {
            Item::Line { from, to, .. }
                if (from.x - to.x).abs() < 1e-9 && (from.y - to.y).abs() >= min_len =>
            {
                Some(from.x)
            }
            _ => None,
        })
        .collect();
    xs.sort_by(f64::total_cmp);
    xs.dedup_by(|a, b| (*a - *b).abs() < 1e-6);
    xs
}

/// Every text painted on `page`, in painting order, joined by spaces.
pub fn page_text(page: &Page) -> String {
    page.items
        .iter()
        .filter_map(|i| match i {
            Item::Text(t) => Some(t.content.as_str()),
            _ => None,
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// A PNG of `width × height` pixels all of grey `level`: an image that is
/// no sheet (a wall, a blank page) for the readers to refuse.
pub fn grey_png(width: u32, height: u32, level: u8) -> Vec<u8> {
    let img = image::GrayImage::from_pixel(width, height, image::Luma([level]));
    let mut out = std::io::Cursor::new(Vec::new());
    img.write_to(&mut out, image::ImageFormat::Png)
        .expect("a PNG in memory");
    out.into_inner()
}
