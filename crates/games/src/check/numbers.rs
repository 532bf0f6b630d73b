//! Move numbers against the moves they stand before, and how the replay
//! keeps in step with the record when a number or a move is garbled
//! (docs/record-format.md, "Move numbers").
//!
//! A record's numbers say which move is whose, so one slip must not put
//! every later move out of step:
//!
//! * a mistyped number (`5,` for `5.`, read by the parser) that fits its
//!   place is a warning, not an error: the game is what the record says;
//! * text among the moves that is no move of the game (`5` in Ultimate,
//!   a stray word) counts as a move only if the next written number agrees;
//!   when the numbers show no move is missing there, it is reported and not
//!   counted, so the moves after it keep the players the record gives them;
//! * a written number that does not fit is one error; the count follows the
//!   written numbers from there when the next written number confirms the
//!   shift (a line skipped or copied twice), and stays as it was when it
//!   does not (a wrong number on a single line).

use crate::record::{MoveBody, MoveNumber, MoveToken};

/// How a game numbers its moves.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Numbering {
    /// The tic-tac-toe family: `N.` before X's N-th move, `N...` (or none)
    /// before O's.
    Pairs,
    /// SOS: every move counts from 1 (extra turns break the pairs).
    Single,
}

impl Numbering {
    /// The number the move at 0-based ply `ply` carries.
    pub(super) fn number(self, ply: usize) -> u32 {
        let n = match self {
            Numbering::Pairs => ply / 2 + 1,
            Numbering::Single => ply + 1,
        };
        u32::try_from(n).unwrap_or(u32::MAX)
    }

    /// Whether `n` may stand before the move at ply `ply`.
    fn fits(self, ply: isize, n: &MoveNumber) -> bool {
        let Ok(ply) = usize::try_from(ply) else {
            return false;
        };
        match self {
            Numbering::Pairs => n.number == self.number(ply) && n.ellipsis == (ply % 2 == 1),
            Numbering::Single => n.number == self.number(ply),
        }
    }

    /// The ply a number says its move is.
    fn ply_of(self, n: &MoveNumber) -> isize {
        let n_1 = isize::try_from(n.number).unwrap_or(isize::MAX / 4) - 1;
        match self {
            Numbering::Pairs => 2 * n_1 + isize::from(n.ellipsis),
            Numbering::Single => n_1,
        }
    }

    /// How the move at `ply` is numbered, for a message: `5.`, or `5...`
    /// or none.
    pub(super) fn expected(self, ply: usize) -> Expected {
        let n = self.number(ply);
        match self {
            Numbering::Pairs if ply % 2 == 1 => Expected {
                written: format!("{n}..."),
                or_none: true,
            },
            _ => Expected {
                written: format!("{n}."),
                or_none: false,
            },
        }
    }
}

/// The number a move should carry: as written, and whether none will do.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Expected {
    /// `5.` or `5...`.
    pub(crate) written: String,
    /// No number will do as well (O's move in a numbered pair).
    pub(crate) or_none: bool,
}

/// What the numbers make of a token that is no move of the game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) enum NoMove {
    /// A bare number (`5` in Ultimate) where the next move's number belongs:
    /// a number that lost its dot.
    BareNumber(u32),
    /// Something else, not counted as a move.
    Stray,
}

/// The numbering of one replay: the count it follows and how far the
/// record's numbers are shifted from it.
#[derive(Debug)]
pub(super) struct Numbers {
    numbering: Numbering,
    /// Plies to add to the count to get the ply the record's numbers give.
    shift: isize,
}

impl Numbers {
    /// A replay from the first move.
    pub(super) fn new(numbering: Numbering) -> Numbers {
        Numbers {
            numbering,
            shift: 0,
        }
    }

    /// The numbering.
    pub(super) fn numbering(&self) -> Numbering {
        self.numbering
    }

    fn at(&self, ply: usize) -> isize {
        isize::try_from(ply).unwrap_or(isize::MAX / 4) + self.shift
    }

    /// Whether the number written before move `i` (at ply `ply`) fits; when
    /// it does not, re-synchronises on it if the next written number agrees.
    pub(super) fn check(&mut self, moves: &[MoveToken], i: usize, ply: usize) -> bool {
        let Some(n) = &moves[i].number else {
            return true;
        };
        if self.numbering.fits(self.at(ply), n) {
            return true;
        }
        let candidate = self.numbering.ply_of(n) - self.at(ply) + self.shift;
        if let Some((j, next)) = next_number(moves, i) {
            let later = isize::try_from(ply + (j - i)).unwrap_or(isize::MAX / 4);
            if self.numbering.fits(later + candidate, next)
                && !self.numbering.fits(later + self.shift, next)
            {
                self.shift = candidate;
            }
        }
        false
    }

    /// Whether token `i`, which is no move of the game, is to be counted as
    /// a move at ply `ply`: yes, unless the next written number fits only
    /// without it. Then what it is, for the report.
    pub(super) fn no_move(&self, moves: &[MoveToken], i: usize, ply: usize) -> Option<NoMove> {
        let (j, next) = next_number(moves, i)?;
        let between = isize::try_from(j - i - 1).unwrap_or(isize::MAX / 4);
        let without = self.at(ply) + between;
        if !self.numbering.fits(without, next) || self.numbering.fits(without + 1, next) {
            return None;
        }
        let tok = &moves[i];
        let bare = tok.number.is_none()
            && tok.player.is_none()
            && !tok.text.is_empty()
            && tok.text.bytes().all(|b| b.is_ascii_digit());
        let value: Option<u32> = tok.text.parse().ok();
        let here = usize::try_from(self.at(ply)).ok();
        let expected = here.filter(|&p| self.numbering != Numbering::Pairs || p % 2 == 0);
        match (bare, value, expected) {
            (true, Some(v), Some(p)) if v == self.numbering.number(p) => {
                Some(NoMove::BareNumber(v))
            }
            _ => Some(NoMove::Stray),
        }
    }
}

/// The next token after `i` with a written number, and that number.
fn next_number(moves: &[MoveToken], i: usize) -> Option<(usize, &MoveNumber)> {
    moves
        .iter()
        .enumerate()
        .skip(i + 1)
        .find_map(|(j, t)| t.number.as_ref().map(|n| (j, n)))
}

/// Whether a token's text is a move of a game of this kind at all (the
/// replay judges the rest): unreadable text and a move of another game are
/// not.
pub(super) fn is_move_text(body: &MoveBody, depth: Option<usize>) -> bool {
    match (body, depth) {
        (MoveBody::Path(mv), Some(depth)) => mv.path().len() == depth,
        (MoveBody::Sos(_), None) => true,
        _ => false,
    }
}
