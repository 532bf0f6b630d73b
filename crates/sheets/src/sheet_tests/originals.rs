//! The templates that reproduce sheets of the original Strategic
//! Tic-Tac-Toe set (its authors' game fields, CC BY 4.0), compared in
//! structure with the originals. The numbers below were read off the
//! original PDFs (rasterised and measured; their text read back with
//! pdftotext); the originals themselves are not in this repository.

use super::common;

use common::{pdf_words, pdftotext_layout};
use paperboard_sheets::backend::pdf;
use paperboard_sheets::layout::{Sheet, layout};
use paperboard_sheets::parts::{PartGeometry, TrackingKind};
use paperboard_sheets::spec::{Set, Spec, Template};

fn sheet(t: Template, list: &[&str]) -> Sheet {
    let sets: Vec<Set> = list.iter().map(|s| s.parse().unwrap()).collect();
    layout(&Spec::template(t, &sets).unwrap()).unwrap()
}

/// Facts about the original continuous record (`Move_field_variant2.pdf`,
/// and the same record on `GameField_variant2.pdf`): three heading rows of
/// X and O heads, each head over three digit squares; read top to bottom,
/// the rows start X, O, X and alternate along the row; 8 heads a row, so 24
/// moves a row in 26 columns (a move per window of three squares);
/// squares 4.8 mm.
const ORIGINAL_HEAD_ROWS: [&str; 3] = ["X", "O", "X"];
const ORIGINAL_MOVES_PER_ROW: u32 = 24;
const ORIGINAL_COLUMNS: u32 = 26;
const ORIGINAL_SQUARE_MM: f64 = 4.8;

/// The rows of heads in a page's text (pdftotext -layout): lines that
/// start with at least four X and O heads, up to the first other word (a
/// tracking grid's heading may share the line).
fn head_lines(text: &str) -> Vec<Vec<String>> {
    text.lines()
        .map(|l| {
            l.split_whitespace()
                .take_while(|t| *t == "X" || *t == "O")
                .map(str::to_string)
                .collect::<Vec<_>>()
        })
        .filter(|w| w.len() >= 4)
        .collect()
}

#[test]
fn the_continuous_record_is_staggered_like_the_original() {
    // The columns of the original: a move in every window of three.
    assert_eq!(ORIGINAL_COLUMNS, ORIGINAL_MOVES_PER_ROW + 3 - 1);
    for t in [
        Template::StrategicContinuousRecord,
        Template::StrategicContinuous,
    ] {
        for paper in ["A4", "A3", "Letter"] {
            let s = sheet(t, &[&format!("page.size={paper}")]);
            let case = format!("{} {paper}", t.name());
            let PartGeometry::ContinuousRecord(g) = s.part("continuous").unwrap().geometry() else {
                panic!("{case}: no continuous record");
            };
            assert_eq!(g.heading_rows(), 3, "{case}");
            assert_eq!(g.columns(), g.moves_per_row() + 2, "{case}");
            assert!(g.moves_per_row() % 2 == 0, "{case}: rows start with X");
            let square = g.digit_rect(0, 0).unwrap();
            assert!(square.w >= ORIGINAL_SQUARE_MM - 1e-9, "{case}: {square:?}");
            // Neighbouring moves' heads on different rows, each over three
            // squares, a square apart.
            for m in 0..g.moves_per_row() - 1 {
                let ((a, pa), (b, pb)) = (g.head(m), g.head(m + 1));
                assert!((a.y - b.y).abs() > 1.0, "{case}: heads {m} and {}", m + 1);
                assert!((b.x - a.x - square.w).abs() < 1e-6, "{case}");
                assert!((a.w - 3.0 * square.w).abs() < 1e-6, "{case}");
                assert_ne!(pa, pb, "{case}: X and O take turns");
            }
            // As printed: three rows of heads, starting X, O, X from the top,
            // alternating along each row, the rows together one head a move.
            let text = pdftotext_layout(&pdf::render(s.document()).unwrap());
            let rows = head_lines(&text);
            assert_eq!(rows.len(), 3, "{case}: {text}");
            let mut heads = 0;
            for (row, first) in rows.iter().zip(ORIGINAL_HEAD_ROWS) {
                assert_eq!(row[0], first, "{case}: {row:?}");
                for pair in row.windows(2) {
                    assert_ne!(pair[0], pair[1], "{case}: {row:?}");
                }
                heads += row.len() as u32;
            }
            assert_eq!(heads, g.moves_per_row(), "{case}");
        }
    }
    // The record page alone holds at least as many moves a row as the
    // original on A4.
    let s = sheet(Template::StrategicContinuousRecord, &[]);
    let PartGeometry::ContinuousRecord(g) = s.part("continuous").unwrap().geometry() else {
        unreachable!()
    };
    assert!(
        g.moves_per_row() >= ORIGINAL_MOVES_PER_ROW,
        "{}",
        g.moves_per_row()
    );
}

/// Facts about the original Help field (`Help_field.pdf`): ten 3×3 grids
/// and no text; nine in three rows of three (the Tactical Grid), the tenth
/// (the Strategic Grid) centred under the middle column; the grids one cell
/// apart; all cells the same size.
const ORIGINAL_HELP_GRIDS: u8 = 10;

#[test]
fn the_help_field_is_the_originals_ten_grids() {
    for paper in common::papers() {
        let s = sheet(Template::StrategicHelp, &[&format!("page.size={paper}")]);
        let PartGeometry::TrackingGrid(g) = s.part("help").unwrap().geometry() else {
            panic!("{paper}: no Help field");
        };
        assert_eq!(g.kind(), TrackingKind::Help);
        assert_eq!(g.blocks(), ORIGINAL_HELP_GRIDS, "{paper}");
        let c = g.cell();
        // Alone on its page it is large: even on A5 well over the 7 mm
        // of a Help field beside a game.
        assert!(c > 10.0, "{paper}: {c} mm cells");
        // One cell between neighbouring grids, as the original.
        let (one, two) = (g.cell_rect(1, 3), g.cell_rect(2, 1));
        assert!((two.x - one.right() - c).abs() < 1e-6, "{paper}");
        // The tenth under the middle column of the nine.
        let (eight, ten) = (g.cell_rect(8, 8), g.cell_rect(10, 2));
        assert!((ten.x - eight.x).abs() < 1e-6, "{paper}: {ten:?} {eight:?}");
        assert!(ten.y > eight.bottom() + c - 1e-6, "{paper}");
    }
}

#[test]
fn the_plain_field_is_the_originals_basic_field() {
    // Facts about the original Basic field (`Basic.pdf`): nine 9×9 grids
    // in three rows of three and not one printed character on the field.
    let s = sheet(Template::StrategicPlain, &[]);
    let PartGeometry::StrategicField(g) = s.part("field").unwrap().geometry() else {
        panic!("no field");
    };
    let (first, last) = (g.field_rect(&[1]), g.field_rect(&[9]));
    assert!((first.w - 9.0 * g.cell()).abs() < 1e-6);
    let field = paperboard_sheets::display::Rect::new(
        first.x,
        first.y,
        last.right() - first.x,
        last.bottom() - first.y,
    );
    let words = pdf_words(&pdf::render(s.document()).unwrap());
    let inside: Vec<&str> = words
        .iter()
        .filter(|w| {
            w.centre_x() > field.x - 6.0
                && w.centre_x() < field.right() + 6.0
                && w.centre_y() > field.y - 6.0
                && w.centre_y() < field.bottom() + 6.0
        })
        .map(|w| w.text.as_str())
        .collect();
    assert!(inside.is_empty(), "text on the Basic field: {inside:?}");
    // The same test finds the labels of the labelled field.
    let s = sheet(Template::StrategicBasic, &[]);
    let PartGeometry::StrategicField(g) = s.part("field").unwrap().geometry() else {
        panic!("no field");
    };
    let f = g.field_rect(&[5]);
    let words = pdf_words(&pdf::render(s.document()).unwrap());
    assert!(
        words
            .iter()
            .any(|w| w.text == "54" && (w.centre_y() - (f.y + f.h / 2.0)).abs() < f.h / 2.0),
        "the basic sheet's label 54 beside the middle grid"
    );
}
