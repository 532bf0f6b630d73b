//! `--set KEY=VALUE`: changing any key of a spec from the command line, and
//! the same change made by code (`--page`, a sheet sized to a game, a
//! handout's paper).
//!
//! `KEY` is a dotted path whose first name is a top-level table (`page`,
//! `document`, `layout`), the id of a part or box (`sos.size`), or a part kind
//! with exactly one part (`sos-board.size`); the rest walks into that table.
//! `VALUE` is read as a TOML value (`8`, `true`, `["Ann", "Ben"]`) and, when it
//! is not one, as a string (`10x10`, `A5`).
//!
//! A change is made in the spec's tree as read, before anything is typed, so
//! its value goes through the very checks the key's value in the file does;
//! a value they refuse is reported against the `--set` that gave it.

use std::collections::HashMap;
use std::fmt;
use std::str::FromStr;

use serde::Serialize;

use super::page::{Orientation, PaperSize};
use super::raw::RawSpec;
use crate::games::ttt::Options;
use crate::language::Language;
use crate::source::tree::Step;

/// One change to a spec: a dotted key and the value it gets.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Set {
    key: Vec<String>,
    value: String,
    /// Given on the command line: a map it names may be any path. A set
    /// from a file (a handout's `set`) or from a request is not.
    command_line: bool,
    /// Made by the program itself (a handout's paper, a sheet sized to a
    /// game), not written by anyone: it does not count against
    /// [`crate::limits::SETS`], which bounds what a user gives.
    made: bool,
}

/// Why a change is refused before its value is read: its text is no
/// `KEY=VALUE`, or its key names no table of the spec. Each names the text
/// at fault, shortened where it may be long.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error, miette::Diagnostic)]
pub enum SetFault {
    /// No `=`: the text, shortened.
    #[error("`{0}` is not KEY=VALUE (e.g. sos.size=10x10)")]
    #[diagnostic(code(paperboard::set::not_key_value))]
    NotKeyValue(String),
    /// A key beyond the key limits, in the limits' words.
    #[error("{0}")]
    #[diagnostic(code(paperboard::set::key_limit))]
    KeyLimit(String),
    /// An empty key or an empty part (`a..b`).
    #[error("`{0}` is not a dotted key (e.g. page.size)")]
    #[diagnostic(code(paperboard::set::not_dotted))]
    NotDotted(String),
    /// A key of one part, which names a table but no key in it.
    #[error("`{0}` names no key inside a table; write e.g. page.size or sos.size")]
    #[diagnostic(code(paperboard::set::no_key_in_table))]
    NoKeyInTable(String),
    /// A first part that is no table, part id or part kind of the spec.
    #[error(
        "no table, part or box is called `{head}`; use page, document, layout, rules or an id: {}",
        ids.join(", ")
    )]
    #[diagnostic(code(paperboard::set::no_table))]
    NoTable {
        /// The first part as given.
        head: String,
        /// The ids of the spec's parts and boxes.
        ids: Vec<String>,
    },
}

impl FromStr for Set {
    type Err = SetFault;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let (key, value) = s
            .split_once('=')
            .ok_or_else(|| SetFault::NotKeyValue(crate::limits::excerpt(s)))?;
        let key = key.trim();
        // The key's size is checked before it is split: every later step
        // (the spec's tree, its checks, messages) meets a bounded key.
        if let Some(fault) = crate::limits::key_fault(key) {
            return Err(SetFault::KeyLimit(fault));
        }
        if key.is_empty() || key.split('.').any(str::is_empty) {
            return Err(SetFault::NotDotted(key.to_string()));
        }
        Ok(Set {
            key: key.split('.').map(str::to_string).collect(),
            value: value.trim().to_string(),
            command_line: false,
            made: false,
        })
    }
}

impl fmt::Display for Set {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}={}", self.key.join("."), self.value)
    }
}

impl Set {
    /// Sets `key` (dotted, as on the command line) to `value`, written as
    /// the spec writes such a value.
    pub(crate) fn typed(key: &str, value: &impl Serialize) -> Set {
        // The spec's own value types all serialize; were one not to, the
        // empty value is refused by the key's check like any bad value.
        let value = toml::Value::try_from(value).map_or_else(|_| String::new(), |v| v.to_string());
        Set {
            key: key.split('.').map(str::to_string).collect(),
            value,
            command_line: false,
            made: true,
        }
    }

    /// Whether the program made this change itself (see [`Set::typed`]),
    /// rather than a user writing it.
    pub(crate) fn is_made(&self) -> bool {
        self.made
    }

    /// The dotted key it changes (`page.size`).
    pub fn key(&self) -> String {
        self.key.join(".")
    }

    /// This change as given on the command line, where a map file it names
    /// (`field.row-numbers=../maps/mine.toml`) may be any path. Only the
    /// command line marks a set so; a spec's own map files stay inside its
    /// folder.
    pub fn from_command_line(mut self) -> Set {
        self.command_line = true;
        self
    }

    /// The map file this set names as given on the command line, if it sets
    /// a field's `row-numbers` or `cell-numbers`: the value as the spec
    /// reads it.
    pub(crate) fn command_line_map(&self) -> Option<&str> {
        let last = self.key.last()?;
        if !self.command_line || (last != "row-numbers" && last != "cell-numbers") {
            return None;
        }
        let v = self.value.as_str();
        Some(
            v.strip_prefix('"')
                .and_then(|v| v.strip_suffix('"'))
                .unwrap_or(v),
        )
    }

    /// Why this set's text cannot go on a sheet (a control character or a
    /// noncharacter), if so.
    pub(crate) fn unprintable(&self) -> Option<String> {
        let text = self.to_string();
        text.chars()
            .find(|&c| crate::source::text::is_unprintable_text(c))
            .map(|c| crate::source::text::unprintable_message(&self.key.join("."), c))
    }

    /// `page.size`: the paper.
    pub fn paper_size(size: PaperSize) -> Set {
        Set::typed("page.size", &size)
    }

    /// `page.orientation`.
    pub fn orientation(orientation: Orientation) -> Set {
        Set::typed("page.orientation", &orientation)
    }

    /// `document.language`: the language of every word the sheet prints.
    pub fn language(language: Language) -> Set {
        Set::typed("document.language", &language)
    }

    /// `[rules]`: the rules in force, every option spelled out.
    pub fn rules(options: Options) -> Vec<Set> {
        vec![
            Set::typed("rules.draws", &options.draws.word()),
            Set::typed("rules.decided", &options.decided.word()),
            Set::typed("rules.no-return", &options.no_return.word()),
        ]
    }

    /// The value as given, which the spec's tree reads as a TOML value.
    pub(crate) fn value_text(&self) -> &str {
        &self.value
    }

    /// Where in `spec`'s tree the change goes: the steps to its table and
    /// the key to set there.
    pub(crate) fn target(&self, spec: &RawSpec) -> Result<(Vec<Step>, String), SetFault> {
        if self.key.len() < 2 {
            return Err(SetFault::NoKeyInTable(self.key.join(".")));
        }
        let head = self.key[0].as_str();
        let mut steps = vec![table_of(spec, head)?];
        steps.extend(
            self.key[1..self.key.len() - 1]
                .iter()
                .map(|k| Step::Key(k.clone())),
        );
        Ok((steps, self.key[self.key.len() - 1].clone()))
    }
}

/// The table `head` names: a top-level table, a part or box by id, or the
/// only part of a kind.
fn table_of(spec: &RawSpec, head: &str) -> Result<Step, SetFault> {
    const TOP: [&str; 4] = ["page", "document", "layout", "rules"];
    if TOP.contains(&head) {
        return Ok(Step::Key(head.to_string()));
    }
    // Each node's place in its kind's array of tables.
    let mut index_in_kind: Vec<(&str, String, usize)> = Vec::new();
    let mut seen: HashMap<&str, usize> = HashMap::new();
    for part in spec.parts() {
        let i = seen.entry(part.kind()).or_default();
        index_in_kind.push((part.kind(), part.id(), *i));
        *i += 1;
    }
    for (i, b) in spec.boxes.iter().enumerate() {
        if let Some(id) = &b.id {
            index_in_kind.push(("box", id.get_ref().clone(), i));
        }
    }
    if let Some((kind, _, i)) = index_in_kind.iter().find(|(_, id, _)| id == head) {
        return Ok(Step::Item(kind.to_string(), *i));
    }
    let of_kind: Vec<_> = index_in_kind
        .iter()
        .filter(|(k, _, _)| *k == head)
        .collect();
    if let [(kind, _, i)] = of_kind.as_slice() {
        return Ok(Step::Item(kind.to_string(), *i));
    }
    Err(SetFault::NoTable {
        head: head.to_string(),
        ids: index_in_kind.into_iter().map(|(_, id, _)| id).collect(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn set(s: &str) -> Set {
        s.parse().unwrap()
    }

    #[test]
    fn sets_read_key_and_value_and_print_back() {
        let s = set(" sos.size = 10x10 ");
        assert_eq!(s.to_string(), "sos.size=10x10");
        assert!("size".parse::<Set>().is_err());
        assert!("a..b=1".parse::<Set>().is_err());
        let deep = format!("{}=1", vec!["sos"; 20_000].join("."));
        let e = deep.parse::<Set>().unwrap_err().to_string();
        assert!(
            e.contains("has 20,000 parts; a key may have at most 80"),
            "{e}"
        );
        assert!(e.len() < 120, "{e}");
        let e = "x".repeat(50_000).parse::<Set>().unwrap_err().to_string();
        assert!(e.len() < 120, "{e}");
        assert_eq!(
            Set::paper_size(PaperSize::A5).to_string(),
            "page.size=\"A5\""
        );
        assert_eq!(
            Set::orientation(Orientation::Landscape).to_string(),
            "page.orientation=\"landscape\""
        );
    }
}
