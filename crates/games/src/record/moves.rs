//! Reading one move's text: `5.3.7`, `537`, `5-3-7`, `c3S`, `c3=S`, `S@c3`.

use super::MoveBody;
use super::fault::NotAMove;
use crate::games::sos::{Cell, Letter, SosMove};
use crate::games::ttt::Move;

/// Reads a move written without number or player.
pub(super) fn parse_move(text: &str) -> MoveBody {
    // The usual spellings first, without the general loop.
    let digit = |b: u8| (b'1'..=b'9').contains(&b).then(|| b - b'0');
    let quick = match *text.as_bytes() {
        [s, b'.', t, b'.', o] => digit(s)
            .zip(digit(t))
            .zip(digit(o))
            .and_then(|((s, t), o)| Move::new(&[s, t, o])),
        // Ultimate's `T.O`, the other common spelling.
        [t, b'.', o] => digit(t).zip(digit(o)).and_then(|(t, o)| Move::new(&[t, o])),
        _ => None,
    };
    if let Some(mv) = quick {
        return MoveBody::Path(mv);
    }
    let Some(first) = text.chars().next() else {
        return unreadable(NotAMove::Nothing);
    };
    if first.is_ascii_digit() {
        parse_path(text)
    } else if first.is_alphabetic() {
        parse_sos(text)
    } else {
        unreadable(NotAMove::Shape)
    }
}

fn unreadable(reason: NotAMove) -> MoveBody {
    MoveBody::Unreadable { reason }
}

fn parse_path(text: &str) -> MoveBody {
    let mut digits = [0u8; 3];
    let mut count = 0;
    let mut after_separator = false;
    // Bytes, not characters: every accepted character is ASCII, and any
    // other byte ends the move as unreadable.
    for b in text.bytes() {
        match b {
            b'1'..=b'9' => {
                let Some(slot) = digits.get_mut(count) else {
                    return unreadable(NotAMove::TooManyPositions);
                };
                *slot = b - b'0';
                count += 1;
                after_separator = false;
            }
            b'0' => return unreadable(NotAMove::Zero),
            b'.' | b'-' | b'/' if count > 0 && !after_separator => after_separator = true,
            _ => {
                return unreadable(NotAMove::Separator);
            }
        }
    }
    if after_separator {
        return unreadable(NotAMove::AfterSeparator);
    }
    match Move::new(digits.get(..count).unwrap_or(&[])) {
        Some(mv) => MoveBody::Path(mv),
        None => unreadable(NotAMove::Nothing),
    }
}

fn letter(c: char) -> Option<Letter> {
    match c.to_ascii_uppercase() {
        'S' => Some(Letter::S),
        'O' => Some(Letter::O),
        _ => None,
    }
}

fn parse_cell(text: &str) -> Option<Cell> {
    let mut chars = text.chars();
    let col = chars.next().filter(char::is_ascii_alphabetic)?;
    let row = chars.as_str();
    if row.is_empty() || row.len() > 3 || !row.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let row: u16 = row.parse().ok()?;
    let row = u8::try_from(row.checked_sub(1)?).ok()?;
    Some(Cell {
        col: col.to_ascii_lowercase() as u8 - b'a',
        row,
    })
}

fn parse_sos(text: &str) -> MoveBody {
    const SHAPE: NotAMove = NotAMove::SosShape;
    if let Some((l, cell)) = text.split_once('@') {
        let mut lc = l.chars();
        return match (lc.next().and_then(letter), lc.next(), parse_cell(cell)) {
            (Some(letter), None, Some(cell)) => MoveBody::Sos(SosMove { cell, letter }),
            _ => unreadable(SHAPE),
        };
    }
    let Some(last) = text.chars().last() else {
        return unreadable(SHAPE);
    };
    let Some(letter) = letter(last) else {
        return unreadable(SHAPE);
    };
    let cell = &text[..text.len() - last.len_utf8()];
    let cell = cell.strip_suffix('=').unwrap_or(cell);
    match parse_cell(cell) {
        Some(cell) => MoveBody::Sos(SosMove { cell, letter }),
        None => unreadable(SHAPE),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The quick spellings read as the general loop reads them, and what
    /// they do not cover still goes through it.
    #[test]
    fn quick_spellings_read_as_the_general_loop() {
        for a in b'0'..=b'9' {
            for b in [b'0', b'1', b'5', b'9', b'x', b'.'] {
                for shape in [vec![a, b'.', b], vec![a, b'.', b, b'.', a]] {
                    let text = std::str::from_utf8(&shape).unwrap();
                    assert_eq!(parse_move(text), parse_path(text), "{text}");
                }
            }
        }
        assert_eq!(
            parse_move("6.1"),
            MoveBody::Path(Move::new(&[6, 1]).unwrap())
        );
        assert!(matches!(parse_move("0.1"), MoveBody::Unreadable { .. }));
    }
}
