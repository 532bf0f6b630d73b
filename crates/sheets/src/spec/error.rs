//! Spec errors, as miette diagnostics that point into the spec file.

use miette::{Diagnostic, SourceSpan};
use std::collections::HashMap;
use std::ops::Range;

use crate::maps::MapError;
use crate::source::Position;
use crate::source::fault::Fault;
use crate::source::report::Source;
use crate::source::tree::Tree;

/// Why a spec was rejected.
#[derive(Debug, thiserror::Error, Diagnostic)]
pub enum SpecError {
    /// The spec file could not be read: no such file, not a regular file,
    /// too large, not UTF-8.
    #[error(transparent)]
    #[diagnostic(transparent)]
    Input(#[from] crate::source::text::InputError),
    /// Not a template name and no such file.
    #[error("`{0}` is neither a built-in template nor a spec file")]
    #[diagnostic(code(paperboard::spec::unknown), help("built-in templates: {1}"))]
    Unknown(String, String),
    /// TOML syntax, an unknown key, a wrong type or an out-of-range value.
    #[error("{origin}:{at}: {message}{}", key_context(&message.to_string(), key.as_deref()))]
    #[diagnostic(code(paperboard::spec::invalid))]
    Invalid {
        /// The spec's name.
        origin: String,
        /// Where.
        at: Position,
        /// The offending key's dotted path, when known.
        key: Option<String>,
        /// What is wrong.
        message: Box<Fault>,
        /// The spec text.
        #[source_code]
        src: Source,
        /// Where.
        #[label("here")]
        span: SourceSpan,
    },
    /// A `--set KEY=VALUE` could not be applied, or gave a value the spec rejects.
    #[error("{origin}: --set {set}: {message}")]
    #[diagnostic(
        code(paperboard::spec::set),
        help(
            "KEY is page.…, document.…, layout.… or a part's id then its key, e.g. sos.size=10x10"
        )
    )]
    Override {
        /// The spec's name.
        origin: String,
        /// The override as given.
        set: String,
        /// What is wrong.
        message: Box<Fault>,
    },
    /// A change made by the program (a handout's margins, a game's map)
    /// does not make a usable sheet.
    #[error("{origin}: {message}")]
    #[diagnostic(code(paperboard::spec::edit))]
    Edit {
        /// The spec's name.
        origin: String,
        /// What is wrong.
        message: String,
    },
    /// A map named in the spec could not be used.
    #[error("{origin}:{at}: map `{name}` cannot be used")]
    #[diagnostic(code(paperboard::spec::map))]
    Map {
        /// The spec's name.
        origin: String,
        /// Where.
        at: Position,
        /// The map as written.
        name: String,
        /// Why.
        #[diagnostic_source]
        source: Box<dyn Diagnostic + Send + Sync>,
        /// The spec text.
        #[source_code]
        src: Source,
        /// Where.
        #[label("this map")]
        span: SourceSpan,
    },
}

/// ` (key `a.b`)` after a message that does not name its key already;
/// empty when the key is unknown.
fn key_context(message: &str, key: Option<&str>) -> String {
    match key {
        Some(k) if message.contains(&format!("`{k}")) || message.contains(&format!("`[{k}]`")) => {
            String::new()
        }
        Some(k) => format!(" (key `{k}`)"),
        None => String::new(),
    }
}

/// The words a key accepts, when `err` says only that its value is not one
/// of them ("wanted string or table", the reader's words for a value of the
/// wrong type where one of a set of words belongs): found by reading the
/// document again with a word there that no key accepts, for which the
/// reader lists the words.
fn choices_at<T: serde::de::DeserializeOwned>(
    tree: &Tree<'_>,
    err: &toml::de::Error,
) -> Option<String> {
    const NO_WORD: &str = "\u{1}";
    if err.message().trim() != "wanted string or table" {
        return None;
    }
    let mut probe = tree.clone();
    if !probe.replace_at(err.span()?.start, NO_WORD) {
        return None;
    }
    let again = probe.deserialize::<T>().err()?;
    let message = again.message();
    let rest = message.strip_prefix("unknown variant ")?;
    Some(rest.split_once(", expected ")?.1.to_string())
}

/// The dotted key a "duplicate key" at `at` writes again, and the line
/// where it was first written (when it can be found): the reader names
/// neither. The key is the one written at `at` under the last table header
/// before it (or the header itself); its first place is looked up in the
/// text before that line, which the reader read without fault.
fn duplicate(text: &str, at: usize) -> Option<(String, Option<usize>)> {
    let line_start = text.get(..at)?.rfind('\n').map_or(0, |i| i + 1);
    let line = text[line_start..].lines().next().unwrap_or_default();
    let header = |l: &str| {
        let l = l.trim();
        let inner = l.strip_prefix("[[").or_else(|| l.strip_prefix('['))?;
        let end = inner.find(']')?;
        Some(inner[..end].to_string())
    };
    let parts = |dotted: &str| -> Vec<String> {
        dotted
            .split('.')
            .map(|p| p.trim().trim_matches(['"', '\'']).to_string())
            .collect()
    };
    let mut path = Vec::new();
    if let Some(h) = header(line) {
        path.extend(parts(&h));
    } else {
        let table = text[..line_start].lines().rev().find_map(header);
        if let Some(t) = table {
            path.extend(parts(&t));
        }
        let written = text[at..].split(['=', '\n']).next().unwrap_or_default();
        path.extend(parts(written));
    }
    if path.iter().any(String::is_empty) || path.len() > crate::limits::KEY_PARTS {
        return None;
    }
    let key = path.join(".");
    if crate::limits::key_fault(&key).is_some() {
        return None;
    }
    let before = toml::de::DeTable::parse(&text[..line_start]).ok();
    let first = before.and_then(|root| {
        use toml::de::DeValue;
        let mut table = root.get_ref();
        let (last, tables) = path.split_last()?;
        for name in tables {
            table = match table.get(name.as_str())?.get_ref() {
                DeValue::Table(t) => t,
                DeValue::Array(items) => match items.last()?.get_ref() {
                    DeValue::Table(t) => t,
                    _ => return None,
                },
                _ => return None,
            };
        }
        let (k, _) = table.get_key_value(last.as_str())?;
        Some(text[..k.span().start].matches('\n').count() + 1)
    });
    Some((key, first))
}

/// Builds located errors for one spec text and the changes made to it.
///
/// A change's value is read with spans past the end of the text (see
/// [`Locator::set_offset`]), so an error at such a span is the change's
/// fault and is reported against it rather than a line of the file.
#[derive(Debug, Clone)]
pub(crate) struct Locator {
    origin: String,
    src: Source,
    /// Each change as written, its value, and the span its value was read at.
    sets: Vec<(String, String, Range<usize>)>,
    /// Where each `[[kind]]` header stands, by kind.
    headers: HashMap<String, Vec<Range<usize>>>,
}

impl Locator {
    pub(crate) fn new(origin: &str, text: &str) -> Self {
        Locator {
            origin: origin.to_string(),
            src: Source::new(origin, text),
            sets: Vec::new(),
            headers: HashMap::new(),
        }
    }

    /// The origin, as messages name the spec.
    pub(crate) fn origin(&self) -> &str {
        &self.origin
    }

    /// Records where `tree`'s `[[kind]]` headers stand.
    pub(crate) fn with_headers(mut self, tree: &Tree<'_>, kinds: &[&str]) -> Self {
        for kind in kinds {
            self.headers.insert(kind.to_string(), tree.headers(kind));
        }
        self
    }

    /// Where the value of the next change (`written` as given, its value
    /// `value`) is read: past the text and every earlier change.
    pub(crate) fn set_offset(&mut self, written: &str, value: &str) -> usize {
        let start = self
            .sets
            .last()
            .map_or(self.src.text().len(), |(_, _, r)| r.end)
            + 1;
        self.sets.push((
            written.to_string(),
            value.to_string(),
            start..start + value.len().max(1),
        ));
        start
    }

    /// The change whose value holds `offset`, if any: as written, and its value.
    fn set_at(&self, offset: usize) -> Option<(&str, &str)> {
        self.sets
            .iter()
            .find(|(_, _, r)| r.contains(&offset))
            .map(|(set, value, _)| (set.as_str(), value.as_str()))
    }

    /// The change (`--set`, as given) whose value writes `printed`, a text
    /// printed on the sheet, if one does.
    pub(crate) fn set_writing(&self, printed: &str) -> Option<&str> {
        let printed = printed.trim();
        if printed.is_empty() {
            return None;
        }
        self.sets
            .iter()
            .rev()
            .find(|(_, value, _)| {
                let value = value.trim();
                value.contains(printed)
                    || (value.chars().nth(2).is_some() && printed.contains(value))
            })
            .map(|(set, _, _)| set.as_str())
    }

    /// The spec's text, for a reader that locates its own errors in it.
    pub(crate) fn source(&self) -> &Source {
        &self.src
    }

    /// What is written at `span`: the spec's text there, or the value of
    /// the change it falls in.
    pub(crate) fn written(&self, span: &Range<usize>) -> String {
        if let Some((_, value, range)) = self.sets.iter().find(|(_, _, r)| r.contains(&span.start))
        {
            // Within a change's value, the part the reader points at (one
            // number of `{top = 70, …}`), else the whole value.
            let inner =
                span.start - range.start..span.end.min(range.end).saturating_sub(range.start);
            return match value.get(inner) {
                Some(part) if !part.trim().is_empty() => part.to_string(),
                _ => value.to_string(),
            };
        }
        let text = self.src.text();
        let start = span.start.min(text.len());
        let end = span.end.clamp(start, text.len());
        String::from_utf8_lossy(&text.as_bytes()[start..end]).into_owned()
    }

    /// An error in a change, reported against it.
    pub(crate) fn set_error(&self, set: &str, message: impl Into<Fault>) -> SpecError {
        SpecError::Override {
            origin: self.origin.clone(),
            set: crate::source::words::quote_at_most(set, 120),
            message: Box::new(message.into()),
        }
    }

    /// The line and column of a byte offset.
    pub(crate) fn position(&self, offset: usize) -> Position {
        self.src.position(offset)
    }

    /// The span of the `index`-th `[[kind]]` header (from 0), or an empty
    /// span at the start when there is none (an inline array of tables).
    pub(crate) fn table_header(&self, kind: &str, index: usize) -> Range<usize> {
        self.headers
            .get(kind)
            .and_then(|h| h.get(index))
            .cloned()
            .unwrap_or(0..0)
    }

    pub(crate) fn invalid(
        &self,
        span: Range<usize>,
        key: Option<String>,
        message: impl Into<Fault>,
    ) -> SpecError {
        let message = message.into();
        if let Some((set, _)) = self.set_at(span.start) {
            // The key is named in the words of a change only when the
            // fault's own words do not name it.
            let text = message.to_string();
            let context = key_context(&text, key.as_deref());
            let message = if context.is_empty() {
                message
            } else {
                Fault::Said(format!("{text}{context}"))
            };
            return self.set_error(set, message);
        }
        SpecError::Invalid {
            origin: self.origin.clone(),
            at: self.position(span.start),
            key,
            message: Box::new(message),
            span: self.src.label(span),
            src: self.src.clone(),
        }
    }

    pub(crate) fn map(&self, span: Range<usize>, name: &str, source: MapError) -> SpecError {
        if let Some((set, _)) = self.set_at(span.start) {
            let why = crate::source::Diagnostic::of(&source).line();
            return self.set_error(set, format!("map `{name}` cannot be used: {why}"));
        }
        SpecError::Map {
            origin: self.origin.clone(),
            at: self.position(span.start),
            name: name.to_string(),
            source: Box::new(source),
            span: self.src.label(span),
            src: self.src.clone(),
        }
    }

    /// Turns a TOML reader error into a located [`SpecError`] in the user's
    /// words (see [`crate::source::words`]); the key is the one `tree` has at the
    /// error's position.
    pub(crate) fn toml(&self, err: toml::de::Error, tree: Option<&Tree<'_>>) -> SpecError {
        let (span, key, message) = self.toml_parts(&err, tree);
        if err.message().trim() == "duplicate key"
            && let Some((key, first)) = duplicate(self.src.text(), span.start)
        {
            let message = Fault::Twice {
                key: key.clone(),
                line: first,
            };
            return self.invalid(span, Some(key), message);
        }
        self.invalid(span, key, message)
    }

    /// `tree` read as a `T`; an error located and in the user's words.
    pub(crate) fn read<T: serde::de::DeserializeOwned>(
        &self,
        tree: &Tree<'_>,
    ) -> Result<T, SpecError> {
        tree.deserialize::<T>().map_err(|e| {
            let (span, key, mut message) = self.toml_parts(&e, Some(tree));
            if let Some(words) = choices_at::<T>(tree, &e) {
                let unknown = format!("unknown variant ``, expected {words}");
                message = crate::source::fault::Fault::of_reader(
                    &unknown,
                    key.as_deref(),
                    &self.written(&span),
                );
            }
            self.invalid(span, key, message)
        })
    }

    /// Where a TOML reader error is, the key there, and the message in the
    /// user's words.
    pub(crate) fn toml_parts(
        &self,
        err: &toml::de::Error,
        tree: Option<&Tree<'_>>,
    ) -> (Range<usize>, Option<String>, Fault) {
        if let Some(found) = crate::source::words::key_too_deep(self.src.text(), err) {
            return found;
        }
        let span = err.span().unwrap_or(0..0);
        let key = tree.and_then(|t| t.key_path_at(span.start));
        let message = crate::source::fault::Fault::of_reader(
            err.message(),
            key.as_deref(),
            &self.written(&span),
        );
        (span, key, message)
    }
}

impl From<&SpecError> for crate::source::Diagnostic {
    /// The spec and place it points at, the key at fault, and what is
    /// wrong without where.
    fn from(e: &SpecError) -> crate::source::Diagnostic {
        let mut out = crate::source::Diagnostic::of(e);
        match e {
            SpecError::Invalid {
                origin,
                at,
                key,
                message,
                ..
            } => {
                out = out.located(origin, *at);
                out.key = key.clone();
                out.reason = message.to_string();
            }
            SpecError::Override {
                origin,
                set,
                message,
            } => {
                out.origin = Some(origin.clone());
                out.key = set.split_once('=').map(|(k, _)| k.trim().to_string());
                out.reason = message.to_string();
            }
            SpecError::Map {
                origin, at, source, ..
            } => {
                out = out.located(origin, *at);
                out.reason = source.to_string();
            }
            // Transparent: the input's diagnostic is the spec's.
            SpecError::Input(input) => return input.into(),
            SpecError::Edit { message, .. } => out.reason = message.clone(),
            SpecError::Unknown(..) => {}
        }
        out
    }
}
