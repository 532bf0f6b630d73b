//! `paperboard check --fix` as a user runs it: the fixed copy beside the
//! record, byte for byte the same but for the mended moves, legal when checked
//! again; `-o`, `-o -`, `--in-place`, and what it refuses.

use std::io::Write;
use std::path::Path;
use std::process::{Command, Output, Stdio};

fn paperboard(args: &[&str], stdin: &str) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_paperboard"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut input = child.stdin.take().unwrap();
    // A run that refuses its arguments exits without reading: a closed pipe
    // is no failure of the test.
    let _ = input.write_all(stdin.as_bytes());
    drop(input);
    child.wait_with_output().unwrap()
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8(bytes.to_vec()).unwrap()
}

/// Two games with a slip each (a digit, and a move typed twice), a legal one
/// between them, comments, a BOM, CRLF line ends and odd spacing that must
/// all survive.
const RECORD: &str = "\u{feff}; typed up on Monday\r\n[Game \"ultimate\"]\r\n[X \"Tom\"]\r\n\r\n1. 8.9 9.4 {good start}\r\n2. 4.1 1.9\r\n3. 9.1 1.3\r\n4. 3.2 2.7\r\n5. 7.3 3.9\r\n6. 9.5 5.7\r\n7. 7.6 6.5\r\n8. 5.6 6.6\r\n9. 6.4 4.8\r\n10. 8.2 2.8\r\n11. 8.7   1.1 ; the slip\r\n\r\n[Game \"tictactoe\"]\r\n\r\n1. 5 1 2. 9\r\n\r\n[Game \"strategic\"]\r\n[Ruleset \"tactical\"]\r\n\r\n1. 5.5.5 5.5.1 2. 5.1.9 5.1.9 1.9.5\r\n";

/// What the fixed record must be: the same bytes but `1.1` -> `7.1` and the
/// doubled `5.1.9` gone with its space.
fn expected() -> String {
    RECORD
        .replace("8.7   1.1 ;", "8.7   7.1 ;")
        .replace("5.1.9 5.1.9 ", "5.1.9 ")
}

fn write(dir: &Path, name: &str, content: &str) -> String {
    let p = dir.join(name);
    std::fs::write(&p, content).unwrap();
    p.to_str().unwrap().to_string()
}

#[test]
fn fix_writes_a_copy_beside_the_record_that_checks_legal() {
    let dir = tempfile::tempdir().unwrap();
    let f = write(dir.path(), "games.txt", RECORD);
    let o = paperboard(&["check", "--fix", &f], "");
    let out = text(&o.stdout);
    // The exit status is about the record as read.
    assert_eq!(o.status.code(), Some(1), "{out}");
    let fixed = std::fs::read_to_string(dir.path().join("games.fixed.txt")).unwrap();
    assert_eq!(fixed, expected());
    assert_eq!(
        std::fs::read_to_string(&f).unwrap(),
        RECORD,
        "the record is untouched"
    );
    assert!(out.contains("games.txt: wrote "), "{out}");
    assert!(
        out.contains("games.txt:15:11: game 1: 1.1 -> 7.1 (one digit)"),
        "{out}"
    );
    assert!(
        out.contains("game 3: deleted 5.1.9 (a move written twice)"),
        "{out}"
    );
    assert!(
        out.contains("  game 1: now legal\n") && out.contains("  game 3: now legal\n"),
        "{out}"
    );
    let again = paperboard(
        &[
            "check",
            dir.path().join("games.fixed.txt").to_str().unwrap(),
        ],
        "",
    );
    assert_eq!(again.status.code(), Some(0), "{}", text(&again.stdout));
}

#[test]
fn fix_to_standard_output_sends_the_report_to_standard_error() {
    let o = paperboard(&["check", "--fix", "-o", "-", "-"], RECORD);
    assert_eq!(text(&o.stdout), expected());
    let err = text(&o.stderr);
    assert!(err.contains("did you mean 7.1 (one digit)?"), "{err}");
    assert!(
        err.contains("-: wrote standard output with 2 changes:"),
        "{err}"
    );
}

#[test]
fn fix_in_place_and_to_a_named_file() {
    let dir = tempfile::tempdir().unwrap();
    let f = write(dir.path(), "games.txt", RECORD);
    let named = dir.path().join("mended.txt");
    let o = paperboard(&["check", "--fix", "-o", named.to_str().unwrap(), &f], "");
    assert_eq!(o.status.code(), Some(1));
    assert_eq!(std::fs::read_to_string(&named).unwrap(), expected());
    let o = paperboard(&["check", "--fix", "--in-place", &f], "");
    assert_eq!(o.status.code(), Some(1));
    assert_eq!(std::fs::read_to_string(&f).unwrap(), expected());
    // Nothing left to fix: no file written.
    let o = paperboard(&["check", "--fix", &f], "");
    assert_eq!(o.status.code(), Some(0));
    assert!(text(&o.stdout).contains("nothing to fix, no file written"));
    assert!(!dir.path().join("games.fixed.txt").exists());
}

#[test]
fn fix_refuses_to_overwrite_the_record_or_guess_a_name() {
    let dir = tempfile::tempdir().unwrap();
    let f = write(dir.path(), "games.txt", RECORD);
    let g = write(dir.path(), "other.txt", RECORD);
    for args in [
        vec!["check", "--fix", "-o", f.as_str(), f.as_str()],
        vec!["check", "--fix", "-o", "x.txt", f.as_str(), g.as_str()],
        vec!["check", "--fix", "-"],
        vec!["check", "--fix", "--in-place", "-"],
        vec!["check", "--in-place", f.as_str()],
    ] {
        let o = paperboard(&args, RECORD);
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        assert!(!text(&o.stderr).is_empty());
    }
    assert_eq!(std::fs::read_to_string(&f).unwrap(), RECORD);
    // The default name is taken by a link to the record itself: refused.
    #[cfg(unix)]
    {
        std::os::unix::fs::symlink(&f, dir.path().join("games.fixed.txt")).unwrap();
        let o = paperboard(&["check", "--fix", &f], "");
        assert_eq!(o.status.code(), Some(2), "{}", text(&o.stdout));
        assert_eq!(std::fs::read_to_string(&f).unwrap(), RECORD);
    }
}

#[test]
fn json_errors_carry_the_suggestions() {
    let o = paperboard(&["check", "--json", "-"], RECORD);
    let doc: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    let first = &doc["games"][0]["errors"][0]["suggestions"][0];
    assert_eq!(first["edit"], "replace");
    assert_eq!(first["text"], "7.1");
    assert_eq!(first["ply"], 22);
    let third = &doc["games"][2]["errors"][0]["suggestions"][0];
    assert_eq!(third["edit"], "delete");
    assert_eq!(third["ply"], 4);
    assert_eq!(third["to_end"], true);
    assert!(third.get("text").is_none());
    assert!(doc["games"][1]["errors"].as_array().unwrap().is_empty());
}
