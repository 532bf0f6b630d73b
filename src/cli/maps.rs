//! `paperboard maps`: list, show, enumerate and search functional maps.

use std::path::PathBuf;
use std::process::ExitCode;
use std::time::{Duration, Instant};

use indicatif::{ProgressBar, ProgressStyle};
use miette::Diagnostic;
use miette::miette;
use paperboard_games::analysis::search::{
    Constraints, Objective, SearchOutcome, SearchParams, Space, enumerate, search,
};
use paperboard_games::analysis::{Ruleset, analyze};
use paperboard_games::check::FileError;
use paperboard_games::limits::{NumberError, SEED, Seconds, Whole};
use paperboard_games::maps::{
    AnyMap, BuiltinMap, FamilyMember, FunctionalMap, MapError, MapFile, family,
};
use paperboard_games::messages::{Arg, say};
use paperboard_sheets::files::SpecFiles;
use paperboard_sheets::language::Language;

use super::derived::{Made, derive};
use super::files::FileSystem;
use super::output::write_atomic;

use crate::console::{Printer, note};

/// Why a map file cannot be used, in `language`: in English the library's
/// own diagnostic; in the others the same code, place and excerpt, with
/// the reason, the label and the help from the message catalogues.
fn refusal(e: MapError, language: Language) -> miette::Report {
    if language == Language::En {
        return e.into();
    }
    let s = |id: &str, args: &[(&str, Arg<'_>)]| say(language, id, args);
    let reason = match &e {
        MapError::Syntax { message, .. } | MapError::Invalid { message, .. } => {
            message.says(language)
        }
        MapError::Input(input) => FileError::unopened(input).says(language),
        MapError::Unknown(name) => s("map-unknown", &[("map", Arg::Text(name))]),
        MapError::WrongKind {
            name,
            found,
            wanted,
        } => MapError::wrong_kind_words(name, found, wanted, language),
    };
    let help = match &e {
        MapError::Invalid { .. } => Some(s("map-help-invalid", &[])),
        MapError::Unknown(_) => Some(s("map-help-unknown", &[])),
        _ => None,
    };
    let (message, place) = match &e {
        MapError::Syntax {
            origin,
            at,
            src,
            span,
            ..
        }
        | MapError::Invalid {
            origin,
            at,
            src,
            span,
            ..
        } => (
            format!("{origin}:{at}: {reason}"),
            Some((src.clone(), *span)),
        ),
        MapError::Input(input) => (format!("{}: {reason}", input.path()), None),
        _ => (reason, None),
    };
    let mut said = miette::MietteDiagnostic::new(message);
    if let Some(code) = e.code() {
        said = said.with_code(code.to_string());
    }
    if let Some(help) = help {
        said = said.with_help(help);
    }
    match place {
        Some((src, span)) => {
            miette::Report::new(said.with_label(miette::LabeledSpan::at(span, s("map-here", &[]))))
                .with_source_code(src)
        }
        None => miette::Report::new(said),
    }
}

/// Arguments of `paperboard maps`.
#[derive(clap::Args)]
pub struct Args {
    #[command(subcommand)]
    command: Command,
}

#[derive(clap::Subcommand)]
enum Command {
    /// The built-in maps with their figures.
    List {
        /// Print the maps as JSON: `{"version": …, "maps": [{"name": …,
        /// "kind": …, "lists": …, figures …}, …]}`.
        #[arg(long)]
        json: bool,
    },
    /// One map as printed on the sheet, its figures, and as a map file.
    Show {
        /// A built-in name (map34, hmap2, …) or a map file.
        map: String,
        /// Print the map as JSON: its name, kind, figures and map file.
        #[arg(long)]
        json: bool,
        /// The language of why a map file cannot be used: en, de, ru or
        /// th. Without it, the language of the locale (LC_ALL,
        /// LC_MESSAGES, LANG), else English.
        #[arg(long, value_name = "LANG")]
        language: Option<Language>,
    },
    /// The 64 maps of the mapAB family with their figures, sorted by mean distance.
    Family {
        /// Print the maps as JSON: `{"version": …, "maps": [{"name": …,
        /// "kind": …, "lists": …, "figures": …, "choice": [1, 2, 3],
        /// "original": …}, …]}`,
        /// in the same order.
        #[arg(long)]
        json: bool,
    },
    /// Search for new functional maps.
    Search(SearchArgs),
}

/// `--space`: where a search looks, as the command line names it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
enum SpaceArg {
    /// The 64 maps of the `mapAB` family, all evaluated (no randomness).
    Family,
    /// Rows 1-3 of every list send to cells 1-3 in some order, rows 4-6 to
    /// 4-6, rows 7-9 to 7-9 (the family's rule without the cyclic shift).
    Grouped,
    /// Every list is a permutation of 1..9.
    Permutation,
    /// Every entry is any strategic cell 1..9.
    Free,
}

impl From<SpaceArg> for Space {
    fn from(s: SpaceArg) -> Space {
        match s {
            SpaceArg::Family => Space::Family,
            SpaceArg::Grouped => Space::Grouped,
            SpaceArg::Permutation => Space::Permutation,
            SpaceArg::Free => Space::Free,
        }
    }
}

/// `--objective`: what a search optimises, as the command line names it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
enum ObjectiveArg {
    /// Largest mean distance (ties: smaller largest distance).
    MaxMean,
    /// Smallest mean distance (ties: smaller largest distance).
    MinMean,
    /// Smallest largest distance (ties: larger mean distance).
    MinLargest,
}

impl From<ObjectiveArg> for Objective {
    fn from(o: ObjectiveArg) -> Objective {
        match o {
            ObjectiveArg::MaxMean => Objective::MaxMean,
            ObjectiveArg::MinMean => Objective::MinMean,
            ObjectiveArg::MinLargest => Objective::MinLargest,
        }
    }
}

#[derive(clap::Args)]
struct SearchArgs {
    /// Where to look: the 64 family maps, grouped lists (rows 1-3 to cells 1-3,
    /// …), each list a permutation of 1..9, or any entries 1..9.
    #[arg(long, value_enum, default_value = "free")]
    space: SpaceArg,
    /// What to optimise.
    #[arg(long, value_enum, default_value = "max-mean")]
    objective: ObjectiveArg,
    /// Require every return distance to be exactly D (1 to 26).
    #[arg(long, allow_hyphen_values = true, value_name = "D", value_parser = |s: &str| distance("return-distance", s))]
    return_distance: Option<u8>,
    /// Require the largest distance to be at most L (1 to 26).
    #[arg(long, allow_hyphen_values = true, value_name = "L", value_parser = |s: &str| distance("max-largest", s))]
    max_largest: Option<u8>,
    /// Seed of the random search.
    #[arg(long, default_value_t = 1, allow_hyphen_values = true, value_parser = |s: &str| SEED.parse(s))]
    seed: u64,
    /// Maps to evaluate: the budget that makes a run reproducible (1 to
    /// 10,000,000,000).
    #[arg(long, allow_hyphen_values = true, default_value_t = 1_000_000, value_parser = |s: &str| EVALUATIONS.parse(s))]
    evaluations: u64,
    /// Also stop after this many seconds, 0.001 to 86,400 (results then
    /// depend on machine speed).
    #[arg(long, allow_hyphen_values = true, value_name = "SECONDS", value_parser = |s: &str| TIME.parse(s))]
    time: Option<Duration>,
    /// How many of the best distinct maps to print (1 to 1,000).
    #[arg(long, allow_hyphen_values = true, default_value_t = 5, value_parser = |s: &str| KEEP.parse(s).map(|k| k as usize))]
    keep: usize,
    /// Evaluate every map of the space instead of sampling (family, grouped).
    #[arg(long)]
    exhaustive: bool,
    /// Also write every map found as DIR/<name>.toml (DIR is made if its
    /// parent folder exists).
    #[arg(long, value_name = "DIR")]
    out: Option<PathBuf>,
}

/// The limits of `maps search`'s numbers (documented in docs/analysis.md).
const EVALUATIONS: Whole = Whole {
    key: "evaluations",
    min: 1,
    max: 10_000_000_000,
};
const KEEP: Whole = Whole {
    key: "keep",
    min: 1,
    max: 1_000,
};
const TIME: Seconds = Seconds {
    key: "time",
    min: 0.001,
    max: 86_400.0,
};

/// A distance in the 27-node functional graph, as `key` (a return
/// distance, the largest distance) gives it: 1 to 26.
fn distance(key: &'static str, written: &str) -> Result<u8, NumberError> {
    let limit = Whole {
        key,
        min: 1,
        max: 26,
    };
    // At most 26, so the number always fits.
    limit
        .parse(written)
        .map(|d| u8::try_from(d).unwrap_or(u8::MAX))
}

/// A `--space` or `--objective` value as the user writes it (`max-mean`),
/// never the Rust name of its variant.
fn flag_name(value: impl clap::ValueEnum) -> String {
    value
        .to_possible_value()
        .map(|v| v.get_name().to_string())
        .unwrap_or_default()
}

/// `maps list --json`.
#[derive(serde::Serialize)]
struct MapsJson {
    version: &'static str,
    maps: Vec<MapJson>,
}

/// `maps family --json`.
#[derive(serde::Serialize)]
struct FamilyJson {
    version: &'static str,
    maps: Vec<FamilyMapJson>,
}

/// One family map in JSON: which ordering each group of its first list
/// takes (1 to 4), whether the original analysis names it, and the map.
#[derive(serde::Serialize)]
struct FamilyMapJson {
    #[serde(flatten)]
    map: MapJson,
    choice: [u8; 3],
    original: bool,
}

/// `maps show --json`.
#[derive(serde::Serialize)]
struct MapShownJson {
    version: &'static str,
    map: MapJson,
}

/// One map in JSON: its name, kind, lists (functional maps) and figures.
#[derive(serde::Serialize)]
struct MapJson {
    name: String,
    kind: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    lists: Option<String>,
    figures: serde_json::Value,
    #[serde(skip_serializing_if = "Option::is_none")]
    file: Option<String>,
}

impl MapJson {
    fn new(name: &str, map: &AnyMap, file: Option<String>) -> MapJson {
        let lists = match map {
            AnyMap::Functional(m) => Some(m.to_string()),
            AnyMap::Hyperfunctional(_) => None,
        };
        let ruleset = Ruleset::from(map.clone());
        let kind = ruleset.kind().name();
        let a = analyze(name, ruleset);
        // The figures as `analyze --json` gives them, without what this
        // document says once (version) or already (label, ruleset).
        let mut figures = serde_json::to_value(a.json(false)).unwrap_or(serde_json::Value::Null);
        if let Some(object) = figures.as_object_mut() {
            for key in ["version", "label", "ruleset"] {
                object.remove(key);
            }
        }
        MapJson {
            name: name.to_string(),
            kind,
            lists,
            figures,
            file,
        }
    }
}

fn to_json<T: serde::Serialize>(value: &T) -> miette::Result<String> {
    serde_json::to_string_pretty(value).map_err(|e| miette!("cannot write the JSON: {e}"))
}

/// A spinner on standard error while a search runs (when that is a
/// terminal): the search reports nothing until it ends, and a long budget
/// should not look like a hang.
fn search_spinner(evaluations: u64, time: Option<Duration>) -> ProgressBar {
    let bar = ProgressBar::with_draw_target(None, super::progress::progress_target());
    if let Ok(style) = ProgressStyle::with_template("{spinner} searching: {msg}, {elapsed} so far")
    {
        bar.set_style(style);
    }
    let limit = time.map_or(String::new(), |t| format!(" or {} s", t.as_secs_f64()));
    bar.set_message(format!("up to {evaluations} maps{limit}"));
    bar.enable_steady_tick(Duration::from_millis(120));
    bar
}

/// Runs `paperboard maps`.
pub fn run(args: Args) -> miette::Result<ExitCode> {
    let mut out = Printer::new();
    match args.command {
        Command::List { json: false } => out.print(&BuiltinMap::list_text())?,
        Command::List { json: true } => {
            let maps = BuiltinMap::all()
                .map(|b| MapJson::new(b.name(), &b.map(), None))
                .collect();
            out.line(&to_json(&MapsJson {
                version: env!("CARGO_PKG_VERSION"),
                maps,
            })?)?;
        }
        Command::Show {
            map,
            json,
            language,
        } => {
            let language = language.unwrap_or_else(super::check::locale_language);
            let file = FileSystem
                .load_map(&map)
                .map_err(|e| refusal(e, language))?;
            if json {
                let name = file.name().name().to_string();
                let shown = MapJson::new(&name, file.map(), Some(file.to_toml()));
                out.line(&to_json(&MapShownJson {
                    version: env!("CARGO_PKG_VERSION"),
                    map: shown,
                })?)?;
            } else {
                out.print(&file.report())?;
            }
        }
        Command::Family { json: false } => out.print(&FamilyMember::table())?,
        Command::Family { json: true } => {
            let maps = FamilyMember::by_mean()
                .into_iter()
                .map(|m| FamilyMapJson {
                    choice: m.choice.map(|c| c + 1),
                    original: m.known().is_some(),
                    map: MapJson::new(m.name(), &AnyMap::Functional(m.map), None),
                })
                .collect();
            out.line(&to_json(&FamilyJson {
                version: env!("CARGO_PKG_VERSION"),
                maps,
            })?)?;
        }
        Command::Search(s) => run_search(s, &mut out)?,
    }
    out.finish()?;
    Ok(ExitCode::SUCCESS)
}

fn run_search(a: SearchArgs, out: &mut Printer) -> miette::Result<()> {
    let time_limit = a.time;
    if let Some(dir) = &a.out {
        super::output_folder(dir, "--out")?;
    }
    let params = SearchParams {
        space: a.space.into(),
        objective: a.objective.into(),
        constraints: Constraints {
            return_distance: a.return_distance,
            max_largest: a.max_largest,
        },
        seed: a.seed,
        evaluations: a.evaluations,
        time_limit,
        keep: a.keep,
    };
    let found = timed_search(&a, &params)?;
    out.line(&format!(
        "# search: space {}{}, objective {}, return distance {}, largest at most {}, seed {}, {} evaluations",
        flag_name(a.space),
        if a.exhaustive { " (exhaustive)" } else { "" },
        flag_name(a.objective),
        a.return_distance.map_or("any".into(), |d| d.to_string()),
        a.max_largest.map_or("any".into(), |d| d.to_string()),
        a.seed,
        found.evaluations
    ))?;
    if let Some(k) = found.feasible {
        out.line(&format!(
            "# complete enumeration: {k} maps meet the constraints"
        ))?;
    }
    if found.best.is_empty() {
        out.line(
            "# no map meeting the constraints was found; try more --evaluations or another --space",
        )?;
        return Ok(());
    }
    let fam = family();
    for (rank, found) in found.best.iter().enumerate() {
        let name = format!("search-{}-{}", a.seed, rank + 1);
        let known = known_as(found.map, &fam);
        out.line(&format!(
            "\n# {}. {}{known}",
            rank + 1,
            found.figures.line()
        ))?;
        let file = MapFile::new(name.clone(), AnyMap::Functional(found.map));
        let toml = file.to_toml();
        out.print(&toml)?;
        if let Some(dir) = &a.out {
            let path = derive(dir, Made::InFolder(&format!("{name}.toml")));
            write_atomic(&path, toml.as_bytes())?;
            super::progress::wrote("", path.path());
        }
    }
    Ok(())
}

/// Runs the search (or the enumeration) under a spinner and notes how many
/// maps it evaluated how fast.
fn timed_search(a: &SearchArgs, params: &SearchParams) -> miette::Result<SearchOutcome> {
    let start = Instant::now();
    let spinner = search_spinner(a.evaluations, a.time);
    let found = if a.exhaustive {
        enumerate(params).ok_or_else(|| {
            miette!(
                help = "use --space grouped or family, or drop --exhaustive",
                "the {} space is too large to enumerate",
                flag_name(a.space)
            )
        })?
    } else {
        search(params)
    };
    spinner.finish_and_clear();
    let secs = start.elapsed().as_secs_f64();
    note(&format!(
        "{} maps evaluated in {secs:.2} s ({:.0} maps/s){}",
        found.evaluations,
        found.evaluations as f64 / secs.max(1e-9),
        if found.stopped_by_time {
            "; stopped by --time"
        } else {
            ""
        }
    ));
    Ok(found)
}

/// What a map found is known as, if anything: ` (= name)` for a built-in
/// map, ` (a family map)` for one of the family.
fn known_as(map: FunctionalMap, family: &[FamilyMember]) -> String {
    BuiltinMap::FUNCTIONAL
        .into_iter()
        .find(|b| b.map() == AnyMap::Functional(map))
        .map(|b| format!(" (= {})", b.name()))
        .or_else(|| {
            family
                .iter()
                .any(|m| m.map == map)
                .then(|| " (a family map)".into())
        })
        .unwrap_or_default()
}
