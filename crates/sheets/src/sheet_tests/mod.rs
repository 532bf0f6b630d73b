//! White-box tests of laid-out sheets, handouts and diagrams. They measure
//! a sheet through its parts' geometry (`parts::PartGeometry`, where each
//! cell, row and box of a part is) and find its printed words through the
//! language's texts (`texts::texts`): both are the crate's own, so the
//! tests sit inside it. Tests that run the `paperboard` program stay with
//! the integration tests and read what it writes.

pub(crate) mod common;
mod diagrams;
mod field_cell;
mod field_grid;
mod handout_duplex;
mod handouts;
mod originals;
mod print;
mod print_standards;
mod record_capacity;
mod sos_board;
mod win_worksheet;
