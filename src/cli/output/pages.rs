//! Page sets: documents go through a [`PageWriter`], which takes pages one
//! at a time so long runs hold one page at a time. PDF puts every page in
//! one file; a run of unknown length ([`PageWriter::with_volumes`]) is split
//! into volumes of [`PDF_VOLUME_PAGES`] pages, since a PDF is assembled in
//! memory. SVG has no pages, so one page is written to the path given
//! (`sheet.svg`) and N > 1 pages to `sheet-1.svg` … `sheet-N.svg` beside it
//! (PDF volumes likewise: `games-1.pdf`, `games-2.pdf`, …). The set is
//! written whole or not at all: each part goes to a temporary file as it is
//! made, and only when the last one is complete are they renamed into
//! place; parts an earlier run left are handled as `parts` says. Several
//! parts cannot go to standard output or a device: that is refused before
//! anything is written there.

use std::fs;
use std::path::{Path, PathBuf};

use paperboard_sheets::backend::pdf::PdfWriter;
use paperboard_sheets::backend::{BackendError, Format, svg};
use paperboard_sheets::display::{Metadata, Page};

use super::door::Target;
use super::parts::{
    Part, Written, manifest_path, part_path, read_manifest, remove_stale, stage_manifest,
    stale_parts,
};
use super::staged::{Staging, commit, stage};
use super::{OutputError, shown};
use crate::cli::derived::{Made, OutputPath, derive};

/// The SVG file for each of `pages` pages: `path` itself for one page,
/// otherwise `stem-1.ext`, `stem-2.ext`, … in `path`'s folder.
fn svg_page_paths(path: &Path, pages: usize) -> Vec<PathBuf> {
    if pages == 1 {
        return vec![path.to_path_buf()];
    }
    (1..=pages).map(|n| part_path(path, n)).collect()
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
