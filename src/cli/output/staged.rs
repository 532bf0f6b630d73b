//! Staged files: bytes go to a temporary file beside the target and are
//! renamed over it only once complete, so a failed or interrupted run
//! changes nothing. [`Staged`] is the same for an output written piece by
//! piece (`check --fix`).

use std::fs::{self, Permissions};
use std::io::Write;
use std::path::Path;

use tempfile::TempPath;

use paperboard_sheets::files::folder_of;

use super::door::{Target, follow, not_an_input};
use super::through::{open_through, stdout_alias, write_stdout};
use super::{OutputError, shown};
use crate::cli::derived::OutputPath;
use crate::cli::interrupt::{self, Watch};

/// A complete temporary file waiting to be renamed into place: removed if
/// dropped, and by a signal that ends the run (see [`interrupt`]).
pub(super) struct Staging {
    // Declared first so it is dropped (the file removed) before the watch.
    temp: TempPath,
    _watch: Watch,
}

impl AsRef<Path> for Staging {
    fn as_ref(&self) -> &Path {
        &self.temp
    }
}

/// A new, empty temporary file in `folder` (the system's temporary folder
/// when `None`), named so it is hidden and recognisable, with the mode any
/// new file gets, and watched (see [`interrupt`]).
fn temporary(folder: Option<&Path>) -> std::io::Result<(tempfile::NamedTempFile, Watch)> {
    let mut builder = tempfile::Builder::new();
    builder.prefix(".paperboard-").suffix(".tmp");
    // Temporary files are private (0600) by default; a new output should get
    // the mode any new file gets (0666 less the umask), like `cp` would give.
    #[cfg(unix)]
    if folder.is_some() {
        builder.permissions(std::os::unix::fs::PermissionsExt::from_mode(0o666));
    }
    interrupt::create(
        || match folder {
            Some(folder) => builder.tempfile_in(folder),
            None => builder.tempfile(),
        },
        tempfile::NamedTempFile::path,
    )
}

/// Writes `bytes` to a temporary file in `real`'s folder, with the mode an
/// existing file had (or that of any new file). Removed again if dropped.
pub(super) fn stage(
    real: &Path,
    bytes: &[u8],
    keep: Option<&Permissions>,
) -> std::io::Result<Staging> {
    let (mut tmp, watch) = temporary(Some(folder_of(real)))?;
    tmp.write_all(bytes)?;
    if let Some(perm) = keep {
        tmp.as_file().set_permissions(perm.clone())?;
    }
    tmp.as_file().sync_all()?;
    Ok(Staging {
        temp: tmp.into_temp_path(),
        _watch: watch,
    })
}

/// Renames a staged file over `real`, checking once more that it is not an
/// input.
pub(super) fn commit(named: &Path, real: &Path, staged: Staging) -> Result<(), OutputError> {
    if let Ok(meta) = fs::metadata(real) {
        not_an_input(named, &meta)?;
    }
    staged.temp.persist(real).map_err(|e| OutputError::Write {
        path: shown(named),
        cause: e.error,
    })
}

/// An output written piece by piece and put in place only when complete
/// (`check --fix`, which writes a record game by game as it reads it): a
/// regular file is staged in its folder and renamed over the target;
/// standard output, a device or a FIFO gets the bytes from a private
/// temporary file once they are complete. So the bytes written so far are
/// never held in memory, and a run that fails half-way (or is dropped)
/// writes nothing anywhere.
pub struct Staged {
    target: Target,
    /// Whether the target is the input it replaces (`--in-place`).
    in_place: bool,
    file: std::io::BufWriter<tempfile::NamedTempFile>,
    /// Declared after the file, so it is dropped after the file is removed.
    _watch: Watch,
}

impl Staged {
    /// Starts an output to `path` (see [`Target::resolve`]); with
    /// `in_place`, `path` is the input to replace, which must be an
    /// existing, writable regular file and keeps its permissions: the one
    /// deliberate overwrite of an input (`check --fix --in-place`, which the
    /// user asks for by name).
    pub fn new(path: impl Into<OutputPath>, in_place: bool) -> Result<Staged, OutputError> {
        let output = path.into();
        let path = output.path();
        let write_error = |source| OutputError::Write {
            path: shown(path),
            cause: source,
        };
        let target = if in_place {
            let (real, descriptor) = follow(path)?;
            let meta = fs::metadata(&real).map_err(write_error)?;
            if descriptor || !meta.is_file() {
                return Err(write_error(std::io::Error::other(
                    "only a regular file can be rewritten in place",
                )));
            }
            if meta.permissions().readonly() {
                return Err(OutputError::ReadOnly { path: shown(path) });
            }
            Target::File {
                named: path.to_path_buf(),
                real,
                keep: Some(meta.permissions()),
            }
        } else {
            Target::resolve(&output)?
        };
        let (file, watch) = match &target {
            Target::File { real, .. } => temporary(Some(folder_of(real))),
            Target::Stdout | Target::Through(_) => temporary(None),
        }
        .map_err(write_error)?;
        Ok(Staged {
            target,
            in_place,
            file: std::io::BufWriter::with_capacity(64 * 1024, file),
            _watch: watch,
        })
    }

    /// Puts the bytes written in place (see [`Staged`]).
    pub fn commit(self) -> Result<(), OutputError> {
        let named = self.target.named().to_path_buf();
        let write_error = |source| OutputError::Write {
            path: shown(&named),
            cause: source,
        };
        let mut file = self
            .file
            .into_inner()
            .map_err(|e| write_error(e.into_error()))?;
        match &self.target {
            Target::File { real, keep, .. } => {
                if let Some(perm) = keep {
                    file.as_file()
                        .set_permissions(perm.clone())
                        .map_err(write_error)?;
                }
                file.as_file().sync_all().map_err(write_error)?;
                let staged = Staging {
                    temp: file.into_temp_path(),
                    _watch: self._watch,
                };
                if self.in_place {
                    staged.temp.persist(real).map_err(|e| write_error(e.error))
                } else {
                    commit(&named, real, staged)
                }
            }
            Target::Stdout | Target::Through(_) => {
                use std::io::{Read, Seek};
                file.as_file_mut()
                    .seek(std::io::SeekFrom::Start(0))
                    .map_err(write_error)?;
                let mut through = match &self.target {
                    // The same descriptor the shell set up, so `>>` keeps
                    // appending.
                    Target::Through(path) if !stdout_alias(path) => Some(open_through(path)?),
                    _ => None,
                };
                let mut chunk = vec![0; 64 * 1024];
                loop {
                    let n = file.as_file_mut().read(&mut chunk).map_err(write_error)?;
                    if n == 0 {
                        break;
                    }
                    match &mut through {
                        Some(out) => out.write_all(&chunk[..n]).map_err(write_error)?,
                        None => write_stdout(&chunk[..n])?,
                    }
                }
                match &mut through {
                    Some(out) => out.flush().map_err(write_error),
                    None => Ok(()),
                }
            }
        }
    }
}

impl Write for Staged {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.file.write(buf)
    }

    fn flush(&mut self) -> std::io::Result<()> {
        self.file.flush()
    }
}
