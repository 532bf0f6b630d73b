//! `paperboard analyze`.

use std::process::ExitCode;

/// Arguments of `paperboard analyze`.
#[derive(clap::Args)]
pub struct Args {}

/// Runs `paperboard analyze`.
pub fn run(_args: Args) -> miette::Result<ExitCode> {
    Err(miette::miette!("`paperboard analyze` is not available yet"))
}
