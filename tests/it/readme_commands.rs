//! Every `paperboard …` command in a shell block of README.md and docs/*.md,
//! run as a reader copies it: in a fresh folder holding `examples/` and the
//! files the text tells the reader to have (`my-sheet.toml`, `games.txt`,
//! `lesson.toml`, `my-map.toml`, `maps/`). A command the docs show must run
//! as written and succeed (`check` may also answer 1, an illegal game, which
//! is what some examples show, and `read` 1, a doubtful move). Left out: `serve` (it does not end), and
//! lines that write into the reader's home (completions, the manual page).

use std::path::Path;
use std::process::Command;

/// The `paperboard …` lines of the ```sh blocks of `text`, without their
/// trailing comments.
fn commands(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut in_sh = false;
    for line in text.lines() {
        let trimmed = line.trim_start();
        if trimmed.starts_with("```") {
            in_sh = !in_sh && trimmed == "```sh";
            continue;
        }
        if !in_sh || !trimmed.starts_with("paperboard ") {
            continue;
        }
        let command = match trimmed.find("  #") {
            Some(at) => &trimmed[..at],
            None => trimmed,
        };
        out.push(command.trim_end().to_string());
    }
    out
}

/// Whether the test leaves the command out, and why it may.
fn left_out(command: &str) -> bool {
    command.starts_with("paperboard serve")
        || command.contains('~')
        || command.contains("$PROFILE")
        || command.contains("fpath")
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
    let copy = Command::new("cp")
        .arg("-r")
        .arg(root.join("examples"))
        .arg(dir)
        .status()
        .unwrap();
    assert!(copy.success());
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
        docs.push(entry.unwrap().path());
    }
    docs.sort();
    let mut ran = 0;
    for doc in docs {
        let text = std::fs::read_to_string(&doc).unwrap();
        for command in commands(&text).into_iter().filter(|c| !left_out(c)) {
            let o = Command::new("sh")
                .arg("-c")
                .arg(as_run(&command))
                .current_dir(dir.path())
                .env("PATH", &path)
                .output()
                .unwrap();
            let code = o.status.code();
            let fine = code == Some(0)
                || ((command.starts_with("paperboard check")
                    || command.starts_with("paperboard read"))
                    && code == Some(1));
            assert!(
                fine,
                "{}: `{command}` exits {code:?}:\n{}",
                doc.display(),
                String::from_utf8_lossy(&o.stderr)
            );
            ran += 1;
        }
    }
    // The test can fail: the README alone shows more than twenty commands.
    assert!(ran > 20, "only {ran} commands found");
}
