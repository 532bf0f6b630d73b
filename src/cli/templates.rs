//! `paperboard templates`.

use std::process::ExitCode;

use paperboard::spec::Template;

/// Arguments of `paperboard templates`.
#[derive(clap::Args)]
pub struct Args {}

/// Runs `paperboard templates`: one line per built-in template.
pub fn run(_args: Args) -> miette::Result<ExitCode> {
    let width = Template::ALL
        .iter()
        .map(|t| t.name().len())
        .max()
        .unwrap_or(0);
    for t in Template::ALL {
        println!("{:width$}  {}", t.name(), t.description());
    }
    Ok(ExitCode::SUCCESS)
}
