//! Every key of a spec, a handout spec and a map file, given values of the
//! wrong type and out of range, written in the file and with `--set`: the
//! message names the key and where it is written (`file:line:column`, or the
//! `--set`), and never holds a Rust or serde word ("struct", "u32",
//! "invalid type", "untagged", …). The keys are the ones the reader accepts,
//! each of which docs/spec.md and docs/handout.md must document.

use crate::common::diagnostic::full;
use paperboard_games::maps::parse_map_file;
use paperboard_games::source::Diagnostic;
use paperboard_sheets::handout;
use paperboard_sheets::spec::{Set, Spec, SpecError};

/// Words a message to a user never holds.
const RUST_WORDS: &[&str] = &[
    "struct",
    "enum",
    "variant",
    "u8",
    "u16",
    "u32",
    "u64",
    "i32",
    "i64",
    "f32",
    "f64",
    "usize",
    "invalid type",
    "invalid value",
    "untagged",
    "sequence",
    "Spanned",
    "1000000000",
];

/// Values of every wrong kind, and numbers out of every range.
const WRONG: &[&str] = &[
    "true",
    "\"zz\"",
    "1e7",
    "-1",
    "0.5",
    "[1, 2, 3]",
    "{ a = 1 }",
    "nan",
    "1979-05-27",
    "[]",
    "[\"a\", \"b\", \"c\", \"d\", \"e\", \"f\", \"g\", \"h\", \"i\"]",
];

fn assert_in_words(context: &str, text: &str) {
    for word in RUST_WORDS {
        assert!(
            !text.contains(word),
            "{context}: the message holds `{word}`:\n{text}"
        );
    }
}

/// The keys a table accepts, as the reader lists them for an unknown key.
fn accepted_keys(base: &str, header: &str, parse: impl Fn(&str) -> Option<String>) -> Vec<String> {
    let message = parse(&format!("{base}{header}\nnot-a-key = 1\n"))
        .unwrap_or_else(|| panic!("{header}: an unknown key was accepted"));
    let list = message
        .split_once("accepted keys: ")
        .unwrap_or_else(|| panic!("{header}: {message}"))
        .1;
    list.split('`')
        .skip(1)
        .step_by(2)
        .map(str::to_string)
        .collect()
}

fn spec_error(text: &str) -> Option<String> {
    Spec::parse("probe.toml", text, None)
        .err()
        .map(|e| Diagnostic::of(&e).line())
}

/// The spec tables, each with what the probe spec needs before it.
const SPEC_TABLES: &[&str] = &[
    "[document]",
    "[page]",
    "[page.margins]",
    "[rules]",
    "[layout]",
    "[[box]]",
    "[[strategic-field]]",
    "[[record-tables]]",
    "[[tracking-grid]]",
    "[[text]]",
    "[[write-in]]",
    "[[footer]]",
    "[[continuous-record]]",
    "[[sos-board]]",
    "[[ultimate-field]]",
    "[[ttt-boards]]",
];

fn table_name(header: &str) -> &str {
    header.trim_matches(['[', ']'])
}

fn docs(name: &str) -> String {
    std::fs::read_to_string(format!("{}/docs/{name}", env!("CARGO_MANIFEST_DIR"))).unwrap()
}

#[test]
fn every_accepted_key_is_documented() {
    let spec_docs = docs("spec.md");
    for header in SPEC_TABLES {
        for key in accepted_keys("", header, spec_error) {
            let documented = spec_docs.contains(&format!("| `{key}` |"))
                || (*header == "[page.margins]" && spec_docs.contains(&format!("`{key}`")));
            assert!(documented, "{header} key `{key}` is not in docs/spec.md");
        }
    }
    let handout_docs = docs("handout.md");
    let base = "[handout]\ngame = \"sos\"\n";
    for header in ["[handout]", "[worksheet]", "[rules]"] {
        let (prefix, header) = if header == "[handout]" {
            ("", base)
        } else {
            (base, header)
        };
        for key in accepted_keys(prefix, header, handout_error) {
            assert!(
                handout_docs.contains(&format!("| `{key}` |")),
                "{header} key `{key}` is not in docs/handout.md"
            );
        }
    }
}

#[test]
fn every_spec_key_refuses_wrong_values_in_words() {
    let mut refused = 0;
    for header in SPEC_TABLES {
        let keys = accepted_keys("", header, spec_error);
        assert!(keys.len() >= 2, "{header}: {keys:?}");
        let name = table_name(header);
        for key in &keys {
            for value in WRONG {
                let text = format!("{header}\n{key} = {value}\n");
                let Err(e) = Spec::parse("probe.toml", &text, None) else {
                    continue;
                };
                refused += 1;
                let line = Diagnostic::of(&e).line();
                let context = format!("{header} {key} = {value}");
                assert_in_words(&context, &full(&Diagnostic::of(&e)));
                assert!(
                    line.starts_with("probe.toml:2:") || line.starts_with("probe.toml:1:"),
                    "{context}: not located: {line}"
                );
                let dotted = format!("{name}.{key}");
                if let SpecError::Invalid { .. } = e
                    && !line.contains("nested")
                    && !line.contains("is not on the page")
                    && !line.contains("no part or box has id")
                    && !line.contains("needs an `id`")
                    && !line.contains("root `[layout]`")
                {
                    assert!(
                        line.contains(&dotted),
                        "{context}: the key is not named: {line}"
                    );
                }
            }
        }
    }
    assert!(refused > 300, "only {refused} values were refused");
}

#[test]
fn every_spec_key_refuses_wrong_values_given_with_set() {
    // One part of every kind, each the only one of its kind.
    let base = "[[strategic-field]]\n[[record-tables]]\n[[tracking-grid]]\n[[text]]\n[[write-in]]\n[[sos-board]]\n[[ultimate-field]]\n[[ttt-boards]]\n";
    let mut refused = 0;
    for header in SPEC_TABLES {
        let name = table_name(header);
        if name == "box" {
            continue;
        }
        for key in accepted_keys("", header, spec_error) {
            for value in WRONG {
                let set: Set = format!("{name}.{key}={value}").parse().unwrap();
                let dir = tempfile::tempdir().unwrap();
                let Err(e) = paperboard_sheets::spec::Spec::parse("base.toml", base, None)
                    .and_then(|_| parse_with_set(dir.path(), base, set))
                else {
                    continue;
                };
                refused += 1;
                // The message after the file's name, with the test's own
                // folder (a random name, which once read `.tmpu8…` and so held
                // a Rust word) taken out wherever a map's path names it.
                let text =
                    full(&Diagnostic::of(&e)).replace(&*dir.path().to_string_lossy(), "FOLDER");
                let text = text.split_once("base.toml").map_or(&*text, |(_, t)| t);
                let context = format!("--set {name}.{key}={value}");
                assert_in_words(&context, text);
                assert!(text.contains("--set"), "{text}");
                assert!(
                    text.contains(&format!("{name}.{key}"))
                        || text.contains("nested")
                        || text.contains("map `"),
                    "{context}: the key is not named: {text}"
                );
            }
        }
    }
    assert!(refused > 300, "only {refused} values were refused");
}

fn parse_with_set(dir: &std::path::Path, base: &str, set: Set) -> Result<Spec, SpecError> {
    let path = dir.join("base.toml");
    std::fs::write(&path, base).unwrap();
    Spec::load(path.to_str().unwrap(), &[set], &crate::common::TestFiles)
}

fn handout_error(text: &str) -> Option<String> {
    handout::spec::parse("probe.toml", text)
        .err()
        .map(|e| Diagnostic::of(&e).line())
}

#[test]
fn every_handout_key_refuses_wrong_values_in_words() {
    let base = "[handout]\ngame = \"strategic\"\n";
    let mut refused = 0;
    for header in ["[handout]", "[page]", "[worksheet]", "[rules]"] {
        let (prefix, header_text) = if header == "[handout]" {
            ("", base.to_string())
        } else {
            (base, header.to_string())
        };
        let keys = accepted_keys(prefix, &header_text, handout_error);
        assert!(keys.len() >= 2, "{header}: {keys:?}");
        let name = table_name(header);
        for key in &keys {
            for value in WRONG {
                let text = format!("{prefix}{header_text}\n{key} = {value}\n");
                let Err(e) = handout::spec::parse("probe.toml", &text) else {
                    continue;
                };
                refused += 1;
                let line = Diagnostic::of(&e).line();
                let context = format!("{header} {key} = {value}");
                assert_in_words(&context, &full(&Diagnostic::of(&e)));
                assert!(line.starts_with("probe.toml:"), "{context}: {line}");
                // `game` twice is a TOML error of its own.
                if key != "game" {
                    assert!(
                        line.contains(&format!("{name}.{key}")),
                        "{context}: the key is not named: {line}"
                    );
                }
            }
        }
    }
    assert!(refused > 100, "only {refused} values were refused");
}

#[test]
fn copies_is_refused_as_the_issue_words_it() {
    let e =
        handout::spec::parse("h.toml", "[handout]\ngame = \"sos\"\ncopies = 1e7\n").unwrap_err();
    assert_eq!(
        Diagnostic::of(&e).line(),
        "h.toml:3:10: `handout.copies` must be a whole number from 0 to 500, not 1e7"
    );
}

#[test]
fn every_map_file_key_refuses_wrong_values_in_words() {
    let mut refused = 0;
    for key in ["kind", "name", "columns", "cells"] {
        for value in WRONG {
            let text = format!("{key} = {value}\n");
            let Err(e) = parse_map_file("m.toml", &text) else {
                continue;
            };
            refused += 1;
            let line = Diagnostic::of(&e).line();
            assert_in_words(&format!("{key} = {value}"), &full(&Diagnostic::of(&e)));
            assert!(line.starts_with("m.toml:1:"), "{key} = {value}: {line}");
        }
    }
    for (text, want) in [
        ("colums = 1\n", "m.toml:1:1: unknown table or key `colums`"),
        (
            "columns = [[1], [1], [1]]\n",
            "m.toml:1:12: `columns[0]` must be a list of 9 entries, not of 1",
        ),
        (
            "columns = [[1, 2, 3, 4, 5, 6, 7, 8, 10], [1, 2, 3, 4, 5, 6, 7, 8, 9], [1, 2, 3, 4, 5, 6, 7, 8, 9]]\n",
            "m.toml:1:37: `columns[0][8]` must be a strategic cell from 1 to 9, not 10",
        ),
    ] {
        let e = parse_map_file("m.toml", text).unwrap_err();
        assert!(
            Diagnostic::of(&e).line().starts_with(want),
            "{}",
            Diagnostic::of(&e).line()
        );
    }
    assert!(refused > 20, "only {refused} values were refused");
}

/// A `--set` of a table quotes the value the reader refuses, not the whole
/// table: "not 150", as the same table written in a file says.
#[test]
fn a_set_of_a_table_quotes_the_refused_value_only() {
    let base = "[page]\nsize = \"A4\"\n";
    let set: Set = "page.margins={top=10, right=10, bottom=150, left=10}"
        .parse()
        .unwrap();
    let dir = tempfile::tempdir().unwrap();
    let message = Diagnostic::of(&parse_with_set(dir.path(), base, set).unwrap_err()).line();
    assert!(
        message.contains("`page.margins.bottom` must be a number of mm from 0 to 60, not 150"),
        "{message}"
    );
    let whole: Set = "page.margins=5".parse().unwrap();
    let message = Diagnostic::of(&parse_with_set(dir.path(), base, whole).unwrap_err()).line();
    assert!(message.contains("must be a table, not 5"), "{message}");
}
