//! The SVG and PDF backends, checked on what they write: the PDF parsed back
//! with lopdf and read with poppler, both formats rasterised and compared.

use crate::common;

use common::*;
use paperboard_sheets::backend::{self, Format, pdf, svg};
use paperboard_sheets::display::{
    Anchor, Color, Document, FontWeight, Item, Metadata, Page, Point, Rect, Stroke, Text,
};
use paperboard_sheets::internals::baseline_centred_on;

const GRID_X: f64 = 20.0;
const CELL: f64 = 6.0;
const THAI_GREETING: &str = "สวัสดี";
const THAI_STACKED: &str = "กิ่ง";

fn text(x: f64, y: f64, size: f64, anchor: Anchor, weight: FontWeight, content: &str) -> Text {
    Text {
        pos: Point::new(x, y),
        size,
        anchor,
        weight,
        color: Color::BLACK,
        content: content.into(),
    }
}

/// A page that uses every item kind, both weights, Thai, every anchor,
/// colour, grey and dashes.
fn sample_page() -> Page {
    let mut page = Page::new(210.0, 297.0);
    // A 4×4 grid of 6 mm cells: thin inner lines, thick border.
    let thin = Stroke::solid(0.2);
    let (x0, y0, n) = (GRID_X, 30.0, 4);
    for i in 1..n {
        let d = i as f64 * CELL;
        page.line(
            Point::new(x0 + d, y0),
            Point::new(x0 + d, y0 + n as f64 * CELL),
            thin,
        );
        page.line(
            Point::new(x0, y0 + d),
            Point::new(x0 + n as f64 * CELL, y0 + d),
            thin,
        );
    }
    let side = n as f64 * CELL;
    let thick = Stroke::solid(0.8);
    for (a, b) in [
        ((x0, y0), (x0 + side, y0)),
        ((x0 + side, y0), (x0 + side, y0 + side)),
        ((x0 + side, y0 + side), (x0, y0 + side)),
        ((x0, y0 + side), (x0, y0)),
    ] {
        page.line(Point::new(a.0, a.1), Point::new(b.0, b.1), thick);
    }
    for i in 0..n {
        let centre_y = y0 + 0.5 * CELL;
        page.text(text(
            x0 + (i as f64 + 0.5) * CELL,
            baseline_centred_on(centre_y, 3.5),
            3.5,
            Anchor::Middle,
            FontWeight::Regular,
            &(i + 1).to_string(),
        ));
    }
    page.rect(
        Rect::new(80.0, 30.0, 30.0, 15.0),
        Some(Color::grey(210)),
        Some(Stroke::solid(0.4)),
    );
    page.rect(
        Rect::new(120.0, 30.0, 30.0, 15.0),
        None,
        Some(Stroke {
            width: 0.3,
            color: Color::grey(90),
            dash: Some((2.0, 1.0)),
        }),
    );
    page.rect(
        Rect::new(160.0, 30.0, 20.0, 15.0),
        Some(Color::rgb(200, 40, 40)),
        None,
    );
    page.items.push(Item::Circle {
        center: Point::new(95.0, 70.0),
        radius: 8.0,
        fill: None,
        stroke: Some(Stroke::solid(0.6)),
    });
    page.items.push(Item::Circle {
        center: Point::new(125.0, 70.0),
        radius: 5.0,
        fill: Some(Color::grey(60)),
        stroke: None,
    });
    page.line(
        Point::new(20.0, 100.0),
        Point::new(190.0, 100.0),
        Stroke {
            width: 0.3,
            color: Color::rgb(0, 0, 180),
            dash: Some((1.5, 1.5)),
        },
    );
    page.text(text(
        105.0,
        20.0,
        7.0,
        Anchor::Middle,
        FontWeight::Bold,
        "Strategic Tic-Tac-Toe",
    ));
    page.text(text(
        20.0,
        120.0,
        5.0,
        Anchor::Start,
        FontWeight::Regular,
        "Player X: ________",
    ));
    page.text(text(
        190.0,
        120.0,
        5.0,
        Anchor::End,
        FontWeight::Bold,
        "map34 : hmap2",
    ));
    page.text(text(
        20.0,
        140.0,
        8.0,
        Anchor::Start,
        FontWeight::Regular,
        THAI_GREETING,
    ));
    page.text(text(
        80.0,
        140.0,
        8.0,
        Anchor::Start,
        FontWeight::Regular,
        THAI_STACKED,
    ));
    page.text(text(
        120.0,
        140.0,
        8.0,
        Anchor::Start,
        FontWeight::Regular,
        "กิ",
    ));
    page.text(text(
        20.0,
        175.0,
        5.0,
        Anchor::Start,
        FontWeight::Regular,
        "Grüße aus Köln — Москва",
    ));
    page.text(Text {
        color: Color::grey(110),
        ..text(
            105.0,
            160.0,
            6.0,
            Anchor::Middle,
            FontWeight::Regular,
            "Thai ภาษาไทย 2024",
        )
    });
    page
}

fn sample_document() -> Document {
    let mut small = Page::new(210.0, 148.0);
    small.text(text(
        105.0,
        74.0,
        10.0,
        Anchor::Middle,
        FontWeight::Bold,
        "Second page",
    ));
    Document {
        metadata: Metadata {
            title: "Backend sample".into(),
            creator: "paperboard tests".into(),
            subject: Some("every item kind".into()),
        },
        pages: vec![sample_page(), small],
    }
}

fn sample_pdf() -> Vec<u8> {
    pdf::render(&sample_document()).expect("renders")
}

fn sample_svg() -> String {
    let doc = sample_document();
    let text = svg::render_page(&doc.pages[0], &doc.metadata);
    parse_svg(&text);
    text
}

#[test]
fn media_box_is_the_page_size_in_points() {
    let pdf = sample_pdf();
    assert_eq!(page_count(&pdf), 2);
    let a4 = media_box(&pdf, 1);
    let want = [0.0, 0.0, 595.276, 841.890];
    for (got, want) in a4.iter().zip(want) {
        assert!((got - want).abs() < 0.01, "{a4:?}");
    }
    let a5_landscape = media_box(&pdf, 2);
    assert!((a5_landscape[2] - 595.276).abs() < 0.01, "{a5_landscape:?}");
    assert!((a5_landscape[3] - 419.528).abs() < 0.01, "{a5_landscape:?}");
}

#[test]
fn fonts_are_embedded_and_subset() {
    let fonts = assert_fonts_embedded_and_subset(&sample_pdf());
    for family in ["NotoSans-Regular", "NotoSans-Bold", "NotoSansThai"] {
        assert!(
            fonts.iter().any(|f| f.base_font.contains(family)),
            "{family} missing from {fonts:?}"
        );
    }
    // Subsetting keeps the file small: three fonts of 40-500 KB each.
    assert!(sample_pdf().len() < 40_000, "{} bytes", sample_pdf().len());
}

/// A bold Thai heading is set in Noto Sans Thai Bold: the PDF embeds that
/// face (subset) beside the regular one, the SVG names the family with bold
/// weight, and the bold glyphs are heavier on the page.
#[test]
fn bold_thai_is_set_in_the_thai_bold_face() {
    let mut page = Page::new(100.0, 40.0);
    for (y, weight) in [(15.0, FontWeight::Regular), (32.0, FontWeight::Bold)] {
        page.text(text(10.0, y, 8.0, Anchor::Start, weight, "กติกา ภาษาไทย"));
    }
    let doc = Document {
        metadata: Metadata::default(),
        pages: vec![page],
    };
    let bytes = pdf::render(&doc).unwrap();
    let fonts = assert_fonts_embedded_and_subset(&bytes);
    let names: Vec<&str> = fonts.iter().map(|f| f.base_font.as_str()).collect();
    assert!(
        names.iter().any(|f| f.ends_with("+NotoSansThai-Bold")),
        "{names:?}"
    );
    assert!(
        names.iter().any(|f| f.ends_with("+NotoSansThai-Regular")),
        "{names:?}"
    );
    let text_layer = pdftotext_layout(&bytes);
    assert_eq!(text_layer.matches("กติกา").count(), 2, "{text_layer}");
    let svg_text = svg::render_page(&doc.pages[0], &doc.metadata);
    let svg_doc = roxmltree::Document::parse(&svg_text).unwrap();
    let bold_thai = svg_doc.descendants().filter(|n| {
        n.attribute("font-family") == Some("Noto Sans Thai, sans-serif")
            && n.attribute("font-weight") == Some("bold")
    });
    assert_eq!(bold_thai.count(), 1, "{svg_text}");
    // The bold line carries clearly more ink than the regular one.
    let r = rasterize_pdf_page(&bytes, 1, 150);
    let px = |mm: f64| mm_to_px(mm, 150) as usize;
    let regular = r.ink_pixels_in(px(5.0), px(5.0), px(95.0), px(19.0), 128);
    let bold = r.ink_pixels_in(px(5.0), px(22.0), px(95.0), px(36.0), 128);
    assert!(
        bold as f64 > 1.2 * regular as f64,
        "bold {bold}, regular {regular}"
    );
}

#[test]
fn metadata_is_written() {
    let pdf = sample_pdf();
    assert_eq!(
        info_string(&pdf, "Title").as_deref(),
        Some("Backend sample")
    );
    assert_eq!(
        info_string(&pdf, "Creator").as_deref(),
        Some("paperboard tests")
    );
    assert!(sample_svg().contains("<title>Backend sample</title>"));
}

#[test]
fn text_is_extractable_latin_and_thai() {
    let text = pdftotext_layout(&sample_pdf());
    for want in [
        "Strategic Tic-Tac-Toe",
        "Player X: ________",
        "map34 : hmap2",
        THAI_GREETING,
        THAI_STACKED,
        "Thai ภาษาไทย 2024",
        "Grüße aus Köln — Москва",
        "Second page",
    ] {
        assert!(text.contains(want), "{want:?} not in:\n{text}");
    }
    // The grid numbers come out in order on one line.
    assert!(
        text.lines()
            .any(|l| l.split_whitespace().eq(["1", "2", "3", "4"])),
        "{text}"
    );
}

#[test]
fn words_sit_where_the_display_list_puts_them() {
    let words = pdf_words(&sample_pdf());
    let digits: Vec<&PdfWord> = words
        .iter()
        .filter(|w| w.page == 1 && ["1", "2", "3", "4"].contains(&w.text.as_str()))
        .collect();
    assert_eq!(digits.len(), 4, "{words:?}");
    for (i, w) in digits.iter().enumerate() {
        let cell_centre = GRID_X + (i as f64 + 0.5) * CELL;
        assert!((w.centre_x() - cell_centre).abs() < 0.05, "{w:?}");
        assert!(w.y_min > 30.0 && w.y_max < 30.0 + CELL, "{w:?}");
    }
    let end_anchored = words.iter().find(|w| w.text == "hmap2").expect("hmap2");
    assert!((end_anchored.x_max - 190.0).abs() < 0.3, "{end_anchored:?}");
    let second = words
        .iter()
        .find(|w| w.text == "Second")
        .expect("page 2 text");
    assert_eq!(second.page, 2);
    let svg = svg_texts(&sample_svg());
    for want in ["1", "4", "map34 : hmap2", THAI_STACKED] {
        assert!(svg.iter().any(|t| t == want), "{want:?} not in {svg:?}");
    }
}

#[test]
fn svg_and_pdf_rasters_agree() {
    const DPI: u32 = 100;
    let from_pdf = rasterize_pdf_page(&sample_pdf(), 1, DPI);
    let from_svg = rasterize_svg(&sample_svg(), DPI);
    let diff = compare_rasters(&from_pdf, &from_svg, 64);
    if diff.fraction() >= 0.01 || diff.fraction_of_ink() >= 0.2 {
        let dir = std::env::temp_dir();
        from_pdf.save_png(&dir.join("backend-sample-pdf.png"));
        from_svg.save_png(&dir.join("backend-sample-svg.png"));
    }
    eprintln!(
        "{diff:?}: {:.4} of pixels, {:.4} of ink",
        diff.fraction(),
        diff.fraction_of_ink()
    );
    assert!(diff.ink > 10_000, "almost nothing drawn: {diff:?}");
    assert!(diff.fraction() < 0.01, "{diff:?}");
    // Much stricter: most inked pixels agree too.
    assert!(diff.fraction_of_ink() < 0.2, "{diff:?}");
}

#[test]
fn renders_are_byte_identical() {
    assert_eq!(sample_pdf(), sample_pdf());
    assert_eq!(sample_svg(), sample_svg());
}

#[test]
fn grid_lines_are_where_the_display_list_puts_them() {
    let segments = stroked_segments(&sample_pdf(), 1);
    let verticals: Vec<&Segment> = segments.iter().filter(|s| s.is_vertical()).collect();
    let x_of = |mm: f64| {
        verticals
            .iter()
            .find(|s| (s.from.0 - mm_to_pt(mm)).abs() < 0.05)
            .unwrap_or_else(|| panic!("no vertical line at {mm} mm in {verticals:?}"))
    };
    let (a, b) = (x_of(GRID_X + CELL), x_of(GRID_X + 2.0 * CELL));
    assert!(
        (b.from.0 - a.from.0 - mm_to_pt(CELL)).abs() < 0.01,
        "{a:?} {b:?}"
    );
    assert!((a.width - mm_to_pt(0.2)).abs() < 0.01, "{a:?}");
    // y is flipped into PDF space: the grid's top (30 mm) is 30 mm below the top edge.
    let top = a.from.1.max(a.to.1);
    assert!((top - (841.890 - mm_to_pt(30.0))).abs() < 0.01, "{a:?}");
    let border = x_of(GRID_X);
    assert!((border.width - mm_to_pt(0.8)).abs() < 0.01, "{border:?}");

    // The outlined grey rectangle (80, 30) 30 × 15 mm: four sides in place.
    let y_pt = |mm: f64| 841.890 - mm_to_pt(mm);
    let near = |a: (f64, f64), x: f64, y: f64| {
        (a.0 - mm_to_pt(x)).abs() < 0.01 && (a.1 - y_pt(y)).abs() < 0.01
    };
    let rect_sides = segments
        .iter()
        .filter(|s| (s.width - mm_to_pt(0.4)).abs() < 0.01)
        .filter(|s| {
            [(80.0, 30.0), (110.0, 30.0), (110.0, 45.0), (80.0, 45.0)]
                .iter()
                .any(|&(x, y)| near(s.from, x, y))
        })
        .count();
    assert_eq!(rect_sides, 4, "{segments:?}");
}

/// Topmost and bottommost inked rows in a box (pixels), if any.
fn ink_rows(r: &Raster, x0: usize, y0: usize, x1: usize, y1: usize) -> Option<(usize, usize)> {
    let rows: Vec<usize> = (y0..y1)
        .filter(|&y| r.ink_pixels_in(x0, y, x1, y + 1, 160) > 0)
        .collect();
    Some((*rows.first()?, *rows.last()?))
}

#[test]
fn thai_text_is_drawn_with_stacked_marks() {
    const DPI: u32 = 200;
    let px = |mm: f64| mm_to_px(mm, DPI) as usize;
    for raster in [
        rasterize_pdf_page(&sample_pdf(), 1, DPI),
        rasterize_svg(&sample_svg(), DPI),
    ] {
        // Text at 8 mm on the 140 mm baseline.
        let (y0, y1) = (px(128.0), px(144.0));
        let greeting = raster.ink_pixels_in(px(20.0), y0, px(70.0), y1, 160);
        assert!(
            greeting > 500,
            "Thai greeting blank: {greeting} inked pixels"
        );
        let stacked = ink_rows(&raster, px(80.0), y0, px(110.0), y1).expect("กิ่ง drawn");
        let vowel_only = ink_rows(&raster, px(120.0), y0, px(150.0), y1).expect("กิ drawn");
        // The tone mark sits above the vowel, so the stack reaches higher.
        assert!(
            stacked.0 + px(0.8) < vowel_only.0,
            "tone mark not stacked: {stacked:?} vs {vowel_only:?}"
        );
        // Both rest on the same baseline.
        assert!(
            stacked.1.abs_diff(vowel_only.1) <= 1,
            "{stacked:?} {vowel_only:?}"
        );
    }
}

#[test]
fn a_document_renders_to_one_pdf_or_one_svg_per_page() {
    let doc = sample_document();
    let pdf_path = std::path::Path::new("sheet.pdf");
    let pdf = backend::render(&doc, Format::from_path(pdf_path).unwrap()).unwrap();
    assert_eq!(pdf, [sample_pdf()]);
    let svgs = backend::render(&doc, Format::Svg).unwrap();
    assert_eq!(svgs.len(), 2);
    let first = String::from_utf8(svgs[0].clone()).unwrap();
    common::parse_svg(&first);
    assert_eq!(first, sample_svg());
    let second = String::from_utf8(svgs[1].clone()).unwrap();
    common::parse_svg(&second);
    assert!(second.contains("Second page"));
}

#[test]
fn a_broken_page_is_named() {
    let broken = Document {
        pages: vec![sample_page(), Page::new(f64::NAN, 297.0)],
        ..sample_document()
    };
    for format in [Format::Pdf, Format::Svg] {
        let err = backend::render(&broken, format).unwrap_err();
        assert!(err.to_string().contains("page 2"), "{err}");
    }
}
