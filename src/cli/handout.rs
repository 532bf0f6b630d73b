//! `paperboard handout`.

use std::path::PathBuf;
use std::process::ExitCode;

use paperboard::backend::Format;

use super::output::write_document;
use paperboard::handout::{build, spec};
use paperboard::spec::Set;

use super::LanguageArg;

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
    /// Language, instead of the spec's `language`.
    #[arg(long, value_enum)]
    pub language: Option<LanguageArg>,
    /// Change a key of the game sheet's spec, after the spec's own `set`
    /// (as `render --set`, e.g. `--set sos.size=6x6`).
    #[arg(long = "set", value_name = "KEY=VALUE")]
    pub sets: Vec<Set>,
}

/// Runs `paperboard handout`.
pub fn run(args: Args) -> miette::Result<ExitCode> {
    let format = Format::from_path(&args.output)?;
    let mut spec = spec::load(&args.spec)?;
    if let Some(seed) = args.seed {
        spec = spec.with_seed(seed);
    }
    if let Some(copies) = args.copies {
        spec = spec
            .with_copies(copies)
            .map_err(|m| miette::miette!("--copies: {m}"))?;
    }
    if let Some(language) = args.language {
        spec = spec.with_language(language.into());
    }
    let spec = spec.with_sets(args.sets);
    let handout = build(&spec)?;
    write_document(&handout.document, &args.output, format)?;
    Ok(ExitCode::SUCCESS)
}
