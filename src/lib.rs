//! paperboard: printable sheets, game checking and ruleset analysis for
//! pencil-and-paper strategy games (SOS and the tic-tac-toe family up to
//! Strategic Tic-Tac-Toe).
//!
//! Three paths run through the library, and the crate root names the start
//! of each:
//!
//! * **a sheet**: a [`Spec`] (a built-in [`Template`] or TOML text, changed
//!   with [`Set`]s) is laid out once by [`layout()`] into a [`Sheet`]: the
//!   [`Document`] to print, and every part with its geometry (where each cell
//!   of a board, each row of a record table is). [`render`] turns the
//!   document into PDF or SVG bytes;
//! * **a record**: [`check_source`] reads a game transcribed from paper,
//!   replays it under the rules and reports every illegal move and wrong
//!   claim ([`check`] has the reports and the diagrams of final positions);
//! * **a ruleset**: [`analyze`] gives the transition-distance figures of a
//!   [`Ruleset`] and its map ([`analysis`] has the reports and the search
//!   for new maps).
//!
//! ```
//! use paperboard::maps::map34;
//! use paperboard::{Format, Ruleset, Spec, Template};
//!
//! // A sheet: spec, layout, PDF and SVG bytes.
//! let spec = Spec::template(Template::StrategicFunctional, &[])?;
//! let sheet = paperboard::layout(&spec)?;
//! let pdf = paperboard::render(sheet.document(), Format::Pdf)?;
//! assert!(pdf[0].starts_with(b"%PDF"));
//! let svg = paperboard::render(sheet.document(), Format::Svg)?;
//! assert_eq!(svg.len(), 1); // one SVG document per page
//! // Where the layout put the move records.
//! let records = sheet.part("records").expect("the sheet has record tables");
//! assert!(records.rect().w > 0.0);
//!
//! // A record: replayed and judged.
//! let file = paperboard::check_source("game.txt", b"[Game \"tictactoe\"]\n1. 5 1 2. 9 3 3. 7\n", None);
//! let report = &file.games[0].report;
//! assert_eq!(report.status, paperboard::check::Status::Legal);
//! assert_eq!(report.result.as_ref().unwrap().to_string(), "unfinished");
//!
//! // A ruleset: its transition distances.
//! let a = paperboard::analyze("functional map34", Ruleset::Functional(map34()));
//! assert_eq!(a.figures.mean_text(), "8/3 = 2.6667");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! The modules behind those paths:
//!
//! * [`spec`] reads a TOML layout spec into checked values; [`parts`] holds
//!   the part kinds a sheet is built from and their geometry;
//! * [`mod@layout`] places the parts and draws the backend-neutral [`display`]
//!   list (lines, rectangles, text, in mm, top-left origin);
//! * [`backend`] translates a document to SVG or PDF and does nothing else
//!   (it writes no files: only the command line does);
//! * [`games`] holds the rules engines, apart from any drawing;
//! * [`record`] parses game transcriptions, and [`check`] replays them;
//! * [`analysis`] is the transition-distance analysis of the rulesets;
//! * [`maps`] is shared by all of them; [`handout`] builds classroom
//!   handouts from sheets, rules and worksheets; [`fonts`] are the embedded
//!   fonts every document is set in.

#![forbid(unsafe_code)]
#![warn(missing_docs, unreachable_pub)]
#![deny(clippy::print_stdout, clippy::print_stderr)]

pub mod analysis;
pub mod backend;
pub(crate) mod boards;
pub mod check;
pub mod display;
pub mod fonts;
pub mod games;
pub(crate) mod grid;
pub mod handout;
pub mod input;
pub mod language;
pub mod layout;
pub mod limits;
pub mod maps;
pub mod parts;
pub mod print;
pub mod read;
pub mod record;
pub mod report;
pub mod rng;
pub mod spec;

pub use analysis::{Analysis, analyze};
pub use backend::{Format, render};
pub use check::{FileCheck, check_source};
pub use display::Document;
pub use games::ttt::Ruleset;
pub use layout::{Sheet, layout};
pub use spec::{Set, Spec, Template};

/// The program and version, as every document's metadata names its creator.
pub const CREATOR: &str = concat!("paperboard ", env!("CARGO_PKG_VERSION"));
