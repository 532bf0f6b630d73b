//! A spec's text with changes written into it: what "save my changes as a
//! spec file" gives, so a sheet changed with `--set`s (or a web form) can be
//! kept, edited by hand and read back.
//!
//! The changes are written where the keys stand: a value in the text is
//! replaced in place, a key the text leaves out is added under its table's
//! header, so the template's comments, order and layout stay as they were.
//! What cannot be written that way (a key of an inline table that does not
//! hold it yet, a table made only of dotted keys) falls back to the whole
//! document written out again without its comments. Either way the result is
//! checked to read as the very document the changes make.

use std::ops::Range;

use toml::de::{DeTable, DeValue};

use super::raw::RawSpec;
use super::{Set, Spec, SpecError, error::Locator};
use crate::files::SpecFolder;
use crate::source::tree::{Step, Tree};

/// The spec `text` with `sets` written into it. The changes are checked
/// first, with the errors `render --set` gives (map files resolve inside
/// `folder`; with `None`, built-in maps only).
pub fn edited_text(
    origin: &str,
    text: &str,
    folder: Option<SpecFolder<'_>>,
    sets: &[Set],
) -> Result<String, SpecError> {
    Spec::parse_with_sets(origin, text, folder, sets)?;
    if sets.is_empty() {
        return Ok(text.to_string());
    }
    let loc = Locator::new(origin, text);
    let tree = Tree::parse(text).map_err(|e| loc.toml(e, None))?;
    let as_written: RawSpec = tree.deserialize().map_err(|e| loc.toml(e, Some(&tree)))?;
    // Every target is found in the spec as written, as `parse_with` finds it.
    let mut targets = Vec::with_capacity(sets.len());
    for set in sets {
        let target = set
            .target(&as_written)
            .map_err(|m| loc.set_error(&set.to_string(), m.to_string()))?;
        targets.push((target, value_text(set.value_text())));
    }
    let wanted = changed_document(&tree, &targets);
    let mut edited = text.to_string();
    for ((steps, key), value) in &targets {
        match edit_one(&edited, steps, key, value) {
            Some(next) => edited = next,
            None => return Ok(rewritten(&wanted)),
        }
    }
    let same = toml::from_str::<toml::Table>(&edited).ok() == wanted;
    Ok(if same { edited } else { rewritten(&wanted) })
}

/// A change's value as TOML: the value as given when it is one, else the
/// text as a string (as the spec reads it, see [`Set`]).
fn value_text(given: &str) -> String {
    match given.parse::<toml::Value>() {
        Ok(v) => v.to_string(),
        Err(_) => toml::Value::String(given.to_string()).to_string(),
    }
}

/// The document the changes make, as plain TOML values.
fn changed_document(
    tree: &Tree<'_>,
    targets: &[((Vec<Step>, String), String)],
) -> Option<toml::Table> {
    let mut tree = tree.clone();
    for ((steps, key), value) in targets {
        let value = crate::source::tree::value(value, 0);
        tree.set(steps, key, value).ok()?;
    }
    tree.deserialize().ok()
}

/// The whole document written out again (comments are lost).
fn rewritten(wanted: &Option<toml::Table>) -> String {
    let body = wanted
        .as_ref()
        .and_then(|t| toml::to_string(t).ok())
        .unwrap_or_default();
    format!("# A paperboard sheet spec (every key is described in docs/spec.md).\n\n{body}")
}

/// `text` with `key` in the table `steps` lead to set to `value`, or `None`
/// where that cannot be written in place.
fn edit_one(text: &str, steps: &[Step], key: &str, value: &str) -> Option<String> {
    let tree = Tree::parse(text).ok()?;
    let mut table: &DeTable<'_> = tree.root();
    // Where the table's own lines start: after its header.
    let mut header: Option<Range<usize>> = None;
    let mut missing: Vec<&str> = Vec::new();
    for step in steps {
        if !missing.is_empty() {
            let Step::Key(name) = step else { return None };
            missing.push(name);
            continue;
        }
        match step {
            Step::Key(name) => match table.get(name.as_str()) {
                Some(v) => {
                    let DeValue::Table(t) = v.get_ref() else {
                        return None;
                    };
                    let span = v.span();
                    let written = text.get(span.clone())?;
                    if written.starts_with('{') {
                        // An inline table: its keys are written inside it.
                        return inline_edit(text, span, t, &[key], value);
                    }
                    if !written.starts_with('[') {
                        return None;
                    }
                    header = Some(span);
                    table = t;
                }
                None => missing.push(name),
            },
            Step::Item(name, i) => {
                let DeValue::Array(items) = table.get(name.as_str())?.get_ref() else {
                    return None;
                };
                let item = items.get(*i)?;
                let DeValue::Table(t) = item.get_ref() else {
                    return None;
                };
                header = Some(item.span());
                table = t;
            }
        }
    }
    if missing.is_empty()
        && let Some(v) = table.get(key)
    {
        let mut out = text.to_string();
        out.replace_range(v.span(), value);
        return Some(out);
    }
    let dotted: Vec<&str> = missing.iter().copied().chain([key]).collect();
    let line = format!("{} = {value}", dotted.join("."));
    match header {
        Some(h) => Some(insert_after_line(text, h.end, &line)),
        // A top-level table the text does not have: a new one at the end.
        None => {
            let (first, rest) = dotted.split_first()?;
            if rest.is_empty() {
                return None;
            }
            let sep = if text.ends_with('\n') || text.is_empty() {
                ""
            } else {
                "\n"
            };
            Some(format!(
                "{text}{sep}\n[{first}]\n{} = {value}\n",
                rest.join(".")
            ))
        }
    }
}

/// An inline table (`margins = { top = 8 }`) written again with the key set,
/// keeping the text of its other entries.
fn inline_edit(
    text: &str,
    span: Range<usize>,
    table: &DeTable<'_>,
    path: &[&str],
    value: &str,
) -> Option<String> {
    let [key] = path else { return None };
    let mut entries: Vec<(usize, String)> = Vec::new();
    let mut found = false;
    for (k, v) in table.iter() {
        let name = text.get(k.span())?;
        let written = if k.get_ref() == key {
            found = true;
            value.to_string()
        } else {
            text.get(v.span())?.to_string()
        };
        entries.push((k.span().start, format!("{name} = {written}")));
    }
    entries.sort_by_key(|(at, _)| *at);
    let mut list: Vec<String> = entries.into_iter().map(|(_, e)| e).collect();
    if !found {
        list.push(format!("{key} = {value}"));
    }
    let mut out = text.to_string();
    out.replace_range(span, &format!("{{ {} }}", list.join(", ")));
    Some(out)
}

/// `text` with `line` on a line of its own after the line holding `at`.
fn insert_after_line(text: &str, at: usize, line: &str) -> String {
    let end = text
        .get(at..)
        .and_then(|rest| rest.find('\n'))
        .map_or(text.len(), |i| at + i);
    let mut out = text.to_string();
    if end == text.len() {
        out.push('\n');
        out.push_str(line);
        out.push('\n');
    } else {
        out.insert_str(end + 1, &format!("{line}\n"));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::spec::Template;

    fn sets(list: &[&str]) -> Vec<Set> {
        list.iter().map(|s| s.parse().unwrap()).collect()
    }

    fn pdf(spec: &super::super::Spec) -> Vec<u8> {
        let sheet = crate::layout(spec).unwrap();
        crate::render(sheet.document(), crate::Format::Pdf)
            .unwrap()
            .remove(0)
    }

    #[test]
    fn values_are_replaced_in_place_and_comments_stay() {
        let t = Template::Sos;
        let changes = sets(&["sos.size=5x5", "sos.players=3", "page.size=A5"]);
        let out = edited_text("sos.toml", t.text(), None, &changes).unwrap();
        assert!(out.contains("size = \"5x5\""), "{out}");
        assert!(out.contains("players = 3"), "{out}");
        assert!(out.contains("size = \"A5\""), "{out}");
        // The template's comments are kept, and nothing else changed.
        assert!(out.starts_with("# The SOS game sheet"), "{out}");
        assert_eq!(out.lines().count(), t.text().lines().count());
    }

    #[test]
    fn missing_keys_go_under_their_header_and_inline_tables_grow() {
        let text = "[page]\nmargins = { top = 8 }\n\n[[sos-board]]\nid = \"sos\"\n";
        let changes = sets(&[
            "sos.cell=7",
            "page.margins.left=12",
            "page.orientation=landscape",
            "document.title=Class 5b",
        ]);
        let out = edited_text("x.toml", text, None, &changes).unwrap();
        assert!(out.contains("[[sos-board]]\ncell = 7\n"), "{out}");
        assert!(out.contains("margins = { top = 8, left = 12 }"), "{out}");
        assert!(
            out.contains("[page]\norientation = \"landscape\"\n"),
            "{out}"
        );
        assert!(out.contains("[document]\ntitle = \"Class 5b\"\n"), "{out}");
    }

    #[test]
    fn the_edited_text_reads_as_the_spec_the_changes_make() {
        let cases: &[(Template, &[&str])] = &[
            (
                Template::StrategicFunctional,
                &[
                    "page.size=A3",
                    "field.row-numbers=map67",
                    "records.row-height=5",
                    "names.fields=[\"Ann\", \"Ben\"]",
                ],
            ),
            (
                Template::Sos,
                &[
                    "sos.size=10x10",
                    "sos.players=[\"A b\", \"C\"]",
                    "sos.min-cell=5",
                ],
            ),
            (
                Template::Ultimate,
                &["page.orientation=landscape", "ultimate.labels=false"],
            ),
            (
                Template::TicTacToe,
                &["boards.boards=4", "page.margins.top=20"],
            ),
        ];
        for (t, list) in cases {
            let changes = sets(list);
            let out = edited_text("t.toml", t.text(), None, &changes).unwrap();
            let direct = Spec::template(*t, &changes).unwrap();
            let reread = Spec::parse("t.toml", &out, None).unwrap();
            assert!(out.starts_with(&t.text()[..40]), "rewritten: {out}");
            assert_eq!(pdf(&direct), pdf(&reread), "{}: {list:?}\n{out}", t.name());
        }
    }

    #[test]
    fn what_cannot_be_written_in_place_is_written_out_again() {
        // `page` made of dotted keys has no header to write under.
        let text = "# mine\npage.size = \"A4\"\n\n[[text]]\ntext = \"Hi\"\n";
        let out =
            edited_text("x.toml", text, None, &sets(&["page.orientation=landscape"])).unwrap();
        assert!(!out.contains("# mine"), "{out}");
        let spec = Spec::parse("x.toml", &out, None).unwrap();
        assert_eq!(spec.page().orientation, crate::spec::Orientation::Landscape);
        assert_eq!(spec.parts(), vec![("text", "text".to_string())]);
    }

    #[test]
    fn a_bad_change_is_the_error_render_gives() {
        let err = edited_text(
            "sos.toml",
            Template::Sos.text(),
            None,
            &sets(&["sos.size=99x99"]),
        )
        .unwrap_err();
        assert!(
            matches!(err, SpecError::Override { .. } | SpecError::Invalid { .. }),
            "{err:?}"
        );
        assert!(err.to_string().contains("size"), "{err}");
    }

    use super::super::Spec;
}
