//! Which game a record, a sheet or a handout is of: the game and its
//! ruleset and map, the rule options, the SOS board and variant, and who
//! plays. One value, [`GameSetup`], answers it everywhere.
//!
//! The question is asked from many places: the checker reads it from a
//! record's tags, the photo reader from the spec a sheet was printed from,
//! a diagram picks the sheet to draw a game on by it, a solver starts its
//! search from it. Asked as text (tag values, spec words) it was answered
//! in each place with its own string literals and its own parser, and the
//! answers could drift. Here it is read from tags once
//! ([`GameSetup::from_tags`], every tag checked, each refusal located at
//! the tag) and written as tags once ([`GameSetup::to_tags`]), and values
//! cross the layers as this type, never as tags to be parsed again.
//!
//! A setup starts the rules engine at the first move
//! ([`GameSetup::ttt_game`], [`GameSetup::sos_game`]), from which a search
//! plays on; to replay a whole record under it, the checker's one replay
//! (`check::replay`) starts from those engines, and every checked game
//! carries the setup it was replayed under
//! (`CheckedGame::setup`). The checker depends on this module, never the
//! other way round.

use crate::games::sos::{SosConfig, SosConfigError, SosGame, SosSize, SosSizeError, SosVariant};
use crate::games::ttt::{Decided, Draws, Game, NoReturn, Options, Preset, Ruleset, Variant};
use crate::games::{GameKind, RulesetKind};
use crate::language::Language;
use crate::maps::{AnyMap, BuiltinMap, MapFile, MapId, MapLibrary, UnusableMap};
use crate::messages::{Arg, say};
use crate::record::{GameRecord, Tag};
use crate::source::Position;

/// Which game, under which rules, played by whom: what a record's tags
/// say, ready to replay. Each game is one variant, holding what that game
/// is played under and nothing else.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum GameSetup {
    /// Ordinary tic-tac-toe (moves `O`).
    TicTacToe {
        /// Its rule options (none changes the game; a record may still
        /// name them).
        options: Options,
        /// Names of X and O, if given.
        names: [Option<String>; 2],
    },
    /// Ultimate tic-tac-toe (moves `T.O`).
    Ultimate {
        /// Its rule options (a `Rules` preset read into them).
        options: Options,
        /// Names of X and O, if given.
        names: [Option<String>; 2],
    },
    /// Strategic tic-tac-toe (moves `S.T.O`).
    Strategic {
        /// The ruleset, with its map.
        ruleset: Ruleset,
        /// The map the ruleset uses, by both its names (`None`: tactical,
        /// or a map by no name).
        map: Option<GameMap>,
        /// Its rule options (a `Rules` preset read into them).
        options: Options,
        /// Names of X and O, if given.
        names: [Option<String>; 2],
    },
    /// A game of SOS.
    Sos {
        /// Board, players and variant.
        config: SosConfig,
        /// The players' names, if given (as many as players when given).
        names: Vec<String>,
    },
}

/// The map a Strategic game plays under, by its two names.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GameMap {
    /// Which map: the name footers and reports print.
    pub id: MapId,
    /// The name the record's `Map`/`HyperMap` tag gives it: a built-in
    /// map's name, or the name of the map file it was found in (which may
    /// differ from the name the file gives its map).
    pub tag: String,
}

impl GameMap {
    /// A map named by its own name.
    pub fn new(id: MapId) -> GameMap {
        GameMap {
            tag: id.name().to_string(),
            id,
        }
    }
}

/// A tag that makes the game impossible to check.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SetupError {
    /// Where the tag is (or the game's start when a tag is missing).
    pub at: Position,
    /// What is wrong and what is expected.
    pub fault: SetupFault,
}

impl SetupError {
    /// What is wrong, in English.
    pub fn message(&self) -> String {
        self.fault.words(Language::En)
    }
}

/// What is wrong with a game's tags, with the values it names (the tag as
/// written, the words it may take), worded only when a report is written,
/// in the reader's language ([`SetupFault::words`]). The tag as written
/// (`[Draws "maybe"]`) and the words a tag takes stay as a record writes
/// them in every language.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SetupFault {
    /// No `Game` tag.
    NoGame,
    /// An SOS game without a `Size` tag.
    NoSize,
    /// A game or ruleset name that is none (`what`: `game` or `ruleset`),
    /// and the name it is a slip of, if one is near.
    Unknown {
        /// `game` or `ruleset`.
        what: &'static str,
        /// The name as written.
        written: String,
        /// The known name it is a slip of.
        closest: Option<&'static str>,
    },
    /// A tag value that is not one of `choices`.
    BadValue {
        /// The tag's name as written.
        tag: String,
        /// The tag's value as written.
        value: String,
        /// The words it may take.
        choices: &'static [&'static str],
    },
    /// `PlayInDecided` and `Decided` saying different things.
    DecidedTwice {
        /// The tag's name as written.
        tag: String,
        /// The tag's value as written.
        value: String,
        /// What the older tag means.
        old: Decided,
        /// What `Decided` says.
        new: Decided,
    },
    /// A map named with a folder.
    MapFolder {
        /// The tag's name as written.
        tag: String,
        /// The map as named.
        wanted: String,
    },
    /// A map that is neither built in nor given.
    UnknownMap {
        /// The tag's name as written.
        tag: String,
        /// The map as named.
        wanted: String,
    },
    /// A map file a tag names that cannot be used.
    MapFile {
        /// The tag's name as written.
        tag: String,
        /// The map as named.
        wanted: String,
        /// Why the file cannot be used (boxed: the other faults are small).
        map: Box<UnusableMap>,
    },
    /// A map of the other kind than the ruleset needs (`hmap2` in a
    /// functional game).
    MapKind {
        /// The map's name.
        name: String,
        /// What it is: `functional` or `hyperfunctional`.
        found: &'static str,
        /// What the ruleset needs.
        wanted: &'static str,
    },
    /// A `Size` that is no size.
    SizeForm {
        /// The tag's value as written.
        value: String,
    },
    /// A board or player count out of range, at its tag.
    Sos {
        /// The tag's name as written.
        tag: String,
        /// The tag's value as written.
        value: String,
        /// What is out of range.
        error: crate::games::sos::SosConfigError,
    },
}

impl SetupFault {
    /// The sentence in `language`.
    pub fn words(&self, language: Language) -> String {
        let s = |id: &str, args: &[(&str, Arg<'_>)]| say(language, id, args);
        let at = |tag: &str, value: &str, rest: String| format!("[{tag} \"{value}\"]: {rest}");
        // An SOS range as its catalogue entry names it: from `min` to `max`.
        let bounds = |range: &std::ops::RangeInclusive<u32>| {
            [
                ("min", Arg::Count(*range.start() as usize)),
                ("max", Arg::Count(*range.end() as usize)),
            ]
        };
        match self {
            SetupFault::NoGame => s("setup-no-game", &[]),
            SetupFault::NoSize => s("setup-no-size", &[]),
            SetupFault::Unknown {
                what,
                written,
                closest,
            } => {
                let hint = closest.map_or_else(String::new, |name| {
                    s("setup-did-you-mean", &[("name", Arg::Text(name))])
                });
                let id = match *what {
                    "ruleset" => "setup-unknown-ruleset",
                    _ => "setup-unknown-game",
                };
                s(
                    id,
                    &[("written", Arg::Text(written)), ("hint", Arg::Text(&hint))],
                )
            }
            SetupFault::BadValue {
                tag,
                value,
                choices,
            } => at(
                tag,
                value,
                s(
                    "setup-expected",
                    &[(
                        "choices",
                        Arg::Text(&crate::messages::one_of(choices, language)),
                    )],
                ),
            ),
            SetupFault::DecidedTwice {
                tag,
                value,
                old,
                new,
            } => s(
                "setup-decided-twice",
                &[
                    ("tag", Arg::Text(&format!("[{tag} \"{value}\"]"))),
                    ("old", Arg::Text(old.word())),
                    ("new", Arg::Text(new.word())),
                ],
            ),
            SetupFault::MapFolder { tag, wanted } => at(tag, wanted, s("setup-map-folder", &[])),
            SetupFault::UnknownMap { tag, wanted } => at(
                tag,
                wanted,
                s("setup-unknown-map", &[("map", Arg::Text(wanted))]),
            ),
            SetupFault::MapFile { tag, wanted, map } => at(tag, wanted, map.words(language)),
            SetupFault::MapKind {
                name,
                found,
                wanted,
            } => crate::maps::MapError::wrong_kind_words(name, found, wanted, language),
            SetupFault::SizeForm { value } => at("Size", value, s("setup-size-form", &[])),
            SetupFault::Sos { tag, value, error } => at(
                tag,
                value,
                match error {
                    SosConfigError::Size { width, height } => {
                        let [min, max] = bounds(&SosSize::SIDES);
                        let size = format!("{width}x{height}");
                        s("setup-sos-size", &[("size", Arg::Text(&size)), min, max])
                    }
                    SosConfigError::Players(n) => {
                        let [min, max] = bounds(&SosConfig::PLAYERS);
                        let count = ("count", Arg::Count(*n as usize));
                        s("setup-sos-players", &[count, min, max])
                    }
                },
            ),
        }
    }
}

impl GameSetup {
    /// Reads the tags of a game (docs/record-format.md, "Tags"). `maps`
    /// holds the map files offered on the command line, which a
    /// `Map`/`HyperMap` tag may name besides the built-in maps.
    pub fn from_tags(
        game: &GameRecord,
        maps: Option<&MapLibrary>,
    ) -> Result<GameSetup, SetupError> {
        setup(game, maps)
    }

    /// The tags that name the game and its rules, in the order records
    /// write them: `Game`, then `Ruleset` and `Map`/`HyperMap` (Strategic),
    /// every rule option (Ultimate and Strategic), `X` and `O`; or `Game`,
    /// `Size`, `Variant` and `Players` (SOS). [`GameSetup::from_tags`] reads
    /// them back to the same setup.
    pub fn to_tags(&self) -> Vec<(&'static str, String)> {
        let mut tags = vec![("Game", self.kind().name().to_string())];
        if let GameSetup::Strategic { ruleset, map, .. } = self {
            let kind = ruleset.kind();
            tags.push(("Ruleset", kind.name().to_string()));
            if let Some(map) = map {
                let tag = match kind {
                    RulesetKind::Hyperfunctional => "HyperMap",
                    _ => "Map",
                };
                tags.push((tag, map.tag.clone()));
            }
        }
        match self {
            GameSetup::TicTacToe { names, .. } => push_names(&mut tags, names),
            GameSetup::Ultimate { options, names }
            | GameSetup::Strategic { options, names, .. } => {
                tags.push(("Draws", options.draws.word().to_string()));
                tags.push(("Decided", options.decided.word().to_string()));
                tags.push(("NoReturn", options.no_return.word().to_string()));
                push_names(&mut tags, names);
            }
            GameSetup::Sos { config, names } => {
                tags.push(("Size", config.size().to_string()));
                tags.push(("Variant", config.variant().word().to_string()));
                if !names.is_empty() {
                    tags.push(("Players", names.join(", ")));
                }
            }
        }
        tags
    }

    /// Tic-tac-toe under `options`, no names given.
    pub fn tictactoe(options: Options) -> GameSetup {
        GameSetup::TicTacToe {
            options,
            names: [None, None],
        }
    }

    /// Ultimate under `options`, no names given.
    pub fn ultimate(options: Options) -> GameSetup {
        GameSetup::Ultimate {
            options,
            names: [None, None],
        }
    }

    /// Strategic under `ruleset` and `options`, no names given; `map`
    /// names the ruleset's map (`None`: tactical, or a map by no name).
    pub fn strategic(ruleset: Ruleset, map: Option<GameMap>, options: Options) -> GameSetup {
        GameSetup::Strategic {
            ruleset,
            map,
            options,
            names: [None, None],
        }
    }

    /// The setup of the engine's `variant` under `options`, no names given.
    pub(crate) fn of_variant(variant: Variant, options: Options) -> GameSetup {
        match variant {
            Variant::TicTacToe => GameSetup::tictactoe(options),
            Variant::Ultimate => GameSetup::ultimate(options),
            Variant::Strategic(ruleset) => GameSetup::strategic(ruleset, None, options),
        }
    }

    /// The engine's view of a tic-tac-toe family game; `None` for SOS.
    pub(crate) fn variant(&self) -> Option<Variant> {
        match self {
            GameSetup::TicTacToe { .. } => Some(Variant::TicTacToe),
            GameSetup::Ultimate { .. } => Some(Variant::Ultimate),
            GameSetup::Strategic { ruleset, .. } => Some(Variant::Strategic(ruleset.clone())),
            GameSetup::Sos { .. } => None,
        }
    }

    /// The same game under other rule options (an SOS game has none: it
    /// stays as it is).
    pub fn with_options(mut self, new: Options) -> GameSetup {
        match &mut self {
            GameSetup::TicTacToe { options, .. }
            | GameSetup::Ultimate { options, .. }
            | GameSetup::Strategic { options, .. } => *options = new,
            GameSetup::Sos { .. } => {}
        }
        self
    }

    /// The ruleset a Strategic game plays under, with its map.
    pub fn ruleset(&self) -> Option<&Ruleset> {
        match self {
            GameSetup::Strategic { ruleset, .. } => Some(ruleset),
            _ => None,
        }
    }

    /// The map a Strategic game plays under, by both its names.
    pub fn map(&self) -> Option<&GameMap> {
        match self {
            GameSetup::Strategic { map, .. } => map.as_ref(),
            _ => None,
        }
    }

    /// The rule options of a game of the tic-tac-toe family.
    pub fn options(&self) -> Option<Options> {
        match self {
            GameSetup::TicTacToe { options, .. }
            | GameSetup::Ultimate { options, .. }
            | GameSetup::Strategic { options, .. } => Some(*options),
            GameSetup::Sos { .. } => None,
        }
    }

    /// The names of X and O in a game of the tic-tac-toe family.
    pub fn xo_names(&self) -> Option<&[Option<String>; 2]> {
        match self {
            GameSetup::TicTacToe { names, .. }
            | GameSetup::Ultimate { names, .. }
            | GameSetup::Strategic { names, .. } => Some(names),
            GameSetup::Sos { .. } => None,
        }
    }

    /// How many positions a move of the game has: 1, 2 or 3 in the
    /// tic-tac-toe family (`O`, `T.O`, `S.T.O`); `None` for SOS.
    pub fn depth(&self) -> Option<usize> {
        self.variant().map(|v| v.depth())
    }

    /// Which game.
    pub fn kind(&self) -> GameKind {
        match self {
            GameSetup::TicTacToe { .. } => GameKind::TicTacToe,
            GameSetup::Ultimate { .. } => GameKind::Ultimate,
            GameSetup::Strategic { .. } => GameKind::Strategic,
            GameSetup::Sos { .. } => GameKind::Sos,
        }
    }

    /// A short description of game and ruleset, as reports head a game:
    /// `strategic, functional map34`, `SOS 5x5, general, 3 players`. The
    /// rule options are named apart ([`Options::describe`]).
    pub fn describe(&self) -> String {
        match self {
            GameSetup::TicTacToe { .. } => "tic-tac-toe".to_string(),
            GameSetup::Ultimate { .. } => "ultimate".to_string(),
            GameSetup::Strategic { ruleset, map, .. } => {
                let map_name = |standard: BuiltinMap| {
                    map.as_ref()
                        .map_or_else(|| standard.name().to_string(), |m| m.tag.clone())
                };
                match ruleset {
                    Ruleset::Tactical => "strategic, tactical".to_string(),
                    Ruleset::Functional(_) => format!(
                        "strategic, functional {}",
                        map_name(BuiltinMap::STANDARD_FUNCTIONAL)
                    ),
                    Ruleset::Hyperfunctional(_) => format!(
                        "strategic, hyperfunctional {}",
                        map_name(BuiltinMap::STANDARD_HYPERFUNCTIONAL)
                    ),
                }
            }
            GameSetup::Sos { config, .. } => format!(
                "SOS {}, {}, {} players",
                config.size(),
                config.variant().word(),
                config.players()
            ),
        }
    }

    /// The tic-tac-toe family engine at the game's first move; `None` for
    /// SOS.
    pub fn ttt_game(&self) -> Option<Game> {
        Some(Game::new(self.variant()?, self.options()?))
    }

    /// The SOS engine at the game's first move; `None` for the tic-tac-toe
    /// family.
    pub fn sos_game(&self) -> Option<SosGame> {
        match self {
            GameSetup::Sos { config, .. } => Some(SosGame::new(*config)),
            _ => None,
        }
    }
}

/// The `X` and `O` tags of the names given.
fn push_names(tags: &mut Vec<(&'static str, String)>, names: &[Option<String>; 2]) {
    for (tag, name) in ["X", "O"].into_iter().zip(names) {
        if let Some(name) = name {
            tags.push((tag, name.clone()));
        }
    }
}

fn error_at(tag: &Tag, fault: SetupFault) -> SetupError {
    SetupError {
        at: tag.value_at,
        fault,
    }
}

/// The value of tag `name` read by `parse`, if the tag is there; refused
/// as not one of `choices`, the words it may take.
fn option_tag<'g, T>(
    game: &'g GameRecord,
    name: &str,
    parse: fn(&str) -> Result<T, &'static str>,
    choices: &'static [&'static str],
) -> Result<Option<(T, &'g Tag)>, SetupError> {
    game.tag(name)
        .map(|tag| {
            parse(&tag.value).map(|v| (v, tag)).map_err(|_| {
                error_at(
                    tag,
                    SetupFault::BadValue {
                        tag: tag.name.clone(),
                        value: tag.value.clone(),
                        choices,
                    },
                )
            })
        })
        .transpose()
}

/// The rule options of a tic-tac-toe family game: the `Rules` preset
/// (authors' by default), then `Draws`, `Decided` (or the older
/// `PlayInDecided`) and `NoReturn`, each overriding the preset.
fn ttt_options(game: &GameRecord) -> Result<Options, SetupError> {
    let preset = option_tag(game, "Rules", Preset::parse, &["authors", "common"])?;
    let draws = option_tag(game, "Draws", Draws::parse, &["both", "none"])?;
    let decided = option_tag(game, "Decided", Decided::parse, &["open", "free", "closed"])?;
    let older = option_tag(
        game,
        "PlayInDecided",
        Decided::parse_play_in_decided,
        &["yes", "no"],
    )?;
    let no_return = option_tag(
        game,
        "NoReturn",
        NoReturn::parse,
        &["no", "yes", "tactical"],
    )?;
    let decided = match (decided, older) {
        (Some((new, _)), Some((old, tag))) if new != old => {
            return Err(error_at(
                tag,
                SetupFault::DecidedTwice {
                    tag: tag.name.clone(),
                    value: tag.value.clone(),
                    old,
                    new,
                },
            ));
        }
        (Some((d, _)), _) | (None, Some((d, _))) => Some(d),
        (None, None) => None,
    };
    Ok(Options::over_preset(
        preset.map(|(p, _)| p),
        draws.map(|(d, _)| d),
        decided,
        no_return.map(|(n, _)| n),
    ))
}

/// [`GameSetup::from_tags`].
fn setup(game: &GameRecord, maps: Option<&MapLibrary>) -> Result<GameSetup, SetupError> {
    let Some(kind) = game.tag("Game") else {
        return Err(SetupError {
            at: Position {
                line: game.line,
                col: 1,
            },
            fault: SetupFault::NoGame,
        });
    };
    let name = |n: &str| game.tag(n).map(|t| t.value.trim().to_string());
    let kind = match kind.value.parse::<GameKind>() {
        Ok(GameKind::Sos) => return sos_setup(game),
        Ok(kind) => kind,
        Err(unknown) => return Err(error_at(kind, unknown_kind(unknown))),
    };
    // The ruleset and its map are read before the options, so that a
    // fault in both is reported at the ruleset, as it always was.
    let strategic = match kind {
        GameKind::Strategic => Some(ruleset(game, maps)?),
        _ => None,
    };
    let options = ttt_options(game)?;
    let names = [name("X"), name("O")];
    Ok(match (kind, strategic) {
        (GameKind::TicTacToe, _) => GameSetup::TicTacToe { options, names },
        (_, Some((ruleset, map))) => GameSetup::Strategic {
            ruleset,
            map,
            options,
            names,
        },
        _ => GameSetup::Ultimate { options, names },
    })
}

/// The ruleset a game's tags name, and the map it uses.
fn ruleset(
    game: &GameRecord,
    maps: Option<&MapLibrary>,
) -> Result<(Ruleset, Option<GameMap>), SetupError> {
    let tag = game.tag("Ruleset");
    let which = tag.map_or(RulesetKind::Functional.name().to_string(), |t| {
        t.value.trim().to_ascii_lowercase()
    });
    match which.parse::<RulesetKind>() {
        Ok(RulesetKind::Tactical) => Ok((Ruleset::Tactical, None)),
        Ok(RulesetKind::Functional) => {
            let (map, tag) = load_map(game, "Map", BuiltinMap::STANDARD_FUNCTIONAL, maps)?;
            let id = map.name().clone();
            match map.map() {
                AnyMap::Functional(m) => Ok((Ruleset::Functional(*m), Some(GameMap { id, tag }))),
                AnyMap::Hyperfunctional(_) => Err(map_error(
                    game,
                    "Map",
                    wrong_kind(&map, "hyperfunctional", "functional"),
                )),
            }
        }
        Ok(RulesetKind::Hyperfunctional) => {
            let (map, tag) =
                load_map(game, "HyperMap", BuiltinMap::STANDARD_HYPERFUNCTIONAL, maps)?;
            let id = map.name().clone();
            match map.map() {
                AnyMap::Hyperfunctional(m) => Ok((
                    Ruleset::Hyperfunctional(m.clone()),
                    Some(GameMap { id, tag }),
                )),
                AnyMap::Functional(_) => Err(map_error(
                    game,
                    "HyperMap",
                    wrong_kind(&map, "functional", "hyperfunctional"),
                )),
            }
        }
        Err(unknown) => Err(map_error(game, "Ruleset", unknown_kind(unknown))),
    }
}

fn unknown_kind(unknown: crate::games::UnknownKind) -> SetupFault {
    SetupFault::Unknown {
        what: unknown.what,
        written: unknown.written,
        closest: unknown.closest,
    }
}

/// A map of the kind `found` where the ruleset needs one of the kind `wanted`.
fn wrong_kind(map: &MapFile, found: &'static str, wanted: &'static str) -> SetupFault {
    SetupFault::MapKind {
        name: map.name().to_string(),
        found,
        wanted,
    }
}

fn map_error(game: &GameRecord, tag: &str, fault: SetupFault) -> SetupError {
    match game.tag(tag) {
        Some(t) => error_at(t, fault),
        None => SetupError {
            at: Position {
                line: game.line,
                col: 1,
            },
            fault,
        },
    }
}

/// The map a `Map`/`HyperMap` tag names, with the name as written: a
/// built-in map, or a map file offered on the command line, by file name.
/// The tag never names a path: a folder part, `..` or an absolute path is
/// refused before any lookup.
fn load_map(
    game: &GameRecord,
    tag: &str,
    default: BuiltinMap,
    maps: Option<&MapLibrary>,
) -> Result<(MapFile, String), SetupError> {
    let wanted = game
        .tag(tag)
        .map_or(default.name().to_string(), |t| t.value.trim().to_string());
    let fail = |fault: SetupFault| map_error(game, tag, fault);
    let (name, written) = (tag.to_string(), wanted.clone());
    if let Some(builtin) = BuiltinMap::from_name(&wanted) {
        return Ok((MapFile::builtin(builtin), wanted));
    }
    if wanted.contains(['/', '\\']) || wanted.starts_with('.') {
        return Err(fail(SetupFault::MapFolder {
            tag: name,
            wanted: written,
        }));
    }
    match maps.and_then(|m| m.find(&wanted)) {
        Some(found) => found.map(|map| (map, wanted.clone())).map_err(|map| {
            fail(SetupFault::MapFile {
                tag: name,
                wanted: written,
                map: Box::new(map),
            })
        }),
        None => Err(fail(SetupFault::UnknownMap {
            tag: name,
            wanted: written,
        })),
    }
}

fn sos_setup(game: &GameRecord) -> Result<GameSetup, SetupError> {
    let Some(size) = game.tag("Size") else {
        return Err(SetupError {
            at: Position {
                line: game.line,
                col: 1,
            },
            fault: SetupFault::NoSize,
        });
    };
    // A size out of range is refused with the other limits below, after
    // the variant: a side that is no whole number >= 0 is not a size.
    let sides = match SosSize::parse(&size.value) {
        Ok(s) => Some((u32::from(s.width()), u32::from(s.height()))),
        Err(SosSizeError::Range { width, height }) => {
            u32::try_from(width).ok().zip(u32::try_from(height).ok())
        }
        Err(SosSizeError::Form) => None,
    };
    let Some((width, height)) = sides else {
        return Err(error_at(
            size,
            SetupFault::SizeForm {
                value: size.value.clone(),
            },
        ));
    };
    let variant = match game.tag("Variant") {
        None => SosVariant::General,
        Some(t) => {
            let written = t.value.trim().to_ascii_lowercase();
            let Some(variant) = SosVariant::ALL.into_iter().find(|v| v.word() == written) else {
                return Err(error_at(
                    t,
                    SetupFault::BadValue {
                        tag: "Variant".into(),
                        value: t.value.clone(),
                        choices: &["general", "simple"],
                    },
                ));
            };
            variant
        }
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
        error_at(
            tag,
            SetupFault::Sos {
                tag: tag.name.clone(),
                value: tag.value.clone(),
                error: e,
            },
        )
    })?;
    Ok(GameSetup::Sos { config, names })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::record::parse;

    fn setup_of(tags: &str) -> Result<GameSetup, SetupError> {
        let text = format!("{tags}\n");
        let record = parse(&text).expect("a record").remove(0);
        GameSetup::from_tags(&record, None)
    }

    /// Tags written from a setup read back to the same setup, and say
    /// what the record said.
    #[test]
    fn tags_written_read_back_to_the_same_setup() {
        let records = [
            "[Game \"tictactoe\"]\n[X \"Ann\"]",
            "[Game \"ultimate\"]\n[Rules \"common\"]\n[NoReturn \"yes\"]",
            "[Game \"strategic\"]",
            "[Game \"strategic\"]\n[Ruleset \"tactical\"]\n[Decided \"free\"]",
            "[Game \"strategic\"]\n[Ruleset \"Hyperfunctional\"]\n[HyperMap \"hmap1\"]\n[O \"Bo\"]",
            "[Game \"strategic\"]\n[Map \"map18\"]\n[PlayInDecided \"no\"]",
            "[Game \"sos\"]\n[Size \"6 × 4\"]\n[Variant \"Simple\"]\n[Players \"A, B, C\"]",
            "[Game \"SOS\"]\n[Size \"5\"]",
        ];
        for tags in records {
            let setup = setup_of(tags).unwrap_or_else(|e| panic!("{tags}: {e:?}"));
            let written = crate::record::write::tags_text(&setup.to_tags());
            let again = setup_of(&written).unwrap_or_else(|e| panic!("{written}: {e:?}"));
            assert_eq!(again, setup, "{tags}\n->\n{written}");
            assert_eq!(again.describe(), setup.describe());
        }
        let sos = setup_of(records[6]).unwrap();
        assert_eq!(sos.describe(), "SOS 6x4, simple, 3 players");
        assert_eq!(
            sos.to_tags(),
            [
                ("Game", "sos".to_string()),
                ("Size", "6x4".into()),
                ("Variant", "simple".into()),
                ("Players", "A, B, C".into()),
            ]
        );
        let hyper = setup_of(records[4]).unwrap();
        assert_eq!(hyper.describe(), "strategic, hyperfunctional hmap1");
        assert_eq!(hyper.kind(), GameKind::Strategic);
        let names: Vec<&str> = hyper.to_tags().iter().map(|t| t.0).collect();
        assert_eq!(
            names,
            [
                "Game", "Ruleset", "HyperMap", "Draws", "Decided", "NoReturn", "O"
            ]
        );
        let closed = setup_of(records[5]).unwrap();
        assert_eq!(closed.options().unwrap().decided, Decided::Closed);
    }

    /// A setup starts the engine of its game, at the first move.
    #[test]
    fn a_setup_starts_its_engine() {
        let ultimate = setup_of("[Game \"ultimate\"]\n[Rules \"common\"]").unwrap();
        let game = ultimate.ttt_game().expect("a tic-tac-toe family engine");
        assert_eq!((game.depth(), game.moves_played()), (2, 0));
        assert_eq!(game.options(), Options::preset(Preset::Common));
        assert!(ultimate.sos_game().is_none());
        let sos = setup_of("[Game \"sos\"]\n[Size \"4x3\"]").unwrap();
        let game = sos.sos_game().expect("an SOS engine");
        assert_eq!((game.config().width(), game.config().height()), (4, 3));
        assert!(sos.ttt_game().is_none());
    }

    /// A checked game carries its setup, which replays the record from the
    /// start to the position the checker reached; an unusable one has none.
    #[test]
    fn a_checked_game_carries_its_setup() {
        use crate::games::ttt::Move;
        let tags = "[Game \"ultimate\"]\n[Rules \"common\"]";
        let text = format!("{tags}\n1. 5.5 5.1 2. 1.5 5.9\n");
        let file = crate::check::check_source("g.txt", text.as_bytes(), None);
        let checked = &file.games[0];
        let setup = checked.setup.as_ref().expect("a usable game");
        assert_eq!(setup, &setup_of(tags).unwrap());
        let mut engine = setup.ttt_game().unwrap();
        let moves = [[5, 5], [5, 1], [1, 5], [5, 9]];
        for path in moves {
            engine.play(Move::new(&path).unwrap()).unwrap();
        }
        let Some(crate::check::Position::Ttt { game, .. }) = &checked.position else {
            panic!("a tic-tac-toe family position")
        };
        for path in moves {
            let mv = Move::new(&path).unwrap();
            assert_eq!(engine.cell(mv), game.cell(mv));
        }
        assert_eq!(
            (engine.to_move(), engine.outcome()),
            (game.to_move(), game.outcome())
        );
        let unusable = crate::check::check_source("g.txt", b"[Game \"chess\"]\n1. e4\n", None);
        assert!(unusable.games[0].setup.is_none());
    }

    /// The size is read as every SOS size is, and refused where written.
    #[test]
    fn sizes_are_refused_as_before() {
        let refused = |size: &str| {
            setup_of(&format!("[Game \"sos\"]\n[Size \"{size}\"]"))
                .unwrap_err()
                .message()
        };
        assert!(refused("5x").contains("expected WxH"), "{}", refused("5x"));
        assert!(refused("-3x5").contains("expected WxH"));
        assert!(refused("99999999999x5").contains("expected WxH"));
        assert_eq!(
            refused("2x30"),
            "[Size \"2x30\"]: an SOS board is 3 to 26 cells each way, not 2x30"
        );
    }
}
