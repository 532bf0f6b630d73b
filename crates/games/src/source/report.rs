//! Messages as people read them, for every front end (the command line, a
//! web page): a located error first as the one line editors jump to,
//! `path:line:column: message`, then the lines of the file around it.
//!
//! The source text an error points into is held as a [`Source`], which never
//! hands the renderer more than a short excerpt: a line longer than
//! `LINE_EXCERPT` characters is cut to a window around the fault, and
//! context lines that long are left out. So a fault anywhere in a
//! megabyte-long line is shown as a few dozen characters (and miette's
//! renderer, which cannot pad past column 65,535, never sees such a
//! column), and no message quotes a whole file.

use std::fmt;
use std::ops::Range;
use std::sync::Arc;

use miette::{
    Diagnostic, GraphicalReportHandler, GraphicalTheme, LabeledSpan, MietteError,
    MietteSpanContents, SourceCode, SourceSpan, SpanContents,
};

/// The most characters of one line a message shows: a longer line is shown
/// as a window of this many characters around the fault.
pub(crate) const LINE_EXCERPT: usize = 100;

/// The most lines a labelled span shows; the rest of a longer one is left out.
const SPAN_LINES: usize = 6;

/// The text of a file an error points into, with the name messages give it.
/// Implements [`SourceCode`] so that every excerpt it gives is short (see
/// the module documentation).
#[derive(Clone)]
pub struct Source {
    /// Shared: every error of a file holds it, and errors stay small.
    inner: Arc<SourceText>,
}

struct SourceText {
    name: String,
    text: String,
}

/// Two sources are equal when they are the same file with the same text.
impl PartialEq for Source {
    fn eq(&self, other: &Self) -> bool {
        Arc::ptr_eq(&self.inner, &other.inner)
            || (self.name() == other.name() && self.text() == other.text())
    }
}

impl fmt::Debug for Source {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Source")
            .field("name", &self.inner.name)
            .field("len", &self.inner.text.len())
            .finish()
    }
}

impl Source {
    /// The text `text` of the file called `name`.
    pub fn new(name: &str, text: &str) -> Source {
        Source {
            inner: Arc::new(SourceText {
                name: name.to_string(),
                text: text.to_string(),
            }),
        }
    }

    /// The file's name as messages give it.
    pub fn name(&self) -> &str {
        &self.inner.name
    }

    /// The whole text.
    pub fn text(&self) -> &str {
        &self.inner.text
    }

    /// 1-based line and column (in characters) of a byte offset.
    pub fn line_col(&self, offset: usize) -> (usize, usize) {
        let text = self.text();
        let offset = floor_char(text, offset.min(text.len()));
        let before = &text[..offset];
        let line = before.matches('\n').count() + 1;
        let column = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
        (line, column)
    }

    /// `span` made fit for a label: inside the text, on character
    /// boundaries, within one line and at most `LINE_EXCERPT` / 2
    /// characters long (a label under a whole megabyte string would copy it
    /// into the message).
    pub fn label(&self, span: Range<usize>) -> SourceSpan {
        let text = self.text();
        let start = floor_char(text, span.start.min(text.len()));
        let line_end = text[start..].find('\n').map_or(text.len(), |i| start + i);
        let mut end = span.end.clamp(start, line_end);
        if let Some((i, _)) = text[start..end].char_indices().nth(LINE_EXCERPT / 2) {
            end = start + i;
        }
        (start, floor_char(text, end) - start).into()
    }

    /// Where, in this TOML text, a text printed on a page is written: the
    /// string value that is that text, else one that holds it (a title
    /// around `{maps}`), else one it holds. `None` for a text the file does
    /// not write (a default, a `--set` value, a text of the program's own).
    pub fn find_text(&self, printed: &str) -> Option<Range<usize>> {
        let text = self.text();
        let printed = printed.trim();
        if printed.is_empty() {
            return None;
        }
        super::text::find_string(text, |s| s.trim() == printed)
            .or_else(|| super::text::find_string(text, |s| s.contains(printed)))
            .or_else(|| {
                super::text::find_string(text, |s| {
                    s.trim().chars().nth(2).is_some() && printed.contains(s.trim())
                })
            })
    }

    /// The byte range of the line holding `offset` (without its line break).
    fn line_at(&self, offset: usize) -> Range<usize> {
        let text = self.text();
        let start = text[..offset].rfind('\n').map_or(0, |i| i + 1);
        let end = text[offset..].find('\n').map_or(text.len(), |i| offset + i);
        start..end
    }

    fn short(&self, line: &Range<usize>) -> bool {
        line.len() <= LINE_EXCERPT
            || self.text()[line.clone()]
                .chars()
                .nth(LINE_EXCERPT)
                .is_none()
    }

    /// The byte range shown for a span: whole short lines (the span's, and
    /// up to `before` and `after` more around it), or a window of the
    /// span's line when that line is long.
    fn excerpt(&self, span: &SourceSpan, before: usize, after: usize) -> Range<usize> {
        let text = self.text();
        let start = floor_char(text, span.offset().min(text.len()));
        let end = floor_char(text, (span.offset() + span.len()).clamp(start, text.len()));
        let first = self.line_at(start);
        if !self.short(&first) {
            let half = LINE_EXCERPT / 2;
            let from = text[first.start..start]
                .char_indices()
                .rev()
                .nth(half.saturating_sub(1))
                .map_or(first.start, |(i, _)| first.start + i);
            let to = text[start..first.end]
                .char_indices()
                .nth(half)
                .map_or(first.end, |(i, _)| start + i);
            return from..to;
        }
        let mut range = first.clone();
        // The span's further lines, while short.
        let mut lines = 1;
        while range.end < end && range.end < text.len() && lines < SPAN_LINES {
            let next = self.line_at(range.end + 1);
            if !self.short(&next) {
                break;
            }
            range.end = next.end;
            lines += 1;
        }
        for _ in 0..before {
            if range.start == 0 {
                break;
            }
            let prev = self.line_at(range.start - 1);
            if !self.short(&prev) {
                break;
            }
            range.start = prev.start;
        }
        for _ in 0..after {
            if range.end >= text.len() {
                break;
            }
            let next = self.line_at(range.end + 1);
            if !self.short(&next) {
                break;
            }
            range.end = next.end;
        }
        range
    }
}

impl SourceCode for Source {
    fn read_span<'a>(
        &'a self,
        span: &SourceSpan,
        before: usize,
        after: usize,
    ) -> Result<Box<dyn SpanContents<'a> + 'a>, MietteError> {
        let range = self.excerpt(span, before, after);
        let (line, column) = self.line_col(range.start);
        let shown = &self.text()[range.clone()];
        let line_count = shown.matches('\n').count() + 1;
        Ok(Box::new(MietteSpanContents::new_named(
            self.name().to_string(),
            shown.as_bytes(),
            (range.start, range.len()).into(),
            line - 1,
            column - 1,
            line_count,
        )))
    }
}

/// The largest character boundary at or before `at`.
fn floor_char(text: &str, mut at: usize) -> usize {
    at = at.min(text.len());
    while !text.is_char_boundary(at) {
        at -= 1;
    }
    at
}

/// Where a diagnostic points: its source's name, line and column (1-based,
/// column in characters), from its primary label (or its first).
pub fn location(d: &dyn Diagnostic) -> Option<(String, usize, usize)> {
    let source = d.source_code()?;
    let labels: Vec<LabeledSpan> = d.labels()?.collect();
    let label = labels
        .iter()
        .find(|l| l.primary())
        .or_else(|| labels.first())?;
    let contents = source.read_span(label.inner(), 0, 0).ok()?;
    let name = contents.name()?.to_string();
    // The excerpt starts at its line's start or inside a long line; count
    // the characters from there to the label.
    let before = label.offset().saturating_sub(contents.span().offset());
    let data = contents.data();
    let prefix = data.get(..before.min(data.len())).unwrap_or_default();
    let prefix = String::from_utf8_lossy(prefix);
    let (line, column) = match prefix.rfind('\n') {
        Some(i) => (
            contents.line() + prefix.matches('\n').count(),
            prefix[i + 1..].chars().count(),
        ),
        None => (contents.line(), contents.column() + prefix.chars().count()),
    };
    Some((name, line + 1, column + 1))
}

/// A diagnostic as one line: `path:line:column: message` when it points
/// into a file (the form editors jump to), else its message. Line breaks in
/// the message become `; `.
pub fn one_line(d: &dyn Diagnostic) -> String {
    let message = d.to_string().trim().replace('\n', "; ");
    match location(d) {
        Some((name, line, column)) => {
            let prefix = format!("{name}:{line}:");
            if message.starts_with(&prefix) {
                message
            } else {
                format!("{name}:{line}:{column}: {message}")
            }
        }
        None => message,
    }
}

/// A diagnostic in full: its [`one_line`] form, the lines it points at,
/// then its causes and its help.
pub fn full(d: &dyn Diagnostic) -> String {
    let mut out = one_line(d);
    if let Some(snippet) = snippet(d) {
        out.push('\n');
        out.push_str(&snippet);
    }
    if let Some(inner) = d.diagnostic_source() {
        out.push('\n');
        out.push_str(&full(inner));
    } else {
        let mut cause = std::error::Error::source(d);
        while let Some(c) = cause {
            let text = c.to_string();
            if !out.contains(&text) {
                out.push_str(": ");
                out.push_str(&text);
            }
            cause = c.source();
        }
    }
    if let Some(help) = d.help() {
        out.push_str(&format!("\n  help: {help}"));
    }
    out
}

/// The lines of the file a diagnostic points at, with its labels under
/// them, as miette draws them (without miette's header, message and help,
/// which [`full`] writes itself).
fn snippet(d: &dyn Diagnostic) -> Option<String> {
    struct Snippet<'a>(&'a dyn Diagnostic);
    impl fmt::Debug for Snippet<'_> {
        fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            f.write_str("snippet")
        }
    }
    impl fmt::Display for Snippet<'_> {
        fn fmt(&self, _: &mut fmt::Formatter<'_>) -> fmt::Result {
            Ok(())
        }
    }
    impl std::error::Error for Snippet<'_> {}
    impl Diagnostic for Snippet<'_> {
        fn source_code(&self) -> Option<&dyn SourceCode> {
            self.0.source_code()
        }
        fn labels(&self) -> Option<Box<dyn Iterator<Item = LabeledSpan> + '_>> {
            self.0.labels()
        }
    }
    d.source_code()?;
    d.labels()?.next()?;
    let mut drawn = String::new();
    GraphicalReportHandler::new_themed(GraphicalTheme::unicode_nocolor())
        .with_width(usize::MAX)
        .with_links(false)
        .without_cause_chain()
        .without_primary_span_start()
        .render_report(&mut drawn, &Snippet(d))
        .ok()?;
    let start = drawn.find(['╭', '┌', ','])?;
    let start = drawn[..start].rfind('\n').map_or(0, |i| i + 1);
    let shown = drawn[start..].trim_end();
    (!shown.is_empty()).then(|| shown.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Debug, thiserror::Error, Diagnostic)]
    #[error("{message}")]
    struct Fault {
        message: String,
        #[source_code]
        src: Source,
        #[label("here")]
        span: SourceSpan,
    }

    fn fault(text: &str, span: Range<usize>) -> Fault {
        let src = Source::new("f.toml", text);
        Fault {
            message: "bad value".into(),
            span: src.label(span),
            src,
        }
    }

    #[test]
    fn a_fault_is_one_line_then_its_lines() {
        let f = fault("[page]\nsize = \"B7\"\n", 14..18);
        assert_eq!(one_line(&f), "f.toml:2:8: bad value");
        let text = full(&f);
        assert!(text.starts_with("f.toml:2:8: bad value\n"), "{text}");
        assert!(text.contains("size = \"B7\""), "{text}");
        assert!(text.contains("here"), "{text}");
    }

    #[test]
    fn a_fault_far_along_a_long_line_shows_a_window() {
        let mut text = String::from("[page]\n");
        text.push_str(&" ".repeat(200_000));
        let at = text.len();
        text.push_str("size = \"B7\" # ");
        text.push_str(&"é".repeat(100_000));
        text.push('\n');
        let f = fault(&text, at + 7..at + 11);
        assert_eq!(one_line(&f), "f.toml:2:200008: bad value");
        let shown = full(&f);
        assert!(shown.len() < 2_000, "{} bytes", shown.len());
        assert!(shown.contains("size = \"B7\""), "{shown}");
    }

    #[test]
    fn long_spans_and_long_context_lines_are_cut() {
        let mut text = "x".repeat(300_000);
        text.push_str("\nkey = \"");
        let at = text.len();
        text.push_str(&"a".repeat(300_000));
        text.push_str("\"\n");
        let f = fault(&text, at..at + 300_000);
        let shown = full(&f);
        assert!(shown.len() < 2_000, "{} bytes", shown.len());
        assert!(shown.starts_with("f.toml:2:8: bad value"), "{shown}");
        // A label past the end, or not on a boundary, is still drawn.
        let f = fault("é = 1", 1..99);
        assert!(full(&f).starts_with("f.toml:1:1: "));
    }
}
