//! Writing documents page by page, with a progress bar for long runs.
//!
//! The bar is drawn on standard error only when that is a terminal (indicatif
//! hides it otherwise, so pipes, files and tests see nothing), and not while
//! a report is being printed to the same terminal (the report's own lines show
//! the progress then, and the two would overwrite each other).

use std::io::IsTerminal;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use super::derived::OutputPath;
use super::output::{OutputError, PageWriter};
use crate::console::note;
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use paperboard_sheets::backend::Format;
use paperboard_sheets::display::{Metadata, Page};

/// A document being written page by page, with its progress bar.
pub struct PageOutput {
    writer: PageWriter,
    bar: ProgressBar,
    named: PathBuf,
}

/// `--quiet`: no progress bars or spinners and no `wrote …` lines (errors
/// and warnings still go to standard error). Set once, before a command
/// runs.
static QUIET: AtomicBool = AtomicBool::new(false);

/// Asks for quiet (`--quiet`).
pub fn set_quiet(quiet: bool) {
    QUIET.store(quiet, Ordering::Relaxed);
}

/// Where a progress bar or spinner is drawn: standard error, unless
/// `--quiet` asks for none (indicatif draws nothing when standard error is
/// no terminal anyway).
pub fn progress_target() -> ProgressDrawTarget {
    if QUIET.load(Ordering::Relaxed) {
        ProgressDrawTarget::hidden()
    } else {
        ProgressDrawTarget::stderr()
    }
}

/// Says on standard error that the run wrote `path`, a file the user did
/// not name (unless `--quiet`).
pub fn wrote(what: &str, path: &Path) {
    if !QUIET.load(Ordering::Relaxed) {
        note(&format!("wrote {what}{}", path.display()));
    }
}

/// Says on standard error which files a run wrote when they are not just
/// the one named (`sheet-1.svg` …, PDF volumes `games-1.pdf` …): a user who
/// asked for `games.pdf` would otherwise look for it in vain.
pub fn announce(named: &Path, written: &[PathBuf]) {
    if written.len() == 1 && written[0] == named {
        return;
    }
    for path in written {
        wrote("", path);
    }
}

impl PageOutput {
    /// Starts writing to `path`; `total` is the page count if known.
    /// `report_on_stdout` says a report is printed meanwhile.
    pub fn new(
        path: impl Into<OutputPath>,
        format: Format,
        metadata: Metadata,
        total: Option<usize>,
        report_on_stdout: bool,
    ) -> Result<PageOutput, OutputError> {
        let output = path.into();
        let path = output.path().to_path_buf();
        let writer = PageWriter::new(output, format, metadata)?;
        // A run of unknown length goes into PDF volumes, so memory stays
        // bounded however many pages come.
        let writer = if total.is_none() {
            writer.with_volumes()
        } else {
            writer
        };
        let shown = !(report_on_stdout && std::io::stdout().is_terminal());
        let target = if shown {
            progress_target()
        } else {
            ProgressDrawTarget::hidden()
        };
        let bar = ProgressBar::with_draw_target(total.map(|t| t as u64), target);
        let style = match total {
            Some(_) => ProgressStyle::with_template("{bar:30} {pos}/{len} pages {msg}"),
            None => ProgressStyle::with_template("{spinner} {pos} pages {msg}"),
        };
        if let Ok(style) = style {
            bar.set_style(style);
        }
        bar.set_message(format!("→ {}", path.display()));
        if total.is_none() {
            bar.enable_steady_tick(Duration::from_millis(200));
        }
        Ok(PageOutput {
            writer,
            bar,
            named: path,
        })
    }

    /// Adds the next page.
    pub fn add(&mut self, page: &Page) -> Result<(), OutputError> {
        self.writer.add(page)?;
        self.bar.inc(1);
        Ok(())
    }

    /// Pages added so far.
    pub fn pages(&self) -> usize {
        self.writer.pages()
    }

    /// Writes the document out; the bar is cleared, and every file other
    /// than the one named is announced (see [`announce`]).
    pub fn finish(self) -> Result<Vec<PathBuf>, OutputError> {
        self.bar
            .set_message(format!("writing {}", self.bar.message()));
        let written = self.writer.finish();
        self.bar.finish_and_clear();
        if let Ok(paths) = &written {
            announce(&self.named, paths);
        }
        written
    }
}

/// Writes a document's pages to `path` with a progress bar.
pub fn write_pages<'a>(
    path: &Path,
    format: Format,
    metadata: Metadata,
    pages: impl IntoIterator<Item = &'a Page>,
    total: Option<usize>,
) -> Result<Vec<PathBuf>, OutputError> {
    let mut out = PageOutput::new(path, format, metadata, total, false)?;
    for page in pages {
        out.add(page)?;
    }
    out.finish()
}
