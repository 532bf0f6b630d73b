//! The rule options of the tic-tac-toe family (docs/rules.md, "Options and
//! presets"): what a drawn sub-cell counts for, when a decided cell frees the
//! move or stops taking moves, and the no-return restriction; with the two
//! presets that name the usual combinations.
//!
//! The values are read from the words records and specs use (`"both"`,
//! `"closed"`, …) by one set of `parse` functions, so a record tag and a handout
//! key can never accept different spellings.

use std::fmt;

/// What a drawn sub-cell counts for in a line.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Draws {
    /// For both players: X, X and a drawn cell in a line win for X; three drawn
    /// cells win for nobody (the game's authors).
    #[default]
    Both,
    /// For nobody: no line through a drawn cell can be won (the usual Ultimate
    /// convention).
    None,
}

/// Whether a decided (won or drawn) cell still holds the next move and still
/// takes moves.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Decided {
    /// Only a full cell frees the move or stops taking moves (the authors'
    /// base rule).
    #[default]
    Open,
    /// A decided target frees the move, but decided cells that are not full
    /// still take moves (the authors' optional restriction read literally).
    Free,
    /// A decided cell neither holds the move nor takes moves (the usual
    /// Ultimate house rule).
    Closed,
}

/// The no-return restriction.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum NoReturn {
    /// No restriction.
    #[default]
    No,
    /// A move may not send the opponent back to the tactical cell they just
    /// played in nor, in Strategic, to that strategic cell; lifted in stages.
    Yes,
    /// Only the tactical-level restriction.
    Tactical,
}

/// A named combination of `draws` and `decided`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Preset {
    /// Draws count for both, decided cells open: the game's authors.
    Authors,
    /// Draws count for nobody, decided cells closed: most apps and OpenSpiel.
    Common,
}

/// The per-game options (docs/rules.md, "Options and presets").
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Options {
    /// What a drawn sub-cell counts for.
    pub draws: Draws,
    /// How decided cells take part in targets and moves.
    pub decided: Decided,
    /// The no-return restriction.
    pub no_return: NoReturn,
}

impl Options {
    /// The options of a preset, no-return off.
    pub fn preset(preset: Preset) -> Options {
        match preset {
            Preset::Authors => Options::default(),
            Preset::Common => Options {
                draws: Draws::None,
                decided: Decided::Closed,
                no_return: NoReturn::No,
            },
        }
    }

    /// The options a preset (the authors' when none is given) and the
    /// options given over it make: how records, sheet specs and handouts
    /// alike read their rules.
    pub fn over_preset(
        preset: Option<Preset>,
        draws: Option<Draws>,
        decided: Option<Decided>,
        no_return: Option<NoReturn>,
    ) -> Options {
        let base = Options::preset(preset.unwrap_or(Preset::Authors));
        Options {
            draws: draws.unwrap_or(base.draws),
            decided: decided.unwrap_or(base.decided),
            no_return: no_return.unwrap_or(base.no_return),
        }
    }

    /// Every combination of the options (18 of them), `draws` slowest and
    /// `no_return` fastest: what a test or a table over every rule runs
    /// through.
    pub fn all() -> Vec<Options> {
        let mut out = Vec::new();
        for draws in [Draws::Both, Draws::None] {
            for decided in [Decided::Open, Decided::Free, Decided::Closed] {
                for no_return in [NoReturn::No, NoReturn::Yes, NoReturn::Tactical] {
                    out.push(Options {
                        draws,
                        decided,
                        no_return,
                    });
                }
            }
        }
        out
    }

    /// The preset whose `draws` and `decided` these options have, if any
    /// (no-return is an extra restriction on either).
    pub fn preset_of(&self) -> Option<Preset> {
        [Preset::Authors, Preset::Common].into_iter().find(|&p| {
            let o = Options::preset(p);
            o.draws == self.draws && o.decided == self.decided
        })
    }

    /// The rules named for a report: `authors' rules`, `common rules`, the
    /// preset with its no-return (`authors' rules, no-return yes`), or every
    /// option (`draws none, decided open`).
    pub fn describe(&self) -> String {
        let mut parts = Vec::new();
        match self.preset_of() {
            Some(p) => parts.push(p.to_string()),
            None => {
                parts.push(format!("draws {}", self.draws));
                parts.push(format!("decided {}", self.decided));
            }
        }
        if self.no_return != NoReturn::No {
            parts.push(format!("no-return {}", self.no_return));
        }
        parts.join(", ")
    }
}

impl fmt::Display for Preset {
    /// `authors' rules`, `common rules`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Preset::Authors => "authors' rules",
            Preset::Common => "common rules",
        })
    }
}

impl Draws {
    /// Every value's word, in declaration order: what a spec's key offers.
    pub const WORDS: [&'static str; 2] = ["both", "none"];

    /// The word records use: `both`, `none`.
    pub fn word(self) -> &'static str {
        Self::WORDS[self as usize]
    }
}

impl fmt::Display for Draws {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.word())
    }
}

impl Decided {
    /// Every value's word, in declaration order: what a spec's key offers.
    pub const WORDS: [&'static str; 3] = ["open", "free", "closed"];

    /// The word records use: `open`, `free`, `closed`.
    pub fn word(self) -> &'static str {
        Self::WORDS[self as usize]
    }
}

impl fmt::Display for Decided {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.word())
    }
}

impl NoReturn {
    /// Every value's word, in declaration order: what a spec's key offers.
    pub const WORDS: [&'static str; 3] = ["no", "yes", "tactical"];

    /// The word records use: `no`, `yes`, `tactical`.
    pub fn word(self) -> &'static str {
        Self::WORDS[self as usize]
    }
}

impl fmt::Display for NoReturn {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.word())
    }
}

/// The words of `value` after trimming, lower-cased.
fn word(value: &str) -> String {
    value.trim().to_ascii_lowercase()
}

impl Preset {
    /// Every preset's word, in declaration order: what a spec's key offers.
    pub const WORDS: [&'static str; 2] = ["authors", "common"];

    /// `authors` or `common`, any case; the words a value may take otherwise.
    pub fn parse(value: &str) -> Result<Preset, &'static str> {
        match word(value).as_str() {
            "authors" | "authors'" => Ok(Preset::Authors),
            "common" => Ok(Preset::Common),
            _ => Err("\"authors\" or \"common\""),
        }
    }
}

impl Draws {
    /// `both` or `none`, any case.
    pub fn parse(value: &str) -> Result<Draws, &'static str> {
        match word(value).as_str() {
            "both" => Ok(Draws::Both),
            "none" => Ok(Draws::None),
            _ => Err("\"both\" or \"none\""),
        }
    }
}

impl Decided {
    /// `open`, `free` or `closed`, any case.
    pub fn parse(value: &str) -> Result<Decided, &'static str> {
        match word(value).as_str() {
            "open" => Ok(Decided::Open),
            "free" => Ok(Decided::Free),
            "closed" => Ok(Decided::Closed),
            _ => Err("\"open\", \"free\" or \"closed\""),
        }
    }

    /// The older yes/no spelling (`PlayInDecided`): yes = open, no = closed.
    pub(crate) fn parse_play_in_decided(value: &str) -> Result<Decided, &'static str> {
        match word(value).as_str() {
            "yes" | "true" | "on" => Ok(Decided::Open),
            "no" | "false" | "off" => Ok(Decided::Closed),
            _ => Err("\"yes\" or \"no\""),
        }
    }
}

impl NoReturn {
    /// `no`, `yes` or `tactical`, any case (also `true`/`false`, `on`/`off`).
    pub fn parse(value: &str) -> Result<NoReturn, &'static str> {
        match word(value).as_str() {
            "no" | "false" | "off" => Ok(NoReturn::No),
            "yes" | "true" | "on" => Ok(NoReturn::Yes),
            "tactical" => Ok(NoReturn::Tactical),
            _ => Err("\"no\", \"yes\" or \"tactical\""),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn presets_and_their_names() {
        assert_eq!(Options::default(), Options::preset(Preset::Authors));
        let common = Options::preset(Preset::Common);
        assert_eq!(
            (common.draws, common.decided),
            (Draws::None, Decided::Closed)
        );
        assert_eq!(Options::default().describe(), "authors' rules");
        assert_eq!(common.describe(), "common rules");
        let mixed = Options {
            decided: Decided::Free,
            no_return: NoReturn::Yes,
            ..Options::default()
        };
        assert_eq!(mixed.describe(), "draws both, decided free, no-return yes");
        let with_no_return = Options {
            no_return: NoReturn::Tactical,
            ..common
        };
        assert_eq!(
            with_no_return.describe(),
            "common rules, no-return tactical"
        );
    }

    /// Each word offered reads back as the value it is the word of.
    #[test]
    fn the_words_offered_are_the_words_read() {
        for (word, preset) in Preset::WORDS.iter().zip([Preset::Authors, Preset::Common]) {
            assert_eq!(Preset::parse(word), Ok(preset));
        }
        for d in [Draws::Both, Draws::None] {
            assert_eq!(Draws::parse(d.word()), Ok(d));
        }
        for d in [Decided::Open, Decided::Free, Decided::Closed] {
            assert_eq!(Decided::parse(d.word()), Ok(d));
        }
        for n in [NoReturn::No, NoReturn::Yes, NoReturn::Tactical] {
            assert_eq!(NoReturn::parse(n.word()), Ok(n));
        }
    }

    #[test]
    fn words_parse_in_any_case_and_errors_list_the_choices() {
        assert_eq!(Preset::parse(" Common "), Ok(Preset::Common));
        assert_eq!(Draws::parse("NONE"), Ok(Draws::None));
        assert_eq!(Decided::parse("Free"), Ok(Decided::Free));
        assert_eq!(Decided::parse_play_in_decided("no"), Ok(Decided::Closed));
        assert_eq!(NoReturn::parse("tactical"), Ok(NoReturn::Tactical));
        assert_eq!(NoReturn::parse("on"), Ok(NoReturn::Yes));
        assert_eq!(
            Decided::parse("shut"),
            Err("\"open\", \"free\" or \"closed\"")
        );
        assert!(Draws::parse("x").is_err() && Preset::parse("house").is_err());
    }
}
