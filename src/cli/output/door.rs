//! The output door: every output paperboard writes goes through a
//! [`Target`], which decides how once, from what the path names:
//!
//! * `-` is standard output;
//! * a path that names an open file descriptor (`/dev/stdout`, `/dev/fd/N`,
//!   `/proc/self/fd/N`, as process substitution gives) or an existing file that
//!   is not a regular file (a device such as `/dev/null`, a FIFO) is opened and
//!   written through, in append mode, never replaced (see `through`);
//! * anything else is a regular file, new or existing. A symlink at a path
//!   the user typed is followed and its target replaced; a symlink, a
//!   device or a FIFO at a name the program made up
//!   ([`crate::cli::derived`]) is refused; the bytes go to a temporary file
//!   in the target's folder which is renamed over the target only once
//!   complete (see `staged`), so a failed run leaves the previous file as
//!   it was. An existing file keeps its permissions; a read-only one is
//!   refused, as is a folder.
//!
//! An output that is the same file (device and inode) as any input this run
//! read through [`crate::cli::files`] is refused: `render same.toml -o same.toml`
//! keeps the spec.

use std::fs::{self, Permissions};
use std::path::{Path, PathBuf};

use paperboard_sheets::files::folder_of;

use super::staged::{commit, stage};
use super::through::{write_stdout, write_through};
use super::{OutputError, shown};
use crate::cli::derived::OutputPath;
use crate::cli::files::{FileId, kind_of, was_read};

/// Where an output goes; see this module's documentation.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Target {
    /// Standard output (`-`).
    Stdout,
    /// An existing device, FIFO or file-descriptor path, written in place.
    Through(PathBuf),
    /// A regular file, replaced atomically.
    File {
        /// The path as named.
        named: PathBuf,
        /// The file written: `named` with symlinks followed.
        real: PathBuf,
        /// The permissions of the existing file, kept.
        keep: Option<Permissions>,
    },
}

/// Paths that name a file descriptor of this process rather than a file.
pub(super) fn names_a_descriptor(path: &Path) -> bool {
    ["/dev/fd/", "/proc/self/fd/", "/proc/thread-self/fd/"]
        .iter()
        .any(|p| path.starts_with(p))
        || ["/dev/stdout", "/dev/stderr", "/dev/stdin"]
            .iter()
            .any(|p| path == Path::new(p))
        || (path.starts_with("/proc/") && path.components().any(|c| c.as_os_str() == "fd"))
}

/// Follows `path` through symlinks (at most 40, as the kernel does). Returns
/// the final path and whether any step named a file descriptor.
pub(super) fn follow(path: &Path) -> Result<(PathBuf, bool), OutputError> {
    let mut current = path.to_path_buf();
    let mut descriptor = names_a_descriptor(&current);
    for _ in 0..40 {
        match fs::symlink_metadata(&current) {
            Ok(m) if m.file_type().is_symlink() => {
                let link = fs::read_link(&current).map_err(|source| OutputError::Write {
                    path: shown(path),
                    cause: source,
                })?;
                current = match current.parent() {
                    Some(dir) if link.is_relative() => dir.join(link),
                    _ => link,
                };
                descriptor |= names_a_descriptor(&current);
            }
            _ => return Ok((current, descriptor)),
        }
    }
    Err(OutputError::Write {
        path: shown(path),
        cause: std::io::Error::other("too many levels of symbolic links"),
    })
}

/// Refuses `path` if it is a file this run read.
pub(super) fn not_an_input(path: &Path, meta: &fs::Metadata) -> Result<(), OutputError> {
    match FileId::of(meta).and_then(was_read) {
        Some(input) => Err(OutputError::SameAsInput {
            path: shown(path),
            input: shown(&input),
        }),
        None => Ok(()),
    }
}

impl Target {
    /// Decides how `path` is written (see the module documentation), refusing
    /// folders, read-only files, files read as input, missing folders, and
    /// a link at a name the program made up.
    pub fn resolve(path: impl Into<OutputPath>) -> Result<Target, OutputError> {
        let output = path.into();
        let path = output.path();
        if let OutputPath::Derived(_) = output {
            // Made up, so not `-`, and never through a link (see
            // `crate::cli::derived`). A link planted after this check is
            // replaced by the final rename, never followed.
            match fs::symlink_metadata(path) {
                Ok(m) if m.file_type().is_symlink() => {
                    return Err(OutputError::DerivedLink { path: shown(path) });
                }
                Ok(m) if !m.is_file() && !m.is_dir() => {
                    return Err(OutputError::DerivedSpecial { path: shown(path) });
                }
                _ => {}
            }
        } else if path == Path::new("-") {
            return Ok(Target::Stdout);
        }
        let (real, descriptor) = follow(path)?;
        if descriptor {
            if let Ok(meta) = fs::metadata(path) {
                not_an_input(path, &meta)?;
            }
            return Ok(Target::Through(path.to_path_buf()));
        }
        match fs::metadata(&real) {
            Ok(meta) if meta.is_dir() => Err(OutputError::Folder { path: shown(path) }),
            Ok(meta) if kind_of(&meta).is_some() => Ok(Target::Through(path.to_path_buf())),
            Ok(meta) => {
                if meta.permissions().readonly() {
                    return Err(OutputError::ReadOnly { path: shown(path) });
                }
                not_an_input(path, &meta)?;
                Ok(Target::File {
                    named: path.to_path_buf(),
                    real,
                    keep: Some(meta.permissions()),
                })
            }
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
                let folder = folder_of(&real);
                if !folder.is_dir() {
                    return Err(OutputError::NoFolder {
                        path: shown(path),
                        folder: shown(folder),
                    });
                }
                Ok(Target::File {
                    named: path.to_path_buf(),
                    real,
                    keep: None,
                })
            }
            Err(source) => Err(OutputError::Write {
                path: shown(path),
                cause: source,
            }),
        }
    }

    /// The path as named (`-` for standard output).
    pub fn named(&self) -> &Path {
        match self {
            Target::Stdout => Path::new("-"),
            Target::Through(p) => p,
            Target::File { named, .. } => named,
        }
    }

    /// Writes `bytes` to the target. A regular file is checked again (it may
    /// have been read since [`Target::resolve`]) and replaced atomically.
    pub fn write(&self, bytes: &[u8]) -> Result<(), OutputError> {
        match self {
            Target::Stdout => write_stdout(bytes),
            Target::Through(path) => write_through(path, bytes),
            Target::File { named, real, keep } => {
                let staged =
                    stage(real, bytes, keep.as_ref()).map_err(|source| OutputError::Write {
                        path: shown(named),
                        cause: source,
                    })?;
                commit(named, real, staged)
            }
        }
    }
}

/// Refuses an output `path` that is one of `inputs` (by device and inode,
/// following symlinks), before any of them is read: a long run that would
/// end by destroying its input stops at once.
pub fn refuse_inputs(path: &Path, inputs: &[PathBuf]) -> Result<(), OutputError> {
    let Some(out) = fs::metadata(path).ok().and_then(|m| FileId::of(&m)) else {
        return Ok(());
    };
    for input in inputs {
        if fs::metadata(input).ok().and_then(|m| FileId::of(&m)) == Some(out) {
            return Err(OutputError::SameAsInput {
                path: shown(path),
                input: shown(input),
            });
        }
    }
    Ok(())
}

/// Whether two output paths name the same file, existing or not: the same
/// name in the same folder (folders compared with links followed), or the
/// same existing file.
pub fn same_output(a: &Path, b: &Path) -> bool {
    let id = |p: &Path| fs::metadata(p).ok().and_then(|m| FileId::of(&m));
    if let (Some(x), Some(y)) = (id(a), id(b)) {
        return x == y;
    }
    let place = |p: &Path| {
        let folder = fs::canonicalize(folder_of(p)).ok()?;
        Some(folder.join(p.file_name()?))
    };
    match (place(a), place(b)) {
        (Some(x), Some(y)) => x == y,
        _ => a == b,
    }
}

/// Writes `bytes` to `path` atomically (temporary file in the same folder,
/// then rename), for files paperboard makes of its own (example records, map
/// files): follows the same rules as any [`Target`].
pub fn write_atomic(path: impl Into<OutputPath>, bytes: &[u8]) -> Result<(), OutputError> {
    Target::resolve(path)?.write(bytes)
}
