//! The synthetic photographs the reading benchmark and tests use
//! (`tests/support/photo.rs`): deterministic, of phone size, showing the
//! game they say they show where the sheet's geometry says.

// Shared with the tests of photos taken at a slant (`read_tilt`).
#[path = "../support/photo.rs"]
pub(crate) mod photo;

use paperboard_games::GameSetup;

use paperboard_games::games::ttt::Options;
use paperboard_sheets::layout::layout;
use paperboard_sheets::spec::{Spec, Template};
use photo::{Conditions, Digits, photograph, random_game};

fn mild() -> Conditions {
    Conditions {
        long_side: 2400,
        quarter_turns: 1,
        tilt_deg: 4.0,
        camera_tilt_deg: 0.0,
        camera_azimuth_deg: 0.0,
        perspective: 0.03,
        light: 0.25,
        blur: 0.6,
        motion_blur: 0.0,
        finger_on_mark: None,
        noise: 3.0,
        jpeg_quality: 85,
        ..Conditions::plain()
    }
}

fn grey(img: &image::GrayImage, (x, y): (f64, f64), r: i64) -> f64 {
    let mut sum = 0.0;
    let mut n = 0.0;
    for dy in -r..=r {
        for dx in -r..=r {
            let p = img.get_pixel((x as i64 + dx) as u32, (y as i64 + dy) as u32);
            sum += f64::from(p.0[0]);
            n += 1.0;
        }
    }
    sum / n
}

#[test]
fn an_ultimate_photo_shows_its_game_where_the_geometry_says() {
    let sheet = layout(&Spec::template(Template::Ultimate, &[]).unwrap()).unwrap();
    let moves = random_game(&GameSetup::ultimate(Options::default()), 60, 11);
    let digits = Digits::reserved();
    let p = photograph(&sheet, &moves, &digits, mild(), 5);
    // Deterministic from the seed.
    let again = photograph(&sheet, &moves, &digits, mild(), 5);
    assert_eq!(p.jpeg, again.jpeg);
    let other = photograph(&sheet, &moves, &digits, mild(), 6);
    assert_ne!(p.jpeg, other.jpeg);

    let img = image::load_from_memory(&p.jpeg).unwrap().to_luma8();
    assert_eq!((img.width(), img.height()), p.size);
    assert_eq!(img.width().max(img.height()), 2400);
    // A quarter turn: the portrait page lies across a landscape picture.
    assert!(img.width() > img.height());

    // The truth is a legal game, every move written and marked.
    let t = &p.truth;
    let mut game = GameSetup::ultimate(Options::default()).ttt_game().unwrap();
    for m in &moves {
        game.play(*m).unwrap();
    }
    assert_eq!(t.moves.len(), moves.len());
    assert_eq!(
        t.written_plies,
        (1..=moves.len() as u32).collect::<Vec<_>>()
    );
    assert_eq!(t.cells.len(), moves.len());
    assert_eq!(
        t.code.as_deref(),
        Some("PB1 t=ultimate p=A4 o=p l=en r=1 c=1")
    );

    // Ink where the geometry says: written boxes and marked cells are
    // darker at their centre than empty ones, marks are black.
    let records = t
        .geometry
        .parts
        .iter()
        .find(|p| !p.boxes.is_empty())
        .unwrap();
    let (mut written, mut empty) = (Vec::new(), Vec::new());
    for b in &records.boxes {
        let [x, y, w, h] = b.rect_mm;
        let ink = 255.0 - grey(&img, t.to_picture(x + w / 2.0, y + h / 2.0), 4);
        if b.ply as usize <= moves.len() {
            &mut written
        } else {
            &mut empty
        }
        .push(ink);
    }
    let mean = |v: &[f64]| v.iter().sum::<f64>() / v.len() as f64;
    assert!(
        mean(&written) > mean(&empty) + 20.0,
        "{} vs {}",
        mean(&written),
        mean(&empty)
    );
    for m in &t.geometry.marks {
        let c = t.to_picture(m.x_mm + m.size_mm / 2.0, m.y_mm + m.size_mm / 2.0);
        assert!(grey(&img, c, 3) < 80.0, "a mark is not dark in the picture");
    }
}

#[test]
fn conditions_are_of_a_phone_and_vary() {
    let mut rng = paperboard_games::rng::SplitMix64::new(3);
    let all: Vec<Conditions> = (0..40).map(|_| Conditions::random(&mut rng)).collect();
    assert!(all.iter().all(|c| (1000..=4000).contains(&c.long_side)));
    assert!(all.iter().any(|c| c.long_side < 2000) && all.iter().any(|c| c.long_side > 3000));
    // A pinhole camera leaning up to 30°, out of focus 0.5–2 pixels, and
    // moved while taking some.
    assert!(
        all.iter()
            .all(|c| (0.0..=30.0).contains(&c.camera_tilt_deg))
    );
    assert!(all.iter().any(|c| c.camera_tilt_deg > 20.0));
    assert!(all.iter().all(|c| (0.5..=2.0).contains(&c.blur)));
    assert!(all.iter().any(|c| c.motion_blur > 1.5));
    for q in 0..4 {
        assert!(
            all.iter().any(|c| c.quarter_turns == q),
            "no picture turned {q} quarters"
        );
    }
}

/// How much the picture changes from each pixel to the next, summed: blur
/// lowers it.
fn fine_detail(jpeg: &[u8]) -> f64 {
    let img = image::load_from_memory(jpeg).unwrap().to_luma8();
    let (w, h) = img.dimensions();
    let mut sum = 0.0;
    for y in 0..h {
        for x in 1..w {
            let d = f64::from(img.get_pixel(x, y).0[0]) - f64::from(img.get_pixel(x - 1, y).0[0]);
            sum += d * d;
        }
    }
    sum
}

#[test]
fn each_blur_asked_blurs_the_photo_that_much() {
    // Out of focus by 0.5, 1, 1.5 and 2 pixels: four different pictures,
    // each with less fine detail than the one before (the boxes of a
    // fast approximation blurred the first three alike).
    let sheet = layout(&Spec::template(Template::Ultimate, &[]).unwrap()).unwrap();
    let moves = random_game(&GameSetup::ultimate(Options::default()), 20, 7);
    let digits = Digits::reserved();
    let detail: Vec<f64> = [0.5, 1.0, 1.5, 2.0]
        .into_iter()
        .map(|blur| {
            let c = Conditions {
                long_side: 1200,
                blur,
                noise: 0.0,
                ..mild()
            };
            fine_detail(&photograph(&sheet, &moves, &digits, c, 8).jpeg)
        })
        .collect();
    for pair in detail.windows(2) {
        assert!(pair[1] < pair[0] * 0.9, "{detail:?}");
    }
}

/// FNV-1a of some bytes: a short name for a whole photo.
fn fnv(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |h, &b| {
        (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    })
}

#[test]
fn the_photos_of_earlier_seeds_are_the_same_bytes() {
    // The conditions added later (shadow, low light, writing over the
    // lines, corrections, a sloppy hand) change nothing when off: the
    // photos earlier figures were measured on stay what they were.
    let sheet = layout(&Spec::template(Template::Ultimate, &[]).unwrap()).unwrap();
    let moves = random_game(&GameSetup::ultimate(Options::default()), 30, 4);
    let digits = Digits::reserved();
    let c = Conditions {
        long_side: 900,
        motion_blur: 1.7,
        pencil: Some(0.4),
        ..mild()
    };
    let hashes: Vec<u64> = [
        c,
        Conditions {
            long_side: 900,
            ..mild()
        },
    ]
    .into_iter()
    .map(|c| fnv(&photograph(&sheet, &moves, &digits, c, 12).jpeg))
    .collect();
    // Measured on the generator before those conditions were added.
    assert_eq!(hashes, [18314078165140585047, 1704376082894244674]);
}

#[test]
fn the_added_conditions_change_the_photo_as_they_say() {
    let sheet = layout(&Spec::template(Template::Ultimate, &[]).unwrap()).unwrap();
    let moves = random_game(&GameSetup::ultimate(Options::default()), 30, 7);
    let digits = Digits::reserved();
    let base = Conditions {
        long_side: 800,
        noise: 0.0,
        ..mild()
    };
    let grey_of = |c: Conditions| {
        let p = photograph(&sheet, &moves, &digits, c, 9);
        let img = image::load_from_memory(&p.jpeg).unwrap().to_luma8();
        (img.into_raw(), p.truth.page_corners)
    };
    let (plain, corners) = grey_of(base);
    let share_darker = |other: &[u8], by: u8| {
        let n = plain
            .iter()
            .zip(other)
            .filter(|(a, b)| a.saturating_sub(**b) > by)
            .count();
        n as f64 / plain.len() as f64
    };
    // A shadow darkens part of the picture, not all of it.
    let (shadowed, _) = grey_of(Conditions {
        shadow: 0.5,
        ..base
    });
    let dark = share_darker(&shadowed, 40);
    assert!((0.05..0.6).contains(&dark), "{dark}");
    // Low light: the paper greyer, black lifted, the whole less contrasted.
    let (dim, _) = grey_of(Conditions {
        low_light: 1.0,
        ..base
    });
    let spread = |g: &[u8]| {
        let mut v = g.to_vec();
        v.sort_unstable();
        f64::from(v[v.len() * 99 / 100]) - f64::from(v[v.len() / 100])
    };
    assert!(
        spread(&dim) < spread(&plain) * 0.7,
        "{} {}",
        spread(&dim),
        spread(&plain)
    );
    // The writer's conditions change the writing, not the camera.
    for c in [
        Conditions {
            over_lines: 1.0,
            ..base
        },
        Conditions {
            corrections: 1.0,
            ..base
        },
        Conditions {
            sloppy: 1.0,
            ..base
        },
    ] {
        let (written, at) = grey_of(c);
        assert_eq!(at, corners);
        let changed = plain
            .iter()
            .zip(&written)
            .filter(|(a, b)| a.abs_diff(**b) > 30)
            .count();
        assert!(changed > 300, "{changed}: {c:?}");
    }
}

/// The middle of the ink near `at` in the picture: the dark pixels'
/// centroid in a square `half` pixels each side, twice recentred.
fn ink_centre(img: &image::GrayImage, at: (f64, f64), half: f64) -> (f64, f64) {
    let mut c = at;
    for _ in 0..3 {
        let (mut sx, mut sy, mut n) = (0.0, 0.0, 0.0);
        for y in (c.1 - half) as u32..=(c.1 + half) as u32 {
            for x in (c.0 - half) as u32..=(c.0 + half) as u32 {
                if img.get_pixel(x, y).0[0] < 110 {
                    sx += f64::from(x) + 0.5;
                    sy += f64::from(y) + 0.5;
                    n += 1.0;
                }
            }
        }
        c = (sx / n, sy / n);
    }
    c
}

#[test]
fn a_curled_page_shows_its_lifted_paper_moved() {
    // The bottom edge lifting 3 mm, seen by a camera leaning 20°: each
    // printed mark moves in the picture as the curled truth says it does
    // (the lifted ones by pixels, the others not at all).
    let sheet = layout(&Spec::template(Template::Ultimate, &[]).unwrap()).unwrap();
    let moves = random_game(&GameSetup::ultimate(Options::default()), 20, 7);
    let digits = Digits::reserved();
    let seed = 34;
    let mut rng = paperboard_games::rng::SplitMix64::new(seed);
    let flat = Conditions {
        long_side: 1800,
        noise: 0.0,
        ..Conditions::tilted(20.0, &mut rng)
    };
    let curled = Conditions { curl: 3.0, ..flat };
    let (f, c) = (
        photograph(&sheet, &moves, &digits, flat, seed),
        photograph(&sheet, &moves, &digits, curled, seed),
    );
    let (f_img, c_img) = (
        image::load_from_memory(&f.jpeg).unwrap().to_luma8(),
        image::load_from_memory(&c.jpeg).unwrap().to_luma8(),
    );
    let mut most: f64 = 0.0;
    for m in &c.truth.geometry.marks {
        let (x, y) = (m.x_mm + m.size_mm / 2.0, m.y_mm + m.size_mm / 2.0);
        let (seen, flat_seen) = (c.truth.to_picture(x, y), f.truth.to_picture(x, y));
        let half = 1800.0 / 297.0 * m.size_mm * 0.75;
        let (found, flat_found) = (
            ink_centre(&c_img, seen, half),
            ink_centre(&f_img, flat_seen, half),
        );
        let (moved, said) = (
            (found.0 - flat_found.0, found.1 - flat_found.1),
            (seen.0 - flat_seen.0, seen.1 - flat_seen.1),
        );
        let off = (moved.0 - said.0).hypot(moved.1 - said.1);
        assert!(off < 1.0, "a mark moved {moved:?}, the truth says {said:?}");
        most = most.max(said.0.hypot(said.1));
    }
    // An edge lifting 3 mm some 200 mm from below the camera moves by
    // about 1.5 mm: 9 pixels here.
    assert!(most > 6.0, "the most a mark moved: {most:.1} px");
}

/// The ink in a field cell of the photo: how much darker than paper its
/// middle (the inner 70 %, where an X's strokes and an O's loop run) is.
fn cell_ink(img: &image::GrayImage, t: &photo::Truth, path: &str) -> f64 {
    let cell = t
        .geometry
        .parts
        .iter()
        .flat_map(|p| &p.cells)
        .find(|c| c.path == path)
        .expect("a cell of the field");
    let [x, y, w, h] = cell.rect_mm;
    let mut sum = 0.0;
    let steps = 12;
    for i in 0..steps {
        for j in 0..steps {
            let (u, v) = (
                0.15 + 0.7 * f64::from(i) / f64::from(steps - 1),
                0.15 + 0.7 * f64::from(j) / f64::from(steps - 1),
            );
            sum += 255.0 - grey(img, t.to_picture(x + u * w, y + v * h), 1);
        }
    }
    sum / f64::from(steps * steps)
}

/// A plain 1,600-pixel photo of an Ultimate game of 40 moves, and the
/// same photo in the conditions `change` makes of the plain ones.
fn plain_and(change: impl Fn(Conditions) -> Conditions) -> (photo::Photo, photo::Photo) {
    let sheet = layout(&Spec::template(Template::Ultimate, &[]).unwrap()).unwrap();
    let moves = random_game(&GameSetup::ultimate(Options::default()), 40, 3);
    let digits = Digits::reserved();
    let plain = Conditions {
        long_side: 1600,
        ..Conditions::plain()
    };
    (
        photograph(&sheet, &moves, &digits, plain, 12),
        photograph(&sheet, &moves, &digits, change(plain), 12),
    )
}

/// `wrong_marks`: the moves it names are written in the record as played,
/// but their mark is drawn in the cell it says (a neighbour, or the same
/// cell of another small board), or nowhere; the rest of the photo's
/// random choices stay as they were.
#[test]
fn a_move_marked_wrongly_has_its_mark_where_the_truth_says_and_not_in_its_cell() {
    let (right, wrong) = plain_and(|plain| Conditions {
        wrong_marks: 2,
        ..plain
    });
    assert!(right.truth.wrong_marks.is_empty());
    let t = &wrong.truth;
    assert_eq!(t.wrong_marks.len(), 2, "{:?}", t.wrong_marks);
    assert!(
        t.wrong_marks.iter().any(|w| w.1.is_some()),
        "a mark drawn elsewhere"
    );
    // The record is the same game.
    assert_eq!(t.moves, right.truth.moves);
    let img = image::load_from_memory(&wrong.jpeg).unwrap().to_luma8();
    let before = image::load_from_memory(&right.jpeg).unwrap().to_luma8();
    // An empty cell's ink: the mean of cells no move plays.
    let empty: Vec<f64> = ["1.1", "9.9", "5.5", "3.7"]
        .iter()
        .filter(|c| !t.moves.contains(&c.to_string()))
        .map(|c| cell_ink(&img, t, c))
        .collect();
    let empty = empty.iter().sum::<f64>() / empty.len() as f64;
    for (ply, drawn, how) in &t.wrong_marks {
        let written = &t.moves[*ply as usize - 1];
        assert!(
            cell_ink(&before, t, written) > empty + 6.0,
            "ply {ply}'s cell {written} is marked on the right photo"
        );
        assert!(
            cell_ink(&img, t, written) < empty + 3.0,
            "ply {ply}'s cell {written} is not marked ({how})"
        );
        match (drawn, *how) {
            (None, "missing") => {}
            (Some(cell), "neighbour" | "other board") => {
                assert!(!t.moves.contains(cell), "{cell} is a move's cell");
                assert!(
                    cell_ink(&img, t, cell) > empty + 6.0,
                    "ply {ply}'s mark is drawn in {cell} ({how})"
                );
                let (w, c) = (written.as_bytes(), cell.as_bytes());
                if *how == "neighbour" {
                    assert_eq!(w[0], c[0], "{written} and {cell}: the same small board");
                } else {
                    assert_eq!(w[2], c[2], "{written} and {cell}: the same cell");
                    assert_ne!(w[0], c[0]);
                }
                assert!(t.cells.iter().any(|m| m.0 == *cell));
            }
            other => panic!("{other:?}"),
        }
        assert!(!t.cells.iter().any(|m| m.0 == *written));
    }
}

/// `extra_marks`: stray marks (a doodle, a mark half erased) drawn in
/// cells no move plays, in the truth's cells too; the record and every
/// move's mark stay as they were.
#[test]
fn a_stray_mark_is_drawn_in_a_cell_no_move_plays_and_the_moves_marks_stay() {
    let (before, stray) = plain_and(|plain| Conditions {
        extra_marks: 2,
        ..plain
    });
    assert!(before.truth.extra_marks.is_empty());
    let t = &stray.truth;
    assert_eq!(t.extra_marks.len(), 2, "{:?}", t.extra_marks);
    assert_eq!(t.moves, before.truth.moves);
    let img = image::load_from_memory(&stray.jpeg).unwrap().to_luma8();
    let old = image::load_from_memory(&before.jpeg).unwrap().to_luma8();
    for (cell, mark, how) in &t.extra_marks {
        assert!(!t.moves.contains(cell), "{cell} is a move's cell");
        assert!(t.cells.iter().any(|m| m.0 == *cell && m.2 == *mark));
        let (now, was) = (cell_ink(&img, t, cell), cell_ink(&old, t, cell));
        let least = if *how == "doodle" { 6.0 } else { 1.5 };
        assert!(
            now > was + least,
            "{mark} at {cell} ({how}): ink {was:.1} -> {now:.1}"
        );
    }
    for mv in &t.moves {
        let (now, was) = (cell_ink(&img, t, mv), cell_ink(&old, t, mv));
        assert!(
            (now - was).abs() < 1.0,
            "{mv}'s mark: ink {was:.1} -> {now:.1}"
        );
    }
}
