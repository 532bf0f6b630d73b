//! `paperboard check`.

use std::process::ExitCode;

/// Arguments of `paperboard check`.
#[derive(clap::Args)]
pub struct Args {}

/// Runs `paperboard check`.
pub fn run(_args: Args) -> miette::Result<ExitCode> {
    Err(miette::miette!("`paperboard check` is not available yet"))
}
