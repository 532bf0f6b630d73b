//! The first pass over a record: comments removed, the text cut into tag lines,
//! words and blank lines, each with its line and column.

use super::{ParseError, Tag};

/// One piece of a record.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) enum Piece {
    /// A `[Name "value"]` line.
    Tag(Tag),
    /// A run of non-blank characters outside comments.
    Word {
        /// The characters.
        text: String,
        /// 1-based line.
        line: u32,
        /// 1-based column (in characters).
        col: u32,
    },
    /// A line holding nothing but white space.
    Blank,
}

struct Scanner<'a> {
    chars: std::iter::Peekable<std::str::Chars<'a>>,
    line: u32,
    col: u32,
}

impl Scanner<'_> {
    fn peek(&mut self) -> Option<char> {
        self.chars.peek().copied()
    }

    fn bump(&mut self) -> Option<char> {
        let c = self.chars.next()?;
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

/// Cuts a record's text into pieces.
pub(super) fn pieces(text: &str) -> Result<Vec<Piece>, ParseError> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let mut s = Scanner {
        chars: text.chars().peekable(),
        line: 1,
        col: 1,
    };
    let mut out = Vec::new();
    // Whether the current line held anything but white space.
    let mut line_used = false;
    let mut line_start = true;
    while let Some(c) = s.peek() {
        match c {
            '\n' => {
                if !line_used {
                    out.push(Piece::Blank);
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
                out.push(Piece::Tag(s.tag()?));
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
                let (line, col) = (s.line, s.col);
                let mut text = String::new();
                while let Some(c) = s.peek() {
                    if c.is_whitespace() || matches!(c, '{' | ';' | '[' | ']') {
                        break;
                    }
                    text.push(c);
                    s.bump();
                }
                out.push(Piece::Word { text, line, col });
            }
        }
    }
    Ok(out)
}
