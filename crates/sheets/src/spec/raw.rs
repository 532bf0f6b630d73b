//! The spec as read: one table per key, one array per part kind, every value
//! range-checked while deserializing. [`RawSpec::check`] validates what one
//! value cannot say alone (ids, arrangements, maps) and turns it into a
//! [`super::Spec`].

use std::collections::{HashMap, HashSet};
use std::ops::Range;
use std::path::Path;

use serde::Deserialize;

use super::error::{Locator, SpecError};
use super::rules::RulesSpec;
use super::{BoxSpec, PageSpec};
use crate::files::SpecFiles;
use crate::games::ttt::Ruleset;
use crate::keys::spec_table;
use crate::language::Language;
use crate::maps::MapId;
use crate::parts::PartRef;

spec_table! {
    /// `[document]`: what the sheet is called.
    pub(crate) struct DocumentInfo = "document" with Default {
        title: String = "title", Text(""),
            "title in the PDF metadata and the SVG `<title>` (placeholders allowed)";
        description: String = "description", Text(""), "one line shown by `paperboard templates`";
        language: Language = "language",
            Typed {
                default: Language::default,
                shape: KeyShape::Choice(&["en", "de", "ru", "th"]),
                words: "`\"en\"`",
            },
            "the language of every word the sheet prints; `render --language de` sets it";
    }
}

macro_rules! spec_struct {
    ($( $variant:ident($field:ident: $ty:ty => $geometry:ty) ),* $(,)?) => {
        /// A whole spec as read, every value range-checked.
        #[derive(Debug, Clone, Deserialize)]
        #[serde(deny_unknown_fields, rename_all = "kebab-case")]
        pub(crate) struct RawSpec {
            /// `[document]`.
            #[serde(default)]
            pub(crate) document: DocumentInfo,
            /// `[page]`.
            #[serde(default)]
            pub(crate) page: PageSpec,
            /// `[rules]`: the rules in force.
            #[serde(default)]
            pub(crate) rules: RulesSpec,
            /// `[layout]`: the root box, filling the page inside its margins.
            #[serde(default)]
            pub(crate) layout: BoxSpec,
            /// `[[box]]`: nested boxes.
            #[serde(default, rename = "box")]
            pub(crate) boxes: Vec<BoxSpec>,
            $(
                #[doc = concat!("The ", stringify!($variant), " parts.")]
                #[serde(default)]
                pub(crate) $field: Vec<$ty>,
            )*
        }

        impl RawSpec {
            /// Every part, in kind order.
            pub(crate) fn parts(&self) -> Vec<PartRef<'_>> {
                let mut out = Vec::new();
                $( out.extend(self.$field.iter().map(PartRef::$variant)); )*
                out
            }
        }
    };
}
crate::parts::with_part_kinds!(spec_struct);

/// Something an arrangement can hold: a part or a box.
#[derive(Debug, Clone, Copy)]
pub(crate) enum Node<'a> {
    /// A part.
    Part(PartRef<'a>),
    /// A nested box.
    Box(&'a BoxSpec),
}

impl Node<'_> {
    /// The spec's name for the node's kind: the header of its array of tables.
    pub(crate) fn kind(&self) -> &'static str {
        match self {
            Node::Box(_) => "box",
            Node::Part(p) => p.kind(),
        }
    }

    /// The node's pin, if pinned.
    pub(crate) fn at(&self) -> Option<[f64; 2]> {
        match self {
            Node::Box(b) => b.at,
            Node::Part(p) => p.at(),
        }
    }
}

impl RawSpec {
    /// Validates what the values alone cannot say (ids unique, arrangements
    /// complete, maps found) and resolves the maps, giving the checked spec.
    /// Map files resolve inside `base_dir`; the names in `trusted` came
    /// from the command line and may be any path. Both are read through
    /// `files`.
    pub(crate) fn check(
        mut self,
        loc: &Locator,
        files: &dyn SpecFiles,
        base_dir: Option<&Path>,
        trusted: &[&str],
    ) -> Result<Self, SpecError> {
        validate_arrangement(&self, loc)?;
        resolve_maps(&mut self, loc, files, base_dir, trusted)?;
        Ok(self)
    }

    /// Validates again after a typed change (maps stay as resolved).
    pub(crate) fn recheck(self, loc: &Locator) -> Result<Self, SpecError> {
        validate_arrangement(&self, loc)?;
        Ok(self)
    }

    /// Removes the parts with these ids, every mention of them, and the
    /// boxes that leaves empty (and their mentions).
    pub(crate) fn remove_parts(&mut self, ids: &[String]) {
        let mut gone: Vec<String> = ids.to_vec();
        macro_rules! retain_parts {
            ($( $variant:ident($field:ident: $ty:ty => $geometry:ty) ),* $(,)?) => {
                $( self.$field.retain(|p| !gone.contains(&crate::parts::Part::id(p))); )*
            };
        }
        crate::parts::with_part_kinds!(retain_parts);
        loop {
            let keep = |items: &mut Vec<toml::Spanned<String>>| {
                items.retain(|i| !gone.contains(i.get_ref()))
            };
            keep(&mut self.layout.items);
            self.boxes.iter_mut().for_each(|b| keep(&mut b.items));
            let empty: Vec<String> = self
                .boxes
                .iter()
                .filter(|b| b.items.is_empty())
                .filter_map(|b| b.id.as_ref().map(|i| i.get_ref().clone()))
                .collect();
            if empty.is_empty() {
                break;
            }
            self.boxes.retain(|b| !b.items.is_empty());
            gone.extend(empty);
        }
    }

    /// Every part and box with its id and the span of the id in the spec
    /// (empty for a defaulted id), in kind order.
    pub(crate) fn nodes(&self) -> Vec<(String, Range<usize>, Node<'_>)> {
        let mut out: Vec<_> = self
            .parts()
            .into_iter()
            .map(|p| (p.id(), p.id_span(), Node::Part(p)))
            .collect();
        for b in &self.boxes {
            if let Some(id) = &b.id {
                out.push((id.get_ref().clone(), id.span(), Node::Box(b)));
            }
        }
        out
    }

    /// The ids the root arrangement holds: `[layout] items`, or when that is
    /// empty every unpinned part and box no other box holds, in kind order.
    pub(crate) fn root_items(&self) -> Vec<String> {
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

    /// The ruleset the sheet's strategic fields are printed for, with the
    /// map it names: the first field's — hyperfunctional with a number in
    /// every cell, functional with row numbers, else tactical; `None`
    /// without a field. The one place it is worked out: the game a sheet
    /// is for (`Spec::setup`) and the words that name its ruleset both
    /// ask here.
    pub(crate) fn field_ruleset(&self) -> Option<(Ruleset, Option<&MapId>)> {
        let field = self.strategic_field.first()?;
        Some(match (&field.cell_map, &field.row_map) {
            (Some((id, m)), _) => (Ruleset::Hyperfunctional(m.clone()), Some(id)),
            (None, Some((id, m))) => (Ruleset::Functional(*m), Some(id)),
            (None, None) => (Ruleset::Tactical, None),
        })
    }

    /// The maps the sheet's fields use, as a footer names them: `map34`, or
    /// `map34 : hmap2` with a per-cell map.
    pub(crate) fn maps_label(&self) -> String {
        let mut names: Vec<&str> = Vec::new();
        for f in &self.strategic_field {
            let row = f.row_map.as_ref().map(|(n, _)| n.name());
            let cell = f.cell_map.as_ref().map(|(n, _)| n.name());
            for n in [row, cell].into_iter().flatten() {
                if !names.contains(&n) {
                    names.push(n);
                }
            }
        }
        names.join(" : ")
    }
}

fn validate_arrangement(spec: &RawSpec, loc: &Locator) -> Result<(), SpecError> {
    check_root_and_boxes(spec, loc)?;
    let nodes = located_nodes(spec, loc);
    let by_id = ids_once(&nodes, loc)?;
    check_items(spec, &by_id, loc)?;
    check_align_to(spec, &by_id, loc)?;
    check_all_placed(spec, &nodes, &by_id, loc)
}

/// A part or box by its id.
type ById<'n, 'a> = HashMap<&'n str, &'n Node<'a>>;

/// The root is unnamed and unpinned, every box is named, and the parts are
/// at most [`crate::limits::PARTS`].
fn check_root_and_boxes(spec: &RawSpec, loc: &Locator) -> Result<(), SpecError> {
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
    let parts = spec.parts().len();
    if parts > crate::limits::PARTS {
        return Err(loc.invalid(
            0..0,
            None,
            format!(
                "the spec has {parts} parts; a sheet may have at most {}",
                crate::limits::PARTS
            ),
        ));
    }
    Ok(())
}

/// A part or box with its id, where the spec writes it, and whether the id
/// is its kind's default (written nowhere: the span is then its table header).
struct Located<'a> {
    id: String,
    span: Range<usize>,
    node: Node<'a>,
    defaulted: bool,
}

/// Every part and box, located.
fn located_nodes<'a>(spec: &'a RawSpec, loc: &Locator) -> Vec<Located<'a>> {
    let mut seen: HashMap<&str, usize> = HashMap::new();
    spec.nodes()
        .into_iter()
        .map(|(id, span, node)| {
            let index = seen.entry(node.kind()).or_default();
            let defaulted = span.is_empty();
            let span = if defaulted {
                loc.table_header(node.kind(), *index)
            } else {
                span
            };
            *index += 1;
            Located {
                id,
                span,
                node,
                defaulted,
            }
        })
        .collect()
}

/// The nodes by id, refusing an id used twice.
fn ids_once<'n, 'a>(nodes: &'n [Located<'a>], loc: &Locator) -> Result<ById<'n, 'a>, SpecError> {
    let mut by_id: ById = HashMap::new();
    for n in nodes {
        let id = &n.id;
        if by_id.insert(id.as_str(), &n.node).is_some() {
            let message = if n.defaulted {
                format!(
                    "two parts are called `{id}`, the default id of their kind; give each its own `id`"
                )
            } else {
                format!("id `{id}` is used twice; give each part and box its own `id`")
            };
            return Err(loc.invalid(n.span.clone(), Some("id".into()), message));
        }
    }
    Ok(by_id)
}

/// Every listed item exists, is not pinned, and is listed once.
fn check_items(spec: &RawSpec, by_id: &ById<'_, '_>, loc: &Locator) -> Result<(), SpecError> {
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
    Ok(())
}

/// A box lines up with an item beside it in the same parent.
fn check_align_to(spec: &RawSpec, by_id: &ById<'_, '_>, loc: &Locator) -> Result<(), SpecError> {
    for parent in std::iter::once(&spec.layout).chain(&spec.boxes) {
        let siblings: Vec<&str> = parent.items.iter().map(|i| i.get_ref().as_str()).collect();
        for item in &parent.items {
            let Some(Node::Box(b)) = by_id.get(item.get_ref().as_str()) else {
                continue;
            };
            if let Some(to) = &b.align_to {
                let target = to.get_ref().as_str();
                if target == item.get_ref() || !siblings.contains(&target) {
                    return Err(loc.invalid(
                        to.span(),
                        Some("align-to".into()),
                        format!(
                            "`align-to` must name an item beside `{}` in the same box's items ({}), got `{target}`",
                            item.get_ref(),
                            siblings.join(", ")
                        ),
                    ));
                }
            }
        }
    }
    Ok(())
}

/// Everything unpinned hangs off the root, and boxes nest at most
/// [`crate::limits::BOX_DEPTH`] deep.
fn check_all_placed(
    spec: &RawSpec,
    nodes: &[Located<'_>],
    by_id: &ById<'_, '_>,
    loc: &Locator,
) -> Result<(), SpecError> {
    // Everything unpinned must hang off the root, which also rules out boxes
    // that hold each other in a cycle. Boxes nest at most BOX_DEPTH deep
    // (the root, and a pinned box, at depth 0).
    let mut reached: HashSet<String> = HashSet::new();
    let pinned_boxes = spec
        .boxes
        .iter()
        .filter(|b| b.at.is_some())
        .flat_map(|b| b.items.iter().map(|i| (i.get_ref().clone(), 1)));
    let mut stack: Vec<(String, usize)> = spec
        .root_items()
        .into_iter()
        .map(|id| (id, 1))
        .chain(pinned_boxes)
        .collect();
    while let Some((id, depth)) = stack.pop() {
        if let Some(Node::Box(b)) = by_id.get(id.as_str()) {
            if depth > crate::limits::BOX_DEPTH {
                let span = b.id.as_ref().map_or(0..0, |i| i.span());
                return Err(loc.invalid(
                    span,
                    Some("box.id".into()),
                    format!(
                        "box `{id}` is nested {depth} boxes deep; boxes may nest at most {} deep",
                        crate::limits::BOX_DEPTH
                    ),
                ));
            }
            if !reached.contains(&id) {
                stack.extend(b.items.iter().map(|i| (i.get_ref().clone(), depth + 1)));
            }
        }
        reached.insert(id);
    }
    for Located { id, span, node, .. } in nodes {
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
/// spec's folder, or paths given on the command line (`trusted`). A spec
/// cannot make the program read a file outside its own folder.
fn resolve_maps(
    spec: &mut RawSpec,
    loc: &Locator,
    files: &dyn SpecFiles,
    base_dir: Option<&Path>,
    trusted: &[&str],
) -> Result<(), SpecError> {
    let load = |name: &str| -> Result<crate::maps::MapFile, crate::maps::MapError> {
        if crate::maps::builtin(name).is_some() || trusted.contains(&name) {
            return files.load_map(name);
        }
        match base_dir {
            Some(dir) => files.load_map_path(&files.inside(dir, name)?),
            None => Err(crate::maps::MapError::Unknown(name.to_string())),
        }
    };
    for f in &mut spec.strategic_field {
        if let Some(name) = &f.row_numbers {
            let mf = load(name.get_ref())
                .and_then(|mf| Ok((mf.name().clone(), mf.functional()?)))
                .map_err(|e| loc.map(name.span(), name.get_ref(), e))?;
            f.row_map = Some(mf);
        }
        if let Some(name) = &f.cell_numbers {
            let mf = load(name.get_ref())
                .and_then(|mf| Ok((mf.name().clone(), Box::new(mf.hyperfunctional()?))))
                .map_err(|e| loc.map(name.span(), name.get_ref(), e))?;
            f.cell_map = Some(mf);
        }
    }
    Ok(())
}
