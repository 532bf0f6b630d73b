//! The checker's output: text for people, one JSON document for scripts.
//!
//! Both can be written game by game as the games are checked: text is one
//! block per game (`game_text`) and a summary line; JSON is one document,
//! `{"version": "…", "games": [...], "files": [...], "summary": {...}, "exit": N}`
//! (`version` is the program's, so a script can tell which wrote it), with each
//! game on a line of its own ([`JsonStream`]). Text quoted from a record is
//! kept as written here; the program escapes control characters where it
//! prints, and JSON escapes them too ([`GameReport::to_json`]).

use std::fmt::Write;

use serde::Serialize;

use super::Termination;
use super::json::{self, to_json};
use super::replay::label;
use super::{CheckError, FileCheck, FileError, GameOutcome, GameReport, GameResult, Status};
use crate::language::Language;
use crate::messages::{Arg, say};
use crate::source::Severity;

/// `FILE:LINE:COL: move N (PLAYER) TEXT: reason`, or for a tag
/// `FILE:LINE:COL: [Tag "value"]: reason`.
#[cfg(test)]
pub(crate) fn error_line(file: &str, e: &CheckError) -> String {
    e.diagnostic(file, Severity::Error, Language::En).line()
}

/// `FILE:LINE:COL: warning: move N (PLAYER) TEXT: what was read`.
#[cfg(test)]
pub(crate) fn warning_line(file: &str, w: &CheckError) -> String {
    w.diagnostic(file, Severity::Warning, Language::En).line()
}

/// The report on one game, as lines of text.
#[cfg(test)]
pub(crate) fn game_text(g: &GameReport) -> String {
    let mut out = String::new();
    write_game_text(&mut out, g);
    out
}

/// Appends the report on one game to `out`, as `game_text` gives it: a
/// report of many games writes them all into one buffer, with no text of
/// its own per game.
pub(crate) fn write_game_text(out: &mut String, g: &GameReport) {
    write_game_text_in(out, g, Language::En);
}

/// [`write_game_text`] in `language`.
pub(crate) fn write_game_text_in(out: &mut String, g: &GameReport, language: Language) {
    write_headline(out, g, language);
    write_scores(out, g, language);
    // Each warning and error as its diagnostic's line, the suggestions
    // under an error.
    let line = |out: &mut String, e: &CheckError, severity| {
        let d = e.diagnostic(&g.file, severity, language);
        let _ = writeln!(out, "{}", d.line_in(language));
        for hint in &d.hints {
            let _ = writeln!(out, "  {hint}");
        }
    };
    for w in &g.warnings {
        line(out, w, Severity::Warning);
    }
    out.push_str(&more_line(g, g.more_warnings, "more-warnings", language));
    for e in &g.errors {
        line(out, e, Severity::Error);
    }
    out.push_str(&more_line(g, g.more_errors, "more-errors", language));
    for a in g.annotations.iter().flatten() {
        let _ = writeln!(out, "  {}", moment_words(a, language));
    }
}

/// A moment `--annotate` found, in words: `ply 23, X 5.2: missed a win
/// within 3 plies (3.1 wins)`.
fn moment_words(a: &crate::solve::Annotation, language: Language) -> String {
    use crate::solve::AnnotationKind;
    let best = a
        .best
        .iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join(", ");
    let (mover, played) = (a.mover.to_string(), a.played.to_string());
    let (other, forcing) = (a.mover.other().to_string(), a.forcing.to_string());
    let id = match a.kind {
        AnnotationKind::MissedWin => "moment-missed-win",
        AnnotationKind::AllowedLoss => "moment-allowed-loss",
        AnnotationKind::Decided => "moment-decided",
    };
    say(
        language,
        id,
        &[
            ("ply", Arg::Count(a.ply)),
            ("mover", Arg::Text(&mover)),
            ("played", Arg::Text(&played)),
            ("other", Arg::Text(&other)),
            ("forcing", Arg::Text(&forcing)),
            ("plies", Arg::Count(usize::from(a.win_in))),
            ("best", Arg::Text(&best)),
            ("count", Arg::Count(a.best.len())),
        ],
    )
}

/// The game's first line: where it is, what it is, its verdict, its result
/// and the claims judged.
fn write_headline(out: &mut String, g: &GameReport, language: Language) {
    let verdict = match g.status {
        Status::Legal => "verdict-legal",
        Status::Illegal => "verdict-illegal",
        Status::WrongClaim => "verdict-wrong-claim",
        Status::UnreadableClaim => "verdict-unreadable-claim",
        Status::Unusable => "verdict-unusable",
    };
    let what = g.what.words(language);
    let head = say(
        language,
        "game-head",
        &[
            ("game", Arg::Count(g.game)),
            ("line", Arg::Count(g.line as usize)),
            ("what", Arg::Text(&what)),
            ("moves", Arg::Count(g.moves)),
            ("verdict", Arg::Text(&say(language, verdict, &[]))),
        ],
    );
    let _ = write!(out, "{}: {head}", g.file);
    match &g.result {
        Some(r) => {
            let _ = write!(out, "; {}", result_words(r, language));
        }
        // The replay went on past an illegal move: where it ends is no
        // result of the game.
        None if g.status == Status::Illegal => {
            let _ = write!(out, "; {}", say(language, "no-result", &[]));
        }
        None => {}
    }
    for c in &g.claims {
        let verdict = match (c.readable, c.judged, c.right) {
            (false, ..) => "unreadable",
            (true, false, _) => "unjudged",
            (true, true, true) => "right",
            (true, true, false) => "wrong",
        };
        let claim = say(
            language,
            "claim",
            &[
                ("tag", Arg::Text(&c.tag)),
                ("claimed", Arg::Text(&c.claimed)),
                ("verdict", Arg::Text(verdict)),
            ],
        );
        let _ = write!(out, "; {claim}");
    }
    out.push('\n');
}

/// A game's result in `language`, as the head line gives it: `X (Sara)
/// won`, `drawn by agreement`, `unfinished (abandoned)`; in English
/// [`GameResult`]'s own words.
fn result_words(r: &GameResult, language: Language) -> String {
    let how = match r.termination {
        Some(Termination::Resignation) => say(language, "how-resignation", &[]),
        Some(Termination::Agreement) => say(language, "how-agreement", &[]),
        Some(Termination::Time) => say(language, "how-time", &[]),
        Some(Termination::Abandoned) => say(language, "how-abandoned", &[]),
        None => String::new(),
    };
    let who = |w: &str| label(w, r.winner_name.as_deref());
    match (r.outcome, &r.winner) {
        (GameOutcome::Win, Some(w)) => say(
            language,
            "result-won",
            &[("who", Arg::Text(&who(w))), ("how", Arg::Text(&how))],
        ),
        (GameOutcome::SharedWin, Some(w)) => say(
            language,
            "result-shared",
            &[("who", Arg::Text(&who(w))), ("how", Arg::Text(&how))],
        ),
        (GameOutcome::Draw, _) => say(language, "ended-drawn", &[("how", Arg::Text(&how))]),
        _ => match r.termination {
            Some(t) => say(
                language,
                "ended-unfinished-stopped",
                &[("termination", Arg::Text(t.word()))],
            ),
            None => say(language, "ended-unfinished", &[]),
        },
    }
}

/// The scores of an SOS game, and the lines each player scored with.
fn write_scores(out: &mut String, g: &GameReport, language: Language) {
    if !g.scores.is_empty() {
        let scores: Vec<String> = g
            .scores
            .iter()
            .map(|s| format!("{} {}", label(&s.player, s.name.as_deref()), s.score))
            .collect();
        let scores = scores.join(", ");
        let _ = writeln!(
            out,
            "  {}",
            say(language, "scores", &[("scores", Arg::Text(&scores))])
        );
        for s in &g.scores {
            let lines: Vec<String> = g
                .lines
                .iter()
                .filter(|l| l.player == s.player)
                .map(|l| l.cells.join("-"))
                .collect();
            if !lines.is_empty() {
                let lines = lines.join(" ");
                let by = say(
                    language,
                    "sos-by",
                    &[
                        ("player", Arg::Text(&s.player)),
                        ("lines", Arg::Text(&lines)),
                    ],
                );
                let _ = writeln!(out, "  {by}");
            }
        }
    }
}

/// `FILE: game N: and M more errors`, when some were left out.
fn more_line(g: &GameReport, more: usize, id: &str, language: Language) -> String {
    if more == 0 {
        return String::new();
    }
    let words = say(
        language,
        id,
        &[("game", Arg::Count(g.game)), ("count", Arg::Count(more))],
    );
    format!("{}: {words}\n", g.file)
}

/// `FILE:LINE:COL: not a record: reason`.
pub(crate) fn file_error_line(file: &str, e: &FileError) -> String {
    file_error_line_in(file, e, Language::En)
}

/// [`file_error_line`] in `language`.
pub(crate) fn file_error_line_in(file: &str, e: &FileError, language: Language) -> String {
    e.diagnostic(file, language).line_in(language)
}

/// Counts over all games.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize)]
pub struct Summary {
    /// Files read.
    pub files: usize,
    /// Files that are not records.
    pub unreadable_files: usize,
    /// Files that could not be read at all (no such file, not a regular
    /// file, too large): errors of the run, not records.
    pub unread_files: usize,
    /// Games checked.
    pub games: usize,
    /// Games with every move legal and every claim right.
    pub legal: usize,
    /// Games with an illegal move.
    pub illegal: usize,
    /// Games with legal moves but a wrong claim.
    pub wrong_claim: usize,
    /// Games with legal moves but a claim that cannot be read.
    pub unreadable_claim: usize,
    /// Games whose tags or text could not be used.
    pub unusable: usize,
}

impl Summary {
    /// Counts one file, and the error of its own it had: a file that is not
    /// a record, or one that could not be read at all.
    pub fn add_file(&mut self, error: Option<&FileError>) {
        self.files += 1;
        match error {
            Some(e) if e.at.is_none() => self.unread_files += 1,
            Some(_) => self.unreadable_files += 1,
            None => {}
        }
    }

    /// Counts one game.
    pub fn add_game(&mut self, g: &GameReport) {
        self.games += 1;
        match g.status {
            Status::Legal => self.legal += 1,
            Status::Illegal => self.illegal += 1,
            Status::WrongClaim => self.wrong_claim += 1,
            Status::UnreadableClaim => self.unreadable_claim += 1,
            Status::Unusable => self.unusable += 1,
        }
    }

    /// The exit status: 2 if any file cannot be read or is not a record or
    /// any game cannot be checked, else 1 if any game is illegal or has a
    /// wrong or unreadable claim, else 0.
    pub fn exit_status(&self) -> u8 {
        if self.unreadable_files > 0 || self.unread_files > 0 || self.unusable > 0 {
            2
        } else if self.legal < self.games {
            1
        } else {
            0
        }
    }
}

/// Counts the games of `files`.
pub(crate) fn summary(files: &[FileCheck]) -> Summary {
    let mut s = Summary::default();
    for f in files {
        s.add_file(f.error.as_ref());
        for g in &f.games {
            s.add_game(&g.report);
        }
    }
    s
}

/// The summary line.
pub(crate) fn summary_line(s: &Summary) -> String {
    summary_line_in(s, Language::En)
}

/// [`summary_line`] in `language`.
pub(crate) fn summary_line_in(s: &Summary, language: Language) -> String {
    let count = |n: usize| [("count", Arg::Count(n))];
    let mut line = say(
        language,
        "summary",
        &[
            ("games", Arg::Count(s.games)),
            ("legal", Arg::Count(s.legal)),
            ("illegal", Arg::Count(s.illegal)),
            ("wrong", Arg::Count(s.wrong_claim)),
        ],
    );
    for (n, id) in [
        (s.unreadable_claim, "summary-unreadable-claim"),
        (s.unusable, "summary-unusable"),
        (s.unreadable_files, "summary-not-records"),
        (s.unread_files, "summary-unread"),
    ] {
        if n > 0 {
            line.push_str(&say(language, id, &count(n)));
        }
    }
    line
}

/// The whole text report.
pub(crate) fn text_report(files: &[FileCheck]) -> String {
    text_report_in(files, Language::En)
}

/// [`text_report`] in `language`.
pub(crate) fn text_report_in(files: &[FileCheck], language: Language) -> String {
    let mut out = String::new();
    for f in files {
        if let Some(e) = &f.error {
            out += &file_error_line_in(&f.file, e, language);
            out.push('\n');
        }
        for g in &f.games {
            write_game_text_in(&mut out, &g.report, language);
        }
    }
    out += &summary_line_in(&summary(files), language);
    out.push('\n');
    out
}

/// One file's entry in the JSON report.
#[derive(Debug, Clone, Serialize)]
pub struct JsonFile {
    /// The file as named.
    pub file: String,
    /// Its own error, if any.
    pub error: Option<FileError>,
}

/// A file as the JSON report writes it.
#[derive(Serialize)]
struct FileOut<'a> {
    file: &'a str,
    error: Option<ErrorOut<'a>>,
}

/// A file's error, with its `says` in another language than English.
#[derive(Serialize)]
struct ErrorOut<'a> {
    #[serde(flatten)]
    error: &'a FileError,
    #[serde(skip_serializing_if = "Option::is_none")]
    says: Option<String>,
}

/// The JSON report written piece by piece: [`JsonStream::start`], then
/// [`JsonStream::game`] for each game as it is checked, then
/// [`JsonStream::end`]. Together they make one JSON document.
#[derive(Debug, Default)]
pub struct JsonStream {
    games: usize,
    /// The language of the suggestions' `says` (English unless asked).
    language: Language,
}

impl JsonStream {
    /// A report whose suggestions' `says` is in `language` (the rest of
    /// the document is for scripts and stays as it is).
    pub fn in_language(language: Language) -> JsonStream {
        JsonStream { games: 0, language }
    }

    /// The document's opening.
    pub fn start(&mut self) -> String {
        format!(
            "{{\"version\": \"{}\", \"games\": [\n",
            env!("CARGO_PKG_VERSION")
        )
    }

    /// One game, on a line of its own.
    pub fn game(&mut self, g: &GameReport) -> String {
        let mut out = Vec::new();
        self.write_game(&mut out, g);
        String::from_utf8(out).unwrap_or_else(|_| "null".into())
    }

    /// Appends one game, as [`JsonStream::game`] gives it, to `out`: a
    /// report of many games writes them all into one buffer.
    pub fn write_game(&mut self, out: &mut Vec<u8>, g: &GameReport) {
        if self.games > 0 {
            out.extend_from_slice(b",\n");
        }
        self.games += 1;
        json::write_game_in(out, g, self.language);
    }

    /// The files, summary and exit status, and the document's end. In
    /// another language than English, a file's error has its `says`.
    pub fn end(&mut self, files: &[JsonFile], summary: &Summary) -> String {
        let newline = if self.games == 0 { "" } else { "\n" };
        let files: Vec<FileOut<'_>> = files
            .iter()
            .map(|f| FileOut {
                file: &f.file,
                error: f.error.as_ref().map(|error| ErrorOut {
                    error,
                    says: (self.language != Language::En).then(|| error.says(self.language)),
                }),
            })
            .collect();
        format!(
            "{newline}],\n\"files\": {},\n\"summary\": {},\n\"exit\": {}}}\n",
            to_json(&files),
            to_json(summary),
            summary.exit_status()
        )
    }
}

/// The whole report as one JSON document.
pub(crate) fn json_report(files: &[FileCheck]) -> String {
    let mut stream = JsonStream::default();
    let mut out = stream.start();
    for g in files.iter().flat_map(|f| &f.games) {
        out += &stream.game(&g.report);
    }
    let listed: Vec<JsonFile> = files
        .iter()
        .map(|f| JsonFile {
            file: f.file.clone(),
            error: f.error.clone(),
        })
        .collect();
    out += &stream.end(&listed, &summary(files));
    out
}
