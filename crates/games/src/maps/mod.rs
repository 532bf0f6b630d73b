//! Functional and hyperfunctional maps: where a move sends the opponent.
//!
//! One module serves the sheet renderer (the row-number columns and the small
//! per-cell numbers), the rules engine and the transition analysis, so the three
//! can never disagree about a map. Maps are either built in (docs/rules.md,
//! "Maps": the 64 `mapAB` family maps by name, `hmap1` and `hmap2`) or read from
//! a TOML map file a user wrote; see [`MapFile`] for the file format.

mod file;
mod library;
mod named_family;

pub use file::{MapError, MapFile, parse_map_file};
pub use library::{MapFolder, MapLibrary, UnusableMap};
pub use named_family::NAMED_FAMILY;

use std::fmt;

/// A position 1..=9 inside a 3×3, in reading order (1 top-left, 9 bottom-right).
pub(crate) type Pos = u8;

/// A functional map: for each strategic *column* (strategic cells 1,4,7 / 2,5,8 /
/// 3,6,9) a list of 9 strategic cells, one per row of the strategic cell.
///
/// Entry `r` of list `k` is the strategic cell a move in row `r` of any strategic
/// cell in column `k` sends the opponent to. These are the numbers printed in the
/// column to the left of each strategic cell on the sheet.
///
/// Every entry is 1..=9: the only way to make one is [`FunctionalMap::new`],
/// which checks.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct FunctionalMap {
    /// `columns[k][r-1]`, each 1..=9.
    columns: [[Pos; 9]; 3],
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

    /// The three lists: `columns()[k][r-1]` for strategic column `k` (cells
    /// 1,4,7 / 2,5,8 / 3,6,9) and row `r`.
    pub fn columns(&self) -> [[Pos; 9]; 3] {
        self.columns
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
///
/// Every entry is 1..=9: the only ways to make one check.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct HyperfunctionalMap {
    /// `cells[S-1][r*9 + c]` for 0-based row `r` and column `c` inside strategic
    /// cell `S`'s 9×9, each 1..=9.
    cells: [[Pos; 81]; 9],
}

impl HyperfunctionalMap {
    /// Builds a map from `cells[S-1][r*9 + c]` (0-based row `r` and column `c`
    /// inside strategic cell `S`), checking every entry is 1..=9.
    pub fn new(cells: [[Pos; 81]; 9]) -> Option<Self> {
        cells
            .iter()
            .flatten()
            .all(|&p| (1..=9).contains(&p))
            .then_some(HyperfunctionalMap { cells })
    }

    /// Builds a map from a rule `f(S, r, c)` with 0-based `r`, `c` inside `S`,
    /// checking every entry is 1..=9.
    pub fn from_fn(f: impl Fn(Pos, usize, usize) -> Pos) -> Option<Self> {
        let mut cells = [[0; 81]; 9];
        for (s, grid) in cells.iter_mut().enumerate() {
            for (i, cell) in grid.iter_mut().enumerate() {
                *cell = f(s as Pos + 1, i / 9, i % 9);
            }
        }
        HyperfunctionalMap::new(cells)
    }

    /// The number printed in the cell at 0-based `row` and `column` inside
    /// strategic cell `strategic`'s 9×9: the next strategic cell for a move there.
    pub fn cell(&self, strategic: Pos, row: usize, column: usize) -> Pos {
        self.cells[usize::from(strategic - 1)][row * 9 + column]
    }

    /// The next strategic cell for a move at `S.T.O`.
    pub fn target(&self, strategic: Pos, tactical: Pos, operational: Pos) -> Pos {
        let (r, c) = inner_row_col(tactical, operational);
        self.cells[usize::from(strategic - 1)][r * 9 + c]
    }
}

/// 0-based row and column of `T.O` inside its strategic cell's 9×9.
pub(crate) fn inner_row_col(tactical: Pos, operational: Pos) -> (usize, usize) {
    crate::grid::top_left(&[tactical, operational], 2)
}

/// The row 1..=9 of a move `T.O` inside its strategic cell (docs/rules.md,
/// "Where the next move goes").
pub(crate) fn row_in_strategic(tactical: Pos, operational: Pos) -> u8 {
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

/// A built-in map (docs/rules.md, "Maps"): the five functional maps the
/// original analysis names and the two hyperfunctional ones, which reports
/// list; and every other map of the `mapAB` family, by its name.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum BuiltinMap {
    /// The standard functional map.
    Map34,
    /// A functional map.
    Map67,
    /// A functional map.
    Map14,
    /// A functional map.
    Map42,
    /// A functional map.
    Map48,
    /// A hyperfunctional map, `k = 1`.
    Hmap1,
    /// The standard hyperfunctional map, `k = 2`.
    Hmap2,
    /// Another map of the `mapAB` family (map11 … map88), by name.
    Family(FamilyName),
}

/// The name of a `mapAB` family map: A and B in 1..=8. Made only from a
/// valid name, so it always names a map.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct FamilyName(u8);

impl FamilyName {
    /// The family map called `name` (`map11` … `map88`).
    fn parse(name: &str) -> Option<FamilyName> {
        named_family::index_of(name).map(|i| FamilyName(i as u8))
    }

    /// `mapAB`.
    pub fn name(self) -> &'static str {
        named_family::NAMES[usize::from(self.0)]
    }

    /// Its lists.
    fn columns(self) -> [[Pos; 9]; 3] {
        NAMED_FAMILY[usize::from(self.0)]
    }
}

impl BuiltinMap {
    /// The functional map a Strategic game or sheet plays under when none
    /// is named: the authors' standard map.
    pub const STANDARD_FUNCTIONAL: BuiltinMap = BuiltinMap::Map34;

    /// The hyperfunctional map a game or sheet plays under when none is
    /// named.
    pub(crate) const STANDARD_HYPERFUNCTIONAL: BuiltinMap = BuiltinMap::Hmap2;

    /// The functional ones, in the order reports list them.
    pub const FUNCTIONAL: [BuiltinMap; 5] = [
        BuiltinMap::Map34,
        BuiltinMap::Map67,
        BuiltinMap::Map14,
        BuiltinMap::Map42,
        BuiltinMap::Map48,
    ];
    /// The hyperfunctional ones.
    pub const HYPERFUNCTIONAL: [BuiltinMap; 2] = [BuiltinMap::Hmap1, BuiltinMap::Hmap2];

    /// The maps reports list (the five named functional maps, then the two
    /// hyperfunctional ones); the other family maps are built in by name
    /// ([`BuiltinMap::from_name`]) and `maps family` lists them.
    pub fn all() -> impl Iterator<Item = BuiltinMap> {
        Self::FUNCTIONAL.into_iter().chain(Self::HYPERFUNCTIONAL)
    }

    /// Its name: `map34`, `hmap2`, …
    pub fn name(self) -> &'static str {
        match self {
            BuiltinMap::Map34 => "map34",
            BuiltinMap::Map67 => "map67",
            BuiltinMap::Map14 => "map14",
            BuiltinMap::Map42 => "map42",
            BuiltinMap::Map48 => "map48",
            BuiltinMap::Hmap1 => "hmap1",
            BuiltinMap::Hmap2 => "hmap2",
            BuiltinMap::Family(f) => f.name(),
        }
    }

    /// The built-in map called `name`: one of the seven listed maps, or any
    /// family map `map11` … `map88`.
    pub fn from_name(name: &str) -> Option<BuiltinMap> {
        Self::all()
            .find(|m| m.name() == name)
            .or_else(|| FamilyName::parse(name).map(BuiltinMap::Family))
    }

    /// The map itself.
    pub fn map(self) -> AnyMap {
        let functional = |columns| AnyMap::Functional(FunctionalMap { columns });
        // docs/rules.md, "Maps": H = ((max(r,c) + S - k) mod 9) + 1 with k = 1 (hmap1), 2 (hmap2).
        let hyper = |k: usize| {
            let map = HyperfunctionalMap::from_fn(|s, r, c| {
                ((r.max(c) + usize::from(s) + 9 - k) % 9) as Pos + 1
            });
            AnyMap::Hyperfunctional(Box::new(map.expect("1..9 by the formula")))
        };
        match self {
            BuiltinMap::Hmap1 => hyper(1),
            BuiltinMap::Hmap2 => hyper(2),
            BuiltinMap::Family(f) => functional(f.columns()),
            // The five named functional maps are family maps under their
            // own names: their lists have one home, the family's.
            named => functional(
                FamilyName::parse(named.name())
                    .expect("map34, map67, map14, map42 and map48 are family names")
                    .columns(),
            ),
        }
    }
}

/// Which map a sheet, a record or an analysis uses: a built-in one, or one
/// read from a map file.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum MapId {
    /// A built-in map.
    Builtin(BuiltinMap),
    /// A map file's map, by the name it goes by (its `name` key, or the file's stem).
    File(String),
}

impl MapId {
    /// The name footers and reports print.
    pub fn name(&self) -> &str {
        match self {
            MapId::Builtin(b) => b.name(),
            MapId::File(name) => name,
        }
    }
}

impl fmt::Display for MapId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The standard functional map.
pub fn map34() -> FunctionalMap {
    builtin_functional("map34").expect("map34 is built in")
}

/// The standard hyperfunctional map.
pub fn hmap2() -> HyperfunctionalMap {
    builtin_hyperfunctional("hmap2").expect("hmap2 is built in")
}

/// A built-in functional map by name: any family map `map11` … `map88`.
pub fn builtin_functional(name: &str) -> Option<FunctionalMap> {
    match BuiltinMap::from_name(name)?.map() {
        AnyMap::Functional(m) => Some(m),
        AnyMap::Hyperfunctional(_) => None,
    }
}

/// A built-in hyperfunctional map by name.
pub(crate) fn builtin_hyperfunctional(name: &str) -> Option<HyperfunctionalMap> {
    match BuiltinMap::from_name(name)?.map() {
        AnyMap::Hyperfunctional(m) => Some(*m),
        AnyMap::Functional(_) => None,
    }
}

/// A built-in map of either kind by name.
pub fn builtin(name: &str) -> Option<AnyMap> {
    BuiltinMap::from_name(name).map(BuiltinMap::map)
}

/// The four orderings per group that generate the `mapAB` family (docs/rules.md,
/// "Maps").
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
    /// The built-in map this is, for the five the original analysis names.
    pub fn known(&self) -> Option<BuiltinMap> {
        BuiltinMap::FUNCTIONAL
            .into_iter()
            .find(|b| b.map() == AnyMap::Functional(self.map))
    }

    /// The family name of this map, `map11` … `map88`.
    pub fn name(&self) -> &'static str {
        named_family::name_of(&self.map.columns).unwrap_or("map??")
    }
}

/// The 64 functional maps of the `mapAB` family, built from the orderings, in a
/// fixed order (group-1 ordering slowest; the names follow another order,
/// [`FamilyMember::name`]).
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
        for b in BuiltinMap::FUNCTIONAL {
            let hits: Vec<_> = fam
                .iter()
                .filter(|m| AnyMap::Functional(m.map) == b.map())
                .collect();
            assert_eq!(hits.len(), 1, "{} must be in the family once", b.name());
            assert_eq!(hits[0].known(), Some(b));
        }
    }

    #[test]
    fn every_named_family_map_is_the_family_built_from_its_orderings() {
        let built: std::collections::HashSet<_> = family().iter().map(|m| m.map.columns).collect();
        let named: std::collections::HashSet<_> = NAMED_FAMILY.iter().copied().collect();
        assert_eq!(named.len(), 64);
        assert_eq!(built, named);
        let names: std::collections::HashSet<_> = family().iter().map(|m| m.name()).collect();
        assert_eq!(names.len(), 64);
        // The names run map11 … map18, map21 … map88.
        assert_eq!(family()[0].name(), "map11");
        assert_eq!(
            builtin_functional("map12").unwrap().columns[0],
            [2, 1, 3, 4, 5, 6, 7, 9, 8]
        );
        assert_eq!(
            builtin_functional("map88").unwrap().to_string(),
            "3 2 1 6 5 4 9 7 8 | 1 3 2 4 6 5 7 8 9 | 2 1 3 5 4 6 8 9 7"
        );
        for bad in ["map19", "map90", "map0", "map345", "map", "MAP34"] {
            assert!(builtin_functional(bad).is_none(), "{bad}");
        }
    }

    #[test]
    fn the_five_analysed_maps_are_the_rule_books_lists() {
        // docs/rules.md, "Maps": the lists as the rule book prints them.
        let printed = [
            (
                "map34",
                "2 1 3 6 5 4 7 9 8 | 3 2 1 4 6 5 8 7 9 | 1 3 2 5 4 6 9 8 7",
            ),
            (
                "map67",
                "3 2 1 4 6 5 8 7 9 | 1 3 2 5 4 6 9 8 7 | 2 1 3 6 5 4 7 9 8",
            ),
            (
                "map14",
                "2 1 3 4 6 5 7 9 8 | 3 2 1 5 4 6 8 7 9 | 1 3 2 6 5 4 9 8 7",
            ),
            (
                "map42",
                "2 1 3 5 6 4 9 7 8 | 3 2 1 6 4 5 7 8 9 | 1 3 2 4 5 6 8 9 7",
            ),
            (
                "map48",
                "3 1 2 6 5 4 9 7 8 | 1 2 3 4 6 5 7 8 9 | 2 3 1 5 4 6 8 9 7",
            ),
        ];
        for (b, (want_name, lists)) in BuiltinMap::FUNCTIONAL.into_iter().zip(printed) {
            assert_eq!(b.name(), want_name);
            let AnyMap::Functional(map) = b.map() else {
                panic!("{want_name} is functional")
            };
            assert_eq!(map.to_string(), lists);
            // The family's list under the same name is the same map.
            let i = named_family::index_of(want_name).unwrap();
            assert_eq!(map.columns, NAMED_FAMILY[i], "{want_name}");
            assert_eq!(BuiltinMap::from_name(want_name), Some(b));
        }
        assert_eq!(
            BuiltinMap::from_name("map62").map(BuiltinMap::name),
            Some("map62")
        );
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
