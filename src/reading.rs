//! A game read from photos, judged: the JSON entry and the exit status
//! that `paperboard read --json` prints and the web page's read route
//! answers. It sits beside `cli` and `web`, which are siblings that do not
//! import each other, so that both give the same entries.
//!
//! A photo not read, or a game whose sheets could not be decoded, is an
//! [`Unread`]: the reader's refusal as its diagnostic, in English for
//! scripts and in the report's language for people, named by the photo.
//! Its JSON entry and its line of text are made here and nowhere else.

use paperboard_games::check::FileCheck;
use paperboard_games::games::ttt::Mark;
use paperboard_games::source::Diagnostic;
use paperboard_sheets::language::Language;
use paperboard_sheets::read::DecodeError;
use paperboard_sheets::read::position::Position;
use paperboard_sheets::read::sheet::{GameRead, ReadError};

/// A photo (a PDF's page) not read as a sheet, or a sheet whose game
/// could not be decoded, with why.
pub struct Unread {
    /// The photo's name (`scan.pdf#page=2`; the photos of a game not
    /// decoded, `a.jpg + b.jpg`).
    pub image: String,
    /// The code of the sheet on it, when the sheet was read.
    pub sheet: Option<String>,
    /// Why, in English: `error` in the JSON, which scripts read.
    pub english: Diagnostic,
    /// Why, in the report's language: `says` in the JSON, and the text
    /// report's line.
    pub said: Diagnostic,
}

impl Unread {
    /// The photo `image`, refused as `e` says.
    pub fn photo(image: &str, e: &ReadError, language: Language) -> Unread {
        Unread::of(image, None, |l| e.diagnostic(l), language)
    }

    /// The sheet `sheet` on `image`, whose game could not be decoded.
    pub fn game(image: &str, sheet: &str, e: &DecodeError, language: Language) -> Unread {
        Unread::of(image, Some(sheet), |l| e.diagnostic(l), language)
    }

    /// `image` refused for why `diagnostic` says in a language.
    pub fn of(
        image: &str,
        sheet: Option<&str>,
        diagnostic: impl Fn(Language) -> Diagnostic,
        language: Language,
    ) -> Unread {
        let english = diagnostic(Language::En);
        let said = if language == Language::En {
            english.clone()
        } else {
            diagnostic(language)
        };
        Unread {
            image: image.to_string(),
            sheet: sheet.map(str::to_string),
            english,
            said,
        }
    }

    /// The refusal's stable code (`two-sheets`), without the diagnostic's
    /// `paperboard::read::`.
    pub fn code(&self) -> &str {
        let code = self.english.code.as_deref().unwrap_or_default();
        code.strip_prefix("paperboard::read::").unwrap_or(code)
    }

    /// Its entry in `unread`: the photo, the sheet if read, why in English
    /// (`error`) and in the report's language (`says`), the code, and the
    /// part of the sheet at fault (`key`) when there is one.
    pub fn json(&self) -> serde_json::Value {
        let mut entry = serde_json::json!({
            "image": self.image, "error": self.english.message, "code": self.code(),
            "says": self.said.message,
        });
        if let Some(sheet) = &self.sheet {
            entry["sheet"] = sheet.as_str().into();
        }
        if let Some(key) = &self.said.key {
            entry["key"] = key.as_str().into();
        }
        entry
    }

    /// Its line in the report's language: `IMAGE: why`.
    pub fn line(&self) -> String {
        format!("{}: {}", self.image, self.said.message)
    }

    /// [`Unread::line`] in English.
    pub fn english_line(&self) -> String {
        format!("{}: {}", self.image, self.english.message)
    }
}

/// One game read, judged: the entry `read --json` prints for it, and the
/// exit status it asks for (0: read and legal; 1: a doubtful move or cell,
/// an illegal game or a wrong claim; 2: not decoded). The web's read route
/// answers the same entries, each move with the moves that could stand
/// there instead (`alternatives`), so the two cannot drift apart.
pub struct Judged {
    /// The game's JSON entry.
    pub entry: serde_json::Value,
    /// The exit status it asks for.
    pub status: u8,
    /// The check of its record (none for a position or a game not decoded).
    pub checked: Option<FileCheck>,
    /// The game's name in messages: the photos it was read from, and the
    /// board of a page of several.
    pub label: String,
}

/// Judges the game read from the sheets named `label`, the first of which
/// has the code `sheet`.
pub fn judge(
    label: &str,
    sheet: &str,
    result: &Result<GameRead, DecodeError>,
    alternatives: bool,
) -> Judged {
    let game = match result {
        Ok(g) => g,
        Err(e) => {
            return Judged {
                entry: Unread::game(label, sheet, e, Language::En).json(),
                status: 2,
                checked: None,
                label: label.to_string(),
            };
        }
    };
    if let Some(position) = &game.position {
        let label = match game.board {
            Some(board) => format!("{label}, board {board}"),
            None => label.to_string(),
        };
        let mut entry = position_json(position);
        entry["image"] = label.clone().into();
        entry["sheet"] = sheet.into();
        if let Some(board) = game.board {
            entry["board"] = board.into();
        }
        return Judged {
            entry,
            status: u8::from(position.doubtful() > 0 || position.problem.is_some()),
            checked: None,
            label,
        };
    }
    let checked = FileCheck::of_game(label, game.game.clone());
    let check: serde_json::Value = checked
        .games
        .first()
        .map(|g| serde_json::to_value(&g.report).unwrap_or_default())
        .unwrap_or_default();
    let doubtful = game.moves.iter().any(|m| m.uncertain);
    let status = checked.exit_status().max(u8::from(doubtful));
    Judged {
        entry: serde_json::json!({
            "image": label,
            "sheet": sheet,
            "moves": moves_json(game, alternatives),
            "record": game.record,
            "check": check,
        }),
        status,
        checked: Some(checked),
        label: label.to_string(),
    }
}

/// The moves of a game read, as JSON: each move's text, confidence and
/// doubt, and with `alternatives` the moves that could stand there instead.
fn moves_json(game: &GameRead, alternatives: bool) -> Vec<serde_json::Value> {
    game.moves
        .iter()
        .enumerate()
        .map(|(i, m)| {
            let mut entry = serde_json::json!({
                "text": m.mv.to_string(),
                "confidence": rounded(m.confidence),
                "uncertain": m.uncertain,
            });
            if alternatives {
                let offered: Vec<serde_json::Value> = game
                    .alternatives
                    .get(i)
                    .into_iter()
                    .flatten()
                    .map(|a| serde_json::json!({"text": a.mv.to_string(), "probability": rounded(a.probability)}))
                    .collect();
                entry["alternatives"] = offered.into();
            }
            entry
        })
        .collect()
}

/// A probability or confidence to three places, as the JSON reports give it.
pub fn rounded(p: f64) -> f64 {
    (p * 1000.0).round() / 1000.0
}

/// A position read from a field alone, as JSON: every cell, the counts,
/// who is to move, the boards' and the game's state, and the summary.
fn position_json(position: &Position) -> serde_json::Value {
    let mark = |m: Option<Mark>| match m {
        Some(Mark::X) => serde_json::json!("X"),
        Some(Mark::O) => serde_json::json!("O"),
        None => serde_json::Value::Null,
    };
    let cells: Vec<serde_json::Value> = position
        .cells
        .iter()
        .map(|c| {
            serde_json::json!({
                "cell": c.cell.to_string(),
                "mark": mark(c.mark),
                "confidence": rounded(f64::from(c.confidence)),
                "uncertain": c.uncertain,
            })
        })
        .collect();
    let boards: Vec<&str> = position.boards.iter().map(|b| b.word()).collect();
    serde_json::json!({
        "moves": [],
        "position": {
            "cells": cells,
            "x": position.counts.0,
            "o": position.counts.1,
            "to_move": mark(position.to_move),
            "boards": boards,
            "outcome": position.outcome.word(),
            "problem": position.problem,
            "text": position.summary(),
        },
    })
}
