//! Text for `paperboard maps`: map lists as printed on the sheet, the family
//! table, search results.
//!
//! The library user asks the maps for these texts ([`MapFile::report`],
//! [`BuiltinMap::list_text`], [`FamilyMember::table`]); the writing stays
//! here, beside the analysis it prints.

use std::fmt::Write as _;

use super::fast::band_figures;
use super::report::{table_header, table_row};
use super::{Ruleset, analyze};
use crate::maps::{
    self, AnyMap, BuiltinMap, FamilyMember, FunctionalMap, HyperfunctionalMap, MapFile,
};

/// The functional lists the way the sheet prints them: per row 1..9, the
/// number in the column left of strategic cells of column 1, 2, 3.
pub(crate) fn functional_as_printed(m: &FunctionalMap) -> String {
    let mut s = String::from("row   cells 1,4,7   cells 2,5,8   cells 3,6,9\n");
    for r in 0..9 {
        let _ = writeln!(
            s,
            "{:>3}   {:>11}   {:>11}   {:>11}",
            r + 1,
            m.columns()[0][r],
            m.columns()[1][r],
            m.columns()[2][r]
        );
    }
    s
}

/// The 729 small numbers of a hyperfunctional map laid out as the 27×27
/// strategic field, a blank line/column between strategic cells.
pub(crate) fn hyperfunctional_as_printed(h: &HyperfunctionalMap) -> String {
    let mut s = String::new();
    for big_row in 0..3 {
        if big_row > 0 {
            s.push('\n');
        }
        for r in 0..9 {
            let mut line = String::new();
            for big_col in 0..3 {
                if big_col > 0 {
                    line.push_str("   ");
                }
                let strategic = (big_row * 3 + big_col + 1) as u8;
                for c in 0..9 {
                    if c > 0 {
                        line.push(if c % 3 == 0 { '|' } else { ' ' });
                    }
                    let _ = write!(line, "{}", h.cell(strategic, r, c));
                }
            }
            s += &line;
            s.push('\n');
        }
    }
    s
}

fn hyper_rule(map: BuiltinMap) -> &'static str {
    match map {
        BuiltinMap::Hmap1 => "H = ((max(r,c) + S - 1) mod 9) + 1",
        _ => "H = ((max(r,c) + S - 2) mod 9) + 1",
    }
}

/// The family's members with their figures, sorted by mean distance (largest
/// first, then in family order).
pub(crate) fn family_sorted() -> Vec<(FamilyMember, super::Figures)> {
    let mut rows: Vec<_> = maps::family()
        .into_iter()
        .map(|m| (m, band_figures(&m.map).to_figures()))
        .collect();
    // Stable sort: equal means keep the family's fixed order.
    rows.sort_by_key(|r| std::cmp::Reverse(r.1.mean));
    rows
}

impl MapFile {
    /// `maps show`: the map as printed on the sheet, its figures, and the
    /// map as a map file.
    pub fn report(&self) -> String {
        let mut s = String::new();
        match self.map() {
            AnyMap::Functional(m) => {
                let _ = writeln!(s, "{}: functional map\n", self.name());
                s += &functional_as_printed(m);
                let a = analyze(
                    super::functional_label(self.name().name()),
                    Ruleset::Functional(*m),
                );
                let _ = writeln!(s, "\nlists: {m}\n");
                s += &a.summary();
            }
            AnyMap::Hyperfunctional(h) => {
                let _ = writeln!(
                    s,
                    "{}: hyperfunctional map (the small number in every cell, as on the sheet)\n",
                    self.name()
                );
                s += &hyperfunctional_as_printed(h);
                let a = analyze(
                    format!("hyperfunctional {}", self.name()),
                    Ruleset::Hyperfunctional(h.clone()),
                );
                s.push('\n');
                s += &a.summary();
            }
        }
        let _ = write!(s, "\nAs a map file:\n\n{}", self.to_toml());
        s
    }
}

impl BuiltinMap {
    /// `maps list`: every built-in map with the figures of the ruleset it
    /// drives.
    pub fn list_text() -> String {
        let width = 6;
        let mut s = format!("{}  lists / rule\n", table_header("map", width));
        for builtin in BuiltinMap::all() {
            let name = builtin.name();
            let (figures, what) = match &builtin.map() {
                AnyMap::Functional(m) => (
                    analyze(name, Ruleset::Functional(*m)).figures,
                    m.to_string(),
                ),
                AnyMap::Hyperfunctional(h) => (
                    analyze(name, Ruleset::Hyperfunctional(h.clone())).figures,
                    hyper_rule(builtin).to_string(),
                ),
            };
            let _ = writeln!(s, "{}  {what}", table_row(name, width, &figures));
        }
        s
    }
}

impl FamilyMember {
    /// The 64 family maps in the order `maps family` lists them: by mean
    /// distance, largest first (equal means in the family's fixed order).
    pub fn by_mean() -> Vec<FamilyMember> {
        family_sorted().into_iter().map(|(m, _)| m).collect()
    }

    /// `maps family`: the 64 family maps by name, sorted by mean distance.
    pub fn table() -> String {
        let rows = family_sorted();
        let mut s = String::from(
            "The 64 maps of the mapAB family (docs/rules.md, \"Maps\"), sorted by mean distance, largest first.\n\
             Every name is a built-in map: records, sheet specs and `analyze --map` accept it.\n\
             choice = ordering used for groups 1, 2, 3 of list 1 (1-4, in the order docs/rules.md lists them);\n\
             * = one of the five maps the original analysis names.\n\n",
        );
        let _ = writeln!(s, "{}  lists", table_header("map   choice", 13));
        for (m, f) in rows {
            let star = if m.known().is_some() { "*" } else { " " };
            let label = format!(
                "{star}{} {} {} {}",
                m.name(),
                m.choice[0] + 1,
                m.choice[1] + 1,
                m.choice[2] + 1
            );
            let _ = writeln!(s, "{}  {}", table_row(&label, 13, &f), m.map);
        }
        s
    }
}
