//! Repair suggestions: for an illegal game, the smallest edits of the record
//! that make the rest of it legal ("did you mean 7.1?").
//!
//! Most errors in a typed-up record are typing slips, and the first illegal
//! move is often not the slip: a wrong digit that is still legal sends the
//! game elsewhere, and the record breaks a move or two later. So for the first
//! error the search tries every small edit of the moves from `window` moves
//! before the error up to the error itself:
//!
//! * **replace**: one digit changed (a neighbouring key, see `keys.rs`, or any
//!   other), two digits of a move swapped, a digit left out or written twice
//!   (a move of the wrong length); SOS: the other letter, a nearby empty cell;
//! * **swap**: two neighbouring moves exchanged, or two of one player's
//!   moves in neighbouring rows (a column of the sheet copied out of order);
//! * **insert**: a move left out — every legal move at that point;
//! * **delete**: a move written twice (or an extra move), or the moves after
//!   the game had ended;
//! * in a numbered record, an insertion or deletion with every later move
//!   one place on or back: someone who numbers the lines as they type them
//!   and skips or repeats a move leaves numbers that agree with the slipped
//!   record, so only moving the moves mends it;
//!
//! and, beyond the window, a move skipped or repeated that way anywhere
//! before the error (where free moves let the shifted record stay legal for
//! a while, the error shows far from the gap; only a shift that makes the
//! whole rest of the record legal counts), and the moves that may have set
//! the error up: the move
//! that took the cell an occupied-cell error writes in, and in SOS the letters
//! near the move before a wrong-player error (a wrong S or O makes or spoils an
//! SOS, which changes whose turn it is).
//!
//! Each edit is scored by replaying the record after it — from a snapshot of
//! the position before the edit, stopping at the first move that breaks a rule,
//! a move number or a written player — and ranked on the evidence: the
//! game's own claims first (a replay legal to the end that contradicts the
//! claimed Result or Score goes last, since a fix must not change who won);
//! a single move after the end deleted (it is first of all an extra move);
//! how far the record then stays legal (to the end is best); the claimed
//! result reached (or, with no claim, the game over at the last move); then
//! the prior of the slip (one digit before two; see `costs`; in plain
//! tic-tac-toe, where a slip shows only by ending the game early, two moves
//! exchanged before one digit, see `plies`) plus the distance back from the
//! error. Two edits equal on all of that are a tie,
//! which `--fix` does not break by guessing. An edit that does not get past
//! the error is no suggestion. Applying the best edit,
//! the search goes on from the next error, so a record with two slips gets two
//! fixes; an error that no edit gets past is passed as the checker passes it.
//!
//! A legal game gets no suggestion: the search runs only on an illegal one.

mod costs;
pub mod diff;
pub(super) mod edits;
pub mod fix;
mod keys;
mod log;
// Planting slips is the test set of the benches and the tests, not a part
// of repairing: the `internals` feature shows it to the benches.
#[cfg(any(test, feature = "internals"))]
pub(crate) mod plant;
mod plies;
pub(crate) mod run;
pub(crate) mod say;
mod search;
#[cfg(test)]
mod tests;

use serde::Serialize;

use super::GameResult;
use crate::language::Language;

pub use search::Finding;

use run::Judged;
pub(crate) use run::RepairLimits;
pub(super) use run::attach;
pub(crate) use say::suggestion_hints_in;
#[cfg(test)]
pub(crate) use say::suggestion_text;

/// What an edit does to the record's moves.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub(crate) enum EditKind {
    /// One move's text replaced.
    Replace,
    /// Two moves exchanged: neighbours, or one player's moves of
    /// neighbouring rows.
    Swap,
    /// A move written before another.
    Insert,
    /// A move taken out.
    Delete,
}

/// The slip an edit undoes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Slip {
    /// One digit typed with the key beside the right one.
    NeighbouringKey,
    /// One digit wrong.
    OneDigit,
    /// Two digits of a move swapped.
    DigitsSwapped,
    /// A digit left out (a move one position short).
    DigitLeftOut,
    /// A digit too many (a move one position long).
    ExtraDigit,
    /// A wrong character between the right digits (`6,6.4`).
    Separator,
    /// SOS: S written for O or O for S.
    OtherLetter,
    /// SOS: the letter written in a cell near the right one.
    NearbyCell,
    /// Two neighbouring moves written in the wrong order.
    MovesExchanged,
    /// Two moves of one player in neighbouring rows written in each
    /// other's rows.
    RowsExchanged,
    /// A move left out.
    MoveLeftOut,
    /// A move written twice.
    MoveWrittenTwice,
    /// A move that does not belong in the record.
    ExtraMove,
    /// Moves written after the game had ended.
    AfterEnd,
}

impl Slip {
    /// The words a suggestion line uses.
    pub fn words(self) -> &'static str {
        match self {
            Slip::NeighbouringKey => "one digit, a neighbouring key",
            Slip::OneDigit => "one digit",
            Slip::DigitsSwapped => "digits swapped",
            Slip::DigitLeftOut => "a digit left out",
            Slip::ExtraDigit => "a digit too many",
            Slip::Separator => "a separator mistyped",
            Slip::OtherLetter => "the other letter",
            Slip::NearbyCell => "a nearby cell",
            Slip::MovesExchanged => "moves exchanged",
            Slip::RowsExchanged => "rows of one column exchanged",
            Slip::MoveLeftOut => "a move left out",
            Slip::MoveWrittenTwice => "a move written twice",
            Slip::ExtraMove => "an extra move",
            Slip::AfterEnd => "written after the end of the game",
        }
    }
}

/// A move a suggestion names, as a reader finds it in the record: its
/// number, its player and its text (`move 10 (X) 3.5` in English).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MoveAt {
    /// The move number as the record numbers it.
    pub number: usize,
    /// The player's letter.
    pub player: String,
    /// The move as written.
    pub text: String,
}

/// One suggested edit and its evidence. Serialised as in `check --json`:
/// `{"edit": "replace", "ply": 11, "text": "7.1", "legal_after": 70,
/// "to_end": true, "slip": "one-digit", "claim": "agrees", "result": "X won",
/// "tie": false, "says": "7.1 (one digit)? then all 70 remaining moves are
/// legal and X won, as claimed"}` — `says` is the sentence the text report
/// prints after "did you mean".
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Suggestion {
    /// What the edit does.
    pub(crate) edit: EditKind,
    /// 1-based index of the move among the moves written in the record: the
    /// one the edit changes, or for an insertion the one it goes before.
    pub ply: usize,
    /// The move it writes (replace, insert).
    pub text: Option<String>,
    /// The other move's index (swap).
    pub with: Option<usize>,
    /// How many of the moves after the edited one(s) are legal after the edit.
    pub legal_after: usize,
    /// Whether that is all of them.
    pub to_end: bool,
    /// The slip the edit undoes.
    pub slip: Slip,
    /// Insert: the move goes right before the text of the move it precedes,
    /// after the number or player written there (`5. 7.3 3.9`), taking them;
    /// else right after the move before it.
    pub after_number: bool,
    /// The edited move for a reader (`move 10 (X) 3.5`), or `None` when it
    /// is the move the error is reported at.
    pub at: Option<MoveAt>,
    /// Swap: the other move for a reader, `move 10 (O) 5.2`.
    pub with_at: Option<MoveAt>,
    /// Delete: how many moves it takes out from `ply` on (more than one only
    /// for the moves written after the end of the game).
    pub count: usize,
    /// Whether the game's own claims (`Result`, `Score`, and whatever else the
    /// claim check judges) agree with the replay after the edit: `None` when
    /// the record makes no readable claim or the edit does not make the rest
    /// of the record legal (then the result is not known).
    pub claim: Option<bool>,
    /// The result of the replay after the edit, when the rest of the record
    /// is then legal.
    pub result: Option<GameResult>,
    /// Whether another suggestion for the same error is just as good on the
    /// evidence (how far the record is then legal, the claims, the kind of
    /// slip): then `--fix` applies neither.
    pub tie: bool,
    /// Insert, delete: the record's lines were numbered as typed, so every
    /// later move goes one place on (insert) or back (delete) in them, each
    /// number and player staying where it is written.
    pub shift: bool,
}

impl Suggestion {
    /// Whether `--fix` may apply this suggestion as the first of its error:
    /// nothing else is as good, and it does not contradict the game's claim.
    pub fn sure(&self) -> bool {
        !self.tie && self.claim != Some(false)
    }
}

impl Serialize for Suggestion {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        SuggestionIn(self, Language::En).serialize(s)
    }
}

/// A suggestion as it serialises, its `says` in a language of the
/// checker's catalogues.
pub(crate) struct SuggestionIn<'a>(pub &'a Suggestion, pub Language);

impl Serialize for SuggestionIn<'_> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;
        let SuggestionIn(this, language) = *self;
        let mut m = s.serialize_map(None)?;
        m.serialize_entry("edit", &this.edit)?;
        m.serialize_entry("ply", &this.ply)?;
        if let Some(text) = &this.text {
            m.serialize_entry("text", text)?;
        }
        if let Some(with) = &this.with {
            m.serialize_entry("with", with)?;
        }
        m.serialize_entry("legal_after", &this.legal_after)?;
        m.serialize_entry("to_end", &this.to_end)?;
        m.serialize_entry("slip", &this.slip)?;
        if this.count > 1 {
            m.serialize_entry("count", &this.count)?;
        }
        if let Some(agrees) = this.claim {
            m.serialize_entry("claim", if agrees { "agrees" } else { "against" })?;
        }
        if let Some(result) = &this.result {
            m.serialize_entry("result", &result.to_string())?;
        }
        m.serialize_entry("tie", &this.tie)?;
        if this.shift {
            m.serialize_entry("shift", &true)?;
        }
        m.serialize_entry("says", &say::suggestion_in(this, language))?;
        m.end()
    }
}
