//! A photo in the generator's hardest writing conditions at once — a
//! sloppy writer who corrects moves, writes over the box lines, in a
//! hand's shadow and dim light, a little out of focus — comes back with
//! every move right or flagged for a person to check, and a legal game:
//! never a confident wrong move, though its boxes alone misread digits. The figures over many photos are
//! measured by `cargo bench --bench read_conditions`; this seed was used
//! by none of its sets.

use crate::read_photo_maker::photo::{Conditions, Digits, photograph, random_game};
use paperboard_games::GameSetup;
use paperboard_games::games::ttt::Options;
use paperboard_games::rng::SplitMix64;
use paperboard_sheets::layout::layout;
use paperboard_sheets::read::BoxContent;
use paperboard_sheets::read::sheet::{join_games, read_photo};
use paperboard_sheets::spec::{Spec, Template};

#[test]
fn a_sloppy_writers_corrected_sheet_in_shadow_has_no_move_wrong_without_a_flag() {
    let seed = 33001;
    let mut rng = SplitMix64::new(seed);
    let conditions = Conditions {
        long_side: 1600,
        blur: 0.6,
        shadow: 0.45,
        low_light: 0.6,
        over_lines: 0.3,
        corrections: 0.15,
        sloppy: 0.9,
        ..Conditions::tilted(0.0, &mut rng)
    };
    let sheet = layout(&Spec::template(Template::Ultimate, &[]).unwrap()).unwrap();
    let moves = random_game(&GameSetup::ultimate(Options::default()), 40, seed);
    let p = photograph(&sheet, &moves, &Digits::reserved(), conditions, seed);
    let read = read_photo(&p.jpeg, None).unwrap_or_else(|e| panic!("{e}"));
    let games = join_games(std::slice::from_ref(&read));
    let game = games[0].1.as_ref().unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(game.moves.len(), moves.len(), "{}", game.record);
    let mut replay = GameSetup::ultimate(Options::default()).ttt_game().unwrap();
    for (read, written) in game.moves.iter().zip(&moves) {
        assert!(
            read.mv == *written || read.uncertain,
            "{} read for {written} without a flag",
            read.mv
        );
        replay.play(read.mv).expect("the game read is legal");
    }
    // The conditions are hard: the boxes alone misread digits, which the
    // field and the rules put right or flag.
    let misread = read
        .reading
        .plies
        .iter()
        .zip(&moves)
        .flat_map(|(ply, mv)| ply.boxes.iter().zip(mv.path()))
        .filter(|(b, d)| b.best().0 != BoxContent::Digit(**d))
        .count();
    assert!(misread > 0, "{}", game.record);
}
