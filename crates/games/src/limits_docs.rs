//! The limits tables of docs/limits.md say what the code enforces: each
//! row's number is read from the table and compared with the constant the
//! crate checks (`limits`). A limit changed in one place and not the other
//! fails here. A unit test, since several of the limits are the crate's own
//! business and not public.

use crate::limits;

/// The rows of the markdown table under `heading`: first cell, second cell.
fn table(doc: &str, heading: &str) -> Vec<(String, String)> {
    let start = doc
        .find(heading)
        .unwrap_or_else(|| panic!("no {heading:?} in the doc"));
    doc[start..]
        .lines()
        .skip(1)
        .skip_while(|l| !l.starts_with('|'))
        .take_while(|l| l.starts_with('|'))
        .skip(2)
        .filter_map(|l| {
            let cells: Vec<&str> = l.trim_matches('|').split('|').map(str::trim).collect();
            Some((cells.first()?.to_string(), cells.get(1)?.to_string()))
        })
        .collect()
}

/// The first number written in `cell` (`1,000` is 1000).
fn first_number(cell: &str) -> usize {
    let digits: String = cell
        .chars()
        .skip_while(|c| !c.is_ascii_digit())
        .take_while(|c| c.is_ascii_digit() || *c == ',')
        .filter(|c| *c != ',')
        .collect();
    digits
        .parse()
        .unwrap_or_else(|_| panic!("no number in {cell:?}"))
}

/// The numbers written in `cell`, in order.
fn numbers(cell: &str) -> Vec<usize> {
    cell.replace(',', "")
        .split(|c: char| !c.is_ascii_digit())
        .filter(|s| !s.is_empty())
        .map(|s| s.parse().unwrap())
        .collect()
}

#[test]
fn the_spec_limits_table_is_the_codes() {
    let doc = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../../docs/limits.md"))
        .unwrap();
    let rows = table(&doc, "## What a spec may hold");
    let expected: [(&str, usize); 5] = [
        ("nesting of tables and lists", limits::TOML_DEPTH),
        ("a text (any string value or key)", limits::TEXT_CHARS),
        ("a list", limits::LIST_ENTRIES),
        ("a map file's `name`", limits::MAP_NAME_CHARS),
        ("changes (`--set`", limits::SETS),
    ];
    for (row, value) in expected {
        let (_, cell) = rows
            .iter()
            .find(|(first, _)| first.starts_with(row))
            .unwrap_or_else(|| panic!("no row {row:?} in docs/limits.md: {rows:?}"));
        assert_eq!(first_number(cell), value, "docs/limits.md, {row}: {cell}");
    }
    let (_, keys) = rows
        .iter()
        .find(|(first, _)| first.starts_with("a dotted key"))
        .expect("the key row");
    assert_eq!(
        numbers(keys)[..2],
        [limits::KEY_PARTS, limits::KEY_CHARS],
        "docs/limits.md, dotted keys: {keys}"
    );
    // Every row of the table is checked above, but the two of a spec's
    // parts and boxes, the sheets crate's limits, which it checks: a new
    // limit needs a line here.
    assert_eq!(rows.len(), expected.len() + 1 + 2, "{rows:?}");
}
