//! `paperboard templates`.

use std::process::ExitCode;

/// Arguments of `paperboard templates`.
#[derive(clap::Args)]
pub struct Args {}

/// Runs `paperboard templates`.
pub fn run(_args: Args) -> miette::Result<ExitCode> {
    Err(miette::miette!(
        "`paperboard templates` is not available yet"
    ))
}
