//! One module per subcommand. Each has `Args` (clap) and `run`, which returns
//! the process exit code or a diagnostic (printed by `main`, exit 2).

pub mod analyze;
pub mod check;
pub mod handout;
pub mod maps;
pub mod out;
pub mod progress;
pub mod render;
pub mod templates;

use std::path::Path;

use paperboard::analysis::Analysis;
use paperboard::analysis::heatmap::write_heatmap as draw;

/// Draws an analysis as a heat map to `out` (SVG or PDF by its extension).
pub fn write_heatmap(a: &Analysis, out: &Path) -> miette::Result<()> {
    let creator = concat!("paperboard ", env!("CARGO_PKG_VERSION"));
    draw(a, out, creator)?;
    Ok(())
}
