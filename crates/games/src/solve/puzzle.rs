//! Exercises from a played game: the positions where the side to move
//! forces a win within exactly `k` plies and exactly one first move does,
//! with the line the win follows.
//!
//! Why: a printed "X to play and win in 2" is worth a lesson only when its
//! answer is the answer. A position with two winning moves, or with a
//! quicker win than the one asked for, makes a student's other right answer
//! wrong on the key; the solver proves both away (every other first move is
//! searched to the full depth and fails), so no depth-limited guess decides
//! what is printed.
//!
//! The main line is the winner's quickest win against the defence that
//! holds out longest (ties: the first move in cell order), so the key shows
//! one line a student can check move by move.

use super::search::{Search, after};
use super::{Budget, quickest_win};
use crate::games::ttt::{Game, Mark, Move, Outcome};

/// One position of a game that makes an exercise.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Puzzle {
    /// How many moves of the game were played before the position.
    pub ply: usize,
    /// Who moves, and wins.
    pub to_move: Mark,
    /// The plies within which the win is forced, and no fewer (odd: the
    /// winner's moves and the replies between them).
    pub win_in: u8,
    /// The one first move that forces it.
    pub answer: Move,
    /// The main line: the answer, the longest defence, the quickest win,
    /// to the winning move.
    pub line: Vec<Move>,
}

/// The exercises of one game, and how many of its positions the budget
/// left unproven (they make none).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Puzzles {
    /// By ply.
    pub items: Vec<Puzzle>,
    /// Positions the node limit stopped.
    pub unsolved: usize,
    /// Positions the solver visited.
    pub nodes: u64,
}

/// Every position of the game played by `moves` from `start` (after each
/// move and before the first) where the side to move forces a win within
/// exactly `win_in` plies (odd, up to the budget's depth) with exactly one
/// first move. Each position is searched within the budget's nodes, the
/// whole game within four times as many. `moves` must be legal from
/// `start`; a move that is not ends the search there.
pub fn puzzles(start: &Game, moves: &[Move], win_in: u8, budget: Budget) -> Puzzles {
    let win_in = win_in.clamp(1, budget.depth()) | 1;
    let mut search = Search::new(budget.max_nodes());
    let mut total = budget
        .max_nodes()
        .saturating_mul(super::annotate::GAME_BUDGETS);
    let mut out = Puzzles::default();
    let mut game = start.clone();
    for ply in 0..=moves.len() {
        if !game.is_over() {
            search.allow(budget.max_nodes().min(total));
            let before = search.nodes;
            let found = quickest_win(&mut search, &game, win_in);
            let line = match &found {
                Ok(Some((k, winning))) if *k == win_in && winning.len() == 1 => {
                    main_line(&mut search, &game, winning[0], win_in)
                }
                _ => None,
            };
            total = total.saturating_sub(search.nodes - before);
            match (found, line) {
                (Err(_), _) => out.unsolved += 1,
                (Ok(Some((_, winning))), Some(line)) => out.items.push(Puzzle {
                    ply,
                    to_move: game.to_move(),
                    win_in,
                    answer: winning[0],
                    line,
                }),
                // A main line the budget cut short is no proof printed.
                (Ok(Some(_)), None) if search.aborted => out.unsolved += 1,
                _ => {}
            }
        }
        let Some(&m) = moves.get(ply) else { break };
        if game.check(m).is_err() {
            break;
        }
        game.play_listed(m);
    }
    out.nodes = search.nodes;
    out
}

/// The line a win of `plies` plies starting with `first` follows: the
/// defender's reply that holds out longest, the attacker's quickest
/// winning move, to the end. `None` when the budget runs out.
fn main_line(search: &mut Search, game: &Game, first: Move, plies: u8) -> Option<Vec<Move>> {
    let mut line = vec![first];
    line.extend(line_from(
        search,
        &after(game, first),
        game.to_move(),
        plies - 1,
    )?);
    Some(line)
}

/// The line `winner`'s forced win within `left` plies of `game` follows,
/// whoever is to move: the defender's reply that holds out longest, the
/// winner's quickest winning move (ties: the first in cell order), to the
/// win. `None` when the budget runs out or the win is not forced.
pub(super) fn line_from(
    search: &mut Search,
    game: &Game,
    winner: Mark,
    mut left: u8,
) -> Option<Vec<Move>> {
    let me = winner;
    let mut line = Vec::new();
    let mut g = game.clone();
    while !g.is_over() && left > 0 {
        let moves = g.legal_moves();
        if moves.is_empty() {
            return None;
        }
        // Each move's need: the plies within which `me` still wins after it.
        let mut children: Vec<Game> = moves.iter().map(|&m| after(&g, m)).collect();
        let mut needs = Vec::with_capacity(moves.len());
        for child in &children {
            let need = match child.outcome() {
                Outcome::Winner(w) if w == me => Some(0),
                Outcome::Unfinished => {
                    (1..left).find(|&d| search.forced(child, me, d) && !search.aborted)
                }
                _ => None,
            };
            if search.aborted {
                return None;
            }
            needs.push(need);
        }
        let pick = if g.to_move() == me {
            // The quickest win.
            (0..moves.len())
                .filter(|&i| needs[i].is_some())
                .min_by_key(|&i| needs[i])?
        } else {
            // Every reply loses (the win is forced): the longest defence.
            let mut best = 0;
            for i in 0..moves.len() {
                needs[i]?;
                if needs[i] > needs[best] {
                    best = i;
                }
            }
            best
        };
        line.push(moves[pick]);
        g = children.swap_remove(pick);
        left -= 1;
    }
    (g.outcome() == Outcome::Winner(me)).then_some(line)
}
