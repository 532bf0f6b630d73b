//! `[rules]`: the rules in force for the game the sheet is played under
//! (Ultimate and Strategic; docs/rules.md, "Options and presets"), which a
//! sheet's footer states. The keys and words are the handout's and the
//! checker's: a preset, then each option over it.

use serde::Deserialize;
use serde::de::{self, Deserializer};

use crate::games::ttt::{Decided, Draws, NoReturn, Options, Preset};

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
        .map_err(|expected| de::Error::custom(format!("`{key}` must be {expected}, got \"{v}\"")))
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

/// `[rules]`: a preset (default the authors' rules) and options over it.
#[derive(Debug, Clone, Copy, Default, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub(crate) struct RulesSpec {
    /// `authors` (default) or `common`.
    #[serde(default, deserialize_with = "preset")]
    preset: Option<Preset>,
    /// `both` or `none`, over the preset.
    #[serde(default, deserialize_with = "draws")]
    draws: Option<Draws>,
    /// `open`, `free` or `closed`, over the preset.
    #[serde(default, deserialize_with = "decided")]
    decided: Option<Decided>,
    /// `no` (default), `yes` or `tactical`.
    #[serde(default, deserialize_with = "no_return")]
    no_return: Option<NoReturn>,
}

impl RulesSpec {
    /// The options in force: the preset's, each option given over it.
    pub(crate) fn options(&self) -> Options {
        let mut o = Options::preset(self.preset.unwrap_or(Preset::Authors));
        if let Some(d) = self.draws {
            o.draws = d;
        }
        if let Some(d) = self.decided {
            o.decided = d;
        }
        if let Some(n) = self.no_return {
            o.no_return = n;
        }
        o
    }
}
