//! Reading photographed sheets back: synthetic photos of real sheets with
//! real handwriting (see `read/photos.rs`) must give the game that was
//! written, each wrong move flagged; photos that are no readable sheet
//! must give a message, never a game. (The reader's own steps, decoding
//! a photo and finding its code, are tested beside them in the crate:
//! `read::photo_tests`.)

#[path = "../read/photos.rs"]
pub(crate) mod photos;

use paperboard_games::GameSetup;
use paperboard_games::games::random::random_ttt_game;
use paperboard_games::games::ttt::{Move, Options};
use paperboard_games::rng::SplitMix64;
use paperboard_sheets::read::sheet::{join_games, read_photo};

use photos::{Shot, assert_read, page, photograph, play_on};

/// A random Ultimate game of `plies` moves (seeded by `seed`), written on
/// an Ultimate sheet (its field marked too when `field`), and the random
/// source to photograph it with.
fn written_sheet(seed: u64, plies: usize, field: bool) -> (Vec<Move>, photos::Grey, SplitMix64) {
    let mut rng = SplitMix64::new(seed);
    let start = GameSetup::ultimate(Options::default()).ttt_game().unwrap();
    let truth = random_ttt_game(start, &mut rng, Some(plies)).0;
    let (mut sheet, geometry) = page("ultimate", &[]);
    play_on(&mut sheet, &geometry, &truth, field, &mut rng);
    (truth, sheet, rng)
}

/// Reads the photo and decodes its game; panics with the message if it
/// cannot.
fn read_game(jpeg: &[u8]) -> Vec<paperboard_sheets::read::DecodedMove> {
    let sheet = read_photo(jpeg, None).unwrap_or_else(|e| panic!("{e}"));
    let games = join_games(std::slice::from_ref(&sheet));
    assert_eq!(games.len(), 1);
    games[0].1.clone().unwrap_or_else(|e| panic!("{e}")).moves
}

#[test]
fn a_straight_photo_of_an_ultimate_sheet_reads_as_its_game() {
    let (truth, sheet, mut rng) = written_sheet(11, 40, true);
    let jpeg = photograph(&sheet, Shot::plain(), &mut rng);
    let read = read_game(&jpeg);
    let right = assert_read(&truth, &read);
    assert!(right >= 39, "{right} of 40 right");
}

#[test]
fn a_rotated_skewed_unevenly_lit_photo_reads_too() {
    let (truth, sheet, mut rng) = written_sheet(12, 30, true);
    for angle in [2.0f64, std::f64::consts::PI + 0.2] {
        let shot = Shot {
            angle,
            skew: 0.03,
            light: 0.65,
            noise: 8.0,
            quality: 70,
            long_side: 2600,
        };
        let jpeg = photograph(&sheet, shot, &mut rng);
        let read = read_game(&jpeg);
        let right = assert_read(&truth, &read);
        assert!(right >= 28, "{right} of 30 right at angle {angle}");
    }
}

#[test]
fn the_record_text_marks_doubtful_moves_and_checks() {
    // The record only: no field to help.
    let (truth, sheet, mut rng) = written_sheet(13, 12, false);
    let jpeg = photograph(&sheet, Shot::plain(), &mut rng);
    let sheet = read_photo(&jpeg, None).unwrap();
    assert!(sheet.code.starts_with("PB1 t=ultimate "), "{}", sheet.code);
    let games = join_games(std::slice::from_ref(&sheet));
    let game = games[0].1.as_ref().unwrap();
    assert!(
        game.record.starts_with("[Game \"ultimate\"]\n"),
        "{}",
        game.record
    );
    let doubtful = game.moves.iter().filter(|m| m.uncertain).count();
    assert_eq!(game.record.matches("{?}").count(), doubtful);
    let parsed = paperboard_games::record::parse(&game.record).unwrap();
    assert_eq!(parsed.len(), 1);
    assert_eq!(parsed[0].moves.len(), truth.len());
}

#[test]
fn the_command_prints_the_record_and_its_check() {
    let (truth, sheet, mut rng) = written_sheet(14, 10, true);
    let jpeg = photograph(&sheet, Shot::plain(), &mut rng);
    let dir = tempfile::tempdir().unwrap();
    let photo = crate::common::hostile::write(dir.path(), "game.jpg", &jpeg);
    let record = dir.path().join("game.txt");
    let out = crate::common::read(&[photo.as_os_str(), "-o".as_ref(), record.as_os_str()]);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(stdout.contains("10 moves"), "{stdout}");
    let written = std::fs::read_to_string(&record).unwrap();
    let expected = paperboard_games::internals::ttt_moves_text(&truth);
    let plain: String = written.replace(" {?}", "");
    assert!(plain.ends_with(&expected), "{written}\nvs\n{expected}");
    // JSON, as the issue shows it.
    let doc = crate::common::read_json(&photo);
    let game = &doc["games"][0];
    assert_eq!(game["moves"].as_array().unwrap().len(), 10);
    assert_eq!(game["moves"][0]["text"], truth[0].to_string());
    assert!(game["check"].is_object(), "{game}");
    // A file that is no image: the message names it, exit 2.
    let bad = crate::common::hostile::write(dir.path(), "notes.jpg", b"hello");
    let out = crate::common::read(&[bad.as_os_str()]);
    assert_eq!(out.status.code(), Some(2));
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        stdout.contains("notes.jpg: this is not a JPEG or PNG image"),
        "{stdout}"
    );
}

/// The photo the docs read (`examples/photos/ultimate.jpg`) is a photograph
/// of today's Ultimate sheet: it reads back as the game written on it.
/// After a change to the sheet, `PAPERBOARD_BLESS=1` takes it again.
#[test]
fn the_example_photo_reads_as_its_game() {
    let path =
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("examples/photos/ultimate.jpg");
    let (truth, sheet, mut rng) = written_sheet(2026, 40, true);
    if std::env::var_os("PAPERBOARD_BLESS").is_some() {
        let jpeg = photograph(&sheet, Shot::random(&mut rng), &mut rng);
        std::fs::write(&path, jpeg).unwrap();
    }
    let jpeg = std::fs::read(&path).unwrap();
    let read = read_game(&jpeg);
    assert_eq!(assert_read(&truth, &read), truth.len());
}
