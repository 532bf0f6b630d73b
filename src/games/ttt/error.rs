//! Why a move of the tic-tac-toe family is illegal: which rule, and what was
//! allowed instead.

use super::{Mark, Move, Outcome, TacticalCell};

/// An illegal move. The message is a plain sentence naming the rule broken and
/// what the rules allowed (RECORD-FORMAT.md "What the checker reports").
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
    #[error("the cell is already taken by {by}")]
    Occupied {
        /// Who holds it.
        by: Mark,
    },
    /// Fallback 1: the target tactical cell is open, so the move must be in it.
    #[error(
        "must be played in tactical cell {required}, which {}",
        if *play_in_decided { "still has empty cells" } else { "is still undecided" }
    )]
    WrongTacticalCell {
        /// The target.
        required: TacticalCell,
        /// The option in force, which decides why the target is open.
        play_in_decided: bool,
    },
    /// Fallback 2: the target is closed but its strategic cell is open.
    #[error(
        "tactical cell {target} is {}, so the move must be played in an open tactical cell of strategic cell {strategic}",
        closed_word(*play_in_decided)
    )]
    WrongStrategicCell {
        /// The strategic cell, 1..=9.
        strategic: u8,
        /// The closed target tactical cell.
        target: TacticalCell,
        /// The option in force.
        play_in_decided: bool,
    },
    /// Fallback 3 (or the first move): the move went into a closed tactical cell.
    #[error(
        "tactical cell {cell} is {}; the move may go in any open tactical cell",
        if *play_in_decided { "full" } else { "closed (decided, or in a decided strategic cell)" }
    )]
    ClosedTacticalCell {
        /// Where the move went.
        cell: TacticalCell,
        /// The option in force.
        play_in_decided: bool,
    },
    /// The `no-return` option: the move sends the opponent back to the tactical
    /// cell they just played in while another move was possible.
    #[error(
        "no-return: this move sends the opponent back to tactical cell {back_to}, where they just played, while other moves (e.g. {example}) do not"
    )]
    NoReturn {
        /// The tactical cell the opponent just played in.
        back_to: TacticalCell,
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
            MoveError::NoReturn { .. } => "no-return",
        }
    }
}

fn closed_word(play_in_decided: bool) -> &'static str {
    if play_in_decided { "full" } else { "decided" }
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
