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
//! * anything else is a regular file, new or existing. A symlink is followed
//!   and its target replaced; the bytes go to a temporary file in the target's
//!   folder which is renamed over the target only once complete, so a failed
//!   run leaves the previous file as it was. An existing file keeps its
//!   permissions; a read-only one is refused, as is a folder.
//!
//! An output that is the same file (device and inode) as any input this run
//! read through [`paperboard::input`] is refused: `render same.toml -o same.toml`
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
//! made, and only when the last one is complete are they renamed into place;
//! then files left by an earlier run under the same name (`sheet-K.svg` for
//! K > N; every `sheet-K.svg` when one page went to `sheet.svg`; `sheet.svg`
//! itself, if a regular file, when N > 1 pages went to `sheet-K.svg`) are
//! removed, so the folder holds exactly the parts of this run. Several parts
//! cannot go to standard output or a device: that is refused before anything
//! is written there.
//!
//! Standard output closed by its reader (`| head`) is
//! [`OutputError::Closed`]; [`stdout_closed`] tells the program to end quietly.

use std::fs::{self, OpenOptions, Permissions};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};

use tempfile::TempPath;

use paperboard::backend::pdf::PdfWriter;
use paperboard::backend::{BackendError, Format, svg};
use paperboard::display::{Metadata, Page};
use paperboard::input::{FileId, folder_of, kind_of, was_read};

/// Why an output could not be written. Nothing was changed when one of these
/// is returned, except where [`OutputError::Write`] says a device or pipe
/// took part of the bytes.
#[derive(Debug, thiserror::Error, miette::Diagnostic)]
pub enum OutputError {
    /// The reader of standard output went away (a closed pipe).
    #[error("standard output was closed by its reader")]
    Closed,
    /// Writing failed (a full disk, a missing folder, no permission).
    #[error("cannot write {path}: {source}")]
    #[diagnostic(code(paperboard::output::write))]
    Write {
        /// The output as named.
        path: String,
        /// The OS error.
        source: std::io::Error,
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

static STDOUT_CLOSED: AtomicBool = AtomicBool::new(false);

/// Whether a write to standard output found it closed by its reader; the
/// program then ends quietly with status 0, as `grep` and `rg` do.
pub fn stdout_closed() -> bool {
    STDOUT_CLOSED.load(Ordering::Relaxed)
}

/// The error for a failed write to standard output: [`OutputError::Closed`]
/// (remembered for [`stdout_closed`]) for a closed pipe, else
/// [`OutputError::Write`].
pub fn stdout_error(source: std::io::Error) -> OutputError {
    if source.kind() == std::io::ErrorKind::BrokenPipe {
        STDOUT_CLOSED.store(true, Ordering::Relaxed);
        OutputError::Closed
    } else {
        OutputError::Write {
            path: "standard output".into(),
            source,
        }
    }
}

/// Writes bytes to standard output and flushes them.
pub fn write_stdout(bytes: &[u8]) -> Result<(), OutputError> {
    let mut out = std::io::stdout().lock();
    out.write_all(bytes)
        .and_then(|()| out.flush())
        .map_err(stdout_error)
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
                    source,
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
        source: std::io::Error::other("too many levels of symbolic links"),
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
    /// folders, read-only files, files read as input and missing folders.
    pub fn resolve(path: &Path) -> Result<Target, OutputError> {
        if path == Path::new("-") {
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
                source,
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
                        source,
                    })?;
                commit(named, real, staged)
            }
        }
    }
}

fn write_through(path: &Path, bytes: &[u8]) -> Result<(), OutputError> {
    let err = |source| OutputError::Write {
        path: shown(path),
        source,
    };
    if [
        Path::new("/dev/stdout"),
        Path::new("/proc/self/fd/1"),
        Path::new("/dev/fd/1"),
    ]
    .contains(&path)
    {
        // The same descriptor the shell set up, so `>>` keeps appending.
        return write_stdout(bytes);
    }
    // Append: a regular file behind a descriptor path is written where the
    // shell left it; devices and pipes ignore the mode. Never create or
    // truncate.
    let mut file = OpenOptions::new().append(true).open(path).map_err(err)?;
    file.write_all(bytes)
        .and_then(|()| file.flush())
        .map_err(err)
}

/// Writes `bytes` to a temporary file in `real`'s folder, with the mode an
/// existing file had (or that of any new file). Removed again if dropped.
fn stage(real: &Path, bytes: &[u8], keep: Option<&Permissions>) -> std::io::Result<TempPath> {
    let mut builder = tempfile::Builder::new();
    builder.prefix(".paperboard-").suffix(".tmp");
    // Temporary files are private (0600) by default; a new output should get
    // the mode any new file gets (0666 less the umask), like `cp` would give.
    #[cfg(unix)]
    builder.permissions(std::os::unix::fs::PermissionsExt::from_mode(0o666));
    let mut tmp = builder.tempfile_in(folder_of(real))?;
    tmp.write_all(bytes)?;
    if let Some(perm) = keep {
        tmp.as_file().set_permissions(perm.clone())?;
    }
    tmp.as_file().sync_all()?;
    Ok(tmp.into_temp_path())
}

/// Renames a staged file over `real`, checking once more that it is not an
/// input.
fn commit(named: &Path, real: &Path, staged: TempPath) -> Result<(), OutputError> {
    if let Ok(meta) = fs::metadata(real) {
        not_an_input(named, &meta)?;
    }
    staged.persist(real).map_err(|e| OutputError::Write {
        path: shown(named),
        source: e.error,
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

/// Replaces the input file `path` with `bytes` atomically, keeping its
/// permissions: the one deliberate overwrite of an input (`check --fix
/// --in-place`, which the user asks for by name). Anything but an existing,
/// writable regular file is refused.
pub fn replace_input(path: &Path, bytes: &[u8]) -> Result<(), OutputError> {
    let write_error = |source| OutputError::Write {
        path: shown(path),
        source,
    };
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
    let staged = stage(&real, bytes, Some(&meta.permissions())).map_err(write_error)?;
    staged.persist(&real).map_err(|e| write_error(e.error))
}

/// Writes `bytes` to `path` atomically (temporary file in the same folder,
/// then rename), for files paperboard makes of its own (example records, map
/// files): follows the same rules as any [`Target`].
pub fn write_atomic(path: &Path, bytes: &[u8]) -> Result<(), OutputError> {
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
pub fn svg_page_paths(path: &Path, pages: usize) -> Vec<PathBuf> {
    if pages == 1 {
        return vec![path.to_path_buf()];
    }
    (1..=pages).map(|n| svg_page_path(path, n)).collect()
}

fn stem_and_ext(path: &Path) -> (String, String) {
    let stem = path
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_default();
    let ext = path
        .extension()
        .map(|e| format!(".{}", e.to_string_lossy()))
        .unwrap_or_default();
    (stem, ext)
}

fn svg_page_path(path: &Path, n: usize) -> PathBuf {
    let (stem, ext) = stem_and_ext(path);
    path.with_file_name(format!("{stem}-{n}{ext}"))
}

/// Removes `stem-K.ext` beside `path` for every K > `keep` (files and
/// symlinks only): pages an earlier, longer run left.
fn remove_stale_pages(path: &Path, keep: usize) -> Result<(), OutputError> {
    let (stem, ext) = stem_and_ext(path);
    let folder = folder_of(path);
    let Ok(entries) = fs::read_dir(folder) else {
        return Ok(());
    };
    for entry in entries.flatten() {
        let name = entry.file_name();
        let Some(name) = name.to_str() else { continue };
        let number = name
            .strip_prefix(stem.as_str())
            .and_then(|r| r.strip_prefix('-'))
            .and_then(|r| r.strip_suffix(ext.as_str()));
        let Some(number) = number else { continue };
        let is_page_number = !number.is_empty()
            && !number.starts_with('0')
            && number.bytes().all(|b| b.is_ascii_digit());
        let Ok(n) = number.parse::<usize>() else {
            continue;
        };
        let removable = entry
            .file_type()
            .is_ok_and(|t| t.is_file() || t.is_symlink());
        if is_page_number && n > keep && removable {
            let stale = folder.join(name);
            fs::remove_file(&stale).map_err(|source| OutputError::Write {
                path: shown(&stale),
                source,
            })?;
        }
    }
    Ok(())
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
    staged: Vec<TempPath>,
    /// The one part a stream takes.
    held: Option<Vec<u8>>,
    count: usize,
}

impl PageWriter {
    /// Starts a document for `path` in `format`; refuses at once an output
    /// that cannot be written (see [`Target::resolve`]).
    pub fn new(path: &Path, format: Format, metadata: Metadata) -> Result<PageWriter, OutputError> {
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
                paperboard::backend::check_page(index, page)?;
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
                    source,
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
        let mut targets = Vec::with_capacity(paths.len());
        for p in &paths {
            let target = if paths.len() == 1 {
                self.target.clone()
            } else {
                Target::resolve(p)?
            };
            match target {
                Target::File { real, .. } => targets.push(real),
                _ => return Err(self.too_many_parts()),
            }
        }
        for ((named, real), tmp) in paths.iter().zip(&targets).zip(self.staged) {
            // An existing file keeps its permissions.
            if let Ok(meta) = fs::metadata(real)
                && let Err(source) = fs::set_permissions(&tmp, meta.permissions())
            {
                return Err(OutputError::Write {
                    path: shown(named),
                    source,
                });
            }
            commit(named, real, tmp)?;
        }
        let keep = if paths.len() == 1 { 0 } else { paths.len() };
        remove_stale_pages(&named, keep)?;
        // Several parts replace a single file an earlier run left under the
        // name itself (a regular file; a symlink is left alone).
        let single = fs::symlink_metadata(&named).is_ok_and(|m| m.file_type().is_file());
        if paths.len() > 1 && single {
            fs::remove_file(&named).map_err(|source| OutputError::Write {
                path: shown(&named),
                source,
            })?;
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
    fn stale_pages_are_only_numbered_pages_beyond_the_count() {
        let dir = tempfile::tempdir().unwrap();
        for name in [
            "s-1.svg", "s-2.svg", "s-3.svg", "s-03.svg", "s-x.svg", "s.svg", "t-3.svg", "s-3.pdf",
        ] {
            std::fs::write(dir.path().join(name), b"").unwrap();
        }
        remove_stale_pages(&dir.path().join("s.svg"), 2).unwrap();
        let mut left: Vec<String> = std::fs::read_dir(dir.path())
            .unwrap()
            .map(|e| e.unwrap().file_name().into_string().unwrap())
            .collect();
        left.sort();
        assert_eq!(
            left,
            [
                "s-03.svg", "s-1.svg", "s-2.svg", "s-3.pdf", "s-x.svg", "s.svg", "t-3.svg"
            ]
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
