//! The built-in templates: plain specs in `templates/`, compiled in, each
//! declared once with its name and the game it is a sheet of.

use crate::games::GameKind;
use crate::games::ttt::Ruleset;
use crate::setup::GameSetup;

macro_rules! templates {
    ($( $variant:ident = $name:literal for $game:ident ),* $(,)?) => {
        /// A built-in template.
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
        pub enum Template {
            $(
                #[doc = concat!("`", $name, "`")]
                $variant,
            )*
        }

        impl Template {
            /// Every built-in template, the default sheet first.
            pub const ALL: &[Template] = &[$(Template::$variant),*];

            /// The name `paperboard render` accepts.
            pub fn name(self) -> &'static str {
                match self { $( Template::$variant => $name, )* }
            }

            /// The spec text.
            pub fn text(self) -> &'static str {
                match self {
                    $( Template::$variant => include_str!(concat!("../../../../templates/", $name, ".toml")), )*
                }
            }

            /// The game a built-in sheet is for.
            pub fn game(self) -> GameKind {
                match self { $( Template::$variant => GameKind::$game, )* }
            }
        }
    };
}

templates!(
    StrategicFunctional = "strategic-functional" for Strategic,
    StrategicHyperfunctional = "strategic-hyperfunctional" for Strategic,
    StrategicBasic = "strategic-basic" for Strategic,
    StrategicContinuous = "strategic-continuous" for Strategic,
    StrategicPlain = "strategic-plain" for Strategic,
    StrategicRecord = "strategic-record" for Strategic,
    StrategicContinuousRecord = "strategic-continuous-record" for Strategic,
    StrategicHelp = "strategic-help" for Strategic,
    Sos = "sos" for Sos,
    SosRecord = "sos-record" for Sos,
    TicTacToe = "tictactoe" for TicTacToe,
    Ultimate = "ultimate" for Ultimate,
);

impl Template {
    /// The game's sheet when nothing else names one (a handout's default).
    pub fn for_game(game: GameKind) -> Template {
        match game {
            GameKind::Sos => Template::Sos,
            GameKind::TicTacToe => Template::TicTacToe,
            GameKind::Ultimate => Template::Ultimate,
            GameKind::Strategic => Template::StrategicFunctional,
        }
    }

    /// The sheet a game is played on: SOS's, or the Strategic sheet of
    /// its ruleset (printed with the game's own map).
    pub fn for_setup(setup: &GameSetup) -> Template {
        match setup.ruleset() {
            Some(Ruleset::Tactical) => Template::StrategicBasic,
            Some(Ruleset::Functional(_)) => Template::StrategicFunctional,
            Some(Ruleset::Hyperfunctional(_)) => Template::StrategicHyperfunctional,
            None => Template::for_game(setup.kind()),
        }
    }

    /// The built-in template called `name`.
    pub fn from_name(name: &str) -> Option<Template> {
        Template::ALL.iter().copied().find(|t| t.name() == name)
    }

    /// The template's one-line description (its `[document] description`).
    pub fn description(self) -> String {
        super::Spec::template(self, &[])
            .map(|s| s.document().description.clone())
            .unwrap_or_default()
    }
}
