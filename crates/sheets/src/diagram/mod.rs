//! The final position of checked games as a display list, for the SVG/PDF
//! backends: each game on its sheet exactly as `render` prints it, filled in
//! as the players would have it at the end, under a caption that names the
//! game (its file by name, not by path), its verdict, its result and the
//! rules it was judged under, in the language asked for.
//!
//! What a diagram adds is made to survive a black-and-white copy (see
//! [`crate::print`] and `style`): who won a field is told by its outline and
//! a badge, not by hue alone; the fills of the two players differ in grey;
//! nothing is drawn across the marks and digits of a won cell; SOS lines end
//! at the letters' centres and lie side by side where they meet (`sos`).
//! The caption stays inside the printable area, 7 mm from the page's edge,
//! and wraps rather than shrinks.
//!
//! Tic-tac-toe boards are small, so up to `TTT_PER_PAGE` consecutive games
//! of one file share a page, each board with its own caption; every other
//! game has a page of its own. [`Diagrams`] takes games one at a time and
//! hands back each page as soon as it is complete, so a long run holds at
//! most one page's games.

mod at;
mod caption;
mod moments;
mod sos;
mod style;
#[cfg(test)]
mod tests;
mod ttt;

use crate::check::{CheckedGame, Position};
use crate::display::{Anchor, Document, FontWeight, Metadata, Page, Point, Rect, TextStyle};
use crate::games::GameKind;
use crate::language::Language;
use crate::layout::{LayoutError, Sheet};
use crate::parts::write_in::WriteIn;
use crate::parts::{Blank, BoardSize, Part, PartGeometry};
use crate::record::{GameRecord, MoveBody, Tag};
use crate::setup::GameSetup;
use crate::spec::{Margins, Set, Spec, SpecError, Template};
use crate::texts::{Texts, fill, texts};
use caption::{BODY, Block, HEADING};
use style::X_INK;

/// How many tic-tac-toe games share a page.
pub(crate) const TTT_PER_PAGE: usize = 6;

/// The largest cell of a tic-tac-toe diagram's board, mm: a page of fewer
/// games draws them larger, up to this.
pub(crate) const TTT_MAX_CELL: f64 = 60.0;
/// The printable area starts this far from every edge of the page, mm.
const PRINTABLE: f64 = 7.0;
/// Space between the caption and the sheet, mm.
const CAPTION_GAP: f64 = 3.0;

/// Why a checked game could not be drawn on its sheet.
#[derive(Debug, thiserror::Error, miette::Diagnostic)]
pub enum DiagramError {
    /// The game's sheet could not be made for it.
    #[error("game {game} of {file}: its sheet could not be made for it")]
    Spec {
        /// The record file.
        file: String,
        /// The game's index in the file, from 1.
        game: usize,
        /// Why.
        #[source]
        source: Box<SpecError>,
    },
    /// The game's sheet does not fit its page with this game's board.
    #[error("game {game} of {file}: its sheet does not fit the page")]
    Layout {
        /// The record file.
        file: String,
        /// The game's index in the file, from 1.
        game: usize,
        /// Why.
        #[source]
        #[diagnostic_source]
        source: LayoutError,
    },
    /// The game's sheet has no board to draw the position on.
    #[error("game {game} of {file}: its sheet has no {board} to draw the position on")]
    NoBoard {
        /// The record file.
        file: String,
        /// The game's index in the file, from 1.
        game: usize,
        /// The part kind that was looked for.
        board: &'static str,
    },
}

/// The pages of `games` in English (see [`diagram_at`]).
pub fn diagram(games: &[&CheckedGame]) -> Result<Document, DiagramError> {
    diagram_in(games, Language::En)
}

/// The pages of every game that could be replayed, in order, their words in
/// `language`.
pub(crate) fn diagram_in(
    games: &[&CheckedGame],
    language: Language,
) -> Result<Document, DiagramError> {
    diagram_at(games, language, None)
}

/// The pages of every game that could be replayed, their words in
/// `language`, each game drawn after its first `at` moves when given
/// (see [`Diagrams::at_move`]).
pub fn diagram_at(
    games: &[&CheckedGame],
    language: Language,
    at: Option<usize>,
) -> Result<Document, DiagramError> {
    let mut diagrams = Diagrams::new(language);
    if let Some(at) = at {
        diagrams = diagrams.at_move(at);
    }
    let mut pages = Vec::new();
    for g in games {
        pages.extend(diagrams.add(g)?);
    }
    pages.extend(diagrams.finish()?);
    Ok(Document {
        metadata: metadata_in(language),
        pages,
    })
}

/// The metadata of a diagram document in `language`.
pub(crate) fn metadata_in(language: Language) -> Metadata {
    Metadata {
        title: texts(language).diagram.title,
        creator: crate::CREATOR.to_string(),
        subject: None,
    }
}

/// Makes the pages of checked games one game at a time.
pub struct Diagrams {
    texts: Texts,
    /// Tic-tac-toe games waiting for their page to fill up, each with what
    /// of it is shown.
    waiting: Vec<(CheckedGame, Option<at::Cut>)>,
    /// Draw the position after this many moves (`--at N`), not the last.
    at: Option<usize>,
}

impl Diagrams {
    /// Diagrams with their words in `language`.
    pub fn new(language: Language) -> Diagrams {
        Diagrams {
            texts: texts(language),
            waiting: Vec::new(),
            at: None,
        }
    }

    /// The same diagrams drawing each game's position after its first
    /// `moves` moves (each player's move counts), or its last position if it
    /// has fewer. An illegal game is drawn before its first illegal move
    /// either way.
    pub fn at_move(mut self, moves: usize) -> Diagrams {
        self.at = Some(moves);
        self
    }

    /// The metadata of the document the pages go into: its title in the
    /// diagrams' language.
    pub fn metadata(&self) -> Metadata {
        metadata_in(self.texts.language)
    }

    /// The sheet a game's diagram draws into, laid out with room over it
    /// for the caption: where every field, tracking grid and record row of
    /// the diagram's page is. `None` for a game that could not be replayed,
    /// and for tic-tac-toe, whose games share pages. (Always the game's
    /// diagram as a whole: [`Diagrams::at_move`] does not change it.)
    pub fn sheet_of(&self, g: &CheckedGame) -> Result<Option<Sheet>, DiagramError> {
        match (&g.position, &g.setup) {
            (Some(position), Some(_)) if !is_tictactoe(position) => {
                // As drawn: an illegal game before its first illegal move, with
                // the caption lines that say so.
                let cut = at::cut(g, None);
                let more = caption::cut_lines(cut.as_ref().map(|(_, c)| c), &self.texts.diagram);
                let (g, position) = match &cut {
                    Some((cut_game, _)) => match &cut_game.position {
                        Some(p) => (cut_game, p),
                        None => (g, position),
                    },
                    None => (g, position),
                };
                Ok(Some(laid_out(position, g, &more, &self.texts)?.sheet))
            }
            _ => Ok(None),
        }
    }

    /// Takes the next game and returns the pages now complete: none for a
    /// game that could not be replayed or a tic-tac-toe game whose page is
    /// not full yet.
    pub fn add(&mut self, g: &CheckedGame) -> Result<Vec<Page>, DiagramError> {
        if g.position.is_none() || g.setup.is_none() {
            return Ok(Vec::new());
        }
        let (cut_game, cut) = match at::cut(g, self.at) {
            Some((game, cut)) => (Some(game), Some(cut)),
            None => (None, None),
        };
        let g = cut_game.as_ref().unwrap_or(g);
        let Some(position) = &g.position else {
            return Ok(Vec::new());
        };
        let mut pages = Vec::new();
        let tictactoe = is_tictactoe(position);
        let other_file = self
            .waiting
            .first()
            .is_some_and(|(w, _)| w.report.file != g.report.file);
        if !tictactoe || other_file {
            pages.extend(self.flush()?);
        }
        if tictactoe {
            self.waiting.push((g.clone(), cut));
            if self.waiting.len() == TTT_PER_PAGE {
                pages.extend(self.flush()?);
            }
        } else {
            pages.push(on_sheet(position, g, cut.as_ref(), &self.texts)?);
        }
        // `check --annotate`: each moment's position after the game's.
        for (moment, cut) in moments::moments(g, &self.texts) {
            if tictactoe {
                self.waiting.push((moment, Some(cut)));
                if self.waiting.len() == TTT_PER_PAGE {
                    pages.extend(self.flush()?);
                }
            } else if let Some(position) = &moment.position {
                pages.push(on_sheet(position, &moment, Some(&cut), &self.texts)?);
            }
        }
        Ok(pages)
    }

    /// The last page, if tic-tac-toe games are waiting for it.
    pub fn finish(mut self) -> Result<Option<Page>, DiagramError> {
        self.flush()
    }

    fn flush(&mut self) -> Result<Option<Page>, DiagramError> {
        if self.waiting.is_empty() {
            return Ok(None);
        }
        let games = std::mem::take(&mut self.waiting);
        tictactoe_page(&games, &self.texts).map(Some)
    }
}

/// The sheet `render` prints for a game, sized to it: the built-in `sos`
/// template with the game's board and players, `ultimate`, or the Strategic
/// template of its ruleset printed with the game's own map
/// ([`Template::for_setup`]).
fn sheet_for(
    setup: &GameSetup,
    report: &crate::check::GameReport,
    name_shown: usize,
    language: Language,
) -> Result<Spec, SpecError> {
    // The sheet speaks the caption's language: its headings, name and date
    // lines and record heads, not only the words drawn over it.
    let language = Set::language(language);
    // A diagram is a picture of a game, not a sheet to play on and read
    // back: no alignment marks, no sheet code.
    let no_marks = Set::typed("page.marks", &false);
    let template = Template::for_setup(setup);
    match setup {
        GameSetup::Sos { config, .. } => {
            let size = BoardSize::from(config.size());
            let names: Vec<String> = (0..usize::from(config.players()))
                .map(|p| {
                    let score = report.scores.get(p);
                    let name = score.and_then(|s| s.name.as_deref()).unwrap_or_default();
                    shown(name, name_shown)
                })
                .collect();
            let sets = [
                Set::typed("sos.size", &size),
                Set::typed("sos.boards", &1),
                Set::typed("sos.players", &names),
                language,
                no_marks,
            ];
            crate::spec::Spec::template(template, &sets)
        }
        GameSetup::TicTacToe { .. } => crate::spec::Spec::template(template, &[language, no_marks]),
        GameSetup::Ultimate { options, .. } | GameSetup::Strategic { options, .. } => {
            // The footer names the rules the game was played under, not
            // the template's.
            let mut sets = vec![
                language,
                no_marks,
                Set::typed("rules.draws", &options.draws.word()),
                Set::typed("rules.decided", &options.decided.word()),
                Set::typed("rules.no-return", &options.no_return.word()),
            ];
            // The record a diagram fills holds the game it shows, so it
            // keeps no blank sheet's least rows: the field keeps its room
            // under the caption.
            if template != Template::Ultimate {
                sets.push(Set::typed("records.least-rows", &1));
            }
            let spec = crate::spec::Spec::template(template, &sets)?;
            match (setup.map(), setup.ruleset().and_then(|r| r.map())) {
                (Some(map), Some(m)) => spec.with_field_map(&map.id, &m),
                _ => Ok(spec),
            }
        }
    }
}

/// Lays `spec` out with `band` mm more room at the top for the caption,
/// below the printable edge; if the sheet no longer fits, without its own
/// title (the caption names the game).
fn with_caption_band(spec: &Spec, band: f64) -> Result<Sheet, LayoutError> {
    let margins = spec.page().margins;
    let top = margins.top.max(PRINTABLE + band + CAPTION_GAP);
    let roomier = |s: &Spec| s.with_margins(Margins { top, ..margins });
    let first = match roomier(spec) {
        Ok(s) => crate::layout::layout(&s),
        Err(_) => crate::layout::layout(spec),
    };
    first.or_else(|e| {
        spec.without_parts(&["title".to_string()])
            .and_then(|s| roomier(&s))
            .ok()
            .and_then(|s| crate::layout::layout(&s).ok())
            .ok_or(e)
    })
}

fn is_tictactoe(position: &Position) -> bool {
    matches!(position, Position::Ttt { game, .. } if game.kind() == GameKind::TicTacToe)
}

/// The sheet of one game under its caption, and the caption.
struct LaidOut {
    sheet: Sheet,
    caption: Block,
    /// Whether the legend of decided fields goes under the caption.
    legend: bool,
    /// The left edge of the sheet's content, where the caption starts.
    left: f64,
}

/// `more` are caption lines after the verdict (which position is shown).
fn laid_out(
    position: &Position,
    checked: &CheckedGame,
    more: &[String],
    t: &Texts,
) -> Result<LaidOut, DiagramError> {
    let report = &checked.report;
    let (file, game) = (report.file.clone(), report.game);
    // `add` and `sheet_of` draw only games the checker set up.
    let setup = checked
        .setup
        .as_ref()
        .ok_or_else(|| DiagramError::NoBoard {
            file: file.clone(),
            game,
            board: "field",
        })?;
    let spec_for = |name_shown| {
        sheet_for(setup, report, name_shown, t.language).map_err(|source| DiagramError::Spec {
            file: file.clone(),
            game,
            source: Box::new(source),
        })
    };
    let mut spec = spec_for(NAME_SHOWN)?;
    let content = spec.page().content();
    let mut block = Block::default();
    block.add(
        &caption::heading(report, &t.diagram),
        HEADING,
        FontWeight::Bold,
        content.w,
    );
    block.add(
        &caption::verdict(report, t),
        BODY,
        FontWeight::Regular,
        content.w,
    );
    for line in more {
        block.add(line, BODY, FontWeight::Bold, content.w);
    }
    let legend = matches!(position, Position::Ttt { game, .. } if game.depth() >= 2);
    let band = block.height()
        + if legend {
            caption::legend_height()
        } else {
            0.0
        };
    // Names too wide for their place even at 6 pt are cut shorter until
    // they fit.
    let mut name_shown = NAME_SHOWN;
    let sheet = loop {
        match with_caption_band(&spec, band) {
            Ok(sheet) => break sheet,
            Err(LayoutError::Text { problem, .. })
                if matches!(problem.fault, crate::layout::TextFault::TooWide { .. })
                    && name_shown > 4 =>
            {
                name_shown = name_shown.min(problem.text.chars().count()) * 2 / 3;
                spec = spec_for(name_shown)?;
            }
            Err(source) => return Err(DiagramError::Layout { file, game, source }),
        }
    };
    Ok(LaidOut {
        sheet,
        caption: block,
        legend,
        left: content.x,
    })
}

/// The game's sheet as `render` prints it with the final position drawn in:
/// what the players would have on paper at the end, their tracking grids
/// filled in; the caption over it.
fn on_sheet(
    position: &Position,
    checked: &CheckedGame,
    cut: Option<&at::Cut>,
    t: &Texts,
) -> Result<Page, DiagramError> {
    let more = caption::cut_lines(cut, &t.diagram);
    let LaidOut {
        sheet,
        caption: block,
        legend,
        left,
    } = laid_out(position, checked, &more, t)?;
    let (mut page, parts) = sheet.into_page();
    let illegal = cut.and_then(|c| c.illegal.as_ref());
    let drawn = match position {
        Position::Ttt { game, .. } => ttt::Board::find(&parts)
            .map(|board| {
                ttt::draw(game, &board, &parts, &mut page);
                if let Some(m) = cut.and_then(|c| c.moment.as_ref()) {
                    ttt::draw_line(&board, &m.line, &mut page);
                }
                if let Some(m) = illegal {
                    ttt::draw_illegal(game, &board, m, &mut page);
                } else if let Some(last) = cut
                    .filter(|c| c.shown > 0 && c.shown < c.total)
                    .and_then(|_| checked.record.moves.last())
                {
                    // `--at N`: move N, the last of the position, framed.
                    ttt::draw_last(game, &board, &last.body, &mut page);
                }
            })
            .ok_or("strategic field, Ultimate field or tic-tac-toe board"),
        Position::Sos { game, .. } => sos::draw(game, &parts, &mut page).map(|()| {
            if let Some(m) = illegal {
                sos::draw_illegal(m, &parts, &mut page);
            }
        }),
    };
    let report = &checked.report;
    drawn.map_err(|board| DiagramError::NoBoard {
        file: report.file.clone(),
        game: report.game,
        board,
    })?;
    write_record(position, checked, &parts, &mut page);
    block.draw(&mut page, left, PRINTABLE);
    if legend {
        caption::draw_legend(&mut page, &t.diagram, left, PRINTABLE + block.height());
    }
    on_the_page(&mut page, report)?;
    Ok(page)
}

/// Writes the game into the sheet's write-in lines and record tables as the
/// players did.
fn write_record(
    position: &Position,
    checked: &CheckedGame,
    parts: &[crate::layout::SheetPart],
    page: &mut Page,
) {
    for p in parts {
        match p.geometry() {
            PartGeometry::WriteIn(w) => {
                for blank in w.blanks() {
                    fill_blank(&blank, &checked.record.tags, page);
                }
            }
            PartGeometry::RecordTables(tables) => {
                for (row, player, columns) in written_moves(position, &checked.record) {
                    for (column, content) in columns.into_iter().enumerate() {
                        let Some(cell) = tables.cell_rect(row, player, column) else {
                            continue;
                        };
                        centred_in(page, cell, content);
                    }
                }
            }
            // An SOS board's own record, beside it.
            PartGeometry::SosBoard(boards) => {
                let Some(board) = boards.boards().into_iter().next() else {
                    continue;
                };
                for (row, _, columns) in written_moves(position, &checked.record) {
                    for (column, content) in columns.into_iter().enumerate() {
                        if let Some(cell) = board.record_cell(row, column) {
                            centred_in(page, cell, content);
                        }
                    }
                }
            }
            _ => {}
        }
    }
}

/// A page of up to [`TTT_PER_PAGE`] tic-tac-toe games of one file: the
/// `tictactoe` sheet with one board a game, each under its caption (which
/// game, the players, the verdict), the page under the file's name.
fn tictactoe_page(
    games: &[(CheckedGame, Option<at::Cut>)],
    t: &Texts,
) -> Result<Page, DiagramError> {
    let first = &games[0].0.report;
    let err_spec = |source: SpecError| DiagramError::Spec {
        file: first.file.clone(),
        game: first.game,
        source: Box::new(source),
    };
    // Six boards a page at 22 mm cells; fewer grow into the room up to
    // TTT_MAX_CELL (one game alone: a board across the page, not a small one on a
    // blank page). Marks, position numbers and the winning row's frame
    // all scale with the cell.
    let cell = 22.0;
    let board_w = 3.0 * cell;
    // Each board's caption, wrapped to the narrowest board's width.
    let blocks: Vec<Block> = games
        .iter()
        .map(|(g, cut)| board_caption(g, cut.as_ref(), t, board_w))
        .collect();
    let caption_h = blocks.iter().map(Block::height).fold(0.0, f64::max);
    let gap = (caption_h + 4.0).max(9.0);
    let spec = tictactoe_spec(games.len(), cell, gap, t).map_err(err_spec)?;
    let mut heading = Block::default();
    let file = caption::file_name(&first.file);
    let content = spec.page().content();
    heading.add(
        &fill(&t.diagram.games_of, &[("file", &file)]),
        HEADING,
        FontWeight::Bold,
        content.w,
    );
    let sheet =
        with_caption_band(&spec, heading.height()).map_err(|source| DiagramError::Layout {
            file: first.file.clone(),
            game: first.game,
            source,
        })?;
    let (mut page, parts) = sheet.into_page();
    let Some(PartGeometry::TttBoards(boards)) = parts
        .iter()
        .map(|p| p.geometry())
        .find(|g| matches!(g, PartGeometry::TttBoards(_)))
    else {
        return Err(DiagramError::NoBoard {
            file: first.file.clone(),
            game: first.game,
            board: "tic-tac-toe board",
        });
    };
    for (i, ((g, cut), block)) in games.iter().zip(&blocks).enumerate() {
        let Some(Position::Ttt { game, .. }) = &g.position else {
            continue;
        };
        let board = ttt::Board::TicTacToe(boards, i as u32);
        ttt::draw(game, &board, &parts, &mut page);
        if let Some(m) = cut.as_ref().and_then(|c| c.illegal.as_ref()) {
            ttt::draw_illegal(game, &board, m, &mut page);
        }
        if let Some(m) = cut.as_ref().and_then(|c| c.moment.as_ref()) {
            ttt::draw_line(&board, &m.line, &mut page);
        }
        let o = boards.board_origin(i as u32);
        block.draw(&mut page, o.x, o.y - 2.0 - block.height());
    }
    heading.draw(&mut page, content.x, PRINTABLE);
    on_the_page(&mut page, first)?;
    Ok(page)
}

/// The caption over one tic-tac-toe game's board, `width` wide: which game,
/// the players, the verdict and where the game was cut.
fn board_caption(g: &CheckedGame, cut: Option<&at::Cut>, t: &Texts, width: f64) -> Block {
    let mut b = Block::default();
    b.add(
        &caption::board_heading(&g.report, &t.diagram),
        HEADING,
        FontWeight::Bold,
        width,
    );
    if let Some(players) = players_line(&g.record.tags) {
        b.add(&players, BODY, FontWeight::Regular, width);
    }
    b.add(
        &caption::verdict(&g.report, t),
        BODY,
        FontWeight::Regular,
        width,
    );
    for line in caption::cut_lines(cut, &t.diagram) {
        b.add(&line, BODY, FontWeight::Bold, width);
    }
    b
}

/// The `tictactoe` sheet a page of `boards` diagrams is drawn on: boards of
/// `cell` mm cells (growing up to [`TTT_MAX_CELL`]) `gap` apart, no
/// write-in fields and no marks to read it back by.
fn tictactoe_spec(
    boards: usize,
    cell: f64,
    gap: f64,
    t: &Texts,
) -> Result<crate::spec::Spec, SpecError> {
    let sets = [
        Set::typed("boards.boards", &(boards as u32)),
        Set::typed("boards.cell", &cell),
        Set::typed("boards.max-cell", &TTT_MAX_CELL),
        Set::typed("boards.gap", &gap),
        Set::typed("layout.gap", &gap),
        Set::language(t.language),
        // A page of diagrams, not a sheet to read back.
        Set::typed("page.marks", &false),
    ];
    crate::spec::Spec::template(Template::TicTacToe, &sets)
        .and_then(|s| s.without_parts(&s.ids_of_kind(WriteIn::KIND)))
}

/// Every text of a diagram's page printable and on the page, at 6 pt at
/// the least: the last check, after the record's texts were made printable
/// ([`shown`]).
fn on_the_page(page: &mut Page, report: &crate::check::GameReport) -> Result<(), DiagramError> {
    let whole = Rect::new(0.0, 0.0, page.width, page.height);
    crate::layout::texts::fit_page_texts(page, whole).map_err(|(text, fault)| {
        DiagramError::Layout {
            file: report.file.clone(),
            game: report.game,
            source: crate::layout::TextProblem {
                place: "the diagram".into(),
                text,
                fault,
            }
            .into_error(),
        }
    })
}

/// A text of the record (a player's name, a tag) as a diagram shows it: a
/// character the fonts lack written `?`, and cut to its first `at_most`
/// characters with `…`. A diagram is a picture of the record, which the
/// report checks; refusing to draw a game for a name would lose the rest
/// of a class's games (docs/limits.md).
pub(super) fn shown(text: &str, at_most: usize) -> String {
    let printable = crate::fonts::printable(text);
    if printable.chars().count() <= at_most {
        return printable;
    }
    let head: String = printable.chars().take(at_most.saturating_sub(1)).collect();
    format!("{head}…")
}

/// How many characters of a player's name a diagram shows (fewer, down to
/// 4, where even that is too wide at 6 pt).
pub(super) const NAME_SHOWN: usize = 24;

/// `X: Anna · O: Ben`, from the record's tags, if it names the players.
fn players_line(tags: &[Tag]) -> Option<String> {
    let name = |who: &str| {
        tags.iter()
            .find(|t| t.name.eq_ignore_ascii_case(who))
            .map(|t| shown(t.value.trim(), NAME_SHOWN))
            .filter(|v| !v.is_empty())
            .map(|v| format!("{who}: {v}"))
    };
    let names: Vec<String> = ["X", "O"].into_iter().filter_map(name).collect();
    (!names.is_empty()).then(|| names.join(" · "))
}

/// `size`, or smaller (down to 6 pt) so that `content` is at most `room` mm
/// wide; `None` when even 6 pt is too wide.
fn fitting(content: &str, size: f64, room: f64) -> Option<f64> {
    let natural = crate::fonts::text_width(content, FontWeight::Regular, size);
    let fitted = size * (room / natural).min(1.0);
    (fitted >= crate::display::MIN_TEXT - 1e-9).then_some(fitted)
}

/// The moves as the players wrote them into the sheet's record tables: row
/// (counted on through the tables), player column group, and the text of each
/// column. Tic-tac-toe family: move pairs by row, X's then O's positions;
/// SOS: one move a row, the player, the cell and the letter.
fn written_moves(position: &Position, record: &GameRecord) -> Vec<(u32, usize, Vec<String>)> {
    match position {
        Position::Ttt { .. } => record
            .moves
            .iter()
            .enumerate()
            .filter_map(|(i, m)| match &m.body {
                MoveBody::Path(mv) => Some((
                    (i / 2) as u32,
                    i % 2,
                    mv.path().iter().map(u8::to_string).collect(),
                )),
                _ => None,
            })
            .collect(),
        Position::Sos { movers, .. } => record
            .moves
            .iter()
            .zip(movers)
            .enumerate()
            .filter_map(|(i, (m, &mover))| {
                let MoveBody::Sos(mv) = m.body else {
                    return None;
                };
                // As written, else whoever the replay gave the move to.
                let who = m
                    .player
                    .clone()
                    .unwrap_or_else(|| crate::games::sos::player_letter(mover).to_string());
                Some((
                    i as u32,
                    0,
                    vec![who, mv.cell.to_string(), mv.letter.to_string()],
                ))
            })
            .collect(),
    }
}

/// Writes `content` centred in `cell`, as a player would, at least 6 pt:
/// smaller if it must be to fit, and left out if it cannot (a player's
/// letter always fits where a name does not).
fn centred_in(page: &mut Page, cell: Rect, content: String) {
    let content = crate::fonts::printable(&content);
    let size = (cell.h * 0.62).max(crate::display::MIN_TEXT);
    let Some(size) = fitting(&content, size, cell.w - 0.6) else {
        return;
    };
    let style = TextStyle::new(size).anchor(Anchor::Middle).color(X_INK);
    page.text_centred_on(cell.x + cell.w / 2.0, cell.y + cell.h / 2.0, style, content);
}

/// Writes into a blank of a write-in line the record's tag of the same name
/// (`X`, `O`, `Date`), as the players did: shrunk to fit the blank down to
/// 6 pt, and cut short with an ellipsis below that.
fn fill_blank(blank: &Blank, tags: &[Tag], page: &mut Page) {
    let Some(tag) = tags
        .iter()
        .find(|t| t.name.eq_ignore_ascii_case(&blank.label))
    else {
        return;
    };
    let value = crate::fonts::printable(tag.value.trim());
    let value = value.as_str();
    if value.is_empty() {
        return;
    }
    let room = blank.length - 2.0;
    let size = blank.text_size.max(crate::display::MIN_TEXT);
    let (text, size) = match fitting(value, size, room) {
        Some(fitted) => (value.to_string(), fitted),
        None => (
            shortened(value, crate::display::MIN_TEXT, room),
            crate::display::MIN_TEXT,
        ),
    };
    page.text_at(
        Point::new(blank.start.x + 1.0, blank.start.y),
        TextStyle::new(size).color(X_INK),
        text,
    );
}

/// The longest start of `value` that fits `room` mm at `size` with an
/// ellipsis after it.
fn shortened(value: &str, size: f64, room: f64) -> String {
    let mut cut: String = value.to_string();
    while !cut.is_empty() {
        cut.pop();
        let candidate = format!("{}…", cut.trim_end());
        if crate::fonts::text_width(&candidate, FontWeight::Regular, size) <= room {
            return candidate;
        }
    }
    "…".into()
}
