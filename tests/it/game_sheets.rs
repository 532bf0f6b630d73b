//! The SOS, tic-tac-toe and Ultimate sheets: every paper size and
//! orientation, read back from the PDF; shrinking to fit and the error below
//! the minimum; `--set` on the command line.

use crate::common;

use common::*;
use paperboard_sheets::backend::pdf;
use paperboard_sheets::display::Document;
use paperboard_sheets::layout::{LayoutError, layout};
use paperboard_sheets::spec::{Set, Spec};

const GAMES: [&str; 3] = ["sos", "tictactoe", "ultimate"];

fn sets(list: &[&str]) -> Vec<Set> {
    list.iter().map(|s| s.parse().unwrap()).collect()
}

fn sheet(name: &str, list: &[&str]) -> Result<Document, LayoutError> {
    layout(&Spec::load(name, &sets(list), &TestFiles).unwrap()).map(|s| s.into_parts().0)
}

#[test]
fn every_game_template_fits_every_paper_size_and_orientation() {
    let sizes = [
        ("A4", 210.0, 297.0),
        ("A5", 148.0, 210.0),
        ("A3", 297.0, 420.0),
        ("Letter", 215.9, 279.4),
    ];
    for name in GAMES {
        for (size, w, h) in sizes {
            for landscape in [false, true] {
                let orientation = if landscape { "landscape" } else { "portrait" };
                let doc = sheet(
                    name,
                    &[
                        &format!("page.size={size}"),
                        &format!("page.orientation={orientation}"),
                    ],
                )
                .unwrap_or_else(|e| panic!("{name} {size} {orientation}: {e}"));
                let bytes = pdf::render(&doc).unwrap();
                let (w, h) = if landscape { (h, w) } else { (w, h) };
                let mb = media_box(&bytes, 1);
                assert!(
                    (mb[2] - mm_to_pt(w)).abs() < 0.01 && (mb[3] - mm_to_pt(h)).abs() < 0.01,
                    "{name} {size} {orientation}: {mb:?}"
                );
            }
        }
    }
}

#[test]
fn small_sos_boards_come_several_to_a_page_and_players_get_tally_rows() {
    // Each board with its own record for all its moves: six 3×3 boards fit.
    let text = pdftotext_layout(&pdf::render(&sheet("sos", &["sos.size=3x3"]).unwrap()).unwrap());
    assert!(text.matches("Points").count() >= 6, "{text}");
    assert_eq!(
        text.matches("Points").count(),
        text.matches("Moves").count(),
        "{text}"
    );
    let doc = sheet("sos", &["sos.size=5x5", "sos.players=4"]).unwrap();
    let text = pdftotext_layout(&pdf::render(&doc).unwrap());
    let boards = text.matches("Points").count();
    assert!(boards >= 2, "{boards} boards\n{text}");
    // Four tally rows per board: A..D.
    for letter in ["A", "B", "C", "D"] {
        let rows = text
            .lines()
            .flat_map(|l| l.split_whitespace())
            .filter(|t| *t == letter)
            .count();
        assert!(rows >= boards, "{letter}: {rows}\n{text}");
    }
    let one = sheet("sos", &["sos.size=5x5", "sos.boards=1"]).unwrap();
    let text = pdftotext_layout(&pdf::render(&one).unwrap());
    assert_eq!(text.matches("Points").count(), 1);
}

#[test]
fn sos_labels_are_letters_across_and_numbers_down_from_the_top() {
    let doc = sheet("sos", &["sos.size=10x6"]).unwrap();
    let words = pdf_words(&pdf::render(&doc).unwrap());
    let find = |s: &str| {
        words
            .iter()
            .find(|w| w.text == s)
            .unwrap_or_else(|| panic!("{s} not found"))
    };
    let (a, j) = (find("a"), find("j"));
    assert!((a.y_min - j.y_min).abs() < 0.5 && j.x_min > a.x_min + 80.0);
    let (one, six) = (find("1"), find("6"));
    assert!(six.y_min > one.y_min + 40.0 && (one.x_min - six.x_min).abs() < 0.5);
    // The row-number column holds exactly 1..6, top to bottom.
    let column: Vec<&str> = words
        .iter()
        .filter(|w| (w.x_max - one.x_max).abs() < 0.5 && w.y_min < six.y_max + 20.0)
        .map(|w| w.text.as_str())
        .collect();
    assert_eq!(column, ["1", "2", "3", "4", "5", "6"]);
    assert!(!words.iter().any(|w| w.text == "k"));
}

#[test]
fn ultimate_sheet_has_tactical_labels_record_columns_and_a_tracking_grid() {
    let text = pdftotext_layout(&pdf::render(&sheet("ultimate", &[]).unwrap()).unwrap());
    for label in ["1", "2", "3", "4", "6", "7", "8", "9", "Won boards"] {
        assert!(text.contains(label), "{label}\n{text}");
    }
    // The column headings, the rules page's board.square: Board Square under
    // X and under O, in each of 4 tables.
    let headings = text.lines().any(|l| {
        let t: Vec<&str> = l.split_whitespace().collect();
        t.len() == 16 && t.chunks(2).all(|c| c == ["Board", "Square"])
    });
    assert!(headings, "{text}");
}

#[test]
fn tictactoe_page_numbers_every_cell_one_to_nine() {
    let words = pdf_words(&pdf::render(&sheet("tictactoe", &[]).unwrap()).unwrap());
    let count = |s: &str| words.iter().filter(|w| w.text == s).count();
    let boards = count("5");
    assert!(boards >= 16, "{boards} boards");
    for p in 1..=9 {
        assert_eq!(count(&p.to_string()), boards, "position {p}");
    }
}

#[test]
fn set_on_the_command_line_changes_the_sheet_and_bad_values_name_the_override() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("s.pdf");
    let run = |args: &[&str]| {
        crate::common::paperboard()
            .arg("render")
            .args(args)
            .arg("-o")
            .arg(&out)
            .output()
            .unwrap()
    };
    let ok = run(&["sos", "--set", "sos.size=12x12", "--page", "A3"]);
    crate::common::assert_ran("render", &ok);
    let bytes = std::fs::read(&out).unwrap();
    assert!((media_box(&bytes, 1)[3] - mm_to_pt(420.0)).abs() < 0.01);
    let text = pdftotext_layout(&bytes);
    assert!(text.contains("12") && text.contains(" l"), "{text}");

    let bad = run(&["sos", "--set", "sos.size=30x30"]);
    assert_eq!(bad.status.code(), Some(2));
    let err = String::from_utf8_lossy(&bad.stderr);
    assert!(
        err.contains("--set sos.size=30x30") && err.contains("must be columns x rows"),
        "{err}"
    );
    let unknown = run(&["sos", "--set", "board.size=5"]);
    let err = String::from_utf8_lossy(&unknown.stderr);
    assert!(err.contains("board") && err.contains("sos"), "{err}");
}
