//! The fast path for the lines that make up nearly all of a large record:
//! plain movetext such as `12. 5.3 3.7 13. 7.1 1.2`.
//!
//! The general lexer decodes characters, tracks comments and tags and hands
//! each word over as a piece; [`super::move_token`] then tries every way a
//! word may be written. On a file of short games that was half of the
//! checker's time. A line whose bytes are all printable ASCII other than
//! `{ ; [ ]`, separated by spaces, tabs or carriage returns, holds nothing but
//! words, each a run of bytes whose column is its byte offset plus one:
//! [`plain_words`] says which lines are such, and [`plain_token`] reads the
//! usual words of such a line (`N.`, `N...`, `5`, `5.3`, `5.3.7`) straight
//! into a number or a move. Anything else — a comment, a tag, a byte beyond
//! ASCII, a word of another shape — goes the general way, so what a record
//! means and every message about it stay as the general path has them (the
//! record tests run both paths over varied and mangled records and compare).

use super::lexer::{MAX_TAG_VALUE, is_word_byte};
use super::{MoveBody, MoveNumber, MoveToken, ShortText, Tag};
use crate::games::ttt::Move;
use crate::source::Position;

/// What a byte is to a plain line: [`OTHER`], [`BLANK`] or [`WORD`].
static CLASS: [u8; 256] = {
    let mut table = [OTHER; 256];
    let mut b = 0;
    while b < 256 {
        if is_word_byte(b as u8) {
            table[b] = WORD;
        } else if is_blank(b as u8) {
            table[b] = BLANK;
        }
        b += 1;
    }
    table
};
/// A byte no plain line holds.
const OTHER: u8 = 0;
/// A blank between words.
const BLANK: u8 = 1;
/// A byte of a word.
const WORD: u8 = 2;

/// Whether `bytes` (one line, without its line break) holds only words of
/// plain ASCII and the blanks between them, and at least one word: then
/// its words are the runs between blanks, each at its byte offset.
pub(super) fn plain_words(bytes: &[u8]) -> bool {
    // No early exit: a branch-free pass over a short line is the fast way.
    let (mut all, mut any) = (true, false);
    for &b in bytes {
        let class = CLASS[usize::from(b)];
        all &= class != OTHER;
        any |= class == WORD;
    }
    all && any
}

/// The blanks the lexer skips byte by byte between words.
#[inline]
pub(super) const fn is_blank(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b'\r')
}

/// A position 1..9 from its digit.
#[inline]
fn position(b: u8) -> Option<u8> {
    (b'1'..=b'9').contains(&b).then(|| b - b'0')
}

/// The move a plain word holds, as [`super::move_token`] reads it, for the
/// usual spellings only (`5`, `5.3`, `5.3.7`): `None` for any other word.
#[inline]
pub(super) fn plain_move(word: &[u8]) -> Option<Move> {
    match *word {
        [o] => Move::new(&[position(o)?]),
        [t, b'.', o] => Move::new(&[position(t)?, position(o)?]),
        [s, b'.', t, b'.', o] => Move::new(&[position(s)?, position(t)?, position(o)?]),
        _ => None,
    }
}

/// The move token of a word [`plain_move`] read as `path`, with the number
/// and player written before it, as [`super::move_token`] makes it.
#[inline]
pub(super) fn move_token(
    word: &[u8],
    path: Move,
    line: u32,
    col: u32,
    number: &mut Option<MoveNumber>,
    player: &mut Option<String>,
) -> Option<MoveToken> {
    Some(MoveToken {
        text: ShortText::ascii(word)?,
        at: Position { line, col },
        number: number.take(),
        player: player.take(),
        body: MoveBody::Path(path),
    })
}

/// `N.` or `N...` (one to six digits), as [`super::split_number`] reads a
/// word that is a number alone; `None` for any other word.
#[inline]
pub(super) fn plain_number(word: &[u8], line: u32, col: u32) -> Option<MoveNumber> {
    let digits = word.iter().take_while(|b| b.is_ascii_digit()).count();
    if digits == 0 || digits > 6 {
        return None;
    }
    let ellipsis = match word.get(digits..)? {
        b"." => false,
        b"..." => true,
        _ => return None,
    };
    let number = word
        .iter()
        .take(digits)
        .fold(0u32, |n, b| n * 10 + u32::from(b - b'0'));
    Some(MoveNumber {
        number,
        ellipsis,
        at: Position { line, col },
        mistyped: None,
    })
}

/// A tag line of the usual shape, `[Name "value"]` at the start of the line,
/// in printable ASCII with no escape, and nothing after it but blanks: the
/// tag as the general lexer reads it. `None` for any other line (a comment
/// after the tag, an escape, a space after `[`, a byte beyond ASCII, a name
/// or value too long), which the general lexer reads or refuses.
pub(super) fn plain_tag(bytes: &[u8], line: u32) -> Option<Tag> {
    let rest = bytes.strip_prefix(b"[")?;
    let name_len = rest
        .iter()
        .take_while(|&&b| b.is_ascii_alphanumeric() || b == b'_' || b == b'-')
        .count();
    if name_len == 0 || name_len > MAX_TAG_VALUE {
        return None;
    }
    let (name, rest) = rest.split_at(name_len);
    let spaces = rest.iter().take_while(|&&b| b == b' ').count();
    let rest = rest.get(spaces..)?.strip_prefix(b"\"")?;
    let value_len = rest
        .iter()
        .take_while(|&&b| (b' '..=b'~').contains(&b) && b != b'"' && b != b'\\')
        .count();
    if value_len > MAX_TAG_VALUE {
        return None;
    }
    let (value, rest) = rest.split_at(value_len);
    if !rest.strip_prefix(b"\"]")?.iter().all(|&b| is_blank(b)) {
        return None;
    }
    // `[` at column 1, then the name, the spaces and `"`: all one byte a
    // column, and a line of at most MAX_LINE bytes.
    let value_col = (name_len + spaces + 3) as u32;
    Some(Tag {
        name: std::str::from_utf8(name).ok()?.to_string(),
        value: std::str::from_utf8(value).ok()?.to_string(),
        at: Position { line, col: 1 },
        value_at: Position {
            line,
            col: value_col,
        },
    })
}

/// Where the first line break in `bytes` is: eight bytes at a time, as a
/// record's lines are short and its files long.
pub(super) fn newline(bytes: &[u8]) -> Option<usize> {
    const ONES: u64 = 0x0101_0101_0101_0101;
    const HIGHS: u64 = 0x8080_8080_8080_8080;
    const BREAKS: u64 = ONES * b'\n' as u64;
    let mut chunks = bytes.chunks_exact(8);
    let mut at = 0;
    for chunk in &mut chunks {
        let Some(&chunk) = chunk.first_chunk::<8>() else {
            break;
        };
        // A zero byte where `\n` stood; the lowest flag is always a true one.
        let x = u64::from_le_bytes(chunk) ^ BREAKS;
        let found = x.wrapping_sub(ONES) & !x & HIGHS;
        if found != 0 {
            return Some(at + (found.trailing_zeros() / 8) as usize);
        }
        at += 8;
    }
    chunks
        .remainder()
        .iter()
        .position(|&b| b == b'\n')
        .map(|i| at + i)
}

#[cfg(test)]
mod tests {
    /// The line break found eight bytes at a time is the first one, as a
    /// byte-by-byte search finds it, wherever it stands and whatever
    /// bytes (line breaks, bytes one away from it, high bytes) stand near.
    #[test]
    fn newline_finds_the_first_line_break() {
        let mut rng = crate::rng::SplitMix64::new(10);
        let bytes = [b'\n', b'\n' - 1, b'\n' + 1, 0, 0x80, 0x8a, 0xff, b'5'];
        for len in 0..40 {
            for _ in 0..200 {
                let text: Vec<u8> = (0..len).map(|_| bytes[rng.index(bytes.len())]).collect();
                let expected = text.iter().position(|&b| b == b'\n');
                assert_eq!(super::newline(&text), expected, "{text:?}");
            }
        }
    }
}
