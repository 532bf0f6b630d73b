//! The words a sheet prints, in the sheet's language: its parts' default
//! headings and the placeholders any text of the spec may hold
//! (`{date}`, `{tactical-grid}`, `{maps}`, `{rules}`, …).
//!
//! A template writes `fields = ["X", "O", "{date}"]` rather than `"Date"`,
//! so one template prints in every language; the words come from the
//! language's texts file (see [`crate::language`]), the same file the
//! handout's rules page is set from, so a column head is the very term the
//! rules page teaches. A leaf: the part kinds use it through their
//! [`super::Context`].

use crate::games::GameKind;
use crate::games::RulesetKind;
use crate::games::ttt::Options;
use crate::language::{Language, SheetTexts};
use crate::texts::{Texts, fill, texts};

/// The placeholders a sheet's texts may hold, as written between braces,
/// in the order a refusal lists them: these, each game's name (its title,
/// `{strategic}`), then [`AFTER_GAMES`]. A spec naming any other is refused
/// where it is written.
const BEFORE_GAMES: &[&str] = &[
    "maps", "ruleset", "rules", "credit", "name", "class", "date",
];

/// The placeholders after the games' names.
const AFTER_GAMES: &[&str] = &[
    "tactical-grid",
    "strategic-grid",
    "won-boards",
    "moves",
    "player",
    "score",
    "board",
    "square",
    "move-record",
    "record-hint",
    "continuous-hint",
];

/// Every placeholder a sheet's texts may hold, in the order a refusal
/// lists them.
pub(crate) fn placeholders() -> impl Iterator<Item = &'static str> {
    let games = GameKind::ALL.into_iter().map(GameKind::name);
    BEFORE_GAMES
        .iter()
        .copied()
        .chain(games)
        .chain(AFTER_GAMES.iter().copied())
}

/// The words of one sheet: its language's texts with the sheet's own values
/// (the maps its fields print, its ruleset, the rules in force).
#[derive(Debug, Clone)]
pub(crate) struct Words {
    texts: Texts,
    maps: String,
    ruleset: Option<RulesetKind>,
    options: Options,
}

impl Default for Words {
    fn default() -> Self {
        Words::new(Language::En, String::new(), None, Options::default())
    }
}

impl Words {
    /// The words of a sheet in `language` whose fields print `maps` (as a
    /// footer names them) for `ruleset`, played under `options`.
    pub(crate) fn new(
        language: Language,
        maps: String,
        ruleset: Option<RulesetKind>,
        options: Options,
    ) -> Words {
        Words {
            texts: texts(language),
            maps,
            ruleset,
            options,
        }
    }

    /// The labels of sheets.
    pub(crate) fn sheet(&self) -> &SheetTexts {
        &self.texts.sheet
    }

    /// The maps the sheet's fields print: `map34`, `map34 : hmap2`, or empty.
    pub(crate) fn maps(&self) -> &str {
        &self.maps
    }

    /// The ruleset the sheet's fields are for, named (`functional ruleset`);
    /// `None` without a strategic field.
    pub(crate) fn ruleset(&self) -> Option<&str> {
        let s = self.sheet();
        self.ruleset.map(|r| match r {
            RulesetKind::Tactical => s.ruleset_tactical.as_str(),
            RulesetKind::Functional => s.ruleset_functional.as_str(),
            RulesetKind::Hyperfunctional => s.ruleset_hyperfunctional.as_str(),
        })
    }

    /// The line naming the rules in force (`Rules in force: authors' rules`),
    /// without a closing full stop, so it can stand in a list.
    pub(crate) fn rules(&self) -> String {
        let name = self.texts.rules_name(self.options);
        let line = fill(&self.texts.rules_in_force, &[("rules", &name)]);
        line.trim_end_matches('.').to_string()
    }

    /// The credit of the original game and game sheets.
    pub(crate) fn credit(&self) -> &str {
        &self.sheet().credit
    }

    /// The note under a record that goes on from row `row` on a record sheet.
    pub(crate) fn continued(&self, row: u32) -> String {
        fill(&self.sheet().continued, &[("row", &row.to_string())])
    }

    /// The note under a continuous record that goes on from move `number`.
    pub(crate) fn continued_moves(&self, number: u32) -> String {
        fill(
            &self.sheet().continued_moves,
            &[("move", &number.to_string())],
        )
    }

    /// The value of placeholder `name` (one of [`placeholders`]).
    fn value(&self, name: &str) -> Option<String> {
        let s = self.sheet();
        let t = &self.texts;
        let title = |g: GameKind| t.rules(g).title.clone();
        if let Some(game) = GameKind::ALL.into_iter().find(|g| g.name() == name) {
            return Some(title(game));
        }
        Some(match name {
            "maps" => self.maps.clone(),
            "ruleset" => self.ruleset().unwrap_or_default().to_string(),
            "rules" => self.rules(),
            "credit" => s.credit.clone(),
            "name" => t.name_label.clone(),
            "class" => t.class_label.clone(),
            "date" => t.date_label.clone(),
            "tactical-grid" => s.tactical_grid.clone(),
            "strategic-grid" => s.strategic_grid.clone(),
            "won-boards" => s.won_boards.clone(),
            "moves" => s.moves.clone(),
            "player" => s.player.clone(),
            "score" => s.score.clone(),
            "board" => s.board.clone(),
            "square" => s.square.clone(),
            "move-record" => s.move_record.clone(),
            "record-hint" => s.record_hint.clone(),
            "continuous-hint" => s.continuous_hint.clone(),
            _ => return None,
        })
    }

    /// `text` with every `{placeholder}` replaced by its words; anything
    /// else between braces is left as written (the spec check has refused
    /// unknown placeholders already).
    pub(crate) fn expand(&self, text: &str) -> String {
        let mut out = String::with_capacity(text.len());
        let mut rest = text;
        while let Some(open) = rest.find('{') {
            out.push_str(&rest[..open]);
            let after = &rest[open + 1..];
            match after.find('}').and_then(|close| {
                let value = self.value(&after[..close])?;
                Some((close, value))
            }) {
                Some((close, value)) => {
                    out.push_str(&value);
                    rest = &after[close + 1..];
                }
                None => {
                    out.push('{');
                    rest = after;
                }
            }
        }
        out.push_str(rest);
        out
    }
}

/// The placeholders in `text` that are not [`placeholders`].
pub(crate) fn unknown_placeholders(text: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let mut rest = text;
    while let Some(open) = rest.find('{') {
        let after = &rest[open + 1..];
        let Some(close) = after.find('}') else { break };
        let name = &after[..close];
        let looks_like_one = !name.is_empty()
            && name
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_');
        if looks_like_one && !placeholders().any(|p| p == name) {
            out.push(name);
        }
        rest = &after[close + 1..];
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn placeholders_expand_in_every_language_and_unknown_ones_are_found() {
        for language in Language::ALL {
            let w = Words::new(
                language,
                "map34".into(),
                Some(RulesetKind::Functional),
                Options::default(),
            );
            for name in placeholders() {
                let v = w.expand(&format!("<{{{name}}}>"));
                assert!(v.len() > 2 && !v.contains('{'), "{language} {name}: {v}");
            }
            assert!(w.continued(76).contains("76"), "{language}");
            assert!(w.continued_moves(301).contains("301"), "{language}");
        }
        let w = Words::default();
        assert_eq!(w.expand("{date} {nope} {"), "Date {nope} {");
        assert_eq!(w.rules(), "Rules in force: the authors' rules");
        assert_eq!(unknown_placeholders("{date} {nope} {a b} {"), ["nope"]);
    }
}
