//! The transition graphs of the analysis (docs/rules.md, "The transition
//! analysis"), one per ruleset.

use crate::games::ttt::Ruleset;
use crate::maps::{FunctionalMap, Pos};

/// A directed graph whose nodes are places a player can be sent to.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Graph {
    /// Node names in index order, e.g. `ST 57` or `S5 band 2`.
    pub names: Vec<String>,
    /// Distinct successors of every node, ascending.
    pub succ: Vec<Vec<usize>>,
}

impl Graph {
    /// Builds a graph from a successor function, dropping repeated edges.
    fn from_fn(names: Vec<String>, mut succ_of: impl FnMut(usize) -> Vec<usize>) -> Graph {
        let succ = (0..names.len())
            .map(|i| {
                let mut s = succ_of(i);
                s.sort_unstable();
                s.dedup();
                s
            })
            .collect();
        Graph { names, succ }
    }

    /// The transition graph of a ruleset (docs/rules.md, "The transition analysis").
    pub fn of(ruleset: &Ruleset) -> Graph {
        match ruleset {
            Ruleset::Tactical => Graph::from_fn(cell_names(), |i| {
                let t = i % 9;
                (0..9).map(|o| t * 9 + o).collect()
            }),
            Ruleset::Functional(map) => {
                Graph::from_fn(band_names(), |i| functional_successors(map, i).to_vec())
            }
            Ruleset::Hyperfunctional(h) => Graph::from_fn(cell_names(), |i| {
                let (s, t) = ((i / 9) as Pos + 1, (i % 9) as Pos + 1);
                (1..=9)
                    .map(|o| usize::from(h.target(s, t, o) - 1) * 9 + usize::from(o - 1))
                    .collect()
            }),
        }
    }

    /// Number of nodes.
    pub fn len(&self) -> usize {
        self.names.len()
    }

    /// Whether the graph has no nodes.
    pub fn is_empty(&self) -> bool {
        self.names.is_empty()
    }

    /// Number of distinct directed edges.
    pub fn edges(&self) -> usize {
        self.succ.iter().map(Vec::len).sum()
    }
}

/// Functional node `i = 3(S-1) + (b-1)` (band `b` of strategic cell `S`): a move
/// in row `j` of the band sends to band `j` of `F(S, 3(b-1)+j)`.
pub(super) fn functional_successors(map: &FunctionalMap, node: usize) -> [usize; 3] {
    let (s, b) = ((node / 3) as Pos + 1, (node % 3) as u8);
    [0, 1, 2].map(|j| usize::from(map.target(s, 3 * b + j as u8 + 1) - 1) * 3 + j)
}

/// `ST 11` … `ST 99`: strategic cell S, tactical cell T.
fn cell_names() -> Vec<String> {
    (0..81)
        .map(|i| format!("ST {}{}", i / 9 + 1, i % 9 + 1))
        .collect()
}

/// `S1 band 1` … `S9 band 3`.
fn band_names() -> Vec<String> {
    (0..27)
        .map(|i| format!("S{} band {}", i / 3 + 1, i % 3 + 1))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::maps::{hmap2, map34};

    #[test]
    fn sizes_follow_rules_section_6() {
        let t = Graph::of(&Ruleset::Tactical);
        assert_eq!((t.len(), t.edges()), (81, 729));
        let f = Graph::of(&Ruleset::Functional(map34()));
        assert_eq!((f.len(), f.edges()), (27, 81));
        let h = Graph::of(&Ruleset::Hyperfunctional(Box::new(hmap2())));
        assert_eq!((h.len(), h.edges()), (81, 729));
        assert_eq!(f.names[13], "S5 band 2");
        assert_eq!(t.names[4 * 9 + 6], "ST 57");
    }

    #[test]
    fn functional_edges_follow_the_map() {
        // map34, S=2 (list 2 = 3 2 1 4 6 5 8 7 9), band 2 = rows 4..6 -> cells 4, 6, 5.
        let f = Graph::of(&Ruleset::Functional(map34()));
        let node = 3 + 1; // S2 band 2
        let names: Vec<_> = f.succ[node].iter().map(|&i| f.names[i].as_str()).collect();
        assert_eq!(names, ["S4 band 1", "S5 band 3", "S6 band 2"]);
    }

    #[test]
    fn tactical_and_hyperfunctional_edges() {
        let t = Graph::of(&Ruleset::Tactical);
        // ST 57 sends to ST 71..ST 79.
        assert_eq!(t.succ[4 * 9 + 6], (54..63).collect::<Vec<_>>());
        let h = Graph::of(&Ruleset::Hyperfunctional(Box::new(hmap2())));
        // From (S1,T1), a move at o: (r, c) = (o-1)/3, (o-1)%3, H = max(r,c) - 1 mod 9 + 1.
        let want: Vec<usize> = {
            let mut v: Vec<usize> = (1..=9usize)
                .map(|o| {
                    let m = ((o - 1) / 3).max((o - 1) % 3);
                    let hs = (m + 8) % 9 + 1;
                    (hs - 1) * 9 + (o - 1)
                })
                .collect();
            v.sort();
            v
        };
        assert_eq!(h.succ[0], want);
    }
}
