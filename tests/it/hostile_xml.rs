//! Characters XML cannot carry: refused where texts enter (spec texts,
//! handout titles, map names, record tags), each at its file, line, column
//! and key; what is drawn as written (a move, a file name) is replaced, so
//! every SVG written parses as XML.

use crate::common;

use common::hostile::*;
use common::{parse_svg, parse_svg_file};

#[test]
fn spec_and_handout_texts_with_control_characters_are_refused_where_written() {
    let dir = tempfile::tempdir().unwrap();
    write(
        dir.path(),
        "sheet.toml",
        "[[text]]\nid = \"title\"\ntext = \"Class 4b\\u001b[2J\"\n",
    );
    write(
        dir.path(),
        "class.toml",
        "[handout]\ngame = \"sos\"\ntitle = \"SOS \\uFFFE\"\n",
    );
    write(
        dir.path(),
        "map.toml",
        "name = \"m\\u0000\"\ncolumns = [[2,1,3,6,5,4,7,9,8],[3,2,1,4,6,5,8,7,9],[1,3,2,5,4,6,9,8,7]]\n",
    );
    let before = Snapshot::of(dir.path());
    run(dir.path(), &["render", "sheet.toml", "-o", "x.svg"])
        .expect_code(2)
        .expect_err("sheet.toml:3:8: `text.text` holds the control character U+001B");
    run(dir.path(), &["handout", "class.toml", "-o", "x.svg"])
        .expect_code(2)
        .expect_err("class.toml:3:9: `handout.title` holds the control character U+FFFE");
    run(dir.path(), &["maps", "show", "map.toml"])
        .expect_code(2)
        .expect_err("`name` holds the control character U+0000");
    run(
        dir.path(),
        &[
            "render",
            "sos",
            "--set",
            "document.title=a\u{7}b",
            "-o",
            "x.svg",
        ],
    )
    .expect_code(2)
    .expect_err("--set document.title=")
    .expect_err("holds the control character U+0007");
    before.assert_unchanged(dir.path());
    // The same texts without them render, and parse.
    write(
        dir.path(),
        "ok.toml",
        "[[text]]\nid = \"title\"\ntext = \"Class 4b <&> ไทย\"\n",
    );
    run(dir.path(), &["render", "ok.toml", "-o", "ok.svg"]).expect_code(0);
    let svg = parse_svg_file(&dir.path().join("ok.svg"));
    assert_eq!(common::svg_texts(&svg).concat(), "Class 4b <&> ไทย");
}

#[test]
fn diagrams_of_hostile_records_are_well_formed_svg() {
    let dir = tempfile::tempdir().unwrap();
    // Control characters in moves (drawn as written) and in the file name
    // (written in the summary line).
    let name = "games\u{1}\u{7f}.txt";
    write(
        dir.path(),
        name,
        "[Game \"tictactoe\"]\n[X \"<Ann & \\\"Bo\\\">\"]\n1 4 2\u{1}\u{fffe} 5 3\n",
    );
    let r = run(dir.path(), &["check", name, "--diagram", "d.svg"]);
    r.expect_code(1);
    let svg = parse_svg_file(&dir.path().join("d.svg"));
    assert!(
        svg.contains("&lt;Ann &amp; \"Bo\"&gt;")
            || svg.contains("&lt;Ann &amp; &quot;Bo&quot;&gt;"),
        "{svg}"
    );
    // The file name's characters the fonts lack are shown as `?`.
    assert!(svg.contains("games??.txt"), "{svg}");
    // And the report shows the name escaped.
    r.expect_out("games\\x01\\x7f.txt");
    // To standard output: one page, parsed as well.
    write(
        dir.path(),
        "one.txt",
        "[Game \"sos\"]\n[Size \"3\"]\na1S b1O c1S\n",
    );
    let r = run(dir.path(), &["render", "sos", "-o", "-", "--format", "svg"]);
    r.expect_code(0);
    parse_svg(&r.out());
}
