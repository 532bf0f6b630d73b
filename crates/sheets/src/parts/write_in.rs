//! `[[write-in]]`: labelled blank lines to fill in by hand (`Name ____ Date ____`).

use super::kind::{Context, Geometry, Part, id_and_pin};
use crate::display::{FontWeight, Page, Point, Size, Stroke, TextStyle};
use crate::fonts;
use crate::keys::spec_table;

spec_table! {
    /// `[[write-in]]`: labels each followed by a blank line to write on.
    pub(crate) struct WriteIn = "write-in" part "write-in" {
        fields: Vec<String> = "fields",
            Typed {
                default: WriteIn::default_fields,
                shape: KeyShape::List { max: None },
                words: "`[\"{name}\", \"{date}\"]`",
            },
            "the labels (placeholders allowed)";
        width: f64 = "width",
            Mm { min: 5.0, max: 300.0, default: 45.0 },
            "length of each blank line";
        size: f64 = "size", Mm { min: 2.2, max: 40.0, default: 3.2 }, "label font size";
    }
}

impl WriteIn {
    fn default_fields() -> Vec<String> {
        vec!["{name}".into(), "{date}".into()]
    }
}

/// Space between a label and its blank, mm.
pub(crate) const LABEL_GAP: f64 = 1.5;
/// Space between one blank and the next label, mm.
pub(crate) const FIELD_GAP: f64 = 5.0;

/// Draws one labelled blank: `label` set at `size` from `label_x` on
/// `baseline`, and the blank line `length` mm long from `blank_x`, just under
/// the baseline. A sheet's `[[write-in]]` part and a handout's name line are
/// drawn with it.
pub(crate) fn labelled_blank(
    page: &mut Page,
    label: &str,
    size: f64,
    (label_x, blank_x): (f64, f64),
    baseline: f64,
    length: f64,
) {
    page.text_at(Point::new(label_x, baseline), TextStyle::new(size), label);
    // Inset by half the stroke: its square caps reach that far past the ends.
    let stroke = Stroke::solid(0.2);
    let y = baseline + 0.6;
    page.line(
        Point::new(blank_x + stroke.width / 2.0, y),
        Point::new(blank_x + length - stroke.width / 2.0, y),
        stroke,
    );
}

/// One blank of a write-in line: its label and where the hand writes.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Blank {
    /// The field's label, e.g. `Name`.
    pub label: String,
    /// The left end of the blank line, on the label's baseline.
    pub start: Point,
    /// Length of the blank line, mm.
    pub length: f64,
    /// Font size of the label, mm: the size to write in.
    pub text_size: f64,
}

/// Where a laid-out write-in line is, and its blanks.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct WriteInGeometry {
    origin: Point,
    size: Size,
    fields: Vec<String>,
    text_size: f64,
    length: f64,
}

impl WriteInGeometry {
    /// Every blank, left to right.
    pub(crate) fn blanks(&self) -> Vec<Blank> {
        let base = self.origin.y + fonts::ascent(self.text_size);
        let mut pos = self.origin.x;
        self.fields
            .iter()
            .map(|f| {
                pos += fonts::text_width(f, FontWeight::Regular, self.text_size) + LABEL_GAP;
                let start = Point::new(pos, base);
                pos += self.length + FIELD_GAP;
                Blank {
                    label: f.clone(),
                    start,
                    length: self.length,
                    text_size: self.text_size,
                }
            })
            .collect()
    }
}

impl Geometry for WriteInGeometry {
    fn size(&self) -> Size {
        self.size
    }
    fn place(&mut self, origin: Point) {
        self.origin = origin;
    }
}

impl Part for WriteIn {
    const KIND: &'static str = Self::TABLE;
    type Geometry = WriteInGeometry;

    id_and_pin!();

    fn measure(&self, _avail: Size, cx: &Context) -> WriteInGeometry {
        let fields: Vec<String> = self.fields.iter().map(|f| cx.words.expand(f)).collect();
        let n = fields.len() as f64;
        let labels: f64 = fields
            .iter()
            .map(|f| fonts::text_width(f, FontWeight::Regular, self.size))
            .sum();
        WriteInGeometry {
            origin: Point::new(0.0, 0.0),
            size: Size {
                w: labels + n * (LABEL_GAP + self.width) + (n - 1.0).max(0.0) * FIELD_GAP,
                h: fonts::line_height(self.size) + 0.6,
            },
            fields,
            text_size: self.size,
            length: self.width,
        }
    }

    fn draw(&self, g: &WriteInGeometry, _cx: &Context, page: &mut Page) {
        for blank in g.blanks() {
            let label_x = blank.start.x
                - LABEL_GAP
                - fonts::text_width(&blank.label, FontWeight::Regular, self.size);
            labelled_blank(
                page,
                &blank.label,
                self.size,
                (label_x, blank.start.x),
                blank.start.y,
                self.width,
            );
        }
    }
}
