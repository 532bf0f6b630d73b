//! Speed of the handwriting readers: one record box or field cell, from
//! grey crop to probabilities (normalisation and network), and the two
//! steps apart. A sheet's reading time is roughly the box count times the
//! per-box figure (an Ultimate record of 81 moves has 162 boxes).

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use paperboard_games::rng::SplitMix64;
use paperboard_sheets::internals::{GreyCrop, digit_net, normalise, read_digit, read_mark};

/// A crop with a dark ring (a written 0 or O) inside printed lines, on
/// slightly noisy paper.
fn crop(width: usize, height: usize) -> Vec<u8> {
    let mut rng = SplitMix64::new(1);
    let (cx, cy) = (width as f64 / 2.0, height as f64 / 2.0);
    let mut pixels = Vec::with_capacity(width * height);
    for y in 0..height {
        for x in 0..width {
            let (u, v) = (
                (x as f64 + 0.5 - cx) / (0.3 * width as f64),
                (y as f64 + 0.5 - cy) / (0.35 * height as f64),
            );
            let ring = ((u.hypot(v) - 1.0).abs() < 0.15) as u8;
            let line = (x < 2 || y < 2 || x + 2 >= width || y + 2 >= height) as u8;
            let dark = if ring + line > 0 { 40 } else { 220 };
            pixels.push(dark + (rng.next_u64() % 16) as u8);
        }
    }
    pixels
}

fn readers(c: &mut Criterion) {
    let boxed = crop(40, 48);
    let cell = crop(32, 32);
    let large = crop(160, 192);
    let mut g = c.benchmark_group("read");
    g.bench_function("digit box 40x48: normalise + network", |b| {
        let crop = GreyCrop::new(40, 48, &boxed).unwrap();
        b.iter(|| black_box(read_digit(black_box(crop))))
    });
    g.bench_function("digit box 40x48: normalise only", |b| {
        let crop = GreyCrop::new(40, 48, &boxed).unwrap();
        b.iter(|| black_box(normalise(black_box(crop))))
    });
    g.bench_function("digit network only", |b| {
        let input = normalise(GreyCrop::new(40, 48, &boxed).unwrap());
        b.iter(|| black_box(digit_net().probabilities(black_box(&input))))
    });
    g.bench_function("digit box 160x192: normalise + network", |b| {
        let crop = GreyCrop::new(160, 192, &large).unwrap();
        b.iter(|| black_box(read_digit(black_box(crop))))
    });
    g.bench_function("field cell 32x32: normalise + network", |b| {
        let crop = GreyCrop::new(32, 32, &cell).unwrap();
        b.iter(|| black_box(read_mark(black_box(crop))))
    });
    g.finish();
}

criterion_group!(benches, readers);
criterion_main!(benches);
