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

use super::{CheckError, GameOutcome, GameReport, GameResult, PlayerScore, SosLineReport};
use crate::games::sos::{SosConfig, SosError, SosGame, SosMove, SosOutcome, player_letter};
use crate::games::ttt::{Game, Mark, Move, MoveError, Options, Outcome, Variant};
use crate::record::{GameRecord, MoveBody, MoveToken};

fn error(
    tok: &MoveToken,
    number: u32,
    player: &str,
    code: &'static str,
    message: String,
) -> CheckError {
    CheckError {
        line: tok.line,
        col: tok.col,
        move_number: Some(number),
        player: Some(player.to_string()),
        text: tok.text.to_string(),
        code,
        message,
        suggestions: Vec::new(),
    }
}

/// A move number that does not match the move it stands before, reported at
/// the number.
fn number_error(tok: &MoveToken, number: u32, player: &str, what: String) -> CheckError {
    let n = tok
        .number
        .as_ref()
        .expect("only written numbers are checked");
    CheckError {
        line: n.line,
        col: n.col,
        ..error(
            tok,
            number,
            player,
            "move-number",
            format!("move number `{n}` does not match: {what} (a skipped or doubled line?)"),
        )
    }
}

/// `A (Anna)` or `A`.
pub(super) fn label(letter: &str, name: Option<&str>) -> String {
    match name {
        Some(n) => format!("{letter} ({n})"),
        None => letter.to_string(),
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
            format!(
                "written as {}'s move, but it is {}'s turn",
                label_of(p),
                label_of(mover)
            ),
        )),
        None => errors.push(error(
            tok,
            number,
            &letters[mover],
            "wrong-player",
            format!(
                "unknown player `{who}`: the players are {}",
                (0..letters.len())
                    .map(label_of)
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
        )),
    }
}

/// Replays a game of the tic-tac-toe family, collecting errors. Returns the
/// final position and whether the replay is the game: no error before the
/// game ended (see [`Soundness`]).
pub(super) fn replay_ttt(
    game: &GameRecord,
    variant: &Variant,
    options: Options,
    names: &[Option<String>; 2],
    errors: &mut Vec<CheckError>,
) -> (Game, bool) {
    let mut engine = Game::new(variant.clone(), options);
    let mut soundness = Soundness::new(errors);
    let letters = ["X".to_string(), "O".to_string()];
    for (i, tok) in game.moves.iter().enumerate() {
        soundness.token(errors, engine.is_over());
        let number = (i / 2 + 1) as u32;
        let mover = engine.to_move();
        let who = match mover {
            Mark::X => "X",
            Mark::O => "O",
        };
        if let Some(n) = &tok.number {
            let ellipsis_expected = i % 2 == 1;
            if n.number != number || n.ellipsis != ellipsis_expected {
                let expected = if ellipsis_expected {
                    format!("`{number}...` or none")
                } else {
                    format!("`{number}.`")
                };
                errors.push(number_error(
                    tok,
                    number,
                    who,
                    format!("this is move {number} for {who}, numbered {expected}"),
                ));
            }
        }
        check_written_player(tok, number, mover_index(mover), &letters, names, errors);
        let mv = match ttt_move(&tok.body, engine.depth()) {
            Ok(mv) => mv,
            Err(reason) => {
                errors.push(error(tok, number, who, "unreadable", reason));
                engine.pass();
                continue;
            }
        };
        match engine.play(mv) {
            Ok(_) => {}
            Err(e) => {
                errors.push(error(tok, number, who, e.code(), e.to_string()));
                match e {
                    MoveError::WrongDepth { .. } | MoveError::GameOver { .. } => engine.pass(),
                    MoveError::Occupied { .. } => engine.skip(mv),
                    _ => {
                        engine.force(mv).expect("an empty cell can be forced");
                    }
                }
            }
        }
    }
    soundness.token(errors, true);
    (engine, soundness.sound)
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
fn ttt_move(body: &MoveBody, depth: usize) -> Result<Move, String> {
    match body {
        MoveBody::Path(mv) => Ok(*mv),
        MoveBody::Sos(_) => Err(format!(
            "this is an SOS move; a move in this game is written {}",
            shape(depth)
        )),
        MoveBody::Unreadable { reason } => Err(reason.clone()),
    }
}

/// The SOS move a token holds, or why it holds none.
fn sos_move(body: &MoveBody) -> Result<SosMove, String> {
    match body {
        MoveBody::Sos(mv) => Ok(*mv),
        MoveBody::Path(_) => Err(
            "this is a tic-tac-toe move; an SOS move is a cell and a letter, such as c3S".into(),
        ),
        MoveBody::Unreadable { reason } => Err(reason.clone()),
    }
}

fn mover_index(m: Mark) -> usize {
    match m {
        Mark::X => 0,
        Mark::O => 1,
    }
}

fn shape(depth: usize) -> &'static str {
    match depth {
        1 => "as one position 1..9, such as 5",
        2 => "T.O, such as 5.3",
        _ => "S.T.O, such as 5.3.7",
    }
}

/// Replays a game of SOS, collecting errors. Returns the final position,
/// for each move of the record the player whose move it was taken to be,
/// and whether the replay is the game (see [`Soundness`]).
pub(super) fn replay_sos(
    game: &GameRecord,
    config: SosConfig,
    names: &[String],
    errors: &mut Vec<CheckError>,
) -> (SosGame, Vec<u8>, bool) {
    let mut engine = SosGame::new(config);
    let mut movers = Vec::with_capacity(game.moves.len());
    let (letters, named) = sos_players(config, names);
    let mut soundness = Soundness::new(errors);
    for (i, tok) in game.moves.iter().enumerate() {
        soundness.token(errors, engine.is_over());
        let number = i as u32 + 1;
        let mover = engine.to_move();
        movers.push(mover);
        let who = letters[usize::from(mover)].as_str();
        if let Some(n) = &tok.number
            && n.number != number
        {
            errors.push(number_error(
                tok,
                number,
                who,
                format!("this is move {number} of the game"),
            ));
        }
        check_written_player(tok, number, usize::from(mover), &letters, &named, errors);
        let Ok(mv) = sos_move(&tok.body).map_err(|reason| {
            errors.push(error(tok, number, who, "unreadable", reason));
            engine.pass();
        }) else {
            continue;
        };
        if let Err(e) = engine.play(mv) {
            errors.push(error(tok, number, who, e.code(), e.to_string()));
            if !matches!(e, SosError::GameOver { .. }) {
                engine.pass();
            }
        }
    }
    soundness.token(errors, true);
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
