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
//! The policy is one enum, `engine::Carry`, applied by `engine::step`:
//! the repair search replays through the same step. One replay serves both
//! games; what differs between them (how a move is read and numbered, who
//! moves) is asked of the one `engine::Engine` trait.

use super::engine::{Engine, mark_index, step};
use super::numbers::{NoMove, Numbering, Numbers};
use super::reason::Reason;
use super::{CheckError, GameOutcome, GameReport, GameResult, PlayerScore, SosLineReport};
use crate::games::sos::{SosConfig, SosGame, SosOutcome, player_letter};
use crate::games::ttt::Outcome;
use crate::language::Language;
use crate::record::{GameRecord, MoveNumber, MoveToken};

fn error(
    tok: &MoveToken,
    number: u32,
    player: &str,
    code: &'static str,
    reason: Reason,
) -> CheckError {
    CheckError {
        at: tok.at,
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
        at: n.at,
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

/// Replays a record from `engine` (the game's first position), collecting
/// errors and warnings; `names` are the players' names by turn order where
/// the record gives them. Returns the final position, for each move of the
/// record the player (0-based) whose move it was taken to be, and whether
/// the replay is the game: no error before the game ended (see
/// `Soundness`). Both games replay here; what differs between them is
/// asked of the [`Engine`].
pub(super) fn replay<E: Engine>(
    game: &GameRecord,
    mut engine: E,
    names: &[Option<String>],
    found: &mut Found<'_>,
) -> (E, Vec<usize>, bool) {
    let mut movers = Vec::with_capacity(game.moves.len());
    let letters = engine.letters();
    // A name for every player, `None` where the record gives none.
    let names: Vec<Option<String>> = (0..letters.len())
        .map(|p| names.get(p).cloned().flatten())
        .collect();
    let mut soundness = Soundness::new(found.errors);
    let mut numbers = Numbers::new(E::NUMBERING);
    let mut ply = 0;
    for (i, tok) in game.moves.iter().enumerate() {
        soundness.token(found.errors, engine.is_over());
        let number = numbers.numbering().number(ply);
        let mover = engine.mover();
        movers.push(mover);
        let who = letters[mover].as_str();
        if !engine.holds_move(&tok.body)
            && let Some(what) = numbers.no_move(&game.moves, i, ply)
        {
            let (code, reason) = engine.not_a_move(&tok.body);
            not_counted(tok, number, who, what, code, reason, found);
            continue;
        }
        ply += 1;
        check_number(&game.moves, i, ply - 1, &mut numbers, who, found);
        check_written_player(tok, number, mover, &letters, &names, found.errors);
        let mv = match engine.read(&tok.body) {
            Ok(mv) => Some(mv),
            Err(reason) => {
                found
                    .errors
                    .push(error(tok, number, who, "unreadable", reason));
                None
            }
        };
        if let Err(Some(e)) = step(&mut engine, mv) {
            let (code, reason) = E::refused(e);
            found.errors.push(error(tok, number, who, code, reason));
        }
    }
    soundness.token(found.errors, true);
    (engine, movers, soundness.sound)
}

/// Where a replay puts what it finds: errors (the game as written breaks a
/// rule) and warnings (a slip in the record that was read as meant).
pub(super) struct Found<'r> {
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

/// The result of a tic-tac-toe family game for the report.
pub(super) fn ttt_result(outcome: Outcome, names: &[Option<String>; 2]) -> GameResult {
    match outcome {
        Outcome::Winner(m) => GameResult {
            outcome: GameOutcome::Win,
            winner: Some(m.to_string()),
            winner_name: names[mark_index(m)].clone(),
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
