//! The TOML reader's messages in the user's words.
//!
//! The reader (serde and toml) words its messages for programmers: "invalid
//! type: integer `5`, expected struct Margins", "expected u32", "unknown
//! variant". Every message about a value of a spec, a handout spec or a map
//! file passes through `fault` ([`Fault::of_reader`]), which says instead what the key
//! accepts and what was written: "`page.margins` must be a table, not 5".
//! The accepted form is the one paperboard's own readers (ranges, sizes,
//! choices) keep typed beside their "expected …" ([`Accepts::expecting`]);
//! for the reader's built-in types, its words are translated.

use std::ops::Range;

use super::fault::{Accepts, Fault};
use super::tree::Tree;

/// The most characters of a value a message quotes.
const QUOTE: usize = 40;

/// At most `QUOTE` characters of what was written, first line only, for
/// a message.
pub fn quote(written: &str) -> String {
    quote_at_most(written, QUOTE)
}

/// At most `n` characters of `written`, first line only, for a message.
pub fn quote_at_most(written: &str, n: usize) -> String {
    let line = written.trim().lines().next().unwrap_or_default();
    let mut chars = line.chars();
    let head: String = chars.by_ref().take(n).collect();
    if chars.next().is_some() || written.trim().lines().nth(1).is_some() {
        format!("{head}…")
    } else {
        head
    }
}

/// What `message` from the TOML reader says is wrong with the value at
/// `key` (a dotted path; `None` at the top level), `written` as it stands
/// in the file, as a [`Fault`]: its text is the message in the user's
/// words.
pub(crate) fn fault(message: &str, key: Option<&str>, written: &str) -> Fault {
    let message = message.trim_end();
    let key_owned = key.map(str::to_string);
    let written = quote(written);
    let not = |accepts: Accepts| Fault::Must {
        key: key_owned.clone(),
        accepts,
        written: written.clone(),
    };
    for head in ["invalid type: ", "invalid value: "] {
        if let Some(rest) = message.strip_prefix(head)
            && let Some((_, expected)) = rest.split_once(", expected ")
        {
            return not(Accepts::of_reader(expected));
        }
    }
    if let Some(rest) = message.strip_prefix("invalid length ")
        && let Some((n, expected)) = rest.split_once(", expected ")
    {
        return Fault::Length {
            key: key_owned,
            accepts: Accepts::of_reader(expected),
            n: n.to_string(),
        };
    }
    if let Some(rest) = message.strip_prefix("unknown variant ") {
        let (_, list) = rest.split_once(", expected ").unwrap_or((rest, ""));
        return not(Accepts::OneOf(choices(list)));
    }
    if let Some(rest) = message.strip_prefix("unknown field ") {
        let (field, list) = rest.split_once(", expected ").unwrap_or((rest, ""));
        return Fault::UnknownKey {
            field: field.trim_matches('`').to_string(),
            table: key_owned,
            names: names(list),
        };
    }
    if let Some(field) = message.strip_prefix("missing field ") {
        let field = field.trim_matches('`');
        return Fault::Missing {
            key: match key {
                Some(k) => format!("{k}.{field}"),
                None => field.to_string(),
            },
        };
    }
    if let Some(field) = message.strip_prefix("duplicate field ") {
        return Fault::Twice {
            key: field.trim_matches('`').to_string(),
            line: None,
        };
    }
    if message.starts_with("data did not match any variant") {
        return not(Accepts::AnotherForm);
    }
    if message.contains("max recursion depth") || message == "recursion limit" {
        return Fault::Nested {
            levels: crate::limits::TOML_DEPTH,
        };
    }
    Fault::carried(message).unwrap_or_else(|| Fault::Said(message.to_string()))
}

/// The names in the reader's "one of `a`, `b`" or "`a` or `b`", as
/// `` `a`, `b` ``.
fn names(list: &str) -> String {
    let names: Vec<&str> = list.split('`').skip(1).step_by(2).collect();
    names
        .iter()
        .map(|n| format!("`{n}`"))
        .collect::<Vec<_>>()
        .join(", ")
}

/// The words in the reader's "one of `a`, `b`" as a spec writes them:
/// `"a", "b"`.
pub(super) fn choices(list: &str) -> String {
    let words: Vec<&str> = list.split('`').skip(1).step_by(2).collect();
    if words.is_empty() {
        return list.trim_start_matches("one of ").to_string();
    }
    words
        .iter()
        .map(|w| format!("\"{w}\""))
        .collect::<Vec<_>>()
        .join(", ")
}

/// The reader refuses a dotted key of too many parts without saying where:
/// found again in `text`, the key is named and pointed at (where its first
/// part past the limit is written). `None` for any other error.
pub fn key_too_deep(
    text: &str,
    err: &toml::de::Error,
) -> Option<(Range<usize>, Option<String>, Fault)> {
    if err.span().is_some() || err.message().trim() != "recursion limit" {
        return None;
    }
    let (span, key, parts) = super::text::deep_dotted_key(text)?;
    let fault = Fault::KeyParts {
        key: key.clone(),
        parts: crate::limits::group(parts as u64),
        max: crate::limits::KEY_PARTS,
    };
    Some((span, Some(key), fault))
}

/// Where a TOML reader error is in `text`, the key `tree` has there, and
/// the message in the user's words (for a file read as written, with no
/// `--set` changes mixed in).
pub(crate) fn toml_parts(
    text: &str,
    err: &toml::de::Error,
    tree: Option<&Tree<'_>>,
) -> (Range<usize>, Option<String>, Fault) {
    if let Some(found) = key_too_deep(text, err) {
        return found;
    }
    let span = err.span().unwrap_or(0..0);
    let key = tree.and_then(|t| t.key_path_at(span.start));
    let start = span.start.min(text.len());
    let end = span.end.clamp(start, text.len());
    let written = String::from_utf8_lossy(&text.as_bytes()[start..end]);
    let message = fault(err.message(), key.as_deref(), &written);
    (span, key, message)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reader_messages_become_the_users_words() {
        let cases = [
            (
                "invalid type: integer `5`, expected struct Margins",
                Some("page.margins"),
                "5",
                "`page.margins` must be a table, not 5",
            ),
            (
                "invalid value: integer `-1`, expected u32",
                Some("x.n"),
                "-1",
                "`x.n` must be a whole number from 0 to 4,294,967,295, not -1",
            ),
            (
                "unknown variant `B7`, expected one of `A3`, `A4`, `A5`, `Letter`",
                Some("page.size"),
                "\"B7\"",
                "`page.size` must be one of \"A3\", \"A4\", \"A5\", \"Letter\", not \"B7\"",
            ),
            (
                "unknown field `sise`, expected `size` or `orientation`",
                Some("page"),
                "sise",
                "unknown key `sise` in `[page]`; accepted keys: `size`, `orientation`",
            ),
            (
                "invalid length 3, expected an array of length 2",
                Some("text.at"),
                "[1, 2, 3]",
                "`text.at` must be a list of 2 values, not a list of 3",
            ),
            (
                "missing field `game`",
                Some("handout"),
                "",
                "`handout.game` is missing; it has no default",
            ),
        ];
        for (message, key, written, want) in cases {
            assert_eq!(fault(message, key, written).to_string(), want);
        }
    }

    #[test]
    fn quotes_are_short() {
        assert_eq!(quote("  5 "), "5");
        assert_eq!(quote(&"x".repeat(100)), format!("{}…", "x".repeat(40)));
        assert_eq!(quote("[1,\n2]"), "[1,…");
    }
}
