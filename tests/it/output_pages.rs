//! Outputs that never destroy: the parts of a multi-page output (SVG pages,
//! PDF volumes, a handout's answer key) and `--fix` targets go through one
//! door, which never removes or replaces an input of the run, a read-only
//! file, or a file this program did not write; and a FIFO no program reads
//! is refused instead of waiting for ever. Each case runs the binary in a
//! temporary folder and checks the exit code, the message, and which files
//! changed.

use crate::common;

use std::path::Path;
use std::time::{Duration, Instant};

use common::hostile::*;

const SOS_GAMES: &str = include_str!("../../examples/records/sos-simple.txt");

fn record(dir: &Path, name: &str) -> Vec<u8> {
    std::fs::read(dir.join(name)).unwrap()
}

/// The visible `.svg` files of a folder, sorted.
fn svgs(dir: &Path) -> Vec<String> {
    Snapshot::of(dir)
        .names()
        .into_iter()
        .filter(|n| n.ends_with(".svg") && !n.starts_with('.'))
        .collect()
}

/// A handout spec of `copies` one-page tic-tac-toe sheets (`copies` SVG
/// pages).
fn handout(copies: u32) -> String {
    format!(
        "[handout]\ngame = \"tictactoe\"\ncopies = {copies}\nrules = false\nduplex = false\n[worksheet]\nexercises = 0\n"
    )
}

#[test]
fn a_record_named_like_a_page_of_its_own_diagram_is_kept() {
    let dir = tempfile::tempdir().unwrap();
    write(dir.path(), "games-2.svg", format!("{TICTACTOE}\n"));
    // One page: the diagram goes to games.svg and games-2.svg stays.
    run(
        dir.path(),
        &["check", "--diagram", "games.svg", "games-2.svg"],
    )
    .expect_code(0)
    .expect_out("1 game checked: 1 legal");
    assert_eq!(svgs(dir.path()), ["games-2.svg", "games.svg"]);
    assert_eq!(
        record(dir.path(), "games-2.svg"),
        format!("{TICTACTOE}\n").as_bytes()
    );
    common::parse_svg_file(&dir.path().join("games.svg"));

    // Several pages would land on the record: refused, nothing written.
    write(dir.path(), "games-2.svg", SOS_GAMES);
    let before = Snapshot::of(dir.path());
    run(
        dir.path(),
        &["check", "--diagram", "games.svg", "games-2.svg"],
    )
    .expect_code(2)
    .expect_err("games-2.svg is the input games-2.svg; writing there would destroy it");
    before.assert_unchanged(dir.path());
}

#[test]
fn a_spec_or_map_file_named_like_a_page_is_kept() {
    let dir = tempfile::tempdir().unwrap();
    let spec = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("templates/strategic-functional.toml"),
    )
    .unwrap();
    // The spec itself is sheet-1.svg.
    write(dir.path(), "sheet-1.svg", &spec);
    run(dir.path(), &["render", "sheet-1.svg", "-o", "sheet.svg"]).expect_code(0);
    assert_eq!(svgs(dir.path()), ["sheet-1.svg", "sheet.svg"]);
    assert_eq!(record(dir.path(), "sheet-1.svg"), spec.as_bytes());

    // A map file the spec reads is m-1.svg, beside the output m.svg.
    let map = paperboard_games::maps::MapFile::builtin(paperboard_games::maps::BuiltinMap::Map67)
        .to_toml();
    write(dir.path(), "m-1.svg", &map);
    write(
        dir.path(),
        "m.toml",
        spec.replace("row-numbers = \"map34\"", "row-numbers = \"m-1.svg\""),
    );
    run(dir.path(), &["render", "m.toml", "-o", "m.svg"]).expect_code(0);
    assert_eq!(record(dir.path(), "m-1.svg"), map.as_bytes());
    assert!(dir.path().join("m.svg").exists());
}

#[test]
fn only_pages_this_program_wrote_and_left_as_they_were_are_removed() {
    let dir = tempfile::tempdir().unwrap();
    write(dir.path(), "h.toml", handout(4));
    run(dir.path(), &["handout", "h.toml", "-o", "class.svg"]).expect_code(0);
    assert_eq!(
        svgs(dir.path()),
        ["class-1.svg", "class-2.svg", "class-3.svg", "class-4.svg"]
    );
    // The list of pages written sits beside them.
    let list = std::fs::read_to_string(dir.path().join(".class.svg.pages")).unwrap();
    assert_eq!(list.lines().count(), 5, "{list}");
    // A teacher edits page 4, and a page 5 appears that this program did
    // not write.
    write(dir.path(), "class-4.svg", b"<svg>my notes</svg>");
    write(dir.path(), "class-5.svg", b"<svg>mine</svg>");
    write(dir.path(), "h.toml", handout(2));
    let r = run(dir.path(), &["handout", "h.toml", "-o", "class.svg"]);
    r.expect_code(0);
    // Only the lines naming the pages written: no note of a page kept.
    assert!(
        r.stderr.lines().all(|l| l.starts_with("wrote class-")),
        "{}",
        r.stderr
    );
    // Page 3 was this program's and unchanged: it goes. 4 and 5 stay.
    assert_eq!(
        svgs(dir.path()),
        ["class-1.svg", "class-2.svg", "class-4.svg", "class-5.svg"]
    );
    assert_eq!(record(dir.path(), "class-4.svg"), b"<svg>my notes</svg>");
    assert_eq!(record(dir.path(), "class-5.svg"), b"<svg>mine</svg>");
    // A list that names other files, or is no list, removes nothing.
    write(
        dir.path(),
        ".class.svg.pages",
        "paperboard parts 1\n4 0 0 0\n../h.toml 1 1 1\n",
    );
    write(dir.path(), "h.toml", handout(1));
    run(dir.path(), &["handout", "h.toml", "-o", "class.svg"]).expect_code(0);
    assert_eq!(
        svgs(dir.path()),
        [
            "class-1.svg",
            "class-2.svg",
            "class-4.svg",
            "class-5.svg",
            "class.svg"
        ]
    );
    assert!(dir.path().join("h.toml").exists());
}

#[cfg(unix)]
#[test]
fn a_read_only_page_from_an_earlier_run_is_kept() {
    let dir = tempfile::tempdir().unwrap();
    write(dir.path(), "h.toml", handout(3));
    run(dir.path(), &["handout", "h.toml", "-o", "games.svg"]).expect_code(0);
    let locked = dir.path().join("games-3.svg");
    let page = std::fs::read(&locked).unwrap();
    chmod(&locked, 0o444);
    write(dir.path(), "h.toml", handout(2));
    run(dir.path(), &["handout", "h.toml", "-o", "games.svg"])
        .expect_code(0)
        .expect_err("kept games-3.svg from an earlier run: it is read-only");
    assert_eq!(std::fs::read(&locked).unwrap(), page);
    assert_eq!(mode(&locked), 0o444);
    assert_eq!(
        svgs(dir.path()),
        ["games-1.svg", "games-2.svg", "games-3.svg"]
    );
    // A read-only file this program never wrote is kept without a word.
    let other = write(dir.path(), "games-4.svg", b"<svg/>");
    chmod(&other, 0o444);
    let r = run(dir.path(), &["handout", "h.toml", "-o", "games.svg"]);
    r.expect_code(0);
    assert!(!r.stderr.contains("games-4"), "{}", r.stderr);
    assert_eq!(std::fs::read(&other).unwrap(), b"<svg/>");
}

#[test]
fn a_diagram_of_several_pages_cleans_up_only_its_own_pages() {
    let dir = tempfile::tempdir().unwrap();
    write(dir.path(), "games.txt", SOS_GAMES);
    run(dir.path(), &["check", "games.txt", "--diagram", "d.svg"]).expect_code(0);
    assert_eq!(svgs(dir.path()), ["d-1.svg", "d-2.svg", "d-3.svg"]);
    for n in 1..=3 {
        common::parse_svg_file(&dir.path().join(format!("d-{n}.svg")));
    }
    // One game now: its page goes to d.svg and the three pages go.
    write(dir.path(), "one.txt", format!("{TICTACTOE}\n"));
    run(dir.path(), &["check", "one.txt", "--diagram", "d.svg"]).expect_code(0);
    assert_eq!(svgs(dir.path()), ["d.svg"]);
    // Three pages again replace d.svg, which this program wrote.
    run(dir.path(), &["check", "games.txt", "--diagram", "d.svg"]).expect_code(0);
    assert_eq!(svgs(dir.path()), ["d-1.svg", "d-2.svg", "d-3.svg"]);
    // But a d.svg of the user's own is not theirs to lose.
    write(dir.path(), "d.svg", b"<svg>mine</svg>");
    run(dir.path(), &["check", "games.txt", "--diagram", "d.svg"]).expect_code(0);
    assert_eq!(record(dir.path(), "d.svg"), b"<svg>mine</svg>");
}

#[test]
fn a_handout_key_that_is_an_input_or_read_only_stops_the_run_before_anything_is_written() {
    let dir = tempfile::tempdir().unwrap();
    let spec = "[handout]\ngame = \"ultimate\"\ncopies = 1\n[worksheet]\nkey = \"separate\"\n";
    // The handout spec is named like the key: class-key.pdf.
    write(dir.path(), "class-key.pdf", spec);
    let before = Snapshot::of(dir.path());
    run(dir.path(), &["handout", "class-key.pdf", "-o", "class.pdf"])
        .expect_code(2)
        .expect_err("class-key.pdf is the input class-key.pdf");
    before.assert_unchanged(dir.path());
    #[cfg(unix)]
    {
        write(dir.path(), "h.toml", spec);
        let key = write(dir.path(), "class-key.pdf", b"last year's key");
        chmod(&key, 0o444);
        let before = Snapshot::of(dir.path());
        run(dir.path(), &["handout", "h.toml", "-o", "class.pdf"])
            .expect_code(2)
            .expect_err("class-key.pdf is read-only");
        before.assert_unchanged(dir.path());
    }
}

#[test]
fn a_fix_never_lands_on_a_record_of_the_same_run() {
    let dir = tempfile::tempdir().unwrap();
    // X wins at move 3 and O writes one more: the fix (delete it) is sure.
    let illegal = "[Game \"tictactoe\"]\n[Result \"X\"]\n1. 1 4 2. 2 5 3. 3 6\n";
    write(dir.path(), "a.txt", illegal);
    write(dir.path(), "a.fixed.txt", format!("{TICTACTOE}\n"));
    let before = Snapshot::of(dir.path());
    run(dir.path(), &["check", "--fix", "a.txt", "a.fixed.txt"])
        .expect_code(2)
        .expect_err("a.fixed.txt is the input a.fixed.txt; writing there would destroy it");
    before.assert_unchanged(dir.path());
    // In the other order too.
    run(dir.path(), &["check", "--fix", "a.fixed.txt", "a.txt"])
        .expect_code(2)
        .expect_err("is the input");
    write(dir.path(), "b.txt", illegal);
    // (-o may name a file that is no record of this run.)
    run(dir.path(), &["check", "--fix", "b.txt", "-o", "a.txt"])
        .expect_code(1)
        .expect_out("wrote a.txt");
    assert_ne!(record(dir.path(), "a.txt"), illegal.as_bytes());
    // A diagram named like a fixed record would overwrite it.
    write(dir.path(), "c.svg", illegal);
    run(
        dir.path(),
        &["check", "--fix", "c.svg", "--diagram", "c.fixed.svg"],
    )
    .expect_code(2)
    .expect_err("is also where --fix writes a fixed record");
    // A read-only target is refused, and the record is kept.
    #[cfg(unix)]
    {
        let locked = write(dir.path(), "b.fixed.txt", b"keep");
        chmod(&locked, 0o444);
        run(dir.path(), &["check", "--fix", "b.txt"])
            .expect_code(2)
            .expect_err("b.fixed.txt is read-only");
        assert_eq!(record(dir.path(), "b.fixed.txt"), b"keep");
        assert_eq!(record(dir.path(), "b.txt"), illegal.as_bytes());
    }
}

#[cfg(unix)]
#[test]
fn a_fifo_no_program_reads_is_refused_not_waited_on() {
    use std::os::unix::fs::FileTypeExt;
    let dir = tempfile::tempdir().unwrap();
    let fifo = dir.path().join("out.svg");
    mkfifo(&fifo);
    let start = Instant::now();
    run(dir.path(), &["render", "sos", "-o", "out.svg"])
        .expect_code(2)
        .expect_err("no program is reading out.svg");
    assert!(start.elapsed() < Duration::from_secs(30));
    assert!(
        std::fs::symlink_metadata(&fifo)
            .unwrap()
            .file_type()
            .is_fifo()
    );
    assert_eq!(Snapshot::of(dir.path()).names(), ["out.svg"]);
    // The same FIFO with a reader gets the sheet, whole.
    let reader = {
        let fifo = fifo.clone();
        std::thread::spawn(move || std::fs::read(fifo).unwrap())
    };
    // The reader thread may not have opened the pipe yet: the program then
    // refuses as above, and the user (here, the test) starts it again.
    let mut tries = 0;
    loop {
        let r = run(dir.path(), &["render", "sos", "-o", "out.svg"]);
        if r.code == 0 || tries == 100 {
            r.expect_code(0);
            break;
        }
        tries += 1;
        std::thread::sleep(Duration::from_millis(100));
    }
    let got = String::from_utf8(reader.join().unwrap()).unwrap();
    common::parse_svg(&got);
}
