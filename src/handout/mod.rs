//! Classroom handouts: a rules page in the class's language, game sheets
//! (copies, each with a name / class / date line), and a worksheet of
//! exercises made from a seed with its answer key at the end — one
//! multi-page document with a header and page numbers on every page.
//!
//! Game sheets come from the ordinary sheet specs (templates or files), laid
//! out by [`crate::layout`] with room left for the handout's header and
//! footer. The rules and worksheet pages are set here.

pub mod exercises;
pub mod pages;
pub mod spec;
pub mod texts;
pub mod worksheet;
pub mod wrap;

use miette::Diagnostic;

use crate::display::{Document, Metadata, Page};
use crate::layout::LayoutError;
use crate::spec::SpecError;
use crate::spec::overrides::Override;
use exercises::{Exercise, ExerciseSettings};
use pages::{FOOTER_BAND, Frame, draw_footers, draw_header, rules_pages};
use spec::HandoutSpec;
use worksheet::Placement;

/// Why a handout could not be made.
#[derive(Debug, thiserror::Error, Diagnostic)]
pub enum HandoutError {
    /// The handout spec or the game sheet's spec was rejected.
    #[error(transparent)]
    #[diagnostic(transparent)]
    Spec(#[from] SpecError),
    /// The game sheet does not fit the handout's page.
    #[error("the game sheet `{sheet}` does not fit the handout's page")]
    #[diagnostic(help(
        "use a larger page, or change the sheet with `set` (e.g. \"sos.size=6x6\")"
    ))]
    Sheet {
        /// The sheet's template or spec.
        sheet: String,
        /// Why.
        source: LayoutError,
    },
    /// An entry of `set` is not KEY=VALUE.
    #[error("handout.set: {0}")]
    Set(String),
    /// A value of the spec is outside its range (the spec was changed after
    /// it was read; [`spec::parse`] refuses these).
    #[error("{0}")]
    Value(String),
}

/// A made handout: the document, the exercises on its worksheet and where
/// their answer-key diagrams are (so they can be checked).
#[derive(Debug, Clone)]
pub struct Handout {
    /// Every page.
    pub document: Document,
    /// The worksheet's exercises, in order.
    pub exercises: Vec<Exercise>,
    /// Where each exercise's diagram is in the answer key.
    pub key: Vec<Placement>,
}

/// Makes the handout `spec` describes.
pub fn build(spec: &HandoutSpec) -> Result<Handout, HandoutError> {
    let h = &spec.handout;
    let texts = texts::texts(&h.language).ok_or_else(|| {
        HandoutError::Value(texts::check_language(&h.language).err().unwrap_or_default())
    })?;
    let title = h
        .title
        .clone()
        .unwrap_or_else(|| texts.rules(h.game).title.clone());
    let frame = Frame::new(&spec.page);
    let mut pages: Vec<Page> = Vec::new();
    let mut notes: Vec<Option<String>> = Vec::new();
    if h.rules {
        let rules = rules_pages(&frame, &title, &texts, texts.rules(h.game));
        notes.extend(rules.iter().map(|_| None));
        pages.extend(rules);
    }
    if h.copies > 0 {
        let sheet = game_sheet(spec, &frame, &title, &texts)?;
        for _ in 0..h.copies {
            pages.push(sheet.clone());
            notes.push(None);
        }
    }
    let mut exercises = Vec::new();
    let mut key = Vec::new();
    if let Some(kind) = spec.exercise_kind() {
        let settings = ExerciseSettings {
            kind,
            count: spec.worksheet.exercises as usize,
            seed: spec.worksheet.seed,
            sos_size: spec.sos_size().ok_or_else(|| {
                HandoutError::Value(format!(
                    "`sos-size` must be columns x rows, each 3 to 8, not \"{}\"",
                    spec.worksheet.sos_size
                ))
            })?,
            map: crate::maps::builtin_functional(&spec.worksheet.map).ok_or_else(|| {
                HandoutError::Value(format!(
                    "`{}` is not a built-in functional map",
                    spec.worksheet.map
                ))
            })?,
        };
        exercises = exercises::generate(&settings);
        let seed_note = format!("{} {}", texts.seed_label, spec.worksheet.seed);
        let mut section = |heading: &str, answer_key: bool, pages: &mut Vec<Page>| {
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
                pages.len(),
                &new_page,
            );
            notes.extend(new.iter().map(|_| Some(seed_note.clone())));
            pages.extend(new);
            placed
        };
        let sheet_heading = format!("{} — {title}", texts.worksheet_heading);
        section(&sheet_heading, false, &mut pages);
        if spec.worksheet.answer_key {
            let key_heading = format!("{} — {title}", texts.answer_key_heading);
            key = section(&key_heading, true, &mut pages);
        }
    }
    draw_footers(&mut pages, &frame, &texts, &notes);
    Ok(Handout {
        document: Document {
            metadata: Metadata {
                title,
                creator: format!("paperboard {}", env!("CARGO_PKG_VERSION")),
                subject: None,
            },
            pages,
        },
        exercises,
        key,
    })
}

/// The game sheet, on the handout's paper, moved down to make room for the
/// header with its name / class / date line (the sheet's own write-in lines
/// are left out: the header has them).
fn game_sheet(
    spec: &HandoutSpec,
    frame: &Frame,
    title: &str,
    texts: &texts::Texts,
) -> Result<Page, HandoutError> {
    let h = &spec.handout;
    let paper = |key: &str, value: String| Override {
        key: key.into(),
        value,
    };
    let (size, orientation) = (spec.page.size, spec.page.orientation);
    let mut sets = vec![
        paper("page.size", format!("{size:?}")),
        paper(
            "page.orientation",
            format!("{orientation:?}").to_lowercase(),
        ),
    ];
    for s in &h.set {
        sets.push(s.parse().map_err(HandoutError::Set)?);
    }
    let name = h.sheet_name();
    let unknown = || {
        HandoutError::Spec(SpecError::Unknown(
            name.to_string(),
            crate::spec::templates::names().join(", "),
        ))
    };
    let sheet_path = if crate::spec::templates::get(name).is_some() {
        name.to_string()
    } else if !crate::input::looks_like_path(name) {
        return Err(unknown());
    } else {
        // A sheet spec named in the handout spec lives beside it.
        let folder = spec.folder.as_ref().ok_or_else(unknown)?;
        let path = crate::input::inside(folder, name).map_err(SpecError::from)?;
        path.to_string_lossy().into_owned()
    };
    let mut sheet = crate::spec::load_with_trust(&sheet_path, &sets, &spec.command_line_set)?;
    drop_parts(&mut sheet);
    let header = frame.header_height(title, texts, true);
    let m = &mut sheet.page.margins;
    m.top = frame.inner.y + header;
    m.bottom = frame.height - frame.inner.bottom() + FOOTER_BAND;
    let mut doc = crate::layout::layout(&sheet).map_err(|source| HandoutError::Sheet {
        sheet: h.sheet_name().to_string(),
        source,
    })?;
    let mut page = doc.pages.remove(0);
    draw_header(frame, &mut page, title, texts, true);
    Ok(page)
}

/// Removes what the handout's header replaces: the sheet's title (the part
/// with id `title`), its name lines (`[[write-in]]` parts), and boxes left
/// empty by that, with every mention of them.
fn drop_parts(sheet: &mut crate::spec::Spec) {
    let mut gone: Vec<String> = sheet
        .write_in
        .iter()
        .map(|w| w.id.get_ref().clone())
        .collect();
    gone.push("title".into());
    sheet.write_in.clear();
    sheet.text.retain(|t| t.id.get_ref() != "title");
    loop {
        let keep =
            |items: &mut Vec<toml::Spanned<String>>| items.retain(|i| !gone.contains(i.get_ref()));
        keep(&mut sheet.layout.items);
        sheet.boxes.iter_mut().for_each(|b| keep(&mut b.items));
        let empty: Vec<String> = sheet
            .boxes
            .iter()
            .filter(|b| b.items.is_empty())
            .filter_map(|b| b.id.as_ref().map(|i| i.get_ref().clone()))
            .collect();
        if empty.is_empty() {
            break;
        }
        sheet.boxes.retain(|b| !b.items.is_empty());
        gone.extend(empty);
    }
}
