//! The texts of a handout in each language: the rules of every game and the
//! labels of headers, name lines, worksheets and answer keys. They live in
//! `templates/rules/<language>.toml` and are compiled in.

use serde::Deserialize;

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
    /// The language code (`en`, `de`, `ru`, `th`).
    pub language: String,
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

/// The languages with texts, by code, with the TOML source.
const SOURCES: [(&str, &str); 4] = [
    ("en", include_str!("../../templates/rules/en.toml")),
    ("de", include_str!("../../templates/rules/de.toml")),
    ("ru", include_str!("../../templates/rules/ru.toml")),
    ("th", include_str!("../../templates/rules/th.toml")),
];

/// The language codes with texts.
pub fn languages() -> Vec<&'static str> {
    SOURCES.iter().map(|(code, _)| *code).collect()
}

/// `code` if there are texts in that language, else the message saying
/// which there are: the one check for the spec key and `handout --language`.
pub fn check_language(code: &str) -> Result<String, String> {
    if languages().contains(&code) {
        Ok(code.to_string())
    } else {
        Err(format!(
            "no texts in language `{code}`; available: {}",
            languages().join(", ")
        ))
    }
}

/// The texts of language `code`, or `None` for a language without texts.
pub fn texts(code: &str) -> Option<Texts> {
    let (_, source) = SOURCES.iter().find(|(c, _)| *c == code)?;
    // The sources are part of the program; a test parses every one.
    Some(toml::from_str(source).expect("built-in rules texts parse"))
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
pub fn fill(template: &str, values: &[(&str, &str)]) -> String {
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
        for code in languages() {
            let t = texts(code).unwrap();
            assert_eq!(t.language, code);
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
        assert!(texts("xx").is_none());
    }

    #[test]
    fn fill_replaces_every_occurrence() {
        assert_eq!(
            fill("{a} and {a}, {b}", &[("a", "X"), ("b", "Y")]),
            "X and X, Y"
        );
    }
}
