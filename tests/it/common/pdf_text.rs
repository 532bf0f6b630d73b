//! The text of a PDF as `pdftotext` (poppler-utils) reads it: the page's
//! text laid out, and every word with its box. A file of its own, so the
//! sheets crate's unit tests that measure a sheet's text share it too.

use std::io::Write;
use std::process::Command;

/// Runs `pdftotext <options> file -` on a PDF and returns what it prints.
fn pdftotext(pdf: &[u8], options: &[&str]) -> String {
    let mut file = tempfile::NamedTempFile::new().expect("temp file");
    file.write_all(pdf).expect("write pdf");
    let out = Command::new("pdftotext")
        .args(options)
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
    pdftotext(pdf, &["-layout"])
}

/// The text of one page (from 1) of a PDF, as `pdftotext -layout` reads it.
pub fn pdftotext_page(pdf: &[u8], page: usize) -> String {
    let page = page.to_string();
    pdftotext(pdf, &["-layout", "-f", &page, "-l", &page])
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
    let html = pdftotext(pdf, &["-bbox"]);
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
