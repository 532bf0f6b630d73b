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

/// The binary's drawing of a diagnostic, shared by path: the binary has
/// no library to import it from.
#[allow(
    clippy::duplicate_mod,
    reason = "the fuzz targets' shared code, which a test replays, loads it for itself"
)]
#[path = "../../../src/diagnostic.rs"]
pub mod diagnostic;

/// The program as a test runs it: in English whatever the machine's
/// locale. `check` speaks the language of `LC_ALL`/`LC_MESSAGES`/`LANG`,
/// and the tests read its English, so a developer with a German locale
/// gets the same run as CI. A test of the locale itself sets its own.
pub fn paperboard() -> std::process::Command {
    let mut command = std::process::Command::new(env!("CARGO_BIN_EXE_paperboard"));
    command.env("LC_ALL", "C");
    command
}

/// The program run with `args`, `stdin` on its standard input, its output
/// and status collected. A run that refuses its arguments exits without
/// reading: a closed pipe is no failure of the test.
pub fn run_piped(args: &[&str], stdin: &[u8]) -> std::process::Output {
    use std::io::Write;
    use std::process::Stdio;
    let mut child = paperboard()
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut input = child.stdin.take().unwrap();
    let _ = input.write_all(stdin);
    drop(input);
    child.wait_with_output().unwrap()
}

/// Writes `text` as the file `name` in `dir`; its path, as a program's
/// argument.
pub fn write_text(dir: &std::path::Path, name: &str, text: &str) -> String {
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    path.to_str().unwrap().to_string()
}

/// `paperboard read` with `args`: its output and status.
pub fn read(args: &[&std::ffi::OsStr]) -> std::process::Output {
    paperboard().arg("read").args(args).output().unwrap()
}

/// `paperboard read --json PHOTO`'s answer, parsed.
pub fn read_json(photo: &std::path::Path) -> serde_json::Value {
    let out = read(&["--json".as_ref(), photo.as_os_str()]);
    serde_json::from_slice(&out.stdout)
        .unwrap_or_else(|e| panic!("{e}: {}", String::from_utf8_lossy(&out.stdout)))
}

/// Fails the test unless the program `what` ran to success, showing what
/// it said on standard error; the output then for the test to read.
#[track_caller]
pub fn assert_ran(what: &str, out: &std::process::Output) {
    assert!(
        out.status.success(),
        "{what}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
}
pub mod diagram_ink;
pub mod hostile;
pub mod pages;
pub mod pdf_lines;
pub mod pdf_text;
pub mod print;
pub mod raster;
pub mod scan_pdf;
pub mod web;

use lopdf::{Dictionary, Object};

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

pub use pages::{HANDOUT_GAMES, TestFiles, layout, page_text, rules_handout, texts_of};
use pdf_lines::number;
pub use pdf_lines::{Segment, load_pdf, page_count, stroked_segments};
pub use pdf_text::{PdfWord, pdf_words, pdftotext_layout, pdftotext_page};
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

/// A PNG of `width × height` pixels all of grey `level`: an image that is
/// no sheet (a wall, a blank page) for the readers to refuse.
pub fn grey_png(width: u32, height: u32, level: u8) -> Vec<u8> {
    let img = image::GrayImage::from_pixel(width, height, image::Luma([level]));
    let mut out = std::io::Cursor::new(Vec::new());
    img.write_to(&mut out, image::ImageFormat::Png)
        .expect("a PNG in memory");
    out.into_inner()
}
