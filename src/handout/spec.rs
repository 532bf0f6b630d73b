//! The handout spec: a TOML file with `[handout]`, `[page]` and
//! `[worksheet]` (every key documented in docs/handout.md).

use std::path::{Path, PathBuf};

use serde::Deserialize;

use super::exercises::ExerciseKind;
use super::texts::{Game, check_language};
use crate::input::{TOML_LIMIT, folder_of, read_text};
use crate::limits::Whole;
use crate::spec::error::Locator;
use crate::spec::overrides::Override;
use crate::spec::{PageSpec, SpecError};

/// `[handout]`.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct HandoutInfo {
    /// The game: `sos`, `tictactoe`, `ultimate` or `strategic`.
    pub game: Game,
    /// Language of the rules page, headers and worksheets (default `en`).
    #[serde(default = "HandoutInfo::default_language")]
    pub language: String,
    /// Header text on every page (default: the game's name in the language).
    #[serde(default)]
    pub title: Option<String>,
    /// Start with the rules page (default true).
    #[serde(default = "yes")]
    pub rules: bool,
    /// How many game sheets, each with a name / class / date line (default 1).
    #[serde(default = "one")]
    pub copies: u32,
    /// The game sheet: a template name or a spec path (default by game).
    #[serde(default)]
    pub sheet: Option<String>,
    /// Overrides for the game sheet's spec, as `--set` takes them.
    #[serde(default)]
    pub set: Vec<String>,
}

fn yes() -> bool {
    true
}

fn one() -> u32 {
    1
}

impl HandoutInfo {
    fn default_language() -> String {
        "en".into()
    }

    /// The game sheet's template or spec path.
    pub fn sheet_name(&self) -> &str {
        self.sheet.as_deref().unwrap_or(match self.game {
            Game::Sos => "sos",
            Game::Tictactoe => "tictactoe",
            Game::Ultimate => "ultimate",
            Game::Strategic => "strategic-functional",
        })
    }
}

/// `[worksheet]`.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct WorksheetSpec {
    /// How many exercises (default 6; 0 for no worksheet).
    #[serde(default = "WorksheetSpec::default_exercises")]
    pub exercises: u32,
    /// The seed the positions are drawn from (default 1); printed on the sheet.
    #[serde(default = "one_u64")]
    pub seed: u64,
    /// The kind of exercise (default by game: `sos-count`, `ultimate-where`,
    /// `strategic-where`; tic-tac-toe has none).
    #[serde(default)]
    pub kind: Option<ExerciseKind>,
    /// Board of SOS exercises, `"5x5"` (default) up to `"8x8"`.
    #[serde(default = "WorksheetSpec::default_sos_size")]
    pub sos_size: String,
    /// Functional map of Strategic exercises (default `map34`).
    #[serde(default = "WorksheetSpec::default_map")]
    pub map: String,
    /// Add the answer key at the end (default true).
    #[serde(default = "yes")]
    pub answer_key: bool,
}

fn one_u64() -> u64 {
    1
}

impl WorksheetSpec {
    fn default_exercises() -> u32 {
        6
    }
    fn default_sos_size() -> String {
        "5x5".into()
    }
    fn default_map() -> String {
        "map34".into()
    }
}

impl Default for WorksheetSpec {
    fn default() -> Self {
        toml::from_str("").expect("every worksheet key has a default")
    }
}

/// A whole handout spec.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct HandoutSpec {
    /// `[handout]`.
    pub handout: HandoutInfo,
    /// `[page]`: paper, orientation and margins of every page.
    #[serde(default)]
    pub page: PageSpec,
    /// `[worksheet]`.
    #[serde(default)]
    pub worksheet: WorksheetSpec,
    /// The folder of the handout spec file, where a `sheet` spec file must
    /// be; `None` for a spec that is not a file, which can use built-in
    /// sheets only.
    #[serde(skip)]
    pub folder: Option<PathBuf>,
    /// Overrides from the command line (`handout --set`), applied after
    /// `set`; unlike `set`, they may name map files anywhere.
    #[serde(skip)]
    pub command_line_set: Vec<Override>,
}

impl HandoutSpec {
    /// The exercise kind of the worksheet, if the handout has one.
    pub fn exercise_kind(&self) -> Option<ExerciseKind> {
        if self.worksheet.exercises == 0 {
            return None;
        }
        self.worksheet.kind.or(match self.handout.game {
            Game::Sos => Some(ExerciseKind::SosCount),
            Game::Ultimate => Some(ExerciseKind::UltimateWhere),
            Game::Strategic => Some(ExerciseKind::StrategicWhere),
            Game::Tictactoe => None,
        })
    }

    /// The SOS exercise board, columns × rows.
    pub fn sos_size(&self) -> Option<(u32, u32)> {
        let s = self.worksheet.sos_size.trim();
        let (w, h) = s.split_once(['x', 'X']).unwrap_or((s, s));
        let (w, h): (u32, u32) = (w.trim().parse().ok()?, h.trim().parse().ok()?);
        ((3..=8).contains(&w) && (3..=8).contains(&h)).then_some((w, h))
    }
}

/// How many game sheets a handout may have: the one check for the spec key
/// and `handout --copies`.
pub const COPIES: Whole = Whole {
    key: "copies",
    min: 0,
    max: 500,
};

/// How many exercises a worksheet may have.
pub const EXERCISES: Whole = Whole {
    key: "exercises",
    min: 0,
    max: 60,
};

/// Parses and checks a handout spec. `origin` names it in messages.
pub fn parse(origin: &str, text: &str) -> Result<HandoutSpec, SpecError> {
    let loc = Locator::new(origin, text);
    if let Some(bad) = crate::input::unprintable_in_toml(text) {
        return Err(loc.invalid(bad.span.clone(), Some(bad.key.clone()), bad.message()));
    }
    let spec: HandoutSpec = toml::from_str(text).map_err(|e| loc.toml(e))?;
    let find = |needle: &str| text.find(needle).map_or(0..0, |i| i..i + needle.len());
    if let Err(message) = check_language(&spec.handout.language) {
        return Err(loc.invalid(find("language"), Some("handout.language".into()), message));
    }
    if spec.sos_size().is_none() {
        return Err(loc.invalid(
            find("sos-size"),
            Some("worksheet.sos-size".into()),
            format!(
                "`sos-size` must be columns x rows, each 3 to 8 (e.g. \"5x5\"), got \"{}\"",
                spec.worksheet.sos_size
            ),
        ));
    }
    if crate::maps::builtin_functional(&spec.worksheet.map).is_none() {
        return Err(loc.invalid(
            find("map"),
            Some("worksheet.map".into()),
            format!(
                "`{}` is not a built-in functional map (map34, map67, map14, map42, map48)",
                spec.worksheet.map
            ),
        ));
    }
    if let Err(message) = COPIES.check(spec.handout.copies.into()) {
        return Err(loc.invalid(find("copies"), Some("handout.copies".into()), message));
    }
    if let Err(message) = EXERCISES.check(spec.worksheet.exercises.into()) {
        return Err(loc.invalid(
            find("exercises"),
            Some("worksheet.exercises".into()),
            message,
        ));
    }
    Ok(spec)
}

/// Reads a handout spec file. Its `sheet`, if a spec file, must be in the
/// same folder (see [`crate::input::inside`]).
pub fn load(path: &str) -> Result<HandoutSpec, SpecError> {
    let file = Path::new(path);
    let text = read_text(file, TOML_LIMIT)?;
    let mut spec = parse(path, &text)?;
    spec.folder = Some(folder_of(file).to_path_buf());
    Ok(spec)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn defaults_follow_the_game() {
        let s = parse("h.toml", "[handout]\ngame = \"ultimate\"\n").unwrap();
        assert_eq!(s.handout.sheet_name(), "ultimate");
        assert_eq!(s.exercise_kind(), Some(ExerciseKind::UltimateWhere));
        assert_eq!((s.handout.copies, s.worksheet.seed), (1, 1));
        let s = parse("h.toml", "[handout]\ngame = \"tictactoe\"\n").unwrap();
        assert_eq!(s.exercise_kind(), None);
    }

    #[test]
    fn bad_values_are_located_and_named() {
        let e = parse("h.toml", "[handout]\ngame = \"chess\"\n").unwrap_err();
        assert!(e.to_string().starts_with("h.toml:2:8:"), "{e}");
        let e = parse("h.toml", "[handout]\ngame = \"sos\"\nlanguage = \"fr\"\n").unwrap_err();
        let msg = e.to_string();
        assert!(
            msg.contains("h.toml:3:1") && msg.contains("en, de, ru, th"),
            "{msg}"
        );
        let e = parse(
            "h.toml",
            "[handout]\ngame = \"sos\"\n[worksheet]\nsos-size = \"12x12\"\n",
        )
        .unwrap_err();
        assert!(e.to_string().contains("3 to 8"), "{e}");
        let e = parse("h.toml", "[handout]\ngame = \"sos\"\ncopy = 3\n").unwrap_err();
        assert!(e.to_string().contains("copies"), "{e}");
    }
}
