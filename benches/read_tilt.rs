//! How many sheets are read when the phone leans: synthetic photos
//! (`tests/support/photo.rs`: a pinhole camera leaning 0°, 10°, 20° and 30°
//! from straight above the page towards a random side, any quarter turn,
//! out of focus 0.5–1 pixel, a little motion blur, uneven light, noise and
//! JPEG, at 4,000 pixels on the long side, a 12 MP phone) of Ultimate
//! sheets with a 40-ply game written in the reserved digits, read back.
//!
//! Prints, for each tilt: sheets read (code and marks found, a game
//! decoded) of those photographed, the reasons of those refused, moves read
//! right on the sheets read, and the CPU a sheet's reading took (decoding
//! the JPEG, finding the code and marks, reading every box and cell), on
//! one core.
//!
//! `cargo bench --bench read_tilt`. `SHEETS=N` photos at each tilt (8 by
//! default); `SEED=N` the first seed (1000 by default: the reader's
//! thresholds were set on seeds 1–8, not these); `LONG=N` the photo's long
//! side; `FINGER=1` a finger over one mark (a random one) on every photo.

#[path = "../tests/support/photo.rs"]
mod photo;

mod common;

use paperboard_games::games::ttt::{Options, Variant};
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

fn main() {
    let sheets = env("SHEETS", 8);
    let first = env("SEED", 1000);
    let long = env("LONG", 4000) as u32;
    let finger = env("FINGER", 0) == 1;
    let sheet = layout(&Spec::template(Template::Ultimate, &[]).unwrap()).unwrap();
    let digits = Digits::reserved();
    println!("tilt  read  moves right  CPU a sheet  refused");
    for degrees in [0.0, 10.0, 20.0, 30.0] {
        let (mut read, mut right, mut moves, mut cpu) = (0, 0, 0, 0.0);
        let mut refused = Vec::new();
        for seed in first..first + sheets {
            let mut rng = SplitMix64::new(seed);
            let mut conditions = Conditions {
                long_side: long,
                ..Conditions::tilted(degrees, &mut rng)
            };
            if finger {
                conditions.finger_on_mark = Some(rng.below(4) as usize);
            }
            let truth = random_game(&Variant::Ultimate, Options::default(), 40, seed);
            let p = photograph(&sheet, &truth, &digits, conditions, seed);
            let before = common::cpu_seconds("/proc/self/stat", false);
            let result = read_photo(&p.jpeg, None);
            cpu += common::cpu_seconds("/proc/self/stat", false) - before;
            let game = result.map_err(|e| e.code().to_string()).and_then(|s| {
                let games = join_games(std::slice::from_ref(&s));
                games[0].1.clone().map_err(|e| e.code().to_string())
            });
            match game {
                Ok(game) => {
                    read += 1;
                    moves += p.truth.moves.len();
                    right += game
                        .moves
                        .iter()
                        .zip(&p.truth.moves)
                        .filter(|(m, t)| m.mv.to_string() == **t)
                        .count();
                }
                Err(code) => refused.push(format!("{seed}:{code}")),
            }
        }
        println!(
            "{degrees:>3}°  {read}/{sheets}  {:>6.1} %  {:>8.2} s  {}",
            100.0 * right as f64 / moves.max(1) as f64,
            cpu / sheets as f64,
            refused.join(" ")
        );
    }
}
