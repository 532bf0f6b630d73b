//! Hostile outputs: whatever `-o` names, paperboard writes through what must
//! be written through, replaces atomically what may be replaced, and refuses
//! what must not be touched, leaving it as it was. All in temporary folders:
//! a FIFO made with `mkfifo`, symlinks, a 0444 file, an input named as output.

use crate::common;

use std::path::Path;

use common::hostile::*;
use common::parse_svg_file;

fn is_pdf(bytes: &[u8]) -> bool {
    bytes.starts_with(b"%PDF-") && bytes.windows(5).any(|w| w == b"%%EOF")
}

#[test]
fn dash_writes_to_standard_output_in_the_format_asked() {
    let dir = tempfile::tempdir().unwrap();
    let before = Snapshot::of(dir.path());
    let r = run(dir.path(), &["render", "sos", "-o", "-", "--format", "pdf"]);
    r.expect_code(0);
    assert!(is_pdf(&r.stdout));
    let r = run(dir.path(), &["render", "sos", "-o", "-", "--format", "svg"]);
    r.expect_code(0);
    common::parse_svg(&r.out());
    // Without a format there is nothing to tell it by.
    run(dir.path(), &["render", "sos", "-o", "-"])
        .expect_code(2)
        .expect_err("add --format pdf, svg or png");
    // A format that contradicts the name is refused.
    run(
        dir.path(),
        &["render", "sos", "-o", "x.svg", "--format", "pdf"],
    )
    .expect_code(2)
    .expect_err("--format pdf contradicts the output name x.svg");
    before.assert_unchanged(dir.path());
}

#[cfg(unix)]
#[test]
fn a_fifo_is_written_through_and_stays_a_fifo() {
    use std::os::unix::fs::FileTypeExt;
    let dir = tempfile::tempdir().unwrap();
    let fifo = dir.path().join("sheet.pdf");
    mkfifo(&fifo);
    let reader = {
        let fifo = fifo.clone();
        std::thread::spawn(move || std::fs::read(fifo).unwrap())
    };
    run(dir.path(), &["render", "sos", "-o", "sheet.pdf"]).expect_code(0);
    let got = reader.join().unwrap();
    assert!(is_pdf(&got), "{} bytes", got.len());
    assert!(
        std::fs::symlink_metadata(&fifo)
            .unwrap()
            .file_type()
            .is_fifo()
    );
    assert_eq!(Snapshot::of(dir.path()).names(), ["sheet.pdf"]);
}

#[cfg(unix)]
#[test]
fn a_symlink_is_followed_and_its_target_replaced() {
    let dir = tempfile::tempdir().unwrap();
    let target = write(dir.path(), "real.pdf", b"old");
    std::os::unix::fs::symlink("real.pdf", dir.path().join("link.pdf")).unwrap();
    run(dir.path(), &["render", "sos", "-o", "link.pdf"]).expect_code(0);
    assert_eq!(
        std::fs::read_link(dir.path().join("link.pdf")).unwrap(),
        Path::new("real.pdf")
    );
    assert!(is_pdf(&std::fs::read(&target).unwrap()));
    // No temporary file is left behind.
    assert_eq!(Snapshot::of(dir.path()).names(), ["link.pdf", "real.pdf"]);
}

#[cfg(unix)]
#[test]
fn an_existing_file_keeps_its_mode_and_a_read_only_one_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let kept = write(dir.path(), "kept.pdf", b"old");
    chmod(&kept, 0o640);
    run(dir.path(), &["render", "sos", "-o", "kept.pdf"]).expect_code(0);
    assert_eq!(mode(&kept), 0o640);
    assert!(is_pdf(&std::fs::read(&kept).unwrap()));

    let locked = write(dir.path(), "locked.pdf", b"do not touch");
    chmod(&locked, 0o444);
    let before = Snapshot::of(dir.path());
    run(dir.path(), &["render", "sos", "-o", "locked.pdf"])
        .expect_code(2)
        .expect_err("locked.pdf is read-only; paperboard does not replace it");
    before.assert_unchanged(dir.path());
}

#[test]
fn an_output_that_is_an_input_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let spec = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("templates/strategic-functional.toml"),
    )
    .unwrap()
    .replace("row-numbers = \"map34\"", "row-numbers = \"mine.toml\"");
    write(dir.path(), "sheet.toml", &spec);
    let map = paperboard_games::maps::MapFile::builtin(paperboard_games::maps::BuiltinMap::Map67)
        .to_toml();
    write(dir.path(), "mine.toml", &map);
    write(dir.path(), "games.svg", TICTACTOE);
    write(
        dir.path(),
        "class.toml",
        "[handout]\ngame = \"sos\"\ncopies = 1\n",
    );
    std::fs::create_dir(dir.path().join("sub")).unwrap();
    #[cfg(unix)]
    std::os::unix::fs::symlink("../sheet.toml", dir.path().join("sub/alias.pdf")).unwrap();
    let before = Snapshot::of(dir.path());
    // The spec itself.
    run(
        dir.path(),
        &[
            "render",
            "sheet.toml",
            "-o",
            "sheet.toml",
            "--format",
            "pdf",
        ],
    )
    .expect_code(2)
    .expect_err("sheet.toml is the input sheet.toml; writing there would destroy it");
    // A map file the spec reads.
    run(
        dir.path(),
        &["render", "sheet.toml", "-o", "mine.toml", "--format", "pdf"],
    )
    .expect_code(2)
    .expect_err("is the input");
    // The spec again, through a symlink (same device and inode).
    #[cfg(unix)]
    run(dir.path(), &["render", "sheet.toml", "-o", "sub/alias.pdf"])
        .expect_code(2)
        .expect_err("is the input");
    // A record, as its own diagram.
    run(
        dir.path(),
        &["check", "games.svg", "--diagram", "games.svg"],
    )
    .expect_code(2)
    .expect_err("games.svg is the input games.svg");
    // A handout spec.
    run(
        dir.path(),
        &[
            "handout",
            "class.toml",
            "-o",
            "class.toml",
            "--format",
            "pdf",
        ],
    )
    .expect_code(2)
    .expect_err("is the input");
    before.assert_unchanged(dir.path());
}

#[test]
fn a_failed_run_changes_nothing() {
    let dir = tempfile::tempdir().unwrap();
    write(dir.path(), "sheet.pdf", b"previous sheet");
    write(dir.path(), "bad.toml", "[page]\nsize = \"A9\"\n");
    let before = Snapshot::of(dir.path());
    run(dir.path(), &["render", "bad.toml", "-o", "sheet.pdf"])
        .expect_code(2)
        .expect_err("bad.toml:2:8");
    // A folder or a missing folder as output.
    std::fs::create_dir(dir.path().join("out")).unwrap();
    let before_out = Snapshot::of(dir.path());
    run(dir.path(), &["render", "sos", "-o", "out"])
        .expect_code(2)
        .expect_err("cannot tell the output format");
    run(
        dir.path(),
        &["render", "sos", "-o", "out", "--format", "pdf"],
    )
    .expect_code(2)
    .expect_err("out is a folder");
    run(dir.path(), &["render", "sos", "-o", "no/such/sheet.pdf"])
        .expect_code(2)
        .expect_err("no such folder no/such");
    before_out.assert_unchanged(dir.path());
    std::fs::remove_dir(dir.path().join("out")).unwrap();
    before.assert_unchanged(dir.path());
}

/// The pages of a handout of `copies` game sheets as SVG, by file name.
fn svg_set(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = Snapshot::of(dir)
        .names()
        .into_iter()
        .filter(|n| n.ends_with(".svg"))
        .collect();
    names.sort();
    names
}

#[test]
fn svg_page_sets_are_whole_and_leave_no_stale_pages() {
    let dir = tempfile::tempdir().unwrap();
    // One-sided (no blank backs): a page for each game sheet.
    let spec = |copies: u32| {
        format!(
            "[handout]\ngame = \"tictactoe\"\ncopies = {copies}\nrules = false\nduplex = false\n[worksheet]\nexercises = 0\n"
        )
    };
    write(dir.path(), "h.toml", spec(3));
    run(dir.path(), &["handout", "h.toml", "-o", "class.svg"]).expect_code(0);
    assert_eq!(
        svg_set(dir.path()),
        ["class-1.svg", "class-2.svg", "class-3.svg"]
    );
    for n in 1..=3 {
        parse_svg_file(&dir.path().join(format!("class-{n}.svg")));
    }
    // A shorter run removes the pages the longer one left.
    write(dir.path(), "h.toml", spec(2));
    run(dir.path(), &["handout", "h.toml", "-o", "class.svg"]).expect_code(0);
    assert_eq!(svg_set(dir.path()), ["class-1.svg", "class-2.svg"]);
    // One page goes to the name itself, and the numbered pages go.
    write(dir.path(), "h.toml", spec(1));
    run(dir.path(), &["handout", "h.toml", "-o", "class.svg"]).expect_code(0);
    assert_eq!(svg_set(dir.path()), ["class.svg"]);
    // And several pages replace that single file.
    write(dir.path(), "h.toml", spec(2));
    run(dir.path(), &["handout", "h.toml", "-o", "class.svg"]).expect_code(0);
    assert_eq!(svg_set(dir.path()), ["class-1.svg", "class-2.svg"]);
    // Files that only look alike stay.
    write(dir.path(), "class-03.svg", b"mine");
    write(dir.path(), "class-x.svg", b"mine");
    write(dir.path(), "h.toml", spec(1));
    run(dir.path(), &["handout", "h.toml", "-o", "class.svg"]).expect_code(0);
    assert_eq!(
        svg_set(dir.path()),
        ["class-03.svg", "class-x.svg", "class.svg"]
    );
}

#[cfg(unix)]
#[test]
fn a_page_set_that_cannot_be_written_whole_is_not_written_at_all() {
    let dir = tempfile::tempdir().unwrap();
    write(
        dir.path(),
        "h.toml",
        "[handout]\ngame = \"tictactoe\"\ncopies = 3\nrules = false\n[worksheet]\nexercises = 0\n",
    );
    write(dir.path(), "class-1.svg", b"old one");
    let locked = write(dir.path(), "class-2.svg", b"old two");
    chmod(&locked, 0o444);
    let before = Snapshot::of(dir.path());
    run(dir.path(), &["handout", "h.toml", "-o", "class.svg"])
        .expect_code(2)
        .expect_err("class-2.svg is read-only");
    before.assert_unchanged(dir.path());
    // Several pages cannot go to one stream.
    run(
        dir.path(),
        &["handout", "h.toml", "-o", "-", "--format", "svg"],
    )
    .expect_code(2)
    .expect_err("takes one file");
    before.assert_unchanged(dir.path());
}

#[test]
fn long_runs_show_no_progress_when_standard_error_is_not_a_terminal() {
    let dir = tempfile::tempdir().unwrap();
    write(
        dir.path(),
        "h.toml",
        "[handout]\ngame = \"sos\"\ncopies = 12\n",
    );
    write(dir.path(), "games.txt", format!("{TICTACTOE}\n").repeat(12));
    let r = run(dir.path(), &["handout", "h.toml", "-o", "h.pdf"]);
    r.expect_code(0);
    assert_eq!(r.stderr, "");
    let r = run(dir.path(), &["check", "games.txt", "--diagram", "d.pdf"]);
    r.expect_code(0);
    assert_eq!(r.stderr, "");
    assert!(is_pdf(&std::fs::read(dir.path().join("d.pdf")).unwrap()));
}

#[cfg(target_os = "linux")]
#[test]
fn dev_stdout_and_process_substitution_are_written_through() {
    let dir = tempfile::tempdir().unwrap();
    // /dev/stdout leads, through /proc/self/fd/1, to this file: it is
    // written through the descriptor, in append mode, never replaced.
    let out = write(dir.path(), "out.pdf", b"");
    let file = std::fs::OpenOptions::new().append(true).open(&out).unwrap();
    run_with(
        dir.path(),
        &["render", "sos", "-o", "/dev/stdout", "--format", "pdf"],
        None,
        Some(std::process::Stdio::from(file)),
    )
    .expect_code(0);
    assert!(is_pdf(&std::fs::read(&out).unwrap()));
    // A process substitution names a pipe as /dev/fd/N.
    let bin = env!("CARGO_BIN_EXE_paperboard");
    let status = std::process::Command::new("bash")
        .arg("-c")
        .arg(format!(
            "'{bin}' render sos --format pdf -o >(cat > sub.pdf); wait"
        ))
        .current_dir(dir.path())
        .status()
        .unwrap();
    assert!(status.success());
    // The substituted process may finish just after the shell.
    for _ in 0..100 {
        if is_pdf(&std::fs::read(dir.path().join("sub.pdf")).unwrap_or_default()) {
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
    assert!(is_pdf(&std::fs::read(dir.path().join("sub.pdf")).unwrap()));
    assert_eq!(Snapshot::of(dir.path()).names(), ["out.pdf", "sub.pdf"]);
}

/// The temporary files in `dir` (hidden, named by paperboard).
fn temporaries(dir: &Path) -> Vec<String> {
    std::fs::read_dir(dir)
        .unwrap()
        .filter_map(|e| e.ok()?.file_name().into_string().ok())
        .filter(|n| n.starts_with(".paperboard-") && n.ends_with(".tmp"))
        .collect()
}

/// Starts `paperboard ARGS` in `dir` reading one game from a pipe it keeps
/// open, waits until the run has staged a temporary file, sends `signal`
/// (`TERM`, `INT` or `HUP`) and gives back the exit code.
fn stop_half_way(dir: &Path, args: &[&str], signal: &str) -> i32 {
    use std::io::Write;
    use std::process::{Command, Stdio};
    use std::time::{Duration, Instant};
    let mut child = crate::common::paperboard()
        .args(args)
        .current_dir(dir)
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("the binary runs");
    // Forty games, enough to fill pages of diagrams, which are staged as
    // they fill; the pipe stays open, so the run waits for more in the
    // middle of its work.
    let mut input = child.stdin.take().unwrap();
    let game = "[Game \"tictactoe\"]\n\n1. 8 4\n2. 1 9\n3. 2 5\n4. 3\n\n";
    input.write_all(game.repeat(40).as_bytes()).unwrap();
    input.flush().unwrap();
    let start = Instant::now();
    while temporaries(dir).is_empty() {
        assert!(
            start.elapsed() < TIME_LIMIT,
            "paperboard {args:?} staged no temporary file"
        );
        assert!(child.try_wait().unwrap().is_none(), "the run ended early");
        std::thread::sleep(Duration::from_millis(10));
    }
    let sent = Command::new("kill")
        .args([&format!("-{signal}"), &child.id().to_string()])
        .status()
        .unwrap();
    assert!(sent.success());
    let status = child.wait().unwrap();
    drop(input);
    status.code().unwrap_or(-1)
}

#[test]
fn a_run_stopped_by_a_signal_leaves_no_temporary_file_and_no_output() {
    for (args, signal, code) in [
        (&["check", "-", "--fix", "-o", "fixed.txt"][..], "TERM", 143),
        (&["check", "-", "--diagram", "games.svg"][..], "INT", 130),
        (&["check", "-", "--fix", "-o", "fixed.txt"][..], "HUP", 129),
    ] {
        let dir = tempfile::tempdir().unwrap();
        write(dir.path(), "kept.txt", "a file of the user's\n");
        let before = Snapshot::of(dir.path());
        assert_eq!(stop_half_way(dir.path(), args, signal), code, "{args:?}");
        assert_eq!(temporaries(dir.path()), Vec::<String>::new(), "{args:?}");
        before.assert_unchanged(dir.path());
    }
}

/// A file that cannot be made is refused in words, naming the output as
/// the user gave it: never the temporary file's path nor `os error N`.
#[cfg(target_os = "linux")]
#[test]
fn a_write_error_names_the_users_file_in_words() {
    let dir = tempfile::tempdir().unwrap();
    // No file can be made in /sys, even by root.
    let r = run(dir.path(), &["render", "sos", "-o", "/sys/sheet.pdf"]);
    r.expect_code(2);
    assert_eq!(
        r.stderr,
        "error: cannot write /sys/sheet.pdf: permission denied\n"
    );
}
