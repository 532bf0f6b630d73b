//! The record as the repair search replays it: one [`Ply`] per written move,
//! stepped through the checker's one engine trait (`check::engine`).
//!
//! A ply keeps what the checker checks about a move besides the rules: the
//! move number and the player written with it. Those stay where they are
//! written when a move's text is edited (the edit touches the move's text
//! only), so an inserted or deleted move shifts which move a number stands
//! before — which is evidence: a left-out move in a numbered record breaks
//! the numbers after it, and the right insertion mends them.

use crate::check::engine::{Engine, step};
use crate::record::MoveToken;

/// One written move.
#[derive(Debug, Clone)]
pub(super) struct Ply<M> {
    /// The move, `None` when its text is no move of this game.
    pub mv: Option<M>,
    /// The move number written before it: number and `...`.
    pub number: Option<(u32, bool)>,
    /// The player written with it: `None` when none is written,
    /// `Some(None)` for a name that is no player of the game.
    pub player: Option<Option<usize>>,
    /// The record's move it comes from; `None` for a move an edit inserted.
    pub token: Option<usize>,
}

impl<M: Copy> Ply<M> {
    /// An inserted move: no number, no player.
    pub(super) fn inserted(mv: M) -> Ply<M> {
        Ply {
            mv: Some(mv),
            number: None,
            player: None,
            token: None,
        }
    }

    /// This ply with `mv` written in place of its move.
    pub(super) fn with_move(&self, mv: Option<M>) -> Ply<M> {
        Ply { mv, ..self.clone() }
    }
}

/// Whether `ply` is legal at `state` as the move at 0-based `index`, playing it.
pub(super) fn play_checked<E: Engine>(state: &mut E, ply: &Ply<E::Move>, index: usize) -> bool {
    if let Some((n, ellipsis)) = ply.number
        && !E::number_ok(index, n, ellipsis)
    {
        return false;
    }
    match ply.player {
        Some(Some(p)) if p != state.mover() => return false,
        Some(None) => return false,
        _ => {}
    }
    ply.mv.is_some_and(|mv| state.play_move(mv).is_ok())
}

/// As [`play_checked`], but an illegal move is carried as the checker does.
pub(super) fn step_checked<E: Engine>(state: &mut E, ply: &Ply<E::Move>, index: usize) -> bool {
    let number_ok = ply
        .number
        .is_none_or(|(n, ellipsis)| E::number_ok(index, n, ellipsis));
    let player_ok = match ply.player {
        Some(Some(p)) => p == state.mover(),
        Some(None) => false,
        None => true,
    };
    let legal = step(state, ply.mv).is_ok();
    legal && number_ok && player_ok
}

/// The plies of a record's moves, read at `fresh` (the game's first
/// position). `players` reads a written player.
pub(super) fn plies_of<E: Engine>(
    fresh: &E,
    moves: &[MoveToken],
    players: &dyn Fn(&str) -> Option<usize>,
) -> Vec<Ply<E::Move>> {
    moves
        .iter()
        .enumerate()
        .map(|(t, tok)| Ply {
            mv: fresh.read(&tok.body).ok(),
            number: tok.number.as_ref().map(|n| (n.number, n.ellipsis)),
            player: tok.player.as_deref().map(players),
            token: Some(t),
        })
        .collect()
}
