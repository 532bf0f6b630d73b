//! The strategic field: 3×3 strategic cells, each 9×9 cells, with the
//! row-number column left of each strategic cell, the per-cell numbers and the
//! ST labels around it.
//!
//! Across one strategic column the field reads, left to right:
//! row numbers | grid | middle-row labels, then the gap to the next column.
//! Down one strategic row: top-row labels, grid, bottom-row labels, gap.

use super::arrange::Size;
use super::text::{self, Style, centered};
use crate::display::{Anchor, Color, FontWeight, Page, Point, Rect, Stroke};
use crate::spec::StrategicField;

/// Every measurement of a field with a given cell size, mm.
#[derive(Debug, Clone, Copy)]
pub struct Geometry {
    /// Cell side.
    pub cell: f64,
    /// Width of the row-number column (0 without row numbers).
    pub number_col: f64,
    /// Height of the label bands above and below a strategic cell.
    pub label_band: f64,
    /// Width of the label column right of a strategic cell.
    pub label_col: f64,
    /// Half the widest line: how far lines spill past the grid's edges.
    pub spill: f64,
    /// Extra space between neighbouring strategic cells' decorations.
    pub gap: f64,
    /// Font sizes of row numbers, ST labels and per-cell numbers.
    pub number_size: f64,
    /// ST label font size.
    pub label_size: f64,
    /// Per-cell number font size.
    pub cell_number_size: f64,
}

/// Space between a label and the grid line it stands beside, in label ems.
const LABEL_CLEARANCE: f64 = 0.3;

impl Geometry {
    /// The geometry of `field` drawn with `cell` mm cells.
    pub fn new(field: &StrategicField, cell: f64) -> Self {
        let label_size = field.label_size.unwrap_or(0.42 * cell);
        let labels = field.st_labels;
        let two_digits = text::width("99", label_size, FontWeight::Regular);
        Geometry {
            cell,
            number_col: if field.row_map.is_some() { cell } else { 0.0 },
            label_band: if labels {
                crate::fonts::cap_height(label_size) + 2.0 * LABEL_CLEARANCE * label_size
            } else {
                0.0
            },
            label_col: if labels {
                two_digits + 2.0 * LABEL_CLEARANCE * label_size
            } else {
                0.0
            },
            spill: field
                .line_strategic
                .max(field.line_tactical)
                .max(field.line_cell)
                / 2.0,
            gap: field.gap,
            number_size: field.row_number_size.unwrap_or(0.6 * cell),
            label_size,
            cell_number_size: field.cell_number_size.unwrap_or(0.36 * cell),
        }
    }

    fn column_pitch(&self) -> f64 {
        self.number_col + 2.0 * self.spill + 9.0 * self.cell + self.label_col + self.gap
    }

    fn row_pitch(&self) -> f64 {
        2.0 * self.label_band + 2.0 * self.spill + 9.0 * self.cell + self.gap
    }

    /// The whole field's extent.
    pub fn size(&self) -> Size {
        Size {
            w: 3.0 * self.column_pitch() - self.gap,
            h: 3.0 * self.row_pitch() - self.gap,
        }
    }

    /// Top-left corner of strategic cell `s` (1..=9)'s 9×9 grid, relative to
    /// the field's top-left corner.
    pub fn grid_origin(&self, s: u8) -> Point {
        let (row, col) = (f64::from((s - 1) / 3), f64::from((s - 1) % 3));
        Point::new(
            col * self.column_pitch() + self.number_col + self.spill,
            row * self.row_pitch() + self.label_band + self.spill,
        )
    }
}

/// The largest cell whose field fits `avail`, unbounded.
fn largest_cell(field: &StrategicField, avail: Size) -> f64 {
    // Every extent is affine in the cell size, so two samples give it exactly.
    let (a, b) = (
        Geometry::new(field, 1.0).size(),
        Geometry::new(field, 2.0).size(),
    );
    let solve = |at1: f64, at2: f64, room: f64| (room - (2.0 * at1 - at2)) / (at2 - at1);
    solve(a.w, b.w, avail.w).min(solve(a.h, b.h, avail.h))
}

/// The largest cell (within the field's `max-cell`, at least its `min-cell`
/// or 2 mm) whose field fits `avail`.
pub fn fit_cell(field: &StrategicField, avail: Size) -> f64 {
    largest_cell(field, avail)
        .min(field.max_cell)
        .max(field.min_cell.unwrap_or(2.0))
}

/// The `preferred` cell if the field fits `avail` with it, else the largest
/// that fits, `preferred` minus whole 0.1 mm steps, but not below `min`
/// (where the layout's fit check reports the overflow).
pub fn shrink_cell(field: &StrategicField, preferred: f64, min: f64, avail: Size) -> f64 {
    let short = preferred - largest_cell(field, avail);
    if short <= 1e-9 {
        return preferred;
    }
    let steps = (short / 0.1 - 1e-9).ceil();
    (preferred - steps * 0.1).max(min.min(preferred))
}

/// Draws `field` with `cell` mm cells inside `rect`.
pub fn draw(field: &StrategicField, cell: f64, rect: Rect, page: &mut Page) {
    let g = Geometry::new(field, cell);
    for s in 1..=9u8 {
        let o = g.grid_origin(s);
        let origin = Point::new(rect.x + o.x, rect.y + o.y);
        if let Some((_, map)) = &field.cell_map {
            cell_numbers(
                &g,
                origin,
                field.cell_number_color,
                |r, c| map.cells[usize::from(s - 1)][r * 9 + c],
                page,
            );
        }
        grid_lines(field, &g, origin, page);
        if let Some((_, map)) = &field.row_map {
            for (r, n) in map.column_for(s).iter().enumerate() {
                centered(
                    page,
                    origin.x - g.spill - g.number_col / 2.0,
                    origin.y + (r as f64 + 0.5) * cell,
                    Style {
                        size: g.number_size,
                        anchor: Anchor::Middle,
                        weight: FontWeight::Bold,
                        color: Color::BLACK,
                    },
                    n.to_string(),
                );
            }
        }
        if field.st_labels {
            st_labels(field, &g, s, origin, page);
        }
    }
}

fn cell_numbers(
    g: &Geometry,
    origin: Point,
    color: Color,
    number: impl Fn(usize, usize) -> u8,
    page: &mut Page,
) {
    for r in 0..9 {
        for c in 0..9 {
            centered(
                page,
                origin.x + (c as f64 + 0.5) * g.cell,
                origin.y + (r as f64 + 0.5) * g.cell,
                Style {
                    size: g.cell_number_size,
                    anchor: Anchor::Middle,
                    weight: FontWeight::Regular,
                    color,
                },
                number(r, c).to_string(),
            );
        }
    }
}

/// Thin lines first, then medium, then thick, so heavier lines paint over
/// lighter ones where they cross.
fn grid_lines(field: &StrategicField, g: &Geometry, origin: Point, page: &mut Page) {
    let side = 9.0 * g.cell;
    let weights = [
        (field.line_cell, [1, 2, 4, 5, 7, 8].as_slice()),
        (field.line_tactical, [3, 6].as_slice()),
        (field.line_strategic, [0, 9].as_slice()),
    ];
    for (width, indices) in weights {
        // Solid lines have square caps, so the outline's corners close.
        let stroke = Stroke::solid(width).with_color(field.line_color);
        for &i in indices {
            page.grid_lines(origin, i as f64 * g.cell, side, stroke);
        }
    }
}

/// Labels `S1`..`S3` above the top tactical row, `S7`..`S9` below the bottom
/// one, and the middle row's `S4`, `S5`, `S6` in a column at the right side,
/// beside grid rows 4, 5 and 6 (the left side holds the row numbers, and the
/// centre tactical cell has no outer side of its own).
fn st_labels(field: &StrategicField, g: &Geometry, s: u8, origin: Point, page: &mut Page) {
    let cell = g.cell;
    let clearance = LABEL_CLEARANCE * g.label_size;
    let half_cap = crate::fonts::cap_height(g.label_size) / 2.0;
    let mut label = |x: f64, cy: f64, t: u8| {
        centered(
            page,
            x,
            cy,
            Style {
                size: g.label_size,
                anchor: Anchor::Middle,
                weight: FontWeight::Regular,
                color: field.label_color,
            },
            format!("{s}{t}"),
        );
    };
    let above = origin.y - g.spill - clearance - half_cap;
    let below = origin.y + 9.0 * cell + g.spill + clearance + half_cap;
    for k in 0..3u8 {
        let x = origin.x + (3.0 * f64::from(k) + 1.5) * cell;
        label(x, above, 1 + k);
        label(x, below, 7 + k);
        let side_x = origin.x + 9.0 * cell + g.spill + g.label_col / 2.0;
        label(side_x, origin.y + (3.5 + f64::from(k)) * cell, 4 + k);
    }
}
