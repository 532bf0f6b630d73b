//! "X to play and win in 2" from the class's own games: the positions of
//! checked games where the side to move forces a win in exactly the asked
//! number of its own moves, with exactly one first move (the solver's
//! [`puzzles`]), chosen by the seed.
//!
//! The games come typed, as the checker replayed them: this crate reads no
//! record file. Every game given is accounted for: it gives positions, or
//! it gives none, or it is not used and [`FromGames::unused`] says why (it
//! breaks the rules, it is another game, it is played under other rules,
//! the search limit was met).

use std::collections::HashSet;

use crate::check::CheckedGame;
use crate::check::solving::game_to_solve;
use crate::games::ttt::{Mark, Move};
use crate::rng::SplitMix64;
use crate::setup::GameSetup;
use crate::solve::{Budget, puzzles};

/// A "win in N" exercise.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct WinExercise {
    /// The game, with its ruleset and the rule options the game was
    /// played and the answer proven under.
    pub setup: GameSetup,
    /// The moves of the game up to the position, X first.
    pub moves: Vec<Move>,
    /// Who moves, and wins.
    pub to_move: Mark,
    /// In how many of its own moves.
    pub win_in: u8,
    /// The one first move that wins.
    pub answer: Move,
    /// The main line: the answer, the longest defence, the quickest win.
    pub line: Vec<Move>,
    /// Where the position comes from.
    pub from: Origin,
}

/// The game a position was taken from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Origin {
    /// The record file, as named.
    pub file: String,
    /// The game's number in the file, from 1.
    pub game: usize,
    /// The players' names (X, O), as the record gives them.
    pub names: [Option<String>; 2],
}

/// The exercises found in the games, and the games not used with why.
#[derive(Debug, Clone, Default)]
pub(crate) struct FromGames {
    /// Every position found, in the games' order.
    pub found: Vec<WinExercise>,
    /// Games not used: `FILE: game N (line L): reason`.
    pub unused: Vec<String>,
}

/// How positions are looked for.
#[derive(Debug, Clone)]
pub(crate) struct Look {
    /// The handout's game: games of another are not used, nor games
    /// played under other rule options (the worksheet states one set of
    /// rules).
    pub setup: GameSetup,
    /// Wins in this many own moves.
    pub win_in: u8,
    /// The most positions the solver may visit for one position.
    pub nodes: u64,
    /// The most positions the solver may visit over all the games.
    pub total: u64,
}

/// Every exercise the games hold (each position once).
pub(crate) fn find(games: &[CheckedGame], look: &Look) -> FromGames {
    let plies = 2 * look.win_in - 1;
    let mut out = FromGames::default();
    let mut seen: HashSet<Vec<Move>> = HashSet::new();
    let mut left = look.total;
    for checked in games {
        let r = &checked.report;
        let unused = |why: String| format!("{}: game {} (line {}): {why}", r.file, r.game, r.line);
        let (end, moves) = match game_to_solve(checked) {
            Ok(found) => found,
            Err(e) => {
                out.unused.push(unused(e.message));
                continue;
            }
        };
        let (kind, game) = (end.kind(), look.setup.kind());
        if kind != game {
            out.unused.push(unused(format!(
                "a game of {}; the handout is of {}",
                kind.title(),
                game.title()
            )));
            continue;
        }
        if let Some(rules) = look.setup.options()
            && end.options() != rules
        {
            out.unused.push(unused(format!(
                "played under {}; the handout's rules are {} (its [rules] table)",
                end.options().describe(),
                rules.describe()
            )));
            continue;
        }
        if left == 0 {
            out.unused.push(unused(
                "not searched: the search limit of the handout was met".into(),
            ));
            continue;
        }
        let start = end.restarted();
        let game_budget = Budget::new(u64::from(plies), look.nodes.min(left).max(1))
            .expect("within the solver's limits");
        let found = puzzles(&start, &moves, plies, game_budget);
        left = left.saturating_sub(found.nodes);
        if found.unsolved > 0 {
            out.unused.push(unused(format!(
                "{} of its positions were not searched to the end (the search limit)",
                found.unsolved
            )));
        }
        let names = checked
            .setup
            .as_ref()
            .and_then(GameSetup::xo_names)
            .cloned()
            .unwrap_or_default();
        // A win left unplayed stays on the board for moves on end: the
        // positions after the first with the same winner and answer ask the
        // same question again.
        let mut last_answer = None;
        for p in found.items {
            let again = last_answer == Some((p.to_move, p.answer));
            last_answer = Some((p.to_move, p.answer));
            if again || !seen.insert(moves[..p.ply].to_vec()) {
                continue;
            }
            out.found.push(WinExercise {
                setup: start.setup(),
                moves: moves[..p.ply].to_vec(),
                to_move: p.to_move,
                win_in: look.win_in,
                answer: p.answer,
                line: p.line,
                from: Origin {
                    file: r.file.clone(),
                    game: r.game,
                    names: names.clone(),
                },
            });
        }
    }
    out
}

/// `count` of the positions found, chosen by `seed`, in the games' order;
/// `None` when there are fewer.
pub(crate) fn choose(found: &[WinExercise], count: usize, seed: u64) -> Option<Vec<WinExercise>> {
    if found.len() < count {
        return None;
    }
    let mut order: Vec<usize> = (0..found.len()).collect();
    let mut rng = SplitMix64::new(seed);
    // A Fisher–Yates shuffle's first `count` places.
    for i in 0..count {
        let j = i + rng.index(order.len() - i);
        order.swap(i, j);
    }
    let mut chosen = order[..count].to_vec();
    chosen.sort_unstable();
    Some(chosen.into_iter().map(|i| found[i].clone()).collect())
}
