//! Handouts printed on both sides of the paper: the answer key starts a new
//! sheet (an odd page), after a page that says it is left blank on purpose
//! when needed, in the handout's language; or it is a file of its own.
//! Checked on every example handout and on handouts whose key would fall on
//! an odd and on an even page.

mod common;

use common::*;
use paperboard::display::Document;
use paperboard::handout::spec::{HandoutSpec, KeyPlacement, load, parse};
use paperboard::handout::texts::{Language, Texts, texts};
use paperboard::handout::{Handout, build};

/// What each page of a handout is, read back from what it prints.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Kind {
    Blank,
    Worksheet,
    Key,
    Other,
}

fn kinds(doc: &Document, t: &Texts) -> Vec<Kind> {
    doc.pages
        .iter()
        .map(|p| {
            let text = page_text(p);
            if text.contains(&t.blank_page) {
                Kind::Blank
            } else if text.contains(&t.answer_key_heading) {
                Kind::Key
            } else if text.contains(&t.worksheet_heading) {
                Kind::Worksheet
            } else {
                Kind::Other
            }
        })
        .collect()
}

/// Asserts the key of `h` starts on an odd page and no sheet of paper
/// (pages 2k-1 and 2k) holds key and anything else but a blank page; a blank
/// page stands only right before the key, and only where it is needed.
/// Returns the number of the key's first page.
fn assert_duplex_safe(h: &Handout, t: &Texts, what: &str) -> Option<usize> {
    let kinds = kinds(&h.document, t);
    let first_key = kinds.iter().position(|&k| k == Kind::Key)?;
    assert_eq!(
        first_key % 2,
        0,
        "{what}: the key starts on page {}",
        first_key + 1
    );
    assert!(
        kinds[first_key..].iter().all(|&k| k == Kind::Key),
        "{what}: {kinds:?}"
    );
    for (i, &k) in kinds.iter().enumerate() {
        if k == Kind::Blank {
            assert_eq!(i + 1, first_key, "{what}: a blank page not before the key");
            assert_eq!(i % 2, 1, "{what}: a blank page where none was needed");
        }
    }
    // Without the blank page the key would have started on an even page.
    let blanks = kinds.iter().filter(|&&k| k == Kind::Blank).count();
    assert_eq!(blanks, (first_key - blanks) % 2, "{what}");
    for sheet in kinds.chunks(2) {
        if sheet.contains(&Kind::Key) {
            assert!(sheet.iter().all(|&k| k == Kind::Key), "{what}: {kinds:?}");
        }
    }
    Some(first_key + 1)
}

fn examples() -> Vec<(String, HandoutSpec)> {
    let dir = format!("{}/examples/handouts", env!("CARGO_MANIFEST_DIR"));
    let mut out: Vec<(String, HandoutSpec)> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "toml"))
        .map(|p| {
            let path = p.to_string_lossy().to_string();
            (path.clone(), load(&path).unwrap())
        })
        .collect();
    out.sort_by(|a, b| a.0.cmp(&b.0));
    assert!(out.len() >= 4);
    out
}

#[test]
fn every_example_handout_starts_its_key_on_an_odd_page_in_every_language() {
    let mut keys = 0;
    for (path, spec) in examples() {
        for language in Language::ALL {
            let t = texts(language);
            let h = build(&spec.clone().with_language(language)).unwrap();
            let what = format!("{path} in {language}");
            match assert_duplex_safe(&h, &t, &what) {
                Some(page) => {
                    keys += 1;
                    assert!(page >= 3, "{what}");
                }
                None => assert_eq!(spec.exercise_kind(), None, "{what}: no key"),
            }
        }
    }
    assert!(keys >= 12, "{keys} handouts with a key");
}

#[test]
fn a_blank_page_is_added_exactly_when_the_key_would_start_on_an_even_page() {
    for language in ["en", "de", "ru", "th"] {
        let t = texts(language.parse().unwrap());
        let mut seen = std::collections::BTreeSet::new();
        // Rules + copies + worksheet pages: odd and even page counts before
        // the key, with one and with two worksheet pages.
        for (copies, exercises) in [(0, 6), (1, 6), (2, 6), (3, 6), (0, 12), (1, 12)] {
            let spec = format!(
                "[handout]\ngame = \"sos\"\nlanguage = \"{language}\"\ncopies = {copies}\n\
                 [worksheet]\nexercises = {exercises}\n"
            );
            let h = build(&parse("h.toml", &spec).unwrap()).unwrap();
            let what = format!("{language}, {copies} copies, {exercises} exercises");
            let first = assert_duplex_safe(&h, &t, &what).expect("a key");
            let worksheet_pages = exercises / 6;
            let before = 1 + copies + worksheet_pages;
            let blank = before % 2;
            assert_eq!(first, before + blank + 1, "{what}");
            assert_eq!(
                h.document.pages.len(),
                before + blank + worksheet_pages,
                "{what}"
            );
            seen.insert(blank);
            // The blank page says so in the handout's language, and has a
            // page number like every other page.
            if blank == 1 {
                let page = page_text(&h.document.pages[before]);
                assert!(page.contains(&t.blank_page), "{what}: {page}");
                let n = h.document.pages.len();
                assert!(
                    page.contains(&format!("{} {} / {n}", t.page_label, before + 1)),
                    "{what}: {page}"
                );
            }
        }
        assert_eq!(seen.len(), 2, "{language}: odd and even cases");
    }
}

#[test]
fn the_pdf_keeps_the_parity_and_the_blank_page_reads_in_every_language() {
    for language in ["en", "de", "ru", "th"] {
        let t = texts(language.parse().unwrap());
        let spec = format!(
            "[handout]\ngame = \"ultimate\"\nlanguage = \"{language}\"\ncopies = 1\n\
             [worksheet]\nexercises = 2\n"
        );
        let h = build(&parse("h.toml", &spec).unwrap()).unwrap();
        let pdf = paperboard::backend::pdf::render(&h.document).unwrap();
        // Rules, sheet, worksheet, blank, key.
        assert_eq!(page_count(&pdf), 5, "{language}");
        let squeeze = |s: &str| s.split_whitespace().collect::<String>();
        let blank = squeeze(&pdftotext_page(&pdf, 4));
        assert!(
            blank.contains(&squeeze(&t.blank_page)),
            "{language}: {blank}"
        );
        let key = squeeze(&pdftotext_page(&pdf, 5));
        assert!(key.contains(&squeeze(&t.answer_key_heading)), "{language}");
    }
}

#[test]
fn a_separate_key_is_a_document_of_its_own() {
    let spec =
        "[handout]\ngame = \"sos\"\ncopies = 1\n[worksheet]\nexercises = 12\nkey = \"separate\"\n";
    let spec = parse("h.toml", spec).unwrap();
    assert_eq!(spec.answer_key(), KeyPlacement::Separate);
    let h = build(&spec).unwrap();
    let t = texts(Language::En);
    let main = kinds(&h.document, &t);
    assert!(
        !main.contains(&Kind::Key) && !main.contains(&Kind::Blank),
        "{main:?}"
    );
    // Rules, one sheet, two worksheet pages.
    assert_eq!(main.len(), 4);
    let key = h.key_document.as_ref().expect("a key document");
    assert_eq!(kinds(key, &t), [Kind::Key, Kind::Key]);
    // Numbered as a document of its own, with the seed.
    let last = page_text(&key.pages[1]);
    assert!(
        last.contains("Page 2 / 2") && last.contains("Seed 1"),
        "{last}"
    );
    let none = parse(
        "h.toml",
        "[handout]\ngame = \"sos\"\n[worksheet]\nkey = \"none\"\n",
    )
    .unwrap();
    let h = build(&none).unwrap();
    assert!(h.key_document.is_none());
    assert!(!kinds(&h.document, &t).contains(&Kind::Key));
}

#[test]
fn the_command_writes_a_separate_key_beside_the_handout() {
    let dir = tempfile::tempdir().unwrap();
    let spec = dir.path().join("lesson.toml");
    std::fs::write(
        &spec,
        "[handout]\ngame = \"ultimate\"\nlanguage = \"de\"\ncopies = 2\n\
         [worksheet]\nexercises = 4\nkey = \"separate\"\n",
    )
    .unwrap();
    let run = |out: &str| {
        std::process::Command::new(env!("CARGO_BIN_EXE_paperboard"))
            .arg("handout")
            .arg(&spec)
            .args(["--format", "pdf", "-o"])
            .arg(out)
            .current_dir(dir.path())
            .output()
            .unwrap()
    };
    let ok = run("lesson.pdf");
    assert!(
        ok.status.success(),
        "{}",
        String::from_utf8_lossy(&ok.stderr)
    );
    let main = std::fs::read(dir.path().join("lesson.pdf")).unwrap();
    let key = std::fs::read(dir.path().join("lesson-key.pdf")).unwrap();
    assert_eq!(page_count(&main), 1 + 2 + 1);
    assert!(!pdftotext_layout(&main).contains("Lösungen"));
    assert!(pdftotext_page(&key, 1).contains("Lösungen"));
    // Standard output cannot carry two files: refused, nothing written.
    let refused = run("-");
    assert_eq!(refused.status.code(), Some(2), "{refused:?}");
    assert!(refused.stdout.is_empty());
    let message = String::from_utf8_lossy(&refused.stderr);
    assert!(message.contains("key = \"separate\""), "{message}");
}
