//! The texts of a handout in each language: the rules of every game and the
//! labels of headers, name lines, worksheets and answer keys. They live in
//! `templates/rules/<language>.toml` and are compiled in.
//!
//! Ultimate and Strategic rules depend on the rule options (docs/rules.md,
//! "Options and presets"): their rules pages put together the general rules,
//! one sentence per option in force, and a line naming the rules in force
//! ([`Texts::rules_page`]).

use std::sync::OnceLock;

use crate::games::GameKind;
use serde::Deserialize;

use crate::games::ttt::{Decided, Draws, NoReturn, Options, Preset};

use crate::language::{Language, SheetTexts};

/// The rules of one game: a few paragraphs, then a bulleted list.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct GameRules {
    /// The game's name in this language.
    pub title: String,
    /// Introductory paragraphs.
    pub paragraphs: Vec<String>,
    /// The rules that hold under every option, one bullet each.
    pub items: Vec<String>,
    /// The rules each option value adds (Ultimate and Strategic), set after
    /// `items`.
    #[serde(default)]
    pub options: Option<OptionRules>,
    /// Bullets after the option rules (how the game ends).
    #[serde(default)]
    pub closing: Vec<String>,
}

/// A text per option value: the rule it adds to a rules page, or its short
/// name.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct OptionRules {
    /// `draws = both`.
    pub draws_both: String,
    /// `draws = none`.
    pub draws_none: String,
    /// `decided = open`.
    pub decided_open: String,
    /// `decided = free`.
    pub decided_free: String,
    /// `decided = closed`.
    pub decided_closed: String,
    /// `no-return = yes`.
    pub no_return_yes: String,
    /// `no-return = tactical`, when it differs from `yes`.
    #[serde(default)]
    pub no_return_tactical: Option<String>,
}

impl OptionRules {
    /// The texts of `options`' draws and decided values.
    fn draws_and_decided(&self, options: Options) -> [&str; 2] {
        [
            match options.draws {
                Draws::Both => &self.draws_both,
                Draws::None => &self.draws_none,
            },
            match options.decided {
                Decided::Open => &self.decided_open,
                Decided::Free => &self.decided_free,
                Decided::Closed => &self.decided_closed,
            },
        ]
    }

    /// The text of `options`' no-return, if it is on.
    fn no_return(&self, options: Options) -> Option<&str> {
        match options.no_return {
            NoReturn::No => None,
            NoReturn::Yes => Some(&self.no_return_yes),
            NoReturn::Tactical => Some(
                self.no_return_tactical
                    .as_deref()
                    .unwrap_or(&self.no_return_yes),
            ),
        }
    }
}

/// Short names of the presets and option values, for the "rules in force"
/// line.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct RuleNames {
    /// The authors' preset.
    pub authors: String,
    /// The common preset.
    pub common: String,
    /// The option values.
    pub options: OptionRules,
}

/// Everything a handout prints in one language.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct Texts {
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
    /// "{player} to play and win in one move", in two, in three: one
    /// sentence each, so no language needs plural forms of a count.
    pub question_win: Vec<String>,
    /// Where a position of the class's games comes from: `{game}` (its
    /// number in the file), `{file}`, `{move}` (the next move's number).
    pub from_game: String,
    /// The answer to a win question: `{move}` and the main line `{line}`.
    pub answer_win: String,
    /// Where a student writes an SOS answer on the worksheet: `{answer}`
    /// is `answer_sos` with a blank for the count.
    pub answer_line: String,
    /// The line naming the rules in force: `{rules}`.
    pub rules_in_force: String,
    /// The line of a Strategic rules page naming the ruleset the handout's
    /// game sheets print: `{ruleset}` (`functional ruleset`) and `{maps}`
    /// (` (map34)`, or nothing for the tactical ruleset).
    pub sheets_ruleset: String,
    /// What a page left blank so that the answer key starts on a new sheet
    /// of paper says.
    pub blank_page: String,
    /// The credit to the original game's authors and its licence, on the
    /// rules page.
    pub credit: String,
    /// The texts of diagrams of checked games.
    pub diagram: DiagramTexts,
    /// The words of a ruleset's heat map.
    pub(crate) heatmap: HeatmapTexts,
    /// Names of the presets and options.
    pub(crate) rule_names: RuleNames,
    /// The labels of game sheets (see [`crate::language`]).
    pub(crate) sheet: SheetTexts,
    /// SOS rules.
    pub sos: GameRules,
    /// Tic-tac-toe rules.
    pub tictactoe: GameRules,
    /// Ultimate rules.
    pub ultimate: GameRules,
    /// Strategic rules.
    pub strategic: GameRules,
}

/// The words of `check --diagram`: the caption over each game (which game,
/// its verdict and result) and the legend of won and drawn fields. Values in
/// braces are filled in.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct DiagramTexts {
    /// The document's title.
    pub title: String,
    /// Which game: `{game}` (its number in the file), `{file}`, `{line}`.
    pub game: String,
    /// Which game, over one of several boards on a page of one file's
    /// games: `{game}`, `{line}`.
    pub board: String,
    /// The heading of a page of several games of one file: `{file}`.
    pub games_of: String,
    /// The number of moves: `{count}`.
    pub moves: String,
    /// Every move legal and every claim right.
    pub legal: String,
    /// Some move illegal.
    pub illegal: String,
    /// Legal moves, a wrong claim.
    pub wrong_claim: String,
    /// Legal moves, a claim that cannot be read.
    pub unreadable_claim: String,
    /// The game cannot be checked.
    pub unusable: String,
    /// Which position a diagram shows when not the final one: `{move}`,
    /// `{count}`.
    pub at_move: String,
    /// The illegal move a diagram draws apart: `{move}` (its number),
    /// `{player}`, `{text}` (as written).
    pub illegal_move: String,
    /// An annotated moment (`check --annotate`) whose position is drawn:
    /// a missed win, `{move}` (its number), `{player}`, `{played}`.
    pub missed_win: String,
    /// A move that let the opponent force a win: also `{winner}`.
    pub allowed_loss: String,
    /// The move after which the result was forced: also `{winner}`.
    pub decided: String,
    /// What the numbered marks of a moment's diagram are: `{line}`.
    pub winning_line: String,
    /// The result of the final position: `{result}`.
    pub final_position: String,
    /// A win: `{player}`.
    pub won: String,
    /// A win shared by several SOS players: `{player}`.
    pub shared_win: String,
    /// A drawn game.
    pub drawn: String,
    /// A game not ended.
    pub unfinished: String,
    /// Legend: a field won by X.
    pub won_by_x: String,
    /// Legend: a field won by O.
    pub won_by_o: String,
    /// Legend: a drawn field.
    pub drawn_field: String,
}

/// The words of an analysis's heat map (`analyze --heatmap`, the web
/// page's analysis). Values in braces are filled in.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct HeatmapTexts {
    /// The title: `{label}`, the ruleset and its maps.
    pub title: String,
    /// The line under the title.
    pub subtitle: String,
    /// The rulesets' words in a label: `tactical`, `functional`,
    /// `hyperfunctional`.
    pub tactical: String,
    pub functional: String,
    pub hyperfunctional: String,
    /// Over the columns of a functional ruleset (27 bands).
    pub to_bands: String,
    /// Over the columns of the other rulesets (81 cells).
    pub to_cells: String,
    /// Before the row labels.
    pub from: String,
    /// A band in a row label: `S5 {band} 2`.
    pub band: String,
    /// The legend's title.
    pub legend: String,
    /// The legend's entry for pairs with no path.
    pub no_path: String,
    /// `{nodes}`, `{edges}`, `{mean}`.
    pub figures: String,
    /// The mean when some pair has no path: `{count}` of `{pairs}`.
    pub mean_undefined: String,
    /// `{set}` (`{1, 2}`), `{histogram}` (`1: 9 nodes`), `{largest}`.
    pub returns: String,
    /// How many nodes: `{count}`.
    pub nodes: String,
    /// No return distance, no largest distance.
    pub none: String,
    /// Nodes never sent back, in the histogram.
    pub never: String,
    /// How to read the matrix.
    pub reading: String,
    /// What the outlined diagonal is.
    pub diagonal: String,
    /// What a node of a functional ruleset is.
    pub node_band: String,
    /// What a node of the other rulesets is.
    pub node_cell: String,
    /// Under a hyperfunctional ruleset: the functional map is printed but
    /// does not steer.
    pub hyperfunctional_note: String,
    /// The common colour scale: `{top}`.
    pub scale: String,
}

/// The texts of `language`.
pub(crate) fn texts(language: Language) -> Texts {
    // Read once per process: every sheet, handout and diagram asks for its
    // language's texts, and reading the TOML was a twentieth of making a
    // sheet; a copy of what was read costs far less.
    static READ: [OnceLock<Texts>; Language::ALL.len()] =
        [const { OnceLock::new() }; Language::ALL.len()];
    let index = Language::ALL
        .iter()
        .position(|l| *l == language)
        .unwrap_or(0);
    READ[index]
        .get_or_init(|| {
            // The sources are part of the program; a test parses every one.
            toml::from_str(crate::language::source(language)).expect("built-in rules texts parse")
        })
        .clone()
}

impl Texts {
    /// The rules of `game`.
    pub(crate) fn rules(&self, game: GameKind) -> &GameRules {
        match game {
            GameKind::Sos => &self.sos,
            GameKind::TicTacToe => &self.tictactoe,
            GameKind::Ultimate => &self.ultimate,
            GameKind::Strategic => &self.strategic,
        }
    }
}

impl Texts {
    /// The rules in force, named: a preset (`the authors' rules`), a preset
    /// with its no-return, or every option, as [`Options::describe`] does in
    /// the checker's words.
    pub(crate) fn rules_name(&self, options: Options) -> String {
        let n = &self.rule_names;
        let mut parts: Vec<&str> = match options.preset_of() {
            Some(Preset::Authors) => vec![&n.authors],
            Some(Preset::Common) => vec![&n.common],
            None => n.options.draws_and_decided(options).to_vec(),
        };
        parts.extend(n.options.no_return(options));
        parts.join(", ")
    }

    /// The rules page of `game` under `options`: for Ultimate and Strategic
    /// the general rules, then the rule of each option in force (decided,
    /// draws, no-return), then the closing rules, and a line naming the rules
    /// in force; other games as written.
    pub(crate) fn rules_page(&self, game: GameKind, options: Options) -> GameRules {
        let mut page = self.rules(game).clone();
        if let Some(o) = page.options.take() {
            // Where the move goes next continues the general rules, so the
            // decided rule comes first.
            let [draws, decided] = o.draws_and_decided(options);
            let added = [decided, draws].into_iter().chain(o.no_return(options));
            page.items.extend(added.map(str::to_string));
            let in_force = fill(
                &self.rules_in_force,
                &[("rules", &self.rules_name(options))],
            );
            page.paragraphs.push(in_force);
        }
        let closing = std::mem::take(&mut page.closing);
        page.items.extend(closing);
        page
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
    use crate::fonts::missing_glyphs;

    #[test]
    fn every_language_parses_and_every_character_has_a_glyph() {
        for language in Language::ALL {
            let t = texts(language);
            assert_eq!(t.language, language);
            let code = language.code();
            for game in [
                GameKind::Sos,
                GameKind::TicTacToe,
                GameKind::Ultimate,
                GameKind::Strategic,
            ] {
                for options in Options::all() {
                    let r = t.rules_page(game, options);
                    assert!(!r.title.is_empty() && !r.items.is_empty());
                    for s in r.paragraphs.iter().chain(&r.items).chain([&r.title]) {
                        assert!(missing_glyphs(s, FontWeight::Regular).is_empty(), "{s}");
                    }
                }
            }
            for q in [&t.question_where, &t.question_sos, &t.last_move]
                .into_iter()
                .chain(&t.question_win)
            {
                assert!(q.contains("{player}"), "{code}: {q}");
                assert!(missing_glyphs(q, FontWeight::Regular).is_empty(), "{q}");
            }
            assert_eq!(t.question_win.len(), 3, "{code}");
            assert!(t.answer_win.contains("{move}") && t.answer_win.contains("{line}"));
            for key in ["{game}", "{file}", "{move}"] {
                assert!(t.from_game.contains(key), "{code}: {key}");
            }
            assert!(t.answer_sos.contains("{count}") && t.answer_where.contains("{count}"));
            assert!(t.rules_in_force.contains("{rules}"), "{code}");
            assert!(
                t.sheets_ruleset.contains("{ruleset}") && t.sheets_ruleset.contains("{maps}"),
                "{code}"
            );
        }
        assert!(
            "xx".parse::<Language>()
                .unwrap_err()
                .to_string()
                .contains("en, de, ru, th")
        );
    }

    #[test]
    fn the_rules_page_follows_the_options_in_every_language() {
        for language in Language::ALL {
            let t = texts(language);
            let code = language.code();
            for game in [GameKind::Ultimate, GameKind::Strategic] {
                let o = t.rules(game).options.clone().expect("option rules");
                // Each combination gives its own page and its own name.
                let pages: std::collections::HashSet<Vec<String>> = Options::all()
                    .into_iter()
                    .map(|opts| t.rules_page(game, opts).items)
                    .collect();
                let distinct = if game == GameKind::Ultimate { 12 } else { 18 };
                assert_eq!(pages.len(), distinct, "{code} {game:?}");
                let authors = t.rules_page(game, Options::default());
                // General rules, then decided, draws, then the closing rules.
                let general = t.rules(game).items.len();
                assert_eq!(authors.items[general], o.decided_open, "{code}");
                assert_eq!(authors.items[general + 1], o.draws_both, "{code}");
                assert_eq!(
                    authors.items[general + 2..],
                    t.rules(game).closing,
                    "{code}"
                );
                assert!(!t.rules(game).closing.is_empty(), "{code}");
                assert!(authors.items.contains(&o.draws_both), "{code}");
                assert!(!authors.items.contains(&o.draws_none), "{code}");
                assert!(authors.items.contains(&o.decided_open), "{code}");
                assert_eq!(
                    authors.paragraphs.last().unwrap(),
                    &fill(&t.rules_in_force, &[("rules", &t.rule_names.authors)])
                );
                let common = t.rules_page(game, Options::preset(Preset::Common));
                assert!(common.items.contains(&o.draws_none), "{code}");
                assert!(common.items.contains(&o.decided_closed), "{code}");
            }
            let names: std::collections::HashSet<String> = Options::all()
                .into_iter()
                .map(|o| t.rules_name(o))
                .collect();
            assert_eq!(names.len(), 18, "{code}");
            // Games without options print no rules-in-force line.
            assert_eq!(
                t.rules_page(GameKind::Sos, Options::default()).paragraphs,
                t.sos.paragraphs
            );
        }
    }

    #[test]
    fn a_drawn_cell_counts_for_both_in_the_authors_rules_in_every_language() {
        // The authors' own sentence, "the Draw state counts as X and as O",
        // in each language's words.
        for (code, words) in [
            ("en", "counts for both players"),
            ("de", "zählt für beide Spieler"),
            ("ru", "засчитывается и за X, и за O"),
            ("th", "นับให้ทั้งสองฝ่าย"),
        ] {
            let t = texts(code.parse::<Language>().unwrap());
            let page = t.rules_page(GameKind::Strategic, Options::default());
            assert!(page.items.iter().any(|i| i.contains(words)), "{code}");
            let page = t.rules_page(GameKind::Strategic, Options::preset(Preset::Common));
            assert!(!page.items.iter().any(|i| i.contains(words)), "{code}");
        }
    }

    #[test]
    fn fill_replaces_every_occurrence() {
        assert_eq!(
            fill("{a} and {a}, {b}", &[("a", "X"), ("b", "Y")]),
            "X and X, Y"
        );
    }
}
