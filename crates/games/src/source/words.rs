//! The TOML reader's messages in the user's words.
//!
//! The reader (serde and toml) words its messages for programmers: "invalid
//! type: integer `5`, expected struct Margins", "expected u32", "unknown
//! variant". Every message about a value of a spec, a handout spec or a map
//! file passes through [`friendly`], which says instead what the key
//! accepts and what was written: "`page.margins` must be a table, not 5".
//! The accepted form comes from the reader's "expected …", which for
//! paperboard's own readers (ranges, sizes, choices) is written as a phrase
//! for people ("a number of mm from 0 to 100"), and for the reader's
//! built-in types is translated here.

use std::ops::Range;

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

/// `message` from the TOML reader about the value at `key` (a dotted path;
/// `None` at the top level), `written` as it stands in the file, in the
/// user's words.
pub fn friendly(message: &str, key: Option<&str>, written: &str) -> String {
    let message = message.trim_end();
    let named = |k: Option<&str>| match k {
        Some(k) => format!("`{k}`"),
        None => "this value".to_string(),
    };
    let written = quote(written);
    let not = |accepted: String| {
        if written.is_empty() {
            format!("{} must be {accepted}", named(key))
        } else {
            format!("{} must be {accepted}, not {written}", named(key))
        }
    };
    for head in ["invalid type: ", "invalid value: "] {
        if let Some(rest) = message.strip_prefix(head)
            && let Some((_, expected)) = rest.split_once(", expected ")
        {
            return not(accepted(expected));
        }
    }
    if let Some(rest) = message.strip_prefix("invalid length ")
        && let Some((n, expected)) = rest.split_once(", expected ")
    {
        return format!(
            "{} must be {}, not a list of {n}",
            named(key),
            accepted(expected)
        );
    }
    if let Some(rest) = message.strip_prefix("unknown variant ") {
        let (_, list) = rest.split_once(", expected ").unwrap_or((rest, ""));
        return not(format!("one of {}", choices(list)));
    }
    if let Some(rest) = message.strip_prefix("unknown field ") {
        let (field, list) = rest.split_once(", expected ").unwrap_or((rest, ""));
        let field = field.trim_matches('`');
        let names = names(list);
        return match key {
            Some(k) if names.is_empty() => {
                format!("unknown key `{field}` in `[{k}]`; this table takes no keys")
            }
            Some(k) => format!("unknown key `{field}` in `[{k}]`; accepted keys: {names}"),
            None => format!("unknown table or key `{field}`; accepted keys: {names}"),
        };
    }
    if let Some(field) = message.strip_prefix("missing field ") {
        let field = field.trim_matches('`');
        return match key {
            Some(k) => format!("`{k}.{field}` is missing; it has no default"),
            None => format!("`{field}` is missing; it has no default"),
        };
    }
    if let Some(field) = message.strip_prefix("duplicate field ") {
        return format!("`{}` is written twice", field.trim_matches('`'));
    }
    if message.starts_with("data did not match any variant") {
        return not("a value of another form (see the documentation of this key)".into());
    }
    if message.contains("max recursion depth") || message == "recursion limit" {
        return format!(
            "tables and lists are nested too deeply here (at most {} levels)",
            crate::limits::TOML_DEPTH
        );
    }
    message.to_string()
}

/// The reader's "expected …" as the form a value must take.
fn accepted(expected: &str) -> String {
    let expected = expected.trim();
    let whole = |max: u128| {
        format!(
            "a whole number from 0 to {}",
            crate::limits::group(max.min(u128::from(u64::MAX)) as u64)
        )
    };
    match expected {
        "a string" | "a borrowed string" | "string" => "text in quotes".into(),
        "a boolean" | "bool" => "true or false".into(),
        "a sequence" | "a seq" => "a list".into(),
        "a map" | "map" => "a table".into(),
        "a character" | "char" => "one character in quotes".into(),
        "u8" => whole(u8::MAX.into()),
        "u16" => whole(u16::MAX.into()),
        "u32" => whole(u32::MAX.into()),
        "u64" | "usize" | "u128" => whole(u64::MAX.into()),
        "i8" | "i16" | "i32" | "i64" | "i128" | "isize" => "a whole number".into(),
        "f32" | "f64" => "a number".into(),
        "unit" | "()" => "nothing".into(),
        _ => {
            if expected.starts_with("struct ") {
                "a table".into()
            } else if expected.starts_with("enum ") || expected.starts_with("variant ") {
                "one of the words this key accepts (see the documentation)".into()
            } else if let Some(n) = expected
                .strip_prefix("an array of length ")
                .or_else(|| expected.strip_prefix("a tuple of size "))
            {
                format!("a list of {n} values")
            } else if expected.starts_with("one of ") || expected.contains(" or `") {
                format!("one of {}", choices(expected))
            } else {
                expected.to_string()
            }
        }
    }
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
fn choices(list: &str) -> String {
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
) -> Option<(Range<usize>, Option<String>, String)> {
    if err.span().is_some() || err.message().trim() != "recursion limit" {
        return None;
    }
    let (span, key, parts) = super::text::deep_dotted_key(text)?;
    let message = format!(
        "the key `{key}` has {} parts; a key may have at most {}",
        crate::limits::group(parts as u64),
        crate::limits::KEY_PARTS
    );
    Some((span, Some(key), message))
}

/// Where a TOML reader error is in `text`, the key `tree` has there, and
/// the message in the user's words (for a file read as written, with no
/// `--set` changes mixed in).
pub(crate) fn toml_parts(
    text: &str,
    err: &toml::de::Error,
    tree: Option<&Tree<'_>>,
) -> (Range<usize>, Option<String>, String) {
    if let Some(found) = key_too_deep(text, err) {
        return found;
    }
    let span = err.span().unwrap_or(0..0);
    let key = tree.and_then(|t| t.key_path_at(span.start));
    let start = span.start.min(text.len());
    let end = span.end.clamp(start, text.len());
    let written = String::from_utf8_lossy(&text.as_bytes()[start..end]);
    let message = friendly(err.message(), key.as_deref(), &written);
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
            assert_eq!(friendly(message, key, written), want);
        }
    }

    #[test]
    fn quotes_are_short() {
        assert_eq!(quote("  5 "), "5");
        assert_eq!(quote(&"x".repeat(100)), format!("{}…", "x".repeat(40)));
        assert_eq!(quote("[1,\n2]"), "[1,…");
    }
}
