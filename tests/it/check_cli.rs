//! `paperboard check` as a user runs it: exit codes, the error line format,
//! standard input, several files, JSON.

use crate::common;

use crate::common::write_text as write;
use std::io::Write;
use std::process::{Command, Output, Stdio};

fn paperboard(args: &[&str], stdin: Option<&str>) -> Output {
    common::run_piped(args, stdin.unwrap_or("").as_bytes())
}

fn stdout(o: &Output) -> String {
    String::from_utf8(o.stdout.clone()).unwrap()
}

#[test]
fn legal_game_exits_0_with_result_and_summary() {
    let dir = tempfile::tempdir().unwrap();
    let f = write(
        dir.path(),
        "ok.txt",
        "[Game \"tictactoe\"]\n[Result \"X\"]\n1. 1 4 2. 2 5 3. 3\n",
    );
    let o = paperboard(&["check", &f], None);
    let out = stdout(&o);
    assert_eq!(o.status.code(), Some(0), "{out}");
    assert!(
        out.contains(
            ": game 1 (line 1, tic-tac-toe), 5 moves: legal; X won; claimed Result \"X\" right"
        ),
        "{out}"
    );
    assert!(
        out.ends_with("1 game checked: 1 legal, 0 illegal, 0 with a wrong claim\n"),
        "{out}"
    );
}

#[test]
fn illegal_game_exits_1_with_file_line_col_move_player_text_reason() {
    let dir = tempfile::tempdir().unwrap();
    let f = write(
        dir.path(),
        "bad.txt",
        "[Game \"strategic\"]\n[Ruleset \"tactical\"]\n\n1. 1.5.9 4.2.7\n",
    );
    let o = paperboard(&["check", &f], None);
    assert_eq!(o.status.code(), Some(1));
    let out = stdout(&o);
    let expected = format!(
        "{f}:4:10: move 1 (O) 4.2.7: must be played in tactical cell 5.9, which still has empty cells"
    );
    assert!(out.lines().any(|l| l == expected), "{out}");
}

#[test]
fn wrong_claim_exits_1() {
    let o = paperboard(
        &["check", "-"],
        Some("[Game \"tictactoe\"]\n[Result \"draw\"]\n1 4 2 5 3\n"),
    );
    assert_eq!(o.status.code(), Some(1));
    let out = stdout(&o);
    assert!(out.contains("-:2:10: [Result \"draw\"]: the claimed result is wrong: the record claims a draw, but the replay gives X won"), "{out}");
}

#[test]
fn not_a_record_or_unreadable_exits_2_with_position() {
    let o = paperboard(&["check", "-"], Some("[Game \"sos\"]\n[Size 5]\n"));
    assert_eq!(o.status.code(), Some(2));
    let out = stdout(&o);
    assert!(
        out.starts_with(
            "-: game 1 (line 1, sos), 0 moves: CANNOT BE CHECKED\n-:2:7: expected a quoted value"
        ),
        "{out}"
    );
    let o = paperboard(&["check", "-"], Some("hello\n"));
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stdout(&o).starts_with("-:1:1: not a record: expected the game's tags"),
        "{}",
        stdout(&o)
    );
    // A file that cannot be read is an error of the run (standard error),
    // not a file that holds no record.
    let o = paperboard(&["check", "/nonexistent/record.txt"], None);
    assert_eq!(o.status.code(), Some(2));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(
        err.contains("/nonexistent/record.txt: no such file\n"),
        "{err}"
    );
    assert!(!stdout(&o).contains("no such file"), "{}", stdout(&o));
    assert!(!stdout(&o).contains("not a record"), "{}", stdout(&o));
    assert!(
        stdout(&o).contains("1 file(s) could not be read"),
        "{}",
        stdout(&o)
    );
}

#[test]
fn several_files_are_all_reported_and_the_worst_status_wins() {
    let dir = tempfile::tempdir().unwrap();
    let a = write(
        dir.path(),
        "a.txt",
        "[Game \"ultimate\"]\n5.5 5.1\n\n[Game \"sos\"]\n[Size \"3\"]\na1S b1O\n",
    );
    let b = write(dir.path(), "b.txt", "[Game \"tictactoe\"]\n5 5\n");
    let o = paperboard(&["check", &a, &b], None);
    assert_eq!(o.status.code(), Some(1));
    let out = stdout(&o);
    assert!(out.contains("3 games checked: 2 legal, 1 illegal"), "{out}");
}

#[test]
fn json_output_is_one_document() {
    let o = paperboard(
        &["check", "--json", "-"],
        Some("[Game \"sos\"]\n[Size \"3\"]\na1S c1S b1O\n"),
    );
    assert_eq!(o.status.code(), Some(0));
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(v["games"][0]["scores"][1]["score"], 0);
    assert_eq!(v["games"][0]["scores"][0]["score"], 1);
    assert_eq!(v["games"][0]["lines"][0]["cells"][1], "b1");
    assert_eq!(v["games"][0]["result"]["outcome"], "unfinished");
    assert_eq!(v["exit"], 0);
}

#[test]
fn diagram_writes_one_pdf_page_or_one_svg_per_game() {
    let dir = tempfile::tempdir().unwrap();
    let f = write(
        dir.path(),
        "two.txt",
        "[Game \"tictactoe\"]\n1 4 2 5 3\n\n[Game \"sos\"]\n[Size \"5x4\"]\na1S c1S b1O\n",
    );
    let pdf = dir.path().join("final.pdf");
    let o = paperboard(&["check", &f, "--diagram", pdf.to_str().unwrap()], None);
    assert_eq!(
        o.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
    let doc = lopdf::Document::load(&pdf).unwrap();
    assert_eq!(doc.get_pages().len(), 2);
    let text = Command::new("pdftotext")
        .args([pdf.to_str().unwrap(), "-"])
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&text.stdout);
    // Each game on its sheet, with its caption above it naming the file
    // (not its folder).
    assert!(text.contains("Tic-tac-toe"), "{text}");
    assert!(text.contains("Game 1, line 1"), "{text}");
    assert!(text.contains("X won"), "{text}");
    assert!(text.contains("Game 2 of two.txt, line 4"), "{text}");
    assert!(text.contains("Points"), "{text}");
    assert!(!text.contains(dir.path().to_str().unwrap()), "{text}");

    // The captions in another language.
    let in_language = |language: &str| {
        let o = paperboard(
            &[
                "check",
                &f,
                "--diagram",
                pdf.to_str().unwrap(),
                "--language",
                language,
            ],
            None,
        );
        let text = Command::new("pdftotext")
            .args([pdf.to_str().unwrap(), "-"])
            .output()
            .unwrap();
        (o, String::from_utf8_lossy(&text.stdout).into_owned())
    };
    let (o, text) = in_language("de");
    assert_eq!(o.status.code(), Some(0));
    for words in [
        "Partie 1, Zeile 1",
        "Endstand: X hat",
        "Partie 2 aus two.txt",
        "Züge: 3",
    ] {
        assert!(text.contains(words), "{words}: {text}");
    }
    let (o, _) = in_language("fr");
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("en, de, ru, th"));

    let svg = dir.path().join("final.svg");
    let o = paperboard(&["check", &f, "--diagram", svg.to_str().unwrap()], None);
    assert_eq!(o.status.code(), Some(0));
    for n in [1, 2] {
        let page = common::parse_svg_file(&dir.path().join(format!("final-{n}.svg")));
        assert!(page.contains("width=\"210mm\""));
    }
    let o = paperboard(&["check", &f, "--diagram", "x.png"], None);
    assert_eq!(o.status.code(), Some(2));
}

/// The README shows `paperboard check` on two example records: its output
/// there is the real output.
#[test]
fn readme_example_output_is_real() {
    let root = env!("CARGO_MANIFEST_DIR");
    let readme = std::fs::read_to_string(format!("{root}/README.md")).unwrap();
    let start = readme
        .find("$ paperboard check examples/")
        .expect("the README shows a check run");
    let block = &readme[start..];
    let block = &block[..block.find("```").unwrap()];
    let (command, shown) = block.split_once('\n').unwrap();
    let args: Vec<&str> = command.split_whitespace().skip(3).collect();
    let out = crate::common::paperboard()
        .arg("check")
        .args(&args)
        .current_dir(root)
        .output()
        .unwrap();
    assert_eq!(String::from_utf8(out.stdout).unwrap(), shown);
}

/// The suggestions in the language asked for (`--language`, else the
/// locale's), the error codes and the English report unchanged.
#[test]
fn suggestions_speak_the_language_asked_for_or_the_locales() {
    let record = "[Game \"tictactoe\"]\n\n1. 5 1 2. 5 3\n";
    let run = |args: &[&str], env: &[(&str, &str)]| {
        let mut command = crate::common::paperboard();
        command.args(["check"]).args(args).arg("-");
        for v in ["LC_ALL", "LC_MESSAGES", "LANG"] {
            command.env_remove(v);
        }
        command.envs(env.iter().copied());
        let mut child = command
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .unwrap();
        let mut input = child.stdin.take().unwrap();
        input.write_all(record.as_bytes()).unwrap();
        drop(input);
        stdout(&child.wait_with_output().unwrap())
    };
    let english = run(&[], &[]);
    assert!(
        english.contains(
            "  did you mean 2 (one digit, a neighbouring key)? then the 1 remaining move is legal\n"
        ),
        "{english}"
    );
    assert_eq!(
        run(&["--language", "en"], &[("LANG", "de_DE.UTF-8")]),
        english
    );
    assert_eq!(run(&[], &[("LANG", "C.UTF-8")]), english);
    let german = run(&["--language", "de"], &[]);
    assert!(
        german.contains("  Meinten Sie: 2 (eine Ziffer, eine Nachbartaste)? dann ist der eine übrige Zug regelgerecht\n"),
        "{german}"
    );
    // The locale: LC_ALL before LANG.
    assert_eq!(run(&[], &[("LANG", "de_DE.UTF-8")]), german);
    let russian = run(&[], &[("LC_ALL", "ru_RU.UTF-8"), ("LANG", "de_DE.UTF-8")]);
    assert!(
        russian.contains("  Или: 4 (одна цифра, соседняя клавиша)?"),
        "{russian}"
    );
    let thai = run(&["--language", "th", "--json"], &[]);
    let json: serde_json::Value = serde_json::from_str(&thai).unwrap();
    let error = &json["games"][0]["errors"][0];
    assert_eq!(error["code"], "occupied", "{error}");
    assert!(
        error["suggestions"][0]["says"]
            .as_str()
            .is_some_and(|s| s.contains("ตัวเลขหนึ่งตัว")),
        "{error}"
    );
}

/// The words of the English report `english` still in `said`, its
/// report in `language`, but for the record's own (`kept`); the option
/// `--max-errors` is named as typed.
fn english_left(english: &str, said: &str, language: &str, kept: &[&str]) -> Vec<String> {
    let kept: Vec<&str> = kept.iter().copied().chain(["max", "errors"]).collect();
    let language = language.parse().expect("a language");
    paperboard_games::internals::english_left(english, said, language, &kept)
}

/// The whole report — head lines with what each game is, verdicts,
/// results, errors, suggestions, the summary — in the language asked for:
/// none of the English report's words is left in German, Russian or Thai
/// but the record's own (its players, a map's name) and the game's name
/// SOS. JSON keeps its English `message` and `description` for scripts and
/// adds `says` and `what` in the language.
#[test]
fn the_whole_report_speaks_the_language_asked_for() {
    let records = concat!(
        "[Game \"strategic\"]\n[X \"Lena\"]\n[O \"Jonas\"]\n[NoReturn \"yes\"]\n\n",
        "1. 4.5.6 5.6.4\n2. 6.4.9 6.9.6\n3. 8.6.3 4.3.3\n4. 2.3.5 2.5.3\n5. 4.3.1\n\n",
        "[Game \"strategic\"]\n[Ruleset \"tactical\"]\n\n1. 1.5.9 4.2.7 2. 2.7.5 5.5.5\n\n",
        "[Game \"tictactoe\"]\n\n1. 5 5 2. 1 9 3. 3 7 4. 2\n\n",
        "[Game \"ultimate\"]\n[Draws \"none\"]\n\n1. 5.5 5.1 3. 1.5 5.9 3. 9.5 5.2\n\n",
        "[Game \"tictactoe\"]\n\n1 4 2 5 3 6 9 8 7\n\n",
        "[Game \"sos\"]\n[Size \"4x3\"]\n[Players \"Ann, Ben\"]\n\nA:a1S A:a1O e1S\n\n",
        "[Game \"tictactoe\"]\n\n1. 5 1 2. 9 3\n",
    );
    let run = |args: &[&str]| {
        let mut child = crate::common::paperboard()
            .args(["check", "-", "--max-errors", "1"])
            .args(args)
            .env("LC_ALL", "C")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .unwrap();
        let mut input = child.stdin.take().unwrap();
        input.write_all(records.as_bytes()).unwrap();
        drop(input);
        let o = child.wait_with_output().unwrap();
        assert_eq!(o.status.code(), Some(1));
        stdout(&o)
    };
    let english = run(&[]);
    for shown in [
        "ILLEGAL",
        "no-return: this move sends",
        "strategic, functional map34, authors' rules",
        "more error (--max-errors shows more)",
        "did you mean",
        "ILLEGAL; X won",
        "legal; unfinished",
        "score: A (Ann) 0",
        "7 games checked: 1 legal, 6 illegal",
    ] {
        assert!(english.contains(shown), "{shown}: {english}");
    }
    for language in ["de", "ru", "th"] {
        let said = run(&["--language", language]);
        // The record's own words: its players, a map's name, SOS.
        let left = english_left(
            &english,
            &said,
            language,
            &["lena", "jonas", "ann", "ben", "map", "sos"],
        );
        assert!(
            left.is_empty(),
            "{language}: English left: {left:?}\n{said}"
        );
        // The same lines, places and moves: only the words differ.
        assert_eq!(said.lines().count(), english.lines().count(), "{said}");
    }
    let json = |language: &str| -> serde_json::Value {
        serde_json::from_str(&run(&["--json", "--language", language])).unwrap()
    };
    let (en, de) = (json("en"), json("de"));
    let (e_en, e_de) = (&en["games"][0]["errors"][0], &de["games"][0]["errors"][0]);
    assert_eq!(e_en["code"], e_de["code"]);
    assert_eq!(e_en["message"], e_de["message"]);
    assert!(e_en.get("says").is_none(), "{e_en}");
    assert!(
        e_de["says"]
            .as_str()
            .is_some_and(|s| s.starts_with("kein Zurück: dieser Zug schickt O zurück")),
        "{e_de}"
    );
    assert!(en["games"][0].get("what").is_none());
    assert_eq!(
        de["games"][0]["what"],
        "Strategisches Tic-Tac-Toe, funktional map34, Regeln der Autoren, kein Zurück"
    );
}

/// What `--fix` did, in the language asked for: the changes, the verdict
/// after them, what was left as written and why.
#[test]
fn the_fix_log_speaks_the_language_asked_for() {
    let records = concat!(
        "[Game \"ultimate\"]\n\n1. 8.9 9.4 2. 4.1 1.9 3. 9.1 1.3 4. 3.2 2.7 5. 7.3 3.9 6. 9.5 5.7\n",
        "7. 7.6 6.5 8. 5.6 6.6 9. 6.4 4.8 10. 8.2 2.8 11. 8.7 1.1\n\n",
        "[Game \"tictactoe\"]\n\n1. 5 5 2. 1 9 3. 3 7 4. 2\n",
    );
    let run = |language: &str| {
        let dir = tempfile::tempdir().unwrap();
        let f = write(dir.path(), "games.txt", records);
        let o = crate::common::paperboard()
            .args(["check", &f, "--fix", "--language", language])
            .env("LC_ALL", "C")
            .output()
            .unwrap();
        stdout(&o).replace(dir.path().to_str().unwrap(), "")
    };
    let english = run("en");
    for said in [
        "wrote /games.fixed.txt with 1 change:",
        "game 1: 1.1 -> 7.1 (one digit)",
        "  game 1: now legal",
        "game 2: left as written: the best suggestions are equally good: 4 (one digit",
    ] {
        assert!(english.contains(said), "{said}: {english}");
    }
    let german = run("de");
    for said in [
        "/games.fixed.txt mit 1 Änderung geschrieben:",
        "Partie 1: 1.1 -> 7.1 (eine Ziffer)",
        "  Partie 1: jetzt regelgerecht",
        "Partie 2: unverändert gelassen: die besten Vorschläge sind gleich gut: 4 (eine Ziffer",
    ] {
        assert!(german.contains(said), "{said}: {german}");
    }
    for language in ["de", "ru", "th"] {
        let said = run(language);
        let left = english_left(&english, &said, language, &["games", "fixed", "txt"]);
        assert!(
            left.is_empty(),
            "{language}: English left: {left:?}\n{said}"
        );
    }
}

/// A path that is no file (a folder, here) is refused in the reader's
/// language: typed reasons, not the English sentence of whoever opened it.
#[test]
fn a_path_that_is_no_file_is_refused_in_the_language_asked_for() {
    let dir = tempfile::tempdir().unwrap();
    let folder = dir.path().join("games");
    std::fs::create_dir(&folder).unwrap();
    let run = |language: &str| {
        let o = crate::common::paperboard()
            .args(["check", "--language", language])
            .arg(&folder)
            .output()
            .unwrap();
        assert_eq!(o.status.code(), Some(2));
        String::from_utf8(o.stdout).unwrap() + &String::from_utf8(o.stderr).unwrap()
    };
    let english = run("en");
    assert!(
        english.contains("a folder, not a regular file; paperboard reads inputs only from files"),
        "{english}"
    );
    for (language, words) in [
        ("de", "ein Ordner, keine gewöhnliche Datei"),
        ("ru", "это папка, а не обычный файл"),
        ("th", "เป็นโฟลเดอร์"),
    ] {
        let said = run(language);
        assert!(said.contains(words), "{language}: {said}");
        for english_word in ["folder", "regular", "inputs"] {
            assert!(!said.contains(english_word), "{language}: {said}");
        }
    }
}
