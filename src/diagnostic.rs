//! A diagnostic drawn for a person at a terminal: the one line editors
//! jump to, the lines of the file it points at with its labels under them,
//! its causes and its help.
//!
//! The libraries return their errors as one shape,
//! `paperboard_games::source::Diagnostic` (what, where, why, the short
//! excerpts of the lines it points at); drawing them is the binary's, as
//! terminals are, so only the binary builds miette's graphical renderer
//! (its `fancy` feature: terminal widths, colours, backtraces).

use std::fmt;

use miette::{Diagnostic as _, GraphicalReportHandler, GraphicalTheme, LabeledSpan, SourceCode};
use paperboard_games::source::Diagnostic;

/// A diagnostic in full: its one line (`path:line:column: message`), the
/// lines it points at, then its causes and its help.
pub(crate) fn full(d: &Diagnostic) -> String {
    let mut out = d.line();
    if let Some(snippet) = snippet(d) {
        out.push('\n');
        out.push_str(&snippet);
    }
    if let Some(inner) = &d.cause {
        out.push('\n');
        out.push_str(&full(inner));
    } else {
        for text in &d.trace {
            if !out.contains(text.as_str()) {
                out.push_str(": ");
                out.push_str(text);
            }
        }
    }
    for help in &d.hints {
        out.push_str(&format!("\n  help: {help}"));
    }
    out
}

/// The lines of the file a diagnostic points at, with its labels under
/// them, as miette draws them (without miette's header, message and help,
/// which [`full`] writes itself).
fn snippet(d: &Diagnostic) -> Option<String> {
    struct Snippet<'a>(&'a Diagnostic);
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
    impl miette::Diagnostic for Snippet<'_> {
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
    use std::ops::Range;

    use miette::SourceSpan;
    use paperboard_games::source::report::Source;

    use super::*;

    #[derive(Debug, thiserror::Error, miette::Diagnostic)]
    #[error("{message}")]
    struct Fault {
        message: String,
        #[source_code]
        src: Source,
        #[label("here")]
        span: SourceSpan,
    }

    /// A fault labelled at `span` of `text`, as the libraries return it.
    fn fault(text: &str, span: Range<usize>) -> Diagnostic {
        let src = Source::new("f.toml", text);
        Diagnostic::of(&Fault {
            message: "bad value".into(),
            span: src.label(span),
            src,
        })
    }

    #[test]
    fn a_fault_is_one_line_then_its_lines() {
        let f = fault("[page]\nsize = \"B7\"\n", 14..18);
        assert_eq!(f.line(), "f.toml:2:8: bad value");
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
        assert_eq!(f.line(), "f.toml:2:200008: bad value");
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
