//! The `paperboard` command line. Thin: every subcommand parses its arguments
//! and calls into the library; all real work lives in `paperboard::*`.

use std::process::ExitCode;

use clap::{Parser, Subcommand};

mod cli;

/// Printable sheets, game checking and ruleset analysis for pencil-and-paper
/// strategy games.
#[derive(Parser)]
#[command(name = "paperboard", version, about, long_about = None)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Render a sheet (built-in template name or TOML spec) to PDF or SVG.
    Render(cli::render::Args),
    /// List the built-in templates.
    Templates(cli::templates::Args),
    /// Check games transcribed from paper: legality, result, claims.
    Check(cli::check::Args),
    /// Transition-distance analysis of a ruleset and map.
    Analyze(cli::analyze::Args),
    /// Show, list, enumerate and search functional maps.
    Maps(cli::maps::Args),
    /// Build a multi-page classroom handout from a spec.
    Handout(cli::handout::Args),
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Render(args) => cli::render::run(args),
        Command::Templates(args) => cli::templates::run(args),
        Command::Check(args) => cli::check::run(args),
        Command::Analyze(args) => cli::analyze::run(args),
        Command::Maps(args) => cli::maps::run(args),
        Command::Handout(args) => cli::handout::run(args),
    };
    match result {
        Ok(code) => code,
        Err(report) => {
            eprintln!("{report:?}");
            // Exit 2: the input could not be used at all (bad spec, unreadable file).
            ExitCode::from(2)
        }
    }
}
