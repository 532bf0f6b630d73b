//! `paperboard maps`: list, show, enumerate and search functional maps.

use std::path::PathBuf;
use std::process::ExitCode;
use std::time::{Duration, Instant};

use super::output::write_atomic;
use miette::{IntoDiagnostic, miette};
use paperboard::analysis::maps_report;
use paperboard::analysis::report::band_line;
use paperboard::analysis::search::{
    Constraints, Objective, SearchParams, Space, enumerate, search,
};
use paperboard::maps::{AnyMap, BuiltinMap, MapFile, family, load_map_file};

/// Arguments of `paperboard maps`.
#[derive(clap::Args)]
pub struct Args {
    #[command(subcommand)]
    command: Command,
}

#[derive(clap::Subcommand)]
enum Command {
    /// The built-in maps with their figures.
    List,
    /// One map as printed on the sheet, its figures, and as a map file.
    Show {
        /// A built-in name (map34, hmap2, …) or a map file.
        map: String,
    },
    /// The 64 maps of the mapAB family with their figures, sorted by mean distance.
    Family,
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
    /// Require every return distance to be exactly D.
    #[arg(long, value_name = "D")]
    return_distance: Option<u8>,
    /// Require the largest distance to be at most L.
    #[arg(long, value_name = "L")]
    max_largest: Option<u8>,
    /// Seed of the random search.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Maps to evaluate: the budget that makes a run reproducible.
    #[arg(long, default_value_t = 1_000_000)]
    evaluations: u64,
    /// Also stop after this many seconds (results then depend on machine speed).
    #[arg(long, value_name = "SECONDS")]
    time: Option<f64>,
    /// How many of the best distinct maps to print.
    #[arg(long, default_value_t = 5)]
    keep: usize,
    /// Evaluate every map of the space instead of sampling (family, grouped).
    #[arg(long)]
    exhaustive: bool,
    /// Also write every map found as DIR/<name>.toml.
    #[arg(long, value_name = "DIR")]
    out: Option<PathBuf>,
}

/// Runs `paperboard maps`.
pub fn run(args: Args) -> miette::Result<ExitCode> {
    match args.command {
        Command::List => print!("{}", maps_report::list()),
        Command::Show { map } => print!("{}", maps_report::show(&load_map_file(&map)?)),
        Command::Family => print!("{}", maps_report::family_table()),
        Command::Search(s) => run_search(s)?,
    }
    Ok(ExitCode::SUCCESS)
}

fn run_search(a: SearchArgs) -> miette::Result<()> {
    let time_limit = match a.time {
        Some(t) if t.is_finite() && t > 0.0 => Some(Duration::from_secs_f64(t)),
        Some(t) => {
            return Err(miette!(
                "--time must be a positive number of seconds, not {t}"
            ));
        }
        None => None,
    };
    if a.keep == 0 {
        return Err(miette!("--keep must be at least 1"));
    }
    if let Some(d) = a.return_distance
        && d == 0
    {
        return Err(miette!("--return-distance must be at least 1"));
    }
    if let Some(dir) = &a.out
        && !dir.is_dir()
    {
        return Err(miette!("--out {}: no such directory", dir.display()));
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
    let start = Instant::now();
    let out = if a.exhaustive {
        enumerate(&params).ok_or_else(|| {
            miette!(
                help = "use --space grouped or family, or drop --exhaustive",
                "the {:?} space is too large to enumerate",
                a.space
            )
        })?
    } else {
        search(&params)
    };
    let secs = start.elapsed().as_secs_f64();
    eprintln!(
        "{} maps evaluated in {secs:.2} s ({:.0} maps/s){}",
        out.evaluations,
        out.evaluations as f64 / secs.max(1e-9),
        if out.stopped_by_time {
            "; stopped by --time"
        } else {
            ""
        }
    );
    println!(
        "# search: space {:?}{}, objective {:?}, return distance {}, largest at most {}, seed {}, {} evaluations",
        a.space,
        if a.exhaustive { " (exhaustive)" } else { "" },
        a.objective,
        a.return_distance.map_or("any".into(), |d| d.to_string()),
        a.max_largest.map_or("any".into(), |d| d.to_string()),
        a.seed,
        out.evaluations
    );
    if let Some(k) = out.feasible {
        println!("# complete enumeration: {k} maps meet the constraints");
    }
    if out.best.is_empty() {
        println!(
            "# no map meeting the constraints was found; try more --evaluations or another --space"
        );
        return Ok(());
    }
    let fam = family();
    for (rank, found) in out.best.iter().enumerate() {
        let name = format!("search-{}-{}", a.seed, rank + 1);
        let known = BuiltinMap::FUNCTIONAL
            .into_iter()
            .find(|b| b.map() == AnyMap::Functional(found.map))
            .map(|b| format!(" (= {})", b.name()))
            .or_else(|| {
                fam.iter()
                    .any(|m| m.map == found.map)
                    .then(|| " (a family map)".into())
            })
            .unwrap_or_default();
        println!("\n# {}. {}{known}", rank + 1, band_line(&found.figures));
        let file = MapFile::new(name.clone(), AnyMap::Functional(found.map));
        let toml = file.to_toml();
        print!("{toml}");
        if let Some(dir) = &a.out {
            let path = dir.join(format!("{name}.toml"));
            write_atomic(&path, toml.as_bytes()).into_diagnostic()?;
        }
    }
    Ok(())
}
