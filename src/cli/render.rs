//! `paperboard render`.

use std::path::PathBuf;
use std::process::ExitCode;

use paperboard::backend::Format;
use paperboard::output::format_for;
use paperboard::spec::overrides::Override;

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
    #[arg(long)]
    pub format: Option<Format>,
    /// Change any spec key: `--set sos.size=10x10`, `--set page.size=A5`.
    /// KEY is `page.…`, `document.…`, `layout.…` or a part's id then its key.
    #[arg(long = "set", value_name = "KEY=VALUE")]
    pub sets: Vec<Override>,
    /// Paper size, short for `--set page.size=…`: A4, A5, A3 or Letter.
    #[arg(long, value_parser = ["A4", "A5", "A3", "Letter"])]
    pub page: Option<String>,
    /// Short for `--set page.orientation=landscape`.
    #[arg(long)]
    pub landscape: bool,
}

impl Args {
    /// Every override, `--page` and `--landscape` first so `--set` can refine them.
    pub fn overrides(&self) -> Vec<Override> {
        let page = self.page.iter().map(|size| Override {
            key: "page.size".into(),
            value: size.clone(),
        });
        let landscape = self.landscape.then(|| Override {
            key: "page.orientation".into(),
            value: "landscape".into(),
        });
        page.chain(landscape)
            .chain(self.sets.iter().cloned())
            .collect()
    }
}

/// Runs `paperboard render`.
pub fn run(args: Args) -> miette::Result<ExitCode> {
    let format = format_for(&args.output, args.format)?;
    let spec = paperboard::spec::load_with(&args.spec, &args.overrides())?;
    let doc = paperboard::layout::layout(&spec)?;
    write_pages(
        &args.output,
        format,
        doc.metadata.clone(),
        &doc.pages,
        Some(doc.pages.len()),
    )?;
    Ok(ExitCode::SUCCESS)
}
