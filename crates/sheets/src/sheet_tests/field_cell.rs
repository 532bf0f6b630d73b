//! The Strategic field's cell on every paper: grown with the paper up to
//! the template's maximum, in whole tenths of a mm, and one step larger
//! would not have fitted. The cell is the field's geometry's.

use super::common::TestFiles;
use paperboard_sheets::display::Document;
use paperboard_sheets::layout::{LayoutError, layout};
use paperboard_sheets::spec::{Set, Spec};

fn sets(list: &[&str]) -> Vec<Set> {
    list.iter().map(|s| s.parse().unwrap()).collect()
}

fn sheet(name: &str, list: &[&str]) -> Result<Document, LayoutError> {
    layout(&Spec::load(name, &sets(list), &TestFiles).unwrap()).map(|s| s.into_parts().0)
}

/// The field's cell on `size` paper.
fn field_cell(size: &str, landscape: bool) -> f64 {
    let orientation = if landscape { "landscape" } else { "portrait" };
    let spec = Spec::load(
        "strategic-functional",
        &sets(&[
            // The room the field has beside the marks and the code is
            // in docs/spec.md; this is how it grows with the paper.
            "page.marks=false",
            &format!("page.size={size}"),
            &format!("page.orientation={orientation}"),
        ]),
        &TestFiles,
    )
    .unwrap();
    let sheet = layout(&spec).unwrap();
    match sheet.part("field").unwrap().geometry() {
        paperboard_sheets::parts::PartGeometry::StrategicField(g) => g.cell(),
        other => panic!("{other:?}"),
    }
}

#[test]
fn the_field_grows_with_the_paper_up_to_its_max_cell_in_tenths() {
    let a4 = field_cell("A4", false);
    let a3 = field_cell("A3", false);
    let letter = field_cell("Letter", false);
    // A4 portrait: the height four tables of 21 rows leave, about the
    // authors' own cell (and well under the page's width).
    assert!((4.5..5.0).contains(&a4), "{a4}");
    // A3: bigger paper, a bigger field, up to the template's 8 mm.
    assert!(a3 > a4 + 1.5 && a3 <= 8.0, "A3 {a3} vs A4 {a4}");
    assert!((4.0..=a4).contains(&letter), "{letter}");
    for (size, landscape) in [
        ("A4", false),
        ("A4", true),
        ("A3", false),
        ("A3", true),
        ("Letter", false),
    ] {
        let cell = field_cell(size, landscape);
        let tenths = cell * 10.0;
        assert!((tenths - tenths.round()).abs() < 1e-6, "{size}: {cell}");
        if cell < 8.0 {
            // One step larger would not have fitted: that cell, fixed,
            // overflows the page (without the marks, as measured: with
            // them the record would give up rows for the larger field).
            let bigger = format!("{:.1}", cell + 0.1);
            let orientation = if landscape { "landscape" } else { "portrait" };
            let err = sheet(
                "strategic-functional",
                &[
                    "page.marks=false",
                    &format!("page.size={size}"),
                    &format!("page.orientation={orientation}"),
                    &format!("field.cell={bigger}"),
                    &format!("field.min-cell={bigger}"),
                ],
            );
            assert!(
                err.is_err(),
                "{bigger} fits {size} landscape={landscape} too"
            );
        }
    }
}
