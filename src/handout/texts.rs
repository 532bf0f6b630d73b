//! The texts of a handout in each language: the rules of every game and the
//! labels of headers, name lines, worksheets and answer keys. They live in
//! `templates/rules/<language>.toml` and are compiled in.

use std::fmt;
use std::str::FromStr;

use serde::Deserialize;

use crate::spec::Template;

/// A game a handout can be about.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Game {
    /// SOS.
    Sos,
    /// Tic-tac-toe.
    Tictactoe,
    /// Ultimate tic-tac-toe.
    Ultimate,
    /// Strategic tic-tac-toe.
    Strategic,
}

impl Game {
    /// The game's name as specs and records write it.
    pub fn name(self) -> &'static str {
        match self {
            Game::Sos => "sos",
            Game::Tictactoe => "tictactoe",
            Game::Ultimate => "ultimate",
            Game::Strategic => "strategic",
        }
    }

    /// The game's sheet when a handout names none.
    pub fn template(self) -> Template {
        match self {
            Game::Sos => Template::Sos,
            Game::Tictactoe => Template::TicTacToe,
            Game::Ultimate => Template::Ultimate,
            Game::Strategic => Template::StrategicFunctional,
        }
    }
}

/// A language with texts.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Language {
    /// English.
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

    fn source(self) -> &'static str {
        match self {
            Language::En => include_str!("../../templates/rules/en.toml"),
            Language::De => include_str!("../../templates/rules/de.toml"),
            Language::Ru => include_str!("../../templates/rules/ru.toml"),
            Language::Th => include_str!("../../templates/rules/th.toml"),
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

/// The rules of one game: a few paragraphs, then a bulleted list.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GameRules {
    /// The game's name in this language.
    pub title: String,
    /// Introductory paragraphs.
    pub paragraphs: Vec<String>,
    /// The rules, one bullet each.
    pub items: Vec<String>,
}

/// Everything a handout prints in one language.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Texts {
    /// The language.
    pub language: Language,
    /// Heading of the rules page ("Rules").
    pub rules_heading: String,
    /// "Page", before "3 / 12".
    pub page_label: String,
    /// "Name" on the name line.
    pub name_label: String,
    /// "Class" on the name line.
    pub class_label: String,
    /// "Date" on the name line.
    pub date_label: String,
    /// Heading of exercise pages.
    pub worksheet_heading: String,
    /// Heading of the answer key.
    pub answer_key_heading: String,
    /// "Seed", before the number the exercises were made from.
    pub seed_label: String,
    /// "Exercise", before its number.
    pub exercise_label: String,
    /// The "where may X play next?" question; `{player}` is filled in.
    pub question_where: String,
    /// The "how many SOS?" question; `{player}`, `{letter}`, `{cell}`.
    pub question_sos: String,
    /// "Last move: {player} at {move}."
    pub last_move: String,
    /// Answer to a where-question: `{count}` allowed cells.
    pub answer_where: String,
    /// Answer to an SOS question: `{count}`.
    pub answer_sos: String,
    /// SOS rules.
    pub sos: GameRules,
    /// Tic-tac-toe rules.
    pub tictactoe: GameRules,
    /// Ultimate rules.
    pub ultimate: GameRules,
    /// Strategic rules.
    pub strategic: GameRules,
}

/// The texts of `language`.
pub fn texts(language: Language) -> Texts {
    // The sources are part of the program; a test parses every one.
    toml::from_str(language.source()).expect("built-in rules texts parse")
}

impl Texts {
    /// The rules of `game`.
    pub fn rules(&self, game: Game) -> &GameRules {
        match game {
            Game::Sos => &self.sos,
            Game::Tictactoe => &self.tictactoe,
            Game::Ultimate => &self.ultimate,
            Game::Strategic => &self.strategic,
        }
    }
}

/// Replaces each `{name}` in `template` by its value.
pub(crate) fn fill(template: &str, values: &[(&str, &str)]) -> String {
    values
        .iter()
        .fold(template.to_string(), |s, (name, value)| {
            s.replace(&format!("{{{name}}}"), value)
        })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::display::FontWeight;
    use crate::fonts::unsupported_chars;

    #[test]
    fn every_language_parses_and_every_character_has_a_glyph() {
        for language in Language::ALL {
            let t = texts(language);
            assert_eq!(t.language, language);
            let code = language.code();
            for game in [Game::Sos, Game::Tictactoe, Game::Ultimate, Game::Strategic] {
                let r = t.rules(game);
                assert!(!r.title.is_empty() && !r.items.is_empty());
                for s in r.paragraphs.iter().chain(&r.items).chain([&r.title]) {
                    assert!(unsupported_chars(s, FontWeight::Regular).is_empty(), "{s}");
                }
            }
            for q in [&t.question_where, &t.question_sos, &t.last_move] {
                assert!(q.contains("{player}"), "{code}: {q}");
            }
            assert!(t.answer_sos.contains("{count}") && t.answer_where.contains("{count}"));
        }
        assert!(
            "xx".parse::<Language>()
                .unwrap_err()
                .contains("en, de, ru, th")
        );
    }

    #[test]
    fn fill_replaces_every_occurrence() {
        assert_eq!(
            fill("{a} and {a}, {b}", &[("a", "X"), ("b", "Y")]),
            "X and X, Y"
        );
    }
}
