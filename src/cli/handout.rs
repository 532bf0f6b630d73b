//! `paperboard handout`.

use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::Arc;

use miette::{IntoDiagnostic, miette};

use paperboard_games::check::{CheckedGame, check_reader};
use paperboard_games::limits::SEED;
use paperboard_sheets::handout::spec::{COPIES, HandoutSpec};
use paperboard_sheets::handout::{ClassGames, build_with, spec};
use paperboard_sheets::language::Language;
use paperboard_sheets::spec::Set;

use super::FormatArg;
use super::check::open_record;
use super::derived::{Derived, Made, derive};
use super::files::FileSystem;
use super::output::format_for;
use super::progress::PageOutput;
use crate::console::{Printer, note};

/// Arguments of `paperboard handout`.
#[derive(clap::Args)]
pub struct Args {
    /// The handout spec (TOML; see docs/handout.md and examples/handouts/).
    pub spec: String,
    /// Output file (`-` for standard output); its extension (.pdf or .svg)
    /// picks the format unless `--format` does. Without it: the spec's name
    /// with `.pdf` (or the `--format`'s extension) in the current folder,
    /// or, with `--json`, the page plan only.
    #[arg(short, long)]
    pub output: Option<PathBuf>,
    /// Print the page plan as JSON on standard output: what every page is
    /// (`rules`, `sheet` with its copy, `worksheet`, `blank`, `key`).
    #[arg(long)]
    pub json: bool,
    /// Output format (pdf or svg), where the output has no extension (`-o -`,
    /// a device); it must agree with an extension.
    #[arg(long, value_enum)]
    pub format: Option<FormatArg>,
    /// Seed of the worksheet's exercises, instead of the spec's `seed`.
    #[arg(long, allow_hyphen_values = true, value_parser = |s: &str| SEED.parse(s))]
    pub seed: Option<u64>,
    /// Number of game sheets (0 to 500), instead of the spec's `copies`.
    #[arg(long, allow_hyphen_values = true, value_parser = |s: &str| COPIES.parse(s))]
    pub copies: Option<u64>,
    /// Language (en, de, ru, th), instead of the spec's `language`: checked
    /// as the key is.
    #[arg(long, value_parser = |s: &str| s.parse::<Language>())]
    pub language: Option<Language>,
    /// Change a key of the game sheet's spec, after the spec's own `set`
    /// (as `render --set`, e.g. `--set sos.size=6x6`; not `page.…`,
    /// `rules.…` or `document.language`, which the handout sets itself).
    #[arg(long = "set", value_name = "KEY=VALUE", value_parser = super::SetParser)]
    pub sets: Vec<Set>,
}

/// Runs `paperboard handout`.
pub fn run(args: Args) -> miette::Result<ExitCode> {
    if args.json && args.output.as_deref() == Some(Path::new("-")) {
        return Err(miette!(
            help = "give -o a file name, or leave -o out to print the plan only",
            "--json prints the page plan on standard output, which cannot carry the handout too"
        ));
    }
    let named = args.output.is_some();
    let output = match args.output {
        Some(output) => Some(output),
        None if args.json => None,
        None => {
            let extension = match args.format {
                Some(FormatArg::Svg) => "svg",
                Some(FormatArg::Pdf) | None => "pdf",
            };
            Some(super::render::default_output(&args.spec, extension)?)
        }
    };
    let format = match &output {
        Some(output) => Some(format_for(output, args.format.map(Into::into))?),
        None => None,
    };
    let mut spec = spec::load(&args.spec, Arc::new(FileSystem))?;
    if let Some(seed) = args.seed {
        spec = spec.with_seed(seed);
    }
    if let Some(copies) = args.copies {
        spec = spec
            .with_copies(copies)
            .map_err(|m| miette::miette!("--copies: {m}"))?;
    }
    if let Some(language) = args.language {
        spec = spec.with_language(language);
    }
    // Given on the command line: a map file they name may be any path.
    let spec = spec
        .with_sets(args.sets.into_iter().map(Set::from_command_line))
        .map_err(|m| miette!("--set: {m}"))?;
    let games = class_games(&spec)?;
    let handout = build_with(&spec, ClassGames::of(&games))?;
    for unused in &handout.unused_games {
        note(&format!("not used for the worksheet: {unused}"));
    }
    if let (Some(output), Some(format)) = (&output, format) {
        write_handout(&handout, output, format)?;
        if !named && format == paperboard_sheets::backend::Format::Pdf {
            super::progress::wrote("", output);
        }
    }
    if args.json {
        // After the files: a plan is printed only for a handout made.
        let mut out = Printer::new();
        let plan = serde_json::to_string_pretty(&handout.page_plan()).into_diagnostic()?;
        out.line(&plan)?;
        out.finish()?;
    }
    Ok(ExitCode::SUCCESS)
}

/// How many games a handout's records may hold together.
const MAX_GAMES: usize = 1_000;

/// The games of the record files the spec's worksheet names, checked,
/// for a `win` worksheet (none for the others); a file that cannot be
/// read or is not a record is refused.
fn class_games(spec: &HandoutSpec) -> miette::Result<Vec<CheckedGame>> {
    let mut games = Vec::new();
    if spec.exercise_kind().map(|k| k.name()) != Some("win") {
        return Ok(games);
    }
    for (written, path) in spec.records().iter().zip(spec.record_paths()?) {
        let reader = open_record(&path).map_err(|e| miette!("{}", e.line(written)))?;
        let error = check_reader(written, reader, None, |g| {
            if games.len() >= MAX_GAMES {
                return Err(miette!(
                    help = "list fewer or smaller record files in `records`",
                    "the record files hold more than {MAX_GAMES} games; a worksheet takes its positions from at most {MAX_GAMES}"
                ));
            }
            games.push(g);
            Ok(())
        })?;
        if let Some(e) = error {
            return Err(miette!("{}", e.line(written)));
        }
    }
    Ok(games)
}

/// Writes the handout to `output`, and a separate answer key beside it.
fn write_handout(
    handout: &paperboard_sheets::handout::Handout,
    output: &Path,
    format: paperboard_sheets::backend::Format,
) -> miette::Result<()> {
    // Both outputs are checked before either is written.
    let key = match &handout.key_document {
        Some(doc) => {
            let path = key_path(output).ok_or_else(|| {
                miette!(
                    help = "give -o a file name: the key goes beside it as NAME-key.EXT",
                    "key = \"separate\" writes the answer key to a file of its own, which standard output cannot carry"
                )
            })?;
            let out = PageOutput::new(
                path,
                format,
                doc.metadata.clone(),
                Some(doc.pages.len()),
                false,
            )?;
            Some((out, doc))
        }
        None => None,
    };
    let doc = &handout.document;
    let mut main = PageOutput::new(
        output,
        format,
        doc.metadata.clone(),
        Some(doc.pages.len()),
        false,
    )?;
    for page in &doc.pages {
        main.add(page)?;
    }
    let mut key = match key {
        Some((mut out, doc)) => {
            for page in &doc.pages {
                out.add(page)?;
            }
            Some(out)
        }
        None => None,
    };
    main.finish()?;
    if let Some(out) = key.take() {
        // The key is a file the user did not name: say where it went
        // (several SVG pages are announced by `finish`).
        if let [path] = out.finish()?.as_slice() {
            super::progress::wrote("the answer key to ", path);
        }
    }
    Ok(())
}

/// Where a separate answer key goes: `NAME-key.EXT` beside the handout's
/// `NAME.EXT` (`NAME-key` for a name without extension); `None` for
/// standard output.
fn key_path(output: &Path) -> Option<Derived> {
    if output.as_os_str() == "-" {
        return None;
    }
    output.file_stem()?;
    Some(derive(output, Made::Key))
}
