//! Layout: a validated spec in, a [`Sheet`] out: the backend-neutral display
//! list, and every part with its place and its geometry.
//!
//! The arrangement engine measures and places the parts (each kind measures and draws
//! itself, see [`crate::parts`]); this module checks the result fits the page
//! without overlaps before anything is drawn. Measuring happens once: the
//! drawing and whoever reads the sheet afterwards (a game diagram, a test)
//! use the geometry it produced.

mod arrange;
pub mod code;
mod error;
pub mod geometry;
pub(crate) mod marks;
mod qr;
mod says;
#[cfg(test)]
mod tests;
pub(crate) mod texts;

pub use code::{SheetCode, SheetName};
pub(crate) use error::chars_text;
pub use error::{LayoutError, Overflow, Overlap, Side, TextFault, TextProblem};
pub use geometry::{FieldCell, SheetGeometry, geometry};
pub(crate) use marks::PlacedCode;

use crate::display::{Document, Metadata, Page, Rect};
use crate::parts::words::Words;
use crate::parts::{Context, PartGeometry};
use crate::source::words;
use crate::spec::Spec;
use arrange::Placed;

/// Tolerance for floating-point edges, mm.
const EPS: f64 = 1e-6;

/// The fewest rows a record table gives up its rows to for the marks: a
/// sheet whose record would hold less prints without marks and code.
const LEAST_ROWS_FOR_MARKS: u32 = 12;

/// A laid-out sheet: the page as drawn, and where each part is.
#[derive(Debug, Clone, PartialEq)]
pub struct Sheet {
    document: Document,
    parts: Vec<SheetPart>,
    /// The alignment marks, top-left, top-right, bottom-left, bottom-right
    /// (none when the sheet has none).
    marks: Vec<Rect>,
    /// The sheet code and where it is printed, if it is.
    code: Option<PlacedCode>,
}

/// One part of a laid-out sheet.
#[derive(Debug, Clone, PartialEq)]
pub struct SheetPart {
    id: String,
    kind: &'static str,
    rect: Rect,
    geometry: PartGeometry,
}

impl SheetPart {
    /// The part's id in the spec.
    pub fn id(&self) -> &str {
        &self.id
    }
    /// The part's kind, as the spec names it (`sos-board`).
    pub fn kind(&self) -> &'static str {
        self.kind
    }
    /// Everything the part draws lies inside this rectangle.
    pub fn rect(&self) -> Rect {
        self.rect
    }
    /// What the layout decided for the part, with queries for its cells.
    pub(crate) fn geometry(&self) -> &PartGeometry {
        &self.geometry
    }
}

impl Sheet {
    /// The sheet as a one-page document.
    pub fn document(&self) -> &Document {
        &self.document
    }
    /// Every part, in the order they were placed (arranged parts, then pinned ones).
    pub fn parts(&self) -> &[SheetPart] {
        &self.parts
    }
    /// The part with id `id`.
    pub fn part(&self, id: &str) -> Option<&SheetPart> {
        self.parts.iter().find(|p| p.id == id)
    }
    /// The alignment marks as printed, top-left, top-right, bottom-left,
    /// bottom-right; empty when the sheet has none (`[page] marks = false`).
    pub fn marks(&self) -> &[Rect] {
        &self.marks
    }
    /// The sheet code and where it is printed, if it is.
    pub(crate) fn code(&self) -> Option<&PlacedCode> {
        self.code.as_ref()
    }
    /// The same sheet as copy `copy` of a handout: its code says so.
    pub fn with_copy(mut self, copy: u32) -> Sheet {
        if let (Some(code), Some(page)) = (&mut self.code, self.document.pages.first_mut()) {
            code.set_copy(copy, page);
        }
        self
    }
    /// The document and the parts, to draw on the page further.
    pub fn into_parts(self) -> (Document, Vec<SheetPart>) {
        (self.document, self.parts)
    }

    /// The sheet's page and the parts, to draw on the page further.
    pub(crate) fn into_page(self) -> (Page, Vec<SheetPart>) {
        // A sheet is one page (made by `layout`).
        let page = self
            .document
            .pages
            .into_iter()
            .next()
            .unwrap_or_else(|| Page::new(0.0, 0.0));
        (page, self.parts)
    }
}

/// Lays out a spec as a one-page sheet.
pub fn layout(spec: &Spec) -> Result<Sheet, LayoutError> {
    let (w, h) = spec.page().size_mm();
    let page_content = spec.page().content();
    let cx = context(spec);
    let (placed, code_rect) = arranged(spec, page_content, &cx)?;
    check_overlaps(&placed)?;
    let mut page = Page::new(w, h);
    for p in &placed {
        let start = page.items.len();
        p.part.draw(&p.geometry, &cx, &mut page);
        texts::fit_texts(&mut page.items[start..], p.rect).map_err(|(text, fault)| {
            let place = match spec.set_writing(&text) {
                Some(set) => format!("`{}` (--set {})", p.id, words::quote_at_most(set, 80)),
                None => format!("`{}`", p.id),
            };
            let problem = TextProblem { place, text, fault };
            located(spec, &p.id, problem.into_error())
        })?;
    }
    let (marks, code) = match code_rect {
        Some(rect) => {
            let marks = marks::draw_marks(page_content, &mut page);
            let code = marks::PlacedCode::draw(sheet_code(spec), rect, &mut page);
            (marks, code)
        }
        None => (Vec::new(), None),
    };
    let maps_label = cx.words.maps().to_string();
    Ok(Sheet {
        marks,
        code,
        document: Document {
            metadata: Metadata {
                title: cx.words.expand(&spec.document().title),
                creator: crate::CREATOR.to_string(),
                subject: (!maps_label.is_empty()).then_some(maps_label),
            },
            pages: vec![page],
        },
        parts: placed
            .into_iter()
            .map(|p| SheetPart {
                id: p.id,
                kind: p.part.kind(),
                rect: p.rect,
                geometry: p.geometry,
            })
            .collect(),
    })
}

/// The code a sheet of `spec` prints (copy 1; a handout numbers its copies
/// with [`Sheet::with_copy`]).
pub(crate) fn sheet_code(spec: &Spec) -> SheetCode {
    let identity = spec.identity();
    let page = spec.page();
    SheetCode {
        sheet: match identity.template {
            Some(t) => SheetName::Template(t),
            None => SheetName::Hash(identity.hash),
        },
        paper: page.size,
        orientation: page.orientation,
        language: spec.language(),
        first_ply: spec.first_ply(),
        copy: 1,
    }
}

/// The parts placed for `spec` inside the page's content area, and where
/// the sheet code goes (`None`: the sheet
/// prints no marks and no code).
///
/// A sheet with marks tries, in order: the parts between the marks' bands
/// with the code in a square of white they leave; then a band for the code
/// under them; then the same with a record sized to fit giving up its
/// least rows one at a time (the Strategic sheets on Letter, and in a
/// handout under its header, whose field is at its smallest cell): a sheet
/// that can be read back is worth more than the last rows of a long game,
/// which goes on on a record sheet from the row the note names. Only when
/// none of that fits does the sheet print without marks and code, and only
/// when even that does not fit is it refused, with the overflow of that
/// last try.
fn arranged<'s>(
    spec: &'s Spec,
    page_content: Rect,
    cx: &Context,
) -> Result<(Vec<Placed<'s>>, Option<Rect>), LayoutError> {
    if spec.marks() {
        let caps = std::iter::once(None).chain(rows_to_give_up(spec).map(Some));
        for cap in caps {
            let cx = Context {
                least_rows_cap: cap,
                ..cx.clone()
            };
            if let Some((placed, code)) = with_marks(spec, page_content, &cx) {
                return Ok((placed, Some(code)));
            }
        }
    }
    let placed = arrange::arrange(spec, page_content, cx);
    check_fits(&placed, page_content)?;
    Ok((placed, None))
}

/// The parts placed between the marks' bands with the code where they
/// leave it room, or above a band kept for it; `None` when neither fits.
fn with_marks<'s>(
    spec: &'s Spec,
    page_content: Rect,
    cx: &Context,
) -> Option<(Vec<Placed<'s>>, Rect)> {
    let slim = marks::marks_area(page_content);
    let placed = arrange::arrange(spec, slim, cx);
    if check_fits(&placed, slim).is_ok() {
        let rects: Vec<Rect> = placed.iter().map(|p| p.rect).collect();
        if let Some(spot) = marks::free_code_spot(slim, &rects) {
            return Some((placed, spot));
        }
    }
    let banded = marks::parts_area(page_content);
    let placed = arrange::arrange(spec, banded, cx);
    check_fits(&placed, banded)
        .is_ok()
        .then(|| (placed, marks::code_between_marks(page_content)))
}

/// The least rows a fitted record may be held to, from one under its
/// spec's `least-rows` down to [`LEAST_ROWS_FOR_MARKS`]: none when the
/// sheet has no record whose rows are fitted and kept at a least.
fn rows_to_give_up(spec: &Spec) -> impl Iterator<Item = u32> {
    let most = spec
        .raw()
        .record_tables
        .iter()
        .filter(|r| r.rows.is_fit())
        .map(|r| r.least_rows)
        .max()
        .unwrap_or(0);
    (LEAST_ROWS_FOR_MARKS..most).rev()
}

impl Spec {
    /// The sheet's title as it prints: `[document] title` with its
    /// placeholders (`{strategic}`) in the sheet's language. Cheap: nothing
    /// is laid out.
    pub fn title(&self) -> String {
        context(self).words.expand(&self.document().title)
    }
}

/// What every part is measured and drawn with: the sheet's words in its
/// language, with its maps and rules.
pub(crate) fn context(spec: &Spec) -> Context {
    Context {
        words: Words::new(
            spec.language(),
            spec.maps_label(),
            spec.raw()
                .field_ruleset()
                .map(|(ruleset, _)| ruleset.kind()),
            spec.options(),
        ),
        least_rows_cap: None,
    }
}

/// A text error pointed at the line of the spec that writes the text, or
/// else at the part's id.
fn located(spec: &Spec, part: &str, e: LayoutError) -> LayoutError {
    if let LayoutError::Text { problem, .. } = &e
        && spec.set_writing(&problem.text).is_some()
    {
        // Written by a change on the command line: the message names it.
        return e;
    }
    let src = spec.source();
    match e.located_in(src) {
        LayoutError::Text {
            problem,
            advice,
            span: None,
            ..
        } => LayoutError::Text {
            problem,
            advice,
            span: id_span(spec, part).map(|at| src.label(at)),
            src: Some(src.clone()),
        },
        e => e,
    }
}

/// Where a part's id is written, if it is.
fn id_span(spec: &Spec, part: &str) -> Option<std::ops::Range<usize>> {
    spec.nodes()
        .into_iter()
        .find(|(id, _, _)| id == part)
        .and_then(|(_, span, _)| (!span.is_empty()).then_some(span))
}

fn check_fits(placed: &[Placed], content: Rect) -> Result<(), LayoutError> {
    let mut overflows = Vec::new();
    for p in placed {
        let r = p.rect;
        let sides = [
            (Side::Top, content.y - r.y),
            (Side::Right, r.right() - content.right()),
            (Side::Bottom, r.bottom() - content.bottom()),
            (Side::Left, content.x - r.x),
        ];
        let past: Vec<(Side, f64)> = sides.into_iter().filter(|(_, by)| *by > EPS).collect();
        if !past.is_empty() {
            overflows.push(Overflow {
                part: p.id.clone(),
                past,
            });
        }
    }
    if overflows.is_empty() {
        return Ok(());
    }
    // A part already shrunk to its minimum is what crowds the others out.
    let at_minimum = placed
        .iter()
        .filter_map(|p| Some((p.id.clone(), p.part.at_minimum(&p.geometry)?)))
        .collect();
    Err(LayoutError::DoesNotFit {
        overflows,
        at_minimum,
    })
}

fn check_overlaps(placed: &[Placed]) -> Result<(), LayoutError> {
    let mut overlaps = Vec::new();
    for (i, a) in placed.iter().enumerate() {
        for b in &placed[i + 1..] {
            if a.rect.overlaps(&b.rect) {
                overlaps.push(Overlap {
                    parts: [a.id.clone(), b.id.clone()],
                    width: a.rect.right().min(b.rect.right()) - a.rect.x.max(b.rect.x),
                    height: a.rect.bottom().min(b.rect.bottom()) - a.rect.y.max(b.rect.y),
                });
            }
        }
    }
    if overlaps.is_empty() {
        Ok(())
    } else {
        Err(LayoutError::Overlap { overlaps })
    }
}
