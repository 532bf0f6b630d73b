//! Hostile records: a record never reaches the file system by itself, a
//! broken game costs only that game, errors are capped and collapsed, text
//! quoted from a record is short and cannot drive the terminal, and a record
//! file of any size is read in flat memory.

use crate::common;

use common::hostile::*;

fn map_file(name: &str) -> String {
    let map67 = paperboard_games::maps::BuiltinMap::Map67.map();
    paperboard_games::maps::MapFile::new(name, map67).to_toml()
}

/// map67 sends 1.1.1 to 3.1, map34 does not: a game legal only under map67.
const UNDER_MAP67: &str = "1.1.1 3.1.5\n";

#[test]
fn a_record_names_only_built_in_maps_or_maps_given_on_the_command_line() {
    let dir = tempfile::tempdir().unwrap();
    let maps = dir.path().join("maps");
    std::fs::create_dir(&maps).unwrap();
    write(&maps, "mine.toml", map_file("mine"));
    write(dir.path(), "given.toml", map_file("given"));
    write(
        dir.path(),
        "secret.conf",
        "api_key = \"s3cr3t\"\n[db]\npassword = \"hunter2\"\n",
    );
    write(&maps, "notamap.toml", "api_key = \"s3cr3t\"\n");
    let game = |map: &str| format!("[Game \"strategic\"]\n[Map \"{map}\"]\n{UNDER_MAP67}");
    for (name, tag) in [
        ("up.txt", "../secret.conf"),
        ("abs.txt", dir.path().join("secret.conf").to_str().unwrap()),
        ("dev.txt", "/dev/zero"),
        ("sub.txt", "maps/mine.toml"),
    ] {
        write(dir.path(), name, game(tag));
        let r = run(dir.path(), &["check", "--maps-dir", "maps", name]);
        r.expect_code(2)
            .expect_out("a record names a map by its name only (no folders)");
        assert!(
            !r.out().contains("s3cr3t") && !r.out().contains("password"),
            "{}",
            r.out()
        );
    }
    // Not offered on the command line: unknown, even beside the record.
    write(dir.path(), "beside.txt", game("given.toml"));
    run(dir.path(), &["check", "beside.txt"])
        .expect_code(2)
        .expect_out("beside.txt:2:7: [Map \"given.toml\"]: unknown map `given.toml`");
    // Offered: by file name or stem, as a file or from a folder.
    run(
        dir.path(),
        &["check", "--map-file", "given.toml", "beside.txt"],
    )
    .expect_code(0);
    write(dir.path(), "stem.txt", game("mine"));
    run(dir.path(), &["check", "--maps-dir", "maps", "stem.txt"]).expect_code(0);
    // A file in the folder that is no map: where, never what.
    write(dir.path(), "bad.txt", game("notamap.toml"));
    let r = run(dir.path(), &["check", "--maps-dir", "maps", "bad.txt"]);
    r.expect_code(2)
        .expect_out("cannot be used (at line 1, column 1)");
    assert!(
        !r.out().contains("s3cr3t") && !r.out().contains("api_key"),
        "{}",
        r.out()
    );
    // Map files named on the command line must be files.
    run(
        dir.path(),
        &["check", "--map-file", "/dev/zero", "beside.txt"],
    )
    .expect_code(2)
    .expect_err("/dev/zero is a device");
    run(
        dir.path(),
        &["check", "--maps-dir", "given.toml", "beside.txt"],
    )
    .expect_code(2)
    .expect_err("given.toml is a file, not a folder");
}

#[test]
fn a_broken_game_costs_that_game_and_every_syntax_error_is_reported() {
    let dir = tempfile::tempdir().unwrap();
    let mut text = String::new();
    for i in 1..=7 {
        text += match i {
            3 => "[Game \"tictactoe\"]\n[Result X]\n1 4 2 5 3\n\n",
            5 => "[Game \"ultimate\"]\n5.5 [oops] 5.1\n5.1 ] {never closed\n",
            _ => "[Game \"tictactoe\"]\n1 4 2 5 3\n\n",
        };
        if i == 5 {
            text += "}\n\n";
        }
    }
    write(dir.path(), "seven.txt", &text);
    let r = run(dir.path(), &["check", "seven.txt"]);
    r.expect_code(2);
    let out = r.out();
    assert!(
        out.ends_with(
            "7 games checked: 5 legal, 0 illegal, 0 with a wrong claim, 2 that cannot be checked\n"
        ),
        "{out}"
    );
    assert!(
        out.contains("seven.txt:8:9: expected a quoted value after the tag name `Result`"),
        "{out}"
    );
    assert!(out.contains("seven.txt:15:5: unexpected `[`"), "{out}");
    assert!(out.contains("seven.txt:16:5: unexpected `]`"), "{out}");
    assert!(!out.contains("not a record"), "{out}");
    // Stray text before the first game is one error, and the games after it
    // are still checked.
    write(
        dir.path(),
        "stray.txt",
        format!("hello there\n\n{}", "[Game \"tictactoe\"]\n1 4 2 5 3\n"),
    );
    let r = run(dir.path(), &["check", "stray.txt"]);
    r.expect_code(2)
        .expect_out("stray.txt:1:1: not a record: expected the game's tags")
        .expect_out("1 game checked: 1 legal");
}

#[test]
fn an_unreadable_claim_is_reported_as_unreadable_not_wrong() {
    let dir = tempfile::tempdir().unwrap();
    write(
        dir.path(),
        "maybe.txt",
        "[Game \"tictactoe\"]\n[Result \"maybe\"]\n1 4 2 5 3\n",
    );
    let r = run(dir.path(), &["check", "maybe.txt"]);
    r.expect_code(1)
        .expect_out("legal moves, UNREADABLE CLAIM; X won; claimed Result \"maybe\" unreadable")
        .expect_out("maybe.txt:2:10: [Result \"maybe\"]: cannot read the claimed result")
        .expect_out("1 with an unreadable claim");
    assert!(
        !r.out().contains("wrong\n") && !r.out().contains("WRONG"),
        "{}",
        r.out()
    );
    let r = run(dir.path(), &["check", "--json", "maybe.txt"]);
    let v: serde_json::Value = serde_json::from_slice(&r.stdout).unwrap();
    assert_eq!(v["games"][0]["status"], "unreadable-claim");
    assert_eq!(v["games"][0]["errors"][0]["code"], "unreadable-claim");
    assert_eq!(v["games"][0]["claims"][0]["readable"], false);
}

#[test]
fn errors_are_capped_and_moves_after_the_end_counted_once() {
    let dir = tempfile::tempdir().unwrap();
    // X wins on move 5, then 20,000 moves follow: one error, with the count.
    let after = "9 ".repeat(20_000);
    write(
        dir.path(),
        "after.txt",
        format!("[Game \"tictactoe\"]\n1 4 2 5 3\n{after}\n"),
    );
    let r = run(dir.path(), &["check", "after.txt"]);
    r.expect_code(2)
        .expect_out("a game holds at most 10000 moves");
    write(
        dir.path(),
        "after.txt",
        format!("[Game \"tictactoe\"]\n1 4 2 5 3\n{}\n", "9 ".repeat(500)),
    );
    let r = run(dir.path(), &["check", "after.txt"]);
    r.expect_code(1)
        .expect_out("this and the 499 moves after it are all after the end")
        .expect_out("did you mean this move and the 499 moves after it deleted (written after the end of the game)? then the record is legal to its end and X won\n");
    // The error and its one suggestion: no line per move after the end.
    assert_eq!(r.out().lines().count(), 4, "{}", r.out());
    // Unreadable moves: capped at --max-errors, the rest counted.
    write(
        dir.path(),
        "junk.txt",
        format!("[Game \"strategic\"]\n{}\n", "0.0.0 ".repeat(100)),
    );
    let r = run(dir.path(), &["check", "junk.txt"]);
    r.expect_code(1)
        .expect_out("junk.txt: game 1: and 80 more errors (--max-errors shows more)");
    assert_eq!(r.out().matches("0 is not a position").count(), 20);
    let r = run(dir.path(), &["check", "--max-errors", "3", "junk.txt"]);
    r.expect_code(1).expect_out("and 97 more errors");
    let r = run(
        dir.path(),
        &["check", "--json", "--max-errors", "3", "junk.txt"],
    );
    let v: serde_json::Value = serde_json::from_slice(&r.stdout).unwrap();
    assert_eq!(v["games"][0]["errors"].as_array().unwrap().len(), 3);
    assert_eq!(v["games"][0]["more_errors"], 97);
    run(dir.path(), &["check", "--max-errors", "0", "junk.txt"])
        .expect_code(2)
        .expect_err("`max-errors` must be a whole number from 1 to 1,000, not 0");
}

#[test]
fn long_lines_and_long_words_are_bounded() {
    let dir = tempfile::tempdir().unwrap();
    // One 2 MB line of moves: refused as a line, not read into memory.
    let line = "5.5.5 ".repeat(350_000);
    write(
        dir.path(),
        "line.txt",
        format!("[Game \"strategic\"]\n{line}\n\n[Game \"tictactoe\"]\n1 4 2 5 3\n"),
    );
    let r = run(dir.path(), &["check", "line.txt"]);
    r.expect_code(2)
        .expect_out("line.txt:2:1: this line is longer than 64 KiB")
        .expect_out("2 games checked: 1 legal");
    assert!(r.stdout.len() < 2_000, "{} bytes of report", r.stdout.len());
    // A 60 KB word is quoted as a short excerpt.
    let word = format!("1{}", "x".repeat(60_000));
    write(
        dir.path(),
        "word.txt",
        format!("[Game \"tictactoe\"]\n{word}\n"),
    );
    let r = run(dir.path(), &["check", "word.txt"]);
    r.expect_code(1).expect_out("…: expected positions 1..9");
    assert!(r.stdout.len() < 1_000, "{} bytes of report", r.stdout.len());
    // So is a long tag value.
    write(
        dir.path(),
        "tag.txt",
        format!("[Game \"tictactoe\"]\n[X \"{}\"]\n5\n", "A".repeat(5_000)),
    );
    let r = run(dir.path(), &["check", "tag.txt"]);
    r.expect_code(2)
        .expect_out("tag.txt:2:5: the value of tag `X` is longer than 200 characters");
    assert!(r.stdout.len() < 1_000, "{} bytes of report", r.stdout.len());
}

#[test]
fn record_text_cannot_drive_the_terminal() {
    let dir = tempfile::tempdir().unwrap();
    // An escape sequence in a tag is refused where it is written.
    write(
        dir.path(),
        "tag.txt",
        "[Game \"tictactoe\"]\n[X \"\u{1b}]0;pwned\u{7}\"]\n1 4 2 5 3\n",
    );
    let r = run(dir.path(), &["check", "tag.txt"]);
    r.expect_code(2)
        .expect_out("tag.txt:2:5: the value of tag `X` holds the control character U+001B");
    // In a move it is an unreadable move, shown escaped.
    write(
        dir.path(),
        "move.txt",
        "[Game \"tictactoe\"]\n1 4 \u{1b}c\u{9b}2J 5 3\n",
    );
    let r = run(dir.path(), &["check", "move.txt"]);
    r.expect_code(1).expect_out("\\x1bc\\u{9b}2J");
    assert!(!r.stdout.contains(&0x1b) && !r.out().contains('\u{9b}'));
    let r = run(dir.path(), &["check", "--json", "move.txt"]);
    assert!(!r.stdout.contains(&0x1b) && !r.out().contains('\u{9b}'));
    let v: serde_json::Value = serde_json::from_slice(&r.stdout).unwrap();
    assert_eq!(v["games"][0]["errors"][0]["text"], "\u{1b}c\u{9b}2J");
}

#[test]
fn a_large_record_file_is_checked_whole_from_a_file_and_standard_input() {
    let dir = tempfile::tempdir().unwrap();
    // About 6 MB of games from standard input and from a file.
    let mut text = Vec::new();
    paperboard_games::internals::random_strategic_record(&mut text, 6_000_000, 3).unwrap();
    write(dir.path(), "big.txt", &text);
    let r = run_stdin(dir.path(), &["check", "-", "big.txt"], &text);
    r.expect_code(0);
    let out = r.out();
    let games = out.lines().filter(|l| l.contains(": legal; ")).count();
    assert!(games > 1_500, "{games} games");
    assert!(out.ends_with(&format!(
        "{games} games checked: {games} legal, 0 illegal, 0 with a wrong claim\n"
    )));
}
