//! Several sheets read together: each photo of a game is that game, and
//! only sheets that provably hold one game (a continuation sheet whose
//! first row follows the other's last) are joined; every photo or page
//! given comes back as a game, a part of one, or a reason (`unread`) — on
//! the command line, from a scanned PDF and through `POST /api/read`.

use std::path::{Path, PathBuf};

use lopdf::{Stream, dictionary};
use paperboard_games::games::random::random_ttt_game;
use paperboard_games::games::ttt::Move;
use paperboard_games::rng::SplitMix64;
use paperboard_sheets::spec::{Set, Spec, Template};
use serde_json::Value;

use crate::common::scan_pdf::pdf_of;
use crate::common::web::Server;
use crate::read_photo::photos::{Shot, page, photograph, play_on};

/// The record's moves as `record::write` writes them.
fn moves_text(moves: &[Move]) -> String {
    paperboard_games::internals::ttt_moves_text(moves)
}

/// A photo of a built-in `template` (with `sets`) with `moves` written on
/// it (the field marked too), taken plainly.
fn photo_of(template: &str, sets: &[Set], moves: &[Move], seed: u64) -> Vec<u8> {
    let (mut sheet, geometry) = page(template, sets);
    let mut rng = SplitMix64::new(seed);
    play_on(&mut sheet, &geometry, moves, true, &mut rng);
    photograph(&sheet, Shot::plain(), &mut rng)
}

/// A random game of `template`'s game under its rules.
fn game_for(template: &str, plies: usize, seed: u64) -> Vec<Move> {
    let spec = Spec::template(Template::from_name(template).unwrap(), &[]).unwrap();
    let setup = match template {
        "ultimate" => paperboard_games::GameSetup::ultimate(spec.options()),
        _ => {
            paperboard_sheets::internals::game_of(&spec, None).expect("a tic-tac-toe family sheet")
        }
    };
    let mut rng = SplitMix64::new(seed);
    random_ttt_game(setup.ttt_game().unwrap(), &mut rng, Some(plies)).0
}

/// `paperboard read --json` of `files`: exit status and the document.
fn read_json(dir: &Path, files: &[&str]) -> (Option<i32>, Value) {
    let out = crate::common::paperboard()
        .args(["read", "--json"])
        .args(files)
        .current_dir(dir)
        .output()
        .unwrap();
    let doc = serde_json::from_slice(&out.stdout)
        .unwrap_or_else(|e| panic!("{e}: {}", String::from_utf8_lossy(&out.stdout)));
    (out.status.code(), doc)
}

/// Each game's record ends with the moves written on its photo.
fn assert_games(doc: &Value, expected: &[(&str, &[Move])]) {
    let games = doc["games"].as_array().unwrap();
    assert_eq!(games.len(), expected.len(), "{doc}");
    for (game, (image, moves)) in games.iter().zip(expected) {
        assert_eq!(game["image"], *image, "{game}");
        let record = game["record"].as_str().unwrap().replace(" {?}", "");
        assert!(record.ends_with(&moves_text(moves)), "{record}");
    }
}

fn write(dir: &Path, name: &str, bytes: &[u8]) -> PathBuf {
    let path = dir.join(name);
    std::fs::write(&path, bytes).unwrap();
    path
}

#[test]
fn photos_of_different_games_on_one_sheet_are_each_their_game() {
    // Three copies of the built-in Ultimate sheet (one code), three games,
    // and a copy left blank.
    let games: Vec<Vec<Move>> = (0..3).map(|i| game_for("ultimate", 8, 300 + i)).collect();
    let jpegs: Vec<Vec<u8>> = games
        .iter()
        .zip(0..)
        .map(|(g, i)| photo_of("ultimate", &[], g, 310 + i))
        .collect();
    let blank = photo_of("ultimate", &[], &[], 320);
    let dir = tempfile::tempdir().unwrap();
    for (name, jpeg) in ["a.jpg", "b.jpg", "c.jpg"].iter().zip(&jpegs) {
        write(dir.path(), name, jpeg);
    }
    write(dir.path(), "blank.jpg", &blank);

    // The command line: three games, the blank sheet not read, and why.
    let (status, doc) = read_json(dir.path(), &["a.jpg", "b.jpg", "blank.jpg", "c.jpg"]);
    assert_eq!(status, Some(2), "{doc}");
    assert_games(
        &doc,
        &[
            ("a.jpg", &games[0]),
            ("b.jpg", &games[1]),
            ("c.jpg", &games[2]),
        ],
    );
    for game in doc["games"].as_array().unwrap() {
        assert_eq!(game["images"], serde_json::json!([game["image"]]));
    }
    let unread = doc["unread"].as_array().unwrap();
    assert_eq!(unread.len(), 1, "{doc}");
    assert_eq!(unread[0]["image"], "blank.jpg");
    assert_eq!(unread[0]["code"], "blank-sheet");
    let out = crate::common::paperboard()
        .args(["read", "a.jpg", "blank.jpg"])
        .current_dir(dir.path())
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("; read from a.jpg: 8 moves"), "{text}");
    assert!(text.contains("blank.jpg: nothing is written"), "{text}");
    assert!(
        text.contains("2 photos or pages: 1 game, 1 not read"),
        "{text}"
    );

    // Two of the photos and the blank one scanned into one PDF, a page
    // each.
    let pages: Vec<Option<Stream>> = jpegs[..2]
        .iter()
        .chain([&blank])
        .map(|jpeg| {
            let img = image::load_from_memory(jpeg).unwrap();
            Some(Stream::new(
                dictionary! {"Type" => "XObject", "Subtype" => "Image",
                "Width" => i64::from(img.width()), "Height" => i64::from(img.height()),
                "ColorSpace" => "DeviceRGB", "BitsPerComponent" => 8, "Filter" => "DCTDecode"},
                jpeg.clone(),
            ))
        })
        .collect();
    write(dir.path(), "class.pdf", &pdf_of(pages));
    let (status, doc) = read_json(dir.path(), &["class.pdf"]);
    assert_eq!(status, Some(2), "{doc}");
    assert_games(
        &doc,
        &[
            ("class.pdf#page=1", &games[0]),
            ("class.pdf#page=2", &games[1]),
        ],
    );
    assert_eq!(doc["unread"][0]["image"], "class.pdf#page=3", "{doc}");

    // Through the web: two photos, two games, each naming its photo.
    let s = Server::start(&[]);
    let mut body = jpegs[0].clone();
    body.extend_from_slice(&jpegs[1]);
    let r = s.post(
        &format!(
            "/api/read?sizes={},{}&name=a.jpg&name=b.jpg",
            jpegs[0].len(),
            jpegs[1].len()
        ),
        "application/octet-stream",
        &body,
    );
    assert_eq!(r.status, 200, "{}", r.text());
    let doc = r.json();
    assert_games(&doc, &[("a.jpg", &games[0]), ("b.jpg", &games[1])]);
    assert_eq!(doc["games"][0]["photos"], serde_json::json!([1]));
    assert_eq!(doc["games"][1]["photos"], serde_json::json!([2]));
    assert_eq!(doc["unread"], serde_json::json!([]));
}

#[test]
fn a_strategic_sheet_and_its_record_continuation_are_one_game() {
    let template = "strategic-functional";
    let (_, geometry) = page(template, &[]);
    let rows = geometry
        .parts
        .iter()
        .flat_map(|p| p.boxes.iter().map(|b| b.ply))
        .max()
        .unwrap();
    // A game longer than the sheet's record.
    let game = (400..)
        .map(|seed| game_for(template, rows as usize + 6, seed))
        .find(|g| g.len() > rows as usize + 2)
        .unwrap();
    // The record page numbered on from the sheet: `records.start` counts
    // rows of two moves.
    let start: Set = format!("records.start={}", rows / 2 + 1).parse().unwrap();
    let first = photo_of(template, &[], &game, 410);
    let more = photo_of("strategic-record", &[start], &game, 411);
    let blank = photo_of(template, &[], &[], 412);
    let dir = tempfile::tempdir().unwrap();
    write(dir.path(), "game.jpg", &first);
    write(dir.path(), "more.jpg", &more);
    write(dir.path(), "blank.jpg", &blank);

    // Given in any order, the two are one game.
    let (status, doc) = read_json(dir.path(), &["more.jpg", "game.jpg"]);
    assert_ne!(status, Some(2), "{doc}");
    assert_games(&doc, &[("game.jpg + more.jpg", &game)]);
    assert_eq!(
        doc["games"][0]["images"],
        serde_json::json!(["game.jpg", "more.jpg"])
    );

    // The continuation alone: refused, saying why.
    let (status, doc) = read_json(dir.path(), &["more.jpg"]);
    assert_eq!(status, Some(2));
    assert_eq!(doc["unread"][0]["code"], "missing-start", "{doc}");

    // A blank Strategic sheet is nothing written: refused, exit 2.
    let (status, doc) = read_json(dir.path(), &["blank.jpg"]);
    assert_eq!(status, Some(2), "{doc}");
    assert_eq!(doc["games"], serde_json::json!([]));
    let code = doc["unread"][0]["code"].as_str().unwrap();
    assert!(["blank-sheet", "no-record"].contains(&code), "{doc}");
}

/// A game of `template` whose move `ply` (from 1) is illegal: the legal
/// game before it, then a move into an empty cell that the rules do not
/// allow there, then three more moves into empty cells, as players go on
/// writing when no one notices.
fn game_with_illegal_move(template: &str, ply: usize, seed: u64) -> Vec<Move> {
    let spec = Spec::template(Template::from_name(template).unwrap(), &[]).unwrap();
    let setup =
        paperboard_sheets::internals::game_of(&spec, None).expect("a tic-tac-toe family sheet");
    let mut rng = SplitMix64::new(seed);
    let mut moves = random_ttt_game(setup.ttt_game().unwrap(), &mut rng, Some(ply + 3)).0;
    assert!(moves.len() >= ply, "seed {seed}: the game ended early");
    crate::read_photo::photos::write_illegal(&setup, &mut moves, ply, &mut rng);
    moves
}

/// A move written clearly stays as written: the check of the record read
/// reports a written illegal move at its ply, as it reports the record
/// typed, never a legal game the reader bent it into. Four Ultimate and
/// four Strategic games; seeds and plies drawn once, not tuned.
///
/// The aim is 7 of 8 (issue 32), and the test holds it. Before the search
/// weighed a game stopping at a row read less plainly against one
/// stopping at the next clearly written row, 4 were: the decoder bent the
/// illegal move, whose own digits were misread, into a legal one, and
/// reported the error a ply or two later. (Before the decoder stopped at
/// a clearly written move at all, none were.)
#[test]
fn a_written_illegal_move_is_reported_at_its_ply() {
    let cases: Vec<(&str, usize, u64)> = (0..8u64)
        .map(|i| {
            let template = if i % 2 == 0 {
                "ultimate"
            } else {
                "strategic-functional"
            };
            (template, 5 + (i as usize * 7) % 23, 9100 + i)
        })
        .collect();
    let mut right = 0;
    let mut report = Vec::new();
    for &(template, ply, seed) in &cases {
        let moves = game_with_illegal_move(template, ply, seed);
        let (mut sheet, geometry) = page(template, &[]);
        let mut rng = SplitMix64::new(seed);
        play_on(&mut sheet, &geometry, &moves, true, &mut rng);
        let jpeg = photograph(&sheet, Shot::random(&mut rng), &mut rng);
        let read = paperboard_sheets::read::sheet::read_photo(&jpeg, None)
            .unwrap_or_else(|e| panic!("{template} {seed}: {e}"));
        let games = paperboard_sheets::read::sheet::join_games(std::slice::from_ref(&read));
        let game = games[0].1.as_ref().unwrap_or_else(|e| panic!("{e}"));
        // The record as the players wrote it, typed: what check says of it.
        let header = &game.record[..game.record.find("\n1.").unwrap() + 1];
        let typed = format!("{header}{}", moves_text(&moves));
        let first_error = |record: &str| {
            let checked = paperboard_games::check::check_source("sheet", record.as_bytes(), None);
            checked.games[0].report.errors.first().map(|e| {
                let n = e.move_number.unwrap_or(0) as usize;
                let at = if e.player.as_deref() == Some("O") {
                    2 * n
                } else {
                    2 * n - 1
                };
                (at, e.text.clone(), e.code)
            })
        };
        let expected = first_error(&typed);
        assert_eq!(expected.as_ref().map(|e| e.0), Some(ply), "{typed}");
        let found = first_error(&game.record.replace(" {?}", ""));
        right += usize::from(found == expected);
        report.push(format!(
            "{template} seed {seed}: written illegal at {ply} ({}), reported {found:?}",
            moves[ply - 1]
        ));
    }
    assert!(
        right * 8 >= cases.len() * 7,
        "{right} of {} reported at the written ply:\n{}",
        cases.len(),
        report.join("\n")
    );
}

/// A record written in light pencil (the writing at `share` of the ink's
/// darkness, 28–38 % grey) reads as the game written, not as an empty
/// sheet.
#[test]
fn a_record_in_light_pencil_is_read() {
    let moves = game_for("ultimate", 24, 500);
    let (blank, geometry) = page("ultimate", &[]);
    let mut sheet = crate::read_photo::photos::Grey {
        width: blank.width,
        height: blank.height,
        pixels: blank.pixels.clone(),
    };
    let mut rng = SplitMix64::new(501);
    play_on(&mut sheet, &geometry, &moves, true, &mut rng);
    let share = 0.4;
    for (p, &b) in sheet.pixels.iter_mut().zip(&blank.pixels) {
        *p = (f64::from(b) - (f64::from(b) - f64::from(*p)) * share).round() as u8;
    }
    let jpeg = photograph(&sheet, Shot::plain(), &mut rng);
    let read = paperboard_sheets::read::sheet::read_photo(&jpeg, None).unwrap();
    let games = paperboard_sheets::read::sheet::join_games(std::slice::from_ref(&read));
    let game = games[0].1.as_ref().unwrap_or_else(|e| panic!("{e}"));
    let right = crate::read_photo::photos::assert_read(&moves, &game.moves);
    assert!(right >= 22, "{right} of {} right", moves.len());
}
