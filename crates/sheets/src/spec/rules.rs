//! `[rules]`: the rules in force for the game the sheet is played under
//! (Ultimate and Strategic; docs/rules.md, "Options and presets"), which a
//! sheet's footer states. The keys and words are the handout's and the
//! checker's: a preset, then each option over it.

use serde::Deserialize;

use crate::keys::{KeyShape, read_with, spec_table};
use serde::de::Deserializer;

use crate::games::ttt::{Decided, Draws, NoReturn, Options, Preset};
use crate::source::fault::Fault;

/// Reads one option's word with the parser records and handouts use, so a
/// sheet can never accept another spelling.
fn word<'de, D: Deserializer<'de>, T>(
    d: D,
    key: &str,
    parse: fn(&str) -> Result<T, &'static str>,
) -> Result<Option<T>, D::Error> {
    let v = String::deserialize(d)?;
    parse(&v)
        .map(Some)
        .map_err(|expected| Fault::choice(key, expected, &v).refused())
}

fn preset<'de, D: Deserializer<'de>>(d: D) -> Result<Option<Preset>, D::Error> {
    word(d, "preset", Preset::parse)
}
fn draws<'de, D: Deserializer<'de>>(d: D) -> Result<Option<Draws>, D::Error> {
    word(d, "draws", Draws::parse)
}
fn decided<'de, D: Deserializer<'de>>(d: D) -> Result<Option<Decided>, D::Error> {
    word(d, "decided", Decided::parse)
}
fn no_return<'de, D: Deserializer<'de>>(d: D) -> Result<Option<NoReturn>, D::Error> {
    word(d, "no-return", NoReturn::parse)
}

read_with! {
    /// `preset`.
    PresetKey: Option<Preset> = preset, default None, KeyShape::Choice(&Preset::WORDS), "`\"authors\"`"
}
read_with! {
    /// `draws`.
    DrawsKey: Option<Draws> = draws, default None, KeyShape::Choice(&Draws::WORDS), "the preset's"
}
read_with! {
    /// `decided`.
    DecidedKey: Option<Decided> = decided, default None, KeyShape::Choice(&Decided::WORDS), "the preset's"
}
read_with! {
    /// `no-return`.
    NoReturnKey: Option<NoReturn> = no_return, default None, KeyShape::Choice(&NoReturn::WORDS), "`\"no\"`"
}

spec_table! {
    /// `[rules]`: a preset (default the authors' rules) and options over it.
    #[derive(Copy)]
    pub(crate) struct RulesSpec = "rules" with Default {
        preset: Option<Preset> = "preset", PresetKey, "the authors' rules or the common ones";
        draws: Option<Draws> = "draws", DrawsKey, "what a drawn cell counts for";
        decided: Option<Decided> = "decided", DecidedKey, "how decided cells take part";
        no_return: Option<NoReturn> = "no-return", NoReturnKey, "the no-return restriction";
    }
}

impl RulesSpec {
    /// The options in force: the preset's, each option given over it.
    pub(crate) fn options(&self) -> Options {
        Options::over_preset(self.preset, self.draws, self.decided, self.no_return)
    }
}
