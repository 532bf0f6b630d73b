//! The form's schema: every key of every spec table, with the control that
//! edits it, from the spec reader's own declaration of its keys
//! (`paperboard_sheets::spec::keys`), the same declaration that reads the
//! key and writes its row of docs/spec.md. A new option — a key declared in
//! a part — so appears on the page with its range, default and meaning,
//! with no new page code.
//!
//! Each key's shape gives a [`Control`]: words are a choice, a number of mm
//! that may be `"fit"` a number with a "fit" switch, `bool` a checkbox, …
//! A shape the page has no control for (a pin, a list of ids) becomes a
//! field taking a TOML value, so nothing is lost.

use paperboard_sheets::keys::KeyShape;
use paperboard_sheets::spec::reference;
use serde::Serialize;

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

/// The schema: the spec reader's own declaration of every key.
pub fn schema() -> Schema {
    let tables = reference()
        .into_iter()
        .map(|t| TableSchema {
            table: t.table.to_string(),
            array: t.array,
            form: true,
            keys: t
                .keys
                .into_iter()
                .map(|k| KeySchema {
                    key: k.key.to_string(),
                    form: !NOT_OPTIONS.contains(&k.key),
                    control: control(&k.shape),
                    default: unquote(&k.default),
                    meaning: unquote(k.meaning),
                })
                .collect(),
        })
        .collect();
    Schema { tables }
}

/// Backticks dropped: the page shows plain text.
fn unquote(text: &str) -> String {
    text.replace('`', "")
}

/// The control that edits a value of this shape.
fn control(shape: &KeyShape) -> Control {
    match shape {
        KeyShape::Number {
            min,
            max,
            unit,
            whole,
            fit,
        } => Control::Number {
            min: *min,
            max: *max,
            unit: unit.to_string(),
            whole: *whole,
            fit: *fit,
        },
        KeyShape::Bool => Control::Bool,
        KeyShape::Text => Control::Text,
        KeyShape::Color { .. } => Control::Color,
        KeyShape::Choice(words) => Control::Choice {
            choices: words.iter().map(|w| w.to_string()).collect(),
        },
        KeyShape::List { max } => Control::List {
            min: usize::from(max.is_some()),
            max: *max,
        },
        KeyShape::Map(of) => Control::Map { of: of.to_string() },
        KeyShape::BoardSize { min, max } => Control::BoardSize {
            min: *min,
            max: *max,
        },
        KeyShape::Players { min, max } => Control::Players {
            min: *min,
            max: *max,
        },
        KeyShape::Numbers { keys, min, max } => Control::Numbers {
            keys: keys.iter().map(|k| k.to_string()).collect(),
            min: *min,
            max: *max,
            unit: "mm".into(),
        },
        // The form offers the number; "cell" is written as TOML.
        KeyShape::NumberOrCell { min, max } => Control::Number {
            min: *min,
            max: *max,
            unit: "mm".into(),
            whole: false,
            fit: false,
        },
        KeyShape::Id | KeyShape::Described(_) => Control::Text,
        // A pin, a list of ids: written as TOML, as `--set` takes them.
        KeyShape::Pin | KeyShape::Ids => Control::Toml,
    }
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
