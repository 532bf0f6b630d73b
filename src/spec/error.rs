//! Spec errors, as miette diagnostics that point into the spec file.

use std::ops::Range;
use std::sync::Arc;

use miette::{Diagnostic, NamedSource, SourceSpan};

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

/// Builds located errors for one spec text.
pub(crate) struct Locator {
    origin: String,
    src: Arc<NamedSource<String>>,
    text: Arc<str>,
}

impl Locator {
    pub(crate) fn new(origin: &str, text: &str) -> Self {
        Locator {
            origin: origin.to_string(),
            src: Arc::new(NamedSource::new(origin, text.to_string())),
            text: text.into(),
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
        let header = format!("[[{kind}]]");
        let mut offset = 0;
        let mut found = 0;
        for line in self.text.split_inclusive('\n') {
            let trimmed = line.trim_start();
            if trimmed.starts_with(&header) {
                if found == index {
                    let start = offset + (line.len() - trimmed.len());
                    return start..start + header.len();
                }
                found += 1;
            }
            offset += line.len();
        }
        0..0
    }

    pub(crate) fn invalid(
        &self,
        span: Range<usize>,
        key: Option<String>,
        message: impl Into<String>,
    ) -> SpecError {
        let (line, column) = self.line_col(span.start);
        SpecError::Invalid {
            origin: self.origin.clone(),
            line,
            column,
            key,
            message: message.into(),
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

    /// Turns a TOML reader error into a located [`SpecError`], recovering the
    /// dotted key path the reader knows but only prints.
    pub(crate) fn toml(&self, err: toml::de::Error) -> SpecError {
        let mut bare = err.clone();
        bare.set_input(None);
        let printed = bare.to_string();
        let key = printed
            .lines()
            .filter_map(|l| l.strip_prefix("in `")?.strip_suffix('`'))
            .next()
            .map(str::to_string);
        let span = err.span().unwrap_or(0..0);
        self.invalid(span, key, err.message().trim_end())
    }
}
