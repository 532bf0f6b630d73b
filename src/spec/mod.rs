//! The TOML layout spec: what a sheet shows and how it is arranged.
//!
//! A spec is a `[page]`, a root arrangement `[layout]` with optional nested
//! `[[box]]`es, and parts, one array of tables per kind
//! (`[[strategic-field]]`, `[[record-tables]]`, `[[tracking-grid]]`,
//! `[[text]]`, `[[write-in]]`). Every key has a default and is range-checked
//! while reading, so a bad value is reported at its line and column. The full
//! language is documented in `docs/spec.md`; the built-in templates are specs too.

mod arrange;
pub(crate) mod error;
mod games;
pub mod overrides;
mod page;
mod parts;
pub mod templates;
mod value;

use std::collections::{HashMap, HashSet};
use std::ops::Range;
use std::path::{Path, PathBuf};

use serde::Deserialize;

pub use arrange::{Align, BoxSpec, Direction, Justify};
pub use error::SpecError;
pub use games::{Players, SosBoard, TttBoards, UltimateField};
pub use page::{Margins, Orientation, PageSpec, PaperSize};
pub use parts::{
    At, RecordTables, StrategicField, TextPart, TrackingGrid, TrackingKind, Weight, WriteIn,
};
pub use value::Extent;

use crate::input::{TOML_LIMIT, folder_of, inside, looks_like_path, read_text};
use crate::maps::{load_map_file, load_map_path};
use error::Locator;

/// `[document]`: what the sheet is called.
#[derive(Debug, Clone, Deserialize, Default)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct DocumentInfo {
    /// Title written into the PDF metadata and SVG `<title>` (default empty).
    #[serde(default)]
    pub title: String,
    /// One line saying what the sheet is for (shown by `paperboard templates`).
    #[serde(default)]
    pub description: String,
}

/// A whole spec, validated: every id unique, every arrangement item known,
/// every map resolved.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct Spec {
    /// `[document]`.
    #[serde(default)]
    pub document: DocumentInfo,
    /// `[page]`.
    #[serde(default)]
    pub page: PageSpec,
    /// `[layout]`: the root box, filling the page inside its margins.
    #[serde(default)]
    pub layout: BoxSpec,
    /// `[[box]]`: nested boxes.
    #[serde(default, rename = "box")]
    pub boxes: Vec<BoxSpec>,
    /// `[[strategic-field]]` parts.
    #[serde(default)]
    pub strategic_field: Vec<StrategicField>,
    /// `[[record-tables]]` parts.
    #[serde(default)]
    pub record_tables: Vec<RecordTables>,
    /// `[[tracking-grid]]` parts.
    #[serde(default)]
    pub tracking_grid: Vec<TrackingGrid>,
    /// `[[text]]` parts.
    #[serde(default)]
    pub text: Vec<TextPart>,
    /// `[[write-in]]` parts.
    #[serde(default)]
    pub write_in: Vec<WriteIn>,
    /// `[[sos-board]]` parts.
    #[serde(default)]
    pub sos_board: Vec<SosBoard>,
    /// `[[ultimate-field]]` parts.
    #[serde(default)]
    pub ultimate_field: Vec<UltimateField>,
    /// `[[ttt-boards]]` parts.
    #[serde(default)]
    pub ttt_boards: Vec<TttBoards>,
}

/// One part of any kind, borrowed from a [`Spec`].
#[derive(Debug, Clone, Copy)]
pub enum PartRef<'a> {
    /// A strategic field.
    StrategicField(&'a StrategicField),
    /// Move-record tables.
    RecordTables(&'a RecordTables),
    /// A tracking grid.
    TrackingGrid(&'a TrackingGrid),
    /// A line of text.
    Text(&'a TextPart),
    /// Blank lines to fill in.
    WriteIn(&'a WriteIn),
    /// SOS grids with score tallies.
    SosBoard(&'a SosBoard),
    /// The Ultimate field.
    UltimateField(&'a UltimateField),
    /// Tic-tac-toe practice boards.
    TttBoards(&'a TttBoards),
}

/// Something an arrangement can hold: a part or a box.
#[derive(Debug, Clone, Copy)]
pub enum Node<'a> {
    /// A part.
    Part(PartRef<'a>),
    /// A nested box.
    Box(&'a BoxSpec),
}

impl Node<'_> {
    /// The spec's name for the node's kind: the header of its array of tables.
    pub fn kind(&self) -> &'static str {
        match self {
            Node::Box(_) => "box",
            Node::Part(PartRef::StrategicField(_)) => "strategic-field",
            Node::Part(PartRef::RecordTables(_)) => "record-tables",
            Node::Part(PartRef::TrackingGrid(_)) => "tracking-grid",
            Node::Part(PartRef::Text(_)) => "text",
            Node::Part(PartRef::WriteIn(_)) => "write-in",
            Node::Part(PartRef::SosBoard(_)) => "sos-board",
            Node::Part(PartRef::UltimateField(_)) => "ultimate-field",
            Node::Part(PartRef::TttBoards(_)) => "ttt-boards",
        }
    }

    /// The node's pin, if pinned.
    pub fn at(&self) -> Option<[f64; 2]> {
        match self {
            Node::Box(b) => b.at,
            Node::Part(PartRef::StrategicField(p)) => p.at,
            Node::Part(PartRef::RecordTables(p)) => p.at,
            Node::Part(PartRef::TrackingGrid(p)) => p.at,
            Node::Part(PartRef::Text(p)) => p.at,
            Node::Part(PartRef::WriteIn(p)) => p.at,
            Node::Part(PartRef::SosBoard(p)) => p.at,
            Node::Part(PartRef::UltimateField(p)) => p.at,
            Node::Part(PartRef::TttBoards(p)) => p.at,
        }
    }
}

impl Spec {
    /// Every part and box with its id and the span of the id in the spec
    /// (empty for a defaulted id), in kind order.
    pub fn nodes(&self) -> Vec<(String, Range<usize>, Node<'_>)> {
        let mut out = Vec::new();
        let spanned = |id: &toml::Spanned<String>| (id.get_ref().clone(), id.span());
        for p in &self.write_in {
            let (id, sp) = spanned(&p.id);
            out.push((id, sp, Node::Part(PartRef::WriteIn(p))));
        }
        for p in &self.text {
            let (id, sp) = spanned(&p.id);
            out.push((id, sp, Node::Part(PartRef::Text(p))));
        }
        for p in &self.strategic_field {
            let (id, sp) = spanned(&p.id);
            out.push((id, sp, Node::Part(PartRef::StrategicField(p))));
        }
        for p in &self.record_tables {
            let (id, sp) = spanned(&p.id);
            out.push((id, sp, Node::Part(PartRef::RecordTables(p))));
        }
        for p in &self.tracking_grid {
            let sp = p.id.as_ref().map_or(0..0, |s| s.span());
            out.push((p.id(), sp, Node::Part(PartRef::TrackingGrid(p))));
        }
        for p in &self.sos_board {
            let (id, sp) = spanned(&p.id);
            out.push((id, sp, Node::Part(PartRef::SosBoard(p))));
        }
        for p in &self.ultimate_field {
            let (id, sp) = spanned(&p.id);
            out.push((id, sp, Node::Part(PartRef::UltimateField(p))));
        }
        for p in &self.ttt_boards {
            let (id, sp) = spanned(&p.id);
            out.push((id, sp, Node::Part(PartRef::TttBoards(p))));
        }
        for b in &self.boxes {
            if let Some(id) = &b.id {
                let (id, sp) = spanned(id);
                out.push((id, sp, Node::Box(b)));
            }
        }
        out
    }

    /// The ids the root arrangement holds: `[layout] items`, or when that is
    /// empty every unpinned part and box no other box holds, in kind order.
    pub fn root_items(&self) -> Vec<String> {
        if !self.layout.items.is_empty() {
            return self
                .layout
                .items
                .iter()
                .map(|i| i.get_ref().clone())
                .collect();
        }
        let held: HashSet<&str> = self
            .boxes
            .iter()
            .flat_map(|b| b.items.iter().map(|i| i.get_ref().as_str()))
            .collect();
        self.nodes()
            .into_iter()
            .filter(|(id, _, n)| n.at().is_none() && !held.contains(id.as_str()))
            .map(|(id, _, _)| id)
            .collect()
    }

    /// The maps the sheet's fields use, as a footer names them: `map34`, or
    /// `map34 : hmap2` with a per-cell map.
    pub fn maps_label(&self) -> String {
        let mut names: Vec<&str> = Vec::new();
        for f in &self.strategic_field {
            let row = f.row_map.as_ref().map(|(n, _)| n.as_str());
            let cell = f.cell_map.as_ref().map(|(n, _)| n.as_str());
            for n in [row, cell].into_iter().flatten() {
                if !names.contains(&n) {
                    names.push(n);
                }
            }
        }
        names.join(" : ")
    }
}

/// Parses and validates a spec's text. `origin` names it in messages;
/// map-file paths are resolved inside `base_dir`, the spec's own folder (a
/// spec without a folder can name built-in maps only).
pub fn parse(origin: &str, text: &str, base_dir: Option<&Path>) -> Result<Spec, SpecError> {
    parse_trusting(origin, text, base_dir, &[])
}

/// [`parse`], where the map names in `command_line` came from the command
/// line: those may be any path, read from the current folder.
fn parse_trusting(
    origin: &str,
    text: &str,
    base_dir: Option<&Path>,
    command_line: &[String],
) -> Result<Spec, SpecError> {
    let loc = Locator::new(origin, text);
    if let Some(bad) = crate::input::unprintable_in_toml(text) {
        return Err(loc.invalid(bad.span.clone(), Some(bad.key.clone()), bad.message()));
    }
    let mut spec: Spec = toml::from_str(text).map_err(|e| loc.toml(e))?;
    validate_arrangement(&spec, &loc)?;
    resolve_maps(&mut spec, &loc, base_dir, command_line)?;
    Ok(spec)
}

/// Loads a built-in template by name, or else a spec file by path.
pub fn load(name_or_path: &str) -> Result<Spec, SpecError> {
    load_with(name_or_path, &[])
}

/// Loads a template or spec file and applies `--set` overrides given on the
/// command line (see [`overrides`]).
pub fn load_with(name_or_path: &str, sets: &[overrides::Override]) -> Result<Spec, SpecError> {
    load_with_trust(name_or_path, &[], sets)
}

/// Loads a template or spec file and applies overrides: first `sets`, which
/// came from a file (a handout spec's `set`) and may name map files only
/// inside the spec's folder, then `command_line`, which may name any map
/// file.
pub fn load_with_trust(
    name_or_path: &str,
    sets: &[overrides::Override],
    command_line: &[overrides::Override],
) -> Result<Spec, SpecError> {
    let (origin, text, base_dir) = read_source(name_or_path)?;
    let base_dir = base_dir.as_deref();
    let all: Vec<overrides::Override> = sets.iter().chain(command_line).cloned().collect();
    let trusted: Vec<String> = command_line
        .iter()
        .filter_map(overrides::Override::map_name)
        .collect();
    let changed = overrides::apply(&origin, &text, &all)?;
    parse_trusting(&origin, &changed, base_dir, &trusted).map_err(|e| {
        if all.is_empty() {
            return e;
        }
        // Blame the override whose value was refused, not a line of the
        // re-written text the user never saw.
        overrides::blame(&origin, &text, &all, |t| {
            parse_trusting(&origin, t, base_dir, &trusted).map(|_| ())
        })
        .unwrap_or(e)
    })
}

/// The name, text and directory (for relative map paths) of a template or spec file.
fn read_source(name_or_path: &str) -> Result<(String, String, Option<PathBuf>), SpecError> {
    if let Some(t) = templates::get(name_or_path) {
        return Ok((format!("{}.toml", t.name), t.text.to_string(), None));
    }
    let path = Path::new(name_or_path);
    if !looks_like_path(name_or_path) && !path.exists() {
        return Err(SpecError::Unknown(
            name_or_path.to_string(),
            templates::names().join(", "),
        ));
    }
    let text = read_text(path, TOML_LIMIT)?;
    Ok((
        name_or_path.to_string(),
        text,
        Some(folder_of(path).to_path_buf()),
    ))
}

fn validate_arrangement(spec: &Spec, loc: &Locator) -> Result<(), SpecError> {
    if let Some(id) = &spec.layout.id {
        return Err(loc.invalid(
            id.span(),
            Some("layout.id".into()),
            "the root `[layout]` has no id; use `[[box]]` for a named box",
        ));
    }
    if spec.layout.at.is_some() {
        return Err(loc.invalid(
            0..0,
            Some("layout.at".into()),
            "the root `[layout]` fills the page and cannot be pinned",
        ));
    }
    if let Some(b) = spec.boxes.iter().find(|b| b.id.is_none()) {
        let span = b.items.first().map_or(0..0, |i| i.span());
        return Err(loc.invalid(span, Some("box.id".into()), "every `[[box]]` needs an `id`"));
    }
    let mut nodes = spec.nodes();
    // A defaulted id has no span of its own: point at the part's table header.
    let defaulted: HashSet<usize> = (0..nodes.len())
        .filter(|&i| nodes[i].1.is_empty())
        .collect();
    let mut seen: HashMap<&str, usize> = HashMap::new();
    for (_, span, node) in &mut nodes {
        let index = seen.entry(node.kind()).or_default();
        if span.start == span.end {
            *span = loc.table_header(node.kind(), *index);
        }
        *index += 1;
    }
    let mut by_id: HashMap<&str, &Node> = HashMap::new();
    for (i, (id, span, node)) in nodes.iter().enumerate() {
        if by_id.insert(id.as_str(), node).is_some() {
            let message = if defaulted.contains(&i) {
                format!(
                    "two parts are called `{id}`, the default id of their kind; give each its own `id`"
                )
            } else {
                format!("id `{id}` is used twice; give each part and box its own `id`")
            };
            return Err(loc.invalid(span.clone(), Some("id".into()), message));
        }
    }
    let explicit_root = !spec.layout.items.is_empty();
    let lists = std::iter::once(&spec.layout)
        .chain(&spec.boxes)
        .filter(|b| b.id.is_some() || explicit_root);
    let mut placed: HashSet<&str> = HashSet::new();
    for b in lists {
        for item in &b.items {
            let id = item.get_ref().as_str();
            let Some(node) = by_id.get(id) else {
                let mut known: Vec<&str> = by_id.keys().copied().collect();
                known.sort();
                return Err(loc.invalid(
                    item.span(),
                    Some("items".into()),
                    format!("no part or box has id `{id}`; ids: {}", known.join(", ")),
                ));
            };
            if node.at().is_some() {
                return Err(loc.invalid(
                    item.span(),
                    Some("items".into()),
                    format!("`{id}` is pinned with `at` and cannot also be arranged"),
                ));
            }
            if !placed.insert(id) {
                return Err(loc.invalid(
                    item.span(),
                    Some("items".into()),
                    format!("`{id}` is arranged twice"),
                ));
            }
        }
    }
    // Everything unpinned must hang off the root, which also rules out boxes
    // that hold each other in a cycle.
    let mut reached: HashSet<String> = HashSet::new();
    let mut stack = spec.root_items();
    while let Some(id) = stack.pop() {
        if let Some(Node::Box(b)) = by_id.get(id.as_str()) {
            stack.extend(b.items.iter().map(|i| i.get_ref().clone()));
        }
        reached.insert(id);
    }
    for (id, span, node) in &nodes {
        if node.at().is_none() && !reached.contains(id) {
            return Err(loc.invalid(
                span.clone(),
                Some("id".into()),
                format!(
                    "`{id}` is not on the page: list it in `[layout] items` or a box's `items`, or pin it with `at`"
                ),
            ));
        }
    }
    Ok(())
}

/// Reads the maps the fields name: built-in names, map files inside the
/// spec's folder, or paths given on the command line (`command_line`).
fn resolve_maps(
    spec: &mut Spec,
    loc: &Locator,
    base_dir: Option<&Path>,
    command_line: &[String],
) -> Result<(), SpecError> {
    let load = |name: &str| -> Result<crate::maps::MapFile, crate::maps::MapError> {
        if crate::maps::builtin(name).is_some() || command_line.iter().any(|c| c == name) {
            return load_map_file(name);
        }
        match base_dir {
            Some(dir) => load_map_path(&inside(dir, name)?),
            None => Err(crate::maps::MapError::Unknown(name.to_string())),
        }
    };
    for f in &mut spec.strategic_field {
        if let Some(name) = &f.row_numbers {
            let mf = load(name.get_ref())
                .and_then(|mf| Ok((mf.name.clone(), mf.functional()?)))
                .map_err(|e| loc.map(name.span(), name.get_ref(), e))?;
            f.row_map = Some(mf);
        }
        if let Some(name) = &f.cell_numbers {
            let mf = load(name.get_ref())
                .and_then(|mf| Ok((mf.name.clone(), Box::new(mf.hyperfunctional()?))))
                .map_err(|e| loc.map(name.span(), name.get_ref(), e))?;
            f.cell_map = Some(mf);
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests;
