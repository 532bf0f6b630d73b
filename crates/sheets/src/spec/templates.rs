//! The built-in templates: plain specs in `templates/`, compiled in.

use crate::games::GameKind;

macro_rules! templates {
    ($( $variant:ident = $name:literal ),* $(,)?) => {
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
        }
    };
}

templates!(
    StrategicFunctional = "strategic-functional",
    StrategicHyperfunctional = "strategic-hyperfunctional",
    StrategicBasic = "strategic-basic",
    StrategicContinuous = "strategic-continuous",
    StrategicPlain = "strategic-plain",
    StrategicRecord = "strategic-record",
    StrategicContinuousRecord = "strategic-continuous-record",
    StrategicHelp = "strategic-help",
    Sos = "sos",
    SosRecord = "sos-record",
    TicTacToe = "tictactoe",
    Ultimate = "ultimate",
);

impl Template {
    /// The game a built-in sheet is for.
    pub fn game(self) -> GameKind {
        match self {
            Template::StrategicFunctional
            | Template::StrategicHyperfunctional
            | Template::StrategicBasic
            | Template::StrategicContinuous
            | Template::StrategicPlain
            | Template::StrategicRecord
            | Template::StrategicContinuousRecord
            | Template::StrategicHelp => GameKind::Strategic,
            Template::Sos | Template::SosRecord => GameKind::Sos,
            Template::TicTacToe => GameKind::TicTacToe,
            Template::Ultimate => GameKind::Ultimate,
        }
    }

    /// The game's sheet when nothing else names one (a handout's default).
    pub fn for_game(game: GameKind) -> Template {
        match game {
            GameKind::Sos => Template::Sos,
            GameKind::TicTacToe => Template::TicTacToe,
            GameKind::Ultimate => Template::Ultimate,
            GameKind::Strategic => Template::StrategicFunctional,
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
