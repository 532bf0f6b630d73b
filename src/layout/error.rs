//! Why a spec cannot be laid out, as data: which parts, which margins, how
//! many mm. The message is written from these fields.

use std::fmt;

use miette::Diagnostic;

/// Why a spec cannot be laid out.
#[derive(Debug, Clone, PartialEq, thiserror::Error, Diagnostic)]
pub enum LayoutError {
    /// Parts reach into the margins or off the page.
    #[error(
        "the layout does not fit the page: {}",
        does_not_fit(overflows, at_minimum)
    )]
    #[diagnostic(
        code(paperboard::layout::does_not_fit),
        help("make cells, rows or gaps smaller, drop a part, or use \"fit\" sizes")
    )]
    DoesNotFit {
        /// Every part that reaches past a margin.
        overflows: Vec<Overflow>,
        /// Parts that shrank to their minimum cell (id, cell in mm): what
        /// crowds the others out.
        at_minimum: Vec<(String, f64)>,
    },
    /// Two parts cover the same area.
    #[error("parts overlap: {}", join(overlaps))]
    #[diagnostic(
        code(paperboard::layout::overlap),
        help("move a pinned part (`at`) or arrange it in a box instead")
    )]
    Overlap {
        /// Every pair of parts that overlap.
        overlaps: Vec<Overlap>,
    },
}

/// A side of the page's content area.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Side {
    /// The top margin.
    Top,
    /// The right margin.
    Right,
    /// The bottom margin.
    Bottom,
    /// The left margin.
    Left,
}

impl fmt::Display for Side {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Side::Top => "top",
            Side::Right => "right",
            Side::Bottom => "bottom",
            Side::Left => "left",
        })
    }
}

/// A part that reaches past the margins.
#[derive(Debug, Clone, PartialEq)]
pub struct Overflow {
    /// The part's id.
    pub part: String,
    /// Each margin it reaches past, and by how many mm.
    pub past: Vec<(Side, f64)>,
}

impl fmt::Display for Overflow {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "`{}` reaches ", self.part)?;
        for (i, (side, by)) in self.past.iter().enumerate() {
            if i > 0 {
                f.write_str(" and ")?;
            }
            write!(f, "{by:.1} mm past the {side} margin")?;
        }
        Ok(())
    }
}

/// Two parts that cover the same area.
#[derive(Debug, Clone, PartialEq)]
pub struct Overlap {
    /// Their ids.
    pub parts: [String; 2],
    /// Width of the shared area, mm.
    pub width: f64,
    /// Height of the shared area, mm.
    pub height: f64,
}

impl fmt::Display for Overlap {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "`{}` and `{}` overlap by {:.1} × {:.1} mm",
            self.parts[0], self.parts[1], self.width, self.height
        )
    }
}

fn join(items: &[impl fmt::Display]) -> String {
    items
        .iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join("; ")
}

fn does_not_fit(overflows: &[Overflow], at_minimum: &[(String, f64)]) -> String {
    let minimum = at_minimum
        .iter()
        .map(|(id, min)| format!("`{id}` has shrunk to its minimum cell of {min} mm"));
    overflows
        .iter()
        .map(ToString::to_string)
        .chain(minimum)
        .collect::<Vec<_>>()
        .join("; ")
}
