//! One shape for every error that crosses a layer: what the command line
//! prints and the web's JSON error body are both built from a
//! [`Diagnostic`], whichever library error it came from.
//!
//! The libraries' errors are typed where they are made (a spec's value out
//! of range, a map file's entry, a record's tag) and each says what it
//! knows: where it points, the key at fault, what is wrong without where.
//! Read through miette's trait alone, those facts were worked out again by
//! each front end (the web from the error's variants, the command line
//! from its labels); here they are worked out once, after typst's
//! `SourceDiagnostic`: a severity, a stable code, where (the input, a
//! [`Position`] in it, the key), the message, hints, and the causes as a
//! trace. A front end reads the fields; the binary draws the lines the
//! diagnostic points at (it alone builds miette's graphical renderer),
//! from the short excerpts the diagnostic keeps of them.

use std::fmt;

use miette::{LabeledSpan, MietteError, MietteSpanContents, SourceCode, SourceSpan, SpanContents};

use super::Position;
use super::report::location;
use super::text::InputError;
use crate::language::Language;
use crate::messages::{Arg, say};

/// How grave a [`Diagnostic`] is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Severity {
    /// The input cannot be used.
    Error,
    /// The input was used, but something in it is doubtful.
    Warning,
}

/// An error (or warning) as every front end shows it: what, where, why and
/// what to do. Built from any library error with [`Diagnostic::of`], or
/// with `From` from the errors that know more (the key at fault, what is
/// wrong without where).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Diagnostic {
    /// Error or warning.
    pub severity: Severity,
    /// The stable code (`paperboard::spec::invalid`), when the error has one.
    pub code: Option<String>,
    /// The input it points into (a spec's or a map file's name), when it
    /// points into one.
    pub origin: Option<String>,
    /// Where in that input.
    pub at: Option<Position>,
    /// The key (`sos-board.size`, `columns[2][5]`) at fault, when known.
    pub key: Option<String>,
    /// The error as it says itself (with where, when it says where).
    pub message: String,
    /// What is wrong, without where: the message and its trace, unless the
    /// error knows a shorter sentence.
    pub reason: String,
    /// What to do about it.
    pub hints: Vec<String>,
    /// The causes, outermost first, each as it says itself.
    pub trace: Vec<String>,
    /// A cause that is a diagnostic of its own (a map file's error under
    /// the spec line naming the map), shown in full after this one.
    pub cause: Option<Box<Diagnostic>>,
    /// The lines it points at, kept short (see `report::Source`).
    excerpt: Option<Excerpt>,
}

impl Diagnostic {
    /// Any diagnostic as this shape: its message, code, severity and
    /// hint, where its primary label points, its causes, and an excerpt of
    /// the lines it points at.
    pub fn of(d: &dyn miette::Diagnostic) -> Diagnostic {
        let message = d.to_string();
        let mut trace = Vec::new();
        let mut source = std::error::Error::source(d);
        while let Some(c) = source {
            trace.push(c.to_string());
            source = c.source();
        }
        let severity = match d.severity() {
            Some(miette::Severity::Warning | miette::Severity::Advice) => Severity::Warning,
            Some(miette::Severity::Error) | None => Severity::Error,
        };
        let (origin, at) = location(d).unzip();
        let mut out = Diagnostic {
            severity,
            code: d.code().map(|c| c.to_string()),
            origin,
            at,
            key: None,
            reason: String::new(),
            message,
            hints: d.help().map(|h| h.to_string()).into_iter().collect(),
            trace,
            cause: d.diagnostic_source().map(|c| Box::new(Diagnostic::of(c))),
            excerpt: Excerpt::of(d),
        };
        out.reason = out.text();
        out
    }

    /// The message followed by each cause it does not already say, as one
    /// line of text: `… cannot be used: no such file`.
    pub fn text(&self) -> String {
        let mut text = self.message.clone();
        for cause in &self.trace {
            if !text.contains(cause.as_str()) {
                text = format!("{text}: {cause}");
            }
        }
        text
    }

    /// A diagnostic that says `message` (what is wrong, without where),
    /// with `code`, pointing nowhere until it is [`Diagnostic::located`].
    pub fn new(severity: Severity, code: String, message: String) -> Diagnostic {
        Diagnostic {
            severity,
            code: Some(code),
            origin: None,
            at: None,
            key: None,
            reason: message.clone(),
            message,
            hints: Vec::new(),
            trace: Vec::new(),
            cause: None,
            excerpt: None,
        }
    }

    /// The message as one line: `path:line:column: message` when it points
    /// into an input (the form editors jump to), else the message; line
    /// breaks in it become `; `. A warning says so: `path:line:column: warning:
    /// message`.
    pub fn line(&self) -> String {
        self.line_in(Language::En)
    }

    /// [`Diagnostic::line`] with the word for a warning in `language` (the
    /// message is in the language it was made in).
    pub fn line_in(&self, language: Language) -> String {
        let mut message = self.message.trim().replace('\n', "; ");
        if self.severity == Severity::Warning {
            message = say(language, "warning", &[("what", Arg::Text(&message))]);
        }
        match (&self.origin, self.at) {
            (Some(origin), Some(at)) => {
                if message.starts_with(&format!("{origin}:{}:", at.line)) {
                    message
                } else {
                    format!("{origin}:{at}: {message}")
                }
            }
            _ => message,
        }
    }

    /// Points at `at` in `origin`.
    pub fn located(mut self, origin: &str, at: Position) -> Diagnostic {
        self.origin = Some(origin.to_string());
        self.at = Some(at);
        self
    }
}

impl fmt::Display for Diagnostic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for Diagnostic {}

/// The diagnostic again through miette's trait, for the renderer that draws
/// its lines: the excerpt is its source code.
impl miette::Diagnostic for Diagnostic {
    fn code<'a>(&'a self) -> Option<Box<dyn fmt::Display + 'a>> {
        self.code
            .as_ref()
            .map(|c| Box::new(c) as Box<dyn fmt::Display>)
    }

    fn severity(&self) -> Option<miette::Severity> {
        Some(match self.severity {
            Severity::Error => miette::Severity::Error,
            Severity::Warning => miette::Severity::Warning,
        })
    }

    fn help<'a>(&'a self) -> Option<Box<dyn fmt::Display + 'a>> {
        self.hints
            .first()
            .map(|h| Box::new(h) as Box<dyn fmt::Display>)
    }

    fn source_code(&self) -> Option<&dyn SourceCode> {
        self.excerpt.as_ref().map(|e| e as &dyn SourceCode)
    }

    fn labels(&self) -> Option<Box<dyn Iterator<Item = LabeledSpan> + '_>> {
        let excerpt = self.excerpt.as_ref()?;
        Some(Box::new(excerpt.labels.iter().cloned()))
    }

    fn diagnostic_source(&self) -> Option<&dyn miette::Diagnostic> {
        self.cause.as_deref().map(|c| c as &dyn miette::Diagnostic)
    }
}

/// The lines a diagnostic's labels point at, as its source code gave them
/// (already cut short), kept for the one or no line of context around a
/// label the renderer asks for.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Excerpt {
    labels: Vec<LabeledSpan>,
    pieces: Vec<Piece>,
}

/// One answer of the source code: for `span` with `context` lines around
/// it, the text from `start` (line and column 0-based) over `lines` lines.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Piece {
    span: SourceSpan,
    context: usize,
    name: Option<String>,
    data: Vec<u8>,
    start: SourceSpan,
    line: usize,
    column: usize,
    lines: usize,
}

impl Excerpt {
    /// The lines `d`'s labels point at, with none or one line around.
    fn of(d: &dyn miette::Diagnostic) -> Option<Excerpt> {
        let source = d.source_code()?;
        let labels: Vec<LabeledSpan> = d.labels()?.collect();
        let mut pieces = Vec::new();
        for label in &labels {
            for context in [0, 1] {
                let Ok(c) = source.read_span(label.inner(), context, context) else {
                    continue;
                };
                pieces.push(Piece {
                    span: *label.inner(),
                    context,
                    name: c.name().map(str::to_string),
                    data: c.data().to_vec(),
                    start: *c.span(),
                    line: c.line(),
                    column: c.column(),
                    lines: c.line_count(),
                });
            }
        }
        Some(Excerpt { labels, pieces })
    }
}

impl SourceCode for Excerpt {
    fn read_span<'a>(
        &'a self,
        span: &SourceSpan,
        before: usize,
        after: usize,
    ) -> Result<Box<dyn SpanContents<'a> + 'a>, MietteError> {
        let context = before.max(after);
        let piece = self
            .pieces
            .iter()
            .find(|p| p.span == *span && p.context == context)
            .ok_or(MietteError::OutOfBounds)?;
        let data = piece.data.as_slice();
        Ok(Box::new(match &piece.name {
            Some(name) => MietteSpanContents::new_named(
                name.clone(),
                data,
                piece.start,
                piece.line,
                piece.column,
                piece.lines,
            ),
            None => {
                MietteSpanContents::new(data, piece.start, piece.line, piece.column, piece.lines)
            }
        }))
    }
}

impl From<&InputError> for Diagnostic {
    /// Its reason without the path; a text that is not UTF-8 points at
    /// the first bad byte.
    fn from(e: &InputError) -> Diagnostic {
        let mut out = Diagnostic::of(e);
        out.reason = e.reason();
        if let InputError::NotUtf8 { at, path } = e {
            out = out.located(path, *at);
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::maps::{MapError, parse_map_file};

    #[test]
    fn a_map_files_error_says_where_which_entry_and_what() {
        let text = "kind = \"functional\"\ncolumns = [[1, 2, 3, 4, 5, 6, 7, 8, 10]]\n";
        let Err(e) = parse_map_file("m.toml", text) else {
            panic!("a map with an entry 10 was taken");
        };
        let d = Diagnostic::from(&e);
        assert_eq!(d.severity, Severity::Error);
        assert_eq!(d.origin.as_deref(), Some("m.toml"));
        assert!(d.at.is_some_and(|at| at.line == 2), "{d:?}");
        assert!(
            d.code
                .as_deref()
                .is_some_and(|c| c.starts_with("paperboard::map::"))
        );
        assert!(d.line().starts_with("m.toml:2:"), "{}", d.line());
        assert!(!d.reason.starts_with("m.toml"), "{}", d.reason);
        // The excerpt answers the renderer as the file did.
        let label = miette::Diagnostic::labels(&d).and_then(|mut l| l.next());
        let label = label.expect("a label");
        let source = miette::Diagnostic::source_code(&d).expect("an excerpt");
        let shown = source.read_span(label.inner(), 1, 1).expect("the lines");
        assert!(String::from_utf8_lossy(shown.data()).contains("columns"));
    }

    #[test]
    fn an_error_without_a_place_is_its_message_and_its_causes() {
        let e = MapError::Unknown("map99".into());
        let d = Diagnostic::from(&e);
        assert_eq!((d.origin.clone(), d.at), (None, None));
        assert_eq!(d.line(), "unknown map `map99`");
        assert_eq!(d.code.as_deref(), Some("paperboard::map::unknown"));
        assert_eq!(d.hints.len(), 1);
        assert_eq!(d.reason, d.text());
        assert!(miette::Diagnostic::source_code(&d).is_none());
    }
}
