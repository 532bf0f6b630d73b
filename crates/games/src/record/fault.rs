//! What the record reader says of text it cannot read: a line that breaks
//! the record's form ([`Syntax`]) and a word in the moves that is no move
//! ([`NotAMove`]), kept typed with the values they name (a tag's name, a
//! limit) and worded only when a report is written, in the reader's
//! language, from the catalogues ([`crate::messages`]). The English words
//! are the ones the reader has always written.

use std::fmt;

use crate::language::Language;
use crate::messages::{Arg, say};

/// Why a line of a record file cannot be read as part of a record.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Syntax {
    /// More tags than a game may hold (the limit).
    TooManyTags(usize),
    /// More moves than a game may hold (the limit).
    TooManyMoves(usize),
    /// A line longer than the limit, in KiB.
    LongLine(usize),
    /// Bytes that are not UTF-8.
    NotUtf8,
    /// Moves before any tag.
    MovesBeforeTags,
    /// A tag name without a quoted value after it.
    UnquotedValue {
        /// The tag's name as written.
        name: String,
    },
    /// A tag not closed by `]`.
    UnclosedTag {
        /// The tag's name as written.
        name: String,
    },
    /// A tag name longer than the limit.
    LongTagName(usize),
    /// `[` without a tag name.
    NoTagName,
    /// A tag value not closed on its line.
    UnclosedValue {
        /// The tag's name as written.
        name: String,
    },
    /// A tag value holding a control character (its code point).
    ControlInValue {
        /// The tag's name as written.
        name: String,
        /// The character's code point.
        code: u32,
    },
    /// A tag value longer than the limit.
    LongValue {
        /// The tag's name as written.
        name: String,
        /// The most characters a value may have.
        limit: usize,
    },
    /// A `[` or `]` among the moves.
    BracketInMoves(char),
    /// Text after a tag on its line.
    AfterTag,
    /// A `{` comment never closed.
    UnclosedComment,
}

impl Syntax {
    /// The sentence in `language`.
    pub fn words(&self, language: Language) -> String {
        let s = |id: &str, args: &[(&str, Arg<'_>)]| say(language, id, args);
        fn name(n: &str) -> (&'static str, Arg<'_>) {
            ("name", Arg::Text(n))
        }
        match self {
            Syntax::TooManyTags(n) => s("syntax-too-many-tags", &[("count", Arg::Count(*n))]),
            Syntax::TooManyMoves(n) => s("syntax-too-many-moves", &[("count", Arg::Count(*n))]),
            Syntax::LongLine(n) => s("syntax-long-line", &[("count", Arg::Count(*n))]),
            Syntax::NotUtf8 => s("syntax-not-utf8", &[]),
            Syntax::MovesBeforeTags => s("syntax-moves-before-tags", &[]),
            Syntax::UnquotedValue { name: n } => s("syntax-unquoted-value", &[name(n)]),
            Syntax::UnclosedTag { name: n } => s("syntax-unclosed-tag", &[name(n)]),
            Syntax::LongTagName(n) => s("syntax-long-tag-name", &[("count", Arg::Count(*n))]),
            Syntax::NoTagName => s("syntax-no-tag-name", &[]),
            Syntax::UnclosedValue { name: n } => s("syntax-unclosed-value", &[name(n)]),
            Syntax::ControlInValue { name: n, code } => s(
                "syntax-control-in-value",
                &[name(n), ("code", Arg::Text(&format!("{code:04X}")))],
            ),
            Syntax::LongValue { name: n, limit } => s(
                "syntax-long-value",
                &[name(n), ("count", Arg::Count(*limit))],
            ),
            Syntax::BracketInMoves(c) => s(
                "syntax-bracket-in-moves",
                &[("bracket", Arg::Text(&c.to_string()))],
            ),
            Syntax::AfterTag => s("syntax-after-tag", &[]),
            Syntax::UnclosedComment => s("syntax-unclosed-comment", &[]),
        }
    }
}

/// In English.
impl fmt::Display for Syntax {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.words(Language::En))
    }
}

/// Why a word among the moves is no move: what was expected instead.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum NotAMove {
    /// Nothing that starts a move.
    Nothing,
    /// Neither a digit nor a letter first.
    Shape,
    /// More than 3 positions.
    TooManyPositions,
    /// A 0 among the positions.
    Zero,
    /// Something other than a position or separator.
    Separator,
    /// A separator with no position after it.
    AfterSeparator,
    /// A word starting with a letter that is no SOS move.
    SosShape,
}

impl NotAMove {
    /// The sentence in `language`.
    pub fn words(self, language: Language) -> String {
        let id = match self {
            NotAMove::Nothing => "not-a-move",
            NotAMove::Shape => "not-a-move-shape",
            NotAMove::TooManyPositions => "not-a-move-too-many-positions",
            NotAMove::Zero => "not-a-move-zero",
            NotAMove::Separator => "not-a-move-separator",
            NotAMove::AfterSeparator => "not-a-move-after-separator",
            NotAMove::SosShape => "not-a-move-sos",
        };
        say(language, id, &[])
    }
}

/// In English.
impl fmt::Display for NotAMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.words(Language::En))
    }
}
