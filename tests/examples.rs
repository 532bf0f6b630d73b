//! The example records in `examples/records/` check as their comments say:
//! every legal one is legal with the claims right, and every illegal one is
//! reported with its error class.

use std::path::Path;

use paperboard::check::{FileCheck, Status, check_source, exit_status};

fn check(path: &Path) -> FileCheck {
    let bytes = std::fs::read(path).unwrap();
    check_source(&path.display().to_string(), &bytes, None)
}

fn records(dir: &str) -> Vec<std::path::PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join(dir);
    let mut files: Vec<_> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "txt"))
        .collect();
    files.sort();
    files
}

#[test]
fn legal_examples_are_legal_with_a_win_a_draw_and_an_unfinished_game() {
    let files = records("examples/records");
    assert_eq!(files.len(), 10);
    for path in files {
        let f = check(&path);
        assert_eq!(exit_status(std::slice::from_ref(&f)), 0, "{path:?}");
        let outcomes: Vec<_> = f
            .games
            .iter()
            .map(|g| {
                assert_eq!(g.report.status, Status::Legal, "{path:?}");
                assert!(g.report.claims.iter().any(|c| c.tag == "Result" && c.right));
                g.report.result.as_ref().unwrap().outcome
            })
            .collect();
        assert_eq!(outcomes, ["win", "draw", "unfinished"], "{path:?}");
    }
}

#[test]
fn illegal_examples_report_their_error_class() {
    let expected = [
        ("bad-move-number", vec!["move-number"]),
        ("move-after-end", vec!["after-end"]),
        ("occupied-cell", vec!["occupied"]),
        (
            "sos-out-of-turn-and-wrong-score",
            vec!["wrong-player", "wrong-score"],
        ),
        ("unparseable-move", vec!["unreadable", "unreadable"]),
        ("wrong-result", vec!["wrong-result"]),
        ("wrong-tactical-cell", vec!["wrong-tactical-cell"]),
    ];
    let files = records("examples/records/illegal");
    assert_eq!(files.len(), expected.len());
    for (path, (name, codes)) in files.iter().zip(expected) {
        assert_eq!(path.file_stem().unwrap(), name);
        let f = check(path);
        assert_eq!(exit_status(std::slice::from_ref(&f)), 1, "{path:?}");
        let found: Vec<_> = f.games[0].report.errors.iter().map(|e| e.code).collect();
        assert_eq!(found, codes, "{path:?}");
    }
}
