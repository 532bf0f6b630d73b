//! The short-win solver: for a position of tic-tac-toe, Ultimate or
//! Strategic, the least number of plies within which the side to move
//! forces a win, and every first move that does; or that the side to move
//! loses within so many plies whatever it plays; or that neither holds
//! within the depth searched.
//!
//! Why: a teacher wants to know where a game was won or thrown away, and
//! an exercise "X to play and win in 2" is worth printing only when it is
//! proven, with every winning move known. Ultimate is unsolved and no
//! engine knows Strategic, but a win a few plies deep is a small enough
//! tree to prove exactly under every ruleset, map and option the checker
//! knows.
//!
//! How: the search plays the very engine the checker replays records
//! with ([`Game`]: its move list, its moves, its outcome), so the solver
//! has no rules of its own to get wrong. [`solve`] deepens one move pair at
//! a time (1, 3, 5, … plies) and at each depth asks of every first move
//! whether it forces the win in what is left; the first depth with a
//! winning move is the least. The threat is the same question asked for
//! the opponent (2, 4, … plies). The search itself (`search`) is a
//! depth-first AND/OR search with a transposition table that respects the
//! remaining depth.
//!
//! Every search runs within a [`Budget`]: at most [`Budget::MAX_PLIES`]
//! plies and at most a given number of positions ([`Budget::MAX_NODES`] at
//! the most), so no request runs for minutes; a search that meets the node
//! limit says so and what it had proven by then.
//!
//! [`annotate`] walks a whole game and marks the moments that decided it;
//! [`puzzles`] finds the positions of a game that make exercises with one
//! answer.
//!
//! The solver knows positions, not records: the checker hands it the
//! position a record ends in and the moves that led there
//! (`check::solving`), so it sits below the checker.

mod annotate;
mod puzzle;
mod search;
#[cfg(test)]
mod tests;

use std::fmt;

use crate::games::ttt::{Game, Mark, Move, Outcome};
use crate::limits::{NumberError, Whole};

pub use annotate::{Annotation, AnnotationKind, Annotations, annotate};
pub use puzzle::{Puzzle, Puzzles, puzzles};
use search::Search;

/// How much a search may do.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Budget {
    plies: u8,
    nodes: u64,
}

impl Budget {
    /// The deepest search a request may ask for, in plies.
    pub const MAX_PLIES: u8 = 15;

    /// The most positions one search may visit (about ten seconds of
    /// search on a laptop; the default budget is far smaller).
    pub const MAX_NODES: u64 = 100_000_000;

    /// The depth searched when none is asked for: wins in up to three own
    /// moves.
    pub const DEFAULT_PLIES: u8 = 5;

    /// The positions a search may visit when no other budget is asked
    /// for: under a second on a laptop.
    pub const DEFAULT_NODES: u64 = 5_000_000;

    /// `--plies`: 1 to [`Budget::MAX_PLIES`].
    pub const PLIES: Whole = Whole {
        key: "plies",
        min: 1,
        max: Budget::MAX_PLIES as u64,
    };

    /// A budget of `plies` plies (1 to [`Budget::MAX_PLIES`]) and at most
    /// `nodes` positions (1 to [`Budget::MAX_NODES`]); out-of-range values
    /// are refused with the words [`Whole`] uses.
    pub fn new(plies: u64, nodes: u64) -> Result<Budget, NumberError> {
        let plies = Budget::PLIES.check(i128::from(plies))? as u8;
        let nodes = Whole {
            key: "nodes",
            min: 1,
            max: Budget::MAX_NODES,
        }
        .check(i128::from(nodes))?;
        Ok(Budget { plies, nodes })
    }

    /// The default budget at `plies` plies: [`Budget::DEFAULT_NODES`]
    /// positions.
    pub fn plies(plies: u64) -> Result<Budget, NumberError> {
        Budget::new(plies, Budget::DEFAULT_NODES)
    }

    /// How many plies deep the search goes.
    pub fn depth(&self) -> u8 {
        self.plies
    }

    /// The most positions the search may visit.
    pub fn max_nodes(&self) -> u64 {
        self.nodes
    }
}

impl Default for Budget {
    fn default() -> Budget {
        Budget {
            plies: Budget::DEFAULT_PLIES,
            nodes: Budget::DEFAULT_NODES,
        }
    }
}

/// What a position holds within the depth searched.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Solution {
    /// Who moves.
    pub to_move: Mark,
    /// The least odd number of plies within which the side to move forces
    /// a win (its own moves and the replies counted), `None` when it cannot
    /// within the depth.
    pub win_in: Option<u8>,
    /// Every first move that forces the win within `win_in`, in cell order.
    pub winning_moves: Vec<Move>,
    /// The least even number of plies within which the opponent forces a
    /// win whatever the side to move plays, `None` when it cannot within
    /// the depth.
    pub loss_in: Option<u8>,
    /// The depth searched.
    pub plies: u8,
    /// Positions visited.
    pub nodes: u64,
}

/// Why a position was not solved.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SolveError {
    /// The game is over: nothing to solve.
    Over(Outcome),
    /// The budget's node limit was met. `proven` is the depth to which the
    /// side to move was proven to have no win (0: not even one ply).
    NodeLimit {
        /// Positions visited.
        nodes: u64,
        /// Plies proven without a win for the side to move.
        proven: u8,
    },
}

impl SolveError {
    /// A stable short code: `game-over`, `node-limit`.
    pub fn code(&self) -> &'static str {
        match self {
            SolveError::Over(_) => "game-over",
            SolveError::NodeLimit { .. } => "node-limit",
        }
    }
}

impl fmt::Display for SolveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SolveError::Over(Outcome::Winner(m)) => {
                write!(f, "the game is over: {m} won; there is nothing to solve")
            }
            SolveError::Over(_) => {
                f.write_str("the game is over: drawn; there is nothing to solve")
            }
            SolveError::NodeLimit { nodes, proven } => {
                write!(f, "stopped after {nodes} positions (the limit) ")?;
                if *proven > 0 {
                    write!(f, "with no win within {proven} plies proven ")?;
                }
                f.write_str("; ask for fewer plies")
            }
        }
    }
}

/// Solves `game` within `budget`: the side to move's quickest forced win
/// with every move that forces it, and the opponent's quickest forced win
/// whatever the side to move plays.
pub fn solve(game: &Game, budget: Budget) -> Result<Solution, SolveError> {
    let mut search = Search::new(budget.nodes);
    solve_with(&mut search, game, budget.plies)
}

/// [`solve`] on a search whose table may hold positions of the same game.
fn solve_with(search: &mut Search, game: &Game, plies: u8) -> Result<Solution, SolveError> {
    if game.is_over() {
        return Err(SolveError::Over(game.outcome()));
    }
    let start = search.nodes;
    let me = game.to_move();
    let limit = |search: &Search, proven| SolveError::NodeLimit {
        nodes: search.nodes - start,
        proven,
    };
    let (win_in, winning_moves) = quickest_win(search, game, plies)
        .map_err(|proven| limit(search, proven))?
        .map_or((None, Vec::new()), |(k, m)| (Some(k), m));
    let mut loss_in = None;
    // A side that forces a win cannot be forced to lose: ask only when not.
    for k in (2..=plies).step_by(2).filter(|_| win_in.is_none()) {
        let lost = search.forced(game, me.other(), k);
        if search.aborted {
            return Err(limit(search, plies));
        }
        if lost {
            loss_in = Some(k);
            break;
        }
    }
    Ok(Solution {
        to_move: me,
        win_in,
        winning_moves,
        loss_in,
        plies,
        nodes: search.nodes - start,
    })
}

/// The least odd `k <= plies` within which the side to move wins, with
/// every first move that wins within `k`; `Err(proven)` when the budget
/// runs out, `proven` plies having been searched without a win.
fn quickest_win(
    search: &mut Search,
    game: &Game,
    plies: u8,
) -> Result<Option<(u8, Vec<Move>)>, u8> {
    let me = game.to_move();
    let moves = game.legal_moves();
    let mut proven = 0;
    for k in (1..=plies).step_by(2) {
        let mut winning = Vec::new();
        for &m in &moves {
            let mut child = game.clone();
            child.play_listed(m);
            search.nodes += 1;
            if search.forced(&child, me, k - 1) {
                winning.push(m);
            }
            if search.aborted {
                return Err(proven);
            }
        }
        if !winning.is_empty() {
            return Ok(Some((k, winning)));
        }
        proven = k;
    }
    Ok(None)
}
