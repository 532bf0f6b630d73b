use super::*;
use crate::source::Position;

fn err(text: &str) -> SpecError {
    Spec::parse("t.toml", text, None).unwrap_err()
}

fn located(e: &SpecError) -> (usize, usize, Option<String>, String) {
    match e {
        SpecError::Invalid {
            at, key, message, ..
        } => (
            at.line as usize,
            at.col as usize,
            key.clone(),
            message.to_string(),
        ),
        other => panic!("not a located error: {other:?}"),
    }
}

#[test]
fn every_template_parses_and_has_a_description() {
    for &t in Template::ALL {
        let spec =
            Spec::parse(t.name(), t.text(), None).unwrap_or_else(|e| panic!("{}: {e}", t.name()));
        assert!(!spec.document().description.is_empty(), "{}", t.name());
    }
}

#[test]
fn an_empty_spec_is_all_defaults() {
    let spec = Spec::parse("t.toml", "", None).unwrap();
    assert_eq!(spec.page().size_mm(), (210.0, 297.0));
    assert!(spec.root_items().is_empty());
}

#[test]
fn unknown_key_names_itself_and_the_accepted_keys() {
    let e = err("[[strategic-field]]\ncell = 6\ncolour = 1\n");
    let (line, column, _, message) = located(&e);
    assert_eq!((line, column), (3, 1));
    assert!(message.contains("colour"), "{message}");
    assert!(
        message.contains("row-numbers") && message.contains("st-labels"),
        "{message}"
    );
}

#[test]
fn out_of_range_value_is_located_and_names_the_key() {
    let e = err("[[strategic-field]]\nst-labels = false\ncell = 50\n");
    let (line, column, key, message) = located(&e);
    assert_eq!((line, column), (3, 8));
    assert_eq!(key.as_deref(), Some("strategic-field.cell"));
    assert!(message.contains("from 2 to 20"), "{message}");
    assert!(e.to_string().starts_with("t.toml:3:8:"), "{e}");
}

#[test]
fn mistyped_value_names_the_key() {
    let e = err("[page]\nsize = 4\n");
    let (line, column, key, _) = located(&e);
    assert_eq!((line, column), (2, 8));
    assert_eq!(key.as_deref(), Some("page.size"));
    let e = err("[page]\nsize = \"B5\"\n");
    assert!(located(&e).3.contains("A4"), "{e}");
}

#[test]
fn toml_syntax_error_is_located() {
    let e = err("[page]\nsize = \"A4\nx = 1\n");
    let (line, _, _, _) = located(&e);
    assert_eq!(line, 2);
}

#[test]
fn fit_is_accepted_where_documented_only() {
    let spec = Spec::parse("t.toml", "[[strategic-field]]\ncell = \"fit\"\n", None).unwrap();
    assert!(spec.raw().strategic_field[0].cell.is_fit());
    let spec = Spec::parse("t.toml", "[[tracking-grid]]\ncell = \"fit\"\n", None).unwrap();
    assert!(spec.raw().tracking_grid[0].cell.is_some());
    let e = err("[[tracking-grid]]\nmax-cell = \"fit\"\n");
    assert_eq!(located(&e).0, 2);
}

#[test]
fn unknown_map_and_wrong_kind_point_at_the_key() {
    let e = err("[[strategic-field]]\nrow-numbers = \"map99\"\n");
    assert!(
        matches!(
            e,
            SpecError::Map {
                at: Position { line: 2, col: 15 },
                ..
            }
        ),
        "{e:?}"
    );
    let e = err("[[strategic-field]]\nrow-numbers = \"hmap2\"\n");
    assert!(matches!(e, SpecError::Map { .. }), "{e:?}");
}

#[test]
fn map_file_is_read_relative_to_the_spec() {
    let map67 = crate::maps::MapFile::builtin(crate::maps::BuiltinMap::Map67).to_toml();
    let files = crate::files::memory::MemoryFiles::with(&[
        ("specs/mine.toml", &map67),
        ("mine.toml", "not a map"),
    ]);
    let text = "[[strategic-field]]\nrow-numbers = \"mine.toml\"\n";
    let folder = SpecFolder {
        path: Path::new("specs"),
        files: &files,
    };
    let spec = Spec::parse("s.toml", text, Some(folder)).unwrap();
    let (name, map) = spec.raw().strategic_field[0].row_map.clone().unwrap();
    assert_eq!(name.name(), "map67");
    assert_eq!(map, crate::maps::builtin_functional("map67").unwrap());
    // Without a folder the same spec names no file.
    let e = Spec::parse("s.toml", text, None).unwrap_err();
    assert!(matches!(e, SpecError::Map { .. }), "{e:?}");
    // A spec file read through `files` finds its maps beside it, and a
    // spec cannot lead out of its folder.
    let files = crate::files::memory::MemoryFiles::with(&[
        ("specs/mine.toml", &map67),
        ("specs/s.toml", text),
        (
            "specs/out.toml",
            "[[strategic-field]]\nrow-numbers = \"../mine.toml\"\n",
        ),
    ]);
    let spec = Spec::load("specs/s.toml", &[], &files).unwrap();
    assert_eq!(spec.maps_label(), "map67");
    let e = Spec::load("specs/out.toml", &[], &files).unwrap_err();
    let SpecError::Map { source, .. } = &e else {
        panic!("{e:?}")
    };
    assert!(source.to_string().contains("is outside specs"), "{source}");
}

#[test]
fn maps_label_joins_row_and_cell_maps() {
    let spec = Spec::parse(
        "t.toml",
        "[[strategic-field]]\nrow-numbers = \"map34\"\ncell-numbers = \"hmap2\"\n",
        None,
    )
    .unwrap();
    assert_eq!(spec.maps_label(), "map34 : hmap2");
}

#[test]
fn arrangement_references_are_checked() {
    let e = err("[layout]\nitems = [\"field\", \"nope\"]\n[[strategic-field]]\n");
    assert!(located(&e).3.contains("`nope`"), "{e}");
    let e = err("[layout]\nitems = [\"field\", \"field\"]\n[[strategic-field]]\n");
    assert!(located(&e).3.contains("twice"), "{e}");
    let e = err("[layout]\nitems = [\"a\"]\n[[text]]\nid = \"a\"\n[[text]]\nid = \"b\"\n");
    assert!(located(&e).3.contains("not on the page"), "{e}");
    let e = err("[[text]]\n[[text]]\n");
    assert!(located(&e).3.contains("default id"), "{e}");
    assert_eq!(located(&e).0, 2);
    let e = err("[layout]\nitems = [\"field\"]\n[[strategic-field]]\n\n[[tracking-grid]]\n");
    assert_eq!((located(&e).0, located(&e).1), (5, 1), "{e}");
    assert!(
        located(&e).3.contains("`tactical-grid` is not on the page"),
        "{e}"
    );
    let e = err("[[text]]\nid = \"a\"\n[[text]]\nid = \"a\"\n");
    assert_eq!(located(&e).0, 4);
    assert!(located(&e).3.contains("used twice"), "{e}");
    let e = err("[[box]]\nid = \"a\"\nitems = [\"b\"]\n[[box]]\nid = \"b\"\nitems = [\"a\"]\n");
    assert!(located(&e).3.contains("not on the page"), "{e}");
}

#[test]
fn pinned_parts_stay_out_of_arrangements() {
    let e = err("[layout]\nitems = [\"t\"]\n[[text]]\nid = \"t\"\nat = [10, 10]\n");
    assert!(located(&e).3.contains("pinned"), "{e}");
    let spec = Spec::parse("t.toml", "[[text]]\nid = \"t\"\nat = [10, 10]\n", None).unwrap();
    assert!(spec.root_items().is_empty());
}

#[test]
fn pins_and_headings_are_checked() {
    let e = err("[[text]]\nat = [nan, 3]\n");
    assert_eq!(located(&e).0, 2);
    assert!(located(&e).3.contains("`text.at`"), "{e}");
    let e = err("[[record-tables]]\nplayers = []\n");
    assert!(located(&e).3.contains("`record-tables.players`"), "{e}");
    let e = err("[[record-tables]]\ncolumns = [\"S\", \"T\", \"O\", \"a\", \"b\", \"c\", \"d\"]\n");
    assert!(located(&e).3.contains("`record-tables.columns`"), "{e}");
}

fn sets(list: &[&str]) -> Vec<Set> {
    list.iter().map(|s| s.parse().unwrap()).collect()
}

const SETS_SPEC: &str = "[page]\nsize = \"A4\"\n\n[[sos-board]]\nid = \"sos\"\nsize = \"8x8\"\n\n[[text]]\ntext = \"hi\"\n";

#[test]
fn sets_land_on_tables_parts_by_id_default_ids_and_single_kinds() {
    let spec = Spec::parse_with_sets(
        "t.toml",
        SETS_SPEC,
        None,
        &sets(&[
            "page.size=A5",
            "page.margins.top=12",
            "sos.size=10x10",
            "sos.players=[\"Ann\", \"Ben\", \"Cy\"]",
            "text.size=5",
            "sos-board.cell=7",
        ]),
    )
    .unwrap();
    assert_eq!(spec.page().size, PaperSize::A5);
    assert_eq!(spec.page().margins.top, 12.0);
    let board = &spec.raw().sos_board[0];
    assert_eq!((board.size.columns(), board.size.rows()), (10, 10));
    assert_eq!(board.players.0, ["Ann", "Ben", "Cy"]);
    assert_eq!(board.cell, 7.0);
    assert_eq!(spec.raw().text[0].size, 5.0);
    // Typed changes read as the same text would.
    let typed = Spec::parse_with_sets(
        "t.toml",
        SETS_SPEC,
        None,
        &[
            Set::paper_size(PaperSize::A3),
            Set::orientation(Orientation::Landscape),
        ],
    )
    .unwrap();
    assert_eq!(typed.page().size_mm(), (420.0, 297.0));
}

#[test]
fn a_refused_set_is_blamed_and_the_file_keeps_its_lines() {
    let e = Spec::parse_with_sets(
        "t.toml",
        SETS_SPEC,
        None,
        &sets(&["page.size=A4", "sos.size=30x3"]),
    )
    .unwrap_err();
    let SpecError::Override { set, message, .. } = &e else {
        panic!("{e:?}");
    };
    assert_eq!(set, "sos.size=30x3");
    let message = message.to_string();
    assert!(
        message.contains("3 to 26") && message.contains("`sos-board.size`"),
        "{message}"
    );
    let e = Spec::parse_with_sets("t.toml", SETS_SPEC, None, &sets(&["board.size=3"])).unwrap_err();
    let msg = e.to_string();
    assert!(msg.contains("board.size=3") && msg.contains("sos"), "{msg}");
    let e = Spec::parse_with_sets("t.toml", SETS_SPEC, None, &sets(&["page=1"])).unwrap_err();
    assert!(e.to_string().contains("names no key"), "{e}");
    // An arrangement broken by a set is the set's fault too.
    let e = Spec::parse_with_sets(
        "t.toml",
        SETS_SPEC,
        None,
        &sets(&["layout.items=[\"nope\"]"]),
    )
    .unwrap_err();
    assert!(matches!(e, SpecError::Override { .. }), "{e:?}");
    // A bad value in the file is still reported at its line with sets given.
    let bad = SETS_SPEC.replace("size = \"8x8\"", "size = \"2x2\"");
    let e = Spec::parse_with_sets("t.toml", &bad, None, &sets(&["page.size=A5"])).unwrap_err();
    assert_eq!(located(&e).0, 6, "{e}");
}

#[test]
fn typed_changes_check_again() {
    let spec = Spec::parse(
        "t.toml",
        "[layout]\nitems = [\"head\", \"field\"]\n[[box]]\nid = \"head\"\ndirection = \"row\"\nitems = [\"title\", \"names\"]\n\
         [[text]]\nid = \"title\"\ntext = \"T\"\n[[write-in]]\nid = \"names\"\n[[strategic-field]]\n",
        None,
    )
    .unwrap();
    // Dropping both parts of a box drops the box and its mention.
    let less = spec
        .without_parts(&["title".to_string(), "names".to_string()])
        .unwrap();
    assert_eq!(less.root_items(), ["field"]);
    assert!(less.raw().boxes.is_empty());
    let margins = Margins {
        top: 200.0,
        bottom: 200.0,
        ..spec.page().margins
    };
    let e = spec.with_margins(margins).unwrap_err();
    assert!(matches!(e, SpecError::Edit { .. }), "{e:?}");
    let fine = Margins {
        top: 30.0,
        ..spec.page().margins
    };
    assert_eq!(spec.with_margins(fine).unwrap().page().content().y, 30.0);
    let map = crate::maps::BuiltinMap::Map67;
    let printed = spec
        .with_field_map(&crate::maps::MapId::Builtin(map), &map.map())
        .unwrap();
    assert_eq!(printed.maps_label(), "map67");
}

#[test]
fn keys_past_the_key_limits_are_refused_at_every_door() {
    // In the file: 80 parts are as deep as the reader reads.
    // Such a key is pointed at where it passes the limit: its 81st part.
    let deep_file = format!("[page]\n# a.b.c\n  {} = 1\n", vec!["a"; 200].join("."));
    let e = err(&deep_file);
    let (line, column, key, message) = located(&e);
    assert_eq!((line, column), (3, 3 + 2 * 80), "{e}");
    assert_eq!(key.as_deref(), Some("a.a.a.a.a.a.a.a.a.a.a.a.…"), "{e}");
    assert!(
        message.contains("has 200 parts; a key may have at most 80"),
        "{e}"
    );
    let parts: Vec<String> = (0..90).map(|i| format!("\"p.{i}\"")).collect();
    let header = format!("x = \"\"\"a.b\n\"\"\"\n[ {} ]\nx = 1\n", parts.join(" . "));
    let e = err(&header);
    let (line, column, _, message) = located(&e);
    let at = header.lines().nth(2).unwrap().find("\"p.80\"").unwrap();
    assert_eq!((line, column), (3, at + 1), "{e}");
    assert!(message.contains("has 90 parts"), "{e}");
    // Fewer parts, and nesting by brackets, are the reader's to locate.
    let nested = format!("x = {}1{}\n", "[".repeat(100), "]".repeat(100));
    assert!(located(&err(&nested)).3.contains("nested too deeply"));
    // A long dotted key in the file, each part short enough.
    let long = format!("[document]\n{} = 1\n", vec!["k".repeat(100); 7].join("."));
    let e = err(&long);
    let (line, _, _, message) = located(&e);
    assert_eq!(line, 2, "{e}");
    assert!(message.contains("a key may hold at most 600"), "{e}");
    assert!(e.to_string().len() < 300, "{e}");
    // A change: its key is refused as it is read.
    let key = vec!["sos"; 20_000].join(".");
    let e = format!("{key}=1").parse::<Set>().unwrap_err().to_string();
    assert!(e.contains("at most 80"), "{e}");
    // A change whose key and value together nest too deeply.
    let key = vec!["m"; 70].join(".");
    let value = format!("{}1{}", "[".repeat(20), "]".repeat(20));
    let refused =
        |set: String| Spec::parse_with_sets("t.toml", SETS_SPEC, None, &sets(&[&set])).unwrap_err();
    let e = refused(format!("page.{key}={value}"));
    assert!(e.to_string().contains("levels deep; at most 80"), "{e}");
    // A value nested past the reader's own limit is refused, never followed.
    for (open, close) in [("[", "]"), ("{a=", "}")] {
        let value = format!("{}1{}", open.repeat(20_000), close.repeat(20_000));
        let e = refused(format!("sos.size={value}"));
        assert!(e.to_string().len() < 600, "{e}");
    }
}

#[test]
fn a_key_written_twice_is_named_with_both_lines() {
    let e = err("[page]\nsize = \"A4\"\n\n[document]\ntitle = \"x\"\n\n[page]\n");
    let (line, _, key, message) = located(&e);
    assert_eq!((line, key.as_deref()), (7, Some("page")), "{e}");
    assert!(
        message.contains("`page` is written twice: on line 1 and here"),
        "{e}"
    );
    let e = err("[page]\nsize = \"A4\"\nmargins = 3\nsize = \"A5\"\n");
    let (line, _, key, message) = located(&e);
    assert_eq!((line, key.as_deref()), (4, Some("page.size")), "{e}");
    assert!(message.contains("on line 2 and here"), "{e}");
    let e = err("[[text]]\ntext = \"a\"\n[[text]]\ntext = \"b\"\ntext = \"c\"\n");
    let (line, _, _, message) = located(&e);
    assert_eq!(line, 5, "{e}");
    assert!(
        message.contains("`text.text` is written twice: on line 4 and here"),
        "{e}"
    );
}

/// The reference lists every part kind once, so a kind added to the list
/// of kinds cannot be missing from docs/spec.md and the web form.
#[test]
fn the_reference_holds_every_part_kind_once() {
    let tables: Vec<&str> = super::reference()
        .iter()
        .filter(|t| t.array)
        .map(|t| t.table)
        .collect();
    let mut listed = tables.clone();
    listed.sort_unstable();
    listed.dedup();
    assert_eq!(listed.len(), tables.len(), "{tables:?}");
    let mut kinds = crate::parts::KINDS.to_vec();
    kinds.sort_unstable();
    assert_eq!(listed, kinds);
}

/// A template is declared with its game, which its boards agree with; the
/// sheet a game of the family is drawn on is tested beside the reader,
/// which takes it for its game and ruleset.
#[test]
fn templates_are_of_their_games_and_rulesets() {
    for &t in Template::ALL {
        let spec = Spec::template(t, &[]).unwrap();
        if let Some(boards) = spec.game() {
            assert_eq!(boards, t.game(), "{}", t.name());
        }
    }
}

#[test]
fn a_spec_error_is_one_diagnostic_with_its_key_and_place() {
    use crate::source::Diagnostic;
    let d = Diagnostic::from(&err("[page]\nsize = \"B5\"\n"));
    assert_eq!(d.code.as_deref(), Some("paperboard::spec::invalid"));
    assert_eq!(d.origin.as_deref(), Some("t.toml"));
    assert_eq!(d.at, Some(Position { line: 2, col: 8 }));
    assert_eq!(d.key.as_deref(), Some("page.size"));
    assert!(
        d.reason.contains("\"B5\"") && !d.reason.contains("t.toml"),
        "{d:?}"
    );
    assert!(d.line().starts_with("t.toml:2:8: "), "{}", d.line());
    // A `--set` that cannot be applied: the key it names, and no place.
    let set: Set = "page.size=B5".parse().unwrap();
    let e = Spec::parse_with_sets("t.toml", "", None, &[set]).unwrap_err();
    let d = Diagnostic::from(&e);
    assert_eq!((d.key.as_deref(), d.at), (Some("page.size"), None), "{d:?}");
    assert_eq!(d.code.as_deref(), Some("paperboard::spec::set"));
    assert_eq!(d.hints.len(), 1);
}

/// The ruleset a sheet is for is worked out once: the words that name it
/// (`{ruleset}`) say the ruleset of the game the sheet is read as, the
/// first field's, also when a later field is printed for another.
#[test]
fn the_words_name_the_ruleset_of_the_sheets_game() {
    let text = "[document]\ntitle = \"{ruleset}\"\n\
                [[strategic-field]]\nrow-numbers = \"map67\"\n\
                [[strategic-field]]\nid = \"second\"\ncell-numbers = \"hmap2\"\n";
    let spec = Spec::parse("t.toml", text, None).unwrap();
    let setup = spec.setup().expect("a Strategic sheet");
    let ruleset = setup.ruleset().expect("a ruleset");
    assert_eq!(ruleset.kind(), crate::games::RulesetKind::Functional);
    assert_eq!(setup.map().map(|m| m.tag.as_str()), Some("map67"));
    assert_eq!(spec.title(), "functional ruleset");
}

/// The checks that word their own refusal (a tracking grid's gap, a
/// continuous record's digits and moves a row, a text colour too light,
/// a lower size above its upper one, a rule's word) are said in the
/// page's language, from the catalogues: no English word of them is left
/// but the keys and values the spec writes, and the English is as before.
#[test]
fn a_check_of_its_own_is_said_in_german_russian_or_thai() {
    use crate::language::Language;
    use paperboard_games::internals::english_left;
    let cases = [
        ("[[tracking-grid]]\ngap = 30\n", "got 30"),
        ("[[tracking-grid]]\ngap = \"wide\"\n", "got \"wide\""),
        (
            "[[continuous-record]]\ndigits = 1\n",
            "or 2 (Ultimate: board, square), got 1",
        ),
        (
            "[[continuous-record]]\nmoves-per-row = 7\n",
            "or \"fit\", got 7",
        ),
        (
            "[[text]]\ntext = \"a\"\ncolor = \"#cccccc\"\n",
            "(20 % black)",
        ),
        (
            "[rules]\ndecided = \"shut\"\n",
            "`decided` must be \"open\", \"free\" or \"closed\", got \"shut\"",
        ),
        (
            "[[strategic-field]]\ncell = \"fit\"\nmax-cell = 5\nmin-cell = 6\n",
            "`min-cell` (6 mm) is larger than `max-cell` (5 mm) of the same part",
        ),
    ];
    // Names that stay as written in every language.
    let kept = ["ultimate", "mm"];
    for (text, english) in cases {
        let e = err(text);
        let said = e.says(Language::En);
        assert!(said.contains(english), "{said}");
        for language in [Language::De, Language::Ru, Language::Th] {
            let own = e.says(language);
            let refused = paperboard_games::messages::say(language, "spec-refused", &[]);
            assert_ne!(own, refused, "{text}");
            let left = english_left(&said, &own, language, &kept);
            assert!(left.is_empty(), "{language}: {left:?} in `{own}`");
        }
    }
}

/// A value's own check refuses it with a typed fault, and that fault, not
/// its English read back, comes out of the reader: the same fault whatever
/// the language it is said in, each language worded from it.
#[test]
fn a_check_of_its_own_comes_out_as_its_typed_fault_in_every_language() {
    use crate::language::Language;
    use crate::source::fault::Fault;
    let cases = [
        (
            "[[tracking-grid]]\ngap = 30\n",
            Fault::Gap {
                written: "30".into(),
            },
        ),
        (
            "[[tracking-grid]]\ngap = \"wide\"\n",
            Fault::Gap {
                written: "\"wide\"".into(),
            },
        ),
        (
            "[[continuous-record]]\ndigits = 1\n",
            Fault::Digits {
                written: "1".into(),
            },
        ),
        (
            "[[continuous-record]]\nmoves-per-row = 7\n",
            Fault::MovesPerRow {
                written: "7".into(),
            },
        ),
        (
            "[[text]]\ntext = \"a\"\ncolor = \"#cccccc\"\n",
            Fault::TooLight {
                colour: "#cccccc".into(),
                black: "20".into(),
            },
        ),
        (
            "[rules]\ndecided = \"shut\"\n",
            Fault::choice("decided", "\"open\", \"free\" or \"closed\"", "shut"),
        ),
    ];
    for (text, want) in cases {
        let e = err(text);
        let SpecError::Invalid { message, .. } = &e else {
            panic!("{text}: {e:?}");
        };
        assert_eq!(**message, want, "{text}");
        for language in [Language::En, Language::De, Language::Ru, Language::Th] {
            assert_eq!(
                e.says(language),
                want.says(language),
                "{text} in {language}"
            );
        }
    }
}
