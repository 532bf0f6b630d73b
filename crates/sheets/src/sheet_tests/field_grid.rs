//! The Strategic field's grid as printed: the thin lines of each
//! strategic cell's grid one spec cell apart in the PDF, measured against
//! the cell and the grids' origins the field's geometry has.

use super::common::{layout, mm_to_pt, stroked_segments};
use paperboard_sheets::backend::pdf;
use paperboard_sheets::parts::{FieldGeometry, PartGeometry};

/// The distance between neighbouring thin vertical grid lines of the field
/// (lines exactly nine cells long, inside a strategic cell's grid: not the
/// boxes of row numbers) in the PDF content stream.
fn grid_pitches_pt(pdf: &[u8], field: &FieldGeometry) -> Vec<f64> {
    let cell_mm = field.cell();
    let len = mm_to_pt(9.0 * cell_mm);
    let in_a_grid = |x: f64| {
        (1..=3).any(|s| {
            let left = mm_to_pt(field.grid_origin(s).x);
            x > left - 0.01 && x < left + len + 0.01
        })
    };
    let mut xs: Vec<f64> = stroked_segments(pdf, 1)
        .into_iter()
        .filter(|s| s.is_vertical() && ((s.from.1 - s.to.1).abs() - len).abs() < 0.01)
        .map(|s| s.from.0)
        .filter(|&x| in_a_grid(x))
        .collect();
    xs.sort_by(f64::total_cmp);
    xs.dedup_by(|a, b| (*a - *b).abs() < 0.001);
    xs.windows(2).map(|w| w[1] - w[0]).collect()
}

#[test]
fn grid_lines_are_one_spec_cell_apart_in_the_pdf() {
    let custom = "[[strategic-field]]\ncell = 6\nrow-numbers = \"map34\"\nst-labels = false\n";
    for name in ["strategic-functional", custom] {
        let (sheet, doc) = layout(name);
        let PartGeometry::StrategicField(field) = sheet.part("field").unwrap().geometry() else {
            panic!("the sheet has a field")
        };
        let cell = field.cell();
        if name == custom {
            assert_eq!(cell, 6.0);
        }
        let bytes = pdf::render(&doc).unwrap();
        let pitches = grid_pitches_pt(&bytes, field);
        let want = mm_to_pt(cell);
        let on_pitch = pitches.iter().filter(|p| (*p - want).abs() < 0.01).count();
        // Ten lines per strategic column, nine gaps each, all one cell apart;
        // the gaps between strategic columns are wider.
        assert_eq!(on_pitch, 27, "cell {cell} mm: pitches {pitches:?}");
        assert!(pitches.iter().all(|p| *p > want - 0.01), "{pitches:?}");
    }
}
