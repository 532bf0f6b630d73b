//! paperboard: printable sheets, game checking and ruleset analysis for
//! pencil-and-paper strategy games (SOS and the tic-tac-toe family up to
//! Strategic Tic-Tac-Toe).
//!
//! The crate is layered so each part can be used on its own:
//!
//! * [`spec`] reads a TOML layout spec into typed, validated parts;
//! * [`layout`] turns a spec into a backend-neutral [`display::Document`]
//!   (lines, rectangles, text, in mm, top-left origin);
//! * [`backend`] translates a document to SVG or PDF and does nothing else;
//! * [`games`] holds the rules engines, apart from any drawing;
//! * [`record`] parses game transcriptions, and [`check`] replays them;
//! * [`analysis`] is the transition-distance analysis of the rulesets;
//! * [`maps`] is shared by all of them.

#![forbid(unsafe_code)]
#![warn(missing_docs)]
#![deny(clippy::print_stdout, clippy::print_stderr)]

pub mod analysis;
pub mod backend;
pub mod boards;
pub mod check;
pub mod display;
pub mod fonts;
pub mod games;
pub mod handout;
pub mod input;
pub mod layout;
pub mod limits;
pub mod maps;
pub mod output;
pub mod record;
pub mod rng;
pub mod spec;
