//! The figures reported for one ruleset and map.

use std::collections::BTreeMap;

use super::paths::DistanceMatrix;
use super::ratio::Ratio;

/// What the transition analysis (docs/rules.md) reports about a graph.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct Figures {
    /// Number of nodes N.
    pub nodes: usize,
    /// Number of distinct directed edges.
    pub edges: usize,
    /// Sum of all N² distances that exist.
    pub total: u64,
    /// Entries (diagonal included) with no path at all.
    pub unreachable: usize,
    /// Mean over all N² entries; `None` when some entry has no path.
    pub mean: Option<Ratio>,
    /// Return distance (the diagonal) → how many nodes have it.
    pub returns: BTreeMap<u32, usize>,
    /// Nodes that can never be sent back to themselves.
    pub no_return: usize,
    /// The largest entry of the matrix, diagonal included.
    pub largest: Option<u32>,
}

impl Figures {
    /// Figures of a distance matrix for a graph with `edges` edges.
    pub(crate) fn from_matrix(m: &DistanceMatrix, edges: usize) -> Figures {
        let n = m.len();
        let mut total = 0u64;
        let mut unreachable = 0;
        let mut largest = None;
        let mut returns = BTreeMap::new();
        let mut no_return = 0;
        for i in 0..n {
            for (j, d) in m.row(i).iter().enumerate() {
                match *d {
                    Some(d) => {
                        total += u64::from(d);
                        largest = largest.max(Some(d));
                        if i == j {
                            *returns.entry(d).or_insert(0) += 1;
                        }
                    }
                    None => {
                        unreachable += 1;
                        if i == j {
                            no_return += 1;
                        }
                    }
                }
            }
        }
        Figures {
            nodes: n,
            edges,
            total,
            unreachable,
            mean: mean_of(total, unreachable, n),
            returns,
            no_return,
            largest,
        }
    }

    /// The distinct return distances, ascending.
    pub fn return_set(&self) -> Vec<u32> {
        self.returns.keys().copied().collect()
    }

    /// Whether every node returns to itself in exactly `d` moves.
    pub fn every_return_is(&self, d: u32) -> bool {
        self.no_return == 0 && self.returns.len() == 1 && self.returns.contains_key(&d)
    }

    /// `{3}` or `{1, 2}`, plus `none` when some node never returns.
    pub fn return_set_text(&self) -> String {
        let mut parts: Vec<String> = self.returns.keys().map(u32::to_string).collect();
        if self.no_return > 0 {
            parts.push("none".into());
        }
        format!("{{{}}}", parts.join(", "))
    }

    /// The histogram of return distances: `1: 9 nodes, 2: 72 nodes`.
    pub fn return_histogram_text(&self) -> String {
        let nodes = |k: usize| {
            if k == 1 {
                "1 node".to_string()
            } else {
                format!("{k} nodes")
            }
        };
        let mut parts: Vec<String> = self
            .returns
            .iter()
            .map(|(d, &k)| format!("{d}: {}", nodes(k)))
            .collect();
        if self.no_return > 0 {
            parts.push(format!("never: {}", nodes(self.no_return)));
        }
        parts.join(", ")
    }

    /// The largest distance, or `none` when no pair is connected.
    pub fn largest_text(&self) -> String {
        self.largest
            .map_or_else(|| "none".to_string(), |l| l.to_string())
    }

    /// The mean as `8/3 = 2.6667`, or why there is none.
    pub fn mean_text(&self) -> String {
        match self.mean {
            Some(r) => r.with_decimal(),
            None => format!(
                "undefined ({} of {} pairs unreachable)",
                self.unreachable,
                self.nodes * self.nodes
            ),
        }
    }
}

/// `total / n²` when every pair is reachable.
pub(super) fn mean_of(total: u64, unreachable: usize, n: usize) -> Option<Ratio> {
    if unreachable > 0 {
        return None;
    }
    Ratio::new(total, (n * n) as u64)
}
