//! `paperboard completions SHELL` and `paperboard man`: what a packager or
//! a user installs beside the binary (docs/GUIDE.md, "Installing").

use std::process::ExitCode;

use clap::builder::PossibleValuesParser;
use clap_complete::Shell;
use paperboard_sheets::spec::{PaperSize, Template};

use crate::console::Printer;

/// Arguments of `paperboard completions`.
#[derive(clap::Args)]
pub struct Args {
    /// The shell: bash, zsh, fish, powershell or elvish.
    pub shell: Shell,
}

/// Prints the completion script for a shell.
pub fn run(args: Args, command: clap::Command) -> miette::Result<ExitCode> {
    let mut command = with_completion_values(command);
    let mut bytes = Vec::new();
    clap_complete::generate(args.shell, &mut command, "paperboard", &mut bytes);
    print_bytes(&bytes)
}

/// The command as completion scripts see it: the values the program checks
/// by code (a template name or a spec file, a language) listed, so the
/// shell offers them. Only the scripts see these lists; the program itself
/// still takes any spec path. Bash falls back to file names when no
/// template name matches what is typed.
fn with_completion_values(command: clap::Command) -> clap::Command {
    let languages = PossibleValuesParser::new(["en", "de", "ru", "th"]);
    let templates: Vec<&'static str> = Template::ALL.iter().map(|t| t.name()).collect();
    let papers: Vec<&'static str> = PaperSize::ALL.iter().map(|p| p.name()).collect();
    let language = |cmd: clap::Command| {
        if cmd.get_arguments().any(|a| a.get_id() == "language") {
            cmd.mut_arg("language", |a| a.value_parser(languages.clone()))
        } else {
            cmd
        }
    };
    let mut command = command;
    let names: Vec<String> = command
        .get_subcommands()
        .map(|s| s.get_name().to_string())
        .collect();
    for name in names {
        command = command.mut_subcommand(&name, language);
    }
    command
        .mut_subcommand("render", |c| {
            c.mut_arg("spec", |a| {
                a.value_parser(PossibleValuesParser::new(templates.clone()))
            })
        })
        .mut_subcommand("layout", |c| {
            c.mut_arg("spec", |a| {
                a.value_parser(PossibleValuesParser::new(templates.clone()))
            })
        })
        .mut_subcommand("templates", |c| {
            c.mut_arg("show", |a| {
                a.value_parser(PossibleValuesParser::new(templates.clone()))
            })
        })
        .mut_subcommand("analyze", |c| {
            c.mut_arg("page", |a| {
                let mut values = vec!["figure"];
                values.extend(papers.iter().copied());
                a.value_parser(PossibleValuesParser::new(values))
            })
        })
}

/// Prints the manual page in roff: one page with every subcommand (see
/// `man.rs`).
pub fn man(command: clap::Command) -> miette::Result<ExitCode> {
    print_bytes(super::man::page(command).as_bytes())
}

fn print_bytes(bytes: &[u8]) -> miette::Result<ExitCode> {
    let mut out = Printer::new();
    out.print(&String::from_utf8_lossy(bytes))?;
    out.finish()?;
    Ok(ExitCode::SUCCESS)
}
