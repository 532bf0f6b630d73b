//! Reading input files: the one door every file paperboard reads comes through.
//!
//! Specs, handout specs, map files and records are all opened here, whichever
//! way their path arrived (a command-line argument, a `--set` value, a path
//! written in a spec), so the same rules hold for each:
//!
//! * only a regular file is read (or standard input where a command offers
//!   `-`): a folder, FIFO, socket or device is refused before it is opened, so
//!   `/dev/zero` cannot grow without bound and a FIFO cannot hang the program;
//! * a text input has a size limit (1 MiB for specs and map files),
//!   checked while reading, so a file that grows while being read is still
//!   cut off;
//! * a path that does not exist is [`InputError::NotFound`] ("no such file"),
//!   which callers keep apart from an unknown built-in name;
//! * every file opened is remembered ([`was_read`]), so an output can refuse
//!   to replace a file the same run read;
//! * a path written inside a file stays inside that file's folder: the
//!   sheets decide that, asking [`FileSystem`] where a path really leads.
//!
//! The sheets library opens no file itself: it reads the files a spec names
//! through [`FileSystem`], its [`SpecFiles`]. Records are not read whole:
//! [`open`] hands the checker a file it streams. What is checked of the text
//! once read (UTF-8, size, unprintable characters) lives with the games, in
//! [`paperboard_games::source::text`].

use std::fs::{File, Metadata};
use std::io::Read;
use std::path::{Path, PathBuf};
use std::sync::Mutex;

use paperboard_games::maps::{MapError, MapFile, MapFolder, MapLibrary, UnusableMap};
use paperboard_games::source::text::{FileKind, InputError, decode_text, size_text};
use paperboard_sheets::files::SpecFiles;

/// Identifies a file independent of the path used to reach it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct FileId {
    device: u64,
    inode: u64,
}

impl FileId {
    /// The identity of the file `meta` describes (`None` where the platform
    /// has no device and inode numbers).
    pub fn of(meta: &Metadata) -> Option<FileId> {
        #[cfg(unix)]
        {
            use std::os::unix::fs::MetadataExt;
            Some(FileId {
                device: meta.dev(),
                inode: meta.ino(),
            })
        }
        #[cfg(not(unix))]
        {
            let _ = meta;
            None
        }
    }
}

/// Every file read in this process, with the path it was read by.
static READ: Mutex<Vec<(FileId, PathBuf)>> = Mutex::new(Vec::new());

fn remember(meta: &Metadata, path: &Path) {
    let Some(id) = FileId::of(meta) else {
        return;
    };
    let mut read = READ.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
    if !read.iter().any(|(known, p)| *known == id && p == path) {
        read.push((id, path.to_path_buf()));
    }
}

/// The path by which this process read the file `id`, if it read it and
/// that path still leads to it (a file read and since deleted may have left
/// its inode number to a new file).
pub fn was_read(id: FileId) -> Option<PathBuf> {
    let read = READ.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
    read.iter()
        .filter(|(known, _)| *known == id)
        .find(|(_, path)| std::fs::metadata(path).ok().and_then(|m| FileId::of(&m)) == Some(id))
        .map(|(_, path)| path.clone())
}

/// What a file of this type is, for a message; `None` for a regular file.
pub fn kind_of(meta: &Metadata) -> Option<FileKind> {
    let t = meta.file_type();
    if t.is_file() {
        return None;
    }
    if t.is_dir() {
        return Some(FileKind::Folder);
    }
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        if t.is_fifo() {
            return Some(FileKind::Fifo);
        }
        if t.is_socket() {
            return Some(FileKind::Socket);
        }
        if t.is_char_device() || t.is_block_device() {
            return Some(FileKind::Device);
        }
    }
    Some(FileKind::Other)
}

fn shown(path: &Path) -> String {
    path.display().to_string()
}

/// Opens `path` for reading if it is a regular file, remembering it as read.
/// The type is checked before opening (opening a FIFO would wait for a
/// writer) and again on the open file.
pub fn open(path: &Path) -> Result<File, InputError> {
    let io = |source: std::io::Error| match source.kind() {
        std::io::ErrorKind::NotFound => InputError::NotFound { path: shown(path) },
        _ => InputError::Io {
            path: shown(path),
            cause: source,
        },
    };
    let not_a_file = |what| InputError::NotAFile {
        path: shown(path),
        what,
    };
    let meta = std::fs::metadata(path).map_err(io)?;
    if let Some(what) = kind_of(&meta) {
        return Err(not_a_file(what));
    }
    let file = File::open(path).map_err(io)?;
    let meta = file.metadata().map_err(io)?;
    if let Some(what) = kind_of(&meta) {
        return Err(not_a_file(what));
    }
    remember(&meta, path);
    Ok(file)
}

/// Reads a regular file of at most `limit` bytes as UTF-8 text.
pub fn read_text(path: &Path, limit: u64) -> Result<String, InputError> {
    let file = open(path)?;
    let mut bytes = Vec::new();
    file.take(limit.saturating_add(1))
        .read_to_end(&mut bytes)
        .map_err(|source| InputError::Io {
            path: shown(path),
            cause: source,
        })?;
    if bytes.len() as u64 > limit {
        return Err(InputError::TooLarge {
            path: shown(path),
            limit,
            limit_text: size_text(limit),
        });
    }
    decode_text(&shown(path), bytes)
}

/// The file system, as the sheets read the files a spec names: by the
/// rules of this module.
#[derive(Debug, Clone, Copy)]
pub struct FileSystem;

impl SpecFiles for FileSystem {
    fn read_text(&self, path: &Path, limit: u64) -> Result<String, InputError> {
        read_text(path, limit)
    }

    fn exists(&self, path: &Path) -> bool {
        path.exists()
    }

    fn real_path(&self, path: &Path) -> Option<PathBuf> {
        path.canonicalize().ok()
    }
}

/// Offers the map file at `path` to a record library (read now, so a bad
/// file is reported at once).
pub fn add_map_file(library: &mut MapLibrary, path: &Path) -> Result<(), MapError> {
    let map = FileSystem.load_map_path(path)?;
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    library.add_map(&name, map);
    Ok(())
}

/// A `--maps-dir` folder: the map files a record may name by file name.
#[derive(Debug)]
pub struct MapsDir {
    folder: PathBuf,
}

impl MapsDir {
    /// The folder at `path`, which must be a folder.
    pub fn open(path: &Path) -> Result<MapsDir, InputError> {
        match std::fs::metadata(path) {
            Ok(m) if m.is_dir() => Ok(MapsDir {
                folder: path.to_path_buf(),
            }),
            Ok(m) => Err(InputError::NotAFile {
                path: shown(path),
                what: kind_of(&m).unwrap_or(FileKind::File),
            }),
            Err(_) => Err(InputError::NotFound { path: shown(path) }),
        }
    }
}

impl MapFolder for MapsDir {
    fn find(&self, name: &str) -> Option<Result<MapFile, UnusableMap>> {
        let with_ext = format!("{name}.toml");
        for candidate in [name, with_ext.as_str()] {
            let Ok(path) = FileSystem.inside(&self.folder, candidate) else {
                continue;
            };
            if std::fs::symlink_metadata(&path).is_err() {
                continue;
            }
            return Some(
                FileSystem
                    .load_map_path(&path)
                    .map_err(|e| UnusableMap::new(&shown(&path), &e)),
            );
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_a_file_and_remembers_it() {
        let dir = tempfile::tempdir().unwrap();
        let p = dir.path().join("a.toml");
        std::fs::write(&p, "x = 1\n").unwrap();
        assert_eq!(read_text(&p, 100).unwrap(), "x = 1\n");
        let id = FileId::of(&std::fs::metadata(&p).unwrap()).unwrap();
        assert_eq!(was_read(id), Some(p));
    }

    #[test]
    fn missing_folder_too_large_and_bad_utf8_are_told_apart() {
        let dir = tempfile::tempdir().unwrap();
        let missing = dir.path().join("none.toml");
        assert!(matches!(
            read_text(&missing, 10),
            Err(InputError::NotFound { .. })
        ));
        let e = read_text(dir.path(), 10).unwrap_err();
        assert!(
            matches!(
                e,
                InputError::NotAFile {
                    what: FileKind::Folder,
                    ..
                }
            ),
            "{e}"
        );
        let big = dir.path().join("big.toml");
        std::fs::write(&big, "x".repeat(2048)).unwrap();
        let e = read_text(&big, 1024).unwrap_err();
        assert!(e.to_string().contains("larger than 1 KiB"), "{e}");
        let bad = dir.path().join("bad.toml");
        std::fs::write(&bad, b"a\nb\xffc").unwrap();
        let e = read_text(&bad, 1024).unwrap_err();
        assert!(
            e.to_string()
                .ends_with(":2:2: expected UTF-8 text (this is a plain text file format)"),
            "{e}"
        );
    }

    #[cfg(unix)]
    #[test]
    fn a_fifo_is_refused_without_waiting_for_a_writer() {
        let dir = tempfile::tempdir().unwrap();
        let fifo = dir.path().join("pipe.toml");
        let made = std::process::Command::new("mkfifo")
            .arg(&fifo)
            .status()
            .unwrap();
        assert!(made.success());
        let e = read_text(&fifo, 10).unwrap_err();
        assert!(e.to_string().contains("a FIFO"), "{e}");
    }

    #[test]
    fn paths_written_in_files_stay_in_their_folder() {
        let dir = tempfile::tempdir().unwrap();
        let inner = dir.path().join("specs");
        std::fs::create_dir(&inner).unwrap();
        std::fs::write(dir.path().join("secret.conf"), "k = 1").unwrap();
        assert_eq!(
            FileSystem.inside(&inner, "m.toml").unwrap(),
            inner.join("m.toml")
        );
        assert_eq!(
            FileSystem.inside(&inner, "./a/m.toml").unwrap(),
            inner.join("./a/m.toml")
        );
        for bad in ["../secret.conf", "/etc/passwd", "a/../../secret.conf", ""] {
            let e = FileSystem.inside(&inner, bad).unwrap_err();
            assert!(matches!(e, InputError::Outside { .. }), "{bad}: {e}");
        }
        #[cfg(unix)]
        {
            std::os::unix::fs::symlink(dir.path().join("secret.conf"), inner.join("link.toml"))
                .unwrap();
            assert!(FileSystem.inside(&inner, "link.toml").is_err());
        }
    }

    fn map_text(name: &str) -> String {
        MapFile::new(name, paperboard_games::maps::builtin("map67").unwrap()).to_toml()
    }

    #[test]
    fn map_files_and_folders_are_found_by_name_only() {
        let dir = tempfile::tempdir().unwrap();
        let maps = dir.path().join("maps");
        std::fs::create_dir(&maps).unwrap();
        std::fs::write(dir.path().join("given.toml"), map_text("given")).unwrap();
        std::fs::write(maps.join("mine.toml"), map_text("mine")).unwrap();
        std::fs::write(dir.path().join("secret.conf"), "password = \"hunter2\"\n").unwrap();
        std::fs::write(maps.join("broken.toml"), "password = \"hunter2\"\n").unwrap();
        let mut lib = MapLibrary::new();
        add_map_file(&mut lib, &dir.path().join("given.toml")).unwrap();
        lib.add_folder(Box::new(MapsDir::open(&maps).unwrap()));
        assert_eq!(lib.find("given").unwrap().unwrap().name().name(), "given");
        assert_eq!(lib.find("mine").unwrap().unwrap().name().name(), "mine");
        assert_eq!(
            lib.find("mine.toml").unwrap().unwrap().name().name(),
            "mine"
        );
        assert!(lib.find("../secret.conf").is_none());
        assert!(lib.find("nope").is_none());
        let e = lib.find("broken").unwrap().unwrap_err().to_string();
        assert!(e.contains("at line 1, column 1"), "{e}");
        assert!(!e.contains("password") && !e.contains("hunter2"), "{e}");
        assert!(MapsDir::open(&dir.path().join("given.toml")).is_err());
    }

    #[test]
    fn map_files_come_from_the_command_line_never_from_the_record() {
        let dir = tempfile::tempdir().unwrap();
        let map = paperboard_games::maps::MapFile::new(
            "mine",
            paperboard_games::maps::builtin("map67").unwrap(),
        );
        std::fs::write(dir.path().join("mine.toml"), map.to_toml()).unwrap();
        std::fs::write(dir.path().join("secret.conf"), "token = \"s3cr3t\"\n").unwrap();
        // map67: S=1 row 1 -> 3, so 1.1.1 sends to 3.1.
        let text = b"[Game \"strategic\"]\n[Map \"mine.toml\"]\n1.1.1 3.1.5\n";
        let mut maps = paperboard_games::maps::MapLibrary::new();
        maps.add_folder(Box::new(MapsDir::open(dir.path()).unwrap()));
        let f = paperboard_games::check::check_source("r.txt", text, Some(&maps));
        assert_eq!(
            f.games[0].report.status,
            paperboard_games::check::Status::Legal,
            "{:?}",
            f.games[0].report.errors
        );
        // Not offered: unknown, even though the file is there.
        let f = paperboard_games::check::check_source("r.txt", text, None);
        assert_eq!(
            f.games[0].report.status,
            paperboard_games::check::Status::Unusable
        );
        assert!(
            f.games[0].report.errors[0]
                .message
                .contains("unknown map `mine.toml`")
        );
        for tag in ["/dev/zero", "../secret.conf", "sub/mine.toml"] {
            let record = format!("[Game \"strategic\"]\n[Map \"{tag}\"]\n");
            let f = paperboard_games::check::check_source("r.txt", record.as_bytes(), Some(&maps));
            let e = &f.games[0].report.errors[0].message;
            assert!(e.contains("by its name only"), "{tag}: {e}");
        }
        // A file in the folder that is no map: where, not what.
        let f = paperboard_games::check::check_source(
            "r.txt",
            b"[Game \"strategic\"]\n[Map \"secret.conf\"]\n",
            Some(&maps),
        );
        let e = &f.games[0].report.errors[0].message;
        assert!(e.contains("cannot be used (at line 1, column 1)"), "{e}");
        assert!(!e.contains("token") && !e.contains("s3cr3t"), "{e}");
    }
}
