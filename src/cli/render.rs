//! `paperboard render`.

use std::process::ExitCode;

/// Arguments of `paperboard render`.
#[derive(clap::Args)]
pub struct Args {}

/// Runs `paperboard render`.
pub fn run(_args: Args) -> miette::Result<ExitCode> {
    Err(miette::miette!("`paperboard render` is not available yet"))
}
