//! What a record claims about how its game ended — `[Result]`, `[Score]`
//! (SOS) and `[Termination]` — and whether a replay bears it out
//! (docs/record-format.md, "Claims").
//!
//! The judgement lives here once, in [`judge`], because two readers need it:
//! the report (is the claim right?) and the repair search, which ranks fixes
//! by whether the fixed game agrees with what the record says
//! ([`agreement`]). Judging in two places would let a fix be "right" by one
//! reading and "wrong" by the other.
//!
//! A claim is judged only against a replay that is the game: when a move
//! breaks the rules before the end, the replay carried on past the error as
//! if the move stood, and what it ends with is no result of the game, so the
//! claim is left unjudged (not right, not wrong) — the record must be
//! mended first.

use std::fmt;

use serde::Serialize;

use super::replay::{label, sos_players, written_player};
use super::{CheckError, ClaimReport, GameReport, GameResult};
use crate::games::sos::{SosGame, SosOutcome};
use crate::games::ttt::{Game, Mark, Outcome};
use crate::language::Language;
use crate::messages::{Arg, say};
use crate::record::{GameRecord, Tag};
use crate::setup::GameSetup;

/// How a game stopped before the end of play, as `[Termination]` says: then
/// `[Result]` names the result the players accepted, and it stands for an
/// unfinished replay.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Termination {
    /// A player gave up; the other won.
    Resignation,
    /// The players agreed on the result (usually a draw).
    Agreement,
    /// A player ran out of time.
    Time,
    /// The game was left unfinished.
    Abandoned,
}

impl Termination {
    /// Reads a tag value, case-insensitively.
    pub fn parse(value: &str) -> Option<Termination> {
        match value.trim().to_ascii_lowercase().as_str() {
            "resignation" | "resigned" => Some(Termination::Resignation),
            "agreement" | "agreed" => Some(Termination::Agreement),
            "time" | "time forfeit" => Some(Termination::Time),
            "abandoned" => Some(Termination::Abandoned),
            _ => None,
        }
    }

    /// The tag's word: `resignation`, `agreement`, `time`, `abandoned`.
    pub fn word(self) -> &'static str {
        match self {
            Termination::Resignation => "resignation",
            Termination::Agreement => "agreement",
            Termination::Time => "time",
            Termination::Abandoned => "abandoned",
        }
    }

    /// What follows "X won" or "drawn": `by resignation`, `on time`, …
    pub(super) fn how(self) -> &'static str {
        match self {
            Termination::Resignation => "by resignation",
            Termination::Agreement => "by agreement",
            Termination::Time => "on time",
            Termination::Abandoned => "(game abandoned)",
        }
    }
}

impl fmt::Display for Termination {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.word())
    }
}

/// How a replayed game stands against the claims its record makes — the
/// evidence a repair is ranked by.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) enum Agreement {
    /// Every claim that can be read agrees with the replay (and there is at
    /// least one).
    Agrees,
    /// Some claim says otherwise.
    Contradicts,
    /// No claim to go by: none made, none readable, or the replay breaks the
    /// rules before its end and so has no result.
    Unknown,
}

/// The final position of a replay, whichever game it is.
#[derive(Debug, Clone, Copy)]
pub(crate) enum End<'a> {
    /// A game of the tic-tac-toe family.
    Ttt(&'a Game),
    /// A game of SOS.
    Sos(&'a SosGame),
}

/// Whether the replay that ends in `end` agrees with the claims of `record`
/// (`Result`, `Score`, `Termination`). `end` must come from a replay with
/// every move legal; a replay that carried on past an illegal move has no
/// result to compare (the caller knows, and should not ask).
#[allow(
    dead_code,
    reason = "the repair search ranks its fixes by it; until then only the tests call it"
)]
pub(crate) fn agreement(record: &GameRecord, setup: &GameSetup, end: End<'_>) -> Agreement {
    let players = Players::of(setup);
    let claims = Claims::read(record, &players);
    let actual = Actual::of(end);
    let verdicts = judge(&claims, Some(&actual), &players);
    let mut any = false;
    for v in [&verdicts.result, &verdicts.termination, &verdicts.score]
        .into_iter()
        .flatten()
    {
        match v {
            Verdict::Wrong(_) => return Agreement::Contradicts,
            Verdict::Right => any = true,
            Verdict::Unreadable(_) | Verdict::NotJudged => {}
        }
    }
    if any {
        Agreement::Agrees
    } else {
        Agreement::Unknown
    }
}

/// What a claimed result means, without reference to a game kind.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Claim {
    /// One winner, or (SOS) the players sharing the win: indices, ascending.
    Winners(Vec<usize>),
    Draw,
    Unfinished,
}

/// The players of a game, by turn order: letters and names.
struct Players {
    letters: Vec<String>,
    names: Vec<Option<String>>,
}

impl Players {
    fn of(setup: &GameSetup) -> Players {
        match setup {
            GameSetup::TicTacToe { names, .. }
            | GameSetup::Ultimate { names, .. }
            | GameSetup::Strategic { names, .. } => Players::ttt(names),
            GameSetup::Sos { config, names, .. } => {
                let (letters, names) = sos_players(*config, names);
                Players { letters, names }
            }
        }
    }

    fn ttt(names: &[Option<String>; 2]) -> Players {
        Players {
            letters: vec!["X".into(), "O".into()],
            names: names.to_vec(),
        }
    }

    fn label(&self, p: usize) -> String {
        label(&self.letters[p], self.names[p].as_deref())
    }

    fn find(&self, who: &str) -> Option<usize> {
        written_player(who, &self.letters, &self.names)
    }
}

/// What the replay gives: the outcome and, in SOS, the scores.
struct Actual {
    outcome: Claim,
    scores: Option<Vec<u32>>,
}

impl Actual {
    fn of(end: End<'_>) -> Actual {
        match end {
            End::Ttt(engine) => Actual {
                outcome: match engine.outcome() {
                    Outcome::Winner(Mark::X) => Claim::Winners(vec![0]),
                    Outcome::Winner(Mark::O) => Claim::Winners(vec![1]),
                    Outcome::Draw => Claim::Draw,
                    Outcome::Unfinished => Claim::Unfinished,
                },
                scores: None,
            },
            End::Sos(engine) => {
                let outcome = engine.outcome();
                Actual {
                    outcome: match outcome {
                        SosOutcome::Winner(_) | SosOutcome::SharedWin(_) => {
                            Claim::Winners(outcome.winners().into_iter().map(usize::from).collect())
                        }
                        SosOutcome::Draw => Claim::Draw,
                        SosOutcome::Unfinished => Claim::Unfinished,
                    },
                    scores: Some(engine.scores().to_vec()),
                }
            }
        }
    }
}

/// A claimed score: each entry's player and points, or the first entry that
/// cannot be read.
type ScoreClaim = Result<Vec<(usize, u32)>, String>;

/// The claims a record makes, read but not judged.
struct Claims<'r> {
    result: Option<(&'r Tag, Option<Claim>)>,
    termination: Option<(&'r Tag, Option<Termination>)>,
    score: Option<(&'r Tag, ScoreClaim)>,
}

impl<'r> Claims<'r> {
    fn read(record: &'r GameRecord, players: &Players) -> Claims<'r> {
        Claims {
            result: record
                .tag("Result")
                .map(|t| (t, read_result(&t.value, players))),
            termination: record
                .tag("Termination")
                .map(|t| (t, Termination::parse(&t.value))),
            score: record
                .tag("Score")
                .map(|t| (t, read_score(&t.value, players))),
        }
    }

    /// The termination, when it is readable and comes with a readable result.
    fn accepted_termination(&self) -> Option<(Termination, &Claim)> {
        match (&self.termination, &self.result) {
            (Some((_, Some(t))), Some((_, Some(c)))) => Some((*t, c)),
            _ => None,
        }
    }
}

/// Reads a claimed result: `draw`, `*`, a player, or players joined by `+`
/// (a shared win), each by letter or name. `None` when it cannot be read.
fn read_result(value: &str, players: &Players) -> Option<Claim> {
    let v = value.trim();
    match v.to_ascii_lowercase().as_str() {
        "draw" | "drawn" | "1/2-1/2" => return Some(Claim::Draw),
        "*" | "unfinished" => return Some(Claim::Unfinished),
        _ => {}
    }
    let mut winners = v
        .split('+')
        .map(|who| players.find(who.trim()))
        .collect::<Option<Vec<usize>>>()?;
    winners.sort_unstable();
    winners.dedup();
    Some(Claim::Winners(winners))
}

/// Reads a claimed score, `A 3, Ben 1`.
fn read_score(value: &str, players: &Players) -> ScoreClaim {
    value
        .split(',')
        .map(str::trim)
        .filter(|e| !e.is_empty())
        .map(|entry| {
            let (who, points) = entry
                .rsplit_once(char::is_whitespace)
                .unwrap_or(("", entry));
            match (players.find(who.trim()), points.parse::<u32>()) {
                (Some(p), Ok(points)) => Ok((p, points)),
                _ => Err(entry.to_string()),
            }
        })
        .collect()
}

/// The verdict on one claim.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Verdict {
    Right,
    /// Wrong: how.
    Wrong(ClaimFault),
    /// Cannot be read: what was expected.
    Unreadable(ClaimFault),
    /// Readable, but the replay has no result to judge it by.
    NotJudged,
}

/// A claim that is wrong or cannot be read, with the values it names (the
/// players as labels, `X (Sara)`), worded when a report is written
/// ([`ClaimFault::words`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum ClaimFault {
    /// A `Result` that names no player, draw or `*`: the players, and
    /// whether a shared win may be claimed.
    ResultUnreadable { players: Vec<String>, shared: bool },
    /// A `Termination` that is none of the words.
    TerminationUnreadable,
    /// A `Termination` without a readable `Result`.
    TerminationWithoutResult,
    /// A `Score` entry that cannot be read, as written.
    ScoreUnreadable { entry: String },
    /// The result claimed against the replay's; `tie` when every player is
    /// claimed a winner (the usual slip for a draw).
    ResultWrong {
        claimed: Ended,
        actual: Ended,
        tie: bool,
    },
    /// A game said to stop early that the replay plays to its end.
    TerminationWrong {
        termination: Termination,
        actual: Ended,
    },
    /// Each player whose score is claimed wrong: label, score, claimed.
    ScoreWrong { wrong: Vec<(String, u32, u32)> },
}

/// How a game ended, as a claim and the judge say it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Ended {
    /// One winner (a label).
    Won(String),
    /// Several winners (labels).
    Shared(Vec<String>),
    Draw,
    Unfinished,
}

impl Ended {
    fn words(&self, language: Language) -> String {
        match self {
            Ended::Won(who) => say(
                language,
                "result-won",
                &[("who", Arg::Text(who)), ("how", Arg::Text(""))],
            ),
            Ended::Shared(all) => {
                let who = all
                    .iter()
                    .cloned()
                    .reduce(|first, second| {
                        say(
                            language,
                            "claim-and",
                            &[("first", Arg::Text(&first)), ("second", Arg::Text(&second))],
                        )
                    })
                    .unwrap_or_default();
                say(language, "claim-shared", &[("who", Arg::Text(&who))])
            }
            Ended::Draw => say(language, "claim-draw", &[]),
            Ended::Unfinished => say(language, "claim-unfinished", &[]),
        }
    }
}

impl ClaimFault {
    /// The sentence in `language`.
    pub(crate) fn words(&self, language: Language) -> String {
        let s = |id: &str, args: &[(&str, Arg<'_>)]| say(language, id, args);
        let yes = |b: bool| Arg::Text(if b { "yes" } else { "no" });
        match self {
            ClaimFault::ResultUnreadable { players, shared } => s(
                "claim-result-unreadable",
                &[
                    ("players", Arg::Text(&players.join(", "))),
                    ("shared", yes(*shared)),
                ],
            ),
            ClaimFault::TerminationUnreadable => s("claim-termination-unreadable", &[]),
            ClaimFault::TerminationWithoutResult => s("claim-termination-without-result", &[]),
            ClaimFault::ScoreUnreadable { entry } => {
                s("claim-score-unreadable", &[("entry", Arg::Text(entry))])
            }
            ClaimFault::ResultWrong {
                claimed,
                actual,
                tie,
            } => s(
                "claim-result-wrong",
                &[
                    ("claimed", Arg::Text(&claimed.words(language))),
                    ("actual", Arg::Text(&actual.words(language))),
                    ("tie", yes(*tie)),
                ],
            ),
            ClaimFault::TerminationWrong {
                termination,
                actual,
            } => s(
                "claim-termination-wrong",
                &[
                    ("termination", Arg::Text(termination.word())),
                    ("actual", Arg::Text(&actual.words(language))),
                ],
            ),
            ClaimFault::ScoreWrong { wrong } => {
                let each: Vec<String> = wrong
                    .iter()
                    .map(|(who, scored, claimed)| {
                        s(
                            "claim-scored",
                            &[
                                ("who", Arg::Text(who)),
                                ("scored", Arg::Count(*scored as usize)),
                                ("claimed", Arg::Count(*claimed as usize)),
                            ],
                        )
                    })
                    .collect();
                s(
                    "claim-score-wrong",
                    &[("wrong", Arg::Text(&each.join("; ")))],
                )
            }
        }
    }
}

/// The verdict on each claim a record makes.
struct Verdicts {
    result: Option<Verdict>,
    termination: Option<Verdict>,
    score: Option<Verdict>,
}

fn describe(claim: &Claim, players: &Players) -> Ended {
    match claim {
        Claim::Winners(w) if w.len() == 1 => Ended::Won(players.label(w[0])),
        Claim::Winners(w) => Ended::Shared(w.iter().map(|&p| players.label(p)).collect()),
        Claim::Draw => Ended::Draw,
        Claim::Unfinished => Ended::Unfinished,
    }
}

/// Judges every claim against the replay; `actual` is `None` when the
/// replay has no result (a move broke the rules before the end).
///
/// * A `Termination` says the game stopped before the end of play, so on an
///   unfinished replay it makes the claimed `Result` stand, whatever it
///   names; on a finished replay it is wrong (the game did not stop early),
///   and the `Result` is judged against the replay as usual.
/// * A `Termination` without a readable `Result` says nothing about who won:
///   it cannot be read as a claim.
fn judge(claims: &Claims<'_>, actual: Option<&Actual>, players: &Players) -> Verdicts {
    let stopped_early = claims.accepted_termination().is_some();
    let result = claims.result.as_ref().map(|(_, claimed)| {
        match (claimed, actual) {
            (None, _) => Verdict::Unreadable(unreadable_result(players)),
            (Some(_), None) => Verdict::NotJudged,
            (Some(_), Some(a)) if stopped_early && a.outcome == Claim::Unfinished => Verdict::Right,
            (Some(c), Some(a)) if *c == a.outcome => Verdict::Right,
            (Some(c), Some(a)) => {
                // Claiming every player as winners is the usual slip for a tie.
                let tie = matches!(c, Claim::Winners(w) if w.len() > 1 && w.len() == players.letters.len());
                Verdict::Wrong(ClaimFault::ResultWrong {
                    claimed: describe(c, players),
                    actual: describe(&a.outcome, players),
                    tie,
                })
            }
        }
    });
    let termination = claims
        .termination
        .as_ref()
        .map(|(_, t)| match (t, &claims.result, actual) {
            (None, ..) => Verdict::Unreadable(ClaimFault::TerminationUnreadable),
            (Some(_), None | Some((_, None)), _) => {
                Verdict::Unreadable(ClaimFault::TerminationWithoutResult)
            }
            (Some(_), _, None) => Verdict::NotJudged,
            (Some(_), _, Some(a)) if a.outcome == Claim::Unfinished => Verdict::Right,
            (Some(t), _, Some(a)) => Verdict::Wrong(ClaimFault::TerminationWrong {
                termination: *t,
                actual: describe(&a.outcome, players),
            }),
        });
    let score = claims.score.as_ref().map(|(_, claimed)| {
        match (claimed, actual.and_then(|a| a.scores.as_ref())) {
            (Err(entry), _) => Verdict::Unreadable(ClaimFault::ScoreUnreadable {
                entry: entry.clone(),
            }),
            (Ok(_), None) => Verdict::NotJudged,
            (Ok(entries), Some(scores)) => {
                let wrong: Vec<(String, u32, u32)> = entries
                    .iter()
                    .filter(|&&(p, claimed)| scores[p] != claimed)
                    .map(|&(p, claimed)| (players.label(p), scores[p], claimed))
                    .collect();
                if wrong.is_empty() {
                    Verdict::Right
                } else {
                    Verdict::Wrong(ClaimFault::ScoreWrong { wrong })
                }
            }
        }
    });
    Verdicts {
        result,
        termination,
        score,
    }
}

fn unreadable_result(players: &Players) -> ClaimFault {
    ClaimFault::ResultUnreadable {
        players: (0..players.letters.len())
            .map(|p| players.label(p))
            .collect(),
        shared: players.letters.len() > 2,
    }
}

/// The code of a claim that cannot be read.
pub(super) const UNREADABLE_CLAIM: &str = "unreadable-claim";
/// The codes of claims the replay contradicts.
pub(super) const WRONG_CLAIMS: [&str; 3] = ["wrong-result", "wrong-score", "wrong-termination"];

fn claim_error(tag: &Tag, code: &'static str, fault: ClaimFault) -> CheckError {
    let reason = super::reason::Reason::Claim(fault);
    CheckError {
        at: tag.value_at,
        move_number: None,
        player: None,
        text: format!("[{} \"{}\"]", tag.name, tag.value),
        code,
        message: reason.words(Language::En),
        reason,
        suggestions: Vec::new(),
    }
}

/// Adds each claim of `record` with its verdict to the report, and an error
/// for each claim that is wrong or cannot be read. `end` is the replay's
/// final position when the replay is the game (every move before the end
/// legal), `None` when it is not; then readable claims are left unjudged.
///
/// When a `Termination` makes the claimed result stand for an unfinished
/// replay, the report's result becomes that result ("O won by resignation").
pub(super) fn check_claims(
    record: &GameRecord,
    setup: &GameSetup,
    end: End<'_>,
    sound: bool,
    report: &mut GameReport,
) {
    let players = Players::of(setup);
    let claims = Claims::read(record, &players);
    let actual = sound.then(|| Actual::of(end));
    let verdicts = judge(&claims, actual.as_ref(), &players);
    let tags = [
        (
            claims.result.as_ref().map(|(t, _)| *t),
            verdicts.result,
            "wrong-result",
        ),
        (
            claims.termination.as_ref().map(|(t, _)| *t),
            verdicts.termination,
            "wrong-termination",
        ),
        (
            claims.score.as_ref().map(|(t, _)| *t),
            verdicts.score,
            "wrong-score",
        ),
    ];
    for (tag, verdict, wrong_code) in tags {
        let (Some(tag), Some(verdict)) = (tag, verdict) else {
            continue;
        };
        report.claims.push(ClaimReport {
            tag: canonical_name(tag),
            claimed: tag.value.clone(),
            right: verdict == Verdict::Right,
            readable: !matches!(verdict, Verdict::Unreadable(_)),
            judged: verdict != Verdict::NotJudged,
        });
        match verdict {
            Verdict::Wrong(m) => report.errors.push(claim_error(tag, wrong_code, m)),
            Verdict::Unreadable(m) => report.errors.push(claim_error(tag, UNREADABLE_CLAIM, m)),
            Verdict::Right | Verdict::NotJudged => {}
        }
    }
    // The game stopped early and the players' result stands.
    if let (Some(a), Some((termination, claimed))) = (&actual, claims.accepted_termination())
        && a.outcome == Claim::Unfinished
        && let Some(result) = report.result.as_mut()
    {
        *result = claimed_result(claimed, &players, termination);
    }
}

/// The tag's name as the format spells it (`Result`, not `result`).
fn canonical_name(tag: &Tag) -> String {
    ["Result", "Termination", "Score"]
        .into_iter()
        .find(|n| n.eq_ignore_ascii_case(&tag.name))
        .unwrap_or(&tag.name)
        .to_string()
}

/// The report's result for a claim that stands by a termination.
fn claimed_result(claim: &Claim, players: &Players, termination: Termination) -> GameResult {
    use super::GameOutcome;
    let (outcome, winners) = match claim {
        Claim::Winners(w) if w.len() == 1 => (GameOutcome::Win, w.clone()),
        Claim::Winners(w) => (GameOutcome::SharedWin, w.clone()),
        Claim::Draw => (GameOutcome::Draw, Vec::new()),
        Claim::Unfinished => (GameOutcome::Unfinished, Vec::new()),
    };
    let letters: Vec<String> = winners
        .iter()
        .map(|&p| players.letters[p].clone())
        .collect();
    let named: Option<Vec<String>> = winners.iter().map(|&p| players.names[p].clone()).collect();
    GameResult {
        outcome,
        winner: (!letters.is_empty()).then(|| letters.join("+")),
        winner_name: named.filter(|n| !n.is_empty()).map(|n| n.join("+")),
        winners: letters,
        termination: Some(termination),
    }
}

#[cfg(test)]
mod tests {
    use super::super::json::to_json;
    use super::super::text::game_text;
    use super::super::{GameOutcome, Status, check_source};
    use super::*;
    use crate::record::parse;

    fn report(text: &str) -> GameReport {
        let f = check_source("game.txt", text.as_bytes(), None);
        assert!(f.error.is_none(), "{:?}", f.error);
        f.games.into_iter().next().expect("one game").report
    }

    fn header(r: &GameReport) -> String {
        game_text(r).lines().next().unwrap_or("").to_string()
    }

    /// Replays a legal record and asks [`agreement`] about it.
    fn agreement_of(text: &str) -> Agreement {
        let record = parse(text).expect("a record").remove(0);
        let setup = GameSetup::from_tags(&record, None).expect("usable tags");
        let f = check_source("game.txt", text.as_bytes(), None);
        let checked = &f.games[0];
        assert_eq!(
            checked
                .report
                .errors
                .iter()
                .filter(|e| e.move_number.is_some())
                .count(),
            0
        );
        match checked.position.as_ref().expect("a position") {
            super::super::Position::Ttt { game, .. } => agreement(&record, &setup, End::Ttt(game)),
            super::super::Position::Sos { game, .. } => agreement(&record, &setup, End::Sos(game)),
        }
    }

    const UNFINISHED: &str = "1. 5.5 5.1 2. 1.5 5.9\n";
    /// X takes the top row on move 3.
    const X_WINS: &str = "1. 1 4 2. 2 5 3. 3\n";

    #[test]
    fn a_resigned_game_stands_with_its_result() {
        let r = report(&format!(
            "[Game \"ultimate\"]\n[O \"Ben\"]\n[Result \"O\"]\n[Termination \"resignation\"]\n{UNFINISHED}"
        ));
        assert_eq!(r.status, Status::Legal, "{:?}", r.errors);
        assert!(
            header(&r).ends_with(
                "legal; O (Ben) won by resignation; claimed Result \"O\" right; claimed Termination \"resignation\" right"
            ),
            "{}",
            header(&r)
        );
        let result = r.result.as_ref().expect("a result");
        assert_eq!(
            (result.outcome, result.winner.as_deref(), result.termination),
            (GameOutcome::Win, Some("O"), Some(Termination::Resignation))
        );
        let json: serde_json::Value = serde_json::from_str(&to_json(&r)).expect("JSON");
        assert_eq!(json["result"]["termination"], "resignation");
        assert_eq!(json["claims"][1]["tag"], "Termination");
        assert_eq!(json["claims"][1]["judged"], true);
    }

    #[test]
    fn each_termination_reads_in_the_report() {
        for (result, termination, says) in [
            ("draw", "agreement", "legal; drawn by agreement"),
            ("X", "time", "legal; X won on time"),
            ("X", "Abandoned", "legal; X won (game abandoned)"),
            ("*", "abandoned", "legal; unfinished (abandoned)"),
        ] {
            let r = report(&format!(
                "[Game \"ultimate\"]\n[Result \"{result}\"]\n[Termination \"{termination}\"]\n{UNFINISHED}"
            ));
            assert_eq!(r.status, Status::Legal, "{termination}: {:?}", r.errors);
            assert!(header(&r).contains(says), "{}", header(&r));
        }
        // SOS, with a name and a score that is still checked.
        let r = report(
            "[Game \"sos\"]\n[Size \"3\"]\n[Players \"Ann, Ben\"]\n[Result \"Ann\"]\n[Termination \"time\"]\n[Score \"A 0, B 0\"]\na1S b2O\n",
        );
        assert_eq!(r.status, Status::Legal, "{:?}", r.errors);
        assert!(
            header(&r).contains("legal; A (Ann) won on time"),
            "{}",
            header(&r)
        );
    }

    #[test]
    fn without_a_termination_an_unfinished_game_has_no_winner() {
        let r = report(&format!(
            "[Game \"ultimate\"]\n[Result \"O\"]\n{UNFINISHED}"
        ));
        assert_eq!(r.status, Status::WrongClaim);
        assert_eq!(r.errors[0].code, "wrong-result");
        assert_eq!(
            r.result.as_ref().map(|r| r.outcome),
            Some(GameOutcome::Unfinished)
        );
    }

    #[test]
    fn a_termination_on_a_game_played_to_the_end_is_wrong() {
        let r = report(&format!(
            "[Game \"tictactoe\"]\n[Result \"X\"]\n[Termination \"resignation\"]\n{X_WINS}"
        ));
        assert_eq!(r.status, Status::WrongClaim, "{:?}", r.errors);
        let codes: Vec<_> = r.errors.iter().map(|e| e.code).collect();
        assert_eq!(codes, ["wrong-termination"]);
        assert_eq!(
            r.errors[0].message,
            "the claimed termination is wrong: the record says the game stopped before its end (resignation), but the replay plays it to the end: X won"
        );
        assert_eq!((r.errors[0].at.line, r.errors[0].at.col), (3, 15));
        // The result stays the one played on the board.
        assert_eq!(r.result.as_ref().and_then(|r| r.termination), None);
        // And a wrong Result is still wrong, termination or not.
        let r = report(&format!(
            "[Game \"tictactoe\"]\n[Result \"O\"]\n[Termination \"resignation\"]\n{X_WINS}"
        ));
        let codes: Vec<_> = r.errors.iter().map(|e| e.code).collect();
        assert_eq!(codes, ["wrong-result", "wrong-termination"]);
    }

    #[test]
    fn a_termination_needs_a_readable_result() {
        let r = report(&format!(
            "[Game \"ultimate\"]\n[Termination \"resignation\"]\n{UNFINISHED}"
        ));
        assert_eq!(r.status, Status::UnreadableClaim);
        assert_eq!(
            r.errors[0].message,
            "a Termination needs a Result saying how the game ended: [Result \"X\"] for the winner, \"draw\", or \"*\" for none"
        );
        let r = report(&format!(
            "[Game \"ultimate\"]\n[Result \"O\"]\n[Termination \"forfeit\"]\n{UNFINISHED}"
        ));
        // An unreadable termination excuses nothing: O did not win.
        let codes: Vec<_> = r.errors.iter().map(|e| e.code).collect();
        assert_eq!(codes, ["wrong-result", "unreadable-claim"]);
    }

    #[test]
    fn an_illegal_game_has_no_result_and_its_claims_are_not_judged() {
        // O's 1.1 is in the wrong tactical cell (X sent O to 5); the replay
        // goes on, but its end is no result of the game.
        let r = report("[Game \"ultimate\"]\n[Result \"draw\"]\n1. 5.5 1.1 2. 1.5\n");
        assert_eq!(r.status, Status::Illegal);
        assert_eq!(r.result, None);
        assert_eq!((r.claims[0].judged, r.claims[0].right), (false, false));
        assert!(r.errors.iter().all(|e| e.code != "wrong-result"));
        assert!(
            header(&r).ends_with(
                "ILLEGAL; no result (an error comes before the end of the game); claimed Result \"draw\" cannot be judged"
            ),
            "{}",
            header(&r)
        );
        // A move after the end does not change how the game ended.
        let r = report(&format!(
            "[Game \"tictactoe\"]\n[Result \"X\"]\n{X_WINS} 9\n"
        ));
        assert_eq!(r.status, Status::Illegal);
        assert_eq!(
            r.result.as_ref().and_then(|r| r.winner.as_deref()),
            Some("X")
        );
        assert!(r.claims[0].right && r.claims[0].judged);
    }

    #[test]
    fn agreement_weighs_every_claim() {
        let ttt = |tags: &str| agreement_of(&format!("[Game \"tictactoe\"]\n{tags}{X_WINS}"));
        assert_eq!(ttt("[Result \"X\"]\n"), Agreement::Agrees);
        assert_eq!(ttt("[Result \"O\"]\n"), Agreement::Contradicts);
        assert_eq!(ttt(""), Agreement::Unknown);
        assert_eq!(ttt("[Result \"nobody\"]\n"), Agreement::Unknown);
        assert_eq!(
            ttt("[Result \"X\"]\n[Termination \"time\"]\n"),
            Agreement::Contradicts
        );
        let ultimate =
            |tags: &str| agreement_of(&format!("[Game \"ultimate\"]\n{tags}{UNFINISHED}"));
        assert_eq!(
            ultimate("[Result \"O\"]\n[Termination \"resignation\"]\n"),
            Agreement::Agrees
        );
        assert_eq!(ultimate("[Result \"O\"]\n"), Agreement::Contradicts);
        // SOS: the score is evidence too.
        let sos = |score: &str| {
            agreement_of(&format!(
                "[Game \"sos\"]\n[Size \"3\"]\n[Score \"{score}\"]\na1S b1O c1S\n"
            ))
        };
        assert_eq!(sos("A 1, B 0"), Agreement::Agrees);
        assert_eq!(sos("A 0, B 1"), Agreement::Contradicts);
    }
}
