//! Checking the claimed `[Result]` and `[Score]` against the replay
//! (docs/record-format.md, "Claims"): a winner, a shared SOS win (`A+C`), a
//! draw or an unfinished game; and the SOS scores.

use super::replay::{label, written_player};
use super::{CheckError, ClaimReport, GameReport};
use crate::games::sos::{SosGame, SosOutcome, player_letter};
use crate::games::ttt::{Game, Mark, Outcome};
use crate::record::{GameRecord, Tag};

/// What a claimed result means, without reference to a game kind.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Claim {
    /// One winner, or (SOS) the players sharing the win: indices, ascending.
    Winners(Vec<usize>),
    Draw,
    Unfinished,
}

/// Reads a claimed result: `draw`, `*`, a player, or players joined by `+`
/// (a shared win), each by letter or name. `None` when it cannot be read.
fn read_result(value: &str, letters: &[String], names: &[Option<String>]) -> Option<Claim> {
    let v = value.trim();
    match v.to_ascii_lowercase().as_str() {
        "draw" | "drawn" | "1/2-1/2" => return Some(Claim::Draw),
        "*" | "unfinished" => return Some(Claim::Unfinished),
        _ => {}
    }
    let mut winners = v
        .split('+')
        .map(|who| written_player(who.trim(), letters, names))
        .collect::<Option<Vec<usize>>>()?;
    winners.sort_unstable();
    winners.dedup();
    Some(Claim::Winners(winners))
}

/// The code of a claim that cannot be read.
pub(super) const UNREADABLE_CLAIM: &str = "unreadable-claim";

fn claim_error(tag: &Tag, code: &'static str, message: String) -> CheckError {
    CheckError {
        line: tag.value_line,
        col: tag.value_col,
        move_number: None,
        player: None,
        text: format!("[{} \"{}\"]", tag.name, tag.value),
        code,
        message,
        suggestions: Vec::new(),
    }
}

fn describe(claim: &Claim, letters: &[String], names: &[Option<String>]) -> String {
    let who = |p: usize| label(&letters[p], names[p].as_deref());
    match claim {
        Claim::Winners(w) if w.len() == 1 => format!("{} won", who(w[0])),
        Claim::Winners(w) => {
            let all: Vec<String> = w.iter().map(|&p| who(p)).collect();
            format!("{} shared the win", all.join(" and "))
        }
        Claim::Draw => "a draw".into(),
        Claim::Unfinished => "an unfinished game".into(),
    }
}

fn check_result(
    game: &GameRecord,
    actual: Claim,
    letters: &[String],
    names: &[Option<String>],
    report: &mut GameReport,
) {
    let Some(tag) = game.tag("Result") else {
        return;
    };
    let claimed = read_result(&tag.value, letters, names);
    let right = claimed.as_ref() == Some(&actual);
    report.claims.push(ClaimReport {
        tag: "Result".into(),
        claimed: tag.value.clone(),
        right,
        readable: claimed.is_some(),
    });
    match claimed {
        None => {
            let who: Vec<String> = (0..letters.len())
                .map(|p| label(&letters[p], names[p].as_deref()))
                .collect();
            let shared = if letters.len() > 2 {
                ", players joined by + for a shared win (A+C)"
            } else {
                ""
            };
            report.errors.push(claim_error(
                tag,
                UNREADABLE_CLAIM,
                format!(
                    "cannot read the claimed result: expected a player ({}){shared}, \"draw\" or \"*\"",
                    who.join(", ")
                ),
            ));
        }
        Some(c) if c != actual => {
            // Claiming every player as winners is the usual slip for a tie.
            let hint = match &c {
                Claim::Winners(w) if w.len() > 1 && w.len() == letters.len() => {
                    " (when every player has the top score the game is a draw)"
                }
                _ => "",
            };
            report.errors.push(claim_error(
                tag,
                "wrong-result",
                format!(
                    "the claimed result is wrong: the record claims {}, but the replay gives {}{hint}",
                    describe(&c, letters, names),
                    describe(&actual, letters, names)
                ),
            ));
        }
        Some(_) => {}
    }
}

/// Checks `[Result]` of a tic-tac-toe family game.
pub(super) fn check_ttt_claims(
    game: &GameRecord,
    engine: &Game,
    names: &[Option<String>; 2],
    report: &mut GameReport,
) {
    let actual = match engine.outcome() {
        Outcome::Winner(Mark::X) => Claim::Winners(vec![0]),
        Outcome::Winner(Mark::O) => Claim::Winners(vec![1]),
        Outcome::Draw => Claim::Draw,
        Outcome::Unfinished => Claim::Unfinished,
    };
    check_result(game, actual, &["X".into(), "O".into()], names, report);
}

/// Checks `[Result]` and `[Score]` of an SOS game.
pub(super) fn check_sos_claims(
    game: &GameRecord,
    engine: &SosGame,
    names: &[String],
    report: &mut GameReport,
) {
    let players = engine.scores().len();
    let letters: Vec<String> = (0..players as u8)
        .map(|p| player_letter(p).to_string())
        .collect();
    let named: Vec<Option<String>> = (0..players).map(|p| names.get(p).cloned()).collect();
    let outcome = engine.outcome();
    let actual = match outcome {
        SosOutcome::Winner(_) | SosOutcome::SharedWin(_) => {
            Claim::Winners(outcome.winners().into_iter().map(usize::from).collect())
        }
        SosOutcome::Draw => Claim::Draw,
        SosOutcome::Unfinished => Claim::Unfinished,
    };
    check_result(game, actual, &letters, &named, report);
    let Some(tag) = game.tag("Score") else {
        return;
    };
    let scores = engine.scores();
    let mut wrong = Vec::new();
    let mut unreadable = None;
    for entry in tag
        .value
        .split(',')
        .map(str::trim)
        .filter(|e| !e.is_empty())
    {
        let (who, points) = entry
            .rsplit_once(char::is_whitespace)
            .unwrap_or(("", entry));
        let player = written_player(who.trim(), &letters, &named);
        match (player, points.parse::<u32>()) {
            (Some(p), Ok(claimed)) if claimed != scores[p] => wrong.push(format!(
                "{} scored {}, not {claimed}",
                label(&letters[p], named[p].as_deref()),
                scores[p]
            )),
            (Some(_), Ok(_)) => {}
            _ => unreadable = Some(entry.to_string()),
        }
    }
    let right = wrong.is_empty() && unreadable.is_none();
    report.claims.push(ClaimReport {
        tag: "Score".into(),
        claimed: tag.value.clone(),
        right,
        readable: unreadable.is_none(),
    });
    if let Some(entry) = unreadable {
        report.errors.push(claim_error(
            tag,
            UNREADABLE_CLAIM,
            format!(
                "cannot read `{entry}` in the claimed score: expected entries such as \"A 3, B 1\""
            ),
        ));
    }
    if !wrong.is_empty() {
        report.errors.push(claim_error(
            tag,
            "wrong-score",
            format!("the claimed score is wrong: {}", wrong.join("; ")),
        ));
    }
}
