//! The built-in templates: plain specs in `templates/`, compiled in.

/// A built-in template.
#[derive(Debug, Clone, Copy)]
pub struct Template {
    /// The name `paperboard render` accepts.
    pub name: &'static str,
    /// The spec text.
    pub text: &'static str,
}

macro_rules! templates {
    ($($name:literal),* $(,)?) => {
        /// Every built-in template, the default sheet first.
        pub const TEMPLATES: &[Template] = &[$(Template {
            name: $name,
            text: include_str!(concat!("../../templates/", $name, ".toml")),
        }),*];
    };
}

templates!(
    "strategic-functional",
    "strategic-hyperfunctional",
    "strategic-basic",
    "strategic-record",
    "sos",
    "tictactoe",
    "ultimate",
);

/// A built-in template by name.
pub fn get(name: &str) -> Option<&'static Template> {
    TEMPLATES.iter().find(|t| t.name == name)
}

/// The names of the built-in templates, the default sheet first.
pub fn names() -> Vec<&'static str> {
    TEMPLATES.iter().map(|t| t.name).collect()
}

impl Template {
    /// The template's one-line description (its `[document] description`).
    pub fn description(&self) -> String {
        super::parse(self.name, self.text, None)
            .map(|s| s.document.description)
            .unwrap_or_default()
    }
}
