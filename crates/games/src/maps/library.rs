//! The map files a record may name.
//!
//! A record's `[Map "…"]` or `[HyperMap "…"]` tag never reaches the file
//! system by itself: it names a built-in map, or a map file the person running
//! the checker offered on the command line, by its file name — a file given
//! with `--map-file F`, or a file in a folder given with `--maps-dir D`. A tag
//! with a folder part, `..` or an absolute path is refused, and an error about
//! a map file a record named says where the file is wrong, never what it
//! holds.

use std::collections::HashMap;
use std::path::Path;
use std::sync::Mutex;

use super::{MapError, MapFile, parse_map_file};
use crate::source::text::InputError;

/// A place where map files are looked up by name: a `--maps-dir` folder.
///
/// The games never open a file; the layer that owns files answers for the
/// folder, under the rules above (a name with a folder part never leaves
/// the folder).
pub trait MapFolder: std::fmt::Debug + Send + Sync {
    /// The map file `file_name` (`mine` or `mine.toml`) in this place, if
    /// there is one: read and parsed, or why it cannot be used, in words
    /// that name the file but never quote what it holds.
    fn find(&self, file_name: &str) -> Option<Result<MapFile, UnusableMap>>;
}

/// Map files offered to records: files by name, and folders to look in.
#[derive(Debug, Default)]
pub struct MapLibrary {
    /// `--map-file`s, read when added, by file name.
    files: Vec<(String, MapFile)>,
    /// `--maps-dir` folders.
    folders: Vec<Box<dyn MapFolder>>,
    /// Maps read from the folders so far, by the name the record used.
    read: Mutex<HashMap<String, Result<MapFile, UnusableMap>>>,
}

impl MapLibrary {
    /// An empty library: records can name built-in maps only.
    pub fn new() -> MapLibrary {
        MapLibrary::default()
    }

    /// Offers a map file already read, under its file name (`mine.toml`).
    pub fn add_map(&mut self, file_name: &str, map: MapFile) {
        self.files.push((file_name.to_string(), map));
    }

    /// Offers a map file's text under its file name (`mine.toml`), as
    /// uploaded rather than read from a path: parsed now, so a bad file is
    /// reported at once.
    pub fn add_text(&mut self, file_name: &str, text: &str) -> Result<(), MapError> {
        let map = parse_map_file(file_name, text)?;
        self.files.push((file_name.to_string(), map));
        Ok(())
    }

    /// Offers the map files of a folder.
    pub fn add_folder(&mut self, folder: Box<dyn MapFolder>) {
        self.folders.push(folder);
    }

    /// The map file a record names `name` (a file name, with or without
    /// `.toml`): a file offered by name first, then the folders in order.
    /// `None` when no offered file or folder has it; an error (in words)
    /// when the file found cannot be used.
    pub fn find(&self, name: &str) -> Option<Result<MapFile, UnusableMap>> {
        let stem_matches =
            |file: &str| file == name || Path::new(file).file_stem().is_some_and(|s| s == name);
        if let Some((_, map)) = self.files.iter().find(|(file, _)| stem_matches(file)) {
            return Some(Ok(map.clone()));
        }
        let mut read = self.read.lock().unwrap_or_else(|p| p.into_inner());
        if let Some(known) = read.get(name) {
            return Some(known.clone());
        }
        let found = self.folders.iter().find_map(|folder| folder.find(name))?;
        read.insert(name.to_string(), found.clone());
        Some(found)
    }
}

/// A map file a record named that cannot be used: where it is wrong, never
/// what it holds.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error, miette::Diagnostic)]
#[error("the map file {path} cannot be used ({why}); `paperboard maps show {path}` says why")]
#[diagnostic(code(paperboard::map::unusable))]
pub struct UnusableMap {
    /// The file, as the person running the checker named it.
    pub path: String,
    /// Why, in words that never quote the file (`at line 3, column 7`).
    pub why: String,
    /// Why, typed: what `why` and the other languages are worded from.
    reason: Unusable,
}

/// Why a map file cannot be used, typed so that a report words it in its
/// reader's language.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Unusable {
    /// A folder, FIFO, socket or device.
    NotAFile(crate::source::text::FileKind),
    /// Larger than its limit, written for people (`1 MiB`).
    TooLarge(String),
    /// Not UTF-8 text from this line and column on.
    NotUtf8(crate::source::Position),
    /// The system would not read it.
    Unreadable,
    /// Not a map's TOML, or an entry out of range, here.
    At(crate::source::Position),
    /// A map of the other kind.
    Kind {
        found: &'static str,
        wanted: &'static str,
    },
    /// No map file at all.
    NotAMap,
}

impl Unusable {
    fn words(&self, language: crate::language::Language) -> String {
        use crate::messages::{Arg::Text, say};
        let place = |id, at: &crate::source::Position| {
            say(
                language,
                id,
                &[
                    ("line", Text(&at.line.to_string())),
                    ("col", Text(&at.col.to_string())),
                ],
            )
        };
        match self {
            Unusable::NotAFile(kind) => {
                say(language, "map-not-a-file", &[("kind", Text(kind.key()))])
            }
            Unusable::TooLarge(limit) => say(language, "map-too-large", &[("limit", Text(limit))]),
            Unusable::NotUtf8(at) => place("map-not-utf8", at),
            Unusable::Unreadable => say(language, "map-unreadable", &[]),
            Unusable::At(at) => place("map-at", at),
            Unusable::Kind { found, wanted } => say(
                language,
                "map-kind",
                &[("is", Text(found)), ("needed", Text(wanted))],
            ),
            Unusable::NotAMap => say(language, "map-not-a-map", &[]),
        }
    }
}

impl UnusableMap {
    /// Why the map file at `path` cannot be used, from why it could not be
    /// read (`e`), for a record that names it.
    pub fn new(path: &str, e: &MapError) -> UnusableMap {
        let reason = match e {
            MapError::Input(InputError::NotAFile { what, .. }) => Unusable::NotAFile(*what),
            MapError::Input(InputError::TooLarge { limit_text, .. }) => {
                Unusable::TooLarge(limit_text.clone())
            }
            MapError::Input(InputError::NotUtf8 { at, .. }) => Unusable::NotUtf8(*at),
            MapError::Input(_) => Unusable::Unreadable,
            MapError::Syntax { at, .. } | MapError::Invalid { at, .. } => Unusable::At(*at),
            MapError::WrongKind { found, wanted, .. } => Unusable::Kind { found, wanted },
            MapError::Unknown(_) => Unusable::NotAMap,
        };
        UnusableMap {
            path: path.to_string(),
            why: reason.words(crate::language::Language::En),
            reason,
        }
    }

    /// The whole sentence in `language`; in English, this error's text.
    pub fn words(&self, language: crate::language::Language) -> String {
        use crate::messages::{Arg::Text, say};
        say(
            language,
            "map-unusable",
            &[
                ("path", Text(&self.path)),
                ("why", Text(&self.reason.words(language))),
            ],
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::maps::builtin;

    #[derive(Debug)]
    struct Folder(Vec<(&'static str, Result<MapFile, UnusableMap>)>);

    impl MapFolder for Folder {
        fn find(&self, file_name: &str) -> Option<Result<MapFile, UnusableMap>> {
            self.0
                .iter()
                .find(|(n, _)| *n == file_name)
                .map(|(_, m)| m.clone())
        }
    }

    #[test]
    fn files_come_before_folders_and_a_folder_answer_is_kept() {
        let mut lib = MapLibrary::new();
        let text = MapFile::new("given", builtin("map67").unwrap()).to_toml();
        lib.add_text("given.toml", &text).unwrap();
        let unusable =
            |path: &str| Err(UnusableMap::new(path, &MapError::Unknown(path.to_string())));
        lib.add_folder(Box::new(Folder(vec![
            ("given", unusable("given")),
            ("mine", Ok(MapFile::new("mine", builtin("map34").unwrap()))),
            ("broken", unusable("broken")),
        ])));
        assert_eq!(lib.find("given").unwrap().unwrap().name().name(), "given");
        assert_eq!(
            lib.find("given.toml").unwrap().unwrap().name().name(),
            "given"
        );
        assert_eq!(lib.find("mine").unwrap().unwrap().name().name(), "mine");
        assert!(lib.find("nope").is_none());
        assert_eq!(
            lib.find("broken").unwrap().unwrap_err().to_string(),
            "the map file broken cannot be used (it is not a map file); `paperboard maps show broken` says why"
        );
        assert!(lib.add_text("bad.toml", "password = 1\n").is_err());
    }
}
