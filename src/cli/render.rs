//! `paperboard render`.

use std::path::PathBuf;
use std::process::ExitCode;

use paperboard::backend::{Format, render_to_files};

/// Arguments of `paperboard render`.
#[derive(clap::Args)]
pub struct Args {
    /// A built-in template name (see `paperboard templates`) or the path of a TOML spec.
    pub spec: String,
    /// Output file; its extension (.pdf or .svg) picks the format.
    #[arg(short, long)]
    pub output: PathBuf,
    /// Output format, overriding the extension.
    #[arg(long, value_parser = ["pdf", "svg"])]
    pub format: Option<String>,
}

/// Runs `paperboard render`.
pub fn run(args: Args) -> miette::Result<ExitCode> {
    let format = match &args.format {
        Some(name) => Format::from_name(name).expect("clap allows pdf and svg only"),
        None => Format::from_path(&args.output)?,
    };
    let spec = paperboard::spec::load(&args.spec)?;
    let doc = paperboard::layout::layout(&spec)?;
    render_to_files(&doc, &args.output, format)?;
    Ok(ExitCode::SUCCESS)
}
