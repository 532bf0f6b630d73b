//! The heat map as printed: the real PDF and SVG rasterised, and each cell
//! sampled against the shade of its distance. A unit test, as the scale
//! (`shade`, `scale_top`) is the heat map's own; the library user gets the
//! drawing and its grid from `heatmap`.

use crate::analysis::{Analysis, Label, Ruleset, analyze};
use crate::backend::{pdf, svg};
use crate::heatmap::{Grid, functional_map34, placed, scale_top, shade};
use crate::maps::{hmap2, map34};
// The rasteriser the integration tests use too, included once for the
// crate's tests.
use crate::sheet_tests::common::raster::{Raster, mm_to_px, rasterize_pdf_page, rasterize_svg};

const DPI: u32 = 150;

/// The colour at a point near the top-left corner of a cell, clear of its digit.
fn cell_pixel(r: &Raster, grid: &Grid, from: usize, to: usize) -> [u8; 3] {
    let rect = grid.cell_rect(from, to);
    let x = mm_to_px(rect.x + rect.w * 0.22, DPI).round() as usize;
    let y = mm_to_px(rect.y + rect.h * 0.22, DPI).round() as usize;
    r.pixel(x, y)
}

fn assert_cells_match(a: &Analysis, r: &Raster, grid: &Grid, what: &str) {
    let n = a.graph.len();
    let top = scale_top(a);
    // A spread of cells: the diagonal is outlined, so sample off it.
    let mut checked = 0;
    for k in 0..40 {
        let (i, j) = ((k * 7) % n, (k * 13 + 5) % n);
        if i == j {
            continue;
        }
        let want = shade(a.matrix.get(i, j), top);
        let got = cell_pixel(r, grid, i, j);
        let close = |a: u8, b: u8| a.abs_diff(b) <= 8;
        assert!(
            close(got[0], want.r) && close(got[1], want.g) && close(got[2], want.b),
            "{what} {} cell ({i},{j}) distance {:?}: pixel {got:?}, shade {want:?}",
            a.label,
            a.matrix.get(i, j)
        );
        checked += 1;
    }
    assert!(checked > 30);
}

#[test]
fn rasterised_pdf_and_svg_cells_have_the_shade_of_their_distance() {
    for a in [
        analyze(functional_map34(), Ruleset::Functional(map34())),
        analyze(
            Label::Hyperfunctional {
                map: "map34".into(),
                hypermap: "hmap2".into(),
            },
            Ruleset::Hyperfunctional(Box::new(hmap2())),
        ),
    ] {
        let (doc, grid) = placed(&a);
        let pdf_bytes = pdf::render(&doc).unwrap();
        let raster = rasterize_pdf_page(&pdf_bytes, 1, DPI);
        assert_cells_match(&a, &raster, &grid, "pdf");
        let svg_text = svg::render_page(&doc.pages[0], &doc.metadata);
        assert_cells_match(&a, &rasterize_svg(&svg_text, DPI), &grid, "svg");
    }
}
