//! The part kinds a sheet is built from. Each kind is an array of tables in
//! the spec (`[[strategic-field]]`, `[[record-tables]]`, …), so a new kind is a
//! new struct here, a new array in [`super::Spec`] and a new drawing module in
//! `layout`, never a change to the existing ones.
//!
//! Every part has an `id` (how arrangements refer to it) and an optional `at`
//! (pin it at an explicit position instead of arranging it).

use serde::Deserialize;
use toml::Spanned;

use super::value::{Extent, color, headings, position, ranged, rows_or_fit, tables_or_fit};
use crate::display::{Color, FontWeight};
use crate::maps::{FunctionalMap, HyperfunctionalMap};

ranged! {
    field_cell: fit "cell" " mm" 2 .. 20;
    field_max_cell: num "max-cell" " mm" 2 .. 20;
    field_min_cell: optnum "min-cell" " mm" 2 .. 20;
    field_gap: num "gap" " mm" 0 .. 30;
    line_width: num "line width" " mm" 0.05 .. 3;
    opt_font: optnum "font size" " mm" 0.8 .. 30;
    font_size: num "size" " mm" 0.8 .. 40;
    table_row_height: num "row-height" " mm" 2 .. 30;
    table_column_width: num "column-width" " mm" 2 .. 40;
    table_gap: num "gap" " mm" 0 .. 50;
    opt_cell: optnum "cell" " mm" 1.5 .. 40;
    grid_gap: num "gap" " mm" 0 .. 20;
    write_width: num "width" " mm" 5 .. 300;
}

fn players<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Vec<String>, D::Error> {
    headings(d, "players", 8)
}

fn columns<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Vec<String>, D::Error> {
    headings(d, "columns", 6)
}

fn yes() -> bool {
    true
}

fn black() -> Color {
    Color::BLACK
}

/// A pin: where a part's top-left corner goes, mm from the page's top-left
/// corner, instead of being arranged.
pub type At = Option<[f64; 2]>;

/// `[[strategic-field]]`: the 27×27 Strategic Tic-Tac-Toe field, as 3×3
/// strategic cells of 3×3 tactical cells of 3×3 cells.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct StrategicField {
    /// Arrangement name (default `"field"`).
    #[serde(default = "StrategicField::default_id")]
    pub id: Spanned<String>,
    /// Pin position, mm.
    #[serde(default, deserialize_with = "position")]
    pub at: At,
    /// Cell side in mm, or `"fit"` for the largest that fits (default 5.4).
    #[serde(
        default = "StrategicField::default_cell",
        deserialize_with = "field_cell"
    )]
    pub cell: Extent<f64>,
    /// Upper bound for a fitted cell, mm (default 8).
    #[serde(
        default = "StrategicField::default_max_cell",
        deserialize_with = "field_max_cell"
    )]
    pub max_cell: f64,
    /// Extra space between neighbouring strategic cells' decorations, mm (default 1.5).
    #[serde(
        default = "StrategicField::default_gap",
        deserialize_with = "field_gap"
    )]
    pub gap: f64,
    /// Line width between cells, mm (default 0.15).
    #[serde(
        default = "StrategicField::default_line_cell",
        deserialize_with = "line_width"
    )]
    pub line_cell: f64,
    /// Line width around tactical cells, mm (default 0.4).
    #[serde(
        default = "StrategicField::default_line_tactical",
        deserialize_with = "line_width"
    )]
    pub line_tactical: f64,
    /// Line width around strategic cells, mm (default 0.8).
    #[serde(
        default = "StrategicField::default_line_strategic",
        deserialize_with = "line_width"
    )]
    pub line_strategic: f64,
    /// Colour of the grid lines (default black).
    #[serde(default = "black", deserialize_with = "color")]
    pub line_color: Color,
    /// Functional map whose lists are printed left of each strategic cell
    /// (built-in name or map-file path); none by default.
    #[serde(default)]
    pub row_numbers: Option<Spanned<String>>,
    /// Font size of the row numbers, mm (default 0.6 × cell).
    #[serde(default, deserialize_with = "opt_font")]
    pub row_number_size: Option<f64>,
    /// Hyperfunctional map whose number is printed inside every cell; none by default.
    #[serde(default)]
    pub cell_numbers: Option<Spanned<String>>,
    /// Font size of the per-cell numbers, mm (default 0.36 × cell).
    #[serde(default, deserialize_with = "opt_font")]
    pub cell_number_size: Option<f64>,
    /// Colour of the per-cell numbers (default `"#8c8c8c"`).
    #[serde(
        default = "StrategicField::default_cell_number_color",
        deserialize_with = "color"
    )]
    pub cell_number_color: Color,
    /// Print the ST labels (`11`..`99`) around each strategic cell (default true).
    #[serde(default = "yes")]
    pub st_labels: bool,
    /// Font size of the ST labels, mm (default 0.42 × cell).
    #[serde(default, deserialize_with = "opt_font")]
    pub label_size: Option<f64>,
    /// Colour of the ST labels (default `"#404040"`).
    #[serde(
        default = "StrategicField::default_label_color",
        deserialize_with = "color"
    )]
    pub label_color: Color,
    /// Smallest cell the field may shrink to, mm; none by default. With it,
    /// `cell` is the preferred size: on a page too small for it the field
    /// shrinks (0.1 mm steps) before the parts sized to fit take what is left.
    #[serde(default, deserialize_with = "field_min_cell")]
    pub min_cell: Option<f64>,
    /// The row-number map, once resolved.
    #[serde(skip)]
    pub row_map: Option<(String, FunctionalMap)>,
    /// The per-cell map, once resolved.
    #[serde(skip)]
    pub cell_map: Option<(String, Box<HyperfunctionalMap>)>,
}

impl StrategicField {
    fn default_id() -> Spanned<String> {
        Spanned::new(0..0, "field".into())
    }
    fn default_cell() -> Extent<f64> {
        Extent::Fixed(5.4)
    }
    fn default_max_cell() -> f64 {
        8.0
    }
    fn default_gap() -> f64 {
        1.5
    }
    fn default_line_cell() -> f64 {
        0.15
    }
    fn default_line_tactical() -> f64 {
        0.4
    }
    fn default_line_strategic() -> f64 {
        0.8
    }
    fn default_cell_number_color() -> Color {
        Color::grey(0x8c)
    }
    fn default_label_color() -> Color {
        Color::grey(0x40)
    }
}

/// `[[record-tables]]`: side-by-side move-record tables, each headed with the
/// players (`X | O`) and split per player into address columns (`S T O`).
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct RecordTables {
    /// Arrangement name (default `"records"`).
    #[serde(default = "RecordTables::default_id")]
    pub id: Spanned<String>,
    /// Pin position, mm.
    #[serde(default, deserialize_with = "position")]
    pub at: At,
    /// How many tables side by side, or `"fit"` for as many as the width
    /// left allows (default 4).
    #[serde(
        default = "RecordTables::default_count",
        deserialize_with = "tables_or_fit"
    )]
    pub count: Extent<u32>,
    /// Writing rows per table, or `"fit"` to fill the height left (default 25).
    #[serde(
        default = "RecordTables::default_rows",
        deserialize_with = "rows_or_fit"
    )]
    pub rows: Extent<u32>,
    /// Row height, mm (default 3.6).
    #[serde(
        default = "RecordTables::default_row_height",
        deserialize_with = "table_row_height"
    )]
    pub row_height: f64,
    /// Width of each address column, mm (default 4.4).
    #[serde(
        default = "RecordTables::default_column_width",
        deserialize_with = "table_column_width"
    )]
    pub column_width: f64,
    /// Number the rows in a narrow first column (default true).
    #[serde(default = "yes")]
    pub numbered: bool,
    /// Space between tables, mm (default 3).
    #[serde(default = "RecordTables::default_gap", deserialize_with = "table_gap")]
    pub gap: f64,
    /// Player headings (default `["X", "O"]`).
    #[serde(
        default = "RecordTables::default_players",
        deserialize_with = "players"
    )]
    pub players: Vec<String>,
    /// Address column headings per player (default `["S", "T", "O"]`).
    #[serde(
        default = "RecordTables::default_columns",
        deserialize_with = "columns"
    )]
    pub columns: Vec<String>,
    /// Thin rule width, mm (default 0.15).
    #[serde(
        default = "StrategicField::default_line_cell",
        deserialize_with = "line_width"
    )]
    pub line: f64,
    /// Outline and player-separator width, mm (default 0.45).
    #[serde(
        default = "RecordTables::default_rule",
        deserialize_with = "line_width"
    )]
    pub rule: f64,
}

impl RecordTables {
    fn default_id() -> Spanned<String> {
        Spanned::new(0..0, "records".into())
    }
    fn default_count() -> Extent<u32> {
        Extent::Fixed(4)
    }
    fn default_rows() -> Extent<u32> {
        Extent::Fixed(25)
    }
    fn default_row_height() -> f64 {
        3.6
    }
    fn default_column_width() -> f64 {
        4.4
    }
    fn default_gap() -> f64 {
        3.0
    }
    fn default_players() -> Vec<String> {
        vec!["X".into(), "O".into()]
    }
    fn default_columns() -> Vec<String> {
        vec!["S".into(), "T".into(), "O".into()]
    }
    fn default_rule() -> f64 {
        0.45
    }
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
pub struct TrackingGrid {
    /// Arrangement name (default `"tactical-grid"` / `"strategic-grid"` by `grid`).
    #[serde(default)]
    pub id: Option<Spanned<String>>,
    /// Pin position, mm.
    #[serde(default, deserialize_with = "position")]
    pub at: At,
    /// `"tactical"` (default) or `"strategic"`.
    #[serde(default)]
    pub grid: TrackingKind,
    /// Cell side, mm (default 3.6 tactical, 7 strategic).
    #[serde(default, deserialize_with = "opt_cell")]
    pub cell: Option<f64>,
    /// Space between the small grids of a tactical grid, mm (default 1.8).
    #[serde(default = "TrackingGrid::default_gap", deserialize_with = "grid_gap")]
    pub gap: f64,
    /// Heading above the grid (default "Tactical Grid" / "Strategic Grid";
    /// `""` for none).
    #[serde(default)]
    pub title: Option<String>,
    /// Heading font size, mm (default 3).
    #[serde(
        default = "TrackingGrid::default_title_size",
        deserialize_with = "font_size"
    )]
    pub title_size: f64,
    /// Thin line width, mm (default 0.15).
    #[serde(
        default = "StrategicField::default_line_cell",
        deserialize_with = "line_width"
    )]
    pub line: f64,
    /// Outline width, mm (default 0.45).
    #[serde(
        default = "RecordTables::default_rule",
        deserialize_with = "line_width"
    )]
    pub rule: f64,
}

impl TrackingGrid {
    fn default_gap() -> f64 {
        1.8
    }
    fn default_title_size() -> f64 {
        3.0
    }
    /// The arrangement name.
    pub fn id(&self) -> String {
        match (&self.id, self.grid) {
            (Some(id), _) => id.get_ref().clone(),
            (None, TrackingKind::Tactical) => "tactical-grid".into(),
            (None, TrackingKind::Strategic) => "strategic-grid".into(),
        }
    }
    /// The cell side, mm.
    pub fn cell_mm(&self) -> f64 {
        self.cell.unwrap_or(match self.grid {
            TrackingKind::Tactical => 3.6,
            TrackingKind::Strategic => 7.0,
        })
    }
    /// The heading, if any.
    pub fn title_text(&self) -> Option<&str> {
        let t = match (&self.title, self.grid) {
            (Some(t), _) => t.as_str(),
            (None, TrackingKind::Tactical) => "Tactical Grid",
            (None, TrackingKind::Strategic) => "Strategic Grid",
        };
        (!t.is_empty()).then_some(t)
    }
}

/// Text weight as written in a spec.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Default)]
#[serde(rename_all = "kebab-case")]
pub enum Weight {
    /// Regular (default).
    #[default]
    Regular,
    /// Bold.
    Bold,
}

impl From<Weight> for FontWeight {
    fn from(w: Weight) -> Self {
        match w {
            Weight::Regular => FontWeight::Regular,
            Weight::Bold => FontWeight::Bold,
        }
    }
}

/// `[[text]]`: one line of text (a title, a footer, a note). `{maps}` in the
/// text is replaced by the maps the sheet's fields use (`map34 : hmap2`).
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct TextPart {
    /// Arrangement name (default `"text"`).
    #[serde(default = "TextPart::default_id")]
    pub id: Spanned<String>,
    /// Pin position, mm.
    #[serde(default, deserialize_with = "position")]
    pub at: At,
    /// The text (default empty).
    #[serde(default)]
    pub text: String,
    /// Font size, mm (default 3.5).
    #[serde(default = "TextPart::default_size", deserialize_with = "font_size")]
    pub size: f64,
    /// `"regular"` (default) or `"bold"`.
    #[serde(default)]
    pub weight: Weight,
    /// Text colour (default black).
    #[serde(default = "black", deserialize_with = "color")]
    pub color: Color,
}

impl TextPart {
    fn default_id() -> Spanned<String> {
        Spanned::new(0..0, "text".into())
    }
    fn default_size() -> f64 {
        3.5
    }
}

/// `[[write-in]]`: labelled blank lines to fill in by hand (`Name ____ Date ____`).
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct WriteIn {
    /// Arrangement name (default `"write-in"`).
    #[serde(default = "WriteIn::default_id")]
    pub id: Spanned<String>,
    /// Pin position, mm.
    #[serde(default, deserialize_with = "position")]
    pub at: At,
    /// The labels, one blank line after each (default `["Name", "Date"]`).
    #[serde(default = "WriteIn::default_fields")]
    pub fields: Vec<String>,
    /// Length of each blank line, mm (default 45).
    #[serde(default = "WriteIn::default_width", deserialize_with = "write_width")]
    pub width: f64,
    /// Font size of the labels, mm (default 3.2).
    #[serde(default = "WriteIn::default_size", deserialize_with = "font_size")]
    pub size: f64,
}

impl WriteIn {
    fn default_id() -> Spanned<String> {
        Spanned::new(0..0, "write-in".into())
    }
    fn default_fields() -> Vec<String> {
        vec!["Name".into(), "Date".into()]
    }
    fn default_width() -> f64 {
        45.0
    }
    fn default_size() -> f64 {
        3.2
    }
}
