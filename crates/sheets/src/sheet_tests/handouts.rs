//! Handouts' pages found by the words of their language's texts: the
//! rules and page numbers in every language, the name lines of game sheets
//! and worksheets, the rules in force, Thai on the page, and the credit to
//! the original game's authors on the Strategic rules page only. The rest
//! of the handouts' tests are integration tests.

use super::common::{self, *};
use paperboard_games::games::GameKind as G;
use paperboard_games::games::ttt::{Decided, Options};
use paperboard_sheets::backend::pdf;
use paperboard_sheets::display::{Color, Item, Text};
use paperboard_sheets::handout::{Handout, build};
use paperboard_sheets::language::Language;
use paperboard_sheets::texts::texts;

use crate::handout::tests::{handout, spec_text};

fn pdf_of(h: &Handout) -> Vec<u8> {
    pdf::render(&h.document).unwrap()
}

/// Text with all whitespace removed: pdftotext breaks lines where the
/// layout did, and Thai has no spaces to compare by.
fn squeeze(s: &str) -> String {
    s.chars().filter(|c| !c.is_whitespace()).collect()
}

#[test]
fn every_language_prints_its_rules_and_numbers_its_pages() {
    for lang in ["en", "de", "ru", "th"] {
        let t = texts(lang.parse::<Language>().unwrap());
        let h = handout(&spec_text("ultimate", lang, 2, 2, 5));
        let bytes = pdf_of(&h);
        let n = page_count(&bytes);
        assert_eq!(n, h.document.pages.len());
        let text = squeeze(&pdftotext_layout(&bytes));
        // The authors' rules by default: general rules, the option rules and
        // the line naming them.
        let rules = t.rules_page(G::Ultimate, Options::default());
        for s in rules.items.iter().chain(&rules.paragraphs) {
            assert!(
                text.contains(&squeeze(s)),
                "{lang}: rules text missing: {s}"
            );
        }
        for page in 1..=n {
            let label = squeeze(&format!("{} {page} / {n}", t.page_label));
            assert!(text.contains(&label), "{lang}: no {label:?}");
        }
        assert!(text.contains(&squeeze(&t.answer_key_heading)), "{lang}");
    }
}

#[test]
fn game_sheets_keep_both_players_names_and_the_worksheet_one_students() {
    let dir = format!("{}/examples/handouts", common::ROOT);
    for example in ["ultimate-de", "strategic-ru", "tictactoe-th", "sos-class"] {
        let spec = common::load_handout(&format!("{dir}/{example}.toml"));
        for language in Language::ALL {
            let t = texts(language);
            let h = build(&spec.clone().with_language(language).with_copies(1).unwrap()).unwrap();
            let pdf = pdf_of(&h);
            let page_of = |role: fn(&paperboard_sheets::handout::PageRole) -> bool| {
                h.plan
                    .iter()
                    .position(role)
                    .map(|i| squeeze(&pdftotext_page(&pdf, i + 1)))
            };
            let what = format!("{example} in {language}");
            let sheet =
                page_of(|r| matches!(r, paperboard_sheets::handout::PageRole::Sheet { .. }))
                    .expect("a game sheet");
            // The header's line, read left to right: X ____ O ____ Class ____
            // Date ____ for the X-and-O games; the SOS tally has a line for
            // each player's name, so its header asks for class and date.
            let line = if example == "sos-class" {
                format!("{}{}", t.class_label, t.date_label)
            } else {
                format!("XO{}{}", t.class_label, t.date_label)
            };
            assert!(sheet.contains(&squeeze(&line)), "{what}: {sheet}");
            assert!(!sheet.contains(&squeeze(&t.name_label)), "{what}: {sheet}");
            if let Some(worksheet) =
                page_of(|r| matches!(r, paperboard_sheets::handout::PageRole::Worksheet))
            {
                let line = format!("{}{}{}", t.name_label, t.class_label, t.date_label);
                assert!(worksheet.contains(&squeeze(&line)), "{what}: {worksheet}");
            }
        }
    }
}

/// The rules chosen in `[rules]` are the rules page's, and the worksheet and
/// its key name them, in the handout's language.
#[test]
fn the_rules_in_force_are_stated_on_the_rules_page_and_the_worksheet() {
    for lang in ["en", "ru"] {
        let t = texts(lang.parse::<Language>().unwrap());
        let options = Options {
            decided: Decided::Closed,
            ..Options::default()
        };
        let spec = format!(
            "{}[rules]\ndecided = \"closed\"\n",
            spec_text("strategic", lang, 0, 2, 8)
        );
        let h = handout(&spec);
        let text = squeeze(&pdftotext_layout(&pdf_of(&h)));
        let page = t.rules_page(G::Strategic, options);
        let o = t.strategic.options.as_ref().unwrap();
        assert!(text.contains(&squeeze(&o.decided_closed)), "{lang}");
        assert!(!text.contains(&squeeze(&o.decided_open)), "{lang}");
        let in_force = page.paragraphs.last().unwrap();
        assert!(in_force.contains(&t.rules_name(options)), "{lang}");
        // On the rules page, and on every page of the worksheet and its key
        // (the pages with the seed in the footer).
        let seed = squeeze(&format!("{} 8", t.seed_label));
        let (mut sheets, mut others) = (0, 0);
        for page in &h.document.pages {
            let words: String = page
                .items
                .iter()
                .filter_map(|i| match i {
                    Item::Text(t) => Some(squeeze(&t.content)),
                    _ => None,
                })
                .collect();
            let named = words.contains(&squeeze(in_force));
            if words.contains(&seed) {
                assert!(named, "{lang}: a worksheet page without the rules");
                sheets += 1;
            } else if named {
                others += 1;
            }
        }
        assert!(sheets >= 2, "{lang}: {sheets}");
        assert_eq!(others, 1, "{lang}: the rules page");
    }
}

#[test]
fn thai_text_is_on_the_page_and_in_the_text_layer() {
    let h = handout(
        "[handout]\ngame = \"sos\"\nlanguage = \"th\"\ncopies = 0\n[worksheet]\nexercises = 0\n",
    );
    let bytes = pdf_of(&h);
    let t = texts(Language::Th);
    let text = squeeze(&pdftotext_layout(&bytes));
    assert!(text.contains(&squeeze(&t.sos.items[0])), "{text}");
    assert!(text.contains("กติกา"), "{text}");
    // The body area under the heading has ink: the Thai glyphs are drawn.
    let dpi = 100;
    let r = rasterize_pdf_page(&bytes, 1, dpi);
    let px = |mm: f64| mm_to_px(mm, dpi) as usize;
    let ink = r.ink_pixels_in(px(10.0), px(25.0), px(200.0), px(80.0), 160);
    assert!(ink > 3000, "{ink} dark pixels in the text area");
}

#[test]
fn the_strategic_rules_page_credits_the_original_game_and_no_other_does() {
    for language in Language::ALL {
        let t = texts(language);
        let credit = squeeze(&t.credit);
        for name in ["echo-Mike/STTT", "CC\u{a0}BY\u{a0}4.0"] {
            assert!(t.credit.contains(name), "{language}: {name}");
        }
        for game in HANDOUT_GAMES {
            let h = rules_handout(game, language, "A4");
            // On the (last) rules page, small but no smaller than 6 pt, and
            // black, so its hyphen survives a 1-bit copy.
            let page = h.document.pages.last().unwrap();
            let lines: Vec<&Text> = texts_of(page)
                .into_iter()
                .filter(|t| (t.size - 3.0).abs() < 1e-9)
                .collect();
            let text: String = lines.iter().map(|t| squeeze(&t.content)).collect();
            let pdf = paperboard_sheets::backend::pdf::render(&h.document).unwrap();
            let extracted = squeeze(&pdftotext_layout(&pdf));
            if game == "strategic" {
                assert_eq!(text, credit, "{game} {language}");
                assert!(
                    lines.iter().all(|t| t.color == Color::BLACK),
                    "{game} {language}"
                );
                assert!(extracted.contains("echo-Mike/STTT"), "{game} {language}");
            } else {
                // SOS, tic-tac-toe and Ultimate are not the authors' games.
                assert_eq!(text, "", "{game} {language}");
                assert!(!extracted.contains("echo-Mike"), "{game} {language}");
            }
        }
    }
    // The authors' names as the original names them, in the Russian text
    // in Russian.
    assert!(
        texts(Language::En)
            .credit
            .contains("Demchenko Mikhail Alexeevich")
    );
    assert!(
        texts(Language::Ru)
            .credit
            .contains("Демченко Михаила Алексеевича")
    );
}
