//! `paperboard render` and `paperboard templates` as a user runs them: exit
//! codes, error messages for each class of bad input, and output files that
//! survive a failed run.

use std::path::Path;
use std::process::Output;

fn paperboard(args: &[&str], dir: &Path) -> Output {
    crate::common::paperboard()
        .args(args)
        .current_dir(dir)
        .env("NO_COLOR", "1")
        .output()
        .expect("the binary runs")
}

fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

/// Renders `spec` (written to `spec.toml`) over an existing `out.pdf`,
/// expects exit 2 and an untouched output, and returns the message.
fn rejected(spec: &str) -> String {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("spec.toml"), spec).unwrap();
    std::fs::write(dir.path().join("out.pdf"), b"previous sheet").unwrap();
    let out = paperboard(&["render", "spec.toml", "-o", "out.pdf"], dir.path());
    let msg = stderr(&out);
    assert_eq!(out.status.code(), Some(2), "{msg}");
    assert_eq!(
        std::fs::read(dir.path().join("out.pdf")).unwrap(),
        b"previous sheet",
        "a failed run must leave the old output alone"
    );
    let leftovers = std::fs::read_dir(dir.path()).unwrap().count();
    assert_eq!(leftovers, 2, "no temporary files may remain");
    msg
}

#[test]
fn templates_lists_every_template_with_a_description() {
    let dir = tempfile::tempdir().unwrap();
    let out = paperboard(&["templates"], dir.path());
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    for name in [
        "strategic-functional",
        "strategic-hyperfunctional",
        "strategic-basic",
        "strategic-record",
    ] {
        let line = text.lines().find(|l| l.starts_with(name)).expect(name);
        assert!(line.len() > name.len() + 20, "{line}");
    }
}

#[test]
fn render_writes_pdf_and_svg_by_extension_or_format() {
    let dir = tempfile::tempdir().unwrap();
    for (args, file, magic) in [
        (vec!["-o", "a.pdf"], "a.pdf", b"%PDF".as_slice()),
        (vec!["-o", "b.svg"], "b.svg", b"<svg".as_slice()),
        (
            vec!["-o", "c.out", "--format", "svg"],
            "c.out",
            b"<svg".as_slice(),
        ),
    ] {
        let mut all = vec!["render", "strategic-functional"];
        all.extend(args);
        let out = paperboard(&all, dir.path());
        assert!(out.status.success(), "{}", stderr(&out));
        let bytes = std::fs::read(dir.path().join(file)).unwrap();
        assert!(bytes.starts_with(magic), "{file}");
    }
}

#[test]
fn toml_syntax_error_gives_line_and_column() {
    let msg = rejected("[page]\nsize = \"A4\nmargins = {}\n");
    assert!(msg.contains("spec.toml:2:"), "{msg}");
}

#[test]
fn unknown_key_lists_the_accepted_keys() {
    let msg = rejected("[[strategic-field]]\ncell = 5\nrow-number = \"map34\"\n");
    assert!(msg.contains("spec.toml:3:1"), "{msg}");
    assert!(msg.contains("row-number"), "{msg}");
    assert!(
        msg.contains("row-numbers") && msg.contains("cell-numbers"),
        "{msg}"
    );
}

#[test]
fn out_of_range_value_names_the_key() {
    let msg = rejected("[[record-tables]]\ncount = 0\n");
    assert!(msg.contains("spec.toml:2:9"), "{msg}");
    assert!(msg.contains("record-tables.count"), "{msg}");
    assert!(msg.contains("from 1 to 20"), "{msg}");
}

#[test]
fn bad_map_file_entry_is_pointed_at() {
    let dir = tempfile::tempdir().unwrap();
    let map = "columns = [\n  [2, 1, 3, 6, 5, 4, 7, 9, 8],\n  [3, 2, 1, 4, 10, 5, 8, 7, 9],\n  [1, 3, 2, 5, 4, 6, 9, 8, 7],\n]\n";
    std::fs::write(dir.path().join("mine.toml"), map).unwrap();
    std::fs::write(
        dir.path().join("spec.toml"),
        "[[strategic-field]]\nrow-numbers = \"mine.toml\"\n",
    )
    .unwrap();
    let out = paperboard(&["render", "spec.toml", "-o", "out.pdf"], dir.path());
    let msg = stderr(&out);
    assert_eq!(out.status.code(), Some(2), "{msg}");
    assert!(msg.contains("spec.toml:2:15"), "{msg}");
    assert!(
        msg.contains(
            "mine.toml:3:16: `columns[1][4]` must be a strategic cell from 1 to 9, not 10"
        ),
        "{msg}"
    );
    assert!(!dir.path().join("out.pdf").exists());
}

#[test]
fn a_sheet_too_big_for_the_page_says_by_how_much() {
    let msg = rejected("[[strategic-field]]\ncell = 9\n");
    assert!(msg.contains("does not fit"), "{msg}");
    assert!(
        msg.contains("`field`") && msg.contains("mm past the"),
        "{msg}"
    );
}

#[test]
fn overlapping_parts_are_named() {
    let msg = rejected(
        "[page]\nmarks = false\n[[record-tables]]\nat = [10, 10]\nrows = 5\n[[text]]\nid = \"title\"\ntext = \"Hello\"\nat = [12, 12]\n",
    );
    assert!(msg.contains("overlap"), "{msg}");
    assert!(
        msg.contains("`records`") && msg.contains("`title`"),
        "{msg}"
    );
}

#[test]
fn unknown_template_and_unknown_format_are_errors() {
    let dir = tempfile::tempdir().unwrap();
    let out = paperboard(&["render", "strategic-fun", "-o", "x.pdf"], dir.path());
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("strategic-functional"),
        "{}",
        stderr(&out)
    );
    let out = paperboard(
        &["render", "strategic-functional", "-o", "x.gif"],
        dir.path(),
    );
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains(".pdf, .svg or .png"),
        "{}",
        stderr(&out)
    );
    assert!(std::fs::read_dir(dir.path()).unwrap().next().is_none());
}

/// Without `-o`, `render` and `handout` write the template's or spec's name
/// with `.pdf` (or `--format`'s extension) into the current folder, the
/// same bytes as with `-o`, and say so; a link standing at that name is not
/// written through.
#[test]
fn render_and_handout_name_their_output_after_the_sheet() {
    let dir = tempfile::tempdir().unwrap();
    let root = env!("CARGO_MANIFEST_DIR");
    let named = paperboard(&["render", "sos", "-o", "named.pdf"], dir.path());
    assert!(named.status.success(), "{}", stderr(&named));
    let out = paperboard(&["render", "sos"], dir.path());
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(stderr(&out).contains("wrote sos.pdf"), "{}", stderr(&out));
    assert_eq!(
        std::fs::read(dir.path().join("sos.pdf")).unwrap(),
        std::fs::read(dir.path().join("named.pdf")).unwrap()
    );
    // --quiet: the same file, and nothing said.
    std::fs::remove_file(dir.path().join("sos.pdf")).unwrap();
    let out = paperboard(&["render", "sos", "--quiet"], dir.path());
    assert!(
        out.status.success() && out.stderr.is_empty(),
        "{}",
        stderr(&out)
    );
    assert!(dir.path().join("sos.pdf").is_file());
    // A spec file in another folder: its name, here.
    std::fs::create_dir(dir.path().join("specs")).unwrap();
    std::fs::copy(
        format!("{root}/templates/tictactoe.toml"),
        dir.path().join("specs/practice.toml"),
    )
    .unwrap();
    let out = paperboard(
        &["render", "specs/practice.toml", "--format", "svg"],
        dir.path(),
    );
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(dir.path().join("practice.svg").is_file());
    assert!(!dir.path().join("specs/practice.svg").exists());
    // The handout, after its spec.
    let spec = format!("{root}/examples/handouts/sos-class.toml");
    let out = paperboard(&["handout", &spec, "--copies", "1"], dir.path());
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(dir.path().join("sos-class.pdf").is_file());
    // A link at the derived name is refused, and the file behind it kept.
    std::fs::write(dir.path().join("kept"), b"mine").unwrap();
    std::os::unix::fs::symlink("kept", dir.path().join("ultimate.pdf")).unwrap();
    let out = paperboard(&["render", "ultimate"], dir.path());
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("-o ultimate.pdf"), "{}", stderr(&out));
    assert_eq!(std::fs::read(dir.path().join("kept")).unwrap(), b"mine");
}

/// Every JSON document the command line prints says which version of the
/// program wrote it, as its first-level `version`; `maps family --json`
/// lists the 64 maps in the order of the text table.
#[test]
fn every_json_document_carries_the_version() {
    let dir = tempfile::tempdir().unwrap();
    let root = env!("CARGO_MANIFEST_DIR");
    let record = format!("{root}/examples/records/tictactoe.txt");
    let photo = format!("{root}/examples/photos/ultimate.jpg");
    let handout = format!("{root}/examples/handouts/sos-class.toml");
    let version = env!("CARGO_PKG_VERSION");
    for args in [
        vec!["templates", "--json"],
        vec!["layout", "sos", "--json"],
        vec!["maps", "list", "--json"],
        vec!["maps", "show", "map34", "--json"],
        vec!["maps", "family", "--json"],
        vec!["analyze", "tactical", "--json"],
        vec!["check", "--json", &record],
        vec!["read", "--json", &photo],
        vec!["handout", &handout, "--json"],
    ] {
        let out = paperboard(&args, dir.path());
        let json: serde_json::Value = serde_json::from_slice(&out.stdout)
            .unwrap_or_else(|e| panic!("{args:?}: {e}: {}", stderr(&out)));
        let written = &json["version"];
        // The handout's page plan numbers its own form; every other
        // document names the program's version.
        if args[0] == "handout" {
            assert!(written.is_u64(), "{args:?}: {written}");
        } else {
            assert_eq!(written, version, "{args:?}");
        }
        if args[..2] == ["maps", "family"] {
            let maps = json["maps"].as_array().unwrap();
            assert_eq!(maps.len(), 64);
            let text = paperboard(&["maps", "family"], dir.path());
            let text = String::from_utf8(text.stdout).unwrap();
            let names: Vec<&str> = maps.iter().map(|m| m["name"].as_str().unwrap()).collect();
            let in_text: Vec<&str> = text
                .lines()
                .filter_map(|l| l.trim_start_matches(['*', ' ']).split(' ').next())
                .filter(|w| w.starts_with("map") && w.len() == 5)
                .collect();
            assert_eq!(names, in_text);
            let map34 = maps.iter().find(|m| m["name"] == "map34").unwrap();
            assert_eq!(map34["original"], true);
            // As the text's `choice` column: 1 4 2.
            assert_eq!(map34["choice"], serde_json::json!([1, 4, 2]));
            assert!(
                map34["figures"]["mean"].is_string() || map34["figures"]["mean"].is_object(),
                "{map34}"
            );
        }
    }
}
