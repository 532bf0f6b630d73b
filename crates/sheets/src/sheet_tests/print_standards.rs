//! The print standards (nothing a reader must read under 6 pt, every text
//! kept apart from its ground by a black-and-white copy: see
//! `paperboard_sheets::print`) over every page this part of paperboard makes: every
//! page of every example handout in all four languages, a diagram of one
//! game of each kind and ruleset (`examples/records/`) in every language,
//! and the heat map of every built-in ruleset. Walked on the display list,
//! then checked where meaning could be lost on a thresholded raster: who
//! won each field of a diagram, a badge's mark, two SOS in a row.
//!
//! Game sheets are laid out by the sheets' own code: a handout or a diagram
//! may not add a fault to them, and a fault the bare sheet has is the
//! sheet's (it is listed, and counted, but not charged to the page).

use super::common;

use std::collections::BTreeSet;

use common::*;
use paperboard_games::check::{CheckedGame, Position, check_source};
use paperboard_games::games::sos::Cell;
use paperboard_games::games::ttt::{FieldState, Mark, Move};
use paperboard_sheets::diagram::{Diagrams, diagram_at};
use paperboard_sheets::display::{Document, Item, Page, Rect};
use paperboard_sheets::handout::Handout;
use paperboard_sheets::handout::spec::HandoutSpec;
use paperboard_sheets::language::Language;
use paperboard_sheets::parts::PartGeometry;
use paperboard_sheets::print::TextFault;
use paperboard_sheets::spec::{Set, Spec, Template};
use paperboard_sheets::texts::texts;

/// A fault as it can be compared between a page and its bare sheet.
fn key(f: &TextFault) -> (String, i64, i64) {
    (
        f.content.clone(),
        (f.size_pt * 100.0).round() as i64,
        (f.ink * 100.0).round() as i64,
    )
}

/// The faults of `page` that `bare` (the same sheet without what the page
/// adds) does not have too.
fn added_faults(page: &Page, bare: Option<&Page>) -> Vec<TextFault> {
    let owned: BTreeSet<_> = bare
        .map(|b| b.text_faults().iter().map(key).collect())
        .unwrap_or_default();
    page.text_faults()
        .into_iter()
        .filter(|f| !owned.contains(&key(f)))
        .collect()
}

fn example_handouts() -> Vec<String> {
    let dir = format!("{}/examples/handouts", common::ROOT);
    let mut out: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path().to_string_lossy().into_owned())
        .filter(|p| p.ends_with(".toml"))
        .collect();
    out.sort();
    out
}

/// The handout of `spec` in `language`, and its game sheet alone on the
/// handout's paper.
fn build_in(spec: &HandoutSpec, language: Language) -> (Handout, Page) {
    let spec = spec.clone().with_language(language);
    let h = super::common::pages::build_example(&spec);
    let mut sets = vec![
        Set::paper_size(spec.paper_size()),
        Set::orientation(spec.orientation()),
    ];
    sets.extend(spec.sets().iter().cloned());
    let bare = Spec::template(Template::for_game(spec.game()), &sets).unwrap();
    let bare = paperboard_sheets::layout(&bare).unwrap();
    (h, bare.document().pages[0].clone())
}

/// Whether a handout page is one of its game sheets: it has a name line and
/// is not a worksheet.
fn is_game_sheet(page: &Page, language: Language) -> bool {
    let t = texts(language);
    let words = page_text(page);
    words.contains(&t.name_label) && !words.contains(&t.worksheet_heading)
}

/// A PDF of `page` alone.
fn pdf_of_page(page: Page) -> Vec<u8> {
    let doc = Document {
        metadata: Default::default(),
        pages: vec![page],
    };
    paperboard_sheets::backend::pdf::render(&doc).unwrap()
}

#[test]
// The count of pages checked is printed for whoever runs this with
// `--nocapture`: the library itself never prints.
#[allow(clippy::print_stderr)]
fn every_handout_page_meets_the_print_standards_in_every_language() {
    let mut pages = 0;
    let mut sheet_owned = 0;
    for path in example_handouts() {
        let spec = super::common::load_handout(&path);
        for language in Language::ALL {
            let (h, bare) = build_in(&spec, language);
            let bare = &bare;
            for (i, page) in h.document.pages.iter().enumerate() {
                let sheet = is_game_sheet(page, language);
                let faults = added_faults(page, sheet.then_some(bare));
                assert!(
                    faults.is_empty(),
                    "{path} in {language}, page {}: {faults:?}",
                    i + 1
                );
                if sheet {
                    sheet_owned += page.text_faults().len();
                }
                pages += 1;
            }
        }
    }
    assert!(pages > 150, "{pages} pages");
    eprintln!("handouts: {pages} pages checked; {sheet_owned} faults belong to the game sheets");
}

fn example_records() -> Vec<(String, Vec<CheckedGame>)> {
    let dir = format!("{}/examples/records", common::ROOT);
    let mut names: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "txt"))
        .collect();
    names.sort();
    names
        .into_iter()
        .map(|p| {
            let name = p.file_name().unwrap().to_string_lossy().into_owned();
            let file = check_source(&name, &std::fs::read(&p).unwrap(), None);
            (name, file.games)
        })
        .collect()
}

/// The bare sheet under a game's diagram: the one laid out for it, or the
/// tic-tac-toe page's template.
fn bare_sheet(g: &CheckedGame, language: Language) -> Page {
    match Diagrams::new(language).sheet_of(g).unwrap() {
        Some(sheet) => sheet.document().pages[0].clone(),
        None => {
            // The boards of a page of tic-tac-toe games are this large.
            let cell: Set = "boards.cell=22".parse().unwrap();
            let spec = Spec::template(Template::TicTacToe, &[cell]).unwrap();
            paperboard_sheets::layout(&spec).unwrap().document().pages[0].clone()
        }
    }
}

#[test]
// The count of pages checked is printed for whoever runs this with
// `--nocapture`: the library itself never prints.
#[allow(clippy::print_stderr)]
fn every_diagram_meets_the_print_standards_in_every_language() {
    let mut checked = 0;
    let mut sheet_owned = 0;
    for (name, games) in example_records() {
        let first = &games[..1];
        let bare = bare_sheet(&first[0], Language::En);
        // Every game in English; one of each kind in every language too.
        let languages: &[Language] = if [
            "sos-general.txt",
            "tictactoe.txt",
            "ultimate.txt",
            "strategic-functional-map34.txt",
        ]
        .contains(&name.as_str())
        {
            &Language::ALL
        } else {
            &[Language::En]
        };
        for &language in languages {
            let doc = diagram_at(&first.iter().collect::<Vec<_>>(), language, None).unwrap();
            assert_eq!(doc.pages.len(), 1, "{name}");
            let faults = added_faults(&doc.pages[0], Some(&bare));
            assert!(faults.is_empty(), "{name} in {language}: {faults:?}");
            sheet_owned += doc.pages[0].text_faults().len() - faults.len();
            checked += 1;
            // The caption is in the language asked for.
            let d = texts(language).diagram;
            let words = page_text(&doc.pages[0]);
            let heading = d.game.split('{').next().unwrap().trim();
            let board = d.board.split('{').next().unwrap().trim();
            assert!(
                words.contains(heading) || words.contains(board),
                "{name} in {language}: {words}"
            );
        }
    }
    assert_eq!(checked, 13 + 4 * 3);
    eprintln!("diagrams: {checked} pages checked; {sheet_owned} faults belong to the sheets");
}

#[test]
fn every_heat_map_meets_the_print_standards() {
    for a in paperboard_games::analysis::analyze_all() {
        let doc = paperboard_sheets::heatmap::heatmap(&a);
        let page = &doc.pages[0];
        let faults = page.text_faults();
        assert!(faults.is_empty(), "{}: {faults:?}", a.label);
        let texts = page
            .items
            .iter()
            .filter(|i| matches!(i, Item::Text(_)))
            .count();
        assert!(texts > 100, "{}: {texts} texts", a.label);
    }
}

/// A raster thresholded at half lightness, as a copier in text mode makes it.
struct Mono {
    raster: Raster,
    dpi: u32,
}

impl Mono {
    fn of(doc: &Document, page: usize, dpi: u32) -> Mono {
        let pdf = paperboard_sheets::backend::pdf::render(doc).unwrap();
        Mono {
            raster: rasterize_pdf_page(&pdf, page + 1, dpi),
            dpi,
        }
    }

    fn px(&self, mm: f64) -> usize {
        mm_to_px(mm, self.dpi).round() as usize
    }

    fn black(&self, x: f64, y: f64) -> bool {
        let [r, g, b] = self.raster.pixel(self.px(x), self.px(y));
        let c = paperboard_sheets::display::Color::rgb(r, g, b);
        c.lightness() < 0.5
    }

    /// The black runs along a row of pixels at `y` from `x0` to `x1` mm:
    /// their lengths in mm.
    fn runs_along(&self, y: f64, x0: f64, x1: f64) -> Vec<f64> {
        let step = 25.4 / f64::from(self.dpi);
        let mut runs = Vec::new();
        let mut run = 0.0;
        let mut x = x0;
        while x <= x1 {
            if self.black(x, y) {
                run += step;
            } else if run > 0.0 {
                runs.push(run);
                run = 0.0;
            }
            x += step;
        }
        if run > 0.0 {
            runs.push(run);
        }
        runs
    }

    /// The middles of the black runs down a column of pixels at `x` from
    /// `y0` to `y1` mm.
    fn marks_down(&self, x: f64, y0: f64, y1: f64) -> Vec<f64> {
        let step = 25.4 / f64::from(self.dpi);
        let mut out = Vec::new();
        let mut start = None;
        let mut y = y0;
        while y <= y1 {
            match (self.black(x, y), start) {
                (true, None) => start = Some(y),
                (false, Some(s)) => {
                    out.push((s + y) / 2.0);
                    start = None;
                }
                _ => {}
            }
            y += step;
        }
        out
    }
}

/// What a field's outline looks like on the copy, read along its top side.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Outline {
    Solid,
    Dashed,
    Dotted,
    None,
}

fn outline(mono: &Mono, field: Rect, inset: f64) -> Outline {
    let runs = mono.runs_along(field.y + inset, field.x + 1.5, field.right() - 1.5);
    let length = field.w - 3.0;
    let black: f64 = runs.iter().sum();
    // Grid lines between cells cross the row: runs of a pixel or two.
    let marks: Vec<f64> = runs.iter().copied().filter(|&r| r > 0.3).collect();
    if black > 0.9 * length {
        Outline::Solid
    } else if marks.len() < 3 {
        Outline::None
    } else if marks.iter().sum::<f64>() / marks.len() as f64 > 0.8 {
        Outline::Dashed
    } else {
        Outline::Dotted
    }
}

/// The rectangle of a field, from its path of cells, on one kind of board.
type FieldRect = Box<dyn Fn(&[u8]) -> Rect>;

/// On a black-and-white copy of Strategic and Ultimate diagrams, every
/// decided field still says who won it: its outline is solid for X, dashed
/// for O, dotted for a draw (none when open), and the badge of a decided
/// strategic cell shows the winner's mark; the two players' fills differ by a
/// quarter in grey on the colour print.
#[test]
fn who_won_each_field_survives_a_black_and_white_copy() {
    let mut seen = BTreeSet::new();
    for (name, games) in example_records() {
        let g = &games[0];
        let Some(Position::Ttt { game, .. }) = &g.position else {
            continue;
        };
        if game.depth() < 2 {
            continue;
        }
        let sheet = Diagrams::new(Language::En).sheet_of(g).unwrap().unwrap();
        let doc = diagram_at(&[g], Language::En, None).unwrap();
        let mono = Mono::of(&doc, 0, 150);
        let colour = &mono.raster;
        let (field_rect, cell): (FieldRect, f64) = sheet
            .parts()
            .iter()
            .find_map(|p| match p.geometry() {
                PartGeometry::StrategicField(f) => {
                    let f = f.clone();
                    let cell = f.cell();
                    Some((Box::new(move |p: &[u8]| f.field_rect(p)) as FieldRect, cell))
                }
                PartGeometry::UltimateField(f) => {
                    let f = f.clone();
                    let cell = f.cell();
                    Some((Box::new(move |p: &[u8]| f.field_rect(p)) as FieldRect, cell))
                }
                _ => None,
            })
            .unwrap();
        let depth = game.depth();
        let inset = 0.25 + (0.09 * cell).clamp(0.35, 0.7) / 2.0;
        let mut fills: Vec<(Mark, f64)> = Vec::new();
        for f in 0..9usize.pow(depth as u32 - 1) {
            let state = game.field_state(0, f);
            let path = Move::from_index(f, depth - 1);
            let area = field_rect(path.path());
            let want = match state {
                FieldState::Won(Mark::X) => Outline::Solid,
                FieldState::Won(Mark::O) => Outline::Dashed,
                FieldState::Drawn => Outline::Dotted,
                FieldState::Open => Outline::None,
            };
            let got = outline(&mono, area, inset);
            assert_eq!(got, want, "{name}: field {path} {state:?}");
            seen.insert(format!("{state:?}"));
            // The fill, read on the colour print at the middle of a cell's
            // top edge: clear of its mark and of the number in its corner.
            if let FieldState::Won(mark) = state {
                let (x, y) = (mono.px(area.x + cell / 2.0), mono.px(area.y + cell + 0.45));
                let [r, g, b] = colour.pixel(x, y);
                fills.push((
                    mark,
                    paperboard_sheets::display::Color::rgb(r, g, b).lightness(),
                ));
            }
        }
        let mean = |m: Mark| {
            let v: Vec<f64> = fills.iter().filter(|f| f.0 == m).map(|f| f.1).collect();
            (!v.is_empty()).then(|| v.iter().sum::<f64>() / v.len() as f64)
        };
        if let (Some(x), Some(o)) = (mean(Mark::X), mean(Mark::O)) {
            assert!(x - o >= 0.25, "{name}: X fill {x:.3}, O fill {o:.3}");
        }
        // The badge of each decided strategic cell (the field in Ultimate):
        // an X is inked in its middle, an O is hollow.
        let strategic = if depth == 3 { 9 } else { 1 };
        for s in 0..strategic {
            let state = game.field_state(1, s);
            let path: Vec<u8> = if depth == 3 {
                vec![s as u8 + 1]
            } else {
                vec![]
            };
            let area = field_rect(&path);
            let side = (0.6 * cell).clamp(2.8, 4.5);
            let off = side / 2.0 + 0.7;
            let (cx, cy) = (area.x - off, area.y - off);
            let inked_middle = mono.black(cx, cy);
            let ring = mono.black(cx, cy - side * 0.38) || mono.black(cx, cy - side * 0.36);
            match state {
                FieldState::Won(Mark::X) => assert!(inked_middle, "{name}: X badge of {s}"),
                FieldState::Won(Mark::O) => {
                    assert!(!inked_middle && ring, "{name}: O badge of {s}")
                }
                FieldState::Drawn => assert!(inked_middle, "{name}: drawn badge of {s}"),
                FieldState::Open => {
                    let blank = (0..5)
                        .all(|k| !mono.black(cx - side / 3.0 + f64::from(k) * side / 6.0, cy));
                    assert!(blank, "{name}: a badge on open cell {s}");
                }
            }
        }
    }
    // The examples show every state.
    assert_eq!(seen.len(), 4, "{seen:?}");
}

/// Two SOS in a row a1–e1 meet at c1: on the copy they are two lines, one
/// each side of c1, not one long stroke.
#[test]
fn two_sos_in_a_row_read_as_two_lines() {
    let file = check_source(
        "row.txt",
        b"[Game \"sos\"]\n[Size \"5\"]\na1S b1O c1S d1O e1S\n",
        None,
    );
    let g = &file.games[0];
    assert_eq!(g.report.lines.len(), 2);
    let sheet = Diagrams::new(Language::En).sheet_of(g).unwrap().unwrap();
    let board = sheet
        .parts()
        .iter()
        .find_map(|p| match p.geometry() {
            PartGeometry::SosBoard(b) => b.boards().into_iter().next(),
            _ => None,
        })
        .unwrap();
    let doc = diagram_at(&[g], Language::En, None).unwrap();
    let mono = Mono::of(&doc, 0, 300);
    let cell = |col: u8| board.cell_rect(Cell { col, row: 0 });
    // Just left and just right of the border between b1 and c1, and
    // between c1 and d1: away from the letters, only the line is there.
    let across = |x: f64| {
        let r = cell(0);
        mono.marks_down(x, r.y + 0.6, r.bottom() - 0.6)
    };
    // A dashed line may have a gap at any one place: the first hit
    // within a few mm of the border.
    let near = |border: f64, way: f64| {
        (0..16)
            .map(|k| across(border + way * (1.5 + 0.25 * f64::from(k))))
            .find(|m| !m.is_empty())
            .unwrap_or_default()
    };
    let first = near(cell(1).right(), -1.0);
    let second = near(cell(2).right(), 1.0);
    assert_eq!((first.len(), second.len()), (1, 1), "{first:?} {second:?}");
    assert!(
        (first[0] - second[0]).abs() >= 1.0,
        "the two lines lie {} mm apart",
        (first[0] - second[0]).abs()
    );
    // And each ends at its letters' centres: no ink beyond a1 and e1.
    let r = cell(0);
    assert!(across(r.x + 1.0).is_empty());
    assert!(across(cell(4).right() - 1.0).is_empty());
}

/// The words (three Latin letters or more, lower case) of every text in a
/// language's texts file, placeholders left out.
fn vocabulary(language: Language) -> BTreeSet<String> {
    let path = format!("{}/templates/rules/{}.toml", common::ROOT, language.code());
    let value: toml::Value = toml::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    let mut strings = Vec::new();
    let mut stack = vec![&value];
    while let Some(v) = stack.pop() {
        match v {
            toml::Value::String(s) => strings.push(s.clone()),
            toml::Value::Array(a) => stack.extend(a),
            toml::Value::Table(t) => stack.extend(t.values()),
            _ => {}
        }
    }
    let mut out = BTreeSet::new();
    for s in strings {
        // "{player}" is filled in, never printed.
        let mut bare = String::new();
        let mut inside = false;
        for c in s.chars() {
            match c {
                '{' => inside = true,
                '}' => inside = false,
                c if !inside => bare.push(c),
                _ => {}
            }
        }
        out.extend(latin_words(&bare));
    }
    out
}

/// The words of three Latin letters or more in `text`, lower case.
fn latin_words(text: &str) -> BTreeSet<String> {
    text.split(|c: char| !c.is_ascii_alphabetic())
        .filter(|w| w.len() >= 3)
        .map(str::to_ascii_lowercase)
        .collect()
}

/// The English words in `text` (as `pdftotext` reads a page) that are not
/// words of `language` too and that `bare` (the text of the game sheet the
/// page is drawn on, whose labels are the sheet's) does not have.
fn english_words(text: &str, language: Language, bare: Option<&str>) -> BTreeSet<String> {
    let english = vocabulary(Language::En);
    let own = vocabulary(language);
    let sheet = bare.map(latin_words).unwrap_or_default();
    latin_words(text)
        .into_iter()
        .filter(|w| english.contains(w) && !own.contains(w) && !sheet.contains(w))
        // The maps' names (map34, hmap2) are names in every language.
        .filter(|w| w != "map" && w != "hmap")
        .collect()
}

/// Every word `pdftotext` reads on a German, Russian or Thai handout or
/// diagram is in that language: none of the English texts' words is there
/// (words both languages share, such as "Name" or "SOS", aside; labels of the
/// bare game sheet are the sheet's).
#[test]
fn no_english_word_on_a_german_russian_or_thai_handout_or_diagram() {
    // The test can fail: an English page is full of English words.
    let path = &example_handouts()[0];
    let spec = super::common::load_handout(path);
    let h = super::common::pages::build_example(&spec.with_language(Language::En));
    let pdf = paperboard_sheets::backend::pdf::render(&h.document).unwrap();
    let found = english_words(&pdftotext_layout(&pdf), Language::De, None);
    assert!(found.len() > 20, "{found:?}");

    let others = [Language::De, Language::Ru, Language::Th];
    for path in example_handouts() {
        let spec = super::common::load_handout(&path);
        for language in others {
            let (h, bare) = build_in(&spec, language);
            let bare = pdftotext_layout(&pdf_of_page(bare));
            let pdf = paperboard_sheets::backend::pdf::render(&h.document).unwrap();
            let text = pdftotext_layout(&pdf);
            let pages: Vec<&str> = text.split('\u{c}').collect();
            assert!(pages.len() >= h.document.pages.len());
            for (i, page) in h.document.pages.iter().enumerate() {
                let sheet = is_game_sheet(page, language);
                let mut found = english_words(pages[i], language, sheet.then_some(bare.as_str()));
                // The title is the teacher's own words, and the record
                // files a worksheet names are the teacher's own files.
                let own = spec.records().iter().map(String::as_str);
                for w in own.chain(spec.title()).flat_map(latin_words) {
                    found.remove(&w);
                }
                assert!(
                    found.is_empty(),
                    "{path} in {language}, page {}: {found:?}",
                    i + 1
                );
            }
        }
    }
    for (name, games) in example_records() {
        let first = &games[..1];
        for language in others {
            let bare = pdftotext_layout(&pdf_of_page(bare_sheet(&first[0], language)));
            let doc = diagram_at(&first.iter().collect::<Vec<_>>(), language, None).unwrap();
            let text = pdftotext_layout(&paperboard_sheets::backend::pdf::render(&doc).unwrap());
            let mut found = english_words(&text, language, Some(&bare));
            // The caption names the file.
            for w in latin_words(&name) {
                found.remove(&w);
            }
            assert!(found.is_empty(), "{name} in {language}: {found:?}");
        }
    }
}
