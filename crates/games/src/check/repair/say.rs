//! How a suggestion reads: the words of `did you mean …` under an error and
//! of the `--fix` log.

// `pub` for the `internals` feature; crate-private without it.
#![cfg_attr(not(feature = "internals"), allow(unreachable_pub))]

use super::{EditKind, Suggestion};
use crate::check::{GameOutcome, GameResult};

/// A suggestion for a reader, without the leading `did you mean`/`or`:
/// `7.1 (one digit)? then all 70 remaining moves are legal`.
pub fn suggestion_text(s: &Suggestion) -> String {
    let this = |at: &str| {
        if at.is_empty() {
            "this move".to_string()
        } else {
            at.to_string()
        }
    };
    let text = s.text.as_deref().unwrap_or("");
    let what = match s.edit {
        EditKind::Replace if s.at.is_empty() => format!("{text} ({})", s.slip.words()),
        EditKind::Replace => format!("{text} for {} ({})", s.at, s.slip.words()),
        EditKind::Swap => format!(
            "{} and {} the other way round ({})",
            this(&s.at),
            s.with_at,
            s.slip.words()
        ),
        EditKind::Insert if s.shift => format!(
            "a move {text} left out before {}, each later move one place on",
            this(&s.at)
        ),
        EditKind::Insert => format!("a move {text} left out before {}", this(&s.at)),
        EditKind::Delete if s.count > 1 => format!(
            "{} and the {} after it deleted ({})",
            this(&s.at),
            plural(s.count - 1, "move"),
            s.slip.words()
        ),
        EditKind::Delete if s.shift => format!(
            "{} deleted ({}), each later move one place back",
            this(&s.at),
            s.slip.words()
        ),
        EditKind::Delete => format!("{} deleted ({})", this(&s.at), s.slip.words()),
    };
    let evidence = match (s.to_end, s.legal_after) {
        (true, 0) => "then the record is legal to its end".to_string(),
        (true, 1) => "then the 1 remaining move is legal".to_string(),
        (true, n) => format!("then all {n} remaining moves are legal"),
        (false, 0) => "but the next move is still illegal".to_string(),
        (false, 1) => "then 1 more move is legal".to_string(),
        (false, n) => format!("then {n} more moves are legal"),
    };
    let outcome = match (&s.result, s.claim) {
        (Some(r), Some(true)) => format!(" and {}, as claimed", result_words(r)),
        (Some(r), Some(false)) => {
            format!(", but {}, against the game's claim", result_words(r))
        }
        (Some(r), None) if r.outcome != GameOutcome::Unfinished => {
            format!(" and {}", result_words(r))
        }
        _ => String::new(),
    };
    format!("{what}? {evidence}{outcome}")
}

/// `X (Ida) won`, `the game is drawn`: a result inside a sentence.
fn result_words(r: &GameResult) -> String {
    match r.outcome {
        GameOutcome::Win | GameOutcome::SharedWin => r.to_string(),
        GameOutcome::Draw => "the game is drawn".to_string(),
        GameOutcome::Unfinished => "the game is unfinished".to_string(),
    }
}

/// `1 move`, `2 moves`.
fn plural(n: usize, what: &str) -> String {
    if n == 1 {
        format!("1 {what}")
    } else {
        format!("{n} {what}s")
    }
}

/// The lines shown under an error: `  did you mean …`, then `  or …`.
pub(crate) fn suggestion_lines(suggestions: &[Suggestion]) -> Vec<String> {
    suggestions
        .iter()
        .enumerate()
        .map(|(i, s)| {
            let lead = if i == 0 { "did you mean" } else { "or" };
            format!("  {lead} {}", suggestion_text(s))
        })
        .collect()
}
