//! Names paperboard makes up are never written through a link planted there.
//!
//! A folder a user unpacks (a zip of student records) may hold a link at a
//! name paperboard derives from theirs (`games.fixed.txt -> ~/.bashrc`).
//! For every derived name, a link to a file elsewhere is planted and the run
//! must refuse with a message naming the file, leave the victim byte for
//! byte as it was, and leave the link a link. A path the user typed is
//! still followed (`hostile_outputs`).

use crate::common;

use std::path::Path;

use common::hostile::*;

/// The victim's bytes.
const PRECIOUS: &[u8] = b"export PATH=/usr/bin # the user's own file\n";

/// Plants `dir/name -> victim` (a file in a folder of its own) and runs
/// `paperboard ARGS` in `dir`: refused, naming `name`, and the victim and
/// the link untouched.
fn refused_through(dir: &Path, name: &str, args: &[&str]) {
    let home = tempfile::tempdir().unwrap();
    let victim = write(home.path(), "victim.txt", PRECIOUS);
    let link = dir.join(name);
    std::os::unix::fs::symlink(&victim, &link).unwrap();
    let r = run(dir, args);
    r.expect_code(2).expect_err(&format!(
        "{name} is a symbolic link; paperboard named this file itself, so it does not write through a link standing there"
    ));
    assert!(!r.stderr.contains("os error"), "{}", r.stderr);
    assert_eq!(std::fs::read(&victim).unwrap(), PRECIOUS, "{args:?}");
    assert_eq!(std::fs::read_link(&link).unwrap(), victim, "{args:?}");
    // Nothing but what was there: no temporary file left either.
    assert!(
        Snapshot::of(dir)
            .names()
            .iter()
            .all(|n| !n.contains(".paperboard-")),
        "{args:?}"
    );
    std::fs::remove_file(&link).unwrap();
}

/// A Strategic game with a move typed twice, which `--fix` deletes.
const SLIP: &str =
    "[Game \"strategic\"]\n[Ruleset \"tactical\"]\n\n1. 5.5.5 5.5.1 2. 5.1.9 5.1.9 1.9.5\n";

/// A handout of `copies` one-page tic-tac-toe sheets.
fn handout(copies: u32) -> String {
    format!(
        "[handout]\ngame = \"tictactoe\"\ncopies = {copies}\nrules = false\nduplex = false\n[worksheet]\nexercises = 0\n"
    )
}

#[test]
fn the_fixed_copy_of_a_record() {
    let dir = tempfile::tempdir().unwrap();
    write(dir.path(), "games.txt", SLIP);
    write(dir.path(), "games", SLIP);
    refused_through(
        dir.path(),
        "games.fixed.txt",
        &["check", "--fix", "games.txt"],
    );
    refused_through(dir.path(), "games.fixed", &["check", "--fix", "games"]);
    // Without the link, the copy is written.
    run(dir.path(), &["check", "--fix", "games.txt"]).expect_code(1);
    assert!(
        std::fs::read_to_string(dir.path().join("games.fixed.txt"))
            .unwrap()
            .contains("5.1.9 1.9.5")
    );
}

#[test]
fn a_fifo_or_device_at_a_made_up_name_is_refused_too() {
    let dir = tempfile::tempdir().unwrap();
    write(dir.path(), "games.txt", SLIP);
    mkfifo(&dir.path().join("games.fixed.txt"));
    let before = Snapshot::of(dir.path());
    run(dir.path(), &["check", "--fix", "games.txt"])
        .expect_code(2)
        .expect_err("games.fixed.txt is not a regular file (a device or a pipe); paperboard named this file itself");
    before.assert_unchanged(dir.path());
}

#[test]
fn a_handouts_separate_answer_key() {
    let dir = tempfile::tempdir().unwrap();
    write(
        dir.path(),
        "lesson.toml",
        "[handout]\ngame = \"ultimate\"\ncopies = 1\n[worksheet]\nexercises = 4\nkey = \"separate\"\n",
    );
    refused_through(
        dir.path(),
        "lesson-key.pdf",
        &["handout", "lesson.toml", "-o", "lesson.pdf"],
    );
    // Refused before anything was written: not even the handout.
    assert!(!dir.path().join("lesson.pdf").exists());
}

#[test]
fn the_pages_of_a_document_and_their_list() {
    let dir = tempfile::tempdir().unwrap();
    write(dir.path(), "h.toml", handout(3));
    let args = ["handout", "h.toml", "-o", "class.svg"];
    refused_through(dir.path(), "class-1.svg", &args);
    refused_through(dir.path(), "class-3.svg", &args);
    refused_through(dir.path(), ".class.svg.pages", &args);
    // A run that writes them, then a link planted at its list before a
    // shorter run: refused, the pages left as they were.
    run(dir.path(), &args).expect_code(0);
    write(dir.path(), "h.toml", handout(2));
    std::fs::remove_file(dir.path().join(".class.svg.pages")).unwrap();
    refused_through(dir.path(), ".class.svg.pages", &args);
}

#[test]
fn the_pages_of_a_diagram() {
    let dir = tempfile::tempdir().unwrap();
    // Several pages of diagrams.
    write(
        dir.path(),
        "games.txt",
        include_str!("../../examples/records/sos-simple.txt"),
    );
    refused_through(
        dir.path(),
        "d-2.svg",
        &["check", "--diagram", "d.svg", "games.txt"],
    );
}

#[test]
fn files_named_in_a_folder_the_user_gave() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir(dir.path().join("fonts")).unwrap();
    refused_through(dir.path(), "fonts/OFL.txt", &["fonts", "fonts"]);
    std::fs::create_dir(dir.path().join("found")).unwrap();
    refused_through(
        dir.path(),
        "found/search-1-1.toml",
        &[
            "maps",
            "search",
            "--evaluations",
            "20",
            "--keep",
            "1",
            "--out",
            "found",
        ],
    );
}
