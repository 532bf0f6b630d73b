//! What a checked game is — game, ruleset, map and rules — kept typed in
//! its report and worded where the report is written, in the reader's
//! language: the "What" of a report (`strategic, functional map34,
//! authors' rules`). In English it is the report's `description` and
//! `rules`, byte for byte.

use crate::games::ttt::{NoReturn, Options, Preset, Ruleset};
use crate::language::Language;
use crate::maps::BuiltinMap;
use crate::messages::{Arg, say};
use crate::setup::GameSetup;

/// A game as its report names it.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub(crate) enum What {
    /// Not set up, and no `Game` tag.
    #[default]
    Unknown,
    /// Not set up: the `Game` tag as written.
    Written(String),
    /// A game of the tic-tac-toe family; `rules` for the nested games.
    Ttt {
        game: TttGame,
        rules: Option<Options>,
    },
    /// A game of SOS.
    Sos {
        size: String,
        variant: &'static str,
        players: u8,
    },
}

/// Which game of the tic-tac-toe family, with its map's name.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum TttGame {
    TicTacToe,
    Ultimate,
    Tactical,
    Functional(String),
    Hyperfunctional(String),
}

impl What {
    /// What `setup` is.
    pub(crate) fn of(setup: &GameSetup) -> What {
        match setup {
            GameSetup::TicTacToe { .. } => What::Ttt {
                game: TttGame::TicTacToe,
                // Plain tic-tac-toe has no targets and no drawn sub-cells:
                // no option changes it, so no rules are named.
                rules: None,
            },
            GameSetup::Ultimate { options, .. } => What::Ttt {
                game: TttGame::Ultimate,
                rules: Some(*options),
            },
            GameSetup::Strategic {
                ruleset,
                map,
                options,
                ..
            } => {
                let map_name = |standard: BuiltinMap| {
                    map.as_ref()
                        .map_or_else(|| standard.name().to_string(), |m| m.tag.clone())
                };
                let game = match ruleset {
                    Ruleset::Tactical => TttGame::Tactical,
                    Ruleset::Functional(_) => {
                        TttGame::Functional(map_name(BuiltinMap::STANDARD_FUNCTIONAL))
                    }
                    Ruleset::Hyperfunctional(_) => {
                        TttGame::Hyperfunctional(map_name(BuiltinMap::STANDARD_HYPERFUNCTIONAL))
                    }
                };
                What::Ttt {
                    game,
                    rules: Some(*options),
                }
            }
            GameSetup::Sos { config, .. } => What::Sos {
                size: config.size().to_string(),
                variant: config.variant().word(),
                players: config.players(),
            },
        }
    }

    /// The game and its rules in `language`, as a report's "What" names
    /// them.
    pub(crate) fn words(&self, language: Language) -> String {
        let s = |id: &str, args: &[(&str, Arg<'_>)]| say(language, id, args);
        match self {
            What::Unknown => s("what-unknown", &[]),
            What::Written(tag) => tag.clone(),
            What::Ttt { game, rules } => {
                let mut words = match game {
                    TttGame::TicTacToe => s("what-tic-tac-toe", &[]),
                    TttGame::Ultimate => s("what-ultimate", &[]),
                    TttGame::Tactical => s("what-strategic-tactical", &[]),
                    TttGame::Functional(map) => {
                        s("what-strategic-functional", &[("map", Arg::Text(map))])
                    }
                    TttGame::Hyperfunctional(map) => {
                        s("what-strategic-hyperfunctional", &[("map", Arg::Text(map))])
                    }
                };
                if let Some(options) = rules {
                    words.push_str(", ");
                    words.push_str(&rules_words(*options, language));
                }
                words
            }
            What::Sos {
                size,
                variant,
                players,
            } => s(
                "what-sos",
                &[
                    ("size", Arg::Text(size)),
                    ("variant", Arg::Text(variant)),
                    ("players", Arg::Count(usize::from(*players))),
                ],
            ),
        }
    }
}

/// The rules in `language`: a preset's name, or the options one by one
/// (as [`Options::describe`] in English).
fn rules_words(options: Options, language: Language) -> String {
    let s = |id: &str, args: &[(&str, Arg<'_>)]| say(language, id, args);
    let mut parts = Vec::new();
    match options.preset_of() {
        Some(Preset::Authors) => parts.push(s("rules-authors", &[])),
        Some(Preset::Common) => parts.push(s("rules-common", &[])),
        None => {
            parts.push(s(
                "rules-draws",
                &[("draws", Arg::Text(options.draws.word()))],
            ));
            parts.push(s(
                "rules-decided",
                &[("decided", Arg::Text(options.decided.word()))],
            ));
        }
    }
    if options.no_return != NoReturn::No {
        parts.push(s(
            "rules-no-return",
            &[("no_return", Arg::Text(options.no_return.word()))],
        ));
    }
    parts.join(", ")
}
