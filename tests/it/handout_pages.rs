//! The text pages of handouts as a reader meets them: rules set at a
//! readable measure, no number stranded from its word at a line break, and
//! Thai headings in the Thai bold face. (The credit to the original game's
//! authors, found by its language's text, is the sheets crate's own test.)

use crate::common;

use common::*;
use paperboard_sheets::display::{FontWeight, Text};
use paperboard_sheets::language::Language;

/// Characters a reader counts: combining marks (Thai vowels and tones
/// above and below) take no room of their own.
fn reading_length(s: &str) -> usize {
    s.chars()
        .filter(|&c| !matches!(c, '\u{0E31}' | '\u{0E34}'..='\u{0E3A}' | '\u{0E47}'..='\u{0E4E}'))
        .count()
}

/// The size of the rules' body text: the bullets', which are set at it
/// (rules that fit one page are set larger than 4.2 mm, up to 6.4 mm).
fn body_size(h: &paperboard_sheets::handout::Handout) -> f64 {
    let size = h
        .document
        .pages
        .iter()
        .flat_map(texts_of)
        .find(|t| t.content == "•")
        .expect("a bulleted rule")
        .size;
    assert!((4.2 - 1e-9..=6.4 + 1e-9).contains(&size), "{size} mm");
    size
}

/// The rules body lines (regular text at the body size) of a handout of
/// rules only.
fn body_lines(h: &paperboard_sheets::handout::Handout) -> Vec<String> {
    let body = body_size(h);
    h.document
        .pages
        .iter()
        .flat_map(texts_of)
        .filter(|t| (t.size - body).abs() < 1e-9 && t.weight == FontWeight::Regular)
        .filter(|t| t.content != "•")
        .map(|t| t.content.clone())
        .collect()
}

/// The body lines with the number of the paragraph (or bullet) each is in:
/// lines of one paragraph follow at the line pitch, paragraphs leave more.
fn paragraph_lines(h: &paperboard_sheets::handout::Handout) -> Vec<(usize, String)> {
    let body = body_size(h);
    let mut out = Vec::new();
    let mut paragraph = 0;
    for page in &h.document.pages {
        let mut last_y: Option<f64> = None;
        for t in texts_of(page) {
            if (t.size - body).abs() > 1e-9 || t.weight != FontWeight::Regular {
                continue;
            }
            if t.content == "•" {
                paragraph += 1;
                last_y = None;
                continue;
            }
            if last_y.is_some_and(|y| t.pos.y - y > 1.45 * body + 1e-6) {
                paragraph += 1;
            }
            last_y = Some(t.pos.y);
            out.push((paragraph, t.content.clone()));
        }
        paragraph += 1;
    }
    out
}

#[test]
fn rules_are_set_at_a_readable_measure_in_every_language() {
    for language in Language::ALL {
        let mut longest = 0;
        for game in HANDOUT_GAMES {
            let lines = body_lines(&rules_handout(game, language, "A4"));
            assert!(lines.len() >= 4, "{game} {language}");
            for line in &lines {
                let n = reading_length(line);
                assert!(n <= 80, "{game} {language}: {n} characters: {line}");
                longest = longest.max(n);
            }
        }
        // A column, not a ribbon: the measure is used.
        assert!(
            longest >= 55,
            "{language}: longest line {longest} characters"
        );
    }
}

#[test]
fn rules_that_fit_one_page_are_set_large_enough_to_fill_it() {
    for language in Language::ALL {
        for game in HANDOUT_GAMES {
            for paper in ["A4", "A5", "Letter"] {
                let h = rules_handout(game, language, paper);
                let what = format!("{game} {language} {paper}");
                let size = body_size(&h);
                if h.document.pages.len() > 1 {
                    // Run on to a second page: at the smallest size.
                    assert!((size - 4.2).abs() < 1e-9, "{what}: {size}");
                    continue;
                }
                // On one page: the lowest body line is past the page's
                // middle, or the body is at the largest size.
                let page = &h.document.pages[0];
                let lowest = texts_of(page)
                    .into_iter()
                    .filter(|t| (t.size - size).abs() < 1e-9)
                    .map(|t| t.pos.y)
                    .fold(0.0, f64::max);
                assert!(
                    lowest > 0.5 * page.height || (size - 6.4).abs() < 1e-9,
                    "{what}: {size} mm text ends at {lowest:.0} of {:.0} mm",
                    page.height
                );
            }
        }
    }
}

#[test]
fn the_rules_column_is_centred_and_fits_narrow_paper() {
    for page in ["A4", "A5", "Letter"] {
        let h = rules_handout("ultimate", Language::En, page);
        let size = body_size(&h);
        let first = &h.document.pages[0];
        let body: Vec<&Text> = texts_of(first)
            .into_iter()
            .filter(|t| (t.size - size).abs() < 1e-9)
            .collect();
        let left = body.iter().map(|t| t.pos.x).fold(f64::INFINITY, f64::min);
        let right = body
            .iter()
            .map(|t| {
                t.pos.x + paperboard_sheets::internals::text_width(&t.content, t.weight, t.size)
            })
            .fold(0.0, f64::max);
        assert!(
            left >= 8.0 - 1e-9 && right <= first.width - 8.0 + 1e-9,
            "{page}"
        );
        // The column's margins are even (within the ragged right edge).
        let (l, r) = (left, first.width - right);
        assert!(r >= l - 1e-9 && r - l < 16.0, "{page}: {l} left, {r} right");
    }
}

#[test]
fn no_line_break_strands_a_number() {
    for language in Language::ALL {
        for game in HANDOUT_GAMES {
            for page in ["A4", "A5"] {
                for pair in paragraph_lines(&rules_handout(game, language, page)).windows(2) {
                    let [(p, before), (q, line)] = pair else {
                        unreachable!()
                    };
                    if p != q {
                        continue;
                    }
                    let what = format!("{game} {language} {page}: {before:?} / {line:?}");
                    // A number starts a line only where a clause ended.
                    if line.starts_with(|c: char| c.is_ascii_digit()) {
                        assert!(before.ends_with([',', ':', ';', '.', ')']), "{what}");
                    }
                    // A bare number never ends one.
                    let last = before.rsplit(' ').next().unwrap_or("");
                    assert!(!last.chars().all(|c| c.is_ascii_digit()), "{what}");
                }
            }
        }
    }
}

#[test]
fn thai_headings_are_set_in_thai_bold() {
    let h = rules_handout("strategic", Language::Th, "A4");
    let pdf = paperboard_sheets::backend::pdf::render(&h.document).unwrap();
    let names: Vec<String> = fonts(&pdf).into_iter().map(|f| f.base_font).collect();
    assert!(
        names.iter().any(|n| n.ends_with("+NotoSansThai-Bold")),
        "{names:?}"
    );
    // The heading and the header title are bold and Thai.
    let bold_thai = texts_of(&h.document.pages[0])
        .into_iter()
        .filter(|t| t.weight == FontWeight::Bold && t.content.contains('\u{0E01}'))
        .count();
    assert!(bold_thai >= 2, "{bold_thai}");
}
