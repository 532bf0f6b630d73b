//! `[[strategic-field]]`: the 27×27 Strategic Tic-Tac-Toe field, as 3×3
//! strategic cells of 3×3 tactical cells of 3×3 cells, with the row-number
//! column left of each strategic cell, the per-cell numbers and the ST labels
//! around it.
//!
//! Across one strategic column the field reads, left to right:
//! row numbers (boxed) | label S4 | grid | label S6, then the gap to the
//! next column.
//! Down one strategic row: top-row labels, grid, bottom-row labels, gap.

use toml::Spanned;

use super::kind::{Context, Geometry, Part, SizeOrder, id_and_pin};
use crate::boards::nested::{block_lines, nine_square, row_numbers};
use crate::display::{
    Anchor, Color, FontWeight, MIN_TEXT, Page, Point, Rect, Size, Stroke, TextStyle,
};
use crate::fonts;
use crate::keys::spec_table;
use crate::keys::value::Extent;
use crate::maps::{FunctionalMap, HyperfunctionalMap, MapId};

spec_table! {
    /// `[[strategic-field]]`: the 27×27 Strategic Tic-Tac-Toe field.
    pub(crate) struct StrategicField = "strategic-field" part "field" {
        cell: Extent<f64> = "cell",
            MmOrFit { min: 2.0, max: 20.0, default: Extent::Fixed(5.4) },
            "cell side; `\"fit\"` takes the largest in whole 0.1 mm that fits the space the \
                arrangement leaves, before the parts sized to fit (the records) share the rest, \
                so bigger paper gives a bigger field";
        min_cell: Option<f64> = "min-cell",
            OptMm { min: 2.0, max: 20.0 },
            "with it, `cell` is the preferred size: where the page leaves too little room the \
                field shrinks in 0.1 mm steps down to `min-cell` (and is the lower bound of a \
                `\"fit\"` cell); below that the layout fails naming the parts, their overflow in \
                mm and the field at its minimum. At most `cell` (with `cell = \"fit\"`, at most \
                `max-cell`): a larger value is refused where it is written";
        max_cell: f64 = "max-cell",
            Mm { min: 2.0, max: 20.0, default: 8.0 },
            "upper bound for a fitted cell";
        gap: f64 = "gap", Mm { min: 0.0, max: 30.0, default: 1.5 },
            "extra space between neighbouring strategic cells (beyond their labels and numbers)";
        line_cell: f64 = "line-cell",
            Mm { min: 0.05, max: 3.0, default: 0.15 },
            "lines between cells";
        line_tactical: f64 = "line-tactical",
            Mm { min: 0.05, max: 3.0, default: 0.4 },
            "lines around tactical cells";
        line_strategic: f64 = "line-strategic",
            Mm { min: 0.05, max: 3.0, default: 0.8 },
            "lines around strategic cells";
        line_color: Color = "line-color",
            Colour { default: Color::BLACK, text: false },
            "grid colour";
        row_numbers: Option<Spanned<String>> = "row-numbers",
            Typed::<Option<Spanned<String>>> {
                default: || None,
                shape: KeyShape::Map("functional"),
                words: "none",
            },
            "functional map for the row-number columns: a family map `map11` … `map88` (`map34` \
                is the standard; docs/rules.md, \"Maps\"), or the path of a map file";
        row_number_size: Option<f64> = "row-number-size",
            OptMm { min: 2.2, max: 30.0 },
            "font size of the row numbers (bold, in a thin box beside their rows)",
            default "0.6 × cell, at least 6 pt";
        cell_numbers: Option<Spanned<String>> = "cell-numbers",
            Typed::<Option<Spanned<String>>> {
                default: || None,
                shape: KeyShape::Map("hyperfunctional"),
                words: "none",
            },
            "hyperfunctional map (`hmap1`, `hmap2` or a map file) whose number is printed small \
                in every cell's top-left corner, clear of the X or O pencilled in the middle";
        cell_number_size: Option<f64> = "cell-number-size", OptMm { min: 2.2, max: 30.0 },
            "font size of the per-cell numbers", default "0.36 × cell, at least 6 pt";
        cell_number_color: Color = "cell-number-color",
            Colour { default: Color::grey(0x26), text: true },
            "their colour, at least 60 % black; the default, 85 %, keeps even a thin 6 pt \"1\" \
                in a 1-bit copy at 150 dpi";
        st_labels: bool = "st-labels", Flag(true), "print the ST labels";
        label_size: Option<f64> = "label-size", OptMm { min: 2.2, max: 30.0 },
            "font size of the ST labels", default "0.42 × cell, at least 6 pt";
        label_color: Color = "label-color", Colour { default: Color::grey(0x40), text: true },
            "their colour, at least 60 % black";
    }
    derived {
        /// The row-number map, once resolved.
        row_map: Option<(MapId, FunctionalMap)>,
        /// The per-cell map, once resolved.
        cell_map: Option<(MapId, Box<HyperfunctionalMap>)>,
    }
}

/// Where a laid-out strategic field is and every measurement of it, mm.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct FieldGeometry {
    origin: Point,
    /// Cell side.
    cell: f64,
    /// Width of the row-number column (0 without row numbers).
    number_col: f64,
    /// Height of the label bands above and below a strategic cell.
    label_band: f64,
    /// Width of the label columns left and right of a strategic cell.
    label_col: f64,
    /// Half the widest line: how far lines spill past the grid's edges.
    spill: f64,
    /// Extra space between neighbouring strategic cells' decorations.
    gap: f64,
    /// Row-number font size.
    number_size: f64,
    /// ST label font size.
    label_size: f64,
    /// Per-cell number font size.
    cell_number_size: f64,
}

/// Space between a label and the grid line it stands beside, in label ems.
const LABEL_CLEARANCE: f64 = 0.3;

impl FieldGeometry {
    /// The geometry of `field` drawn with `cell` mm cells, at the page's corner.
    fn new(field: &StrategicField, cell: f64) -> Self {
        let label_size = field.label_size.unwrap_or(0.42 * cell).max(MIN_TEXT);
        let labels = field.st_labels;
        let two_digits = fonts::text_width("99", FontWeight::Regular, label_size);
        FieldGeometry {
            origin: Point::new(0.0, 0.0),
            cell,
            number_col: if field.row_map.is_some() { cell } else { 0.0 },
            label_band: if labels {
                fonts::cap_height(label_size) + 2.0 * LABEL_CLEARANCE * label_size
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
            number_size: field.row_number_size.unwrap_or(0.6 * cell).max(MIN_TEXT),
            label_size,
            cell_number_size: field.cell_number_size.unwrap_or(0.36 * cell).max(MIN_TEXT),
        }
    }

    /// The cell side, mm.
    pub(crate) fn cell(&self) -> f64 {
        self.cell
    }

    /// How far a per-cell number (hyperfunctional) reaches into its cell
    /// from the top-left corner, mm, across or down, whichever is more: a
    /// mark drawn clear of the number stays right of and below this.
    pub(crate) fn cell_number_reach(&self) -> f64 {
        let digit = fonts::text_width("8", FontWeight::Regular, self.cell_number_size);
        let height = fonts::cap_height(self.cell_number_size);
        cell_number_inset(self) + digit.max(height)
    }

    fn column_pitch(&self) -> f64 {
        self.number_col + 2.0 * self.label_col + 2.0 * self.spill + 9.0 * self.cell + self.gap
    }

    fn row_pitch(&self) -> f64 {
        2.0 * self.label_band + 2.0 * self.spill + 9.0 * self.cell + self.gap
    }

    /// Top-left corner of strategic cell `s` (1..=9)'s 9×9 grid.
    pub(crate) fn grid_origin(&self, s: u8) -> Point {
        let (row, col) = (f64::from((s - 1) / 3), f64::from((s - 1) % 3));
        let x = col * self.column_pitch() + self.number_col + self.label_col + self.spill;
        let y = row * self.row_pitch() + self.label_band + self.spill;
        Point::new(self.origin.x + x, self.origin.y + y)
    }

    /// The square of the field a path names: a strategic cell (`[5]`), a
    /// tactical cell (`[5, 3]`) or one cell (`[5, 3, 7]`).
    pub(crate) fn field_rect(&self, path: &[u8]) -> Rect {
        nine_square(self.grid_origin(path[0]), self.cell, &path[1..])
    }

    /// The column of row numbers beside strategic cell `s`'s rows (empty
    /// width without row numbers).
    fn number_column(&self, s: u8) -> Rect {
        let o = self.grid_origin(s);
        Rect::new(
            o.x - self.spill - self.label_col - self.number_col,
            o.y,
            self.number_col,
            9.0 * self.cell,
        )
    }

    /// The x of the row numbers beside strategic cell `s`'s rows (their centre).
    pub(crate) fn row_number_x(&self, s: u8) -> f64 {
        self.number_column(s).centre().x
    }
}

impl Geometry for FieldGeometry {
    fn size(&self) -> Size {
        Size {
            w: 3.0 * self.column_pitch() - self.gap,
            h: 3.0 * self.row_pitch() - self.gap,
        }
    }
    fn place(&mut self, origin: Point) {
        self.origin = origin;
    }
}

/// The largest cell whose field fits `avail` (to a micrometre), up to 30 mm.
fn largest_cell(field: &StrategicField, avail: Size) -> f64 {
    // Every extent grows with the cell (piecewise affine: the labels stop
    // shrinking at the smallest readable size), so bisection finds it.
    let fits = |cell: f64| {
        let s = FieldGeometry::new(field, cell).size();
        s.w <= avail.w + 1e-9 && s.h <= avail.h + 1e-9
    };
    let (mut lo, mut hi) = (0.0, 30.0);
    if fits(hi) {
        return hi;
    }
    for _ in 0..60 {
        let mid = (lo + hi) / 2.0;
        if fits(mid) {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    lo
}

/// The largest cell in whole 0.1 mm (within the field's `max-cell`, at least
/// its `min-cell` or 2 mm) whose field fits `avail`.
fn fit_cell(field: &StrategicField, avail: Size) -> f64 {
    let largest = (largest_cell(field, avail) * 10.0 + 1e-6).floor() / 10.0;
    largest
        .min(field.max_cell)
        .max(field.min_cell.unwrap_or(2.0))
}

/// The `preferred` cell if the field fits `avail` with it, else the largest
/// that fits, `preferred` minus whole 0.1 mm steps, but not below `min`
/// (where the layout's fit check reports the overflow).
fn shrink_cell(field: &StrategicField, preferred: f64, min: f64, avail: Size) -> f64 {
    let short = preferred - largest_cell(field, avail);
    if short <= 1e-9 {
        return preferred;
    }
    let steps = (short / 0.1 - 1e-9).ceil();
    (preferred - steps * 0.1).max(min.min(preferred))
}

impl Part for StrategicField {
    const KIND: &'static str = Self::TABLE;
    type Geometry = FieldGeometry;

    id_and_pin!();
    // A field that fits its cell to the page, or may shrink to a minimum,
    // takes the room it needs before the parts sized to fit (the record
    // tables) share what is left.
    /// `min-cell` at most `cell`, or with `cell = "fit"` at most
    /// `max-cell` (the bounds of the fitted cell).
    fn size_order(&self) -> Vec<SizeOrder> {
        let Some(min) = self.min_cell else {
            return Vec::new();
        };
        match self.cell {
            Extent::Fixed(cell) => SizeOrder::min_cell(min, cell),
            Extent::Fit => vec![SizeOrder {
                lower: ("min-cell", min),
                upper: ("max-cell", self.max_cell),
            }],
        }
    }
    fn shrinks(&self) -> bool {
        self.min_cell.is_some() || self.cell.is_fit()
    }

    fn measure(&self, avail: Size, _cx: &Context) -> FieldGeometry {
        let cell = match (self.cell, self.min_cell) {
            (Extent::Fixed(c), None) => c,
            (Extent::Fixed(c), Some(min)) => shrink_cell(self, c, min, avail),
            (Extent::Fit, _) => fit_cell(self, avail),
        };
        FieldGeometry::new(self, cell)
    }

    fn draw(&self, g: &FieldGeometry, _cx: &Context, page: &mut Page) {
        for s in 1..=9u8 {
            let origin = g.grid_origin(s);
            if let Some((_, map)) = &self.cell_map {
                cell_numbers(
                    g,
                    origin,
                    self.cell_number_color,
                    |r, c| map.cell(s, r, c),
                    page,
                );
            }
            let widths = [self.line_cell, self.line_tactical, self.line_strategic];
            block_lines(page, origin, g.cell, 9, widths, self.line_color);
            if let Some((_, map)) = &self.row_map {
                // A thin box ties the numbers to their strategic cell's rows.
                // Its left side is the field's edge: drawn half its width in,
                // so the line stays inside the field's extent (the margin).
                let column = g.number_column(s);
                let half = self.line_cell / 2.0;
                let column = Rect::new(column.x + half, column.y, column.w - half, column.h);
                page.rect(
                    column,
                    None,
                    Some(Stroke::solid(self.line_cell).with_color(self.line_color)),
                );
                let x = g.row_number_x(s);
                row_numbers(page, map.column_for(s), x, origin.y, g.cell, g.number_size);
            }
            if self.st_labels {
                st_labels(self, g, s, origin, page);
            }
        }
    }

    fn at_minimum(&self, g: &FieldGeometry) -> Option<f64> {
        let min = self.min_cell.filter(|_| self.shrinks())?;
        (g.cell <= min + 1e-9).then_some(min)
    }
}

/// How far a cell's number keeps from the cell's top and left sides, mm:
/// clear of the heaviest line that can pass the corner.
fn cell_number_inset(g: &FieldGeometry) -> f64 {
    (g.spill + 0.3).max(0.08 * g.cell)
}

/// The number of every cell, small in its top-left corner: dark enough for
/// a copier, and clear of the middle, where the X or O is pencilled.
fn cell_numbers(
    g: &FieldGeometry,
    origin: Point,
    color: Color,
    number: impl Fn(usize, usize) -> u8,
    page: &mut Page,
) {
    let style = TextStyle::new(g.cell_number_size)
        .anchor(Anchor::Middle)
        .color(color);
    let digit = fonts::text_width("8", FontWeight::Regular, g.cell_number_size);
    let inset = cell_number_inset(g);
    for r in 0..9 {
        for c in 0..9 {
            page.text_centred_on(
                origin.x + c as f64 * g.cell + inset + digit / 2.0,
                origin.y + r as f64 * g.cell + inset + fonts::cap_height(g.cell_number_size) / 2.0,
                style,
                number(r, c).to_string(),
            );
        }
    }
}

/// Labels `S1`..`S3` above the top tactical row, `S7`..`S9` below the bottom
/// one, `S4` left and `S6` right of the middle row, each centred on the
/// tactical cell it names, as the game's authors print them. The centre
/// tactical cell has no outer side: it is `S5` by its place, and a label
/// stacked beside it read as a row label.
fn st_labels(field: &StrategicField, g: &FieldGeometry, s: u8, origin: Point, page: &mut Page) {
    let cell = g.cell;
    let clearance = LABEL_CLEARANCE * g.label_size;
    let half_cap = fonts::cap_height(g.label_size) / 2.0;
    let style = TextStyle::new(g.label_size)
        .anchor(Anchor::Middle)
        .color(field.label_color);
    let mut label = |x: f64, cy: f64, t: u8| {
        page.text_centred_on(x, cy, style, format!("{s}{t}"));
    };
    let above = origin.y - g.spill - clearance - half_cap;
    let below = origin.y + 9.0 * cell + g.spill + clearance + half_cap;
    for k in 0..3u8 {
        let x = origin.x + (3.0 * f64::from(k) + 1.5) * cell;
        label(x, above, 1 + k);
        label(x, below, 7 + k);
    }
    let middle = origin.y + 4.5 * cell;
    label(origin.x - g.spill - g.label_col / 2.0, middle, 4);
    label(
        origin.x + 9.0 * cell + g.spill + g.label_col / 2.0,
        middle,
        6,
    );
}

/// The extent of `field` drawn with `cell` mm cells (for tests that check
/// fitting against the next size up).
#[cfg(test)]
pub(crate) fn size_with_cell(field: &StrategicField, cell: f64) -> Size {
    FieldGeometry::new(field, cell).size()
}
