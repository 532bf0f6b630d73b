//! What every reader of text shares: the TOML source with the place of each
//! value, and the diagnostics that point at it.
//!
//! Specs, handouts, map files and records are read by different modules, but
//! a message about any of them must say the same things the same way: the
//! file, line and column, the key as the user wrote it, an excerpt of the
//! line. Those rules live here once, below every reader.

pub mod fault;
pub mod report;
pub mod text;
pub mod tree;
pub mod words;

mod diagnostic;
mod position;
pub use diagnostic::{Diagnostic, Severity};
pub use position::Position;
