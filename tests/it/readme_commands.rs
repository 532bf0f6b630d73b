//! Every command of every ```sh block of README.md and docs/*.md, run as a
//! reader copies it: in a fresh folder holding `examples/`, `templates/`
//! and the files the text tells the reader to have (`my-sheet.toml`,
//! `games.txt`, `lesson.toml`, `my-map.toml`, `maps/`), one line at a time,
//! in the order of the text. A command the docs show must run as written and
//! succeed (`check` may also answer 1, an illegal game, which is what some
//! examples show, and `read` 1, a doubtful move). A block opened as
//! ```sh no-run is shown, not run: a server (it does not end), `cargo`,
//! other programs' commands and other shells'. `HOME` is a folder of the
//! test's, so the lines that install completions and the manual page run
//! as a new user's would, into folders that do not exist yet.

use std::path::Path;
use std::process::Command;

/// A ```sh block of a document: the line its fence stands on, whether it is
/// marked `no-run`, and its commands (a line ending in `\` joined with the
/// next; blank and comment lines left out).
struct Block {
    line: usize,
    no_run: bool,
    commands: Vec<String>,
}

fn blocks(text: &str) -> Vec<Block> {
    let mut out: Vec<Block> = Vec::new();
    let mut open: Option<Block> = None;
    let mut pending = String::new();
    for (n, line) in text.lines().enumerate() {
        let trimmed = line.trim();
        if let Some(info) = trimmed.strip_prefix("```") {
            match open.take() {
                Some(block) => out.push(block),
                None => {
                    // Only ```sh blocks run; any other fence (output, TOML,
                    // a record) opens a block that is never run.
                    let mut words = info.split_whitespace();
                    let sh = words.next() == Some("sh");
                    open = Some(Block {
                        line: n + 1,
                        no_run: !sh || words.any(|w| w == "no-run"),
                        commands: Vec::new(),
                    });
                }
            }
            continue;
        }
        let Some(block) = open.as_mut() else {
            continue;
        };
        if let Some(head) = trimmed.strip_suffix('\\') {
            pending.push_str(head.trim_end());
            pending.push(' ');
            continue;
        }
        let command = format!("{pending}{trimmed}");
        pending.clear();
        if command.is_empty() || command.starts_with('#') {
            continue;
        }
        block.commands.push(command);
    }
    out
}

/// The command as the test runs it: placeholders the text uses for "your
/// files" filled in, and the search budget cut (a debug build would take
/// minutes on the README's ten million maps; the budget changes no option).
fn as_run(command: &str) -> String {
    let mut c = command.replace("RECORD...", "examples/records/ultimate.txt");
    if let Some(at) = c.find("--evaluations ") {
        let rest = &c[at + "--evaluations ".len()..];
        let end = rest.find(' ').unwrap_or(rest.len());
        c = format!("{}--evaluations 2000{}", &c[..at], &rest[end..]);
    }
    c
}

fn setup(dir: &Path, binary: &Path) {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    for folder in ["examples", "templates"] {
        let copy = Command::new("cp")
            .arg("-r")
            .arg(root.join(folder))
            .arg(dir)
            .status()
            .unwrap();
        assert!(copy.success());
    }
    let show = |args: &[&str]| {
        let o = Command::new(binary).args(args).output().unwrap();
        assert!(o.status.success(), "{args:?}");
        String::from_utf8(o.stdout).unwrap()
    };
    std::fs::write(
        dir.join("my-sheet.toml"),
        show(&["templates", "--show", "sos"]),
    )
    .unwrap();
    std::fs::copy(
        root.join("examples/records/illegal/wrong-tactical-cell.txt"),
        dir.join("games.txt"),
    )
    .unwrap();
    std::fs::write(
        dir.join("lesson.toml"),
        "[handout]\ngame = \"sos\"\ncopies = 2\n[worksheet]\nexercises = 2\nkey = \"separate\"\n",
    )
    .unwrap();
    // `maps show` ends with the map as a map file, from its first comment.
    let shown = show(&["maps", "show", "map34"]);
    let file = &shown[shown.find("\n#").expect("a map file in `maps show`") + 1..];
    std::fs::write(dir.join("my-map.toml"), file).unwrap();
    std::fs::create_dir(dir.join("maps")).unwrap();
}

#[test]
fn every_command_in_the_readme_and_docs_runs_as_written() {
    let binary = Path::new(env!("CARGO_BIN_EXE_paperboard"));
    let dir = tempfile::tempdir().unwrap();
    setup(dir.path(), binary);
    let path = format!(
        "{}:{}",
        binary.parent().unwrap().display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut docs = vec![root.join("README.md")];
    for entry in std::fs::read_dir(root.join("docs")).unwrap() {
        let entry = entry.unwrap().path();
        if entry.extension().is_some_and(|e| e == "md") {
            docs.push(entry);
        }
    }
    docs[1..].sort();
    let mut ran = 0;
    for doc in docs {
        let text = std::fs::read_to_string(&doc).unwrap();
        for block in blocks(&text) {
            for command in &block.commands {
                // A server never ends: its block must say so.
                assert!(
                    block.no_run || !command.starts_with("paperboard serve"),
                    "{}:{}: a block with `{command}` must be marked no-run",
                    doc.display(),
                    block.line
                );
                if block.no_run {
                    continue;
                }
                let o = Command::new("sh")
                    .arg("-c")
                    .arg(as_run(command))
                    .current_dir(dir.path())
                    .env("PATH", &path)
                    .env("HOME", dir.path().join("home"))
                    // The commands' output in English, whatever the
                    // machine's locale (`check` speaks the locale's).
                    .env("LC_ALL", "C")
                    .output()
                    .unwrap();
                let code = o.status.code();
                let fine = code == Some(0)
                    || ((command.starts_with("paperboard check")
                        || command.starts_with("paperboard read"))
                        && code == Some(1));
                assert!(
                    fine,
                    "{}:{}: `{command}` exits {code:?}:\n{}",
                    doc.display(),
                    block.line,
                    String::from_utf8_lossy(&o.stderr)
                );
                ran += 1;
            }
        }
    }
    // The test can fail: the docs show more than seventy commands.
    assert!(ran > 70, "only {ran} commands found");
}

#[test]
fn blocks_are_read_as_a_reader_sees_them() {
    let text = "```sh\npaperboard a  # note\n\n# a comment\npaperboard b \\\n  --x\n```\n\
                ```\npaperboard c\n```\n```sh no-run\npaperboard serve\n```\n";
    let b = blocks(text);
    assert_eq!(b.len(), 3);
    assert_eq!(b[0].commands, ["paperboard a  # note", "paperboard b --x"]);
    assert!(!b[0].no_run && b[1].no_run && b[2].no_run);
    assert_eq!(b[2].line, 11);
}

/// Every example record of the docs (a ```record block) is a legal game
/// with right claims, as the text around it says.
#[test]
fn every_example_record_in_the_docs_checks_legal() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut checked = 0;
    for entry in std::fs::read_dir(root.join("docs")).unwrap() {
        let doc = entry.unwrap().path();
        if doc.extension().is_none_or(|e| e != "md") {
            continue;
        }
        let text = std::fs::read_to_string(&doc).unwrap();
        let mut record: Option<(usize, String)> = None;
        for (n, line) in text.lines().enumerate() {
            match (&mut record, line.trim()) {
                (None, "```record") => record = Some((n + 1, String::new())),
                (Some((at, body)), "```") => {
                    let o = paperboard_check(body);
                    assert_eq!(
                        o.status.code(),
                        Some(0),
                        "{}:{at}: {}",
                        doc.display(),
                        String::from_utf8_lossy(&o.stdout)
                    );
                    checked += 1;
                    record = None;
                }
                (Some((_, body)), _) => {
                    body.push_str(line);
                    body.push('\n');
                }
                (None, _) => {}
            }
        }
    }
    // docs/record-format.md shows two, a Strategic and an SOS game.
    assert!(checked >= 2, "{checked} example records");
}

/// `paperboard check -` on `record`.
fn paperboard_check(record: &str) -> std::process::Output {
    use std::io::Write;
    let mut child = crate::common::paperboard()
        .args(["check", "-"])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(record.as_bytes())
        .unwrap();
    child.wait_with_output().unwrap()
}
