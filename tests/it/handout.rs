//! Handouts end to end: page counts, reproducible worksheets, one embedded
//! font however many copies, the command line. (The answer keys are
//! re-checked against the engines in the crate's own tests,
//! `crates/sheets/src/handout/tests.rs`; the pages found by the words of
//! their language's texts, the rules in every language and Thai on the
//! page among them, in `crates/sheets/src/sheet_tests/handouts.rs`.)

use crate::common;

use common::*;
use paperboard_sheets::backend::pdf;
use paperboard_sheets::handout::spec::parse;
use paperboard_sheets::handout::{Handout, build};

fn handout(text: &str) -> Handout {
    build(&parse("h.toml", text).unwrap()).unwrap()
}

fn spec_text(game: &str, language: &str, copies: u32, exercises: u32, seed: u64) -> String {
    format!(
        "[handout]\ngame = \"{game}\"\nlanguage = \"{language}\"\ncopies = {copies}\n\
         [worksheet]\nexercises = {exercises}\nseed = {seed}\n"
    )
}

fn pdf_of(h: &Handout) -> Vec<u8> {
    pdf::render(&h.document).unwrap()
}

#[test]
fn page_count_follows_the_spec() {
    // Printed on both sides (the default), every part starts on a front
    // page: the one-page rules, each one-page game sheet and the one-page
    // worksheet (6 exercises, 2 × 3 a page) each leave a blank back.
    for copies in [0, 1, 7] {
        let h = handout(&spec_text("sos", "en", copies, 6, 1));
        assert_eq!(
            page_count(&pdf_of(&h)),
            2 + 2 * copies as usize + 2 + 1,
            "{copies}"
        );
    }
    let h = handout(
        "[handout]\ngame = \"sos\"\nrules = false\ncopies = 3\n[worksheet]\nexercises = 0\n",
    );
    assert_eq!(page_count(&pdf_of(&h)), 5);
    // One-sided: no blank page but the one before the key, which starts a
    // new sheet of paper either way.
    for copies in [0, 1, 7] {
        let mut text = spec_text("sos", "en", copies, 6, 1);
        text = text.replace("[handout]\n", "[handout]\nduplex = false\n");
        let h = handout(&text);
        let blank = usize::from(copies % 2 == 1);
        assert_eq!(
            page_count(&pdf_of(&h)),
            1 + copies as usize + 2 + blank,
            "{copies}"
        );
    }
    // Every game's default sheet fits under the header, in every language.
    for game in ["sos", "tictactoe", "ultimate", "strategic"] {
        for lang in ["en", "de", "ru", "th"] {
            let h = handout(&spec_text(game, lang, 2, 0, 1));
            assert_eq!(h.document.pages.len(), 5, "{game} {lang}");
        }
    }
    // Twelve exercises take two pages each for the sheet and the key.
    let h = handout(&spec_text("sos", "en", 1, 12, 1));
    assert_eq!(page_count(&pdf_of(&h)), 2 + 2 + 2 + 2);
}

#[test]
fn strategic_worksheet_diagrams_name_their_strategic_and_tactical_cells() {
    // Two exercises on the first worksheet page, each a 27×27 diagram.
    let h = handout(&spec_text("strategic", "en", 0, 2, 34));
    let page = h
        .plan
        .iter()
        .position(|r| *r == paperboard_sheets::handout::PageRole::Worksheet)
        .expect("a worksheet")
        + 1;
    let pdf = pdf_of(&h);
    let words: Vec<PdfWord> = pdf_words(&pdf)
        .into_iter()
        .filter(|w| w.page == page)
        .collect();
    // Each label's places, top to bottom (one a diagram).
    let places = |label: &str| {
        let mut found: Vec<&PdfWord> = words.iter().filter(|w| w.text == label).collect();
        found.sort_by(|a, b| a.y_min.total_cmp(&b.y_min));
        found
    };
    for s in 1..=9 {
        for t in 1..=3 {
            let label = format!("{s}{t}");
            let found = places(&label);
            assert_eq!(
                found.len(),
                2,
                "`{label}` over each diagram's strategic cell {s}"
            );
            // Left to right in reading order over their strategic cell:
            // `s1` left of `s2` left of `s3`, on one line.
            if t > 1 {
                let before = format!("{s}{}", t - 1);
                for (w, b) in found.iter().zip(places(&before)) {
                    assert!(w.x_min > b.x_max, "`{label}` after `{before}`");
                    assert!(
                        (w.y_min - b.y_min).abs() < 0.5,
                        "`{label}` on the line of `{before}`"
                    );
                }
            }
        }
    }
    // Strategic cell 5 is under the labels of 2 and over those of 8.
    let y = |label: &str| places(label)[0].y_min;
    assert!(y("21") < y("51") && y("51") < y("81"));
}

#[test]
fn same_seed_same_bytes_other_seed_other_exercises() {
    let a = pdf_of(&handout(&spec_text("ultimate", "en", 1, 4, 11)));
    let b = pdf_of(&handout(&spec_text("ultimate", "en", 1, 4, 11)));
    assert!(a == b, "same seed, different bytes");
    // The worksheet alone (no game sheets) shows other positions for another seed.
    let worksheet = |seed| handout(&spec_text("ultimate", "en", 0, 4, seed)).document;
    assert_eq!(worksheet(11), worksheet(11));
    assert_ne!(worksheet(11).pages, worksheet(12).pages);
    let c = pdf_of(&handout(&spec_text("ultimate", "en", 1, 4, 12)));
    assert!(a != c);
    // The seed is printed on the worksheet.
    assert!(pdftotext_layout(&c).contains("Seed 12"));
}

#[test]
fn the_font_is_embedded_once_however_many_copies() {
    let one = pdf_of(&handout(&spec_text("sos", "en", 1, 6, 1)));
    let thirty = pdf_of(&handout(&spec_text("sos", "en", 30, 6, 1)));
    let (f1, f30) = (fonts(&one), fonts(&thirty));
    assert_eq!(f1.len(), f30.len(), "{f1:?} vs {f30:?}");
    assert!(f30.iter().all(|f| f.embedded && f.is_subset()));
    let per_page = (thirty.len() - one.len()) as f64 / 29.0;
    // Each copy is a page of its own (its sheet code names the copy), a
    // fraction of a file that embeds the fonts.
    assert!(
        per_page < one.len() as f64 / 3.0,
        "{per_page} bytes per extra sheet, one-copy file {} bytes",
        one.len()
    );
}

#[test]
fn handout_command_writes_the_pdf_and_rejects_a_bad_spec() {
    let dir = tempfile::tempdir().unwrap();
    let spec = dir.path().join("h.toml");
    std::fs::write(&spec, spec_text("sos", "de", 2, 2, 3)).unwrap();
    let out = dir.path().join("h.pdf");
    let run = |args: &[&str]| {
        crate::common::paperboard()
            .arg("handout")
            .arg(&spec)
            .args(args)
            .arg("-o")
            .arg(&out)
            .output()
            .unwrap()
    };
    let ok = run(&["--copies", "4", "--seed", "9"]);
    crate::common::assert_ran("handout", &ok);
    let bytes = std::fs::read(&out).unwrap();
    // Rules, four sheets and the worksheet, each with a blank back, then the key.
    assert_eq!(page_count(&bytes), 2 + 2 * 4 + 2 + 1);
    assert!(pdftotext_layout(&bytes).contains("Startwert 9"));
    std::fs::write(&spec, "[handout]\ngame = \"go\"\n").unwrap();
    let bad = run(&[]);
    assert_eq!(bad.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&bad.stderr).contains("h.toml:2:8"));
}

#[test]
fn svg_and_pdf_of_handout_pages_show_the_same_picture() {
    const DPI: u32 = 150;
    for (game, lang) in [("sos", "en"), ("ultimate", "th")] {
        let h = handout(&spec_text(game, lang, 1, 4, 2));
        let bytes = pdf_of(&h);
        // Rules, sheet, worksheet, key.
        for page in 0..h.document.pages.len() {
            let svg = paperboard_sheets::backend::svg::render_page(
                &h.document.pages[page],
                &h.document.metadata,
            );
            let (a, b) = (
                rasterize_pdf_page(&bytes, page + 1, DPI),
                rasterize_svg(&svg, DPI),
            );
            let diff = compare_rasters(&a, &b, 128);
            assert!(diff.ink > 2_000, "{game} page {}: nothing drawn?", page + 1);
            // The pixels that differ are glyph edges, anti-aliased a little
            // differently by the two rasterisers (Thai most): a rules page
            // set at 18 pt has more of them than one at 12 pt, so the bound
            // is 1.5 % of the page (a misplaced line of text is several
            // times that).
            assert!(
                diff.fraction() < 0.015,
                "{game} {lang} page {}: {diff:?}",
                page + 1
            );
        }
    }
}

/// A game sheet too big for the handout's page is refused with a `set` that
/// belongs to that game's sheet, and which makes it fit when taken.
#[test]
fn a_sheet_too_big_is_refused_with_a_set_of_its_own_game() {
    for game in ["sos", "tictactoe", "ultimate", "strategic"] {
        let tight = format!(
            "[handout]\ngame = \"{game}\"\nrules = false\n\
             [page]\nsize = \"A5\"\norientation = \"landscape\"\n\
             margins = {{ top = 60, right = 8, bottom = 60, left = 8 }}\n\
             [worksheet]\nexercises = 0\n"
        );
        let Err(err) = build(&parse("h.toml", &tight).unwrap()) else {
            panic!("{game}: the sheet fits between margins of 60 mm");
        };
        let help = miette::Diagnostic::help(&err)
            .map(|h| h.to_string())
            .unwrap_or_default();
        let example = help
            .split('"')
            .nth(1)
            .unwrap_or_else(|| panic!("{game}: no example in {help}"));
        // Taking the advice is accepted: the key is the sheet's own.
        let advised = tight.replace(
            "rules = false\n",
            &format!("rules = false\nset = [\"{example}\"]\n"),
        );
        let taken = build(&parse("h.toml", &advised).unwrap());
        if let Err(e) = taken {
            assert!(
                matches!(e, paperboard_sheets::handout::HandoutError::Sheet { .. }),
                "{game}: {example} is not a key of its sheet: {e}"
            );
        }
    }
}

/// The handout sets its sheets' paper, language and rules itself: a `set`
/// of them, in the spec or with `--set`, is refused where it is written
/// rather than printing an English sheet in a German handout, or an A3
/// sheet that runs off an A4 page.
#[test]
fn a_set_of_what_the_handout_owns_is_refused_where_written() {
    for key in [
        "page.size=A3",
        "page.orientation=landscape",
        "document.language=en",
        "rules.draws=none",
    ] {
        let text =
            format!("[handout]\ngame = \"ultimate\"\nlanguage = \"de\"\nset = [\"{key}\"]\n");
        let err = parse("h.toml", &text).unwrap_err();
        let message = paperboard_games::source::Diagnostic::of(&err).line();
        let name = key.split('=').next().unwrap();
        assert!(
            message.contains(&format!("`{name}` is the handout's own"))
                && message.contains("h.toml:4:8"),
            "{key}: {message}"
        );
    }
    let dir = tempfile::tempdir().unwrap();
    let spec = dir.path().join("h.toml");
    std::fs::write(&spec, "[handout]\ngame = \"sos\"\nlanguage = \"de\"\n").unwrap();
    let out = dir.path().join("h.pdf");
    let run = crate::common::paperboard()
        .args([
            "handout",
            spec.to_str().unwrap(),
            "-o",
            out.to_str().unwrap(),
        ])
        .args(["--set", "document.language=en"])
        .output()
        .unwrap();
    assert_eq!(run.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&run.stderr);
    assert!(
        stderr.contains("--set: `document.language` is the handout's own"),
        "{stderr}"
    );
    assert!(!out.exists());
}

/// Everything a handout draws stays inside the page's margins (8 mm), on
/// every page, in every language and on every paper: the header's name
/// line too, whose blanks shorten on narrow paper (on A5 its Date blank ran
/// about 8 mm past the margin, beyond the corner marks).
#[test]
fn every_page_keeps_inside_its_margins() {
    use paperboard_sheets::display::Item;
    use paperboard_sheets::language::Language;
    const MARGIN: f64 = 8.0;
    for language in Language::ALL {
        for game in ["sos", "tictactoe", "ultimate", "strategic"] {
            for paper in ["A5", "A4", "Letter"] {
                if game == "strategic" && paper == "A5" {
                    continue; // the Strategic game sheet is refused on A5
                }
                let exercises = if game == "tictactoe" { 0 } else { 2 };
                let h = handout(&format!(
                    "[handout]\ngame = \"{game}\"\nlanguage = \"{language}\"\ncopies = 1\n\
                     [page]\nsize = \"{paper}\"\n[worksheet]\nexercises = {exercises}\n"
                ));
                for (n, page) in h.document.pages.iter().enumerate() {
                    let inside = |x: f64, y: f64| {
                        (MARGIN - 1e-6..=page.width - MARGIN + 1e-6).contains(&x)
                            && (MARGIN - 1e-6..=page.height - MARGIN + 1e-6).contains(&y)
                    };
                    for item in &page.items {
                        let (what, corners) = match item {
                            Item::Text(t) => {
                                let b = t.glyph_box();
                                (t.content.clone(), [(b.x, b.y), (b.right(), b.bottom())])
                            }
                            Item::Line { from, to, .. } => {
                                ("a line".into(), [(from.x, from.y), (to.x, to.y)])
                            }
                            Item::Rect { rect, .. } => (
                                "a rectangle".into(),
                                [(rect.x, rect.y), (rect.right(), rect.bottom())],
                            ),
                            Item::Circle { .. } => continue,
                        };
                        for (x, y) in corners {
                            assert!(
                                inside(x, y),
                                "{game} {language} {paper}, page {}: {what} reaches ({x:.1}, {y:.1}) mm of {:.0} × {:.0}",
                                n + 1,
                                page.width,
                                page.height
                            );
                        }
                    }
                }
            }
        }
    }
}

/// A Strategic rules page names the ruleset (and map) its game sheets
/// print, in the handout's language, and never calls the square "O", the
/// name of a player.
#[test]
fn the_strategic_rules_page_names_the_sheets_ruleset() {
    use paperboard_sheets::language::Language;
    for (language, functional, tactical) in [
        (
            Language::En,
            "functional ruleset (map34)",
            "tactical ruleset.",
        ),
        (
            Language::De,
            "funktionales Regelwerk (map34)",
            "taktisches Regelwerk.",
        ),
        (
            Language::Ru,
            "функциональные правила (map34)",
            "тактические правила.",
        ),
        (Language::Th, "กติกาแบบฟังก์ชัน (map34)", "กติกาแบบยุทธวิธี"),
    ] {
        for (sheet, named) in [
            ("strategic-functional", functional),
            ("strategic-basic", tactical),
        ] {
            let h = handout(&format!(
                "[handout]\ngame = \"strategic\"\nlanguage = \"{language}\"\nsheet = \"{sheet}\"\n\
                 copies = 0\n[worksheet]\nexercises = 0\n"
            ));
            let text: String = h
                .document
                .pages
                .iter()
                .map(page_text)
                .collect::<Vec<_>>()
                .join(" ");
            let text = text.split_whitespace().collect::<Vec<_>>().join(" ");
            assert!(text.contains(named), "{language} {sheet}: {text}");
            for square_o in ["square O", "Feld O", "клетка O", "ช่อง O"] {
                assert!(!text.contains(square_o), "{language}: {square_o}");
            }
        }
    }
}
