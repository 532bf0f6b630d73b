//! Writing output: files, devices, pipes and standard output, never losing
//! what should stay. One concern a file:
//!
//! * `door`: the one way out, [`Target`], which decides once from what a
//!   path names how it is written, and refuses what must not be (an input,
//!   a folder, a read-only file, a link at a made-up name);
//! * `through`: standard output, devices, FIFOs and descriptor paths,
//!   written through and never replaced;
//! * `staged`: a temporary file beside the target, renamed over it once
//!   complete, so a failed run changes nothing ([`Staged`] for an output
//!   written piece by piece);
//! * `pages`: documents written page by page ([`PageWriter`]), one file or
//!   a set of parts written whole or not at all;
//! * `parts`: the names of a set's parts and the list that lets a later
//!   run remove only the parts this program wrote;
//! * `format`: the output format from `--format` or the file's name;
//! * `error`: [`OutputError`], every refusal with its stable code.

mod door;
mod error;
mod format;
mod pages;
mod parts;
mod staged;
#[cfg(test)]
mod tests;
mod through;

use std::path::Path;

pub use door::{Target, refuse_inputs, same_output, write_atomic};
pub use error::OutputError;
pub use format::{format_by_name, format_for};
pub use pages::PageWriter;
pub use staged::Staged;

/// A path as a message names it.
fn shown(path: &Path) -> String {
    path.display().to_string()
}
