//! The distance matrix as a heat map, built as a display list.
//!
//! A figure to drop into a paper: the N×N matrix with the node names along
//! both axes (rows: full names; columns: strategic cell over band or
//! tactical cell, since the display list has no rotated text), a legend of
//! the colour scale, and the figures as a caption, on a page the size of the
//! figure ([`heatmap`]) or centred on a sheet of paper ([`heatmap_in`]).
//!
//! Every figure uses the same colour scale, from distance 1 to
//! `SCALE_TOP`, the largest distance of any built-in ruleset (a map whose
//! distances go further extends it), so the heat maps of two rulesets can be
//! compared side by side: the same colour is the same distance. The scale
//! darkens steadily with distance, so it reads the same printed in
//! greyscale, and no shade falls in the middle greys: every cell is light
//! enough for black digits or dark enough for white ones, which a
//! black-and-white copy keeps (see [`crate::print`]). A 1-bit copy keeps
//! only light and dark, so cells too small for their digit (the 81-node
//! maps) carry dots that tell the levels between apart (`dots`), and the
//! legend's swatches carry them too. Nothing is set under 6 pt.
//!
//! Every word is in the language asked for ([`heatmap_in`]), from the
//! `[heatmap]` table of `templates/rules/<language>.toml`.

use crate::analysis::{Analysis, Label, Ruleset};
use crate::display::{
    Anchor, Color, Document, FontWeight, Metadata, Page, Point, Rect, Stroke, TextStyle,
};
use crate::fonts::{ascent, text_width};
use crate::language::Language;
use crate::print::{DARK, LIGHT};
use crate::spec::{Orientation, PaperSize};
use crate::texts::{HeatmapTexts, fill, texts};

/// The largest distance of any built-in ruleset (tactical, the functional
/// maps of the family, the hyperfunctional maps): the top of every heat
/// map's colour scale.
pub(crate) const SCALE_TOP: u32 = 4;
/// Width of the figure, mm: an A4 page's text width.
const WIDTH: f64 = 174.0;
/// White space around the figure's content, mm.
const PAD: f64 = 4.0;
/// Cells at least this wide (mm) carry their distance as a digit.
const MIN_CELL_FOR_DIGITS: f64 = 4.0;

/// Sequential scale from light to dark (ColorBrewer YlGnBu): the hues of the
/// scale, whose lightness [`shade`] sets.
const RAMP: [Color; 7] = [
    Color::rgb(0xff, 0xff, 0xd9),
    Color::rgb(0xc7, 0xe9, 0xb4),
    Color::rgb(0x7f, 0xcd, 0xbb),
    Color::rgb(0x41, 0xb6, 0xc4),
    Color::rgb(0x1d, 0x91, 0xc0),
    Color::rgb(0x22, 0x5e, 0xa8),
    Color::rgb(0x0c, 0x2c, 0x84),
];

/// Greyscale lightness of the lightest and the darkest shade.
const LIGHTEST: f64 = 0.96;
const DARKEST: f64 = 0.12;

/// Colour of a pair with no path at all: darker than any distance.
pub(crate) const NO_PATH: Color = Color::BLACK;

/// Relative luminance (0 = black, 1 = white) of an sRGB colour.
#[cfg(test)]
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

/// The hue of the ramp at `t` (0 light end, 1 dark end).
fn ramp(t: f64) -> Color {
    let pos = t.clamp(0.0, 1.0) * (RAMP.len() - 1) as f64;
    let i = (pos.floor() as usize).min(RAMP.len() - 2);
    let f = pos - i as f64;
    let mix = |a: u8, b: u8| (f64::from(a) + (f64::from(b) - f64::from(a)) * f).round() as u8;
    let (a, b) = (RAMP[i], RAMP[i + 1]);
    Color::rgb(mix(a.r, b.r), mix(a.g, b.g), mix(a.b, b.b))
}

/// The greyscale lightness of distance `d` on a scale from 1 to `top`:
/// falling from light to dark in even steps, none of them in the middle
/// greys between [`DARK`] and [`LIGHT`] (for up to five distances the steps
/// are even all the way; a longer scale falls evenly through the light
/// shades, leaps over the middle greys, and falls evenly through the dark
/// ones).
fn target_lightness(d: u32, top: u32) -> f64 {
    const EVEN: [&[f64]; 5] = [
        &[LIGHTEST],
        &[LIGHTEST, DARKEST],
        &[LIGHTEST, 0.62, 0.28],
        &[LIGHTEST, 0.675, 0.39, 0.105],
        &[0.985, 0.795, 0.605, 0.395, 0.205],
    ];
    let k = d.clamp(1, top.max(1)) - 1;
    if let Some(levels) = EVEN.get(top.max(1) as usize - 1) {
        return levels[k as usize];
    }
    let t = f64::from(k) / f64::from(top - 1);
    let light = LIGHTEST - LIGHT;
    let dark = DARK - DARKEST;
    let s = t * (light + dark);
    if s <= light {
        LIGHTEST - s
    } else {
        DARK - (s - light)
    }
}

/// `c` made lighter (towards white) or darker (towards black) until its
/// greyscale lightness is `target`, keeping its hue.
fn with_lightness(c: Color, target: f64) -> Color {
    let toward = |k: f64| {
        let f = |v: u8| {
            let v = f64::from(v);
            let out = if k >= 0.0 {
                v + (255.0 - v) * k
            } else {
                v * (1.0 + k)
            };
            out.round().clamp(0.0, 255.0) as u8
        };
        Color::rgb(f(c.r), f(c.g), f(c.b))
    };
    // Lightness grows with k: bisect on k in [-1, 1]. Rounding to whole
    // sRGB values leaves it within 0.003 of the target, which the levels of
    // [`target_lightness`] keep clear of the middle greys.
    let (mut lo, mut hi) = (-1.0f64, 1.0f64);
    for _ in 0..40 {
        let mid = (lo + hi) / 2.0;
        if toward(mid).lightness() < target {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    toward((lo + hi) / 2.0)
}

/// The colour of distance `d` on a scale from 1 to `top` (see
/// [`scale_top`]): 1 is the lightest, `top` the darkest.
pub(crate) fn shade(d: Option<u32>, top: u32) -> Color {
    let Some(d) = d else { return NO_PATH };
    let t = if top <= 1 {
        0.0
    } else {
        f64::from(d.clamp(1, top) - 1) / f64::from(top - 1)
    };
    with_lightness(ramp(t), target_lightness(d, top))
}

/// The dots a cell of distance `d` (scale 1..`top`) carries where it is too
/// small for its digit, and their ink: on a black-and-white copy the light
/// shades all print white and the dark ones black, so the levels between
/// the lightest and the darkest are told by dots, black on the light shades
/// (one on the second lightest, two on the next) and white on the dark ones
/// (one on the second darkest, two on the one before).
pub(crate) fn dots(d: u32, top: u32) -> (usize, Color) {
    let k = d.clamp(1, top.max(1)) - 1;
    if target_lightness(d, top) > 0.5 {
        (k.min(2) as usize, Color::BLACK)
    } else {
        ((top.max(1) - 1 - k).min(2) as usize, Color::WHITE)
    }
}

/// Draws `count` dots of `ink` in `cell`, side by side across its middle,
/// each a fifth of the cell across (at least 0.5 mm, which a 150 dpi copy
/// keeps).
fn draw_dots(page: &mut Page, cell: Rect, count: usize, ink: Color) {
    let radius = (0.1 * cell.w).max(0.25);
    let c = cell.centre();
    for i in 0..count {
        let offset = (i as f64 - (count as f64 - 1.0) / 2.0) * 0.38 * cell.w;
        page.items.push(crate::display::Item::Circle {
            center: Point::new(c.x + offset, c.y),
            radius,
            fill: Some(ink),
            stroke: None,
        });
    }
}

/// The top of the colour scale for `a`: `SCALE_TOP`, or `a`'s largest
/// distance when it goes further.
pub(crate) fn scale_top(a: &Analysis) -> u32 {
    SCALE_TOP.max(a.figures.largest.unwrap_or(1))
}

/// Where the heat map put the matrix, for callers that look at single cells.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct Grid {
    /// Top-left corner of cell (0, 0), mm.
    pub(crate) origin: Point,
    /// Side of one cell, mm.
    pub(crate) cell: f64,
    /// Nodes per side.
    pub(crate) n: usize,
}

impl Grid {
    /// The rectangle of the cell in row `from`, column `to`.
    pub(crate) fn cell_rect(&self, from: usize, to: usize) -> Rect {
        Rect::new(
            self.origin.x + to as f64 * self.cell,
            self.origin.y + from as f64 * self.cell,
            self.cell,
            self.cell,
        )
    }

    fn moved(self, dx: f64, dy: f64) -> Grid {
        Grid {
            origin: Point::new(self.origin.x + dx, self.origin.y + dy),
            ..self
        }
    }
}

/// The caption lines: what the figures are.
pub(crate) fn caption_lines(a: &Analysis, t: &HeatmapTexts) -> Vec<String> {
    let f = &a.figures;
    let nodes = |k: usize| fill(&t.nodes, &[("count", &k.to_string())]);
    let mean = match f.mean {
        Some(_) => f.mean_text(),
        None => fill(
            &t.mean_undefined,
            &[
                ("count", &f.unreachable.to_string()),
                ("pairs", &(f.nodes * f.nodes).to_string()),
            ],
        ),
    };
    let mut set: Vec<String> = f.returns.keys().map(u32::to_string).collect();
    let mut histogram: Vec<String> = f
        .returns
        .iter()
        .map(|(d, &k)| format!("{d}: {}", nodes(k)))
        .collect();
    if f.no_return > 0 {
        set.push(t.none.clone());
        histogram.push(format!("{}: {}", t.never, nodes(f.no_return)));
    }
    let largest = f.largest.map_or_else(|| t.none.clone(), |l| l.to_string());
    let mut lines = vec![
        fill(
            &t.figures,
            &[
                ("nodes", &f.nodes.to_string()),
                ("edges", &f.edges.to_string()),
                ("mean", &mean),
            ],
        ),
        fill(
            &t.returns,
            &[
                ("set", &format!("{{{}}}", set.join(", "))),
                ("histogram", &histogram.join(", ")),
                ("largest", &largest),
            ],
        ),
    ];
    lines.push(t.reading.clone());
    lines.push(t.diagonal.clone());
    lines.push(match a.ruleset {
        Ruleset::Functional(_) => t.node_band.clone(),
        _ => t.node_cell.clone(),
    });
    if matches!(a.ruleset, Ruleset::Hyperfunctional(_)) {
        lines.push(t.hyperfunctional_note.clone());
    }
    lines.push(fill(&t.scale, &[("top", &scale_top(a).to_string())]));
    lines
}

/// The analysis's label in the heat map's language: the ruleset's word,
/// then its maps by their names (`funktional map34`). A name of its own
/// (a map file's) stays as it is.
fn label_in(a: &Analysis, t: &HeatmapTexts) -> String {
    match &a.label {
        Label::Tactical => t.tactical.clone(),
        Label::Functional { map } => format!("{} {map}", t.functional),
        Label::Hyperfunctional { map, hypermap } => {
            format!("{} {map} : {hypermap}", t.hyperfunctional)
        }
        Label::Named(name) => name.clone(),
    }
}

/// The label of the standard functional ruleset, for tests.
#[cfg(test)]
pub(crate) fn functional_map34() -> Label {
    Label::Functional {
        map: "map34".into(),
    }
}

/// The heat map of an analysis on a page the size of the figure.
pub fn heatmap(a: &Analysis) -> Document {
    placed(a).0
}

/// The heat map of an analysis centred on a sheet of `paper` (`None`: a
/// page the size of the figure), with every word in `language`.
pub fn heatmap_in(
    a: &Analysis,
    paper: Option<(PaperSize, Orientation)>,
    language: Language,
) -> Document {
    placed_in(a, paper, language).0
}

/// [`heatmap`], and where its grid is.
pub(crate) fn placed(a: &Analysis) -> (Document, Grid) {
    placed_in(a, None, Language::En)
}

/// [`heatmap_in`], and where its grid is.
pub(crate) fn placed_in(
    a: &Analysis,
    paper: Option<(PaperSize, Orientation)>,
    language: Language,
) -> (Document, Grid) {
    let t = texts(language).heatmap;
    let title = fill(&t.title, &[("label", &label_in(a, &t))]);
    let (figure, grid) = figure(a, &t, &title);
    let (page, grid) = match paper {
        None => (figure, grid),
        Some((size, orientation)) => {
            let (w, h) = size.portrait_mm();
            let (w, h) = match orientation {
                Orientation::Portrait => (w, h),
                Orientation::Landscape => (h, w),
            };
            let (dx, dy) = (
                (w - figure.width) / 2.0,
                ((h - figure.height) / 2.0).max(0.0),
            );
            let mut page = Page::new(w, h.max(figure.height));
            page.items = figure.items.into_iter().map(|i| moved(i, dx, dy)).collect();
            (page, grid.moved(dx, dy))
        }
    };
    let doc = Document {
        metadata: Metadata {
            title,
            creator: crate::CREATOR.to_string(),
            subject: Some(a.label.to_string()),
        },
        pages: vec![page],
    };
    (doc, grid)
}

/// `item` moved by (`dx`, `dy`) mm.
fn moved(item: crate::display::Item, dx: f64, dy: f64) -> crate::display::Item {
    use crate::display::Item;
    let p = |p: Point| Point::new(p.x + dx, p.y + dy);
    match item {
        Item::Line { from, to, stroke } => Item::Line {
            from: p(from),
            to: p(to),
            stroke,
        },
        Item::Rect { rect, fill, stroke } => Item::Rect {
            rect: Rect::new(rect.x + dx, rect.y + dy, rect.w, rect.h),
            fill,
            stroke,
        },
        Item::Circle {
            center,
            radius,
            fill,
            stroke,
        } => Item::Circle {
            center: p(center),
            radius,
            fill,
            stroke,
        },
        Item::Text(mut t) => {
            t.pos = p(t.pos);
            Item::Text(t)
        }
    }
}

/// The figure on a page of its own size, and where its grid is.
fn figure(a: &Analysis, t: &HeatmapTexts, title: &str) -> (Page, Grid) {
    let n = a.graph.len();
    let top_distance = scale_top(a);
    let group = if n == 27 { 3 } else { 9 };
    // Drawn on a page as tall as it could be, then cut to the height used.
    let mut page = Page::new(WIDTH, 1000.0);
    let y = draw_title(&mut page, t, title);

    // Geometry: labels at 6 pt or more, a label column as wide as the
    // longest name, the cells sharing the rest.
    let width = WIDTH - 2.0 * PAD;
    let guess_cell = (width - 20.0) / n as f64;
    let label_size = (guess_cell * 0.72).clamp(crate::display::MIN_TEXT, 3.2);
    let names = node_names(a, t);
    let label_w = names
        .iter()
        .map(|s| text_width(s, FontWeight::Regular, label_size))
        .fold(0.0, f64::max)
        + 1.5;
    let cell = (width - label_w) / n as f64;
    let header_h = 5.0 + label_size * 1.3 + 4.2 + 2.0;
    let origin = Point::new(PAD + label_w, y + 4.0 + header_h);
    let grid = Grid { origin, cell, n };

    draw_headers(&mut page, (t, &names), &grid, group, y, label_size);
    let digits = cell >= MIN_CELL_FOR_DIGITS;
    draw_cells(&mut page, a, &grid, top_distance, digits);
    draw_frame(&mut page, &grid, group);
    let bottom = origin.y + n as f64 * cell;
    let y = draw_legend(&mut page, (a, t), bottom + 9.0, top_distance, digits);
    let last = draw_caption(&mut page, caption_lines(a, t), y + 10.0);
    page.height = last + PAD;
    (page, grid)
}

/// The rows' names: `ST 57`, or `S5 band 2` in the heat map's language
/// (the functional rulesets' 27 bands).
fn node_names(a: &Analysis, t: &HeatmapTexts) -> Vec<String> {
    match a.graph.len() {
        27 => (0..27)
            .map(|i| format!("S{} {} {}", i / 3 + 1, t.band, i % 3 + 1))
            .collect(),
        _ => a.graph.names.clone(),
    }
}

/// The title and the line under it; the baseline of that line.
fn draw_title(page: &mut Page, t: &HeatmapTexts, title: &str) -> f64 {
    let left = PAD;
    let mut y = PAD + ascent(5.0);
    page.text_at(
        Point::new(left, y),
        TextStyle::new(5.0).weight(FontWeight::Bold),
        title.to_string(),
    );
    y += 5.5;
    page.text_at(Point::new(left, y), TextStyle::new(3.2), t.subtitle.clone());

    y
}

/// The axis titles, the column heads (the strategic cell over each block,
/// the sub-index over each column) and the row labels (full node names).
fn draw_headers(
    page: &mut Page,
    (t, names): (&HeatmapTexts, &[String]),
    grid: &Grid,
    group: usize,
    y: f64,
    label_size: f64,
) {
    let (n, cell, origin) = (grid.n, grid.cell, grid.origin);
    let right = origin.x + n as f64 * cell;
    let axis_to = if n == 27 { &t.to_bands } else { &t.to_cells };
    let axis_from = &t.from;
    // Axis titles.
    let axis_y = y + 8.0;
    page.text_at(
        Point::new((origin.x + right) / 2.0, axis_y),
        TextStyle::new(3.2)
            .anchor(Anchor::Middle)
            .weight(FontWeight::Bold),
        axis_to.clone(),
    );

    // Column headers: the strategic cell over each block, the sub-index per column.
    let group_y = origin.y - label_size * 1.3 - 2.5;
    // Before the grid, or where the label column is narrower than the
    // word (the 81 cells' short names), from the margin on.
    let from_end = (origin.x - 1.0).max(PAD + text_width(axis_from, FontWeight::Bold, 3.2));
    page.text_at(
        Point::new(from_end, group_y),
        TextStyle::new(3.2)
            .anchor(Anchor::End)
            .weight(FontWeight::Bold),
        axis_from.clone(),
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
    for (i, name) in names.iter().enumerate() {
        page.text_centred_on(
            origin.x - 0.8,
            origin.y + (i as f64 + 0.5) * cell,
            TextStyle::new(label_size).anchor(Anchor::End),
            name.clone(),
        );
    }
}

/// The cells, then their digits (black on light shades, white on dark ones)
/// or, where the cells are too small for digits, their dots.
fn draw_cells(page: &mut Page, a: &Analysis, grid: &Grid, top_distance: u32, digits: bool) {
    let (n, cell, origin) = (grid.n, grid.cell, grid.origin);
    for i in 0..n {
        for j in 0..n {
            let d = a.matrix.get(i, j);
            let fill = shade(d, top_distance);
            page.rect(grid.cell_rect(i, j), Some(fill), None);
            if !digits && let Some(d) = d {
                let (count, ink) = dots(d, top_distance);
                draw_dots(page, grid.cell_rect(i, j), count, ink);
            }
            if digits && let Some(d) = d {
                let ink = if fill.lightness() <= DARK {
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
}

/// The white separators between blocks, the outlined diagonal and the outline.
fn draw_frame(page: &mut Page, grid: &Grid, group: usize) {
    let (n, cell, origin) = (grid.n, grid.cell, grid.origin);
    let right = origin.x + n as f64 * cell;
    let bottom = origin.y + n as f64 * cell;
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
}

/// The legend at baseline `y`: one swatch per distance of the common scale,
/// plus "no path" when some pair has none. Its baseline.
fn draw_legend(
    page: &mut Page,
    (a, t): (&Analysis, &HeatmapTexts),
    y: f64,
    top_distance: u32,
    digits: bool,
) -> f64 {
    let left = PAD;
    page.text_at(
        Point::new(left, y),
        TextStyle::new(3.4).weight(FontWeight::Bold),
        t.legend.clone(),
    );
    let mut entries: Vec<(Color, String, Option<u32>)> = (1..=top_distance)
        .map(|d| (shade(Some(d), top_distance), format!("{d}"), Some(d)))
        .collect();
    if a.figures.unreachable > 0 {
        entries.push((NO_PATH, t.no_path.clone(), None));
    }
    let swatch = 7.0;
    // The swatches after the legend's title, however long it is.
    let mut x = left + (text_width(&t.legend, FontWeight::Bold, 3.4) + 3.5).max(26.0);
    for (color, label, d) in entries {
        let r = Rect::new(x, y - swatch * 0.75, swatch, swatch);
        page.rect(r, Some(color), Some(Stroke::solid(0.2)));
        // The cells' dots, where the cells carry dots instead of digits.
        if let (false, Some(d)) = (digits, d) {
            let (count, ink) = dots(d, top_distance);
            let inner = Rect::new(r.x + 1.5, r.y + 1.5, swatch - 3.0, swatch - 3.0);
            draw_dots(page, inner, count, ink);
        }
        page.text_at(
            Point::new(x + swatch + 1.5, y),
            TextStyle::new(3.4),
            label.clone(),
        );
        x += swatch + 1.5 + text_width(&label, FontWeight::Regular, 3.4) + 5.0;
    }

    y
}

/// The caption with the figures, from baseline `y`; where its ink ends.
fn draw_caption(page: &mut Page, lines: Vec<String>, mut y: f64) -> f64 {
    let left = PAD;
    let mut last = y;
    for (k, line) in lines.into_iter().enumerate() {
        let (size, weight) = if k < 2 {
            (3.6, FontWeight::Bold)
        } else {
            (3.0, FontWeight::Regular)
        };
        page.text_at(
            Point::new(left, y),
            TextStyle::new(size).weight(weight),
            line,
        );
        last = y + crate::fonts::descent(size);
        y += 5.5;
    }
    last
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::analyze;
    use crate::display::{Item, Text};
    use crate::maps::{FunctionalMap, map34};

    /// The filled rects of `doc`'s page, outlined or not, with their fill.
    fn filled_rects(doc: &Document, outlined: bool) -> Vec<(Rect, Color)> {
        doc.pages[0]
            .items
            .iter()
            .filter_map(|it| match it {
                Item::Rect {
                    rect,
                    fill: Some(c),
                    stroke,
                } if stroke.is_some() == outlined => Some((*rect, *c)),
                _ => None,
            })
            .collect()
    }

    fn cells_of(doc: &Document, grid: &Grid) -> Vec<(Rect, Color)> {
        filled_rects(doc, false)
            .into_iter()
            .filter(|(r, _)| (r.w - grid.cell).abs() < 1e-9 && (r.h - grid.cell).abs() < 1e-9)
            .collect()
    }

    #[test]
    fn scale_darkens_with_distance() {
        for largest in 2..=9 {
            let grey: Vec<f64> = (1..=largest)
                .map(|d| shade(Some(d), largest).lightness())
                .collect();
            assert!(
                grey.windows(2).all(|w| w[0] > w[1] + 0.05),
                "{largest}: {grey:?}"
            );
            let lum: Vec<f64> = (1..=largest)
                .map(|d| luminance(shade(Some(d), largest)))
                .collect();
            assert!(lum.windows(2).all(|w| w[0] > w[1]), "{largest}: {lum:?}");
            assert!(luminance(NO_PATH) < lum[lum.len() - 1]);
        }
    }

    #[test]
    fn every_cell_is_drawn_in_the_shade_of_its_distance() {
        for a in [
            analyze(functional_map34(), Ruleset::Functional(map34())),
            analyze(Label::Tactical, Ruleset::Tactical),
        ] {
            let (doc, grid) = placed(&a);
            let n = a.graph.len();
            let cells = cells_of(&doc, &grid);
            assert_eq!(cells.len(), n * n, "{}", a.label);
            let top = scale_top(&a);
            for (rect, color) in cells {
                let j = ((rect.x - grid.origin.x) / grid.cell).round() as usize;
                let i = ((rect.y - grid.origin.y) / grid.cell).round() as usize;
                assert_eq!(
                    color,
                    shade(a.matrix.get(i, j), top),
                    "{} ({i},{j})",
                    a.label
                );
            }
        }
    }

    #[test]
    fn digits_caption_and_labels_are_present_and_on_the_page() {
        let a = analyze(functional_map34(), Ruleset::Functional(map34()));
        let (doc, grid) = placed(&a);
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
            let (left, right) = span(t);
            let page = &doc.pages[0];
            assert!(
                left >= PAD - 1e-9 && right <= page.width - PAD + 1e-9 && t.pos.y <= page.height,
                "{:?}",
                t.content
            );
        }
    }

    /// The legend of `doc`: each swatch's colour with the label beside it,
    /// left to right (the swatches are the outlined rects below the grid).
    fn legend(doc: &Document, grid: &Grid) -> Vec<(Color, String)> {
        let page = &doc.pages[0];
        let bottom = grid.origin.y + grid.n as f64 * grid.cell;
        filled_rects(doc, true)
            .into_iter()
            .filter(|(r, _)| r.y > bottom)
            .map(|(r, c)| {
                let label = page
                    .items
                    .iter()
                    .find_map(|it| match it {
                        Item::Text(t)
                            if t.pos.x > r.right()
                                && t.pos.x < r.right() + 3.0
                                && t.pos.y > r.y
                                && t.pos.y < r.bottom() =>
                        {
                            Some(t.content.clone())
                        }
                        _ => None,
                    })
                    .unwrap_or_default();
                (c, label)
            })
            .collect()
    }

    #[test]
    fn the_legend_runs_from_1_to_the_top_of_the_scale_in_every_heat_map() {
        let want: Vec<(Color, String)> = (1..=SCALE_TOP)
            .map(|d| (shade(Some(d), SCALE_TOP), d.to_string()))
            .collect();
        for (label, ruleset) in crate::analysis::builtin_rulesets() {
            let a = analyze(label.clone(), ruleset);
            let (doc, grid) = placed(&a);
            assert_eq!(legend(&doc, &grid), want, "{label}");
            // The same on paper, where the figure is moved to the middle.
            let (doc, grid) = placed_in(
                &a,
                Some((PaperSize::A4, Orientation::Portrait)),
                Language::En,
            );
            assert_eq!(legend(&doc, &grid), want, "{label} on A4");
        }
    }

    #[test]
    fn the_label_is_worded_from_the_ruleset_not_read_back_from_its_english() {
        let title = |a: &Analysis| placed_in(a, None, Language::De).0.metadata.title;
        let typed = analyze(functional_map34(), Ruleset::Functional(map34()));
        let own = &texts(Language::De).heatmap.functional;
        assert_ne!(own, "functional");
        assert!(
            title(&typed).contains(&format!("{own} map34")),
            "{}",
            title(&typed)
        );
        // A name of its own (a map file's) that begins with a ruleset's
        // English word is no ruleset's word: it stays as written.
        let named = analyze("functional notes", Ruleset::Functional(map34()));
        assert!(
            title(&named).contains("functional notes"),
            "{}",
            title(&named)
        );
    }

    #[test]
    fn no_path_gets_its_own_shade_and_legend_entry() {
        // Every list sends everything to cell 1: most nodes are never reached.
        let m = FunctionalMap::new([[1; 9]; 3]).unwrap();
        let a = analyze("functional ones", Ruleset::Functional(m));
        let (doc, grid) = placed(&a);
        assert!(cells_of(&doc, &grid).iter().any(|&(_, c)| c == NO_PATH));
        assert!(
            doc.pages[0]
                .items
                .iter()
                .any(|it| matches!(it, Item::Text(t) if t.content == "no path"))
        );
    }

    #[test]
    fn the_scale_top_is_the_largest_distance_of_every_built_in_ruleset() {
        let mut largest = 0;
        for (label, ruleset) in crate::analysis::builtin_rulesets() {
            largest = largest.max(analyze(label, ruleset).figures.largest.unwrap());
        }
        for member in crate::maps::family() {
            let a = analyze("family", Ruleset::Functional(member.map));
            largest = largest.max(a.figures.largest.unwrap());
        }
        assert_eq!(SCALE_TOP, largest);
    }

    #[test]
    fn every_ruleset_shows_a_distance_in_the_same_colour() {
        let tactical = analyze(Label::Tactical, Ruleset::Tactical);
        let functional = analyze(functional_map34(), Ruleset::Functional(map34()));
        // The tactical ruleset goes no further than 2, map34 to 4: the same
        // scale all the same, and distance 2 the same colour in both.
        assert_eq!(tactical.figures.largest, Some(2));
        assert_eq!(scale_top(&tactical), scale_top(&functional));
        let colour_of = |a: &Analysis, d: u32| {
            let (doc, grid) = placed(a);
            let n = a.graph.len();
            let (i, j) = (0..n)
                .flat_map(|i| (0..n).map(move |j| (i, j)))
                .find(|&(i, j)| a.matrix.get(i, j) == Some(d))
                .unwrap();
            let want = grid.cell_rect(i, j);
            cells_of(&doc, &grid)
                .into_iter()
                .find(|(r, _)| (r.x - want.x).abs() < 1e-9 && (r.y - want.y).abs() < 1e-9)
                .unwrap()
                .1
        };
        assert_eq!(colour_of(&tactical, 2), colour_of(&functional, 2));
        assert_eq!(colour_of(&tactical, 1), colour_of(&functional, 1));
        // A map whose distances go further extends the scale for itself.
        let m = FunctionalMap::new([[1; 9]; 3]).unwrap();
        let ones = analyze("functional ones", Ruleset::Functional(m));
        assert_eq!(
            scale_top(&ones),
            SCALE_TOP.max(ones.figures.largest.unwrap())
        );
    }

    #[test]
    fn cells_too_small_for_digits_keep_every_level_on_a_one_bit_copy() {
        // On a 1-bit copy a shade prints white when light, black when dark:
        // the fill, the number of dots and their ink tell every level of
        // the common scale apart, and the dots contrast with their fill.
        let bit = |c: Color| c.lightness() > 0.5;
        let mut seen = std::collections::HashSet::new();
        for d in 1..=SCALE_TOP {
            let fill = shade(Some(d), SCALE_TOP);
            let (count, ink) = dots(d, SCALE_TOP);
            if count > 0 {
                assert_ne!(bit(fill), bit(ink), "distance {d}");
            }
            assert!(
                seen.insert((bit(fill), count)),
                "distance {d} looks like another"
            );
        }
        // Drawn so: every cell of hmap2's 81 × 81 map (too small for
        // digits) carries its distance's dots, in the ink that shows on its
        // fill.
        let a = analyze(
            "hyperfunctional hmap2",
            Ruleset::Hyperfunctional(Box::new(crate::maps::hmap2())),
        );
        let (doc, grid) = placed(&a);
        assert!(grid.cell < MIN_CELL_FOR_DIGITS);
        let top = scale_top(&a);
        let page = &doc.pages[0];
        let n = a.graph.len();
        let mut in_cells = vec![vec![(0usize, None); n]; n];
        for item in &page.items {
            if let Item::Circle {
                center,
                fill: Some(ink),
                ..
            } = item
            {
                let j = ((center.x - grid.origin.x) / grid.cell).floor();
                let i = ((center.y - grid.origin.y) / grid.cell).floor();
                if (0.0..n as f64).contains(&i) && (0.0..n as f64).contains(&j) {
                    let cell = &mut in_cells[i as usize][j as usize];
                    cell.0 += 1;
                    cell.1 = Some(*ink);
                }
            }
        }
        for (i, row) in in_cells.iter().enumerate() {
            for (j, &(count, ink)) in row.iter().enumerate() {
                let Some(d) = a.matrix.get(i, j) else {
                    assert_eq!(count, 0, "({i},{j}) no path");
                    continue;
                };
                let (want, want_ink) = dots(d, top);
                assert_eq!(count, want, "({i},{j}) distance {d}");
                if want > 0 {
                    assert_eq!(ink, Some(want_ink), "({i},{j})");
                }
            }
        }
    }

    #[test]
    fn every_shade_is_light_enough_for_black_or_dark_enough_for_white() {
        for top in 2..=9 {
            let grey: Vec<f64> = (1..=top).map(|d| shade(Some(d), top).lightness()).collect();
            for &l in &grey {
                assert!(l >= LIGHT - 1e-9 || l <= DARK + 1e-9, "{top}: {grey:?}");
            }
            // Steady: even steps for the scales of up to five distances
            // (the built-in scale among them); longer ones leap once, over
            // the middle greys.
            let steps: Vec<f64> = grey.windows(2).map(|w| w[0] - w[1]).collect();
            let (lo, hi) = steps
                .iter()
                .fold((f64::MAX, 0.0f64), |(lo, hi), &s| (lo.min(s), hi.max(s)));
            assert!(lo > 0.05, "{top}: {steps:?}");
            if top <= 5 {
                assert!(hi - lo < 0.025, "{top}: {steps:?}");
            }
        }
    }

    #[test]
    fn the_page_is_the_figure_or_the_figure_is_centred_on_paper() {
        for a in [
            analyze(functional_map34(), Ruleset::Functional(map34())),
            analyze(Label::Tactical, Ruleset::Tactical),
        ] {
            let (doc, grid) = placed(&a);
            let page = &doc.pages[0];
            assert_eq!(page.width, WIDTH);
            assert!(
                page.height > 150.0 && page.height < 280.0,
                "{}",
                page.height
            );
            // Every text inside the figure's padding, at 6 pt or more and
            // readable on its ground after a black-and-white copy.
            assert!(page.text_faults().is_empty(), "{:?}", page.text_faults());
            for (size, orientation) in [
                (PaperSize::A4, Orientation::Portrait),
                (PaperSize::A3, Orientation::Landscape),
            ] {
                let (on, placed) = placed_in(&a, Some((size, orientation)), Language::En);
                let p = &on.pages[0];
                let (dx, dy) = ((p.width - page.width) / 2.0, (p.height - page.height) / 2.0);
                assert!(dx > 0.0 && dy > 0.0, "{size:?}");
                assert!((placed.origin.x - grid.origin.x - dx).abs() < 1e-9);
                assert!((placed.origin.y - grid.origin.y - dy).abs() < 1e-9);
                assert_eq!(on.pages[0].items.len(), page.items.len());
            }
        }
    }

    /// Where a text's ink runs, left to right, in mm.
    fn span(t: &Text) -> (f64, f64) {
        let w = text_width(&t.content, t.weight, t.size);
        match t.anchor {
            Anchor::Start => (t.pos.x, t.pos.x + w),
            Anchor::Middle => (t.pos.x - w / 2.0, t.pos.x + w / 2.0),
            Anchor::End => (t.pos.x - w, t.pos.x),
        }
    }

    /// The texts of a heat map's page.
    fn texts_of(doc: &Document) -> Vec<Text> {
        doc.pages[0]
            .items
            .iter()
            .filter_map(|it| match it {
                Item::Text(t) => Some(t.clone()),
                _ => None,
            })
            .collect()
    }

    /// Words of three letters or more, lowercased, but the maps' names.
    fn words_of(texts: &[Text]) -> std::collections::BTreeSet<String> {
        texts
            .iter()
            .flat_map(|t| t.content.split(|c: char| !c.is_alphabetic()))
            .filter(|w| w.chars().count() >= 3 && !w.starts_with("map") && !w.starts_with("hmap"))
            .map(str::to_lowercase)
            .collect()
    }

    #[test]
    fn every_word_of_the_heat_map_is_in_its_language_and_on_the_page() {
        let hyper = crate::maps::BuiltinMap::Hmap2.map();
        let crate::maps::AnyMap::Hyperfunctional(h) = hyper else {
            panic!("hmap2 is hyperfunctional");
        };
        let all = [
            analyze(Label::Tactical, Ruleset::Tactical),
            analyze(functional_map34(), Ruleset::Functional(map34())),
            analyze(
                Label::Hyperfunctional {
                    map: "map34".into(),
                    hypermap: "hmap2".into(),
                },
                Ruleset::Hyperfunctional(h),
            ),
        ];
        for a in &all {
            let (english, _) = placed(a);
            let english_words = words_of(&texts_of(&english));
            assert!(english_words.contains("fewest"), "{english_words:?}");
            for language in [Language::De, Language::Ru, Language::Th] {
                let (doc, _) = placed_in(a, None, language);
                let texts = texts_of(&doc);
                let left: Vec<String> = words_of(&texts)
                    .intersection(&english_words)
                    .cloned()
                    .collect();
                assert!(
                    left.is_empty(),
                    "{language} {}: English left: {left:?}",
                    a.label
                );
                assert_ne!(doc.metadata.title, english.metadata.title);
                // Every word on the page, however long the language's.
                let page = &doc.pages[0];
                for t in &texts {
                    let (left, right) = span(t);
                    assert!(
                        left >= PAD - 1e-9 && right <= page.width - PAD + 1e-9,
                        "{language} {}: {:?} runs off the page ({left:.1}..{right:.1} mm of {:.1})",
                        a.label,
                        t.content,
                        page.width
                    );
                }
            }
        }
    }
}
