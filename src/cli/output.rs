//! Writing output: files, devices, pipes and standard output, never losing
//! what should stay.
//!
//! Every output paperboard writes goes through a [`Target`], which decides how
//! once, from what the path names:
//!
//! * `-` is standard output;
//! * a path that names an open file descriptor (`/dev/stdout`, `/dev/fd/N`,
//!   `/proc/self/fd/N`, as process substitution gives) or an existing file that
//!   is not a regular file (a device such as `/dev/null`, a FIFO) is opened and
//!   written through, in append mode, never replaced;
//! * anything else is a regular file, new or existing. A symlink at a path
//!   the user typed is followed and its target replaced; a symlink, a
//!   device or a FIFO at a name the program made up ([`super::derived`]) is
//!   refused; the bytes go to a temporary file in the target's
//!   folder which is renamed over the target only once complete, so a failed
//!   run leaves the previous file as it was. An existing file keeps its
//!   permissions; a read-only one is refused, as is a folder.
//!
//! An output that is the same file (device and inode) as any input this run
//! read through [`crate::cli::files`] is refused: `render same.toml -o same.toml`
//! keeps the spec.
//!
//! Documents go through a [`PageWriter`], which takes pages one at a time so
//! long runs hold one page at a time. PDF puts every page in one file; a run of
//! unknown length ([`PageWriter::with_volumes`]) is split into volumes of
//! [`PDF_VOLUME_PAGES`] pages, since a PDF is assembled in memory. SVG has no
//! pages, so one page is written to the path given (`sheet.svg`) and N > 1
//! pages to `sheet-1.svg` … `sheet-N.svg` beside it (PDF volumes likewise:
//! `games-1.pdf`, `games-2.pdf`, …). The set
//! is written whole or not at all: each part goes to a temporary file as it is
//! made, and only when the last one is complete are they renamed into place.
//!
//! Parts an earlier, longer run left (`sheet-3.svg` after a run of two
//! pages) are removed only if this program wrote them: a run of several
//! parts keeps a list of them beside the output (`.sheet.svg.pages`: each
//! part's number, size, modification time and inode), and a later run
//! removes a listed part it does not write again only while that part is
//! still a regular file exactly as written, was not read by this run and is
//! not read-only. Anything else that merely looks like a page (`sheet-3.svg`
//! copied in, edited, made read-only, or read as the run's input) is left
//! alone. The list names parts by number only, so whatever it holds it can
//! point at nothing but the output's own parts. Several parts cannot go to
//! standard output or a device: that is refused before anything is written
//! there.
//!
//! A FIFO that no program is reading is refused ("no program is reading
//! out.svg") after a short grace for a reader started just before, rather
//! than waiting for ever.
//!
//! Standard output closed by its reader (`| head`) is
//! [`OutputError::Closed`]; [`crate::console::stdout_closed`] tells the
//! program to end quietly.

use std::fs::{self, OpenOptions, Permissions};
use std::io::Write;
use std::path::{Path, PathBuf};

use tempfile::TempPath;

use crate::cli::interrupt::{self, Watch};
use crate::console::{StdoutError, stdout_error};

use paperboard_games::source::text::io_words;
use paperboard_sheets::backend::pdf::PdfWriter;
use paperboard_sheets::backend::{BackendError, Format, svg};
use paperboard_sheets::display::{Metadata, Page};
use paperboard_sheets::files::folder_of;

use super::derived::{Made, OutputPath, derive};
use super::files::{FileId, kind_of, was_read};

/// Why an output could not be written. Nothing was changed when one of these
/// is returned, except where [`OutputError::Write`] says a device or pipe
/// took part of the bytes.
#[derive(Debug, thiserror::Error, miette::Diagnostic)]
pub enum OutputError {
    /// The reader of standard output went away (a closed pipe).
    #[error("standard output was closed by its reader")]
    Closed,
    /// Writing failed (a full disk, a missing folder, no permission).
    #[error("cannot write {path}: {}", io_words(cause))]
    #[diagnostic(code(paperboard::output::write))]
    Write {
        /// The output as named.
        path: String,
        /// The OS error, said in words ([`io_words`]) rather than shown
        /// whole: not a `source`, which would print it once more.
        cause: std::io::Error,
    },
    /// The output is a read-only file.
    #[error("{path} is read-only; paperboard does not replace it")]
    #[diagnostic(
        code(paperboard::output::read_only),
        help("make it writable (chmod u+w) or write to another file")
    )]
    ReadOnly {
        /// The output as named.
        path: String,
    },
    /// A name the program made up (see [`super::derived`]) is a symbolic
    /// link, which may point anywhere: it is not written through.
    #[error(
        "{path} is a symbolic link; paperboard named this file itself, so it does not write through a link standing there"
    )]
    #[diagnostic(
        code(paperboard::output::made_up_name_is_a_link),
        help("remove the link (rm {path}) or write the output to another folder")
    )]
    DerivedLink {
        /// The output as named.
        path: String,
    },
    /// A name the program made up is a device or a FIFO, which no one
    /// chose as an output: only a regular file is written there.
    #[error(
        "{path} is not a regular file (a device or a pipe); paperboard named this file itself, so it writes only a regular file there"
    )]
    #[diagnostic(
        code(paperboard::output::made_up_name_is_special),
        help("remove it or write the output to another folder")
    )]
    DerivedSpecial {
        /// The output as named.
        path: String,
    },
    /// The output is a folder.
    #[error("{path} is a folder; give a file name such as {path}/sheet.pdf")]
    #[diagnostic(code(paperboard::output::folder))]
    Folder {
        /// The output as named.
        path: String,
    },
    /// The output's folder does not exist.
    #[error("cannot write {path}: no such folder {folder}")]
    #[diagnostic(code(paperboard::output::no_folder))]
    NoFolder {
        /// The output as named.
        path: String,
        /// The folder that is missing.
        folder: String,
    },
    /// The output is a file this run read.
    #[error("{path} is the input {input}; writing there would destroy it")]
    #[diagnostic(code(paperboard::output::input), help("write to another file"))]
    SameAsInput {
        /// The output as named.
        path: String,
        /// The input, as it was named.
        input: String,
    },
    /// The output is a FIFO (named pipe) that no program has open for
    /// reading: writing would wait for ever.
    #[error("no program is reading {path}")]
    #[diagnostic(
        code(paperboard::output::no_reader),
        help(
            "start the program that reads the pipe first (e.g. `cat {path} > copy &`), or write to a file"
        )
    )]
    NoReader {
        /// The output as named.
        path: String,
    },
    /// More than one file's worth for a stream: several SVG pages, or more
    /// PDF pages than a volume holds.
    #[error(
        "{path} takes one file, and this document needs several ({})",
        if *format == Format::Svg { "SVG holds one page".to_string() } else { format!("a PDF volume holds {PDF_VOLUME_PAGES} pages") }
    )]
    #[diagnostic(
        code(paperboard::output::parts),
        help("give a file name: the pages go to NAME-1, NAME-2, … beside it")
    )]
    TooManyPartsForStream {
        /// The output as named.
        path: String,
        /// The format.
        format: Format,
    },
    /// The output format cannot be told, or contradicts the file name.
    #[error("{0}")]
    #[diagnostic(code(paperboard::output::format))]
    Format(String),
    /// A page could not be rendered.
    #[error(transparent)]
    #[diagnostic(transparent)]
    Render(#[from] BackendError),
}

impl From<StdoutError> for OutputError {
    fn from(e: StdoutError) -> OutputError {
        match e {
            StdoutError::Closed => OutputError::Closed,
            StdoutError::Write(cause) => OutputError::Write {
                path: "standard output".into(),
                cause,
            },
        }
    }
}

/// Writes bytes to standard output and flushes them.
pub fn write_stdout(bytes: &[u8]) -> Result<(), OutputError> {
    let mut out = std::io::stdout().lock();
    out.write_all(bytes)
        .and_then(|()| out.flush())
        .map_err(|e| stdout_error(e).into())
}

/// Where an output goes; see the module documentation.
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

fn shown(path: &Path) -> String {
    path.display().to_string()
}

/// Paths that name a file descriptor of this process rather than a file.
fn names_a_descriptor(path: &Path) -> bool {
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
fn follow(path: &Path) -> Result<(PathBuf, bool), OutputError> {
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
fn not_an_input(path: &Path, meta: &fs::Metadata) -> Result<(), OutputError> {
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
            // `super::derived`). A link planted after this check is
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

/// Whether `path` names this process's standard output.
fn stdout_alias(path: &Path) -> bool {
    [
        Path::new("/dev/stdout"),
        Path::new("/proc/self/fd/1"),
        Path::new("/dev/fd/1"),
    ]
    .contains(&path)
}

fn write_through(path: &Path, bytes: &[u8]) -> Result<(), OutputError> {
    let err = |source| OutputError::Write {
        path: shown(path),
        cause: source,
    };
    if stdout_alias(path) {
        // The same descriptor the shell set up, so `>>` keeps appending.
        return write_stdout(bytes);
    }
    let mut file = open_through(path)?;
    file.write_all(bytes)
        .and_then(|()| file.flush())
        .map_err(err)
}

/// How long a FIFO output may wait for its reader to open it: a reader
/// started in the background just before paperboard may not have opened
/// the pipe yet.
const READER_GRACE: std::time::Duration = std::time::Duration::from_secs(1);

/// Opens a device, FIFO or descriptor path for writing, in append mode
/// (a regular file behind a descriptor path is written where the shell left
/// it; devices and pipes ignore the mode), never creating or truncating.
///
/// A FIFO with no reader would block the open for ever, so it is opened
/// non-blocking first: the kernel answers ENXIO at once when no program has
/// it open for reading. Once open, the descriptor is made blocking again so
/// a slow reader is waited for, not lost.
fn open_through(path: &Path) -> Result<fs::File, OutputError> {
    let err = |source| OutputError::Write {
        path: shown(path),
        cause: source,
    };
    #[cfg(unix)]
    {
        use rustix::fs::{OFlags, fcntl_getfl, fcntl_setfl};
        use std::os::unix::fs::OpenOptionsExt;
        let waited = std::time::Instant::now();
        loop {
            let opened = OpenOptions::new()
                .append(true)
                .custom_flags(OFlags::NONBLOCK.bits() as i32)
                .open(path);
            match opened {
                Ok(file) => {
                    let flags = fcntl_getfl(&file).map_err(|e| err(e.into()))?;
                    fcntl_setfl(&file, flags - OFlags::NONBLOCK).map_err(|e| err(e.into()))?;
                    return Ok(file);
                }
                Err(e) if e.raw_os_error() == Some(rustix::io::Errno::NXIO.raw_os_error()) => {
                    let fifo = fs::metadata(path)
                        .is_ok_and(|m| std::os::unix::fs::FileTypeExt::is_fifo(&m.file_type()));
                    if !fifo {
                        return Err(err(e));
                    }
                    if waited.elapsed() >= READER_GRACE {
                        return Err(OutputError::NoReader { path: shown(path) });
                    }
                    std::thread::sleep(std::time::Duration::from_millis(20));
                }
                Err(e) => return Err(err(e)),
            }
        }
    }
    #[cfg(not(unix))]
    OpenOptions::new().append(true).open(path).map_err(err)
}

/// A complete temporary file waiting to be renamed into place: removed if
/// dropped, and by a signal that ends the run (see [`interrupt`]).
struct Staging {
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
fn stage(real: &Path, bytes: &[u8], keep: Option<&Permissions>) -> std::io::Result<Staging> {
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
fn commit(named: &Path, real: &Path, staged: Staging) -> Result<(), OutputError> {
    if let Ok(meta) = fs::metadata(real) {
        not_an_input(named, &meta)?;
    }
    staged.temp.persist(real).map_err(|e| OutputError::Write {
        path: shown(named),
        cause: e.error,
    })
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

/// Writes `bytes` to `path` atomically (temporary file in the same folder,
/// then rename), for files paperboard makes of its own (example records, map
/// files): follows the same rules as any [`Target`].
pub fn write_atomic(path: impl Into<OutputPath>, bytes: &[u8]) -> Result<(), OutputError> {
    Target::resolve(path)?.write(bytes)
}

/// The format for an output: `explicit` (from `--format`) or else the file
/// name's extension; standard output and extension-less devices need
/// `explicit`, and an explicit format that contradicts the extension is
/// refused.
pub fn format_for(path: &Path, explicit: Option<Format>) -> Result<Format, OutputError> {
    let by_name = Format::from_path(path).ok();
    match (explicit, by_name) {
        (Some(f), Some(n)) if f != n => Err(OutputError::Format(format!(
            "--format {f} contradicts the output name {} (a .{n} file)",
            shown(path)
        ))),
        (Some(f), _) => Ok(f),
        (None, Some(n)) => Ok(n),
        (None, None) if path == Path::new("-") => Err(OutputError::Format(
            "standard output (-) has no file name to tell the format by: add --format pdf or --format svg"
                .into(),
        )),
        (None, None) => Err(OutputError::Format(format!(
            "cannot tell the output format from {}: use a name ending in .pdf or .svg, or --format",
            shown(path)
        ))),
    }
}

/// The format of an output named by a flag that has no `--format` beside
/// it (`check --diagram`, `analyze --heatmap`): the file name's extension,
/// and a message that names no flag the command lacks.
pub fn format_by_name(path: &Path) -> Result<Format, OutputError> {
    Format::from_path(path).map_err(|_| {
        OutputError::Format(format!(
            "cannot tell the output format from {}: use a name ending in .pdf or .svg",
            shown(path)
        ))
    })
}

/// The SVG file for each of `pages` pages: `path` itself for one page,
/// otherwise `stem-1.ext`, `stem-2.ext`, … in `path`'s folder.
fn svg_page_paths(path: &Path, pages: usize) -> Vec<PathBuf> {
    if pages == 1 {
        return vec![path.to_path_buf()];
    }
    (1..=pages).map(|n| part_path(path, n)).collect()
}

/// The list of the parts a multi-part output wrote, kept beside it:
/// `.NAME.EXT.pages` for `NAME.EXT`. A later run removes the parts it does
/// not write again only if this list names them and they are still as this
/// program left them (see [`Written`]); any other file is never removed.
fn manifest_path(named: &Path) -> PathBuf {
    derive(named, Made::PartList).path().to_path_buf()
}

/// The first line of a list of parts; a file without it is not one.
const MANIFEST_HEADER: &str = "paperboard parts 1";

/// The most bytes of a list of parts read (about 300,000 parts): it is
/// this program's own file, but anyone may have written there.
const MANIFEST_LIMIT: u64 = 16 << 20;

/// What tells a part as this program wrote it: its size, modification time
/// and (on Unix) inode. A part edited, replaced or copied since then no
/// longer matches, and is left alone.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Written {
    size: u64,
    modified: u128,
    inode: u64,
}

impl Written {
    fn of(meta: &fs::Metadata) -> Option<Written> {
        let modified = meta
            .modified()
            .ok()?
            .duration_since(std::time::UNIX_EPOCH)
            .ok()?
            .as_nanos();
        #[cfg(unix)]
        let inode = std::os::unix::fs::MetadataExt::ino(meta);
        #[cfg(not(unix))]
        let inode = 0;
        Some(Written {
            size: meta.len(),
            modified,
            inode,
        })
    }
}

/// One part in a list of parts: its number (`0` for the name itself, `K`
/// for `NAME-K.EXT`) and what it was when written. Only numbers are kept,
/// never names, so the list cannot point outside the output's own parts.
type Part = (usize, Written);

/// Stages the list of the parts `written` for `list_path`, which must be a
/// regular file (or none yet): the file it goes to and the staged text.
fn stage_manifest(named: &Path, written: &[Part]) -> Result<(PathBuf, Staging), OutputError> {
    let list_path = &manifest_path(named);
    match Target::resolve(derive(named, Made::PartList))? {
        Target::File { real, .. } => {
            let text = manifest_text(written);
            let staged =
                stage(&real, text.as_bytes(), None).map_err(|source| OutputError::Write {
                    path: shown(list_path),
                    cause: source,
                })?;
            Ok((real, staged))
        }
        _ => Err(OutputError::Write {
            path: shown(list_path),
            cause: std::io::Error::other("the list of pages written must be a regular file"),
        }),
    }
}

/// Reads a list of parts; anything unreadable (missing, not a regular
/// file, too large, not a list) is an empty list, so nothing is removed.
/// Not read through the input door: it is not an input of the run, and it
/// is rewritten at the end.
fn read_manifest(path: &Path) -> Vec<Part> {
    use std::io::Read;
    let regular = fs::metadata(path).is_ok_and(|m| m.is_file());
    let Some(file) = regular.then(|| fs::File::open(path).ok()).flatten() else {
        return Vec::new();
    };
    let mut text = String::new();
    if file
        .take(MANIFEST_LIMIT + 1)
        .read_to_string(&mut text)
        .is_err()
        || text.len() as u64 > MANIFEST_LIMIT
    {
        return Vec::new();
    }
    parse_manifest(&text)
}

/// The parts a list names, skipping lines that are not `K SIZE TIME INODE`.
fn parse_manifest(text: &str) -> Vec<Part> {
    let mut lines = text.lines();
    if lines.next() != Some(MANIFEST_HEADER) {
        return Vec::new();
    }
    lines
        .filter_map(|line| {
            let mut fields = line.split(' ');
            let number = fields.next()?.parse().ok()?;
            let size = fields.next()?.parse().ok()?;
            let modified = fields.next()?.parse().ok()?;
            let inode = fields.next()?.parse().ok()?;
            fields.next().is_none().then_some((
                number,
                Written {
                    size,
                    modified,
                    inode,
                },
            ))
        })
        .collect()
}

fn manifest_text(parts: &[Part]) -> String {
    let mut text = format!("{MANIFEST_HEADER}\n");
    for (number, w) in parts {
        text += &format!("{number} {} {} {}\n", w.size, w.modified, w.inode);
    }
    text
}

/// The path of part `number` of the output `named` (see [`Part`]).
fn part_path(named: &Path, number: usize) -> PathBuf {
    if number == 0 {
        named.to_path_buf()
    } else {
        derive(named, Made::Part(number)).path().to_path_buf()
    }
}

/// The parts an earlier run listed that this run does not write again and
/// that may go: regular files still as written, neither read by this run
/// nor read-only. Those kept are noted on standard error.
fn stale_parts(named: &Path, earlier: &[Part], now: usize) -> Vec<(PathBuf, Written)> {
    let mut stale = Vec::new();
    for &(number, was) in earlier {
        let rewritten = if now == 1 {
            number == 0
        } else {
            (1..=now).contains(&number)
        };
        if rewritten {
            continue;
        }
        let path = part_path(named, number);
        let Ok(meta) = fs::symlink_metadata(&path) else {
            continue;
        };
        if !meta.file_type().is_file() || Written::of(&meta) != Some(was) {
            // Replaced, edited or copied since: no longer this program's.
            continue;
        }
        if FileId::of(&meta).and_then(was_read).is_some() {
            super::out::note(&format!(
                "kept {} from an earlier run: this run read it",
                shown(&path)
            ));
        } else if meta.permissions().readonly() {
            super::out::note(&format!(
                "kept {} from an earlier run: it is read-only",
                shown(&path)
            ));
        } else {
            stale.push((path, was));
        }
    }
    stale
}

/// Removes a part an earlier run wrote, checking once more, just before,
/// that it is still as written and not an input.
fn remove_stale(path: &Path, was: Written) -> Result<(), OutputError> {
    let Ok(meta) = fs::symlink_metadata(path) else {
        return Ok(());
    };
    let ours = meta.file_type().is_file()
        && Written::of(&meta) == Some(was)
        && FileId::of(&meta).and_then(was_read).is_none()
        && !meta.permissions().readonly();
    if !ours {
        return Ok(());
    }
    match fs::remove_file(path) {
        Err(e) if e.kind() != std::io::ErrorKind::NotFound => Err(OutputError::Write {
            path: shown(path),
            cause: e,
        }),
        _ => Ok(()),
    }
}

/// The most pages one PDF volume holds when a [`PageWriter`] is made
/// [`PageWriter::with_volumes`]: a PDF is assembled in memory (about 100 KB
/// a Strategic sheet before compression), so a run of unknown length (a
/// diagram of every game in a large record file) is split into volumes of
/// this many pages, each finished as it is complete. Documents whose length
/// the spec limits (sheets, handouts) stay one file.
pub const PDF_VOLUME_PAGES: usize = 500;

/// A document written page by page to one output (see the module
/// documentation): nothing appears at the output until [`PageWriter::finish`].
/// The document is made of parts: SVG pages, or PDF volumes. One part goes to
/// the path named; several go to `stem-1.ext`, `stem-2.ext`, … beside it.
pub struct PageWriter {
    target: Target,
    metadata: Metadata,
    format: Format,
    /// The PDF volume being drawn.
    pdf: Option<Box<PdfWriter>>,
    /// Pages a PDF volume holds (`None`: one PDF, however long).
    volume: Option<usize>,
    /// Parts complete, staged as temporary files (regular-file targets).
    staged: Vec<Staging>,
    /// The one part a stream takes.
    held: Option<Vec<u8>>,
    count: usize,
}

impl PageWriter {
    /// Starts a document for `path` in `format`; refuses at once an output
    /// that cannot be written (see [`Target::resolve`]).
    pub fn new(
        path: impl Into<OutputPath>,
        format: Format,
        metadata: Metadata,
    ) -> Result<PageWriter, OutputError> {
        let target = Target::resolve(path)?;
        Ok(PageWriter {
            target,
            metadata,
            format,
            pdf: None,
            volume: None,
            staged: Vec::new(),
            held: None,
            count: 0,
        })
    }

    /// Splits a PDF into volumes of [`PDF_VOLUME_PAGES`] pages (`NAME-1.pdf`,
    /// `NAME-2.pdf`, … when there is more than one), so memory stays bounded
    /// however many pages come.
    pub fn with_volumes(mut self) -> PageWriter {
        self.volume = Some(PDF_VOLUME_PAGES);
        self
    }

    /// Pages added so far.
    pub fn pages(&self) -> usize {
        self.count
    }

    /// Adds the next page.
    pub fn add(&mut self, page: &Page) -> Result<(), OutputError> {
        let index = self.count;
        match self.format {
            Format::Pdf => {
                let pdf = self
                    .pdf
                    .get_or_insert_with(|| Box::new(PdfWriter::new(&self.metadata)));
                pdf.page(page)?;
                if Some(pdf.pages()) == self.volume {
                    self.close_volume()?;
                }
            }
            Format::Svg => {
                page.check(index)?;
                let bytes = svg::render_page(page, &self.metadata).into_bytes();
                self.part(bytes)?;
            }
        }
        self.count += 1;
        Ok(())
    }

    /// Adds the next page as a file already made from it (a PNG picture):
    /// named as SVG pages are, `NAME.png` or `NAME-1.png` … for several.
    pub fn add_made(&mut self, bytes: Vec<u8>) -> Result<(), OutputError> {
        self.part(bytes)?;
        self.count += 1;
        Ok(())
    }

    /// Ends the PDF volume being drawn, if it has pages.
    fn close_volume(&mut self) -> Result<(), OutputError> {
        if let Some(pdf) = self.pdf.take() {
            self.part(pdf.finish()?)?;
        }
        Ok(())
    }

    /// Keeps a complete part until the end.
    fn part(&mut self, bytes: Vec<u8>) -> Result<(), OutputError> {
        match &self.target {
            Target::File { real, named, .. } => {
                let tmp = stage(real, &bytes, None).map_err(|source| OutputError::Write {
                    path: shown(named),
                    cause: source,
                })?;
                self.staged.push(tmp);
            }
            _ if self.held.is_some() => return Err(self.too_many_parts()),
            _ => self.held = Some(bytes),
        }
        Ok(())
    }

    fn too_many_parts(&self) -> OutputError {
        OutputError::TooManyPartsForStream {
            path: shown(self.target.named()),
            format: self.format,
        }
    }

    /// The files the `count` parts go to (a single part to the target
    /// itself, several to names made up beside it); a part that is no
    /// regular file is refused.
    fn part_files(&self, count: usize) -> Result<Vec<PathBuf>, OutputError> {
        let mut targets = Vec::with_capacity(count);
        for n in 1..=count {
            let target = if count == 1 {
                self.target.clone()
            } else {
                Target::resolve(derive(self.target.named(), Made::Part(n)))?
            };
            match target {
                Target::File { real, .. } => targets.push(real),
                _ => return Err(self.too_many_parts()),
            }
        }
        Ok(targets)
    }

    /// What each staged part will be once renamed into place (a rename
    /// keeps size, time and inode), for the list of parts.
    fn written_parts(&self) -> Vec<Part> {
        let count = self.staged.len();
        self.staged
            .iter()
            .enumerate()
            .filter_map(|(i, tmp)| {
                let number = if count == 1 { 0 } else { i + 1 };
                let w = fs::metadata(tmp).ok().as_ref().and_then(Written::of)?;
                Some((number, w))
            })
            .collect()
    }

    /// Writes the document out: the files (or stream) written, in order.
    pub fn finish(mut self) -> Result<Vec<PathBuf>, OutputError> {
        self.close_volume()?;
        let named = self.target.named().to_path_buf();
        if let Some(bytes) = self.held.take() {
            self.target.write(&bytes)?;
            return Ok(vec![named]);
        }
        if self.staged.is_empty() {
            return Err(BackendError::NoPages.into());
        }
        let paths = svg_page_paths(&named, self.staged.len());
        // Resolve every part's path first, so a read-only file or an input
        // in the way stops the run before any rename.
        let targets = self.part_files(paths.len())?;
        let count = paths.len();
        // Parts of an earlier run that this one does not write again go,
        // if this program wrote them and they are as it left them.
        let list_path = manifest_path(&named);
        let earlier = read_manifest(&list_path);
        let stale = stale_parts(&named, &earlier, count);
        // The list is kept where there are several parts, or was.
        let listed = count > 1 || fs::symlink_metadata(&list_path).is_ok();
        let manifest = if listed {
            Some(stage_manifest(&named, &self.written_parts())?)
        } else {
            None
        };
        for ((named, real), tmp) in paths.iter().zip(&targets).zip(self.staged) {
            // An existing file keeps its permissions.
            if let Ok(meta) = fs::metadata(real)
                && let Err(source) = fs::set_permissions(&tmp, meta.permissions())
            {
                return Err(OutputError::Write {
                    path: shown(named),
                    cause: source,
                });
            }
            commit(named, real, tmp)?;
        }
        for path in stale {
            remove_stale(&path.0, path.1)?;
        }
        if let Some((real, list)) = manifest {
            commit(&list_path, &real, list)?;
        }
        Ok(paths)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn replaces_content_and_leaves_no_temporary() {
        let dir = tempfile::tempdir().unwrap();
        let p = dir.path().join("out.txt");
        write_atomic(&p, b"one").unwrap();
        write_atomic(&p, b"two").unwrap();
        assert_eq!(std::fs::read(&p).unwrap(), b"two");
        assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 1);
    }

    #[cfg(unix)]
    #[test]
    fn output_gets_the_mode_of_an_ordinary_new_file_and_keeps_an_existing_one() {
        use std::os::unix::fs::PermissionsExt;
        let dir = tempfile::tempdir().unwrap();
        let ordinary = dir.path().join("ordinary.txt");
        std::fs::write(&ordinary, b"x").unwrap();
        let p = dir.path().join("out.txt");
        write_atomic(&p, b"x").unwrap();
        let mode = |p: &Path| std::fs::metadata(p).unwrap().permissions().mode() & 0o777;
        assert_eq!(mode(&p), mode(&ordinary));
        std::fs::set_permissions(&p, Permissions::from_mode(0o640)).unwrap();
        write_atomic(&p, b"y").unwrap();
        assert_eq!(mode(&p), 0o640);
    }

    #[test]
    fn missing_folder_is_an_error_not_a_panic() {
        let dir = tempfile::tempdir().unwrap();
        let p = dir.path().join("no/such/dir/out.txt");
        let e = write_atomic(&p, b"x").unwrap_err();
        assert!(matches!(e, OutputError::NoFolder { .. }), "{e}");
    }

    #[test]
    fn formats_from_names_and_flags() {
        let p = Path::new("a.pdf");
        assert_eq!(format_for(p, None).unwrap(), Format::Pdf);
        assert_eq!(format_for(p, Some(Format::Pdf)).unwrap(), Format::Pdf);
        let e = format_for(p, Some(Format::Svg)).unwrap_err();
        assert!(e.to_string().contains("contradicts"), "{e}");
        assert!(format_for(Path::new("-"), None).is_err());
        assert_eq!(
            format_for(Path::new("-"), Some(Format::Svg)).unwrap(),
            Format::Svg
        );
        assert_eq!(
            format_for(Path::new("/dev/null"), Some(Format::Svg)).unwrap(),
            Format::Svg
        );
    }

    #[test]
    fn a_list_of_parts_names_numbers_only_and_ignores_what_it_cannot_read() {
        let w = Written {
            size: 10,
            modified: 1_700_000_000_123_456_789,
            inode: 42,
        };
        let parts = vec![(1, w), (2, w), (0, w)];
        assert_eq!(parse_manifest(&manifest_text(&parts)), parts);
        // Not a list, or lines that are no part: nothing to remove.
        assert!(parse_manifest("1 10 1 42\n").is_empty());
        let hostile = format!(
            "{MANIFEST_HEADER}\n../../etc/passwd 1 1 1\n-1 10 1 42\n3 10 1 42 extra\n4 x 1 42\n5 10 1 42\n"
        );
        let w5 = Written {
            size: 10,
            modified: 1,
            inode: 42,
        };
        assert_eq!(parse_manifest(&hostile), [(5, w5)]);
        assert_eq!(part_path(Path::new("d/s.svg"), 5), Path::new("d/s-5.svg"));
        assert_eq!(
            manifest_path(Path::new("d/s.svg")),
            Path::new("d/.s.svg.pages")
        );
    }

    #[test]
    fn descriptor_paths_are_recognised() {
        for p in [
            "/dev/stdout",
            "/dev/fd/63",
            "/proc/self/fd/1",
            "/proc/123/fd/4",
        ] {
            assert!(names_a_descriptor(Path::new(p)), "{p}");
        }
        for p in ["/dev/null", "out.pdf", "/proc/cpuinfo", "/tmp/fd/x"] {
            assert!(!names_a_descriptor(Path::new(p)), "{p}");
        }
    }
}
