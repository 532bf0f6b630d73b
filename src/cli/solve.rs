//! `paperboard solve`: the quickest forced win in the position each game
//! of a record ends in, with every move that forces it (docs/solve.md).
//!
//! Each game is checked first, by the checker `check` uses: an illegal,
//! unusable or finished game is answered with the checker's word, not
//! solved. The search is bounded by `--plies` and by a node limit, so no
//! game keeps the command for long.

use std::path::PathBuf;
use std::process::ExitCode;

use miette::miette;
use paperboard_games::check::check_reader;
use paperboard_games::check::solving::GameSolve;
use paperboard_games::check::text::JsonFile;
use paperboard_games::solve::Budget;
use paperboard_sheets::language::Language;

use super::check::{locale_language, maps_given, open_record};
use crate::console::Printer;

/// Arguments of `paperboard solve`.
#[derive(clap::Args)]
pub struct Args {
    /// Record files (`-` reads standard input); the position at the end of
    /// each game is solved.
    #[arg(required = true, value_name = "RECORD")]
    records: Vec<PathBuf>,
    /// How many plies deep to search (each player's move counts; 1 to 15).
    /// A win is looked for within this many plies, a loss likewise.
    #[arg(long, value_name = "N", default_value_t = u64::from(Budget::DEFAULT_PLIES), allow_hyphen_values = true, value_parser = |s: &str| Budget::PLIES.parse(s))]
    plies: u64,
    /// Print one JSON document instead of text.
    #[arg(long)]
    json: bool,
    /// Language of the text: en, de, ru or th. Without it, the language of
    /// the locale (LC_ALL, LC_MESSAGES, LANG) where it is one of these, else
    /// English. The JSON stays in English.
    #[arg(long, value_parser = |s: &str| s.parse::<Language>())]
    language: Option<Language>,
    /// A map file that records may name in their `Map`/`HyperMap` tag.
    /// Repeatable.
    #[arg(long = "map-file", value_name = "FILE")]
    map_files: Vec<PathBuf>,
    /// A folder of map files that records may name. Repeatable.
    #[arg(long = "maps-dir", value_name = "DIR")]
    maps_dirs: Vec<PathBuf>,
}

/// Runs `paperboard solve`. Exit 0: every game solved (a win found or
/// not); 1: some game has no position to solve (illegal, finished, SOS)
/// or met the node limit; 2: a file unreadable or not a record.
pub fn run(args: Args) -> miette::Result<ExitCode> {
    let maps = maps_given(&args.map_files, &args.maps_dirs)?;
    let budget = Budget::plies(args.plies).map_err(|e| miette!("--plies: {e}"))?;
    let language = args.language.unwrap_or_else(locale_language);
    let mut out = Printer::new();
    let mut games = 0usize;
    let mut unsolved = 0usize;
    let mut files = Vec::new();
    if args.json {
        out.print(&GameSolve::json_start())?;
    }
    for path in &args.records {
        let name = path.display().to_string();
        let error = match open_record(path) {
            Err(e) => Some(e),
            Ok(reader) => check_reader(&name, reader, Some(&maps), |g| {
                let answer = GameSolve::of(&g, budget);
                unsolved += usize::from(!answer.solved());
                let text = match args.json {
                    true => format!("{}{}", if games > 0 { ",\n" } else { "" }, answer.to_json()),
                    false => format!("{}\n", answer.text_in(language)),
                };
                games += 1;
                out.print(&text)
            })?,
        };
        if let Some(e) = &error
            && !args.json
        {
            out.line(&e.line_in(&name, language))?;
        }
        files.push(JsonFile { file: name, error });
    }
    let failed_files = files.iter().filter(|f| f.error.is_some()).count();
    if args.json {
        out.print(&GameSolve::json_end(games, &files))?;
    }
    out.finish()?;
    Ok(ExitCode::from(if failed_files > 0 {
        2
    } else if unsolved > 0 {
        1
    } else {
        0
    }))
}
