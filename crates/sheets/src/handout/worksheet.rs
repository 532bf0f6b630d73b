//! Worksheet pages and the answer key: each exercise a heading, its
//! question and a diagram of the position, laid out in a grid of equal
//! blocks; the key repeats the diagrams with the answers drawn in (allowed
//! cells shaded, SOS lines struck through).

use super::exercises::{Exercise, SosExercise, WhereExercise, sos_position};
use super::from_games::WinExercise;
use super::pages::Frame;
use crate::boards::nested::NestedGrid;
use crate::boards::sos::{SosGrid, strike_lines};
use crate::display::{Color, FontWeight, Page, Point, Rect, Stroke, TextStyle};
use crate::fonts::ascent;
use crate::games::GameKind;
use crate::games::sos::player_letter;
use crate::games::ttt::{Move, Ruleset};
use crate::setup::GameSetup;
use crate::texts::{Texts, fill};
use crate::wrap::wrap;

/// The fill of the cells a key shows as allowed (each also gets a dot, which
/// a black-and-white copy keeps when it drops the grey).
pub(crate) const SHADE: Color = Color::grey(0xb4);
/// The ink of the letter a SOS question asks about: grey, but dark enough
/// for a copier (64 % black); the dashed frame marks it too.
const ASKED: Color = Color::grey(0x5c);
/// The ink of the SOS lines on the answer key: dark enough to survive a
/// copy (75 % black), lighter than the black letters drawn over it.
pub(crate) const KEY_LINE: Color = Color::grey(0x40);
const HEADING: f64 = 3.6;
const QUESTION: f64 = 3.3;
const LEADING: f64 = 1.35;
const BLOCK_GAP: f64 = 8.0;

/// The board drawn for one exercise, and where.
#[derive(Debug, Clone, Copy)]
pub(crate) enum Diagram {
    /// A tic-tac-toe family grid with its top-left corner.
    Nested(NestedGrid, Point),
    /// An SOS grid with the top-left corner of its labels.
    Sos(SosGrid, Point),
}

/// Where an exercise's diagram is drawn on a page of the document (what the
/// answer-key tests read the key back by).
#[derive(Debug, Clone, Copy)]
#[cfg_attr(not(test), expect(dead_code, reason = "read by the answer-key tests"))]
pub(crate) struct Placement {
    /// The page index in the document, from 0.
    pub page: usize,
    /// The diagram's geometry and position.
    pub diagram: Diagram,
}

/// The diagram of `ex` with `cell` mm cells, top-left at the origin.
fn diagram(ex: &Exercise, cell: f64) -> Diagram {
    let origin = Point::new(0.0, 0.0);
    match ex {
        Exercise::Where(_) | Exercise::Win(_) if depth(ex) == 3 => Diagram::Nested(
            NestedGrid {
                depth: 3,
                cell,
                lead: 1.2 * cell,
                gap: 0.9 * cell,
                head: 0.9 * cell,
            },
            origin,
        ),
        Exercise::Where(_) | Exercise::Win(_) => {
            Diagram::Nested(NestedGrid::new(depth(ex), cell), origin)
        }
        Exercise::Sos(s) => Diagram::Sos(
            SosGrid {
                width: s.config.width(),
                height: s.config.height(),
                cell,
            },
            origin,
        ),
    }
}

/// The levels of an exercise's board (0 for SOS).
fn depth(ex: &Exercise) -> usize {
    match ex {
        Exercise::Where(w) => w.setup.depth().unwrap_or(0),
        Exercise::Win(w) => w.setup.depth().unwrap_or(0),
        Exercise::Sos(_) => 0,
    }
}

impl Diagram {
    fn size(&self) -> (f64, f64) {
        match self {
            Diagram::Nested(g, _) => g.size(),
            Diagram::Sos(g, _) => g.size(),
        }
    }
    fn at(self, p: Point) -> Diagram {
        match self {
            Diagram::Nested(g, _) => Diagram::Nested(g, p),
            Diagram::Sos(g, _) => Diagram::Sos(g, p),
        }
    }
}

/// How much smaller than their preferred size diagrams may be made to fit
/// one more row of exercises on a page.
const SHRINK_AT_MOST: f64 = 0.85;

/// The smallest cell whose diagram's labels are still 6 pt: the row numbers
/// of a Strategic diagram (0.62 of a cell), the coordinates of an SOS grid.
fn legible_cell(ex: &Exercise) -> f64 {
    let six_pt = crate::display::pt_to_mm(6.0);
    match ex {
        Exercise::Where(_) | Exercise::Win(_) if depth(ex) == 3 => six_pt / 0.62,
        Exercise::Where(_) | Exercise::Win(_) => 0.0,
        Exercise::Sos(_) => six_pt / 0.42,
    }
}

/// The largest cell (up to the kind's preferred size) whose diagram fits `w` × `h`.
fn fit_cell(ex: &Exercise, w: f64, h: f64) -> f64 {
    let preferred = match ex {
        Exercise::Where(_) | Exercise::Win(_) if depth(ex) == 3 => 3.8,
        Exercise::Where(_) | Exercise::Win(_) if depth(ex) == 1 => 12.0,
        Exercise::Where(_) | Exercise::Win(_) => 6.5,
        Exercise::Sos(_) => 9.0,
    };
    // Diagram extents grow linearly with the cell (labels nearly so): scale
    // from the preferred size, then step down until it fits.
    let mut cell = preferred;
    while cell > 1.0 {
        let (dw, dh) = diagram(ex, cell).size();
        if dw <= w && dh <= h {
            break;
        }
        cell -= 0.05;
    }
    cell
}

fn question(ex: &Exercise, texts: &Texts) -> Vec<String> {
    match ex {
        Exercise::Where(w) => {
            let player = w.to_move.to_string();
            let mut lines = vec![fill(&texts.question_where, &[("player", &player)])];
            lines.extend(last_move(&w.moves, w.to_move, texts));
            lines
        }
        Exercise::Win(w) => win_question(w, texts),
        Exercise::Sos(s) => vec![fill(
            &texts.question_sos,
            &[
                ("player", &player_letter(s.player).to_string()),
                ("letter", &s.question.letter.to_string()),
                ("cell", &s.question.cell.to_string()),
            ],
        )],
    }
}

fn answer(ex: &Exercise, texts: &Texts) -> String {
    match ex {
        Exercise::Where(w) => fill(
            &texts.answer_where,
            &[("count", &w.allowed.len().to_string())],
        ),
        Exercise::Sos(s) => fill(&texts.answer_sos, &[("count", &s.made.len().to_string())]),
        Exercise::Win(w) => fill(
            &texts.answer_win,
            &[
                ("move", &w.answer.to_string()),
                ("line", &moves_text(&w.line)),
            ],
        ),
    }
}

/// Moves as a line of text: `3.1 5.5 1.2`.
fn moves_text(moves: &[Move]) -> String {
    moves
        .iter()
        .map(Move::to_string)
        .collect::<Vec<_>>()
        .join(" ")
}

/// "O to play and win in two moves", where the position comes from, and
/// the move before it.
fn win_question(w: &WinExercise, texts: &Texts) -> Vec<String> {
    let player = w.to_move.to_string();
    let asked = texts
        .question_win
        .get(usize::from(w.win_in) - 1)
        .unwrap_or(&texts.question_win[0]);
    // The players' names are names, in no language: beside the number.
    let game = match &w.from.names {
        [Some(x), Some(o)] => format!("{} ({x} – {o})", w.from.game),
        _ => w.from.game.to_string(),
    };
    // A record numbers a move of X and the reply of O together.
    let number = w.moves.len() / 2 + 1;
    let from = fill(
        &texts.from_game,
        &[
            ("game", &game),
            ("file", &w.from.file),
            ("move", &number.to_string()),
        ],
    );
    let mut lines = vec![fill(asked, &[("player", &player)]), from];
    lines.extend(last_move(&w.moves, w.to_move, texts));
    lines
}

/// "Last move: O at 9.7." before a position `to_move` is to play in.
fn last_move(moves: &[Move], to_move: crate::games::ttt::Mark, texts: &Texts) -> Option<String> {
    let last = moves.last()?;
    Some(fill(
        &texts.last_move,
        &[
            ("player", &to_move.other().to_string()),
            ("move", &last.to_string()),
        ],
    ))
}

/// The blank a student writes a count in: wide enough for two
/// handwritten digits at the question's size.
const BLANK: &str = "________";

/// Text lines of a block: the question's wrapped lines (and, for a count,
/// a line to write it on), or the answer.
fn block_lines(ex: &Exercise, texts: &Texts, key: bool, width: f64) -> Vec<String> {
    if key {
        return vec![answer(ex, texts)];
    }
    let mut lines: Vec<String> = question(ex, texts)
        .iter()
        .flat_map(|q| wrap(q, FontWeight::Regular, QUESTION, width))
        .collect();
    // A where-exercise is answered by shading its diagram; a count needs
    // a place of its own.
    if let Exercise::Sos(_) = ex {
        let blank = fill(&texts.answer_sos, &[("count", BLANK)]);
        lines.push(fill(&texts.answer_line, &[("answer", &blank)]));
    }
    lines
}

/// Lays out exercise blocks on pages under `header` mm of header. Returns
/// the pages and where each diagram went (page indices from `first_page`).
#[allow(clippy::too_many_arguments)]
pub(crate) fn pages(
    exercises: &[Exercise],
    texts: &Texts,
    frame: &Frame,
    header: f64,
    key: bool,
    first_page: usize,
    new_page: &dyn Fn() -> Page,
) -> (Vec<Page>, Vec<Placement>) {
    let content = frame.content(header);
    let rules_lines = rules_lines(exercises, texts, content.w);
    let rules_h = if rules_lines.is_empty() {
        0.0
    } else {
        rules_lines.len() as f64 * LEADING * QUESTION + 2.0
    };
    let area = Rect::new(
        content.x,
        content.y + rules_h,
        content.w,
        content.h - rules_h,
    );
    let grid = BlockGrid::new(exercises, texts, area);
    let mut out: Vec<Page> = Vec::new();
    let mut placements = Vec::new();
    for (i, ex) in exercises.iter().enumerate() {
        if i % grid.per_page == 0 {
            let mut page = new_page();
            let mut base = content.y + ascent(QUESTION);
            for line in &rules_lines {
                page.text_at(
                    Point::new(content.x, base),
                    TextStyle::new(QUESTION),
                    line.clone(),
                );
                base += LEADING * QUESTION;
            }
            out.push(page);
        }
        let page = out.last_mut().expect("a page");
        let diagram = grid.place(i, ex, texts, key, page);
        placements.push(Placement {
            page: first_page + out.len() - 1,
            diagram,
        });
    }
    (out, placements)
}

/// "Where may X play next?" depends on the rules: every page of such a
/// worksheet and its key starts by naming them, in these lines (none for
/// exercises that do not depend on them).
fn rules_lines(exercises: &[Exercise], texts: &Texts, width: f64) -> Vec<String> {
    exercises
        .iter()
        .find_map(|e| match e {
            Exercise::Where(w) => w.setup.options(),
            // Plain tic-tac-toe has no rule options to name.
            Exercise::Win(w) => w
                .setup
                .options()
                .filter(|_| w.setup.kind() != GameKind::TicTacToe),
            Exercise::Sos(_) => None,
        })
        .map(|o| {
            let line = fill(&texts.rules_in_force, &[("rules", &texts.rules_name(o))]);
            wrap(&line, FontWeight::Regular, QUESTION, width)
        })
        .unwrap_or_default()
}

/// The equal blocks exercises are laid out in: columns and rows of a page's
/// `area`, each block its text over its diagram.
struct BlockGrid {
    area: Rect,
    columns: u32,
    block_w: f64,
    block_h: f64,
    /// The height of a block's heading and question.
    text_h: f64,
    /// The cell of every diagram.
    cell: f64,
    per_page: usize,
}

impl BlockGrid {
    /// The blocks of `exercises` in `area`: as many rows as fit with the
    /// largest cell every diagram fits, or one row more with diagrams a
    /// little smaller when every label stays legible.
    fn new(exercises: &[Exercise], texts: &Texts, area: Rect) -> BlockGrid {
        // Strategic diagrams need the whole width to stay legible.
        let strategic = exercises.iter().any(|e| depth(e) == 3);
        let columns: u32 = if area.w >= 160.0 && !strategic { 2 } else { 1 };
        let block_w = (area.w - BLOCK_GAP * f64::from(columns - 1)) / f64::from(columns);
        let text_lines = exercises
            .iter()
            .map(|e| block_lines(e, texts, false, block_w).len().max(1))
            .max()
            .unwrap_or(1);
        let text_h = LEADING * HEADING + text_lines as f64 * LEADING * QUESTION + 2.0;
        // The cell of diagrams `rows` blocks of which fit a page's height.
        let cell_for = |rows: usize| {
            let block_h = (area.h + BLOCK_GAP) / rows as f64 - BLOCK_GAP;
            exercises
                .iter()
                .map(|e| fit_cell(e, block_w, block_h - text_h))
                .fold(f64::INFINITY, f64::min)
        };
        let block_height = |cell: f64| {
            text_h
                + exercises
                    .iter()
                    .map(|e| diagram(e, cell).size().1)
                    .fold(0.0, f64::max)
        };
        let rows_at = |cell: f64| {
            (((area.h + BLOCK_GAP) / (block_height(cell) + BLOCK_GAP)).floor() as usize).max(1)
        };
        let mut cell = cell_for(1);
        let mut rows = rows_at(cell);
        // One row more a page, with diagrams a little smaller, when that
        // keeps every label legible: half the pages for a worksheet whose
        // diagrams fill just over half a page.
        let smaller = cell_for(rows + 1);
        let legible = exercises.iter().map(legible_cell).fold(0.0, f64::max);
        if smaller >= SHRINK_AT_MOST * cell && smaller >= legible && exercises.len() > rows {
            cell = smaller;
            rows = rows_at(cell);
        }
        BlockGrid {
            area,
            columns,
            block_w,
            block_h: block_height(cell),
            text_h,
            cell,
            per_page: rows * columns as usize,
        }
    }

    /// Draws exercise `i` (its heading, its question or answer, its
    /// diagram) in its block of `page`; gives the diagram.
    fn place(&self, i: usize, ex: &Exercise, texts: &Texts, key: bool, page: &mut Page) -> Diagram {
        let slot = i % self.per_page;
        let columns = self.columns as usize;
        let x = self.area.x + (slot % columns) as f64 * (self.block_w + BLOCK_GAP);
        let y = self.area.y + (slot / columns) as f64 * (self.block_h + BLOCK_GAP);
        let heading = format!("{} {}", texts.exercise_label, i + 1);
        page.text_at(
            Point::new(x, y + ascent(HEADING)),
            TextStyle::new(HEADING).weight(FontWeight::Bold),
            heading,
        );
        let weight = if key {
            FontWeight::Bold
        } else {
            FontWeight::Regular
        };
        let mut base = y + LEADING * HEADING + ascent(QUESTION);
        for line in block_lines(ex, texts, key, self.block_w) {
            page.text_at(
                Point::new(x, base),
                TextStyle::new(QUESTION).weight(weight),
                line,
            );
            base += LEADING * QUESTION;
        }
        let d = diagram(ex, self.cell);
        let (dw, _) = d.size();
        let d = d.at(Point::new(x + (self.block_w - dw) / 2.0, y + self.text_h));
        draw(ex, d, key, page);
        d
    }
}

fn draw(ex: &Exercise, d: Diagram, key: bool, page: &mut Page) {
    match (ex, d) {
        (Exercise::Where(w), Diagram::Nested(g, o)) => draw_where(w, g, o, key, page),
        (Exercise::Sos(s), Diagram::Sos(g, o)) => draw_sos(s, g, o, key, page),
        (Exercise::Win(w), Diagram::Nested(g, o)) => {
            if key {
                page.rect(g.move_rect(o, w.answer), Some(SHADE), None);
            }
            draw_position(&w.setup, &w.moves, g, o, page);
            // The key's answer is the line's first number, in its shaded cell.
            if key {
                g.draw_numbered(o, &w.line, page);
            }
        }
        _ => unreachable!("diagram() matches the exercise"),
    }
}

fn draw_where(w: &WhereExercise, g: NestedGrid, o: Point, key: bool, page: &mut Page) {
    if key {
        for &mv in &w.allowed {
            let cell = g.move_rect(o, mv);
            page.rect(cell, Some(SHADE), None);
            page.items.push(crate::display::Item::Circle {
                center: cell.centre(),
                radius: 0.14 * cell.w,
                fill: Some(Color::BLACK),
                stroke: None,
            });
        }
    }
    draw_position(&w.setup, &w.moves, g, o, page);
}

/// The grid, its labels and the marks of `moves`, the last one framed.
fn draw_position(setup: &GameSetup, moves: &[Move], g: NestedGrid, o: Point, page: &mut Page) {
    g.draw_lines(o, page);
    if let Some(Ruleset::Functional(map)) = setup.ruleset() {
        g.draw_row_numbers(o, map, page);
    }
    g.draw_st_labels(o, page);
    let mut game = setup
        .ttt_game()
        .expect("exercises are of the tic-tac-toe family");
    for &mv in moves {
        let mark = game.to_move();
        game.play(mv).expect("exercise moves are legal");
        g.draw_mark(o, mv, mark, page);
    }
    // The last move, which decides where the next one goes, gets a frame.
    if let Some(&last) = moves.last() {
        let stroke = Stroke::solid((0.14 * g.cell).clamp(0.3, 0.7)).with_color(Color::grey(0x30));
        frame_inside(page, g.move_rect(o, last), 0.08, stroke);
    }
}

fn draw_sos(s: &SosExercise, g: SosGrid, o: Point, key: bool, page: &mut Page) {
    g.draw(o, page);
    if key {
        // Under the letters, each SOS its own line (see `strike_lines`), so
        // the answer can be counted on the key and on a copy of it.
        strike_lines(
            page,
            &s.made,
            |c| g.cell_centre(o, c),
            g.cell,
            |_, width| Stroke::solid(width).with_color(KEY_LINE),
        );
    }
    for (row, letters) in sos_position(s).iter().enumerate() {
        for (col, letter) in letters.iter().enumerate() {
            if let Some(l) = letter {
                let cell = crate::games::sos::Cell {
                    col: col as u8,
                    row: row as u8,
                };
                g.draw_letter(o, cell, *l, Color::BLACK, page);
            }
        }
    }
    let q = g.cell_rect(o, s.question.cell);
    let dashed = Stroke {
        width: 0.4,
        color: Color::BLACK,
        dash: Some((0.8, 0.6)),
    };
    frame_inside(page, q, 0.1, dashed);
    let color = if key { Color::BLACK } else { ASKED };
    g.draw_letter(o, s.question.cell, s.question.letter, color, page);
}

/// Outlines `cell` inset by `fraction` of its side, so the frame stays clear
/// of the grid lines.
fn frame_inside(page: &mut Page, cell: Rect, fraction: f64, stroke: Stroke) {
    page.rect(cell.inset(fraction * cell.w), None, Some(stroke));
}
