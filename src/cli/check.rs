//! `paperboard check`: is every move legal, who won, is the claim right.
//!
//! The files are read and checked game by game and each game is reported
//! (and drawn, with `--diagram`) as soon as it is checked, so memory stays
//! flat however large the input.

use std::io::{BufRead, BufReader, Read};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use miette::miette;
use paperboard_games::check::solving::annotate_checked;
use paperboard_games::check::text::{JsonFile, JsonStream, Summary};
use paperboard_games::check::{CheckedGame, FileError, check_reader_reusing};
use paperboard_games::limits::Whole;
use paperboard_games::maps::MapLibrary;
use paperboard_games::record::GameRecord;
use paperboard_games::solve::Budget;
use paperboard_sheets::diagram::Diagrams;
use paperboard_sheets::language::Language;

use super::fix::{FixOptions, RecordFix, Spill};
use super::output::{format_by_name, refuse_inputs, same_output};
use super::progress::PageOutput;
use crate::console::{Printer, note};

/// How many errors a game's report may list (`--max-errors`).
const MAX_ERRORS: Whole = Whole {
    key: "max-errors",
    min: 1,
    max: 1_000,
};

/// The largest record `--fix --dry-run` shows the changes of: it holds the
/// record and its fixed text whole, for the diff (`--fix` itself streams).
const FIX_LIMIT: u64 = 64 << 20;

/// How many moves `--at` may name: as many as a game of a record may hold.
const AT: paperboard_games::limits::Whole = paperboard_games::limits::Whole {
    key: "--at",
    min: 0,
    max: paperboard_games::record::GameRecord::MAX_MOVES as u64,
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
    /// Also draw every game's final position on its sheet, one page per game
    /// (tic-tac-toe: up to six games of a file a page): a PDF, or SVG files
    /// (`OUT.svg` for one page, `OUT-1.svg`, `OUT-2.svg`, … for more).
    #[arg(long, value_name = "OUT.svg|OUT.pdf")]
    diagram: Option<PathBuf>,
    /// Language of the report (verdicts, errors, suggestions, summary, what
    /// --fix did) and of the diagrams (the sheet's words, captions and
    /// legends): en, de, ru or th. Without it, the language of
    /// the locale (LC_ALL, LC_MESSAGES, LANG) where it is one of these, else
    /// English.
    #[arg(long, value_parser = |s: &str| s.parse::<Language>())]
    language: Option<Language>,
    /// Draw the position after the first N moves (each player's move
    /// counts) instead of the last; an illegal game is drawn before its
    /// first illegal move either way.
    #[arg(long, value_name = "N", requires = "diagram", allow_hyphen_values = true, value_parser = |s: &str| AT.parse(s))]
    at: Option<u64>,
    /// Write each record again with the first suggestion for every error
    /// applied where it is sure (no other as good, none against the game's
    /// claimed result; only the moves' text changes), to NAME.fixed.EXT
    /// beside it, and say what changed and what was left as written.
    #[arg(long)]
    fix: bool,
    /// With --fix: write the fixed record here (one record only; `-` is
    /// standard output, and the report then goes to standard error).
    #[arg(short = 'o', long = "output", value_name = "FILE", requires = "fix")]
    output: Option<PathBuf>,
    /// With --fix: overwrite each record with its fixed text.
    #[arg(long, requires = "fix", conflicts_with = "output")]
    in_place: bool,
    /// With --fix: print the changes as a unified diff and write nothing.
    #[arg(long, requires = "fix")]
    dry_run: bool,
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
    /// Mark the moments that decided each legal game of the tic-tac-toe
    /// family: missed wins, moves that let the opponent force a win, and
    /// the move after which the result was forced (docs/solve.md).
    #[arg(long)]
    annotate: bool,
    /// With --annotate: how many plies deep to look for forced wins (1 to
    /// 15).
    #[arg(long, value_name = "N", requires = "annotate", default_value = "5", allow_hyphen_values = true, value_parser = |s: &str| Budget::PLIES.parse(s))]
    plies: u64,
}

/// Everything a run writes, fed one game at a time.
struct Report {
    out: Printer,
    json: Option<JsonStream>,
    files: Vec<JsonFile>,
    summary: Summary,
    diagram: Option<(Diagrams, PageOutput)>,
    max_errors: usize,
    /// With `--annotate`, how deep to look for forced wins.
    annotate: Option<Budget>,
    /// The language of the words made from what was found.
    language: Language,
    /// Games' text reports not yet printed: many games' at a time, so a
    /// game costs no text of its own.
    text: String,
    /// The same for `--json`.
    json_text: Vec<u8>,
}

/// How much report is gathered before it is printed.
const REPORT_CHUNK: usize = 32 << 10;

impl Report {
    /// Reports a game (and draws it), handing its record back to be read
    /// into again: nothing of a game is kept once it is reported.
    fn game(&mut self, mut g: CheckedGame) -> miette::Result<GameRecord> {
        g.report.limit_errors(self.max_errors);
        if let Some(budget) = self.annotate {
            g.report.annotations = annotate_checked(&g, budget).ok().map(|a| a.items);
        }
        self.summary.add_game(&g.report);
        match &mut self.json {
            Some(json) => json.write_game(&mut self.json_text, &g.report),
            None => g.report.write_text_in(&mut self.text, self.language),
        }
        if self.text.len() + self.json_text.len() >= REPORT_CHUNK {
            self.flush()?;
        }
        let drawn = self.draw(&g);
        if drawn.is_err() {
            // The games reported so far are printed, as they would have
            // been one by one.
            let _ = self.flush();
        }
        drawn.map(|()| g.record)
    }

    /// Draws a game on the diagram, with `--diagram`.
    fn draw(&mut self, g: &CheckedGame) -> miette::Result<()> {
        if let Some((diagrams, output)) = &mut self.diagram {
            for page in diagrams.add(g)? {
                output.add(&page)?;
            }
        }
        Ok(())
    }

    /// Prints the games' reports gathered so far.
    fn flush(&mut self) -> miette::Result<()> {
        self.out.print(&self.text)?;
        self.text.clear();
        // JSON is written by serde_json from text, so it is UTF-8 (checked
        // the fast way; the lossy reading only stands guard).
        match std::str::from_utf8(&self.json_text) {
            Ok(json) => self.out.print(json)?,
            Err(_) => self.out.print(&String::from_utf8_lossy(&self.json_text))?,
        }
        self.json_text.clear();
        Ok(())
    }

    fn file(&mut self, file: String, error: Option<FileError>) -> miette::Result<()> {
        self.flush()?;
        self.summary.add_file(error.as_ref());
        match &error {
            // A file that could not be read is an error of the run, not a
            // finding about a record: standard error, whatever the report.
            Some(e) if e.unread_file() => note(&e.line_in(&file, self.language)),
            Some(e) if self.json.is_none() => self.out.line(&e.line_in(&file, self.language))?,
            _ => {}
        }
        if self.json.is_some() {
            self.files.push(JsonFile { file, error });
        }
        Ok(())
    }
}

/// The language of the report: `--language`, else the locale's.
fn language(args: &Args) -> Language {
    args.language.unwrap_or_else(locale_language)
}

/// The language of the locale, as POSIX picks the messages' locale: the
/// first of `LC_ALL`, `LC_MESSAGES` and `LANG` that is set (`de_DE.UTF-8`
/// is German); English where it is none of the checker's languages.
pub(super) fn locale_language() -> Language {
    ["LC_ALL", "LC_MESSAGES", "LANG"]
        .iter()
        .filter_map(|v| std::env::var(v).ok())
        .find(|v| !v.is_empty())
        .and_then(|v| {
            let code = v.split(['_', '.', '@', '-']).next().unwrap_or("");
            code.to_ascii_lowercase().parse().ok()
        })
        .unwrap_or(Language::En)
}

/// Runs `paperboard check`. Exit 0: every game legal with right claims; 1: an
/// illegal game or a wrong or unreadable claim; 2: a file unreadable or not a
/// record, or a game that cannot be checked.
pub fn run(args: Args) -> miette::Result<ExitCode> {
    let maps = map_library(&args)?;
    let fix = fix_options(&args)?;
    let diagram = diagram_output(&args)?;
    // A fixed record written to standard output sends the report to
    // standard error.
    let fixed_to_stdout = fix.as_ref().is_some_and(FixOptions::to_stdout);
    let mut report = Report {
        out: if fixed_to_stdout {
            Printer::stderr()
        } else {
            Printer::new()
        },
        json: args.json.then(|| JsonStream::in_language(language(&args))),
        files: Vec::new(),
        summary: Summary::default(),
        diagram,
        max_errors: args.max_errors,
        annotate: match args.annotate {
            true => Some(Budget::plies(args.plies).map_err(|e| miette!("--plies: {e}"))?),
            false => None,
        },
        language: language(&args),
        text: String::with_capacity(REPORT_CHUNK * 2),
        json_text: Vec::new(),
    };
    if let Some(json) = &mut report.json {
        let start = json.start();
        report.out.print(&start)?;
    }
    // What --fix did, kept on disk until the report is printed.
    let mut fixes = match &fix {
        Some(_) => Some(Spill::new()?),
        None => None,
    };
    let mut fix_errors = Vec::new();
    for path in &args.records {
        let fixing = Fixing {
            options: fix.as_ref(),
            fixes: &mut fixes,
            errors: &mut fix_errors,
        };
        check_file(path, &maps, fixing, &mut report)?;
    }
    let end = match &mut report.json {
        Some(json) => json.end(&report.files, &report.summary),
        None => format!("{}\n", report.summary.line_in(report.language)),
    };
    report.out.print(&end)?;
    // What --fix changed: after the report, never inside the JSON.
    if let Some(fixes) = fixes {
        print_fixes(fixes, args.json, &mut report.out)?;
    }
    if let Some(e) = fix_errors.into_iter().next() {
        return Err(e);
    }
    report.out.finish()?;
    if let Some((diagrams, diagram)) = report.diagram {
        finish_diagram(diagrams, diagram)?;
    }
    Ok(ExitCode::from(report.summary.exit_status()))
}

/// The maps a record may name: the map files and folders given.
fn map_library(args: &Args) -> miette::Result<MapLibrary> {
    maps_given(&args.map_files, &args.maps_dirs)
}

/// The maps a record may name: the map files and folders of `--map-file`
/// and `--maps-dir`.
pub(super) fn maps_given(files: &[PathBuf], dirs: &[PathBuf]) -> miette::Result<MapLibrary> {
    let mut maps = MapLibrary::new();
    for file in files {
        super::files::add_map_file(&mut maps, file)?;
    }
    for dir in dirs {
        maps.add_folder(Box::new(super::files::MapsDir::open(dir)?));
    }
    Ok(maps)
}

/// `--fix` and its outputs, refused before anything is read when an output
/// is bad or is where the diagram goes.
fn fix_options(args: &Args) -> miette::Result<Option<FixOptions>> {
    let fix = args.fix.then(|| FixOptions {
        output: args.output.clone(),
        in_place: args.in_place,
        dry_run: args.dry_run,
        language: language(args),
    });
    // Refuse a bad output before reading anything.
    if let Some(fix) = &fix {
        fix.validate(&args.records)?;
    }
    if let (Some(fix), Some(diagram)) = (&fix, &args.diagram)
        && let Some(target) = args
            .records
            .iter()
            .filter_map(|r| fix.target_of(r))
            .find(|t| same_output(t, diagram))
    {
        return Err(miette!(
            "--diagram {} is also where --fix writes a fixed record; give the diagram another name",
            target.display()
        ));
    }
    Ok(fix)
}

/// `--diagram`: the diagrams and the output they go to.
fn diagram_output(args: &Args) -> miette::Result<Option<(Diagrams, PageOutput)>> {
    let Some(path) = &args.diagram else {
        return Ok(None);
    };
    if path.as_os_str() == "-" {
        return Err(miette!(
            "--diagram -: standard output carries the report; give the diagram a file name"
        ));
    }
    let format = format_by_name(path)?;
    refuse_inputs(path, &args.records)?;
    let mut diagrams = Diagrams::new(language(args));
    let output = PageOutput::new(path, format, diagrams.metadata(), None, true)?;
    if let Some(at) = args.at {
        // Checked against AT, whose maximum fits a usize.
        diagrams = diagrams.at_move(at as usize);
    }
    Ok(Some((diagrams, output)))
}

/// What `--fix` needs for each record: its options, what it did so far and
/// the records it could not fix.
struct Fixing<'a> {
    options: Option<&'a FixOptions>,
    fixes: &'a mut Option<Spill>,
    errors: &'a mut Vec<miette::Report>,
}

/// Checks one record file into `report`, fixing it with `--fix`.
fn check_file(
    path: &Path,
    maps: &MapLibrary,
    fixing: Fixing<'_>,
    report: &mut Report,
) -> miette::Result<()> {
    let name = path.display().to_string();
    // --fix fixes each game as the next arrives and writes the fixed
    // record on as it goes (put in place at the end); a dry run holds
    // the record whole, for the diff.
    let fixer = match fixing.options {
        Some(options) => match RecordFix::start(options, path, Some(maps)) {
            Ok(fixer) => Some(fixer),
            Err(e) => {
                fixing.errors.push(e);
                None
            }
        },
        None => None,
    };
    let source = match (&fixer, fixing.options) {
        (Some(_), Some(options)) if options.dry_run => match read_whole(path) {
            Ok(bytes) => Some(bytes),
            Err(error) => return report.file(name, Some(error)),
        },
        _ => None,
    };
    let reader: Result<Box<dyn BufRead + '_>, FileError> = match &source {
        Some(bytes) => Ok(Box::new(&bytes[..])),
        None => open_record(path),
    };
    let error = match (reader, fixer) {
        (Err(e), _) => Some(e),
        (Ok(reader), Some(mut fixer)) => match fixer.reader(reader) {
            Some(reader) => {
                let error = check_reader_reusing(&name, reader, Some(maps), |g| {
                    fixer.game(&g)?;
                    report.game(g).map(Some)
                })?;
                if let Some(fixes) = fixing.fixes {
                    let source = source.as_deref().unwrap_or_default();
                    if let Err(e) = fixer.finish(error.is_some(), source, fixes) {
                        fixing.errors.push(e);
                    }
                }
                error
            }
            None => None,
        },
        (Ok(reader), None) => {
            check_reader_reusing(&name, reader, Some(maps), |g| report.game(g).map(Some))?
        }
    };
    report.file(name, error)
}

/// Prints what `--fix` changed, kept on disk until the report was printed:
/// on standard error beside `--json`, else after the report.
fn print_fixes(fixes: Spill, json: bool, out: &mut Printer) -> miette::Result<()> {
    let mut lines = fixes.into_lines().map_err(|e| {
        miette!(
            "cannot read the --fix report back: {}",
            paperboard_games::source::text::io_words(&e)
        )
    })?;
    let mut line = Vec::new();
    loop {
        line.clear();
        let n = lines.read_until(b'\n', &mut line).map_err(|e| {
            miette!(
                "cannot read the --fix report back: {}",
                paperboard_games::source::text::io_words(&e)
            )
        })?;
        if n == 0 {
            return Ok(());
        }
        let text = String::from_utf8_lossy(line.strip_suffix(b"\n").unwrap_or(&line));
        if json {
            note(&text);
        } else {
            out.line(&text)?;
        }
    }
}

/// Draws the last page of `--diagram` and writes the diagram; refused when
/// no game could be drawn.
fn finish_diagram(diagrams: Diagrams, mut diagram: PageOutput) -> miette::Result<()> {
    if let Some(page) = diagrams.finish()? {
        diagram.add(&page)?;
    }
    if diagram.pages() == 0 {
        return Err(miette!(
            "no game could be replayed, so there is nothing to draw"
        ));
    }
    diagram.finish()?;
    Ok(())
}

/// A record file (`-`: standard input), buffered, or why it cannot be read.
pub(super) fn open_record(path: &Path) -> Result<Box<dyn BufRead>, FileError> {
    if path.as_os_str() == "-" {
        return Ok(Box::new(std::io::stdin().lock()));
    }
    super::files::open(path)
        .map(|f| Box::new(BufReader::with_capacity(256 * 1024, f)) as Box<dyn BufRead>)
        .map_err(|e| FileError::unopened(&e))
}

/// A whole record for `--fix --dry-run`, at most [`FIX_LIMIT`] bytes, or
/// why not.
fn read_whole(path: &Path) -> Result<Vec<u8>, FileError> {
    let reader: Box<dyn Read> = if path.as_os_str() == "-" {
        Box::new(std::io::stdin().lock())
    } else {
        Box::new(super::files::open(path).map_err(|e| FileError::unopened(&e))?)
    };
    let mut bytes = Vec::new();
    reader
        .take(FIX_LIMIT + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| FileError::unreadable(&e))?;
    if bytes.len() as u64 > FIX_LIMIT {
        return Err(FileError::too_large_to_show(FIX_LIMIT >> 20));
    }
    Ok(bytes)
}
