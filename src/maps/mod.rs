//! Functional and hyperfunctional maps: where a move sends the opponent.
//!
//! One module serves the sheet renderer (the row-number columns and the small
//! per-cell numbers), the rules engine and the transition analysis, so the three
//! can never disagree about a map. Maps are either built in (RULES.md §5) or read
//! from a TOML map file a user wrote; see [`MapFile`] for the file format.

mod file;
mod library;

pub use file::{MapError, MapFile, load_map_file, load_map_path, parse_map_file};
pub use library::MapLibrary;

use std::fmt;

/// A position 1..=9 inside a 3×3, in reading order (1 top-left, 9 bottom-right).
pub type Pos = u8;

/// A functional map: for each strategic *column* (strategic cells 1,4,7 / 2,5,8 /
/// 3,6,9) a list of 9 strategic cells, one per row of the strategic cell.
///
/// Entry `r` of list `k` is the strategic cell a move in row `r` of any strategic
/// cell in column `k` sends the opponent to. These are the numbers printed in the
/// column to the left of each strategic cell on the sheet.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct FunctionalMap {
    /// `columns[k][r-1]`, each 1..=9.
    pub columns: [[Pos; 9]; 3],
}

impl FunctionalMap {
    /// Builds a map, checking every entry is 1..=9.
    pub fn new(columns: [[Pos; 9]; 3]) -> Option<Self> {
        columns
            .iter()
            .flatten()
            .all(|&p| (1..=9).contains(&p))
            .then_some(FunctionalMap { columns })
    }

    /// The next strategic cell for a move in row `row` (1..=9) of strategic cell
    /// `strategic` (1..=9).
    pub fn target(&self, strategic: Pos, row: u8) -> Pos {
        self.columns[usize::from((strategic - 1) % 3)][usize::from(row - 1)]
    }

    /// The list printed left of strategic cell `strategic` (1..=9), top to bottom.
    pub fn column_for(&self, strategic: Pos) -> [Pos; 9] {
        self.columns[usize::from((strategic - 1) % 3)]
    }
}

/// A hyperfunctional map: every one of the 729 cells of the strategic field has
/// its own next strategic cell (the small grey number printed inside the cell).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct HyperfunctionalMap {
    /// `cells[S-1][r*9 + c]` for 0-based row `r` and column `c` inside strategic
    /// cell `S`'s 9×9, each 1..=9.
    pub cells: [[Pos; 81]; 9],
}

impl HyperfunctionalMap {
    /// Builds a map from a rule `f(S, r, c)` with 0-based `r`, `c` inside `S`.
    pub fn from_fn(f: impl Fn(Pos, usize, usize) -> Pos) -> Self {
        let mut cells = [[0; 81]; 9];
        for (s, grid) in cells.iter_mut().enumerate() {
            for (i, cell) in grid.iter_mut().enumerate() {
                *cell = f(s as Pos + 1, i / 9, i % 9);
            }
        }
        HyperfunctionalMap { cells }
    }

    /// The next strategic cell for a move at `S.T.O`.
    pub fn target(&self, strategic: Pos, tactical: Pos, operational: Pos) -> Pos {
        let (r, c) = inner_row_col(tactical, operational);
        self.cells[usize::from(strategic - 1)][r * 9 + c]
    }
}

/// 0-based row and column of `T.O` inside its strategic cell's 9×9.
pub fn inner_row_col(tactical: Pos, operational: Pos) -> (usize, usize) {
    let (t, o) = (usize::from(tactical - 1), usize::from(operational - 1));
    (3 * (t / 3) + o / 3, 3 * (t % 3) + o % 3)
}

/// The row 1..=9 of a move `T.O` inside its strategic cell (RULES.md §4).
pub fn row_in_strategic(tactical: Pos, operational: Pos) -> u8 {
    inner_row_col(tactical, operational).0 as u8 + 1
}

/// A map of either kind, as named in a spec, a record or on the command line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum AnyMap {
    /// A functional map.
    Functional(FunctionalMap),
    /// A hyperfunctional map.
    Hyperfunctional(Box<HyperfunctionalMap>),
}

/// The built-in functional maps of RULES.md §5: `(name, lists)`.
pub const BUILTIN_FUNCTIONAL: [(&str, [[Pos; 9]; 3]); 5] = [
    (
        "map34",
        [
            [2, 1, 3, 6, 5, 4, 7, 9, 8],
            [3, 2, 1, 4, 6, 5, 8, 7, 9],
            [1, 3, 2, 5, 4, 6, 9, 8, 7],
        ],
    ),
    (
        "map67",
        [
            [3, 2, 1, 4, 6, 5, 8, 7, 9],
            [1, 3, 2, 5, 4, 6, 9, 8, 7],
            [2, 1, 3, 6, 5, 4, 7, 9, 8],
        ],
    ),
    (
        "map14",
        [
            [2, 1, 3, 4, 6, 5, 7, 9, 8],
            [3, 2, 1, 5, 4, 6, 8, 7, 9],
            [1, 3, 2, 6, 5, 4, 9, 8, 7],
        ],
    ),
    (
        "map42",
        [
            [2, 1, 3, 5, 6, 4, 9, 7, 8],
            [3, 2, 1, 6, 4, 5, 7, 8, 9],
            [1, 3, 2, 4, 5, 6, 8, 9, 7],
        ],
    ),
    (
        "map48",
        [
            [3, 1, 2, 6, 5, 4, 9, 7, 8],
            [1, 2, 3, 4, 6, 5, 7, 8, 9],
            [2, 3, 1, 5, 4, 6, 8, 9, 7],
        ],
    ),
];

/// Names of the built-in hyperfunctional maps.
pub const BUILTIN_HYPERFUNCTIONAL: [&str; 2] = ["hmap1", "hmap2"];

/// The standard functional map.
pub fn map34() -> FunctionalMap {
    builtin_functional("map34").expect("map34 is built in")
}

/// The standard hyperfunctional map.
pub fn hmap2() -> HyperfunctionalMap {
    builtin_hyperfunctional("hmap2").expect("hmap2 is built in")
}

/// A built-in functional map by name.
pub fn builtin_functional(name: &str) -> Option<FunctionalMap> {
    BUILTIN_FUNCTIONAL
        .iter()
        .find(|(n, _)| *n == name)
        .map(|&(_, columns)| FunctionalMap { columns })
}

/// A built-in hyperfunctional map by name.
pub fn builtin_hyperfunctional(name: &str) -> Option<HyperfunctionalMap> {
    // RULES.md §5: H = ((max(r,c) + S - k) mod 9) + 1 with k = 1 (hmap1), 2 (hmap2).
    let k = match name {
        "hmap1" => 1,
        "hmap2" => 2,
        _ => return None,
    };
    Some(HyperfunctionalMap::from_fn(|s, r, c| {
        ((r.max(c) + usize::from(s) + 9 - k) % 9) as Pos + 1
    }))
}

/// A built-in map of either kind by name.
pub fn builtin(name: &str) -> Option<AnyMap> {
    builtin_functional(name)
        .map(AnyMap::Functional)
        .or_else(|| builtin_hyperfunctional(name).map(|m| AnyMap::Hyperfunctional(Box::new(m))))
}

/// Names of all built-in maps, functional first.
pub fn builtin_names() -> Vec<&'static str> {
    BUILTIN_FUNCTIONAL
        .iter()
        .map(|(n, _)| *n)
        .chain(BUILTIN_HYPERFUNCTIONAL)
        .collect()
}

/// The four orderings per group that generate the `mapAB` family (RULES.md §5).
const FAMILY_ORDERINGS: [[[Pos; 3]; 4]; 3] = [
    [[2, 1, 3], [2, 3, 1], [3, 1, 2], [3, 2, 1]],
    [[4, 5, 6], [4, 6, 5], [5, 6, 4], [6, 5, 4]],
    [[7, 8, 9], [7, 9, 8], [8, 7, 9], [9, 7, 8]],
];

/// One member of the 64-map family: which ordering each group of list 1 uses.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct FamilyMember {
    /// Index 0..4 of the ordering chosen for groups 1, 2, 3.
    pub choice: [u8; 3],
    /// The map itself.
    pub map: FunctionalMap,
}

impl FamilyMember {
    /// The built-in name of this map, for the five known ones.
    pub fn known_name(&self) -> Option<&'static str> {
        BUILTIN_FUNCTIONAL
            .iter()
            .find(|(_, cols)| *cols == self.map.columns)
            .map(|(n, _)| *n)
    }
}

/// The 64 functional maps of the `mapAB` family, in a fixed order (group-1
/// ordering slowest). The original enumeration that gave the names is unknown.
pub fn family() -> Vec<FamilyMember> {
    let mut out = Vec::with_capacity(64);
    for a in 0..4u8 {
        for b in 0..4u8 {
            for c in 0..4u8 {
                let choice = [a, b, c];
                let mut list1 = [0; 9];
                for g in 0..3 {
                    let ord = FAMILY_ORDERINGS[g][usize::from(choice[g])];
                    list1[3 * g..3 * g + 3].copy_from_slice(&ord);
                }
                let shift =
                    |steps: u8| list1.map(|v| (v - 1) / 3 * 3 + ((v - 1) % 3 + steps) % 3 + 1);
                let map = FunctionalMap {
                    columns: [list1, shift(1), shift(2)],
                };
                out.push(FamilyMember { choice, map });
            }
        }
    }
    out
}

impl fmt::Display for FunctionalMap {
    /// The three lists as printed on the sheet: `2 1 3 6 5 4 7 9 8 | …`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (k, col) in self.columns.iter().enumerate() {
            if k > 0 {
                f.write_str(" | ")?;
            }
            for (i, v) in col.iter().enumerate() {
                if i > 0 {
                    f.write_str(" ")?;
                }
                write!(f, "{v}")?;
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn family_has_64_distinct_maps_including_the_five_named() {
        let fam = family();
        assert_eq!(fam.len(), 64);
        let distinct: std::collections::HashSet<_> = fam.iter().map(|m| m.map).collect();
        assert_eq!(distinct.len(), 64);
        for (name, cols) in BUILTIN_FUNCTIONAL {
            let hits: Vec<_> = fam.iter().filter(|m| m.map.columns == cols).collect();
            assert_eq!(hits.len(), 1, "{name} must be in the family once");
            assert_eq!(hits[0].known_name(), Some(name));
        }
    }

    #[test]
    fn functional_target_uses_the_strategic_column() {
        let m = map34();
        // strategic cells 2, 5, 8 share list 2 (3 2 1 4 6 5 8 7 9).
        assert_eq!(m.target(5, 1), 3);
        assert_eq!(m.target(8, 5), 6);
        assert_eq!(m.target(7, 9), 8);
        assert_eq!(m.column_for(9), [1, 3, 2, 5, 4, 6, 9, 8, 7]);
    }

    #[test]
    fn hmap2_follows_its_formula() {
        let h = hmap2();
        // S=1, top-left cell: max(r,c)=0 -> ((0+1-2) mod 9)+1 = 9.
        assert_eq!(h.target(1, 1, 1), 9);
        // S=5 centre of the 9x9 (T=5,O=5): r=c=4 -> ((4+5-2) mod 9)+1 = 8.
        assert_eq!(h.target(5, 5, 5), 8);
        // S=9 bottom-right: r=c=8 -> ((8+9-2) mod 9)+1 = 7.
        assert_eq!(h.target(9, 9, 9), 7);
        let h1 = builtin_hyperfunctional("hmap1").unwrap();
        assert_eq!(h1.target(1, 1, 1), 1);
    }

    #[test]
    fn rows_follow_rules_section_2() {
        assert_eq!(row_in_strategic(1, 1), 1);
        assert_eq!(row_in_strategic(1, 9), 3);
        assert_eq!(row_in_strategic(5, 3), 4);
        assert_eq!(row_in_strategic(9, 7), 9);
        assert_eq!(inner_row_col(3, 3), (0, 8));
    }
}
