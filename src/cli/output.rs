//! Writing output files safely: only the command line writes files; the
//! library gives it bytes.
//!
//! Every file paperboard writes goes through [`write_atomic`]: the bytes are
//! written to a temporary file in the target's directory and renamed over the
//! target only once complete, so a failed run never leaves a half-written file
//! or clobbers the previous one. [`write_document`] renders a whole document
//! before it writes the first file.
//!
//! A PDF holds every page in one file. SVG has no pages, so a one-page
//! document goes to the path given (`sheet.svg`) and a document of N > 1
//! pages to `sheet-1.svg` … `sheet-N.svg` next to it (numbered from 1, not
//! zero-padded).

use std::io::Write;
use std::path::{Path, PathBuf};

use paperboard::backend::{self, BackendError, Format};
use paperboard::display::Document;

/// Why a document could not be written.
#[derive(Debug, thiserror::Error, miette::Diagnostic)]
pub enum OutputError {
    /// The document could not be rendered.
    #[error(transparent)]
    #[diagnostic(transparent)]
    Render(#[from] BackendError),
    /// Writing an output file failed.
    #[error("could not write {path:?}")]
    Write {
        /// The file that could not be written.
        path: PathBuf,
        /// The underlying error.
        #[source]
        source: std::io::Error,
    },
}

/// Renders `doc` in `format` and writes it at or next to `path` (see the
/// module documentation for how pages map to SVG files). Returns the files
/// written, in page order.
pub fn write_document(
    doc: &Document,
    path: &Path,
    format: Format,
) -> Result<Vec<PathBuf>, OutputError> {
    let files = backend::render(doc, format)?;
    let paths = match format {
        Format::Pdf => vec![path.to_path_buf()],
        Format::Svg => svg_page_paths(path, files.len()),
    };
    // Everything is rendered before the first file is touched, so a failure
    // leaves all previous output in place.
    for (p, bytes) in paths.iter().zip(&files) {
        write_atomic(p, bytes).map_err(|source| OutputError::Write {
            path: p.clone(),
            source,
        })?;
    }
    Ok(paths)
}

/// The SVG file for each of `pages` pages: `path` itself for one page,
/// otherwise `stem-1.ext`, `stem-2.ext`, … in `path`'s directory.
pub fn svg_page_paths(path: &Path, pages: usize) -> Vec<PathBuf> {
    if pages == 1 {
        return vec![path.to_path_buf()];
    }
    let stem = path
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_default();
    let ext = path
        .extension()
        .map(|e| format!(".{}", e.to_string_lossy()))
        .unwrap_or_default();
    (1..=pages)
        .map(|n| path.with_file_name(format!("{stem}-{n}{ext}")))
        .collect()
}

/// Writes `bytes` to `path` atomically (temporary file in the same directory,
/// then rename).
pub fn write_atomic(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    let dir = match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => Path::new("."),
    };
    let mut builder = tempfile::Builder::new();
    builder.prefix(".paperboard-").suffix(".tmp");
    // Temporary files are private (0600) by default; the output should get
    // the mode any new file gets (0666 less the umask), like `cp` would give.
    #[cfg(unix)]
    builder.permissions(std::os::unix::fs::PermissionsExt::from_mode(0o666));
    let mut tmp = builder.tempfile_in(dir)?;
    tmp.write_all(bytes)?;
    tmp.as_file().sync_all()?;
    tmp.persist(path).map_err(|e| e.error)?;
    Ok(())
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
    fn output_gets_the_mode_of_an_ordinary_new_file() {
        use std::os::unix::fs::PermissionsExt;
        let dir = tempfile::tempdir().unwrap();
        let ordinary = dir.path().join("ordinary.txt");
        std::fs::write(&ordinary, b"x").unwrap();
        let p = dir.path().join("out.txt");
        write_atomic(&p, b"x").unwrap();
        let mode = |p: &Path| std::fs::metadata(p).unwrap().permissions().mode() & 0o777;
        assert_eq!(mode(&p), mode(&ordinary));
    }

    #[test]
    fn svg_paths_for_one_and_several_pages() {
        assert_eq!(
            svg_page_paths(Path::new("out/sheet.svg"), 1),
            [PathBuf::from("out/sheet.svg")]
        );
        assert_eq!(
            svg_page_paths(Path::new("out/sheet.svg"), 3),
            ["out/sheet-1.svg", "out/sheet-2.svg", "out/sheet-3.svg"].map(PathBuf::from)
        );
    }

    fn two_pages() -> Document {
        let mut doc = Document::default();
        doc.pages.push(paperboard::display::Page::new(100.0, 100.0));
        doc.pages.push(paperboard::display::Page::new(50.0, 80.0));
        doc
    }

    #[test]
    fn documents_are_written_per_format_and_page() {
        let dir = tempfile::tempdir().unwrap();
        let doc = two_pages();
        let pdf_path = dir.path().join("sheet.pdf");
        let written = write_document(&doc, &pdf_path, Format::Pdf).unwrap();
        assert_eq!(written, std::slice::from_ref(&pdf_path));
        let pdf = backend::render(&doc, Format::Pdf).unwrap().remove(0);
        assert_eq!(std::fs::read(&pdf_path).unwrap(), pdf);
        let svg_path = dir.path().join("sheet.svg");
        let written = write_document(&doc, &svg_path, Format::Svg).unwrap();
        assert_eq!(
            written,
            [
                dir.path().join("sheet-1.svg"),
                dir.path().join("sheet-2.svg")
            ]
        );
        assert!(!svg_path.exists());
        let svgs = backend::render(&doc, Format::Svg).unwrap();
        assert_eq!(std::fs::read(&written[1]).unwrap(), svgs[1]);
    }

    #[test]
    fn a_failed_render_leaves_existing_output_alone() {
        let dir = tempfile::tempdir().unwrap();
        let out = dir.path().join("sheet.pdf");
        std::fs::write(&out, b"previous sheet").unwrap();
        let mut broken = two_pages();
        broken.pages[1].width = f64::NAN;
        for format in [Format::Pdf, Format::Svg] {
            let err = write_document(&broken, &out, format).unwrap_err();
            assert!(err.to_string().contains("page 2"), "{err}");
        }
        assert_eq!(std::fs::read(&out).unwrap(), b"previous sheet");
        assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 1);
    }

    #[test]
    fn missing_directory_is_an_error_not_a_panic() {
        let dir = tempfile::tempdir().unwrap();
        let p = dir.path().join("no/such/dir/out.txt");
        assert!(write_atomic(&p, b"x").is_err());
    }
}
