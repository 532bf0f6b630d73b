//! A TOML text read into its tree, with where every key and value stands:
//! what a spec (or a handout spec) is before it is typed.
//!
//! The tree is where `--set` changes a spec, so a changed value is checked
//! by the very deserializer that checks the value in the file, and where
//! errors find their key: the key path of a bad value is looked up by its
//! position, not read back out of the TOML reader's message.

use std::borrow::Cow;
use std::ops::Range;

use serde::de::DeserializeOwned;
use toml::Spanned;
use toml::de::{DeTable, DeValue, Deserializer};

/// A parsed TOML document.
#[derive(Debug, Clone)]
pub struct Tree<'t> {
    root: Spanned<DeTable<'t>>,
}

/// One step into a tree: a key of a table, or an element of an array of tables.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Step {
    /// The table under this key (made when missing).
    Key(String),
    /// The `i`-th table of the array under this key.
    Item(String, usize),
}

/// Why a change cannot be set in a tree ([`Tree::set`]).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error, miette::Diagnostic)]
pub enum SetError {
    /// The change would nest the tree deeper than a spec may be.
    #[error(
        "this change nests tables and lists {depth} levels deep; at most {} (every part of the key is one)",
        crate::limits::TOML_DEPTH
    )]
    #[diagnostic(code(paperboard::set::too_deep))]
    TooDeep {
        /// How deep it would nest.
        depth: usize,
    },
    /// A step of the key names a value that is not a table.
    #[error("`{0}` is not a table")]
    #[diagnostic(code(paperboard::set::not_a_table))]
    NotATable(String),
    /// A step of the key names a value that is not an array of tables.
    #[error("`{0}` is not an array of tables")]
    #[diagnostic(code(paperboard::set::not_an_array))]
    NotAnArray(String),
    /// A step of the key names a table of an array that has none there.
    #[error("`{name}` has no table {index}")]
    #[diagnostic(code(paperboard::set::no_such_item))]
    NoSuchItem {
        /// The array's name.
        name: String,
        /// The table asked for, from 0.
        index: usize,
    },
}

impl<'t> Tree<'t> {
    /// Parses a TOML document.
    pub fn parse(text: &'t str) -> Result<Self, toml::de::Error> {
        Ok(Tree {
            root: DeTable::parse(text)?,
        })
    }

    /// The document's root table, with where every key and value stands.
    pub fn root(&self) -> &DeTable<'t> {
        self.root.get_ref()
    }

    /// The document as a `T`, checked by `T`'s deserializer.
    pub fn deserialize<T: DeserializeOwned>(&self) -> Result<T, toml::de::Error> {
        T::deserialize(Deserializer::from(self.root.clone()))
    }

    /// The dotted path of the key whose value (or which key itself) holds
    /// `offset`: `strategic-field.cell` for a bad cell size, `strategic-field`
    /// for an unknown key in that table. Arrays add no step.
    pub fn key_path_at(&self, offset: usize) -> Option<String> {
        let mut path = Vec::new();
        find(self.root.get_ref(), offset, &mut path);
        (!path.is_empty()).then(|| path.join("."))
    }

    /// Where the value at a dotted path is written, if it is.
    pub fn value_span(&self, path: &[&str]) -> Option<Range<usize>> {
        let (last, tables) = path.split_last()?;
        let mut table = self.root.get_ref();
        for key in tables {
            let DeValue::Table(t) = table.get(*key)?.get_ref() else {
                return None;
            };
            table = t;
        }
        table.get(*last).map(Spanned::span)
    }

    /// Where each element of the array at a dotted path is written (none
    /// when there is no array there).
    pub fn element_spans(&self, path: &[&str]) -> Vec<Range<usize>> {
        let (last, tables) = match path.split_last() {
            Some(split) => split,
            None => return Vec::new(),
        };
        let mut table = self.root.get_ref();
        for key in tables {
            match table.get(*key).map(Spanned::get_ref) {
                Some(DeValue::Table(t)) => table = t,
                _ => return Vec::new(),
            }
        }
        match table.get(*last).map(Spanned::get_ref) {
            Some(DeValue::Array(items)) => items.iter().map(Spanned::span).collect(),
            _ => Vec::new(),
        }
    }

    /// Every string value in the document with where it is written.
    pub fn strings(&self) -> Vec<(Range<usize>, &str)> {
        fn walk<'a>(value: &'a Spanned<DeValue<'_>>, out: &mut Vec<(Range<usize>, &'a str)>) {
            match value.get_ref() {
                DeValue::String(s) => out.push((value.span(), s.as_ref())),
                DeValue::Table(t) => t.values().for_each(|v| walk(v, out)),
                DeValue::Array(items) => items.iter().for_each(|v| walk(v, out)),
                _ => {}
            }
        }
        let mut out = Vec::new();
        self.root.get_ref().values().for_each(|v| walk(v, &mut out));
        out
    }

    /// Where `key` of the `index`-th `[[kind]]` table (from 0) is written,
    /// if it is.
    pub fn item_value_span(&self, kind: &str, index: usize, key: &str) -> Option<Range<usize>> {
        let DeValue::Array(items) = self.root.get_ref().get(kind)?.get_ref() else {
            return None;
        };
        let DeValue::Table(t) = items.get(index)?.get_ref() else {
            return None;
        };
        t.get(key).map(Spanned::span)
    }

    /// Where each `[[key]]` header stands, in order.
    pub fn headers(&self, key: &str) -> Vec<Range<usize>> {
        match self.root.get_ref().get(key).map(Spanned::get_ref) {
            Some(DeValue::Array(items)) => items.iter().map(Spanned::span).collect(),
            _ => Vec::new(),
        }
    }

    /// Sets `key` in the table `steps` lead to, making missing tables.
    pub fn set(
        &mut self,
        steps: &[Step],
        key: &str,
        value: Spanned<DeValue<'t>>,
    ) -> Result<(), SetError> {
        // The one place a tree grows deeper than its text: bounded here,
        // before anything walks it, as the reader bounds the text.
        let depth = steps.len() + 1 + nesting(value.get_ref());
        if depth > crate::limits::TOML_DEPTH {
            return Err(SetError::TooDeep { depth });
        }
        let span = value.span();
        // Keys made here are nowhere in the text: an empty span, so a
        // position inside the value finds the whole key path.
        let key_span = span.start..span.start;
        let mut table = self.root.get_mut();
        for step in steps {
            table = match step {
                Step::Key(name) => {
                    let entry = table
                        .entry(Spanned::new(key_span.clone(), Cow::Owned(name.clone())))
                        .or_insert_with(|| {
                            Spanned::new(span.clone(), DeValue::Table(DeTable::new()))
                        });
                    match entry.get_mut() {
                        DeValue::Table(t) => t,
                        _ => return Err(SetError::NotATable(name.clone())),
                    }
                }
                Step::Item(name, i) => {
                    let array = table.get_mut(name.as_str()).map(Spanned::get_mut);
                    let Some(DeValue::Array(items)) = array else {
                        return Err(SetError::NotAnArray(name.clone()));
                    };
                    match items.get_mut(*i).map(Spanned::get_mut) {
                        Some(DeValue::Table(t)) => t,
                        _ => {
                            return Err(SetError::NoSuchItem {
                                name: name.clone(),
                                index: *i,
                            });
                        }
                    }
                }
            };
        }
        table.insert(Spanned::new(key_span, Cow::Owned(key.to_string())), value);
        Ok(())
    }
}

impl Tree<'_> {
    /// Replaces the value (not a table) that starts at `offset` with the
    /// string `with`; whether there was one.
    pub fn replace_at(&mut self, offset: usize, with: &'static str) -> bool {
        fn in_value(v: &mut Spanned<DeValue<'_>>, offset: usize, with: &'static str) -> bool {
            let span = v.span();
            match v.get_mut() {
                DeValue::Table(t) => in_table(t, offset, with),
                DeValue::Array(items) => {
                    items.iter_mut().any(|item| in_value(item, offset, with))
                        || replace(v, span, offset, with)
                }
                _ => replace(v, span, offset, with),
            }
        }
        fn replace(
            v: &mut Spanned<DeValue<'_>>,
            span: Range<usize>,
            offset: usize,
            with: &'static str,
        ) -> bool {
            if span.start != offset {
                return false;
            }
            *v = Spanned::new(span, DeValue::String(Cow::Borrowed(with)));
            true
        }
        fn in_table(t: &mut DeTable<'_>, offset: usize, with: &'static str) -> bool {
            t.iter_mut().any(|(_, v)| in_value(v, offset, with))
        }
        in_table(self.root.get_mut(), offset, with)
    }
}

/// How many levels of tables and lists `value` holds (a number 0, `[1]`
/// 1, `{a = [1]}` 2), counted without recursion.
pub(crate) fn nesting(value: &DeValue<'_>) -> usize {
    let mut deepest = 0;
    let mut stack = vec![(value, 0)];
    while let Some((v, depth)) = stack.pop() {
        deepest = deepest.max(depth);
        match v {
            DeValue::Table(t) => stack.extend(t.values().map(|v| (v.get_ref(), depth + 1))),
            DeValue::Array(items) => stack.extend(items.iter().map(|v| (v.get_ref(), depth + 1))),
            _ => {}
        }
    }
    deepest
}

/// Whether `offset` is in `table`, pushing the keys that lead to it onto
/// `path` (none for the key itself: the path is then its table's).
fn find(table: &DeTable<'_>, offset: usize, path: &mut Vec<String>) -> bool {
    for (key, value) in table.iter() {
        if key.span().contains(&offset) {
            return true;
        }
        path.push(key.get_ref().to_string());
        if inside(value.get_ref(), offset, path) || value.span().contains(&offset) {
            return true;
        }
        path.pop();
    }
    false
}

/// Whether `offset` is inside a table or array value (its keys, values or
/// elements), pushing the keys that lead to it onto `path`.
fn inside(value: &DeValue<'_>, offset: usize, path: &mut Vec<String>) -> bool {
    match value {
        DeValue::Table(t) => find(t, offset, path),
        DeValue::Array(items) => items
            .iter()
            .any(|item| inside(item.get_ref(), offset, path) || item.span().contains(&offset)),
        _ => false,
    }
}

/// A TOML value read from `text`, its spans moved by `by` (so they point
/// past the spec's own text, at the change that gave the value); text that
/// is no TOML value is a string.
pub fn value(text: &str, by: usize) -> Spanned<DeValue<'_>> {
    let parsed = DeValue::parse(text)
        .unwrap_or_else(|_| Spanned::new(0..text.len(), DeValue::String(Cow::Borrowed(text))));
    shift(parsed, by)
}

fn shift(value: Spanned<DeValue<'_>>, by: usize) -> Spanned<DeValue<'_>> {
    let span = value.span();
    let moved = span.start + by..span.end + by;
    let inner = match value.into_inner() {
        DeValue::Table(t) => {
            let mut out = DeTable::new();
            for (k, v) in t {
                let ks = k.span();
                out.insert(
                    Spanned::new(ks.start + by..ks.end + by, k.into_inner()),
                    shift(v, by),
                );
            }
            DeValue::Table(out)
        }
        DeValue::Array(items) => {
            let mut out = toml::de::DeArray::new();
            for v in items.iter().cloned() {
                out.push(shift(v, by));
            }
            DeValue::Array(out)
        }
        other => other,
    };
    Spanned::new(moved, inner)
}
