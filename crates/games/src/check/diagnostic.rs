//! The checker's findings as the one diagnostic shape every front end
//! shows ([`crate::source::Diagnostic`]).
//!
//! A record's syntax error ([`ParseError`]) and a tag that makes its game
//! impossible to check ([`SetupError`]) are met while reading, before the
//! checker; the checker reports them as a [`CheckError`] of its game, and
//! a [`CheckError`] (or a warning, the same shape of a doubt) becomes a
//! diagnostic here, worded in the reader's language: so each is said one
//! way, whichever reached the front end. The text report writes every
//! error, warning and file's error as its diagnostic's line; the JSON
//! report keeps its own fields (`move`, `player`, `suggestions` with their
//! edits), which scripts and the web page read and its golden files fix,
//! but its place (`line`, `col`), `code` and words (`says`, each
//! suggestion's) are the diagnostic's, as a test here holds them.

use super::reason::Reason;
use super::{CheckError, FileError, FileFault, GameReport, tag_error};
use crate::language::Language;
use crate::messages::{Arg, say};
use crate::record::ParseError;
use crate::setup::SetupError;
use crate::source::{Diagnostic, Severity};

impl CheckError {
    /// The error found in `file` as a diagnostic worded in `language`
    /// (`severity` [`Severity::Warning`] for one of the checker's
    /// warnings): it points at the move or tag, its message names the move
    /// (`move 12 (X) 5.5: …`), its reason is what is wrong without where,
    /// and each suggestion is a hint, best first. Its code is
    /// `paperboard::check::` and the error's own (`occupied`).
    pub fn diagnostic(&self, file: &str, severity: Severity, language: Language) -> Diagnostic {
        let mut out = self.unlocated(severity, language);
        out.hints = super::repair::suggestion_hints_in(&self.suggestions, language);
        out.located(file, self.at)
    }

    /// The diagnostic before it is placed in a file.
    fn unlocated(&self, severity: Severity, language: Language) -> Diagnostic {
        let code = format!("paperboard::check::{}", self.code);
        let mut out = Diagnostic::new(severity, code, words(self, language));
        out.reason = self.says(language);
        out.at = Some(self.at);
        out
    }
}

/// An error after its place: `move N (PLAYER) TEXT: reason`, or for a tag
/// `[Tag "value"]: reason`.
fn words(e: &CheckError, language: Language) -> String {
    let what = match (&e.move_number, &e.player) {
        (Some(n), Some(p)) => say(
            language,
            "at-move",
            &[
                ("n", Arg::Count(*n as usize)),
                ("p", Arg::Text(p)),
                ("text", Arg::Text(&e.text)),
            ],
        ),
        (Some(n), None) => say(
            language,
            "at-move-number",
            &[("n", Arg::Count(*n as usize)), ("text", Arg::Text(&e.text))],
        ),
        _ => e.text.clone(),
    };
    let message = e.says(language);
    if what.is_empty() {
        message
    } else {
        format!("{what}: {message}")
    }
}

impl GameReport {
    /// The game's warnings, then its errors, as diagnostics in `language`
    /// (those kept: see [`GameReport::limit_errors`]).
    pub fn diagnostics(&self, language: Language) -> Vec<Diagnostic> {
        let warnings = self.warnings.iter().map(|w| (w, Severity::Warning));
        let errors = self.errors.iter().map(|e| (e, Severity::Error));
        warnings
            .chain(errors)
            .map(|(e, severity)| e.diagnostic(&self.file, severity, language))
            .collect()
    }
}

impl FileError {
    /// The file's error as a diagnostic in `language`: where the file
    /// stops being a record (`not a record: …`), or, for a file that could
    /// not be read at all, the file and why.
    pub fn diagnostic(&self, file: &str, language: Language) -> Diagnostic {
        let why = self.says(language);
        let code = format!("paperboard::check::{}", file_code(&self.fault));
        match self.at {
            Some(at) => {
                let message = say(language, "not-a-record", &[("why", Arg::Text(&why))]);
                let mut out = Diagnostic::new(Severity::Error, code, message);
                out.reason = why;
                out.located(file, at)
            }
            // No place in it to point at: the message names the file.
            None => {
                let mut out = Diagnostic::new(Severity::Error, code, format!("{file}: {why}"));
                out.origin = Some(file.to_string());
                out.reason = why;
                out
            }
        }
    }
}

/// The code of a file's error: `not-a-record` for a file read and found
/// no record, else why it was not read.
fn file_code(fault: &FileFault) -> &'static str {
    match fault {
        FileFault::Stray(_) | FileFault::NoGame => "not-a-record",
        FileFault::NoSuchFile => "no-such-file",
        FileFault::Read(_) => "unreadable",
        FileFault::Unread(_) | FileFault::Unopened(_) => "unopened",
        FileFault::TooLargeToShow(_) => "too-large-to-show",
    }
}

/// A syntax error is the error the checker reports for the game it is in.
impl From<&ParseError> for CheckError {
    fn from(e: &ParseError) -> CheckError {
        tag_error(e.at, "syntax", Reason::Syntax(e.fault.clone()))
    }
}

/// A tag that cannot be used is the error the checker reports for its
/// game.
impl From<&SetupError> for CheckError {
    fn from(e: &SetupError) -> CheckError {
        tag_error(e.at, "setup", Reason::Setup(e.fault.clone()))
    }
}

/// As the checker reports it (`paperboard::check::syntax`), in English,
/// pointing at its line and column ([`Diagnostic::located`] names the
/// file).
impl From<&ParseError> for Diagnostic {
    fn from(e: &ParseError) -> Diagnostic {
        CheckError::from(e).unlocated(Severity::Error, Language::En)
    }
}

/// As the checker reports it (`paperboard::check::setup`), in English,
/// pointing at the tag ([`Diagnostic::located`] names the file).
impl From<&SetupError> for Diagnostic {
    fn from(e: &SetupError) -> Diagnostic {
        CheckError::from(e).unlocated(Severity::Error, Language::En)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::check::check_source;

    fn report(record: &str) -> GameReport {
        let f = check_source("r.txt", record.as_bytes(), None);
        f.games[0].report.clone()
    }

    #[test]
    fn an_illegal_move_is_a_diagnostic_at_the_move_with_its_suggestions() {
        let r = report("[Game \"Tic-tac-toe\"]\n1. 5 5\n");
        let d = r.diagnostics(Language::En);
        assert_eq!(d.len(), 1, "{d:?}");
        let d = &d[0];
        assert_eq!(d.severity, Severity::Error);
        assert_eq!(d.code.as_deref(), Some("paperboard::check::occupied"));
        assert_eq!(
            d.line(),
            "r.txt:2:6: move 1 (O) 5: cell 5 is already taken by X"
        );
        assert_eq!(d.reason, "cell 5 is already taken by X");
        assert_eq!(d.reason, r.errors[0].message);
        let first =
            "did you mean 2 (one digit, a neighbouring key)? then the record is legal to its end";
        assert_eq!((d.hints.len(), d.hints[0].as_str()), (3, first));
        let de = r.errors[0].diagnostic("r.txt", Severity::Error, Language::De);
        assert_eq!(de.reason, r.errors[0].says(Language::De));
        assert_ne!(de.reason, d.reason);
        // The same finding as a warning says so, in the report's language.
        let w = r.errors[0].diagnostic("r.txt", Severity::Warning, Language::En);
        assert_eq!(
            w.line(),
            "r.txt:2:6: warning: move 1 (O) 5: cell 5 is already taken by X"
        );
        let w = r.errors[0].diagnostic("r.txt", Severity::Warning, Language::De);
        assert!(
            w.line_in(Language::De).starts_with("r.txt:2:6: Hinweis: "),
            "{}",
            w.line_in(Language::De)
        );
    }

    #[test]
    fn a_syntax_error_and_a_tag_are_said_as_the_checker_says_them() {
        let r = report("[Game \"Tic-tac-toe\"\n1. 5\n");
        let text = "[Game \"Tic-tac-toe\"\n1. 5\n";
        let records = crate::record::parse(text);
        let syntax = match records {
            Ok(games) => games[0].errors[0].clone(),
            Err(e) => e,
        };
        let d = Diagnostic::from(&syntax).located("r.txt", syntax.at);
        assert_eq!(d.code.as_deref(), Some("paperboard::check::syntax"));
        assert_eq!(
            d.line(),
            super::super::text::error_line("r.txt", &r.errors[0])
        );

        let r = report("[Game \"Tic-tac-tow\"]\n1. 5\n");
        let mut game = crate::record::parse("[Game \"Tic-tac-tow\"]\n1. 5\n").unwrap();
        let setup = crate::setup::GameSetup::from_tags(&game.remove(0), None).unwrap_err();
        let d = Diagnostic::from(&setup).located("r.txt", setup.at);
        assert_eq!(d.code.as_deref(), Some("paperboard::check::setup"));
        assert_eq!(d.reason, setup.message());
        assert_eq!(
            d.line(),
            super::super::text::error_line("r.txt", &r.errors[0])
        );
    }

    #[test]
    fn the_json_reports_place_code_and_words_are_the_diagnostics() {
        // The JSON report keeps its own fields (`move`, `player`, each
        // suggestion's edits, which scripts and the page read), but where
        // an error is, its code and what it says are its diagnostic's.
        let r = report("[Game \"Tic-tac-toe\"]\n1. 5 5\n");
        for language in [Language::En, Language::De, Language::Th] {
            let mut stream = super::super::text::JsonStream::in_language(language);
            let json: serde_json::Value = serde_json::from_str(&stream.game(&r)).unwrap();
            let d = &r.diagnostics(language)[0];
            let e = &json["errors"][0];
            let code = d.code.as_deref().unwrap();
            assert_eq!(
                Some(code),
                e["code"]
                    .as_str()
                    .map(|c| format!("paperboard::check::{c}"))
                    .as_deref()
            );
            let at = d.at.unwrap();
            assert_eq!(
                (e["line"].as_u64(), e["col"].as_u64()),
                (Some(u64::from(at.line)), Some(u64::from(at.col)))
            );
            let says = if language == Language::En {
                &e["message"]
            } else {
                &e["says"]
            };
            assert_eq!(says.as_str(), Some(d.reason.as_str()), "{language}");
            // Each hint is a suggestion's `says` after the words that offer
            // it ("did you mean", "or").
            let says: Vec<&str> = e["suggestions"]
                .as_array()
                .unwrap()
                .iter()
                .map(|s| s["says"].as_str().unwrap())
                .collect();
            assert_eq!(says.len(), d.hints.len(), "{language}");
            for (says, hint) in says.iter().zip(&d.hints) {
                assert!(hint.ends_with(says), "{language}: {hint} / {says}");
            }
        }
    }

    #[test]
    fn a_file_that_is_no_record_points_where_it_stops_being_one() {
        let f = check_source("r.txt", b"hello\n", None);
        let e = f.error.expect("not a record");
        let d = e.diagnostic("r.txt", Language::En);
        let want = "r.txt:1:1: not a record: expected the game's tags, such as [Game \"strategic\"], before the moves";
        assert_eq!(d.line(), want);
        assert_eq!(d.code.as_deref(), Some("paperboard::check::not-a-record"));
        let unread = FileError::too_large_to_show(4).diagnostic("big.txt", Language::En);
        let want = "big.txt: --fix --dry-run shows the changes of records of at most 4 MiB; leave out --dry-run to write the fixed record";
        assert_eq!((unread.line(), unread.at), (want.to_string(), None));
    }
}
