//! One module per subcommand. Each has `Args` (clap) and `run`, which returns
//! the process exit code or a diagnostic (printed by `main`, exit 2).

pub mod analyze;
pub mod check;
pub mod completions;
pub mod fix;
pub mod handout;
pub mod maps;
pub mod out;
pub mod output;
pub mod progress;
pub mod render;
pub mod templates;

use std::path::Path;

use paperboard::analysis::Analysis;
use paperboard::analysis::heatmap::heatmap;
use paperboard::backend::Format;
use paperboard::spec::PaperSize;

/// `--format`: the output format, as the command line names it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum FormatArg {
    /// Portable Document Format.
    Pdf,
    /// Scalable Vector Graphics.
    Svg,
}

impl From<FormatArg> for Format {
    fn from(f: FormatArg) -> Format {
        match f {
            FormatArg::Pdf => Format::Pdf,
            FormatArg::Svg => Format::Svg,
        }
    }
}

/// `--page`: a paper size, as the command line names it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum PaperArg {
    /// ISO A4.
    #[value(name = "A4")]
    A4,
    /// ISO A5.
    #[value(name = "A5")]
    A5,
    /// ISO A3.
    #[value(name = "A3")]
    A3,
    /// US Letter.
    #[value(name = "Letter")]
    Letter,
}

impl From<PaperArg> for PaperSize {
    fn from(p: PaperArg) -> PaperSize {
        match p {
            PaperArg::A4 => PaperSize::A4,
            PaperArg::A5 => PaperSize::A5,
            PaperArg::A3 => PaperSize::A3,
            PaperArg::Letter => PaperSize::Letter,
        }
    }
}

/// Draws an analysis as a heat map to `out` (SVG or PDF by its extension,
/// which must agree with `format` when both are given).
pub fn write_heatmap(a: &Analysis, out: &Path) -> miette::Result<()> {
    let format = output::format_for(out, None)?;
    let (doc, _) = heatmap(a);
    progress::write_pages(
        out,
        format,
        doc.metadata.clone(),
        &doc.pages,
        Some(doc.pages.len()),
    )?;
    Ok(())
}
