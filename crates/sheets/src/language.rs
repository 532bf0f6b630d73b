//! The languages paperboard prints in, and the words of a sheet in each.
//!
//! Every word a sheet, a handout or a record table prints comes from one file
//! per language, `templates/rules/<code>.toml` (compiled in): the rules pages
//! and the handout's labels at its top level (read by the `texts` module), the
//! labels of game sheets in its `[sheet]` table (`SheetTexts`, which only the
//! parts read). One source per language keeps a term the rules page teaches
//! (the German *Brett* and *Feld*) the very word the sheet's column heads
//! print.

use serde::Deserialize;

pub use paperboard_games::language::Language;

/// The language's texts file (`templates/rules/<code>.toml`), compiled in.
pub(crate) fn source(language: Language) -> &'static str {
    match language {
        Language::En => include_str!("../../../templates/rules/en.toml"),
        Language::De => include_str!("../../../templates/rules/de.toml"),
        Language::Ru => include_str!("../../../templates/rules/ru.toml"),
        Language::Th => include_str!("../../../templates/rules/th.toml"),
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
