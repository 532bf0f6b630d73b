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
//! the prior of the slip (one digit before two; see `edits`; in plain
//! tic-tac-toe, where a slip shows only by ending the game early, two moves
//! exchanged before one digit, see `plies`) plus the distance back from the
//! error. Two edits equal on all of that are a tie,
//! which `--fix` does not break by guessing. An edit that does not get past
//! the error is no suggestion. Applying the best edit,
//! the search goes on from the next error, so a record with two slips gets two
//! fixes; an error that no edit gets past is passed as the checker passes it.
//!
//! A legal game gets no suggestion: the search runs only on an illegal one.

pub mod diff;
mod edits;
pub mod fix;
mod keys;
pub mod plant;
mod plies;
mod search;
#[cfg(test)]
mod tests;

use serde::Serialize;

use super::claims::{Agreement, End};
use super::replay::{sos_players, sos_result, ttt_result, written_player};
use super::setup::Setup;
use super::{CheckError, GameOutcome, GameResult, claims};
use crate::games::sos::SosGame;
use crate::games::ttt::Game;
use crate::record::GameRecord;

pub use search::Finding;

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
    /// The edited move for a reader: `move 10 (X) 3.5`, or empty when it is
    /// the move the error is reported at.
    pub at: String,
    /// Swap: the other move for a reader, `move 10 (O) 5.2`.
    pub with_at: String,
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
        use serde::ser::SerializeMap;
        let mut m = s.serialize_map(None)?;
        m.serialize_entry("edit", &self.edit)?;
        m.serialize_entry("ply", &self.ply)?;
        if let Some(text) = &self.text {
            m.serialize_entry("text", text)?;
        }
        if let Some(with) = &self.with {
            m.serialize_entry("with", with)?;
        }
        m.serialize_entry("legal_after", &self.legal_after)?;
        m.serialize_entry("to_end", &self.to_end)?;
        m.serialize_entry("slip", &self.slip)?;
        if self.count > 1 {
            m.serialize_entry("count", &self.count)?;
        }
        if let Some(agrees) = self.claim {
            m.serialize_entry("claim", if agrees { "agrees" } else { "against" })?;
        }
        if let Some(result) = &self.result {
            m.serialize_entry("result", &result.to_string())?;
        }
        m.serialize_entry("tie", &self.tie)?;
        if self.shift {
            m.serialize_entry("shift", &true)?;
        }
        m.serialize_entry("says", &suggestion_text(self))?;
        m.end()
    }
}

/// How far the search looks.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RepairLimits {
    /// Moves before an error whose slips are tried.
    pub window: usize,
    /// Errors per game the search looks at (one edit each).
    pub rounds: usize,
    /// Suggestions kept per error.
    pub shown: usize,
    /// Legal moves an edit must be followed by, unless it makes the record
    /// legal to its end: an edit that only moves the error a move on is no
    /// evidence.
    pub min_legal_after: usize,
}

/// The window (8 moves back) was chosen by measurement (`cargo bench --bench
/// repair -- --sweep`): over every game and slip the true fix is among the
/// three shown for 85 % of the slips with no window, 96.4 % with 1 move,
/// 97.9 % with 4, 98.7 % with 8 and 98.9 % with 16 — little more for more
/// time.
impl Default for RepairLimits {
    fn default() -> Self {
        RepairLimits {
            window: 8,
            rounds: 8,
            shown: 3,
            min_legal_after: 2,
        }
    }
}

/// The suggestions for an illegal game: one [`Finding`] per error the search
/// found an edit for, in record order, each naming the record's move (0-based)
/// at which the error shows. None for a game whose tags cannot be set up
/// (the checker reports those) or that is legal.
pub fn suggest(record: &GameRecord, limits: &RepairLimits) -> Vec<Finding> {
    match super::setup::setup(record, None) {
        Ok(setup) => suggest_for(record, &setup, limits),
        Err(_) => Vec::new(),
    }
}

/// [`suggest`] for a game already set up.
fn suggest_for(record: &GameRecord, setup: &Setup, limits: &RepairLimits) -> Vec<Finding> {
    match setup {
        Setup::Ttt {
            variant,
            options,
            names,
            ..
        } => {
            let letters = ["X".to_string(), "O".to_string()];
            let players = |w: &str| written_player(w, &letters, names);
            let judge = |g: &Game| Judged {
                agrees: agrees(claims::agreement(record, setup, End::Ttt(g))),
                result: ttt_result(g.outcome(), names),
            };
            search::repair(
                Game::new(variant.clone(), *options),
                record,
                &players,
                &judge,
                limits,
            )
        }
        Setup::Sos { config, names, .. } => {
            let (letters, named) = sos_players(*config, names);
            let players = |w: &str| written_player(w, &letters, &named);
            let judge = |g: &SosGame| Judged {
                agrees: agrees(claims::agreement(record, setup, End::Sos(g))),
                result: sos_result(g.outcome(), names),
            };
            search::repair(SosGame::new(*config), record, &players, &judge, limits)
        }
    }
}

/// What the game's own claims say of a replay that reached the record's end.
pub(super) struct Judged {
    /// `Some(true)`: every readable claim agrees; `Some(false)`: one does
    /// not; `None`: the record makes no readable claim.
    pub agrees: Option<bool>,
    /// The result of that replay.
    pub result: GameResult,
}

/// The claims' verdict on a replay as the ranking weighs it: the claims
/// code is the one judge, so every tag it checks (Result, Score,
/// Termination) is evidence here too; no readable claim is no evidence.
fn agrees(agreement: Agreement) -> Option<bool> {
    match agreement {
        Agreement::Agrees => Some(true),
        Agreement::Contradicts => Some(false),
        Agreement::Unknown => None,
    }
}

/// Finds the suggestions for an illegal game and puts each finding's under the
/// error reported at its move (or, if the report has none there, under the
/// next move error after it, else the last).
pub(super) fn attach(record: &GameRecord, setup: &Setup, errors: &mut [CheckError]) {
    for finding in suggest_for(record, setup, &RepairLimits::default()) {
        let Some(tok) = record.moves.get(finding.token) else {
            continue;
        };
        let at_move = |e: &CheckError| {
            (e.line, e.col) == (tok.line, tok.col)
                || tok
                    .number
                    .as_ref()
                    .is_some_and(|n| (e.line, e.col) == (n.line, n.col))
        };
        let is_move = |e: &CheckError| e.move_number.is_some();
        let index = errors
            .iter()
            .position(|e| is_move(e) && at_move(e))
            .or_else(|| {
                errors
                    .iter()
                    .position(|e| is_move(e) && (e.line, e.col) > (tok.line, tok.col))
            })
            .or_else(|| errors.iter().rposition(is_move));
        if let Some(e) = index.map(|i| &mut errors[i])
            && e.suggestions.is_empty()
        {
            // Moves written after the game ended are only explained by a
            // slip that keeps the game going to the record's end; a few more
            // legal moves among hundreds is no evidence.
            let mut suggestions = finding.suggestions;
            if e.code == "after-end" {
                suggestions.retain(|s| s.to_end);
            }
            e.suggestions = suggestions;
        }
    }
}

/// A suggestion for a reader, without the leading `did you mean`/`or`:
/// `7.1 (one digit)? then all 70 remaining moves are legal`.
pub fn suggestion_text(s: &Suggestion) -> String {
    let this = |at: &str| {
        if at.is_empty() {
            "this move".to_string()
        } else {
            at.to_string()
        }
    };
    let text = s.text.as_deref().unwrap_or("");
    let what = match s.edit {
        EditKind::Replace if s.at.is_empty() => format!("{text} ({})", s.slip.words()),
        EditKind::Replace => format!("{text} for {} ({})", s.at, s.slip.words()),
        EditKind::Swap => format!(
            "{} and {} the other way round ({})",
            this(&s.at),
            s.with_at,
            s.slip.words()
        ),
        EditKind::Insert if s.shift => format!(
            "a move {text} left out before {}, each later move one place on",
            this(&s.at)
        ),
        EditKind::Insert => format!("a move {text} left out before {}", this(&s.at)),
        EditKind::Delete if s.count > 1 => format!(
            "{} and the {} after it deleted ({})",
            this(&s.at),
            plural(s.count - 1, "move"),
            s.slip.words()
        ),
        EditKind::Delete if s.shift => format!(
            "{} deleted ({}), each later move one place back",
            this(&s.at),
            s.slip.words()
        ),
        EditKind::Delete => format!("{} deleted ({})", this(&s.at), s.slip.words()),
    };
    let evidence = match (s.to_end, s.legal_after) {
        (true, 0) => "then the record is legal to its end".to_string(),
        (true, 1) => "then the 1 remaining move is legal".to_string(),
        (true, n) => format!("then all {n} remaining moves are legal"),
        (false, 0) => "but the next move is still illegal".to_string(),
        (false, 1) => "then 1 more move is legal".to_string(),
        (false, n) => format!("then {n} more moves are legal"),
    };
    let outcome = match (&s.result, s.claim) {
        (Some(r), Some(true)) => format!(" and {}, as claimed", result_words(r)),
        (Some(r), Some(false)) => {
            format!(", but {}, against the game's claim", result_words(r))
        }
        (Some(r), None) if r.outcome != GameOutcome::Unfinished => {
            format!(" and {}", result_words(r))
        }
        _ => String::new(),
    };
    format!("{what}? {evidence}{outcome}")
}

/// `X (Ida) won`, `the game is drawn`: a result inside a sentence.
fn result_words(r: &GameResult) -> String {
    match r.outcome {
        GameOutcome::Win | GameOutcome::SharedWin => r.to_string(),
        GameOutcome::Draw => "the game is drawn".to_string(),
        GameOutcome::Unfinished => "the game is unfinished".to_string(),
    }
}

/// `1 move`, `2 moves`.
fn plural(n: usize, what: &str) -> String {
    if n == 1 {
        format!("1 {what}")
    } else {
        format!("{n} {what}s")
    }
}

/// The lines shown under an error: `  did you mean …`, then `  or …`.
pub(crate) fn suggestion_lines(suggestions: &[Suggestion]) -> Vec<String> {
    suggestions
        .iter()
        .enumerate()
        .map(|(i, s)| {
            let lead = if i == 0 { "did you mean" } else { "or" };
            format!("  {lead} {}", suggestion_text(s))
        })
        .collect()
}
