//! `paperboard layout`: where everything is on a laid-out sheet — the page,
//! the alignment marks, the sheet code, every part with its playable cells
//! and record boxes — in millimetres from the page's top-left corner, read
//! off the same sheet `render` draws (so a script or the web page can place
//! things on it, and a photograph reader knows where to look).

use std::process::ExitCode;

use miette::IntoDiagnostic;
use paperboard_sheets::layout::geometry::SheetGeometry;

use super::render::SheetArgs;
use crate::console::Printer;

/// Arguments of `paperboard layout`.
#[derive(clap::Args)]
pub struct Args {
    /// The sheet, as `render` takes it.
    #[command(flatten)]
    pub sheet: SheetArgs,
    /// Print the geometry as one JSON document: `{"version": …, "page": …, "code": …,
    /// "marks": […], "parts": [{"id": …, "kind": …, "rect_mm": [x, y, w, h],
    /// "cells": […], "boxes": […]}, …]}`.
    #[arg(long)]
    pub json: bool,
}

/// `layout --json`: the program's version, as every JSON document has it,
/// then the geometry.
#[derive(serde::Serialize)]
struct LayoutJson<'a> {
    version: &'static str,
    #[serde(flatten)]
    geometry: &'a SheetGeometry,
}

/// Runs `paperboard layout`.
pub fn run(args: Args) -> miette::Result<ExitCode> {
    let spec = args.sheet.load()?;
    let sheet = paperboard_sheets::layout::layout(&spec)?;
    let geometry = paperboard_sheets::layout::geometry(&sheet);
    let mut out = Printer::new();
    if args.json {
        let document = LayoutJson {
            version: env!("CARGO_PKG_VERSION"),
            geometry: &geometry,
        };
        out.line(&serde_json::to_string(&document).into_diagnostic()?)?;
    } else {
        for line in summary(&geometry) {
            out.line(&line)?;
        }
    }
    out.finish()?;
    Ok(ExitCode::SUCCESS)
}

/// The geometry in a few lines for a person: the page, the code, each part
/// with its rectangle and how many cells and boxes it has.
fn summary(g: &SheetGeometry) -> Vec<String> {
    let mut lines = vec![format!(
        "page {} × {} mm",
        g.page.width_mm, g.page.height_mm
    )];
    match &g.code {
        Some(c) => lines.push(format!(
            "code \"{}\" at {}, {} mm, {} mm wide; {} alignment marks",
            c.text,
            c.x_mm,
            c.y_mm,
            c.size_mm,
            g.marks.len()
        )),
        None => lines.push("no code and no alignment marks".into()),
    }
    for p in &g.parts {
        let [x, y, w, h] = p.rect_mm;
        let mut line = format!("{} ({}) at {x}, {y} mm, {w} × {h} mm", p.id, p.kind);
        if !p.cells.is_empty() {
            line.push_str(&format!(", {} cells", p.cells.len()));
        }
        if let (Some(first), Some(last)) = (p.boxes.first(), p.boxes.last()) {
            line.push_str(&format!(
                ", {} boxes for plies {} to {}",
                p.boxes.len(),
                first.ply,
                last.ply
            ));
        }
        lines.push(line);
    }
    lines
}
