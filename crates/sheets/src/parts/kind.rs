//! What every part kind provides: the [`Part`] trait its table implements
//! and the [`Geometry`] trait its measurements implement. A leaf: the kind
//! modules and the registry import it, it imports neither (only the
//! sheet's words, another leaf).

use std::ops::Range;

use super::words::Words;
use crate::display::{Page, Point, Size};

/// What the layout needs to know besides the part itself.
#[derive(Debug, Clone, Default)]
pub(crate) struct Context {
    /// The sheet's words in its language, with the maps its fields print
    /// and the rules in force.
    pub(crate) words: Words,
    /// The most rows a record sized to fit keeps at the least, below its
    /// spec's `least-rows`: set by the layout when the record gives up
    /// rows so that the sheet keeps its alignment marks and code.
    pub(crate) least_rows_cap: Option<u32>,
}

/// A part kind: how its tables are named, measured and drawn.
pub(crate) trait Part {
    /// The spec's name for the kind: the header of its array of tables.
    const KIND: &'static str;
    /// What measuring decides, which drawing and later queries read.
    type Geometry: Geometry;
    /// The part's id, its own or its kind's default.
    fn id(&self) -> String;
    /// Where the id is written in the spec; empty for a defaulted id.
    fn id_span(&self) -> Range<usize>;
    /// The pin, if the part is pinned with `at`.
    fn at(&self) -> Option<[f64; 2]>;
    /// Whether the part grows with the width and the height it is given.
    fn grows(&self) -> (bool, bool) {
        (false, false)
    }
    /// Whether the part shrinks from a preferred size towards a minimum when
    /// the space it is given is short (and otherwise keeps its preferred size).
    fn shrinks(&self) -> bool {
        false
    }
    /// Measures the part in the space available to it; the geometry's origin
    /// is the page's top-left corner until the part is placed.
    fn measure(&self, avail: Size, cx: &Context) -> Self::Geometry;
    /// Draws the part as measured and placed.
    fn draw(&self, geometry: &Self::Geometry, cx: &Context, page: &mut Page);
    /// Sizes the part's keys must keep in order (`min-cell` at most `cell`),
    /// checked where the spec writes them (see [`SizeOrder`]).
    fn size_order(&self) -> Vec<SizeOrder> {
        Vec::new()
    }
    /// The minimum cell size of a part that shrinks to fit, when it has
    /// shrunk all the way to it (what crowds other parts off the page).
    fn at_minimum(&self, _geometry: &Self::Geometry) -> Option<f64> {
        None
    }
}

/// Two sizes of a part that must keep their order: `lower` (a key and its
/// value, mm) at most `upper`. Written both, in the wrong order, they
/// contradict each other and the spec is refused at `lower`; a default that
/// breaks the order gives way to what is written.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct SizeOrder {
    /// The key that must be the smaller, and its value.
    pub(crate) lower: (&'static str, f64),
    /// The key that must be the larger, and its value.
    pub(crate) upper: (&'static str, f64),
}

impl SizeOrder {
    /// `min-cell` at most `cell` (a size that shrinks towards a minimum).
    pub(crate) fn min_cell(min: f64, cell: f64) -> Vec<SizeOrder> {
        vec![SizeOrder {
            lower: ("min-cell", min),
            upper: ("cell", cell),
        }]
    }
}

/// The [`Part`] methods of a kind whose table has an `id` with a default
/// and an `at`, as most kinds do.
macro_rules! id_and_pin {
    () => {
        fn id(&self) -> String {
            self.id.get_ref().clone()
        }
        fn id_span(&self) -> std::ops::Range<usize> {
            self.id.span()
        }
        fn at(&self) -> Option<[f64; 2]> {
            self.at
        }
    };
}
pub(crate) use id_and_pin;

/// What every part's geometry knows: its extent and where it is.
pub(crate) trait Geometry: Clone {
    /// The extent of everything the part draws, mm.
    fn size(&self) -> Size;
    /// Moves the part so its top-left corner is at `origin`.
    fn place(&mut self, origin: Point);
}
