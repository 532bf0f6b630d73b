//! Why a spec was refused, in the reader's language.
//!
//! A spec's errors are typed ([`SpecError`]) and their `Display` is the
//! English the command line prints and scripts read. The page's print tab
//! shows the same reasons in its own language: each is worded here from
//! the message catalogues (`spec-*`, `accepts-*`,
//! [`paperboard_games::messages`]), without where (the page says where in
//! its own words; a layout's reasons are worded beside the layout). A check that words its refusal itself
//! ([`Fault::Said`]) is said in English only; in the other languages as
//! "this value cannot be used here", at its key, rather than in English.

use paperboard_games::messages::{Arg, say};

use super::error::SpecError;
use crate::language::Language;
use crate::source::fault::Fault;
use crate::source::text::InputError;

impl SpecError {
    /// What is wrong, without where, in `language` (in English, the
    /// reason the API gives).
    pub fn says(&self, language: Language) -> String {
        match self {
            SpecError::Invalid { message, .. } | SpecError::Override { message, .. } => {
                message.says(language)
            }
            SpecError::Map { source, .. } if language == Language::En => source.to_string(),
            SpecError::Map { name, .. } => Fault::Said(format!("map `{name}`")).says(language),
            SpecError::Input(e) => input(e, language),
            SpecError::Edit { message, .. } if language == Language::En => message.clone(),
            other if language == Language::En => other.to_string(),
            _ => say(language, "spec-refused", &[]),
        }
    }
}

/// A spec that could not be read as text.
fn input(e: &InputError, language: Language) -> String {
    if language == Language::En {
        return e.reason();
    }
    match e {
        InputError::TooLarge { limit_text, .. } => say(
            language,
            "file-too-large",
            &[("limit", Arg::Text(limit_text))],
        ),
        InputError::NotUtf8 { at, .. } => say(
            language,
            "file-not-utf8",
            &[
                ("line", Arg::Text(&at.line.to_string())),
                ("col", Arg::Text(&at.col.to_string())),
            ],
        ),
        _ => say(language, "spec-refused", &[]),
    }
}
