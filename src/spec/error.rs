//! Spec errors, as miette diagnostics that point into the spec file.

use std::collections::HashMap;
use std::ops::Range;
use std::sync::Arc;

use miette::{Diagnostic, NamedSource, SourceSpan};

use super::tree::Tree;
use crate::maps::MapError;

/// Why a spec was rejected.
#[derive(Debug, thiserror::Error, Diagnostic)]
pub enum SpecError {
    /// The spec file could not be read: no such file, not a regular file,
    /// too large, not UTF-8.
    #[error(transparent)]
    #[diagnostic(transparent)]
    Input(#[from] crate::input::InputError),
    /// Not a template name and no such file.
    #[error("`{0}` is neither a built-in template nor a spec file")]
    #[diagnostic(code(paperboard::spec::unknown), help("built-in templates: {1}"))]
    Unknown(String, String),
    /// TOML syntax, an unknown key, a wrong type or an out-of-range value.
    #[error("{origin}:{line}:{column}: {message}{}", key_context(message, key.as_deref()))]
    #[diagnostic(code(paperboard::spec::invalid))]
    Invalid {
        /// The spec's name.
        origin: String,
        /// 1-based line.
        line: usize,
        /// 1-based column.
        column: usize,
        /// The offending key's dotted path, when known.
        key: Option<String>,
        /// What is wrong.
        message: String,
        /// The spec text.
        #[source_code]
        src: Arc<NamedSource<String>>,
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
        message: String,
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
    #[error("{origin}:{line}:{column}: map `{name}` cannot be used")]
    #[diagnostic(code(paperboard::spec::map))]
    Map {
        /// The spec's name.
        origin: String,
        /// 1-based line.
        line: usize,
        /// 1-based column.
        column: usize,
        /// The map as written.
        name: String,
        /// Why.
        #[diagnostic_source]
        source: Box<dyn Diagnostic + Send + Sync>,
        /// The spec text.
        #[source_code]
        src: Arc<NamedSource<String>>,
        /// Where.
        #[label("this map")]
        span: SourceSpan,
    },
}

/// ` (key `a.b`)` after a message about a value, ` (in `a`)` after one
/// about a table's keys; empty when the key is unknown.
fn key_context(message: &str, key: Option<&str>) -> String {
    match key {
        Some(k) if message.starts_with("unknown field") => format!(" (in `{k}`)"),
        Some(k) => format!(" (key `{k}`)"),
        None => String::new(),
    }
}

/// Builds located errors for one spec text and the changes made to it.
///
/// A change's value is read with spans past the end of the text (see
/// [`Locator::set_offset`]), so an error at such a span is the change's
/// fault and is reported against it rather than a line of the file.
#[derive(Debug, Clone)]
pub(crate) struct Locator {
    origin: String,
    src: Arc<NamedSource<String>>,
    text: Arc<str>,
    /// Each change as written, and the spans its value was read at.
    sets: Vec<(String, Range<usize>)>,
    /// Where each `[[kind]]` header stands, by kind.
    headers: HashMap<String, Vec<Range<usize>>>,
}

impl Locator {
    pub(crate) fn new(origin: &str, text: &str) -> Self {
        Locator {
            origin: origin.to_string(),
            src: Arc::new(NamedSource::new(origin, text.to_string())),
            text: text.into(),
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
        let start = self.sets.last().map_or(self.text.len(), |(_, r)| r.end) + 1;
        self.sets
            .push((written.to_string(), start..start + value.len().max(1)));
        start
    }

    /// The change whose value holds `offset`, if any.
    fn set_at(&self, offset: usize) -> Option<&str> {
        self.sets
            .iter()
            .find(|(_, r)| r.contains(&offset))
            .map(|(set, _)| set.as_str())
    }

    /// An error in a change, reported against it.
    pub(crate) fn set_error(&self, set: &str, message: impl Into<String>) -> SpecError {
        SpecError::Override {
            origin: self.origin.clone(),
            set: set.to_string(),
            message: message.into(),
        }
    }

    /// 1-based line and column of a byte offset.
    pub(crate) fn line_col(&self, offset: usize) -> (usize, usize) {
        let before = &self.text[..offset.min(self.text.len())];
        let line = before.matches('\n').count() + 1;
        let column = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
        (line, column)
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
        message: impl Into<String>,
    ) -> SpecError {
        let message = message.into();
        if let Some(set) = self.set_at(span.start) {
            let message = match key {
                Some(key) => format!("{message} (key `{key}`)"),
                None => message,
            };
            return self.set_error(set, message);
        }
        let (line, column) = self.line_col(span.start);
        SpecError::Invalid {
            origin: self.origin.clone(),
            line,
            column,
            key,
            message,
            src: Arc::clone(&self.src),
            span: span.into(),
        }
    }

    pub(crate) fn map(&self, span: Range<usize>, name: &str, source: MapError) -> SpecError {
        let (line, column) = self.line_col(span.start);
        SpecError::Map {
            origin: self.origin.clone(),
            line,
            column,
            name: name.to_string(),
            source: Box::new(source),
            src: Arc::clone(&self.src),
            span: span.into(),
        }
    }

    /// Turns a TOML reader error into a located [`SpecError`]; the key is the
    /// one `tree` has at the error's position.
    pub(crate) fn toml(&self, err: toml::de::Error, tree: Option<&Tree<'_>>) -> SpecError {
        let span = err.span().unwrap_or(0..0);
        let key = tree.and_then(|t| t.key_path_at(span.start));
        self.invalid(span, key, err.message().trim_end())
    }
}
