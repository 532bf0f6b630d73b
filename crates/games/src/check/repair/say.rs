//! How a suggestion reads: the words of `did you mean …` under an error and
//! of the `--fix` log, in any language of the checker's catalogues
//! ([`crate::messages`]); in English the words it always had.

// `pub` for the `internals` feature; crate-private without it.
#![cfg_attr(not(feature = "internals"), allow(unreachable_pub))]

use super::{EditKind, MoveAt, Slip, Suggestion};
use crate::check::{GameOutcome, GameResult, Termination};
use crate::language::Language;
use crate::messages::{Arg, say};

/// A suggestion for a reader, without the leading `did you mean`/`or`:
/// `7.1 (one digit)? then all 70 remaining moves are legal`.
#[cfg(any(test, feature = "internals"))]
pub fn suggestion_text(s: &Suggestion) -> String {
    suggestion_in(s, Language::En)
}

/// A suggestion for a reader in `language`, without the leading `did you
/// mean`/`or`: `7.1 (one digit)? then all 70 remaining moves are legal`.
pub(crate) fn suggestion_in(s: &Suggestion, language: Language) -> String {
    let say = |id: &str, args: &[(&str, Arg<'_>)]| say(language, id, args);
    let text = s.text.as_deref().unwrap_or("");
    let slip = say(slip_id(s.slip), &[]);
    let id = match s.edit {
        EditKind::Replace => "edit-replace",
        EditKind::Swap => "edit-swap",
        EditKind::Insert if s.shift => "edit-insert-shift",
        EditKind::Insert => "edit-insert",
        EditKind::Delete if s.count > 1 => "edit-delete-more",
        EditKind::Delete if s.shift => "edit-delete-shift",
        EditKind::Delete => "edit-delete",
    };
    // The move the error is reported at is "this move", in the case each
    // language's sentence needs: a message of its own.
    let id = if s.at.is_none() {
        format!("{id}-here")
    } else {
        id.to_string()
    };
    let none = MoveAt {
        number: 0,
        player: String::new(),
        text: String::new(),
    };
    let (at, with) = (
        s.at.as_ref().unwrap_or(&none),
        s.with_at.as_ref().unwrap_or(&none),
    );
    let edit = say(
        &id,
        &[
            ("text", Arg::Text(text)),
            ("slip", Arg::Text(&slip)),
            ("more", Arg::Count(s.count.saturating_sub(1))),
            ("n", Arg::Count(at.number)),
            ("p", Arg::Text(&at.player)),
            ("m", Arg::Text(&at.text)),
            ("wn", Arg::Count(with.number)),
            ("wp", Arg::Text(&with.player)),
            ("wm", Arg::Text(&with.text)),
        ],
    );
    let evidence = say(
        if s.to_end {
            "evidence-to-end"
        } else {
            "evidence-more"
        },
        &[("count", Arg::Count(s.legal_after))],
    );
    let outcome = match (&s.result, s.claim) {
        (Some(r), Some(true)) => Some(("outcome-as-claimed", r)),
        (Some(r), Some(false)) => Some(("outcome-against-claim", r)),
        (Some(r), None) if r.outcome != GameOutcome::Unfinished => Some(("outcome", r)),
        _ => None,
    };
    let outcome = outcome.map_or_else(String::new, |(id, r)| {
        say(id, &[("result", Arg::Text(&result_words(r, language)))])
    });
    say(
        "suggestion",
        &[
            ("edit", Arg::Text(&edit)),
            ("evidence", Arg::Text(&evidence)),
            ("outcome", Arg::Text(&outcome)),
        ],
    )
}

/// The catalogue's message for a slip.
pub(crate) fn slip_id(slip: Slip) -> &'static str {
    match slip {
        Slip::NeighbouringKey => "slip-neighbouring-key",
        Slip::OneDigit => "slip-one-digit",
        Slip::DigitsSwapped => "slip-digits-swapped",
        Slip::DigitLeftOut => "slip-digit-left-out",
        Slip::ExtraDigit => "slip-extra-digit",
        Slip::Separator => "slip-separator",
        Slip::OtherLetter => "slip-other-letter",
        Slip::NearbyCell => "slip-nearby-cell",
        Slip::MovesExchanged => "slip-moves-exchanged",
        Slip::RowsExchanged => "slip-rows-exchanged",
        Slip::MoveLeftOut => "slip-move-left-out",
        Slip::MoveWrittenTwice => "slip-move-written-twice",
        Slip::ExtraMove => "slip-extra-move",
        Slip::AfterEnd => "slip-after-end",
    }
}

/// `X (Ida) won`, `the game is drawn`: a result inside a sentence.
fn result_words(r: &GameResult, language: Language) -> String {
    let say = |id: &str, args: &[(&str, Arg<'_>)]| say(language, id, args);
    let who = r
        .winner
        .as_deref()
        .map(|w| crate::check::replay::label(w, r.winner_name.as_deref()))
        .unwrap_or_default();
    let how = match r.termination {
        Some(Termination::Resignation) => say("how-resignation", &[]),
        Some(Termination::Agreement) => say("how-agreement", &[]),
        Some(Termination::Time) => say("how-time", &[]),
        Some(Termination::Abandoned) => say("how-abandoned", &[]),
        None => String::new(),
    };
    let args = [("who", Arg::Text(&who)), ("how", Arg::Text(&how))];
    match r.outcome {
        GameOutcome::Win => say("result-won", &args),
        GameOutcome::SharedWin => say("result-shared", &args),
        GameOutcome::Draw => say("result-drawn", &[]),
        GameOutcome::Unfinished => say("result-unfinished", &[]),
    }
}

/// What is shown under an error in `language`, a hint each: `did you
/// mean …`, then `or …`.
pub(crate) fn suggestion_hints_in(suggestions: &[Suggestion], language: Language) -> Vec<String> {
    suggestions
        .iter()
        .enumerate()
        .map(|(i, s)| {
            let lead = if i == 0 {
                "suggestion-first"
            } else {
                "suggestion-other"
            };
            let text = suggestion_in(s, language);
            say(language, lead, &[("suggestion", Arg::Text(&text))])
        })
        .collect()
}
