//! Layout: a validated spec in, a backend-neutral display list out.
//!
//! [`arrange`] measures and places the parts; one module per part kind draws
//! it ([`field`], [`record`], [`tracking`], [`text`]); this module checks the
//! result fits the page without overlaps before anything is drawn.

pub mod arrange;
pub mod field;
pub mod games;
pub mod parts;
pub mod record;
pub mod text;
pub mod tracking;

use miette::Diagnostic;

use crate::display::{Document, Metadata, Page, Rect};
use crate::spec::Spec;
use arrange::{Placed, Size};

/// Why a spec cannot be laid out.
#[derive(Debug, thiserror::Error, Diagnostic)]
pub enum LayoutError {
    /// Parts reach into the margins or off the page.
    #[error("the layout does not fit the page: {0}")]
    #[diagnostic(
        code(paperboard::layout::does_not_fit),
        help("make cells, rows or gaps smaller, drop a part, or use \"fit\" sizes")
    )]
    DoesNotFit(String),
    /// Two parts cover the same area.
    #[error("parts overlap: {0}")]
    #[diagnostic(
        code(paperboard::layout::overlap),
        help("move a pinned part (`at`) or arrange it in a box instead")
    )]
    Overlap(String),
}

/// Tolerance for floating-point edges, mm.
const EPS: f64 = 1e-6;

/// Lays out a spec as a one-page document.
pub fn layout(spec: &Spec) -> Result<Document, LayoutError> {
    let (w, h) = spec.page.size_mm();
    let m = spec.page.margins;
    let content = Rect::new(m.left, m.top, w - m.left - m.right, h - m.top - m.bottom);
    let placed = arrange::arrange(spec, content, Size { w, h });
    check_fits(&placed, content)?;
    check_overlaps(&placed)?;
    let maps_label = spec.maps_label();
    let mut page = Page::new(w, h);
    for p in &placed {
        parts::draw(&p.part, p.rect, &p.fitted, &maps_label, &mut page);
    }
    Ok(Document {
        metadata: Metadata {
            title: spec.document.title.clone(),
            creator: format!("paperboard {}", env!("CARGO_PKG_VERSION")),
            subject: (!maps_label.is_empty()).then_some(maps_label),
        },
        pages: vec![page],
    })
}

fn check_fits(placed: &[Placed], content: Rect) -> Result<(), LayoutError> {
    let mut problems = Vec::new();
    for p in placed {
        let r = p.rect;
        let sides = [
            ("top", content.y - r.y),
            ("right", r.right() - content.right()),
            ("bottom", r.bottom() - content.bottom()),
            ("left", content.x - r.x),
        ];
        let over: Vec<String> = sides
            .iter()
            .filter(|(_, by)| *by > EPS)
            .map(|(side, by)| format!("{by:.1} mm past the {side} margin"))
            .collect();
        if !over.is_empty() {
            problems.push(format!("`{}` reaches {}", p.id, over.join(" and ")));
        }
    }
    if problems.is_empty() {
        return Ok(());
    }
    // A part already shrunk to its minimum is what crowds the others out.
    for p in placed {
        if let Some(min) = parts::minimum_cell(&p.part, &p.fitted) {
            problems.push(format!(
                "`{}` has shrunk to its minimum cell of {min} mm",
                p.id
            ));
        }
    }
    Err(LayoutError::DoesNotFit(problems.join("; ")))
}

fn check_overlaps(placed: &[Placed]) -> Result<(), LayoutError> {
    let mut problems = Vec::new();
    for (i, a) in placed.iter().enumerate() {
        for b in &placed[i + 1..] {
            if a.rect.overlaps(&b.rect) {
                let w = a.rect.right().min(b.rect.right()) - a.rect.x.max(b.rect.x);
                let h = a.rect.bottom().min(b.rect.bottom()) - a.rect.y.max(b.rect.y);
                problems.push(format!(
                    "`{}` and `{}` overlap by {w:.1} × {h:.1} mm",
                    a.id, b.id
                ));
            }
        }
    }
    if problems.is_empty() {
        Ok(())
    } else {
        Err(LayoutError::Overlap(problems.join("; ")))
    }
}

#[cfg(test)]
mod tests;
