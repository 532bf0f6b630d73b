//! Planting slips into legal records, to measure the repair search: the test
//! set of `cargo bench --bench repair` and of the tests.
//!
//! A record is a list of [`Word`]s — a move's text with the number or player
//! written before it — as a teacher types it from the sheet: tic-tac-toe
//! family records number X's moves (`12. 5.3.7 3.7.1`), SOS records name the
//! player of every move (`A:c3S`). A slip changes the words as a typing slip
//! would: a digit, two digits, two moves, a move left out (its number stays
//! on the line and stands before the next move), a move typed twice (the copy
//! without a number; in SOS with its player), a letter or a cell.
//!
//! The held-out kinds are what a transcriber does when copying the sheet's
//! rows: two moves of one column exchanged (the same player's moves of
//! neighbouring rows, plies k and k+2), and a move skipped or typed twice
//! anywhere, the transcriber numbering the lines as typed (so no move number
//! gives the slip away; the error shows wherever the game first breaks).

// `pub` for the `internals` feature; crate-private without it.
#![cfg_attr(not(feature = "internals"), allow(unreachable_pub))]

use crate::games::sos::SosMove;
use crate::games::ttt::Move;
use crate::record::{GameRecord, MoveBody, parse};
use crate::rng::SplitMix64;

use super::keys::neighbours;
use super::{Suggestion, fix};

/// One move as typed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Word {
    /// The number written before it (`12.`).
    pub number: Option<String>,
    /// The player written with it (`A`).
    pub player: Option<String>,
    /// The move's text.
    pub text: String,
}

/// A kind of slip to plant.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Planted {
    /// One digit (SOS: the row digit) changed to any other.
    OneDigit,
    /// One digit changed to a neighbouring key.
    NeighbouringKey,
    /// Two neighbouring digits swapped.
    DigitsSwapped,
    /// Two neighbouring moves exchanged.
    MovesExchanged,
    /// A move left out.
    MoveLeftOut,
    /// A move typed twice.
    MoveWrittenTwice,
    /// SOS: the other letter.
    OtherLetter,
    /// SOS: the column letter one step off.
    NearbyCell,
    /// Two moves of one column exchanged: the same player's moves of
    /// neighbouring rows (plies k and k+2).
    RowsExchanged,
    /// A move skipped, the lines numbered as typed.
    MoveSkipped,
    /// A move typed twice, the lines numbered as typed.
    MoveRepeated,
}

impl Planted {
    /// The slips of the tic-tac-toe family.
    pub const TTT: [Planted; 6] = [
        Planted::OneDigit,
        Planted::NeighbouringKey,
        Planted::DigitsSwapped,
        Planted::MovesExchanged,
        Planted::MoveLeftOut,
        Planted::MoveWrittenTwice,
    ];

    /// The slips of SOS.
    pub const SOS: [Planted; 6] = [
        Planted::OneDigit,
        Planted::OtherLetter,
        Planted::NearbyCell,
        Planted::MovesExchanged,
        Planted::MoveLeftOut,
        Planted::MoveWrittenTwice,
    ];

    /// The held-out slips: what a transcriber does copying the rows.
    pub const ROWS: [Planted; 3] = [
        Planted::RowsExchanged,
        Planted::MoveSkipped,
        Planted::MoveRepeated,
    ];

    /// A short name for tables.
    pub fn name(self) -> &'static str {
        match self {
            Planted::OneDigit => "one digit",
            Planted::NeighbouringKey => "neighbouring key",
            Planted::DigitsSwapped => "digits swapped",
            Planted::MovesExchanged => "moves exchanged",
            Planted::MoveLeftOut => "move left out",
            Planted::MoveWrittenTwice => "move twice",
            Planted::OtherLetter => "other letter",
            Planted::NearbyCell => "nearby cell",
            Planted::RowsExchanged => "rows exchanged",
            Planted::MoveSkipped => "move skipped",
            Planted::MoveRepeated => "move repeated",
        }
    }
}

/// The words of a tic-tac-toe family game: `N.` before each of X's moves.
pub fn ttt_words(moves: &[Move]) -> Vec<Word> {
    numbered_words(moves.iter().map(Move::to_string))
}

/// Move texts of the tic-tac-toe family as words: `N.` before every other.
pub fn numbered_words(texts: impl IntoIterator<Item = String>) -> Vec<Word> {
    texts
        .into_iter()
        .enumerate()
        .map(|(i, text)| Word {
            number: (i % 2 == 0).then(|| format!("{}.", i / 2 + 1)),
            player: None,
            text,
        })
        .collect()
}

/// The words of an SOS game: every move with its player.
pub fn sos_words(moves: &[(u8, SosMove)]) -> Vec<Word> {
    moves
        .iter()
        .map(|(p, mv)| Word {
            number: None,
            player: Some(crate::games::sos::player_letter(*p).to_string()),
            text: mv.to_string(),
        })
        .collect()
}

/// A record: the tag lines, a blank line, then the words — a new line before
/// each numbered word, else eight words to a line.
pub fn write(tags: &str, words: &[Word]) -> String {
    let mut out = format!("{tags}\n");
    let mut on_line = 0;
    for w in words {
        if on_line > 0 && (w.number.is_some() || on_line == 8) {
            out.push('\n');
            on_line = 0;
        }
        if on_line > 0 {
            out.push(' ');
        }
        if let Some(n) = &w.number {
            out += n;
            out.push(' ');
        }
        if let Some(p) = &w.player {
            out += p;
            out.push(':');
        }
        out += &w.text;
        on_line += 1;
    }
    out.push('\n');
    out
}

/// The digit positions (byte offsets) of a move's text.
fn digit_positions(text: &str) -> Vec<usize> {
    text.char_indices()
        .filter(|(_, c)| c.is_ascii_digit())
        .map(|(i, _)| i)
        .collect()
}

fn set_char(text: &str, at: usize, c: char) -> String {
    let mut s = text.to_string();
    s.replace_range(at..at + 1, &c.to_string());
    s
}

/// A slip of `kind` planted at a random move of `words` (`None` when the
/// move drawn cannot take it, e.g. no two different digits to swap).
pub fn plant(words: &[Word], kind: Planted, rng: &mut SplitMix64) -> Option<Vec<Word>> {
    if words.len() < 2 {
        return None;
    }
    let i = rng.index(words.len());
    let mut out = words.to_vec();
    let text = words[i].text.as_str();
    match kind {
        Planted::OneDigit | Planted::NeighbouringKey => {
            out[i].text = other_digit(text, kind == Planted::NeighbouringKey, rng)?;
        }
        Planted::DigitsSwapped => out[i].text = digits_swapped(text, rng)?,
        Planted::RowsExchanged => {
            if words.len() < 3 {
                return None;
            }
            let i = i.min(words.len() - 3);
            if words[i].text == words[i + 2].text {
                return None;
            }
            out[i].text = words[i + 2].text.clone();
            out[i + 2].text = words[i].text.clone();
        }
        Planted::MoveSkipped => {
            out.remove(i);
            renumber(&mut out);
        }
        Planted::MoveRepeated => {
            out.insert(i + 1, words[i].clone());
            renumber(&mut out);
        }
        Planted::MovesExchanged => {
            let j = if i + 1 < words.len() { i + 1 } else { i - 1 };
            if words[i].text == words[j].text {
                return None;
            }
            out[i].text = words[j].text.clone();
            out[j].text = words[i].text.clone();
        }
        Planted::MoveLeftOut => {
            let gone = out.remove(i);
            if gone.player.is_none()
                && let Some(next) = out.get_mut(i)
            {
                next.number = next.number.take().or(gone.number);
            }
        }
        Planted::MoveWrittenTwice => {
            let copy = Word {
                number: None,
                ..words[i].clone()
            };
            out.insert(i + 1, copy);
        }
        Planted::OtherLetter => {
            let flipped = match text.bytes().last()? {
                b'S' => 'O',
                b'O' => 'S',
                _ => return None,
            };
            out[i].text = set_char(text, text.len() - 1, flipped);
        }
        Planted::NearbyCell => out[i].text = nearby_cell(text, rng)?,
    }
    Some(out)
}

/// One digit of a move changed to another (with `neighbouring`, to a key
/// beside it on the keypad).
fn other_digit(text: &str, neighbouring: bool, rng: &mut SplitMix64) -> Option<String> {
    let digits = digit_positions(text);
    let &at = digits.get(rng.index(digits.len().max(1)))?;
    let old = text.as_bytes()[at] - b'0';
    let choices: Vec<u8> = (1..=9)
        .filter(|&d| d != old && (!neighbouring || neighbours(old, d)))
        .collect();
    let &new = choices.get(rng.index(choices.len().max(1)))?;
    Some(set_char(text, at, char::from(b'0' + new)))
}

/// Two neighbouring different digits of a move swapped.
fn digits_swapped(text: &str, rng: &mut SplitMix64) -> Option<String> {
    let digits = digit_positions(text);
    let pairs: Vec<(usize, usize)> = digits
        .windows(2)
        .map(|w| (w[0], w[1]))
        .filter(|&(a, b)| text.as_bytes()[a] != text.as_bytes()[b])
        .collect();
    let &(a, b) = pairs.get(rng.index(pairs.len().max(1)))?;
    let swapped = set_char(text, a, char::from(text.as_bytes()[b]));
    Some(set_char(&swapped, b, char::from(text.as_bytes()[a])))
}

/// A board move (`c3`, `c3S`) moved one cell: one step along the row (the
/// column letter) or the column (the row number), towards the board's
/// inside at its edge.
fn nearby_cell(text: &str, rng: &mut SplitMix64) -> Option<String> {
    let up = rng.index(2) == 0;
    let step = |v: u32| if v <= 1 || up { v + 1 } else { v - 1 };
    if !text.as_bytes().first()?.is_ascii_lowercase() {
        return None;
    }
    let (col, rest) = text.split_at(1);
    let digits = rest.bytes().take_while(u8::is_ascii_digit).count();
    let (row, letter) = rest.split_at(digits);
    let r: u32 = row.parse().ok()?;
    Some(if rng.index(2) == 0 {
        let c = u32::from(col.as_bytes()[0] - b'a') + 1;
        let c = char::from(b'a' + (step(c) - 1).min(25) as u8);
        format!("{c}{row}{letter}")
    } else {
        format!("{col}{}{letter}", step(r))
    })
}

/// Numbers the words as a transcriber numbering the lines as typed does:
/// `N.` before every other word, in a record that numbers its moves.
pub(super) fn renumber(words: &mut [Word]) {
    if words.iter().all(|w| w.number.is_none()) {
        return;
    }
    for (k, w) in words.iter_mut().enumerate() {
        w.number = (k % 2 == 0).then(|| format!("{}.", k / 2 + 1));
    }
}

/// The moves of a record as read.
fn bodies(record: &GameRecord) -> Vec<MoveBody> {
    record.moves.iter().map(|m| m.body.clone()).collect()
}

/// Where among `suggestions` the true fix is: the 0-based rank of the first
/// suggestion that, applied to `slipped` (a record of one game), gives back
/// the moves of `truth`; `None` when none does.
pub fn rank_of_truth(truth: &str, slipped: &str, suggestions: &[Suggestion]) -> Option<usize> {
    let want = bodies(parse(truth).ok()?.first()?);
    let games = parse(slipped).ok()?;
    let record = games.first()?;
    suggestions.iter().position(|s| {
        let fixed = fix::apply(slipped, &[(1, record, s)]);
        parse(&fixed.text)
            .ok()
            .and_then(|g| g.first().map(bodies))
            .is_some_and(|got| got == want)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn words_that_are_no_moves_take_no_slip_and_never_panic() {
        let odd = |t: &str| Word {
            number: None,
            player: None,
            text: t.to_string(),
        };
        let words = vec![odd(""), odd("é"), odd("x"), odd("Zé")];
        let mut rng = SplitMix64::new(1);
        for kind in Planted::TTT
            .iter()
            .chain(&Planted::SOS)
            .chain(&Planted::ROWS)
        {
            for _ in 0..20 {
                if let Some(out) = plant(&words, *kind, &mut rng) {
                    assert!(matches!(
                        kind,
                        Planted::MovesExchanged
                            | Planted::MoveLeftOut
                            | Planted::MoveWrittenTwice
                            | Planted::RowsExchanged
                            | Planted::MoveSkipped
                            | Planted::MoveRepeated
                    ));
                    assert_ne!(out, words);
                }
            }
        }
    }

    #[test]
    fn slips_change_what_they_say() {
        let words = ttt_words(&[Move::new(&[5, 3]).unwrap(), Move::new(&[3, 7]).unwrap()]);
        let mut rng = SplitMix64::new(3);
        let s = plant(&words, Planted::DigitsSwapped, &mut rng).unwrap();
        assert!(s.iter().any(|w| w.text == "3.5" || w.text == "7.3"));
        let s = plant(&words, Planted::MoveLeftOut, &mut rng).unwrap();
        assert_eq!(s.len(), 1);
        assert_eq!(
            s[0].number.as_deref(),
            Some("1."),
            "the number stays on the line"
        );
        let text = write("[Game \"ultimate\"]\n", &words);
        assert_eq!(text, "[Game \"ultimate\"]\n\n1. 5.3 3.7\n");
        // A skipped or repeated move: the lines numbered as typed.
        let three = ttt_words(&[
            Move::new(&[5, 3]).unwrap(),
            Move::new(&[3, 7]).unwrap(),
            Move::new(&[7, 1]).unwrap(),
        ]);
        let s = plant(&three, Planted::MoveRepeated, &mut rng).unwrap();
        assert_eq!(s.len(), 4);
        let numbers: Vec<Option<&str>> = s.iter().map(|w| w.number.as_deref()).collect();
        assert_eq!(numbers, [Some("1."), None, Some("2."), None]);
        let s = plant(&three, Planted::RowsExchanged, &mut rng).unwrap();
        let texts: Vec<&str> = s.iter().map(|w| w.text.as_str()).collect();
        assert_eq!(texts, ["7.1", "3.7", "5.3"]);
    }
}
