//! Evaluating functional maps fast enough to search millions of them.
//!
//! The 27 band nodes fit in a `u32`, so breadth-first search runs on bit sets:
//! a whole level is one word, "not yet seen" is one AND-NOT, and nothing is
//! allocated per map.

use std::collections::BTreeMap;

use super::figures::{Figures, mean_of};
use super::graph::functional_successors;
use crate::maps::FunctionalMap;

/// Nodes of the functional graph.
pub(super) const BAND_NODES: usize = 27;

/// Figures of one functional map, without allocation.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BandFigures {
    /// Sum of all reachable distances.
    pub total: u32,
    /// Entries with no path (diagonal included).
    pub unreachable: u32,
    /// Largest distance.
    pub largest: u8,
    /// `returns[d]` = nodes whose return distance is `d`; `returns[0]` = nodes
    /// that never return. A distance in a 27-node graph is at most 27.
    pub returns: [u8; BAND_NODES + 1],
}

impl BandFigures {
    /// Whether every node returns in exactly `d` moves.
    pub fn every_return_is(&self, d: u8) -> bool {
        usize::from(d) <= BAND_NODES && usize::from(self.returns[usize::from(d)]) == BAND_NODES
    }

    /// Nodes whose return distance is not `d` (including those never returning).
    pub(crate) fn returns_other_than(&self, d: u8) -> u32 {
        BAND_NODES as u32 - self.returns.get(usize::from(d)).copied().unwrap_or(0) as u32
    }

    /// The general [`Figures`] these stand for.
    pub fn to_figures(&self) -> Figures {
        let returns: BTreeMap<u32, usize> = self
            .returns
            .iter()
            .enumerate()
            .skip(1)
            .filter(|&(_, &k)| k > 0)
            .map(|(d, &k)| (d as u32, usize::from(k)))
            .collect();
        let any = self.unreachable < (BAND_NODES * BAND_NODES) as u32;
        Figures {
            nodes: BAND_NODES,
            edges: 3 * BAND_NODES,
            total: u64::from(self.total),
            unreachable: self.unreachable as usize,
            mean: mean_of(u64::from(self.total), self.unreachable as usize, BAND_NODES),
            returns,
            no_return: usize::from(self.returns[0]),
            largest: any.then_some(u32::from(self.largest)),
        }
    }
}

/// Successor bit sets of the functional graph of `map`.
pub(super) fn band_successors(map: &FunctionalMap) -> [u32; BAND_NODES] {
    let mut succ = [0u32; BAND_NODES];
    for (node, s) in succ.iter_mut().enumerate() {
        for v in functional_successors(map, node) {
            *s |= 1 << v;
        }
    }
    succ
}

/// The figures of a functional map by bit-set BFS.
///
/// Where a band sends depends only on the band and the strategic *column*
/// (the map has one list per column), so bands `b` of strategic cells `k`,
/// `k+3`, `k+6` have the same successors and the same distance row. One search
/// per column and band (9 instead of 27) gives all 27 rows; only the return
/// distances differ, read off for each of the three bands.
// `pub` for the `internals` feature; crate-private without it.
#[cfg_attr(not(feature = "internals"), allow(unreachable_pub))]
pub fn band_figures(map: &FunctionalMap) -> BandFigures {
    let succ = band_successors(map);
    let mut out = BandFigures {
        total: 0,
        unreachable: 0,
        largest: 0,
        returns: [0; BAND_NODES + 1],
    };
    for class in 0..9 {
        let sources = [class, class + 9, class + 18];
        let mut returned = [0u32; 3];
        let mut seen = 0u32;
        let mut frontier = succ[class];
        let mut level = 1u32;
        while frontier != 0 {
            out.total += 3 * level * frontier.count_ones();
            for (r, &s) in returned.iter_mut().zip(&sources) {
                if frontier & (1 << s) != 0 {
                    *r = level;
                }
            }
            seen |= frontier;
            frontier = expand(&succ, frontier) & !seen;
            level += 1;
        }
        out.largest = out.largest.max((level - 1) as u8);
        out.unreachable += 3 * (BAND_NODES as u32 - seen.count_ones());
        for r in returned {
            out.returns[r as usize] += 1;
        }
    }
    out
}

/// The union of the successors of every node in `frontier`.
#[inline]
fn expand(succ: &[u32; BAND_NODES], frontier: u32) -> u32 {
    let mut next = 0u32;
    let mut f = frontier;
    while f != 0 {
        next |= succ[f.trailing_zeros() as usize];
        f &= f - 1;
    }
    next
}

/// Bit-set BFS from every node of a graph of at most 27 nodes given as
/// successor sets (a distinct successor set per node is an edge set).
#[cfg(test)]
pub(crate) fn figures_of_successors(succ: &[u32; BAND_NODES]) -> BandFigures {
    let mut out = BandFigures {
        total: 0,
        unreachable: 0,
        largest: 0,
        returns: [0; BAND_NODES + 1],
    };
    for (src, &first) in succ.iter().enumerate() {
        let me = 1u32 << src;
        let mut seen = 0u32;
        let mut frontier = first;
        let mut level = 1u32;
        let mut returned = 0u32;
        while frontier != 0 {
            out.total += level * frontier.count_ones();
            if frontier & me != 0 {
                returned = level;
            }
            seen |= frontier;
            frontier = expand(succ, frontier) & !seen;
            level += 1;
        }
        out.largest = out.largest.max((level - 1) as u8);
        out.unreachable += BAND_NODES as u32 - seen.count_ones();
        out.returns[returned as usize] += 1;
    }
    out
}
