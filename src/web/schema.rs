//! The form's schema: every key of every spec table, with the control that
//! edits it, read from the spec language's own reference, docs/spec.md.
//!
//! The reference documents every key the spec reader accepts (a test holds
//! the two together, `tests/spec_docs.rs`, and another here checks each
//! documented range against the reader), so reading the form from it means
//! a new option — a key added to a part and documented — appears on the page
//! with its range, default and meaning, with no new page code.
//!
//! Each table row `| key | type | default | meaning |` gives a [`Control`]
//! from its type: a list of quoted words is a choice, `mm 2..20, or "fit"` a
//! number with a "fit" switch, `bool` a checkbox, … A type the page has no
//! control for becomes a field taking a TOML value, so nothing is lost.

use serde::Serialize;

/// The reference the schema is read from.
const SPEC_DOCS: &str = include_str!("../../docs/spec.md");

/// Tables that arrange parts rather than describe them: not on the form.
const ARRANGEMENT: [&str; 2] = ["layout", "box"];

/// Keys that name or pin a part rather than describe it: not on the form.
const NOT_OPTIONS: [&str; 3] = ["id", "at", "items"];

/// The schema of every table.
#[derive(Debug, Clone, Serialize)]
pub struct Schema {
    /// The tables, in the reference's order.
    pub tables: Vec<TableSchema>,
}

/// One table: `[page]`, or a part kind's `[[sos-board]]`.
#[derive(Debug, Clone, Serialize)]
pub struct TableSchema {
    /// Its name: `page`, `sos-board`.
    pub table: String,
    /// An array of tables (a part kind) rather than one table.
    pub array: bool,
    /// Whether the form shows it.
    pub form: bool,
    /// Its keys.
    pub keys: Vec<KeySchema>,
}

/// One key.
#[derive(Debug, Clone, Serialize)]
pub struct KeySchema {
    /// The key as the spec writes it.
    pub key: String,
    /// How the page edits it.
    pub control: Control,
    /// The default, as the reference words it.
    pub default: String,
    /// What it means, as the reference words it.
    pub meaning: String,
    /// Whether the form shows it.
    pub form: bool,
}

/// How a key is edited.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub enum Control {
    /// One of these words.
    Choice {
        /// The words.
        choices: Vec<String>,
    },
    /// On or off.
    Bool,
    /// Any text.
    Text,
    /// `#rrggbb`.
    Color,
    /// A number in a range, maybe whole, maybe also `"fit"`.
    Number {
        /// Least value.
        min: f64,
        /// Greatest value.
        max: f64,
        /// `mm` or empty.
        unit: String,
        /// Whole numbers only.
        whole: bool,
        /// `"fit"` is also allowed.
        fit: bool,
    },
    /// A list of texts.
    List {
        /// Fewest entries.
        min: usize,
        /// Most entries, if bounded.
        max: Option<usize>,
    },
    /// `"WxH"` or one number, each side in a range.
    BoardSize {
        /// Least side.
        min: u32,
        /// Greatest side.
        max: u32,
    },
    /// A number of players, or their names.
    Players {
        /// Fewest.
        min: u32,
        /// Most.
        max: u32,
    },
    /// A built-in map of a kind.
    Map {
        /// `functional` or `hyperfunctional`.
        of: String,
    },
    /// A table of numbers (`margins`): its keys.
    Numbers {
        /// The keys.
        keys: Vec<String>,
        /// Least value.
        min: f64,
        /// Greatest value.
        max: f64,
        /// `mm` or empty.
        unit: String,
    },
    /// Anything else: a TOML value, as `--set` takes it.
    Toml,
}

/// The schema, read from the reference.
pub fn schema() -> Schema {
    parse(SPEC_DOCS)
}

/// Reads the schema from a spec reference's text.
fn parse(docs: &str) -> Schema {
    let mut tables: Vec<TableSchema> = Vec::new();
    let mut current: Option<usize> = None;
    for line in docs.lines() {
        if line.starts_with('#') {
            current = heading_table(line).map(|(table, array)| {
                tables.push(TableSchema {
                    form: !ARRANGEMENT.contains(&table.as_str()),
                    table,
                    array,
                    keys: Vec::new(),
                });
                tables.len() - 1
            });
            continue;
        }
        let Some(i) = current else { continue };
        let cells: Vec<&str> = line.split('|').map(str::trim).collect();
        // `| key | type | default | meaning |` splits into 6 cells.
        let [_, key, ty, default, meaning, _] = cells.as_slice() else {
            continue;
        };
        let Some(key) = key.strip_prefix('`').and_then(|k| k.strip_suffix('`')) else {
            continue;
        };
        tables[i].keys.push(KeySchema {
            key: key.to_string(),
            control: control(ty, meaning),
            default: unquote(default),
            meaning: unquote(meaning),
            form: !NOT_OPTIONS.contains(&key),
        });
    }
    tables.retain(|t| !t.keys.is_empty());
    Schema { tables }
}

/// The one table a heading is about: ``## `[page]` `` or
/// ``### `[[sos-board]]` ``; none for a heading naming several or none.
fn heading_table(line: &str) -> Option<(String, bool)> {
    let named: Vec<&str> = line
        .split('`')
        .skip(1)
        .step_by(2)
        .filter(|s| s.starts_with('['))
        .collect();
    let [one] = named.as_slice() else {
        return None;
    };
    let array = one.starts_with("[[");
    let name = one.trim_matches(|c| c == '[' || c == ']');
    Some((name.to_string(), array))
}

/// Backticks dropped: the page shows plain text.
fn unquote(text: &str) -> String {
    text.replace('`', "")
}

/// The control a documented type asks for.
fn control(ty: &str, meaning: &str) -> Control {
    let plain = unquote(ty);
    let words = quoted_words(&plain);
    if plain == "bool" {
        return Control::Bool;
    }
    if plain == "string" {
        return Control::Text;
    }
    if plain == "\"#rrggbb\"" {
        return Control::Color;
    }
    if plain == "map" {
        let of = if meaning.contains("hyperfunctional") {
            "hyperfunctional"
        } else {
            "functional"
        };
        return Control::Map { of: of.into() };
    }
    if plain.starts_with("\"WxH\"")
        && let Some((min, max)) = range(&plain)
    {
        return Control::BoardSize {
            min: min as u32,
            max: max as u32,
        };
    }
    if plain.contains("list of")
        && plain.contains("names")
        && let Some((min, max)) = range(&plain)
    {
        return Control::Players {
            min: min as u32,
            max: max as u32,
        };
    }
    if let Some(rest) = plain.strip_prefix("list of") {
        if rest.contains("ids") {
            return Control::Toml;
        }
        let bounds = range(rest);
        return Control::List {
            min: bounds.map_or(0, |(a, _)| a as usize),
            max: bounds.map(|(_, b)| b as usize),
        };
    }
    if plain == "table" {
        let keys: Vec<String> = meaning
            .split(" mm")
            .next()
            .unwrap_or("")
            .split('`')
            .skip(1)
            .step_by(2)
            .map(str::to_string)
            .collect();
        if let Some((min, max)) = range(meaning)
            && !keys.is_empty()
        {
            return Control::Numbers {
                keys,
                min,
                max,
                unit: "mm".into(),
            };
        }
        return Control::Toml;
    }
    if !words.is_empty() && plain.split(',').all(|w| w.trim().starts_with('"')) {
        return Control::Choice { choices: words };
    }
    let fit = words.iter().any(|w| w == "fit");
    let leading = plain.split('"').next().unwrap_or("");
    if let Some((min, max)) = range(leading) {
        return Control::Number {
            min,
            max,
            unit: if leading.starts_with("mm") {
                "mm".into()
            } else {
                String::new()
            },
            whole: leading.contains("whole"),
            fit,
        };
    }
    Control::Toml
}

/// The words written in double quotes.
fn quoted_words(text: &str) -> Vec<String> {
    text.split('"')
        .skip(1)
        .step_by(2)
        .map(str::to_string)
        .collect()
}

/// The first `A..B` range written in `text`.
fn range(text: &str) -> Option<(f64, f64)> {
    let at = text.find("..")?;
    let number = |c: char| c.is_ascii_digit() || c == '.';
    let before = &text[..at];
    let start = before
        .char_indices()
        .rev()
        .find(|(_, c)| !number(*c))
        .map_or(0, |(i, c)| i + c.len_utf8());
    let after = &text[at + 2..];
    let end = after.find(|c: char| !number(c)).unwrap_or(after.len());
    let min: f64 = before[start..].parse().ok()?;
    let max: f64 = after[..end].trim_end_matches('.').parse().ok()?;
    Some((min, max))
}

#[cfg(test)]
mod tests {
    use super::*;
    use paperboard_sheets::spec::{Spec, Template};

    fn key<'a>(s: &'a Schema, table: &str, key: &str) -> &'a KeySchema {
        s.tables
            .iter()
            .find(|t| t.table == table)
            .and_then(|t| t.keys.iter().find(|k| k.key == key))
            .unwrap_or_else(|| panic!("{table}.{key} missing"))
    }

    #[test]
    fn the_reference_gives_a_control_for_every_option() {
        let s = schema();
        assert_eq!(
            key(&s, "page", "size").control,
            Control::Choice {
                choices: vec!["A4".into(), "A5".into(), "A3".into(), "Letter".into()]
            }
        );
        assert_eq!(
            key(&s, "strategic-field", "cell").control,
            Control::Number {
                min: 2.0,
                max: 20.0,
                unit: "mm".into(),
                whole: false,
                fit: true
            }
        );
        assert_eq!(
            key(&s, "record-tables", "rows").control,
            Control::Number {
                min: 1.0,
                max: 500.0,
                unit: String::new(),
                whole: true,
                fit: true
            }
        );
        assert_eq!(
            key(&s, "sos-board", "size").control,
            Control::BoardSize { min: 3, max: 26 }
        );
        assert_eq!(
            key(&s, "sos-board", "players").control,
            Control::Players { min: 2, max: 8 }
        );
        assert_eq!(
            key(&s, "strategic-field", "cell-numbers").control,
            Control::Map {
                of: "hyperfunctional".into()
            }
        );
        assert_eq!(
            key(&s, "record-tables", "players").control,
            Control::List {
                min: 1,
                max: Some(8)
            }
        );
        assert!(matches!(
            key(&s, "page", "margins").control,
            Control::Numbers { ref keys, min, max, .. } if keys.len() == 4 && min == 0.0 && max == 60.0
        ));
        assert_eq!(key(&s, "text", "color").control, Control::Color);
        assert!(!key(&s, "sos-board", "id").form);
        assert!(s.tables.iter().all(|t| t.table != "box" || !t.form));
        // Every option shown has a real control, not the TOML fallback.
        for t in s.tables.iter().filter(|t| t.form) {
            for k in t.keys.iter().filter(|k| k.form) {
                assert_ne!(k.control, Control::Toml, "{}.{}", t.table, k.key);
            }
        }
    }

    /// A spec with one table holding `key = value`.
    fn probe(table: &TableSchema, key: &str, value: &str) -> Result<Spec, String> {
        let header = if table.array {
            format!("[[{}]]", table.table)
        } else {
            format!("[{}]", table.table)
        };
        let text = format!("{header}\n{key} = {value}\n");
        Spec::parse("probe.toml", &text, None).map_err(|e| e.to_string())
    }

    #[test]
    fn every_documented_range_is_the_readers() {
        let s = schema();
        let mut checked = 0;
        for t in &s.tables {
            for k in &t.keys {
                let Control::Number {
                    min, max, whole, ..
                } = k.control
                else {
                    continue;
                };
                let step = if whole { 1.0 } else { 0.01 };
                for ok in [min, max] {
                    let v = if whole {
                        format!("{ok}")
                    } else {
                        format!("{ok:.2}")
                    };
                    probe(t, &k.key, &v)
                        .unwrap_or_else(|e| panic!("{}.{} = {v} refused: {e}", t.table, k.key));
                }
                for bad in [min - step, max + step] {
                    let v = if whole {
                        format!("{bad}")
                    } else {
                        format!("{bad:.2}")
                    };
                    let e = probe(t, &k.key, &v).err().unwrap_or_else(|| {
                        panic!(
                            "{}.{} = {v} accepted, docs say {min}..{max}",
                            t.table, k.key
                        )
                    });
                    assert!(e.contains(&k.key) || e.contains("between"), "{e}");
                }
                checked += 1;
            }
        }
        assert!(checked > 30, "{checked}");
    }

    #[test]
    fn every_template_names_only_documented_tables() {
        let s = schema();
        for t in Template::ALL {
            let spec = Spec::template(*t, &[]).unwrap();
            for (kind, _) in spec.parts() {
                assert!(
                    s.tables
                        .iter()
                        .any(|table| table.table == kind && table.form),
                    "{}: {kind}",
                    t.name()
                );
            }
        }
    }
}
