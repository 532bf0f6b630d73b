//! `paperboard maps`.

use std::process::ExitCode;

/// Arguments of `paperboard maps`.
#[derive(clap::Args)]
pub struct Args {}

/// Runs `paperboard maps`.
pub fn run(_args: Args) -> miette::Result<ExitCode> {
    Err(miette::miette!("`paperboard maps` is not available yet"))
}
