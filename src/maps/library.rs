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
use std::path::{Path, PathBuf};
use std::sync::Mutex;

use super::{MapError, MapFile, load_map_path, parse_map_file};
use crate::input::{InputError, inside};

/// Map files offered to records: files by name, and folders to look in.
#[derive(Debug, Default)]
pub struct MapLibrary {
    /// `--map-file`s, read when added, by file name.
    files: Vec<(String, MapFile)>,
    /// `--maps-dir` folders.
    folders: Vec<PathBuf>,
    /// Maps read from the folders so far, by the name the record used.
    read: Mutex<HashMap<String, Result<MapFile, String>>>,
}

impl MapLibrary {
    /// An empty library: records can name built-in maps only.
    pub fn new() -> MapLibrary {
        MapLibrary::default()
    }

    /// Offers a map file (read now, so a bad file is reported at once).
    pub fn add_file(&mut self, path: &Path) -> Result<(), MapError> {
        let map = load_map_path(path)?;
        let name = path
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default();
        self.files.push((name, map));
        Ok(())
    }

    /// Offers a map file's text under its file name (`mine.toml`), as
    /// uploaded rather than read from a path: parsed now, so a bad file is
    /// reported at once.
    pub fn add_text(&mut self, file_name: &str, text: &str) -> Result<(), MapError> {
        let map = parse_map_file(file_name, text)?;
        self.files.push((file_name.to_string(), map));
        Ok(())
    }

    /// Offers the map files in a folder.
    pub fn add_folder(&mut self, path: &Path) -> Result<(), InputError> {
        match std::fs::metadata(path) {
            Ok(m) if m.is_dir() => {
                self.folders.push(path.to_path_buf());
                Ok(())
            }
            Ok(m) => Err(InputError::NotAFile {
                path: path.display().to_string(),
                what: crate::input::kind_of(&m).unwrap_or("a file, not a folder"),
            }),
            Err(_) => Err(InputError::NotFound {
                path: path.display().to_string(),
            }),
        }
    }

    /// The map a record's tag names: `None` if the name is no offered file;
    /// `Some(Err(message))` if it names one that cannot be used.
    pub fn find(&self, name: &str) -> Option<Result<MapFile, String>> {
        let stem_matches =
            |file: &str| file == name || Path::new(file).file_stem().is_some_and(|s| s == name);
        if let Some((_, map)) = self.files.iter().find(|(file, _)| stem_matches(file)) {
            return Some(Ok(map.clone()));
        }
        let mut read = self.read.lock().unwrap_or_else(|p| p.into_inner());
        if let Some(known) = read.get(name) {
            return Some(known.clone());
        }
        let with_ext = format!("{name}.toml");
        let candidates = [name, with_ext.as_str()];
        for folder in &self.folders {
            for candidate in candidates {
                let Ok(path) = inside(folder, candidate) else {
                    continue;
                };
                if std::fs::symlink_metadata(&path).is_err() {
                    continue;
                }
                let found = load_map_path(&path).map_err(|e| unusable(&path, &e));
                read.insert(name.to_string(), found.clone());
                return Some(found);
            }
        }
        None
    }
}

/// Why a map file a record named cannot be used, without quoting the file.
fn unusable(path: &Path, e: &MapError) -> String {
    let at = |line: &usize, column: &usize| format!("at line {line}, column {column}");
    let why = match e {
        MapError::Input(InputError::NotAFile { what, .. }) => format!("it is {what}"),
        MapError::Input(InputError::TooLarge { limit_text, .. }) => {
            format!("it is larger than {limit_text}")
        }
        MapError::Input(InputError::NotUtf8 { line, col, .. }) => {
            format!("not UTF-8 text at line {line}, column {col}")
        }
        MapError::Input(_) => "it cannot be read".to_string(),
        MapError::Syntax { line, column, .. } | MapError::Invalid { line, column, .. } => {
            at(line, column)
        }
        MapError::WrongKind { found, wanted, .. } => {
            format!("it is a {found} map, but a {wanted} map is needed")
        }
        MapError::Unknown(_) => "it is not a map file".to_string(),
    };
    format!(
        "the map file {} cannot be used ({why}); `paperboard maps show {}` says why",
        path.display(),
        path.display()
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::maps::builtin;

    fn map_text(name: &str) -> String {
        MapFile::new(name, builtin("map67").unwrap()).to_toml()
    }

    #[test]
    fn files_and_folders_are_found_by_name_only() {
        let dir = tempfile::tempdir().unwrap();
        let maps = dir.path().join("maps");
        std::fs::create_dir(&maps).unwrap();
        std::fs::write(dir.path().join("given.toml"), map_text("given")).unwrap();
        std::fs::write(maps.join("mine.toml"), map_text("mine")).unwrap();
        std::fs::write(dir.path().join("secret.conf"), "password = \"hunter2\"\n").unwrap();
        std::fs::write(maps.join("broken.toml"), "password = \"hunter2\"\n").unwrap();
        let mut lib = MapLibrary::new();
        lib.add_file(&dir.path().join("given.toml")).unwrap();
        lib.add_folder(&maps).unwrap();
        assert_eq!(lib.find("given").unwrap().unwrap().name().name(), "given");
        assert_eq!(
            lib.find("given.toml").unwrap().unwrap().name().name(),
            "given"
        );
        assert_eq!(lib.find("mine").unwrap().unwrap().name().name(), "mine");
        assert_eq!(
            lib.find("mine.toml").unwrap().unwrap().name().name(),
            "mine"
        );
        assert!(lib.find("../secret.conf").is_none());
        assert!(lib.find("nope").is_none());
        let e = lib.find("broken").unwrap().unwrap_err();
        assert!(e.contains("at line 1, column 1"), "{e}");
        assert!(!e.contains("password") && !e.contains("hunter2"), "{e}");
        assert!(lib.add_folder(&dir.path().join("given.toml")).is_err());
    }
}
