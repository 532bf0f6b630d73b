//! Speed of checking games: random strategic games (functional, map34) and SOS
//! 8×8 games replayed through the engine alone and through the whole checker
//! (parse + replay + report). Throughput is in moves; games per second is the
//! game count in the benchmark name divided by the time per iteration.

use std::hint::black_box;

use criterion::measurement::WallTime;
use criterion::{BenchmarkGroup, Criterion, Throughput, criterion_group, criterion_main};
use paperboard_games::GameSetup;
use paperboard_games::check::check_source;
use paperboard_games::games::random::{SosStyle, random_sos_game, random_ttt_game};
use paperboard_games::games::sos::{SosConfig, SosGame, SosVariant};
use paperboard_games::games::ttt::{Options, Ruleset};
use paperboard_games::internals::{sos_moves_text, ttt_moves_text};
use paperboard_games::maps::map34;
use paperboard_games::record::write::tags_text;
use paperboard_games::rng::SplitMix64;

const GAMES: usize = 200;

fn strategic(c: &mut Criterion) {
    let setup = GameSetup::strategic(Ruleset::Functional(map34()), None, Options::default());
    let fresh = setup.ttt_game().expect("a tic-tac-toe family game");
    let mut rng = SplitMix64::new(34);
    let games: Vec<_> = (0..GAMES)
        .map(|_| random_ttt_game(fresh.clone(), &mut rng, None).0)
        .collect();
    let moves: usize = games.iter().map(Vec::len).sum();
    let tags = tags_text(&[
        ("Game", "strategic".into()),
        ("Ruleset", "functional".into()),
        ("Map", "map34".into()),
    ]);
    let record: String = games
        .iter()
        .map(|g| format!("{tags}\n{}\n", ttt_moves_text(g)))
        .collect();

    let mut g = c.benchmark_group("check strategic map34");
    g.throughput(Throughput::Elements(moves as u64));
    g.bench_function(format!("engine replay, {GAMES} games"), |b| {
        b.iter(|| {
            for moves in &games {
                let mut game = fresh.clone();
                for &mv in moves {
                    game.play(black_box(mv)).expect("legal");
                }
                black_box(game.outcome());
            }
        })
    });
    bench_check_records(&mut g, &record);
    g.finish();
}

fn sos(c: &mut Criterion) {
    let config = SosConfig::new(8, 8, 2, SosVariant::General).expect("valid");
    let mut rng = SplitMix64::new(8);
    let games: Vec<_> = (0..GAMES)
        .map(|_| random_sos_game(config, SosStyle::Random, &mut rng, None).0)
        .collect();
    let moves: usize = games.iter().map(Vec::len).sum();
    let tags = tags_text(&[("Game", "sos".into()), ("Size", "8x8".into())]);
    let record: String = games
        .iter()
        .map(|g| format!("{tags}\n{}\n", sos_moves_text(g)))
        .collect();

    let mut g = c.benchmark_group("check SOS 8x8");
    g.throughput(Throughput::Elements(moves as u64));
    g.bench_function(format!("engine replay, {GAMES} games"), |b| {
        b.iter(|| {
            for moves in &games {
                let mut game = SosGame::new(config);
                for &(_, mv) in moves {
                    game.play(black_box(mv)).expect("legal");
                }
                black_box(game.outcome());
            }
        })
    });
    bench_check_records(&mut g, &record);
    g.finish();
}

/// The whole checker (parse, replay, report) over one record file of `GAMES` games.
fn bench_check_records(g: &mut BenchmarkGroup<'_, WallTime>, record: &str) {
    g.bench_function(format!("check records, {GAMES} games"), |b| {
        b.iter(|| {
            let f = check_source("bench.txt", black_box(record.as_bytes()), None);
            assert_eq!(f.games.len(), GAMES);
            black_box(f)
        })
    });
}

criterion_group!(benches, strategic, sos);
criterion_main!(benches);
