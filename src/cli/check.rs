//! `paperboard check`: is every move legal, who won, is the claim right.
//!
//! The files are read and checked game by game and each game is reported
//! (and drawn, with `--diagram`) as soon as it is checked, so memory stays
//! flat however large the input.

use std::io::{BufRead, BufReader};
use std::path::PathBuf;
use std::process::ExitCode;

use miette::miette;
use paperboard::check::diagram::{game_page, metadata};
use paperboard::check::text::{
    JsonFile, JsonStream, Summary, file_error_line, game_text, summary_line,
};
use paperboard::check::{CheckedGame, FileError, check_reader};
use paperboard::limits::Whole;
use paperboard::maps::MapLibrary;
use paperboard::output::{format_for, refuse_inputs};

use super::out::Printer;
use super::progress::PageOutput;

/// How many errors a game's report may list (`--max-errors`).
const MAX_ERRORS: Whole = Whole {
    key: "max-errors",
    min: 1,
    max: 1_000,
};

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
    /// List at most N errors per game (1 to 1,000); the rest are counted.
    #[arg(long, allow_hyphen_values = true, value_name = "N", default_value = "20", value_parser = |s: &str| MAX_ERRORS.parse(s).map(|n| usize::try_from(n).unwrap_or(usize::MAX)))]
    max_errors: usize,
    /// A map file that records may name in their `Map`/`HyperMap` tag, by
    /// its file name (`mine.toml` or `mine`). Repeatable.
    #[arg(long = "map-file", value_name = "FILE")]
    map_files: Vec<PathBuf>,
    /// A folder of map files that records may name by file name. Repeatable.
    #[arg(long = "maps-dir", value_name = "DIR")]
    maps_dirs: Vec<PathBuf>,
}

/// Everything a run writes, fed one game at a time.
struct Report {
    out: Printer,
    json: Option<JsonStream>,
    files: Vec<JsonFile>,
    summary: Summary,
    diagram: Option<PageOutput>,
    max_errors: usize,
}

impl Report {
    fn game(&mut self, mut g: CheckedGame) -> miette::Result<()> {
        g.report.limit_errors(self.max_errors);
        self.summary.add_game(&g.report);
        match &mut self.json {
            Some(json) => self.out.print(&json.game(&g.report))?,
            None => self.out.print(&game_text(&g.report))?,
        }
        if let Some(diagram) = &mut self.diagram
            && let Some(page) = game_page(&g)
        {
            diagram.add(&page)?;
        }
        Ok(())
    }

    fn file(&mut self, file: String, error: Option<FileError>) -> miette::Result<()> {
        self.summary.add_file(error.is_some());
        if self.json.is_none()
            && let Some(e) = &error
        {
            self.out.line(&file_error_line(&file, e))?;
        }
        if self.json.is_some() {
            self.files.push(JsonFile { file, error });
        }
        Ok(())
    }
}

/// Runs `paperboard check`. Exit 0: every game legal with right claims; 1: an
/// illegal game or a wrong or unreadable claim; 2: a file unreadable or not a
/// record, or a game that cannot be checked.
pub fn run(args: Args) -> miette::Result<ExitCode> {
    let mut maps = MapLibrary::new();
    for file in &args.map_files {
        maps.add_file(file)?;
    }
    for dir in &args.maps_dirs {
        maps.add_folder(dir)?;
    }
    // Refuse a bad output before reading anything.
    let diagram = match &args.diagram {
        Some(path) if path.as_os_str() == "-" => {
            return Err(miette!(
                "--diagram -: standard output carries the report; give the diagram a file name"
            ));
        }
        Some(path) => {
            let format = format_for(path, None)?;
            refuse_inputs(path, &args.records)?;
            Some(PageOutput::new(path, format, metadata(), None, true)?)
        }
        None => None,
    };
    let mut report = Report {
        out: Printer::new(),
        json: args.json.then(JsonStream::default),
        files: Vec::new(),
        summary: Summary::default(),
        diagram,
        max_errors: args.max_errors,
    };
    if let Some(json) = &mut report.json {
        let start = json.start();
        report.out.print(&start)?;
    }
    for path in &args.records {
        let name = path.display().to_string();
        let reader: Result<Box<dyn BufRead>, _> = if path.as_os_str() == "-" {
            Ok(Box::new(std::io::stdin().lock()))
        } else {
            paperboard::input::open(path)
                .map(|f| Box::new(BufReader::with_capacity(256 * 1024, f)) as Box<dyn BufRead>)
        };
        let error = match reader {
            Ok(reader) => check_reader(&name, reader, Some(&maps), |g| report.game(g))?,
            Err(e) => Some(FileError {
                line: 0,
                col: 0,
                message: e.reason(),
            }),
        };
        report.file(name, error)?;
    }
    let end = match &mut report.json {
        Some(json) => json.end(&report.files, &report.summary),
        None => format!("{}\n", summary_line(&report.summary)),
    };
    report.out.print(&end)?;
    report.out.finish()?;
    if let Some(diagram) = report.diagram {
        if diagram.pages() == 0 {
            return Err(miette!(
                "no game could be replayed, so there is nothing to draw"
            ));
        }
        diagram.finish()?;
    }
    Ok(ExitCode::from(report.summary.exit_status()))
}
