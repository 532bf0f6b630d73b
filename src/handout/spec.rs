//! The handout spec: a TOML file with `[handout]`, `[page]`, `[worksheet]`
//! and `[rules]` (every key documented in docs/handout.md).

use serde::Deserialize;

use super::exercises::ExerciseKind;
use super::texts::{Game, languages};
use crate::games::ttt::{Decided, Draws, NoReturn, Options, Preset};
use crate::spec::error::Locator;
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

/// `[rules]`: the rules in force for Ultimate and Strategic, which the rules
/// page states and the worksheet's answers follow (docs/rules.md, "Options
/// and presets"). Each value is checked by [`parse`].
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct RulesSpec {
    /// `authors` (default) or `common`.
    #[serde(default)]
    pub preset: Option<String>,
    /// `both` or `none`, over the preset.
    #[serde(default)]
    pub draws: Option<String>,
    /// `open`, `free` or `closed`, over the preset.
    #[serde(default)]
    pub decided: Option<String>,
    /// `no`, `yes` or `tactical`.
    #[serde(default)]
    pub no_return: Option<String>,
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
    /// `[rules]`, as written.
    #[serde(default)]
    pub rules: RulesSpec,
    /// The options `[rules]` sets, filled in by [`parse`].
    #[serde(skip)]
    pub options: Options,
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

/// Parses and checks a handout spec. `origin` names it in messages.
pub fn parse(origin: &str, text: &str) -> Result<HandoutSpec, SpecError> {
    let loc = Locator::new(origin, text);
    let mut spec: HandoutSpec = toml::from_str(text).map_err(|e| loc.toml(e))?;
    let find = |needle: &str| text.find(needle).map_or(0..0, |i| i..i + needle.len());
    if !languages().contains(&spec.handout.language.as_str()) {
        return Err(loc.invalid(
            find("language"),
            Some("handout.language".into()),
            format!(
                "no texts in language `{}`; available: {}",
                spec.handout.language,
                languages().join(", ")
            ),
        ));
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
                "`{}` is not a built-in functional map (map11 … map88; map34 is the standard)",
                spec.worksheet.map
            ),
        ));
    }
    spec.options = rules_options(&spec.rules).map_err(|(key, expected, value)| {
        loc.invalid(
            find(&format!("{key} =")),
            Some(format!("rules.{key}")),
            format!("`{key}` must be {expected}, got \"{value}\""),
        )
    })?;
    if spec.handout.copies > 500 {
        return Err(loc.invalid(
            find("copies"),
            Some("handout.copies".into()),
            format!("`copies` must be 0 to 500, got {}", spec.handout.copies),
        ));
    }
    if spec.worksheet.exercises > 60 {
        return Err(loc.invalid(
            find("exercises"),
            Some("worksheet.exercises".into()),
            format!(
                "`exercises` must be 0 to 60, got {}",
                spec.worksheet.exercises
            ),
        ));
    }
    Ok(spec)
}

/// The options of `[rules]`: the preset, then each option over it; or the
/// key, the values it may take and the value found.
fn rules_options(r: &RulesSpec) -> Result<Options, (&'static str, &'static str, String)> {
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
    let mut options = match read("preset", &r.preset, Preset::parse)? {
        Some(preset) => Options::preset(preset),
        None => Options::default(),
    };
    if let Some(draws) = read("draws", &r.draws, Draws::parse)? {
        options.draws = draws;
    }
    if let Some(decided) = read("decided", &r.decided, Decided::parse)? {
        options.decided = decided;
    }
    if let Some(no_return) = read("no-return", &r.no_return, NoReturn::parse)? {
        options.no_return = no_return;
    }
    Ok(options)
}

/// Reads a handout spec file.
pub fn load(path: &str) -> Result<HandoutSpec, SpecError> {
    let text = std::fs::read_to_string(path).map_err(|source| SpecError::Io {
        path: path.to_string(),
        source,
    })?;
    parse(path, &text)
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
        let e = parse(
            "h.toml",
            "[handout]\ngame = \"ultimate\"\n[rules]\ndecided = \"shut\"\n",
        )
        .unwrap_err();
        let msg = e.to_string();
        assert!(
            msg.starts_with("h.toml:4:1")
                && msg.contains("`decided` must be \"open\", \"free\" or \"closed\", got \"shut\""),
            "{msg}"
        );
    }

    #[test]
    fn the_rules_table_sets_the_options_over_its_preset() {
        let options = |rules: &str| {
            parse(
                "h.toml",
                &format!("[handout]\ngame = \"ultimate\"\n[rules]\n{rules}"),
            )
            .unwrap()
            .options
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
}
