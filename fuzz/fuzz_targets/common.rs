//! What every fuzz target checks of a result: an error renders as the
//! command line prints it without a panic, and every SVG page is
//! well-formed XML.

#![allow(dead_code)]

use paperboard::{Document, Format};

/// Renders an error in both forms the command line prints.
pub fn report(e: &dyn miette::Diagnostic) {
    let _ = paperboard::report::full(e);
    let _ = paperboard::report::one_line(e);
}

/// Renders a document as SVG and parses every page.
pub fn svg_well_formed(doc: &Document) {
    if let Ok(pages) = paperboard::render(doc, Format::Svg) {
        for page in pages {
            let text = std::str::from_utf8(&page).expect("SVG is UTF-8");
            if let Err(e) = roxmltree::Document::parse(text) {
                panic!("SVG is not well-formed XML: {e}");
            }
        }
    }
}
