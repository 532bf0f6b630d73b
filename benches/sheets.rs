//! Time to make the default game sheet from its template: spec parsing and
//! layout, then each backend, and the whole path to PDF and to SVG; and the
//! whole `paperboard render` process, start-up included, as a user runs it.
//!
//! `cargo bench --bench sheets` prints the whole process first: the median
//! wall time of 100 runs of `paperboard render strategic-functional -o
//! FILE`, and their CPU time (user + system, the kernel's accounting of the
//! finished children, averaged over the runs), with the PDF's size; then
//! the PDF's and SVG's sizes made in-process, and criterion's figures.

use criterion::Criterion;
use paperboard_sheets::backend::{pdf, svg};
use paperboard_sheets::layout;
use paperboard_sheets::spec::{Spec, Template};
use std::hint::black_box;
use std::process::Command;
use std::time::{Duration, Instant};

mod common;

const TEMPLATE: &str = "strategic-functional";

/// CPU seconds (user + system) of this process's waited-for children.
fn children_cpu() -> f64 {
    common::cpu_seconds("/proc/self/stat", true)
}

/// Runs `paperboard render TEMPLATE -o FILE` `runs` times (after two runs
/// not counted) and prints the median wall time and the CPU time per run.
fn whole_process(runs: usize) {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let out = dir.path().join("sheet.pdf");
    let run = || {
        let status = Command::new(env!("CARGO_BIN_EXE_paperboard"))
            .args(["render", TEMPLATE, "-o"])
            .arg(&out)
            .status()
            .expect("paperboard runs");
        assert!(status.success(), "paperboard render failed");
    };
    run();
    run();
    let cpu_before = children_cpu();
    let mut walls: Vec<Duration> = (0..runs)
        .map(|_| {
            let started = Instant::now();
            run();
            started.elapsed()
        })
        .collect();
    let cpu = children_cpu() - cpu_before;
    walls.sort_unstable();
    let bytes = std::fs::metadata(&out).map_or(0, |m| m.len());
    println!(
        "whole process, `paperboard render {TEMPLATE} -o sheet.pdf` ({bytes} bytes), {runs} runs: \
         wall median {:.2} ms (min {:.2}, max {:.2}); CPU {:.2} ms per run",
        walls[runs / 2].as_secs_f64() * 1000.0,
        walls[0].as_secs_f64() * 1000.0,
        walls[runs - 1].as_secs_f64() * 1000.0,
        cpu * 1000.0 / runs as f64
    );
}

fn bench(c: &mut Criterion) {
    let sheet =
        layout::layout(&Spec::template(Template::from_name(TEMPLATE).unwrap(), &[]).unwrap())
            .unwrap();
    let doc = sheet.document();
    println!(
        "{TEMPLATE}: PDF {} bytes, SVG {} bytes",
        pdf::render(doc).unwrap().len(),
        svg::render_page(&doc.pages[0], &doc.metadata).len()
    );
    let mut g = c.benchmark_group(TEMPLATE);
    g.bench_function("spec + layout", |b| {
        b.iter(|| {
            layout::layout(
                &Spec::template(Template::from_name(black_box(TEMPLATE)).unwrap(), &[]).unwrap(),
            )
            .unwrap()
        })
    });
    g.bench_function("sheet to PDF", |b| {
        b.iter(|| {
            let sheet = layout::layout(
                &Spec::template(Template::from_name(black_box(TEMPLATE)).unwrap(), &[]).unwrap(),
            )
            .unwrap();
            pdf::render(sheet.document()).unwrap()
        })
    });
    g.bench_function("sheet to SVG", |b| {
        b.iter(|| {
            let sheet = layout::layout(
                &Spec::template(Template::from_name(black_box(TEMPLATE)).unwrap(), &[]).unwrap(),
            )
            .unwrap();
            let doc = sheet.document();
            svg::render_page(&doc.pages[0], &doc.metadata)
        })
    });
    g.finish();
}

fn main() {
    // `cargo test --benches` runs this without `--bench`: one run will do.
    let measuring = std::env::args().any(|a| a == "--bench");
    whole_process(if measuring { 100 } else { 1 });
    let mut c = Criterion::default().configure_from_args();
    bench(&mut c);
    c.final_summary();
}
