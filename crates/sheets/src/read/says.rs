//! Why a photo was not read, in the reader's language.
//!
//! The reader's refusals are typed ([`ReadError`], [`DecodeError`]) and
//! their `Display` is the English the command line prints and scripts
//! read. A page in another language needs the same reasons in its own
//! words, so each is worded here from the message catalogues (`read-*`,
//! [`paperboard_games::messages`]); the English catalogue says what
//! `Display` says, word for word (tested below). A detail only the
//! English carries (why a code names no sheet, what a PDF holds past its
//! limits) is left out of the other languages rather than said in English.
//!
//! Each is also the one diagnostic shape the other layers' errors take
//! ([`Diagnostic`]), so a front end shows a photo refused as it shows a
//! record's error: a stable code (`paperboard::read::two-sheets`), what is
//! wrong in the reader's language, and where, which for a photo is the
//! part of the sheet at fault (its `key`: `code`, `marks.top-left`, the
//! record's row `record[41]`); the photo itself is named by the front end,
//! which knows its name.

use paperboard_games::messages::{Arg, say};

use super::decode::DecodeError;
use super::locate::LocateError;
use super::photo::PhotoError;
use super::sheet::ReadError;
use crate::language::Language;
use crate::limits::{PDF_PAGES, PHOTO_BYTES, PHOTO_MIN_SIDE, PHOTO_PIXELS};
use crate::source::{Diagnostic, Severity};

/// A refusal as a diagnostic: `code` under `paperboard::read::`, what is
/// wrong in the reader's language, and the part of the sheet at fault.
fn refusal(code: &str, says: String, part: Option<String>) -> Diagnostic {
    let mut out = Diagnostic::new(Severity::Error, format!("paperboard::read::{code}"), says);
    out.key = part;
    out
}

impl ReadError {
    /// Why the photo was not read, as a diagnostic in `language`: its code
    /// is `paperboard::read::` and [`ReadError::code`], its message
    /// [`ReadError::says`], its key the part of the sheet at fault (`code`,
    /// `marks`, `marks.top-left`), if one is.
    pub fn diagnostic(&self, language: Language) -> Diagnostic {
        let part = match self {
            ReadError::Locate(LocateError::NoMark(corner)) => Some(format!("marks.{corner}")),
            ReadError::Locate(LocateError::BadMarks) => Some("marks".into()),
            ReadError::Locate(LocateError::Cancelled) => None,
            ReadError::Locate(_) | ReadError::Code { .. } | ReadError::SpecNeeded(_) => {
                Some("code".into())
            }
            ReadError::Photo(_) | ReadError::NoGame(_) => None,
        };
        refusal(self.code(), self.says(language), part)
    }
}

impl DecodeError {
    /// Why no game was decoded, as a diagnostic in `language`: its code is
    /// `paperboard::read::` and [`DecodeError::code`], its message
    /// [`DecodeError::says`], its key the part of the sheet at fault (the
    /// `record`, or its first row, `record[41]`), if one is.
    pub fn diagnostic(&self, language: Language) -> Diagnostic {
        let part = match self {
            DecodeError::Blank => None,
            DecodeError::NoRecord | DecodeError::Nonsense { .. } => Some("record".into()),
            DecodeError::MissingStart(ply) | DecodeError::UnclearStart(ply) => {
                Some(format!("record[{ply}]"))
            }
        };
        refusal(self.code(), self.says(language), part)
    }
}

impl ReadError {
    /// What is wrong, in `language` (in English, this error's text).
    pub fn says(&self, language: Language) -> String {
        let quoted = |code: &str| format!("{code:?}");
        match self {
            ReadError::Photo(e) => photo(e, language),
            ReadError::Locate(e) => locate(e, language),
            ReadError::Code { code, reason } => say(
                language,
                "read-unknown-sheet",
                &[
                    ("code", Arg::Text(&quoted(code))),
                    ("reason", Arg::Text(&reason.to_string())),
                ],
            ),
            ReadError::SpecNeeded(code) => say(
                language,
                "read-spec-needed",
                &[("code", Arg::Text(&quoted(code)))],
            ),
            ReadError::NoGame(code) => say(
                language,
                "read-no-game-on-sheet",
                &[("code", Arg::Text(&quoted(code)))],
            ),
        }
    }
}

impl DecodeError {
    /// What is wrong, in `language` (in English, this error's text).
    pub fn says(&self, language: Language) -> String {
        let n = |n: &dyn ToString| n.to_string();
        match self {
            DecodeError::Blank => say(language, "read-blank-sheet", &[]),
            DecodeError::NoRecord => say(language, "read-no-record", &[]),
            DecodeError::MissingStart(start) => say(
                language,
                "read-missing-start",
                &[("start", Arg::Text(&n(start)))],
            ),
            DecodeError::UnclearStart(start) => say(
                language,
                "read-unclear-start",
                &[("start", Arg::Text(&n(start)))],
            ),
            DecodeError::Nonsense { flagged, moves } => say(
                language,
                "read-not-a-game",
                &[
                    ("flagged", Arg::Text(&n(flagged))),
                    ("moves", Arg::Count(*moves)),
                ],
            ),
        }
    }
}

fn photo(e: &PhotoError, language: Language) -> String {
    let n = |n: &dyn ToString| n.to_string();
    let page = |id: &str, page: &u32, rest: &[(&str, Arg<'_>)]| {
        let page = n(page);
        let mut args = vec![("page", Arg::Text(&page))];
        args.extend_from_slice(rest);
        say(language, id, &args)
    };
    let pixels = |id: &str, width: &u64, height: &u64, limit: (&str, String)| {
        say(
            language,
            id,
            &[
                ("width", Arg::Text(&n(width))),
                ("height", Arg::Text(&n(height))),
                (limit.0, Arg::Text(&limit.1)),
            ],
        )
    };
    match e {
        PhotoError::TooManyBytes { bytes } => say(
            language,
            "read-photo-bytes",
            &[
                ("bytes", Arg::Text(&n(bytes))),
                ("mib", Arg::Text(&n(&(PHOTO_BYTES >> 20)))),
            ],
        ),
        PhotoError::NotAnImage => say(language, "read-not-an-image", &[]),
        PhotoError::TooLarge { width, height } => pixels(
            "read-photo-too-large",
            width,
            height,
            ("millions", n(&(PHOTO_PIXELS / 1_000_000))),
        ),
        PhotoError::TooSmall { width, height } => pixels(
            "read-photo-too-small",
            width,
            height,
            ("min", n(&PHOTO_MIN_SIDE)),
        ),
        PhotoError::TooDark { paper } => say(
            language,
            "read-photo-too-dark",
            &[("paper", Arg::Text(&n(paper)))],
        ),
        PhotoError::NotAPdf => say(language, "read-not-a-pdf", &[]),
        PhotoError::TooManyPages { pages } => say(
            language,
            "read-pdf-pages",
            &[
                ("pages", Arg::Count(*pages)),
                ("limit", Arg::Text(&n(&PDF_PAGES))),
            ],
        ),
        PhotoError::PageWithoutImage { page: p } => page("read-pdf-page-without-image", p, &[]),
        PhotoError::PdfTooComplex { what } => say(
            language,
            "read-pdf-too-complex",
            &[("what", Arg::Text(what))],
        ),
        PhotoError::PageDamaged { page: p } => page("read-pdf-page-damaged", p, &[]),
        PhotoError::PageImageUnsupported { page: p, filter } => page(
            "read-pdf-image-unsupported",
            p,
            &[("filter", Arg::Text(filter))],
        ),
    }
}

fn locate(e: &LocateError, language: Language) -> String {
    let s = |id: &str| say(language, id, &[]);
    match e {
        LocateError::NoCode => s("read-no-code"),
        LocateError::CodeUnreadable => s("read-code-unreadable"),
        LocateError::ForeignCode(code) => say(
            language,
            "read-foreign-code",
            &[("code", Arg::Text(&format!("{code:?}")))],
        ),
        // The codes' texts are the machine's, not words for a class.
        LocateError::TwoSheets(..) => s("read-two-sheets"),
        LocateError::NoMark(corner) => {
            say(language, "read-no-mark", &[("corner", Arg::Text(corner))])
        }
        LocateError::BadMarks => s("read-bad-marks"),
        LocateError::SearchLimit => s("read-code-search-limit"),
        LocateError::Cancelled => s("read-cancelled"),
        LocateError::DecoderFailed => s("read-code-reader-failed"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use paperboard_games::internals;

    /// A refusal's English and its words in any language.
    type Refusal = (String, Box<dyn Fn(Language) -> String>);

    /// Every refusal of the reader, each kind once.
    fn refusals() -> Vec<Refusal> {
        let photos = [
            PhotoError::TooManyBytes { bytes: 41_943_041 },
            PhotoError::NotAnImage,
            PhotoError::TooLarge {
                width: 9000,
                height: 7000,
            },
            PhotoError::TooSmall {
                width: 400,
                height: 300,
            },
            PhotoError::TooDark { paper: 30 },
            PhotoError::NotAPdf,
            PhotoError::TooManyPages { pages: 101 },
            PhotoError::PageWithoutImage { page: 2 },
            PhotoError::PdfTooComplex {
                what: "it holds 20001 objects".into(),
            },
            PhotoError::PageDamaged { page: 3 },
            PhotoError::PageImageUnsupported {
                page: 4,
                filter: "JBIG2Decode".into(),
            },
        ]
        .map(ReadError::Photo);
        let located = [
            LocateError::NoCode,
            LocateError::CodeUnreadable,
            LocateError::ForeignCode("https://example.org".into()),
            LocateError::TwoSheets("PB1 t=a".into(), Some("PB1 t=b".into())),
            LocateError::NoMark("top-left"),
            LocateError::NoMark("bottom-right"),
            LocateError::BadMarks,
            LocateError::SearchLimit,
            LocateError::Cancelled,
            LocateError::DecoderFailed,
        ]
        .map(ReadError::Locate);
        let sheets = [
            ReadError::Code {
                code: "PB1 t=nope".into(),
                reason: std::sync::Arc::new(
                    "PB1 t=nope"
                        .parse::<crate::layout::SheetCode>()
                        .unwrap_err()
                        .into(),
                ),
            },
            ReadError::SpecNeeded("PB1 h=1a2b".into()),
            ReadError::NoGame("PB1 t=sos".into()),
        ];
        let decoded = [
            DecodeError::Blank,
            DecodeError::NoRecord,
            DecodeError::MissingStart(41),
            DecodeError::UnclearStart(41),
            DecodeError::Nonsense {
                flagged: 30,
                moves: 40,
            },
        ];
        let mut all: Vec<Refusal> = Vec::new();
        for e in photos.into_iter().chain(located).chain(sheets) {
            all.push((e.to_string(), Box::new(move |l| e.says(l))));
        }
        for e in decoded {
            all.push((e.to_string(), Box::new(move |l| e.says(l))));
        }
        all
    }

    #[test]
    fn a_refusal_is_a_diagnostic_with_its_code_its_words_and_the_part_at_fault() {
        let e = ReadError::Locate(LocateError::NoMark("top-left"));
        let d = e.diagnostic(Language::De);
        assert_eq!(d.code.as_deref(), Some("paperboard::read::no-mark"));
        assert_eq!(
            (d.message.as_str(), d.reason.as_str()),
            (e.says(Language::De).as_str(), e.says(Language::De).as_str())
        );
        assert_ne!(d.message, e.to_string(), "in German");
        assert_eq!(d.key.as_deref(), Some("marks.top-left"));
        assert_eq!(
            (d.severity, d.origin.clone(), d.at),
            (Severity::Error, None, None)
        );
        let e = ReadError::Locate(LocateError::TwoSheets(
            "PB1 t=a".into(),
            Some("PB1 t=b".into()),
        ));
        let d = e.diagnostic(Language::En);
        assert_eq!(
            d.line(),
            "the photo holds two sheets; photograph one sheet at a time"
        );
        assert_eq!(d.key.as_deref(), Some("code"));
        let d = ReadError::Photo(PhotoError::NotAnImage).diagnostic(Language::En);
        assert_eq!(
            (d.code.as_deref(), d.key),
            (Some("paperboard::read::not-an-image"), None)
        );
        let d = DecodeError::MissingStart(41).diagnostic(Language::Ru);
        assert_eq!(d.code.as_deref(), Some("paperboard::read::missing-start"));
        assert_eq!(d.key.as_deref(), Some("record[41]"));
        assert_eq!(d.message, DecodeError::MissingStart(41).says(Language::Ru));
    }

    #[test]
    fn the_english_catalogue_says_what_the_reader_says() {
        for (english, says) in refusals() {
            assert_eq!(says(Language::En), english);
        }
    }

    #[test]
    fn a_refused_photo_is_said_in_german_russian_or_thai_without_an_english_word() {
        // What stays as written: formats, units, the program's name and
        // its option, the codes and names the photo holds.
        let kept = [
            "jpeg",
            "png",
            "pdf",
            "mib",
            "paperboard",
            "spec",
            "jbig",
            "decode",
            "pb",
            "nope",
            "sos",
            "https",
            "example",
            "org",
            "file",
        ];
        let mut english_left = Vec::new();
        for (english, says) in refusals() {
            for language in [Language::De, Language::Ru, Language::Th] {
                let said = says(language);
                for word in internals::english_left(&english, &said, language, &kept) {
                    english_left.push(format!("{language}: `{word}` in `{said}`"));
                }
            }
        }
        assert!(english_left.is_empty(), "{english_left:#?}");
    }
}
