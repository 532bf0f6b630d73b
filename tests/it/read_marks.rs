//! The Strategic game sheets where room is short print their marks and
//! code too, giving up record rows for them: a handout's copies under
//! their header, and the sheet on US Letter. Each is photographed with a
//! game written on it and read back as that game under its ruleset, and a
//! game longer than the Letter sheet's record goes on on its record sheet
//! and is read as one game.

use paperboard_games::games::random::random_ttt_game;
use paperboard_games::games::ttt::Move;
use paperboard_games::rng::SplitMix64;
use paperboard_sheets::handout::{PageRole, build, spec::parse};
use paperboard_sheets::internals::game_sheet_spec;
use paperboard_sheets::layout::{SheetGeometry, geometry, layout};
use paperboard_sheets::read::sheet::{GameRead, ReadSheet, join_games, read_photo};
use paperboard_sheets::spec::{Set, Spec, Template};

use crate::common::web::Server;
use crate::read_photo::photos::{Shot, grey_page, page, photograph, play_on};

/// A random functional Strategic game under the authors' rules (the
/// sheets' own) of at most `plies` moves.
pub(crate) fn strategic_game(plies: usize, seed: u64) -> Vec<Move> {
    let spec = Spec::template(Template::StrategicFunctional, &[]).unwrap();
    let setup =
        paperboard_sheets::internals::game_of(&spec, None).expect("a tic-tac-toe family sheet");
    let mut rng = SplitMix64::new(seed);
    random_ttt_game(setup.ttt_game().unwrap(), &mut rng, Some(plies)).0
}

/// The last ply a sheet's record has a box for.
pub(crate) fn last_ply(g: &SheetGeometry) -> u32 {
    g.parts
        .iter()
        .flat_map(|p| p.boxes.iter().map(|b| b.ply))
        .max()
        .unwrap()
}

/// The one game the sheets read make, checked to be `moves` (every move
/// right or flagged) under the functional ruleset.
fn assert_game(sheets: &[ReadSheet], moves: &[Move]) -> GameRead {
    let games = join_games(sheets);
    assert_eq!(games.len(), 1, "{} games", games.len());
    let game = games[0].1.clone().unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(game.moves.len(), moves.len(), "{}", game.record);
    let right = game
        .moves
        .iter()
        .zip(moves)
        .filter(|(d, t)| d.mv == **t)
        .count();
    for (d, t) in game.moves.iter().zip(moves) {
        assert!(d.mv == *t || d.uncertain, "{} read for {t}", d.mv);
    }
    assert!(right * 10 >= moves.len() * 9, "{right} of {}", moves.len());
    assert!(
        game.record.contains("[Game \"strategic\"]"),
        "{}",
        game.record
    );
    assert!(
        game.record.contains("[Ruleset \"functional\"]"),
        "{}",
        game.record
    );
    game
}

#[test]
fn strategic_handouts_on_a4_and_letter_print_marks_and_code_in_every_language() {
    use paperboard_sheets::language::Language;
    for language in Language::ALL {
        for paper in ["A4", "Letter"] {
            let text = format!(
                "[handout]\ngame = \"strategic\"\nlanguage = \"{language}\"\ncopies = 1\n\
                 [page]\nsize = \"{paper}\"\n[worksheet]\nexercises = 0\n"
            );
            let spec = parse("h.toml", &text).unwrap();
            build(&spec).unwrap_or_else(|e| panic!("{language} {paper}: {e}"));
            let g = geometry(&layout(&game_sheet_spec(&spec).unwrap()).unwrap());
            assert_eq!(g.marks.len(), 4, "{language} {paper}");
            assert!(g.code.is_some(), "{language} {paper}");
            // The rest of a long game goes on on a record sheet.
            assert!(last_ply(&g) >= 2 * 4 * 15, "{language} {paper}");
        }
    }
}

#[test]
fn a_strategic_handout_copy_prints_its_marks_and_code_and_reads_back() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(root.join("examples/handouts/strategic-ru.toml")).unwrap();
    let spec = parse("strategic-ru.toml", &text).unwrap();
    let handout = build(&spec).unwrap();
    let index = handout
        .plan
        .iter()
        .position(|r| *r == PageRole::Sheet { copy: 2 })
        .unwrap();
    let laid = layout(&game_sheet_spec(&spec).unwrap())
        .unwrap()
        .with_copy(2);
    let g = geometry(&laid);
    assert_eq!(g.marks.len(), 4, "the handout's sheet has its marks");
    let code = g.code.as_ref().expect("and its code").text.clone();
    assert!(code.contains(" c=2") && code.contains(" l=ru"), "{code}");

    let moves = strategic_game(40, 34);
    let mut sheet = grey_page(&handout.document.pages[index], &handout.document.metadata);
    let mut rng = SplitMix64::new(35);
    play_on(&mut sheet, &g, &moves, true, &mut rng);
    let jpeg = photograph(&sheet, Shot::random(&mut rng), &mut rng);

    // The library, with the handout spec.
    let read = read_photo(&jpeg, Some(&text)).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(read.code, code);
    assert_game(std::slice::from_ref(&read), &moves);

    // The web page's route, the handout spec sent before the photo.
    let s = Server::start(&[]);
    let mut body = text.clone().into_bytes();
    body.extend_from_slice(&jpeg);
    let r = s.post(
        &format!(
            "/api/read?spec={}&spec_name=strategic-ru.toml&name=copy2.jpg",
            text.len()
        ),
        "application/octet-stream",
        &body,
    );
    assert_eq!(r.status, 200, "{}", r.text());
    let doc = r.json();
    assert_eq!(doc["games"].as_array().unwrap().len(), 1, "{doc}");
    assert_eq!(doc["games"][0]["sheet"], code.as_str(), "{doc}");
    let record = doc["games"][0]["record"].as_str().unwrap();
    assert!(record.contains("[Ruleset \"functional\"]"), "{record}");
    assert_eq!(doc["unread"], serde_json::json!([]), "{doc}");
}

#[test]
fn strategic_on_letter_prints_its_marks_and_code_and_a_long_game_goes_on() {
    let letter: Set = "page.size=Letter".parse().unwrap();
    let (mut sheet, g) = page("strategic-functional", std::slice::from_ref(&letter));
    assert_eq!(g.marks.len(), 4, "the Letter sheet has its marks");
    let code = g.code.as_ref().expect("and its code").text.clone();
    assert!(code.contains(" p=Letter"), "{code}");
    let last = last_ply(&g);
    // A game longer than the sheet's record, which goes on on the record
    // sheet from the row the sheet's note names.
    let moves = (500..)
        .map(|seed| strategic_game(last as usize + 6, seed))
        .find(|m| m.len() > last as usize + 2)
        .unwrap();
    let mut rng = SplitMix64::new(36);
    play_on(&mut sheet, &g, &moves, true, &mut rng);
    let first = photograph(&sheet, Shot::plain(), &mut rng);
    let start: Set = format!("records.start={}", last / 2 + 1).parse().unwrap();
    let (mut more, g2) = page("strategic-record", &[letter, start]);
    assert_eq!(g2.marks.len(), 4);
    play_on(&mut more, &g2, &moves, false, &mut rng);
    let second = photograph(&more, Shot::plain(), &mut rng);

    let sheets: Vec<ReadSheet> = [&second, &first]
        .iter()
        .map(|jpeg| read_photo(jpeg, None).unwrap_or_else(|e| panic!("{e}")))
        .collect();
    assert_eq!(sheets[1].code, code);
    assert_game(&sheets, &moves);
}

#[test]
fn a_sheet_that_cannot_keep_its_marks_says_its_photo_cannot_be_read() {
    let dir = tempfile::tempdir().unwrap();
    let render = |sets: &[&str]| {
        let out = crate::common::paperboard()
            .args([
                "render",
                "strategic-functional",
                "--page",
                "Letter",
                "-o",
                "s.pdf",
            ])
            .args(sets.iter().flat_map(|s| ["--set", s]))
            .current_dir(dir.path())
            .output()
            .unwrap();
        assert!(out.status.success(), "{out:?}");
        String::from_utf8(out.stderr).unwrap()
    };
    // The Letter sheet keeps its marks: nothing to say.
    assert!(!render(&[]).contains("warning"));
    // Its rows fixed at the authors' 21, the record cannot give any up.
    let said = render(&["records.rows=21"]);
    assert!(
        said.contains("without its alignment marks and code")
            && said.contains("cannot be read back"),
        "{said}"
    );
}
