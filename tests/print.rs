//! The print standard on every game sheet (docs/spec.md, "Print
//! standards"), judged as a teacher's photocopier would: every text of every
//! template, on every paper, either way up, in every language, at least 6 pt
//! and 60 % black; small print still inked after a 1-bit copy at 150 dpi;
//! no sheet more than a quarter blank; no text on a rule; the grids under a
//! field ending where the field does; title and names on one line.

mod common;

use common::print::*;
use paperboard::backend::pdf;
use paperboard::display::{
    Anchor, Color, Document, FontWeight, Item, Metadata, Page, Point, Rect, Text,
};
use paperboard::language::Language;
use paperboard::layout::{Sheet, layout};
use paperboard::spec::{Set, Spec, Template};

const PAPERS: [&str; 4] = ["A4", "A3", "A5", "Letter"];

fn sets(list: &[String]) -> Vec<Set> {
    list.iter().map(|s| s.parse().unwrap()).collect()
}

/// The template on `paper`, landscape or not, in `language`.
fn sheet(t: Template, paper: &str, landscape: bool, language: Language) -> Option<Sheet> {
    let orientation = if landscape { "landscape" } else { "portrait" };
    let spec = Spec::template(
        t,
        &sets(&[
            format!("page.size={paper}"),
            format!("page.orientation={orientation}"),
            format!("document.language={}", language.code()),
        ]),
    )
    .unwrap();
    match layout(&spec) {
        Ok(s) => Some(s),
        Err(e) => {
            // Only the Strategic game sheets may refuse a page: A5, where
            // even 4 mm cells overflow (docs/spec.md, "Page sizes").
            let field_sheet =
                spec.root_items().iter().any(|i| i == "main") && t.name().starts_with("strategic");
            assert!(
                field_sheet && paper == "A5",
                "{} {paper} landscape={landscape} {language}: {e}",
                t.name()
            );
            None
        }
    }
}

/// Every template, paper, orientation and language that lays out.
fn every_sheet() -> Vec<(String, Sheet)> {
    let mut out = Vec::new();
    for &t in Template::ALL {
        for paper in PAPERS {
            for landscape in [false, true] {
                for language in Language::ALL {
                    if let Some(s) = sheet(t, paper, landscape, language) {
                        let case = format!("{} {paper} landscape={landscape} {language}", t.name());
                        out.push((case, s));
                    }
                }
            }
        }
    }
    out
}

#[test]
fn every_text_on_every_sheet_is_at_least_6_pt_and_60_percent_black() {
    let mut texts = 0;
    let sheets = every_sheet();
    for (case, s) in &sheets {
        texts += assert_print_safe(s.document(), case);
    }
    // Twelve templates, all but the Strategic game sheets on A5.
    assert!(
        sheets.len() >= 12 * 4 * 2 * 4 - 5 * 2 * 4,
        "{}",
        sheets.len()
    );
    assert!(texts > 50_000, "{texts} texts checked");
}

#[test]
fn a_lighter_or_smaller_text_is_a_print_fault() {
    let text = |size: f64, color: Color| {
        Item::Text(Text {
            pos: Point::new(20.0, 20.0),
            size,
            anchor: Anchor::Start,
            weight: FontWeight::Regular,
            color,
            content: "7".into(),
        })
    };
    let mut page = Page::new(100.0, 100.0);
    page.items = vec![
        text(2.2, Color::grey(0x4d)),
        text(1.94, Color::grey(0x4d)),
        text(2.2, Color::grey(0x8c)),
    ];
    let doc = Document {
        metadata: Metadata::default(),
        pages: vec![page],
    };
    let faults = print_faults(&doc);
    assert_eq!(faults.len(), 2, "{faults:?}");
    assert!(
        faults[0].contains("5.5 pt") && faults[1].contains("45 % black"),
        "{faults:?}"
    );
}

/// The texts of the first page of `doc` a 50 % threshold at 150 dpi loses.
fn faded(doc: &Document) -> (usize, Vec<String>) {
    faded_texts(doc, 0, 150, 4, |d| pdf::render(d).unwrap())
}

#[test]
fn small_print_survives_a_one_bit_copy_at_150_dpi() {
    // The grey small print, as it was: 5.5 pt numbers at 55 % grey
    // vanish under the threshold, so the check can fail.
    let mut page = Page::new(60.0, 30.0);
    for k in 0..5 {
        page.text_at(
            Point::new(5.0 + 10.0 * f64::from(k), 15.0),
            paperboard::display::TextStyle::new(1.94).color(Color::grey(0x8c)),
            k.to_string(),
        );
    }
    let old = Document {
        metadata: Metadata::default(),
        pages: vec![page],
    };
    let (checked, lost) = faded(&old);
    assert_eq!((checked, lost.len()), (5, 5), "{lost:?}");
    // Every text of these sheets keeps its ink: the 729 hmap2 numbers, the
    // row numbers, S T O heads, labels, tallies and record numbers.
    for (t, least) in [
        (Template::StrategicHyperfunctional, 729 + 81 + 72),
        (Template::StrategicFunctional, 81 + 72),
        (Template::StrategicRecord, 200),
        (Template::StrategicContinuous, 72),
        (Template::Sos, 64),
        (Template::Ultimate, 81),
        (Template::TicTacToe, 9 * 12),
    ] {
        let s = sheet(t, "A4", false, Language::En).unwrap();
        let (checked, lost) = faded(s.document());
        assert!(checked >= least, "{}: {checked} texts", t.name());
        assert!(
            lost.is_empty(),
            "{}: {} lost: {}",
            t.name(),
            lost.len(),
            lost.join("; ")
        );
    }
}

/// The rectangle around all of `rects`.
fn bounds(rects: &[Rect]) -> Rect {
    let x0 = rects.iter().map(|r| r.x).fold(f64::INFINITY, f64::min);
    let y0 = rects.iter().map(|r| r.y).fold(f64::INFINITY, f64::min);
    let x1 = rects
        .iter()
        .map(|r| r.right())
        .fold(f64::NEG_INFINITY, f64::max);
    let y1 = rects
        .iter()
        .map(|r| r.bottom())
        .fold(f64::NEG_INFINITY, f64::max);
    Rect::new(x0, y0, x1 - x0, y1 - y0)
}

#[test]
fn no_default_sheet_leaves_more_than_a_quarter_of_its_page_blank() {
    // Two measures of the content area (inside the templates' margins):
    // outside the box around everything printed (the blank band the issue
    // measured: 81 mm under SOS on A4), at most a quarter; and outside
    // every part's own rectangle (gaps between parts count as blank too),
    // at most a third.
    let mut report = Vec::new();
    let mut faults = Vec::new();
    for &t in Template::ALL {
        for paper in PAPERS {
            for landscape in [false, true] {
                let Some(s) = sheet(t, paper, landscape, Language::En) else {
                    continue;
                };
                let page = &s.document().pages[0];
                let content = Rect::new(8.0, 8.0, page.width - 16.0, page.height - 15.0);
                let rects: Vec<Rect> = s.parts().iter().map(|p| p.rect()).collect();
                let outside = blank_fraction(content, &[bounds(&rects)]);
                let between = blank_fraction(content, &rects);
                let way = if landscape { "landscape" } else { "portrait" };
                let case = format!("{:<28} {paper:<6} {way:<9}", t.name());
                report.push(format!(
                    "{case} {:>5.1} % {:>5.1} %",
                    outside * 100.0,
                    between * 100.0
                ));
                if outside > 0.25 || between > 1.0 / 3.0 {
                    faults.push(format!(
                        "{case}: {:.1} % outside, {:.1} % between parts",
                        outside * 100.0,
                        between * 100.0
                    ));
                }
            }
        }
    }
    // The measured table, for the record (`cargo test --test print -- --nocapture`).
    println!(
        "blank share of the content area: outside all parts, outside each part\n{}",
        report.join("\n")
    );
    assert!(faults.is_empty(), "{}", faults.join("\n"));
    assert!(report.len() > 80, "{}", report.len());
}

#[test]
fn the_blank_share_counts_what_no_part_covers() {
    let content = Rect::new(0.0, 0.0, 100.0, 100.0);
    let rects = [
        Rect::new(0.0, 0.0, 50.0, 100.0),
        Rect::new(25.0, 0.0, 50.0, 50.0),
        Rect::new(90.0, 90.0, 30.0, 30.0),
    ];
    // Left half, a quarter of the right half, and a 10 mm corner.
    let covered = 5000.0 + 1250.0 + 100.0;
    assert!((blank_fraction(content, &rects) - (1.0 - covered / 10_000.0)).abs() < 1e-9);
}

/// Where a line or rectangle outline inks, mm.
fn ink_of_rules(page: &Page) -> Vec<Rect> {
    let mut out = Vec::new();
    for item in &page.items {
        match item {
            Item::Line { from, to, stroke } => {
                let h = stroke.width / 2.0;
                out.push(Rect::new(
                    from.x.min(to.x) - h,
                    from.y.min(to.y) - h,
                    (from.x - to.x).abs() + 2.0 * h,
                    (from.y - to.y).abs() + 2.0 * h,
                ));
            }
            Item::Rect {
                rect,
                stroke: Some(s),
                ..
            } => {
                let h = s.width / 2.0;
                let (l, t, r, b) = (rect.x, rect.y, rect.right(), rect.bottom());
                out.push(Rect::new(l - h, t - h, rect.w + 2.0 * h, 2.0 * h));
                out.push(Rect::new(l - h, b - h, rect.w + 2.0 * h, 2.0 * h));
                out.push(Rect::new(l - h, t - h, 2.0 * h, rect.h + 2.0 * h));
                out.push(Rect::new(r - h, t - h, 2.0 * h, rect.h + 2.0 * h));
            }
            _ => {}
        }
    }
    out
}

#[test]
fn no_text_touches_a_rule_on_any_template_in_any_language() {
    for &t in Template::ALL {
        for language in Language::ALL {
            for landscape in [false, true] {
                let s = sheet(t, "A4", landscape, language).unwrap();
                let page = &s.document().pages[0];
                let rules = ink_of_rules(page);
                for item in &page.items {
                    let Item::Text(text) = item else { continue };
                    let b = text_box(text);
                    if let Some(r) = rules.iter().find(|r| r.overlaps(&b)) {
                        panic!(
                            "{} {language} landscape={landscape}: {:?} {b:?} touches the rule {r:?}",
                            t.name(),
                            text.content
                        );
                    }
                }
            }
        }
    }
}

#[test]
fn the_grids_under_a_field_end_where_the_field_does() {
    for t in [
        Template::StrategicFunctional,
        Template::StrategicHyperfunctional,
        Template::StrategicBasic,
        Template::StrategicContinuous,
    ] {
        for paper in ["A4", "A3", "Letter"] {
            let s = sheet(t, paper, false, Language::En).unwrap();
            let field = s.part("field").unwrap().rect();
            for id in ["tactical-grid", "strategic-grid", "records", "continuous"] {
                let Some(p) = s.part(id) else { continue };
                let r = p.rect();
                assert!(
                    r.right() <= field.right() + 1e-6 && r.x >= field.x - 1e-6,
                    "{} {paper}: `{id}` {r:?} sticks out of the field's width {field:?}",
                    t.name()
                );
            }
        }
    }
}

#[test]
fn title_and_names_share_a_line_on_every_template() {
    for &t in Template::ALL {
        let s = sheet(t, "A4", false, Language::En).unwrap();
        let (title, names) = (
            s.part("title").unwrap().rect(),
            s.part("names").unwrap().rect(),
        );
        assert!(
            names.x > title.right() && (names.bottom() - title.bottom()).abs() < 1.5,
            "{}: title {title:?}, names {names:?}",
            t.name()
        );
    }
}
