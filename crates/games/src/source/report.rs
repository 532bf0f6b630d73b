//! Where messages point, for every front end (the command line, a web
//! page): the place a located error points at, which its
//! [`Diagnostic`](super::Diagnostic) keeps and writes as the one line
//! editors jump to, `path:line:column: message`. The lines of
//! the file around it are drawn by the binary, which alone builds miette's
//! graphical renderer; this crate returns diagnostics and never draws them.
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

use super::Position;

use miette::{
    Diagnostic, LabeledSpan, MietteError, MietteSpanContents, SourceCode, SourceSpan, SpanContents,
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

    /// The line and column of a byte offset.
    pub fn position(&self, offset: usize) -> Position {
        let text = self.text();
        let offset = floor_char(text, offset.min(text.len()));
        let before = &text[..offset];
        let line = before.matches('\n').count() + 1;
        let column = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
        Position::new(line, column)
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
        let at = self.position(range.start);
        let shown = &self.text()[range.clone()];
        let line_count = shown.matches('\n').count() + 1;
        Ok(Box::new(MietteSpanContents::new_named(
            self.name().to_string(),
            shown.as_bytes(),
            (range.start, range.len()).into(),
            at.line as usize - 1,
            at.col as usize - 1,
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

/// Where a diagnostic points: its source's name and the position of its
/// primary label (or its first).
pub(crate) fn location(d: &dyn Diagnostic) -> Option<(String, Position)> {
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
    Some((name, Position::new(line + 1, column + 1)))
}
