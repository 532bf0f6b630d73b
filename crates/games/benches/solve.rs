//! The short-win solver: nodes a second, and the time to a proof at 5 and
//! 7 plies (median and 95th percentile) on positions from random games —
//! Ultimate midgames and Strategic (functional, map34) positions, under
//! both presets — and the time to annotate whole Ultimate games at 5 plies.
//!
//! Each position is solved cold (a fresh table, as `solve` does) five
//! times and the least time kept; the table gives median, 95th percentile and the nodes a
//! second over all. Then criterion times a few of them for its own
//! statistics.
//!
//! A last set holds Ultimate positions (common rules) where the side to
//! move forces a win within 7 plies — the first such moment of random
//! games — so "time to a proof" is timed on proofs, not only refutations.
//! `--ultimattt FILE` writes those positions and the common midgames as
//! move lines in nelhage/ultimattt's notation (board and square `a`..`i`),
//! with this solver's answer and time, for running that solver on the same
//! positions (docs/solve.md, "Measured").
//!
//! `cargo bench -p paperboard-games --bench solve` (release build). Options
//! after `--`: `--positions N` per setting (default 100), `--seed S` another
//! set of positions, `--table-only` skips criterion, `--ultimattt FILE`.

use std::hint::black_box;
use std::time::{Duration, Instant};

use criterion::Criterion;
use paperboard_games::GameSetup;
use paperboard_games::games::random::random_ttt_game;
use paperboard_games::games::ttt::{Game, Move, Options, Preset, Ruleset};
use paperboard_games::maps::map34;
use paperboard_games::rng::SplitMix64;
use paperboard_games::solve::{Budget, annotate, solve};

struct Setting {
    name: &'static str,
    /// The game and its rules.
    setup: GameSetup,
    /// Where in the game a position is taken, as a share of its moves.
    at: (f64, f64),
}

fn settings() -> Vec<Setting> {
    let mut out = Vec::new();
    for (preset, word) in [(Preset::Authors, "authors"), (Preset::Common, "common")] {
        let options = Options::preset(preset);
        out.push(Setting {
            name: if word == "authors" {
                "ultimate midgame, authors"
            } else {
                "ultimate midgame, common"
            },
            setup: GameSetup::ultimate(options),
            at: (0.35, 0.65),
        });
        out.push(Setting {
            name: if word == "authors" {
                "strategic map34, authors"
            } else {
                "strategic map34, common"
            },
            setup: GameSetup::strategic(Ruleset::Functional(map34()), None, options),
            at: (0.35, 0.9),
        });
    }
    out
}

/// `n` unfinished positions of random games of `s`, with their moves.
fn positions(s: &Setting, n: usize, rng: &mut SplitMix64) -> Vec<Line> {
    let mut out = Vec::new();
    while out.len() < n {
        let start = s.setup.ttt_game().expect("a tic-tac-toe family game");
        let (moves, _) = random_ttt_game(start.clone(), rng, None);
        let share = s.at.0 + (s.at.1 - s.at.0) * rng.unit();
        let upto = ((moves.len() as f64) * share) as usize;
        let mut g = start;
        for &m in &moves[..upto] {
            g.play(m).expect("legal");
        }
        if !g.is_over() {
            out.push((moves[..upto].to_vec(), g));
        }
    }
    out
}

/// The positions of `lines`.
fn games(lines: &[Line]) -> Vec<Game> {
    lines.iter().map(|(_, g)| g.clone()).collect()
}

/// A position with the moves that lead to it from the empty board.
type Line = (Vec<Move>, Game);

/// `n` positions of random Ultimate games (common rules) at the first ply
/// where the side to move forces a win within 7 plies, with the moves that
/// lead there.
fn winning_positions(n: usize, rng: &mut SplitMix64) -> Vec<Line> {
    let options = Options::preset(Preset::Common);
    let budget = Budget::new(7, Budget::MAX_NODES).expect("budget");
    let mut out = Vec::new();
    while out.len() < n {
        let start = GameSetup::ultimate(options)
            .ttt_game()
            .expect("a family game");
        let (moves, _) = random_ttt_game(start.clone(), rng, None);
        let mut g = start;
        // From the 20th ply on: before it a random game rarely allows a win.
        for (i, &m) in moves.iter().enumerate() {
            if i >= 20 && !g.is_over() && solve(&g, budget).is_ok_and(|s| s.win_in.is_some()) {
                out.push((moves[..i].to_vec(), g.clone()));
                break;
            }
            g.play(m).expect("legal");
        }
    }
    out
}

/// A move in ultimattt's notation: board, then square, each `a`..`i` in
/// reading order (ours are 1..9 in reading order, `T.O`).
fn ultimattt_move(m: Move) -> String {
    m.path().iter().map(|&p| char::from(b'a' + p - 1)).collect()
}

/// Writes `set<TAB>moves<TAB>win_in<TAB>ms<TAB>nodes` for each position:
/// the moves from the empty board in ultimattt's notation, this solver's
/// least win at 7 plies (`-` for none), its time (the least of five cold
/// runs) and the positions it visited.
fn write_ultimattt(path: &str, sets: &[(&str, Vec<Line>)]) {
    use std::fmt::Write as _;
    let budget = Budget::new(7, Budget::MAX_NODES).expect("budget");
    let mut text = String::new();
    for (name, positions) in sets {
        for (moves, g) in positions {
            let (s, t) = least_time(|| solve(g, budget));
            let (win, nodes) = match &s {
                Ok(s) => (s.win_in.map_or("-".to_string(), |k| k.to_string()), s.nodes),
                Err(_) => ("limit".to_string(), 0),
            };
            let line: Vec<String> = moves.iter().map(|&m| ultimattt_move(m)).collect();
            let _ = writeln!(
                text,
                "{name}\t{}\t{win}\t{:.3}\t{nodes}",
                line.join(" "),
                ms(t)
            );
        }
    }
    std::fs::write(path, text).expect("write the positions");
}

/// Times `f` cold `REPEATS` times and keeps the least: on a shared
/// machine a run's wall time includes the time it waited for a CPU, and
/// the least of a few runs is the nearest to the work itself.
const REPEATS: usize = 5;

fn least_time<T>(mut f: impl FnMut() -> T) -> (T, Duration) {
    let mut best = Duration::MAX;
    let mut out = None;
    for _ in 0..REPEATS {
        let start = Instant::now();
        let v = f();
        best = best.min(start.elapsed());
        out = Some(v);
    }
    (out.expect("at least one run"), best)
}

fn percentile(sorted: &[Duration], p: f64) -> Duration {
    let i = ((sorted.len() as f64 - 1.0) * p).round() as usize;
    sorted[i.min(sorted.len() - 1)]
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1e3
}

/// Solves every position cold at `plies` and prints one row.
fn row(name: &str, games: &[Game], plies: u8) {
    let budget = Budget::new(u64::from(plies), Budget::MAX_NODES).expect("budget");
    let mut times = Vec::new();
    let (mut nodes, mut wins, mut losses, mut limited) = (0u64, 0, 0, 0);
    for g in games {
        let (s, t) = least_time(|| solve(black_box(g), budget));
        times.push(t);
        match s {
            Ok(s) => {
                nodes += s.nodes;
                wins += usize::from(s.win_in.is_some());
                losses += usize::from(s.loss_in.is_some());
            }
            Err(_) => limited += 1,
        }
    }
    let total: Duration = times.iter().sum();
    times.sort();
    println!(
        "{name:<28} {plies:>2} plies  median {:>8.3} ms  p95 {:>8.3} ms  max {:>8.3} ms  {:>6.2} M nodes/s  {:>4} positions, {wins} wins, {losses} losses, {limited} over the node limit",
        ms(percentile(&times, 0.5)),
        ms(percentile(&times, 0.95)),
        ms(*times.last().expect("positions")),
        nodes as f64 / total.as_secs_f64() / 1e6,
        games.len(),
    );
}

/// Annotates whole random Ultimate games at 5 plies.
fn annotation_row(n: usize, rng: &mut SplitMix64) {
    for (preset, word) in [(Preset::Authors, "authors"), (Preset::Common, "common")] {
        let options = Options::preset(preset);
        let mut times = Vec::new();
        let mut plies_played = 0;
        let mut per81 = Vec::new();
        for _ in 0..n {
            let (moves, _): (Vec<Move>, _) =
                random_ttt_game(GameSetup::ultimate(options).ttt_game().unwrap(), rng, None);
            let start_game = GameSetup::ultimate(options).ttt_game().unwrap();
            let budget = Budget::plies(5).expect("budget");
            let (a, t) = least_time(|| annotate(&start_game, &moves, budget));
            black_box(a);
            plies_played += moves.len();
            per81.push(t.mul_f64(81.0 / moves.len() as f64));
            times.push(t);
        }
        times.sort();
        per81.sort();
        println!(
            "annotate ultimate, {word:<8} 5 plies  median {:>8.1} ms a game  p95 {:>8.1} ms  (games of {:.0} plies on average; scaled to 81 plies: median {:.1} ms, p95 {:.1} ms)",
            ms(percentile(&times, 0.5)),
            ms(percentile(&times, 0.95)),
            plies_played as f64 / n as f64,
            ms(percentile(&per81, 0.5)),
            ms(percentile(&per81, 0.95)),
        );
    }
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let value = |flag: &str| {
        args.iter()
            .position(|a| a == flag)
            .and_then(|i| args.get(i + 1))
            .and_then(|v| v.parse::<u64>().ok())
    };
    // `cargo test --benches` runs this with `--test`: a quick pass only.
    let quick = args.iter().any(|a| a == "--test" || a == "--list");
    let n = if quick {
        3
    } else {
        value("--positions").unwrap_or(100) as usize
    };
    let seed = value("--seed").unwrap_or(36);
    let mut rng = SplitMix64::new(seed);
    let sets: Vec<(Setting, Vec<Game>)> = settings()
        .into_iter()
        .map(|s| {
            let p = games(&positions(&s, n, &mut rng));
            (s, p)
        })
        .collect();
    for plies in [5, 7] {
        for (s, games) in &sets {
            row(s.name, games, plies);
        }
    }
    let wins = winning_positions(n, &mut rng);
    let win_games = games(&wins);
    for plies in [5, 7] {
        row("ultimate win in <= 7, common", &win_games, plies);
    }
    annotation_row(n.min(40), &mut rng);
    if let Some(i) = args.iter().position(|a| a == "--ultimattt")
        && let Some(path) = args.get(i + 1)
    {
        // Common midgames of another draw, with their moves.
        let common = settings()
            .into_iter()
            .find(|s| s.setup == GameSetup::ultimate(Options::preset(Preset::Common)))
            .expect("the common midgames");
        let mid = positions(&common, n, &mut SplitMix64::new(seed ^ 0x5eed));
        write_ultimattt(path, &[("win", wins), ("midgame", mid)]);
    }
    if quick || args.iter().any(|a| a == "--table-only") {
        return;
    }
    let mut c = Criterion::default()
        .sample_size(20)
        .without_plots()
        .measurement_time(Duration::from_secs(5));
    let budget = Budget::new(7, Budget::MAX_NODES).expect("budget");
    let (_, midgames) = &sets[0];
    let ten = &midgames[..10.min(midgames.len())];
    c.bench_function("solve 10 ultimate midgames (authors), 7 plies", |b| {
        b.iter(|| {
            for g in ten {
                black_box(solve(black_box(g), budget).ok());
            }
        })
    });
    c.final_summary();
}
