//! A classroom handout for 30 students: the rules page, 30 SOS game sheets
//! and a worksheet of 6 exercises with its answer key (33 pages), built and
//! written as PDF.
//!
//! `cargo bench --bench handout` prints the time to build the handout and to
//! render it, and once the PDF's size for 1 and for 30 copies: the size grows
//! by a content stream per sheet, not by a font per sheet (the fonts are
//! embedded once, subset to the glyphs used).

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use paperboard_sheets::backend::pdf;
use paperboard_sheets::handout::{build, spec::parse};

fn spec(copies: u32) -> paperboard_sheets::handout::spec::HandoutSpec {
    parse(
        "bench.toml",
        &format!(
            "[handout]\ngame = \"sos\"\nlanguage = \"en\"\ncopies = {copies}\n\
             [worksheet]\nexercises = 6\nseed = 1\n"
        ),
    )
    .expect("bench spec parses")
}

fn handout(c: &mut Criterion) {
    let thirty = spec(30);
    let doc = build(&thirty).expect("handout builds").document;
    let size_30 = pdf::render(&doc).expect("renders").len();
    let size_1 = pdf::render(&build(&spec(1)).expect("builds").document)
        .expect("renders")
        .len();
    eprintln!(
        "handout: {} pages, {size_30} bytes with 30 copies, {size_1} bytes with 1 copy, \
         {:.0} bytes per extra sheet",
        doc.pages.len(),
        (size_30 - size_1) as f64 / 29.0
    );
    c.bench_function("handout 30 copies: build", |b| {
        b.iter(|| build(black_box(&thirty)).expect("builds"))
    });
    c.bench_function("handout 30 copies: build and render PDF", |b| {
        b.iter(|| pdf::render(&build(black_box(&thirty)).expect("builds").document))
    });
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(10);
    targets = handout
}
criterion_main!(benches);
