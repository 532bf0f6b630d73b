//! Classroom handouts: a rules page in the class's language, game sheets
//! (copies, each with a name / class / date line), and a worksheet of
//! exercises made from a seed with its answer key at the end — one
//! multi-page document with a header and page numbers on every page.
//!
//! Handouts are printed on both sides of the paper, so the answer key never
//! shares a sheet with the worksheet: it starts on an odd page, after a page
//! that says it is left blank on purpose when needed, or it is a document of
//! its own (`key = "separate"`).
//!
//! Game sheets come from the ordinary sheet specs (templates or files), laid
//! out by [`crate::layout()`] with room left for the handout's header and
//! footer. The rules and worksheet pages are set here.

pub(crate) mod exercises;
pub(crate) mod pages;
pub mod spec;
#[cfg(test)]
mod tests;
pub mod texts;
pub(crate) mod worksheet;
pub(crate) mod wrap;

use miette::Diagnostic;

use crate::display::{Document, Metadata, Page};
use crate::layout::LayoutError;
use crate::parts::Part;
use crate::parts::write_in::WriteIn;
use crate::spec::{Margins, Set, SpecError, Template};
use exercises::{Exercise, ExerciseSettings};
use pages::{FOOTER_BAND, Frame, blank_page, draw_footers, draw_header, rules_pages};
use spec::{HandoutSpec, KeyPlacement};
use worksheet::Placement;

/// Why a handout could not be made.
#[derive(Debug, thiserror::Error, Diagnostic)]
pub enum HandoutError {
    /// The handout spec or the game sheet's spec was rejected.
    #[error(transparent)]
    #[diagnostic(transparent)]
    Spec(#[from] SpecError),
    /// A text of the handout's own pages (its title, a header) cannot be
    /// printed: the fonts lack a character, or it is too long even at 6 pt.
    #[error(transparent)]
    #[diagnostic(transparent)]
    Text(LayoutError),
    /// The game sheet does not fit the handout's page.
    #[error("the game sheet `{sheet}` does not fit the handout's page")]
    #[diagnostic(help(
        "use a larger page or smaller margins, or make the sheet smaller with `set`, as `render --set` takes it (e.g. \"{example}\")"
    ))]
    Sheet {
        /// The sheet's template or spec.
        sheet: String,
        /// A `set` that makes the handout's game's built-in sheet smaller.
        example: &'static str,
        /// Why.
        source: LayoutError,
    },
}

/// A made handout: the document, the answer key when it is a document of
/// its own, the exercises on its worksheet and where their answer-key
/// diagrams are (so they can be checked).
#[derive(Debug, Clone)]
pub struct Handout {
    /// Every page. An answer key at the end starts on an odd page, so it
    /// begins a new sheet of paper when printed on both sides.
    pub document: Document,
    /// The answer key as a document of its own (`key = "separate"`).
    pub key_document: Option<Document>,
    /// The worksheet's exercises, in order (the answer-key tests replay them).
    #[cfg_attr(not(test), expect(dead_code, reason = "read by the answer-key tests"))]
    pub(crate) exercises: Vec<Exercise>,
    /// Where each exercise's diagram is in the answer key (pages of
    /// `key_document` when there is one, else of `document`).
    #[cfg_attr(not(test), expect(dead_code, reason = "read by the answer-key tests"))]
    pub(crate) key: Vec<Placement>,
}

/// Pages being put together, each with the note its footer carries.
#[derive(Default)]
struct Pages {
    pages: Vec<Page>,
    notes: Vec<Option<String>>,
}

impl Pages {
    fn push(&mut self, page: Page, note: Option<String>) {
        self.pages.push(page);
        self.notes.push(note);
    }

    /// Numbers the pages in their footers and makes the document.
    fn document(mut self, frame: &Frame, texts: &texts::Texts, title: String) -> Document {
        draw_footers(&mut self.pages, frame, texts, &self.notes);
        Document {
            metadata: Metadata {
                title,
                creator: crate::CREATOR.to_string(),
                subject: None,
            },
            pages: self.pages,
        }
    }
}

/// Makes the handout `spec` describes.
pub fn build(spec: &HandoutSpec) -> Result<Handout, HandoutError> {
    let texts = texts::texts(spec.language());
    let title = spec
        .title()
        .map_or_else(|| texts.rules(spec.game()).title.clone(), str::to_string);
    let frame = Frame::new(spec.page());
    let mut out = Pages::default();
    if spec.rules() {
        let page = texts.rules_page(spec.game(), spec.options());
        for p in rules_pages(&frame, &title, &texts, &page) {
            out.push(p, None);
        }
    }
    if spec.copies() > 0 {
        let sheet = game_sheet(spec, &frame, &title, &texts)?;
        for _ in 0..spec.copies() {
            out.push(sheet.clone(), None);
        }
    }
    let mut exercises = Vec::new();
    let mut key = Vec::new();
    let mut key_document = None;
    if let Some(kind) = spec.exercise_kind() {
        let settings = ExerciseSettings {
            kind,
            count: spec.exercises() as usize,
            seed: spec.seed(),
            sos_size: spec.sos_size(),
            map: spec.map(),
            options: spec.options(),
        };
        exercises = exercises::generate(&settings);
        let seed_note = format!("{} {}", texts.seed_label, spec.seed());
        let section = |heading: &str, answer_key: bool, out: &mut Pages| {
            let header = frame.header_height(heading, &texts, !answer_key);
            let new_page = || {
                let mut p = frame.page();
                draw_header(&frame, &mut p, heading, &texts, !answer_key);
                p
            };
            let (new, placed) = worksheet::pages(
                &exercises,
                &texts,
                &frame,
                header,
                answer_key,
                out.pages.len(),
                &new_page,
            );
            for p in new {
                out.push(p, Some(seed_note.clone()));
            }
            placed
        };
        let sheet_heading = format!("{} — {title}", texts.worksheet_heading);
        section(&sheet_heading, false, &mut out);
        let key_heading = format!("{} — {title}", texts.answer_key_heading);
        match spec.answer_key() {
            KeyPlacement::End => {
                // The key starts a new sheet of paper: on an odd page.
                if out.pages.len() % 2 == 1 {
                    out.push(blank_page(&frame, &texts), None);
                }
                key = section(&key_heading, true, &mut out);
            }
            KeyPlacement::Separate => {
                let mut own = Pages::default();
                key = section(&key_heading, true, &mut own);
                key_document = Some(own.document(&frame, &texts, key_heading.clone()));
            }
            KeyPlacement::None => {}
        }
    }
    let mut document = out.document(&frame, &texts, title);
    check_texts(&mut document, &frame, spec, "")?;
    if let Some(key) = &mut key_document {
        check_texts(key, &frame, spec, " of the answer key")?;
    }
    Ok(Handout {
        document,
        key_document,
        exercises,
        key,
    })
}

/// Checks every text of a handout's pages: printable and inside the
/// margins, shrunk to 6 pt at the least (the game sheets were checked by
/// their layout already). `of` names the document in a message.
fn check_texts(
    document: &mut Document,
    frame: &Frame,
    spec: &HandoutSpec,
    of: &str,
) -> Result<(), HandoutError> {
    for (i, page) in document.pages.iter_mut().enumerate() {
        crate::layout::texts::fit_page_texts(page, frame.inner).map_err(|(text, fault)| {
            let problem = crate::layout::TextProblem {
                place: format!("page {}{of}", i + 1),
                text,
                fault,
            };
            HandoutError::Text(spec.source().locate(problem.into_error()))
        })?;
    }
    Ok(())
}

/// The game sheet, on the handout's paper, moved down to make room for the
/// header with its name / class / date line (the sheet's own title and
/// write-in lines are left out: the header has them).
fn game_sheet(
    spec: &HandoutSpec,
    frame: &Frame,
    title: &str,
    texts: &texts::Texts,
) -> Result<Page, HandoutError> {
    let page = spec.page();
    // The sheet speaks the handout's language and states its rules.
    let mut sets = vec![
        Set::paper_size(page.size),
        Set::orientation(page.orientation),
        Set::language(spec.language()),
    ];
    sets.extend(Set::rules(spec.options()));
    sets.extend(spec.sets().iter().cloned());
    let sheet = read_sheet(spec, &sets).map_err(|e| spec.locate_sheet_error(e))?;
    let mut gone = sheet.ids_of_kind(WriteIn::KIND);
    gone.push("title".into());
    let header = frame.header_height(title, texts, true);
    let margins = Margins {
        top: frame.inner.y + header,
        bottom: frame.height - frame.inner.bottom() + FOOTER_BAND,
        ..sheet.page().margins
    };
    let sheet = sheet.without_parts(&gone)?.with_margins(margins)?;
    let laid_out = crate::layout::layout(&sheet).map_err(|source| HandoutError::Sheet {
        sheet: spec.sheet_name().to_string(),
        example: smaller_sheet(spec.game()),
        source,
    })?;
    let (mut doc, _) = laid_out.into_parts();
    let mut page = doc.pages.remove(0);
    draw_header(frame, &mut page, title, texts, true);
    Ok(page)
}

/// The handout's game sheet with `sets` made to it: a built-in sheet, or a
/// sheet spec file beside the handout spec.
fn read_sheet(spec: &HandoutSpec, sets: &[Set]) -> Result<crate::spec::Spec, SpecError> {
    let name = spec.sheet_name();
    Ok(match Template::from_name(name) {
        Some(template) => crate::spec::template(template, sets)?,
        None => {
            // A sheet spec named in the handout spec lives beside it; a
            // handout that is not a file can use built-in sheets only.
            let unknown = || {
                SpecError::Unknown(
                    name.to_string(),
                    Template::ALL
                        .iter()
                        .map(|t| t.name())
                        .collect::<Vec<_>>()
                        .join(", "),
                )
            };
            if !crate::input::looks_like_path(name) {
                return Err(unknown());
            }
            let folder = spec.folder().ok_or_else(unknown)?;
            let path = crate::input::inside(folder, name)?;
            let sheet = crate::spec::load_with(&path.to_string_lossy(), sets)?;
            spec.check_sheet_game(texts::Game::of_sheet(&sheet))?;
            sheet
        }
    })
}

/// A `set` that makes `game`'s built-in sheet smaller, for the help of a
/// sheet that does not fit: each game's own key, never another game's.
fn smaller_sheet(game: texts::Game) -> &'static str {
    match game {
        texts::Game::Sos => "sos.size=6x6",
        texts::Game::Tictactoe => "boards.min-cell=4",
        texts::Game::Ultimate => "ultimate.min-cell=3",
        texts::Game::Strategic => "field.min-cell=3",
    }
}
