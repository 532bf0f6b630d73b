//! The console's printing ([`crate::console`]), by the name the commands
//! use for it.

pub use crate::console::{Printer, note};
