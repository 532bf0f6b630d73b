//! The files a spec names, read for the sheets by the program that owns
//! files: this crate opens none itself.
//!
//! A spec file, a handout spec, the map file a field numbers its rows by
//! (`[[strategic-field]] row-numbers = "mine.toml"`) and the sheet spec a
//! handout names (`sheet = "x.toml"`) are all read through [`SpecFiles`],
//! which the caller hands to the reading functions. The command line reads
//! the file system with its rules (a regular file only, the size limit
//! checked while reading, every file read remembered so that no output
//! replaces it); a reader that is handed no [`SpecFiles`] (the web server:
//! a request names no file) names built-in maps and sheets only.
//!
//! What holds whatever the reader, because it is decided here:
//!
//! * a path written inside a file resolves inside that file's folder
//!   ([`SpecFiles::inside`]): an absolute path, a `..` step, or a link that
//!   leads outside is [`InputError::Outside`], so data never leads the
//!   program out of the folder it came from;
//! * a name that is neither built-in nor an existing file is an unknown name
//!   unless it looks like a path, which is "no such file"
//!   ([`InputError::NotFound`]);
//! * every text is read with its kind's limit ([`TOML_LIMIT`] for specs and
//!   map files).

use std::path::{Component, Path, PathBuf};

use crate::maps::{BuiltinMap, MapError, MapFile, parse_map_file};
use crate::source::text::{InputError, TOML_LIMIT, looks_like_path};

/// Reads the files a spec names. Implemented by the program that owns
/// files; see the module documentation for the rules an implementation
/// keeps and the ones this crate keeps for it.
pub trait SpecFiles: std::fmt::Debug + Send + Sync {
    /// The text of the file at `path`, of at most `limit` bytes: only a
    /// regular file is read, the limit is checked while reading, and the
    /// text is checked as text (see
    /// [`paperboard_games::source::text::decode_text`]). Nothing at `path`
    /// is [`InputError::NotFound`].
    fn read_text(&self, path: &Path, limit: u64) -> Result<String, InputError>;

    /// Whether anything exists at `path` (links followed).
    fn exists(&self, path: &Path) -> bool;

    /// Where `path` really is (links followed, absolute), if it exists.
    fn real_path(&self, path: &Path) -> Option<PathBuf>;

    /// Resolves a path written inside a file (a spec's map file, a
    /// handout's sheet) against that file's `folder`. An absolute path, a
    /// `..` step, or a link that leads outside is
    /// [`InputError::Outside`].
    fn inside(&self, folder: &Path, written: &str) -> Result<PathBuf, InputError> {
        let outside = || InputError::Outside {
            path: written.to_string(),
            folder: folder.display().to_string(),
        };
        let relative = Path::new(written);
        let plain = relative
            .components()
            .all(|c| matches!(c, Component::Normal(_) | Component::CurDir));
        if written.is_empty() || !plain {
            return Err(outside());
        }
        let joined = folder.join(relative);
        if let (Some(real), Some(real_folder)) = (self.real_path(&joined), self.real_path(folder))
            && !real.starts_with(&real_folder)
        {
            return Err(outside());
        }
        Ok(joined)
    }

    /// A map named on the command line: a built-in name, or else the path
    /// of a map file. A name that is neither a built-in nor an existing
    /// file is [`MapError::Unknown`] unless it looks like a path
    /// (`mine.toml`, `maps/x`), which is "no such file".
    fn load_map(&self, name_or_path: &str) -> Result<MapFile, MapError> {
        if let Some(builtin) = BuiltinMap::from_name(name_or_path) {
            return Ok(MapFile::builtin(builtin));
        }
        let path = Path::new(name_or_path);
        if !looks_like_path(name_or_path) && !self.exists(path) {
            return Err(MapError::Unknown(name_or_path.to_string()));
        }
        self.load_map_path(path)
    }

    /// The map file at `path` (of at most [`TOML_LIMIT`] bytes).
    fn load_map_path(&self, path: &Path) -> Result<MapFile, MapError> {
        let text = self.read_text(path, TOML_LIMIT)?;
        parse_map_file(&path.display().to_string(), &text)
    }
}

/// The reader of a spec that is no file: it finds nothing, so such a spec
/// names built-in maps and sheets only (its reading functions refuse a
/// file name before they would ask).
#[derive(Debug, Clone, Copy)]
pub(crate) struct NoFiles;

impl SpecFiles for NoFiles {
    fn read_text(&self, path: &Path, _limit: u64) -> Result<String, InputError> {
        Err(InputError::NotFound {
            path: path.display().to_string(),
        })
    }

    fn exists(&self, _path: &Path) -> bool {
        false
    }

    fn real_path(&self, _path: &Path) -> Option<PathBuf> {
        None
    }
}

/// A spec's folder, whose files the spec may name, with the reader of
/// them.
#[derive(Debug, Clone, Copy)]
pub struct SpecFolder<'a> {
    /// The folder (the spec file's own).
    pub path: &'a Path,
    /// How its files are read.
    pub files: &'a dyn SpecFiles,
}

/// The folder a file is in (`.` for a bare name).
pub fn folder_of(path: &Path) -> &Path {
    match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => Path::new("."),
    }
}

/// Files kept in memory, for the tests of the readers that take
/// [`SpecFiles`].
#[cfg(test)]
pub(crate) mod memory {
    use super::*;
    use std::collections::BTreeMap;

    /// Texts by path; a folder exists when a file is in it. A path whose
    /// text is a path in `links` is a link to it.
    #[derive(Debug, Default)]
    pub(crate) struct MemoryFiles {
        pub(crate) texts: BTreeMap<PathBuf, String>,
        pub(crate) links: BTreeMap<PathBuf, PathBuf>,
    }

    impl MemoryFiles {
        pub(crate) fn with(files: &[(&str, &str)]) -> MemoryFiles {
            MemoryFiles {
                texts: files
                    .iter()
                    .map(|(p, t)| (PathBuf::from(p), t.to_string()))
                    .collect(),
                links: BTreeMap::new(),
            }
        }

        fn resolved(&self, path: &Path) -> PathBuf {
            let plain: PathBuf = path
                .components()
                .filter(|c| !matches!(c, Component::CurDir))
                .collect();
            self.links.get(&plain).cloned().unwrap_or(plain)
        }
    }

    impl SpecFiles for MemoryFiles {
        fn read_text(&self, path: &Path, limit: u64) -> Result<String, InputError> {
            let text =
                self.texts
                    .get(&self.resolved(path))
                    .ok_or_else(|| InputError::NotFound {
                        path: path.display().to_string(),
                    })?;
            if text.len() as u64 > limit {
                return Err(InputError::TooLarge {
                    path: path.display().to_string(),
                    limit,
                    limit_text: crate::source::text::size_text(limit),
                });
            }
            Ok(text.clone())
        }

        fn exists(&self, path: &Path) -> bool {
            let path = self.resolved(path);
            self.texts.keys().any(|p| p.starts_with(&path))
        }

        fn real_path(&self, path: &Path) -> Option<PathBuf> {
            self.exists(path)
                .then(|| Path::new("/").join(self.resolved(path)))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::memory::MemoryFiles;
    use super::*;

    #[test]
    fn paths_written_in_files_stay_in_their_folder() {
        let mut files = MemoryFiles::with(&[("specs/m.toml", ""), ("secret.conf", "k = 1")]);
        files
            .links
            .insert("specs/link.toml".into(), "secret.conf".into());
        let inner = Path::new("specs");
        assert_eq!(files.inside(inner, "m.toml").unwrap(), inner.join("m.toml"));
        assert_eq!(
            files.inside(inner, "./a/m.toml").unwrap(),
            inner.join("./a/m.toml")
        );
        for bad in [
            "../secret.conf",
            "/etc/passwd",
            "a/../../secret.conf",
            "",
            "link.toml",
        ] {
            let e = files.inside(inner, bad).unwrap_err();
            assert!(matches!(e, InputError::Outside { .. }), "{bad}: {e}");
            assert!(e.to_string().contains("is outside specs"), "{bad}: {e}");
        }
    }

    #[test]
    fn a_map_name_is_built_in_a_file_or_unknown() {
        let map = MapFile::builtin(BuiltinMap::Map67).to_toml();
        let files = MemoryFiles::with(&[("mine", &map)]);
        assert_eq!(files.load_map("map34").unwrap().name().name(), "map34");
        assert_eq!(files.load_map("mine").unwrap().name().name(), "map67");
        assert!(matches!(
            files.load_map("nope"),
            Err(MapError::Unknown(name)) if name == "nope"
        ));
        let e = files.load_map("nope.toml").unwrap_err();
        assert!(e.to_string().contains("nope.toml: no such file"), "{e}");
        assert!(matches!(
            NoFiles.load_map("mine"),
            Err(MapError::Unknown(_))
        ));
    }
}
