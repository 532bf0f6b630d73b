//! Contradictions are refused where they are written, in the file or with
//! `--set`: an `at` that is not two numbers, `min-cell` above `cell` (or,
//! with `cell = "fit"`, above `max-cell`), a handout whose game, sheet and
//! worksheet kind do not belong together. (A `--format` that contradicts
//! the output's name: `tests/hostile_outputs.rs`.) Exit 2, the message at
//! the file, line and column, and no file written.

use crate::common;

use common::hostile::*;

#[test]
fn sheet_specs_that_contradict_themselves_are_refused_where_written() {
    let dir = tempfile::tempdir().unwrap();
    write(
        dir.path(),
        "at.toml",
        "[[text]]\nid = \"t\"\ntext = \"x\"\nat = [12, 12, 5]\n",
    );
    write(
        dir.path(),
        "sos.toml",
        "[[sos-board]]\ncell = 5\nmin-cell = 7\n",
    );
    write(
        dir.path(),
        "field.toml",
        "[[strategic-field]]\ncell = \"fit\"\nmax-cell = 5\nmin-cell = 6\n",
    );
    let before = Snapshot::of(dir.path());
    run(dir.path(), &["render", "at.toml", "-o", "x.pdf"])
        .expect_code(2)
        .expect_err("at.toml:4:6: `text.at` must be [x, y]")
        .expect_err("not a list of 3");
    run(dir.path(), &["render", "sos.toml", "-o", "x.pdf"])
        .expect_code(2)
        .expect_err(
            "sos.toml:3:12: `min-cell` (7 mm) is larger than `cell` (5 mm) of the same part",
        );
    run(dir.path(), &["render", "field.toml", "-o", "x.pdf"])
        .expect_code(2)
        .expect_err("field.toml:4:12: `min-cell` (6 mm) is larger than `max-cell` (5 mm)");
    for sets in [
        ["ultimate", "ultimate.min-cell=12", "ultimate.cell=10"],
        ["strategic-functional", "field.cell=5", "field.min-cell=9"],
    ] {
        run(
            dir.path(),
            &[
                "render", sets[0], "--set", sets[1], "--set", sets[2], "-o", "x.pdf",
            ],
        )
        .expect_code(2)
        .expect_err("--set ")
        .expect_err("min-cell=")
        .expect_err("is larger than `cell`");
    }
    before.assert_unchanged(dir.path());
    // A default minimum above a written cell gives way to it (tic-tac-toe
    // boards default to a 6 mm minimum).
    run(
        dir.path(),
        &[
            "render",
            "tictactoe",
            "--set",
            "boards.cell=5",
            "-o",
            "t.svg",
        ],
    )
    .expect_code(0);
}

#[test]
fn handouts_whose_game_sheet_and_exercises_do_not_belong_together_are_refused() {
    let dir = tempfile::tempdir().unwrap();
    write(
        dir.path(),
        "sheet.toml",
        "[handout]\ngame = \"sos\"\nsheet = \"ultimate\"\n",
    );
    write(
        dir.path(),
        "kind.toml",
        "[handout]\ngame = \"sos\"\n[worksheet]\nexercises = 2\nkind = \"ultimate-where\"\n",
    );
    write(
        dir.path(),
        "ttt.toml",
        "[handout]\ngame = \"tictactoe\"\n[worksheet]\nexercises = 4\n",
    );
    write(dir.path(), "mine.toml", "[[sos-board]]\n");
    write(
        dir.path(),
        "file.toml",
        "[handout]\ngame = \"ultimate\"\nsheet = \"mine.toml\"\n",
    );
    let before = Snapshot::of(dir.path());
    run(dir.path(), &["handout", "sheet.toml", "-o", "x.pdf"])
        .expect_code(2)
        .expect_err("sheet.toml:3:9: the sheet `ultimate` is for Ultimate tic-tac-toe, but the handout is for SOS");
    run(dir.path(), &["handout", "kind.toml", "-o", "x.pdf"])
        .expect_code(2)
        .expect_err("kind.toml:5:8: the exercises `ultimate-where` are for Ultimate tic-tac-toe, but the handout is for SOS; its `kind` is `sos-count`");
    run(dir.path(), &["handout", "ttt.toml", "-o", "x.pdf"])
        .expect_code(2)
        .expect_err("ttt.toml:4:13: a tic-tac-toe handout has no exercises");
    run(dir.path(), &["handout", "file.toml", "-o", "x.pdf"])
        .expect_code(2)
        .expect_err("file.toml:3:9: the sheet `mine.toml` is for SOS, but the handout is for Ultimate tic-tac-toe");
    before.assert_unchanged(dir.path());
    // The same sheet in an SOS handout is fine.
    write(
        dir.path(),
        "ok.toml",
        "[handout]\ngame = \"sos\"\nsheet = \"mine.toml\"\nrules = false\n[worksheet]\nexercises = 0\n",
    );
    run(dir.path(), &["handout", "ok.toml", "-o", "ok.pdf"]).expect_code(0);
}
