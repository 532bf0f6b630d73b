//! Running the search on a game: how far it looks, and where its findings
//! go in the checker's report.

// `pub` for the `internals` feature; crate-private without it.
#![cfg_attr(not(feature = "internals"), allow(unreachable_pub))]

use super::search::{self, Finding};
use crate::check::claims::{self, Agreement, End};
use crate::check::replay::{sos_players, sos_result, ttt_result, written_player};
use crate::check::{CheckError, GameResult};
use crate::games::sos::SosGame;
use crate::games::ttt::Game;
use crate::record::GameRecord;
use crate::setup::GameSetup;

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
#[cfg(feature = "internals")]
pub fn suggest(record: &GameRecord, limits: &RepairLimits) -> Vec<Finding> {
    match GameSetup::from_tags(record, None) {
        Ok(setup) => suggest_for(record, &setup, limits),
        Err(_) => Vec::new(),
    }
}

/// [`suggest`] for a game already set up.
fn suggest_for(record: &GameRecord, setup: &GameSetup, limits: &RepairLimits) -> Vec<Finding> {
    match setup {
        GameSetup::TicTacToe { names, .. }
        | GameSetup::Ultimate { names, .. }
        | GameSetup::Strategic { names, .. } => {
            let letters = ["X".to_string(), "O".to_string()];
            let players = |w: &str| written_player(w, &letters, names);
            let judge = |g: &Game| Judged {
                agrees: agrees(claims::agreement(record, setup, End::Ttt(g))),
                result: ttt_result(g.outcome(), names),
            };
            search::repair(
                setup.ttt_game().expect("a family game has an engine"),
                record,
                &players,
                &judge,
                limits,
            )
        }
        GameSetup::Sos { config, names, .. } => {
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
pub(crate) struct Judged {
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
pub(in crate::check) fn attach(record: &GameRecord, setup: &GameSetup, errors: &mut [CheckError]) {
    for finding in suggest_for(record, setup, &RepairLimits::default()) {
        let Some(tok) = record.moves.get(finding.token) else {
            continue;
        };
        let at_move =
            |e: &CheckError| e.at == tok.at || tok.number.as_ref().is_some_and(|n| e.at == n.at);
        let is_move = |e: &CheckError| e.move_number.is_some();
        let index = errors
            .iter()
            .position(|e| is_move(e) && at_move(e))
            .or_else(|| errors.iter().position(|e| is_move(e) && e.at > tok.at))
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
