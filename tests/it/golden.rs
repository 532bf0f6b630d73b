//! Golden files: the SVG of every built-in template, and of `check
//! --diagram` on one game of each kind, checked in under `tests/golden/` and
//! compared byte for byte. A change to any sheet then shows up in review as a
//! diff of these files.
//!
//! After a deliberate change, write the new files with
//!
//! ```text
//! PAPERBOARD_BLESS=1 cargo test --test it golden::
//! ```
//!
//! and commit them with the change that made them.

use std::path::{Path, PathBuf};

use paperboard_games::check::check_source;
use paperboard_sheets::backend::svg::render_page;
use paperboard_sheets::diagram::diagram;
use paperboard_sheets::display::Document;
use paperboard_sheets::spec::Template;

fn golden_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/golden")
}

fn blessing() -> bool {
    std::env::var_os("PAPERBOARD_BLESS").is_some_and(|v| !v.is_empty() && v != "0")
}

/// The line (1-based) where two texts first differ, with both versions of it.
fn first_difference(want: &str, got: &str) -> String {
    let mut want_lines = want.lines();
    let mut got_lines = got.lines();
    for n in 1.. {
        match (want_lines.next(), got_lines.next()) {
            (Some(a), Some(b)) if a == b => {}
            (a, b) => {
                let cut = |s: Option<&str>| {
                    s.map_or("(end of file)".to_string(), |s| {
                        s.chars().take(200).collect()
                    })
                };
                return format!(
                    "first difference at line {n}:\n  golden: {}\n  now:    {}",
                    cut(a),
                    cut(b)
                );
            }
        }
    }
    unreachable!()
}

/// Compares `got` with the golden file `name`, or writes it when blessing.
/// Returns a message for a mismatch.
fn check(name: &str, got: &str) -> Option<String> {
    let path = golden_dir().join(name);
    if blessing() {
        std::fs::write(&path, got).unwrap_or_else(|e| panic!("writing {}: {e}", path.display()));
        return None;
    }
    let want = match std::fs::read_to_string(&path) {
        Ok(w) => w,
        Err(e) => return Some(format!("{name}: cannot read the golden file ({e})")),
    };
    (want != got).then(|| format!("{name} changed; {}", first_difference(&want, got)))
}

fn svg_pages(doc: &Document) -> Vec<String> {
    doc.pages
        .iter()
        .map(|p| render_page(p, &doc.metadata))
        .collect()
}

/// Every file the cases below produce, so a stale golden file is noticed.
fn expected_files() -> Vec<String> {
    let mut names: Vec<String> = Template::ALL
        .iter()
        .map(|t| format!("template-{}.svg", t.name()))
        .collect();
    names.extend((1..=diagram_games()).map(|i| format!("diagram-{i}.svg")));
    names.push("games.txt".into());
    names.sort();
    names
}

fn diagram_games() -> usize {
    6
}

#[test]
fn every_template_renders_as_its_golden_file() {
    let mut failures = Vec::new();
    for &t in Template::ALL {
        let spec = paperboard_sheets::spec::Spec::template(t, &[]).unwrap();
        let doc = paperboard_sheets::layout::layout(&spec)
            .unwrap()
            .into_parts()
            .0;
        let pages = svg_pages(&doc);
        assert_eq!(pages.len(), 1, "{}", t.name());
        failures.extend(check(&format!("template-{}.svg", t.name()), &pages[0]));
    }
    assert!(
        failures.is_empty(),
        "{}\n\nIf the change is meant, run: PAPERBOARD_BLESS=1 cargo test --test it golden::",
        failures.join("\n\n")
    );
}

#[test]
fn check_diagrams_render_as_their_golden_files() {
    let record = std::fs::read(golden_dir().join("games.txt")).unwrap();
    // A fixed name: the diagram prints it in every page's summary line.
    let file = check_source("games.txt", &record, None);
    assert!(file.error.is_none(), "{:?}", file.error);
    let games: Vec<_> = file.games.iter().collect();
    assert_eq!(games.len(), diagram_games());
    let pages = svg_pages(&diagram(&games).unwrap());
    assert_eq!(pages.len(), diagram_games());
    let failures: Vec<String> = pages
        .iter()
        .enumerate()
        .filter_map(|(i, svg)| check(&format!("diagram-{}.svg", i + 1), svg))
        .collect();
    assert!(
        failures.is_empty(),
        "{}\n\nIf the change is meant, run: PAPERBOARD_BLESS=1 cargo test --test it golden::",
        failures.join("\n\n")
    );
}

#[test]
fn the_golden_folder_holds_no_stale_files() {
    if blessing() {
        // The other tests are writing the folder right now.
        return;
    }
    let mut found: Vec<String> = std::fs::read_dir(golden_dir())
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    found.sort();
    assert_eq!(found, expected_files());
}

#[test]
fn a_changed_sheet_is_reported_with_its_first_differing_line() {
    let msg = first_difference("a\nb\nc\n", "a\nB\nc\n");
    assert!(msg.starts_with("first difference at line 2"), "{msg}");
    assert!(
        msg.contains("golden: b") && msg.contains("now:    B"),
        "{msg}"
    );
    let shorter = first_difference("a\nb\n", "a\n");
    assert!(shorter.contains("(end of file)"), "{shorter}");
}
