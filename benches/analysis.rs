//! Speed of the transition analysis: the whole `analyze --all` table, one
//! functional map by bit-set BFS (maps per second = 1 / time per map), and a
//! search run.

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use paperboard_games::analysis::analyze_all;
use paperboard_games::analysis::search::{Constraints, Objective, SearchParams, Space, search};
use paperboard_games::internals::band_figures;
use paperboard_games::maps::{FunctionalMap, family};
use std::hint::black_box;

fn bench(c: &mut Criterion) {
    c.bench_function("analyze --all", |b| b.iter(|| black_box(analyze_all())));

    let maps: Vec<FunctionalMap> = family().into_iter().map(|m| m.map).collect();
    let mut g = c.benchmark_group("functional maps");
    g.throughput(Throughput::Elements(maps.len() as u64));
    g.bench_function("evaluate 64 family maps", |b| {
        b.iter(|| {
            for m in &maps {
                black_box(band_figures(black_box(m)));
            }
        })
    });
    g.throughput(Throughput::Elements(100_000));
    g.bench_function("search 100k evaluations", |b| {
        b.iter(|| {
            search(&SearchParams {
                space: Space::Free,
                objective: Objective::MaxMean,
                constraints: Constraints {
                    return_distance: Some(3),
                    max_largest: None,
                },
                seed: 1,
                evaluations: 100_000,
                time_limit: None,
                keep: 5,
            })
        })
    });
    g.finish();
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(10);
    targets = bench
}
criterion_main!(benches);
