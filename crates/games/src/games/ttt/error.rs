//! Why a move of the tic-tac-toe family is illegal: which rule, and what was
//! allowed instead.

use super::{Decided, Mark, Move, Outcome, TacticalCell};

/// An illegal move. The message is a plain sentence naming the rule broken and
/// what the rules allowed (docs/record-format.md, "What the checker reports").
/// Each kind has a stable [`MoveError::code`] for scripts.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum MoveError {
    /// The move has the wrong number of positions for the game.
    #[error("{}", wrong_depth(*expected, *found))]
    WrongDepth {
        /// Positions a move of this game has.
        expected: u8,
        /// Positions the move has.
        found: u8,
    },
    /// The whole field is already decided.
    #[error("the game is already over ({}), no move may follow", outcome_text(*outcome))]
    GameOver {
        /// How it ended.
        outcome: Outcome,
    },
    /// The cell already holds a mark.
    #[error("cell {cell} is already taken by {by}")]
    Occupied {
        /// The cell, as a move names it (`5.3`).
        cell: Move,
        /// Who holds it.
        by: Mark,
    },
    /// Fallback 1: the target tactical cell is open as a target, so the move
    /// must be in it.
    #[error("must be played in tactical cell {required}, which {}", held_because(*decided))]
    WrongTacticalCell {
        /// The target.
        required: TacticalCell,
        /// The `decided` option in force, which says why the target holds the move.
        decided: Decided,
    },
    /// Fallback 2: the target freed the move, but its strategic cell holds it.
    #[error(
        "tactical cell {target} is {}, so the move must be played in strategic cell {strategic}, in a tactical cell {}",
        freed_because(*decided),
        playable_means(*decided)
    )]
    WrongStrategicCell {
        /// The strategic cell, 1..=9.
        strategic: u8,
        /// The target tactical cell that freed the move.
        target: TacticalCell,
        /// The `decided` option in force.
        decided: Decided,
    },
    /// Fallback 3 (or the first move): the move went into a tactical cell that
    /// takes no moves.
    #[error(
        "tactical cell {cell} is {}; the move may go in any tactical cell {}",
        closed_because(*decided, cell.depth),
        playable_means(*decided)
    )]
    ClosedTacticalCell {
        /// Where the move went.
        cell: TacticalCell,
        /// The `decided` option in force.
        decided: Decided,
    },
    /// `no-return` at the tactical level: the move really sends the opponent
    /// back to the tactical cell they just played in — the game goes on and
    /// that cell holds their next move — while another move does not.
    #[error(
        "no-return: this move sends {opponent} back to tactical cell {back_to}, where {opponent} must then play ({opponent}'s last move was there), while other moves (e.g. {example}) do not"
    )]
    NoReturn {
        /// The player sent back.
        opponent: Mark,
        /// The tactical cell the opponent just played in.
        back_to: TacticalCell,
        /// A legal alternative.
        example: Move,
    },
    /// `no-return` at the strategic level (Strategic, `NoReturn "yes"`): the
    /// move really sends the opponent back into the strategic cell they just
    /// played in while another move does not.
    #[error(
        "no-return: this move sends {opponent} back to strategic cell {back_to}, where {opponent} must then play ({opponent}'s last move was there), while other moves (e.g. {example}) do not"
    )]
    NoReturnStrategic {
        /// The player sent back.
        opponent: Mark,
        /// The strategic cell the opponent just played in, 1..=9.
        back_to: u8,
        /// A legal alternative.
        example: Move,
    },
}

impl MoveError {
    /// A short stable code for scripts (`--json`).
    pub fn code(&self) -> &'static str {
        match self {
            MoveError::WrongDepth { .. } => "wrong-depth",
            MoveError::GameOver { .. } => "after-end",
            MoveError::Occupied { .. } => "occupied",
            MoveError::WrongTacticalCell { .. } => "wrong-tactical-cell",
            MoveError::WrongStrategicCell { .. } => "wrong-strategic-cell",
            MoveError::ClosedTacticalCell { .. } => "closed-tactical-cell",
            MoveError::NoReturn { .. } | MoveError::NoReturnStrategic { .. } => "no-return",
        }
    }
}

/// Why a target holds the move.
fn held_because(decided: Decided) -> &'static str {
    match decided {
        Decided::Open => "still has empty cells",
        Decided::Free | Decided::Closed => "is still undecided",
    }
}

/// Why a target freed the move.
fn freed_because(decided: Decided) -> &'static str {
    match decided {
        Decided::Open => "full",
        Decided::Free | Decided::Closed => "decided",
    }
}

/// Why a tactical cell takes no moves: full, or under `closed` decided —
/// or, in Strategic only, inside a decided strategic cell (Ultimate has no
/// strategic cells to speak of).
fn closed_because(decided: Decided, depth: u8) -> &'static str {
    match (decided, depth) {
        (Decided::Closed, 3) => "closed (decided, or in a decided strategic cell)",
        (Decided::Closed, _) => "closed (decided)",
        _ => "full",
    }
}

/// Which tactical cells a freed move may go to.
fn playable_means(decided: Decided) -> &'static str {
    match decided {
        Decided::Open | Decided::Free => "that still has empty cells",
        Decided::Closed => "that is still undecided",
    }
}

fn wrong_depth(expected: u8, found: u8) -> String {
    let shape = match expected {
        1 => "O",
        2 => "T.O",
        _ => "S.T.O",
    };
    format!("a move in this game has {expected} position(s) ({shape}), this one has {found}")
}

/// "X won", "drawn", "unfinished".
pub(crate) fn outcome_text(outcome: Outcome) -> String {
    match outcome {
        Outcome::Winner(m) => format!("{m} won"),
        Outcome::Draw => "drawn".into(),
        Outcome::Unfinished => "unfinished".into(),
    }
}
