//! `paperboard completions SHELL` and `paperboard man`: what a packager or
//! a user installs beside the binary (README, "Installing").

use std::process::ExitCode;

use clap_complete::Shell;

use super::out::Printer;

/// Arguments of `paperboard completions`.
#[derive(clap::Args)]
pub struct Args {
    /// The shell: bash, zsh, fish, powershell or elvish.
    pub shell: Shell,
}

/// Prints the completion script for a shell.
pub fn run(args: Args, mut command: clap::Command) -> miette::Result<ExitCode> {
    let mut bytes = Vec::new();
    clap_complete::generate(args.shell, &mut command, "paperboard", &mut bytes);
    print_bytes(&bytes)
}

/// Prints the manual page in roff.
pub fn man(command: clap::Command) -> miette::Result<ExitCode> {
    let mut bytes = Vec::new();
    clap_mangen::Man::new(command)
        .render(&mut bytes)
        .map_err(|e| miette::miette!("cannot write the manual page: {e}"))?;
    print_bytes(&bytes)
}

fn print_bytes(bytes: &[u8]) -> miette::Result<ExitCode> {
    let mut out = Printer::new();
    out.print(&String::from_utf8_lossy(bytes))?;
    out.finish()?;
    Ok(ExitCode::SUCCESS)
}
