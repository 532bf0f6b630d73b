//! The checker: replays parsed records through the rules engines and reports.
//!
//! [`check_source`] takes a record file's bytes and returns one [`CheckedGame`]
//! per game: a serialisable [`GameReport`] (status, result, scores, SOS lines,
//! every error with line, column, move number and player) and the final
//! position. After an illegal move the replay carries on as if the move stood
//! where it can, so one pass lists every error; the replay says how each
//! kind of error is carried.

mod claims;
pub mod diagram;
pub mod repair;
mod replay;
mod setup;
#[cfg(test)]
mod tests;
pub mod text;

use std::fmt;
use std::path::Path;

use serde::Serialize;

use crate::games::sos::SosGame;
use crate::games::ttt::{Game, Options};
use crate::maps::MapId;
use crate::record::{GameRecord, parse_bytes};

use setup::Setup;

/// One error found in a game: a move that breaks a rule, a move number or
/// written player that does not match, a wrong claim, or a tag that makes the
/// game impossible to check.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct CheckError {
    /// 1-based line of the offending text.
    pub line: u32,
    /// 1-based column.
    pub col: u32,
    /// The move number (`N` of `N.` in the tic-tac-toe family, the count of
    /// the move in SOS); `None` for a tag.
    #[serde(rename = "move")]
    pub move_number: Option<u32>,
    /// The player whose move it was (`X`, `O`, `A`, …).
    pub player: Option<String>,
    /// The text as written: the move, or the tag.
    pub text: String,
    /// A stable short code, e.g. `occupied`, `wrong-tactical-cell`.
    pub code: &'static str,
    /// A plain sentence: the rule broken and what was allowed.
    pub message: String,
    /// Edits of the record that would mend it, best first (see [`repair`]);
    /// empty when none is found or the error is not about a move.
    pub suggestions: Vec<repair::Suggestion>,
}

/// The verdict on one game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Status {
    /// Every move legal and every claim right.
    Legal,
    /// At least one illegal move (or unreadable move, bad number, wrong player).
    Illegal,
    /// The moves are legal but a claimed Result or Score is wrong.
    WrongClaim,
    /// The tags do not describe a game that can be checked.
    Unusable,
}

/// How a game ended, as reported (`win`, `shared-win`, `draw` or
/// `unfinished` in JSON).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum GameOutcome {
    /// A player won.
    Win,
    /// Some but not all players share the top score (SOS with three or more
    /// players).
    SharedWin,
    /// No one won and no move is left.
    Draw,
    /// The game has not ended.
    Unfinished,
}

/// The result of a game, as reported.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct GameResult {
    /// Won, won by several, drawn or unfinished.
    pub outcome: GameOutcome,
    /// The winner's letter (`X`, `O`, `A`, …); for a shared win the winners'
    /// letters joined by `+` (`A+C`), as a claim writes them.
    pub winner: Option<String>,
    /// The winner's name (names joined by `+`), if the record gives them.
    pub winner_name: Option<String>,
    /// The winners' letters, one for a win, several for a shared win.
    pub winners: Vec<String>,
}

/// The rule options a game of the tic-tac-toe family was judged under, as
/// the record's tags set them (docs/rules.md, "Options and presets").
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct RulesReport {
    /// `both` or `none`: what a drawn sub-cell counts for.
    pub draws: &'static str,
    /// `open`, `free` or `closed`.
    pub decided: &'static str,
    /// `no`, `yes` or `tactical`.
    pub no_return: &'static str,
}

impl From<Options> for RulesReport {
    fn from(o: Options) -> RulesReport {
        RulesReport {
            draws: o.draws.word(),
            decided: o.decided.word(),
            no_return: o.no_return.word(),
        }
    }
}

/// `X (Sara) won`, `A+C (Ann+Cat) share the win`, `drawn` or `unfinished`.
impl fmt::Display for GameResult {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self.outcome, &self.winner) {
            (GameOutcome::Win, Some(w)) => {
                write!(f, "{} won", replay::label(w, self.winner_name.as_deref()))
            }
            (GameOutcome::SharedWin, Some(w)) => write!(
                f,
                "{} share the win",
                replay::label(w, self.winner_name.as_deref())
            ),
            (GameOutcome::Draw, _) => f.write_str("drawn"),
            _ => f.write_str("unfinished"),
        }
    }
}

/// One SOS player's score.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct PlayerScore {
    /// The letter.
    pub player: String,
    /// The name, if given.
    pub name: Option<String>,
    /// Points.
    pub score: u32,
}

/// One SOS made, as reported.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct SosLineReport {
    /// Who made it.
    pub player: String,
    /// Its cells, e.g. `["a1", "b1", "c1"]`.
    pub cells: [String; 3],
}

/// A claimed Result or Score and whether it is right.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ClaimReport {
    /// `Result` or `Score`.
    pub tag: String,
    /// The value claimed.
    pub claimed: String,
    /// Whether it matches the replay.
    pub right: bool,
}

/// Everything found about one game.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct GameReport {
    /// The file as named on the command line (`-` for standard input).
    pub file: String,
    /// 1-based index of the game in its file.
    pub game: usize,
    /// Line where the game starts.
    pub line: u32,
    /// The game and ruleset, e.g. `strategic, functional map34`.
    pub description: String,
    /// The rules the game was judged under: `authors' rules`, `common rules`,
    /// or the options (`draws none, decided open, no-return yes`); `None` for
    /// plain tic-tac-toe (no option changes it), SOS (its variant is in the
    /// description) and unusable games.
    pub rules: Option<String>,
    /// The same rules option by option, for scripts.
    pub options: Option<RulesReport>,
    /// The verdict.
    pub status: Status,
    /// Moves in the record.
    pub moves: usize,
    /// The result of the replay (`None` when unusable).
    pub result: Option<GameResult>,
    /// SOS scores (empty for the tic-tac-toe family).
    pub scores: Vec<PlayerScore>,
    /// SOS lines made.
    pub lines: Vec<SosLineReport>,
    /// Claims found in the tags.
    pub claims: Vec<ClaimReport>,
    /// Every error, in file order.
    pub errors: Vec<CheckError>,
}

/// The final position of a replayed game, with what the replay learnt that
/// a diagram of it needs.
#[derive(Debug, Clone)]
pub enum Position {
    /// A game of the tic-tac-toe family.
    Ttt {
        /// The final position.
        game: Box<Game>,
        /// The map its ruleset uses, as it is named (Strategic with a map only).
        map: Option<MapId>,
    },
    /// A game of SOS.
    Sos {
        /// The final position.
        game: SosGame,
        /// For each move of the record, the player (0-based) whose move the
        /// replay took it to be (after an SOS the same player moves again).
        movers: Vec<u8>,
    },
}

/// A checked game: the report and the position after the last move.
#[derive(Debug, Clone)]
pub struct CheckedGame {
    /// The report.
    pub report: GameReport,
    /// The final position, `None` when the game could not be set up.
    pub position: Option<Position>,
    /// The game as written (tags and moves), which a diagram writes on the sheet.
    pub record: GameRecord,
}

/// A file that is not a record (or could not be read): where, and what was
/// expected.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct FileError {
    /// Where in the file, when the file was read (`line` and `col` in JSON,
    /// absent for a file that could not be read at all).
    #[serde(flatten, skip_serializing_if = "Option::is_none")]
    pub at: Option<FilePosition>,
    /// What is wrong.
    pub message: String,
}

/// A place in a file.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct FilePosition {
    /// 1-based line.
    pub line: u32,
    /// 1-based column.
    pub col: u32,
}

/// Everything found about one file.
#[derive(Debug, Clone)]
pub struct FileCheck {
    /// The file as named.
    pub file: String,
    /// Set when the file is not a record at all.
    pub error: Option<FileError>,
    /// Its games.
    pub games: Vec<CheckedGame>,
}

/// Checks one game of a record. `base` is the folder of the record file, where
/// map files named in the tags are also looked for.
pub(crate) fn check_game(
    file: &str,
    index: usize,
    record: GameRecord,
    base: Option<&Path>,
) -> CheckedGame {
    let game = &record;
    let mut report = GameReport {
        file: file.to_string(),
        game: index,
        line: game.line,
        description: String::new(),
        rules: None,
        options: None,
        status: Status::Legal,
        moves: game.moves.len(),
        result: None,
        scores: Vec::new(),
        lines: Vec::new(),
        claims: Vec::new(),
        errors: Vec::new(),
    };
    let setup = match setup::setup(game, base) {
        Ok(s) => s,
        Err(e) => {
            report.description = game
                .tag("Game")
                .map_or_else(|| "unknown game".to_string(), |t| t.value.clone());
            report.status = Status::Unusable;
            report.errors.push(CheckError {
                line: e.line,
                col: e.col,
                move_number: None,
                player: None,
                text: String::new(),
                code: "setup",
                message: e.message,
                suggestions: Vec::new(),
            });
            return CheckedGame {
                report,
                position: None,
                record,
            };
        }
    };
    let position = match &setup {
        Setup::Ttt {
            variant,
            options,
            description,
            names,
            map,
        } => {
            report.description = description.clone();
            // Plain tic-tac-toe has no targets and no drawn sub-cells: no
            // option changes it, so no rules are named.
            if variant.depth() > 1 {
                report.rules = Some(options.describe());
                report.options = Some(RulesReport::from(*options));
            }
            let engine = replay::replay_ttt(game, variant, *options, names, &mut report.errors);
            report.result = Some(replay::ttt_result(engine.outcome(), names));
            claims::check_ttt_claims(game, &engine, names, &mut report);
            Position::Ttt {
                game: Box::new(engine),
                map: map.clone(),
            }
        }
        Setup::Sos {
            config,
            description,
            names,
        } => {
            report.description = description.clone();
            let (engine, movers) = replay::replay_sos(game, *config, names, &mut report.errors);
            report.result = Some(replay::sos_result(engine.outcome(), names));
            replay::sos_scores_and_lines(&engine, names, &mut report);
            claims::check_sos_claims(game, &engine, names, &mut report);
            Position::Sos {
                game: engine,
                movers,
            }
        }
    };
    let move_errors = report.errors.iter().any(|e| e.move_number.is_some());
    report.status = if move_errors {
        Status::Illegal
    } else if report.errors.is_empty() {
        Status::Legal
    } else {
        Status::WrongClaim
    };
    if report.status == Status::Illegal {
        repair::attach(game, &setup, &mut report.errors);
    }
    CheckedGame {
        report,
        position: Some(position),
        record,
    }
}

/// Checks every game of a record file's contents.
pub fn check_source(file: &str, bytes: &[u8], base: Option<&Path>) -> FileCheck {
    let mut check = FileCheck {
        file: file.to_string(),
        error: None,
        games: Vec::new(),
    };
    match parse_bytes(bytes) {
        Err(e) => {
            check.error = Some(FileError {
                at: Some(FilePosition {
                    line: e.line,
                    col: e.col,
                }),
                message: e.message,
            });
        }
        Ok(games) if games.is_empty() => {
            check.error = Some(FileError {
                at: Some(FilePosition { line: 1, col: 1 }),
                message: "expected a game: tags such as [Game \"strategic\"], then the moves"
                    .into(),
            });
        }
        Ok(games) => {
            check.games = games
                .into_iter()
                .enumerate()
                .map(|(i, g)| check_game(file, i + 1, g, base))
                .collect();
        }
    }
    check
}

/// The exit status for a set of checked files: 2 if any file is not a record
/// or any game cannot be set up, else 1 if any game is illegal or has a wrong
/// claim, else 0.
pub fn exit_status(files: &[FileCheck]) -> u8 {
    let games = files.iter().flat_map(|f| &f.games);
    if files.iter().any(|f| f.error.is_some())
        || games.clone().any(|g| g.report.status == Status::Unusable)
    {
        2
    } else if games.clone().any(|g| g.report.status != Status::Legal) {
        1
    } else {
        0
    }
}
