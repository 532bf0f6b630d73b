//! Plain-text and JSON reports of analyses, as the command line prints them.
//!
//! The library user asks an [`Analysis`] for its reports
//! ([`Analysis::summary`], [`Analysis::matrix_text`], [`Analysis::table`],
//! [`Analysis::json`]) and a [`BandFigures`] for its line; the functions
//! that write them stay here, beside the table rows the map reports share.

use std::fmt::Write as _;

use serde::Serialize;

use super::fast::BandFigures;
use super::{Analysis, Figures, Ratio};

/// The header of [`table_row`]s.
pub(crate) fn table_header(first: &str, width: usize) -> String {
    format!(
        "{first:<width$}  {:>5}  {:>5}  {:<20}  {:<16}  {:<7}",
        "nodes", "edges", "mean distance", "return distances", "largest"
    )
}

/// One line of a table of figures.
pub(crate) fn table_row(label: &str, width: usize, f: &Figures) -> String {
    format!(
        "{label:<width$}  {:>5}  {:>5}  {:<20}  {:<16}  {:<7}",
        f.nodes,
        f.edges,
        f.mean
            .map_or_else(|| "undefined".to_string(), Ratio::with_decimal),
        f.return_set_text(),
        f.largest_text()
    )
}

/// One character per distance: 1-9, then a-z for 10-35, `-` for no path.
pub(crate) fn distance_char(d: Option<u32>) -> char {
    match d {
        None => '-',
        Some(d) if d < 10 => char::from(b'0' + d as u8),
        Some(d) if d < 36 => char::from(b'a' + (d - 10) as u8),
        Some(_) => '+',
    }
}

/// The JSON form of an analysis.
#[derive(Debug, Serialize)]
pub(crate) struct AnalysisJson<'a> {
    /// The version of the program that wrote it.
    pub(crate) version: &'static str,
    /// What was analysed.
    pub(crate) label: String,
    /// `tactical`, `functional` or `hyperfunctional`.
    pub(crate) ruleset: crate::games::RulesetKind,
    /// The figures.
    #[serde(flatten)]
    pub(crate) figures: &'a Figures,
    /// Node names in matrix order (with the matrix only).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) names: Option<&'a [String]>,
    /// `matrix[from][to]`, `null` = no path (with the matrix only).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) matrix: Option<Vec<Vec<Option<u32>>>>,
}

impl<'a> AnalysisJson<'a> {
    /// The JSON form, with or without names and matrix.
    pub(crate) fn new(a: &'a Analysis, with_matrix: bool) -> Self {
        AnalysisJson {
            version: env!("CARGO_PKG_VERSION"),
            label: a.label.to_string(),
            ruleset: a.ruleset.kind(),
            figures: &a.figures,
            names: with_matrix.then_some(a.graph.names.as_slice()),
            matrix: with_matrix.then(|| {
                (0..a.graph.len())
                    .map(|i| a.matrix.row(i).to_vec())
                    .collect()
            }),
        }
    }
}

impl Analysis {
    /// One figure line per item: what `analyze` prints for one ruleset.
    pub fn summary(&self) -> String {
        let f = &self.figures;
        let mut s = String::new();
        let _ = writeln!(s, "{}", self.label);
        let rows = [
            ("nodes", f.nodes.to_string()),
            ("edges", f.edges.to_string()),
            ("mean distance", f.mean_text()),
            ("return distances", f.return_set_text()),
            ("  histogram", f.return_histogram_text()),
            ("largest distance", f.largest_text()),
        ];
        for (k, v) in rows {
            let _ = writeln!(s, "  {k:<18}{v}");
        }
        s
    }

    /// The distance matrix as text: one line per row node, one character
    /// per column (1-9, then a-z from 10, `-` for no path).
    pub fn matrix_text(&self) -> String {
        let n = self.graph.len();
        let group = if n == 27 { 3 } else { 9 };
        let label_w = self.graph.names.iter().map(|s| s.len()).max().unwrap_or(0);
        let mut s = String::new();
        let _ = writeln!(
            s,
            "rows: from; columns: to, grouped by strategic cell; diagonal: return distance; '-' = no path, a = 10"
        );
        let groups: Vec<String> = (0..n / group)
            .map(|g| format!("{:<group$}", format!("S{}", g + 1)))
            .collect();
        let _ = writeln!(s, "{:label_w$} {}", "", groups.join(" ").trim_end());
        let subs: Vec<String> = (0..n / group)
            .map(|_| (1..=group).map(|t| t.to_string()).collect())
            .collect();
        let _ = writeln!(s, "{:label_w$} {}", "", subs.join(" "));
        for i in 0..n {
            let _ = write!(s, "{:>label_w$} ", self.graph.names[i]);
            for (j, d) in self.matrix.row(i).iter().enumerate() {
                if j > 0 && j % group == 0 {
                    s.push(' ');
                }
                s.push(distance_char(*d));
            }
            s.push('\n');
        }
        s
    }

    /// The table of figures of several analyses, one row each, as
    /// `analyze --all` prints it.
    pub fn table(all: &[Analysis]) -> String {
        let width = all
            .iter()
            .map(|a| a.label.to_string().len())
            .max()
            .unwrap_or(0)
            .max(13);
        let mut s = table_header("ruleset / map", width).trim_end().to_string() + "\n";
        for a in all {
            s += table_row(&a.label.to_string(), width, &a.figures).trim_end();
            s.push('\n');
        }
        s
    }

    /// The JSON form, with or without the node names and the matrix.
    pub fn json(&self, with_matrix: bool) -> impl Serialize + '_ {
        AnalysisJson::new(self, with_matrix)
    }
}

impl BandFigures {
    /// A one-line description of the figures, as the map search prints each
    /// map it found.
    pub fn line(&self) -> String {
        let g = self.to_figures();
        format!(
            "mean {}, return distances {}, largest {}",
            g.mean_text(),
            g.return_set_text(),
            g.largest_text()
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::{Ruleset, analyze, analyze_all};
    use crate::maps::map34;

    #[test]
    fn summary_and_table_show_the_exact_figures() {
        let a = analyze("functional map34", Ruleset::Functional(map34()));
        let s = a.summary();
        assert!(s.contains("mean distance     8/3 = 2.6667"), "{s}");
        assert!(s.contains("return distances  {3}"), "{s}");
        assert!(s.contains("3: 27 nodes"), "{s}");
        let t = Analysis::table(&analyze_all());
        let tactical = t.lines().find(|l| l.starts_with("tactical")).unwrap();
        assert!(
            tactical.contains("17/9 = 1.8889") && tactical.contains("{1, 2}"),
            "{t}"
        );
        let h = t
            .lines()
            .find(|l| l.starts_with("hyperfunctional map34 : hmap2"))
            .unwrap();
        let cols: Vec<&str> = h
            .split("  ")
            .map(str::trim)
            .filter(|c| !c.is_empty())
            .collect();
        assert_eq!(
            cols[1..],
            ["81", "729", "536/243 = 2.2058", "{3}", "3"],
            "{t}"
        );
    }

    #[test]
    fn matrix_text_has_one_char_per_entry() {
        let a = analyze("tactical", Ruleset::Tactical);
        let text = a.matrix_text();
        let rows: Vec<&str> = text.lines().skip(3).collect();
        assert_eq!(rows.len(), 81);
        // ST 57 sends to ST 71..79 in one move; returns in 2.
        let r = rows[4 * 9 + 6];
        let digits: String = r["ST 57 ".len()..]
            .chars()
            .filter(|c| !c.is_whitespace())
            .collect();
        assert_eq!(digits.len(), 81);
        assert_eq!(&digits[54..63], "111111111");
        assert_eq!(&digits[42..43], "2");
    }
}
