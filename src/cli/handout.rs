//! `paperboard handout`.

use std::path::PathBuf;
use std::process::ExitCode;

use paperboard::backend::Format;
use paperboard::handout::spec::COPIES;
use paperboard::handout::texts::check_language;
use paperboard::handout::{build, spec};
use paperboard::limits::SEED;
use paperboard::output::format_for;
use paperboard::spec::overrides::Override;

use super::progress::write_pages;

/// Arguments of `paperboard handout`.
#[derive(clap::Args)]
pub struct Args {
    /// The handout spec (TOML; see docs/handout.md and examples/handouts/).
    pub spec: String,
    /// Output file (`-` for standard output); its extension (.pdf or .svg)
    /// picks the format unless `--format` does.
    #[arg(short, long)]
    pub output: PathBuf,
    /// Output format, where the output has no extension (`-o -`, a device).
    #[arg(long)]
    pub format: Option<Format>,
    /// Seed of the worksheet's exercises, instead of the spec's `seed`.
    #[arg(long, allow_hyphen_values = true, value_parser = |s: &str| SEED.parse(s))]
    pub seed: Option<u64>,
    /// Number of game sheets (0 to 500), instead of the spec's `copies`.
    #[arg(long, allow_hyphen_values = true, value_parser = |s: &str| COPIES.parse(s).map(|n| u32::try_from(n).unwrap_or(u32::MAX)))]
    pub copies: Option<u32>,
    /// Language (en, de, ru, th), instead of the spec's `language`.
    #[arg(long, allow_hyphen_values = true, value_parser = |s: &str| check_language(s))]
    pub language: Option<String>,
    /// Change a key of the game sheet's spec, after the spec's own `set`
    /// (as `render --set`, e.g. `--set sos.size=6x6`).
    #[arg(long = "set", value_name = "KEY=VALUE")]
    pub sets: Vec<Override>,
}

/// Runs `paperboard handout`.
pub fn run(args: Args) -> miette::Result<ExitCode> {
    let format = format_for(&args.output, args.format)?;
    let mut spec = spec::load(&args.spec)?;
    if let Some(seed) = args.seed {
        spec.worksheet.seed = seed;
    }
    if let Some(copies) = args.copies {
        spec.handout.copies = copies;
    }
    if let Some(language) = args.language {
        spec.handout.language = language;
    }
    spec.command_line_set = args.sets;
    let handout = build(&spec)?;
    write_pages(
        &args.output,
        format,
        handout.document.metadata.clone(),
        &handout.document.pages,
        Some(handout.document.pages.len()),
    )?;
    Ok(ExitCode::SUCCESS)
}
