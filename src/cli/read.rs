//! `paperboard read`: photographs or scans of played sheets in, the record
//! of each game out (doubtful moves marked `{?}`), then the usual check
//! report of it.
//!
//! The command is thin: the library reads each photo
//! ([`paperboard_sheets::read::sheet::read_photo`]), joins the sheets of a game and
//! decodes it ([`paperboard_sheets::read::sheet::join_games`]) into a typed
//! record with the game's identity, and the checker checks that record as
//! if it had been typed; nothing here parses text the library wrote.

use std::io::Read;
use std::path::PathBuf;
use std::process::ExitCode;

use super::files::{open, read_text};
use miette::miette;
use paperboard_games::messages::{Arg, say};
use paperboard_sheets::language::Language;
use paperboard_sheets::limits::PHOTO_BYTES;
use paperboard_sheets::read::sheet::{GameRead, ReadSheet, join_games, read_file};

use super::output::{Target, refuse_inputs};
use crate::console::Printer;
use crate::reading::{Judged, Unread, judge};

/// Arguments of `paperboard read`.
#[derive(clap::Args)]
pub struct Args {
    /// Photos or scans of played sheets (JPEG or PNG, one sheet in each, or
    /// a scanned PDF, one sheet on each page). The sheets of one game
    /// (continuation sheets) are joined by their row numbers.
    #[arg(required = true, value_name = "IMAGE", value_hint = clap::ValueHint::FilePath)]
    images: Vec<PathBuf>,
    /// Print one JSON document instead of text.
    #[arg(long)]
    json: bool,
    /// Write the record(s) read to FILE as well (`-` is standard output,
    /// and the report then goes to standard error).
    #[arg(short = 'o', long = "output", value_name = "FILE", value_hint = clap::ValueHint::FilePath)]
    output: Option<PathBuf>,
    /// The spec a custom sheet was printed from (its code holds only the
    /// spec's hash); built-in templates need none.
    #[arg(long, value_name = "FILE", value_hint = clap::ValueHint::FilePath)]
    spec: Option<PathBuf>,
    /// The language of the report and of why a photo was not read: en,
    /// de, ru or th. Without it, the language of the locale (LC_ALL,
    /// LC_MESSAGES, LANG), else English. JSON keeps `error` in English and
    /// adds `says` in this language.
    #[arg(long, value_name = "LANG")]
    language: Option<Language>,
}

/// Runs `paperboard read`. Exit 0: every game read with no doubtful move
/// and legal; 1: a doubtful move, or an illegal game or wrong claim; 2: a
/// photo that could not be read as a sheet.
pub fn run(args: Args) -> miette::Result<ExitCode> {
    let language = args.language.unwrap_or_else(super::check::locale_language);
    let target = match &args.output {
        Some(path) => {
            refuse_inputs(path, &args.images)?;
            Some(Target::resolve(path)?)
        }
        None => None,
    };
    let spec = match &args.spec {
        Some(path) => Some(read_text(path, paperboard_games::source::text::TOML_LIMIT)?),
        None => None,
    };
    let Photos {
        sheets,
        names,
        failures,
    } = read_photos(&args.images, spec.as_deref(), language)?;
    let games = join_games(&sheets);
    let to_stdout = args.output.as_deref() == Some(std::path::Path::new("-"));
    let mut out = if to_stdout {
        Printer::stderr()
    } else {
        Printer::new()
    };
    let mut records = String::new();
    let mut json_games = Vec::new();
    let mut status = 0u8;
    for failure in &failures {
        if !args.json {
            out.line(&failure.line())?;
        }
        status = 2;
    }
    // The sheets whose game could not be decoded: each is a photo not
    // read, with the reason.
    let mut undecoded = Vec::new();
    let mut read_games = 0;
    for (members, result) in &games {
        let images: Vec<&str> = members.iter().map(|&i| names[i].as_str()).collect();
        let label = images.join(" + ");
        let judged = judge(&label, &sheets[members[0]].code, result, false);
        status = status.max(judged.status);
        let game = match result {
            Ok(game) => game,
            Err(e) => {
                if !args.json {
                    out.line(&Unread::game(&label, &sheets[members[0]].code, e, language).line())?;
                }
                for &i in members {
                    undecoded.push(Unread::game(&names[i], &sheets[i].code, e, language).json());
                }
                continue;
            }
        };
        read_games += 1;
        if args.json {
            let mut entry = judged.entry;
            entry["images"] = serde_json::json!(images);
            json_games.push(entry);
        } else {
            print_game(&mut out, &label, &judged, game, target.is_some(), language)?;
        }
        if game.position.is_some() {
            continue;
        }
        if !records.is_empty() {
            records.push('\n');
        }
        records += &game.record;
    }
    let given = sheets.len() + failures.len();
    let unread = failures.len() + undecoded.len();
    if args.json {
        let failures: Vec<serde_json::Value> =
            failures.iter().map(Unread::json).chain(undecoded).collect();
        let doc = serde_json::json!({"version": env!("CARGO_PKG_VERSION"), "games": json_games, "unread": failures, "exit": status});
        out.line(&doc.to_string())?;
    } else if given > 1 {
        out.line(&say(
            language,
            "read-cli-total",
            &[
                ("given", Arg::Text(&given.to_string())),
                ("games", Arg::Count(read_games)),
                ("unread", Arg::Text(&unread.to_string())),
            ],
        ))?;
    }
    out.finish()?;
    if let Some(target) = target {
        if records.is_empty() {
            let name = target.named().display().to_string();
            return Err(miette!(
                "{}",
                say(
                    language,
                    "read-cli-not-written",
                    &[("name", Arg::Text(&name))]
                )
            ));
        }
        target.write(records.as_bytes())?;
    }
    Ok(ExitCode::from(status))
}

/// The sheets read from the photos, each with its name (the file, and the
/// page of a PDF), and the photos (or PDF pages) that were not read.
struct Photos {
    sheets: Vec<ReadSheet>,
    names: Vec<String>,
    failures: Vec<Unread>,
}

/// Reads every photo or scan (each page of a PDF), with the spec a custom
/// sheet was printed from.
fn read_photos(
    images: &[PathBuf],
    spec: Option<&str>,
    language: Language,
) -> miette::Result<Photos> {
    let mut photos = Photos {
        sheets: Vec::new(),
        names: Vec::new(),
        failures: Vec::new(),
    };
    for path in images {
        let bytes = read_image(path)?;
        for (page, read) in read_file(&bytes, spec) {
            // A PDF's pages are named as a PDF viewer's address names them.
            let name = match page {
                Some(page) => format!("{}#page={page}", path.display()),
                None => path.display().to_string(),
            };
            match read {
                Ok(sheet) => {
                    photos.sheets.push(sheet);
                    photos.names.push(name);
                }
                Err(e) => photos.failures.push(Unread::photo(&name, &e, language)),
            }
        }
    }
    Ok(photos)
}

/// Prints one game read as text: the field of a position, or the record
/// (unless it goes to a file) and its check.
fn print_game(
    out: &mut Printer,
    label: &str,
    judged: &Judged,
    game: &GameRead,
    records_to_file: bool,
    language: Language,
) -> miette::Result<()> {
    let counted = |id: &str, label: &str, moves: usize, doubtful: usize| {
        let (moves, doubtful) = (moves.to_string(), doubtful.to_string());
        say(
            language,
            id,
            &[
                ("label", Arg::Text(label)),
                ("moves", Arg::Text(&moves)),
                ("doubtful", Arg::Text(&doubtful)),
            ],
        )
    };
    if let Some(position) = &game.position {
        out.line(&counted(
            "read-cli-field",
            &judged.label,
            0,
            position.doubtful(),
        ))?;
        out.print(&position.grid())?;
        return Ok(out.line(&position.summary())?);
    }
    let doubtful = game.moves.iter().filter(|m| m.uncertain).count();
    if let Some(checked) = &judged.checked {
        let report = checked.text_report_in(language);
        let moves = game.moves.len();
        if records_to_file {
            out.line(&counted("read-cli-game", label, moves, doubtful))?;
        } else {
            out.line(&counted("read-cli-read-from", label, moves, doubtful))?;
            out.print(&game.record)?;
            out.line("")?;
        }
        out.print(&report)?;
    }
    Ok(())
}

/// The bytes of a photo, refused before reading when it is not a regular
/// file or over the size limit.
fn read_image(path: &std::path::Path) -> miette::Result<Vec<u8>> {
    let file = open(path)?;
    let mut bytes = Vec::new();
    file.take(PHOTO_BYTES + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| {
            miette!(
                "{}: cannot read it: {}",
                path.display(),
                paperboard_games::source::text::io_words(&e)
            )
        })?;
    if bytes.len() as u64 > PHOTO_BYTES {
        return Err(miette!(
            "{}: the file is larger than {} MiB, the most a photo may have",
            path.display(),
            PHOTO_BYTES >> 20
        ));
    }
    Ok(bytes)
}
