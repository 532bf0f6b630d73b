//! Reading a JSON request body in the user's words.
//!
//! serde's own messages name Rust types (`invalid type: integer 7,
//! expected struct PostedMap`, `expected usize`), which mean nothing to a
//! teacher or a script's author. So a body is first read as plain JSON and
//! checked against a [`Shape`] that each route declares: every key, what it
//! accepts, in words. A fault is answered with the key's path
//! (`picks[0].error`), what was sent and what is accepted; only a body that
//! fits its shape is handed to serde, which then cannot fail on a type.
//! serde_json's reader refuses nesting past 128 levels before it recurses,
//! and the check walks the shape (three levels at most), not the body.

use serde::de::DeserializeOwned;
use serde_json::Value;

use super::error::ApiError;

/// What a key of a JSON body accepts.
#[derive(Debug, Clone, Copy)]
pub enum Shape {
    /// A string.
    Text,
    /// A whole number, 0 or more.
    Count,
    /// `true` or `false`.
    Flag,
    /// An object with these keys (name, shape, whether it must be given).
    Object(&'static [(&'static str, Shape, bool)]),
    /// A list of values of one shape.
    List(&'static Shape),
}

impl Shape {
    /// The shape in words, for "must be …".
    fn words(&self) -> String {
        match self {
            Shape::Text => "text (a JSON string)".into(),
            Shape::Count => "a whole number, 0 or more".into(),
            Shape::Flag => "true or false".into(),
            Shape::Object(keys) => {
                let names: Vec<String> = keys.iter().map(|(k, _, _)| format!("`{k}`")).collect();
                format!("an object with {}", names.join(", "))
            }
            Shape::List(of) => format!("a list, each entry {}", of.words()),
        }
    }
}

/// What was sent, in words: `the number -1`, `a list`.
fn sent(value: &Value) -> String {
    match value {
        Value::Null => "null".into(),
        Value::Bool(b) => b.to_string(),
        Value::Number(n) => format!(
            "the number {}",
            paperboard_games::limits::excerpt(&n.to_string())
        ),
        Value::String(s) => format!("the text \"{}\"", paperboard_games::limits::excerpt(s)),
        Value::Array(_) => "a list".into(),
        Value::Object(_) => "an object".into(),
    }
}

/// Where a fault is: `picks[0].error`, or `the body` at the top.
fn at(path: &str) -> String {
    if path.is_empty() {
        "the body".into()
    } else {
        format!("`{path}`")
    }
}

/// Why `value` does not fit `shape` at `path`, if it does not.
fn fault(value: &Value, shape: &Shape, path: &str) -> Option<(String, String)> {
    let wrong = || {
        Some((
            path.to_string(),
            format!(
                "{} must be {}, not {}",
                at(path),
                shape.words(),
                sent(value)
            ),
        ))
    };
    match (shape, value) {
        (Shape::Text, Value::String(_)) | (Shape::Flag, Value::Bool(_)) => None,
        (Shape::Count, Value::Number(n)) if n.is_u64() => None,
        (Shape::Object(keys), Value::Object(map)) => {
            let join = |k: &str| {
                if path.is_empty() {
                    k.to_string()
                } else {
                    format!("{path}.{k}")
                }
            };
            if let Some(unknown) = map.keys().find(|k| !keys.iter().any(|(n, _, _)| n == k)) {
                let names: Vec<String> = keys.iter().map(|(k, _, _)| format!("`{k}`")).collect();
                return Some((
                    path.to_string(),
                    format!(
                        "unknown key `{}` in {}; it takes {}",
                        paperboard_games::limits::excerpt(unknown),
                        at(path),
                        names.join(", ")
                    ),
                ));
            }
            keys.iter()
                .find_map(|(name, inner, required)| match map.get(*name) {
                    None if !required => None,
                    None => Some((
                        join(name),
                        format!("`{}` is missing: it must be {}", join(name), inner.words()),
                    )),
                    Some(v) => fault(v, inner, &join(name)),
                })
        }
        (Shape::List(of), Value::Array(items)) => items
            .iter()
            .enumerate()
            .find_map(|(i, v)| fault(v, of, &format!("{path}[{i}]"))),
        _ => wrong(),
    }
}

/// Reads `body` as JSON of `shape` into a `T`; `example` shows a body
/// the route takes, for the help.
pub fn read<T: DeserializeOwned>(body: &[u8], shape: &Shape, example: &str) -> Result<T, ApiError> {
    let help = format!("this route takes JSON such as {example}");
    let value: Value = serde_json::from_slice(body).map_err(|e| {
        let why = match e.classify() {
            serde_json::error::Category::Eof => "it ends before its JSON does".to_string(),
            _ if e.to_string().contains("recursion limit") => {
                "it nests lists or objects more than 128 levels deep".to_string()
            }
            _ => format!("it is not JSON at line {}, column {}", e.line(), e.column()),
        };
        ApiError::bad_request(format!("the body cannot be read: {why}")).with_help(help.clone())
    })?;
    if let Some((key, message)) = fault(&value, shape, "") {
        let e = ApiError::bad_request(message).with_help(help);
        return Err(if key.is_empty() { e } else { e.with_key(key) });
    }
    // The shape is the type's: a body that fits it reads. Were they ever to
    // disagree, the answer still names no type.
    serde_json::from_value(value).map_err(|_| {
        ApiError::bad_request("the body does not have the keys this route takes").with_help(help)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    const PICK: Shape =
        Shape::Object(&[("game", Shape::Count, true), ("error", Shape::Count, true)]);
    const BODY: Shape = Shape::Object(&[
        ("records", Shape::Text, true),
        ("picks", Shape::List(&PICK), false),
        ("all", Shape::Flag, false),
    ]);

    fn refused(body: &str) -> ApiError {
        read::<Value>(body.as_bytes(), &BODY, "{}").unwrap_err()
    }

    #[test]
    fn faults_name_the_key_what_was_sent_and_what_is_accepted() {
        let e = refused(r#"{"records": "x", "picks": [{"game": 1, "error": -1}]}"#);
        assert_eq!(
            e.message,
            "`picks[0].error` must be a whole number, 0 or more, not the number -1"
        );
        assert_eq!(e.key.as_deref(), Some("picks[0].error"));
        let e = refused(r#"{"records": 7}"#);
        assert_eq!(
            e.message,
            "`records` must be text (a JSON string), not the number 7"
        );
        let e = refused(r#"{"picks": []}"#);
        assert!(
            e.message.starts_with("`records` is missing"),
            "{}",
            e.message
        );
        let e = refused(r#"{"records": "x", "colour": 1}"#);
        assert!(
            e.message.contains("unknown key `colour` in the body"),
            "{}",
            e.message
        );
        let e = refused("[1]");
        assert!(
            e.message
                .starts_with("the body must be an object with `records`"),
            "{}",
            e.message
        );
        let e = refused("{\"records\": ");
        assert!(
            e.message.contains("ends before its JSON does"),
            "{}",
            e.message
        );
        let deep = format!("{}{}", "[".repeat(5_000), "]".repeat(5_000));
        let e = refused(&deep);
        assert!(e.message.contains("128 levels"), "{}", e.message);
        let e = refused(r#"{"records": "x", "all": null}"#);
        assert_eq!(e.message, "`all` must be true or false, not null");
        assert!(read::<Value>(br#"{"records": "x", "all": true}"#, &BODY, "{}").is_ok());
    }
}
