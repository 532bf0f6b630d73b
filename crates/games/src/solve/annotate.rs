//! The moments that decided a game: where the mover had a forced win and
//! played something else, where a move let the opponent force a win, and
//! the move after which the result was forced.
//!
//! Every position of the game is solved once, to the depth asked, in one
//! search whose table the whole game shares (the positions of one game
//! lead into each other). A missed win is judged by the win's depth, not
//! its speed: a move that still wins within the depth is no miss, however
//! much slower. A move allows a loss only when the mover was not lost
//! already: in a lost position every move "allows" it.

use serde::Serialize;

use super::puzzle::line_from;
use super::search::Search;
use super::{Budget, Solution, solve_with};
use crate::games::ttt::{Game, Mark, Move, Outcome};

/// What a moment was.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum AnnotationKind {
    /// The mover could force a win within the depth and after the move
    /// played no longer could.
    MissedWin,
    /// After the move the opponent could force a win within the depth,
    /// and before it the mover was not lost.
    AllowedLoss,
    /// After this move the winner's win was forced, and stayed forced to
    /// the end of the game.
    Decided,
}

impl AnnotationKind {
    /// `missed-win`, `allowed-loss`, `decided`.
    pub fn word(self) -> &'static str {
        match self {
            AnnotationKind::MissedWin => "missed-win",
            AnnotationKind::AllowedLoss => "allowed-loss",
            AnnotationKind::Decided => "decided",
        }
    }
}

/// One moment of a game.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Annotation {
    /// The move's place in the game, 1-based (X's first move is ply 1).
    pub ply: usize,
    /// What it was.
    pub kind: AnnotationKind,
    /// Who played it.
    #[serde(serialize_with = "mark_text")]
    pub mover: Mark,
    /// The move played.
    #[serde(serialize_with = "move_text")]
    pub played: Move,
    /// A missed win: within how many plies the mover could have won.
    /// An allowed loss: within how many plies the opponent wins after the
    /// move. Decided: within how many plies the winner wins after it.
    pub win_in: u8,
    /// Who forces the win: the mover for a missed win, the opponent for an
    /// allowed loss, the winner for the decisive move (the text names
    /// them; the JSON says it by `kind` and `mover`).
    #[serde(skip)]
    pub forcing: Mark,
    /// A missed win: every move that won within `win_in`. An allowed loss:
    /// the opponent's winning replies. Decided: empty.
    #[serde(serialize_with = "moves_text")]
    pub best: Vec<Move>,
    /// The line the forced win follows from the position the moment is
    /// about (before a missed win's move, after the move otherwise): the
    /// winner's quickest win against the longest defence, to the winning
    /// move; empty when the budget did not reach it.
    #[serde(serialize_with = "moves_text")]
    pub line: Vec<Move>,
}

fn mark_text<S: serde::Serializer>(m: &Mark, s: S) -> Result<S::Ok, S::Error> {
    s.collect_str(m)
}

fn move_text<S: serde::Serializer>(m: &Move, s: S) -> Result<S::Ok, S::Error> {
    s.collect_str(m)
}

fn moves_text<S: serde::Serializer>(moves: &[Move], s: S) -> Result<S::Ok, S::Error> {
    s.collect_seq(moves.iter().map(Move::to_string))
}

/// A game's annotations, and how many of its positions the budget left
/// unsolved (their moments are not known).
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize)]
pub struct Annotations {
    /// The moments, by ply.
    pub items: Vec<Annotation>,
    /// Positions the node limit stopped.
    pub unsolved: usize,
}

/// How many times a position's node limit a whole game may use.
pub(super) const GAME_BUDGETS: u64 = 4;

/// Annotates the game played by `moves` from `start`, each position
/// searched within `budget` and the game within four times its nodes.
/// `moves` must be legal from `start`; a move that is not ends the
/// annotation there.
pub fn annotate(start: &Game, moves: &[Move], budget: Budget) -> Annotations {
    let plies = budget.depth();
    let mut search = Search::new(budget.max_nodes());
    let mut total = budget.max_nodes().saturating_mul(GAME_BUDGETS);
    // The positions before each move and after the last.
    let mut positions = vec![start.clone()];
    for &m in moves {
        let mut next = positions[positions.len() - 1].clone();
        if next.check(m).is_err() {
            break;
        }
        next.play_listed(m);
        positions.push(next);
    }
    let played = positions.len() - 1;
    let mut out = Annotations::default();
    let solve = |search: &mut Search, total: &mut u64, g: &Game| -> Option<Solution> {
        if g.is_over() {
            return None;
        }
        search.allow(budget.max_nodes().min(*total));
        let before = search.nodes;
        let s = solve_with(search, g, plies);
        *total = total.saturating_sub(search.nodes - before);
        s.ok()
    };
    let solutions: Vec<Option<Solution>> = positions
        .iter()
        .map(|g| {
            let s = solve(&mut search, &mut total, g);
            if s.is_none() && !g.is_over() {
                out.unsolved += 1;
            }
            s
        })
        .collect();
    let forced = |search: &mut Search, total: &mut u64, g: &Game, who: Mark, d: u8| {
        search.allow(budget.max_nodes().min(*total));
        let before = search.nodes;
        let won = search.forced(g, who, d);
        *total = total.saturating_sub(search.nodes - before);
        (!search.aborted).then_some(won)
    };
    for i in 0..played {
        let (before, after) = (&positions[i], &positions[i + 1]);
        let mover = before.to_move();
        let m = moves[i];
        if let Some(s) = &solutions[i]
            && let Some(k) = s.win_in
            && forced(&mut search, &mut total, after, mover, plies - 1) == Some(false)
        {
            out.items.push(Annotation {
                ply: i + 1,
                kind: AnnotationKind::MissedWin,
                mover,
                forcing: mover,
                played: m,
                win_in: k,
                best: s.winning_moves.clone(),
                line: Vec::new(),
            });
        }
        if let Some(s) = &solutions[i + 1]
            && let Some(k) = s.win_in
            && forced(&mut search, &mut total, before, mover.other(), plies + 1) == Some(false)
        {
            out.items.push(Annotation {
                ply: i + 1,
                kind: AnnotationKind::AllowedLoss,
                mover,
                forcing: mover.other(),
                played: m,
                win_in: k,
                best: s.winning_moves.clone(),
                line: Vec::new(),
            });
        }
    }
    // Forced only by the last move itself is no moment of its own.
    if let Some(decided) = decided_at(
        &positions,
        &solutions,
        plies,
        &mut search,
        &mut total,
        &forced,
    ) && decided.1 > 0
    {
        let (i, k) = decided;
        out.items.push(Annotation {
            ply: i + 1,
            kind: AnnotationKind::Decided,
            mover: positions[i].to_move(),
            forcing: match positions[positions.len() - 1].outcome() {
                Outcome::Winner(w) => w,
                _ => positions[i].to_move(),
            },
            played: moves[i],
            win_in: k,
            best: Vec::new(),
            line: Vec::new(),
        });
        out.items.sort_by_key(|a| a.ply);
    }
    // Each moment's winning line, from the position it is about.
    for a in &mut out.items {
        let from = match a.kind {
            AnnotationKind::MissedWin => &positions[a.ply - 1],
            _ => &positions[a.ply],
        };
        search.allow(budget.max_nodes().min(total));
        let before = search.nodes;
        a.line = line_from(&mut search, from, a.forcing, a.win_in).unwrap_or_default();
        total = total.saturating_sub(search.nodes - before);
    }
    out
}

/// The move (0-based) after which the winner's win was forced and stayed
/// forced to the end, with the plies within which it was forced then;
/// `None` for a game not won within the moves given.
fn decided_at(
    positions: &[Game],
    solutions: &[Option<Solution>],
    plies: u8,
    search: &mut Search,
    total: &mut u64,
    forced: &impl Fn(&mut Search, &mut u64, &Game, Mark, u8) -> Option<bool>,
) -> Option<(usize, u8)> {
    let Outcome::Winner(winner) = positions.last()?.outcome() else {
        return None;
    };
    // From the end back: the earliest position after a move from which the
    // winner wins within the depth, with every later one the same.
    let mut first = None;
    for i in (1..positions.len()).rev() {
        let g = &positions[i];
        let within = if g.is_over() {
            Some(0)
        } else if g.to_move() == winner {
            solutions[i].as_ref().and_then(|s| s.win_in)
        } else {
            (1..=plies).find(|&k| forced(search, total, g, winner, k) == Some(true))
        };
        match within {
            Some(k) => first = Some((i - 1, k)),
            None => break,
        }
    }
    first
}
