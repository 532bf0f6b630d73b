//! How many sheets are read when the phone leans or the paper curls:
//! synthetic photos (`tests/support/photo.rs`) of Ultimate sheets with a
//! 40-ply game written in the reserved digits, read back.
//!
//! By default the pinhole camera leans 0°, 10°, 20°, 25° and 30° from
//! straight above the page towards a random side (any quarter turn, out of
//! focus 0.5–1 pixel, a little motion blur, uneven light, noise and JPEG,
//! at 4,000 pixels on the long side, a 12 MP phone). With `CURL=1` the
//! rows are instead the paper curled 0, 1, 2 and 3 mm off the table (one
//! edge lifting or the page bowed, `Conditions::curl`), photographed by a
//! camera leaning 0–12°.
//!
//! Prints, for each row: sheets read (code and marks found, a game
//! decoded) of those photographed; on the sheets read the moves right,
//! flagged, and wrong without a flag, and the sheets whose verdict is not
//! the truth's (every game written is legal: a sheet read as illegal, or
//! shorter or longer than written); the CPU a sheet's reading took
//! (decoding the JPEG, finding the code and marks, reading every box and
//! cell, on one core); and the reasons of those refused.
//!
//! `cargo bench --profile dev --bench read_tilt`. `SHEETS=N` photos in
//! each row (8 by default); `SEED=N` the first seed (1000 by default:
//! sheet n uses seed N + n); `LONG=N` the photo's long side; `FINGER=1` a
//! finger over one mark (a random one) on every photo; `CURL=1` the curl
//! rows; `TILTS=10,20` only those leanings (degrees); `SAVE=DIR` writes
//! each photo there. Seeds 40000– were looked at to find what loses a
//! leaning sheet; 42000– are kept to report on (docs/reading.md).

#[path = "../tests/support/photo.rs"]
mod photo;

mod common;

use paperboard_games::GameSetup;
use paperboard_games::games::ttt::Options;
use paperboard_games::rng::SplitMix64;
use paperboard_sheets::layout::layout;
use paperboard_sheets::read::sheet::{join_games, read_photo};
use paperboard_sheets::spec::{Spec, Template};
use photo::{Conditions, Digits, photograph, random_game};

fn env(name: &str, default: u64) -> u64 {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

/// What a row's sheets came to.
#[derive(Default)]
struct Tally {
    read: usize,
    moves: usize,
    right: usize,
    flagged: usize,
    silent: usize,
    wrong_verdict: usize,
    cpu: f64,
    refused: Vec<String>,
}

fn main() {
    let sheets = env("SHEETS", 8);
    let first = env("SEED", 1000);
    let long = env("LONG", 4000) as u32;
    let finger = env("FINGER", 0) == 1;
    let curl = env("CURL", 0) == 1;
    let save = std::env::var_os("SAVE").map(std::path::PathBuf::from);
    let tilts: Vec<f64> = std::env::var("TILTS").map_or_else(
        |_| vec![0.0, 10.0, 20.0, 25.0, 30.0],
        |t| t.split(',').filter_map(|d| d.trim().parse().ok()).collect(),
    );
    let sheet = layout(&Spec::template(Template::Ultimate, &[]).unwrap()).unwrap();
    let digits = Digits::reserved();
    let rows: Vec<(String, f64, Option<f64>)> = if curl {
        [0.0, 1.0, 2.0, 3.0]
            .map(|mm| (format!("curl {mm} mm"), mm, None))
            .to_vec()
    } else {
        tilts
            .iter()
            .map(|&d| (format!("tilt {d}°"), 0.0, Some(d)))
            .collect()
    };
    println!(
        "row           read  right  flagged  wrong, no flag  verdict wrong  CPU a sheet  refused"
    );
    for (name, curl_mm, tilt) in rows {
        let mut t = Tally::default();
        for seed in first..first + sheets {
            let mut rng = SplitMix64::new(seed);
            let degrees = tilt.unwrap_or_else(|| SplitMix64::new(seed ^ 0x7117).unit() * 12.0);
            let mut conditions = Conditions {
                long_side: long,
                curl: curl_mm,
                ..Conditions::tilted(degrees, &mut rng)
            };
            if finger {
                conditions.finger_on_mark = Some(rng.below(4) as usize);
            }
            let truth = random_game(&GameSetup::ultimate(Options::default()), 40, seed);
            let p = photograph(&sheet, &truth, &digits, conditions, seed);
            if let Some(dir) = &save {
                let file = format!("{}-{seed}.jpg", name.replace([' ', '°'], ""));
                std::fs::write(dir.join(file), &p.jpeg).expect("the photo is saved");
            }
            let before = common::cpu_seconds("/proc/self/stat", false);
            let result = read_photo(&p.jpeg, None);
            t.cpu += common::cpu_seconds("/proc/self/stat", false) - before;
            let game = result.map_err(|e| e.code().to_string()).and_then(|s| {
                let games = join_games(std::slice::from_ref(&s));
                games[0].1.clone().map_err(|e| e.code().to_string())
            });
            match game {
                Ok(game) => {
                    t.read += 1;
                    t.moves += p.truth.moves.len();
                    for (i, written) in p.truth.moves.iter().enumerate() {
                        match game.moves.get(i) {
                            Some(m) if m.mv.to_string() == *written => t.right += 1,
                            Some(m) if m.uncertain => {}
                            _ => t.silent += 1,
                        }
                    }
                    t.silent += game.moves.len().saturating_sub(p.truth.moves.len());
                    t.flagged += game.moves.iter().filter(|m| m.uncertain).count();
                    let mut replay = GameSetup::ultimate(Options::default()).ttt_game().unwrap();
                    let legal = game.moves.iter().all(|m| replay.play(m.mv).is_ok());
                    if !legal || game.moves.len() != p.truth.moves.len() {
                        t.wrong_verdict += 1;
                    }
                }
                Err(code) => t.refused.push(format!("{seed}:{code}")),
            }
        }
        let pct = |a: usize| 100.0 * a as f64 / t.moves.max(1) as f64;
        println!(
            "{name:<12}  {}/{sheets}  {:>5.1} %  {:>5.1} %  {:>3} ({:.1} %)  {:>3}  {:>8.2} s  {}",
            t.read,
            pct(t.right),
            pct(t.flagged),
            t.silent,
            pct(t.silent),
            t.wrong_verdict,
            t.cpu / sheets as f64,
            t.refused.join(" ")
        );
    }
}
