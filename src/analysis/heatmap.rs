//! The distance matrix as a heat map, built as a display list.
//!
//! One A4 portrait page: the N×N matrix with the node names along both axes
//! (rows: full names; columns: strategic cell over band or tactical cell, since
//! the display list has no rotated text), a legend of the colour scale, and the
//! figures as a caption. The colour scale darkens monotonically with distance,
//! so the page reads the same printed in greyscale.

use super::{Analysis, Ruleset};
use crate::display::{
    Anchor, Color, Document, FontWeight, Metadata, Page, Point, Rect, Stroke, TextStyle,
};
use crate::fonts::text_width;

/// Page size, mm (A4 portrait).
const PAGE: (f64, f64) = (210.0, 297.0);
/// Margin on every side, mm.
const MARGIN: f64 = 14.0;
/// Cells at least this wide (mm) carry their distance as a digit.
const MIN_CELL_FOR_DIGITS: f64 = 4.0;

/// Sequential scale from light to dark (ColorBrewer YlGnBu), luminance
/// strictly decreasing so greyscale prints keep the order.
const RAMP: [Color; 7] = [
    Color::rgb(0xff, 0xff, 0xd9),
    Color::rgb(0xc7, 0xe9, 0xb4),
    Color::rgb(0x7f, 0xcd, 0xbb),
    Color::rgb(0x41, 0xb6, 0xc4),
    Color::rgb(0x1d, 0x91, 0xc0),
    Color::rgb(0x22, 0x5e, 0xa8),
    Color::rgb(0x0c, 0x2c, 0x84),
];

/// Colour of a pair with no path at all: darker than any distance.
pub(crate) const NO_PATH: Color = Color::BLACK;

/// Relative luminance (0 = black, 1 = white) of an sRGB colour.
pub(crate) fn luminance(c: Color) -> f64 {
    let lin = |v: u8| {
        let v = f64::from(v) / 255.0;
        if v <= 0.04045 {
            v / 12.92
        } else {
            ((v + 0.055) / 1.055).powf(2.4)
        }
    };
    0.2126 * lin(c.r) + 0.7152 * lin(c.g) + 0.0722 * lin(c.b)
}

/// The colour of distance `d` on a scale whose largest distance is `largest`:
/// 1 is the lightest, `largest` the darkest.
pub fn shade(d: Option<u32>, largest: u32) -> Color {
    let Some(d) = d else { return NO_PATH };
    let t = if largest <= 1 {
        0.0
    } else {
        f64::from(d.clamp(1, largest) - 1) / f64::from(largest - 1)
    };
    let pos = t * (RAMP.len() - 1) as f64;
    let i = (pos.floor() as usize).min(RAMP.len() - 2);
    let f = pos - i as f64;
    let mix = |a: u8, b: u8| (f64::from(a) + (f64::from(b) - f64::from(a)) * f).round() as u8;
    let (a, b) = (RAMP[i], RAMP[i + 1]);
    Color::rgb(mix(a.r, b.r), mix(a.g, b.g), mix(a.b, b.b))
}

/// Where the heat map put the matrix, for callers that look at single cells.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Grid {
    /// Top-left corner of cell (0, 0), mm.
    pub origin: Point,
    /// Side of one cell, mm.
    pub cell: f64,
    /// Nodes per side.
    pub n: usize,
}

impl Grid {
    /// The rectangle of the cell in row `from`, column `to`.
    pub fn cell_rect(&self, from: usize, to: usize) -> Rect {
        Rect::new(
            self.origin.x + to as f64 * self.cell,
            self.origin.y + from as f64 * self.cell,
            self.cell,
            self.cell,
        )
    }
}

/// The caption lines: what the figures are.
pub(crate) fn caption_lines(a: &Analysis) -> Vec<String> {
    let f = &a.figures;
    let mut lines = vec![
        format!(
            "{} nodes, {} edges; mean distance {}",
            f.nodes,
            f.edges,
            f.mean_text()
        ),
        format!(
            "return distances {} ({}); largest distance {}",
            f.return_set_text(),
            f.return_histogram_text(),
            f.largest_text()
        ),
    ];
    lines.push("Row: where a player is sent from; column: where to; cell: fewest moves.".into());
    lines.push("Outlined diagonal: moves until the player is sent back to the same place.".into());
    lines.push(match a.ruleset {
        Ruleset::Functional(_) => {
            "Nodes: S5 band 2 = tactical cells 4-6 (the middle row) of strategic cell 5.".into()
        }
        _ => "Nodes: ST 57 = tactical cell 7 of strategic cell 5.".into(),
    });
    if matches!(a.ruleset, Ruleset::Hyperfunctional(_)) {
        lines.push(
            "The functional map is printed on the sheet too; the moves follow the hyperfunctional map alone."
                .into(),
        );
    }
    lines
}

/// The heat map page for an analysis, and where its grid is.
pub fn heatmap(a: &Analysis) -> (Document, Grid) {
    let n = a.graph.len();
    let largest = a.figures.largest.unwrap_or(1);
    let (group, axis_to, axis_from) = if n == 27 {
        (3, "to: strategic cell S, band 1-3", "from:")
    } else {
        (9, "to: strategic cell S, tactical cell T", "from:")
    };
    let mut page = Page::new(PAGE.0, PAGE.1);

    // Title block.
    let mut y = MARGIN + 5.0;
    page.text_at(
        Point::new(MARGIN, y),
        TextStyle::new(6.0).weight(FontWeight::Bold),
        format!("Transition distances: {}", a.label),
    );
    y += 6.0;
    page.text_at(
        Point::new(MARGIN, y),
        TextStyle::new(3.2),
        "How many moves it takes to be sent from one place on the board to another.",
    );

    // Geometry: label column from the longest name at a size that fits a cell.
    let width = PAGE.0 - 2.0 * MARGIN;
    let guess_cell = (width - 20.0) / n as f64;
    let label_size = (guess_cell * 0.72).min(3.2);
    let label_w = a
        .graph
        .names
        .iter()
        .map(|s| text_width(s, FontWeight::Regular, label_size))
        .fold(0.0, f64::max)
        + 2.0;
    let cell = (width - label_w) / n as f64;
    let header_h = 5.0 + label_size * 1.3 + 4.2 + 2.0;
    let origin = Point::new(MARGIN + label_w, y + 4.0 + header_h);
    let grid = Grid { origin, cell, n };
    let right = origin.x + n as f64 * cell;
    let bottom = origin.y + n as f64 * cell;

    // Axis titles.
    let axis_y = y + 8.0;
    page.text_at(
        Point::new((origin.x + right) / 2.0, axis_y),
        TextStyle::new(3.2)
            .anchor(Anchor::Middle)
            .weight(FontWeight::Bold),
        axis_to,
    );

    // Column headers: the strategic cell over each block, the sub-index per column.
    let group_y = origin.y - label_size * 1.3 - 2.5;
    page.text_at(
        Point::new(origin.x - 1.0, group_y),
        TextStyle::new(3.2)
            .anchor(Anchor::End)
            .weight(FontWeight::Bold),
        axis_from,
    );
    for g in 0..n / group {
        let x = origin.x + (g * group) as f64 * cell + group as f64 * cell / 2.0;
        page.text_at(
            Point::new(x, group_y),
            TextStyle::new(3.4)
                .anchor(Anchor::Middle)
                .weight(FontWeight::Bold),
            format!("S{}", g + 1),
        );
    }
    for j in 0..n {
        page.text_at(
            Point::new(origin.x + (j as f64 + 0.5) * cell, origin.y - 1.2),
            TextStyle::new(label_size).anchor(Anchor::Middle),
            format!("{}", j % group + 1),
        );
    }
    // Row labels: full node names.
    for (i, name) in a.graph.names.iter().enumerate() {
        page.text_centred_on(
            origin.x - 1.0,
            origin.y + (i as f64 + 0.5) * cell,
            TextStyle::new(label_size).anchor(Anchor::End),
            name.clone(),
        );
    }

    // The cells, then the digits.
    let digits = cell >= MIN_CELL_FOR_DIGITS;
    for i in 0..n {
        for j in 0..n {
            let d = a.matrix.get(i, j);
            let fill = shade(d, largest);
            page.rect(grid.cell_rect(i, j), Some(fill), None);
            if digits && let Some(d) = d {
                let ink = if luminance(fill) < 0.35 {
                    Color::WHITE
                } else {
                    Color::BLACK
                };
                page.text_centred_on(
                    origin.x + (j as f64 + 0.5) * cell,
                    origin.y + (i as f64 + 0.5) * cell,
                    TextStyle::new(cell * 0.5).anchor(Anchor::Middle).color(ink),
                    d.to_string(),
                );
            }
        }
    }
    // Block separators in white read as gaps in colour and in grey alike.
    let sep = Stroke::solid((cell * 0.18).clamp(0.3, 0.8)).with_color(Color::WHITE);
    for g in 1..n / group {
        let at = (g * group) as f64 * cell;
        page.line(
            Point::new(origin.x + at, origin.y),
            Point::new(origin.x + at, bottom),
            sep,
        );
        page.line(
            Point::new(origin.x, origin.y + at),
            Point::new(right, origin.y + at),
            sep,
        );
    }
    // A black outline on a white halo shows on light and dark cells alike.
    let diag = Stroke::solid((cell * 0.06).clamp(0.15, 0.3));
    let halo = Stroke::solid(diag.width * 2.5).with_color(Color::WHITE);
    for stroke in [halo, diag] {
        for i in 0..n {
            page.rect(grid.cell_rect(i, i), None, Some(stroke));
        }
    }
    page.rect(
        Rect::new(origin.x, origin.y, n as f64 * cell, n as f64 * cell),
        None,
        Some(Stroke::solid(0.3)),
    );

    // Legend: one swatch per distance, plus "no path" when some pair has none.
    let mut y = bottom + 9.0;
    page.text_at(
        Point::new(MARGIN, y),
        TextStyle::new(3.4).weight(FontWeight::Bold),
        "Fewest moves:",
    );
    let mut entries: Vec<(Color, String)> = (1..=largest)
        .map(|d| (shade(Some(d), largest), format!("{d}")))
        .collect();
    if a.figures.unreachable > 0 {
        entries.push((NO_PATH, "no path".into()));
    }
    let swatch = 7.0;
    let mut x = MARGIN + 26.0;
    for (color, label) in entries {
        let r = Rect::new(x, y - swatch * 0.75, swatch, swatch);
        page.rect(r, Some(color), Some(Stroke::solid(0.2)));
        page.text_at(
            Point::new(x + swatch + 1.5, y),
            TextStyle::new(3.4),
            label.clone(),
        );
        x += swatch + 1.5 + text_width(&label, FontWeight::Regular, 3.4) + 5.0;
    }

    // Caption with the figures.
    y += 10.0;
    for (k, line) in caption_lines(a).into_iter().enumerate() {
        page.text_at(
            Point::new(MARGIN, y),
            TextStyle::new(if k < 2 { 3.6 } else { 3.0 }).weight(if k < 2 {
                FontWeight::Bold
            } else {
                FontWeight::Regular
            }),
            line,
        );
        y += 5.5;
    }

    let doc = Document {
        metadata: Metadata {
            title: format!("Transition distances: {}", a.label),
            creator: crate::CREATOR.to_string(),
            subject: Some(a.label.clone()),
        },
        pages: vec![page],
    };
    (doc, grid)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::analyze;
    use crate::display::{Item, Text};
    use crate::maps::{FunctionalMap, map34};

    fn cells_of(doc: &Document, grid: &Grid) -> Vec<(Rect, Color)> {
        doc.pages[0]
            .items
            .iter()
            .filter_map(|it| match it {
                Item::Rect {
                    rect,
                    fill: Some(c),
                    stroke: None,
                } if (rect.w - grid.cell).abs() < 1e-9 && (rect.h - grid.cell).abs() < 1e-9 => {
                    Some((*rect, *c))
                }
                _ => None,
            })
            .collect()
    }

    #[test]
    fn scale_darkens_with_distance() {
        for largest in 2..=9 {
            let lum: Vec<f64> = (1..=largest)
                .map(|d| luminance(shade(Some(d), largest)))
                .collect();
            assert!(
                lum.windows(2).all(|w| w[0] > w[1] + 0.02),
                "{largest}: {lum:?}"
            );
            assert!(luminance(NO_PATH) < lum[lum.len() - 1]);
        }
    }

    #[test]
    fn every_cell_is_drawn_in_the_shade_of_its_distance() {
        for a in [
            analyze("functional map34", Ruleset::Functional(map34())),
            analyze("tactical", Ruleset::Tactical),
        ] {
            let (doc, grid) = heatmap(&a);
            let n = a.graph.len();
            let cells = cells_of(&doc, &grid);
            assert_eq!(cells.len(), n * n, "{}", a.label);
            let largest = a.figures.largest.unwrap();
            for (rect, color) in cells {
                let j = ((rect.x - grid.origin.x) / grid.cell).round() as usize;
                let i = ((rect.y - grid.origin.y) / grid.cell).round() as usize;
                assert_eq!(
                    color,
                    shade(a.matrix.get(i, j), largest),
                    "{} ({i},{j})",
                    a.label
                );
            }
        }
    }

    #[test]
    fn digits_caption_and_labels_are_present_and_on_the_page() {
        let a = analyze("functional map34", Ruleset::Functional(map34()));
        let (doc, grid) = heatmap(&a);
        let texts: Vec<&Text> = doc.pages[0]
            .items
            .iter()
            .filter_map(|it| {
                if let Item::Text(t) = it {
                    Some(t)
                } else {
                    None
                }
            })
            .collect();
        let has = |s: &str| texts.iter().any(|t| t.content.contains(s));
        assert!(has("8/3 = 2.6667"));
        assert!(has("S5 band 2"));
        assert!(has("{3}"));
        // One digit per cell, matching the matrix.
        let in_cell: Vec<&&Text> = texts
            .iter()
            .filter(|t| {
                t.pos.x > grid.origin.x
                    && t.pos.y > grid.origin.y
                    && t.pos.y < grid.origin.y + 27.0 * grid.cell
            })
            .collect();
        assert_eq!(in_cell.len(), 27 * 27);
        for t in &texts {
            let w = text_width(&t.content, t.weight, t.size);
            let (left, right) = match t.anchor {
                Anchor::Start => (t.pos.x, t.pos.x + w),
                Anchor::Middle => (t.pos.x - w / 2.0, t.pos.x + w / 2.0),
                Anchor::End => (t.pos.x - w, t.pos.x),
            };
            assert!(
                left >= 0.0 && right <= PAGE.0 && t.pos.y <= PAGE.1,
                "{:?}",
                t.content
            );
        }
    }

    #[test]
    fn no_path_gets_its_own_shade_and_legend_entry() {
        // Every list sends everything to cell 1: most nodes are never reached.
        let m = FunctionalMap::new([[1; 9]; 3]).unwrap();
        let a = analyze("functional ones", Ruleset::Functional(m));
        let (doc, grid) = heatmap(&a);
        assert!(cells_of(&doc, &grid).iter().any(|&(_, c)| c == NO_PATH));
        assert!(
            doc.pages[0]
                .items
                .iter()
                .any(|it| matches!(it, Item::Text(t) if t.content == "no path"))
        );
    }
}
