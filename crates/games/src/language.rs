//! The languages paperboard speaks: the checker's messages (see
//! `check::say`) and, in the sheets crate, every word a sheet prints. One
//! type for both, so a report and the sheets of a class are in one language
//! chosen once.

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
}

impl fmt::Display for Language {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.code())
    }
}

/// A language code this program has no texts in.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error, miette::Diagnostic)]
#[error("no texts in language `{code}`; available: {}", Language::codes())]
#[diagnostic(code(paperboard::language::unknown))]
pub struct UnknownLanguage {
    /// The code as given.
    pub code: String,
}

impl Language {
    /// The codes of every language, as a message lists them.
    fn codes() -> String {
        let codes: Vec<&str> = Language::ALL.iter().map(|l| l.code()).collect();
        codes.join(", ")
    }
}

/// Reads a language code, as the spec's `language` key and `--language` give it.
impl FromStr for Language {
    type Err = UnknownLanguage;
    fn from_str(code: &str) -> Result<Language, UnknownLanguage> {
        Language::ALL
            .into_iter()
            .find(|l| l.code() == code)
            .ok_or_else(|| UnknownLanguage {
                code: code.to_string(),
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
