//! `paperboard analyze`: the transition-distance analysis of a ruleset.

use paperboard_sheets::language::Language;
use std::path::PathBuf;
use std::process::ExitCode;

use miette::{IntoDiagnostic, miette};
use paperboard_games::analysis::{self, Analysis};
use paperboard_games::games::RulesetKind;
use paperboard_sheets::files::SpecFiles;

use super::FigurePage;
use super::files::FileSystem;
use crate::console::Printer;
use paperboard_sheets::spec::Orientation;

/// Which ruleset to analyse: the games crate's [`RulesetKind`] by its one
/// spelling, told to clap by this adapter (the library knows no clap).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RulesetArg(RulesetKind);

impl clap::ValueEnum for RulesetArg {
    fn value_variants<'a>() -> &'a [Self] {
        const ALL: [RulesetArg; 3] = {
            let [a, b, c] = RulesetKind::ALL;
            [RulesetArg(a), RulesetArg(b), RulesetArg(c)]
        };
        &ALL
    }

    fn to_possible_value(&self) -> Option<clap::builder::PossibleValue> {
        let help = match self.0 {
            RulesetKind::Tactical => "`(S,T)` sends to `(T,o)`: 81 nodes",
            RulesetKind::Functional => "A functional map sends bands to bands: 27 nodes",
            RulesetKind::Hyperfunctional => {
                "A hyperfunctional map sends every cell on its own: 81 nodes"
            }
        };
        Some(clap::builder::PossibleValue::new(self.0.name()).help(help))
    }
}

/// Arguments of `paperboard analyze`.
#[derive(clap::Args)]
pub struct Args {
    /// The ruleset (not with --all).
    #[arg(required_unless_present = "all")]
    ruleset: Option<RulesetArg>,
    /// Functional map: a built-in name (map34, …) or a map file [default: map34].
    #[arg(long)]
    map: Option<String>,
    /// Hyperfunctional map: a built-in name (hmap2, …) or a map file [default: hmap2].
    #[arg(long)]
    hypermap: Option<String>,
    /// One table of every built-in ruleset and map.
    #[arg(long, conflicts_with_all = ["ruleset", "map", "hypermap", "heatmap"])]
    all: bool,
    /// Also print the distance matrix (with --json: include it).
    #[arg(long)]
    matrix: bool,
    /// Print JSON instead of text.
    #[arg(long)]
    json: bool,
    /// Draw the matrix as a heat map to OUT.svg or OUT.pdf.
    #[arg(long, value_name = "OUT")]
    heatmap: Option<PathBuf>,
    /// The heat map's page: `figure` (a page the size of the figure, to drop
    /// into a paper) or a paper size (A4, A5, A3, Letter), the figure centred
    /// on it.
    #[arg(long, default_value = "figure", requires = "heatmap", value_parser = FigurePage::parse)]
    page: FigurePage,
    /// With a paper size: the paper turned sideways.
    #[arg(long, requires = "heatmap")]
    landscape: bool,
    /// The heat map's words in this language: en, de, ru or th.
    #[arg(long, requires = "heatmap", value_parser = |s: &str| s.parse::<Language>())]
    language: Option<Language>,
}

/// Runs `paperboard analyze`.
pub fn run(args: Args) -> miette::Result<ExitCode> {
    let mut out = Printer::new();
    if args.all {
        let all = analysis::analyze_all();
        if args.json {
            let rows: Vec<_> = all.iter().map(|a| a.json(args.matrix)).collect();
            out.line(&serde_json::to_string_pretty(&rows).into_diagnostic()?)?;
        } else {
            out.print(&Analysis::table(&all))?;
            if args.matrix {
                for a in &all {
                    out.print(&format!("\n{}\n{}", a.label, a.matrix_text()))?;
                }
            }
        }
        out.finish()?;
        return Ok(ExitCode::SUCCESS);
    }
    if args.landscape && args.page.0.is_none() {
        // A figure page is the figure's own size: it has no sideways.
        return Err(miette!(
            help = "give a paper size too (`--page A4 --landscape`), or drop --landscape",
            "--landscape turns a paper page, but the heat map's page is `figure`"
        ));
    }
    let a = analyze_one(&args)?;
    if let Some(heatmap) = &args.heatmap {
        let orientation = if args.landscape {
            Orientation::Landscape
        } else {
            Orientation::Portrait
        };
        let language = args.language.unwrap_or_default();
        super::write_heatmap(&a, heatmap, args.page, orientation, language)?;
    }
    if args.json {
        let json = a.json(args.matrix);
        out.line(&serde_json::to_string_pretty(&json).into_diagnostic()?)?;
    } else {
        out.print(&a.summary())?;
        if args.matrix {
            out.print(&format!("\n{}", a.matrix_text()))?;
        }
        if let Some(heatmap) = &args.heatmap {
            out.line(&format!("heat map written to {}", heatmap.display()))?;
        }
    }
    out.finish()?;
    Ok(ExitCode::SUCCESS)
}

fn analyze_one(args: &Args) -> miette::Result<Analysis> {
    let ruleset = args.ruleset.ok_or_else(|| {
        miette!("name a ruleset (tactical, functional, hyperfunctional) or give --all")
    })?;
    // Given on the command line: a map file may be any path.
    let map = args
        .map
        .as_deref()
        .map(|m| FileSystem.load_map(m))
        .transpose()?;
    let hypermap = args
        .hypermap
        .as_deref()
        .map(|m| FileSystem.load_map(m))
        .transpose()?;
    Ok(analysis::analyze_ruleset(
        ruleset.0,
        map.as_ref(),
        hypermap.as_ref(),
    )?)
}

#[cfg(test)]
mod tests {
    use clap::ValueEnum;

    use super::*;

    /// The command line offers every ruleset by the one name the library
    /// gives it, each with its help, and reads the name back.
    #[test]
    fn the_rulesets_are_offered_by_their_names() {
        let offered: Vec<String> = RulesetArg::value_variants()
            .iter()
            .filter_map(|r| r.to_possible_value())
            .inspect(|v| assert!(v.get_help().is_some(), "{}", v.get_name()))
            .map(|v| v.get_name().to_string())
            .collect();
        assert_eq!(offered, RulesetKind::ALL.map(|k| k.name().to_string()));
        for kind in RulesetKind::ALL {
            assert_eq!(
                RulesetArg::from_str(&kind.name().to_uppercase(), true),
                Ok(RulesetArg(kind))
            );
        }
    }
}
