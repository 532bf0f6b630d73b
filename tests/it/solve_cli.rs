//! `paperboard solve` and `check --annotate` as a user runs them: the JSON
//! each game gets, the checker's word for a game with nothing to solve,
//! the depth limit, and annotations that the engine confirms.

use std::process::Output;

use paperboard_games::GameSetup;
use paperboard_games::games::ttt::{Move, Options};
use paperboard_games::internals::english_left;
use paperboard_games::language::Language;

fn paperboard(args: &[&str]) -> Output {
    crate::common::paperboard().args(args).output().unwrap()
}

fn json(o: &Output) -> serde_json::Value {
    serde_json::from_slice(&o.stdout).expect("JSON")
}

/// A record file of the first three games of [`GAMES`] and `more`, in a
/// folder of its own.
fn games_file(more: &str) -> (tempfile::TempDir, String) {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("games.txt");
    std::fs::write(&path, format!("{GAMES}{more}")).unwrap();
    let file = path.to_str().unwrap().to_string();
    (dir, file)
}

const GAMES: &str = concat!(
    // X threatens 2-5-8 and 1-5-9; O blocked neither: X wins at 8 or 9.
    "[Game \"tictactoe\"]\n1. 5 3 2. 2 7 3. 1 4\n\n",
    // Occupied cell: illegal, not solved.
    "[Game \"tictactoe\"]\n1. 5 5\n\n",
    // Over: X has 1-2-3.
    "[Game \"tictactoe\"]\n1. 1 4 2. 2 5 3. 3\n\n",
);

#[test]
fn solve_answers_each_game_or_gives_the_checkers_word() {
    // The empty board at nine plies: a draw.
    let (_dir, file) = games_file("[Game \"tictactoe\"]\n\n");
    let file = file.as_str();
    let out = paperboard(&["solve", file, "--json", "--plies", "9"]);
    assert_eq!(
        out.status.code(),
        Some(1),
        "two games have nothing to solve"
    );
    let doc = json(&out);
    assert!(doc["version"].is_string());
    let games = doc["games"].as_array().unwrap();
    assert_eq!(games.len(), 4);
    assert_eq!(games[0]["to_move"], "X");
    assert_eq!(games[0]["win_in"], 1);
    assert_eq!(games[0]["winning_moves"], serde_json::json!(["8", "9"]));
    assert_eq!(games[0]["plies"], 9);
    assert!(games[0]["nodes"].as_u64().unwrap() > 0);
    assert_eq!(games[1]["error"]["code"], "occupied");
    assert!(
        games[1]["error"]["message"]
            .as_str()
            .unwrap()
            .contains("already taken")
    );
    assert_eq!(games[2]["error"]["code"], "game-over");
    assert_eq!(games[3]["win_in"], serde_json::Value::Null);
    assert_eq!(games[3]["loss_in"], serde_json::Value::Null);
    assert_eq!(games[3]["error"], serde_json::Value::Null);
    // The text says the same.
    let text = String::from_utf8(paperboard(&["solve", file]).stdout).unwrap();
    assert!(text.contains("X to move wins within 1 ply: 8, 9"), "{text}");
    assert!(text.contains("is already taken"), "{text}");
    // The depth is bounded.
    let out = paperboard(&["solve", file, "--plies", "16"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("from 1 to 15"));
}

#[test]
fn solve_speaks_the_language_asked_for_or_the_locales() {
    let (_dir, file) = games_file(concat!(
        // O cannot block both 1-4-7 and 3-5-7.
        "[Game \"tictactoe\"]\n1. 5 2 2. 1 9 3. 7\n\n",
        "[Game \"tictactoe\"]\n1. 5 1\n\n",
        "[Game \"tictactoe\"]\n1. 5 x\n\n",
        "[Game \"ultimat\"]\n1. 5.5\n\n",
        "[Game \"sos\"]\n[Size \"3\"]\na1S\n\n",
    ));
    let file = file.as_str();
    let run = |args: &[&str], lang: &str| {
        let out = crate::common::paperboard()
            .args(["solve", file, "--plies", "3"])
            .args(args)
            .env("LC_ALL", lang)
            .output()
            .unwrap();
        String::from_utf8(out.stdout).unwrap()
    };
    let english = run(&[], "C");
    assert_eq!(english.lines().count(), 8, "{english}");
    assert!(
        english.contains("X to move wins within 1 ply: 8, 9"),
        "{english}"
    );
    assert!(english.contains("loses within 2 plies"), "{english}");
    assert!(
        english.contains("no forced win for either player"),
        "{english}"
    );
    for language in [Language::De, Language::Ru, Language::Th] {
        let said = run(&["--language", language.code()], "C");
        assert_eq!(said.lines().count(), 8, "{said}");
        // Names of games as a record writes them; the file's name is as
        // the user gave it.
        let kept = ["sos", "tictactoe", "ultimate", "strategic"];
        let left = english_left(
            &english.replace(file, ""),
            &said.replace(file, ""),
            language,
            &kept,
        );
        assert!(left.is_empty(), "{language}: {left:?} in\n{said}");
    }
    assert!(run(&["--language", "de"], "C").contains("X am Zug gewinnt in 1 Halbzug: 8, 9"));
    // Without --language, the locale's.
    assert_eq!(run(&[], "de_DE.UTF-8"), run(&["--language", "de"], "C"));
    assert_eq!(run(&["--language", "en"], "ru_RU.UTF-8"), english);
}

#[test]
fn annotations_of_an_example_game_hold_on_the_board() {
    let record = concat!(env!("CARGO_MANIFEST_DIR"), "/examples/records/ultimate.txt");
    let out = paperboard(&["check", "--annotate", "--plies", "3", "--json", record]);
    let doc = json(&out);
    let game = &doc["games"][0];
    let annotations = game["annotations"].as_array().expect("annotations");
    assert!(!annotations.is_empty());
    // Every missed win is a move that won at once when win_in is 1: the
    // engine plays it and the mover has won.
    let moves: Vec<Move> = {
        let checked =
            paperboard_games::check_source("u.txt", &std::fs::read(record).unwrap(), None);
        let (_, moves) =
            paperboard_games::check::solving::game_to_solve(&checked.games[0]).unwrap();
        moves
    };
    let mut checked_one = false;
    for a in annotations {
        let ply = a["ply"].as_u64().unwrap() as usize;
        let played = &moves[ply - 1];
        assert_eq!(a["played"], played.to_string());
        if a["kind"] == "missed-win" && a["win_in"] == 1 {
            let mut g = GameSetup::ultimate(Options::default()).ttt_game().unwrap();
            for &m in &moves[..ply - 1] {
                g.play(m).unwrap();
            }
            for best in a["best"].as_array().unwrap() {
                let path: Vec<u8> = best
                    .as_str()
                    .unwrap()
                    .split('.')
                    .map(|p| p.parse().unwrap())
                    .collect();
                let mut won = g.clone();
                won.play(Move::new(&path).unwrap()).unwrap();
                assert!(won.is_over(), "{best} ends the game");
                checked_one = true;
            }
        }
    }
    assert!(checked_one, "{annotations:?}");
    // Without --annotate no annotations.
    let plain = json(&paperboard(&["check", "--json", record]));
    assert!(plain["games"][0].get("annotations").is_none());
}

/// `handout --json` of the example `win` worksheet lists each exercise on
/// a worksheet page with its position and answer; a game that breaks the
/// rules is not used, and the command says so; a record file outside the
/// spec's folder is refused at the `records` key.
#[test]
fn a_win_worksheets_plan_lists_its_exercises_and_every_game_is_accounted_for() {
    let root = env!("CARGO_MANIFEST_DIR");
    let out = paperboard(&[
        "handout",
        &format!("{root}/examples/handouts/ultimate-win.toml"),
        "--json",
    ]);
    crate::common::assert_ran("handout", &out);
    let plan = json(&out);
    let exercises = plan["exercises"].as_array().unwrap();
    assert_eq!(exercises.len(), 6);
    for e in exercises {
        let page = e["page"].as_u64().unwrap() as usize;
        assert_eq!(plan["pages"][page - 1]["role"], "worksheet");
        assert_eq!(
            (&e["kind"], &e["win_in"], &e["plies"]),
            (&"win".into(), &2.into(), &3.into())
        );
        assert_eq!(e["line"][0], e["answer"]);
        // The position is the record's moves: they replay.
        let mut g = GameSetup::ultimate(Options::default()).ttt_game().unwrap();
        for m in e["record"].as_array().unwrap() {
            let path: Vec<u8> = m
                .as_str()
                .unwrap()
                .split('.')
                .map(|p| p.parse().unwrap())
                .collect();
            g.play(Move::new(&path).unwrap()).unwrap();
        }
        assert_eq!(g.to_move().to_string(), e["to_move"]);
    }

    let dir = tempfile::tempdir().unwrap();
    let spec =
        std::fs::read_to_string(format!("{root}/examples/handouts/ultimate-win.toml")).unwrap();
    let records =
        std::fs::read_to_string(format!("{root}/examples/handouts/class-games.txt")).unwrap();
    let broken = "[Game \"ultimate\"]\n1. 5.5 5.5\n\n";
    std::fs::write(
        dir.path().join("class-games.txt"),
        format!("{broken}{records}"),
    )
    .unwrap();
    std::fs::write(dir.path().join("h.toml"), &spec).unwrap();
    let out = paperboard(&[
        "handout",
        dir.path().join("h.toml").to_str().unwrap(),
        "--json",
    ]);
    assert!(out.status.success());
    let said = String::from_utf8_lossy(&out.stderr);
    assert!(
        said.contains("not used for the worksheet: class-games.txt: game 1 (line 1)"),
        "{said}"
    );
    std::fs::write(
        dir.path().join("h.toml"),
        spec.replace("class-games.txt", "../games.txt"),
    )
    .unwrap();
    let out = paperboard(&[
        "handout",
        dir.path().join("h.toml").to_str().unwrap(),
        "--json",
    ]);
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("records"));
}

/// The moments `check --annotate` lists, in the language asked for: the
/// same moments, none of the English words.
#[test]
fn annotations_speak_the_language_asked_for() {
    let record = concat!(env!("CARGO_MANIFEST_DIR"), "/examples/records/ultimate.txt");
    let moments = |language: &str, head: &str| -> Vec<String> {
        let out = paperboard(&[
            "check",
            "--annotate",
            "--plies",
            "3",
            "--language",
            language,
            record,
        ]);
        String::from_utf8(out.stdout)
            .unwrap()
            .lines()
            .filter(|l| l.starts_with(&format!("  {head} ")))
            .map(str::to_string)
            .collect()
    };
    let english = moments("en", "ply");
    assert!(!english.is_empty());
    assert!(english.iter().any(|l| l.contains(": missed a win within ")
        || l.contains(": allowed ")
        || l.contains(": decided: ")));
    for (language, head) in [("de", "Halbzug"), ("ru", "полуход"), ("th", "ตาที่")]
    {
        let said = moments(language, head);
        assert_eq!(said.len(), english.len(), "{language}: {said:?}");
        for line in &said {
            for word in [
                "ply", "plies", "missed", "allowed", "decided", "wins", "win", "forces",
            ] {
                assert!(
                    !line.split(|c: char| !c.is_alphabetic()).any(|w| w == word),
                    "{language}: {word} in {line}"
                );
            }
        }
    }
}
