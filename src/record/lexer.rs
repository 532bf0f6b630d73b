//! The first pass over a record: comments removed, the text cut into tag lines,
//! words and blank lines, each with its line and column.

use super::{ParseError, Tag};

/// One piece of a record.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) enum Piece<'a> {
    /// A `[Name "value"]` line.
    Tag(Box<Tag>),
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
            self.text[self.pos..].chars().next()
        }
    }

    fn bump(&mut self) -> Option<char> {
        let c = self.peek()?;
        self.pos += c.len_utf8();
        if c == '\n' {
            self.line += 1;
            self.col = 1;
        } else {
            self.col += 1;
        }
        Some(c)
    }

    fn error(&self, message: impl Into<String>) -> ParseError {
        ParseError {
            line: self.line,
            col: self.col,
            message: message.into(),
        }
    }

    fn skip_to_end_of_line(&mut self) {
        while let Some(c) = self.peek() {
            if c == '\n' {
                break;
            }
            self.bump();
        }
    }

    fn skip_brace_comment(&mut self) -> Result<(), ParseError> {
        let (line, col) = (self.line, self.col);
        self.bump();
        loop {
            match self.bump() {
                Some('}') => return Ok(()),
                Some(_) => {}
                None => {
                    return Err(ParseError {
                        line,
                        col,
                        message: "expected `}` to close this comment before the end of the file"
                            .into(),
                    });
                }
            }
        }
    }

    fn skip_spaces(&mut self) {
        while self.peek().is_some_and(|c| c != '\n' && c.is_whitespace()) {
            self.bump();
        }
    }

    /// `[Name "value"]` and what may follow it on its line.
    fn tag(&mut self) -> Result<Tag, ParseError> {
        let (line, col) = (self.line, self.col);
        self.bump();
        self.skip_spaces();
        let mut name = String::new();
        while let Some(c) = self
            .peek()
            .filter(|c| c.is_alphanumeric() || *c == '_' || *c == '-')
        {
            name.push(c);
            self.bump();
        }
        if name.is_empty() {
            return Err(self.error("expected a tag name after `[`, as in [Game \"strategic\"]"));
        }
        self.skip_spaces();
        if self.peek() != Some('"') {
            return Err(self.error(format!(
                "expected a quoted value after the tag name `{name}`, as in [{name} \"…\"]"
            )));
        }
        self.bump();
        let (value_line, value_col) = (self.line, self.col);
        let mut value = String::new();
        loop {
            match self.peek() {
                Some('"') => {
                    self.bump();
                    break;
                }
                Some('\\') => {
                    self.bump();
                    match self.peek() {
                        Some(c @ ('"' | '\\')) => {
                            value.push(c);
                            self.bump();
                        }
                        _ => value.push('\\'),
                    }
                }
                Some('\n') | None => {
                    return Err(self.error(format!(
                        "expected `\"` to close the value of tag `{name}` on its line"
                    )));
                }
                Some(c) => {
                    value.push(c);
                    self.bump();
                }
            }
        }
        self.skip_spaces();
        if self.peek() != Some(']') {
            return Err(self.error(format!("expected `]` to close tag `{name}`")));
        }
        self.bump();
        loop {
            self.skip_spaces();
            match self.peek() {
                None | Some('\n') => break,
                Some(';') => self.skip_to_end_of_line(),
                Some('{') => self.skip_brace_comment()?,
                Some(_) => {
                    return Err(self.error(
                        "expected the end of the line after a tag (one tag per line; moves start on their own line)",
                    ));
                }
            }
        }
        Ok(Tag {
            name,
            value,
            line,
            col,
            value_line,
            value_col,
        })
    }
}

/// Cuts a record's text into pieces, handing each to `sink` as it is found.
pub(super) fn pieces<'a>(
    text: &'a str,
    sink: &mut dyn FnMut(Piece<'a>) -> Result<(), ParseError>,
) -> Result<(), ParseError> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let mut s = Scanner {
        text,
        pos: 0,
        line: 1,
        col: 1,
    };
    // Whether the current line held anything but white space.
    let mut line_used = false;
    let mut line_start = true;
    while let Some(c) = s.peek() {
        match c {
            '\n' => {
                if !line_used {
                    sink(Piece::Blank)?;
                }
                s.bump();
                line_used = false;
                line_start = true;
            }
            c if c.is_whitespace() => {
                s.bump();
            }
            '{' => {
                line_used = true;
                line_start = false;
                s.skip_brace_comment()?;
            }
            ';' => {
                line_used = true;
                s.skip_to_end_of_line();
            }
            '[' if line_start => {
                sink(Piece::Tag(Box::new(s.tag()?)))?;
                line_used = true;
            }
            '[' | ']' => {
                return Err(s.error(format!(
                    "unexpected `{c}`: a tag [Name \"value\"] must stand on its own line, before the moves"
                )));
            }
            _ => {
                line_used = true;
                line_start = false;
                let (line, col, start) = (s.line, s.col, s.pos);
                // Fast path: a run of plain ASCII word bytes (no newline among them).
                let run = s.text.as_bytes()[s.pos..]
                    .iter()
                    .take_while(|&&b| {
                        b > b' ' && b < 0x7f && !matches!(b, b'{' | b';' | b'[' | b']')
                    })
                    .count();
                s.pos += run;
                s.col += run as u32;
                while let Some(c) = s.peek() {
                    if c.is_whitespace() || matches!(c, '{' | ';' | '[' | ']') {
                        break;
                    }
                    s.bump();
                }
                sink(Piece::Word {
                    text: &text[start..s.pos],
                    line,
                    col,
                })?;
            }
        }
    }
    Ok(())
}
