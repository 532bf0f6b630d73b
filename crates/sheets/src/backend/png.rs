//! PNG pictures of pages, for slides and web pages (`render -o sheet.png`).
//!
//! Not a third backend: a page is drawn to SVG by the SVG backend (the same display list the PDF
//! is made from) and that SVG is rasterised by resvg with only the embedded
//! fonts loaded, so the picture shows exactly the words and lines of the PDF
//! and never a font that happens to be installed. The same page and DPI give
//! the same bytes.

use std::sync::{Arc, OnceLock};

use resvg::{tiny_skia, usvg};

use crate::display::{Metadata, Page};
use crate::fonts::FontFace;
use crate::limits::Whole;

/// `--dpi`: pixels per inch of a PNG. 300 dpi makes an A3 page 17
/// megapixels (70 MB while drawn); more would only cost memory.
pub const DPI: Whole = Whole {
    key: "dpi",
    min: 36,
    max: 300,
};

/// The DPI when `--dpi` is not given: sharp on a projector, small to mail.
pub const DEFAULT_DPI: u32 = 150;

/// Why a page could not be drawn as PNG.
#[derive(Debug, thiserror::Error, miette::Diagnostic)]
pub enum PngError {
    /// resvg could not read the SVG the backend made (a bug, never input).
    #[error("cannot draw page {page} as PNG: {reason}")]
    #[diagnostic(code(paperboard::png::draw))]
    Draw {
        /// The page, from 1.
        page: usize,
        /// resvg's reason.
        reason: String,
    },
    /// The picture would be empty or too large to hold in memory.
    #[error("page {page} at {dpi} dpi would be {width} × {height} pixels, which cannot be drawn")]
    #[diagnostic(code(paperboard::png::size), help("choose a --dpi from 36 to 300"))]
    Size {
        /// The page, from 1.
        page: usize,
        /// The DPI asked for.
        dpi: u32,
        /// Width in pixels.
        width: u32,
        /// Height in pixels.
        height: u32,
    },
}

/// The embedded fonts in a font database, made once: all resvg may draw
/// text with, so a font we do not ship never stands in.
pub fn fonts() -> Arc<usvg::fontdb::Database> {
    static DB: OnceLock<Arc<usvg::fontdb::Database>> = OnceLock::new();
    DB.get_or_init(|| {
        let mut db = usvg::fontdb::Database::new();
        for face in FontFace::ALL {
            db.load_font_data(face.data().to_vec());
        }
        db.set_sans_serif_family("Noto Sans");
        Arc::new(db)
    })
    .clone()
}

/// Draws page `index` (from 0) as a PNG at `dpi`, on white.
pub fn page_png(
    index: usize,
    page: &Page,
    metadata: &Metadata,
    dpi: u32,
) -> Result<Vec<u8>, PngError> {
    let svg = super::svg::render_page(page, metadata);
    let options = usvg::Options {
        dpi: dpi as f32,
        fontdb: fonts(),
        font_family: "Noto Sans".into(),
        ..Default::default()
    };
    let draw = |reason: String| PngError::Draw {
        page: index + 1,
        reason,
    };
    let tree = usvg::Tree::from_str(&svg, &options).map_err(|e| draw(e.to_string()))?;
    let size = tree.size();
    let (width, height) = (size.width().ceil() as u32, size.height().ceil() as u32);
    let too_big = u64::from(width) * u64::from(height) > 20_000_000;
    let mut pixmap = tiny_skia::Pixmap::new(width, height)
        .filter(|_| !too_big)
        .ok_or(PngError::Size {
            page: index + 1,
            dpi,
            width,
            height,
        })?;
    pixmap.fill(tiny_skia::Color::WHITE);
    resvg::render(
        &tree,
        tiny_skia::Transform::identity(),
        &mut pixmap.as_mut(),
    );
    pixmap.encode_png().map_err(|e| draw(e.to_string()))
}
