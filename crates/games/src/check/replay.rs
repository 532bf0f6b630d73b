//! Replaying the moves of a record through an engine.
//!
//! How an error is carried so one pass finds every error:
//! * a move in the wrong place (wrong tactical or strategic cell, a closed
//!   tactical cell, no-return) is played anyway into its empty cell;
//! * a move into an occupied cell is not written, but the turn passes and the
//!   next target is the one the move would have set;
//! * an unreadable move, a move of the wrong shape and a move after the end
//!   pass the turn (SOS: to the next player);
//! * a wrong move number or written player is reported and the move is played.
//!
//! The policy is one enum, `Carry`, applied by `step`: the repair
//! search replays through the same step.

use super::numbers::{NoMove, Numbering, Numbers, is_move_text};
use super::reason::Reason;
use super::{CheckError, GameOutcome, GameReport, GameResult, PlayerScore, SosLineReport};
use crate::games::sos::{SosConfig, SosError, SosGame, SosMove, SosOutcome, player_letter};
use crate::games::ttt::{Game, Mark, Move, MoveError, Options, Outcome, Variant};
use crate::language::Language;
use crate::record::{GameRecord, MoveBody, MoveNumber, MoveToken, NotAMove};

fn error(
    tok: &MoveToken,
    number: u32,
    player: &str,
    code: &'static str,
    reason: Reason,
) -> CheckError {
    CheckError {
        line: tok.line,
        col: tok.col,
        move_number: Some(number),
        player: Some(player.to_string()),
        text: tok.text.to_string(),
        code,
        message: reason.words(Language::En),
        reason,
        suggestions: Vec::new(),
    }
}

/// An error (or warning) about the number `n` written before `tok`,
/// reported at the number.
fn number_error(
    tok: &MoveToken,
    n: &MoveNumber,
    number: u32,
    player: &str,
    reason: Reason,
) -> CheckError {
    CheckError {
        line: n.line,
        col: n.col,
        ..error(tok, number, player, "move-number", reason)
    }
}

/// `A (Anna)`, or `A` when there is no name — or the name is the letter
/// itself (`[Players "A, B"]`, `[X "X"]`), which is not said twice.
pub fn label(letter: &str, name: Option<&str>) -> String {
    match name {
        Some(n) if !n.trim().eq_ignore_ascii_case(letter) => format!("{letter} ({n})"),
        _ => letter.to_string(),
    }
}

/// The letters of an SOS game's players (`A`, `B`, …) and their names where
/// the record gives them, by turn order: what a written player is read
/// against.
pub(super) fn sos_players(
    config: SosConfig,
    names: &[String],
) -> (Vec<String>, Vec<Option<String>>) {
    let letters = (0..config.players())
        .map(|p| player_letter(p).to_string())
        .collect();
    let named = (0..usize::from(config.players()))
        .map(|p| names.get(p).cloned())
        .collect();
    (letters, named)
}

/// Which player a written `who` means: a letter or a name, case-insensitive.
pub(super) fn written_player(
    who: &str,
    letters: &[String],
    names: &[Option<String>],
) -> Option<usize> {
    letters
        .iter()
        .position(|l| l.eq_ignore_ascii_case(who))
        .or_else(|| {
            names
                .iter()
                .position(|n| n.as_deref().is_some_and(|n| n.eq_ignore_ascii_case(who)))
        })
}

/// Checks the player written with a move against the one whose turn it is.
fn check_written_player(
    tok: &MoveToken,
    number: u32,
    mover: usize,
    letters: &[String],
    names: &[Option<String>],
    errors: &mut Vec<CheckError>,
) {
    let Some(who) = tok.player.as_deref() else {
        return;
    };
    let label_of = |p: usize| label(&letters[p], names[p].as_deref());
    match written_player(who, letters, names) {
        Some(p) if p == mover => {}
        Some(p) => errors.push(error(
            tok,
            number,
            &letters[mover],
            "wrong-player",
            Reason::WrittenAsOther {
                written: label_of(p),
                turn: label_of(mover),
            },
        )),
        None => errors.push(error(
            tok,
            number,
            &letters[mover],
            "wrong-player",
            Reason::UnknownPlayer {
                who: who.to_string(),
                players: (0..letters.len())
                    .map(label_of)
                    .collect::<Vec<_>>()
                    .join(", "),
            },
        )),
    }
}

/// Replays a game of the tic-tac-toe family, collecting errors and warnings.
/// Returns the final position and whether the replay is the game: no error
/// before the game ended (see `Soundness`).
pub fn replay_ttt(
    game: &GameRecord,
    variant: &Variant,
    options: Options,
    names: &[Option<String>; 2],
    found: &mut Found<'_>,
) -> (Game, bool) {
    let mut engine = Game::new(variant.clone(), options);
    let mut soundness = Soundness::new(found.errors);
    let mut numbers = Numbers::new(Numbering::Pairs);
    let mut ply = 0;
    for (i, tok) in game.moves.iter().enumerate() {
        soundness.token(found.errors, engine.is_over());
        let number = numbers.numbering().number(ply);
        let mover = engine.to_move();
        let who = match mover {
            Mark::X => "X",
            Mark::O => "O",
        };
        let depth = engine.depth();
        if !is_move_text(&tok.body, Some(depth))
            && let Some(what) = numbers.no_move(&game.moves, i, ply)
        {
            let (code, reason) = match ttt_move(&tok.body, depth) {
                Err(reason) => ("unreadable", reason),
                Ok(mv) => (
                    "wrong-depth",
                    engine
                        .check(mv)
                        .err()
                        .map_or(Reason::NotAMove(NotAMove::Nothing), Reason::Move),
                ),
            };
            not_counted(tok, number, who, what, code, reason, found);
            continue;
        }
        ply += 1;
        // Most moves carry neither a number nor a player: no call for them.
        if tok.number.is_some() {
            check_number(&game.moves, i, ply - 1, &mut numbers, who, found);
        }
        if tok.player.is_some() {
            let letters = ["X".to_string(), "O".to_string()];
            check_written_player(
                tok,
                number,
                mover_index(mover),
                &letters,
                names,
                found.errors,
            );
        }
        let mv = match ttt_move(&tok.body, depth) {
            Ok(mv) => Some(mv),
            Err(reason) => {
                found
                    .errors
                    .push(error(tok, number, who, "unreadable", reason));
                None
            }
        };
        if let Err(Some(e)) = step(&mut engine, mv) {
            found
                .errors
                .push(error(tok, number, who, e.code(), Reason::Move(e)));
        }
    }
    soundness.token(found.errors, true);
    (engine, soundness.sound)
}

/// What a replay does with a move that breaks a rule, so that one pass
/// finds every error and stays in step with the record. The checker and the
/// repair search both carry illegal moves through [`step`], so a
/// suggestion's replay is the report's replay.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Carry {
    /// Played anyway into its empty cell: a move in the wrong place (wrong
    /// tactical or strategic cell, a closed cell, no-return).
    Force,
    /// Not written, but the turn passes and the next target is the one the
    /// move would have set: a move into an occupied cell.
    Skip,
    /// The turn passes: no move (unreadable, of another game), a move of
    /// the wrong shape, in tic-tac-toe a move after the end, in SOS any
    /// illegal move before the end.
    Pass,
    /// Nothing happens: an SOS move after the end.
    Stay,
}

impl Carry {
    /// How a tic-tac-toe family move refused with `e` is carried.
    fn of_ttt(e: &MoveError) -> Carry {
        match e {
            MoveError::WrongDepth { .. } | MoveError::GameOver { .. } => Carry::Pass,
            MoveError::Occupied { .. } => Carry::Skip,
            _ => Carry::Force,
        }
    }

    /// How an SOS move refused with `e` is carried.
    fn of_sos(e: &SosError) -> Carry {
        match e {
            SosError::GameOver { .. } => Carry::Stay,
            _ => Carry::Pass,
        }
    }
}

/// An engine a replay steps through: it plays a move, passes a turn, and
/// carries a refused move as [`Carry`] says.
pub(super) trait Step {
    /// A move of the game.
    type Move: Copy;
    /// Why a move is refused.
    type Error;
    /// Plays `mv` if legal.
    fn play_move(&mut self, mv: Self::Move) -> Result<(), Self::Error>;
    /// Passes the turn.
    fn pass_turn(&mut self);
    /// Carries `mv`, refused with `e`.
    fn carry(&mut self, mv: Self::Move, e: &Self::Error);
}

impl Step for Game {
    type Move = Move;
    type Error = MoveError;

    fn play_move(&mut self, mv: Move) -> Result<(), MoveError> {
        self.play(mv).map(|_| ())
    }

    fn pass_turn(&mut self) {
        self.pass();
    }

    fn carry(&mut self, mv: Move, e: &MoveError) {
        match Carry::of_ttt(e) {
            Carry::Pass => self.pass(),
            Carry::Skip => self.skip(mv),
            // A refused move into an empty cell can be carried out; were it
            // not, the turn still passes so the replay keeps in step.
            Carry::Force => {
                if self.force(mv).is_err() {
                    self.pass();
                }
            }
            Carry::Stay => {}
        }
    }
}

impl Step for SosGame {
    type Move = SosMove;
    type Error = SosError;

    fn play_move(&mut self, mv: SosMove) -> Result<(), SosError> {
        self.play(mv).map(|_| ())
    }

    fn pass_turn(&mut self) {
        self.pass();
    }

    fn carry(&mut self, _mv: SosMove, e: &SosError) {
        match Carry::of_sos(e) {
            Carry::Pass => self.pass(),
            // SOS has no targets: nothing to skip or force.
            Carry::Skip | Carry::Force | Carry::Stay => {}
        }
    }
}

/// Plays `mv` (`None`: the record holds no move of this game there), or
/// carries it as [`Carry`] says: `Err(Some(e))` for a move refused with
/// `e`, `Err(None)` for no move (the turn passes).
pub(super) fn step<G: Step>(engine: &mut G, mv: Option<G::Move>) -> Result<(), Option<G::Error>> {
    let Some(mv) = mv else {
        engine.pass_turn();
        return Err(None);
    };
    engine.play_move(mv).map_err(|e| {
        engine.carry(mv, &e);
        Some(e)
    })
}

/// Where a replay puts what it finds: errors (the game as written breaks a
/// rule) and warnings (a slip in the record that was read as meant).
pub struct Found<'r> {
    /// Errors, in file order.
    pub errors: &'r mut Vec<CheckError>,
    /// Warnings, in file order.
    pub warnings: &'r mut Vec<CheckError>,
}

/// Checks the number written before move `i`, at ply `ply`: a mistyped one
/// that fits is a warning, one that does not fit an error.
fn check_number(
    moves: &[MoveToken],
    i: usize,
    ply: usize,
    numbers: &mut Numbers,
    who: &str,
    found: &mut Found<'_>,
) {
    let tok = &moves[i];
    let Some(n) = &tok.number else {
        return;
    };
    let numbering = numbers.numbering();
    let number = numbering.number(ply);
    if numbers.check(moves, i, ply) {
        if let Some(written) = &n.mistyped {
            found.warnings.push(CheckError {
                code: "mistyped-number",
                ..number_error(
                    tok,
                    n,
                    number,
                    who,
                    Reason::NumberMistyped {
                        written: written.to_string(),
                        read: n.to_string(),
                    },
                )
            });
        }
        return;
    }
    let written = n.written().to_string();
    let reason = match numbering {
        Numbering::Pairs => Reason::NumberInPairs {
            written,
            number,
            who: who.to_string(),
            expected: numbering.expected(ply),
        },
        Numbering::Single => Reason::NumberSingle { written, number },
    };
    found.errors.push(number_error(tok, n, number, who, reason));
}

/// Reports a token that is no move of the game and that the numbers show is
/// not one: a bare number is a warning, anything else an error; neither is
/// counted as a move, so the moves after it keep their players.
fn not_counted(
    tok: &MoveToken,
    number: u32,
    who: &str,
    what: NoMove,
    code: &'static str,
    reason: Reason,
    found: &mut Found<'_>,
) {
    match what {
        NoMove::BareNumber(n) => found.warnings.push(error(
            tok,
            number,
            who,
            "mistyped-number",
            Reason::BareNumber { n: n.to_string() },
        )),
        NoMove::Stray => found.errors.push(error(
            tok,
            number,
            who,
            code,
            Reason::NotCounted(Box::new(reason)),
        )),
    }
}

/// Whether a replay is the game: true while no error has been found before
/// the game ended. An error after the end (a move after the end, its number)
/// leaves the result as it was; an error before it means the replay carried
/// on past a move that broke the rules, or one whose number or player
/// contradicts the record, and its end is no result of the game.
struct Soundness {
    /// Errors found before the current token.
    before: usize,
    /// Whether the game was over when the current token came.
    over: bool,
    sound: bool,
}

impl Soundness {
    fn new(errors: &[CheckError]) -> Soundness {
        Soundness {
            before: errors.len(),
            over: false,
            sound: true,
        }
    }

    /// Closes the previous token and opens the next: `over` says whether the
    /// game is over before it.
    fn token(&mut self, errors: &[CheckError], over: bool) {
        if errors.len() > self.before && !self.over {
            self.sound = false;
        }
        self.before = errors.len();
        self.over = over;
    }
}

/// The tic-tac-toe move a token holds, or why it holds none.
fn ttt_move(body: &MoveBody, depth: usize) -> Result<Move, Reason> {
    match body {
        MoveBody::Path(mv) => Ok(*mv),
        MoveBody::Sos(_) => Err(Reason::SosMoveInTtt { depth }),
        MoveBody::Unreadable { reason } => Err(Reason::NotAMove(*reason)),
    }
}

/// The SOS move a token holds, or why it holds none.
fn sos_move(body: &MoveBody) -> Result<SosMove, Reason> {
    match body {
        MoveBody::Sos(mv) => Ok(*mv),
        MoveBody::Path(_) => Err(Reason::TttMoveInSos),
        MoveBody::Unreadable { reason } => Err(Reason::NotAMove(*reason)),
    }
}

fn mover_index(m: Mark) -> usize {
    match m {
        Mark::X => 0,
        Mark::O => 1,
    }
}

/// Replays a game of SOS, collecting errors. Returns the final position,
/// for each move of the record the player whose move it was taken to be,
/// and whether the replay is the game (see `Soundness`).
pub fn replay_sos(
    game: &GameRecord,
    config: SosConfig,
    names: &[String],
    found: &mut Found<'_>,
) -> (SosGame, Vec<u8>, bool) {
    let mut engine = SosGame::new(config);
    let mut movers = Vec::with_capacity(game.moves.len());
    let (letters, named) = sos_players(config, names);
    let mut soundness = Soundness::new(found.errors);
    let mut numbers = Numbers::new(Numbering::Single);
    let mut ply = 0;
    for (i, tok) in game.moves.iter().enumerate() {
        soundness.token(found.errors, engine.is_over());
        let number = numbers.numbering().number(ply);
        let mover = engine.to_move();
        movers.push(mover);
        let who = letters[usize::from(mover)].as_str();
        if !is_move_text(&tok.body, None)
            && let Some(what) = numbers.no_move(&game.moves, i, ply)
        {
            let reason = sos_move(&tok.body)
                .err()
                .unwrap_or(Reason::NotAMove(NotAMove::Nothing));
            not_counted(tok, number, who, what, "unreadable", reason, found);
            continue;
        }
        ply += 1;
        check_number(&game.moves, i, ply - 1, &mut numbers, who, found);
        check_written_player(
            tok,
            number,
            usize::from(mover),
            &letters,
            &named,
            found.errors,
        );
        let mv = match sos_move(&tok.body) {
            Ok(mv) => Some(mv),
            Err(reason) => {
                found
                    .errors
                    .push(error(tok, number, who, "unreadable", reason));
                None
            }
        };
        if let Err(Some(e)) = step(&mut engine, mv) {
            found
                .errors
                .push(error(tok, number, who, e.code(), Reason::Sos(e)));
        }
    }
    soundness.token(found.errors, true);
    (engine, movers, soundness.sound)
}

/// The result of a tic-tac-toe family game for the report.
pub(super) fn ttt_result(outcome: Outcome, names: &[Option<String>; 2]) -> GameResult {
    match outcome {
        Outcome::Winner(m) => GameResult {
            outcome: GameOutcome::Win,
            winner: Some(m.to_string()),
            winner_name: names[mover_index(m)].clone(),
            winners: vec![m.to_string()],
            termination: None,
        },
        Outcome::Draw => result_without_winner(GameOutcome::Draw),
        Outcome::Unfinished => result_without_winner(GameOutcome::Unfinished),
    }
}

fn result_without_winner(outcome: GameOutcome) -> GameResult {
    GameResult {
        outcome,
        winner: None,
        winner_name: None,
        winners: Vec::new(),
        termination: None,
    }
}

/// The result of an SOS game for the report. A shared win names its winners
/// joined by `+` as a claim writes them (`A+C`, `Ann+Cat` when all are named).
pub(super) fn sos_result(outcome: SosOutcome, names: &[String]) -> GameResult {
    match outcome {
        SosOutcome::Winner(_) | SosOutcome::SharedWin(_) => {
            let winners = outcome.winners();
            let letters: Vec<String> = winners
                .iter()
                .map(|&p| player_letter(p).to_string())
                .collect();
            let named: Option<Vec<String>> = winners
                .iter()
                .map(|&p| names.get(usize::from(p)).cloned())
                .collect();
            GameResult {
                outcome: if winners.len() == 1 {
                    GameOutcome::Win
                } else {
                    GameOutcome::SharedWin
                },
                winner: Some(letters.join("+")),
                winner_name: named.map(|n| n.join("+")),
                winners: letters,
                termination: None,
            }
        }
        SosOutcome::Draw => result_without_winner(GameOutcome::Draw),
        SosOutcome::Unfinished => result_without_winner(GameOutcome::Unfinished),
    }
}

/// Fills the scores and lines of an SOS report.
pub(super) fn sos_scores_and_lines(engine: &SosGame, names: &[String], report: &mut GameReport) {
    report.scores = (0u8..)
        .zip(engine.scores())
        .map(|(p, &score)| PlayerScore {
            player: player_letter(p).to_string(),
            name: names.get(usize::from(p)).cloned(),
            score,
        })
        .collect();
    report.lines = engine
        .lines()
        .iter()
        .map(|l| SosLineReport {
            player: player_letter(l.player).to_string(),
            cells: l.cells.map(|c| c.to_string()),
        })
        .collect();
}
