//! What `--fix` did and why it left an error as written, kept typed (the
//! moves as written, the slip, the suggestions) and worded where the log
//! is written, in the reader's language. In English the words the log has
//! always had: `1.1 -> 7.1 (one digit)`, `left as written: the best
//! suggestions are equally good: …`.

use super::Slip;
use super::Suggestion;
use super::say::{slip_id, suggestion_in};
use crate::language::Language;
use crate::messages::{Arg, say};

/// What one change did to a record's text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Done {
    /// A move's text replaced.
    Replaced {
        from: String,
        to: String,
        slip: Slip,
    },
    /// Two moves exchanged.
    Exchanged { first: String, second: String },
    /// A move inserted before another; `shift`: each later move went one
    /// place on.
    Inserted {
        text: String,
        before: String,
        shift: bool,
    },
    /// A move deleted; `shift`: each later move went one place back.
    Deleted {
        text: String,
        slip: Slip,
        shift: bool,
    },
    /// A run of moves deleted, from one to another.
    DeletedRun {
        from: String,
        to: String,
        slip: Slip,
    },
}

impl Done {
    /// The change in `language`.
    pub(crate) fn words(&self, language: Language) -> String {
        let s = |id: &str, args: &[(&str, Arg<'_>)]| say(language, id, args);
        let slip = |slip: &Slip| say(language, slip_id(*slip), &[]);
        match self {
            Done::Replaced { from, to, slip: k } => s(
                "fix-replaced",
                &[
                    ("from", Arg::Text(from)),
                    ("to", Arg::Text(to)),
                    ("slip", Arg::Text(&slip(k))),
                ],
            ),
            Done::Exchanged { first, second } => s(
                "fix-exchanged",
                &[("first", Arg::Text(first)), ("second", Arg::Text(second))],
            ),
            Done::Inserted {
                text,
                before,
                shift,
            } => s(
                if *shift {
                    "fix-inserted-shift"
                } else {
                    "fix-inserted"
                },
                &[("text", Arg::Text(text)), ("before", Arg::Text(before))],
            ),
            Done::Deleted {
                text,
                slip: k,
                shift,
            } => s(
                if *shift {
                    "fix-deleted-shift"
                } else {
                    "fix-deleted"
                },
                &[("text", Arg::Text(text)), ("slip", Arg::Text(&slip(k)))],
            ),
            Done::DeletedRun { from, to, slip: k } => s(
                "fix-deleted-run",
                &[
                    ("from", Arg::Text(from)),
                    ("to", Arg::Text(to)),
                    ("slip", Arg::Text(&slip(k))),
                ],
            ),
        }
    }
}

/// Why `--fix` left an error as written.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Kept {
    /// An earlier error of the game was left as written.
    AfterOne,
    /// The best suggestions are equally good.
    Tied(Vec<Suggestion>),
    /// Every suggestion contradicts the game's claim (the first named).
    AgainstClaim(Box<Suggestion>),
    /// The suggestions found do not make the game legal.
    NotLegal,
    /// The fixed game would contradict its own claim.
    WouldContradict,
    /// The fixed game could not be checked again on its own.
    NotAlone,
}

impl Kept {
    /// Why, in `language`.
    pub(crate) fn words(&self, language: Language) -> String {
        let s = |id: &str, args: &[(&str, Arg<'_>)]| say(language, id, args);
        match self {
            Kept::AfterOne => s("kept-after-one", &[]),
            Kept::Tied(tied) => {
                let tied: Vec<String> = tied.iter().map(|t| suggestion_in(t, language)).collect();
                s("kept-tied", &[("suggestions", Arg::Text(&tied.join("; ")))])
            }
            Kept::AgainstClaim(first) => s(
                "kept-against-claim",
                &[("suggestion", Arg::Text(&suggestion_in(first, language)))],
            ),
            Kept::NotLegal => s("kept-not-legal", &[]),
            Kept::WouldContradict => s("kept-would-contradict", &[]),
            Kept::NotAlone => s("kept-not-alone", &[]),
        }
    }
}
