//! The example records in `examples/records/` check as their comments say:
//! every legal one is legal with the claims right and the results its
//! comments name, the games that show a rule really depend on it, and every
//! illegal one is reported with its error class.

use std::path::Path;

use paperboard_games::check::{
    CheckedGame, FileCheck, GameOutcome, Position, Status, check_source,
};
use paperboard_games::games::ttt::{
    Decided, Draws, FieldState, Game, Mark, Options, Outcome, Preset,
};

fn check(path: &Path) -> FileCheck {
    let bytes = std::fs::read(path).unwrap();
    check_source(&path.display().to_string(), &bytes, None)
}

fn records(dir: &str) -> Vec<std::path::PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join(dir);
    let mut files: Vec<_> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "txt"))
        .collect();
    files.sort();
    files
}

fn example(name: &str) -> FileCheck {
    check(
        &Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("examples/records")
            .join(name),
    )
}

fn position(g: &CheckedGame) -> &Game {
    match &g.position {
        Some(Position::Ttt { game, .. }) => game,
        _ => panic!("not a tic-tac-toe family game"),
    }
}

/// The moves of a checked game, replayed under other options: the verdict
/// codes of its errors and the outcome.
fn replay_under(g: &CheckedGame, options: Options) -> (Vec<&'static str>, Outcome) {
    let game = position(g);
    let replay = game.setup().with_options(options);
    let mut replay = replay.ttt_game().unwrap();
    let mut codes = Vec::new();
    for tok in &g.record.moves {
        let paperboard_games::record::MoveBody::Path(mv) = tok.body else {
            panic!("a path move");
        };
        if let Err(e) = replay.play(mv) {
            codes.push(e.code());
            replay.force(mv).expect("an empty cell");
        }
    }
    (codes, replay.outcome())
}

/// The outcome as the JSON report writes it.
fn word(outcome: GameOutcome) -> &'static str {
    match outcome {
        GameOutcome::Win => "win",
        GameOutcome::SharedWin => "shared-win",
        GameOutcome::Draw => "draw",
        GameOutcome::Unfinished => "unfinished",
    }
}

#[test]
fn legal_examples_are_legal_with_the_results_their_comments_name() {
    const STANDARD: &[&str] = &["win", "draw", "unfinished"];
    let expected: &[(&str, &[&str])] = &[
        ("sos-general.txt", STANDARD),
        ("sos-simple.txt", STANDARD),
        (
            "sos-three-players.txt",
            &["win", "draw", "unfinished", "shared-win"],
        ),
        ("strategic-functional-map34.txt", STANDARD),
        ("strategic-functional-map62-closed.txt", STANDARD),
        ("strategic-functional-map67-no-return.txt", STANDARD),
        ("strategic-hyperfunctional-hmap2.txt", STANDARD),
        ("strategic-tactical.txt", STANDARD),
        ("tictactoe.txt", STANDARD),
        ("ultimate-common.txt", STANDARD),
        ("ultimate-free.txt", STANDARD),
        ("ultimate-wild-draws.txt", &["win", "win"]),
        ("ultimate.txt", STANDARD),
    ];
    let files = records("examples/records");
    let names: Vec<_> = files
        .iter()
        .map(|p| p.file_name().unwrap().to_str().unwrap())
        .collect();
    assert_eq!(names, expected.iter().map(|e| e.0).collect::<Vec<_>>());
    for (path, (_, outcomes)) in files.iter().zip(expected) {
        let f = check(path);
        assert_eq!(f.exit_status(), 0, "{path:?}");
        let found: Vec<_> = f
            .games
            .iter()
            .map(|g| {
                assert_eq!(g.report.status, Status::Legal, "{path:?}");
                assert!(g.report.claims.iter().any(|c| c.tag == "Result" && c.right));
                word(g.report.result.as_ref().unwrap().outcome)
            })
            .collect();
        assert_eq!(found, *outcomes, "{path:?}");
    }
}

#[test]
fn the_wild_draw_games_are_won_only_because_a_drawn_cell_counts_for_both() {
    let f = example("ultimate-wild-draws.txt");
    let [by_the_mover, handed] = &f.games[..] else {
        panic!("two games")
    };
    // Game 1: the last move wins, with a line through a drawn tactical cell.
    let game = position(by_the_mover);
    let Outcome::Winner(winner) = game.outcome() else {
        panic!("won")
    };
    let last_mover = if game.moves_played() % 2 == 1 {
        Mark::X
    } else {
        Mark::O
    };
    assert_eq!(winner, last_mover);
    let top = game.board(1, 0);
    let line = top.line_of(winner, Draws::Both).unwrap();
    assert_ne!(line & top.drawn, 0, "the line runs through a drawn cell");
    // Game 2: the last move, by the loser, drew the cell that won the game.
    let game = position(handed);
    let Outcome::Winner(winner) = game.outcome() else {
        panic!("won")
    };
    assert_eq!(game.moves_played() % 2, 0, "O moved last");
    assert_eq!(winner, Mark::X);
    // Counted for nobody, neither game is won by those moves.
    for g in [by_the_mover, handed] {
        let none = Options {
            draws: Draws::None,
            ..Options::default()
        };
        let (codes, outcome) = replay_under(g, none);
        assert!(codes.is_empty(), "{codes:?}");
        assert_eq!(outcome, Outcome::Unfinished);
    }
}

#[test]
fn free_and_closed_play_differ_from_the_other_modes() {
    // The free game moves into decided tactical cells: refused when closed.
    let free = example("ultimate-free.txt");
    let closed = Options {
        decided: Decided::Closed,
        ..Options::default()
    };
    let (codes, _) = replay_under(&free.games[0], closed);
    assert!(codes.contains(&"closed-tactical-cell"), "{codes:?}");
    // The common-rules game leaves a decided target that still has empty
    // cells: under the authors' rules the move had to go there.
    let common = example("ultimate-common.txt");
    let (codes, _) = replay_under(&common.games[0], Options::preset(Preset::Authors));
    assert!(codes.contains(&"wrong-tactical-cell"), "{codes:?}");
    // Strategic with decided cells closed, on a family map by name.
    let map62 = example("strategic-functional-map62-closed.txt");
    assert!(map62.games[0].report.description.ends_with("map62"));
    let (codes, _) = replay_under(&map62.games[0], Options::default());
    assert!(!codes.is_empty());
    let game = position(&map62.games[0]);
    assert_eq!(game.kind(), paperboard_games::games::GameKind::Strategic);
    assert!((0..9).any(|s| game.field_state(1, s) != FieldState::Open));
}

#[test]
fn illegal_examples_report_their_error_class() {
    let expected = [
        ("bad-move-number", vec!["move-number"]),
        ("move-after-end", vec!["after-end"]),
        ("no-return-strategic", vec!["no-return"]),
        ("occupied-cell", vec!["occupied"]),
        ("sos-out-of-turn", vec!["wrong-player"]),
        ("unparseable-move", vec!["unreadable", "unreadable"]),
        ("wrong-result", vec!["wrong-result"]),
        ("wrong-tactical-cell", vec!["wrong-tactical-cell"]),
    ];
    let files = records("examples/records/illegal");
    assert_eq!(files.len(), expected.len());
    for (path, (name, codes)) in files.iter().zip(expected) {
        assert_eq!(path.file_stem().unwrap(), name);
        let f = check(path);
        assert_eq!(f.exit_status(), 1, "{path:?}");
        let found: Vec<_> = f.games[0].report.errors.iter().map(|e| e.code).collect();
        assert_eq!(found, codes, "{path:?}");
    }
}
