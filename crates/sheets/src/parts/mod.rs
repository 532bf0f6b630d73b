//! The part kinds a sheet is built from, and the one list of them.
//!
//! Each kind is one module holding everything about it: its array of tables
//! in the spec (`[[sos-board]]`, read and range-checked while deserializing),
//! what measuring it decides (its *geometry*: cell size, how many boards,
//! where each one and its tally go, …), and its drawing, which reads that
//! geometry and decides nothing again. The geometry stays on the laid-out
//! sheet (the layout's `Sheet`), so whatever writes into a sheet
//! afterwards (a game diagram) asks the same numbers the drawing used.
//!
//! `with_part_kinds!` is the list of kinds. Everything that goes over all
//! kinds (the spec's arrays, `PartRef`, `PartGeometry`, the dispatch
//! below) is generated from it, so a new kind is a new module implementing
//! `Part` and one line in the list.
//!
//! Every part has an `id` (how arrangements refer to it) and an optional `at`
//! (pin it at an explicit position instead of arranging it).

pub(crate) mod continuous;
pub(crate) mod field;
pub(crate) mod footer;
mod kind;
mod note;
pub(crate) mod record;
pub(crate) mod sos;
mod table;
pub(crate) mod text;
mod tiling;
pub(crate) mod tracking;
pub(crate) mod ttt;
pub(crate) mod ultimate;
pub(crate) mod words;
pub(crate) mod write_in;

use std::ops::Range;

use crate::display::{Page, Point, Size};
pub(crate) use kind::{Context, Geometry, Part, SizeOrder};

pub(crate) use field::FieldGeometry;
pub(crate) use sos::BoardSize;
pub(crate) use tracking::{TrackingGeometry, TrackingKind};
pub(crate) use ttt::TttBoardsGeometry;
pub(crate) use ultimate::UltimateGeometry;
pub(crate) use write_in::Blank;

/// Calls `$then!` with the list of part kinds: per kind its variant name, its
/// field in the spec (the array of tables, `write_in` for `[[write-in]]`),
/// the type of one table, and the type of its geometry. The order is the
/// order parts are listed in, and arranged in when `[layout] items` is empty.
macro_rules! with_part_kinds {
    ($then:ident) => {
        $then! {
            WriteIn(write_in: crate::parts::write_in::WriteIn => crate::parts::write_in::WriteInGeometry),
            Text(text: crate::parts::text::TextPart => crate::parts::text::TextGeometry),
            StrategicField(strategic_field: crate::parts::field::StrategicField => crate::parts::field::FieldGeometry),
            RecordTables(record_tables: crate::parts::record::RecordTables => crate::parts::record::RecordGeometry),
            ContinuousRecord(continuous_record: crate::parts::continuous::ContinuousRecord => crate::parts::continuous::ContinuousGeometry),
            TrackingGrid(tracking_grid: crate::parts::tracking::TrackingGrid => crate::parts::tracking::TrackingGeometry),
            SosBoard(sos_board: crate::parts::sos::SosBoard => crate::parts::sos::SosBoardsGeometry),
            UltimateField(ultimate_field: crate::parts::ultimate::UltimateField => crate::parts::ultimate::UltimateGeometry),
            TttBoards(ttt_boards: crate::parts::ttt::TttBoards => crate::parts::ttt::TttBoardsGeometry),
            Footer(footer: crate::parts::footer::Footer => crate::parts::footer::FooterGeometry),
        }
    };
}
pub(crate) use with_part_kinds;

macro_rules! part_enums {
    ($( $variant:ident($field:ident: $ty:ty => $geometry:ty) ),* $(,)?) => {
        /// One part of any kind, borrowed from a spec.
        #[derive(Debug, Clone, Copy)]
        pub(crate) enum PartRef<'a> {
            $(
                #[doc = concat!("A ", stringify!($variant), " part.")]
                $variant(&'a $ty),
            )*
        }

        /// What the layout decided for one part, by kind: the numbers its
        /// drawing used, with queries for where things are on the page
        /// (the cell of a move, the blank of a write-in field).
        #[derive(Debug, Clone, PartialEq)]
        pub(crate) enum PartGeometry {
            $(
                #[doc = concat!("Of a ", stringify!($variant), " part.")]
                $variant($geometry),
            )*
        }

        /// The spec's name of every part kind, in list order.
        pub(crate) const KINDS: &[&str] = &[$( <$ty as Part>::KIND, )*];

        impl PartRef<'_> {
            /// The spec's name for the part's kind (`sos-board`).
            pub(crate) fn kind(&self) -> &'static str {
                match self { $( PartRef::$variant(_) => <$ty as Part>::KIND, )* }
            }
            /// The part's id.
            pub(crate) fn id(&self) -> String {
                match self { $( PartRef::$variant(p) => p.id(), )* }
            }
            /// Where the id is written; empty for a defaulted id.
            pub(crate) fn id_span(&self) -> Range<usize> {
                match self { $( PartRef::$variant(p) => p.id_span(), )* }
            }
            /// The pin, if pinned.
            pub(crate) fn at(&self) -> Option<[f64; 2]> {
                match self { $( PartRef::$variant(p) => p.at(), )* }
            }
            /// See [`Part::grows`].
            pub(crate) fn grows(&self) -> (bool, bool) {
                match self { $( PartRef::$variant(p) => p.grows(), )* }
            }
            /// See [`Part::shrinks`].
            pub(crate) fn shrinks(&self) -> bool {
                match self { $( PartRef::$variant(p) => p.shrinks(), )* }
            }
            /// See [`Part::measure`].
            pub(crate) fn measure(&self, avail: Size, cx: &Context) -> PartGeometry {
                match self { $( PartRef::$variant(p) => PartGeometry::$variant(p.measure(avail, cx)), )* }
            }
            /// Draws the part with the geometry measuring gave it.
            pub(crate) fn draw(&self, geometry: &PartGeometry, cx: &Context, page: &mut Page) {
                match (self, geometry) {
                    $( (PartRef::$variant(p), PartGeometry::$variant(g)) => p.draw(g, cx, page), )*
                    _ => unreachable!("a part is drawn with its own kind's geometry"),
                }
            }
            /// See [`Part::size_order`].
            pub(crate) fn size_order(&self) -> Vec<SizeOrder> {
                match self { $( PartRef::$variant(p) => p.size_order(), )* }
            }
            /// See [`Part::at_minimum`].
            pub(crate) fn at_minimum(&self, geometry: &PartGeometry) -> Option<f64> {
                match (self, geometry) {
                    $( (PartRef::$variant(p), PartGeometry::$variant(g)) => p.at_minimum(g), )*
                    _ => unreachable!("a part is checked with its own kind's geometry"),
                }
            }
        }

        impl PartGeometry {
            /// The extent of everything the part draws, mm.
            pub(crate) fn size(&self) -> Size {
                match self { $( PartGeometry::$variant(g) => g.size(), )* }
            }
            pub(crate) fn place(&mut self, origin: Point) {
                match self { $( PartGeometry::$variant(g) => g.place(origin), )* }
            }
        }
    };
}
with_part_kinds!(part_enums);
