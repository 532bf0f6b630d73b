//! Where the checker meets the solver: the position a checked game ends in
//! and the moves that led there, or the checker's word on why a game has
//! none to solve; and a game's answer as `solve` reports it.
//!
//! The solver works on engine positions and knows no records; this module
//! is the one place that turns a checked record into one, so a game
//! identity of its own can take the record's place here alone.

use serde::Serialize;

use super::json::to_json;
use super::text::{JsonFile, JsonStream};
use super::{CheckError, CheckedGame, Position, Status};
use crate::games::ttt::{Game, Move, Outcome};
use crate::language::Language;
use crate::messages::{Arg, say};
use crate::record::MoveBody;
use crate::solve::{Annotations, Budget, SolveError, annotate, solve};

/// Why a checked game has no position to solve.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Unsolvable {
    /// The checker's error code (`occupied`, `setup`, …), `game-over`,
    /// `node-limit` or `not-solvable`.
    pub code: &'static str,
    /// The checker's message, with where it points, in English
    /// ([`Unsolvable::says`] in another language).
    pub message: String,
    /// Why, typed: what `message` is worded from.
    #[serde(skip)]
    why: Why,
}

/// Why a game has no position to solve.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Why {
    /// The checker's first error.
    Checked(Box<CheckError>),
    /// Illegal, with no error to show.
    BreaksRules,
    /// A game of SOS.
    Sos,
    /// The tags give no game.
    Unusable,
    /// The search's own answer.
    Solver(SolveError),
}

impl Unsolvable {
    fn new(code: &'static str, why: Why) -> Unsolvable {
        Unsolvable {
            code,
            message: why.words(Language::En),
            why,
        }
    }

    /// Why, in `language`.
    pub fn says(&self, language: Language) -> String {
        self.why.words(language)
    }
}

impl Why {
    fn words(&self, language: Language) -> String {
        let s = |id: &str, args: &[(&str, Arg<'_>)]| say(language, id, args);
        match self {
            Why::Checked(e) => {
                let text = if e.text.is_empty() {
                    String::new()
                } else {
                    format!("`{}`: ", e.text)
                };
                s(
                    "solve-at",
                    &[
                        ("line", Arg::Count(e.at.line as usize)),
                        ("col", Arg::Text(&e.at.col.to_string())),
                        ("text", Arg::Text(&text)),
                        ("why", Arg::Text(&e.says(language))),
                    ],
                )
            }
            Why::BreaksRules => s("solve-breaks-rules", &[]),
            Why::Sos => s("solve-sos", &[]),
            Why::Unusable => s("solve-unusable", &[]),
            Why::Solver(SolveError::Over(Outcome::Winner(m))) => {
                s("solve-over-won", &[("who", Arg::Text(&m.to_string()))])
            }
            Why::Solver(SolveError::Over(_)) => s("solve-over-drawn", &[]),
            Why::Solver(SolveError::NodeLimit { nodes, proven }) => s(
                "solve-node-limit",
                &[
                    ("nodes", Arg::Text(&nodes.to_string())),
                    ("proven", Arg::Count(usize::from(*proven))),
                ],
            ),
        }
    }
}

/// `3 plies`, `1 ply` in `language`.
fn plies(n: u8, language: Language) -> String {
    say(
        language,
        "solve-plies",
        &[("n", Arg::Count(usize::from(n)))],
    )
}

/// The position a checked game ends in, finished or not, and the moves
/// that led there from the empty board; or why there is none: the
/// checker's first error for a game that cannot be checked or breaks the
/// rules, and SOS, which the solver does not play.
pub fn game_to_solve(checked: &CheckedGame) -> Result<(&Game, Vec<Move>), Unsolvable> {
    let report = &checked.report;
    if matches!(report.status, Status::Unusable | Status::Illegal) {
        return Err(match report.errors.first() {
            Some(e) => Unsolvable::new(e.code, Why::Checked(Box::new(e.clone()))),
            None => Unsolvable::new("illegal", Why::BreaksRules),
        });
    }
    match &checked.position {
        Some(Position::Ttt { game, .. }) => {
            // A legal game's moves are its path moves of the game's depth;
            // anything else in it was a slip read as no move (a warning).
            let moves = checked
                .record
                .moves
                .iter()
                .filter_map(|t| match &t.body {
                    MoveBody::Path(m) if m.path().len() == game.depth() => Some(*m),
                    _ => None,
                })
                .collect();
            Ok((game, moves))
        }
        Some(Position::Sos { .. }) => Err(Unsolvable::new("not-solvable", Why::Sos)),
        None => Err(Unsolvable::new("unusable", Why::Unusable)),
    }
}

/// Annotates a checked game from its first move to its last (see
/// [`annotate`]), or says why it cannot be.
pub fn annotate_checked(checked: &CheckedGame, budget: Budget) -> Result<Annotations, Unsolvable> {
    let (end, moves) = game_to_solve(checked)?;
    let start = end.restarted();
    Ok(annotate(&start, &moves, budget))
}

/// One game's answer, as `solve` reports it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct GameSolve {
    /// The file as named.
    pub file: String,
    /// 1-based index of the game in its file.
    pub game: usize,
    /// Line where the game starts.
    pub line: u32,
    /// Who moves (`X`, `O`), when there is a position to solve.
    pub to_move: Option<String>,
    /// The least odd number of plies within which the side to move forces
    /// a win, `null` when it cannot within `plies`.
    pub win_in: Option<u8>,
    /// Every first move that wins within `win_in`.
    pub winning_moves: Vec<String>,
    /// The least even number of plies within which the side to move loses
    /// whatever it plays, `null` when it does not within `plies`.
    pub loss_in: Option<u8>,
    /// The depth searched.
    pub plies: u8,
    /// Positions visited.
    pub nodes: u64,
    /// Why the game was not solved.
    pub error: Option<Unsolvable>,
}

impl GameSolve {
    /// Solves the position a checked game ends in.
    pub fn of(checked: &CheckedGame, budget: Budget) -> GameSolve {
        let r = &checked.report;
        let mut out = GameSolve {
            file: r.file.clone(),
            game: r.game,
            line: r.line,
            to_move: None,
            win_in: None,
            winning_moves: Vec::new(),
            loss_in: None,
            plies: budget.depth(),
            nodes: 0,
            error: None,
        };
        let solved = game_to_solve(checked).and_then(|(game, _)| {
            solve(game, budget).map_err(|e| Unsolvable::new(e.code(), Why::Solver(e)))
        });
        match solved {
            Ok(s) => {
                out.to_move = Some(s.to_move.to_string());
                out.win_in = s.win_in;
                out.winning_moves = s.winning_moves.iter().map(Move::to_string).collect();
                out.loss_in = s.loss_in;
                out.nodes = s.nodes;
            }
            Err(e) => out.error = Some(e),
        }
        out
    }

    /// Whether the position was solved.
    pub fn solved(&self) -> bool {
        self.error.is_none()
    }

    /// The answer as a line of text: `FILE: game 1 (line 1): X to move
    /// wins within 3 plies: 3.1, 7.7`.
    pub fn text(&self) -> String {
        self.text_in(Language::En)
    }

    /// [`GameSolve::text`] in `language`.
    pub fn text_in(&self, language: Language) -> String {
        let s = |id: &str, args: &[(&str, Arg<'_>)]| say(language, id, args);
        let head = s(
            "solve-head",
            &[
                ("file", Arg::Text(&self.file)),
                ("game", Arg::Count(self.game)),
                ("line", Arg::Count(self.line as usize)),
            ],
        );
        if let Some(e) = &self.error {
            return s(
                "solve-not-solved",
                &[
                    ("head", Arg::Text(&head)),
                    ("why", Arg::Text(&e.says(language))),
                ],
            );
        }
        let who = self.to_move.as_deref().unwrap_or("?");
        let other = if who == "X" { "O" } else { "X" };
        let what = match (self.win_in, self.loss_in) {
            (Some(k), _) => s(
                "solve-wins",
                &[
                    ("who", Arg::Text(who)),
                    ("plies", Arg::Text(&plies(k, language))),
                    ("moves", Arg::Text(&self.winning_moves.join(", "))),
                ],
            ),
            (None, Some(k)) => s(
                "solve-loses",
                &[
                    ("who", Arg::Text(who)),
                    ("plies", Arg::Text(&plies(k, language))),
                    ("other", Arg::Text(other)),
                ],
            ),
            (None, None) => s(
                "solve-no-win",
                &[
                    ("who", Arg::Text(who)),
                    ("plies", Arg::Text(&plies(self.plies, language))),
                ],
            ),
        };
        s(
            "solve-line",
            &[
                ("head", Arg::Text(&head)),
                ("what", Arg::Text(&what)),
                ("nodes", Arg::Text(&self.nodes.to_string())),
            ],
        )
    }

    /// The answer as compact JSON, control characters escaped.
    pub fn to_json(&self) -> String {
        to_json(self)
    }

    /// The opening of `solve --json`'s document: `check --json`'s.
    pub fn json_start() -> String {
        JsonStream::default().start()
    }

    /// The end of `solve --json`'s document, after `games` games: every
    /// file given, with its own error if it was not a record.
    pub fn json_end(games: usize, files: &[JsonFile]) -> String {
        format!(
            "{}],\n\"files\": {}}}\n",
            if games > 0 { "\n" } else { "" },
            to_json(files)
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::ttt::Mark;

    #[test]
    fn the_english_catalogue_says_what_the_solver_says() {
        for e in [
            SolveError::Over(Outcome::Winner(Mark::O)),
            SolveError::Over(Outcome::Draw),
            SolveError::NodeLimit {
                nodes: 1_000_000,
                proven: 0,
            },
            SolveError::NodeLimit {
                nodes: 12,
                proven: 3,
            },
        ] {
            assert_eq!(Why::Solver(e.clone()).words(Language::En), e.to_string());
        }
    }
}
