//! The words over a diagram, in the language asked for: which game of which
//! file, its verdict and result and the rules it was judged under, wrapped
//! to the width they have (never shrunk under 6 pt), and the legend of won
//! and drawn fields.

use std::path::Path;

use super::style::{self, field_look};
use crate::check::{GameOutcome, GameReport, GameResult, Status, replay};
use crate::display::{Color, FontWeight, Page, Point, Rect, TextStyle};
use crate::fonts::{ascent, text_width};
use crate::games::ttt::{Decided, Draws, FieldState, Mark, NoReturn, Options};
use crate::texts::{DiagramTexts, Texts, fill};
use crate::wrap::wrap;

/// Size of the caption's first line (which game), mm: 8 pt.
pub(super) const HEADING: f64 = 2.85;
/// Size of the other lines and the legend, mm: 7.5 pt.
pub(super) const BODY: f64 = 2.65;
/// Line pitch, as a multiple of the size.
const LEADING: f64 = 1.3;

/// The file's name without its folders: a caption names `game.txt`, not
/// the whole path it was given as.
pub(super) fn file_name(file: &str) -> String {
    Path::new(file)
        .file_name()
        .map_or_else(|| file.to_string(), |n| n.to_string_lossy().into_owned())
}

/// `X (Anna) won`, `drawn`, … in the language.
fn result_text(r: &GameResult, d: &DiagramTexts) -> String {
    let who = || {
        let letter = r.winner.as_deref().unwrap_or("?");
        let name = r
            .winner_name
            .as_deref()
            .map(|n| super::shown(n, super::NAME_SHOWN));
        replay::label(letter, name.as_deref())
    };
    match r.outcome {
        GameOutcome::Win => fill(&d.won, &[("player", &who())]),
        GameOutcome::SharedWin => fill(&d.shared_win, &[("player", &who())]),
        GameOutcome::Draw => d.drawn.clone(),
        GameOutcome::Unfinished => d.unfinished.clone(),
    }
}

/// The rules a game was judged under, named in the language.
fn rules_text(r: &GameReport, t: &Texts) -> Option<String> {
    let o = r.options?;
    let options = Options {
        draws: Draws::parse(o.draws).ok()?,
        decided: Decided::parse(o.decided).ok()?,
        no_return: NoReturn::parse(o.no_return).ok()?,
    };
    Some(fill(
        &t.rules_in_force,
        &[("rules", &t.rules_name(options))],
    ))
}

/// The verdict, the result and the rules: `moves: 81; all moves legal;
/// final position: X (Anna) won. Rules in force: the authors' rules.`
pub(super) fn verdict(r: &GameReport, t: &Texts) -> String {
    let d = &t.diagram;
    let status = match r.status {
        Status::Legal => &d.legal,
        Status::Illegal => &d.illegal,
        Status::WrongClaim => &d.wrong_claim,
        Status::UnreadableClaim => &d.unreadable_claim,
        Status::Unusable => &d.unusable,
    };
    let moves = fill(&d.moves, &[("count", &r.moves.to_string())]);
    let mut text = format!("{moves}; {status}");
    if let Some(result) = &r.result {
        let result = fill(&d.final_position, &[("result", &result_text(result, d))]);
        text = format!("{text}; {result}");
    }
    match rules_text(r, t) {
        Some(rules) => format!("{text}. {rules}"),
        None => text,
    }
}

/// The caption's lines saying which position is shown, when not the
/// final one: `Position after move 12 of 40.` and the illegal move drawn
/// apart, `Move 13, X 5.2.1: illegal, in the dashed frame.`
pub(super) fn cut_lines(cut: Option<&super::at::Cut>, d: &DiagramTexts) -> Vec<String> {
    let Some(cut) = cut else {
        return Vec::new();
    };
    let mut lines = vec![fill(
        &d.at_move,
        &[
            ("move", &cut.shown.to_string()),
            ("count", &cut.total.to_string()),
        ],
    )];
    if let Some(m) = &cut.illegal {
        lines.push(fill(
            &d.illegal_move,
            &[
                ("move", &m.number.to_string()),
                ("player", &super::shown(&m.player, super::NAME_SHOWN)),
                ("text", &super::shown(&m.text, super::NAME_SHOWN)),
            ],
        ));
    }
    if let Some(m) = &cut.moment {
        lines.extend(m.lines.iter().cloned());
    }
    lines
}

/// `Game 1 of games.txt, line 5`.
pub(super) fn heading(r: &GameReport, d: &DiagramTexts) -> String {
    fill(
        &d.game,
        &[
            ("game", &r.game.to_string()),
            ("file", &file_name(&r.file)),
            ("line", &r.line.to_string()),
        ],
    )
}

/// `Game 1, line 5`, over one of several boards of a page.
pub(super) fn board_heading(r: &GameReport, d: &DiagramTexts) -> String {
    fill(
        &d.board,
        &[("game", &r.game.to_string()), ("line", &r.line.to_string())],
    )
}

/// Lines of text set top to bottom: each paragraph wrapped to a width.
#[derive(Debug, Clone, Default)]
pub(super) struct Block {
    lines: Vec<(String, f64, FontWeight)>,
}

impl Block {
    /// Adds `text` at `size` in `weight`, wrapped to `width` mm.
    pub(super) fn add(&mut self, text: &str, size: f64, weight: FontWeight, width: f64) {
        // The caption quotes the record (names, the file's name): what the
        // fonts lack is shown as `?`.
        let text = crate::fonts::printable(text);
        for line in wrap(&text, weight, size, width) {
            self.lines.push((line, size, weight));
        }
    }

    /// Height from the top of the first line to the last baseline's line
    /// pitch, mm.
    pub(super) fn height(&self) -> f64 {
        self.lines.iter().map(|(_, s, _)| LEADING * s).sum()
    }

    /// Sets the lines with the first line's top at `top`, from `x`.
    pub(super) fn draw(&self, page: &mut Page, x: f64, top: f64) {
        let mut y = top;
        for (line, size, weight) in &self.lines {
            let style = TextStyle::new(*size).weight(*weight);
            page.text_at(Point::new(x, y + ascent(*size)), style, line.clone());
            y += LEADING * size;
        }
    }
}

/// Height of the legend line, mm.
pub(super) fn legend_height() -> f64 {
    LEADING * BODY + 1.0
}

/// Draws the legend of decided fields from `x` with its top at `top`: a
/// sample of each look (fill and outline) and its words.
pub(super) fn draw_legend(page: &mut Page, d: &DiagramTexts, x: f64, top: f64) {
    let side = 1.45 * BODY;
    let mut x = x;
    let entries = [
        (FieldState::Won(Mark::X), &d.won_by_x),
        (FieldState::Won(Mark::O), &d.won_by_o),
        (FieldState::Drawn, &d.drawn_field),
    ];
    for (state, words) in entries {
        if let Some((fill, stroke)) = field_look(state, 0.45) {
            let sample = Rect::new(x, top, side, side);
            page.rect(sample, Some(fill), Some(crate::display::Stroke::solid(0.2)));
            style::outline_inside(page, sample, 0.5, stroke);
        }
        let base = top + side / 2.0 + crate::fonts::cap_height(BODY) / 2.0;
        let text_x = x + side + 1.2;
        page.text_at(
            Point::new(text_x, base),
            TextStyle::new(BODY).color(Color::BLACK),
            words.as_str(),
        );
        x = text_x + text_width(words, FontWeight::Regular, BODY) + 5.0;
    }
}
