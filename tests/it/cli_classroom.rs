//! The command line as a teacher meets it: PNG pictures for slides, paper
//! names in any letter case, JSON lists with the program's version, the
//! manual page and shell completions that name what can be typed, the fonts
//! written out, and a line for every file a run writes beside the one named.

use crate::common;

use std::path::Path;
use std::process::{Command, Output};

use common::{Raster, compare_rasters, media_box, rasterize_pdf_page};
use paperboard_sheets::fonts::FontFace;
use serde_json::Value;

/// `paperboard ARGS` run in `dir`, its output collected.
fn paperboard(args: &[&str], dir: &Path) -> Output {
    let mut command = crate::common::paperboard();
    command.args(args).current_dir(dir).env("NO_COLOR", "1");
    command.output().expect("the binary runs")
}

fn ok(args: &[&str], dir: &Path) -> Output {
    let out = paperboard(args, dir);
    crate::common::assert_ran(&format!("{args:?}"), &out);
    out
}

fn stdout(args: &[&str]) -> String {
    let dir = tempfile::tempdir().unwrap();
    String::from_utf8(ok(args, dir.path()).stdout).unwrap()
}

/// A PNG file read back as an RGB raster on white.
fn decode_png(bytes: &[u8]) -> Raster {
    let decoder = png::Decoder::new(std::io::Cursor::new(bytes));
    let mut reader = decoder.read_info().expect("a PNG");
    let mut buf = vec![0; reader.output_buffer_size().expect("a size")];
    let info = reader.next_frame(&mut buf).expect("a frame");
    let channels = info.color_type.samples();
    let rgb = buf[..info.buffer_size()]
        .chunks(channels)
        .flat_map(|p| {
            let alpha = if channels == 4 { p[3] as u32 } else { 255 };
            let over_white = |c: u8| ((c as u32 * alpha + 255 * (255 - alpha)) / 255) as u8;
            [over_white(p[0]), over_white(p[1]), over_white(p[2])]
        })
        .collect();
    Raster {
        width: info.width as usize,
        height: info.height as usize,
        rgb,
    }
}

/// The mean grey of every `n` × `n` block, row by row.
fn blocks(r: &Raster, n: usize) -> Vec<u32> {
    let mut out = Vec::new();
    for by in 0..r.height / n {
        for bx in 0..r.width / n {
            let mut sum = 0u32;
            for y in by * n..(by + 1) * n {
                for x in bx * n..(bx + 1) * n {
                    sum += r.pixel(x, y).iter().map(|&c| u32::from(c)).sum::<u32>() / 3;
                }
            }
            out.push(sum / (n * n) as u32);
        }
    }
    out
}

#[test]
fn a_sheet_as_png_is_the_pdf_as_a_picture() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    ok(&["render", "sos", "-o", "sos.pdf"], d);
    for (dpi, width, height) in [("100", 827, 1170), ("150", 1241, 1754)] {
        let mut args = vec!["render", "sos", "-o", "sos.png"];
        if dpi != "150" {
            args.extend(["--dpi", dpi]);
        }
        ok(&args, d);
        let png = std::fs::read(d.join("sos.png")).unwrap();
        assert_eq!(&png[..8], b"\x89PNG\r\n\x1a\n", "PNG magic");
        let picture = decode_png(&png);
        assert_eq!(
            (picture.width, picture.height),
            (width, height),
            "{dpi} dpi"
        );
        // The same drawing as the PDF, pixel for pixel but for edges.
        let pdf = std::fs::read(d.join("sos.pdf")).unwrap();
        let printed = rasterize_pdf_page(&pdf, 1, dpi.parse().unwrap());
        assert!(
            picture.ink_pixels() > picture.width * picture.height / 100,
            "{dpi}: nearly blank"
        );
        // Two renderers place a hairline's anti-aliasing differently, so
        // compare the pictures as 8 × 8 pixel blocks: every block as dark
        // in one as in the other.
        let (a, b) = (blocks(&picture, 8), blocks(&printed, 8));
        let worst = a.iter().zip(&b).map(|(x, y)| x.abs_diff(*y)).max().unwrap();
        assert!(worst < 64, "{dpi} dpi: a block differs by {worst} levels");
        let diff = compare_rasters(&picture, &printed, 160);
        assert!(diff.fraction_of_ink() < 0.5, "{dpi} dpi: {diff:?}");
    }
    // Deterministic: the same sheet, the same bytes.
    let first = std::fs::read(d.join("sos.png")).unwrap();
    ok(&["render", "sos", "-o", "sos.png"], d);
    assert_eq!(first, std::fs::read(d.join("sos.png")).unwrap());
    // To standard output with --format, and refused where it contradicts.
    let out = ok(&["render", "tictactoe", "-o", "-", "--format", "png"], d);
    assert_eq!(&out.stdout[..4], b"\x89PNG");
    let out = paperboard(&["render", "sos", "-o", "x.pdf", "--format", "png"], d);
    assert_eq!(out.status.code(), Some(2));
    let out = paperboard(&["render", "sos", "-o", "x.pdf", "--dpi", "100"], d);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("--dpi is for PNG"));
    let out = paperboard(&["render", "sos", "-o", "x.png", "--dpi", "5000"], d);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("36 to 300"));
    assert!(!d.join("x.png").exists() && !d.join("x.pdf").exists());
}

#[test]
fn paper_names_are_read_in_any_letter_case() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    for (flag, width) in [
        ("a4", 595.28),
        ("A5", 419.53),
        ("letter", 612.0),
        ("LETTER", 612.0),
    ] {
        ok(&["render", "sos", "--page", flag, "-o", "s.pdf"], d);
        let pdf = std::fs::read(d.join("s.pdf")).unwrap();
        let [_, _, w, _] = media_box(&pdf, 1);
        assert!((w - width).abs() < 0.1, "--page {flag}: {w}");
    }
    // In a spec file too.
    let spec = stdout(&["templates", "--show", "sos"]).replace("size = \"A4\"", "size = \"a3\"");
    assert!(spec.contains("\"a3\""), "the template names its paper");
    std::fs::write(d.join("mine.toml"), spec).unwrap();
    ok(&["render", "mine.toml", "-o", "m.pdf"], d);
    let [_, _, w, _] = media_box(&std::fs::read(d.join("m.pdf")).unwrap(), 1);
    assert!((w - 841.89).abs() < 0.1, "A3: {w}");
    // And a wrong name still names the right ones.
    let out = paperboard(
        &["render", "sos", "--set", "page.size=\"B5\"", "-o", "s.pdf"],
        d,
    );
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("B5") && err.contains("Letter"), "{err}");
}

#[test]
fn json_lists_carry_the_version() {
    let version = env!("CARGO_PKG_VERSION");
    let templates: Value = serde_json::from_str(&stdout(&["templates", "--json"])).unwrap();
    assert_eq!(templates["version"], version);
    let list = templates["templates"].as_array().unwrap();
    assert_eq!(list.len(), paperboard_sheets::Template::ALL.len());
    for (t, json) in paperboard_sheets::Template::ALL.iter().zip(list) {
        assert_eq!(json["name"], t.name());
        assert_eq!(json["description"], t.description());
    }
    let maps: Value = serde_json::from_str(&stdout(&["maps", "list", "--json"])).unwrap();
    assert_eq!(maps["version"], version);
    let map34 = maps["maps"]
        .as_array()
        .unwrap()
        .iter()
        .find(|m| m["name"] == "map34")
        .expect("map34 listed");
    assert_eq!(map34["kind"], "functional");
    assert_eq!(map34["figures"]["mean"]["numerator"], 8);
    assert_eq!(map34["figures"]["mean"]["denominator"], 3);
    assert!(
        maps["maps"]
            .as_array()
            .unwrap()
            .iter()
            .any(|m| m["kind"] == "hyperfunctional")
    );
    let shown: Value = serde_json::from_str(&stdout(&["maps", "show", "hmap2", "--json"])).unwrap();
    assert_eq!(shown["version"], version);
    assert_eq!(shown["map"]["kind"], "hyperfunctional");
    assert!(shown["map"]["file"].as_str().unwrap().contains("hmap2"));
    let analysis: Value = serde_json::from_str(&stdout(&[
        "analyze",
        "functional",
        "--map",
        "map34",
        "--json",
    ]))
    .unwrap();
    assert_eq!(analysis["version"], version);
    // The check report, however it ends.
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("g.txt"),
        "[Game \"tictactoe\"]\n1. 5 1 2. 9\n",
    )
    .unwrap();
    let out = paperboard(&["check", "g.txt", "--json"], dir.path());
    let report: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(report["version"], version);
    assert_eq!(report["games"].as_array().unwrap().len(), 1);
}

#[test]
fn the_manual_page_has_every_command_with_options_exit_status_and_examples() {
    let man = stdout(&["man"]);
    for section in [
        ".SH NAME",
        ".SH SYNOPSIS",
        ".SH COMMANDS",
        ".SH \"EXIT STATUS\"",
        ".SH FILES",
    ] {
        assert!(man.contains(section), "{section}");
    }
    for command in [
        "render",
        "templates",
        "check",
        "analyze",
        "maps list",
        "maps show",
        "maps family",
        "maps search",
        "handout",
        "serve",
        "completions",
        "man",
        "fonts",
    ] {
        assert!(
            man.contains(&format!(".SS \"paperboard {command}\"")),
            "{command}"
        );
    }
    // Options, with their values and choices, hyphens escaped for roff.
    for option in [
        "\\fB\\-o\\fR, \\fB\\-\\-output\\fR \\fIOUTPUT\\fR",
        "\\fB\\-\\-dpi\\fR \\fIDPI\\fR",
        "\\fB\\-\\-evaluations\\fR",
        "\\fB\\-\\-diagram\\fR",
        "\\fB\\-\\-port\\fR",
        "One of: A4, A5, A3, Letter.",
    ] {
        assert!(man.contains(option), "{option}");
    }
    assert!(
        man.contains("Examples:")
            && man.contains("paperboard render strategic\\-functional \\-o sheet.pdf")
    );
    // groff reads it without a warning (where groff is installed).
    let dir = tempfile::tempdir().unwrap();
    let page = dir.path().join("paperboard.1");
    std::fs::write(&page, &man).unwrap();
    if let Ok(out) = Command::new("groff")
        .args(["-man", "-Tutf8", "-ww", "-z"])
        .arg(&page)
        .output()
    {
        assert!(out.status.success());
        let warnings = String::from_utf8_lossy(&out.stderr);
        assert!(warnings.trim().is_empty(), "groff: {warnings}");
    }
}

#[test]
fn completions_offer_templates_languages_and_papers() {
    for shell in ["bash", "zsh", "fish"] {
        let script = stdout(&["completions", shell]);
        for word in [
            "strategic-functional",
            "sos-record",
            "ultimate",
            "Letter",
            "A5",
            "fonts",
        ] {
            assert!(script.contains(word), "{shell}: no {word}");
        }
    }
    // The language flags list the four languages, in zsh's form.
    let zsh = stdout(&["completions", "zsh"]);
    assert!(
        zsh.matches(":LANGUAGE:(en de ru th)").count() >= 3,
        "render, check, handout"
    );
    // The program itself still takes a spec file and any language it knows.
    let dir = tempfile::tempdir().unwrap();
    let spec = stdout(&["templates", "--show", "tictactoe"]);
    std::fs::write(dir.path().join("t.toml"), spec).unwrap();
    ok(
        &["render", "t.toml", "--language", "th", "-o", "t.svg"],
        dir.path(),
    );
}

#[test]
fn fonts_are_written_out_with_their_licence() {
    let dir = tempfile::tempdir().unwrap();
    let out = ok(&["fonts", "fonts"], dir.path());
    let lines = String::from_utf8(out.stdout).unwrap();
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("fonts");
    // The fonts the documents are set in: the published files less their
    // hinting (the fonts module's tests compare every glyph with them).
    for (name, face) in [
        ("NotoSans-Regular.ttf", FontFace::SansRegular),
        ("NotoSans-Bold.ttf", FontFace::SansBold),
        ("NotoSansThai-Regular.ttf", FontFace::Thai),
        ("NotoSansThai-Bold.ttf", FontFace::ThaiBold),
    ] {
        let written = std::fs::read(dir.path().join("fonts").join(name)).unwrap();
        assert_eq!(written, face.data(), "{name}");
        assert!(lines.contains(name), "{lines}");
    }
    let licence = std::fs::read(dir.path().join("fonts").join("OFL.txt")).unwrap();
    assert_eq!(licence, std::fs::read(root.join("OFL.txt")).unwrap());
    assert!(lines.contains("OFL.txt"), "{lines}");
    // A folder whose parent is missing is refused, not made.
    let out = paperboard(&["fonts", "no/such/folder"], dir.path());
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn files_beside_the_one_named_are_announced() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    // A separate answer key, on paper named in small letters.
    let spec = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("examples/handouts/sos-class.toml"),
    )
    .unwrap()
    .replace("[worksheet]", "[worksheet]\nkey = \"separate\"")
    .replace("size = \"A4\"", "size = \"a4\"")
    .replace("copies = 15", "copies = 1");
    std::fs::write(d.join("h.toml"), &spec).unwrap();
    let out = ok(&["handout", "h.toml", "-o", "lesson.pdf"], d);
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("wrote the answer key to lesson-key.pdf"),
        "{err}"
    );
    assert!(d.join("lesson-key.pdf").exists());
    // Several SVG pages.
    let out = ok(&["handout", "h.toml", "-o", "lesson.svg"], d);
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("wrote lesson-1.svg") && err.contains("wrote lesson-2.svg"),
        "{err}"
    );
    // One file as named: nothing to announce.
    let out = ok(&["render", "sos", "-o", "one.svg"], d);
    assert!(
        out.stderr.is_empty(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    // check --diagram u.png names no flag check lacks.
    std::fs::write(d.join("g.txt"), "[Game \"tictactoe\"]\n1. 5 1\n").unwrap();
    let out = paperboard(&["check", "g.txt", "--diagram", "u.png"], d);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        err.contains(".pdf or .svg") && !err.contains("--format"),
        "{err}"
    );
}

/// The cell width of a Strategic sheet's field as drawn: the spacing of
/// the first two vertical hairlines (0.15 mm) of its SVG.
fn field_cell(svg: &str) -> f64 {
    let doc = common::parse_svg(svg);
    let path = doc
        .descendants()
        .find(|n| n.has_tag_name("path") && n.attribute("stroke-width") == Some("0.15"))
        .expect("the field's hairlines");
    let d = path.attribute("d").unwrap();
    let mut xs = Vec::new();
    for segment in d.split('M').filter(|s| !s.trim().is_empty()) {
        let (from, to) = segment.trim().split_once('L').unwrap();
        let x1: f64 = from.split(' ').next().unwrap().parse().unwrap();
        let x2: f64 = to.split(' ').next().unwrap().parse().unwrap();
        if (x1 - x2).abs() < 1e-9 {
            xs.push(x1);
        }
    }
    xs[1] - xs[0]
}

#[test]
fn the_cell_sizes_in_the_spec_reference_are_the_ones_printed() {
    let doc = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/spec.md"))
        .unwrap();
    let dir = tempfile::tempdir().unwrap();
    let mut rows = 0;
    for line in doc.lines() {
        let cells: Vec<&str> = line.split('|').map(str::trim).collect();
        let paper = match cells.as_slice() {
            ["", paper @ ("A4" | "A3" | "Letter"), _, _, ""] => *paper,
            _ => continue,
        };
        rows += 1;
        for (column, landscape) in [(2, false), (3, true)] {
            let documented: f64 = cells[column].trim_end_matches(" mm").parse().unwrap();
            let mut args = vec![
                "render",
                "strategic-functional",
                "--page",
                paper,
                "-o",
                "f.svg",
            ];
            if landscape {
                args.push("--landscape");
            }
            ok(&args, dir.path());
            let svg = std::fs::read_to_string(dir.path().join("f.svg")).unwrap();
            let cell = field_cell(&svg);
            assert!(
                (cell - documented).abs() < 0.01,
                "{paper} landscape={landscape}: docs {documented}, printed {cell}"
            );
        }
    }
    assert_eq!(rows, 3, "the table of cell sizes in docs/spec.md");
}

#[test]
fn thirty_copies_embed_the_fonts_once() {
    let dir = tempfile::tempdir().unwrap();
    let spec = Path::new(env!("CARGO_MANIFEST_DIR")).join("examples/handouts/sos-class.toml");
    let spec = spec.to_str().unwrap();
    let mut sizes = Vec::new();
    for copies in ["1", "30"] {
        ok(
            &["handout", spec, "--copies", copies, "-o", "h.pdf"],
            dir.path(),
        );
        let pdf = std::fs::read(dir.path().join("h.pdf")).unwrap();
        let fonts = common::assert_fonts_embedded_and_subset(&pdf);
        assert!(fonts.len() <= 4, "{copies} copies: {} fonts", fonts.len());
        sizes.push(pdf.len());
    }
    // docs/handout.md's figures: 23 KB and 178 KB, a few KB a copy.
    let per_copy = (sizes[1] - sizes[0]) / 29;
    // Each copy is a page of its own (its sheet code names the copy), and
    // still a few KB: the fonts are not embedded again.
    assert!(per_copy < 10_000, "{sizes:?}: {per_copy} bytes a copy");
    // Within a fifth, so a sheet drawn a little differently does not make
    // the docs wrong.
    let readme =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/handout.md"))
            .unwrap();
    let readme = readme.split_whitespace().collect::<Vec<_>>().join(" ");
    let said = readme
        .split("sos-class.toml` is ")
        .nth(1)
        .expect("docs/handout.md's figures for sos-class.toml");
    let kb: Vec<f64> = said
        .split(" KB")
        .take(2)
        .map(|s| s.rsplit(' ').next().unwrap().parse().unwrap())
        .collect();
    for (documented, measured) in kb.iter().zip(&sizes) {
        let measured = *measured as f64 / 1024.0;
        assert!(
            (documented / measured - 1.0).abs() < 0.2,
            "docs/handout.md {documented} KB, measured {measured:.0} KB"
        );
    }
}
