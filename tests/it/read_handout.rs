//! Reading a handout's game sheet back: its code holds the hash of the
//! sheet as the handout lays it out under its header, and the copy number,
//! so `read --spec HANDOUT.toml` (the handout spec itself) makes it again.

use paperboard_games::GameSetup;

use paperboard_games::games::random::random_ttt_game;
use paperboard_games::rng::SplitMix64;
use paperboard_sheets::handout::{PageRole, build, spec::parse};
use paperboard_sheets::internals::game_sheet_spec;
use paperboard_sheets::read::sheet::{join_games, read_photo};

use crate::read_photo::photos::{Shot, grey_page, photograph, play_on};

#[test]
fn a_handout_copy_reads_back_with_the_handout_spec() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let handout_path = root.join("examples/handouts/ultimate-de.toml");
    let text = std::fs::read_to_string(&handout_path).unwrap();
    let spec = parse("ultimate-de.toml", &text).unwrap();
    let handout = build(&spec).unwrap();
    // The 7th copy, as printed (header, footer and all).
    let index = handout
        .plan
        .iter()
        .position(|r| *r == PageRole::Sheet { copy: 7 })
        .unwrap();
    let mut sheet = grey_page(&handout.document.pages[index], &handout.document.metadata);
    let laid = paperboard_sheets::layout::layout(&game_sheet_spec(&spec).unwrap())
        .unwrap()
        .with_copy(7);
    let geometry = paperboard_sheets::layout::geometry(&laid);
    let code = geometry.code.as_ref().unwrap().text.clone();
    assert!(code.contains(" c=7"), "{code}");
    assert!(code.contains(" h="), "{code}");

    let options = game_sheet_spec(&spec).unwrap().options();
    let mut rng = SplitMix64::new(77);
    let moves = random_ttt_game(
        GameSetup::ultimate(options).ttt_game().unwrap(),
        &mut rng,
        Some(20),
    )
    .0;
    play_on(&mut sheet, &geometry, &moves, true, &mut rng);
    let jpeg = photograph(&sheet, Shot::random(&mut rng), &mut rng);

    // Without the spec: the message says to give it.
    let e = read_photo(&jpeg, None).map(|_| ()).unwrap_err();
    assert_eq!(e.code(), "spec-needed", "{e}");
    assert!(e.to_string().contains("--spec"), "{e}");

    // With the handout spec: the sheet, its copy and its game.
    let read = read_photo(&jpeg, Some(&text)).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(read.code, code);
    let games = join_games(std::slice::from_ref(&read));
    let game = games[0].1.as_ref().unwrap();
    assert_eq!(game.moves.len(), moves.len());
    for (d, t) in game.moves.iter().zip(&moves) {
        assert!(d.mv == *t || d.uncertain, "{} for {t}", d.mv);
    }
    // The handout's rules (preset "common") are the record's.
    assert!(game.record.contains("[Draws \"none\"]"), "{}", game.record);

    // Another handout's spec is refused with a message, not misread.
    let other = std::fs::read_to_string(root.join("examples/handouts/tictactoe-th.toml")).unwrap();
    let e = read_photo(&jpeg, Some(&other)).map(|_| ()).unwrap_err();
    assert_eq!(e.code(), "unknown-sheet", "{e}");
    // Why, typed (before, its English text): the other handout prints
    // other sheets.
    let paperboard_sheets::read::sheet::ReadError::Code { reason, .. } = &e else {
        panic!("{e:?}");
    };
    assert!(
        matches!(
            **reason,
            paperboard_sheets::read::sheet::SheetOfCodeError::OtherHandout { .. }
                | paperboard_sheets::read::sheet::SheetOfCodeError::HandoutWithoutCode
        ),
        "{reason:?}"
    );

    // The command, as the docs write it.
    let dir = tempfile::tempdir().unwrap();
    let photo = dir.path().join("copy7.jpg");
    std::fs::write(&photo, &jpeg).unwrap();
    let out = crate::common::paperboard()
        .args(["read", "--json", "--spec"])
        .arg(&handout_path)
        .arg(&photo)
        .output()
        .unwrap();
    let doc: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(doc["games"][0]["sheet"], code.as_str(), "{doc}");
    assert_eq!(
        doc["games"][0]["moves"].as_array().unwrap().len(),
        moves.len()
    );
}
