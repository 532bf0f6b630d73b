//! Sheets that can be read back: the alignment marks and the sheet code on
//! the printed page, and the geometry `paperboard layout --json` gives,
//! checked against the drawing itself (rasterised) and against the record
//! parser, and the code read back from a picture of the page with a QR
//! decoder of its own.

use crate::common;

use std::collections::BTreeSet;

use paperboard_games::internals::parse_move;
use paperboard_games::record::MoveBody;
use paperboard_sheets::layout::geometry::SheetGeometry;
use paperboard_sheets::layout::{SheetCode, SheetName, geometry, layout};
use paperboard_sheets::spec::{Orientation, PaperSize, Set, Spec, Template};

const DPI: u32 = 150;

fn sheet(template: Template, sets: &[&str]) -> paperboard_sheets::Sheet {
    let sets: Vec<Set> = sets.iter().map(|s| s.parse().unwrap()).collect();
    layout(&Spec::template(template, &sets).unwrap()).unwrap()
}

/// The code `sheet` prints and its symbol's square, as the sheet's
/// geometry (what a reader is given) has them.
fn placed_code(sheet: &paperboard_sheets::Sheet) -> (SheetCode, paperboard_sheets::display::Rect) {
    let c = geometry(sheet).code.expect("the sheet prints a code");
    let rect = paperboard_sheets::display::Rect::new(c.x_mm, c.y_mm, c.size_mm, c.size_mm);
    (c.text.parse().unwrap(), rect)
}

fn raster(sheet: &paperboard_sheets::Sheet, dpi: u32) -> common::Raster {
    let doc = sheet.document();
    let svg = paperboard_sheets::backend::svg::render_page(&doc.pages[0], &doc.metadata);
    common::rasterize_svg(&svg, dpi)
}

/// The sheet code a picture of the page shows, decoded with rqrr.
fn decode_code(r: &common::Raster) -> Vec<String> {
    decode_in(r, 0, 0, r.width, r.height)
}

/// The sheet code in the square of the picture where the code is printed
/// and 4 mm around it, as a reader looks for it between the bottom marks
/// it found (on a whole page, the record's many lines can lead rqrr's
/// search for the finder patterns astray).
fn decode_code_at(
    r: &common::Raster,
    code: paperboard_sheets::display::Rect,
    dpi: u32,
) -> Vec<String> {
    let px = |mm: f64| common::mm_to_px(mm, dpi).max(0.0) as usize;
    let side = px(code.w + 8.0);
    decode_in(r, px(code.x - 4.0), px(code.y - 4.0), side, side)
}

fn decode_in(r: &common::Raster, x0: usize, y0: usize, w: usize, h: usize) -> Vec<String> {
    let mut img = rqrr::PreparedImage::prepare_from_greyscale(w, h, |x, y| {
        r.pixel((x0 + x).min(r.width - 1), (y0 + y).min(r.height - 1))[1]
    });
    img.detect_grids()
        .into_iter()
        .filter_map(|g| g.decode().ok().map(|(_, text)| text))
        .collect()
}

fn layout_json(args: &[&str]) -> SheetGeometry {
    let out = crate::common::paperboard()
        .arg("layout")
        .args(args)
        .arg("--json")
        .output()
        .unwrap();
    crate::common::assert_ran("layout", &out);
    // Parsed as plain JSON first: the keys the contract names.
    let value: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    for key in ["page", "code", "marks", "parts"] {
        assert!(value.get(key).is_some(), "no `{key}` in the JSON");
    }
    serde_json::from_value(value).unwrap()
}

fn inside(r: [f64; 4], outer: [f64; 4]) -> bool {
    const TOL: f64 = 0.01;
    r[0] >= outer[0] - TOL
        && r[1] >= outer[1] - TOL
        && r[0] + r[2] <= outer[0] + outer[2] + TOL
        && r[1] + r[3] <= outer[1] + outer[3] + TOL
}

/// Every cell is listed once, with a path the record parser reads as a move
/// of `depth` positions; every rect lies in the page and in its part.
fn check_cells(g: &SheetGeometry, kind: &str, count: usize, depth: usize) {
    let page = [0.0, 0.0, g.page.width_mm, g.page.height_mm];
    let part = g.parts.iter().find(|p| p.kind == kind).unwrap();
    assert_eq!(part.cells.len(), count);
    let paths: BTreeSet<(Option<u32>, &str)> = part
        .cells
        .iter()
        .map(|c| (c.board, c.path.as_str()))
        .collect();
    assert_eq!(paths.len(), count, "a cell is listed twice");
    for c in &part.cells {
        match parse_move(&c.path) {
            MoveBody::Path(m) => assert_eq!(m.to_string().split('.').count(), depth, "{}", c.path),
            other => panic!("{} is no move to the record parser: {other:?}", c.path),
        }
        assert!(
            inside(c.rect_mm, part.rect_mm),
            "{} outside its part",
            c.path
        );
        assert!(inside(c.rect_mm, page));
    }
}

/// The boxes cover plies `first..` without a gap, each with every digit,
/// inside the page and the part.
fn check_boxes(g: &SheetGeometry, kind: &str, first: u32, digits: u32) -> u32 {
    let page = [0.0, 0.0, g.page.width_mm, g.page.height_mm];
    let part = g.parts.iter().find(|p| p.kind == kind).unwrap();
    assert!(!part.boxes.is_empty());
    let plies: BTreeSet<u32> = part.boxes.iter().map(|b| b.ply).collect();
    let last = *plies.last().unwrap();
    assert_eq!(*plies.first().unwrap(), first);
    assert_eq!(plies.len() as u32, last - first + 1, "a ply is missing");
    assert_eq!(part.boxes.len() as u32, (last - first + 1) * digits);
    for b in &part.boxes {
        assert!((1..=digits).contains(&b.digit));
        assert!(
            inside(b.rect_mm, part.rect_mm),
            "box {b:?} outside its part"
        );
        assert!(inside(b.rect_mm, page));
    }
    last
}

#[test]
fn ultimate_json_lists_every_cell_and_box() {
    let g = layout_json(&["ultimate"]);
    assert_eq!((g.page.width_mm, g.page.height_mm), (210.0, 297.0));
    check_cells(&g, "ultimate-field", 81, 2);
    let last = check_boxes(&g, "record-tables", 1, 2);
    assert!(last >= 81, "the record holds a whole game: {last}");
    let code = g.code.as_ref().unwrap();
    assert_eq!(code.text, "PB1 t=ultimate p=A4 o=p l=en r=1 c=1");
    assert!(code.size_mm >= 14.0);
    assert_eq!(g.marks.len(), 4);
}

#[test]
fn strategic_json_lists_729_cells_and_a_continuation_sheet_numbers_on() {
    let g = layout_json(&["strategic-functional", "--landscape", "--page", "a3"]);
    check_cells(&g, "strategic-field", 729, 3);
    check_boxes(&g, "record-tables", 1, 3);
    assert_eq!(
        g.code.unwrap().text,
        "PB1 t=strategic-functional p=A3 o=l l=en r=1 c=1"
    );

    // A continuation sheet of the record template: row 37 holds ply 73.
    let g = layout_json(&["strategic-record", "--set", "records.start=37"]);
    check_boxes(&g, "record-tables", 73, 3);
    assert_eq!(
        g.code.unwrap().text,
        "PB1 t=strategic-record p=A4 o=p l=en r=73 c=1"
    );
    let g = layout_json(&[
        "strategic-continuous-record",
        "--set",
        "continuous.start=243",
    ]);
    check_boxes(&g, "continuous-record", 243, 3);
    let g = layout_json(&["tictactoe", "--language", "de"]);
    let boards = g.parts.iter().find(|p| p.kind == "ttt-boards").unwrap();
    check_cells(&g, "ttt-boards", boards.cells.len(), 1);
    assert_eq!(boards.cells.len() % 9, 0);
    assert!(g.code.unwrap().text.contains(" l=de "));
}

#[test]
fn marks_and_code_lie_in_the_margin_band_clear_of_every_part() {
    for t in Template::ALL {
        for (paper, landscape) in [("A4", false), ("A4", true), ("Letter", false), ("A3", true)] {
            let mut sets = vec![format!("page.size={paper}")];
            if landscape {
                sets.push("page.orientation=landscape".into());
            }
            let sets: Vec<Set> = sets.iter().map(|s| s.parse().unwrap()).collect();
            let spec = Spec::template(*t, &sets).unwrap();
            let Ok(sheet) = layout(&spec) else {
                continue; // a sheet the paper cannot hold is refused anyway
            };
            let g = geometry(&sheet);
            if !spec.marks() {
                // A sheet with neither field nor record (the Help field).
                assert!(g.marks.is_empty() && g.code.is_none(), "{}", t.name());
                continue;
            }
            // Every sheet that wants them prints them: where room is
            // short (Strategic on Letter portrait) its record gives up
            // rows for them (docs/spec.md).
            assert_eq!(g.marks.len(), 4, "{}", t.name());
            let code = g.code.as_ref().unwrap();
            let mut taken: Vec<[f64; 4]> = g
                .marks
                .iter()
                .map(|m| [m.x_mm, m.y_mm, m.size_mm, m.size_mm])
                .collect();
            taken.push([code.x_mm, code.y_mm, code.size_mm, code.size_mm]);
            for r in &taken {
                assert!(inside(
                    *r,
                    [8.0 - 1.01, 7.0 - 0.01, g.page.width_mm, g.page.height_mm]
                ));
                for p in &g.parts {
                    let [x, y, w, h] = p.rect_mm;
                    let apart = r[0] + r[2] <= x + 0.01
                        || x + w <= r[0] + 0.01
                        || r[1] + r[3] <= y + 0.01
                        || y + h <= r[1] + 0.01;
                    assert!(
                        apart,
                        "{} {paper}: {} overlaps a mark or the code",
                        t.name(),
                        p.id
                    );
                }
            }
        }
    }
}

#[test]
fn the_drawing_agrees_with_the_geometry() {
    for t in [
        Template::Ultimate,
        Template::StrategicFunctional,
        Template::StrategicContinuous,
    ] {
        let sheet = sheet(t, &[]);
        let g = geometry(&sheet);
        let r = raster(&sheet, DPI);
        let px = |mm: f64| common::mm_to_px(mm, DPI).round() as usize;
        for m in &g.marks {
            let c = r.pixel(px(m.x_mm + m.size_mm / 2.0), px(m.y_mm + m.size_mm / 2.0));
            assert_eq!(c, [0, 0, 0], "{}: a mark's centre is not black", t.name());
            // Printed solid: every pixel well inside it.
            let (x0, y0) = (px(m.x_mm + 0.3), px(m.y_mm + 0.3));
            let (x1, y1) = (px(m.x_mm + m.size_mm - 0.3), px(m.y_mm + m.size_mm - 0.3));
            assert_eq!(r.ink_pixels_in(x0, y0, x1, y1, 64), (x1 - x0) * (y1 - y0));
        }
        for p in &g.parts {
            for b in &p.boxes {
                let [x, y, w, h] = b.rect_mm;
                let c = r.pixel(px(x + w / 2.0), px(y + h / 2.0));
                assert_eq!(
                    c,
                    [255, 255, 255],
                    "{}: box {b:?} is not white inside",
                    t.name()
                );
                // The box's edges are drawn: ink along its left side.
                let ink =
                    r.ink_pixels_in(px(x) - 1, px(y + h / 4.0), px(x) + 2, px(y + h * 0.75), 160);
                assert!(ink > 0, "{}: no rule at the left of box {b:?}", t.name());
            }
            for c in &p.cells {
                let [x, y, w, h] = c.rect_mm;
                let (cx, cy) = (px(x + w / 2.0), px(y + h / 2.0));
                assert_eq!(
                    r.ink_pixels_in(cx - 1, cy - 1, cx + 2, cy + 2, 200),
                    0,
                    "{}: cell {} is not empty",
                    t.name(),
                    c.path
                );
            }
        }
    }
}

#[test]
fn the_code_reads_back_from_a_picture_of_the_page() {
    let cases: [(Template, &[&str]); 4] = [
        (Template::Ultimate, &[]),
        (Template::StrategicHyperfunctional, &["page.size=A3"]),
        (
            Template::StrategicRecord,
            &["records.start=57", "document.language=th"],
        ),
        (
            Template::Sos,
            &["page.orientation=landscape", "sos.players=3"],
        ),
    ];
    for (t, sets) in cases {
        let sheet = sheet(t, sets);
        let (placed, rect) = placed_code(&sheet);
        let texts = decode_code_at(&raster(&sheet, 200), rect, 200);
        assert_eq!(texts.len(), 1, "{}: {texts:?}", t.name());
        let read: SheetCode = texts[0].parse().unwrap();
        assert_eq!(read, placed);
        // And the sheet it names is the sheet printed.
        let spec_text = paperboard_sheets::spec::edited_text(
            "spec",
            t.text(),
            None,
            &sets
                .iter()
                .map(|s| s.parse().unwrap())
                .collect::<Vec<Set>>(),
        )
        .unwrap();
        let again = read.sheet(Some(&spec_text)).unwrap();
        assert_eq!(geometry(&again), geometry(&sheet), "{}", t.name());
        assert_eq!(again.document(), sheet.document());
    }
}

#[test]
fn a_code_names_its_sheet_and_a_wrong_spec_is_refused() {
    // A template changed beyond paper, orientation, language and record
    // start is named by its hash, and needs its text.
    let sets: Vec<Set> = vec!["sos.players=3".parse().unwrap()];
    let spec = Spec::template(Template::Sos, &sets).unwrap();
    let sheet = layout(&spec).unwrap();
    let code = placed_code(&sheet).0;
    assert!(matches!(code.sheet, SheetName::Hash(_)));
    let e = code.sheet(None).err().unwrap();
    assert!(e.to_string().contains("give that spec's text"), "{e}");
    let e = code.sheet(Some(Template::Sos.text())).err().unwrap();
    assert!(e.to_string().contains("not the sheet's"), "{e}");
    // Comments and spacing do not change the hash.
    let edited =
        paperboard_sheets::spec::edited_text("s.toml", Template::Sos.text(), None, &sets).unwrap();
    let reworded = format!("# my class's sheet\n\n{edited}");
    let again = code.sheet(Some(&reworded)).unwrap();
    assert_eq!(again.document(), sheet.document());

    // The template itself on other paper is still the template.
    let code = SheetCode {
        sheet: SheetName::Template(Template::Ultimate),
        paper: PaperSize::A5,
        orientation: Orientation::Landscape,
        language: paperboard_sheets::language::Language::Ru,
        first_ply: 1,
        copy: 7,
    };
    let sheet = code.sheet(None).unwrap();
    assert_eq!(placed_code(&sheet).0, code);
    // A first ply no row of the record starts at is refused.
    let odd = SheetCode {
        first_ply: 2,
        ..code
    };
    assert!(odd.sheet(None).is_err());
}

#[test]
fn marks_false_prints_neither_and_gives_the_parts_the_page() {
    let with = sheet(Template::Ultimate, &[]);
    let without = sheet(Template::Ultimate, &["page.marks=false"]);
    assert!(without.marks().is_empty());
    let g = geometry(&without);
    assert!(g.code.is_none() && g.marks.is_empty());
    let cell = |s: &paperboard_sheets::Sheet| {
        let g = geometry(s);
        let f = g.parts.iter().find(|p| p.kind == "ultimate-field").unwrap();
        f.cells[0].rect_mm[2]
    };
    assert!(cell(&without) >= cell(&with));
    // Neither is drawn: no filled 5 mm square, no code to read.
    let squares = |s: &paperboard_sheets::Sheet| {
        s.document().pages[0]
            .items
            .iter()
            .filter(|i| {
                matches!(i, paperboard_sheets::display::Item::Rect { rect, fill: Some(_), .. }
                    if (rect.w - 5.0).abs() < 1e-9 && (rect.h - 5.0).abs() < 1e-9)
            })
            .count()
    };
    assert_eq!((squares(&with), squares(&without)), (4, 0));
    let code = placed_code(&with).1;
    assert_eq!(decode_code_at(&raster(&with, 150), code, 150).len(), 1);
    assert!(decode_code(&raster(&without, 150)).is_empty());
    // A plain text sheet has none; `marks = true` asks for them.
    let text = "[[text]]\ntext = \"Notes\"\n";
    let plain = layout(&Spec::parse("t.toml", text, None).unwrap()).unwrap();
    assert!(plain.marks().is_empty());
    let asked = format!("[page]\nmarks = true\n{text}");
    let marked = layout(&Spec::parse("t.toml", &asked, None).unwrap()).unwrap();
    assert_eq!(marked.marks().len(), 4);
    // A bad value is refused where it is written.
    let e = Spec::parse("t.toml", "[page]\nmarks = 1\n", None).unwrap_err();
    let shown = format!("{e:?}");
    assert!(shown.contains("marks"), "{shown}");
}

#[test]
fn handout_copies_carry_their_copy_number() {
    let text = "[handout]\ngame = \"ultimate\"\ncopies = 3\nrules = false\n";
    let spec = paperboard_sheets::handout::spec::parse("h.toml", text).unwrap();
    let handout = paperboard_sheets::handout::build(&spec).unwrap();
    let doc = &handout.document;
    let mut copies = Vec::new();
    for page in &doc.pages {
        let svg = paperboard_sheets::backend::svg::render_page(page, &doc.metadata);
        // The code stands in a square the parts leave, near the foot of
        // the page: looked for there as a reader does, square by square
        // (rqrr on a whole page can be led astray by the record's lines).
        let raster = common::rasterize_svg(&svg, 200);
        let found = (0..12).find_map(|up| {
            (0..40).find_map(|left| {
                let x = page.width - 8.0 - 15.0 - 5.0 * left as f64;
                let y = page.height - 7.0 - 15.0 - 5.0 * up as f64;
                let at = paperboard_sheets::display::Rect::new(x, y, 15.0, 15.0);
                decode_code_at(&raster, at, 200).into_iter().next()
            })
        });
        copies.extend(found.map(|text| text.parse::<SheetCode>().unwrap().copy));
    }
    assert_eq!(copies, [1, 2, 3]);
}
