//! Map files: a user's own functional or hyperfunctional map in TOML.
//!
//! ```toml
//! # A functional map: one list per strategic column (cells 1,4,7 / 2,5,8 / 3,6,9),
//! # entry r = the strategic cell a move in row r sends the opponent to.
//! kind = "functional"
//! name = "my-map"            # optional, shown in footers and reports
//! columns = [
//!   [2, 1, 3, 6, 5, 4, 7, 9, 8],
//!   [3, 2, 1, 4, 6, 5, 8, 7, 9],
//!   [1, 3, 2, 5, 4, 6, 9, 8, 7],
//! ]
//! ```
//!
//! A hyperfunctional map has `kind = "hyperfunctional"` and `cells`: nine tables,
//! one per strategic cell 1..9, each nine rows of nine numbers, top to bottom, as
//! the small numbers are printed inside the strategic cell.

use std::ops::Range;
use std::path::Path;

use miette::{Diagnostic, SourceSpan};
use serde::Deserialize;
use toml::Spanned;

use super::{AnyMap, BuiltinMap, FunctionalMap, HyperfunctionalMap, MapId, Pos};
use crate::limits::MAP_NAME_CHARS;
use crate::source::Position;
use crate::source::fault::{Accepts, Fault};
use crate::source::report::Source;
use crate::source::tree::Tree;
use crate::source::words::toml_parts;

/// A map with the name it goes by: a built-in one, or one read from a file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MapFile {
    name: MapId,
    map: AnyMap,
}

/// Why a map file was rejected. Carries the file's text so the diagnostic can
/// point at the offending entry.
#[derive(Debug, thiserror::Error, Diagnostic)]
pub enum MapError {
    /// The map file could not be read: no such file, not a regular file,
    /// too large, not UTF-8, or outside the folder it must be in.
    #[error(transparent)]
    #[diagnostic(transparent)]
    Input(#[from] crate::source::text::InputError),
    /// The file is not valid TOML or not a map (unknown key, wrong type, …).
    #[error("{origin}:{at}: {message}")]
    #[diagnostic(code(paperboard::map::syntax))]
    Syntax {
        /// The file's name.
        origin: String,
        /// Where.
        at: Position,
        /// What is wrong.
        message: Box<Fault>,
        /// The file.
        #[source_code]
        src: Source,
        /// Where.
        #[label("here")]
        span: SourceSpan,
    },
    /// An entry or list is out of range or of the wrong length.
    #[error("{origin}:{at}: {message}")]
    #[diagnostic(
        code(paperboard::map::invalid),
        help(
            "a functional map has 3 lists of 9 numbers, a hyperfunctional map 9 tables of 9×9 numbers; every number is a strategic cell 1..9"
        )
    )]
    Invalid {
        /// The file's name.
        origin: String,
        /// Where.
        at: Position,
        /// The key path of the bad entry, e.g. `columns[2][5]`.
        field: String,
        /// What is wrong with it.
        message: Box<Fault>,
        /// The file.
        #[source_code]
        src: Source,
        /// Where.
        #[label("here")]
        span: SourceSpan,
    },
    /// Not a built-in map name and no such file.
    #[error("unknown map `{0}`")]
    #[diagnostic(
        code(paperboard::map::unknown),
        help(
            "built-in maps: the family maps map11 … map88 (map34 is the standard; `paperboard maps family` lists them), hmap1, hmap2; or give the path of a .toml map file"
        )
    )]
    Unknown(String),
    /// A map of the other kind was given (e.g. hmap2 where a functional map is needed).
    #[error("`{name}` is a {found} map, but a {wanted} map is needed here")]
    #[diagnostic(code(paperboard::map::kind))]
    WrongKind {
        /// The map's name.
        name: String,
        /// What it is.
        found: &'static str,
        /// What was needed.
        wanted: &'static str,
    },
}

impl MapError {
    /// That the map `name` is a `found` map where a `wanted` one is needed,
    /// in `language`: the words of [`MapError::WrongKind`] and of a record
    /// whose tag names a map of the other kind.
    pub fn wrong_kind_words(
        name: &str,
        found: &str,
        wanted: &str,
        language: crate::language::Language,
    ) -> String {
        use crate::messages::{Arg::Text, say};
        say(
            language,
            "map-wrong-kind",
            &[
                ("map", Text(name)),
                ("is", Text(found)),
                ("needed", Text(wanted)),
            ],
        )
    }
}

type SpannedList = Spanned<Vec<Spanned<i64>>>;

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawMap {
    kind: Option<Spanned<String>>,
    name: Option<Spanned<String>>,
    columns: Option<Spanned<Vec<SpannedList>>>,
    cells: Option<Spanned<Vec<Spanned<Vec<SpannedList>>>>>,
}

/// Parses a map file's text. `origin` names the file in diagnostics and gives
/// the default name.
pub fn parse_map_file(origin: &str, text: &str) -> Result<MapFile, MapError> {
    let faults = Faults {
        origin,
        src: Source::new(origin, text),
    };
    let tree = Tree::parse(text).map_err(|e| {
        let (span, _, message) = toml_parts(text, &e, None);
        faults.syntax(span, message)
    })?;
    if let Some(fault) = crate::source::text::toml_fault(tree.root()) {
        return Err(faults.invalid(fault.key, fault.message, fault.span));
    }
    let raw: RawMap = tree.deserialize().map_err(|e| {
        let (span, _, message) = toml_parts(text, &e, Some(&tree));
        faults.syntax(span, message)
    })?;
    let name = map_name(&raw, &faults)?;
    let map = if map_kind(&raw, &faults)? == "functional" {
        functional_map(&raw, &faults)?
    } else {
        hyperfunctional_map(&raw, &faults)?
    };
    Ok(MapFile {
        name: MapId::File(name),
        map,
    })
}

/// Makes the errors of one map file, located in its text.
struct Faults<'a> {
    /// The file's name in diagnostics.
    origin: &'a str,
    /// Its text.
    src: Source,
}

impl Faults<'_> {
    /// The text is not TOML, or not a map's.
    fn syntax(&self, span: Range<usize>, message: impl Into<Fault>) -> MapError {
        MapError::Syntax {
            origin: self.origin.to_string(),
            at: self.src.position(span.start),
            message: Box::new(message.into()),
            src: self.src.clone(),
            span: self.src.label(span),
        }
    }

    /// A value of `field` is wrong.
    fn invalid(&self, field: String, message: impl Into<Fault>, span: Range<usize>) -> MapError {
        MapError::Invalid {
            origin: self.origin.to_string(),
            at: self.src.position(span.start),
            field,
            message: Box::new(message.into()),
            src: self.src.clone(),
            span: self.src.label(span),
        }
    }

    /// One entry of a map: a strategic cell 1..9.
    fn entry(&self, field: String, v: &Spanned<i64>) -> Result<Pos, MapError> {
        match *v.get_ref() {
            n @ 1..=9 => Ok(n as Pos),
            n => Err(self.invalid(
                field.clone(),
                Fault::Must {
                    key: Some(field),
                    accepts: Accepts::StrategicCell,
                    written: n.to_string(),
                },
                v.span(),
            )),
        }
    }

    /// A list of `field` holds `want` entries.
    fn check_len(
        &self,
        field: &str,
        len: usize,
        want: usize,
        span: Range<usize>,
    ) -> Result<(), MapError> {
        if len == want {
            Ok(())
        } else {
            Err(self.invalid(
                field.to_string(),
                Fault::Entries {
                    key: field.to_string(),
                    want,
                    len,
                },
                span,
            ))
        }
    }
}

/// The map's name: its own, held to [`MAP_NAME_CHARS`], or its file's.
fn map_name(raw: &RawMap, faults: &Faults<'_>) -> Result<String, MapError> {
    if let Some(name) = &raw.name
        && name.get_ref().chars().count() > MAP_NAME_CHARS
    {
        return Err(faults.invalid(
            "name".into(),
            format!(
                "`name` is {} characters long; a map's name (printed in footers) may hold at most {MAP_NAME_CHARS}",
                name.get_ref().chars().count()
            ),
            name.span(),
        ));
    }
    let origin = faults.origin;
    Ok(raw
        .name
        .as_ref()
        .map(|n| n.get_ref().clone())
        .unwrap_or_else(|| {
            Path::new(origin)
                .file_stem()
                .map(|s| s.to_string_lossy().into_owned())
                .unwrap_or_else(|| origin.to_string())
        }))
}

/// The map's kind: as written, or by the key it has.
fn map_kind(raw: &RawMap, faults: &Faults<'_>) -> Result<String, MapError> {
    Ok(match &raw.kind {
        Some(k) => match k.get_ref().as_str() {
            "functional" | "hyperfunctional" => k.get_ref().clone(),
            other => {
                return Err(faults.invalid(
                    "kind".into(),
                    Fault::Must {
                        key: Some("kind".into()),
                        accepts: Accepts::Either("functional".into(), "hyperfunctional".into()),
                        written: format!("\"{}\"", crate::source::words::quote(other)),
                    },
                    k.span(),
                ));
            }
        },
        None if raw.cells.is_some() => "hyperfunctional".into(),
        None => "functional".into(),
    })
}

/// A functional map from `columns`: 3 lists of 9 strategic cells.
fn functional_map(raw: &RawMap, faults: &Faults<'_>) -> Result<AnyMap, MapError> {
    let Some(cols) = &raw.columns else {
        return Err(faults.syntax(0..0, Fault::MapNeeds { hyper: false }));
    };
    faults.check_len("columns", cols.get_ref().len(), 3, cols.span())?;
    let mut columns = [[0; 9]; 3];
    for (k, list) in cols.get_ref().iter().enumerate() {
        let f = format!("columns[{k}]");
        faults.check_len(&f, list.get_ref().len(), 9, list.span())?;
        for (r, v) in list.get_ref().iter().enumerate() {
            columns[k][r] = faults.entry(format!("columns[{k}][{r}]"), v)?;
        }
    }
    // Every entry was checked above; `new` checks them again.
    let map = FunctionalMap::new(columns).ok_or_else(|| {
        faults.invalid(
            "columns".into(),
            Fault::NotMap { hyper: false },
            cols.span(),
        )
    })?;
    Ok(AnyMap::Functional(map))
}

/// A hyperfunctional map from `cells`: 9 tables of 9 rows of 9 strategic cells.
fn hyperfunctional_map(raw: &RawMap, faults: &Faults<'_>) -> Result<AnyMap, MapError> {
    let Some(tables) = &raw.cells else {
        return Err(faults.syntax(0..0, Fault::MapNeeds { hyper: true }));
    };
    faults.check_len("cells", tables.get_ref().len(), 9, tables.span())?;
    let mut cells = [[0; 81]; 9];
    for (s, table) in tables.get_ref().iter().enumerate() {
        faults.check_len(
            &format!("cells[{s}]"),
            table.get_ref().len(),
            9,
            table.span(),
        )?;
        for (r, row) in table.get_ref().iter().enumerate() {
            faults.check_len(
                &format!("cells[{s}][{r}]"),
                row.get_ref().len(),
                9,
                row.span(),
            )?;
            for (c, v) in row.get_ref().iter().enumerate() {
                cells[s][r * 9 + c] = faults.entry(format!("cells[{s}][{r}][{c}]"), v)?;
            }
        }
    }
    let map = HyperfunctionalMap::new(cells).ok_or_else(|| {
        faults.invalid("cells".into(), Fault::NotMap { hyper: true }, tables.span())
    })?;
    Ok(AnyMap::Hyperfunctional(Box::new(map)))
}

impl MapFile {
    /// A map file's map by the name it goes by (for writing one out).
    pub fn new(name: impl Into<String>, map: AnyMap) -> MapFile {
        MapFile {
            name: MapId::File(name.into()),
            map,
        }
    }

    /// A built-in map.
    pub fn builtin(map: BuiltinMap) -> MapFile {
        MapFile {
            name: MapId::Builtin(map),
            map: map.map(),
        }
    }

    /// Which map this is.
    pub fn name(&self) -> &MapId {
        &self.name
    }

    /// The map.
    pub fn map(&self) -> &AnyMap {
        &self.map
    }

    /// The functional map, or a [`MapError::WrongKind`].
    pub fn functional(&self) -> Result<FunctionalMap, MapError> {
        match &self.map {
            AnyMap::Functional(m) => Ok(*m),
            AnyMap::Hyperfunctional(_) => Err(MapError::WrongKind {
                name: self.name.to_string(),
                found: "hyperfunctional",
                wanted: "functional",
            }),
        }
    }

    /// The hyperfunctional map, or a [`MapError::WrongKind`].
    pub fn hyperfunctional(&self) -> Result<HyperfunctionalMap, MapError> {
        match &self.map {
            AnyMap::Hyperfunctional(m) => Ok((**m).clone()),
            AnyMap::Functional(_) => Err(MapError::WrongKind {
                name: self.name.to_string(),
                found: "functional",
                wanted: "hyperfunctional",
            }),
        }
    }

    /// The map as a TOML map file that `parse_map_file` reads back.
    pub fn to_toml(&self) -> String {
        let list = |l: &[Pos]| {
            l.iter()
                .map(|v| v.to_string())
                .collect::<Vec<_>>()
                .join(", ")
        };
        match &self.map {
            AnyMap::Functional(m) => {
                let mut s = format!(
                    "# Functional map: one list per strategic column (cells 1,4,7 / 2,5,8 / 3,6,9);\n# entry r = next strategic cell for a move in row r.\nkind = \"functional\"\nname = \"{}\"\ncolumns = [\n",
                    self.name
                );
                for col in &m.columns() {
                    s += &format!("  [{}],\n", list(col));
                }
                s + "]\n"
            }
            AnyMap::Hyperfunctional(m) => {
                let mut s = format!(
                    "# Hyperfunctional map: for each strategic cell 1..9, its 9x9 cells' next strategic cell.\nkind = \"hyperfunctional\"\nname = \"{}\"\ncells = [\n",
                    self.name
                );
                for strategic in 1..=9 {
                    s += &format!("  [ # strategic cell {strategic}\n");
                    for row in 0..9 {
                        let cells: Vec<Pos> = (0..9).map(|c| m.cell(strategic, row, c)).collect();
                        s += &format!("    [{}],\n", list(&cells));
                    }
                    s += "  ],\n";
                }
                s + "]\n"
            }
        }
    }
}

impl From<&MapError> for crate::source::Diagnostic {
    /// The entry at fault as its key; what is wrong without where.
    fn from(e: &MapError) -> crate::source::Diagnostic {
        let mut out = crate::source::Diagnostic::of(e);
        match e {
            MapError::Invalid { field, message, .. } => {
                out.key = Some(field.clone());
                out.reason = message.to_string();
            }
            MapError::Syntax { message, .. } => out.reason = message.to_string(),
            MapError::Input(input) => return input.into(),
            _ => {}
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn builtins_round_trip_through_toml() {
        for b in BuiltinMap::all() {
            let mf = MapFile::builtin(b);
            assert_eq!(mf.name(), &MapId::Builtin(b));
            let back = parse_map_file("x.toml", &mf.to_toml()).unwrap();
            assert_eq!(back.map, mf.map, "{}", b.name());
            assert_eq!(back.name.name(), b.name());
        }
    }

    #[test]
    fn bad_entry_is_pointed_at() {
        let text = "columns = [\n  [2, 1, 3, 6, 5, 4, 7, 9, 8],\n  [3, 2, 1, 4, 0, 5, 8, 7, 9],\n  [1, 3, 2, 5, 4, 6, 9, 8, 7],\n]\n";
        let err = parse_map_file("bad.toml", text).unwrap_err();
        match err {
            MapError::Invalid { field, span, .. } => {
                assert_eq!(field, "columns[1][4]");
                assert_eq!(&text[span.offset()..span.offset() + span.len()], "0");
            }
            other => panic!("unexpected {other:?}"),
        }
    }

    #[test]
    fn short_list_and_unknown_key_are_rejected() {
        let short = "columns = [[1,2,3],[1,2,3,4,5,6,7,8,9],[1,2,3,4,5,6,7,8,9]]";
        assert!(matches!(
            parse_map_file("s.toml", short),
            Err(MapError::Invalid { ref field, .. }) if field == "columns[0]"
        ));
        let unknown = "colums = []";
        let err = parse_map_file("u.toml", unknown).unwrap_err();
        assert!(err.to_string().contains("colums"), "{err}");
    }

    #[test]
    fn wrong_kind_is_an_error() {
        let h = MapFile::builtin(BuiltinMap::from_name("hmap2").unwrap());
        assert!(h.functional().is_err());
        assert!(h.hyperfunctional().is_ok());
    }
}
