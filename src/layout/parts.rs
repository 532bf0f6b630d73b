//! Dispatch from part kinds to their measuring and drawing modules.

use super::arrange::Size;
use super::{field, record, text, tracking};
use crate::display::{Page, Rect};
use crate::spec::{Extent, PartRef};

/// A part's size and the value fitting chose for it: the cell size of a
/// strategic field, the row count of record tables; unused otherwise.
#[derive(Debug, Clone, PartialEq)]
pub struct Fitted {
    /// The part's extent, mm.
    pub size: Size,
    /// The fitted value.
    pub value: f64,
}

/// Whether a part grows with the width and height it is given.
pub fn flex(part: &PartRef) -> (bool, bool) {
    match part {
        PartRef::StrategicField(f) => (f.cell.is_fit(), f.cell.is_fit()),
        PartRef::RecordTables(r) => (false, r.rows.is_fit()),
        _ => (false, false),
    }
}

/// Measures a part given the space available to it.
pub fn measure(part: &PartRef, avail: Size, maps_label: &str) -> Fitted {
    let plain = |size| Fitted { size, value: 0.0 };
    match part {
        PartRef::StrategicField(f) => {
            let cell = match f.cell {
                Extent::Fixed(c) => c,
                Extent::Fit => field::fit_cell(f, avail),
            };
            Fitted {
                size: field::Geometry::new(f, cell).size(),
                value: cell,
            }
        }
        PartRef::RecordTables(r) => {
            let rows = record::rows(r, avail);
            Fitted {
                size: record::size(r, rows),
                value: f64::from(rows),
            }
        }
        PartRef::TrackingGrid(t) => plain(tracking::size(t)),
        PartRef::Text(t) => plain(text::text_size(t, maps_label)),
        PartRef::WriteIn(w) => plain(text::write_in_size(w)),
    }
}

/// Draws a placed part.
pub fn draw(part: &PartRef, rect: Rect, fitted: &Fitted, maps_label: &str, page: &mut Page) {
    match part {
        PartRef::StrategicField(f) => field::draw(f, fitted.value, rect, page),
        PartRef::RecordTables(r) => record::draw(r, fitted.value as u32, rect, page),
        PartRef::TrackingGrid(t) => tracking::draw(t, rect, page),
        PartRef::Text(t) => text::draw_text(t, rect.x, rect.y, maps_label, page),
        PartRef::WriteIn(w) => text::draw_write_in(w, rect.x, rect.y, page),
    }
}
