//! The checker: replays parsed records through the rules engines and reports.
//!
//! [`check_reader`] reads a record file game by game from any buffered reader
//! and hands over one [`CheckedGame`] at a time, so memory stays flat however
//! large the file: a serialisable [`GameReport`] (status, result, scores, SOS
//! lines, every error with line, column, move number and player) and the final
//! position. [`check_source`] does the same for bytes in memory and collects
//! the games. After an illegal move the replay carries on as if the move stood
//! where it can, so one pass lists every error; the replay module says how each
//! kind of error is carried. Moves after the end of the game are one error
//! with their count, and [`GameReport::limit_errors`] keeps a report to the
//! first N errors and the count of the rest.
//!
//! The reports are written by the values themselves: a game's text
//! ([`GameReport::write_text`]) and JSON ([`GameReport::to_json`]), a file's
//! text report and exit status ([`FileCheck::text_report`],
//! [`FileCheck::exit_status`]), the JSON report of several files
//! ([`FileCheck::json_report`]), the line of a file that is not a record
//! ([`FileError::line`]) and the summary line ([`text::Summary::line`]); the
//! writing itself stays in the `text` module.

mod claims;
mod engine;
mod json;
mod numbers;
mod reason;
pub mod repair;
pub mod replay;
pub mod solving;
// Benchmark and test input, shown through `internals`.
#[cfg(any(test, feature = "internals"))]
pub(crate) mod random;
#[cfg(test)]
mod tests;
pub mod text;
mod what;

use std::fmt;

use serde::Serialize;

use crate::games::GameKind;
use crate::games::sos::SosGame;
use crate::games::ttt::{Game, Options};
use crate::maps::{MapId, MapLibrary};
use crate::messages;
use crate::record::{GameRecord, RecordItem, Records};

use crate::setup::GameSetup;
use crate::source;
pub(crate) use claims::End;
pub use claims::Termination;
use reason::Reason;

/// One error found in a game: a move that breaks a rule, a move number or
/// written player that does not match, a wrong claim, or a tag that makes the
/// game impossible to check.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct CheckError {
    /// Where the offending text is (`line` and `col` in JSON).
    #[serde(flatten)]
    pub at: source::Position,
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
    /// A plain sentence: the rule broken and what was allowed, in English
    /// ([`CheckError::says`] in another language).
    pub message: String,
    /// Why, typed: what `message` and [`CheckError::says`] are worded from.
    #[serde(skip)]
    pub(crate) reason: reason::Reason,
    /// Edits of the record that would mend it, best first (see [`repair`]);
    /// empty when none is found or the error is not about a move.
    pub suggestions: Vec<repair::Suggestion>,
}

impl CheckError {
    /// The sentence of `message` in `language`, worded from what was found.
    pub fn says(&self, language: crate::language::Language) -> String {
        self.reason.words(language)
    }
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
    /// The moves are legal but a claimed Result or Score cannot be read.
    UnreadableClaim,
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
    /// How the game stopped before the end of play, when the record says so
    /// (`[Termination]`) and the replay agrees that it did not end on the
    /// board: then the result is the one the record claims
    /// (`resignation`, `agreement`, `time`, `abandoned`; `null` otherwise).
    pub termination: Option<Termination>,
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

/// `X (Sara) won`, `A+C (Ann+Cat) share the win`, `drawn` or `unfinished`;
/// with a termination `O won by resignation`, `drawn by agreement`,
/// `unfinished (abandoned)`.
impl fmt::Display for GameResult {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self.outcome, &self.winner) {
            (GameOutcome::Win, Some(w)) => {
                write!(f, "{} won", replay::label(w, self.winner_name.as_deref()))?
            }
            (GameOutcome::SharedWin, Some(w)) => write!(
                f,
                "{} share the win",
                replay::label(w, self.winner_name.as_deref())
            )?,
            (GameOutcome::Draw, _) => f.write_str("drawn")?,
            _ => {
                f.write_str("unfinished")?;
                if let Some(t) = self.termination {
                    write!(f, " ({t})")?;
                }
                return Ok(());
            }
        }
        match self.termination {
            Some(t) => write!(f, " {}", t.how()),
            None => Ok(()),
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

/// A claimed Result, Score or Termination and whether it is right.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ClaimReport {
    /// `Result`, `Score` or `Termination`.
    pub tag: String,
    /// The value claimed.
    pub claimed: String,
    /// Whether it matches the replay (`false` also when it cannot be read
    /// or is not judged).
    pub right: bool,
    /// Whether it could be read at all (`[Result "maybe"]` cannot).
    pub readable: bool,
    /// Whether it was judged: `false` when a move breaks the rules before
    /// the end of the game, so the replay gives no result to judge it by.
    pub judged: bool,
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
    /// The game and its rules, typed: what `description` and `rules` are
    /// worded from, in any language.
    #[serde(skip)]
    pub(crate) what: what::What,
    /// The verdict.
    pub status: Status,
    /// Moves in the record.
    pub moves: usize,
    /// The result of the game: the replay's, or the claimed one when a
    /// `[Termination]` says the game stopped early. `None` when the game is
    /// unusable, and when a move breaks the rules before the end: the replay
    /// went on past that move as if it stood, and where it ends is no
    /// result of the game.
    pub result: Option<GameResult>,
    /// SOS scores (empty for the tic-tac-toe family).
    pub scores: Vec<PlayerScore>,
    /// SOS lines made.
    pub lines: Vec<SosLineReport>,
    /// Claims found in the tags.
    pub claims: Vec<ClaimReport>,
    /// Every error, in file order (at most the limit the report was given,
    /// see [`GameReport::limit_errors`]).
    pub errors: Vec<CheckError>,
    /// Errors found beyond those in `errors`.
    pub more_errors: usize,
    /// Slips in the record that were read as meant and change no verdict
    /// (code `mistyped-number`: `5,` read as the move number `5.`), at most
    /// as many as errors are listed.
    pub warnings: Vec<CheckError>,
    /// Warnings found beyond those in `warnings`.
    pub more_warnings: usize,
    /// The moments that decided the game, when asked for (`check
    /// --annotate`, see [`solving::annotate_checked`]); absent from the
    /// JSON when not asked for.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub annotations: Option<Vec<crate::solve::Annotation>>,
}

impl GameReport {
    /// The report of a game not yet checked: legal, nothing found.
    fn new(file: &str, game: usize, line: u32, moves: usize) -> GameReport {
        GameReport {
            file: file.to_string(),
            game,
            line,
            description: String::new(),
            rules: None,
            options: None,
            what: what::What::Unknown,
            status: Status::Legal,
            moves,
            result: None,
            scores: Vec::new(),
            lines: Vec::new(),
            claims: Vec::new(),
            errors: Vec::new(),
            more_errors: 0,
            warnings: Vec::new(),
            more_warnings: 0,
            annotations: None,
        }
    }

    /// Keeps the first `max` errors and counts the rest in `more_errors`.
    pub fn limit_errors(&mut self, max: usize) {
        if self.errors.len() > max {
            self.more_errors += self.errors.len() - max;
            self.errors.truncate(max);
        }
        if self.warnings.len() > max {
            self.more_warnings += self.warnings.len() - max;
            self.warnings.truncate(max);
        }
    }
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
    /// Which game it is, under which rules, as its tags say: what replays
    /// it from the start ([`GameSetup::ttt_game`]); `None` when the tags
    /// do not say it usably.
    pub setup: Option<GameSetup>,
}

/// A file that is not a record (or could not be read): where, and what was
/// expected.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct FileError {
    /// Where in the file, when the file was read (`line` and `col` in JSON,
    /// absent for a file that could not be read at all).
    #[serde(flatten, skip_serializing_if = "Option::is_none")]
    pub(crate) at: Option<source::Position>,
    /// What is wrong, in English ([`FileError::says`] in another language).
    pub message: String,
    /// What is wrong, typed: what `message` is worded from.
    #[serde(skip)]
    pub(crate) fault: FileFault,
}

/// Why a file is not a record, or could not be read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum FileFault {
    /// Text before the first game that is no part of a record.
    Stray(crate::record::Syntax),
    /// No game in the file.
    NoGame,
    /// Nothing at the path.
    NoSuchFile,
    /// Reading stopped: the system's reason.
    Read(crate::source::text::IoReason),
    /// Not read, for a reason given in English by whoever opened it.
    Unread(String),
    /// Not opened: a folder, a device, too large, not UTF-8 text …
    Unopened(Unopened),
    /// Larger than `check --fix --dry-run` shows the changes of (MiB).
    TooLargeToShow(u64),
}

/// Why a file given was not opened, typed so that it is worded in the
/// report's language (the English is `InputError::reason`'s, word for word).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Unopened {
    /// A folder, FIFO, socket or device.
    NotAFile(crate::source::text::FileKind),
    /// Larger than the limit, written for people (`1 MiB`).
    TooLarge(String),
    /// Not UTF-8 text from this line and column on.
    NotUtf8(source::Position),
    /// A path leading outside its folder.
    Outside(String),
}

impl Unopened {
    /// The typed reason of `error`, where there is one.
    fn of(error: &crate::source::text::InputError) -> Option<Unopened> {
        use crate::source::text::InputError as E;
        Some(match error {
            E::NotAFile { what, .. } => Unopened::NotAFile(*what),
            E::TooLarge { limit_text, .. } => Unopened::TooLarge(limit_text.clone()),
            E::NotUtf8 { at, .. } => Unopened::NotUtf8(*at),
            E::Outside { folder, .. } => Unopened::Outside(folder.clone()),
            E::NotFound { .. } | E::Io { .. } => return None,
        })
    }

    fn words(&self, language: crate::language::Language) -> String {
        use messages::Arg::Text;
        match self {
            Unopened::NotAFile(kind) => {
                messages::say(language, "file-not-a-file", &[("kind", Text(kind.key()))])
            }
            Unopened::TooLarge(limit) => {
                messages::say(language, "file-too-large", &[("limit", Text(limit))])
            }
            Unopened::NotUtf8(at) => messages::say(
                language,
                "file-not-utf8",
                &[
                    ("line", Text(&at.line.to_string())),
                    ("col", Text(&at.col.to_string())),
                ],
            ),
            Unopened::Outside(folder) => {
                messages::say(language, "file-outside", &[("folder", Text(folder))])
            }
        }
    }
}

impl FileFault {
    fn words(&self, language: crate::language::Language) -> String {
        match self {
            FileFault::Stray(fault) => fault.words(language),
            FileFault::NoGame => messages::say(language, "file-no-game", &[]),
            FileFault::NoSuchFile => messages::say(language, "file-not-found", &[]),
            FileFault::Read(why) => messages::say(
                language,
                "file-unreadable",
                &[("why", messages::Arg::Text(&why.words(language)))],
            ),
            FileFault::Unread(why) => why.clone(),
            FileFault::Unopened(why) => why.words(language),
            FileFault::TooLargeToShow(mib) => messages::say(
                language,
                "fix-dry-run-too-large",
                &[("mib", messages::Arg::Text(&mib.to_string()))],
            ),
        }
    }
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

/// Checks one game of a record. `maps` holds the map files offered on the
/// command line, which the game's `Map`/`HyperMap` tag may name.
pub(crate) fn check_game(
    file: &str,
    index: usize,
    record: GameRecord,
    maps: Option<&MapLibrary>,
) -> CheckedGame {
    let game = &record;
    let mut report = GameReport::new(file, index, game.line, game.moves.len());
    // A game with syntax errors is not replayed: its tags or moves were not
    // all read.
    if !game.errors.is_empty() {
        let errors = game
            .errors
            .iter()
            .map(|e| tag_error(e.at, "syntax", Reason::Syntax(e.fault.clone())))
            .collect();
        report.more_errors = game.more_errors;
        return unusable(report, errors, record);
    }
    let setup = match GameSetup::from_tags(game, maps) {
        Ok(s) => s,
        Err(e) => {
            let errors = vec![tag_error(e.at, "setup", Reason::Setup(e.fault))];
            return unusable(report, errors, record);
        }
    };
    let position = replay_and_judge(game, &setup, &mut report);
    merge_after_end(&mut report.errors);
    report.status = status_of(&report.errors);
    if report.status == Status::Illegal {
        repair::attach(game, &setup, &mut report.errors);
    }
    CheckedGame {
        report,
        position: Some(position),
        record,
        setup: Some(setup),
    }
}

/// Replays a set-up game under its rules: the errors and warnings of its
/// moves, its result (when every move could be played) and its claims go
/// into the report; the final position is returned for diagrams.
fn replay_and_judge(game: &GameRecord, setup: &GameSetup, report: &mut GameReport) -> Position {
    match setup {
        GameSetup::TicTacToe { options, names }
        | GameSetup::Ultimate { options, names }
        | GameSetup::Strategic { options, names, .. } => {
            report.description = setup.describe();
            report.what = what::What::of(setup);
            // Plain tic-tac-toe has no targets and no drawn sub-cells: no
            // option changes it, so no rules are named.
            if setup.kind() != GameKind::TicTacToe {
                report.rules = Some(options.describe());
                report.options = Some(RulesReport::from(*options));
            }
            let mut found = replay::Found {
                errors: &mut report.errors,
                warnings: &mut report.warnings,
            };
            let fresh = setup.ttt_game().expect("a family game has an engine");
            let (engine, _, sound) = replay::replay(game, fresh, names, &mut found);
            report.result = sound.then(|| replay::ttt_result(engine.outcome(), names));
            claims::check_claims(game, setup, End::Ttt(&engine), sound, report);
            Position::Ttt {
                game: Box::new(engine),
                map: setup.map().map(|m| m.id.clone()),
            }
        }
        GameSetup::Sos { config, names } => {
            report.description = setup.describe();
            report.what = what::What::of(setup);
            let mut found = replay::Found {
                errors: &mut report.errors,
                warnings: &mut report.warnings,
            };
            let (_, named) = replay::sos_players(*config, names);
            let (engine, movers, sound) =
                replay::replay(game, SosGame::new(*config), &named, &mut found);
            report.result = sound.then(|| replay::sos_result(engine.outcome(), names));
            replay::sos_scores_and_lines(&engine, names, report);
            claims::check_claims(game, setup, End::Sos(&engine), sound, report);
            Position::Sos {
                game: engine,
                movers: movers_u8(movers),
            }
        }
    }
}

/// The movers of an SOS replay as a position keeps them (a game has at
/// most a handful of players).
fn movers_u8(movers: Vec<usize>) -> Vec<u8> {
    movers
        .into_iter()
        .map(|m| u8::try_from(m).unwrap_or(u8::MAX))
        .collect()
}

impl Position {
    /// The position after replaying `record` from the first move of the
    /// same game (the same rules, board and map), through the same replay
    /// as the check: what a diagram of a game cut short draws. Errors are
    /// not collected and players are not named.
    pub fn replayed(&self, record: &GameRecord) -> Position {
        let (mut errors, mut warnings) = (Vec::new(), Vec::new());
        let mut ignored = replay::Found {
            errors: &mut errors,
            warnings: &mut warnings,
        };
        match self {
            Position::Ttt { game, map } => {
                let fresh = game.restarted();
                let (game, _, _) = replay::replay(record, fresh, &[], &mut ignored);
                Position::Ttt {
                    game: Box::new(game),
                    map: map.clone(),
                }
            }
            Position::Sos { game, .. } => {
                let fresh = SosGame::new(game.config());
                let (game, movers, _) = replay::replay(record, fresh, &[], &mut ignored);
                Position::Sos {
                    game,
                    movers: movers_u8(movers),
                }
            }
        }
    }
}

/// A replayed game's status from its errors: an illegal move outweighs a
/// wrong claim, which outweighs an unreadable one; any other error (a tag
/// the claims check refused) counts as a wrong claim.
fn status_of(errors: &[CheckError]) -> Status {
    let has = |codes: &[&str]| errors.iter().any(|e| codes.contains(&e.code));
    if errors.iter().any(|e| e.move_number.is_some()) {
        Status::Illegal
    } else if has(&claims::WRONG_CLAIMS) {
        Status::WrongClaim
    } else if has(&[claims::UNREADABLE_CLAIM]) {
        Status::UnreadableClaim
    } else if errors.is_empty() {
        Status::Legal
    } else {
        Status::WrongClaim
    }
}

/// The verdict on a game whose tags or text cannot be used.
fn unusable(mut report: GameReport, errors: Vec<CheckError>, record: GameRecord) -> CheckedGame {
    report.what = record.tag("Game").map_or(what::What::Unknown, |t| {
        what::What::Written(t.value.clone())
    });
    report.description = report.what.words(crate::language::Language::En);
    report.status = Status::Unusable;
    report.errors = errors;
    CheckedGame {
        report,
        position: None,
        record,
        setup: None,
    }
}

/// An error at a tag or other text that is no move.
fn tag_error(at: source::Position, code: &'static str, reason: Reason) -> CheckError {
    CheckError {
        at,
        move_number: None,
        player: None,
        text: String::new(),
        code,
        message: reason.words(crate::language::Language::En),
        reason,
        suggestions: Vec::new(),
    }
}

/// Moves after the end of the game are one error, at the first of them,
/// saying how many there are, not one error each.
fn merge_after_end(errors: &mut Vec<CheckError>) {
    let after = errors.iter().filter(|e| e.code == "after-end").count();
    if after < 2 {
        return;
    }
    let mut seen = false;
    errors.retain(|e| {
        if e.code != "after-end" {
            return true;
        }
        let first = !seen;
        seen = true;
        first
    });
    if let Some(first) = errors.iter_mut().find(|e| e.code == "after-end") {
        first.reason = reason::Reason::AfterEnd {
            first: Box::new(first.reason.clone()),
            more: after - 1,
        };
        first.message = first.reason.words(crate::language::Language::En);
    }
}

/// Checks a record file game by game, handing each checked game to `each`
/// as soon as it is read: only one game is held at a time. Returns the
/// file's own error, if any: text before the first game that is no record,
/// a read error, or no game at all. An error from `each` stops the reading.
pub fn check_reader<R: std::io::BufRead, E>(
    file: &str,
    reader: R,
    maps: Option<&MapLibrary>,
    mut each: impl FnMut(CheckedGame) -> Result<(), E>,
) -> Result<Option<FileError>, E> {
    check_reader_reusing(file, reader, maps, |g| each(g).map(|()| None))
}

/// [`check_reader`] for a caller that keeps nothing of a game once it is
/// reported: `each` hands the game's record back (`None` keeps it), and
/// the next game is read into its room ([`Records::reuse`]), so a file of
/// many short games costs no memory asked for and given back per game.
pub fn check_reader_reusing<R: std::io::BufRead, E>(
    file: &str,
    reader: R,
    maps: Option<&MapLibrary>,
    mut each: impl FnMut(CheckedGame) -> Result<Option<GameRecord>, E>,
) -> Result<Option<FileError>, E> {
    let mut error = None;
    let mut games = 0;
    let mut records = Records::new(reader);
    while let Some(item) = records.next() {
        match item {
            Ok(RecordItem::Game(g)) => {
                games += 1;
                if let Some(done) = each(check_game(file, games, g, maps))? {
                    records.reuse(done);
                }
            }
            Ok(RecordItem::Stray(e)) => {
                error.get_or_insert(FileError::of(Some(e.at), FileFault::Stray(e.fault)));
            }
            Err(e) => {
                let why = crate::source::text::IoReason::of(&e);
                error = Some(FileError::of(None, FileFault::Read(why)));
            }
        }
    }
    if games == 0 && error.is_none() {
        let at = source::Position { line: 1, col: 1 };
        error = Some(FileError::of(Some(at), FileFault::NoGame));
    }
    Ok(error)
}

/// Checks every game of a record file's contents, keeping them all (for
/// small inputs; [`check_reader`] streams).
pub fn check_source(file: &str, bytes: &[u8], maps: Option<&MapLibrary>) -> FileCheck {
    let mut games = Vec::new();
    let error = check_reader(file, bytes, maps, |g| {
        games.push(g);
        Ok::<(), std::convert::Infallible>(())
    })
    .unwrap_or_else(|never| match never {});
    FileCheck {
        file: file.to_string(),
        error,
        games,
    }
}

impl FileCheck {
    /// The check of one game already read (a record the program made, such
    /// as a game read from photos), named `file`: what [`check_source`]
    /// gives for a file holding only that game.
    pub fn of_game(file: &str, record: GameRecord) -> FileCheck {
        FileCheck {
            file: file.to_string(),
            error: None,
            games: vec![check_game(file, 1, record, None)],
        }
    }
}

/// The exit status for a set of checked files: 2 if any file is not a record
/// or any game cannot be set up, else 1 if any game is illegal or has a wrong
/// or unreadable claim, else 0.
pub(crate) fn exit_status(files: &[FileCheck]) -> u8 {
    text::summary(files).exit_status()
}

impl GameReport {
    /// Appends the game's text report to `out`: its verdict line, then one
    /// line per error, as `check` prints it.
    pub fn write_text(&self, out: &mut String) {
        text::write_game_text(out, self);
    }

    /// [`GameReport::write_text`] in `language`.
    pub fn write_text_in(&self, out: &mut String, language: crate::language::Language) {
        text::write_game_text_in(out, self, language);
    }

    /// The report as JSON, with characters that could be read as markup
    /// escaped: what `check --json` writes for the game.
    pub fn to_json(&self) -> String {
        json::game_to_json(self)
    }
}

impl FileError {
    /// The error of a file that could not be read at all, so there is no
    /// position in it to point at: `message` says why.
    pub fn unread(message: String) -> FileError {
        FileError::of(None, FileFault::Unread(message))
    }

    /// The error of a file opened but not read to its end: the system's
    /// reason.
    pub fn unreadable(cause: &std::io::Error) -> FileError {
        FileError::of(
            None,
            FileFault::Read(crate::source::text::IoReason::of(cause)),
        )
    }

    /// The error of a record larger than `check --fix --dry-run` shows the
    /// changes of (`mib` MiB).
    pub fn too_large_to_show(mib: u64) -> FileError {
        FileError::of(None, FileFault::TooLargeToShow(mib))
    }

    /// The error of a file that could not be opened: `error` says why.
    pub fn unopened(error: &crate::source::text::InputError) -> FileError {
        match error {
            crate::source::text::InputError::NotFound { .. } => {
                FileError::of(None, FileFault::NoSuchFile)
            }
            crate::source::text::InputError::Io { cause, .. } => FileError::of(
                None,
                FileFault::Read(crate::source::text::IoReason::of(cause)),
            ),
            _ => match Unopened::of(error) {
                Some(why) => FileError::of(None, FileFault::Unopened(why)),
                None => FileError::unread(error.reason()),
            },
        }
    }

    fn of(at: Option<source::Position>, fault: FileFault) -> FileError {
        FileError {
            at,
            message: fault.words(crate::language::Language::En),
            fault,
        }
    }

    /// What is wrong, in `language`.
    pub fn says(&self, language: crate::language::Language) -> String {
        self.fault.words(language)
    }

    /// Whether the file could not be read at all (no such file, not a
    /// regular file, too large), rather than read and found no record.
    pub fn unread_file(&self) -> bool {
        self.at.is_none()
    }

    /// `FILE:LINE:COL: not a record: reason`, the line `check` prints for a
    /// file that is not a record.
    pub fn line(&self, file: &str) -> String {
        text::file_error_line(file, self)
    }

    /// [`FileError::line`] in `language`.
    pub fn line_in(&self, file: &str, language: crate::language::Language) -> String {
        text::file_error_line_in(file, self, language)
    }
}

impl FileCheck {
    /// The whole text report of the file: every game's report, then the
    /// summary line.
    pub fn text_report(&self) -> String {
        text::text_report(std::slice::from_ref(self))
    }

    /// [`FileCheck::text_report`] in `language`.
    pub fn text_report_in(&self, language: crate::language::Language) -> String {
        text::text_report_in(std::slice::from_ref(self), language)
    }

    /// The exit status: 2 if the file is not a record or any game cannot be
    /// set up, else 1 if any game is illegal or has a wrong or unreadable
    /// claim, else 0.
    pub fn exit_status(&self) -> u8 {
        exit_status(std::slice::from_ref(self))
    }

    /// The whole report of `files` as one JSON document: every game, every
    /// file, the summary and the exit status.
    pub fn json_report(files: &[FileCheck]) -> String {
        text::json_report(files)
    }
}

impl text::Summary {
    /// The summary line: games checked, legal, illegal, wrong claims and
    /// whatever else was counted.
    pub fn line(&self) -> String {
        text::summary_line(self)
    }

    /// [`text::Summary::line`] in `language`.
    pub fn line_in(&self, language: crate::language::Language) -> String {
        text::summary_line_in(self, language)
    }
}
