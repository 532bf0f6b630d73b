//! `paperboard render`.

use std::path::PathBuf;
use std::process::ExitCode;

use paperboard::backend::Format;

use super::output::write_document;
use paperboard::spec::{Orientation, Set};

use super::{FormatArg, PaperArg};

/// Arguments of `paperboard render`.
#[derive(clap::Args)]
pub struct Args {
    /// A built-in template name (see `paperboard templates`) or the path of a TOML spec.
    pub spec: String,
    /// Output file; its extension (.pdf or .svg) picks the format.
    #[arg(short, long)]
    pub output: PathBuf,
    /// Output format, overriding the extension.
    #[arg(long, value_enum)]
    pub format: Option<FormatArg>,
    /// Change any spec key: `--set sos.size=10x10`, `--set page.size=A5`.
    /// KEY is `page.…`, `document.…`, `layout.…` or a part's id then its key.
    #[arg(long = "set", value_name = "KEY=VALUE")]
    pub sets: Vec<Set>,
    /// Paper size, short for `--set page.size=…`.
    #[arg(long, value_enum)]
    pub page: Option<PaperArg>,
    /// Short for `--set page.orientation=landscape`.
    #[arg(long)]
    pub landscape: bool,
}

impl Args {
    /// Every change, `--page` and `--landscape` first so `--set` can refine them.
    pub fn sets(&self) -> Vec<Set> {
        let page = self.page.map(|p| Set::paper_size(p.into()));
        let landscape = self
            .landscape
            .then(|| Set::orientation(Orientation::Landscape));
        page.into_iter()
            .chain(landscape)
            .chain(self.sets.iter().cloned())
            .collect()
    }
}

/// Runs `paperboard render`.
pub fn run(args: Args) -> miette::Result<ExitCode> {
    let format = match args.format {
        Some(f) => f.into(),
        None => Format::from_path(&args.output)?,
    };
    let spec = paperboard::spec::Spec::load(&args.spec, &args.sets())?;
    let sheet = paperboard::layout::layout(&spec)?;
    write_document(sheet.document(), &args.output, format)?;
    Ok(ExitCode::SUCCESS)
}
