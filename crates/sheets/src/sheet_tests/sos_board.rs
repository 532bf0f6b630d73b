//! The SOS board's cell as the layout sized it: grown to fill the page,
//! shrunk to fit, refused below its minimum, read from the board's
//! geometry and checked against the grid lines drawn.

use super::common::{TestFiles, vertical_lines};
use paperboard_sheets::display::Document;
use paperboard_sheets::layout::{LayoutError, layout};
use paperboard_sheets::parts::PartGeometry;
use paperboard_sheets::parts::sos::SosBoardsGeometry;
use paperboard_sheets::spec::{Set, Spec};

fn sets(list: &[&str]) -> Vec<Set> {
    list.iter().map(|s| s.parse().unwrap()).collect()
}

fn sheet(name: &str, list: &[&str]) -> Result<Document, LayoutError> {
    layout(&Spec::load(name, &sets(list), &TestFiles).unwrap()).map(|s| s.into_parts().0)
}

/// The cell the SOS board got, and its geometry.
fn sos_geometry(list: &[&str]) -> SosBoardsGeometry {
    let sheet = layout(&Spec::load("sos", &sets(list), &TestFiles).unwrap()).unwrap();
    match sheet.part("sos").unwrap().geometry() {
        PartGeometry::SosBoard(g) => g.clone(),
        other => panic!("{other:?}"),
    }
}

#[test]
fn sos_board_grows_and_shrinks_to_fit_and_fails_below_its_minimum() {
    // 8×8 alone on A4 grows well past the preferred 11 mm (the record of
    // 64 moves beside or under it), in whole 0.1 mm steps, up to the
    // template's maximum of 30 mm: the grid's inner lines that far apart
    // (the record's lines are shorter).
    let g = sos_geometry(&[]);
    let cell = g.cell();
    assert!((16.0..=30.0).contains(&cell), "{cell}");
    assert!((cell * 10.0 - (cell * 10.0).round()).abs() < 1e-9, "{cell}");
    let xs = vertical_lines(&sheet("sos", &[]).unwrap(), cell * 8.0 - 1.0);
    assert_eq!(xs.len(), 7, "{xs:?}");
    assert!((xs[1] - xs[0] - cell).abs() < 1e-6, "{xs:?}");
    // 26×26 on A4 shrinks below the preferred cell, in whole 0.1 mm steps.
    let g = sos_geometry(&["sos.size=26x26"]);
    let pitch = g.cell();
    assert!((4.0..11.0).contains(&pitch), "{pitch}");
    assert!(
        (pitch * 10.0 - (pitch * 10.0).round()).abs() < 1e-9,
        "{pitch}"
    );
    let xs = vertical_lines(
        &sheet("sos", &["sos.size=26x26"]).unwrap(),
        26.0 * pitch - 1.0,
    );
    assert_eq!(xs.len(), 25, "{xs:?}");
    for w in xs.windows(2) {
        assert!((w[1] - w[0] - pitch).abs() < 1e-6);
    }
    // On A5 even 4 mm cells are too big: a clear error naming the part.
    let err = sheet("sos", &["sos.size=26x26", "page.size=A5"]).unwrap_err();
    let msg = err.to_string();
    assert!(matches!(err, LayoutError::DoesNotFit { .. }), "{msg}");
    assert!(msg.contains("mm past the bottom margin"), "{msg}");
    assert!(
        msg.contains("`sos` has shrunk to its minimum cell of 4 mm"),
        "{msg}"
    );
}
