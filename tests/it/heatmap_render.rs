//! The heat map as printed: the figures are text in the real PDF and SVG.
//! (Its cells, rasterised and sampled against the shade of their distance,
//! are tested in the crate, as the scale is the heat map's own.)

use crate::common;

use paperboard_games::analysis::{Ruleset, analyze};
use paperboard_games::maps::map34;
use paperboard_sheets::backend::{pdf, svg};
use paperboard_sheets::heatmap::heatmap;

#[test]
fn heat_map_pdf_and_svg_contain_the_figures_as_text() {
    let a = analyze("functional map34", Ruleset::Functional(map34()));
    let doc = heatmap(&a);
    let text = common::pdftotext_layout(&pdf::render(&doc).unwrap());
    assert!(text.contains("8/3 = 2.6667"), "{text}");
    assert!(text.contains("S5 band 2"), "{text}");
    assert!(svg::render_page(&doc.pages[0], &doc.metadata).contains("8/3 = 2.6667"));
}
