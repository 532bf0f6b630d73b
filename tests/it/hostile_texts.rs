//! Nothing silently wrong with text: a text too wide for its place shrinks
//! down to 6 pt and is then a located error naming the part and the text; a
//! text with characters the embedded fonts lack (emoji, Chinese, Arabic) is
//! an error naming the text and the characters. Sheets, `--set` texts and
//! handout pages refuse (exit 2, no file written); a game diagram shows a
//! record's text it cannot print with `?` and cuts names too long with `…`
//! (docs/limits.md).

use crate::common;

use common::hostile::*;
use common::parse_svg_file;

/// 6 pt in mm: the smallest a text is set at.
const SIX_PT: f64 = 6.0 * 25.4 / 72.0;

fn text_spec(size: &str, text: &str) -> String {
    format!("[page]\nsize = \"{size}\"\n[[text]]\nid = \"title\"\nsize = 8\ntext = \"{text}\"\n")
}

#[test]
fn characters_the_fonts_lack_are_refused_naming_them() {
    let dir = tempfile::tempdir().unwrap();
    write(dir.path(), "emoji.toml", text_spec("A4", "Go 围棋 🙂"));
    write(
        dir.path(),
        "arabic.toml",
        "[[write-in]]\nid = \"who\"\nfields = [\"Name\", \"مرحبا\"]\n",
    );
    write(
        dir.path(),
        "class.toml",
        "[handout]\ngame = \"sos\"\ntitle = \"SOS 🙂 class\"\n",
    );
    let before = Snapshot::of(dir.path());
    run(dir.path(), &["render", "emoji.toml", "-o", "x.pdf"])
        .expect_code(2)
        .expect_err("emoji.toml:6:8: the text \"Go 围棋 🙂\" of `title` holds")
        .expect_err("'围' (U+56F4), '棋' (U+68CB), '🙂' (U+1F642), which the fonts cannot print");
    run(dir.path(), &["render", "arabic.toml", "-o", "x.svg"])
        .expect_code(2)
        .expect_err("arabic.toml:3:")
        .expect_err("the text \"مرحبا\" of `who` holds 'م' (U+0645)");
    run(
        dir.path(),
        &[
            "render",
            "sos",
            "--set",
            "title.text=Привет 🙂",
            "-o",
            "x.pdf",
        ],
    )
    .expect_code(2)
    .expect_err("of `title` (--set title.text=Привет 🙂) holds '🙂' (U+1F642)");
    run(dir.path(), &["handout", "class.toml", "-o", "x.pdf"])
        .expect_code(2)
        .expect_err("class.toml:3:9: the text \"SOS 🙂 class\" of page 1 holds '🙂' (U+1F642)");
    before.assert_unchanged(dir.path());
    // Cyrillic, Thai and Greek are in the fonts.
    write(
        dir.path(),
        "ok.toml",
        text_spec("A4", "Привет ภาษาไทย Ελλάδα"),
    );
    run(dir.path(), &["render", "ok.toml", "-o", "ok.svg"]).expect_code(0);
}

#[test]
fn text_too_wide_shrinks_to_6_pt_then_is_refused_naming_part_and_text() {
    let dir = tempfile::tempdir().unwrap();
    // Too wide at 8 mm for A5, narrow enough at a smaller size: shrinks.
    let title = "A rather long title for a small page, Class 5b";
    write(dir.path(), "shrinks.toml", text_spec("A5", title));
    run(dir.path(), &["render", "shrinks.toml", "-o", "s.svg"]).expect_code(0);
    let svg = parse_svg_file(&dir.path().join("s.svg"));
    let doc = roxmltree::Document::parse(&svg).unwrap();
    let text = doc
        .descendants()
        .find(|n| n.has_tag_name("text") && n.text() == Some(title))
        .expect("the title is drawn");
    let size: f64 = text.attribute("font-size").unwrap().parse().unwrap();
    assert!((SIX_PT..8.0).contains(&size), "set at {size} mm");
    // Too wide even at 6 pt: refused, naming the part and the text.
    let long = "Wolfeschlegelsteinhausen ".repeat(8);
    write(dir.path(), "long.toml", text_spec("A5", long.trim()));
    write(
        dir.path(),
        "names.toml",
        format!(
            "[[sos-board]]\nid = \"board\"\nplayers = [\"Ann\", \"{}\"]\n",
            "Maximiliane".repeat(6)
        ),
    );
    let title = "Wolfeschlegelsteinhausen ".repeat(10);
    write(
        dir.path(),
        "class.toml",
        format!("[handout]\ngame = \"sos\"\ntitle = \"{}\"\n", title.trim()),
    );
    let before = Snapshot::of(dir.path());
    run(dir.path(), &["render", "long.toml", "-o", "l.pdf"])
        .expect_code(2)
        .expect_err("long.toml:6:8: the text \"Wolfeschlegelsteinhausen Wolfeschlegelst…\" of `title` does not fit: at 6 pt it is")
        .expect_err("mm wide and still runs into the edge of its part");
    run(dir.path(), &["render", "names.toml", "-o", "n.pdf"])
        .expect_code(2)
        .expect_err("names.toml:3:19:")
        .expect_err(
            "the text \"MaximilianeMaximilianeMaximilianeMaximil…\" of `board` does not fit",
        );
    run(dir.path(), &["handout", "class.toml", "-o", "h.pdf"])
        .expect_code(2)
        .expect_err("class.toml:3:9: the text \"Wolfeschlegelsteinhausen Wolfeschlegelst…\" of page 1 does not fit")
        .expect_err("runs into the page's margin");
    before.assert_unchanged(dir.path());
}

/// A game record's own texts on its diagram: the diagram is a picture of the
/// record (which the report checks), so a character the fonts lack is shown
/// as `?` and a name too long is cut with `…`, never drawn over the sheet.
#[test]
fn diagrams_show_what_the_fonts_lack_as_question_marks_and_cut_long_names() {
    let dir = tempfile::tempdir().unwrap();
    let record = |names: &str| {
        format!(
            "[Game \"sos\"]\n[Size \"3x3\"]\n[Players \"{names}\"]\n[Result \"*\"]\n\nA:a1S B:b2O\n"
        )
    };
    write(dir.path(), "emoji.txt", record("Anna 🙂, 李"));
    write(
        dir.path(),
        "long.txt",
        record(&format!("{}, Ben", "W".repeat(60))),
    );
    run(dir.path(), &["check", "emoji.txt", "--diagram", "e.svg"]).expect_code(0);
    let svg = parse_svg_file(&dir.path().join("e.svg"));
    assert!(svg.contains(">Anna ?<") && !svg.contains('🙂'), "{svg}");
    run(dir.path(), &["check", "long.txt", "--diagram", "l.svg"]).expect_code(0);
    let svg = parse_svg_file(&dir.path().join("l.svg"));
    let doc = roxmltree::Document::parse(&svg).unwrap();
    let name = doc
        .descendants()
        .filter_map(|n| n.text())
        .find(|t| t.starts_with("WWW"))
        .expect("the name is drawn");
    assert!(name.ends_with('…') && name.chars().count() <= 24, "{name}");
}
