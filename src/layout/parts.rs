//! Dispatch from part kinds to their measuring and drawing modules.

use super::arrange::Size;
use super::{field, games, record, text, tracking};
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
    /// How many boards a multi-board part draws (1 for other parts).
    pub count: u32,
}

/// Whether a part grows with the width and height it is given.
pub fn flex(part: &PartRef) -> (bool, bool) {
    match part {
        PartRef::StrategicField(f) => (f.cell.is_fit(), f.cell.is_fit()),
        PartRef::RecordTables(r) => (r.count.is_fit(), r.rows.is_fit()),
        // Boards shrink to the space they are given, so they take part in
        // sharing it out.
        PartRef::SosBoard(_) | PartRef::UltimateField(_) | PartRef::TttBoards(_) => (true, true),
        _ => (false, false),
    }
}

/// Whether a part shrinks from a preferred size towards a minimum when the
/// space it is given is short (and otherwise keeps its preferred size).
pub fn shrinks(part: &PartRef) -> bool {
    matches!(part, PartRef::StrategicField(f) if f.min_cell.is_some() && !f.cell.is_fit())
}

/// Measures a part given the space available to it.
pub fn measure(part: &PartRef, avail: Size, maps_label: &str) -> Fitted {
    let plain = |size| Fitted {
        size,
        value: 0.0,
        count: 1,
    };
    match part {
        PartRef::StrategicField(f) => {
            let cell = match (f.cell, f.min_cell) {
                (Extent::Fixed(c), None) => c,
                (Extent::Fixed(c), Some(min)) => field::shrink_cell(f, c, min, avail),
                (Extent::Fit, _) => field::fit_cell(f, avail),
            };
            Fitted {
                size: field::Geometry::new(f, cell).size(),
                value: cell,
                count: 1,
            }
        }
        PartRef::RecordTables(r) => {
            let (rows, count) = (record::rows(r, avail), record::count(r, avail));
            Fitted {
                size: record::size(r, rows, count),
                value: f64::from(rows),
                count,
            }
        }
        PartRef::TrackingGrid(t) => plain(tracking::size(t)),
        PartRef::Text(t) => plain(text::text_size(t, maps_label)),
        PartRef::WriteIn(w) => plain(text::write_in_size(w)),
        PartRef::SosBoard(b) => games::measure_sos(b, avail),
        PartRef::UltimateField(f) => games::measure_ultimate(f, avail),
        PartRef::TttBoards(b) => games::measure_ttt(b, avail),
    }
}

/// Draws a placed part.
pub fn draw(part: &PartRef, rect: Rect, fitted: &Fitted, maps_label: &str, page: &mut Page) {
    match part {
        PartRef::StrategicField(f) => field::draw(f, fitted.value, rect, page),
        PartRef::RecordTables(r) => record::draw(r, fitted.value as u32, fitted.count, rect, page),
        PartRef::TrackingGrid(t) => tracking::draw(t, rect, page),
        PartRef::Text(t) => text::draw_text(t, rect.x, rect.y, maps_label, page),
        PartRef::WriteIn(w) => text::draw_write_in(w, rect.x, rect.y, page),
        PartRef::SosBoard(b) => games::draw_sos(b, fitted.value, fitted.count, rect, page),
        PartRef::UltimateField(f) => games::draw_ultimate(f, fitted.value, rect, page),
        PartRef::TttBoards(b) => games::draw_ttt(b, fitted.value, fitted.count, rect, page),
    }
}

/// The minimum cell size of a part that shrinks to fit, when it has shrunk
/// all the way to it.
pub fn minimum_cell(part: &PartRef, fitted: &Fitted) -> Option<f64> {
    let min = match part {
        PartRef::StrategicField(f) if shrinks(part) => f.min_cell?,
        PartRef::SosBoard(b) => b.min_cell,
        PartRef::UltimateField(f) => f.min_cell,
        PartRef::TttBoards(b) => b.min_cell,
        _ => return None,
    };
    (fitted.value <= min + 1e-9).then_some(min)
}
