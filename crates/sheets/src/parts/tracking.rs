//! `[[tracking-grid]]`: the Tactical Grid (nine small 3×3 grids, one per
//! strategic cell), the Strategic Grid (one 3×3), or both as the authors'
//! Help field, each under an optional heading in the sheet's language, where
//! players mark the fields they have decided.
//!
//! A grid's cell is a size, or `"fit"`: the largest that fits the space the
//! arrangement gives, up to `max-cell` (a Help field alone on a page fills
//! it). The Help field puts the Strategic Grid under the Tactical Grid, or
//! beside it, whichever gives the larger cells.

use std::ops::Range;

use serde::Deserialize;
use toml::Spanned;

use super::kind::{Context, Geometry, Part};
use crate::display::{Anchor, FontWeight, Page, Point, Rect, Size, Stroke, TextStyle};
use crate::fonts;
use crate::keys::value::{Extent, number_or_fit};
use crate::keys::{KeyShape, read_with, spec_table, words_enum};
use crate::source::fault::Fault;

/// The space between the small grids: mm, or one cell (`"cell"`, as the
/// authors draw the Help field).
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) enum Gap {
    /// So many mm.
    Mm(f64),
    /// One cell.
    Cell,
}

fn grid_gap<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Gap, D::Error> {
    #[derive(Deserialize)]
    #[serde(untagged)]
    enum Raw {
        Number(f64),
        Text(String),
    }
    match Raw::deserialize(d)? {
        Raw::Number(v) if v.is_finite() && (0.0..=20.0).contains(&v) => Ok(Gap::Mm(v)),
        Raw::Text(t) if t == "cell" => Ok(Gap::Cell),
        Raw::Number(v) => Err(Fault::Gap {
            written: v.to_string(),
        }
        .refused()),
        Raw::Text(t) => Err(Fault::Gap {
            written: format!("\"{t}\""),
        }
        .refused()),
    }
}

words_enum! {
    /// Which tracking field a `[[tracking-grid]]` is.
    pub(crate) enum TrackingKind {
        /// Nine small 3×3 grids: which tactical cells of each strategic cell are decided.
        #[default]
        Tactical = "tactical",
        /// One 3×3 grid: which strategic cells are decided.
        Strategic = "strategic",
        /// Both, as one Help field: the Tactical Grid and the Strategic Grid.
        Help = "help",
    }
}

read_with! {
    /// `gap`: mm, or `"cell"`.
    GridGap: Gap = grid_gap, default Gap::Mm(1.8), KeyShape::NumberOrCell { min: 0.0, max: 20.0 }, "1.8"
}
read_with! {
    /// `cell`: mm, or `"fit"`; its default depends on `grid`.
    GridCell: Option<Extent<f64>> = grid_cell, default None, KeyShape::Number { min: 1.5, max: 40.0, unit: "mm", whole: false, fit: true }, "3.6 (tactical), 7 (strategic, help)"
}

fn grid_cell<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Option<Extent<f64>>, D::Error> {
    number_or_fit(d, " mm", (1.5, 40.0), true).map(Some)
}

spec_table! {
    /// `[[tracking-grid]]`: a help field for marking decided cells.
    pub(crate) struct TrackingGrid = "tracking-grid" {
        id: Option<Spanned<String>> = "id",
            Typed::<Option<Spanned<String>>> {
                default: || None,
                shape: KeyShape::Id,
                words: "`\"tactical-grid\"`, `\"strategic-grid\"` or `\"help\"`",
            },
            "arrangement name (default by `grid`)";
        at: Option<[f64; 2]> = "at", Pin, "pin position";
        grid: TrackingKind = "grid",
            Typed {
                default: TrackingKind::default,
                shape: KeyShape::Choice(TrackingKind::WORDS),
                words: "`\"tactical\"`",
            },
            "nine small 3×3 grids (one per strategic cell), one 3×3, or both";
        cell: Option<Extent<f64>> = "cell",
            GridCell,
            "cell side; `\"fit\"` takes the largest (in 0.1 mm steps, up to `max-cell`) that \
                fits the room the arrangement gives";
        max_cell: f64 = "max-cell",
            Mm { min: 1.5, max: 40.0, default: 20.0 },
            "largest cell of a fitted grid";
        gap: Gap = "gap",
            GridGap,
            "space between the small grids; `\"cell\"` for one cell, as the authors draw the \
                Help field";
        title: Option<String> = "title",
            Typed::<Option<String>> {
                default: || None,
                shape: KeyShape::Text,
                words: "\"Tactical Grid\" / \"Strategic Grid\" in the sheet's language",
            },
            "heading; `\"\"` for none (a Help field heads each grid with its default, or both \
                with this one text)";
        title_size: f64 = "title-size",
            Mm { min: 2.2, max: 40.0, default: 3.0 },
            "heading font size";
        line: f64 = "line", Mm { min: 0.05, max: 3.0, default: 0.15 }, "inner lines";
        rule: f64 = "rule", Mm { min: 0.05, max: 3.0, default: 0.45 }, "outlines";
    }
}

/// One 3×3-blocked grid of a tracking part: its heading, and where its
/// blocks are from the part's top-left corner.
#[derive(Debug, Clone, PartialEq)]
struct Group {
    title: Option<String>,
    /// The heading's centre line, from the part's top-left corner.
    title_at: Point,
    /// Top-left corner of the first block's first cell.
    grid_at: Point,
    /// Blocks across and down: 3 for the Tactical Grid, 1 for the Strategic.
    across: u8,
    /// The number of the group's first block.
    first: u8,
}

/// How the groups of a Help field stand.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Stack {
    /// The Strategic Grid under the Tactical Grid.
    Below,
    /// The Strategic Grid right of the Tactical Grid.
    Beside,
}

impl TrackingGrid {
    /// The gap between small grids at `cell`, mm.
    fn gap_at(&self, cell: f64) -> f64 {
        match self.gap {
            Gap::Mm(g) => g,
            Gap::Cell => cell,
        }
    }

    /// The headings of the grids the part holds, in the sheet's language.
    fn titles(&self, cx: &Context) -> Vec<Option<String>> {
        let words = cx.words.sheet();
        let given = self.title.as_ref().map(|t| cx.words.expand(t));
        let non_empty = |t: String| (!t.is_empty()).then_some(t);
        match self.grid {
            TrackingKind::Tactical => vec![non_empty(
                given.unwrap_or_else(|| words.tactical_grid.clone()),
            )],
            TrackingKind::Strategic => vec![non_empty(
                given.unwrap_or_else(|| words.strategic_grid.clone()),
            )],
            TrackingKind::Help => match given {
                Some(t) => vec![non_empty(t), None],
                None => vec![
                    Some(words.tactical_grid.clone()),
                    Some(words.strategic_grid.clone()),
                ],
            },
        }
    }

    fn heading(&self, title: &Option<String>) -> f64 {
        title
            .as_ref()
            .map_or(0.0, |_| fonts::line_height(self.title_size) + 0.8)
    }

    fn title_width(&self, title: &Option<String>) -> f64 {
        title.as_ref().map_or(0.0, |t| {
            fonts::text_width(t, FontWeight::Bold, self.title_size)
        })
    }

    /// The side of a grid `across` blocks wide at `cell`, outline included.
    fn side(&self, across: u8, cell: f64) -> f64 {
        let n = f64::from(across);
        3.0 * n * cell + (n - 1.0) * self.gap_at(cell) + self.rule
    }

    /// The groups at `cell`, stacked as `stack`, and the part's extent.
    fn groups(&self, titles: &[Option<String>], cell: f64, stack: Stack) -> (Vec<Group>, Size) {
        let block = |title: &Option<String>, across: u8| {
            let side = self.side(across, cell);
            Size {
                w: side.max(self.title_width(title)),
                h: self.heading(title) + side,
            }
        };
        let group = |title: &Option<String>, across, first, at: Point, w: f64| {
            let side = self.side(across, cell);
            Group {
                title: title.clone(),
                title_at: Point::new(at.x + w / 2.0, at.y),
                grid_at: Point::new(
                    at.x + (w - side) / 2.0 + self.rule / 2.0,
                    at.y + self.heading(title) + self.rule / 2.0,
                ),
                across,
                first,
            }
        };
        match self.grid {
            TrackingKind::Tactical | TrackingKind::Strategic => {
                let across = if self.grid == TrackingKind::Tactical {
                    3
                } else {
                    1
                };
                let size = block(&titles[0], across);
                let g = group(&titles[0], across, 1, Point::new(0.0, 0.0), size.w);
                (vec![g], size)
            }
            TrackingKind::Help => {
                let (t, s) = (block(&titles[0], 3), block(&titles[1], 1));
                // At least a cell of space between the grids, as the
                // authors draw them.
                let between = cell.max(self.gap_at(cell));
                match stack {
                    Stack::Below => {
                        let w = t.w.max(s.w);
                        let groups = vec![
                            group(&titles[0], 3, 1, Point::new((w - t.w) / 2.0, 0.0), t.w),
                            group(
                                &titles[1],
                                1,
                                10,
                                Point::new((w - s.w) / 2.0, t.h + between),
                                s.w,
                            ),
                        ];
                        (
                            groups,
                            Size {
                                w,
                                h: t.h + between + s.h,
                            },
                        )
                    }
                    Stack::Beside => {
                        let groups = vec![
                            group(&titles[0], 3, 1, Point::new(0.0, 0.0), t.w),
                            group(&titles[1], 1, 10, Point::new(t.w + between, 0.0), s.w),
                        ];
                        let size = Size {
                            w: t.w + between + s.w,
                            h: t.h.max(s.h),
                        };
                        (groups, size)
                    }
                }
            }
        }
    }

    /// The cell, stacking and groups: a given cell as it is, or the largest
    /// (in 0.1 mm, up to `max-cell`) that fits `avail`.
    fn measure_cell(&self, titles: &[Option<String>], avail: Size) -> (f64, Vec<Group>, Size) {
        let stacks = [Stack::Below, Stack::Beside];
        let fits = |s: Size| s.w <= avail.w + 1e-9 && s.h <= avail.h + 1e-9;
        let default = match self.grid {
            TrackingKind::Tactical => 3.6,
            TrackingKind::Strategic | TrackingKind::Help => 7.0,
        };
        let best = |cell: f64| {
            let (g, s) = stacks
                .iter()
                .map(|&st| self.groups(titles, cell, st))
                .find(|(_, s)| fits(*s))
                .unwrap_or_else(|| self.groups(titles, cell, Stack::Below));
            (cell, g, s)
        };
        match self.cell.unwrap_or(Extent::Fixed(default)) {
            Extent::Fixed(c) => {
                // A fixed cell: the stacking that fits, else the one that
                // overflows least.
                let (cell, g, s) = best(c);
                if fits(s) || self.grid != TrackingKind::Help {
                    return (cell, g, s);
                }
                let (g2, s2) = self.groups(titles, c, Stack::Beside);
                if s2.w - avail.w < s.h - avail.h {
                    (c, g2, s2)
                } else {
                    (cell, g, s)
                }
            }
            Extent::Fit => {
                let steps = ((self.max_cell - 1.5) / 0.1 + 1e-9).floor() as u32;
                (0..=steps)
                    .map(|k| self.max_cell - f64::from(k) * 0.1)
                    .find_map(|c| {
                        stacks.iter().find_map(|&st| {
                            let (g, s) = self.groups(titles, c, st);
                            fits(s).then_some((c, g, s))
                        })
                    })
                    .unwrap_or_else(|| best(1.5))
            }
        }
    }
}

/// Where a laid-out tracking grid is, and the cell of every field it tracks.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct TrackingGeometry {
    origin: Point,
    size: Size,
    kind: TrackingKind,
    cell: f64,
    gap: f64,
    groups: Vec<Group>,
}

impl TrackingGeometry {
    /// Which grid this is.
    pub(crate) fn kind(&self) -> TrackingKind {
        self.kind
    }

    /// The cell side, mm.
    #[cfg(test)]
    pub(crate) fn cell(&self) -> f64 {
        self.cell
    }

    /// The cell for position `position` (1..9) in 3×3 number `block`: 1..9
    /// in a Tactical Grid, 1 in the Strategic Grid; a Help field's Strategic
    /// Grid is block 10. Where a player marks a won or drawn field.
    pub(crate) fn cell_rect(&self, block: u8, position: u8) -> Rect {
        let g = self
            .groups
            .iter()
            .rev()
            .find(|g| block >= g.first)
            .unwrap_or(&self.groups[0]);
        let o = Point::new(self.origin.x + g.grid_at.x, self.origin.y + g.grid_at.y);
        let c = self.cell;
        let b = f64::from(block.saturating_sub(g.first));
        let p = f64::from(position - 1);
        let across = f64::from(g.across);
        let step = 3.0 * c + self.gap;
        Rect::new(
            o.x + (b % across) * step + (p % 3.0) * c,
            o.y + (b / across).floor() * step + (p / 3.0).floor() * c,
            c,
            c,
        )
    }

    /// The numbers of the 3×3 blocks: 1..9 in the Tactical Grid, 1 in the
    /// Strategic Grid, 1..10 in a Help field.
    pub(crate) fn block_numbers(&self) -> Vec<u8> {
        self.groups
            .iter()
            .flat_map(|g| (0..g.across * g.across).map(move |k| g.first + k))
            .collect()
    }

    /// How many 3×3 blocks: 9 in the Tactical Grid, 1 in the Strategic Grid,
    /// 10 in a Help field.
    #[cfg(test)]
    pub(crate) fn blocks(&self) -> u8 {
        self.block_numbers().len() as u8
    }
}

impl Geometry for TrackingGeometry {
    fn size(&self) -> Size {
        self.size
    }
    fn place(&mut self, origin: Point) {
        self.origin = origin;
    }
}

impl Part for TrackingGrid {
    const KIND: &'static str = Self::TABLE;
    type Geometry = TrackingGeometry;

    fn id(&self) -> String {
        match (&self.id, self.grid) {
            (Some(id), _) => id.get_ref().clone(),
            (None, TrackingKind::Tactical) => "tactical-grid".into(),
            (None, TrackingKind::Strategic) => "strategic-grid".into(),
            (None, TrackingKind::Help) => "help".into(),
        }
    }
    fn id_span(&self) -> Range<usize> {
        self.id.as_ref().map_or(0..0, |s| s.span())
    }
    fn at(&self) -> Option<[f64; 2]> {
        self.at
    }
    // A fitted grid takes its room before the parts sized to fit.
    fn shrinks(&self) -> bool {
        matches!(self.cell, Some(Extent::Fit))
    }

    fn measure(&self, avail: Size, cx: &Context) -> TrackingGeometry {
        let titles = self.titles(cx);
        let (cell, groups, size) = self.measure_cell(&titles, avail);
        TrackingGeometry {
            origin: Point::new(0.0, 0.0),
            size,
            kind: self.grid,
            cell,
            gap: self.gap_at(cell),
            groups,
        }
    }

    fn draw(&self, g: &TrackingGeometry, _cx: &Context, page: &mut Page) {
        let style = TextStyle::new(self.title_size)
            .anchor(Anchor::Middle)
            .weight(FontWeight::Bold);
        for group in &g.groups {
            if let Some(title) = &group.title {
                page.text_at(
                    Point::new(
                        g.origin.x + group.title_at.x,
                        g.origin.y + group.title_at.y + fonts::ascent(self.title_size),
                    ),
                    style,
                    title.clone(),
                );
            }
        }
        for block in g.block_numbers() {
            let first = g.cell_rect(block, 1);
            self.three_by_three(first.origin(), g.cell, page);
        }
    }
}

impl TrackingGrid {
    fn three_by_three(&self, at: Point, c: f64, page: &mut Page) {
        let thin = Stroke::solid(self.line);
        for i in 1..3 {
            page.grid_lines(at, f64::from(i) * c, 3.0 * c, thin);
        }
        page.rect(
            Rect::new(at.x, at.y, 3.0 * c, 3.0 * c),
            None,
            Some(Stroke::solid(self.rule)),
        );
    }
}
