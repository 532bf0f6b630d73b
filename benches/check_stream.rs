//! The checker as a user runs it on a large record file: the whole process
//! (`paperboard check FILE`), its peak memory and its throughput.
//!
//! ```sh
//! cargo bench --bench check_stream                 # everything
//! cargo bench --bench check_stream -- --big-only     # the two 50 MB files only
//! PAPERBOARD_BENCH_RUNS=3 cargo bench --bench check_stream   # fewer runs each
//! ```
//!
//! The inputs are 50 MB of random, legal Strategic games (functional, map34,
//! seed 1; long games, ~650 moves each) and 50 MB of random, legal Ultimate
//! games (seed 1; 102,834 short games, ~69 moves each, where the cost per
//! game shows), made once in `target/bench-data/` by
//! `paperboard_games::internals::random_strategic_record` and
//! `random_ultimate_record` — the same files `cargo run --release --example
//! big_record -- big.txt 50` (and `-- --ultimate ultimate.txt 50`) writes.
//! Each file is checked 11 times, text and `--json`; each run's wall time,
//! CPU time and peak resident memory come from `/usr/bin/time` (GNU time;
//! where it is missing, only the wall time is shown), and the medians are
//! printed, CPU time being the figure other work on the machine hardly
//! changes. The report goes to `/dev/null`, so printing costs what it costs
//! on a pipe.
//!
//! Memory in the number of games: 100,000 and 1,000,000 short tic-tac-toe
//! games (a legal one, an illegal one, a wrong claim and an unfinished one
//! in turn; 38 MB for the million) through `check`, `check --json` and
//! `check --fix`, with each run's peak resident memory, which should be the
//! same for both counts.
//!
//! `PAPERBOARD_BENCH_DIAGRAM=1` also runs `check --diagram` over 100,000 of
//! those games (PDF volumes, six games a page) and over the first 10,000
//! games of a 60 MB file (PDF volumes of 500 pages; several minutes), and
//! reports their peak memory.

use std::io::{BufWriter, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::Instant;

use paperboard_games::internals::{random_strategic_record, random_ultimate_record};

const MB: u64 = 1_000_000;

/// Makes (once) a record file of `megabytes` MB of Strategic games,
/// returning its path and the number of moves in it.
fn record_file(megabytes: u64) -> (PathBuf, usize) {
    game_file("records", megabytes, random_strategic_record)
}

/// Makes (once) a record file of `megabytes` MB of Ultimate games.
fn ultimate_file(megabytes: u64) -> (PathBuf, usize) {
    game_file("ultimate", megabytes, random_ultimate_record)
}

/// How a record file of random games is written: into what, how many
/// bytes, which seed; the games and moves written.
type Writer = fn(&mut BufWriter<std::fs::File>, u64, u64) -> std::io::Result<(usize, usize)>;

/// Makes (once) `NAME-{megabytes}mb.txt` with `write`, returning its path
/// and the number of moves in it.
fn game_file(name: &str, megabytes: u64, write: Writer) -> (PathBuf, usize) {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("target/bench-data");
    std::fs::create_dir_all(&dir).expect("bench data folder");
    let path = dir.join(format!("{name}-{megabytes}mb.txt"));
    let count = dir.join(format!("{name}-{megabytes}mb.moves"));
    if let (Ok(_), Ok(moves)) = (std::fs::metadata(&path), std::fs::read_to_string(&count))
        && let Ok(moves) = moves.trim().parse()
    {
        return (path, moves);
    }
    let mut out = BufWriter::new(std::fs::File::create(&path).expect("bench file"));
    let (_, moves) = write(&mut out, megabytes * MB, 1).expect("written");
    out.flush().expect("flushed");
    std::fs::write(&count, moves.to_string()).expect("count written");
    (path, moves)
}

/// Four short tic-tac-toe games: legal and won, illegal (a taken cell),
/// a wrong claim, unfinished.
const SHORT_GAMES: [&str; 4] = [
    "[Game \"tictactoe\"]\n[Result \"X\"]\n1. 1 4 2. 2 5 3. 3\n\n",
    "[Game \"tictactoe\"]\n1. 5 5 2. 9\n\n",
    "[Game \"tictactoe\"]\n[Result \"O\"]\n1. 1 4 2. 2 5 3. 3\n\n",
    "[Game \"tictactoe\"]\n1. 5 1 2. 9\n\n",
];

/// Makes (once) a record file of `games` short games, cycling through
/// [`SHORT_GAMES`].
fn short_games_file(games: usize) -> PathBuf {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("target/bench-data");
    std::fs::create_dir_all(&dir).expect("bench data folder");
    let path = dir.join(format!("short-games-{games}.txt"));
    if std::fs::metadata(&path).is_ok() {
        return path;
    }
    let mut out = BufWriter::new(std::fs::File::create(&path).expect("bench file"));
    for i in 0..games {
        out.write_all(SHORT_GAMES[i % SHORT_GAMES.len()].as_bytes())
            .expect("written");
    }
    out.flush().expect("flushed");
    path
}

/// Prints one run's peak memory over `games` games.
fn show_memory(label: &str, games: usize, m: &Measured) {
    println!(
        "{label}: {games} games; wall {:.1} s, CPU {}, peak RSS {}",
        m.wall,
        m.cpu.map_or("not measured".into(), |c| format!("{c:.2} s")),
        m.rss_kib.map_or("not measured".into(), |k| format!(
            "{:.1} MiB",
            k as f64 / 1024.0
        ))
    );
}

/// One run: wall seconds, and CPU seconds and peak RSS in KiB if measured.
struct Measured {
    wall: f64,
    cpu: Option<f64>,
    rss_kib: Option<u64>,
}

fn measure(args: &[&str]) -> Measured {
    let bin = env!("CARGO_BIN_EXE_paperboard");
    let gnu_time = Path::new("/usr/bin/time").exists();
    let report = std::env::temp_dir().join(format!("paperboard-bench-{}.time", std::process::id()));
    let mut cmd = if gnu_time {
        let mut c = Command::new("/usr/bin/time");
        c.arg("-f")
            .arg("%e %U %S %M")
            .arg("-o")
            .arg(&report)
            .arg(bin);
        c
    } else {
        Command::new(bin)
    };
    let start = Instant::now();
    let status = cmd
        .args(args)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .expect("the binary runs");
    let wall = start.elapsed().as_secs_f64();
    assert!(status.code().is_some_and(|c| c < 2), "{args:?}: {status}");
    let mut m = Measured {
        wall,
        cpu: None,
        rss_kib: None,
    };
    if let Ok(text) = std::fs::read_to_string(&report) {
        let fields: Vec<f64> = text
            .split_whitespace()
            .filter_map(|f| f.parse().ok())
            .collect();
        if let [wall, user, system, rss] = fields[..] {
            m.wall = wall;
            m.cpu = Some(user + system);
            m.rss_kib = Some(rss as u64);
        }
        let _ = std::fs::remove_file(&report);
    }
    m
}

/// The median of `values` (the upper one of an even count).
fn median(mut values: Vec<f64>) -> f64 {
    values.sort_by(f64::total_cmp);
    values.get(values.len() / 2).copied().unwrap_or(f64::NAN)
}

fn show(label: &str, moves: usize, runs: &[Measured]) {
    let rate = |s: f64| moves as f64 / s / 1e6;
    let wall = median(runs.iter().map(|r| r.wall).collect());
    print!(
        "{label}: {moves} moves; median wall {wall:.3} s ({:.1} M moves/s)",
        rate(wall)
    );
    let cpus: Vec<f64> = runs.iter().filter_map(|r| r.cpu).collect();
    if !cpus.is_empty() {
        let cpu = median(cpus);
        print!(", median CPU {cpu:.3} s ({:.1} M moves/s)", rate(cpu));
    }
    if let Some(rss) = runs.iter().filter_map(|r| r.rss_kib).max() {
        print!(", peak RSS {:.1} MiB", rss as f64 / 1024.0);
    }
    let load = std::fs::read_to_string("/proc/loadavg").unwrap_or_default();
    let load: Vec<&str> = load.split_whitespace().take(3).collect();
    println!(" ({} runs; load average {})", runs.len(), load.join(" "));
}

fn main() {
    // `cargo test --benches` runs this with `--test`-like flags; measure only
    // under `cargo bench`.
    if std::env::args().any(|a| a == "--test" || a == "--list") {
        return;
    }
    let runs_of = |n: usize| {
        std::env::var("PAPERBOARD_BENCH_RUNS")
            .ok()
            .and_then(|v| v.parse().ok())
            .unwrap_or(n)
    };
    for (label, (path, moves)) in [
        ("Strategic, 50 MB", record_file(50)),
        ("Ultimate, 50 MB", ultimate_file(50)),
    ] {
        let file = path.to_string_lossy().into_owned();
        let runs: Vec<Measured> = (0..runs_of(11))
            .map(|_| measure(&["check", &file]))
            .collect();
        show(&format!("check, {label}"), moves, &runs);
        let runs: Vec<Measured> = (0..runs_of(11))
            .map(|_| measure(&["check", "--json", &file]))
            .collect();
        show(&format!("check --json, {label}"), moves, &runs);
    }
    if std::env::args().any(|a| a == "--big-only") {
        return;
    }

    for games in [100_000, 1_000_000] {
        let short = short_games_file(games);
        let file = short.to_string_lossy().into_owned();
        show_memory("check", games, &measure(&["check", &file]));
        show_memory("check --json", games, &measure(&["check", "--json", &file]));
        let fixed = std::env::temp_dir().join("paperboard-bench-fixed.txt");
        let fixed_name = fixed.to_string_lossy().into_owned();
        show_memory(
            "check --fix",
            games,
            &measure(&["check", "--fix", &file, "-o", &fixed_name]),
        );
        let _ = std::fs::remove_file(&fixed);
    }

    if std::env::var_os("PAPERBOARD_BENCH_DIAGRAM").is_some() {
        let short = short_games_file(100_000);
        let out = std::env::temp_dir().join("paperboard-bench-diagram-short.pdf");
        let m = measure(&[
            "check",
            &short.to_string_lossy(),
            "--diagram",
            &out.to_string_lossy(),
        ]);
        show_memory("check --diagram (PDF)", 100_000, &m);
        let (big, _) = record_file(60);
        let games = std::fs::read_to_string(&big).expect("readable");
        let mut cut = 0;
        let mut seen = 0;
        for (i, _) in games.match_indices("[Game ") {
            seen += 1;
            if seen == 10_001 {
                cut = i;
                break;
            }
        }
        let ten_thousand = big.with_file_name("records-10000-games.txt");
        std::fs::write(&ten_thousand, &games[..cut]).expect("written");
        let out = std::env::temp_dir().join("paperboard-bench-diagram.pdf");
        let m = measure(&[
            "check",
            &ten_thousand.to_string_lossy(),
            "--diagram",
            &out.to_string_lossy(),
        ]);
        println!(
            "check --diagram, 10,000 games to PDF: wall {:.1} s, peak RSS {}",
            m.wall,
            m.rss_kib.map_or("not measured".into(), |k| format!(
                "{:.1} MiB",
                k as f64 / 1024.0
            ))
        );
        for entry in std::fs::read_dir(std::env::temp_dir())
            .expect("temp dir")
            .flatten()
        {
            let name = entry.file_name().to_string_lossy().into_owned();
            if name.starts_with("paperboard-bench-diagram") {
                let _ = std::fs::remove_file(entry.path());
            }
        }
    }
}
