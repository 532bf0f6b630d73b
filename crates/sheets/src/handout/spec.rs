//! The handout spec: a TOML file with `[handout]`, `[page]`, `[worksheet]`
//! and `[rules]` (every key documented in docs/handout.md).
//!
//! The file is read as written (strings and numbers) and
//! then checked into a [`HandoutSpec`], whose fields cannot be set without
//! the checks: a command-line flag that changes one (`--copies`,
//! `--language`) goes through the same checked constructor as the key.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use std::marker::PhantomData;

use serde::Deserialize;

use super::exercises::ExerciseKind;
use crate::files::{NoFiles, SpecFiles, folder_of};
use crate::games::GameKind;
use crate::games::sos::{SosConfig, SosSize, SosVariant};
use crate::games::ttt::{Decided, Draws, NoReturn, Options, Preset, Ruleset};
use crate::keys::{spec_table, words_enum};
use crate::language::Language;
use crate::limits::{NumberError, Whole};
use crate::maps::{AnyMap, BuiltinMap, FunctionalMap};
use crate::setup::{GameMap, GameSetup};
use crate::source::fault::Fault;
use crate::source::report::Source;
use crate::source::text::TOML_LIMIT;
use crate::source::tree::Tree;
use crate::spec::error::Locator;
use crate::spec::{PageSpec, Set, SpecError, Template};

spec_table! {
    /// `[handout]` as written.
    struct RawHandoutInfo = "handout" {
        game: GameKind = "game",
            Required::<GameKind> {
                shape: KeyShape::Choice(&GameKind::NAMES),
                read_as: PhantomData,
            },
            "the game of the rules page, the sheet and the worksheet";
        language: String = "language",
            Typed::<String> {
                default: || "en".into(),
                shape: KeyShape::Choice(&["en", "de", "ru", "th"]),
                words: "`\"en\"`",
            },
            "language of every text the handout sets";
        title: Option<String> = "title",
            Typed::<Option<String>> {
                default: || None,
                shape: KeyShape::Text,
                words: "the game's name",
            },
            "header of every page";
        rules: bool = "rules", Flag(true), "the rules page first";
        copies: u64 = "copies", WholeIn { limit: COPIES, default: 1 }, "game sheets";
        sheet: Option<String> = "sheet",
            Typed::<Option<String>> {
                default: || None,
                shape: KeyShape::Described("template name or spec path"),
                words: "`sos`, `tictactoe`, `ultimate`, `strategic-functional`",
            },
            "the game sheet; a spec file must be in the handout spec's folder (no absolute path \
                or `..`)";
        set: Vec<String> = "set",
            Typed::<Vec<String>> {
                default: Vec::new,
                shape: KeyShape::Described("list of `\"KEY=VALUE\"`"),
                words: "none",
            },
            "overrides for the sheet spec (docs/spec.md, `--set`); not `page.…`, `rules.…` or \
                `document.language`, which the handout sets itself (`[page]`, `[rules]`, \
                `language`), so every page agrees";
        duplex: bool = "duplex",
            Flag(true),
            "printed on both sides: every part starts on an odd page, after a page left blank \
                where needed (see above); `false` keeps only the blank page before the answer \
                key";
    }
}

spec_table! {
    /// `[worksheet]` as written.
    struct RawWorksheet = "worksheet" with Default {
        exercises: u64 = "exercises",
            WholeIn { limit: EXERCISES, default: 6 },
            "how many exercises; a tic-tac-toe handout has none, and writing more than 0 is \
                refused",
            default "6 (none for tic-tac-toe)";
        seed: u64 = "seed", WholeIn { limit: crate::limits::SEED, default: 1 },
            "the seed, printed in the footer of worksheet and key";
        kind: Option<ExerciseKind> = "kind",
            Typed::<Option<ExerciseKind>> {
                default: || None,
                shape: KeyShape::Choice(&["sos-count", "ultimate-where", "strategic-where", "win"]),
                words: "by game",
            },
            "the exercise; it must be the handout's game's (`ultimate-where` in an SOS handout \
                is refused); `win` is a tic-tac-toe, Ultimate or Strategic handout's, from the \
                games in `records`";
        records: Vec<String> = "records",
            Typed::<Vec<String>> {
                default: Vec::new,
                shape: KeyShape::Described("list of record files"),
                words: "none",
            },
            "the record files a `win` worksheet takes its positions from, in the handout spec's \
                folder (no absolute path or `..`; at most 20)";
        win_in: u64 = "win-in",
            WholeIn { limit: WIN_IN, default: 2 },
            "a `win` worksheet's difficulty: the side to move wins in this many of its own moves \
                (1 to 3), and exactly one first move does";
        sos_size: String = "sos-size",
            Typed::<String> {
                default: || "5x5".into(),
                shape: KeyShape::Described("`\"WxH\"`, each 3..8"),
                words: "`\"5x5\"`",
            },
            "board of SOS exercises";
        map: String = "map",
            Typed::<String> {
                default: || BuiltinMap::STANDARD_FUNCTIONAL.name().into(),
                shape: KeyShape::Described("a family map, `\"map11\"` … `\"map88\"`"),
                words: "`\"map34\"`",
            },
            "map of Strategic exercises";
        key: Option<String> = "key",
            Typed::<Option<String>> {
                default: || None,
                shape: KeyShape::Choice(KeyPlacement::WORDS),
                words: "`\"end\"`",
            },
            "the answer key: at the end, starting on a new sheet of paper; in a file of its own, \
                `NAME-key.pdf` beside the handout; or none";
        answer_key: Option<bool> = "answer-key",
            Typed::<Option<bool>> { default: || None, shape: KeyShape::Bool, words: "none" },
            "the older spelling: `true` is `key = \"end\"`, `false` is `key = \"none\"` (not \
                both keys)";
    }
}

/// A handout spec as written.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
struct RawHandoutSpec {
    handout: RawHandoutInfo,
    #[serde(default)]
    page: PageSpec,
    #[serde(default)]
    worksheet: RawWorksheet,
    #[serde(default)]
    rules: RawRules,
}

spec_table! {
    /// `[rules]` as written: the rules in force for Ultimate and Strategic,
    /// which the rules page states and the worksheet's answers follow
    /// (docs/rules.md, "Options and presets"). Each value is checked by
    /// [`rules_options`].
    struct RawRules = "rules" with Default {
        preset: Option<String> = "preset",
            Typed::<Option<String>> {
                default: || None,
                shape: KeyShape::Choice(&Preset::WORDS),
                words: "`\"authors\"`",
            },
            "the game's authors' rules, or the common Ultimate rules (drawn cells count for \
                nobody, decided cells closed)";
        draws: Option<String> = "draws",
            Typed::<Option<String>> {
                default: || None,
                shape: KeyShape::Choice(&Draws::WORDS),
                words: "from the preset",
            },
            "a drawn cell counts for both players, or for nobody";
        decided: Option<String> = "decided",
            Typed::<Option<String>> {
                default: || None,
                shape: KeyShape::Choice(&Decided::WORDS),
                words: "from the preset",
            },
            "whether decided cells still hold and take moves";
        no_return: Option<String> = "no-return",
            Typed::<Option<String>> {
                default: || None,
                shape: KeyShape::Choice(&NoReturn::WORDS),
                words: "`\"no\"`",
            },
            "the no-return restriction";
    }
}

/// Every table of the handout spec a user writes, in the reference's
/// order (`[page]` is a sheet spec's, documented with it): the key
/// tables of docs/handout.md are these written out.
#[cfg(test)]
pub(crate) fn reference() -> Vec<crate::keys::TableDoc> {
    vec![
        RawHandoutInfo::table_doc(false),
        RawRules::table_doc(false),
        RawWorksheet::table_doc(false),
    ]
}

words_enum! {
    /// Where a worksheet's answer key goes (`[worksheet] key`).
    pub(crate) enum KeyPlacement {
        /// At the end of the handout, starting on a new sheet of paper (an odd
        /// page, after a page left blank when needed).
        #[default]
        End = "end",
        /// In a document of its own, which the command line writes beside the
        /// handout as `NAME-key.pdf`.
        Separate = "separate",
        /// No answer key.
        None = "none",
    }
}

/// Why a `[worksheet]` value is refused, with the value as written;
/// worded ([`WorksheetFault::message`]) where the refusal is placed, at
/// its key ([`WorksheetFault::key`]).
#[derive(Debug, Clone, PartialEq, Eq)]
enum WorksheetFault {
    /// `key` and its older spelling `answer-key` both given.
    KeyTwice,
    /// A `key` that is no placement.
    Key(String),
    /// An `sos-size` that is no board an exercise fits.
    SosSize(String),
    /// A `map` that is no built-in functional map.
    Map(String),
}

impl WorksheetFault {
    /// The `[worksheet]` key the value is written at.
    fn key(&self) -> &'static str {
        match self {
            WorksheetFault::KeyTwice => "answer-key",
            WorksheetFault::Key(_) => "key",
            WorksheetFault::SosSize(_) => "sos-size",
            WorksheetFault::Map(_) => "map",
        }
    }

    /// What is wrong and what is expected: a placement out of its words as
    /// the typed choice (said in every language), the rest as worded here.
    fn message(&self) -> Fault {
        match self {
            WorksheetFault::KeyTwice => {
                "give `key` or `answer-key`, not both (`answer-key = false` is `key = \"none\"`)"
                    .into()
            }
            WorksheetFault::Key(value) => Fault::Choice {
                key: "key".into(),
                choices: KeyPlacement::ALL.iter().map(|k| k.word().into()).collect(),
                written: value.clone(),
            },
            WorksheetFault::SosSize(value) => format!(
                "`sos-size` must be columns x rows, each 3 to 8 (e.g. \"5x5\"), got \"{value}\""
            )
            .into(),
            WorksheetFault::Map(name) => {
                let names: Vec<&str> = BuiltinMap::FUNCTIONAL.iter().map(|m| m.name()).collect();
                format!(
                    "`{name}` is not a built-in functional map ({})",
                    names.join(", ")
                )
                .into()
            }
        }
    }
}

impl KeyPlacement {
    fn parse(value: &str) -> Result<KeyPlacement, WorksheetFault> {
        KeyPlacement::ALL
            .iter()
            .copied()
            .find(|k| k.word() == value)
            .ok_or_else(|| WorksheetFault::Key(value.to_string()))
    }
}

/// The answer key's place from `key` or its older spelling `answer-key`
/// (one of them at most).
fn key_placement(w: &RawWorksheet) -> Result<KeyPlacement, WorksheetFault> {
    match (&w.key, w.answer_key) {
        (Some(_), Some(_)) => Err(WorksheetFault::KeyTwice),
        (Some(key), None) => KeyPlacement::parse(key),
        (None, Some(false)) => Ok(KeyPlacement::None),
        (None, Some(true) | None) => Ok(KeyPlacement::End),
    }
}

/// The board of SOS exercises, for two players: columns × rows, each 3..8
/// (an SOS size, read as every SOS size is, and small enough for an
/// exercise).
fn sos_board(s: &str) -> Result<SosConfig, WorksheetFault> {
    let refused = || WorksheetFault::SosSize(s.to_string());
    match SosSize::parse(s) {
        Ok(size) if size.width() <= 8 && size.height() <= 8 => {
            let (columns, rows) = (size.width().into(), size.height().into());
            SosConfig::new(columns, rows, 2, SosVariant::General).map_err(|_| refused())
        }
        _ => Err(refused()),
    }
}

/// A built-in functional map, by name.
fn worksheet_map(name: &str) -> Result<(BuiltinMap, FunctionalMap), WorksheetFault> {
    BuiltinMap::from_name(name)
        .and_then(|builtin| match builtin.map() {
            AnyMap::Functional(map) => Some((builtin, map)),
            AnyMap::Hyperfunctional(_) => None,
        })
        .ok_or_else(|| WorksheetFault::Map(name.to_string()))
}

/// A handout spec, checked: every value in range, the language one with
/// texts, every `set` a KEY=VALUE.
#[derive(Debug, Clone)]
pub struct HandoutSpec {
    game: GameKind,
    language: Language,
    title: Option<String>,
    rules: bool,
    copies: u32,
    sheet: Option<String>,
    sets: Vec<Set>,
    page: PageSpec,
    exercises: u32,
    seed: u64,
    kind: Option<ExerciseKind>,
    records: Vec<String>,
    win_in: u8,
    sos_board: SosConfig,
    map: (BuiltinMap, FunctionalMap),
    answer_key: KeyPlacement,
    duplex: bool,
    options: Options,
    /// The folder of the handout spec file, where a `sheet` spec file must
    /// be, with the reader of its files; `None` for a spec that is not a
    /// file, which can use built-in sheets only.
    folder: Option<(PathBuf, Arc<dyn SpecFiles>)>,
    /// The spec's text, to point a message about a text it gives (the
    /// title) or a sheet that does not belong (`sheet`) at its line.
    loc: Locator,
    /// Where `sheet` is written (empty when it is not).
    sheet_at: std::ops::Range<usize>,
    /// Where `records` is written (empty when it is not).
    records_at: std::ops::Range<usize>,
    /// Where each of the spec's own `set` entries is written, in order
    /// (the first entries of `sets`; the command line's follow).
    sets_at: Vec<std::ops::Range<usize>>,
}

impl HandoutSpec {
    /// The game.
    pub fn game(&self) -> GameKind {
        self.game
    }
    /// The language of every text the handout sets.
    pub fn language(&self) -> Language {
        self.language
    }
    /// The header text, if the spec gives one (else the game's name).
    pub fn title(&self) -> Option<&str> {
        self.title.as_deref()
    }
    /// Whether the handout starts with the rules.
    pub fn rules(&self) -> bool {
        self.rules
    }
    /// The rules in force (`[rules]`): what the rules page states and the
    /// worksheet's answers follow.
    pub fn options(&self) -> Options {
        self.options
    }
    /// How many game sheets.
    pub fn copies(&self) -> u32 {
        self.copies
    }
    /// The paper of every page.
    pub(crate) fn page(&self) -> &PageSpec {
        &self.page
    }
    /// The paper size of every page (`[page] size`).
    pub fn paper_size(&self) -> crate::spec::PaperSize {
        self.page.size
    }
    /// Which way up every page is (`[page] orientation`).
    pub fn orientation(&self) -> crate::spec::Orientation {
        self.page.orientation
    }
    /// The changes to the game sheet's spec, the spec's own first.
    pub fn sets(&self) -> &[Set] {
        &self.sets
    }
    /// The seed the worksheet's positions are drawn from.
    pub fn seed(&self) -> u64 {
        self.seed
    }
    /// How many exercises.
    pub fn exercises(&self) -> u32 {
        self.exercises
    }
    /// Where the worksheet's answer key goes.
    pub(crate) fn answer_key(&self) -> KeyPlacement {
        self.answer_key
    }
    /// Whether the handout is made to be printed on both sides of the
    /// paper: then every part (the rules, each game sheet, the worksheet,
    /// the key) starts on a front page, an odd one.
    pub fn duplex(&self) -> bool {
        self.duplex
    }
    /// The record files a `win` worksheet takes its positions from, as
    /// written (see [`HandoutSpec::record_paths`]).
    pub fn records(&self) -> &[String] {
        &self.records
    }
    /// Where the record files are: each inside the handout spec's folder
    /// (refused, at the `records` key, when one is not, or when the spec
    /// is not a file). The files are not opened here.
    pub fn record_paths(&self) -> Result<Vec<PathBuf>, SpecError> {
        let Some(folder) = self.folder() else {
            return match self.records.is_empty() {
                true => Ok(Vec::new()),
                false => Err(self.loc.invalid(
                    0..0,
                    Some("worksheet.records".into()),
                    String::from("record files are named beside a handout spec file; give the games another way"),
                )),
            };
        };
        self.records
            .iter()
            .map(|name| {
                self.files().inside(folder, name).map_err(|e| {
                    self.loc.invalid(
                        self.records_at.clone(),
                        Some("worksheet.records".into()),
                        format!("the record file cannot be read: {e}"),
                    )
                })
            })
            .collect()
    }
    /// A `win` worksheet's difficulty: wins in this many own moves.
    pub fn win_in(&self) -> u8 {
        self.win_in
    }
    /// The functional map of Strategic exercises.
    pub fn map(&self) -> FunctionalMap {
        self.map.1
    }
    /// The game the handout is of, under its rules (`[rules]`): Strategic
    /// under the functional ruleset with the worksheet's `map`, SOS on the
    /// worksheet's `sos-size` board for two players. Its exercises are
    /// drawn in this game.
    pub fn setup(&self) -> GameSetup {
        match self.game {
            GameKind::TicTacToe => GameSetup::tictactoe(self.options),
            GameKind::Ultimate => GameSetup::ultimate(self.options),
            GameKind::Strategic => {
                let (name, map) = self.map;
                let map_name = GameMap::new(crate::maps::MapId::Builtin(name));
                GameSetup::strategic(Ruleset::Functional(map), Some(map_name), self.options)
            }
            GameKind::Sos => GameSetup::Sos {
                config: self.sos_board,
                names: Vec::new(),
            },
        }
    }

    /// The spec's text.
    pub(crate) fn source(&self) -> &Source {
        self.loc.source()
    }

    /// Refuses a sheet spec file whose boards are another game's than the
    /// handout's (`None` when they are the game's, or the sheet has none),
    /// located at the spec's `sheet` key.
    pub(crate) fn check_sheet_game(&self, boards: Option<GameKind>) -> Result<(), SpecError> {
        match boards {
            Some(g) if g != self.game => Err(self.loc.invalid(
                self.sheet_at.clone(),
                Some("handout.sheet".into()),
                sheet_mismatch(self.sheet_name(), g, self.game),
            )),
            _ => Ok(()),
        }
    }

    /// An error in reading the game sheet, at the handout line it comes
    /// from: a refused change of the spec's own `set` at that entry, a
    /// sheet that cannot be read at `sheet`. A change from the command
    /// line stays the command line's (`--set …`).
    pub(crate) fn locate_sheet_error(&self, e: SpecError) -> SpecError {
        match e {
            SpecError::Override { set, message, .. } if let Some(span) = self.own_set_at(&set) => {
                self.loc.invalid(
                    span,
                    Some("handout.set".into()),
                    format!("`{set}` cannot be made to the sheet: {message}"),
                )
            }
            SpecError::Input(_) | SpecError::Unknown(..) => {
                let why = crate::source::Diagnostic::of(&e).line();
                self.loc.invalid(
                    self.sheet_at.clone(),
                    Some("handout.sheet".into()),
                    format!("the sheet cannot be read: {why}"),
                )
            }
            other => other,
        }
    }

    /// Where the spec's own `set` entry `written` (as an error quotes it)
    /// stands.
    fn own_set_at(&self, written: &str) -> Option<std::ops::Range<usize>> {
        self.sets
            .iter()
            .zip(&self.sets_at)
            .find(|(set, _)| crate::source::words::quote_at_most(&set.to_string(), 120) == written)
            .map(|(_, span)| span.clone())
    }

    /// The folder a `sheet` spec file must be in: the handout spec's own.
    pub fn folder(&self) -> Option<&Path> {
        self.folder.as_ref().map(|(path, _)| path.as_path())
    }

    /// How the files the handout names are read: through the reader it was
    /// loaded with, or for a spec that is not a file, not at all.
    pub(crate) fn files(&self) -> &dyn SpecFiles {
        match &self.folder {
            Some((_, files)) => files.as_ref(),
            None => &NoFiles,
        }
    }

    /// The game sheet's template or spec path.
    pub(crate) fn sheet_name(&self) -> &str {
        self.sheet
            .as_deref()
            .unwrap_or_else(|| Template::for_game(self.game).name())
    }

    /// The exercise kind of the worksheet, if the handout has one.
    pub fn exercise_kind(&self) -> Option<ExerciseKind> {
        if self.exercises == 0 {
            return None;
        }
        self.kind.or(match self.game {
            GameKind::Sos => Some(ExerciseKind::SosCount),
            GameKind::Ultimate => Some(ExerciseKind::UltimateWhere),
            GameKind::Strategic => Some(ExerciseKind::StrategicWhere),
            GameKind::TicTacToe => None,
        })
    }

    /// The same handout with another seed (`--seed`).
    pub fn with_seed(mut self, seed: u64) -> Self {
        self.seed = seed;
        self
    }

    /// The same handout with another number of game sheets (`--copies`),
    /// checked as the `copies` key is.
    pub fn with_copies(mut self, copies: u64) -> Result<Self, NumberError> {
        self.copies = COPIES.check(copies.into())? as u32;
        Ok(self)
    }

    /// The same handout in another language (`--language`).
    pub fn with_language(mut self, language: Language) -> Self {
        self.language = language;
        self
    }

    /// The same handout with more changes to the game sheet, after the
    /// spec's own (`--set`); refused, with the reason, if one changes what
    /// the handout itself sets (`handout_owned`).
    pub fn with_sets(mut self, sets: impl IntoIterator<Item = Set>) -> Result<Self, SheetSetError> {
        let own = self.sets.len();
        for set in sets {
            if let Some(e) = handout_owned(&set) {
                return Err(e);
            }
            self.sets.push(set);
        }
        if self.sets.len() > crate::limits::SETS {
            return Err(SheetSetError::TooMany {
                given: self.sets.len() - own,
                own,
                total: self.sets.len(),
                most: crate::limits::SETS,
            });
        }
        Ok(self)
    }
}

/// Why changes to a handout's game sheet given beside its spec (`--set`)
/// are refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error, miette::Diagnostic)]
pub enum SheetSetError {
    /// The change is to a key the handout sets itself.
    #[error(
        "`{key}` is the handout's own: every page follows {instead}, so a game sheet cannot change it"
    )]
    #[diagnostic(code(paperboard::handout::set_owned))]
    HandoutOwned {
        /// The key changed.
        key: String,
        /// What sets it instead.
        instead: &'static str,
    },
    /// More changes than a game sheet takes.
    #[error(
        "{given} changes given here and {own} in the spec's `set` make {total}; a game sheet takes at most {most}"
    )]
    #[diagnostic(code(paperboard::handout::too_many_sets))]
    TooMany {
        /// The changes given here.
        given: usize,
        /// The changes in the spec's `set`.
        own: usize,
        /// Both together.
        total: usize,
        /// The most a game sheet takes.
        most: usize,
    },
}

/// Why a `set` may not change this key of a handout's game sheet, if so:
/// the handout sets the sheet's paper, language and rules itself, so that
/// every page agrees; a `set` of them would contradict the handout (a sheet
/// of another paper size runs off the handout's page, an English sheet in
/// a German handout).
pub(crate) fn handout_owned(set: &Set) -> Option<SheetSetError> {
    let key = set.key();
    let table = key.split('.').next().unwrap_or_default();
    let instead = match (table, key.as_str()) {
        ("page", _) => "the handout's [page] table",
        (_, "document.language") => "the handout's `language` (or --language)",
        ("rules", _) => "the handout's [rules] table",
        _ => return None,
    };
    Some(SheetSetError::HandoutOwned { key, instead })
}

/// How many game sheets a handout may have: the one check for the spec key
/// and `handout --copies`.
pub const COPIES: Whole = Whole {
    key: "copies",
    min: 0,
    max: 500,
};

/// A `win` worksheet's difficulty, in the winner's own moves.
pub(crate) const WIN_IN: Whole = Whole {
    key: "win-in",
    min: 1,
    max: 3,
};

/// How many record files a handout may take its games from.
pub(crate) const RECORD_FILES: usize = 20;

/// How many exercises a worksheet may have.
pub(crate) const EXERCISES: Whole = Whole {
    key: "exercises",
    min: 0,
    max: 60,
};

/// Parses and checks a handout spec. `origin` names it in messages.
pub fn parse(origin: &str, text: &str) -> Result<HandoutSpec, SpecError> {
    let loc = Locator::new(origin, text);
    let tree = Tree::parse(text).map_err(|e| loc.toml(e, None))?;
    if let Some(fault) = crate::source::text::toml_fault(tree.root()) {
        return Err(loc.invalid(fault.span, Some(fault.key), fault.message));
    }
    let raw: RawHandoutSpec = loc.read(&tree)?;
    // A refused value is reported where it is written (or at the top of the
    // file for a default).
    let at = |path: &[&str], message: Fault| {
        let span = tree.value_span(path).unwrap_or(0..0);
        loc.invalid(span, Some(path.join(".")), message)
    };
    let h = raw.handout;
    let w = raw.worksheet;
    let language = h
        .language
        .parse::<Language>()
        .map_err(|e| at(&["handout", "language"], e.to_string().into()))?;
    // Checked while reading against COPIES and EXERCISES, whose maxima fit a u32.
    let copies = h.copies as u32;
    // Each entry is refused where it is written, not at the list.
    let sets_at = tree.element_spans(&["handout", "set"]);
    let sets = own_sets(&h.set, &sets_at, &loc, &at)?;
    let exercises = w.exercises as u32;
    let refused = |fault: WorksheetFault| at(&["worksheet", fault.key()], fault.message());
    let sos_board = sos_board(&w.sos_size).map_err(refused)?;
    let map = worksheet_map(&w.map).map_err(refused)?;
    let answer_key = key_placement(&w).map_err(refused)?;
    let options = rules_options(&raw.rules).map_err(|(key, expected, value)| {
        at(&["rules", key], Fault::choice(key, expected, &value))
    })?;
    if w.records.len() > RECORD_FILES {
        return Err(at(
            &["worksheet", "records"],
            format!(
                "{} record files are listed; a worksheet takes its games from at most {RECORD_FILES}",
                w.records.len()
            )
            .into(),
        ));
    }
    if let Some((path, message)) = not_the_game(&h, &w, &tree) {
        return Err(at(path, message.into()));
    }
    Ok(HandoutSpec {
        game: h.game,
        language,
        title: h.title,
        rules: h.rules,
        copies,
        sheet: h.sheet,
        sets,
        page: raw.page,
        exercises,
        seed: w.seed,
        kind: w.kind,
        records: w.records,
        // Checked while reading against WIN_IN: 1 to 3.
        win_in: w.win_in as u8,
        sos_board,
        map,
        answer_key,
        duplex: h.duplex,
        options,
        folder: None,
        sheet_at: tree.value_span(&["handout", "sheet"]).unwrap_or(0..0),
        records_at: tree.value_span(&["worksheet", "records"]).unwrap_or(0..0),
        sets_at,
        loc,
    })
}

/// The spec's own `set` entries, each checked and refused where it is
/// written (`sets_at`; at the list when not found there).
fn own_sets(
    written: &[String],
    sets_at: &[std::ops::Range<usize>],
    loc: &Locator,
    at: &impl Fn(&[&str], Fault) -> SpecError,
) -> Result<Vec<Set>, SpecError> {
    if written.len() > crate::limits::SETS {
        return Err(at(
            &["handout", "set"],
            format!(
                "{} changes are listed; a game sheet takes at most {}",
                written.len(),
                crate::limits::SETS
            )
            .into(),
        ));
    }
    written
        .iter()
        .enumerate()
        .map(|(i, s)| {
            let set = s.parse::<Set>().map_err(|e| e.to_string());
            let set = set.and_then(|set| match handout_owned(&set) {
                Some(e) => Err(e.to_string()),
                None => Ok(set),
            });
            set.map_err(|m| match sets_at.get(i) {
                Some(span) => loc.invalid(span.clone(), Some("handout.set".into()), m),
                None => at(&["handout", "set"], m.into()),
            })
        })
        .collect()
}

/// The key, and why, of a sheet or exercises that are not the handout's
/// game's (a tic-tac-toe handout has no exercises), if any.
fn not_the_game(
    h: &RawHandoutInfo,
    w: &RawWorksheet,
    tree: &Tree<'_>,
) -> Option<(&'static [&'static str], String)> {
    if let Some(t) = h.sheet.as_deref().and_then(Template::from_name) {
        let g = t.game();
        if g != h.game {
            let name = t.name();
            return Some((&["handout", "sheet"], sheet_mismatch(name, g, h.game)));
        }
    }
    if let Some(kind) = w.kind
        && !kind.fits(h.game)
    {
        return Some((
            &["worksheet", "kind"],
            format!(
                "the exercises `{}` are for {}, but the handout is for {}; {}",
                kind.name(),
                kind.game().title(),
                h.game.title(),
                kinds_for(h.game)
            ),
        ));
    }
    if h.game == GameKind::TicTacToe
        && w.kind != Some(ExerciseKind::Win)
        && w.exercises > 0
        && tree.value_span(&["worksheet", "exercises"]).is_some()
    {
        return Some((
            &["worksheet", "exercises"],
            format!(
                "a tic-tac-toe handout has no exercises; {}",
                kinds_for(GameKind::TicTacToe)
            ),
        ));
    }
    None
}

/// Why a sheet does not belong in a handout.
fn sheet_mismatch(sheet: &str, sheet_game: GameKind, game: GameKind) -> String {
    format!(
        "the sheet `{sheet}` is for {}, but the handout is for {}; name a sheet of {} (or leave `sheet` out for `{}`)",
        sheet_game.title(),
        game.title(),
        game.title(),
        Template::for_game(game).name()
    )
}

/// Which exercise kinds a game's handout may have, in words.
fn kinds_for(game: GameKind) -> String {
    let kinds: Vec<String> = ExerciseKind::ALL
        .iter()
        .filter(|k| k.fits(game))
        .map(|k| format!("`{}`", k.name()))
        .collect();
    if kinds.is_empty() {
        "write `exercises = 0` or leave `[worksheet]` out".into()
    } else {
        format!("its `kind` is {}", kinds.join(" or "))
    }
}

/// The options of `[rules]`: the preset, then each option over it; or the
/// key, the values it may take and the value found.
fn rules_options(r: &RawRules) -> Result<Options, (&'static str, &'static str, String)> {
    fn read<T>(
        key: &'static str,
        value: &Option<String>,
        parse: fn(&str) -> Result<T, &'static str>,
    ) -> Result<Option<T>, (&'static str, &'static str, String)> {
        value
            .as_deref()
            .map(|v| parse(v).map_err(|expected| (key, expected, v.to_string())))
            .transpose()
    }
    Ok(Options::over_preset(
        read("preset", &r.preset, Preset::parse)?,
        read("draws", &r.draws, Draws::parse)?,
        read("decided", &r.decided, Decided::parse)?,
        read("no-return", &r.no_return, NoReturn::parse)?,
    ))
}

/// Reads a handout spec file through `files`, which also reads the files
/// it names. Its `sheet`, if a spec file, must be in the same folder (see
/// [`SpecFiles::inside`]).
pub fn load(path: &str, files: Arc<dyn SpecFiles>) -> Result<HandoutSpec, SpecError> {
    let file = Path::new(path);
    let text = files.read_text(file, TOML_LIMIT)?;
    let mut spec = parse(path, &text)?;
    spec.folder = Some((folder_of(file).to_path_buf(), files));
    Ok(spec)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::keys::KeyShape;

    /// Every word the reference offers for a key is one the reader takes,
    /// and the exercise kinds are all offered.
    #[test]
    fn the_reference_offers_the_words_the_reader_takes() {
        let mut offered = 0;
        for table in reference() {
            for key in table.keys {
                let KeyShape::Choice(words) = key.shape else {
                    continue;
                };
                if key.key == "kind" {
                    let kinds: Vec<&str> = ExerciseKind::ALL.iter().map(|k| k.name()).collect();
                    assert_eq!(words, kinds.as_slice());
                }
                for word in words {
                    let text = match table.table {
                        "handout" if key.key == "game" => format!("[handout]\ngame = \"{word}\"\n"),
                        "handout" => {
                            format!("[handout]\ngame = \"sos\"\n{} = \"{word}\"\n", key.key)
                        }
                        // An exercise kind is its game's.
                        _ if key.key == "kind" => {
                            let game = ExerciseKind::ALL
                                .iter()
                                .find(|k| k.name() == *word)
                                .map(|k| k.game())
                                .unwrap();
                            format!(
                                "[handout]\ngame = \"{}\"\n[worksheet]\nkind = \"{word}\"\n",
                                game.name()
                            )
                        }
                        other => format!(
                            "[handout]\ngame = \"ultimate\"\n[{other}]\n{} = \"{word}\"\n",
                            key.key
                        ),
                    };
                    parse("h.toml", &text).unwrap_or_else(|e| panic!("{text}: {e}"));
                    offered += 1;
                }
            }
        }
        assert!(offered > 20, "{offered}");
    }

    #[test]
    fn defaults_follow_the_game() {
        let s = parse("h.toml", "[handout]\ngame = \"ultimate\"\n").unwrap();
        assert_eq!(s.sheet_name(), "ultimate");
        assert_eq!(s.exercise_kind(), Some(ExerciseKind::UltimateWhere));
        assert_eq!((s.copies(), s.seed()), (1, 1));
        let s = parse("h.toml", "[handout]\ngame = \"tictactoe\"\n").unwrap();
        assert_eq!(s.exercise_kind(), None);
    }

    /// The handout's game under its rules: the worksheet's map and SOS
    /// board are the game's, as its exercises are drawn in it.
    #[test]
    fn the_setup_is_the_game_of_the_handout_under_its_rules() {
        let text = "[handout]\ngame = \"strategic\"\n[worksheet]\nmap = \"map67\"\n\
                    [rules]\npreset = \"common\"\n";
        let s = parse("h.toml", text).unwrap();
        let setup = s.setup();
        assert_eq!(setup.ruleset(), Some(&Ruleset::Functional(s.map())));
        assert_eq!(setup.map().map(|m| m.tag.as_str()), Some("map67"));
        assert_eq!(setup.options(), Some(Options::preset(Preset::Common)));
        assert_eq!(setup.describe(), "strategic, functional map67");
        let text = "[handout]\ngame = \"sos\"\n[worksheet]\nsos-size = \"6x4\"\n";
        let s = parse("h.toml", text).unwrap();
        assert_eq!(s.setup().describe(), "SOS 6x4, general, 2 players");
        let s = parse("h.toml", "[handout]\ngame = \"ultimate\"\n").unwrap();
        assert_eq!(s.setup(), GameSetup::ultimate(Options::default()));
    }

    #[test]
    fn bad_values_are_located_and_named() {
        use crate::language::Language;
        let refused = |text: &str| parse("h.toml", &format!("[handout]\n{text}")).unwrap_err();
        // The spec after its `[handout]` line; where the message says the
        // value is (its start); words it holds.
        let decided = "game = \"ultimate\"\n[rules]\ndecided = \"shut\"\n";
        for (text, at, words) in [
            ("game = \"chess\"\n", "h.toml:2:8:", ""),
            (
                "game = \"sos\"\nlanguage = \"fr\"\n",
                "h.toml:3:12",
                "en, de, ru, th",
            ),
            (
                "game = \"sos\"\n[worksheet]\nsos-size = \"12x12\"\n",
                "",
                "3 to 8",
            ),
            ("game = \"sos\"\ncopy = 3\n", "", "copies"),
            (
                decided,
                "h.toml:4:11",
                "`decided` must be \"open\", \"free\" or \"closed\", got \"shut\"",
            ),
            ("game = \"sos\"\ncopies = -1\n", "", "0 to 500"),
            ("game = \"sos\"\nset = [\"size\"]\n", "", "KEY=VALUE"),
        ] {
            let msg = refused(text).to_string();
            assert!(msg.starts_with(at) && msg.contains(words), "{text}: {msg}");
        }
        // Said in the page's language too, the words as the spec writes them.
        for (text, language, says) in [
            (
                decided,
                Language::De,
                "`decided` muss \"open\", \"free\" oder \"closed\" sein, nicht \"shut\"",
            ),
            (
                "game = \"sos\"\n[worksheet]\nkey = \"last\"\n",
                Language::Ru,
                "`key` должно быть \"end\", \"separate\" или \"none\", а не \"last\"",
            ),
        ] {
            assert_eq!(refused(text).says(language), says);
        }
    }

    #[test]
    fn the_rules_table_sets_the_options_over_its_preset() {
        let options = |rules: &str| {
            parse(
                "h.toml",
                &format!("[handout]\ngame = \"ultimate\"\n[rules]\n{rules}"),
            )
            .unwrap()
            .options()
        };
        assert_eq!(options(""), Options::default());
        assert_eq!(
            options("preset = \"common\"\n"),
            Options::preset(Preset::Common)
        );
        let o = options("preset = \"common\"\ndecided = \"free\"\nno-return = \"yes\"\n");
        assert_eq!(
            (o.draws, o.decided, o.no_return),
            (Draws::None, Decided::Free, NoReturn::Yes)
        );
    }

    #[test]
    fn the_key_goes_at_the_end_in_a_file_of_its_own_or_nowhere() {
        let key = |worksheet: &str| {
            parse(
                "h.toml",
                &format!("[handout]\ngame = \"sos\"\n[worksheet]\n{worksheet}"),
            )
            .map(|s| s.answer_key())
        };
        assert_eq!(key("").unwrap(), KeyPlacement::End);
        assert_eq!(key("key = \"separate\"\n").unwrap(), KeyPlacement::Separate);
        assert_eq!(key("key = \"none\"\n").unwrap(), KeyPlacement::None);
        assert_eq!(key("answer-key = false\n").unwrap(), KeyPlacement::None);
        assert_eq!(key("answer-key = true\n").unwrap(), KeyPlacement::End);
        let e = key("key = \"back\"\n").unwrap_err().to_string();
        assert!(
            e.starts_with("h.toml:4:7") && e.contains("\"separate\""),
            "{e}"
        );
        let e = key("key = \"end\"\nanswer-key = true\n")
            .unwrap_err()
            .to_string();
        assert!(e.contains("not both"), "{e}");
    }

    #[test]
    fn flags_go_through_the_checks_of_their_keys() {
        let s = parse("h.toml", "[handout]\ngame = \"sos\"\n").unwrap();
        assert!(
            s.clone()
                .with_copies(501)
                .unwrap_err()
                .allowed
                .contains("0 to 500")
        );
        assert_eq!(s.with_copies(500).unwrap().copies(), 500);
    }
}
