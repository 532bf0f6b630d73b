//! Backend speed on a synthetic dense sheet: a 27×27 strategic-style grid
//! with three line weights, 729 small grey cell numbers, row numbers and a
//! title — about what the hyperfunctional game sheet draws.
//!
//! The built-in game sheets are timed too, backend only (their layout is done
//! once, outside the timing).
//!
//! `cargo bench --bench backends` prints the time per page for each format
//! and, once, the size of each output.

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use paperboard_sheets::backend::{pdf, svg};
use paperboard_sheets::display::{
    Anchor, Color, Document, FontWeight, Metadata, Page, Point, Stroke, Text,
};
use paperboard_sheets::internals::{baseline_centred_on, text_width};

const CELL: f64 = 6.0;
const GAP: f64 = 4.0;

fn text(x: f64, y: f64, size: f64, color: Color, content: String) -> Text {
    Text {
        pos: Point::new(x, y),
        size,
        anchor: Anchor::Middle,
        weight: FontWeight::Regular,
        color,
        content,
    }
}

/// Lines, cell numbers and labels of a 3×3 field of 9×9-cell blocks.
fn dense_page() -> Document {
    let mut page = Page::new(210.0, 297.0);
    let (left, top) = (12.0, 20.0);
    let block = 9.0 * CELL;
    let weights = [Stroke::solid(0.15), Stroke::solid(0.35), Stroke::solid(0.7)];
    for by in 0..3 {
        for bx in 0..3 {
            let x0 = left + bx as f64 * (block + GAP + CELL);
            let y0 = top + by as f64 * (block + GAP);
            for i in 0..=9 {
                let weight = match i {
                    0 | 9 => &weights[2],
                    3 | 6 => &weights[1],
                    _ => &weights[0],
                };
                let d = i as f64 * CELL;
                page.line(
                    Point::new(x0 + d, y0),
                    Point::new(x0 + d, y0 + block),
                    *weight,
                );
                page.line(
                    Point::new(x0, y0 + d),
                    Point::new(x0 + block, y0 + d),
                    *weight,
                );
            }
            for row in 0..9 {
                let cy = y0 + (row as f64 + 0.5) * CELL;
                page.text(text(
                    x0 - CELL / 2.0,
                    baseline_centred_on(cy, 3.5),
                    3.5,
                    Color::BLACK,
                    ((row * 7 + bx) % 9 + 1).to_string(),
                ));
                for col in 0..9 {
                    let cx = x0 + (col as f64 + 0.5) * CELL;
                    page.text(text(
                        cx,
                        baseline_centred_on(cy, 2.0),
                        2.0,
                        Color::grey(150),
                        ((row * 9 + col * 4 + by) % 9 + 1).to_string(),
                    ));
                }
            }
        }
    }
    page.text(Text {
        weight: FontWeight::Bold,
        ..text(
            105.0,
            12.0,
            6.0,
            Color::BLACK,
            "Strategic Tic-Tac-Toe".into(),
        )
    });
    page.text(text(
        105.0,
        290.0,
        3.0,
        Color::BLACK,
        "map34 : hmap2".into(),
    ));
    Document {
        metadata: Metadata {
            title: "Dense sheet".into(),
            creator: "paperboard bench".into(),
            subject: None,
        },
        pages: vec![page],
    }
}

fn backends(c: &mut Criterion) {
    let doc = dense_page();
    let pdf_bytes = pdf::render(&doc).expect("renders");
    let svg_text = svg::render_page(&doc.pages[0], &doc.metadata);
    eprintln!(
        "dense page: {} items; PDF {} bytes; SVG {} bytes",
        doc.pages[0].items.len(),
        pdf_bytes.len(),
        svg_text.len()
    );
    c.bench_function("pdf dense page", |b| {
        b.iter(|| pdf::render(black_box(&doc)).expect("renders"))
    });
    c.bench_function("svg dense page", |b| {
        b.iter(|| svg::render_page(black_box(&doc.pages[0]), &doc.metadata))
    });
    for template in ["strategic-functional", "strategic-hyperfunctional"] {
        let spec = paperboard_sheets::spec::Spec::template(
            paperboard_sheets::Template::from_name(template).expect("a template"),
            &[],
        )
        .expect("built-in template");
        let sheet = paperboard_sheets::layout::layout(&spec)
            .expect("template lays out")
            .into_parts()
            .0;
        eprintln!(
            "{template}: {} items; PDF {} bytes; SVG {} bytes",
            sheet.pages[0].items.len(),
            pdf::render(&sheet).expect("renders").len(),
            svg::render_page(&sheet.pages[0], &sheet.metadata).len()
        );
        c.bench_function(&format!("pdf {template}"), |b| {
            b.iter(|| pdf::render(black_box(&sheet)).expect("renders"))
        });
        c.bench_function(&format!("svg {template}"), |b| {
            b.iter(|| svg::render_page(black_box(&sheet.pages[0]), &sheet.metadata))
        });
    }
    c.bench_function("measure 800 labels", |b| {
        b.iter(|| {
            (0..800)
                .map(|i| {
                    text_width(
                        black_box(&((i % 99) + 1).to_string()),
                        FontWeight::Regular,
                        3.0,
                    )
                })
                .sum::<f64>()
        })
    });
}

criterion_group!(benches, backends);
criterion_main!(benches);
