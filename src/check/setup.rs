//! From a game's tags to a configured engine.

use crate::games::sos::{SosConfig, SosVariant};
use crate::games::ttt::{Options, Ruleset, Variant};
use crate::maps::{MapLibrary, load_map_file};
use crate::record::{GameRecord, Tag};

/// The game a record describes, ready to replay.
#[derive(Debug, Clone)]
pub enum Setup {
    /// A game of the tic-tac-toe family.
    Ttt {
        /// Which game and ruleset.
        variant: Variant,
        /// Its options.
        options: Options,
        /// A short description, e.g. `strategic, functional map34`.
        description: String,
        /// Names of X and O, if given.
        names: [Option<String>; 2],
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
pub struct SetupError {
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

fn yes_no(game: &GameRecord, name: &str, default: bool) -> Result<bool, SetupError> {
    let Some(tag) = game.tag(name) else {
        return Ok(default);
    };
    match tag.value.trim().to_ascii_lowercase().as_str() {
        "yes" | "true" | "on" => Ok(true),
        "no" | "false" | "off" => Ok(false),
        _ => Err(error_at(
            tag,
            format!("[{name} \"{}\"]: expected \"yes\" or \"no\"", tag.value),
        )),
    }
}

/// Reads the tags of a game. `maps` holds the map files offered on the
/// command line, which a `Map`/`HyperMap` tag may name besides the built-in
/// maps.
pub fn setup(game: &GameRecord, maps: Option<&MapLibrary>) -> Result<Setup, SetupError> {
    let Some(kind) = game.tag("Game") else {
        return Err(SetupError {
            line: game.line,
            col: 1,
            message: "expected a [Game \"…\"] tag: sos, tictactoe, ultimate or strategic".into(),
        });
    };
    let name = |n: &str| game.tag(n).map(|t| t.value.trim().to_string());
    let kind_name = kind.value.trim().to_ascii_lowercase();
    let variant = match kind_name.as_str() {
        "sos" => return sos_setup(game),
        "tictactoe" | "tic-tac-toe" => Variant::TicTacToe,
        "ultimate" => Variant::Ultimate,
        "strategic" => Variant::Strategic(ruleset(game, maps)?),
        _ => {
            return Err(error_at(
                kind,
                format!(
                    "unknown game \"{}\": expected sos, tictactoe, ultimate or strategic",
                    kind.value
                ),
            ));
        }
    };
    let options = Options {
        play_in_decided: yes_no(game, "PlayInDecided", true)?,
        no_return: yes_no(game, "NoReturn", false)?,
    };
    let mut description = match &variant {
        Variant::TicTacToe => "tic-tac-toe".to_string(),
        Variant::Ultimate => "ultimate".to_string(),
        Variant::Strategic(Ruleset::Tactical) => "strategic, tactical".to_string(),
        Variant::Strategic(Ruleset::Functional(_)) => format!(
            "strategic, functional {}",
            name("Map").unwrap_or_else(|| "map34".into())
        ),
        Variant::Strategic(Ruleset::Hyperfunctional(_)) => format!(
            "strategic, hyperfunctional {}",
            name("HyperMap").unwrap_or_else(|| "hmap2".into())
        ),
    };
    if variant.depth() > 1 {
        if !options.play_in_decided {
            description += ", play-in-decided no";
        }
        if options.no_return {
            description += ", no-return";
        }
    }
    Ok(Setup::Ttt {
        variant,
        options,
        description,
        names: [name("X"), name("O")],
    })
}

fn ruleset(game: &GameRecord, maps: Option<&MapLibrary>) -> Result<Ruleset, SetupError> {
    let tag = game.tag("Ruleset");
    let which = tag.map_or("functional".to_string(), |t| {
        t.value.trim().to_ascii_lowercase()
    });
    match which.as_str() {
        "tactical" => Ok(Ruleset::Tactical),
        "functional" => {
            let map = load_map(game, "Map", "map34", maps)?;
            map.functional()
                .map(Ruleset::Functional)
                .map_err(|e| map_error(game, "Map", e.to_string()))
        }
        "hyperfunctional" => {
            let map = load_map(game, "HyperMap", "hmap2", maps)?;
            map.hyperfunctional()
                .map(|m| Ruleset::Hyperfunctional(Box::new(m)))
                .map_err(|e| map_error(game, "HyperMap", e.to_string()))
        }
        _ => Err(error_at(
            tag.expect("a non-default ruleset comes from the tag"),
            format!(
                "unknown ruleset \"{}\": expected tactical, functional or hyperfunctional",
                which
            ),
        )),
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
    default: &str,
    maps: Option<&MapLibrary>,
) -> Result<crate::maps::MapFile, SetupError> {
    let wanted = game
        .tag(tag)
        .map_or(default.to_string(), |t| t.value.trim().to_string());
    let fail = |message: String| map_error(game, tag, format!("[{tag} \"{wanted}\"]: {message}"));
    if crate::maps::builtin(&wanted).is_some() {
        return load_map_file(&wanted).map_err(|e| fail(e.to_string()));
    }
    if wanted.contains(['/', '\\']) || wanted.starts_with('.') {
        return Err(fail(
            "a record names a map by its name only (no folders): a built-in map or a map file given with --map-file or --maps-dir".into(),
        ));
    }
    match maps.and_then(|m| m.find(&wanted)) {
        Some(found) => found.map_err(fail),
        None => Err(fail(format!(
            "unknown map `{wanted}`: not a built-in map ({}) and not a map file given with --map-file or --maps-dir",
            crate::maps::builtin_names().join(", ")
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
        let tag = if matches!(e, crate::games::sos::SosConfigError::Size { .. }) {
            size
        } else {
            game.tag("Players")
                .expect("a player count comes from the tag")
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
