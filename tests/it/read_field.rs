//! Sheets played without a written record: the position the field shows
//! (X, O or empty in every cell), who is to move and whether the game is
//! decided, for an Ultimate sheet whose record is empty and for a page of
//! tic-tac-toe boards, one game a board.

use paperboard_games::GameSetup;

use paperboard_games::games::random::random_ttt_game;
use paperboard_games::games::ttt::{Game, Mark, Move, Options, Outcome};
use paperboard_games::rng::SplitMix64;
use paperboard_sheets::read::position::{BoardState, Position};
use paperboard_sheets::read::sheet::{join_games, read_photo};

use crate::read_photo::photos::{Shot, mark_board, mark_field, page, photograph};

/// Every cell read as the game left it, or marked doubtful.
fn assert_cells(position: &Position, game: &Game) {
    let mut wrong = 0;
    for c in &position.cells {
        let truth = game.cell(c.cell);
        if c.mark != truth {
            assert!(
                c.uncertain,
                "cell {} read {:?}, is {truth:?}",
                c.cell, c.mark
            );
            wrong += 1;
        }
    }
    assert!(wrong <= 1, "{wrong} cells misread");
}

fn outcome_state(game: &Game) -> BoardState {
    match game.outcome() {
        Outcome::Winner(m) => BoardState::Won(m),
        Outcome::Draw => BoardState::Drawn,
        Outcome::Unfinished => BoardState::Open,
    }
}

#[test]
fn an_ultimate_sheet_with_an_empty_record_gives_the_fields_position() {
    let mut rng = SplitMix64::new(31);
    let (moves, _) = random_ttt_game(
        GameSetup::ultimate(Options::default()).ttt_game().unwrap(),
        &mut rng,
        Some(25),
    );
    let mut game = GameSetup::ultimate(Options::default()).ttt_game().unwrap();
    for &m in &moves {
        game.play(m).unwrap();
    }
    let (mut sheet, geometry) = page("ultimate", &[]);
    mark_field(&mut sheet, &geometry, &moves, &mut rng);
    let jpeg = photograph(&sheet, Shot::random(&mut rng), &mut rng);
    let read = read_photo(&jpeg, None).unwrap_or_else(|e| panic!("{e}"));
    let games = join_games(std::slice::from_ref(&read));
    let g = games[0].1.as_ref().unwrap();
    assert!(g.moves.is_empty());
    let p = g.position.as_ref().expect("a position from the field");
    assert_cells(p, &game);
    if p.doubtful() == 0 {
        assert_eq!(p.counts, (13, 12));
        assert_eq!(p.outcome, outcome_state(&game));
        if p.outcome == BoardState::Open {
            assert_eq!(p.to_move, Some(Mark::O));
        }
        for t in 0..9 {
            let state = game.field_state(0, t);
            let expected = match state {
                paperboard_games::games::ttt::FieldState::Won(m) => BoardState::Won(m),
                paperboard_games::games::ttt::FieldState::Drawn => BoardState::Drawn,
                paperboard_games::games::ttt::FieldState::Open => BoardState::Open,
            };
            // Under the authors' rules play may go on in a won board, so
            // both may have a line there; the field cannot say who won it.
            assert!(
                p.boards[t] == expected || p.boards[t] == BoardState::Unclear,
                "board {}: {:?} for {expected:?}",
                t + 1,
                p.boards[t]
            );
        }
    }

    // The command prints the field and what it says.
    let dir = tempfile::tempdir().unwrap();
    let photo = crate::common::hostile::write(dir.path(), "field.jpg", &jpeg);
    let out = crate::common::read(&[photo.as_os_str()]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("no moves written"), "{text}");
    assert!(text.contains(&p.grid()), "{text}");
    assert!(text.contains("13 X and 12 O") || p.doubtful() > 0, "{text}");
    let doc = crate::common::read_json(&photo);
    let position = &doc["games"][0]["position"];
    assert_eq!(position["cells"].as_array().unwrap().len(), 81);
    // The web page's read route answers the same position (one judge for both).
    let server = crate::common::web::Server::start(&[]);
    let reply = server.post(
        "/api/read?name=field.jpg",
        "application/octet-stream",
        &jpeg,
    );
    assert_eq!(reply.status, 200, "{}", reply.text());
    assert_eq!(&reply.json()["games"][0]["position"], position);
    assert_eq!(position["x"], p.counts.0);
    assert_eq!(position["boards"].as_array().unwrap().len(), 9);
    let first = &position["cells"][0];
    assert_eq!(first["cell"], "1.1");
    let mark = game.cell(Move::new(&[1, 1]).unwrap());
    if !first["uncertain"].as_bool().unwrap() {
        assert_eq!(
            first["mark"],
            match mark {
                Some(Mark::X) => serde_json::json!("X"),
                Some(Mark::O) => serde_json::json!("O"),
                None => serde_json::Value::Null,
            }
        );
    }
}

#[test]
fn a_page_of_tic_tac_toe_boards_gives_each_board_played() {
    let mut rng = SplitMix64::new(8);
    let (mut sheet, geometry) = page("tictactoe", &[]);
    // Boards 1 and 3 played: a game to its end, and one of four moves.
    let finished = random_ttt_game(
        GameSetup::tictactoe(Options::default()).ttt_game().unwrap(),
        &mut rng,
        None,
    )
    .0;
    let short = random_ttt_game(
        GameSetup::tictactoe(Options::default()).ttt_game().unwrap(),
        &mut rng,
        Some(4),
    )
    .0;
    mark_board(&mut sheet, &geometry, 1, &finished, &mut rng);
    mark_board(&mut sheet, &geometry, 3, &short, &mut rng);
    let jpeg = photograph(&sheet, Shot::random(&mut rng), &mut rng);
    let read = read_photo(&jpeg, None).unwrap_or_else(|e| panic!("{e}"));
    let games = join_games(std::slice::from_ref(&read));
    let boards: Vec<Option<u32>> = games.iter().map(|g| g.1.as_ref().unwrap().board).collect();
    assert_eq!(boards, [Some(1), Some(3)]);
    for (g, moves) in games.iter().zip([&finished, &short]) {
        let mut game = GameSetup::tictactoe(Options::default()).ttt_game().unwrap();
        for &m in moves {
            game.play(m).unwrap();
        }
        let p = g.1.as_ref().unwrap().position.as_ref().unwrap();
        assert_cells(p, &game);
        if p.doubtful() == 0 {
            assert_eq!(p.outcome, outcome_state(&game));
            assert_eq!(p.problem, None);
        }
    }
    let p = games[1].1.as_ref().unwrap().position.as_ref().unwrap();
    if p.doubtful() == 0 {
        assert_eq!((p.counts, p.to_move), ((2, 2), Some(Mark::X)));
        assert!(p.summary().contains("X is to move"), "{}", p.summary());
    }
}
