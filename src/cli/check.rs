//! `paperboard check`: is every move legal, who won, is the claim right.

use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use paperboard::backend::Format;

use super::output::write_document;
use paperboard::check::diagram::diagram;
use paperboard::check::text::{json_report, text_report};
use paperboard::check::{FileCheck, FileError, check_source, exit_status};

use super::fix::{FixOptions, fix_record};

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
    /// Write each record again with the first suggestion for every error
    /// applied (only the moves' text changes), to NAME.fixed.EXT beside it,
    /// and say what changed.
    #[arg(long)]
    fix: bool,
    /// With --fix: write the fixed record here (one record only; `-` is
    /// standard output, and the report then goes to standard error).
    #[arg(short = 'o', long = "output", value_name = "FILE", requires = "fix")]
    output: Option<PathBuf>,
    /// With --fix: overwrite each record with its fixed text.
    #[arg(long, requires = "fix", conflicts_with = "output")]
    in_place: bool,
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
    let fix = args.fix.then(|| FixOptions {
        output: args.output.clone(),
        in_place: args.in_place,
    });
    if let Some(fix) = &fix {
        fix.validate(&args.records)?;
    }
    let mut fixes = Vec::new();
    let files: Vec<FileCheck> = args
        .records
        .iter()
        .map(|path| {
            let name = path.display().to_string();
            match read(path) {
                Ok(bytes) => {
                    let check = check_source(&name, &bytes, path.parent());
                    if let Some(fix) = &fix {
                        fixes.push(fix_record(fix, path, &bytes, &check));
                    }
                    check
                }
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
    let to_stderr = args.json || fix.as_ref().is_some_and(FixOptions::to_stdout);
    if fix.as_ref().is_some_and(FixOptions::to_stdout) {
        eprint!("{report}");
    } else {
        print!("{report}");
    }
    for lines in fixes {
        for line in lines? {
            if to_stderr {
                eprintln!("{line}");
            } else {
                println!("{line}");
            }
        }
    }
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
