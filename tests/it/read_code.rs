//! A Strategic sheet's code blurred at 12 MP: the code (33 modules in
//! 15 mm, about 4.5 pixels each) under the phone mix's 1–2 pixels of blur
//! was lost on about one photo in ten, and the sheet refused as
//! `code-unreadable`, though its four marks showed. The photo is the
//! benchmark's `phone mix` of tune seed 30000 (`GAME=strategic LONG=4000
//! SEED=30000 cargo bench --bench read_conditions`), its conditions
//! written out here.

use crate::read_photo_maker::photo::{Conditions, Digits, photograph, random_game};
use paperboard_sheets::internals::game_of;
use paperboard_sheets::layout::layout;
use paperboard_sheets::read::sheet::{join_games, read_photo};
use paperboard_sheets::spec::{Spec, Template};

#[test]
fn a_strategic_sheets_blurred_code_at_12_mp_is_read() {
    let seed = 30000;
    let conditions = Conditions {
        long_side: 4000,
        quarter_turns: 1,
        tilt_deg: 2.1517763630071385,
        camera_tilt_deg: 10.136745304430764,
        camera_azimuth_deg: 197.6980684112523,
        light: 0.2073628167467422,
        blur: 1.8885317,
        motion_blur: 0.7414230430544566,
        noise: 5.6357776304856575,
        jpeg_quality: 77,
        over_lines: 0.1,
        corrections: 0.03,
        sloppy: 0.5729301091208181,
        ..Conditions::plain()
    };
    let spec = Spec::template(Template::StrategicFunctional, &[]).unwrap();
    let sheet = layout(&spec).unwrap();
    let setup = game_of(&spec, None).expect("a game's sheet");
    let moves = random_game(&setup, 40, seed);
    let p = photograph(&sheet, &moves, &Digits::reserved(), conditions, seed);
    let read = read_photo(&p.jpeg, None).unwrap_or_else(|e| panic!("{}: {e}", e.code()));
    assert!(
        read.code.contains("t=strategic-functional"),
        "{}",
        read.code
    );
    let games = join_games(std::slice::from_ref(&read));
    let game = games[0].1.as_ref().unwrap_or_else(|e| panic!("{e}"));
    let right = game
        .moves
        .iter()
        .zip(&p.truth.moves)
        .filter(|(m, written)| m.mv.to_string() == **written)
        .count();
    assert_eq!(right, moves.len(), "{}", game.record);
}
