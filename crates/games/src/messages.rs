//! The checker's words in each language: one Fluent catalogue per language
//! (`messages/<code>.ftl`, compiled in), and [`say`], which formats one
//! message of it.
//!
//! The report carries what it found as values (a suggestion's edit, its
//! slip, the moves it names, how much of the record is then legal); words
//! are made from them only where a report is written, in the language the
//! reader asked for. The English catalogue is the text the checker has
//! always written, byte for byte: scripts and tests read it.
//!
//! Fluent chooses plural forms by the language's own rules (Russian has
//! three), and the catalogues are checked complete and formatting without
//! errors by the tests below.

use std::sync::OnceLock;

use fluent_bundle::concurrent::FluentBundle;
use fluent_bundle::{FluentArgs, FluentResource, FluentValue};
use unic_langid::LanguageIdentifier;

use crate::language::Language;

/// The catalogue of `language`, as written.
fn source(language: Language) -> &'static str {
    match language {
        Language::En => include_str!("messages/en.ftl"),
        Language::De => include_str!("messages/de.ftl"),
        Language::Ru => include_str!("messages/ru.ftl"),
        Language::Th => include_str!("messages/th.ftl"),
    }
}

/// The catalogue of every language, read once.
fn bundles() -> &'static [FluentBundle<FluentResource>; 4] {
    static BUNDLES: OnceLock<[FluentBundle<FluentResource>; 4]> = OnceLock::new();
    BUNDLES.get_or_init(|| Language::ALL.map(bundle))
}

fn bundle(language: Language) -> FluentBundle<FluentResource> {
    // The catalogues are part of the program and tested: a fault in one is
    // a fault of the build, found by the tests, never by a user.
    let resource = FluentResource::try_new(source(language).to_string())
        .unwrap_or_else(|(resource, _)| resource);
    let id: LanguageIdentifier = language.code().parse().unwrap_or_default();
    let mut bundle = FluentBundle::new_concurrent(vec![id]);
    // No Unicode isolation marks around what is filled in: the report is
    // plain text, and in English the same bytes as before.
    bundle.set_use_isolating(false);
    let _ = bundle.add_resource(resource);
    bundle
}

/// A value filled into a message: a text or a count.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Arg<'a> {
    /// A text, as written (a move, a player's letter).
    Text(&'a str),
    /// A count, which also chooses the plural form.
    Count(usize),
}

/// Message `id` of `language`'s catalogue with `args` filled in; the
/// English one where the language lacks it (the tests say none does).
pub fn say(language: Language, id: &str, args: &[(&str, Arg<'_>)]) -> String {
    let all = bundles();
    let index = Language::ALL
        .iter()
        .position(|l| *l == language)
        .unwrap_or(0);
    format_in(&all[index], id, args)
        .or_else(|| format_in(&all[0], id, args))
        .unwrap_or_else(|| id.to_string())
}

/// Words a key or tag may take, quoted, as a choice in `language`:
/// `"both" or "none"`, `"open", "free" or "closed"`.
pub(crate) fn one_of(choices: &[&str], language: Language) -> String {
    let quoted: Vec<String> = choices.iter().map(|c| format!("\"{c}\"")).collect();
    match quoted.split_last() {
        Some((last, first)) if !first.is_empty() => say(
            language,
            "one-of",
            &[
                ("first", Arg::Text(&first.join(", "))),
                ("last", Arg::Text(last)),
            ],
        ),
        _ => quoted.concat(),
    }
}

fn format_in(
    bundle: &FluentBundle<FluentResource>,
    id: &str,
    args: &[(&str, Arg<'_>)],
) -> Option<String> {
    let pattern = bundle.get_message(id)?.value()?;
    let mut fluent = FluentArgs::new();
    for (name, value) in args {
        match value {
            Arg::Text(t) => fluent.set(*name, FluentValue::from(*t)),
            Arg::Count(n) => fluent.set(*name, FluentValue::from(*n)),
        }
    }
    let mut errors = Vec::new();
    let text = bundle.format_pattern(pattern, Some(&fluent), &mut errors);
    Some(text.into_owned())
}

/// The words of `english` still in `said`, its translation into
/// `language`: what the tests that every message is said in each language
/// look for (the other crates' tests reach it through `internals`).
///
/// A word is two Latin letters or more, lower case (a cell, a player or a
/// move is one letter or has digits). Left out: what a sentence quotes as
/// written (`[Size "5x5"]`, `"draw"`, `` `5..3` ``), an option (`--map-file`),
/// the words `kept` (names, units and keys that stay as written in every
/// language) and, in German, the words German writes as English does
/// ([`GERMAN_AS_ENGLISH`]).
#[cfg(any(test, feature = "internals"))]
pub(crate) fn english_left(
    english: &str,
    said: &str,
    language: Language,
    kept: &[&str],
) -> Vec<String> {
    let english = words(english);
    words(said)
        .into_iter()
        .filter(|w| english.contains(w) && !kept.contains(&w.as_str()))
        .filter(|w| !(language == Language::De && GERMAN_AS_ENGLISH.contains(&w.as_str())))
        .collect()
}

/// Words German writes as English does, so in a German message they are
/// German, not English left untranslated: "in", "Position", "Code",
/// "Server", and the games' names (German calls the game Tic-Tac-Toe, as
/// its sheets do, and Ultimate keeps its name). One list for every
/// message catalogue's test, so a word is judged German once.
#[cfg(any(test, feature = "internals"))]
const GERMAN_AS_ENGLISH: &[&str] = &[
    "in", "position", "standard", "name", "text", "form", "code", "codes", "bytes", "scan", "pipe",
    "socket", "server", "uploads", "handout", "tic", "tac", "toe", "ultimate",
];

/// The words of `text` outside quotes and options; see [`english_left`].
#[cfg(any(test, feature = "internals"))]
fn words(text: &str) -> Vec<String> {
    let mut plain = String::new();
    let mut closing = None;
    for c in text.chars() {
        match (closing, c) {
            (None, '[') => closing = Some(']'),
            (None, '"' | '`') => closing = Some(c),
            (Some(end), _) if c == end => closing = None,
            (None, _) => plain.push(c),
            _ => {}
        }
    }
    plain
        .split_whitespace()
        .filter(|w| !w.starts_with("--"))
        .flat_map(|w| w.split(|c: char| !c.is_ascii_alphabetic()))
        .filter(|w| w.len() > 1)
        .map(str::to_ascii_lowercase)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The messages a catalogue defines: the ids at the start of a line.
    fn ids(language: Language) -> Vec<&'static str> {
        source(language)
            .lines()
            .filter(|l| l.starts_with(|c: char| c.is_ascii_alphabetic()))
            .filter_map(|l| l.split_once(" =").map(|(id, _)| id.trim()))
            .collect()
    }

    #[test]
    fn every_catalogue_parses_and_has_every_english_message_and_no_other() {
        let english = ids(Language::En);
        assert!(english.len() > 30, "{english:?}");
        for language in Language::ALL {
            FluentResource::try_new(source(language).to_string())
                .unwrap_or_else(|(_, e)| panic!("{language}: {e:?}"));
            let own = ids(language);
            for id in &english {
                assert!(own.contains(id), "{language} lacks {id}");
                assert!(
                    bundles()[Language::ALL.iter().position(|l| *l == language).unwrap()]
                        .has_message(id),
                    "{language}: {id} does not parse"
                );
            }
            for id in &own {
                assert!(english.contains(id), "{language} has {id}, English not");
            }
        }
    }

    #[test]
    fn every_message_formats_without_errors_for_every_count() {
        for (i, language) in Language::ALL.into_iter().enumerate() {
            for id in ids(language) {
                for n in [0, 1, 2, 3, 5, 11, 21, 22, 25, 101] {
                    let args = [
                        ("suggestion", "s"),
                        ("edit", "e"),
                        ("evidence", "v"),
                        ("outcome", "o"),
                        ("player", "X"),
                        ("text", "5.3"),
                        ("p", "X"),
                        ("m", "5.3"),
                        ("wp", "O"),
                        ("wm", "3.5"),
                        ("slip", "p"),
                        ("result", "r"),
                        ("who", "X"),
                        ("how", ""),
                        ("required", "5.3"),
                        ("target", "5.3"),
                        ("strategic", "5"),
                        ("cell", "c3"),
                        ("by", "X"),
                        ("opponent", "O"),
                        ("example", "5.3.7"),
                        ("size", "5x5"),
                        ("letter", "S"),
                        ("first", "f"),
                        ("written", "2,"),
                        ("turn", "O"),
                        ("players", "X, O"),
                        ("read", "2."),
                        ("reason", "r"),
                        ("depth", "two"),
                        ("decided", "closed"),
                        ("outcome", "o"),
                        ("termination", "time"),
                        ("map", "map34"),
                        ("variant", "simple"),
                        ("draws", "both"),
                        ("no_return", "yes"),
                        ("tag", "Result"),
                        ("claimed", "1-0"),
                        ("verdict", "right"),
                        ("scores", "A 1"),
                        ("lines", "a1-b1-c1"),
                        ("what", "w"),
                        ("why", "y"),
                        ("from", "1.1"),
                        ("to", "7.1"),
                        ("second", "3.5"),
                        ("before", "9.5"),
                        ("suggestions", "s; t"),
                        ("name", "games.fixed.txt"),
                        ("mover", "X"),
                        ("played", "5.2"),
                        ("other", "O"),
                        ("forcing", "X"),
                        ("best", "3.1, 7.7"),
                        ("name", "Game"),
                        ("code", "001B"),
                        ("bracket", "["),
                        ("hint", "h "),
                        ("choices", "\"a\" or \"b\""),
                        ("last", "\"b\""),
                        ("old", "open"),
                        ("new", "closed"),
                        ("entry", "A x"),
                        ("actual", "a draw"),
                        ("tie", "yes"),
                        ("shared", "no"),
                        ("scored", "3"),
                        ("none", "yes"),
                        ("file", "g.txt"),
                        ("head", "g.txt: game 1"),
                        ("col", "3"),
                        ("kind", "folder"),
                        ("limit", "1 MiB"),
                        ("folder", "maps"),
                        ("nodes", "1234"),
                        ("path", "maps/mine.toml"),
                        ("is", "functional"),
                        ("needed", "hyperfunctional"),
                        ("said", "input/output error"),
                        ("bytes", "41943041"),
                        ("mib", "40"),
                        ("width", "400"),
                        ("height", "300"),
                        ("millions", "50"),
                        ("min", "600"),
                        ("paper", "30"),
                        ("page", "2"),
                        ("filter", "JBIG2Decode"),
                        ("corner", "top-left"),
                        ("start", "41"),
                        ("flagged", "30"),
                        ("left", "3"),
                        ("key", "`sos.size`"),
                        ("accepts", "a table"),
                        ("field", "sise"),
                        ("table", "page"),
                        ("names", "`size`"),
                        ("parts", "20,000"),
                        ("max", "80"),
                        ("whole", "yes"),
                        ("unit", "mm"),
                        ("fit", "yes"),
                        ("words", "\"A4\", \"A5\""),
                        ("part", "records"),
                        ("past", "3.0 mm past the bottom margin"),
                        ("mm", "3.0"),
                        ("side", "bottom"),
                        ("place", "`title`"),
                        ("chars", "'x' (U+0078)"),
                        ("into", "edge"),
                        ("list", "a, b"),
                        ("label", "a.jpg"),
                        ("doubtful", "2"),
                        ("given", "3"),
                        ("unread", "1"),
                        ("secs", "5"),
                        ("most", "30 s"),
                        ("copies", "90"),
                        ("colour", "#cccccc"),
                        ("black", "20"),
                        ("lower", "min-cell"),
                        ("lower-mm", "7"),
                        ("upper", "cell"),
                        ("upper-mm", "5"),
                    ];
                    let mut fluent = FluentArgs::new();
                    for (name, value) in args {
                        fluent.set(name, FluentValue::from(value));
                    }
                    for name in [
                        "n", "wn", "more", "count", "expected", "found", "number", "game", "line",
                        "moves", "games", "legal", "illegal", "wrong", "players", "ply", "plies",
                        "proven", "pages", "want", "len",
                    ] {
                        fluent.set(name, FluentValue::from(n));
                    }
                    let bundle = &bundles()[i];
                    let pattern = bundle
                        .get_message(id)
                        .and_then(|m| m.value())
                        .unwrap_or_else(|| panic!("{language}: {id} has no value"));
                    let mut errors = Vec::new();
                    let text = bundle.format_pattern(pattern, Some(&fluent), &mut errors);
                    assert!(errors.is_empty(), "{language} {id} ({n}): {errors:?}");
                    // An argument left out shows as `{$name}`; `{?}`, the
                    // mark of a doubtful move, is text.
                    assert!(
                        !text.replace("{?}", "").contains('{'),
                        "{language} {id}: {text}"
                    );
                    assert!(
                        !text.contains('\u{2068}'),
                        "{language} {id}: isolation marks"
                    );
                }
            }
        }
    }

    #[test]
    fn plural_forms_follow_each_language() {
        let more = |language, n| say(language, "evidence-more", &[("count", Arg::Count(n))]);
        assert_eq!(more(Language::En, 2), "then 2 more moves are legal");
        assert_eq!(more(Language::En, 1), "then 1 more move is legal");
        assert_eq!(more(Language::Ru, 21), "тогда ещё 21 ход по правилам");
        assert_eq!(more(Language::Ru, 3), "тогда ещё 3 хода по правилам");
        assert_eq!(more(Language::Ru, 11), "тогда ещё 11 ходов по правилам");
        assert_eq!(
            more(Language::De, 2),
            "dann sind 2 weitere Züge regelgerecht"
        );
    }
}
