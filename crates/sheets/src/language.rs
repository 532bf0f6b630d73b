//! The languages paperboard prints in, and the words of a sheet in each.
//!
//! Every word a sheet, a handout or a record table prints comes from one file
//! per language, `templates/rules/<code>.toml` (compiled in): the rules pages
//! and the handout's labels at its top level (read by the `texts` module), the
//! labels of game sheets in its `[sheet]` table (`SheetTexts`, which only the
//! parts read). One source per language keeps a term the rules page teaches
//! (the German *Brett* and *Feld*) the very word the sheet's column heads
//! print.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

/// A language with texts.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Language {
    /// English (the default).
    #[default]
    En,
    /// German.
    De,
    /// Russian.
    Ru,
    /// Thai.
    Th,
}

impl Language {
    /// Every language with texts.
    pub const ALL: [Language; 4] = [Language::En, Language::De, Language::Ru, Language::Th];

    /// The language's code: `en`, `de`, `ru`, `th`.
    pub fn code(self) -> &'static str {
        match self {
            Language::En => "en",
            Language::De => "de",
            Language::Ru => "ru",
            Language::Th => "th",
        }
    }

    /// The language's texts file (`templates/rules/<code>.toml`), compiled in.
    pub(crate) fn source(self) -> &'static str {
        match self {
            Language::En => include_str!("../../../templates/rules/en.toml"),
            Language::De => include_str!("../../../templates/rules/de.toml"),
            Language::Ru => include_str!("../../../templates/rules/ru.toml"),
            Language::Th => include_str!("../../../templates/rules/th.toml"),
        }
    }
}

impl fmt::Display for Language {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.code())
    }
}

/// Reads a language code, as the spec's `language` key and `--language` give it.
impl FromStr for Language {
    type Err = String;
    fn from_str(code: &str) -> Result<Language, String> {
        Language::ALL
            .into_iter()
            .find(|l| l.code() == code)
            .ok_or_else(|| {
                let codes: Vec<&str> = Language::ALL.iter().map(|l| l.code()).collect();
                format!(
                    "no texts in language `{code}`; available: {}",
                    codes.join(", ")
                )
            })
    }
}

impl<'de> Deserialize<'de> for Language {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        String::deserialize(d)?
            .parse()
            .map_err(serde::de::Error::custom)
    }
}

/// Written as its code, as a spec writes it (`language = "de"`).
impl Serialize for Language {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.code())
    }
}

/// The labels of game sheets, record tables and tracking grids in one
/// language: the `[sheet]` table of the language's texts file. Sheets print
/// them through placeholders (`{tactical-grid}`) and as the defaults of
/// their parts' headings.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct SheetTexts {
    /// Heading of the nine small tracking grids ("Tactical Grid").
    pub tactical_grid: String,
    /// Heading of the one 3×3 tracking grid ("Strategic Grid").
    pub strategic_grid: String,
    /// Heading of Ultimate's tracking grid ("Won boards").
    pub won_boards: String,
    /// Heading over a record's columns when one group holds the whole move
    /// ("Moves", SOS).
    pub moves: String,
    /// "Player": an SOS record's and tally's column.
    pub player: String,
    /// "Points": the tally's column of marks.
    pub score: String,
    /// The small board of an Ultimate move, as the rules page's
    /// `board.square` names it: Ultimate's first record column.
    pub board: String,
    /// The square a move is written in: Ultimate's second record column and
    /// SOS's cell column (the rules pages' word for a square of a grid).
    pub square: String,
    /// Title of a page of move records ("Move record").
    pub move_record: String,
    /// How to write a Strategic move, under a page of records.
    pub record_hint: String,
    /// How to write moves in the continuous record.
    pub continuous_hint: String,
    /// The note under a record that cannot hold the whole game: where it
    /// goes on; `{row}` is the first row of the next record sheet.
    pub continued: String,
    /// The same under a continuous record; `{move}` is the next move's number.
    pub continued_moves: String,
    /// The three Strategic rulesets, as a footer names the sheet's.
    pub ruleset_tactical: String,
    /// See `ruleset_tactical`.
    pub ruleset_functional: String,
    /// See `ruleset_tactical`.
    pub ruleset_hyperfunctional: String,
    /// The credit of the original game and its game sheets (CC BY 4.0).
    pub credit: String,
}
