//! `paperboard check`: is every move legal, who won, is the claim right.

use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use paperboard::backend::Format;

use super::output::write_document;
use paperboard::check::diagram::diagram;
use paperboard::check::text::{json_report, text_report};
use paperboard::check::{FileCheck, FileError, check_source, exit_status};

/// Arguments of `paperboard check`.
#[derive(clap::Args)]
pub struct Args {
    /// Record files to check (`-` reads standard input). A file may hold
    /// several games.
    #[arg(required = true, value_name = "RECORD")]
    records: Vec<PathBuf>,
    /// Print one JSON document instead of text.
    #[arg(long)]
    json: bool,
    /// Also draw every game's final position, one page per game: a PDF, or
    /// SVG files (`OUT.svg` for one game, `OUT-1.svg`, `OUT-2.svg`, … for more).
    #[arg(long, value_name = "OUT.svg|OUT.pdf")]
    diagram: Option<PathBuf>,
}

fn read(path: &Path) -> std::io::Result<Vec<u8>> {
    if path == Path::new("-") {
        let mut bytes = Vec::new();
        std::io::stdin().read_to_end(&mut bytes)?;
        Ok(bytes)
    } else {
        std::fs::read(path)
    }
}

/// Runs `paperboard check`. Exit 0: every game legal with right claims; 1: an
/// illegal game or a wrong claim; 2: a file unreadable or not a record.
pub fn run(args: Args) -> miette::Result<ExitCode> {
    // Refuse a bad output name before reading anything.
    let diagram_format = args.diagram.as_deref().map(Format::from_path).transpose()?;
    let files: Vec<FileCheck> = args
        .records
        .iter()
        .map(|path| {
            let name = path.display().to_string();
            match read(path) {
                Ok(bytes) => check_source(&name, &bytes, path.parent()),
                Err(e) => FileCheck {
                    file: name,
                    error: Some(FileError {
                        at: None,
                        message: format!("cannot read the file: {e}"),
                    }),
                    games: Vec::new(),
                },
            }
        })
        .collect();
    let report = if args.json {
        json_report(&files)
    } else {
        text_report(&files)
    };
    print!("{report}");
    if let (Some(path), Some(format)) = (&args.diagram, diagram_format) {
        let games: Vec<_> = files.iter().flat_map(|f| &f.games).collect();
        let doc = diagram(&games)?;
        if doc.pages.is_empty() {
            return Err(miette::miette!(
                "no game could be replayed, so there is nothing to draw"
            ));
        }
        write_document(&doc, path, format)?;
    }
    Ok(ExitCode::from(exit_status(&files)))
}
