//! `paperboard render`.

use std::path::PathBuf;
use std::process::ExitCode;

use paperboard::language::Language;
use paperboard::spec::{Orientation, Set};

use super::output::format_for;
use super::{FormatArg, PaperArg};

use super::progress::write_pages;

/// Arguments of `paperboard render`.
#[derive(clap::Args)]
pub struct Args {
    /// A built-in template name (see `paperboard templates`) or the path of a TOML spec.
    pub spec: String,
    /// Output file (`-` for standard output); its extension (.pdf or .svg)
    /// picks the format unless `--format` does.
    #[arg(short, long)]
    pub output: PathBuf,
    /// Output format (pdf or svg), where the output has no extension (`-o -`,
    /// a device); it must agree with an extension.
    #[arg(long, value_enum)]
    pub format: Option<FormatArg>,
    /// Change any spec key: `--set sos.size=10x10`, `--set page.size=A5`.
    /// KEY is `page.…`, `document.…`, `layout.…` or a part's id then its key.
    #[arg(long = "set", value_name = "KEY=VALUE", value_parser = super::SetParser)]
    pub sets: Vec<Set>,
    /// Paper size, short for `--set page.size=…`.
    #[arg(long, value_enum)]
    pub page: Option<PaperArg>,
    /// Short for `--set page.orientation=landscape`.
    #[arg(long)]
    pub landscape: bool,
    /// The language of every word on the sheet (en, de, ru, th), short for
    /// `--set document.language=…`.
    #[arg(long, value_parser = |s: &str| s.parse::<Language>())]
    pub language: Option<Language>,
}

impl Args {
    /// Every change, `--page`, `--landscape` and `--language` first so `--set` can refine
    /// them; all given on the command line, so a map file they name may be
    /// any path.
    pub fn sets(&self) -> Vec<Set> {
        let page = self.page.map(|p| Set::paper_size(p.into()));
        let landscape = self
            .landscape
            .then(|| Set::orientation(Orientation::Landscape));
        let language = self.language.map(Set::language);
        page.into_iter()
            .chain(landscape)
            .chain(language)
            .chain(self.sets.iter().cloned())
            .map(Set::from_command_line)
            .collect()
    }
}

/// Runs `paperboard render`.
pub fn run(args: Args) -> miette::Result<ExitCode> {
    let format = format_for(&args.output, args.format.map(Into::into))?;
    let spec = paperboard::spec::Spec::load(&args.spec, &args.sets())?;
    let sheet = paperboard::layout::layout(&spec)?;
    let doc = sheet.document();
    write_pages(
        &args.output,
        format,
        doc.metadata.clone(),
        &doc.pages,
        Some(doc.pages.len()),
    )?;
    Ok(ExitCode::SUCCESS)
}
