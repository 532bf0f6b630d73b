//! The first pass over a record, one line at a time: comments removed, each
//! line cut into a tag, words, or nothing (a blank line), each with its line
//! and column. The only state carried from line to line is an open `{`
//! comment, so the parser can read a file of any size line by line.
//!
//! A syntax error costs the rest of its line, never the file: the lexer
//! reports it and carries on at the next line.

use super::{ParseError, Syntax, Tag};
use crate::source::Position;

/// The most characters a tag value may hold. Values are names, dates and
/// claims; quoting one in a message stays short.
pub(crate) const MAX_TAG_VALUE: usize = 200;

/// One piece of a record.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) enum Piece<'a> {
    /// A `[Name "value"]` line.
    Tag(Box<Tag>),
    /// A line that starts with `[` but is not a well-formed tag line.
    BadTag(ParseError),
    /// A run of non-blank characters outside comments.
    Word {
        /// The characters.
        text: &'a str,
        /// 1-based line.
        line: u32,
        /// 1-based column (in characters).
        col: u32,
    },
    /// A line holding nothing but white space.
    Blank,
    /// Text that is no part of a record (a bracket among the moves, an
    /// unreadable line).
    Error(ParseError),
}

pub(crate) use crate::source::text::is_unprintable;

/// Printable ASCII bytes that may stand in a word (all but `{ ; [ ]`).
static WORD_BYTE: [bool; 256] = {
    let mut table = [false; 256];
    let mut b = 0;
    while b < 256 {
        table[b] = is_word_byte(b as u8);
        b += 1;
    }
    table
};

/// Whether `b` may stand in a word as a plain ASCII byte (printable, and
/// none of `{ ; [ ]`); [`WORD_BYTE`] holds the answers for the lexer's loop.
pub(super) const fn is_word_byte(b: u8) -> bool {
    b >= b'!' && b < 0x7f && !matches!(b, b'{' | b';' | b'[' | b']')
}

struct Scanner<'a> {
    text: &'a str,
    /// Byte offset of the next character.
    pos: usize,
    line: u32,
    col: u32,
}

impl Scanner<'_> {
    fn peek(&self) -> Option<char> {
        // Records are nearly all ASCII: decode only the rest.
        let b = *self.text.as_bytes().get(self.pos)?;
        if b < 0x80 {
            Some(char::from(b))
        } else {
            self.text.get(self.pos..)?.chars().next()
        }
    }

    /// The current character, whose first byte is `b`: decoded only
    /// beyond ASCII.
    #[inline]
    fn char_from(&self, b: u8) -> Option<char> {
        if b < 0x80 {
            Some(char::from(b))
        } else {
            self.peek()
        }
    }

    fn bump(&mut self) -> Option<char> {
        let c = self.peek()?;
        self.pos += c.len_utf8();
        self.col += 1;
        Some(c)
    }

    fn error(&self, fault: Syntax) -> ParseError {
        ParseError {
            at: Position {
                line: self.line,
                col: self.col,
            },
            fault,
        }
    }

    /// Skips to the `}` closing a comment; `false` if the line ends first.
    fn close_comment(&mut self) -> bool {
        match self.text.get(self.pos..).and_then(|rest| rest.find('}')) {
            Some(i) => {
                let skipped = self.text.get(self.pos..self.pos + i).unwrap_or("");
                self.col += skipped.chars().count() as u32 + 1;
                self.pos += i + 1;
                true
            }
            None => false,
        }
    }

    fn skip_spaces(&mut self) {
        while self.peek().is_some_and(char::is_whitespace) {
            self.bump();
        }
    }

    /// `[Name "value"]` and what may follow it on its line. Returns the tag
    /// and, when a `{` comment after it runs past the line, where it began.
    fn tag(&mut self) -> Result<(Tag, Option<(u32, u32)>), ParseError> {
        let (line, col) = (self.line, self.col);
        self.bump();
        self.skip_spaces();
        let name = self.tag_name()?;
        self.skip_spaces();
        if self.peek() != Some('"') {
            return Err(self.error(Syntax::UnquotedValue { name }));
        }
        self.bump();
        let (value_line, value_col) = (self.line, self.col);
        let value = self.tag_value(&name, value_line, value_col)?;
        self.skip_spaces();
        if self.peek() != Some(']') {
            return Err(self.error(Syntax::UnclosedTag { name }));
        }
        self.bump();
        let open_comment = self.after_tag()?;
        let tag = Tag {
            name,
            value,
            at: Position { line, col },
            value_at: Position {
                line: value_line,
                col: value_col,
            },
        };
        Ok((tag, open_comment))
    }

    /// A tag's name: letters, digits, `_` and `-`, at most
    /// [`MAX_TAG_VALUE`] of them.
    fn tag_name(&mut self) -> Result<String, ParseError> {
        let mut name = String::new();
        while let Some(c) = self
            .peek()
            .filter(|c| c.is_alphanumeric() || *c == '_' || *c == '-')
        {
            if name.len() >= MAX_TAG_VALUE {
                return Err(self.error(Syntax::LongTagName(MAX_TAG_VALUE)));
            }
            name.push(c);
            self.bump();
        }
        if name.is_empty() {
            return Err(self.error(Syntax::NoTagName));
        }
        Ok(name)
    }

    /// The value of tag `name`, after its opening `"` (at `value_line`,
    /// `value_col`) up to and past the closing one: `\"` and `\\` are
    /// escapes, a control character or a value past [`MAX_TAG_VALUE`]
    /// characters is refused.
    fn tag_value(
        &mut self,
        name: &str,
        value_line: u32,
        value_col: u32,
    ) -> Result<String, ParseError> {
        let mut value = String::new();
        let mut length = 0;
        loop {
            let c = match self.peek() {
                Some('"') => {
                    self.bump();
                    return Ok(value);
                }
                Some('\\') => {
                    self.bump();
                    match self.peek() {
                        Some(c @ ('"' | '\\')) => {
                            self.bump();
                            c
                        }
                        _ => '\\',
                    }
                }
                None => {
                    return Err(self.error(Syntax::UnclosedValue {
                        name: name.to_string(),
                    }));
                }
                Some(c) if is_unprintable(c) => {
                    return Err(self.error(Syntax::ControlInValue {
                        name: name.to_string(),
                        code: c as u32,
                    }));
                }
                Some(c) => {
                    self.bump();
                    c
                }
            };
            length += 1;
            if length > MAX_TAG_VALUE {
                return Err(ParseError {
                    at: Position {
                        line: value_line,
                        col: value_col,
                    },
                    fault: Syntax::LongValue {
                        name: name.to_string(),
                        limit: MAX_TAG_VALUE,
                    },
                });
            }
            value.push(c);
        }
    }

    /// What may follow a tag on its line: comments only. Returns where a
    /// `{` comment that runs past the line began.
    fn after_tag(&mut self) -> Result<Option<(u32, u32)>, ParseError> {
        loop {
            self.skip_spaces();
            match self.peek() {
                None | Some(';') => return Ok(None),
                Some('{') => {
                    let at = (self.line, self.col);
                    self.bump();
                    if !self.close_comment() {
                        return Ok(Some(at));
                    }
                }
                Some(_) => {
                    return Err(self.error(Syntax::AfterTag));
                }
            }
        }
    }

    /// Skips the rest of a word that starts at the current character,
    /// which is part of one.
    #[inline]
    fn skip_word(&mut self) {
        let bytes = self.text.as_bytes();
        // Fast path: a run of plain ASCII word bytes.
        let run = bytes
            .get(self.pos..)
            .unwrap_or(&[])
            .iter()
            .take_while(|&&b| WORD_BYTE[usize::from(b)])
            .count();
        self.pos += run;
        self.col += run as u32;
        // Characters beyond ASCII (or controls) in the word.
        if bytes
            .get(self.pos)
            .is_some_and(|b| !(b' '..0x7f).contains(b))
        {
            while let Some(c) = self.peek() {
                if c.is_whitespace() || matches!(c, '{' | ';' | '[' | ']') {
                    break;
                }
                self.bump();
            }
        }
    }
}

/// The lexer's state between lines.
#[derive(Debug, Default)]
pub(super) struct Lexer {
    /// Where an unclosed `{` comment began.
    comment: Option<(u32, u32)>,
}

impl Lexer {
    /// Whether a `{` comment is open from the lines before.
    pub(super) fn in_comment(&self) -> bool {
        self.comment.is_some()
    }

    /// The tag line `s` is at the `[` of, as a piece; a comment it leaves
    /// open runs on to the next lines.
    fn tag<'a>(&mut self, s: &mut Scanner<'a>) -> Piece<'a> {
        match s.tag() {
            Ok((tag, open)) => {
                self.comment = open;
                Piece::Tag(Box::new(tag))
            }
            Err(e) => Piece::BadTag(e),
        }
    }

    /// The scanner of line `line` (1-based; the first without a byte
    /// order mark), past the end of a comment the lines before left open;
    /// `None` when that comment runs past this line too.
    fn resume<'a>(&mut self, text: &'a str, line: u32) -> Option<Scanner<'a>> {
        let text = if line == 1 {
            text.strip_prefix('\u{feff}').unwrap_or(text)
        } else {
            text
        };
        let mut s = Scanner {
            text,
            pos: 0,
            line,
            col: 1,
        };
        if self.comment.is_some() {
            if !s.close_comment() {
                return None;
            }
            self.comment = None;
        }
        Some(s)
    }

    /// Cuts one line (without its line break) into pieces, handing each to
    /// `sink`. `line` is its 1-based number.
    pub(super) fn line<'a>(&mut self, text: &'a str, line: u32, mut sink: impl FnMut(Piece<'a>)) {
        let continued = self.comment.is_some();
        let Some(mut s) = self.resume(text, line) else {
            return;
        };
        let text = s.text;
        // Whether the line held anything but white space, and whether only
        // white space came before the current character.
        let mut line_used = continued;
        let mut line_start = !continued;
        let bytes = text.as_bytes();
        while let Some(&b) = bytes.get(s.pos) {
            // Plain ASCII blanks, the bulk of what is skipped, without
            // decoding a character.
            if matches!(b, b' ' | b'\t' | b'\r') {
                s.pos += 1;
                s.col += 1;
                continue;
            }
            let Some(c) = s.char_from(b) else {
                break;
            };
            // A word is by far the most common: test for it first.
            let word = WORD_BYTE[usize::from(b)] || (b >= 0x80 && !c.is_whitespace());
            if !word {
                match c {
                    c if c.is_whitespace() => {
                        s.bump();
                        continue;
                    }
                    '{' => {
                        line_used = true;
                        line_start = false;
                        let at = (s.line, s.col);
                        s.bump();
                        if !s.close_comment() {
                            self.comment = Some(at);
                            return;
                        }
                        continue;
                    }
                    ';' => {
                        line_used = true;
                        break;
                    }
                    '[' if line_start => {
                        line_used = true;
                        sink(self.tag(&mut s));
                        break;
                    }
                    '[' | ']' => {
                        line_used = true;
                        sink(Piece::Error(s.error(Syntax::BracketInMoves(c))));
                        break;
                    }
                    // Anything else starts a word (control characters too: the
                    // checker reports such a word as an unreadable move).
                    _ => {}
                }
            }
            line_used = true;
            line_start = false;
            let (col, start) = (s.col, s.pos);
            s.skip_word();
            sink(Piece::Word {
                text: text.get(start..s.pos).unwrap_or(""),
                line,
                col,
            });
        }
        if !line_used {
            sink(Piece::Blank);
        }
    }

    /// At the end of the text: the error for a comment never closed.
    pub(super) fn finish(&mut self) -> Option<ParseError> {
        self.comment.take().map(|(line, col)| ParseError {
            at: Position { line, col },
            fault: Syntax::UnclosedComment,
        })
    }
}
