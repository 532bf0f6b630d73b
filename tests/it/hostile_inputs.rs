//! Hostile inputs: only regular files are read, each kind of input has a
//! size limit, a missing file is "no such file" (not an unknown name), and a
//! path written inside a file never leads out of that file's folder. One
//! reading function serves every entrance: command-line arguments, `--set`
//! map paths, map paths written in a spec, a handout's sheet.

use crate::common;

use std::path::Path;

use common::hostile::*;

fn template(name: &str) -> String {
    std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("templates")
            .join(name),
    )
    .unwrap()
}

/// The strategic sheet with its row numbers from `map`.
fn sheet_with_map(map: &str) -> String {
    template("strategic-functional.toml").replace(
        "row-numbers = \"map34\"",
        &format!("row-numbers = \"{map}\""),
    )
}

fn map_file() -> String {
    paperboard_games::maps::MapFile::builtin(paperboard_games::maps::BuiltinMap::Map67).to_toml()
}

#[cfg(unix)]
#[test]
fn fifos_devices_and_folders_are_refused_without_waiting() {
    let dir = tempfile::tempdir().unwrap();
    mkfifo(&dir.path().join("spec.toml"));
    mkfifo(&dir.path().join("map.toml"));
    mkfifo(&dir.path().join("games.txt"));
    std::fs::create_dir(dir.path().join("folder.toml")).unwrap();
    write(dir.path(), "sheet.toml", sheet_with_map("map.toml"));
    let before = Snapshot::of(dir.path());
    // Each would hang on open or read without end if it were read.
    run(dir.path(), &["render", "spec.toml", "-o", "x.pdf"])
        .expect_code(2)
        .expect_err("spec.toml is a FIFO (named pipe), not a regular file");
    run(dir.path(), &["render", "folder.toml", "-o", "x.pdf"])
        .expect_code(2)
        .expect_err("folder.toml is a folder, not a regular file");
    run(dir.path(), &["render", "sheet.toml", "-o", "x.pdf"])
        .expect_code(2)
        .expect_err("map.toml is a FIFO");
    run(dir.path(), &["render", "sos", "-o", "x.pdf"]).expect_code(0);
    std::fs::remove_file(dir.path().join("x.pdf")).unwrap();
    run(
        dir.path(),
        &[
            "render",
            "strategic-functional",
            "--set",
            "field.row-numbers=/dev/zero",
            "-o",
            "x.pdf",
        ],
    )
    .expect_code(2)
    .expect_err("/dev/zero is a device, not a regular file");
    run(dir.path(), &["analyze", "functional", "--map", "/dev/zero"])
        .expect_code(2)
        .expect_err("/dev/zero is a device");
    run(dir.path(), &["handout", "spec.toml", "-o", "x.pdf"])
        .expect_code(2)
        .expect_err("a FIFO");
    run(dir.path(), &["check", "games.txt"])
        .expect_code(2)
        .expect_err("games.txt: a FIFO (named pipe), not a regular file");
    run(dir.path(), &["check", "/dev/zero"])
        .expect_code(2)
        .expect_err("/dev/zero: a device, not a regular file");
    before.assert_unchanged(dir.path());
}

#[test]
fn inputs_past_their_size_limit_are_refused() {
    let dir = tempfile::tempdir().unwrap();
    let huge = format!("{}\n# {}\n", template("sos.toml"), "x".repeat(1 << 20));
    write(dir.path(), "huge.toml", &huge);
    write(
        dir.path(),
        "huge-map.toml",
        format!("{}# {}\n", map_file(), "x".repeat(1 << 20)),
    );
    write(dir.path(), "sheet.toml", sheet_with_map("huge-map.toml"));
    run(dir.path(), &["render", "huge.toml", "-o", "x.pdf"])
        .expect_code(2)
        .expect_err("huge.toml is larger than 1 MiB, the limit for this kind of file");
    run(dir.path(), &["render", "sheet.toml", "-o", "x.pdf"])
        .expect_code(2)
        .expect_err("huge-map.toml is larger than 1 MiB");
    run(dir.path(), &["handout", "huge.toml", "-o", "x.pdf"])
        .expect_code(2)
        .expect_err("larger than 1 MiB");
    run(dir.path(), &["maps", "show", "huge-map.toml"])
        .expect_code(2)
        .expect_err("larger than 1 MiB");
    assert!(!dir.path().join("x.pdf").exists());
}

#[test]
fn a_missing_file_is_not_an_unknown_name() {
    let dir = tempfile::tempdir().unwrap();
    run(dir.path(), &["render", "nothere.toml", "-o", "x.pdf"])
        .expect_code(2)
        .expect_err("error: nothere.toml: no such file");
    run(dir.path(), &["render", "strategic-fun", "-o", "x.pdf"])
        .expect_code(2)
        .expect_err("`strategic-fun` is neither a built-in template nor a spec file");
    run(dir.path(), &["maps", "show", "maps/mine.toml"])
        .expect_code(2)
        .expect_err("maps/mine.toml: no such file");
    run(dir.path(), &["maps", "show", "map99"])
        .expect_code(2)
        .expect_err("unknown map `map99`");
    run(dir.path(), &["handout", "class.toml", "-o", "x.pdf"])
        .expect_code(2)
        .expect_err("class.toml: no such file");
    run(dir.path(), &["check", "games.txt"])
        .expect_code(2)
        .expect_err("games.txt: no such file\n")
        .expect_out("0 games checked: 0 legal, 0 illegal, 0 with a wrong claim; 1 file(s) could not be read\n");
    assert!(Snapshot::of(dir.path()).names().is_empty());
}

#[test]
fn paths_written_in_files_stay_in_their_folder() {
    let dir = tempfile::tempdir().unwrap();
    let specs = dir.path().join("specs");
    std::fs::create_dir(&specs).unwrap();
    write(dir.path(), "secret.toml", "password = \"hunter2\"\n");
    write(dir.path(), "outside.toml", map_file());
    write(&specs, "inside.toml", map_file());
    let outside = dir.path().join("outside.toml");
    let absolute = outside.to_str().unwrap();
    write(&specs, "up.toml", sheet_with_map("../outside.toml"));
    write(&specs, "abs.toml", sheet_with_map(absolute));
    write(&specs, "ok.toml", sheet_with_map("inside.toml"));
    #[cfg(unix)]
    std::os::unix::fs::symlink("../secret.toml", specs.join("sneaky.toml")).unwrap();
    write(&specs, "link.toml", sheet_with_map("sneaky.toml"));
    let before = Snapshot::of(dir.path());
    for spec in ["specs/up.toml", "specs/abs.toml"] {
        let r = run(dir.path(), &["render", spec, "-o", "x.pdf"]);
        r.expect_code(2).expect_err("is outside specs");
        assert!(!r.stderr.contains("hunter2"));
    }
    #[cfg(unix)]
    {
        let r = run(dir.path(), &["render", "specs/link.toml", "-o", "x.pdf"]);
        r.expect_code(2)
            .expect_err("`sneaky.toml` is outside specs");
        assert!(!r.stderr.contains("hunter2") && !r.stderr.contains("password"));
    }
    before.assert_unchanged(dir.path());
    // Inside the folder, and from the command line anywhere.
    run(dir.path(), &["render", "specs/ok.toml", "-o", "a.pdf"]).expect_code(0);
    let set = format!("field.row-numbers={absolute}");
    run(
        dir.path(),
        &["render", "specs/up.toml", "--set", &set, "-o", "b.pdf"],
    )
    .expect_code(0);
    run(
        dir.path(),
        &[
            "render",
            "strategic-functional",
            "--set",
            "field.row-numbers=outside.toml",
            "-o",
            "c.pdf",
        ],
    )
    .expect_code(0);
    // A handout's sheet is in the handout's folder too.
    write(
        &specs,
        "class.toml",
        "[handout]\ngame = \"strategic\"\nsheet = \"../outside.toml\"\n",
    );
    run(dir.path(), &["handout", "specs/class.toml", "-o", "h.pdf"])
        .expect_code(2)
        .expect_err("`../outside.toml` is outside specs");
    assert!(!dir.path().join("h.pdf").exists());
}
