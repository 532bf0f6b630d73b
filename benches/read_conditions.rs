//! How the reader holds in the conditions a class's phone photos are
//! taken in, and whether it refuses the photos it cannot read rather than
//! returning a confident wrong game: synthetic photos
//! (`tests/support/photo.rs`) of Ultimate sheets with a 40-ply game
//! written in the reserved digits, at `LONG` pixels on the long side
//! (4,000 by default, a 12 MP phone), in six conditions:
//!
//! * `sharp`: in focus (blur 0.5 px), the hand still;
//! * `blur 1`, `blur 1.5`, `blur 2`: out of focus by that many pixels;
//! * `pencil`: written in HB pencil (22–55 % of black), blur 0.5–1 px;
//! * `tilt`: the camera leaning 10–30° from straight above, blur 0.5–1 px.
//!
//! Every photo otherwise an ordinary one (any quarter turn, uneven light,
//! a little motion blur, noise, JPEG). Prints a line for each sheet (the
//! width of the printed marks' edges the reader measured, its outcome:
//! refused with the code, or read with its moves right, flagged, and
//! wrong without a flag), then for each condition: sheets read and
//! refused, and on the sheets read the moves right, flagged, and wrong
//! without a flag.
//!
//! `cargo bench --bench read_conditions`. `SHEETS=N` photos in each
//! condition (6 by default); `SEED=N` the first seed (sheet n uses seed
//! N + n; 22000 by default); `LONG=N` the photos' long side. Nothing of
//! the reader is set from these photos yet: a refusal for weak evidence
//! is to be tuned on one set of seeds, calibrated on a second and
//! reported on a third (docs/reading.md).

#[path = "../tests/support/photo.rs"]
mod photo;

use paperboard_games::games::ttt::{Options, Variant};
use paperboard_games::rng::SplitMix64;
use paperboard_sheets::read::sheet::{join_games, read_photo};
use paperboard_sheets::{layout::layout, spec::Spec, spec::Template};
use photo::{Conditions, Digits, photograph, random_game};

/// A number set in the environment (`SHEETS`, `SEED`, `LONG`).
fn setting(name: &str) -> Option<u64> {
    std::env::var(name).ok()?.parse().ok()
}

/// The named conditions, each made from an ordinary photo's.
fn condition(name: &str, base: Conditions, rng: &mut SplitMix64) -> Conditions {
    let still = Conditions {
        motion_blur: base.motion_blur.min(0.5),
        ..base
    };
    match name {
        "sharp" => Conditions { blur: 0.5, ..still },
        "blur 1" => Conditions { blur: 1.0, ..still },
        "blur 1.5" => Conditions { blur: 1.5, ..still },
        "blur 2" => Conditions { blur: 2.0, ..still },
        "pencil" => Conditions {
            pencil: Some(0.22 + rng.unit() as f32 * 0.33),
            ..base
        },
        _ => Conditions {
            camera_tilt_deg: 10.0 + rng.unit() * 20.0,
            ..base
        },
    }
}

#[derive(Default)]
struct Tally {
    sheets: usize,
    read: usize,
    refused: Vec<String>,
    moves: usize,
    right: usize,
    flagged: usize,
    silent: usize,
}

fn main() {
    let sheets = setting("SHEETS").unwrap_or(6);
    let first = setting("SEED").unwrap_or(22000);
    let long = setting("LONG").unwrap_or(4000) as u32;
    let sheet = layout(&Spec::template(Template::Ultimate, &[]).unwrap()).unwrap();
    let digits = Digits::reserved();
    let names = ["sharp", "blur 1", "blur 1.5", "blur 2", "pencil", "tilt"];
    let mut tallies = Vec::new();
    for name in names {
        let mut t = Tally::default();
        for seed in first..first + sheets {
            let mut rng = SplitMix64::new(seed);
            let base = Conditions {
                long_side: long,
                ..Conditions::tilted(0.0, &mut rng)
            };
            let conditions = condition(name, base, &mut rng);
            let truth = random_game(&Variant::Ultimate, Options::default(), 40, seed);
            let p = photograph(&sheet, &truth, &digits, conditions, seed);
            t.sheets += 1;
            let read = read_photo(&p.jpeg, None);
            let edge = read.as_ref().ok().and_then(|s| s.reading.edge_mm);
            let game = read.map_err(|e| e.code().to_string()).and_then(|s| {
                let games = join_games(std::slice::from_ref(&s));
                games[0].1.clone().map_err(|e| e.code().to_string())
            });
            let edge = edge.map_or("-".to_string(), |e| format!("{e:.3}"));
            match game {
                Ok(game) => {
                    t.read += 1;
                    let n = p.truth.moves.len();
                    let mut right = 0;
                    let mut silent = 0;
                    for (i, written) in p.truth.moves.iter().enumerate() {
                        match game.moves.get(i) {
                            Some(m) if m.mv.to_string() == *written => right += 1,
                            Some(m) if m.uncertain => {}
                            _ => silent += 1,
                        }
                    }
                    silent += game.moves.len().saturating_sub(n);
                    let flagged = game.moves.iter().filter(|m| m.uncertain).count();
                    println!(
                        "{name:>8} {seed} edge {edge} mm: read, {right}/{n} right, {flagged} flagged, {silent} silent"
                    );
                    t.moves += n;
                    t.right += right;
                    t.flagged += flagged;
                    t.silent += silent;
                }
                Err(code) => {
                    println!("{name:>8} {seed} edge {edge} mm: refused, {code}");
                    t.refused.push(code);
                }
            }
        }
        tallies.push((name, t));
    }
    println!("condition  read  refused  moves right  flagged  wrong, no flag");
    for (name, t) in tallies {
        let pct = |a: usize| 100.0 * a as f64 / t.moves.max(1) as f64;
        println!(
            "{name:>9}  {}/{}  {}  {:.1} %  {:.1} %  {} ({:.1} %)  {}",
            t.read,
            t.sheets,
            t.refused.len(),
            pct(t.right),
            pct(t.flagged),
            t.silent,
            pct(t.silent),
            t.refused.join(" ")
        );
    }
}
