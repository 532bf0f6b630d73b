//! `[[tracking-grid]]`: the Tactical Grid (nine small 3×3 grids, one per
//! strategic cell) and the Strategic Grid (one 3×3), under an optional
//! heading, where players mark the fields they have decided.

use std::ops::Range;

use serde::Deserialize;
use toml::Spanned;

use super::kind::{Context, Geometry, Part};
use crate::display::{Anchor, FontWeight, Page, Point, Rect, Size, Stroke, TextStyle};
use crate::fonts;
use crate::spec::value::{font_size, line_width, outline, position, ranged, thin_line};

ranged! {
    opt_cell: optnum "cell" " mm" 1.5 .. 40;
    grid_gap: num "gap" " mm" 0 .. 20;
}

/// Which tracking field a `[[tracking-grid]]` is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Default)]
#[serde(rename_all = "kebab-case")]
pub enum TrackingKind {
    /// Nine small 3×3 grids: which tactical cells of each strategic cell are decided.
    #[default]
    Tactical,
    /// One 3×3 grid: which strategic cells are decided.
    Strategic,
}

/// `[[tracking-grid]]`: a help field for marking decided cells.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub(crate) struct TrackingGrid {
    /// Arrangement name (default `"tactical-grid"` / `"strategic-grid"` by `grid`).
    #[serde(default)]
    pub(crate) id: Option<Spanned<String>>,
    /// Pin position, mm.
    #[serde(default, deserialize_with = "position")]
    pub(crate) at: Option<[f64; 2]>,
    /// `"tactical"` (default) or `"strategic"`.
    #[serde(default)]
    pub(crate) grid: TrackingKind,
    /// Cell side, mm (default 3.6 tactical, 7 strategic).
    #[serde(default, deserialize_with = "opt_cell")]
    pub(crate) cell: Option<f64>,
    /// Space between the small grids of a tactical grid, mm (default 1.8).
    #[serde(default = "TrackingGrid::default_gap", deserialize_with = "grid_gap")]
    pub(crate) gap: f64,
    /// Heading above the grid (default "Tactical Grid" / "Strategic Grid" in
    /// the sheet's language; `""` for none).
    #[serde(default)]
    pub(crate) title: Option<String>,
    /// Heading font size, mm (default 3).
    #[serde(
        default = "TrackingGrid::default_title_size",
        deserialize_with = "font_size"
    )]
    pub(crate) title_size: f64,
    /// Thin line width, mm (default 0.15).
    #[serde(default = "thin_line", deserialize_with = "line_width")]
    pub(crate) line: f64,
    /// Outline width, mm (default 0.45).
    #[serde(default = "outline", deserialize_with = "line_width")]
    pub(crate) rule: f64,
}

impl TrackingGrid {
    fn default_gap() -> f64 {
        1.8
    }
    fn default_title_size() -> f64 {
        3.0
    }
    /// The cell side, mm.
    fn cell_mm(&self) -> f64 {
        self.cell.unwrap_or(match self.grid {
            TrackingKind::Tactical => 3.6,
            TrackingKind::Strategic => 7.0,
        })
    }
    /// The heading in the sheet's language, if any.
    fn title_text(&self, cx: &Context) -> Option<String> {
        let words = cx.words.sheet();
        let t = match (&self.title, self.grid) {
            (Some(t), _) => cx.words.expand(t),
            (None, TrackingKind::Tactical) => words.tactical_grid.clone(),
            (None, TrackingKind::Strategic) => words.strategic_grid.clone(),
        };
        (!t.is_empty()).then_some(t)
    }
    fn heading_height(&self, cx: &Context) -> f64 {
        if self.title_text(cx).is_some() {
            fonts::line_height(self.title_size) + 0.8
        } else {
            0.0
        }
    }
}

/// Where a laid-out tracking grid is, and the cell of every field it tracks.
#[derive(Debug, Clone, PartialEq)]
pub struct TrackingGeometry {
    origin: Point,
    size: Size,
    kind: TrackingKind,
    /// Side of the grids, outline not counted.
    grid_side: f64,
    /// Height of the heading above the grids.
    heading: f64,
    rule: f64,
    cell: f64,
    gap: f64,
}

impl TrackingGeometry {
    /// Which grid this is.
    pub fn kind(&self) -> TrackingKind {
        self.kind
    }

    /// The cell for position `position` (1..9) in 3×3 number `block` (1..9;
    /// the Strategic Grid has only block 1): where a player marks a won or
    /// drawn field.
    pub fn cell_rect(&self, block: u8, position: u8) -> Rect {
        // Centred across the part, under the heading.
        let o = Point::new(
            self.origin.x + (self.size.w - self.grid_side) / 2.0,
            self.origin.y + self.heading + self.rule / 2.0,
        );
        let c = self.cell;
        let (b, p) = (f64::from(block - 1), f64::from(position - 1));
        let step = 3.0 * c + self.gap;
        Rect::new(
            o.x + (b % 3.0) * step + (p % 3.0) * c,
            o.y + (b / 3.0).floor() * step + (p / 3.0).floor() * c,
            c,
            c,
        )
    }

    /// How many 3×3 blocks: 9 in the Tactical Grid, 1 in the Strategic Grid.
    pub fn blocks(&self) -> u8 {
        match self.kind {
            TrackingKind::Tactical => 9,
            TrackingKind::Strategic => 1,
        }
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
    const KIND: &'static str = "tracking-grid";
    type Geometry = TrackingGeometry;

    fn id(&self) -> String {
        match (&self.id, self.grid) {
            (Some(id), _) => id.get_ref().clone(),
            (None, TrackingKind::Tactical) => "tactical-grid".into(),
            (None, TrackingKind::Strategic) => "strategic-grid".into(),
        }
    }
    fn id_span(&self) -> Range<usize> {
        self.id.as_ref().map_or(0..0, |s| s.span())
    }
    fn at(&self) -> Option<[f64; 2]> {
        self.at
    }

    fn measure(&self, _avail: Size, cx: &Context) -> TrackingGeometry {
        let c = self.cell_mm();
        let grid_side = match self.grid {
            TrackingKind::Tactical => 9.0 * c + 2.0 * self.gap,
            TrackingKind::Strategic => 3.0 * c,
        };
        let title_w = self.title_text(cx).map_or(0.0, |s| {
            fonts::text_width(&s, FontWeight::Bold, self.title_size)
        });
        let side = grid_side + self.rule;
        let size = Size {
            w: side.max(title_w),
            h: self.heading_height(cx) + side,
        };
        TrackingGeometry {
            origin: Point::new(0.0, 0.0),
            size,
            kind: self.grid,
            grid_side,
            heading: self.heading_height(cx),
            rule: self.rule,
            cell: c,
            gap: self.gap,
        }
    }

    fn draw(&self, g: &TrackingGeometry, cx: &Context, page: &mut Page) {
        if let Some(title) = self.title_text(cx) {
            page.text_at(
                Point::new(
                    g.origin.x + g.size.w / 2.0,
                    g.origin.y + fonts::ascent(self.title_size),
                ),
                TextStyle::new(self.title_size)
                    .anchor(Anchor::Middle)
                    .weight(FontWeight::Bold),
                title,
            );
        }
        for block in 1..=g.blocks() {
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
