use super::*;
use crate::display::{Item, Text};
use crate::fonts;
use crate::parts::PartGeometry;
use crate::spec::{Spec, Template};

fn sheet(text: &str) -> Result<Sheet, LayoutError> {
    layout(&Spec::parse("t.toml", text, None).unwrap())
}

fn doc(text: &str) -> Result<Document, LayoutError> {
    sheet(text).map(|s| s.into_parts().0)
}

fn texts(d: &Document) -> Vec<&Text> {
    d.pages[0]
        .items
        .iter()
        .filter_map(|i| match i {
            Item::Text(t) => Some(t),
            _ => None,
        })
        .collect()
}

/// The ink box of a text: its advance width by the height of capitals.
fn text_box(t: &Text) -> Rect {
    let w = fonts::text_width(&t.content, t.weight, t.size);
    let x = match t.anchor {
        crate::display::Anchor::Start => t.pos.x,
        crate::display::Anchor::Middle => t.pos.x - w / 2.0,
        crate::display::Anchor::End => t.pos.x - w,
    };
    let cap = fonts::cap_height(t.size);
    Rect::new(x, t.pos.y - cap, w, cap)
}

#[test]
fn every_template_lays_out_inside_its_margins() {
    for &t in Template::ALL {
        let s = Spec::parse(t.name(), t.text(), None).unwrap();
        let sheet = layout(&s).unwrap_or_else(|e| panic!("{}: {e}", t.name()));
        let page = &sheet.document().pages[0];
        assert_eq!((page.width, page.height), (210.0, 297.0));
        let m = s.page().margins;
        for item in &page.items {
            let (x, y) = match item {
                Item::Line { from, to, .. } => (from.x.min(to.x), from.y.min(to.y)),
                Item::Text(t) => (t.pos.x, t.pos.y),
                Item::Rect { rect, .. } => (rect.x, rect.y),
                Item::Circle { center, .. } => (center.x, center.y),
            };
            assert!(
                x >= m.left - 0.5 && x <= 210.0 - m.right + 0.5,
                "{}: {item:?}",
                t.name()
            );
            assert!(
                y >= m.top - 0.5 && y <= 297.0 - m.bottom + 0.5,
                "{}: {item:?}",
                t.name()
            );
        }
    }
}

#[test]
fn no_two_texts_collide_on_any_template() {
    for &t in Template::ALL {
        let d = layout(&Spec::parse(t.name(), t.text(), None).unwrap())
            .unwrap()
            .into_parts()
            .0;
        let boxes: Vec<(Rect, &str)> = texts(&d)
            .into_iter()
            .map(|t| (text_box(t), t.content.as_str()))
            .collect();
        for (i, (a, ta)) in boxes.iter().enumerate() {
            for (b, tb) in &boxes[i + 1..] {
                assert!(
                    !a.overlaps(b),
                    "{}: `{ta}` {a:?} collides with `{tb}` {b:?}",
                    t.name()
                );
            }
        }
    }
}

#[test]
fn row_numbers_follow_the_map_top_to_bottom_left_of_each_strategic_cell() {
    let sheet = sheet("[[strategic-field]]\nrow-numbers = \"map67\"\n").unwrap();
    let PartGeometry::StrategicField(g) = sheet.part("field").unwrap().geometry() else {
        panic!("not a field");
    };
    let bold: Vec<&Text> = texts(sheet.document())
        .into_iter()
        .filter(|t| t.weight == crate::display::FontWeight::Bold)
        .collect();
    assert_eq!(bold.len(), 81);
    let map = crate::maps::builtin_functional("map67").unwrap();
    for sc in 1..=9u8 {
        let o = g.grid_origin(sc);
        // Left of the strategic cell's grid (and its S4 label), within its height.
        let x = g.row_number_x(sc);
        assert!(x < o.x - g.cell() / 2.0, "strategic cell {sc}");
        let mut beside: Vec<&Text> = bold
            .iter()
            .copied()
            .filter(|t| (t.pos.x - x).abs() < 1e-6)
            .filter(|t| t.pos.y > o.y && t.pos.y < o.y + 9.0 * g.cell())
            .collect();
        beside.sort_by(|a, b| a.pos.y.total_cmp(&b.pos.y));
        let got: Vec<String> = beside.iter().map(|t| t.content.clone()).collect();
        let want: Vec<String> = map.column_for(sc).iter().map(u8::to_string).collect();
        assert_eq!(got, want, "strategic cell {sc}");
    }
}

#[test]
fn st_labels_name_every_tactical_cell_with_an_outer_side_once() {
    let sheet = sheet("[[strategic-field]]\nrow-numbers = \"map34\"\n").unwrap();
    let PartGeometry::StrategicField(g) = sheet.part("field").unwrap().geometry() else {
        panic!("not a field");
    };
    let labels: Vec<&Text> = texts(sheet.document())
        .into_iter()
        .filter(|t| t.weight == crate::display::FontWeight::Regular)
        .collect();
    let mut names: Vec<String> = labels.iter().map(|t| t.content.clone()).collect();
    names.sort();
    // Every tactical cell but the centre one, which has no outer side.
    let want: Vec<String> = (1..=9)
        .flat_map(|s| (1..=9).filter(|&t| t != 5).map(move |t| format!("{s}{t}")))
        .collect();
    assert_eq!(names, want);
    // S4 left of the grid (right of the row numbers) and S6 right of it,
    // both on the middle of the middle tactical row: on the tactical cell
    // they name, not on a grid row of their own.
    for s in 1..=9u8 {
        let o = g.grid_origin(s);
        let find = |t: u8| {
            *labels
                .iter()
                .find(|l| l.content == format!("{s}{t}"))
                .unwrap()
        };
        let (four, six) = (find(4), find(6));
        assert!(four.pos.x < o.x && four.pos.x > g.row_number_x(s), "{s}4");
        assert!(six.pos.x > o.x + 9.0 * g.cell(), "{s}6");
        let middle = o.y + 4.5 * g.cell();
        for l in [four, six] {
            let centre = l.pos.y - fonts::cap_height(l.size) / 2.0;
            assert!((centre - middle).abs() < 1e-6, "{}", l.content);
        }
    }
}

#[test]
fn per_cell_numbers_come_from_the_hyperfunctional_map() {
    let d = doc("[[strategic-field]]\ncell-numbers = \"hmap2\"\nst-labels = false\n").unwrap();
    let small = texts(&d);
    assert_eq!(small.len(), 729);
    // The first cell drawn is strategic cell 1's top-left: hmap2 gives 9 there.
    assert_eq!(small[0].content, "9");
    assert!(
        small
            .iter()
            .all(|t| t.color != crate::display::Color::BLACK)
    );
}

#[test]
fn a_fitted_field_fills_the_space_it_is_given() {
    let s = sheet(
        "[[strategic-field]]\ncell = \"fit\"\nmax-cell = 20\n[page.margins]\nleft = 10\nright = 10\n",
    )
    .unwrap();
    let field = &s.parts()[0];
    let PartGeometry::StrategicField(g) = field.geometry() else {
        panic!("not a field");
    };
    // The largest cell in whole tenths of a millimetre: one more tenth
    // would not fit the 190 mm.
    assert!(field.rect().w <= 190.0 + 1e-9, "{:?}", field.rect());
    let tenths = g.cell() * 10.0;
    assert!((tenths - tenths.round()).abs() < 1e-9, "{}", g.cell());
    let spec = Spec::parse("t.toml", "[[strategic-field]]\ncell = \"fit\"\n", None).unwrap();
    let next = crate::parts::field::size_with_cell(&spec.raw().strategic_field[0], g.cell() + 0.1);
    assert!(next.w > 190.0, "{next:?}");
    let capped = sheet("[page]\nsize = \"A3\"\n[[strategic-field]]\ncell = \"fit\"\n").unwrap();
    let PartGeometry::StrategicField(g) = capped.parts()[0].geometry() else {
        panic!("not a field");
    };
    assert_eq!(g.cell(), 8.0);
}

#[test]
fn record_rows_fit_the_height_left() {
    let s = Spec::parse(
        "t.toml",
        "[[record-tables]]\nrows = \"fit\"\nrow-height = 5\n[page]\nmarks = false\n[page.margins]\ntop = 8.2\nbottom = 8.2\n",
        None,
    )
    .unwrap();
    let d = layout(&s).unwrap().into_parts().0;
    // 280.6 mm of height (less the outline) at 5 mm a row, two of them
    // headings: 54 writing rows (no marks: the whole height).
    let numbers: Vec<u32> = texts(&d)
        .iter()
        .filter_map(|t| t.content.parse().ok())
        .collect();
    assert_eq!(numbers.iter().max(), Some(&(4 * 54)));
}

#[test]
fn a_layout_too_big_for_the_page_names_the_part_and_the_overflow() {
    let e = doc("[[strategic-field]]\ncell = 8\n").unwrap_err();
    let msg = e.to_string();
    let LayoutError::DoesNotFit { overflows, .. } = &e else {
        panic!("{msg}");
    };
    assert_eq!(overflows[0].part, "field");
    assert!(
        overflows[0]
            .past
            .iter()
            .any(|&(side, mm)| side == Side::Right && mm > 0.0)
    );
    assert!(
        msg.contains("`field`") && msg.contains("mm past the right margin"),
        "{msg}"
    );
}

#[test]
fn overlapping_pinned_parts_are_named() {
    let e = doc("[[strategic-field]]\ncell = 3\nat = [20, 20]\n[[text]]\nid = \"note\"\ntext = \"hello\"\nat = [30, 30]\n")
        .unwrap_err();
    let msg = e.to_string();
    let LayoutError::Overlap { overlaps } = &e else {
        panic!("{msg}");
    };
    let mut pair = overlaps[0].parts.clone();
    pair.sort();
    assert_eq!(pair, ["field".to_string(), "note".to_string()]);
    assert!(overlaps[0].width > 0.0 && overlaps[0].height > 0.0);
    assert!(
        msg.contains("`field`") && msg.contains("`note`") && msg.contains("mm"),
        "{msg}"
    );
}

#[test]
fn justify_space_between_pushes_items_to_both_ends() {
    let s = sheet(
        "[layout]\nitems=[\"row\"]\n[[box]]\nid=\"row\"\ndirection=\"row\"\njustify=\"space-between\"\nitems=[\"a\",\"b\"]\n[[text]]\nid=\"a\"\ntext=\"A\"\n[[text]]\nid=\"b\"\ntext=\"B\"\n",
    )
    .unwrap();
    assert!((s.part("a").unwrap().rect().x - 8.0).abs() < 1e-9);
    assert!((s.part("b").unwrap().rect().right() - 202.0).abs() < 1e-9);
}

/// Where an item reaches, as a rectangle (text by its advance and cap height).
fn item_extent(item: &Item) -> Rect {
    match item {
        Item::Line { from, to, stroke } => {
            let h = stroke.width / 2.0;
            Rect::new(
                from.x.min(to.x) - h,
                from.y.min(to.y) - h,
                (from.x - to.x).abs() + 2.0 * h,
                (from.y - to.y).abs() + 2.0 * h,
            )
        }
        Item::Rect { rect, stroke, .. } => {
            let h = stroke.map_or(0.0, |s| s.width / 2.0);
            Rect::new(rect.x - h, rect.y - h, rect.w + 2.0 * h, rect.h + 2.0 * h)
        }
        Item::Circle { center, radius, .. } => Rect::new(
            center.x - radius,
            center.y - radius,
            2.0 * radius,
            2.0 * radius,
        ),
        Item::Text(t) => text_box(t),
    }
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(64))]

    /// Whatever the sizes, a layout is either refused as too big or drawn
    /// wholly inside the margins.
    #[test]
    fn accepted_layouts_draw_inside_the_margins(
        cell in 2.0f64..9.0,
        gap in 0.0f64..6.0,
        count in 1u32..7,
        rows in proptest::option::of(1u32..60),
        row_height in 4.5f64..7.0,
        labels: bool,
        numbers: bool,
        margin in 0.0f64..20.0,
    ) {
        let rows = rows.map_or("\"fit\"".to_string(), |r| r.to_string());
        let text = format!(
            "[page.margins]\ntop = {margin}\nright = {margin}\nbottom = {margin}\nleft = {margin}\n\
             [layout]\nitems = [\"field\", \"lower\"]\n\
             [[box]]\nid = \"lower\"\ndirection = \"row\"\njustify = \"space-between\"\nitems = [\"records\", \"grids\"]\n\
             [[box]]\nid = \"grids\"\nitems = [\"tactical-grid\", \"strategic-grid\"]\n\
             [[strategic-field]]\ncell = {cell}\ngap = {gap}\nst-labels = {labels}\n{}\
             [[record-tables]]\ncount = {count}\nrows = {rows}\nrow-height = {row_height}\n\
             [[tracking-grid]]\ngrid = \"tactical\"\n[[tracking-grid]]\ngrid = \"strategic\"\n",
            if numbers { "row-numbers = \"map34\"\n" } else { "" },
        );
        match doc(&text) {
            Ok(d) => {
                let content = Rect::new(margin, margin, 210.0 - 2.0 * margin, 297.0 - 2.0 * margin);
                for item in &d.pages[0].items {
                    let r = item_extent(item);
                    proptest::prop_assert!(
                        r.x >= content.x - 1e-6 && r.y >= content.y - 1e-6
                            && r.right() <= content.right() + 1e-6
                            && r.bottom() <= content.bottom() + 1e-6,
                        "{item:?} outside {content:?}"
                    );
                }
            }
            Err(e) => proptest::prop_assert!(
                matches!(e, LayoutError::DoesNotFit { .. }),
                "unexpected {e}"
            ),
        }
    }
}

/// Each part's id and rectangle, and what fitting chose for it: the cell
/// of a field, the rows and tables of record tables.
fn placed_of(text: &str) -> Vec<(String, Rect, f64, u32)> {
    let s = Spec::parse("t.toml", text, None).unwrap();
    let cx = crate::layout::context(&s);
    arrange::arrange(&s, s.page().content(), &cx)
        .into_iter()
        .map(|p| {
            let (value, count) = match &p.geometry {
                PartGeometry::StrategicField(g) => (g.cell(), 1),
                PartGeometry::RecordTables(g) => (f64::from(g.rows()), g.tables()),
                _ => (0.0, 1),
            };
            (p.id, p.rect, value, count)
        })
        .collect()
}

const SHRINKING: &str = r#"
[page]
orientation = "landscape"
margins = { top = 10, right = 10, bottom = 10, left = 10 }
[layout]
gap = 4
items = ["field", "records"]
[[strategic-field]]
cell = 9
min-cell = 3
[[record-tables]]
count = "fit"
rows = "fit"
"#;

#[test]
fn a_shrinking_field_leaves_the_growing_records_their_least_and_takes_the_rest() {
    let p = placed_of(SHRINKING);
    let (field, records) = (&p[0], &p[1]);
    // 9 mm cells would not fit; the cell is 9 minus whole 0.1 mm steps.
    assert!(field.2 < 9.0 && field.2 > 3.0, "{}", field.2);
    let tenths = field.2 * 10.0;
    assert!((tenths - tenths.round()).abs() < 1e-9, "{}", field.2);
    // The records got what was left: at least one row, ending inside the
    // margin, and one 0.1 mm step more would have pushed them out.
    assert!(records.2 >= 1.0);
    assert!(records.1.bottom() <= 200.0 + 1e-9, "{:?}", records.1);
    let s = Spec::parse("t.toml", SHRINKING, None).unwrap();
    let bigger = crate::parts::field::size_with_cell(&s.raw().strategic_field[0], field.2 + 0.1);
    let least_records = 3.0 * 5.0 + 0.45;
    assert!(bigger.w < 277.0, "{bigger:?}");
    assert!(10.0 + bigger.h + 4.0 + least_records > 200.0 + 1e-9);
    // Tables as many as fit the 277 mm width: 7 of 36.0 mm with 3 mm gaps.
    assert_eq!(records.3, 7);
    // A fitted cell takes its room the same way: the largest that leaves
    // the records their least.
    let fitted =
        placed_of(&SHRINKING.replace("cell = 9\nmin-cell = 3", "cell = \"fit\"\nmax-cell = 9"));
    assert!(
        fitted[0].2 >= field.2 - 1e-9,
        "{} vs {}",
        fitted[0].2,
        field.2
    );
    assert!(fitted[1].1.bottom() <= 200.0 + 1e-9, "{:?}", fitted[1].1);
}

#[test]
fn landscape_direction_and_wrap_choose_the_stacking_per_page() {
    let spec = |orientation: &str| {
        format!(
            r#"
[page]
orientation = "{orientation}"
[layout]
items = ["head", "body"]
[[box]]
id = "head"
direction = "row"
wrap = true
items = ["title", "names"]
[[box]]
id = "body"
direction = "column"
landscape-direction = "row"
items = ["a", "b"]
[[text]]
id = "title"
text = "A long title that takes most of the page width on its own"
size = 5
[[write-in]]
id = "names"
fields = ["Name", "Class"]
[[text]]
id = "a"
text = "first"
[[text]]
id = "b"
text = "second"
"#
        )
    };
    let find = |p: &[(String, Rect, f64, u32)], id: &str| p.iter().find(|x| x.0 == id).unwrap().1;
    let tall = placed_of(&spec("portrait"));
    // Portrait: `a` above `b`; the header too wide for a row wraps, flush left.
    assert!(find(&tall, "b").y >= find(&tall, "a").bottom());
    assert!(find(&tall, "names").y >= find(&tall, "title").bottom());
    assert!((find(&tall, "names").x - find(&tall, "title").x).abs() < 1e-9);
    let wide = placed_of(&spec("landscape"));
    // Landscape: `a` beside `b`; the header fits in one row.
    assert!(find(&wide, "b").x >= find(&wide, "a").right());
    assert!(find(&wide, "names").x >= find(&wide, "title").right());
}
