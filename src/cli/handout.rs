//! `paperboard handout`.

use std::path::PathBuf;
use std::process::ExitCode;

use paperboard::backend::{Format, render_to_files};
use paperboard::handout::{build, spec};

/// Arguments of `paperboard handout`.
#[derive(clap::Args)]
pub struct Args {
    /// The handout spec (TOML; see docs/handout.md and examples/handouts/).
    pub spec: String,
    /// Output file; its extension (.pdf or .svg) picks the format.
    #[arg(short, long)]
    pub output: PathBuf,
    /// Seed of the worksheet's exercises, instead of the spec's `seed`.
    #[arg(long)]
    pub seed: Option<u64>,
    /// Number of game sheets, instead of the spec's `copies`.
    #[arg(long)]
    pub copies: Option<u32>,
    /// Language (en, de, ru, th), instead of the spec's `language`.
    #[arg(long)]
    pub language: Option<String>,
    /// Change a key of the game sheet's spec, after the spec's own `set`
    /// (as `render --set`, e.g. `--set sos.size=6x6`).
    #[arg(long = "set", value_name = "KEY=VALUE")]
    pub sets: Vec<String>,
}

/// Runs `paperboard handout`.
pub fn run(args: Args) -> miette::Result<ExitCode> {
    let format = Format::from_path(&args.output)?;
    let mut spec = spec::load(&args.spec)?;
    if let Some(seed) = args.seed {
        spec.worksheet.seed = seed;
    }
    if let Some(copies) = args.copies {
        spec.handout.copies = copies;
    }
    if let Some(language) = args.language {
        if paperboard::handout::texts::texts(&language).is_none() {
            return Err(miette::miette!(
                "no texts in language `{language}`; available: {}",
                paperboard::handout::texts::languages().join(", ")
            ));
        }
        spec.handout.language = language;
    }
    spec.handout.set.extend(args.sets);
    let handout = build(&spec)?;
    render_to_files(&handout.document, &args.output, format)?;
    Ok(ExitCode::SUCCESS)
}
