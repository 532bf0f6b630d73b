//! The game and ruleset kinds, by the names records, specs, handouts, the
//! command line and the web page write them.
//!
//! Which game a record is, which game a handout teaches, which ruleset a
//! sheet's fields print for and which one `analyze` studies are the same
//! two questions asked from different places. Each is answered by one enum
//! here, with its one spelling (`tictactoe`, `hyperfunctional`) for reading
//! and writing, so no module matches strings of its own.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

/// A game of the family.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum GameKind {
    /// SOS.
    Sos,
    /// Tic-tac-toe (`tictactoe`).
    TicTacToe,
    /// Ultimate tic-tac-toe.
    Ultimate,
    /// Strategic tic-tac-toe.
    Strategic,
}

impl GameKind {
    /// Every game, in the order lists name them.
    pub const ALL: [GameKind; 4] = [
        GameKind::Sos,
        GameKind::TicTacToe,
        GameKind::Ultimate,
        GameKind::Strategic,
    ];

    /// Every game's name, in the order of [`GameKind::ALL`]: the words a
    /// spec's `game` key offers.
    pub const NAMES: [&'static str; 4] = ["sos", "tictactoe", "ultimate", "strategic"];

    /// The game's name as records, specs and handouts write it.
    pub fn name(self) -> &'static str {
        Self::NAMES[self as usize]
    }

    /// The game's name in a message (in English, as messages are).
    pub fn title(self) -> &'static str {
        match self {
            GameKind::Sos => "SOS",
            GameKind::TicTacToe => "tic-tac-toe",
            GameKind::Ultimate => "Ultimate tic-tac-toe",
            GameKind::Strategic => "Strategic tic-tac-toe",
        }
    }
}

impl fmt::Display for GameKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A name that is not one of the kinds: what was written, the name it is
/// a slip of (if one is near), and the names that are.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub struct UnknownKind {
    /// `game` or `ruleset`.
    pub what: &'static str,
    /// The name as written.
    pub written: String,
    /// The known name the written one is a slip of: one or two letters
    /// wrong, missing or extra (`ultimat`), so the message can ask.
    pub closest: Option<&'static str>,
    /// The names accepted, for the message (`sos, tictactoe, …`).
    pub expected: &'static str,
}

impl UnknownKind {
    fn new(
        what: &'static str,
        written: &str,
        names: impl IntoIterator<Item = &'static str>,
        expected: &'static str,
    ) -> UnknownKind {
        let lower = written.trim().to_ascii_lowercase();
        let closest = names
            .into_iter()
            .map(|name| (edit_distance(&lower, name), name))
            .filter(|&(d, name)| d <= 2 && d < name.len() / 2)
            .min_by_key(|&(d, _)| d)
            .map(|(_, name)| name);
        UnknownKind {
            what,
            written: written.to_string(),
            closest,
            expected,
        }
    }
}

impl fmt::Display for UnknownKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "unknown {} \"{}\": ", self.what, self.written)?;
        if let Some(name) = self.closest {
            write!(f, "did you mean \"{name}\"? ")?;
        }
        write!(f, "expected {}", self.expected)
    }
}

/// Letters changed, left out or put in between `a` and `b` (Levenshtein's
/// distance), for names of a few letters: a slip of one or two is a name
/// mistyped, not another word.
fn edit_distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut diagonal = row[0];
        row[0] = i + 1;
        for (j, &cb) in b.iter().enumerate() {
            let next = (diagonal + usize::from(ca != cb))
                .min(row[j] + 1)
                .min(row[j + 1] + 1);
            diagonal = row[j + 1];
            row[j + 1] = next;
        }
    }
    row[b.len()]
}

impl FromStr for GameKind {
    type Err = UnknownKind;

    /// A game by its name, in any case; `tic-tac-toe` is read as
    /// `tictactoe`, as people write it.
    fn from_str(s: &str) -> Result<GameKind, UnknownKind> {
        let lower = s.trim().to_ascii_lowercase();
        let wanted = if lower == "tic-tac-toe" {
            "tictactoe"
        } else {
            lower.as_str()
        };
        GameKind::ALL
            .into_iter()
            .find(|g| g.name() == wanted)
            .ok_or_else(|| {
                UnknownKind::new(
                    "game",
                    s,
                    GameKind::ALL.map(GameKind::name),
                    "sos, tictactoe, ultimate or strategic",
                )
            })
    }
}

/// The three rulesets of Strategic tic-tac-toe, as people name them: what
/// steers the next move, apart from the map that does it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum RulesetKind {
    /// The tactical cell's number is the next strategic cell: no map.
    Tactical,
    /// A functional map sends bands to bands (row numbers on the field).
    Functional,
    /// A hyperfunctional map sends every cell on its own (a number in
    /// every cell).
    Hyperfunctional,
}

impl RulesetKind {
    /// Every ruleset, in the order reports list them.
    pub const ALL: [RulesetKind; 3] = [
        RulesetKind::Tactical,
        RulesetKind::Functional,
        RulesetKind::Hyperfunctional,
    ];

    /// `tactical`, `functional` or `hyperfunctional`.
    pub fn name(self) -> &'static str {
        match self {
            RulesetKind::Tactical => "tactical",
            RulesetKind::Functional => "functional",
            RulesetKind::Hyperfunctional => "hyperfunctional",
        }
    }

    /// The ruleset called `name` (exactly so).
    pub fn from_name(name: &str) -> Option<RulesetKind> {
        Self::ALL.into_iter().find(|r| r.name() == name)
    }
}

impl fmt::Display for RulesetKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for RulesetKind {
    type Err = UnknownKind;

    /// A ruleset by its name, in any case.
    fn from_str(s: &str) -> Result<RulesetKind, UnknownKind> {
        RulesetKind::from_name(&s.trim().to_ascii_lowercase()).ok_or_else(|| {
            UnknownKind::new(
                "ruleset",
                s,
                RulesetKind::ALL.map(RulesetKind::name),
                "tactical, functional or hyperfunctional",
            )
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_read_back_and_unknown_names_say_what_is_known() {
        assert_eq!(GameKind::ALL.map(GameKind::name), GameKind::NAMES);
        for g in GameKind::ALL {
            assert_eq!(g.to_string().parse::<GameKind>(), Ok(g));
            assert_eq!(g.name().to_uppercase().parse::<GameKind>(), Ok(g));
        }
        assert_eq!("Tic-Tac-Toe".parse(), Ok(GameKind::TicTacToe));
        let e = "chess".parse::<GameKind>().unwrap_err();
        assert_eq!(
            e.to_string(),
            "unknown game \"chess\": expected sos, tictactoe, ultimate or strategic"
        );
        for r in RulesetKind::ALL {
            assert_eq!(r.to_string().parse::<RulesetKind>(), Ok(r));
        }
        assert!("basic".parse::<RulesetKind>().is_err());
    }

    #[test]
    fn a_name_one_or_two_letters_off_is_asked_about() {
        let e = "ultimat".parse::<GameKind>().unwrap_err();
        assert_eq!(
            e.to_string(),
            "unknown game \"ultimat\": did you mean \"ultimate\"? expected sos, tictactoe, ultimate or strategic"
        );
        assert_eq!(
            "Stratgic".parse::<GameKind>().unwrap_err().closest,
            Some("strategic")
        );
        assert_eq!(
            "tictacto".parse::<GameKind>().unwrap_err().closest,
            Some("tictactoe")
        );
        assert_eq!(
            "functionl".parse::<RulesetKind>().unwrap_err().closest,
            Some("functional")
        );
        // Far from every name, or too short to tell: no guess.
        for far in ["chess", "sox", "", "go"] {
            assert_eq!(far.parse::<GameKind>().unwrap_err().closest, None, "{far}");
        }
    }

    #[test]
    fn serde_spells_them_as_the_records_do() {
        #[derive(Deserialize)]
        struct T {
            game: GameKind,
            ruleset: RulesetKind,
        }
        let t: T = toml::from_str("game = \"tictactoe\"\nruleset = \"hyperfunctional\"").unwrap();
        assert_eq!(
            (t.game, t.ruleset),
            (GameKind::TicTacToe, RulesetKind::Hyperfunctional)
        );
    }
}
