//! The Strategic templates on every paper size and orientation, through the
//! command line: a PDF of the right size with all 81 ST labels readable, or
//! (A5, where even the minimum cell is too big) the does-not-fit error
//! naming the field at its minimum and the overflow in mm.

use crate::common;

use std::collections::HashMap;
use std::path::Path;

use common::*;
use paperboard_sheets::display::Rect;
use paperboard_sheets::layout::layout;
use paperboard_sheets::spec::{Set, Spec};

const SIZES: [(&str, f64, f64); 4] = [
    ("A4", 210.0, 297.0),
    ("A5", 148.0, 210.0),
    ("A3", 297.0, 420.0),
    ("Letter", 215.9, 279.4),
];

const FIELD_SHEETS: [&str; 3] = [
    "strategic-basic",
    "strategic-functional",
    "strategic-hyperfunctional",
];

/// Runs `render NAME --page SIZE [--landscape]`: the PDF, or the error text.
fn render(name: &str, size: &str, landscape: bool) -> Result<Vec<u8>, String> {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("sheet.pdf");
    let mut cmd = crate::common::paperboard();
    cmd.args(["render", name, "--page", size, "-o"]).arg(&out);
    if landscape {
        cmd.arg("--landscape");
    }
    let result = cmd.output().expect("the binary runs");
    if result.status.success() {
        Ok(std::fs::read(&out).unwrap())
    } else {
        assert_eq!(result.status.code(), Some(2), "{name} {size}");
        assert!(!Path::new(&out).exists(), "no PDF on failure");
        Err(String::from_utf8_lossy(&result.stderr).into_owned())
    }
}

/// Where the layout puts the field on `size` paper.
fn field_rect(name: &str, size: &str, landscape: bool) -> Rect {
    let orientation = if landscape { "landscape" } else { "portrait" };
    let spec = Spec::load(
        name,
        &sets(&[
            &format!("page.size={size}"),
            &format!("page.orientation={orientation}"),
        ]),
        &TestFiles,
    )
    .unwrap();
    layout(&spec)
        .unwrap()
        .part("field")
        .expect("a field")
        .rect()
}

/// How often each two-digit word occurs inside `area` (record-table row
/// numbers are two-digit words too, but outside the field).
fn two_digit_words(pdf: &[u8], area: Rect) -> HashMap<String, usize> {
    let mut counts = HashMap::new();
    for w in pdf_words(pdf) {
        let (cx, cy) = (w.centre_x(), w.centre_y());
        let inside =
            (area.x..=area.right()).contains(&cx) && (area.y..=area.bottom()).contains(&cy);
        if inside && w.text.len() == 2 && w.text.bytes().all(|b| b.is_ascii_digit()) {
            *counts.entry(w.text).or_default() += 1;
        }
    }
    counts
}

/// The labels of every tactical cell with an outer side (the centre one of
/// each strategic cell is S5 by its place).
fn st_labels() -> impl Iterator<Item = String> {
    (1..=9).flat_map(|s| (1..=9).filter(|&t| t != 5).map(move |t| format!("{s}{t}")))
}

fn assert_page_size(pdf: &[u8], w: f64, h: f64, case: &str) {
    let mb = media_box(pdf, 1);
    assert!(
        (mb[2] - mm_to_pt(w)).abs() < 0.01 && (mb[3] - mm_to_pt(h)).abs() < 0.01,
        "{case}: {mb:?}"
    );
}

#[test]
fn every_strategic_sheet_prints_on_every_page_or_says_why_not() {
    for name in FIELD_SHEETS {
        for (size, w, h) in SIZES {
            for landscape in [false, true] {
                let case = format!("{name} {size} landscape={landscape}");
                let result = render(name, size, landscape);
                if size == "A5" {
                    let msg = result.expect_err(&case);
                    let msg = msg.replace('│', " ");
                    let msg = msg.split_whitespace().collect::<Vec<_>>().join(" ");
                    assert!(msg.contains("does not fit the page"), "{case}: {msg}");
                    assert!(msg.contains("mm past the"), "{case}: {msg}");
                    assert!(
                        msg.contains("`field` has shrunk to its minimum cell of 4 mm"),
                        "{case}: {msg}"
                    );
                    continue;
                }
                let pdf = result.unwrap_or_else(|e| panic!("{case}: {e}"));
                let (w, h) = if landscape { (h, w) } else { (w, h) };
                assert_page_size(&pdf, w, h, &case);
                let words = two_digit_words(&pdf, field_rect(name, size, landscape));
                for label in st_labels() {
                    assert_eq!(words.get(&label), Some(&1), "{case}: label {label}");
                }
                assert_eq!(words.len(), 72, "{case}: {words:?}");
            }
        }
    }
}

#[test]
fn the_record_page_prints_on_every_page_with_as_many_tables_as_fit() {
    let mut tables = Vec::new();
    for (size, w, h) in SIZES {
        for landscape in [false, true] {
            let case = format!("strategic-record {size} landscape={landscape}");
            let pdf = render("strategic-record", size, landscape)
                .unwrap_or_else(|e| panic!("{case}: {e}"));
            let (w, h) = if landscape { (h, w) } else { (w, h) };
            assert_page_size(&pdf, w, h, &case);
            // Every table is headed `X O`.
            let heads = pdf_words(&pdf).iter().filter(|w| w.text == "X").count() - 1;
            tables.push((size, landscape, heads));
        }
    }
    let count = |s: &str, l: bool| tables.iter().find(|t| t.0 == s && t.1 == l).unwrap().2;
    assert_eq!(count("A4", false), 5, "{tables:?}");
    assert!(count("A5", false) < count("A4", false), "{tables:?}");
    assert!(count("A3", false) > count("A4", false), "{tables:?}");
}

fn sets(list: &[&str]) -> Vec<Set> {
    list.iter().map(|s| s.parse().unwrap()).collect()
}
