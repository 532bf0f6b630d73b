//! The transition-distance analysis of the rulesets (docs/rules.md, "The
//! transition analysis").
//!
//! For a ruleset and its map, a directed graph of the places a player can be
//! sent to ([`Graph`]); all-pairs fewest moves with the diagonal replaced by the
//! shortest cycle back ([`DistanceMatrix`]); and the published figures: mean
//! distance as an exact fraction, return distances, largest distance
//! ([`Figures`]). Functional maps also have an allocation-free evaluator
//! (`band_figures`) for searching new maps ([`search`]), and any result can be
//! drawn as a heat map (the sheets crate's `heatmap`).

pub(crate) mod fast;
mod figures;
mod graph;
mod maps_report;
mod paths;
mod ratio;
mod report;
pub mod search;

pub use crate::games::ttt::Ruleset;
pub use fast::BandFigures;
#[cfg(test)]
use fast::band_figures;
#[cfg(test)]
use fast::{band_successors, figures_of_successors};
pub use figures::Figures;
pub use graph::Graph;
pub use paths::DistanceMatrix;
use paths::bfs_all_pairs;
#[cfg(test)]
use paths::floyd_warshall;
pub use ratio::Ratio;

use crate::games::RulesetKind;
use crate::maps::{self, AnyMap, MapError, MapFile};

/// One analysed ruleset and map.
#[derive(Debug, Clone)]
pub struct Analysis {
    /// What was analysed, e.g. `functional map34` or `hyperfunctional map34 : hmap2`.
    pub label: Label,
    /// The ruleset and map.
    pub ruleset: Ruleset,
    /// Its transition graph.
    pub graph: Graph,
    /// Fewest moves between every pair of nodes.
    pub matrix: DistanceMatrix,
    /// The figures.
    pub figures: Figures,
}

/// What an analysis is of, as reports name it: the ruleset and its maps
/// by their names, kept apart so that a heat map words the ruleset in its
/// own language ([`Label`]'s `Display` is the English: `functional
/// map34`, `hyperfunctional map34 : hmap2`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Label {
    /// The tactical ruleset.
    Tactical,
    /// The functional ruleset with its map.
    Functional {
        /// The map's name.
        map: String,
    },
    /// The hyperfunctional ruleset: the map printed on the sheet, and the
    /// hypermap that steers the moves.
    Hyperfunctional {
        /// The functional map's name.
        map: String,
        /// The hypermap's name.
        hypermap: String,
    },
    /// A name of its own (a map file's).
    Named(String),
}

impl std::fmt::Display for Label {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Label::Tactical => f.write_str("tactical"),
            Label::Functional { map } => write!(f, "functional {map}"),
            Label::Hyperfunctional { map, hypermap } => {
                write!(f, "hyperfunctional {map} : {hypermap}")
            }
            Label::Named(name) => f.write_str(name),
        }
    }
}

impl From<&str> for Label {
    fn from(name: &str) -> Label {
        Label::Named(name.to_string())
    }
}

impl From<String> for Label {
    fn from(name: String) -> Label {
        Label::Named(name)
    }
}

/// Analyses a ruleset by breadth-first search.
pub fn analyze(label: impl Into<Label>, ruleset: Ruleset) -> Analysis {
    let graph = Graph::of(&ruleset);
    let matrix = bfs_all_pairs(&graph);
    let figures = Figures::from_matrix(&matrix, graph.edges());
    Analysis {
        label: label.into(),
        ruleset,
        graph,
        matrix,
        figures,
    }
}

/// The label of a functional ruleset with map `map`.
pub(crate) fn functional_label(map: &str) -> Label {
    Label::Functional {
        map: map.to_string(),
    }
}

/// The label of a hyperfunctional ruleset: the sheet's footer `map : hypermap`.
/// The functional map is printed on the sheet but does not steer the moves.
pub(crate) fn hyperfunctional_label(map: &str, hypermap: &str) -> Label {
    Label::Hyperfunctional {
        map: map.to_string(),
        hypermap: hypermap.to_string(),
    }
}

/// Why a ruleset and its maps cannot be analysed.
#[derive(Debug, thiserror::Error, miette::Diagnostic)]
pub enum AnalyzeError {
    /// A map was given for the tactical ruleset.
    #[error("the tactical ruleset uses no map")]
    #[diagnostic(help(
        "drop the map and hypermap, or analyse the functional or hyperfunctional ruleset"
    ))]
    TacticalMap,
    /// A hyperfunctional map was given for the functional ruleset.
    #[error("the functional ruleset uses no hyperfunctional map")]
    #[diagnostic(help("a hypermap belongs to the hyperfunctional ruleset"))]
    FunctionalHypermap,
    /// A map is of the wrong kind.
    #[error(transparent)]
    #[diagnostic(transparent)]
    Map(#[from] MapError),
}

impl From<&AnalyzeError> for crate::source::Diagnostic {
    /// A map's error as the map's.
    fn from(e: &AnalyzeError) -> crate::source::Diagnostic {
        match e {
            AnalyzeError::Map(m) => m.into(),
            other => crate::source::Diagnostic::of(other),
        }
    }
}

/// Analyses a ruleset with its maps, named as reports name them. `map` is
/// the functional map (default map34): it steers the functional ruleset,
/// and the hyperfunctional one prints it on the sheet, so it is checked and
/// named there too while `hypermap` (default hmap2) steers the moves
/// (docs/rules.md, "Where the next move goes").
pub fn analyze_ruleset(
    name: RulesetKind,
    map: Option<&MapFile>,
    hypermap: Option<&MapFile>,
) -> Result<Analysis, AnalyzeError> {
    let standard = |m| MapFile::builtin(m);
    let printed = map
        .cloned()
        .unwrap_or_else(|| standard(maps::BuiltinMap::Map34));
    Ok(match name {
        RulesetKind::Tactical => {
            if map.is_some() || hypermap.is_some() {
                return Err(AnalyzeError::TacticalMap);
            }
            analyze(Label::Tactical, Ruleset::Tactical)
        }
        RulesetKind::Functional => {
            if hypermap.is_some() {
                return Err(AnalyzeError::FunctionalHypermap);
            }
            let m = printed.functional()?;
            analyze(
                functional_label(printed.name().name()),
                Ruleset::Functional(m),
            )
        }
        RulesetKind::Hyperfunctional => {
            printed.functional()?;
            let file = hypermap
                .cloned()
                .unwrap_or_else(|| standard(maps::BuiltinMap::Hmap2));
            let h = file.hyperfunctional()?;
            analyze(
                hyperfunctional_label(printed.name().name(), file.name().name()),
                Ruleset::Hyperfunctional(Box::new(h)),
            )
        }
    })
}

/// Every built-in ruleset/map combination, in the order `analyze --all` lists
/// them: tactical; functional with each built-in functional map;
/// hyperfunctional with map34 and each built-in hyperfunctional map.
pub fn builtin_rulesets() -> Vec<(Label, Ruleset)> {
    let mut out = vec![(Label::Tactical, Ruleset::Tactical)];
    for map in maps::BuiltinMap::all() {
        let label = match map.map() {
            AnyMap::Functional(_) => functional_label(map.name()),
            AnyMap::Hyperfunctional(_) => hyperfunctional_label("map34", map.name()),
        };
        out.push((label, ruleset_of(&map.map())));
    }
    out
}

/// Analyses every built-in combination (tactical, then every built-in map).
pub fn analyze_all() -> Vec<Analysis> {
    builtin_rulesets()
        .into_iter()
        .map(|(label, r)| analyze(label, r))
        .collect()
}

/// The ruleset a map stands for: functional or hyperfunctional by its kind.
pub(crate) fn ruleset_of(map: &AnyMap) -> Ruleset {
    match map {
        AnyMap::Functional(m) => Ruleset::Functional(*m),
        AnyMap::Hyperfunctional(h) => Ruleset::Hyperfunctional(h.clone()),
    }
}

#[cfg(test)]
mod tests;
