//! One module per subcommand. Each has `Args` (clap) and `run`, which returns
//! the process exit code or a diagnostic (printed by `main`, exit 2).

pub mod analyze;
pub mod check;
pub mod completions;
pub mod derived;
pub mod files;
pub mod fix;
pub mod fonts;
pub mod handout;
pub mod interrupt;
pub mod layout;
pub mod man;
pub mod maps;
pub mod output;
pub mod progress;
pub mod read;
pub mod render;
pub mod solve;
pub mod templates;

use std::path::Path;

use paperboard_games::analysis::Analysis;
use paperboard_sheets::backend::Format;
use paperboard_sheets::heatmap::heatmap_in;
use paperboard_sheets::language::Language;
use paperboard_sheets::spec::{Orientation, PaperSize};

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

/// Reads `--set KEY=VALUE`. clap's own message for a refused value
/// repeats the whole value, which for a key of megabytes is megabytes of
/// message: this one says what is wrong, quoting a short excerpt only.
#[derive(Debug, Clone, Copy)]
pub struct SetParser;

impl clap::builder::TypedValueParser for SetParser {
    type Value = paperboard_sheets::Set;

    fn parse_ref(
        &self,
        _cmd: &clap::Command,
        _arg: Option<&clap::Arg>,
        value: &std::ffi::OsStr,
    ) -> Result<paperboard_sheets::Set, clap::Error> {
        let refuse = |message: String| {
            clap::Error::raw(
                clap::error::ErrorKind::ValueValidation,
                format!("--set: {message}\n"),
            )
        };
        let text = value
            .to_str()
            .ok_or_else(|| refuse("KEY=VALUE must be UTF-8 text".into()))?;
        text.parse::<paperboard_sheets::Set>()
            .map_err(|e| refuse(e.to_string()))
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

/// Makes sure `dir` is a folder before anything is written into it: a
/// folder that does not exist yet is made, but only inside one that does, so
/// a mistyped path is refused rather than made. `flag` names the option in
/// messages (`--out found`), or is empty for an argument.
pub fn output_folder(dir: &Path, flag: &str) -> miette::Result<()> {
    if dir.is_dir() {
        return Ok(());
    }
    let parent = dir
        .parent()
        .filter(|p| !p.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    let named = format!(
        "{flag}{}{}",
        if flag.is_empty() { "" } else { " " },
        dir.display()
    );
    if dir.exists() || !parent.is_dir() {
        return Err(miette::miette!("{named}: no such folder"));
    }
    std::fs::create_dir(dir).map_err(|e| {
        miette::miette!(
            "{named}: cannot make the folder: {}",
            paperboard_games::source::text::io_words(&e)
        )
    })
}

/// `--page` of a figure: the figure's own size (`None`), or a paper size.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct FigurePage(pub Option<PaperSize>);

/// A `--page` that is neither `figure` nor a paper size.
#[derive(Debug, thiserror::Error)]
#[error("expected figure, A4, A5, A3 or Letter, got `{0}`")]
pub struct NoFigurePage(String);

impl FigurePage {
    /// Reads `figure` or a paper size as `--page` takes it (`A4`, …).
    pub fn parse(s: &str) -> Result<FigurePage, NoFigurePage> {
        if s.eq_ignore_ascii_case("figure") {
            return Ok(FigurePage(None));
        }
        <PaperArg as clap::ValueEnum>::from_str(s, true)
            .map(|p| FigurePage(Some(p.into())))
            .map_err(|_| NoFigurePage(s.to_string()))
    }
}

/// Draws an analysis as a heat map to `out` (SVG or PDF by its extension),
/// on a page the size of the figure or centred on `page`'s paper, its words
/// in `language`.
pub fn write_heatmap(
    a: &Analysis,
    out: &Path,
    page: FigurePage,
    orientation: Orientation,
    language: Language,
) -> miette::Result<()> {
    let format = output::format_by_name(out)?;
    let doc = heatmap_in(a, page.0.map(|p| (p, orientation)), language);
    progress::write_pages(
        out,
        format,
        doc.metadata.clone(),
        &doc.pages,
        Some(doc.pages.len()),
    )?;
    Ok(())
}
