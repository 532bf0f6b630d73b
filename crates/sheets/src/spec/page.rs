//! The `[page]` table: paper size, orientation and margins.

use serde::{Deserialize, Serialize};

use crate::display::Rect;
use crate::keys::{spec_table, words_enum};

/// A paper size. Written `A4`, `a4` or `LETTER` alike: a name is read
/// whatever its letter case, in a spec as on the command line, since
/// people type paper sizes the way their printer's menu shows them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Default)]
pub enum PaperSize {
    /// ISO A3, 297 × 420 mm.
    A3,
    /// ISO A4, 210 × 297 mm (the default).
    #[default]
    A4,
    /// ISO A5, 148 × 210 mm.
    A5,
    /// US Letter, 215.9 × 279.4 mm.
    Letter,
}

impl PaperSize {
    /// Every paper size, in the order the reference lists them.
    pub const ALL: [PaperSize; 4] = [
        PaperSize::A4,
        PaperSize::A5,
        PaperSize::A3,
        PaperSize::Letter,
    ];

    /// The size's name as written in a spec (`A4`, `Letter`).
    pub fn name(self) -> &'static str {
        match self {
            PaperSize::A3 => "A3",
            PaperSize::A4 => "A4",
            PaperSize::A5 => "A5",
            PaperSize::Letter => "Letter",
        }
    }

    /// The size a name means, whatever its letter case (`a4`, `LETTER`).
    pub fn from_name(name: &str) -> Option<PaperSize> {
        PaperSize::ALL
            .into_iter()
            .find(|p| p.name().eq_ignore_ascii_case(name))
    }

    /// Width and height in portrait orientation, mm.
    pub(crate) fn portrait_mm(self) -> (f64, f64) {
        match self {
            PaperSize::A3 => (297.0, 420.0),
            PaperSize::A4 => (210.0, 297.0),
            PaperSize::A5 => (148.0, 210.0),
            PaperSize::Letter => (215.9, 279.4),
        }
    }
}

impl<'de> Deserialize<'de> for PaperSize {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<PaperSize, D::Error> {
        let name = String::deserialize(d)?;
        PaperSize::from_name(&name)
            .ok_or_else(|| serde::de::Error::unknown_variant(&name, &["A3", "A4", "A5", "Letter"]))
    }
}

words_enum! {
    /// Which way up the paper is.
    pub enum Orientation {
        /// Taller than wide (the default).
        #[default]
        Portrait = "portrait",
        /// Wider than tall.
        Landscape = "landscape",
    }
}

/// The least and greatest margin, mm.
const MARGIN: (f64, f64) = (0.0, 60.0);

spec_table! {
    /// The four page margins, mm. Nothing may be drawn inside them.
    #[derive(Copy, PartialEq)]
    pub(crate) struct Margins = "page.margins" with Default {
        top: f64 = "top", Mm { min: MARGIN.0, max: MARGIN.1, default: 8.0 }, "top margin";
        right: f64 = "right", Mm { min: MARGIN.0, max: MARGIN.1, default: 8.0 }, "right margin";
        bottom: f64 = "bottom", Mm { min: MARGIN.0, max: MARGIN.1, default: 8.0 }, "bottom margin";
        left: f64 = "left", Mm { min: MARGIN.0, max: MARGIN.1, default: 8.0 }, "left margin";
    }
}

spec_table! {
    /// The `[page]` table.
    #[derive(Copy, PartialEq)]
    pub(crate) struct PageSpec = "page" with Default {
        size: PaperSize = "size",
            Typed {
                default: PaperSize::default,
                shape: KeyShape::Choice(&["A4", "A5", "A3", "Letter"]),
                words: "`\"A4\"`",
            },
            "paper size (A4 = 210 × 297 mm)";
        orientation: Orientation = "orientation",
            Typed {
                default: Orientation::default,
                shape: KeyShape::Choice(Orientation::WORDS),
                words: "`\"portrait\"`",
            },
            "which way up";
        margins: Margins = "margins",
            Typed {
                default: Margins::default,
                shape: KeyShape::Numbers { keys: Margins::KEYS, min: MARGIN.0, max: MARGIN.1 },
                words: "8 on every side",
            },
            "`top`, `right`, `bottom`, `left`, mm, each 0..60; nothing is drawn inside them";
        marks: Option<bool> = "marks",
            Typed::<Option<bool>> {
                default: || None,
                shape: KeyShape::Bool,
                words: "on for game and record sheets",
            },
            "four alignment marks and the sheet code, so a photograph of the played sheet can be \
                read back (see below)";
    }
}

impl PageSpec {
    /// Page width and height in mm, after orientation.
    pub(crate) fn size_mm(&self) -> (f64, f64) {
        let (w, h) = self.size.portrait_mm();
        match self.orientation {
            Orientation::Portrait => (w, h),
            Orientation::Landscape => (h, w),
        }
    }

    /// The area inside the margins, where everything is drawn.
    pub(crate) fn content(&self) -> Rect {
        let (w, h) = self.size_mm();
        let m = self.margins;
        Rect::new(m.left, m.top, w - m.left - m.right, h - m.top - m.bottom)
    }
}
