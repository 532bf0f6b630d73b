//! The format of an output: from `--format` or the file's name, and the
//! refusal when they disagree or neither says.

use std::path::Path;

use paperboard_sheets::backend::Format;

use super::{OutputError, shown};

/// The format for an output: `explicit` (from `--format`) or else the file
/// name's extension; standard output and extension-less devices need
/// `explicit`, and an explicit format that contradicts the extension is
/// refused.
pub fn format_for(path: &Path, explicit: Option<Format>) -> Result<Format, OutputError> {
    let by_name = Format::from_path(path).ok();
    match (explicit, by_name) {
        (Some(f), Some(n)) if f != n => Err(OutputError::Format(format!(
            "--format {f} contradicts the output name {} (a .{n} file)",
            shown(path)
        ))),
        (Some(f), _) => Ok(f),
        (None, Some(n)) => Ok(n),
        (None, None) if path == Path::new("-") => Err(OutputError::Format(
            "standard output (-) has no file name to tell the format by: add --format pdf or --format svg"
                .into(),
        )),
        (None, None) => Err(OutputError::Format(format!(
            "cannot tell the output format from {}: use a name ending in .pdf or .svg, or --format",
            shown(path)
        ))),
    }
}

/// The format of an output named by a flag that has no `--format` beside
/// it (`check --diagram`, `analyze --heatmap`): the file name's extension,
/// and a message that names no flag the command lacks.
pub fn format_by_name(path: &Path) -> Result<Format, OutputError> {
    Format::from_path(path).map_err(|_| {
        OutputError::Format(format!(
            "cannot tell the output format from {}: use a name ending in .pdf or .svg",
            shown(path)
        ))
    })
}
