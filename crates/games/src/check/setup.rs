//! From a game's tags to a configured engine: the game, its ruleset and map,
//! and the rule options (docs/record-format.md, "Tags").

use crate::games::sos::{SosConfig, SosVariant};
use crate::games::ttt::{Decided, Draws, NoReturn, Options, Preset, Ruleset, Variant};
use crate::games::{GameKind, RulesetKind};
use crate::maps::{BuiltinMap, MapFile, MapId, MapLibrary};
use crate::record::{GameRecord, Tag};

/// The game a record describes, ready to replay.
#[derive(Debug, Clone)]
pub(super) enum Setup {
    /// A game of the tic-tac-toe family.
    Ttt {
        /// Which game and ruleset.
        variant: Variant,
        /// Its rule options (preset and single tags).
        options: Options,
        /// A short description of game and ruleset, e.g.
        /// `strategic, functional map34`; the options are named apart
        /// ([`Options::describe`]).
        description: String,
        /// Names of X and O, if given.
        names: [Option<String>; 2],
        /// The map the ruleset uses, as it is named (Strategic with a map only).
        map: Option<MapId>,
    },
    /// A game of SOS.
    Sos {
        /// Board, players and variant.
        config: SosConfig,
        /// A short description, e.g. `SOS 5x5, general, 3 players`.
        description: String,
        /// The players' names, if given.
        names: Vec<String>,
    },
}

/// A tag that makes the game impossible to check.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct SetupError {
    /// Line of the tag (or of the game's start when a tag is missing).
    pub line: u32,
    /// Column.
    pub col: u32,
    /// What is wrong and what is expected.
    pub message: String,
}

fn error_at(tag: &Tag, message: String) -> SetupError {
    SetupError {
        line: tag.value_line,
        col: tag.value_col,
        message,
    }
}

/// A tag value that is not one of the words it may take.
fn bad_value(tag: &Tag, expected: &str) -> SetupError {
    error_at(
        tag,
        format!("[{} \"{}\"]: expected {expected}", tag.name, tag.value),
    )
}

/// The value of tag `name` read by `parse`, if the tag is there.
fn option_tag<'g, T>(
    game: &'g GameRecord,
    name: &str,
    parse: fn(&str) -> Result<T, &'static str>,
) -> Result<Option<(T, &'g Tag)>, SetupError> {
    game.tag(name)
        .map(|tag| {
            parse(&tag.value)
                .map(|v| (v, tag))
                .map_err(|e| bad_value(tag, e))
        })
        .transpose()
}

/// The rule options of a tic-tac-toe family game: the `Rules` preset
/// (authors' by default), then `Draws`, `Decided` (or the older
/// `PlayInDecided`) and `NoReturn`, each overriding the preset.
fn ttt_options(game: &GameRecord) -> Result<Options, SetupError> {
    let mut options = match option_tag(game, "Rules", Preset::parse)? {
        Some((preset, _)) => Options::preset(preset),
        None => Options::default(),
    };
    if let Some((draws, _)) = option_tag(game, "Draws", Draws::parse)? {
        options.draws = draws;
    }
    let decided = option_tag(game, "Decided", Decided::parse)?;
    let older = option_tag(game, "PlayInDecided", Decided::parse_play_in_decided)?;
    match (decided, older) {
        (Some((new, _)), Some((old, tag))) if new != old => {
            return Err(error_at(
                tag,
                format!(
                    "[{} \"{}\"] means [Decided \"{old}\"], but the game also has [Decided \"{new}\"]: keep one of the two",
                    tag.name, tag.value
                ),
            ));
        }
        (Some((d, _)), _) | (None, Some((d, _))) => options.decided = d,
        (None, None) => {}
    }
    if let Some((no_return, _)) = option_tag(game, "NoReturn", NoReturn::parse)? {
        options.no_return = no_return;
    }
    Ok(options)
}

/// Reads the tags of a game. `maps` holds the map files offered on the
/// command line, which a `Map`/`HyperMap` tag may name besides the built-in
/// maps.
pub(super) fn setup(game: &GameRecord, maps: Option<&MapLibrary>) -> Result<Setup, SetupError> {
    let Some(kind) = game.tag("Game") else {
        return Err(SetupError {
            line: game.line,
            col: 1,
            message: "expected a [Game \"…\"] tag: sos, tictactoe, ultimate or strategic".into(),
        });
    };
    let name = |n: &str| game.tag(n).map(|t| t.value.trim().to_string());
    let mut map_id = None;
    let variant = match kind.value.parse::<GameKind>() {
        Ok(GameKind::Sos) => return sos_setup(game),
        Ok(GameKind::TicTacToe) => Variant::TicTacToe,
        Ok(GameKind::Ultimate) => Variant::Ultimate,
        Ok(GameKind::Strategic) => {
            let (ruleset, map) = ruleset(game, maps)?;
            map_id = map;
            Variant::Strategic(ruleset)
        }
        Err(unknown) => return Err(error_at(kind, unknown.to_string())),
    };
    let options = ttt_options(game)?;
    let description = match &variant {
        Variant::TicTacToe => "tic-tac-toe".to_string(),
        Variant::Ultimate => "ultimate".to_string(),
        Variant::Strategic(Ruleset::Tactical) => "strategic, tactical".to_string(),
        Variant::Strategic(Ruleset::Functional(_)) => format!(
            "strategic, functional {}",
            name("Map").unwrap_or_else(|| BuiltinMap::STANDARD_FUNCTIONAL.name().into())
        ),
        Variant::Strategic(Ruleset::Hyperfunctional(_)) => format!(
            "strategic, hyperfunctional {}",
            name("HyperMap").unwrap_or_else(|| BuiltinMap::STANDARD_HYPERFUNCTIONAL.name().into())
        ),
    };
    Ok(Setup::Ttt {
        variant,
        options,
        description,
        names: [name("X"), name("O")],
        map: map_id,
    })
}

/// The ruleset a game's tags name, and the map it uses.
fn ruleset(
    game: &GameRecord,
    maps: Option<&MapLibrary>,
) -> Result<(Ruleset, Option<MapId>), SetupError> {
    let tag = game.tag("Ruleset");
    let which = tag.map_or("functional".to_string(), |t| {
        t.value.trim().to_ascii_lowercase()
    });
    match which.parse::<RulesetKind>() {
        Ok(RulesetKind::Tactical) => Ok((Ruleset::Tactical, None)),
        Ok(RulesetKind::Functional) => {
            let map = load_map(game, "Map", BuiltinMap::STANDARD_FUNCTIONAL, maps)?;
            map.functional()
                .map(|m| (Ruleset::Functional(m), Some(map.name().clone())))
                .map_err(|e| map_error(game, "Map", e.to_string()))
        }
        Ok(RulesetKind::Hyperfunctional) => {
            let map = load_map(game, "HyperMap", BuiltinMap::STANDARD_HYPERFUNCTIONAL, maps)?;
            map.hyperfunctional()
                .map(|m| {
                    let id = map.name().clone();
                    (Ruleset::Hyperfunctional(Box::new(m)), Some(id))
                })
                .map_err(|e| map_error(game, "HyperMap", e.to_string()))
        }
        Err(unknown) => Err(map_error(game, "Ruleset", unknown.to_string())),
    }
}

fn map_error(game: &GameRecord, tag: &str, message: String) -> SetupError {
    match game.tag(tag) {
        Some(t) => error_at(t, message),
        None => SetupError {
            line: game.line,
            col: 1,
            message,
        },
    }
}

/// The map a `Map`/`HyperMap` tag names: a built-in map, or a map file
/// offered on the command line, by file name. The tag never names a path:
/// a folder part, `..` or an absolute path is refused before any lookup.
fn load_map(
    game: &GameRecord,
    tag: &str,
    default: BuiltinMap,
    maps: Option<&MapLibrary>,
) -> Result<crate::maps::MapFile, SetupError> {
    let wanted = game
        .tag(tag)
        .map_or(default.name().to_string(), |t| t.value.trim().to_string());
    let fail = |message: String| map_error(game, tag, format!("[{tag} \"{wanted}\"]: {message}"));
    if let Some(builtin) = BuiltinMap::from_name(&wanted) {
        return Ok(MapFile::builtin(builtin));
    }
    if wanted.contains(['/', '\\']) || wanted.starts_with('.') {
        return Err(fail(
            "a record names a map by its name only (no folders): a built-in map or a map file given with --map-file or --maps-dir".into(),
        ));
    }
    match maps.and_then(|m| m.find(&wanted)) {
        Some(found) => found.map_err(fail),
        None => Err(fail(format!(
            "unknown map `{wanted}`: not a built-in map (map11 … map88, map34 the standard; hmap1, hmap2) and not a map file given with --map-file or --maps-dir"
        ))),
    }
}

fn sos_setup(game: &GameRecord) -> Result<Setup, SetupError> {
    let Some(size) = game.tag("Size") else {
        return Err(SetupError {
            line: game.line,
            col: 1,
            message: "expected a [Size \"WxH\"] tag for SOS, e.g. [Size \"5x5\"]".into(),
        });
    };
    let dims: Vec<&str> = size.value.split(['x', 'X', '×']).map(str::trim).collect();
    let parsed: Option<Vec<u32>> = dims.iter().map(|d| d.parse().ok()).collect();
    let (width, height) = match parsed.as_deref() {
        Some([n]) => (*n, *n),
        Some([w, h]) => (*w, *h),
        _ => {
            return Err(error_at(
                size,
                format!(
                    "[Size \"{}\"]: expected WxH such as \"5x5\", or one number for a square board",
                    size.value
                ),
            ));
        }
    };
    let variant = match game.tag("Variant") {
        None => SosVariant::General,
        Some(t) => match t.value.trim().to_ascii_lowercase().as_str() {
            "general" => SosVariant::General,
            "simple" => SosVariant::Simple,
            _ => {
                return Err(error_at(
                    t,
                    format!(
                        "[Variant \"{}\"]: expected \"general\" or \"simple\"",
                        t.value
                    ),
                ));
            }
        },
    };
    let names: Vec<String> = game
        .tag("Players")
        .map(|t| {
            t.value
                .split(',')
                .map(|n| n.trim().to_string())
                .filter(|n| !n.is_empty())
                .collect()
        })
        .unwrap_or_default();
    let players = if names.is_empty() { 2 } else { names.len() };
    let config = SosConfig::new(width, height, players as u32, variant).map_err(|e| {
        // A player count other than 2 comes from the Players tag.
        let tag = match (&e, game.tag("Players")) {
            (crate::games::sos::SosConfigError::Size { .. }, _) | (_, None) => size,
            (_, Some(players)) => players,
        };
        error_at(tag, format!("[{} \"{}\"]: {e}", tag.name, tag.value))
    })?;
    let description = format!(
        "SOS {}x{}, {}, {} players",
        width,
        height,
        match variant {
            SosVariant::General => "general",
            SosVariant::Simple => "simple",
        },
        players
    );
    Ok(Setup::Sos {
        config,
        description,
        names,
    })
}
