//! `paperboard templates`.

use std::process::ExitCode;

use paperboard::spec::Template;

use super::out::Printer;

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
    let mut out = Printer::new();
    for t in Template::ALL {
        out.line(&format!("{:width$}  {}", t.name(), t.description()))?;
    }
    out.finish()?;
    Ok(ExitCode::SUCCESS)
}
