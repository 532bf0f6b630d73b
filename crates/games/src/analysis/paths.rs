//! All-pairs shortest paths where the diagonal is the shortest cycle.
//!
//! Two independent methods: breadth-first search from every node (used) and
//! Floyd–Warshall (a cross-check for the tests; different enough that a shared
//! mistake is unlikely).

use std::collections::VecDeque;

use super::graph::Graph;

/// An N×N matrix of move counts; `None` = cannot be reached at all.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DistanceMatrix {
    n: usize,
    cells: Vec<Option<u32>>,
}

impl DistanceMatrix {
    /// Side length N.
    pub fn len(&self) -> usize {
        self.n
    }

    /// Whether the matrix is 0×0.
    pub fn is_empty(&self) -> bool {
        self.n == 0
    }

    /// Fewest moves from `from` to `to` (at least 1; on the diagonal, the
    /// shortest cycle back).
    pub fn get(&self, from: usize, to: usize) -> Option<u32> {
        self.cells[from * self.n + to]
    }

    /// One row, `from` fixed.
    pub fn row(&self, from: usize) -> &[Option<u32>] {
        &self.cells[from * self.n..(from + 1) * self.n]
    }
}

/// Breadth-first search from every node. The source is not marked as seen at
/// the start, so the first time it is reached again gives its return distance.
pub(super) fn bfs_all_pairs(g: &Graph) -> DistanceMatrix {
    let n = g.len();
    let mut cells = vec![None; n * n];
    let mut queue = VecDeque::with_capacity(n);
    for src in 0..n {
        let row = &mut cells[src * n..(src + 1) * n];
        queue.clear();
        for &v in &g.succ[src] {
            row[v] = Some(1);
            queue.push_back(v);
        }
        while let Some(u) = queue.pop_front() {
            let du = row[u].expect("queued nodes have a distance");
            for &v in &g.succ[u] {
                if row[v].is_none() {
                    row[v] = Some(du + 1);
                    queue.push_back(v);
                }
            }
        }
    }
    DistanceMatrix { n, cells }
}

/// Floyd–Warshall with the diagonal starting at "no path" (not 0), so that it
/// ends as the shortest cycle through the node.
#[cfg(test)]
pub(crate) fn floyd_warshall(g: &Graph) -> DistanceMatrix {
    const INF: u32 = u32::MAX / 2;
    let n = g.len();
    let mut d = vec![INF; n * n];
    for (u, succ) in g.succ.iter().enumerate() {
        for &v in succ {
            d[u * n + v] = 1;
        }
    }
    for k in 0..n {
        for i in 0..n {
            let dik = d[i * n + k];
            if dik == INF {
                continue;
            }
            for j in 0..n {
                let via = dik + d[k * n + j];
                if via < d[i * n + j] {
                    d[i * n + j] = via;
                }
            }
        }
    }
    DistanceMatrix {
        n,
        cells: d.into_iter().map(|x| (x < INF).then_some(x)).collect(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn graph(succ: Vec<Vec<usize>>) -> Graph {
        Graph {
            names: (0..succ.len()).map(|i| i.to_string()).collect(),
            succ,
        }
    }

    #[test]
    fn cycle_of_three_returns_in_three() {
        let g = graph(vec![vec![1], vec![2], vec![0]]);
        for m in [bfs_all_pairs(&g), floyd_warshall(&g)] {
            assert_eq!(m.get(0, 0), Some(3));
            assert_eq!(m.get(0, 2), Some(2));
            assert_eq!(m.get(2, 1), Some(2));
        }
    }

    #[test]
    fn self_loop_is_one_and_dead_end_is_none() {
        let g = graph(vec![vec![0, 1], vec![]]);
        for m in [bfs_all_pairs(&g), floyd_warshall(&g)] {
            assert_eq!(m.get(0, 0), Some(1));
            assert_eq!(m.get(0, 1), Some(1));
            assert_eq!(m.get(1, 1), None);
            assert_eq!(m.get(1, 0), None);
        }
    }
}
