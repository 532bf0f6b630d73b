//! Which position a diagram shows. By default the final one; with `--at N`
//! the position after the record's first N moves (each player's move
//! counts, as the report's `moves: 81` does). An illegal game is drawn as it
//! stood before its first illegal move — the position the players reached
//! by the rules — with that move drawn apart (a heavy dashed frame around
//! its cell) and named in the caption: after an illegal move the replay can
//! only guess, so the picture stops where the guessing starts.
//!
//! The shorter game is replayed through the same engines as the check,
//! from the record's own moves; its errors were reported already.

use crate::check::{CheckedGame, Position};
use crate::record::{GameRecord, MoveBody};

/// The move a diagram draws apart: the first illegal one, right after the
/// position shown.
#[derive(Debug, Clone)]
pub(super) struct IllegalMove {
    /// Its number as the report gives it (`move 11 (O)`: the pair's
    /// number in the tic-tac-toe family, the count in SOS).
    pub number: u32,
    /// Whether it was X's move (the tic-tac-toe family: X plays the
    /// record's first, third, … move).
    pub mark_x: bool,
    /// Who played it (`X`, `O`, `A`, …).
    pub player: String,
    /// The move as written.
    pub text: String,
    /// The move itself.
    pub body: MoveBody,
}

/// What a diagram shows of a game, when it is not the final position.
#[derive(Debug, Clone)]
pub(super) struct Cut {
    /// How many of the record's moves the position holds.
    pub shown: usize,
    /// How many moves the record has.
    pub total: usize,
    /// The illegal move after the position, drawn apart.
    pub illegal: Option<IllegalMove>,
    /// The annotated moment the position is drawn for, if it is one.
    pub moment: Option<Moment>,
}

/// A moment `check --annotate` found, as its diagram shows it: the
/// caption's lines and the winning line, drawn as numbered marks.
#[derive(Debug, Clone)]
pub(super) struct Moment {
    /// What happened and what the numbers are, in the diagram's language.
    pub lines: Vec<String>,
    /// The winning line from the position shown, its first move first.
    pub line: Vec<crate::games::ttt::Move>,
}

/// The index (from 0) of the first illegal move of `g`, if any, and its
/// number as the report gives it (`move 11 (O)`): the move of the first
/// error that names a move.
fn first_illegal(g: &CheckedGame) -> Option<(usize, u32)> {
    let moves = &g.record.moves;
    g.report
        .errors
        .iter()
        .filter_map(|e| Some((e, e.move_number?)))
        .filter_map(|(e, number)| {
            moves
                .iter()
                .position(|t| t.at == e.at)
                .or_else(|| {
                    // Reported at the move's number rather than the move: the
                    // move after that number on the same line.
                    moves
                        .iter()
                        .position(|t| t.number.as_ref().is_some_and(|n| n.at == e.at))
                })
                .map(|i| (i, number))
        })
        .min()
}

/// The game as the diagram draws it: cut after `at` moves, or before its
/// first illegal move, whichever comes first; `None` to draw it whole.
pub(super) fn cut(g: &CheckedGame, at: Option<usize>) -> Option<(CheckedGame, Cut)> {
    let position = g.position.as_ref()?;
    let total = g.record.moves.len();
    let illegal = first_illegal(g);
    let shown = at
        .unwrap_or(total)
        .min(illegal.map_or(total, |(i, _)| i))
        .min(total);
    if shown == total && illegal.is_none() {
        return None;
    }
    let mut record: GameRecord = g.record.clone();
    record.moves.truncate(shown);
    let position = position.replayed(&record);
    let illegal = illegal.filter(|&(i, _)| i == shown).map(|(i, number)| {
        let tok = &g.record.moves[i];
        let player = match &g.position {
            Some(Position::Sos { movers, .. }) => {
                let mover = movers.get(i).copied().unwrap_or_default();
                crate::games::sos::player_letter(mover).to_string()
            }
            _ if i % 2 == 0 => "X".to_string(),
            _ => "O".to_string(),
        };
        IllegalMove {
            number,
            mark_x: i % 2 == 0,
            player: tok.player.clone().unwrap_or(player),
            text: tok.text.to_string(),
            body: tok.body.clone(),
        }
    });
    let cut_game = CheckedGame {
        report: g.report.clone(),
        position: Some(position),
        record,
        setup: g.setup.clone(),
    };
    Some((
        cut_game,
        Cut {
            shown,
            total,
            illegal,
            moment: None,
        },
    ))
}
