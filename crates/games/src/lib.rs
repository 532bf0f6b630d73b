//! The games of paperboard: SOS and the tic-tac-toe family up to Strategic
//! Tic-Tac-Toe, as rules and records, with nothing drawn and no file read.
//!
//! This crate is the bottom layer. Everything above it (the sheets, the
//! command line, the web server) builds on these types, and nothing here
//! knows about pages, fonts, files or sockets: a record comes in as text and
//! a report goes out as values, so the same checker serves the command line,
//! the web page and the tests alike.
//!
//! ```
//! use paperboard_games::maps::map34;
//! use paperboard_games::{Ruleset, analyze, check_source};
//!
//! // A record: replayed and judged.
//! let file = check_source("game.txt", b"[Game \"tictactoe\"]\n1. 5 1 2. 9 3 3. 7\n", None);
//! let report = &file.games[0].report;
//! assert_eq!(report.status, paperboard_games::check::Status::Legal);
//! assert_eq!(report.result.as_ref().unwrap().to_string(), "unfinished");
//!
//! // A ruleset: its transition distances.
//! let a = analyze("functional map34", Ruleset::Functional(map34()));
//! assert_eq!(a.figures.mean_text(), "8/3 = 2.6667");
//! ```
//!
//! The modules, from the bottom up:
//!
//! * [`source`] is what every reader of text shares: a TOML tree that keeps
//!   where each value was written, and diagnostics that point there;
//!   [`limits`] holds the limits every input is held to;
//! * [`games`] holds the rules engines; [`maps`] the functional maps they
//!   play under; [`grid`] the addressing of cells;
//! * [`record`] parses and writes game transcriptions; [`setup`] says which
//!   game one is, under which rules ([`GameSetup`], read from its tags and
//!   written back as them); [`check`] replays them, judges results and claims
//!   and suggests repairs;
//! * [`solve`] proves short forced wins in a position and marks the
//!   moments that decided a game;
//! * [`analysis`] is the transition-distance analysis of the rulesets.
//!
//! The `internals` feature adds a module `internals` with the crate's own
//! steps (planting slips, the repair search alone) for the workspace's
//! benches and tests. It is no API and changes with the code.

#![forbid(unsafe_code)]
#![warn(missing_docs, unreachable_pub)]
#![deny(clippy::print_stdout, clippy::print_stderr)]

pub mod analysis;
pub mod check;
pub mod games;
pub mod grid;
pub mod language;
pub mod limits;
pub mod maps;
pub mod messages;
pub mod record;
pub mod rng;
pub mod setup;
pub mod solve;
pub mod source;

#[cfg(test)]
mod limits_docs;

/// The library's own steps, for the benches that time them one by one and
/// the tests that drive them alone: planting slips into legal records, the
/// repair search without the checker around it, how a suggestion reads, and
/// large files of random games to check.
///
/// Not part of the API: it is there only with the `internals` feature, which
/// the workspace's benches and tests turn on, and it changes with the code.
#[cfg(feature = "internals")]
pub mod internals {
    pub use crate::analysis::fast::band_figures;
    pub use crate::check::random::{random_strategic_record, random_ultimate_record};
    pub use crate::check::repair::plant::{
        Planted, Word, numbered_words, plant, rank_of_truth, sos_words, ttt_words, write,
    };
    pub use crate::check::repair::run::{RepairLimits, suggest};
    pub use crate::check::repair::say::suggestion_text;

    /// The words of an English message still in its translation: see
    /// the checker's catalogues (`messages`) for what a word is and what
    /// is left out.
    pub fn english_left(
        english: &str,
        said: &str,
        language: crate::language::Language,
        kept: &[&str],
    ) -> Vec<String> {
        crate::messages::english_left(english, said, language, kept)
    }

    /// Tic-tac-toe family moves, one numbered line per pair: `12. 5.3.7 3.7.1`.
    pub fn ttt_moves_text(moves: &[crate::games::ttt::Move]) -> String {
        crate::record::write::ttt_moves_text(moves)
    }

    /// SOS moves with their players, eight to a line: `A:c3S B:b2O …`.
    pub fn sos_moves_text(moves: &[(u8, crate::games::sos::SosMove)]) -> String {
        crate::record::write::sos_moves_text(moves)
    }

    /// Parses a record held as bytes, as the fuzz target feeds it: UTF-8 is
    /// required, and a bad byte is reported at its line and column. The
    /// first syntax error, if any, is the error.
    pub fn parse_bytes(
        bytes: &[u8],
    ) -> Result<Vec<crate::record::GameRecord>, crate::record::ParseError> {
        crate::record::parse_bytes(bytes)
    }

    /// Reads one move's text written without number or player (`5.3.7`,
    /// `537`, `c3S`, `S@c3`), as the parser reads the moves of a record.
    pub fn parse_move(text: &str) -> crate::record::MoveBody {
        crate::record::parse_move(text)
    }
}

pub use analysis::{Analysis, analyze};
pub use check::{FileCheck, check_source};
pub use games::ttt::Ruleset;
pub use setup::GameSetup;
