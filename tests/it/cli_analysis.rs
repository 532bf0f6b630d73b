//! The `analyze` and `maps` commands, run as a user runs them.

use crate::common;

use std::process::Output;

fn paperboard(args: &[&str]) -> Output {
    crate::common::paperboard()
        .args(args)
        .output()
        .expect("the binary runs")
}

fn stdout(o: &Output) -> String {
    String::from_utf8(o.stdout.clone()).unwrap()
}

fn stderr(o: &Output) -> String {
    String::from_utf8(o.stderr.clone()).unwrap()
}

fn ok(args: &[&str]) -> String {
    let o = paperboard(args);
    assert!(o.status.success(), "{args:?}: {}", stderr(&o));
    stdout(&o)
}

/// The columns of the `--all` line starting with `label`.
fn all_row(table: &str, label: &str) -> Vec<String> {
    let line = table
        .lines()
        .find(|l| l.starts_with(&format!("{label}  ")))
        .unwrap_or_else(|| panic!("no row {label} in\n{table}"));
    line[label.len()..]
        .split("  ")
        .map(str::trim)
        .filter(|c| !c.is_empty())
        .map(String::from)
        .collect()
}

#[test]
fn analyze_all_reproduces_the_published_figures() {
    let t = ok(&["analyze", "--all"]);
    assert_eq!(
        all_row(&t, "tactical"),
        ["81", "729", "17/9 = 1.8889", "{1, 2}", "2"]
    );
    for m in ["map34", "map67"] {
        assert_eq!(
            all_row(&t, &format!("functional {m}")),
            ["27", "81", "8/3 = 2.6667", "{3}", "4"]
        );
    }
    assert_eq!(
        all_row(&t, "hyperfunctional map34 : hmap2"),
        ["81", "729", "536/243 = 2.2058", "{3}", "3"]
    );
    for label in [
        "functional map14",
        "functional map42",
        "functional map48",
        "hyperfunctional map34 : hmap1",
    ] {
        all_row(&t, label);
    }
}

#[test]
fn analyze_json_carries_exact_fraction_and_matrix() {
    let out = ok(&[
        "analyze",
        "functional",
        "--map",
        "map67",
        "--json",
        "--matrix",
    ]);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["label"], "functional map67");
    assert_eq!(v["mean"]["numerator"], 8);
    assert_eq!(v["mean"]["denominator"], 3);
    assert_eq!(v["returns"]["3"], 27);
    assert_eq!(v["largest"], 4);
    assert_eq!(v["names"][13], "S5 band 2");
    let m = v["matrix"].as_array().unwrap();
    assert_eq!(m.len(), 27);
    assert!((0..27).all(|i| m[i][i] == 3));
    let all: serde_json::Value =
        serde_json::from_str(&ok(&["analyze", "--all", "--json"])).unwrap();
    assert_eq!(all.as_array().unwrap().len(), 8);
    assert_eq!(all[0]["mean"]["numerator"], 17);
    assert!(all[0].get("matrix").is_none());
}

#[test]
fn analyze_matrix_text_and_map_files() {
    let dir = tempfile::tempdir().unwrap();
    // map34 written as a file under another name gives the same figures.
    let toml = ok(&["maps", "show", "map34"]);
    let file_text = &toml[toml.find("# Functional map").unwrap()..];
    let path = dir.path().join("mine.toml");
    std::fs::write(
        &path,
        file_text.replace("name = \"map34\"", "name = \"mine\""),
    )
    .unwrap();
    let out = ok(&[
        "analyze",
        "functional",
        "--map",
        path.to_str().unwrap(),
        "--matrix",
    ]);
    assert!(out.starts_with("functional mine\n"), "{out}");
    assert!(out.contains("8/3 = 2.6667"), "{out}");
    let row = out
        .lines()
        .find(|l| l.trim_start().starts_with("S5 band 2 "))
        .unwrap();
    assert_eq!(row.chars().filter(char::is_ascii_digit).count(), 2 + 27);
    let t = ok(&["analyze", "tactical"]);
    assert!(t.contains("1: 9 nodes, 2: 72 nodes"), "{t}");
}

#[test]
fn bad_maps_exit_2_with_a_clear_message() {
    let dir = tempfile::tempdir().unwrap();
    let bad = dir.path().join("bad.toml");
    std::fs::write(&bad, "columns = [\n  [2, 1, 3, 6, 5, 4, 7, 9, 8],\n  [3, 2, 1, 4, 6, 5, 8, 7, 9],\n  [1, 3, 2, 5, 4, 6, 9, 8, 10],\n]\n").unwrap();
    let cases: [(&[&str], &str); 5] = [
        (
            &["analyze", "functional", "--map", "map99"],
            "unknown map `map99`",
        ),
        (
            &["analyze", "functional", "--map", "hmap2"],
            "functional map is needed",
        ),
        (
            &["analyze", "hyperfunctional", "--hypermap", "map34"],
            "hyperfunctional map is needed",
        ),
        (
            &["analyze", "functional", "--map", bad.to_str().unwrap()],
            "must be a strategic cell from 1 to 9, not 10",
        ),
        (&["maps", "show", "nope"], "unknown map `nope`"),
    ];
    for (args, want) in cases {
        let o = paperboard(args);
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        let err = stderr(&o);
        assert!(err.contains(want), "{args:?}: {err}");
        assert!(!err.contains("panicked"), "{err}");
    }
    let o = paperboard(&["analyze", "functional", "--map", bad.to_str().unwrap()]);
    assert!(stderr(&o).contains("columns[2][8]"), "{}", stderr(&o));
    let o = paperboard(&["analyze", "tactical", "--map", "map34"]);
    assert_eq!(o.status.code(), Some(2));
}

#[test]
fn maps_list_show_and_family() {
    let list = ok(&["maps", "list"]);
    for name in [
        "map34", "map67", "map14", "map42", "map48", "hmap1", "hmap2",
    ] {
        assert!(list.lines().any(|l| l.starts_with(name)), "{name}: {list}");
    }
    let show = ok(&["maps", "show", "hmap2"]);
    // Top rows of strategic cells 1, 2, 3 under hmap2: H = ((max(r,c) + S - 2) mod 9) + 1
    // with r = 0, so H = ((c + S - 2) mod 9) + 1.
    assert!(
        show.contains("\n9 1 2|3 4 5|6 7 8   1 2 3|4 5 6|7 8 9   2 3 4|5 6 7|8 9 1\n"),
        "{show}"
    );
    let fam = ok(&["maps", "family"]);
    let rows: Vec<&str> = fam.lines().filter(|l| l.contains(" 27     81 ")).collect();
    assert_eq!(rows.len(), 64);
    for name in ["map34", "map67", "map14", "map42", "map48"] {
        assert_eq!(
            rows.iter()
                .filter(|r| r.contains(&format!("*{name}")))
                .count(),
            1,
            "{name}"
        );
    }
    assert!(rows[0].contains("8/3 = 2.6667"), "{}", rows[0]);
}

#[test]
fn search_is_reproducible_and_writes_map_files() {
    let dir = tempfile::tempdir().unwrap();
    let args = |seed: &str, out: Option<&str>| {
        let mut v = vec![
            "maps",
            "search",
            "--space",
            "grouped",
            "--return-distance",
            "3",
            "--evaluations",
            "30000",
            "--keep",
            "2",
            "--seed",
            seed,
        ];
        if let Some(o) = out {
            v.extend(["--out", o]);
        }
        v.into_iter().map(String::from).collect::<Vec<_>>()
    };
    let run = |a: Vec<String>| ok(&a.iter().map(String::as_str).collect::<Vec<_>>());
    let a = run(args("7", Some(dir.path().to_str().unwrap())));
    let b = run(args("7", None));
    assert_eq!(a, b);
    assert!(a.contains("return distances {3}"), "{a}");
    let written = dir.path().join("search-7-1.toml");
    let text = std::fs::read_to_string(&written).unwrap();
    let back = paperboard_games::maps::parse_map_file("search-7-1.toml", &text).unwrap();
    // The written map really has the figures printed for it.
    let m = back.functional().unwrap();
    let f = paperboard_games::internals::band_figures(&m).to_figures();
    assert!(f.every_return_is(3));
    assert!(a.contains(&f.mean_text()), "{a}");
    let o = paperboard(&[
        "maps",
        "search",
        "--out",
        "/nonexistent/dir",
        "--evaluations",
        "10",
    ]);
    assert_eq!(o.status.code(), Some(2));
}

#[test]
fn heatmap_option_writes_svg_and_rejects_unknown_formats() {
    let dir = tempfile::tempdir().unwrap();
    let svg = dir.path().join("t.svg");
    let out = ok(&["analyze", "tactical", "--heatmap", svg.to_str().unwrap()]);
    assert!(out.contains("heat map written to"), "{out}");
    let text = common::parse_svg_file(&svg);
    assert!(text.contains("17/9 = 1.8889") && text.contains("ST 57"));
    let o = paperboard(&[
        "analyze",
        "tactical",
        "--heatmap",
        dir.path().join("t.png").to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("output format"), "{}", stderr(&o));
}

/// The heat map's page is the figure by default (to drop into a paper);
/// `--page A4` centres it on A4 paper.
#[test]
fn heatmap_page_is_the_figure_or_a_paper_size() {
    let dir = tempfile::tempdir().unwrap();
    let pdf = dir.path().join("h.pdf");
    let pdf = pdf.to_str().unwrap();
    let media = |args: &[&str]| {
        let mut all = vec!["analyze", "functional", "--heatmap", pdf];
        all.extend_from_slice(args);
        ok(&all);
        common::media_box(&std::fs::read(pdf).unwrap(), 1)
    };
    let figure = media(&[]);
    let mm = |pt: f64| pt * 25.4 / 72.0;
    // A4 text width, and shorter than a page.
    assert!((mm(figure[2]) - 174.0).abs() < 0.01, "{figure:?}");
    assert!(mm(figure[3]) < 270.0, "{figure:?}");
    assert_eq!(media(&["--page", "figure"]), figure);
    let a4 = media(&["--page", "A4"]);
    assert!(
        (a4[2] - 595.276).abs() < 0.01 && (a4[3] - 841.89).abs() < 0.01,
        "{a4:?}"
    );
    let a4_landscape = media(&["--page", "A3", "--landscape"]);
    assert!(
        (mm(a4_landscape[2]) - 420.0).abs() < 0.01,
        "{a4_landscape:?}"
    );
    // --page means nothing without a heat map.
    let o = paperboard(&["analyze", "functional", "--page", "A4"]);
    assert_eq!(o.status.code(), Some(2));
}

#[test]
fn docs_show_the_real_analyze_all_output() {
    let readme =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/docs/analysis.md")).unwrap();
    let table = ok(&["analyze", "--all"]);
    assert!(
        readme.contains(&table),
        "docs/analysis.md's table differs from:\n{table}"
    );
}

#[test]
fn example_search_result_has_the_figures_its_comment_claims() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/examples/maps/free-8-3.toml");
    let text = std::fs::read_to_string(path).unwrap();
    let m = paperboard_games::maps::parse_map_file(path, &text)
        .unwrap()
        .functional()
        .unwrap();
    let f = paperboard_games::internals::band_figures(&m).to_figures();
    assert_eq!(f.mean, paperboard_games::analysis::Ratio::new(8, 3));
    assert!(f.every_return_is(3));
    assert_eq!(f.largest, Some(4));
    // Not a permutation list: list 1 names only strategic cells 1-3.
    assert!(m.columns()[0].iter().all(|&v| (1..=3).contains(&v)));
}

#[test]
fn search_names_space_and_objective_as_the_user_writes_them() {
    let o = paperboard(&["maps", "search", "--space", "free", "--exhaustive"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("the free space is too large"),
        "{}",
        stderr(&o)
    );
    let text = ok(&[
        "maps",
        "search",
        "--space",
        "grouped",
        "--objective",
        "min-largest",
        "--evaluations",
        "10",
    ]);
    assert!(
        text.contains("# search: space grouped, objective min-largest,"),
        "{text}"
    );
}

#[test]
fn search_out_makes_a_new_folder_as_the_readme_runs_it() {
    let dir = tempfile::tempdir().unwrap();
    let found = dir.path().join("found");
    let out = format!("{}/", found.display());
    ok(&[
        "maps",
        "search",
        "--space",
        "grouped",
        "--evaluations",
        "2000",
        "--keep",
        "1",
        "--out",
        &out,
    ]);
    assert!(found.join("search-1-1.toml").is_file());
    // Only the last folder is made: a mistyped path is still refused.
    let deep = dir.path().join("no/such/folder");
    let o = paperboard(&[
        "maps",
        "search",
        "--evaluations",
        "10",
        "--out",
        deep.to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(2));
    assert!(!dir.path().join("no").exists());
}

#[test]
fn landscape_without_a_paper_size_is_refused_not_ignored() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("h.pdf");
    let o = paperboard(&[
        "analyze",
        "tactical",
        "--heatmap",
        out.to_str().unwrap(),
        "--landscape",
    ]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("--landscape"), "{}", stderr(&o));
    assert!(!out.exists());
    ok(&[
        "analyze",
        "tactical",
        "--heatmap",
        out.to_str().unwrap(),
        "--page",
        "A5",
        "--landscape",
    ]);
    assert!(out.exists());
}

/// `maps show` says why a map file cannot be used in the language of
/// `--language` (else the locale's): the reason, the label at the entry
/// and the help, at the same place; no English word where the language
/// has its own.
#[test]
fn a_map_file_that_cannot_be_used_is_said_in_the_language_asked_for() {
    let dir = tempfile::tempdir().unwrap();
    let write = |name: &str, text: &str| {
        let path = dir.path().join(name);
        std::fs::write(&path, text).unwrap();
        path.display().to_string()
    };
    let entry = write(
        "entry.toml",
        "kind = \"functional\"\ncolumns = [\n  [1, 2, 3, 4, 5, 6, 7, 8, 12],\n  [1, 2, 3, 4, 5, 6, 7, 8, 9],\n  [1, 2, 3, 4, 5, 6, 7, 8, 9],\n]\n",
    );
    let short = write(
        "short.toml",
        "columns = [[1, 2, 3], [1, 2, 3, 4, 5, 6, 7, 8, 9], [1, 2, 3, 4, 5, 6, 7, 8, 9]]\n",
    );
    let kind = write("kind.toml", "kind = \"funky\"\n");
    let typo = write("typo.toml", "colums = []\n");
    let cases = [
        (
            &entry,
            "de",
            "muss ein strategisches Feld von 1 bis 9 sein, nicht 12",
        ),
        (
            &short,
            "ru",
            "должен быть списком из 9 элементов, а не из 3",
        ),
        (&kind, "th", "ต้องเป็น\"functional\" หรือ \"hyperfunctional\""),
        (&typo, "de", "unbekannter Schlüssel `colums`"),
    ];
    for (file, language, said) in cases {
        let o = crate::common::paperboard()
            .env("NO_COLOR", "1")
            .args(["maps", "show", "--language", language, file])
            .output()
            .unwrap();
        assert_eq!(o.status.code(), Some(2));
        let text = stderr(&o);
        assert!(text.contains(said), "{text}");
        for english in [
            "must",
            "entries",
            "strategic cell",
            "unknown",
            " here",
            "a functional map has",
        ] {
            assert!(!text.contains(english), "`{english}` in {text}");
        }
    }
    // The locale's language without the option.
    let o = crate::common::paperboard()
        .env("LC_ALL", "de_DE.UTF-8")
        .args(["maps", "show", &entry])
        .output()
        .unwrap();
    assert!(stderr(&o).contains("strategisches Feld"), "{}", stderr(&o));
}
