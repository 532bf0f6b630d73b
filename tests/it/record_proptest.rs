//! Random legal games, written as records and read back, check clean with the
//! engine's result; one corrupted move is reported at that move.

use paperboard_games::GameSetup;
use paperboard_games::check::{GameOutcome, GameReport, Status, check_source};
use paperboard_games::games::random::{SosStyle, random_sos_game, random_ttt_game};
use paperboard_games::games::sos::{SosConfig, SosGame, SosOutcome, SosVariant, player_letter};
use paperboard_games::games::ttt::{Decided, Mark, Move, NoReturn, Options, Outcome, Ruleset};
use paperboard_games::internals::{sos_moves_text, ttt_moves_text};
use paperboard_games::maps::{hmap2, map34};
use paperboard_games::record::parse;
use paperboard_games::record::write::tags_text;
use paperboard_games::rng::SplitMix64;
use proptest::prelude::*;

/// The configurations tried: the game under its options, and the tags
/// that say so.
fn config(which: usize) -> (GameSetup, Vec<(&'static str, String)>) {
    let s = |v: &str| v.to_string();
    let opts = |open: bool, no_return: bool| Options {
        decided: if open { Decided::Open } else { Decided::Closed },
        no_return: if no_return {
            NoReturn::Yes
        } else {
            NoReturn::No
        },
        ..Options::default()
    };
    match which {
        0 => (
            GameSetup::tictactoe(opts(true, false)),
            vec![("Game", s("tictactoe"))],
        ),
        1 => (
            GameSetup::ultimate(opts(true, false)),
            vec![("Game", s("ultimate"))],
        ),
        2 => (
            GameSetup::ultimate(opts(false, true)),
            vec![
                ("Game", s("ultimate")),
                ("PlayInDecided", s("no")),
                ("NoReturn", s("yes")),
            ],
        ),
        3 => (
            GameSetup::strategic(Ruleset::Tactical, None, opts(true, false)),
            vec![("Game", s("strategic")), ("Ruleset", s("tactical"))],
        ),
        4 => (
            GameSetup::strategic(Ruleset::Functional(map34()), None, opts(true, false)),
            vec![
                ("Game", s("strategic")),
                ("Ruleset", s("functional")),
                ("Map", s("map34")),
            ],
        ),
        5 => (
            GameSetup::strategic(Ruleset::Functional(map34()), None, opts(false, true)),
            vec![
                ("Game", s("strategic")),
                ("PlayInDecided", s("no")),
                ("NoReturn", s("yes")),
            ],
        ),
        _ => (
            GameSetup::strategic(
                Ruleset::Hyperfunctional(Box::new(hmap2())),
                None,
                opts(true, false),
            ),
            vec![("Game", s("strategic")), ("Ruleset", s("hyperfunctional"))],
        ),
    }
}

fn ttt_claim(o: Outcome) -> &'static str {
    match o {
        Outcome::Winner(Mark::X) => "X",
        Outcome::Winner(Mark::O) => "O",
        Outcome::Draw => "draw",
        Outcome::Unfinished => "*",
    }
}

fn check_one(text: &str) -> GameReport {
    let f = check_source("prop.txt", text.as_bytes(), None);
    assert!(f.error.is_none(), "{:?}\n{text}", f.error);
    assert_eq!(f.games.len(), 1);
    f.games.into_iter().next().unwrap().report
}

fn ttt_record(tags: &[(&'static str, String)], claim: &str, moves: &[Move]) -> String {
    let mut tags = tags.to_vec();
    tags.push(("Result", claim.to_string()));
    format!("{}\n{}", tags_text(&tags), ttt_moves_text(moves))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn random_legal_games_check_clean_and_corruption_is_found(
        seed: u64,
        which in 0usize..7,
        keep in 0.2f64..1.5,
        corrupt_at in 0.0f64..1.0,
    ) {
        let (setup, tags) = config(which);
        let mut rng = SplitMix64::new(seed);
        let start = setup.ttt_game().unwrap();
        let (full, _) = random_ttt_game(start.clone(), &mut rng, None);
        // Some games stop early (unfinished), most run to the end.
        let n = ((full.len() as f64 * keep) as usize).clamp(1, full.len());
        let moves = &full[..n];
        let mut engine = start.clone();
        for m in moves {
            engine.play(*m).unwrap();
        }
        let text = ttt_record(&tags, ttt_claim(engine.outcome()), moves);
        let report = check_one(&text);
        prop_assert_eq!(report.status, Status::Legal, "{:?}", report.errors);
        let expected = match engine.outcome() {
            Outcome::Winner(m) => (GameOutcome::Win, Some(m.to_string())),
            Outcome::Draw => (GameOutcome::Draw, None),
            Outcome::Unfinished => (GameOutcome::Unfinished, None),
        };
        let result = report.result.unwrap();
        prop_assert_eq!((result.outcome, result.winner), expected);

        // Corrupt move k: any cell the rules refuse at that point.
        let k = ((n as f64 * corrupt_at) as usize).min(n - 1);
        let mut before = start.clone();
        for m in &moves[..k] {
            before.play(*m).unwrap();
        }
        let cells = 9usize.pow(before.depth() as u32);
        let refused: Vec<Move> = (0..cells)
            .map(|i| Move::from_index(i, before.depth()))
            .filter(|m| before.check(*m).is_err())
            .collect();
        prop_assume!(!refused.is_empty());
        let mut corrupted = moves.to_vec();
        corrupted[k] = refused[rng.index(refused.len())];
        let text = ttt_record(&tags, "*", &corrupted);
        let token = &parse(&text).unwrap()[0].moves[k];
        let report = check_one(&text);
        prop_assert_eq!(report.status, Status::Illegal);
        let first = &report.errors[0];
        prop_assert_eq!(first.at, token.at);
        prop_assert_eq!(first.move_number, Some(k as u32 / 2 + 1));
        prop_assert_eq!(first.text.clone(), corrupted[k].to_string());
    }

    #[test]
    fn random_sos_games_check_clean_and_an_occupied_cell_is_found(
        seed: u64,
        width in 3u32..9,
        height in 3u32..9,
        players in 2u32..5,
        simple: bool,
        corrupt_at in 0.0f64..1.0,
    ) {
        let variant = if simple { SosVariant::Simple } else { SosVariant::General };
        let config = SosConfig::new(width, height, players, variant).unwrap();
        let mut rng = SplitMix64::new(seed);
        let (moves, game) = random_sos_game(config, SosStyle::Greedy, &mut rng, None);
        let scores: Vec<String> = game
            .scores()
            .iter()
            .enumerate()
            .map(|(p, s)| format!("{} {s}", player_letter(p as u8)))
            .collect();
        let outcome = game.outcome();
        let claim = match outcome {
            SosOutcome::Winner(_) | SosOutcome::SharedWin(_) => outcome
                .winners()
                .iter()
                .map(|&p| player_letter(p).to_string())
                .collect::<Vec<_>>()
                .join("+"),
            SosOutcome::Draw => "draw".into(),
            SosOutcome::Unfinished => "*".into(),
        };
        let names: Vec<String> = (0..players).map(|p| format!("P{p}")).collect();
        let tags = vec![
            ("Game", "sos".to_string()),
            ("Size", format!("{width}x{height}")),
            ("Variant", if simple { "simple" } else { "general" }.to_string()),
            ("Players", names.join(", ")),
            ("Result", claim),
            ("Score", scores.join(", ")),
        ];
        let head = format!("{}\n", tags_text(&tags));
        let report = check_one(&format!("{head}{}", sos_moves_text(&moves)));
        prop_assert_eq!(report.status, Status::Legal, "{:?}", report.errors);
        prop_assert_eq!(report.lines.len(), game.lines().len());
        let total: u32 = report.scores.iter().map(|s| s.score).sum();
        prop_assert_eq!(total as usize, game.lines().len());

        // Corrupt move k (k ≥ 1) into the cell of an earlier move.
        prop_assume!(moves.len() >= 2);
        let k = ((moves.len() as f64 * corrupt_at) as usize).clamp(1, moves.len() - 1);
        let mut corrupted = moves.clone();
        corrupted[k].1.cell = moves[rng.index(k)].1.cell;
        let text = format!("{head}{}", sos_moves_text(&corrupted));
        let token = &parse(&text).unwrap()[0].moves[k];
        let report = check_one(&text);
        let first = &report.errors[0];
        prop_assert_eq!(first.code, "occupied");
        prop_assert_eq!(first.at, token.at);
        prop_assert_eq!(first.move_number, Some(k as u32 + 1));
        let mut replay = SosGame::new(config);
        for (_, m) in &moves[..k] {
            replay.play(*m).unwrap();
        }
        prop_assert_eq!(first.player.clone(), Some(player_letter(replay.to_move()).to_string()));
    }
}
