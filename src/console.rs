//! The program's console: everything it prints on standard output and
//! standard error, the commands' reports and the server's lines alike, so
//! the command line and the server (siblings that do not import each other)
//! print the same way.
//!
//! * Reports go to standard output through a [`Printer`]: buffered, with
//!   control characters escaped ([`escape_controls`]), and a write error
//!   returned rather than a panic (`println!` panics on a closed pipe). A
//!   reader that stops early (`paperboard check big.txt | head -1`) ends the
//!   program quietly with status 0 ([`stdout_closed`]); any other write
//!   error (a full disk) is one error line and status 2.
//! * Notes and errors go to standard error through [`note`], which never
//!   fails: with nowhere to write them, they are dropped.

use std::fmt::Write as _;
use std::io::{BufWriter, Write};
use std::sync::atomic::{AtomicBool, Ordering};

use paperboard_games::source::text::io_words;

/// Why standard output could not be written.
#[derive(Debug, thiserror::Error, miette::Diagnostic)]
pub enum StdoutError {
    /// The reader of standard output went away (a closed pipe).
    #[error("standard output was closed by its reader")]
    Closed,
    /// Writing failed (a full disk, a device that refused).
    #[error("cannot write standard output: {}", io_words(.0))]
    #[diagnostic(code(paperboard::output::write))]
    Write(std::io::Error),
}

static STDOUT_CLOSED: AtomicBool = AtomicBool::new(false);

/// Whether a write to standard output found it closed by its reader; the
/// program then ends quietly with status 0, as `grep` and `rg` do.
pub fn stdout_closed() -> bool {
    STDOUT_CLOSED.load(Ordering::Relaxed)
}

/// The error for a failed write to standard output: [`StdoutError::Closed`]
/// (remembered for [`stdout_closed`]) for a closed pipe, else
/// [`StdoutError::Write`].
pub fn stdout_error(source: std::io::Error) -> StdoutError {
    if source.kind() == std::io::ErrorKind::BrokenPipe {
        STDOUT_CLOSED.store(true, Ordering::Relaxed);
        StdoutError::Closed
    } else {
        StdoutError::Write(source)
    }
}

/// Buffered, escaped writing of a report to standard output (or standard
/// error, when standard output carries something else).
pub struct Printer {
    out: BufWriter<Box<dyn Write>>,
    escaped: String,
}

impl Printer {
    /// A printer on standard output.
    pub fn new() -> Printer {
        Printer::on(Box::new(std::io::stdout().lock()))
    }

    /// A printer on standard error, for a report when standard output
    /// carries a file (`check --fix -o -`).
    pub fn stderr() -> Printer {
        Printer::on(Box::new(std::io::stderr().lock()))
    }

    fn on(out: Box<dyn Write>) -> Printer {
        Printer {
            out: BufWriter::with_capacity(64 * 1024, out),
            escaped: String::new(),
        }
    }

    /// Prints `text` as it is, but with control characters escaped.
    pub fn print(&mut self, text: &str) -> Result<(), StdoutError> {
        let bytes = if needs_escaping(text) {
            self.escaped.clear();
            escape_into(text, &mut self.escaped);
            self.escaped.as_bytes()
        } else {
            text.as_bytes()
        };
        self.out.write_all(bytes).map_err(stdout_error)
    }

    /// Prints `text` and a newline.
    pub fn line(&mut self, text: &str) -> Result<(), StdoutError> {
        self.print(text)?;
        self.print("\n")
    }

    /// Flushes what is buffered; the report is complete only after this.
    pub fn finish(mut self) -> Result<(), StdoutError> {
        self.out.flush().map_err(stdout_error)
    }
}

/// Writes a note or an error message to standard error, escaped, ignoring
/// failure (there is nowhere left to report it).
pub fn note(text: &str) {
    let mut stderr = std::io::stderr().lock();
    let _ = writeln!(stderr, "{}", escape_controls(text));
}

/// Characters a terminal may act on instead of showing: C0 controls other
/// than newline and tab, DEL, C1 controls, and the bidirectional overrides
/// and isolates that reorder what is shown.
fn is_hazard(c: char) -> bool {
    (c.is_control() && c != '\n' && c != '\t')
        || matches!(c, '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}')
}

fn needs_escaping(text: &str) -> bool {
    // Fast path: plain ASCII text with no control bytes, tested a block at
    // a time without a branch per byte (a report is mostly such text).
    let odd = |b: u8| (b < 0x20 && b != b'\n' && b != b'\t') || b >= 0x7f;
    text.as_bytes()
        .chunks(64)
        .any(|block| block.iter().fold(false, |any, &b| any | odd(b)))
        && text.chars().any(is_hazard)
}

fn escape_into(text: &str, out: &mut String) {
    for c in text.chars() {
        if is_hazard(c) {
            if (c as u32) < 0x80 {
                let _ = write!(out, "\\x{:02x}", c as u32);
            } else {
                let _ = write!(out, "\\u{{{:x}}}", c as u32);
            }
        } else {
            out.push(c);
        }
    }
}

/// `text` with every terminal hazard written as an escape (`\x1b`,
/// `\u{9b}`, `\u{202e}`), so text from a file can never recolour the
/// terminal, move its cursor, set its title or reorder a line.
pub fn escape_controls(text: &str) -> String {
    if !needs_escaping(text) {
        return text.to_string();
    }
    let mut out = String::with_capacity(text.len() + 8);
    escape_into(text, &mut out);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn controls_are_escaped_and_the_rest_kept() {
        assert_eq!(escape_controls("a\tb\nc"), "a\tb\nc");
        assert_eq!(escape_controls("é ไทย"), "é ไทย");
        assert_eq!(
            escape_controls("\u{1b}]0;title\u{7}\r\u{7f}"),
            "\\x1b]0;title\\x07\\x0d\\x7f"
        );
        assert_eq!(escape_controls("\u{9b}31m"), "\\u{9b}31m");
        assert_eq!(escape_controls("ab\u{202e}cd"), "ab\\u{202e}cd");
    }
}
