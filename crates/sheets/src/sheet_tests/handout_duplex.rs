//! Handouts printed on both sides of the paper: the answer key starts a new
//! sheet (an odd page), after a page that says it is left blank on purpose
//! when needed, in the handout's language; or it is a file of its own.
//! Checked on every example handout and on handouts whose key would fall on
//! an odd and on an even page, each page told by the words of its
//! language's texts. The command line's plan and separate key are
//! integration tests.

use super::common;

use common::*;
use paperboard_sheets::display::Document;
use paperboard_sheets::handout::spec::{HandoutSpec, KeyPlacement, parse};
use paperboard_sheets::handout::{Handout, PageRole, build};
use paperboard_sheets::language::Language;
use paperboard_sheets::texts::{Texts, texts};

/// What each page of a handout is, read back from what it prints.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Kind {
    Rules,
    Sheet,
    Blank,
    Worksheet,
    Key,
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
            } else if text.contains(&format!("{} — ", t.rules_heading)) {
                Kind::Rules
            } else {
                Kind::Sheet
            }
        })
        .collect()
}

/// The page plan's roles as [`Kind`]s, with each sheet's copy number
/// (which must count 1, 2, … in order).
fn planned(h: &Handout) -> Vec<Kind> {
    let mut copies = 0;
    h.plan
        .iter()
        .map(|r| match r {
            PageRole::Rules => Kind::Rules,
            PageRole::Sheet { copy } => {
                copies += 1;
                assert_eq!(*copy, copies, "copies numbered in order");
                Kind::Sheet
            }
            PageRole::Worksheet => Kind::Worksheet,
            PageRole::Blank => Kind::Blank,
            PageRole::Key => Kind::Key,
        })
        .collect()
}

/// The indices (from 0) of the pages that start a part: the first page,
/// every game sheet, and the first page of a run of rules, worksheet or key.
fn part_starts(kinds: &[Kind]) -> Vec<usize> {
    (0..kinds.len())
        .filter(|&i| {
            let k = kinds[i];
            k != Kind::Blank
                && (k == Kind::Sheet || i == 0 || {
                    let before = kinds[..i].iter().rev().find(|&&b| b != Kind::Blank);
                    before != Some(&k)
                })
        })
        .collect()
}

/// Asserts the page plan of `h` is what its pages print, and that printed
/// on both sides every part starts on a front page (an odd page), with a
/// blank page only where one is needed: right before a part that would
/// otherwise start on a back. With `duplex` false, only the key is moved so.
/// Returns the number of the key's first page.
fn assert_duplex_safe(h: &Handout, t: &Texts, what: &str, duplex: bool) -> Option<usize> {
    let kinds = kinds(&h.document, t);
    assert_eq!(planned(h), kinds, "{what}: the plan and the pages");
    let starts = part_starts(&kinds);
    for &i in &starts {
        if duplex || kinds[i] == Kind::Key {
            assert_eq!(i % 2, 0, "{what}: {:?} starts on page {}", kinds[i], i + 1);
        }
    }
    for (i, &k) in kinds.iter().enumerate() {
        if k == Kind::Blank {
            assert!(
                starts.contains(&(i + 1)),
                "{what}: page {} {kinds:?}",
                i + 1
            );
            assert_eq!(i % 2, 1, "{what}: a blank page where none was needed");
        }
    }
    // A sheet of paper holds one part (and a blank back) at most.
    if duplex {
        for sheet in kinds.chunks(2) {
            if let [a, b] = sheet {
                assert!(
                    *b == Kind::Blank || a == b && *a != Kind::Sheet,
                    "{what}: {kinds:?}"
                );
            }
        }
    }
    let first_key = kinds.iter().position(|&k| k == Kind::Key)?;
    assert!(
        kinds[first_key..].iter().all(|&k| k == Kind::Key),
        "{what}: {kinds:?}"
    );
    Some(first_key + 1)
}

fn examples() -> Vec<(String, HandoutSpec)> {
    let dir = format!("{}/examples/handouts", common::ROOT);
    let mut out: Vec<(String, HandoutSpec)> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "toml"))
        .map(|p| {
            let path = p.to_string_lossy().to_string();
            (path.clone(), super::common::load_handout(&path))
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
            let h = super::common::pages::build_example(&spec.clone().with_language(language));
            let what = format!("{path} in {language}");
            match assert_duplex_safe(&h, &t, &what, true) {
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
fn a_blank_page_is_added_exactly_where_a_part_would_start_on_a_back() {
    for language in ["en", "de", "ru", "th"] {
        let t = texts(language.parse().unwrap());
        let mut seen = std::collections::BTreeSet::new();
        // Rules + copies + worksheet pages: odd and even page counts before
        // each part, with one and with two worksheet pages, printed on one
        // side and on both.
        for duplex in [true, false] {
            for (copies, exercises) in [(0, 6), (1, 6), (2, 6), (3, 6), (0, 12), (1, 12)] {
                let spec = format!(
                    "[handout]\ngame = \"sos\"\nlanguage = \"{language}\"\ncopies = {copies}\n\
                     duplex = {duplex}\n[worksheet]\nexercises = {exercises}\n"
                );
                let h = build(&parse("h.toml", &spec).unwrap()).unwrap();
                let what =
                    format!("{language}, {copies} copies, {exercises} exercises, duplex {duplex}");
                let first = assert_duplex_safe(&h, &t, &what, duplex).expect("a key");
                let worksheet_pages = exercises / 6;
                // Two-sided: the rules and each sheet take a sheet of paper;
                // one-sided, a page.
                let (rules, sheet) = if duplex { (2, 2) } else { (1, 1) };
                let before = rules + sheet * copies + worksheet_pages;
                let blank = before % 2;
                assert_eq!(first, before + blank + 1, "{what}");
                assert_eq!(
                    h.document.pages.len(),
                    before + blank + worksheet_pages,
                    "{what}"
                );
                seen.insert((duplex, blank));
                // The blank page says so in the handout's language, and has
                // a page number like every other page.
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
        }
        assert!(
            seen.contains(&(false, 0)) && seen.contains(&(false, 1)),
            "{language}"
        );
        assert!(
            seen.contains(&(true, 0)) && seen.contains(&(true, 1)),
            "{language}"
        );
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
        let pdf = paperboard_sheets::backend::pdf::render(&h.document).unwrap();
        // Rules, blank, sheet, blank, worksheet, blank, key.
        assert_eq!(page_count(&pdf), 7, "{language}");
        let squeeze = |s: &str| s.split_whitespace().collect::<String>();
        let blank = squeeze(&pdftotext_page(&pdf, 6));
        assert!(
            blank.contains(&squeeze(&t.blank_page)),
            "{language}: {blank}"
        );
        let key = squeeze(&pdftotext_page(&pdf, 7));
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
    // Rules, one sheet, two worksheet pages, each part on a front page.
    assert_eq!(
        main,
        [
            Kind::Rules,
            Kind::Blank,
            Kind::Sheet,
            Kind::Blank,
            Kind::Worksheet,
            Kind::Worksheet
        ]
    );
    assert_eq!(planned(&h), main);
    assert_eq!(
        h.key_plan.as_deref(),
        Some(&[PageRole::Key, PageRole::Key][..])
    );
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
