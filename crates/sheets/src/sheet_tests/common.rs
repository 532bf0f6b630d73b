//! The integration tests' helpers these unit tests share, included by path
//! (`pub` there, for the integration tests' other modules): pages as pixels,
//! the print standard on a raster, and a PDF's text as `pdftotext` reads it.
//! The rest of the integration tests' helpers run the `paperboard` program,
//! which a unit test cannot. The heat map's tests look at pixels through
//! here too (a file is included once).

#![allow(unreachable_pub, dead_code)]

#[path = "../../../../tests/it/common/diagram_ink.rs"]
pub(crate) mod diagram_ink;
#[path = "../../../../tests/it/common/pages.rs"]
pub(crate) mod pages;
#[path = "../../../../tests/it/common/pdf_lines.rs"]
pub(crate) mod pdf_lines;
#[path = "../../../../tests/it/common/pdf_text.rs"]
pub(crate) mod pdf_text;
#[path = "../../../../tests/it/common/print.rs"]
pub(crate) mod print;
#[path = "../../../../tests/it/common/raster.rs"]
pub(crate) mod raster;

pub(crate) use pages::{
    HANDOUT_GAMES, TestFiles, layout, load_handout, page_text, rules_handout, texts_of,
    vertical_lines,
};
pub(crate) use pdf_lines::{page_count, stroked_segments};
pub(crate) use pdf_text::{PdfWord, pdf_words, pdftotext_layout, pdftotext_page};
pub(crate) use raster::{Raster, mm_to_pt, mm_to_px, rasterize_pdf_page};

/// The workspace's root, where the examples are (the integration tests'
/// `CARGO_MANIFEST_DIR`).
pub(crate) const ROOT: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../..");

/// Every paper a spec may name, by its name in a spec.
pub(crate) fn papers() -> [&'static str; 4] {
    paperboard_sheets::spec::PaperSize::ALL.map(paperboard_sheets::spec::PaperSize::name)
}
