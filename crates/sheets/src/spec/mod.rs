//! The TOML layout spec: what a sheet shows and how it is arranged.
//!
//! A spec is a `[page]`, a root arrangement `[layout]` with optional nested
//! `[[box]]`es, and parts, one array of tables per kind
//! (`[[strategic-field]]`, `[[record-tables]]`, `[[tracking-grid]]`,
//! `[[text]]`, `[[write-in]]`, …; see [`crate::parts`]). Every key has a
//! default and is range-checked while reading, so a bad value is reported at
//! its line and column. The full language is documented in `docs/spec.md`;
//! the built-in templates are specs too.
//!
//! Reading goes text → spanned tree → raw spec (every value
//! checked) → [`Spec`] (ids, arrangements and maps checked). `--set` changes
//! the tree, so its values meet the same checks ([`Set`]). A [`Spec`] has no
//! public fields: the only ways to one are reading a spec, and the typed
//! changes below, which check again.

pub(crate) mod arrange;
mod edit;
pub(crate) mod error;
mod page;
pub(crate) mod raw;
mod rules;
mod says;
mod sets;
mod templates;

use std::path::Path;

pub(crate) use arrange::{Align, BoxSpec, Direction, Justify};
pub use edit::edited_text;
pub use error::SpecError;
pub(crate) use page::{Margins, PageSpec};
pub use page::{Orientation, PaperSize};
pub(crate) use raw::DocumentInfo;
pub use sets::Set;
pub use templates::Template;

use crate::files::{NoFiles, SpecFiles, SpecFolder, folder_of};
use crate::games::ttt::Options;
use crate::language::Language;
use crate::maps::{AnyMap, MapId};
use crate::parts::KINDS;
use crate::parts::words::unknown_placeholders;
use crate::source::text::{TOML_LIMIT, looks_like_path, toml_fault};
use crate::source::tree::{self, Tree};
use error::Locator;
use raw::{Node, RawSpec};

/// A whole spec, checked: every value in range, every id unique, every
/// arrangement item known, every map resolved.
#[derive(Debug, Clone)]
pub struct Spec {
    raw: RawSpec,
    /// Where it came from, to report a later typed change that breaks it.
    loc: Locator,
    /// Which sheet it is, as its printed code names it.
    identity: Identity,
}

/// Which sheet a spec makes, as the sheet code the layout prints names it:
/// a built-in template changed in nothing but paper, orientation and language (which the code carries itself), or
/// else the hash of the spec's canonical text.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Identity {
    /// The template, if the spec is one (but for paper, orientation and
    /// language).
    pub template: Option<Template>,
    /// The hash of the canonical text (see `spec_hash`).
    pub hash: u64,
}

impl Spec {
    /// Parses and checks a spec's text. `origin` names it in messages;
    /// map-file paths are resolved inside `folder`, the spec's own (a spec
    /// without a folder can name built-in maps only).
    pub fn parse(
        origin: &str,
        text: &str,
        folder: Option<SpecFolder<'_>>,
    ) -> Result<Spec, SpecError> {
        Spec::parse_with_sets(origin, text, folder, &[])
    }

    /// Parses and checks a spec's text with `sets` applied, as
    /// [`Spec::load`] applies them to a file (`render --set`). Without a
    /// folder no file is read: a map file a set names resolves inside
    /// `folder` only (with `None`, built-in maps only), the way to read a
    /// spec that arrives over the network.
    pub fn parse_with_sets(
        origin: &str,
        text: &str,
        folder: Option<SpecFolder<'_>>,
        sets: &[Set],
    ) -> Result<Spec, SpecError> {
        match folder {
            Some(folder) => parse_with(origin, text, folder.files, Some(folder.path), sets),
            None => parse_with(origin, text, &NoFiles, None, sets),
        }
    }

    /// A built-in template by name, or else a spec file by path, read
    /// through `files`, with `sets` applied (`--set`, see [`Set`]). Only a
    /// set marked as given on the command line ([`Set::from_command_line`])
    /// may name a map file outside the spec's folder.
    pub fn load(
        name_or_path: &str,
        sets: &[Set],
        files: &dyn SpecFiles,
    ) -> Result<Spec, SpecError> {
        load_with(name_or_path, sets, files)
    }

    /// A built-in template with `sets` applied (built-in maps only).
    pub fn template(template: Template, sets: &[Set]) -> Result<Spec, SpecError> {
        self::template(template, sets, &NoFiles)
    }

    /// `[document]`: title and description.
    pub(crate) fn document(&self) -> &DocumentInfo {
        &self.raw.document
    }

    /// `[page]`: paper, orientation and margins.
    pub(crate) fn page(&self) -> &PageSpec {
        &self.raw.page
    }

    /// The one line `paperboard templates` shows (`[document] description`).
    pub fn description(&self) -> &str {
        &self.raw.document.description
    }

    /// The paper size (`[page] size`).
    pub fn paper_size(&self) -> PaperSize {
        self.raw.page.size
    }

    /// Which way up the paper is (`[page] orientation`).
    pub fn orientation(&self) -> Orientation {
        self.raw.page.orientation
    }

    /// The language of every word the sheet prints (`[document] language`).
    pub fn language(&self) -> Language {
        self.raw.document.language
    }

    /// The rules in force (`[rules]`), which the sheet's footer states.
    pub fn options(&self) -> Options {
        self.raw.rules.options()
    }

    /// Which sheet this is, as its printed code names it.
    pub(crate) fn identity(&self) -> Identity {
        self.identity
    }

    /// Whether the sheet prints alignment marks and its code: `[page]
    /// marks`, or when not written, whether it has a field or a record.
    pub fn marks(&self) -> bool {
        self.raw.page.marks.unwrap_or_else(|| {
            self.raw.parts().iter().any(|p| {
                matches!(
                    p.kind(),
                    "strategic-field"
                        | "ultimate-field"
                        | "ttt-boards"
                        | "sos-board"
                        | "record-tables"
                        | "continuous-record"
                )
            })
        })
    }

    /// The 1-based ply the sheet's first record box records: a
    /// continuation sheet's is past 1 (the first record part's `start`).
    pub fn first_ply(&self) -> u32 {
        if let Some(r) = self.raw.record_tables.first() {
            let per_row = r.players.len().max(1) as u32;
            return (r.start - 1).saturating_mul(per_row).saturating_add(1);
        }
        self.raw.continuous_record.first().map_or(1, |c| c.start)
    }

    /// The change that makes this sheet's record start at ply
    /// `first_ply` (a continuation sheet), as the sheet code's `r` says;
    /// `None` when the sheet has no record, or when no row starts there
    /// (a record of two moves a row starts at odd plies only).
    pub(crate) fn starting_at(&self, first_ply: u32) -> Option<Set> {
        if let Some(r) = self.raw.record_tables.first() {
            let per_row = r.players.len().max(1) as u32;
            let before = first_ply.saturating_sub(1);
            let row = before / per_row + 1;
            return before
                .is_multiple_of(per_row)
                .then(|| Set::typed(&format!("{}.start", r.id.get_ref()), &row));
        }
        let c = self.raw.continuous_record.first()?;
        Some(Set::typed(&format!("{}.start", c.id.get_ref()), &first_ply))
    }

    /// The spec as read, for the layout.
    pub(crate) fn raw(&self) -> &RawSpec {
        &self.raw
    }

    /// The spec's text, to point a message about a text it prints at the
    /// line that writes it.
    pub(crate) fn source(&self) -> &crate::source::report::Source {
        self.loc.source()
    }

    /// The change (`--set`) that writes `printed`, a text on the sheet.
    pub(crate) fn set_writing(&self, printed: &str) -> Option<&str> {
        self.loc.set_writing(printed)
    }

    /// Every part and box with its id, in kind order.
    pub(crate) fn nodes(&self) -> Vec<(String, std::ops::Range<usize>, Node<'_>)> {
        self.raw.nodes()
    }

    /// Every part as (kind, id), in kind order and within a kind in spec
    /// order: what a `--set` can name (`sos.size`, `record-tables.rows`).
    pub fn parts(&self) -> Vec<(&'static str, String)> {
        self.raw
            .parts()
            .into_iter()
            .map(|p| (p.kind(), p.id()))
            .collect()
    }

    /// The ids the root arrangement holds: `[layout] items`, or when that is
    /// empty every unpinned part and box no other box holds, in kind order.
    pub fn root_items(&self) -> Vec<String> {
        self.raw.root_items()
    }

    /// The game the sheet's boards are for: `None` for a sheet without
    /// boards (texts, record tables) or with the boards of more than one
    /// game. The kind of [`Spec::setup`].
    pub fn game(&self) -> Option<crate::games::GameKind> {
        self.setup().map(|setup| setup.kind())
    }

    /// The game the sheet is for, under the sheet's rules: the game of its
    /// boards and fields; Strategic under the ruleset its first field is
    /// printed for, with that ruleset's map (tactical without a map); SOS
    /// on its first board with its players (the `general` variant, as a
    /// record without a `Variant` tag). A tracking grid beside an Ultimate
    /// field tracks that game; alone, a Strategic one. `None` for a sheet
    /// without boards or with the boards of more than one game.
    pub fn setup(&self) -> Option<crate::setup::GameSetup> {
        use crate::games::GameKind;
        use crate::games::sos::{SosConfig, SosVariant};
        use crate::games::ttt::Ruleset;
        use crate::setup::{GameMap, GameSetup};
        let raw = &self.raw;
        let mut games: Vec<GameKind> = [
            (!raw.strategic_field.is_empty(), GameKind::Strategic),
            (!raw.sos_board.is_empty(), GameKind::Sos),
            (!raw.ultimate_field.is_empty(), GameKind::Ultimate),
            (!raw.ttt_boards.is_empty(), GameKind::TicTacToe),
        ]
        .into_iter()
        .filter_map(|(here, game)| here.then_some(game))
        .collect();
        if games.is_empty() && !raw.tracking_grid.is_empty() {
            games.push(GameKind::Strategic);
        }
        let options = self.options();
        match games[..] {
            [GameKind::TicTacToe] => Some(GameSetup::tictactoe(options)),
            [GameKind::Ultimate] => Some(GameSetup::ultimate(options)),
            [GameKind::Strategic] => {
                // A tracking grid alone tracks a tactical game.
                let (ruleset, map) = raw.field_ruleset().unwrap_or((Ruleset::Tactical, None));
                let map = map.map(|id| GameMap::new(id.clone()));
                Some(GameSetup::strategic(ruleset, map, options))
            }
            [GameKind::Sos] => {
                let board = raw.sos_board.first()?;
                let names = &board.players.0;
                let players = names.len() as u32;
                let (columns, rows) = (board.size.columns(), board.size.rows());
                let config = SosConfig::new(columns, rows, players, SosVariant::General).ok()?;
                let named = names.iter().all(|n| !n.trim().is_empty());
                Some(GameSetup::Sos {
                    config,
                    names: if named { names.clone() } else { Vec::new() },
                })
            }
            _ => None,
        }
    }

    /// The ids of the parts of a kind (`write-in`), in spec order.
    pub(crate) fn ids_of_kind(&self, kind: &str) -> Vec<String> {
        self.raw
            .parts()
            .into_iter()
            .filter(|p| p.kind() == kind)
            .map(|p| p.id())
            .collect()
    }

    /// The maps the sheet's fields use, as a footer names them: `map34`, or
    /// `map34 : hmap2` with a per-cell map.
    pub(crate) fn maps_label(&self) -> String {
        self.raw.maps_label()
    }

    /// The same sheet with other margins (a handout moves a sheet down to
    /// make room for its header).
    pub(crate) fn with_margins(&self, margins: Margins) -> Result<Spec, SpecError> {
        let mut raw = self.raw.clone();
        raw.page.margins = margins;
        let change = format!("margins {margins:?}");
        let c = raw.page.content();
        let usable = [margins.top, margins.right, margins.bottom, margins.left]
            .iter()
            .all(|m| m.is_finite() && *m >= 0.0)
            && c.w > 0.0
            && c.h > 0.0;
        if !usable {
            return Err(SpecError::Edit {
                origin: self.loc.origin().to_string(),
                message: format!("the margins {margins:?} leave no room on the page"),
            });
        }
        self.rechecked(raw, &change)
    }

    /// The same sheet without the parts with these ids, the mentions of them
    /// and the boxes that leaves empty.
    pub(crate) fn without_parts(&self, ids: &[String]) -> Result<Spec, SpecError> {
        let mut raw = self.raw.clone();
        raw.remove_parts(ids);
        self.rechecked(raw, &format!("without {ids:?}"))
    }

    /// The same sheet printing `map` (with the name it goes by) on its
    /// strategic fields: a functional map as the row numbers, a
    /// hyperfunctional one as the number in every cell.
    pub fn with_field_map(&self, id: &MapId, map: &AnyMap) -> Result<Spec, SpecError> {
        let mut raw = self.raw.clone();
        for f in &mut raw.strategic_field {
            match map {
                AnyMap::Functional(m) => f.row_map = Some((id.clone(), *m)),
                AnyMap::Hyperfunctional(h) => f.cell_map = Some((id.clone(), h.clone())),
            }
        }
        self.rechecked(raw, &format!("map {id:?} {map:?}"))
    }

    /// The spec `raw` made by `change` (described in words that name it
    /// exactly), checked: no longer the template it was, and its hash
    /// another.
    fn rechecked(&self, raw: RawSpec, change: &str) -> Result<Spec, SpecError> {
        let mut text = format!("{:016x}\n", self.identity.hash);
        text.push_str(change);
        Ok(Spec {
            raw: raw.recheck(&self.loc)?,
            loc: self.loc.clone(),
            identity: Identity {
                template: None,
                hash: spec_hash(&text),
            },
        })
    }
}

/// Parses a spec's text with `sets` applied, and checks the result; the
/// map files it names are read through `files`, inside `base_dir` (the
/// spec's folder) unless a set from the command line names them.
pub(crate) fn parse_with(
    origin: &str,
    text: &str,
    files: &dyn SpecFiles,
    base_dir: Option<&Path>,
    sets: &[Set],
) -> Result<Spec, SpecError> {
    let mut loc = Locator::new(origin, text);
    // Only the changes a user wrote count; those the program makes itself
    // (a handout's paper, language and rules) are its own business.
    let written = sets.iter().filter(|s| !s.is_made()).count();
    if written > crate::limits::SETS {
        return Err(SpecError::Edit {
            origin: origin.to_string(),
            message: format!(
                "{written} changes (`--set`) were given; a spec takes at most {}",
                crate::limits::SETS
            ),
        });
    }
    for set in sets {
        if let Some(message) = set.unprintable() {
            return Err(loc.set_error(&set.to_string(), message));
        }
    }
    let mut tree = Tree::parse(text).map_err(|e| loc.toml(e, None))?;
    // What no sheet can carry (control characters, noncharacters) and what
    // no sheet needs (texts and lists past the limits) is refused where it
    // is written, before anything else reads the text.
    let limits = |tree: &Tree<'_>, loc: &Locator| match toml_fault(tree.root()) {
        Some(fault) => Err(loc.invalid(fault.span, Some(fault.key), fault.message)),
        None => Ok(()),
    };
    limits(&tree, &loc)?;
    loc = loc.with_headers(&tree, &kinds());
    let as_written: RawSpec = loc.read(&tree)?;
    let raw = if sets.is_empty() {
        as_written
    } else {
        for set in sets {
            let (steps, key) = set
                .target(&as_written)
                .map_err(|m| loc.set_error(&set.to_string(), m.to_string()))?;
            let offset = loc.set_offset(&set.to_string(), set.value_text());
            let value = tree::value(set.value_text(), offset);
            tree.set(&steps, &key, value)
                .map_err(|e| loc.set_error(&set.to_string(), e.to_string()))?;
        }
        limits(&tree, &loc)?;
        loc.read(&tree)?
    };
    check_placeholders(&tree, &loc)?;
    check_size_order(&raw, &tree, &loc)?;
    let trusted: Vec<&str> = sets.iter().filter_map(Set::command_line_map).collect();
    let identity = identity(text, &tree);
    Ok(Spec {
        raw: raw.check(&loc, files, base_dir, &trusted)?,
        loc,
        identity,
    })
}

/// Which sheet the spec `text`, changed into `tree`, makes: a template if
/// its text is one and the changes touch nothing but the keys the sheet
/// code carries itself, else the hash of its canonical text.
fn identity(text: &str, tree: &Tree<'_>) -> Identity {
    let canonical = canonical_text(tree);
    let template = Template::ALL.iter().copied().find(|t| {
        t.text() == text
            && Tree::parse(t.text())
                .ok()
                .is_some_and(|own| canonical_text(&own) == canonical)
    });
    Identity {
        template,
        hash: spec_hash(&canonical),
    }
}

/// The spec as the sheet code's hash reads it: the document with its
/// changes made, without `page.size`, `page.orientation`,
/// `document.language` and the first record's `start` (the code names
/// those itself: a continuation sheet of a template is the template),
/// written out again as TOML, so comments, spacing and quoting do not
/// count.
fn canonical_text(tree: &Tree<'_>) -> String {
    let Ok(mut doc) = tree.deserialize::<toml::Table>() else {
        return String::new();
    };
    for (table, key) in [
        ("page", "size"),
        ("page", "orientation"),
        ("document", "language"),
    ] {
        if let Some(toml::Value::Table(t)) = doc.get_mut(table) {
            t.remove(key);
        }
    }
    // The record `Spec::first_ply` reads: the first record tables, else
    // the first continuous record.
    for kind in ["record-tables", "continuous-record"] {
        if let Some(toml::Value::Array(records)) = doc.get_mut(kind)
            && let Some(toml::Value::Table(first)) = records.first_mut()
        {
            first.remove("start");
            break;
        }
    }
    toml::to_string(&doc).unwrap_or_default()
}

/// Refuses a text naming a placeholder there is no word for (`{dat}`),
/// where it is written.
fn check_placeholders(tree: &Tree<'_>, loc: &Locator) -> Result<(), SpecError> {
    for (span, text) in tree.strings() {
        if let Some(name) = unknown_placeholders(text).first() {
            let known: Vec<String> = crate::parts::words::placeholders()
                .map(|p| format!("{{{p}}}"))
                .collect();
            return Err(loc.invalid(
                span.clone(),
                tree.key_path_at(span.start),
                format!(
                    "`{{{name}}}` is no placeholder; a text may hold {}",
                    known.join(", ")
                ),
            ));
        }
    }
    Ok(())
}

/// Sizes written in the wrong order (`min-cell` above `cell`) contradict
/// each other: refused where the smaller one is written, in the file or a
/// `--set`. A default (or a built-in template's value) is not written, and
/// gives way (see [`crate::parts::SizeOrder`]).
fn check_size_order(raw: &RawSpec, tree: &Tree<'_>, loc: &Locator) -> Result<(), SpecError> {
    let text = loc.source().text();
    let text_len = text.len();
    let builtin = Template::ALL.iter().any(|t| t.text() == text);
    let mut index: std::collections::HashMap<&str, usize> = Default::default();
    for part in raw.parts() {
        let kind = part.kind();
        let i = index.entry(kind).or_default();
        let n = *i;
        *i += 1;
        for order in part.size_order() {
            let ((low, low_mm), (up, up_mm)) = (order.lower, order.upper);
            if low_mm <= up_mm {
                continue;
            }
            // A built-in template's values are defaults to its user: only
            // a `--set` writes into one.
            let written = |key| {
                tree.item_value_span(kind, n, key)
                    .filter(|at| !builtin || at.start >= text_len)
            };
            if let (Some(at), Some(_)) = (written(low), written(up)) {
                return Err(loc.invalid(
                    at,
                    Some(format!("{kind}.{low}")),
                    crate::source::fault::Fault::SizeOrder {
                        lower: low.to_string(),
                        lower_mm: low_mm.to_string(),
                        upper: up.to_string(),
                        upper_mm: up_mm.to_string(),
                    },
                ));
            }
        }
    }
    Ok(())
}

fn kinds() -> Vec<&'static str> {
    KINDS.iter().copied().chain(["box"]).collect()
}

/// Loads a template or spec file through `files` and applies `sets` to it
/// (see [`sets`]).
pub(crate) fn load_with(
    name_or_path: &str,
    sets: &[Set],
    files: &dyn SpecFiles,
) -> Result<Spec, SpecError> {
    if let Some(t) = Template::from_name(name_or_path) {
        return template(t, sets, files);
    }
    let path = Path::new(name_or_path);
    if !looks_like_path(name_or_path) && !files.exists(path) {
        return Err(SpecError::Unknown(
            name_or_path.to_string(),
            Template::ALL
                .iter()
                .map(|t| t.name())
                .collect::<Vec<_>>()
                .join(", "),
        ));
    }
    let text = files.read_text(path, TOML_LIMIT)?;
    parse_with(name_or_path, &text, files, Some(folder_of(path)), sets)
}

/// A built-in template with `sets` applied (a map file a set from the
/// command line names is read through `files`).
pub(crate) fn template(
    template: Template,
    sets: &[Set],
    files: &dyn SpecFiles,
) -> Result<Spec, SpecError> {
    let origin = format!("{}.toml", template.name());
    parse_with(&origin, template.text(), files, None, sets)
}

/// The 64-bit FNV-1a hash of `bytes`: small, stable across platforms and
/// versions, and enough to tell one teacher's specs apart (it guards
/// against a wrong file, not an adversary).
pub(crate) fn fnv1a(bytes: &[u8]) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in bytes {
        h ^= u64::from(*b);
        h = h.wrapping_mul(0x0100_0000_01b3);
    }
    h
}

/// The hash an `h=` code names: FNV-1a of the spec's canonical text, the
/// document with every change made and the keys the code carries itself
/// (`page.size`, `page.orientation`, `document.language`) left out, written
/// out again as TOML (so comments, key order and spacing do not count).
pub(crate) fn spec_hash(canonical: &str) -> u64 {
    fnv1a(canonical.as_bytes())
}

/// The arrangement's keys, `[layout]` and `[[box]]` alike (documented
/// with the arrangement, and not on the web form, which leaves the
/// arrangement to the template).
#[cfg(test)]
pub(crate) fn arrangement() -> crate::keys::TableDoc {
    arrange::BoxSpec::table_doc(true)
}

/// Every table of the spec a user describes a sheet with, in the
/// reference's order (the arrangement tables `[layout]` and `[[box]]` are
/// documented by hand, with the arrangement).
pub fn reference() -> Vec<crate::keys::TableDoc> {
    use crate::parts::{
        continuous::ContinuousRecord, field::StrategicField, footer::Footer, record::RecordTables,
        sos::SosBoard, text::TextPart, tracking::TrackingGrid, ttt::TttBoards,
        ultimate::UltimateField, write_in::WriteIn,
    };
    vec![
        raw::DocumentInfo::table_doc(false),
        rules::RulesSpec::table_doc(false),
        page::PageSpec::table_doc(false),
        StrategicField::table_doc(true),
        RecordTables::table_doc(true),
        TrackingGrid::table_doc(true),
        ContinuousRecord::table_doc(true),
        TextPart::table_doc(true),
        WriteIn::table_doc(true),
        Footer::table_doc(true),
        SosBoard::table_doc(true),
        UltimateField::table_doc(true),
        TttBoards::table_doc(true),
    ]
}

#[cfg(test)]
mod tests;
