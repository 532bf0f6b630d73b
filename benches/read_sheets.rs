//! How well and how fast whole photographed sheets are read: synthetic
//! photos (`tests/read/photos.rs`: the real layout, a random legal game
//! written with handwritten digits, X and O drawn by hand-like strokes, then rotation including
//! quarter turns, perspective, uneven light, blur, noise and JPEG at
//! 2,400–3,000 pixels on the long side), read back and compared with the
//! game written.
//!
//! The digits are the reserved ones (`tests/read/digits-reserved.bin.gz`,
//! never trained or tuned on); `DIGITS=evaluation` uses the evaluation
//! digits instead. `SEED=N` draws other games and photos.
//!
//! Prints, for Ultimate and Strategic: digit accuracy of the boxes alone;
//! move accuracy from the digits alone, with the rules, and with the rules
//! and the field; moves flagged; wrong moves not flagged (silent); sheets
//! read exactly; time per sheet (decoding the JPEG, finding the sheet,
//! reading every box and cell, decoding the game), on one core.
//!
//! `cargo bench --bench read_sheets` (SHEETS=N sheets of each kind, 12 by
//! default; READINGS=FOLDER keeps what each sheet's boxes and cells were
//! read as, with the game written, to study the decoder without
//! photographing again).

#[path = "../tests/read/photos.rs"]
mod photos;

use std::time::{Duration, Instant};

use paperboard_games::games::random::random_ttt_game;
use paperboard_games::games::ttt::Move;
use paperboard_games::rng::SplitMix64;
use paperboard_sheets::internals::{Evidence, decode, decode_bending_rules, digits_alone, game_of};
use paperboard_sheets::read::BoxContent;
use paperboard_sheets::read::DecodedMove;
use paperboard_sheets::read::sheet::{join_games, read_photo};

/// What the decoder before did on the same photos.
#[derive(Default)]
struct Bent {
    right: usize,
    flagged: usize,
    silent: usize,
    illegal_at_ply: usize,
}

#[derive(Default)]
struct Tally {
    sheets: usize,
    boxes: usize,
    boxes_right: usize,
    moves: usize,
    alone_right: usize,
    rules_right: usize,
    field_right: usize,
    flagged: usize,
    silent: usize,
    sheets_exact: usize,
    sheets_silent: usize,
    failed: usize,
    /// The same photos decoded as before written moves stayed written:
    /// the rules bending every move (`decode_bending_rules`).
    bent: Bent,
    /// Sheets whose verdict is the written game's: on legal sheets, no
    /// move read outside the rules; with `ILLEGAL=1`, the first such move
    /// at the ply written illegal.
    illegal_at_ply: usize,
    time: Duration,
    cpu: Duration,
}

/// The processor time this process has used (user and system), from
/// `/proc/self/stat` on Linux; zero elsewhere. On a shared machine this,
/// not the wall clock, says what reading costs.
fn cpu_time() -> Duration {
    let Ok(stat) = std::fs::read_to_string("/proc/self/stat") else {
        return Duration::ZERO;
    };
    // Fields after the command's closing parenthesis; utime and stime are
    // the 14th and 15th of the line, in clock ticks (100 a second).
    let Some(rest) = stat.rsplit_once(')').map(|r| r.1) else {
        return Duration::ZERO;
    };
    let fields: Vec<&str> = rest.split_whitespace().collect();
    let ticks: u64 = [11, 12]
        .iter()
        .filter_map(|&i| fields.get(i).and_then(|f| f.parse::<u64>().ok()))
        .sum();
    Duration::from_millis(ticks * 10)
}

fn pct(a: usize, b: usize) -> String {
    format!("{:.1} %", 100.0 * a as f64 / b.max(1) as f64)
}

fn right(decoded: &[Move], truth: &[Move]) -> usize {
    decoded.iter().zip(truth).filter(|(a, b)| a == b).count()
}

/// One line for each decoded move, to calibrate the doubt rule on: what
/// the decoder was given (`field`: the boxes, rules and field, as `read`
/// decodes; `rules`: without the field, which leaves more moves wrong to
/// see the rule catch), the sheet, the ply, the move's confidence, how likely its own boxes make its
/// digits (each box's probability floored as the decoder floors it), whether
/// it was flagged and whether it was right.
fn log_moves(
    log: &mut impl std::io::Write,
    mode: &str,
    template: &str,
    seed: u64,
    plies: &[paperboard_sheets::read::PlyReading],
    decoded: &[DecodedMove],
    truth: &[Move],
) {
    for (i, d) in decoded.iter().enumerate() {
        let own: f64 = plies.get(i).map_or(0.0, |ply| {
            d.mv.path()
                .iter()
                .zip(&ply.boxes)
                .map(|(&digit, r)| f64::from(r.digit(digit)).max(1e-4))
                .product()
        });
        let right = truth.get(i) == Some(&d.mv);
        let _ = writeln!(
            log,
            "{mode} {template} {seed} {} {:.6} {:.6} {} {} {}",
            i + 1,
            d.confidence,
            own,
            u8::from(d.uncertain),
            u8::from(d.unchecked),
            u8::from(right)
        );
    }
}

fn run(
    template: &str,
    sheets: usize,
    max_plies: usize,
    seed: u64,
    pool: &[(u8, &[u8])],
    illegal: bool,
) -> Tally {
    let mut tally = Tally::default();
    // DOUBT_LOG=FILE appends a line for each decoded move (see `log_moves`).
    let mut doubt_log = std::env::var_os("DOUBT_LOG").and_then(|path| {
        std::fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(path)
            .ok()
    });
    let (blank, geometry) = photos::page(template, &[]);
    let rows = geometry
        .parts
        .iter()
        .flat_map(|p| p.boxes.iter().map(|b| b.ply as usize))
        .max()
        .unwrap_or(0);
    for n in 0..sheets {
        let mut rng = SplitMix64::new(seed + n as u64);
        // The game the sheet's spec is for.
        let sheet_spec = paperboard_sheets::spec::Spec::template(
            paperboard_sheets::Template::from_name(template).expect("a template"),
            &[],
        )
        .unwrap();
        let setup = game_of(&sheet_spec, None).expect("a tic-tac-toe family sheet");
        let start = setup.ttt_game().expect("a tic-tac-toe family game");
        let (mut truth, _) = random_ttt_game(start, &mut rng, Some(max_plies.min(rows)));
        // ILLEGAL=1: the game cut at a random ply, an illegal move into an
        // empty cell written there, and three more moves after it.
        let illegal_ply = illegal.then(|| {
            let ply = 4 + rng.index(truth.len().saturating_sub(8).max(1));
            photos::write_illegal(&setup, &mut truth, ply, &mut rng);
            ply
        });
        let mut page = photos::Grey {
            width: blank.width,
            height: blank.height,
            pixels: blank.pixels.clone(),
        };
        photos::play_on_with(&mut page, &geometry, &truth, true, pool, &mut rng);
        let jpeg = photos::photograph(&page, photos::Shot::random(&mut rng), &mut rng);
        let start = Instant::now();
        let cpu = cpu_time();
        let sheet = read_photo(&jpeg, None);
        let game = sheet
            .as_ref()
            .ok()
            .map(|s| join_games(std::slice::from_ref(s)));
        tally.time += start.elapsed();
        tally.cpu += cpu_time().saturating_sub(cpu);
        tally.sheets += 1;
        tally.moves += truth.len();
        let sheet = match sheet {
            Ok(sheet) => sheet,
            Err(e) => {
                println!("  sheet {n} ({template}) not read: {e}");
                if let Some(dir) = std::env::var_os("SAVE_REFUSED") {
                    let path =
                        std::path::Path::new(&dir).join(format!("{template}-{seed}-{n}.jpg"));
                    if std::fs::write(&path, &jpeg).is_ok() {
                        println!("    saved as {}", path.display());
                    }
                }
                tally.failed += 1;
                continue;
            }
        };
        if sheet.game.depth().is_none() {
            tally.failed += 1;
            continue;
        }
        // READINGS=DIR keeps what each sheet was read as (`save_reading`).
        if let Some(dir) = std::env::var_os("READINGS") {
            let path =
                std::path::Path::new(&dir).join(format!("{template}-{}.txt", seed + n as u64));
            photos::save_reading(&path, template, &sheet.reading, &truth, illegal_ply);
        }
        for ply in &sheet.reading.plies {
            if let Some(mv) = truth.get(ply.ply as usize - 1) {
                for (d, r) in mv.path().iter().zip(&ply.boxes) {
                    tally.boxes += 1;
                    tally.boxes_right += usize::from(r.best().0 == BoxContent::Digit(*d));
                }
            }
        }
        tally.alone_right += right(&digits_alone(&sheet.reading.plies), &truth);
        let rules_only = decode(&Evidence {
            setup: &sheet.game,
            plies: &sheet.reading.plies,
            cells: None,
        })
        .unwrap_or_default();
        tally.rules_right += right(&rules_only.iter().map(|m| m.mv).collect::<Vec<_>>(), &truth);
        let decoded: Vec<DecodedMove> = match game.and_then(|g| g.into_iter().next()).map(|g| g.1) {
            Some(Ok(g)) => g.moves,
            _ => {
                tally.failed += 1;
                continue;
            }
        };
        if let Some(log) = doubt_log.as_mut() {
            let sheet_seed = seed + n as u64;
            let plies = &sheet.reading.plies;
            log_moves(log, "field", template, sheet_seed, plies, &decoded, &truth);
            log_moves(
                log,
                "rules",
                template,
                sheet_seed,
                plies,
                &rules_only,
                &truth,
            );
        }
        let bent = decode_bending_rules(&Evidence {
            setup: &sheet.game,
            plies: &sheet.reading.plies,
            cells: (!sheet.reading.cells.is_empty()).then_some(&sheet.reading.cells),
        })
        .unwrap_or_default();
        let (right, flagged, silent) = judge(&bent, &truth);
        tally.bent.right += right;
        tally.bent.flagged += flagged;
        tally.bent.silent += silent;
        tally.bent.illegal_at_ply += usize::from(illegal_at(&bent) == illegal_ply);
        tally.illegal_at_ply += usize::from(illegal_at(&decoded) == illegal_ply);
        let mut silent = 0;
        for (i, t) in truth.iter().enumerate() {
            match decoded.get(i) {
                Some(d) if d.mv == *t => tally.field_right += 1,
                Some(d) if d.uncertain => {}
                _ => silent += 1,
            }
        }
        silent += decoded.len().saturating_sub(truth.len());
        tally.flagged += decoded.iter().filter(|m| m.uncertain).count();
        tally.silent += silent;
        tally.sheets_silent += usize::from(silent > 0);
        tally.sheets_exact += usize::from(
            decoded.len() == truth.len() && decoded.iter().zip(&truth).all(|(d, t)| d.mv == *t),
        );
    }
    tally
}

/// Moves right, flagged, and wrong without a flag (or read past the game).
fn judge(decoded: &[DecodedMove], truth: &[Move]) -> (usize, usize, usize) {
    let mut right = 0;
    let mut silent = 0;
    for (i, t) in truth.iter().enumerate() {
        match decoded.get(i) {
            Some(d) if d.mv == *t => right += 1,
            Some(d) if d.uncertain => {}
            _ => silent += 1,
        }
    }
    silent += decoded.len().saturating_sub(truth.len());
    (
        right,
        decoded.iter().filter(|m| m.uncertain).count(),
        silent,
    )
}

/// The ply (from 1) of the first move decoded outside the rules, if any.
fn illegal_at(decoded: &[DecodedMove]) -> Option<usize> {
    decoded.iter().position(|m| m.unchecked).map(|i| i + 1)
}

fn report(name: &str, t: &Tally) {
    println!("{name}: {} sheets, {} moves written", t.sheets, t.moves);
    println!(
        "  digit accuracy, boxes alone        {} of {}",
        pct(t.boxes_right, t.boxes),
        t.boxes
    );
    println!(
        "  moves right, digits alone          {}",
        pct(t.alone_right, t.moves)
    );
    println!(
        "  moves right, with the rules        {}",
        pct(t.rules_right, t.moves)
    );
    println!(
        "  moves right, with rules and field  {}",
        pct(t.field_right, t.moves)
    );
    println!(
        "  moves flagged                      {} ({})",
        pct(t.flagged, t.moves),
        t.flagged
    );
    println!(
        "  wrong moves not flagged (silent)   {} ({})",
        pct(t.silent, t.moves),
        t.silent
    );
    println!(
        "  sheets with a silent error         {} of {}",
        t.sheets_silent, t.sheets
    );
    println!(
        "  sheets read exactly                {} of {}",
        t.sheets_exact, t.sheets
    );
    println!("  sheets not read at all             {}", t.failed);
    let read = t.sheets - t.failed;
    println!(
        "  verdict as written (legal, or ILLEGAL=1: illegal at its ply)  {} of {read}",
        t.illegal_at_ply
    );
    println!(
        "  before (the rules bending written moves): right {}, flagged {} ({}), silent {} ({}), verdict as written {} of {read}",
        pct(t.bent.right, t.moves),
        pct(t.bent.flagged, t.moves),
        t.bent.flagged,
        pct(t.bent.silent, t.moves),
        t.bent.silent,
        t.bent.illegal_at_ply
    );
    println!(
        "  time per sheet                     {:.0} ms wall, {:.0} ms processor",
        t.time.as_secs_f64() * 1000.0 / t.sheets.max(1) as f64,
        t.cpu.as_secs_f64() * 1000.0 / t.sheets.max(1) as f64
    );
}

fn main() {
    // `cargo bench` passes `--bench`; `cargo test --benches` runs one sheet.
    let quick = !std::env::args().any(|a| a == "--bench");
    let sheets = std::env::var("SHEETS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(if quick { 1 } else { 12 });
    // SEED=N draws other games and photos (sheet n uses seed N + n).
    let seed = std::env::var("SEED")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(1000);
    // DIGITS=evaluation writes with the 20 validation digits of each class
    // instead of the 100 reserved ones.
    let pool = match std::env::var("DIGITS").as_deref() {
        Ok("evaluation") => photos::digits(),
        _ => photos::reserved_digits(),
    };
    // ILLEGAL=1: each game has a move written that the rules do not allow.
    let illegal = std::env::var("ILLEGAL").is_ok_and(|v| v == "1");
    report(
        "Ultimate (ultimate)",
        &run("ultimate", sheets, 81, seed, &pool, illegal),
    );
    report(
        "Strategic (strategic-functional)",
        &run("strategic-functional", sheets, 110, seed, &pool, illegal),
    );
}
