//! The slips of one move's text, and writing a move in a record's style.
//!
//! A candidate is always a text, edited where the slip would be, so the fix
//! keeps the writer's style (`5-3-7`, `537`, `c3=s`) and the parser reads the
//! candidate exactly as it reads the record. Each slip's cost, its prior, is
//! in `costs`.

use crate::games::sos::{Cell, SosMove};
use crate::record::{MoveBody, parse_move};

use super::Slip;
use super::costs::{
    DIGIT_COUNT, NEIGHBOUR_KEY, ONE_DIGIT, OTHER_LETTER, SEPARATOR, SOS_CELL_ALONG,
    SOS_CELL_DIAGONAL, SOS_CELL_NEXT, SOS_CELL_TWO_DIAGONAL, SWAPPED, SWAPPED_APART,
};
use super::keys::neighbours;

/// A replacement text for one move, the slip it would undo, and how plausible
/// that slip is (lower is likelier).
#[derive(Debug, Clone, PartialEq)]
pub(in crate::check) struct Alternative {
    /// The text the move would have.
    pub text: String,
    /// The slip that turned it into the written text.
    pub slip: Slip,
    /// Prior cost of that slip.
    pub cost: f32,
}

fn alt(text: String, slip: Slip, cost: f32) -> Alternative {
    Alternative { text, slip, cost }
}

/// The separator a move text uses: `.`, `-`, `/`, none (`537`), or `.` when
/// the text does not tell.
fn separator(style: &str) -> &'static str {
    if let Some(c) = style.chars().find(|c| matches!(c, '.' | '-' | '/')) {
        return match c {
            '-' => "-",
            '/' => "/",
            _ => ".",
        };
    }
    if style.chars().filter(char::is_ascii_digit).count() >= 2 {
        ""
    } else {
        "."
    }
}

/// A path of positions written with the separator `style` uses.
pub(in crate::check) fn write_path(path: &[u8], style: &str) -> String {
    let digits: Vec<String> = path.iter().map(u8::to_string).collect();
    digits.join(separator(style))
}

/// Replacement texts for a tic-tac-toe family move of a game of `depth`
/// positions: one digit changed, two digits swapped, and for a move of the
/// wrong length a digit added or dropped.
pub(in crate::check) fn path_alternatives(text: &str, depth: usize) -> Vec<Alternative> {
    let digits: Vec<(usize, u8)> = text
        .char_indices()
        .filter(|(_, c)| c.is_ascii_digit())
        .map(|(i, c)| (i, c as u8 - b'0'))
        .collect();
    let mut out = Vec::new();
    let readable = matches!(parse_move(text), MoveBody::Path(_));
    if !readable && digits.len() == depth && digits.iter().all(|&(_, d)| d > 0) {
        // `6,6.4`, `5..3`: the digits are right, what stands between is not.
        let path: Vec<u8> = digits.iter().map(|&(_, d)| d).collect();
        out.push(alt(write_path(&path, text), Slip::Separator, SEPARATOR));
    }
    let edited = |at: usize, d: u8| {
        let mut s = text.to_string();
        s.replace_range(at..at + 1, &d.to_string());
        s
    };
    if digits.len() == depth {
        for &(at, old) in &digits {
            for new in (1..=9).filter(|&n| n != old) {
                let (slip, cost) = if neighbours(old, new) {
                    (Slip::NeighbouringKey, NEIGHBOUR_KEY)
                } else {
                    (Slip::OneDigit, ONE_DIGIT)
                };
                out.push(alt(edited(at, new), slip, cost));
            }
        }
        for (k, &(i, a)) in digits.iter().enumerate() {
            for (l, &(j, b)) in digits.iter().enumerate().skip(k + 1) {
                if a != b {
                    let mut s = edited(i, b);
                    s.replace_range(j..j + 1, &a.to_string());
                    let cost = if l == k + 1 { SWAPPED } else { SWAPPED_APART };
                    out.push(alt(s, Slip::DigitsSwapped, cost));
                }
            }
        }
    } else {
        let path: Vec<u8> = digits.iter().map(|&(_, d)| d).collect();
        if path.len() + 1 == depth {
            for at in 0..=path.len() {
                for d in 1..=9 {
                    let mut p = path.clone();
                    p.insert(at, d);
                    out.push(alt(write_path(&p, text), Slip::DigitLeftOut, DIGIT_COUNT));
                }
            }
        } else if path.len() == depth + 1 {
            for at in 0..path.len() {
                let mut p = path.clone();
                p.remove(at);
                out.push(alt(write_path(&p, text), Slip::ExtraDigit, DIGIT_COUNT));
            }
        }
    }
    dedup_texts(text, &mut out);
    out
}

/// Drops texts equal to the written one and repeats (the first, cheapest
/// order kept: callers list the likelier slips first).
fn dedup_texts(written: &str, out: &mut Vec<Alternative>) {
    let mut seen = std::collections::HashSet::new();
    out.retain(|a| a.text != written && seen.insert(a.text.clone()));
}

/// The parts of an SOS move text: `c3S`, `c3=S`, `S@c3`.
struct SosText<'a> {
    /// `S@c3`.
    at_form: bool,
    /// `c3=S`.
    equals: bool,
    /// The letter as written.
    letter: char,
    /// The column letter as written.
    col: char,
    /// The row digits.
    row: &'a str,
}

fn split_sos(text: &str) -> Option<SosText<'_>> {
    let (at_form, equals, letter, cell) = if let Some((l, cell)) = text.split_once('@') {
        let mut lc = l.chars();
        let letter = lc.next()?;
        if lc.next().is_some() {
            return None;
        }
        (true, false, letter, cell)
    } else {
        let letter = text.chars().last()?;
        let cell = &text[..text.len() - letter.len_utf8()];
        match cell.strip_suffix('=') {
            Some(c) => (false, true, letter, c),
            None => (false, false, letter, cell),
        }
    };
    let col = cell.chars().next().filter(char::is_ascii_alphabetic)?;
    let row = &cell[1..];
    (!row.is_empty() && row.len() <= 3 && row.bytes().all(|b| b.is_ascii_digit())).then_some(
        SosText {
            at_form,
            equals,
            letter,
            col,
            row,
        },
    )
}

fn join_sos(parts: &SosText<'_>, col: char, row: &str, letter: char) -> String {
    if parts.at_form {
        format!("{letter}@{col}{row}")
    } else if parts.equals {
        format!("{col}{row}={letter}")
    } else {
        format!("{col}{row}{letter}")
    }
}

/// `S` for `O` and `O` for `S`, in the written case; `None` for any other.
fn flip(letter: char) -> Option<char> {
    let other = match letter.to_ascii_uppercase() {
        'S' => 'O',
        'O' => 'S',
        _ => return None,
    };
    Some(if letter.is_ascii_lowercase() {
        other.to_ascii_lowercase()
    } else {
        other
    })
}

/// The move with the other letter: `c3O` for `c3S`; for a letter that is
/// neither, nothing (see [`sos_alternatives`]).
pub(in crate::check) fn sos_letter_flip(text: &str) -> Option<Alternative> {
    let parts = split_sos(text)?;
    let other = flip(parts.letter)?;
    Some(alt(
        join_sos(&parts, parts.col, parts.row, other),
        Slip::OtherLetter,
        1.0,
    ))
}

/// Replacement texts for an SOS move on a `width`×`height` board: the other
/// letter (or S and O for a letter that is neither), and the nearby empty
/// cells (`empty`) with the same letter — every cell of its row and column
/// (one character mistyped) and the cells up to two steps away diagonally.
pub(in crate::check) fn sos_alternatives(
    text: &str,
    width: u8,
    height: u8,
    empty: &dyn Fn(Cell) -> bool,
) -> Vec<Alternative> {
    let Some(parts) = split_sos(text) else {
        return Vec::new();
    };
    let mut out = Vec::new();
    match flip(parts.letter) {
        Some(other) => out.push(alt(
            join_sos(&parts, parts.col, parts.row, other),
            Slip::OtherLetter,
            1.0,
        )),
        None => {
            for l in ['S', 'O'] {
                out.push(alt(
                    join_sos(&parts, parts.col, parts.row, l),
                    Slip::OtherLetter,
                    OTHER_LETTER,
                ));
            }
        }
    }
    let letter = if flip(parts.letter).is_some() {
        parts.letter
    } else {
        'S'
    };
    let col0 = i32::from(parts.col.to_ascii_lowercase() as u8) - i32::from(b'a');
    let row0 = parts.row.parse::<i32>().unwrap_or(0) - 1;
    let upper = parts.col.is_ascii_uppercase();
    let mut cells: Vec<(f32, Cell)> = Vec::new();
    for row in 0..height {
        for col in 0..width {
            let (dc, dr) = ((i32::from(col) - col0).abs(), (i32::from(row) - row0).abs());
            let cost = match (dc, dr) {
                (0, 0) => continue,
                (0, 1) | (1, 0) => SOS_CELL_NEXT,
                (0, _) | (_, 0) => SOS_CELL_ALONG,
                _ if dc.max(dr) == 1 => SOS_CELL_DIAGONAL,
                _ if dc.max(dr) == 2 => SOS_CELL_TWO_DIAGONAL,
                _ => continue,
            };
            let cell = Cell { col, row };
            if empty(cell) {
                cells.push((cost, cell));
            }
        }
    }
    cells.sort_by(|a, b| a.0.total_cmp(&b.0));
    for (cost, cell) in cells {
        let c = char::from(b'a' + cell.col);
        let c = if upper { c.to_ascii_uppercase() } else { c };
        let row = (u32::from(cell.row) + 1).to_string();
        out.push(alt(
            join_sos(&parts, c, &row, letter),
            Slip::NearbyCell,
            cost,
        ));
    }
    dedup_texts(text, &mut out);
    out
}

/// An SOS move written in the style of `style` (form and letter case).
pub(in crate::check) fn write_sos(mv: SosMove, style: &str) -> String {
    let plain = mv.to_string();
    let Some(parts) = split_sos(style) else {
        return plain;
    };
    let letter = mv.letter.to_string().chars().next().unwrap_or('S');
    let letter = if parts.letter.is_ascii_lowercase() {
        letter.to_ascii_lowercase()
    } else {
        letter
    };
    let col = char::from(b'a' + mv.cell.col);
    let col = if parts.col.is_ascii_uppercase() {
        col.to_ascii_uppercase()
    } else {
        col
    };
    join_sos(
        &parts,
        col,
        &(u32::from(mv.cell.row) + 1).to_string(),
        letter,
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::ttt::Move;

    fn read_path(text: &str) -> Option<Move> {
        match parse_move(text) {
            MoveBody::Path(mv) => Some(mv),
            _ => None,
        }
    }

    fn texts(alts: &[Alternative], slip: Slip) -> Vec<&str> {
        alts.iter()
            .filter(|a| a.slip == slip)
            .map(|a| a.text.as_str())
            .collect()
    }

    #[test]
    fn one_digit_and_swaps_keep_the_writers_style() {
        let alts = path_alternatives("7-4", 2);
        // 2 digits × 8 others + 1 swap.
        assert_eq!(alts.len(), 17);
        assert!(texts(&alts, Slip::NeighbouringKey).contains(&"7-1"));
        assert!(texts(&alts, Slip::NeighbouringKey).contains(&"8-4"));
        assert!(texts(&alts, Slip::OneDigit).contains(&"7-9"));
        assert_eq!(texts(&alts, Slip::DigitsSwapped), ["4-7"]);
        assert!(alts.iter().all(|a| read_path(&a.text).is_some()));
    }

    #[test]
    fn swaps_of_equal_digits_are_not_offered() {
        let alts = path_alternatives("535", 3);
        assert_eq!(texts(&alts, Slip::DigitsSwapped), ["355", "553"]);
    }

    #[test]
    fn a_zero_is_replaced_by_every_position() {
        let alts = path_alternatives("5.0.3", 3);
        let fixes: Vec<_> = alts.iter().filter(|a| a.text.starts_with("5.")).collect();
        assert!(fixes.iter().any(|a| a.text == "5.1.3"));
        assert!(fixes.iter().any(|a| a.text == "5.9.3"));
        // 0 neighbours 1 and 2 on the keypad and 9 on the top row.
        let near = texts(&alts, Slip::NeighbouringKey);
        assert!(near.contains(&"5.1.3") && near.contains(&"5.9.3") && !near.contains(&"5.5.3"));
    }

    #[test]
    fn a_move_of_the_wrong_length_gets_a_digit_added_or_dropped() {
        let short = path_alternatives("5.3", 3);
        assert_eq!(short.len(), texts(&short, Slip::DigitLeftOut).len());
        assert!(texts(&short, Slip::DigitLeftOut).contains(&"5.3.7"));
        assert!(texts(&short, Slip::DigitLeftOut).contains(&"7.5.3"));
        let long = path_alternatives("5377", 3);
        assert_eq!(texts(&long, Slip::ExtraDigit), ["377", "577", "537"]);
    }

    #[test]
    fn sos_other_letter_and_nearby_cells_keep_the_form() {
        let empty = |c: Cell| c != Cell { col: 2, row: 3 };
        let alts = sos_alternatives("c3=s", 7, 7, &empty);
        assert_eq!(alts[0].text, "c3=o");
        assert_eq!(alts[0].slip, Slip::OtherLetter);
        let cells = texts(&alts, Slip::NearbyCell);
        // One step along the row or column first; c4 is taken.
        assert_eq!(&cells[..3], ["c2=s", "b3=s", "d3=s"]);
        assert!(!cells.contains(&"c4=s"));
        // The whole row and column (one character mistyped)…
        assert!(cells.contains(&"g3=s") && cells.contains(&"c7=s"));
        // …and two steps diagonally, but not three.
        assert!(cells.contains(&"e5=s") && cells.contains(&"a1=s"));
        assert!(!cells.contains(&"f6=s"));
        assert_eq!(
            write_sos(
                SosMove {
                    cell: Cell { col: 0, row: 9 },
                    letter: crate::games::sos::Letter::O
                },
                "S@C3"
            ),
            "O@A10"
        );
    }

    #[test]
    fn a_wrong_separator_is_mended_first() {
        let alts = path_alternatives("6,6.4", 3);
        assert_eq!(alts[0].text, "6.6.4");
        assert_eq!(alts[0].slip, Slip::Separator);
        assert!(
            path_alternatives("6.6.4", 3)
                .iter()
                .all(|a| a.slip != Slip::Separator)
        );
    }

    #[test]
    fn separators_follow_the_style() {
        assert_eq!(write_path(&[5, 3, 7], "1-2-3"), "5-3-7");
        assert_eq!(write_path(&[5, 3, 7], "123"), "537");
        assert_eq!(write_path(&[5, 3, 7], "1"), "5.3.7");
        assert_eq!(write_path(&[5, 3], "9/9"), "5/3");
    }
}
