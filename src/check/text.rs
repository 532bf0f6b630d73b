//! The checker's output: text for people, one JSON document for scripts.

use std::fmt::Write;

use serde::Serialize;

use super::replay::label;
use super::{CheckError, FileCheck, FileError, GameReport, Status};

/// `FILE:LINE:COL: move N (PLAYER) TEXT: reason`, or for a tag
/// `FILE:LINE:COL: [Tag "value"]: reason`.
pub(crate) fn error_line(file: &str, e: &CheckError) -> String {
    let what = match (&e.move_number, &e.player) {
        (Some(n), Some(p)) => format!("move {n} ({p}) {}", e.text),
        (Some(n), None) => format!("move {n} {}", e.text),
        _ => e.text.clone(),
    };
    if what.is_empty() {
        format!("{file}:{}:{}: {}", e.line, e.col, e.message)
    } else {
        format!("{file}:{}:{}: {what}: {}", e.line, e.col, e.message)
    }
}

/// The report on one game, as lines of text.
pub(crate) fn game_text(g: &GameReport) -> String {
    let mut out = String::new();
    let verdict = match g.status {
        Status::Legal => "legal",
        Status::Illegal => "ILLEGAL",
        Status::WrongClaim => "legal moves, WRONG CLAIM",
        Status::Unusable => "CANNOT BE CHECKED",
    };
    let rules = g
        .rules
        .as_ref()
        .map_or_else(String::new, |r| format!(", {r}"));
    let _ = write!(
        out,
        "{}: game {} (line {}, {}{rules}), {} move{}: {verdict}",
        g.file,
        g.game,
        g.line,
        g.description,
        g.moves,
        if g.moves == 1 { "" } else { "s" }
    );
    if let Some(r) = &g.result {
        let _ = write!(out, "; {r}");
    }
    for c in &g.claims {
        let _ = write!(
            out,
            "; claimed {} \"{}\" {}",
            c.tag,
            c.claimed,
            if c.right { "right" } else { "wrong" }
        );
    }
    out.push('\n');
    if !g.scores.is_empty() {
        let scores: Vec<String> = g
            .scores
            .iter()
            .map(|s| format!("{} {}", label(&s.player, s.name.as_deref()), s.score))
            .collect();
        let _ = writeln!(out, "  score: {}", scores.join(", "));
        for s in &g.scores {
            let lines: Vec<String> = g
                .lines
                .iter()
                .filter(|l| l.player == s.player)
                .map(|l| l.cells.join("-"))
                .collect();
            if !lines.is_empty() {
                let _ = writeln!(out, "  SOS by {}: {}", s.player, lines.join(" "));
            }
        }
    }
    for e in &g.errors {
        let _ = writeln!(out, "{}", error_line(&g.file, e));
        for line in super::repair::suggestion_lines(&e.suggestions) {
            let _ = writeln!(out, "{line}");
        }
    }
    out
}

/// `FILE:LINE:COL: not a record: reason`.
pub(crate) fn file_error_line(file: &str, e: &FileError) -> String {
    match e.at {
        Some(at) => format!("{file}:{}:{}: not a record: {}", at.line, at.col, e.message),
        // Not read at all: there is no position to point at.
        None => format!("{file}: {}", e.message),
    }
}

/// Counts over all games.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize)]
pub(crate) struct Summary {
    /// Files read.
    pub files: usize,
    /// Files that are not records.
    pub unreadable_files: usize,
    /// Games checked.
    pub games: usize,
    /// Games with every move legal and every claim right.
    pub legal: usize,
    /// Games with an illegal move.
    pub illegal: usize,
    /// Games with legal moves but a wrong claim.
    pub wrong_claim: usize,
    /// Games whose tags could not be used.
    pub unusable: usize,
}

/// Counts the games of `files`.
pub(crate) fn summary(files: &[FileCheck]) -> Summary {
    let mut s = Summary {
        files: files.len(),
        unreadable_files: files.iter().filter(|f| f.error.is_some()).count(),
        ..Summary::default()
    };
    for g in files.iter().flat_map(|f| &f.games) {
        s.games += 1;
        match g.report.status {
            Status::Legal => s.legal += 1,
            Status::Illegal => s.illegal += 1,
            Status::WrongClaim => s.wrong_claim += 1,
            Status::Unusable => s.unusable += 1,
        }
    }
    s
}

/// The summary line.
pub(crate) fn summary_line(s: &Summary) -> String {
    let mut line = format!(
        "{} game{} checked: {} legal, {} illegal, {} with a wrong claim",
        s.games,
        if s.games == 1 { "" } else { "s" },
        s.legal,
        s.illegal,
        s.wrong_claim
    );
    if s.unusable > 0 {
        let _ = write!(line, ", {} that cannot be checked", s.unusable);
    }
    if s.unreadable_files > 0 {
        let _ = write!(line, "; {} file(s) not a record", s.unreadable_files);
    }
    line
}

/// The whole text report.
pub fn text_report(files: &[FileCheck]) -> String {
    let mut out = String::new();
    for f in files {
        if let Some(e) = &f.error {
            out += &file_error_line(&f.file, e);
            out.push('\n');
        }
        for g in &f.games {
            out += &game_text(&g.report);
        }
    }
    out += &summary_line(&summary(files));
    out.push('\n');
    out
}

#[derive(Serialize)]
struct JsonFile<'a> {
    file: &'a str,
    error: Option<&'a FileError>,
}

#[derive(Serialize)]
struct JsonReport<'a> {
    files: Vec<JsonFile<'a>>,
    games: Vec<&'a GameReport>,
    summary: Summary,
    exit: u8,
}

/// The whole report as one JSON document.
pub fn json_report(files: &[FileCheck]) -> String {
    let doc = JsonReport {
        files: files
            .iter()
            .map(|f| JsonFile {
                file: &f.file,
                error: f.error.as_ref(),
            })
            .collect(),
        games: files
            .iter()
            .flat_map(|f| &f.games)
            .map(|g| &g.report)
            .collect(),
        summary: summary(files),
        exit: super::exit_status(files),
    };
    let mut s = serde_json::to_string_pretty(&doc).expect("a report always serialises");
    s.push('\n');
    s
}
