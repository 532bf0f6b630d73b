//! `paperboard handout`.

use std::process::ExitCode;

/// Arguments of `paperboard handout`.
#[derive(clap::Args)]
pub struct Args {}

/// Runs `paperboard handout`.
pub fn run(_args: Args) -> miette::Result<ExitCode> {
    Err(miette::miette!("`paperboard handout` is not available yet"))
}
