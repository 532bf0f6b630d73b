//! The sheets of paperboard: printable sheets, classroom handouts and
//! diagrams of games, for SOS and the tic-tac-toe family up to Strategic
//! Tic-Tac-Toe, on top of the games in [`paperboard_games`].
//!
//! A sheet takes one path through this crate: a [`Spec`] (a built-in
//! [`Template`] or TOML text, changed with [`Set`]s) is laid out once by
//! [`layout()`] into a [`Sheet`]: the [`Document`] to print, and every part
//! with its geometry (where each cell of a board, each row of a record table
//! is). [`render`] turns the document into PDF, SVG or PNG bytes; it writes
//! no files (only the command line does).
//!
//! ```
//! use paperboard_sheets::{Format, Spec, Template};
//!
//! let spec = Spec::template(Template::StrategicFunctional, &[])?;
//! let sheet = paperboard_sheets::layout(&spec)?;
//! let pdf = paperboard_sheets::render(sheet.document(), Format::Pdf)?;
//! assert!(pdf[0].starts_with(b"%PDF"));
//! let svg = paperboard_sheets::render(sheet.document(), Format::Svg)?;
//! assert_eq!(svg.len(), 1); // one SVG document per page
//! // Where the layout put the move records.
//! let records = sheet.part("records").expect("the sheet has record tables");
//! assert!(records.rect().w > 0.0);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! The modules behind that path:
//!
//! * [`spec`] reads a TOML layout spec into checked values; [`parts`] holds
//!   the part kinds a sheet is built from and their geometry; [`keys`]
//!   declares every key of a spec table once (reader, default, reference);
//! * [`mod@layout`] places the parts and draws the backend-neutral [`display`]
//!   list (lines, rectangles, text, in mm, top-left origin);
//! * [`backend`] translates a document to SVG, PDF or PNG and does nothing
//!   else; [`fonts`] are the embedded fonts every document is set in and
//!   [`print`](mod@print) the standards every printed text is held to;
//! * [`handout`] builds classroom handouts from sheets, rules and
//!   worksheets; [`diagram`] draws games that were checked; [`heatmap`]
//!   draws the analysis of a ruleset; [`read`] reads handwriting back;
//! * [`files`] is how the files a spec names (map files, the sheet a
//!   handout names) are asked for: this crate opens none itself.
//!
//! The `internals` feature adds a module `internals` with the crate's own
//! steps (the digit network, the crop normalisation, the digits read without
//! the rules) for the workspace's benches and tests. It is no API and
//! changes with the code.

#![forbid(unsafe_code)]
#![warn(missing_docs, unreachable_pub)]
#![deny(clippy::print_stdout, clippy::print_stderr)]

pub mod backend;
pub(crate) mod boards;
// The key tables of the docs against the declarations: a test that reads
// spec, handout and keys alike, so it sits above them all, not in `keys`.
pub mod diagram;
pub mod display;
#[cfg(test)]
mod docs_tables;
pub mod files;
pub mod fonts;
pub mod handout;
pub mod heatmap;
// The heat map's cells against the shade of their distance, on pixels.
#[cfg(test)]
mod heatmap_tests;
pub mod keys;
pub mod language;
pub mod layout;
pub mod limits;
pub mod parts;
pub mod print;
pub mod read;
// Sheets, handouts and diagrams measured through their parts' geometry
// and found through their texts, both the crate's own.
#[cfg(test)]
mod sheet_tests;
pub mod spec;
pub(crate) mod texts;
pub(crate) mod wrap;

/// The library's own steps, for the benches that time them one by one and
/// the tests that drive them alone: the digit network and the crop
/// normalisation, the digits read without the rules, the game a sheet is
/// for, and the spec of a handout's game sheet.
///
/// Not part of the API: it is there only with the `internals` feature, which
/// the workspace's benches and tests turn on, and it changes with the code.
#[cfg(feature = "internals")]
pub mod internals {
    use crate::display::FontWeight;
    pub use crate::read::classify::{Net, digit_net};
    pub use crate::read::crop::{CropError, GreyCrop};
    pub use crate::read::decode::{Evidence, decode, decode_bending_rules, digits_alone};
    pub use crate::read::normalise::normalise;
    use crate::read::{DigitReading, MarkReading};

    /// Width of `text` set at `size_mm` (em size), in mm.
    pub fn text_width(text: &str, weight: FontWeight, size_mm: f64) -> f64 {
        crate::fonts::text_width(text, weight, size_mm)
    }

    /// The baseline y that centres capitals and digits set at `size_mm`
    /// vertically on `centre_y` (y grows downwards).
    pub fn baseline_centred_on(centre_y: f64, size_mm: f64) -> f64 {
        crate::fonts::baseline_centred_on(centre_y, size_mm)
    }

    /// Reads one record box with the embedded digit reader.
    pub fn read_digit(crop: GreyCrop<'_>) -> DigitReading {
        crate::read::read_digit(crop)
    }

    /// Reads one field cell with the embedded mark reader.
    pub fn read_mark(crop: GreyCrop<'_>) -> MarkReading {
        crate::read::read_mark(crop)
    }

    use paperboard_games::GameSetup;

    use crate::handout::{HandoutError, spec::HandoutSpec};

    /// [`crate::limits`]' pixel limit, for the fuzz targets' checks.
    pub const PHOTO_PIXELS: u64 = crate::limits::PHOTO_PIXELS;
    /// [`crate::limits`]' least side, for the fuzz targets' checks.
    pub const PHOTO_MIN_SIDE: u32 = crate::limits::PHOTO_MIN_SIDE;
    /// [`crate::limits`]' page limit, for the fuzz targets' checks.
    pub const PDF_PAGES: usize = crate::limits::PDF_PAGES;

    /// The spec of the game sheet a handout prints (every copy alike but
    /// for the copy number in its code).
    pub fn game_sheet_spec(spec: &HandoutSpec) -> Result<crate::Spec, HandoutError> {
        crate::handout::game_sheet_spec(spec)
    }

    /// A photo's bytes decoded into grey levels as `read` decodes them
    /// (JPEG or PNG, its limits checked first).
    pub fn decode_photo(
        bytes: &[u8],
    ) -> Result<crate::read::photo::Photo, crate::read::photo::PhotoError> {
        crate::read::photo::decode_photo(bytes)
    }

    /// A PDF's pages as `read` takes them: the whole file's refusal, or
    /// each page's photo decoded when it is asked for.
    #[allow(clippy::type_complexity)]
    pub fn pdf_photos(
        bytes: &[u8],
    ) -> Result<
        impl Iterator<
            Item = (
                u32,
                Result<crate::read::photo::Photo, crate::read::photo::PhotoError>,
            ),
        >,
        crate::read::photo::PhotoError,
    > {
        crate::read::pdf::pdf_pages(bytes)
    }

    /// The game a spec's sheet is for, under the spec's rules; `None` for
    /// a sheet of no game of the tic-tac-toe family.
    pub fn game_of(spec: &crate::Spec, record_depth: Option<usize>) -> Option<GameSetup> {
        crate::read::sheet::game_of(spec, record_depth)
    }
}

// The test fixtures the integration tests and benchmarks share (the
// photographer of `tests/read/photos.rs`) name this crate by its name; the
// unit tests that include them resolve it here.
#[cfg(test)]
extern crate self as paperboard_sheets;

pub use backend::{Format, render};
pub use display::Document;
pub use layout::{Sheet, layout};
pub use spec::{Set, Spec, Template};

// The games layer below, by the names the modules of this crate use for it
// (`crate::games::ttt`, `crate::maps`): one-way, nothing there names a
// module here.
pub(crate) use paperboard_games::{
    analysis, check, games, grid, maps, record, rng, setup, solve, source,
};

/// The program and version, as every document's metadata names its creator.
pub(crate) const CREATOR: &str = concat!("paperboard ", env!("CARGO_PKG_VERSION"));
