//! Time to make the default game sheet from its template: spec parsing and
//! layout, then each backend, and the whole path to PDF and to SVG.

use criterion::{Criterion, criterion_group, criterion_main};
use paperboard::backend::{pdf, svg};
use paperboard::layout;
use paperboard::spec::Spec;
use std::hint::black_box;

const TEMPLATE: &str = "strategic-functional";

fn bench(c: &mut Criterion) {
    let sheet = layout::layout(&Spec::load(TEMPLATE, &[]).unwrap()).unwrap();
    let doc = sheet.document();
    eprintln!(
        "{TEMPLATE}: PDF {} bytes, SVG {} bytes",
        pdf::render(doc).unwrap().len(),
        svg::render_page(&doc.pages[0], &doc.metadata).len()
    );
    let mut g = c.benchmark_group(TEMPLATE);
    g.bench_function("spec + layout", |b| {
        b.iter(|| layout::layout(&Spec::load(black_box(TEMPLATE), &[]).unwrap()).unwrap())
    });
    g.bench_function("sheet to PDF", |b| {
        b.iter(|| {
            let sheet = layout::layout(&Spec::load(black_box(TEMPLATE), &[]).unwrap()).unwrap();
            pdf::render(sheet.document()).unwrap()
        })
    });
    g.bench_function("sheet to SVG", |b| {
        b.iter(|| {
            let sheet = layout::layout(&Spec::load(black_box(TEMPLATE), &[]).unwrap()).unwrap();
            let doc = sheet.document();
            svg::render_page(&doc.pages[0], &doc.metadata)
        })
    });
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
