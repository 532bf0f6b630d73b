//! One module per subcommand. Each has `Args` (clap) and `run`, which returns
//! the process exit code or a diagnostic (printed by `main`, exit 2).

pub mod analyze;
pub mod check;
pub mod fix;
pub mod handout;
pub mod maps;
pub mod output;
pub mod render;
pub mod templates;

use std::path::Path;

use paperboard::analysis::Analysis;
use paperboard::analysis::heatmap::heatmap;
use paperboard::backend::Format;
use paperboard::handout::texts::Language;
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

/// `--language`: a language with texts, as the command line names it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum LanguageArg {
    /// English.
    En,
    /// German.
    De,
    /// Russian.
    Ru,
    /// Thai.
    Th,
}

impl From<LanguageArg> for Language {
    fn from(l: LanguageArg) -> Language {
        match l {
            LanguageArg::En => Language::En,
            LanguageArg::De => Language::De,
            LanguageArg::Ru => Language::Ru,
            LanguageArg::Th => Language::Th,
        }
    }
}

/// Draws an analysis as a heat map to `out` (SVG or PDF by its extension).
pub fn write_heatmap(a: &Analysis, out: &Path) -> miette::Result<()> {
    let format = Format::from_path(out)?;
    let (doc, _) = heatmap(a);
    output::write_document(&doc, out, format)?;
    Ok(())
}
