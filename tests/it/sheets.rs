//! The Strategic Tic-Tac-Toe sheets end to end: every template rendered to
//! PDF and SVG, read back (lopdf, pdftotext, rasterised) and compared.

use crate::common;

use common::*;
use paperboard_games::maps;
use paperboard_sheets::backend::{pdf, svg};
use paperboard_sheets::spec::Template;

fn pdf_of(name: &str) -> Vec<u8> {
    pdf::render(&layout(name).1).unwrap()
}

fn svg_of(name: &str) -> String {
    let (_, doc) = layout(name);
    let text = svg::render_page(&doc.pages[0], &doc.metadata);
    parse_svg(&text);
    text
}

#[test]
fn every_template_is_one_exact_a4_page_with_embedded_subset_fonts() {
    for &t in Template::ALL {
        let bytes = pdf_of(t.name());
        assert_eq!(page_count(&bytes), 1, "{}", t.name());
        let mb = media_box(&bytes, 1);
        let want = [0.0, 0.0, 595.276, 841.890];
        for (got, want) in mb.iter().zip(want) {
            assert!((got - want).abs() < 0.01, "{}: MediaBox {mb:?}", t.name());
        }
        assert_fonts_embedded_and_subset(&bytes);
        let title = info_string(&bytes, "Title").unwrap_or_default();
        let want = if t.name().starts_with("strategic") {
            "Strategic tic-tac-toe"
        } else {
            &layout(t.name()).1.metadata.title
        };
        assert!(
            !want.is_empty() && title.starts_with(want),
            "{}: {title}",
            t.name()
        );
    }
}

/// Whitespace-separated tokens of a line.
fn tokens(line: &str) -> Vec<&str> {
    line.split_whitespace().collect()
}

#[test]
fn functional_sheet_text_has_the_map34_row_numbers_and_all_st_labels() {
    let text = pdftotext_layout(&pdf_of("strategic-functional"));
    let lines: Vec<&str> = text.lines().collect();
    // Row lines of the field: three single-digit row numbers, one per strategic
    // column (the side labels are two digits).
    let row_lines: Vec<usize> = (0..lines.len())
        .filter(|&i| tokens(lines[i]).iter().filter(|t| t.len() == 1).count() == 3)
        .filter(|&i| {
            tokens(lines[i])
                .iter()
                .all(|t| t.chars().all(|c| c.is_ascii_digit()))
        })
        .collect();
    assert_eq!(row_lines.len(), 27, "{text}");
    let map = maps::map34();
    for (k, &i) in row_lines.iter().enumerate() {
        let (band, row) = (k / 9, k % 9);
        let numbers: Vec<&str> = tokens(lines[i])
            .into_iter()
            .filter(|t| t.len() == 1)
            .collect();
        for (col, got) in numbers.iter().enumerate() {
            let s = (3 * band + col + 1) as u8;
            assert_eq!(
                *got,
                map.column_for(s)[row].to_string(),
                "strategic cell {s}, row {}: {}",
                row + 1,
                lines[i]
            );
        }
    }
    // The field ends with the bottom labels, on the first line after the last row.
    let last_row = *row_lines.last().unwrap();
    let field_end = (last_row + 1..lines.len())
        .find(|&i| !lines[i].trim().is_empty())
        .unwrap();
    let field_tokens: Vec<&str> = lines[..=field_end]
        .iter()
        .flat_map(|l| tokens(l))
        .filter(|t| t.len() == 2 && t.chars().all(|c| c.is_ascii_digit()))
        .collect();
    // Every tactical cell with an outer side; the centre one is S5 by its place.
    for s in 1..=9 {
        for t in 1..=9 {
            let label = format!("{s}{t}");
            let n = field_tokens.iter().filter(|&&x| x == label).count();
            let want = usize::from(t != 5);
            assert_eq!(n, want, "label {label} appears {n} times in the field");
        }
    }
}

#[test]
fn hyperfunctional_sheet_prints_hmap2_and_names_both_maps() {
    let text = pdftotext_layout(&pdf_of("strategic-hyperfunctional"));
    assert!(text.contains("map34 : hmap2"), "{text}");
    let digits = text
        .split_whitespace()
        .filter(|t| t.len() == 1 && t.chars().all(|c| c.is_ascii_digit()))
        .count();
    // 729 per-cell numbers and 81 row numbers, plus records 1..9.
    assert!(digits >= 729 + 81, "only {digits} single digits");
}

/// The raster averaged over `k`×`k` blocks. Poppler snaps hairlines to whole
/// black pixels where resvg spreads them over two grey ones; averaging over
/// half a millimetre compares what the eye sees, and a missing or shifted
/// line still changes its blocks by far more than the tolerance.
fn block_means(r: &Raster, k: usize) -> Raster {
    let (w, h) = (r.width / k, r.height / k);
    let mut rgb = Vec::with_capacity(w * h * 3);
    for by in 0..h {
        for bx in 0..w {
            for c in 0..3 {
                let mut sum = 0usize;
                for y in 0..k {
                    for x in 0..k {
                        sum += usize::from(r.pixel(bx * k + x, by * k + y)[c]);
                    }
                }
                rgb.push((sum / (k * k)) as u8);
            }
        }
    }
    Raster {
        width: w,
        height: h,
        rgb,
    }
}

#[test]
fn svg_and_pdf_of_every_template_show_the_same_picture() {
    const DPI: u32 = 150;
    const BLOCK: usize = 3;
    for &t in Template::ALL {
        let from_pdf = rasterize_pdf_page(&pdf_of(t.name()), 1, DPI);
        let from_svg = rasterize_svg(&svg_of(t.name()), DPI);
        // Pixel by pixel, allowing for the two renderers' edge shading.
        let raw = compare_rasters(&from_pdf, &from_svg, 128);
        // Over half-millimetre blocks, strictly.
        let blocks = compare_rasters(
            &block_means(&from_pdf, BLOCK),
            &block_means(&from_svg, BLOCK),
            48,
        );
        eprintln!(
            "{}: {:.4} of pixels differ; in blocks {:.4} of pixels, {:.4} of ink",
            t.name(),
            raw.fraction(),
            blocks.fraction(),
            blocks.fraction_of_ink()
        );
        assert!(raw.ink > 10_000, "{}: nothing drawn?", t.name());
        assert!(raw.fraction() < 0.01, "{}: {raw:?}", t.name());
        assert!(blocks.fraction() < 0.01, "{}: {blocks:?}", t.name());
        assert!(blocks.fraction_of_ink() < 0.05, "{}: {blocks:?}", t.name());
    }
}

#[test]
fn two_renders_are_byte_identical() {
    for &t in Template::ALL {
        assert!(
            pdf_of(t.name()) == pdf_of(t.name()),
            "{} PDF differs",
            t.name()
        );
        assert!(
            svg_of(t.name()) == svg_of(t.name()),
            "{} SVG differs",
            t.name()
        );
    }
}

/// The tags of a TrueType font program's tables.
fn table_tags(font: &[u8]) -> Vec<String> {
    let count = usize::from(u16::from_be_bytes([font[4], font[5]]));
    (0..count)
        .map(|i| String::from_utf8_lossy(&font[12 + 16 * i..16 + 16 * i]).into_owned())
        .collect()
}

/// What the PDF of every template leaves out, as the bytes of a sheet go:
/// font subsets without hinting programs or glyph instructions, no XMP
/// copy of the metadata, and numbers in the content stream with at most
/// three decimals. The text still reads back and the fonts stay embedded
/// (the tests above).
#[test]
fn sheet_pdfs_carry_no_hinting_no_xmp_and_short_numbers() {
    for &t in Template::ALL {
        let bytes = pdf_of(t.name());
        let doc = load_pdf(&bytes);
        let catalog = doc.catalog().unwrap();
        assert!(!catalog.has(b"Metadata"), "{}: XMP metadata", t.name());
        let mut programs = 0;
        for obj in doc.objects.values() {
            let Ok(desc) = obj.as_dict() else { continue };
            let Ok(file) = desc.get(b"FontFile2") else {
                continue;
            };
            let (_, file) = doc.dereference(file).unwrap();
            let font = file.as_stream().unwrap().decompressed_content().unwrap();
            let tags = table_tags(&font);
            assert!(tags.contains(&"glyf".to_string()), "{}: {tags:?}", t.name());
            for hinting in ["fpgm", "prep", "cvt "] {
                assert!(
                    !tags.contains(&hinting.to_string()),
                    "{}: {tags:?}",
                    t.name()
                );
            }
            programs += 1;
        }
        assert!(programs >= 1, "{}: no TrueType font program", t.name());
        let page = doc.page_iter().next().unwrap();
        let content = doc.get_page_content(page);
        // String literals (glyph codes) left out, escapes and all.
        let mut outside = String::new();
        let (mut depth, mut escaped) = (0, false);
        for c in String::from_utf8_lossy(&content).chars() {
            if depth == 0 {
                if c == '(' {
                    depth = 1;
                    outside.push(' ');
                } else {
                    outside.push(c);
                }
            } else if escaped {
                escaped = false;
            } else if c == '\\' {
                escaped = true;
            } else if c == '(' {
                depth += 1;
            } else if c == ')' {
                depth -= 1;
            }
        }
        let content = outside;
        // Operands gather until their operator; a colour's (g, rg) are
        // the colour's own fractions and a TJ's the PDF library's glyph
        // spacing, the rest are lengths.
        let mut operands: Vec<&str> = Vec::new();
        let mut lengths = 0;
        let tokens = content
            .split(|c: char| c.is_whitespace() || "[]".contains(c))
            .filter(|t| !t.is_empty());
        for token in tokens {
            if token.parse::<f64>().is_ok() {
                operands.push(token);
                continue;
            }
            // A frame's transform (`cm`) is krilla's product of the page's
            // and the frame's, in its shortest form: a lattice's unit, or a
            // translation the `f32` cannot hold to three decimals.
            if !["g", "G", "rg", "RG", "TJ", "cm"].contains(&token) {
                for number in &operands {
                    let decimals = number.split_once('.').map_or(0, |(_, d)| d.len());
                    assert!(decimals <= 3, "{}: {number} {token}", t.name());
                    lengths += 1;
                }
            }
            operands.clear();
        }
        assert!(lengths > 100, "{}: {lengths} numbers", t.name());
    }
}

/// A continuous record holds no more moves than a game can have (a move
/// per cell: 729 on a Strategic field): the record-only page stops at the
/// row that holds move 729, numbered on from any start, with no note of
/// moves after it.
#[test]
fn a_continuous_record_stops_at_the_last_move_a_game_can_have() {
    use paperboard_sheets::spec::{Set, Spec};
    for start in [1, 301, 700] {
        let set: Set = format!("continuous.start={start}").parse().unwrap();
        let spec = Spec::template(
            Template::from_name("strategic-continuous-record").unwrap(),
            &[set],
        )
        .unwrap();
        let sheet = paperboard_sheets::layout::layout(&spec).unwrap();
        let geometry = paperboard_sheets::layout::geometry(&sheet);
        let plies: Vec<u32> = geometry
            .parts
            .iter()
            .filter(|p| p.kind == "continuous-record")
            .flat_map(|p| p.boxes.iter().map(|b| b.ply))
            .collect();
        let (first, last) = (plies.iter().min().unwrap(), plies.iter().max().unwrap());
        assert_eq!(*first, start, "start {start}");
        // Whole rows: the last row holds move 729, and no row after it.
        assert!(
            (729..729 + 40).contains(last),
            "start {start}: moves {first} to {last}"
        );
        let text = common::page_text(&sheet.document().pages[0]);
        assert!(!text.contains("More moves"), "start {start}: {text}");
    }
}
