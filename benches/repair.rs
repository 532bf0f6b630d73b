//! How well the repair suggestions find planted slips, and how long they take.
//!
//! The test set: random legal games of every game and ruleset (seeded, so the
//! same every run), one slip of each kind planted in each at a random move;
//! records the slip leaves legal are left out (nothing to suggest). For each
//! game and slip kind the table gives how often the true fix is the first
//! suggestion (top-1) and among the three shown (top-3), and how often the
//! slip left the record legal. Then the time per game of `check` with
//! suggestions for slipped Strategic games (~670 moves), and the window sweep.
//!
//! `cargo bench --bench repair` (release build). Options after `--`:
//! `--games N` slipped illegal games per cell (default 200), `--sweep` also
//! measures window sizes 0, 1, 2, 4, 8, 16.

use std::hint::black_box;
use std::time::{Duration, Instant};

use criterion::Criterion;
use paperboard::check::repair::plant::{
    Planted, Word, plant, rank_of_truth, sos_words, ttt_words, write,
};
use paperboard::check::repair::{RepairLimits, suggest};
use paperboard::check::{Status, check_source};
use paperboard::games::random::{SosStyle, random_sos_game, random_ttt_game};
use paperboard::games::sos::{SosConfig, SosVariant};
use paperboard::games::ttt::{Options, Preset, Ruleset, Variant};
use paperboard::maps::{hmap2, map34};
use paperboard::record::parse;
use paperboard::record::write::tags_text;
use paperboard::rng::SplitMix64;

/// A game and ruleset of the test set.
struct Setting {
    name: &'static str,
    tags: String,
    game: Kind,
    /// The rules the games are played under (the tags say the same).
    options: Options,
}

enum Kind {
    Ttt(Variant),
    Sos(SosConfig),
}

fn settings() -> Vec<Setting> {
    let ttt = |name, tags: &[(&str, &str)], variant| Setting {
        name,
        tags: tags_text(
            &tags
                .iter()
                .map(|&(k, v)| (k, v.to_string()))
                .collect::<Vec<_>>(),
        ),
        game: Kind::Ttt(variant),
        options: Options::preset(Preset::Authors),
    };
    // The same game under the common rules (drawn cells nobody's, decided
    // cells closed): the preset changes where moves may go, so slips show
    // differently.
    let common = |mut setting: Setting| {
        setting.tags.push_str("[Rules \"common\"]\n");
        setting.options = Options::preset(Preset::Common);
        setting
    };
    let sos = SosConfig::new(5, 5, 2, SosVariant::General).expect("a valid board");
    vec![
        ttt("tic-tac-toe", &[("Game", "tictactoe")], Variant::TicTacToe),
        ttt("ultimate", &[("Game", "ultimate")], Variant::Ultimate),
        common(ttt(
            "ultimate, common",
            &[("Game", "ultimate")],
            Variant::Ultimate,
        )),
        ttt(
            "strategic tactical",
            &[("Game", "strategic"), ("Ruleset", "tactical")],
            Variant::Strategic(Ruleset::Tactical),
        ),
        ttt(
            "strategic functional",
            &[("Game", "strategic"), ("Ruleset", "functional")],
            Variant::Strategic(Ruleset::Functional(map34())),
        ),
        common(ttt(
            "strat. functional, common",
            &[("Game", "strategic"), ("Ruleset", "functional")],
            Variant::Strategic(Ruleset::Functional(map34())),
        )),
        ttt(
            "strategic hyperfunct.",
            &[("Game", "strategic"), ("Ruleset", "hyperfunctional")],
            Variant::Strategic(Ruleset::Hyperfunctional(Box::new(hmap2()))),
        ),
        Setting {
            name: "SOS 5x5 general",
            tags: tags_text(&[
                ("Game", "sos".into()),
                ("Size", "5x5".into()),
                ("Players", "Anna, Ben".into()),
            ]),
            game: Kind::Sos(sos),
            options: Options::default(),
        },
    ]
}

impl Setting {
    fn words(&self, rng: &mut SplitMix64) -> Vec<Word> {
        match &self.game {
            Kind::Ttt(v) => ttt_words(&random_ttt_game(v, self.options, rng, None).0),
            Kind::Sos(c) => sos_words(&random_sos_game(*c, SosStyle::Greedy, rng, None).0),
        }
    }

    fn slips(&self) -> &'static [Planted] {
        match self.game {
            Kind::Ttt(_) => &Planted::TTT,
            Kind::Sos(_) => &Planted::SOS,
        }
    }
}

/// One slipped illegal record and its truth.
struct Case {
    truth: String,
    slipped: String,
}

/// `games` slipped records of `kind` that are illegal, and how many slips
/// were planted to get them.
fn cases(setting: &Setting, kind: Planted, games: usize, seed: u64) -> (Vec<Case>, usize) {
    let mut rng = SplitMix64::new(seed);
    let mut out = Vec::new();
    let mut planted = 0;
    for _ in 0..games * 20 {
        if out.len() == games {
            break;
        }
        let words = setting.words(&mut rng);
        let Some(slipped) = plant(&words, kind, &mut rng) else {
            continue;
        };
        planted += 1;
        let slipped = write(&setting.tags, &slipped);
        let f = check_source("slipped.txt", slipped.as_bytes(), None);
        if f.games
            .first()
            .is_some_and(|g| g.report.status == Status::Illegal)
        {
            out.push(Case {
                truth: write(&setting.tags, &words),
                slipped,
            });
        }
    }
    (out, planted)
}

/// Top-1 and top-3 hits, and games without any suggestion, over `cases`.
fn recovery(cases: &[Case], limits: &RepairLimits) -> (usize, usize, usize) {
    let (mut top1, mut top3, mut none) = (0, 0, 0);
    for c in cases {
        let games = parse(&c.slipped).expect("written records parse");
        let record = &games[0];
        let findings = suggest(record, limits);
        let Some(first) = findings.first() else {
            none += 1;
            continue;
        };
        match rank_of_truth(&c.truth, &c.slipped, &first.suggestions) {
            Some(0) => {
                top1 += 1;
                top3 += 1;
            }
            Some(_) => top3 += 1,
            None => {}
        }
    }
    (top1, top3, none)
}

fn pct(n: usize, of: usize) -> f64 {
    if of == 0 {
        0.0
    } else {
        100.0 * n as f64 / of as f64
    }
}

fn arg_value(args: &[String], name: &str) -> Option<usize> {
    let at = args.iter().position(|a| a == name)?;
    args.get(at + 1)?.parse().ok()
}

fn table(games: usize) {
    println!(
        "{:<26} {:<17} {:>6} {:>7} {:>7} {:>7} {:>10}",
        "game", "slip", "games", "top-1", "top-3", "none", "invisible"
    );
    let limits = RepairLimits::default();
    let mut totals = std::collections::BTreeMap::<&str, (usize, usize, usize)>::new();
    for (s, setting) in settings().iter().enumerate() {
        for (k, &kind) in setting.slips().iter().enumerate() {
            let (cases, planted) = cases(setting, kind, games, 1000 * s as u64 + k as u64);
            if planted == 0 {
                continue;
            }
            let (top1, top3, none) = recovery(&cases, &limits);
            let n = cases.len();
            let t = totals.entry(kind.name()).or_default();
            *t = (t.0 + n, t.1 + top1, t.2 + top3);
            println!(
                "{:<26} {:<17} {:>6} {:>6.1}% {:>6.1}% {:>6.1}% {:>9.1}%",
                setting.name,
                kind.name(),
                n,
                pct(top1, n),
                pct(top3, n),
                pct(none, n),
                pct(planted - n, planted)
            );
        }
    }
    println!();
    for (kind, (n, top1, top3)) in totals {
        println!(
            "{:<26} {:<17} {:>6} {:>6.1}% {:>6.1}%",
            "all games",
            kind,
            n,
            pct(top1, n),
            pct(top3, n)
        );
    }
}

/// The Strategic setting the timings use: functional map34, authors' rules.
fn strategic_functional() -> Setting {
    settings()
        .into_iter()
        .find(|s| s.name == "strategic functional")
        .expect("the test set has it")
}

/// Time of `check` with suggestions per slipped Strategic game.
fn timing(games: usize) {
    let setting = &strategic_functional();
    let mut times: Vec<Duration> = Vec::new();
    let mut moves = 0;
    for (k, &kind) in setting.slips().iter().enumerate() {
        let (cases, _) = cases(setting, kind, games / 4, 77 + k as u64);
        for c in &cases {
            let record = parse(&c.slipped).expect("parses").remove(0);
            moves += record.moves.len();
            // The whole check of the file: parse, replay, report, suggestions.
            let start = Instant::now();
            let checked = check_source("slipped.txt", c.slipped.as_bytes(), None);
            times.push(start.elapsed());
            assert_eq!(checked.games[0].report.status, Status::Illegal);
        }
    }
    times.sort();
    let n = times.len().max(1);
    let total: Duration = times.iter().sum();
    println!(
        "\ncheck with suggestions, slipped {} games (mean {} moves), {} games: mean {:.2} ms, median {:.2} ms, 95th percentile {:.2} ms, max {:.2} ms",
        setting.name,
        moves / n,
        times.len(),
        total.as_secs_f64() * 1e3 / n as f64,
        times[n / 2].as_secs_f64() * 1e3,
        times[n * 95 / 100].as_secs_f64() * 1e3,
        times[n - 1].as_secs_f64() * 1e3,
    );
}

/// Top-3 over every game and slip, and Strategic time, per window size.
fn sweep(games: usize) {
    println!("\nwindow  top-1   top-3   strategic ms/game");
    let all: Vec<(bool, Vec<Case>)> = settings()
        .iter()
        .enumerate()
        .flat_map(|(s, setting)| {
            let timed = setting.name == "strategic functional";
            setting.slips().iter().enumerate().map(move |(k, &kind)| {
                (
                    timed,
                    cases(setting, kind, games, 500 + 10 * s as u64 + k as u64).0,
                )
            })
        })
        .collect();
    for window in [0, 1, 2, 4, 8, 16] {
        let limits = RepairLimits {
            window,
            ..RepairLimits::default()
        };
        let (mut n, mut top1, mut top3) = (0, 0, 0);
        let mut strategic = (Duration::ZERO, 0);
        for (timed, cases) in &all {
            let start = Instant::now();
            let (t1, t3, _) = recovery(cases, &limits);
            if *timed {
                strategic = (strategic.0 + start.elapsed(), strategic.1 + cases.len());
            }
            n += cases.len();
            top1 += t1;
            top3 += t3;
        }
        println!(
            "{window:>6} {:>6.1}% {:>6.1}% {:>10.2}",
            pct(top1, n),
            pct(top3, n),
            strategic.0.as_secs_f64() * 1e3 / strategic.1.max(1) as f64
        );
    }
}

/// Criterion: `check` of one slipped Strategic game (one digit changed
/// halfway through) with and without its suggestions.
fn criterion_time() {
    let setting = &strategic_functional();
    let (cases, _) = cases(setting, Planted::OneDigit, 1, 670);
    let slipped = &cases[0].slipped;
    let record = parse(slipped).expect("parses").remove(0);
    let moves = record.moves.len();
    let mut c = Criterion::default().sample_size(30).without_plots();
    let mut g = c.benchmark_group("repair");
    g.bench_function(
        format!("check slipped strategic game ({moves} moves) with suggestions"),
        |b| b.iter(|| check_source("slipped.txt", black_box(slipped.as_bytes()), None)),
    );
    g.bench_function(format!("suggestions alone ({moves} moves)"), |b| {
        b.iter(|| suggest(black_box(&record), &RepairLimits::default()))
    });
    g.finish();
    c.final_summary();
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let games = arg_value(&args, "--games").unwrap_or(200);
    table(games);
    timing(games);
    criterion_time();
    if args.iter().any(|a| a == "--sweep") {
        sweep(games / 2);
    }
}
