//! Game records (docs/record-format.md): the parser.
//!
//! [`parse`] turns a record file's text into [`GameRecord`]s: tags, then moves,
//! each with the line and column of its text. It never interprets the rules: a
//! move that cannot be read is kept as [`MoveBody::Unreadable`] so the checker
//! can report it with the rest; only text that is not a record at all (a broken
//! tag line, an unclosed `{` comment, moves before any tag) is a [`ParseError`].

mod lexer;
mod moves;
mod short_text;
#[cfg(test)]
mod tests;
pub mod write;

pub use short_text::ShortText;

/// Reads one move's text written without number or player (`5.3.7`, `537`,
/// `c3S`, `S@c3`), as the parser reads the moves of a record.
pub fn parse_move(text: &str) -> MoveBody {
    moves::parse_move(text)
}

use std::fmt;

use crate::games::sos::SosMove;
use crate::games::ttt::Move;
use lexer::Piece;

/// A tag pair `[Name "value"]`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Tag {
    /// The name as written (compare case-insensitively).
    pub name: String,
    /// The value, with `\"` and `\\` unescaped.
    pub value: String,
    /// Line of the `[`.
    pub line: u32,
    /// Column of the `[`.
    pub col: u32,
    /// Line of the value's first character.
    pub value_line: u32,
    /// Column of the value's first character.
    pub value_col: u32,
}

/// A move number as written: `12.` or `12...`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MoveNumber {
    /// The number.
    pub number: u32,
    /// `true` for `N...` (before O's move), `false` for `N.`.
    pub ellipsis: bool,
    /// Its line.
    pub line: u32,
    /// Its column.
    pub col: u32,
}

impl fmt::Display for MoveNumber {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}{}",
            self.number,
            if self.ellipsis { "..." } else { "." }
        )
    }
}

/// What a move's text says.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum MoveBody {
    /// A tic-tac-toe family move (1 to 3 positions).
    Path(Move),
    /// An SOS move.
    Sos(SosMove),
    /// Text in the moves that is no move.
    Unreadable {
        /// What was expected instead.
        reason: String,
    },
}

/// One move as written, with where it stands.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MoveToken {
    /// The move's text (without number and player).
    pub text: ShortText,
    /// Line of the move's text.
    pub line: u32,
    /// Column of the move's text.
    pub col: u32,
    /// The move number written before it, if any.
    pub number: Option<MoveNumber>,
    /// The player written with it (`A:c3S`), if any.
    pub player: Option<String>,
    /// What it says.
    pub body: MoveBody,
}

/// One game: its tags and moves.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct GameRecord {
    /// Tags in file order, unknown ones included.
    pub tags: Vec<Tag>,
    /// Moves in file order.
    pub moves: Vec<MoveToken>,
    /// Line where the game starts.
    pub line: u32,
}

impl GameRecord {
    /// The first tag of this name (case-insensitive).
    pub fn tag(&self, name: &str) -> Option<&Tag> {
        self.tags.iter().find(|t| t.name.eq_ignore_ascii_case(name))
    }
}

/// Text that is not a record: where and what was expected.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{line}:{col}: {message}")]
pub struct ParseError {
    /// 1-based line.
    pub line: u32,
    /// 1-based column (characters).
    pub col: u32,
    /// What is wrong, saying what was expected.
    pub message: String,
}

/// Parses a record file's text into its games.
pub fn parse(text: &str) -> Result<Vec<GameRecord>, ParseError> {
    let mut games: Vec<GameRecord> = Vec::new();
    let mut current: Option<GameRecord> = None;
    let mut blank_after_tags = false;
    let mut words = Vec::new();
    lexer::pieces(text, &mut |piece| {
        match piece {
            Piece::Tag(tag) => {
                let starts_new = current
                    .as_ref()
                    .is_none_or(|g| !words.is_empty() || !g.moves.is_empty() || blank_after_tags);
                if starts_new {
                    if let Some(mut g) = current.take() {
                        g.moves = moves_of(std::mem::take(&mut words));
                        games.push(g);
                    }
                    current = Some(GameRecord {
                        line: tag.line,
                        ..GameRecord::default()
                    });
                }
                blank_after_tags = false;
                current.as_mut().expect("just set").tags.push(*tag);
            }
            Piece::Word { text, line, col } => {
                if current.is_none() {
                    return Err(ParseError {
                        line,
                        col,
                        message: "expected the game's tags, such as [Game \"strategic\"], before the moves".into(),
                    });
                }
                words.push((text, line, col));
            }
            Piece::Blank => blank_after_tags = current.is_some(),
        }
        Ok(())
    })?;
    if let Some(mut g) = current {
        g.moves = moves_of(words);
        games.push(g);
    }
    Ok(games)
}

/// Parses a record held as bytes: UTF-8 is required, and a bad byte is
/// reported at its line and column.
pub fn parse_bytes(bytes: &[u8]) -> Result<Vec<GameRecord>, ParseError> {
    match std::str::from_utf8(bytes) {
        Ok(text) => parse(text),
        Err(e) => {
            let good = &bytes[..e.valid_up_to()];
            let good = std::str::from_utf8(good).unwrap_or_default();
            let line = good.matches('\n').count() as u32 + 1;
            let col = good.rsplit('\n').next().unwrap_or("").chars().count() as u32 + 1;
            Err(ParseError {
                line,
                col,
                message: "expected UTF-8 text (a record is a plain UTF-8 text file)".into(),
            })
        }
    }
}

/// Splits a move-number prefix off a word: `12.`, `12...`, `12...5.5.5`.
fn split_number(text: &str) -> Option<(u32, bool, &str)> {
    let digits = text.bytes().take_while(u8::is_ascii_digit).count();
    if digits == 0 || digits > 6 {
        return None;
    }
    let number: u32 = text[..digits].parse().ok()?;
    let rest = &text[digits..];
    if let Some(after) = rest.strip_prefix("...") {
        Some((number, true, after))
    } else if rest == "." {
        Some((number, false, ""))
    } else {
        None
    }
}

fn moves_of(words: Vec<(&str, u32, u32)>) -> Vec<MoveToken> {
    let mut out = Vec::with_capacity(words.len());
    let mut number: Option<MoveNumber> = None;
    let mut player: Option<String> = None;
    for (word, line, col) in words {
        let mut text = word;
        let mut col = col;
        if let Some((n, ellipsis, rest)) = split_number(text) {
            number = Some(MoveNumber {
                number: n,
                ellipsis,
                line,
                col,
            });
            // The number is ASCII: its length in bytes is its length in columns.
            col += (text.len() - rest.len()) as u32;
            text = rest;
            if text.is_empty() {
                continue;
            }
        }
        if let Some((who, rest)) = text.split_once(':') {
            player = Some(who.to_string());
            col += who.chars().count() as u32 + 1;
            text = rest;
            if text.is_empty() {
                continue;
            }
        }
        out.push(MoveToken {
            text: ShortText::new(text),
            line,
            col,
            number: number.take(),
            player: player.take(),
            body: moves::parse_move(text),
        });
    }
    out
}
