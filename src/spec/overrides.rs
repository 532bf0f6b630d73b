//! `--set KEY=VALUE`: changing any key of a spec from the command line.
//!
//! `KEY` is a dotted path whose first name is a top-level table (`page`,
//! `document`, `layout`), the id of a part or box (`sos.size`), or a part kind
//! with exactly one part (`sos-board.size`); the rest walks into that table.
//! `VALUE` is read as a TOML value (`8`, `true`, `["Ann", "Ben"]`) and, when it
//! is not one, as a string (`10x10`, `A5`). The changed spec is checked like
//! any other; a value it rejects is reported against the `--set` that gave it.

use std::fmt;
use std::str::FromStr;

use toml::{Table, Value};

use super::SpecError;

/// One `KEY=VALUE` override.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Override {
    /// The dotted key, e.g. `sos.size`.
    pub key: String,
    /// The value as written, e.g. `10x10`.
    pub value: String,
}

impl FromStr for Override {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let (key, value) = s
            .split_once('=')
            .ok_or_else(|| format!("`{s}` is not KEY=VALUE (e.g. sos.size=10x10)"))?;
        let key = key.trim();
        if key.is_empty() || key.split('.').any(str::is_empty) {
            return Err(format!("`{key}` is not a dotted key (e.g. page.size)"));
        }
        Ok(Override {
            key: key.to_string(),
            value: value.trim().to_string(),
        })
    }
}

impl Override {
    /// The map this override names, if it sets a field's `row-numbers` or
    /// `cell-numbers`: the value as the spec will read it.
    pub fn map_name(&self) -> Option<String> {
        let last = self.key.rsplit('.').next()?;
        if last != "row-numbers" && last != "cell-numbers" {
            return None;
        }
        match parse_value(&self.value) {
            Value::String(s) => Some(s),
            _ => None,
        }
    }
}

impl fmt::Display for Override {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}={}", self.key, self.value)
    }
}

/// The id a part has when its table does not give one.
fn default_id(kind: &str, part: &Table) -> Option<&'static str> {
    Some(match kind {
        "strategic-field" => "field",
        "record-tables" => "records",
        "text" => "text",
        "write-in" => "write-in",
        "tracking-grid" => match part.get("grid").and_then(Value::as_str) {
            Some("strategic") => "strategic-grid",
            _ => "tactical-grid",
        },
        "sos-board" => "sos",
        "ultimate-field" => "ultimate",
        "ttt-boards" => "boards",
        _ => return None,
    })
}

fn parse_value(text: &str) -> Value {
    toml::from_str::<Table>(&format!("v = {text}"))
        .ok()
        .and_then(|mut t| t.remove("v"))
        .unwrap_or_else(|| Value::String(text.to_string()))
}

/// The table `head` names in `root`, or a message saying what it could name.
fn target<'a>(root: &'a mut Table, head: &str) -> Result<&'a mut Table, String> {
    const TOP: [&str; 3] = ["page", "document", "layout"];
    if TOP.contains(&head) {
        let entry = root
            .entry(head.to_string())
            .or_insert_with(|| Value::Table(Table::new()));
        return entry
            .as_table_mut()
            .ok_or_else(|| format!("`{head}` is not a table"));
    }
    let mut ids: Vec<String> = Vec::new();
    let mut found: Option<(String, usize)> = None;
    for (kind, value) in root.iter() {
        let Some(parts) = value.as_array() else {
            continue;
        };
        let single_of_kind = kind == head && parts.len() == 1;
        for (i, part) in parts.iter().enumerate() {
            let Some(table) = part.as_table() else {
                continue;
            };
            let id = table
                .get("id")
                .and_then(Value::as_str)
                .or_else(|| default_id(kind, table));
            if let Some(id) = id {
                ids.push(id.to_string());
                if (id == head || single_of_kind) && found.is_none() {
                    found = Some((kind.clone(), i));
                }
            }
        }
    }
    match found {
        Some((kind, i)) => Ok(root[&kind].as_array_mut().expect("an array")[i]
            .as_table_mut()
            .expect("a table")),
        None => Err(format!(
            "no table, part or box is called `{head}`; use page, document, layout or an id: {}",
            ids.join(", ")
        )),
    }
}

fn set(root: &mut Table, ov: &Override) -> Result<(), String> {
    let names: Vec<&str> = ov.key.split('.').collect();
    if names.len() < 2 {
        return Err(format!(
            "`{}` names no key inside a table; write e.g. page.size or sos.size",
            ov.key
        ));
    }
    let mut table = target(root, names[0])?;
    for name in &names[1..names.len() - 1] {
        let entry = table
            .entry(name.to_string())
            .or_insert_with(|| Value::Table(Table::new()));
        table = entry
            .as_table_mut()
            .ok_or_else(|| format!("`{name}` in `{}` is not a table", ov.key))?;
    }
    table.insert(names[names.len() - 1].to_string(), parse_value(&ov.value));
    Ok(())
}

/// Applies `overrides` to a spec's text, giving the text to parse. `origin`
/// names the spec in messages.
pub fn apply(origin: &str, text: &str, overrides: &[Override]) -> Result<String, SpecError> {
    if overrides.is_empty() {
        return Ok(text.to_string());
    }
    let fail = |ov: &Override, message: String| SpecError::Override {
        origin: origin.to_string(),
        set: ov.to_string(),
        message,
    };
    let mut root: Table = toml::from_str(text).map_err(|e| SpecError::Override {
        origin: origin.to_string(),
        set: overrides[0].to_string(),
        message: format!("the spec itself is not valid TOML: {}", e.message()),
    })?;
    for ov in overrides {
        set(&mut root, ov).map_err(|m| fail(ov, m))?;
    }
    toml::to_string(&root).map_err(|e| fail(&overrides[0], e.to_string()))
}

/// Explains a rejected overridden spec by the override that broke it: the
/// first one after which the spec no longer parses.
pub(crate) fn blame(
    origin: &str,
    text: &str,
    overrides: &[Override],
    check: impl Fn(&str) -> Result<(), SpecError>,
) -> Option<SpecError> {
    for k in 1..=overrides.len() {
        let Ok(changed) = apply(origin, text, &overrides[..k]) else {
            continue;
        };
        if let Err(e) = check(&changed) {
            let message = match e {
                SpecError::Invalid { message, key, .. } => match key {
                    Some(key) => format!("{message} (key `{key}`)"),
                    None => message,
                },
                // Say why the map cannot be used (no such file, a device…).
                SpecError::Map { ref source, .. } => format!("{e}: {source}"),
                other => other.to_string(),
            };
            return Some(SpecError::Override {
                origin: origin.to_string(),
                set: overrides[k - 1].to_string(),
                message,
            });
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ov(s: &str) -> Override {
        s.parse().unwrap()
    }

    const SPEC: &str = "[page]\nsize = \"A4\"\n\n[[sos-board]]\nid = \"sos\"\nsize = \"8x8\"\n\n[[text]]\ntext = \"hi\"\n";

    #[test]
    fn values_land_on_tables_parts_and_default_ids() {
        let out = apply(
            "t",
            SPEC,
            &[
                ov("page.size=A5"),
                ov("page.margins.top=12"),
                ov("sos.size=10x10"),
                ov("sos.players=[\"Ann\", \"Ben\", \"Cy\"]"),
                ov("text.size=5"),
            ],
        )
        .unwrap();
        let t: Table = toml::from_str(&out).unwrap();
        assert_eq!(t["page"]["size"].as_str(), Some("A5"));
        assert_eq!(t["page"]["margins"]["top"].as_integer(), Some(12));
        let board = &t["sos-board"][0];
        assert_eq!(board["size"].as_str(), Some("10x10"));
        assert_eq!(board["players"].as_array().unwrap().len(), 3);
        assert_eq!(t["text"][0]["size"].as_integer(), Some(5));
        // A kind with exactly one part can be named by the kind.
        let out = apply("t", SPEC, &[ov("sos-board.cell=7")]).unwrap();
        assert!(out.contains("cell = 7"), "{out}");
    }

    #[test]
    fn unknown_targets_and_malformed_overrides_are_explained() {
        let e = apply("t", SPEC, &[ov("board.size=3")]).unwrap_err();
        let msg = e.to_string();
        assert!(msg.contains("board.size=3") && msg.contains("sos"), "{msg}");
        assert!("size".parse::<Override>().is_err());
        assert!("a..b=1".parse::<Override>().is_err());
        assert!(apply("t", SPEC, &[ov("page=1")]).is_err());
    }
}
