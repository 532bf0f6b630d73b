//! The `paperboard` command line. Thin: every subcommand parses its arguments
//! and calls into the libraries; all real work lives in `paperboard_games`
//! and `paperboard_sheets`.
//! Everything printed goes through `console` (see there).

#![forbid(unsafe_code)]
#![deny(clippy::print_stdout, clippy::print_stderr)]

use std::process::ExitCode;

use clap::{CommandFactory, Parser, Subcommand};

mod cli;
mod console;
mod diagnostic;
mod reading;
mod web;

/// Printable sheets, game checking and ruleset analysis for pencil-and-paper
/// strategy games.
#[derive(Parser)]
#[command(name = "paperboard", version, about, long_about = None)]
struct Cli {
    #[command(subcommand)]
    command: Command,
    /// No progress bars or spinners and no `wrote …` lines on standard
    /// error; errors and warnings are still printed.
    #[arg(short, long, global = true)]
    quiet: bool,
}

#[derive(Subcommand)]
enum Command {
    /// Render a sheet (built-in template name or TOML spec) to PDF, SVG or PNG.
    Render(cli::render::Args),
    /// Print where everything is on a sheet (marks, code, cells, record
    /// boxes), in mm; `--json` for scripts.
    Layout(cli::layout::Args),
    /// List the built-in templates.
    Templates(cli::templates::Args),
    /// Check games transcribed from paper: legality, result, claims.
    Check(cli::check::Args),
    /// Solve the position each game of a record ends in: the quickest
    /// forced win and every move that forces it.
    Solve(cli::solve::Args),
    /// Read photos of played sheets: the record of each game, then its check.
    Read(cli::read::Args),
    /// Transition-distance analysis of a ruleset and map.
    Analyze(cli::analyze::Args),
    /// Show, list, enumerate and search functional maps.
    Maps(cli::maps::Args),
    /// Build a multi-page classroom handout from a spec.
    Handout(cli::handout::Args),
    /// Serve the web page for sheets, handouts, checking and analysis
    /// (http://127.0.0.1:8080/ by default).
    Serve(web::Args),
    /// Print a shell completion script (bash, zsh, fish, powershell, elvish).
    Completions(cli::completions::Args),
    /// Print the manual page (roff), e.g. `paperboard man > paperboard.1`.
    Man,
    /// Write the fonts the sheets use (and their licence) into a folder, to
    /// view SVG sheets as the PDF prints them.
    Fonts(cli::fonts::Args),
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    cli::progress::set_quiet(cli.quiet);
    let result = match cli.command {
        Command::Render(args) => cli::render::run(args),
        Command::Layout(args) => cli::layout::run(args),
        Command::Templates(args) => cli::templates::run(args),
        Command::Check(args) => cli::check::run(args),
        Command::Solve(args) => cli::solve::run(args),
        Command::Read(args) => cli::read::run(args),
        Command::Analyze(args) => cli::analyze::run(args),
        Command::Maps(args) => cli::maps::run(args),
        Command::Handout(args) => cli::handout::run(args),
        Command::Serve(args) => web::run(args),
        Command::Completions(args) => cli::completions::run(args, Cli::command()),
        Command::Man => cli::completions::man(Cli::command()),
        Command::Fonts(args) => cli::fonts::run(args),
    };
    match result {
        Ok(code) => code,
        // The reader of standard output stopped early: end quietly, as
        // `grep` and `rg` do.
        Err(_) if console::stdout_closed() => ExitCode::SUCCESS,
        Err(report) => {
            console::note(&error_text(&report));
            // Exit 2: the input could not be used at all (bad spec, unreadable file).
            ExitCode::from(2)
        }
    }
}

/// An error as printed: its first line is `path:line:column: message` when
/// it points into a file (the form editors jump to), then the lines it
/// points at, its causes and its help (see `diagnostic`).
fn error_text(report: &miette::Report) -> String {
    let d = paperboard_games::source::Diagnostic::of(report.as_ref());
    let text = diagnostic::full(&d);
    if d.at.is_some() {
        text
    } else {
        format!("error: {text}")
    }
}
