//! `paperboard check --fix` as a user runs it: the fixed copy beside the
//! record, byte for byte the same but for the mended moves, legal when checked
//! again; `-o`, `-o -`, `--in-place`, and what it refuses.

use crate::common::write_text as write;
use std::path::Path;
use std::process::{Command, Output, Stdio};

fn paperboard(args: &[&str], stdin: &str) -> Output {
    crate::common::run_piped(args, stdin.as_bytes())
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

/// A move written after the game ended is deleted, and the fixed game has the
/// winner the record had: the fix never changes who won.
#[test]
fn a_move_after_the_end_is_deleted_and_the_winner_stays() {
    let example = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/examples/records/illegal/move-after-end.txt"
    ))
    .unwrap();
    let o = paperboard(&["check", "--fix", "-o", "-", "-"], &example);
    let fixed = text(&o.stdout);
    assert_eq!(fixed, example.replace("4. 3 6", "4. 3"));
    let err = text(&o.stderr);
    assert!(
        err.contains(
            "did you mean this move deleted (written after the end of the game)? then the record is legal to its end and X (Ida) won\n"
        ),
        "{err}"
    );
    let again = paperboard(&["check", "-"], &fixed);
    assert!(
        text(&again.stdout).contains("legal; X (Ida) won"),
        "{}",
        text(&again.stdout)
    );

    // With the claim: the extra move goes, nothing is invented before X's 3.
    let claimed = "[Game \"tictactoe\"]\n[Result \"X\"]\n\n1. 7 2 2. 5 4 3. 3 9\n";
    let o = paperboard(&["check", "--fix", "-o", "-", "-"], claimed);
    assert_eq!(text(&o.stdout), claimed.replace("3. 3 9", "3. 3"));
    let err = text(&o.stderr);
    assert!(
        err.contains("then the record is legal to its end and X won, as claimed"),
        "{err}"
    );
    let again = paperboard(&["check", "-"], &text(&o.stdout));
    assert_eq!(again.status.code(), Some(0), "{}", text(&again.stdout));
}

/// Two suggestions equally good: the game is left as written and the report
/// lists them.
#[test]
fn a_tie_is_left_as_written_and_listed() {
    let dir = tempfile::tempdir().unwrap();
    let f = write(
        dir.path(),
        "tie.txt",
        "[Game \"tictactoe\"]\n\n1. 5 1 2. 9 1\n",
    );
    let o = paperboard(&["check", "--fix", &f], "");
    let out = text(&o.stdout);
    assert!(
        out.contains("tie.txt: no suggestion is sure enough to apply, no file written"),
        "{out}"
    );
    assert!(
        out.contains(
            "tie.txt:3:13: game 1: left as written: the best suggestions are equally good: 2 (one digit, a neighbouring key)? then the record is legal to its end; 4 (one digit, a neighbouring key)?"
        ),
        "{out}"
    );
    assert!(!dir.path().join("tie.fixed.txt").exists());
    let o = paperboard(&["check", "--json", &f], "");
    let doc: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    let s = &doc["games"][0]["errors"][0]["suggestions"];
    assert_eq!(s[0]["tie"], true);
    assert_eq!(s[1]["tie"], true);
    assert_eq!(s[2]["tie"], false);
}

/// A fix against the game's own claim is never written, even when it is
/// the only one.
#[test]
fn a_fix_against_the_claim_is_never_written() {
    let record = "[Game \"tictactoe\"]\n[Result \"O\"]\n\n1. 7 2 2. 5 4 3. 3 9\n";
    let o = paperboard(&["check", "--fix", "-o", "-", "-"], record);
    assert!(o.stdout.is_empty(), "{}", text(&o.stdout));
    let err = text(&o.stderr);
    assert!(
        err.contains("left as written: every suggestion contradicts the game's claim"),
        "{err}"
    );
    assert!(err.contains("but X won, against the game's claim"), "{err}");
}

/// `--dry-run` prints the changes as a unified diff and writes nothing.
#[test]
fn dry_run_prints_a_unified_diff_and_writes_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let f = write(dir.path(), "games.txt", RECORD);
    for extra in [&[][..], &["--in-place"][..]] {
        let mut args = vec!["check", "--fix", "--dry-run"];
        args.extend_from_slice(extra);
        args.push(&f);
        let o = paperboard(&args, "");
        assert_eq!(o.status.code(), Some(1));
        let out = text(&o.stdout);
        assert!(out.contains("(dry run, nothing written):\n"), "{out}");
        // The hunks, in `diff -u` form; the record's CR shows escaped, as
        // every control character of a record does on a terminal.
        assert!(out.contains("@@ -12,7 +12,7 @@\n"), "{out}");
        assert!(
            out.contains("-11. 8.7   1.1 ; the slip\\x0d\n+11. 8.7   7.1 ; the slip\\x0d\n"),
            "{out}"
        );
        assert!(
            out.contains(
                "-1. 5.5.5 5.5.1 2. 5.1.9 5.1.9 1.9.5\\x0d\n+1. 5.5.5 5.5.1 2. 5.1.9 1.9.5\\x0d\n"
            ),
            "{out}"
        );
        assert_eq!(std::fs::read_to_string(&f).unwrap(), RECORD);
        assert!(!dir.path().join("games.fixed.txt").exists());
    }
    // The diff applies: patch(1) turns the record (with LF line ends) into
    // what --fix writes.
    let lf = RECORD.replace("\r\n", "\n");
    let f = write(dir.path(), "lf.txt", &lf);
    let o = paperboard(&["check", "--fix", "--dry-run", &f], "");
    let out = text(&o.stdout);
    let diff: String = out
        .split_inclusive('\n')
        .skip_while(|l| !l.starts_with("--- "))
        .take_while(|l| !l.starts_with("1 game") && !l.starts_with("  "))
        .collect();
    let patch = dir.path().join("fix.diff");
    std::fs::write(&patch, diff).unwrap();
    let status = Command::new("patch")
        .arg(&f)
        .arg(&patch)
        .stdout(Stdio::null())
        .status();
    if let Ok(status) = status {
        assert!(status.success());
        assert_eq!(
            std::fs::read_to_string(&f).unwrap(),
            expected().replace("\r\n", "\n")
        );
    }
}

/// Files in `dir` but `keep`: none of the run's temporary files stays.
fn others(dir: &Path, keep: &[&str]) -> Vec<String> {
    std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| !keep.contains(&n.as_str()))
        .collect()
}

/// `--fix` streams: a record of many games, each fixed as the next arrives,
/// comes out whole (the last game's fix too), game by game in the report;
/// a record that turns out not to be a record half-way writes nothing, and
/// leaves no temporary file.
#[test]
fn fix_streams_a_long_record_and_a_failed_one_writes_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let game = "[Game \"tictactoe\"]\n[Result \"X\"]\n1. 1 4 2. 2 5 3. 3 6\n\n";
    let legal = "[Game \"tictactoe\"]\n1. 5 1 2. 9\n\n";
    let record = format!("{game}{legal}").repeat(300);
    let f = write(dir.path(), "many.txt", &record);
    let o = paperboard(&["check", "--fix", &f], "");
    let out = text(&o.stdout);
    assert_eq!(o.status.code(), Some(1), "{out}");
    let fixed = std::fs::read_to_string(dir.path().join("many.fixed.txt")).unwrap();
    assert_eq!(fixed, record.replace("3. 3 6\n", "3. 3\n"));
    assert!(out.contains("wrote "), "{out}");
    assert!(out.contains(" with 300 changes:"), "{out}");
    // Game by game: each change, then its verdict.
    assert!(out.contains("many.txt:3:20: game 1: deleted 6 ("), "{out}");
    let first = out.find("game 1: deleted 6").unwrap();
    assert!(out[first..].contains("\n  game 1: now legal\n"), "{out}");
    assert!(out.contains("game 599: now legal"), "{out}");
    assert_eq!(
        others(dir.path(), &["many.txt", "many.fixed.txt"]),
        Vec::<String>::new()
    );

    // Stray text before the first game: the file is no record (known only
    // once every game was fixed and written on); nothing written.
    let broken = format!("]] not a record\n{record}");
    let b = write(dir.path(), "broken.txt", &broken);
    let o = paperboard(&["check", "--fix", &b], "");
    let out = text(&o.stdout);
    assert_eq!(o.status.code(), Some(2), "{out}");
    assert!(out.contains("broken.txt: not fixed: not a record"), "{out}");
    assert!(!dir.path().join("broken.fixed.txt").exists());
    assert_eq!(
        others(dir.path(), &["many.txt", "many.fixed.txt", "broken.txt"]),
        Vec::<String>::new()
    );
}

/// A move written twice that carries its own number, before a move with
/// its own: the number goes with the deleted move instead of standing
/// before nothing (`3. 3 3... 3... 8`); before an unnumbered move it passes
/// to that move, as the parser reads it.
#[test]
fn a_deleted_move_takes_its_number_when_the_next_move_has_its_own() {
    let head = "[Game \"tictactoe\"]\n[Result \"X\"]\n\n";
    for (written, fixed) in [
        (
            "1. 5 1... 1 2. 9 2... 2 3. 3 3... 3 3... 8 4. 7\n",
            "1. 5 1... 1 2. 9 2... 2 3. 3 3... 8 4. 7\n",
        ),
        (
            "1. 5 1... 1\n2. 9 2... 2\n3. 3\n3... 3\n3... 8\n4. 7\n",
            "1. 5 1... 1\n2. 9 2... 2\n3. 3\n3... 8\n4. 7\n",
        ),
        (
            "1. 5 1 2. 9 2 3. 3 3... 3 8 4. 7\n",
            "1. 5 1 2. 9 2 3. 3 3... 8 4. 7\n",
        ),
    ] {
        let o = paperboard(
            &["check", "--fix", "-o", "-", "-"],
            &format!("{head}{written}"),
        );
        assert_eq!(
            text(&o.stdout),
            format!("{head}{fixed}"),
            "{}",
            text(&o.stderr)
        );
        let again = paperboard(&["check", "-"], &text(&o.stdout));
        assert_eq!(again.status.code(), Some(0), "{}", text(&again.stdout));
    }
}

/// `--fix --dry-run` reads a record whole before checking it: a record it
/// cannot read is said in the report's language, as without `--dry-run`.
#[test]
fn a_dry_run_says_why_a_record_was_not_read_in_the_language_asked_for() {
    let dir = tempfile::tempdir().unwrap();
    let folder = dir.path().join("games");
    std::fs::create_dir(&folder).unwrap();
    let large = dir.path().join("large.txt");
    std::fs::File::create(&large)
        .unwrap()
        .set_len((64 << 20) + 1)
        .unwrap();
    let missing = dir.path().join("missing.txt");
    let mut args = vec!["check", "--language", "de", "--fix", "--dry-run"];
    let paths: Vec<String> = [&missing, &folder, &large]
        .iter()
        .map(|p| p.display().to_string())
        .collect();
    args.extend(paths.iter().map(String::as_str));
    let out = paperboard(&args, "");
    assert_eq!(out.status.code(), Some(2));
    let said = format!("{}{}", text(&out.stdout), text(&out.stderr));
    for german in ["keine solche Datei", "ein Ordner", "bis 64 MiB"] {
        assert!(said.contains(german), "`{german}` not in {said}");
    }
    for english in [
        "no such file",
        "a folder",
        "shows the changes",
        "cannot read",
    ] {
        assert!(!said.contains(english), "`{english}` in {said}");
    }
}
