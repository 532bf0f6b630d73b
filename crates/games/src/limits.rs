//! Limits on numbers people give, each checked by one function whichever way
//! the number arrives (a spec key, a `--set`, a command-line flag), so every
//! entrance refuses the same values with the same words:
//! "`copies` must be a whole number from 0 to 500, not 1e7"; and the limits
//! on the size and shape of what a spec, a handout spec or a map file may
//! hold, which the library checks where the text is read (so a web request
//! meets them as the command line does). docs/limits.md lists them all.
//! The limits on a spec's parts and boxes and on photographs and PDFs given
//! to `read` are the sheets crate's, which knows sheets, pictures and pages.

/// How deeply tables and lists may nest in a TOML input: the TOML reader's
/// own limit, which refuses deeper nesting while parsing.
pub(crate) const TOML_DEPTH: usize = 80;

/// The most characters a text (a string value or a key) in a spec, handout
/// spec or map file may hold. A line of 6 pt text across A3 landscape holds
/// under 400 characters.
pub(crate) const TEXT_CHARS: usize = 500;

/// The most entries a list (or an array of tables, such as the `[[text]]`
/// parts) in a spec, handout spec or map file may hold.
pub(crate) const LIST_ENTRIES: usize = 200;

/// The most characters a map file's `name` may hold: it is printed in the
/// footers of sheets and reports.
pub(crate) const MAP_NAME_CHARS: usize = 40;

/// The most changes (`--set`, a handout's `set`, a request's `set=`) one
/// spec may be given.
pub const SETS: usize = 100;

/// The most parts a dotted key (`sos.size`, a table header's
/// `[a.b.c]`, a key of a `--set`) may have: the same as the nesting
/// `TOML_DEPTH` allows, since every part is a table deeper.
pub const KEY_PARTS: usize = TOML_DEPTH;

/// The most characters a whole dotted key may hold, its parts and dots
/// together: room for one key of [`TEXT_CHARS`] under a few table names.
/// The longest key of a built-in template is under 40.
pub(crate) const KEY_CHARS: usize = 600;

/// How a dotted key breaks the key limits ([`KEY_PARTS`], `KEY_CHARS`),
/// if it does: counted without splitting or copying, so a key of megabytes
/// is refused as fast as it is scanned. The message quotes its first
/// characters only.
pub fn key_fault(key: &str) -> Option<String> {
    let parts = key.bytes().filter(|&b| b == b'.').count() + 1;
    if parts > KEY_PARTS {
        return Some(format!(
            "the key `{}` has {} parts; a key may have at most {KEY_PARTS}",
            excerpt(key),
            group(parts as u64)
        ));
    }
    // More bytes than characters allowed is the cheap check; then count.
    if key.len() > KEY_CHARS {
        let chars = key.chars().count();
        if chars > KEY_CHARS {
            return Some(format!(
                "the key `{}` is {} characters long; a key may hold at most {KEY_CHARS}",
                excerpt(key),
                group(chars as u64)
            ));
        }
    }
    None
}

/// A whole number that must lie in `min..=max`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Whole {
    /// The key or flag the number is for, as the user writes it.
    pub key: &'static str,
    /// The smallest value allowed.
    pub min: u64,
    /// The largest value allowed.
    pub max: u64,
}

/// A number that is not one or is out of its range, in the words every
/// entrance uses: "`copies` must be a whole number from 0 to 500, not 1e7".
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error, miette::Diagnostic)]
#[error("`{key}` must be {allowed}, not {written}")]
#[diagnostic(code(paperboard::number::out_of_range))]
pub struct NumberError {
    /// The key or flag the number is for, as the user writes it.
    pub key: &'static str,
    /// What is allowed: `a whole number from 0 to 500`.
    pub allowed: String,
    /// What was written (its first characters, [`excerpt`]).
    pub written: String,
}

impl Whole {
    fn refuse(&self, written: &str) -> NumberError {
        NumberError {
            key: self.key,
            allowed: format!(
                "a whole number from {} to {}",
                group(self.min),
                group(self.max)
            ),
            written: written.to_string(),
        }
    }

    /// Checks a number already read.
    pub fn check(&self, value: i128) -> Result<u64, NumberError> {
        u64::try_from(value)
            .ok()
            .filter(|v| (self.min..=self.max).contains(v))
            .ok_or_else(|| self.refuse(&value.to_string()))
    }

    /// Reads and checks a number as written on the command line (`_` may
    /// group digits: `1_000_000`).
    pub fn parse(&self, written: &str) -> Result<u64, NumberError> {
        let digits: String = written.trim().chars().filter(|&c| c != '_').collect();
        match digits.parse::<i128>() {
            Ok(v) => self.check(v).map_err(|_| self.refuse(&excerpt(written))),
            Err(_) => Err(self.refuse(&excerpt(written))),
        }
    }
}

/// A seed for random choices (worksheets, map search): any whole number
/// from 0 to 18,446,744,073,709,551,615.
pub const SEED: Whole = Whole {
    key: "seed",
    min: 0,
    max: u64::MAX,
};

/// A number of seconds that must lie in `min..=max`.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Seconds {
    /// The key or flag.
    pub key: &'static str,
    /// The least allowed.
    pub min: f64,
    /// The most allowed.
    pub max: f64,
}

impl Seconds {
    /// Reads and checks a number of seconds (`2.5`, `1e3`).
    pub fn parse(&self, written: &str) -> Result<std::time::Duration, NumberError> {
        written
            .trim()
            .parse::<f64>()
            .ok()
            .filter(|v| v.is_finite() && (self.min..=self.max).contains(v))
            .and_then(|v| std::time::Duration::try_from_secs_f64(v).ok())
            .ok_or_else(|| NumberError {
                key: self.key,
                allowed: format!(
                    "a number of seconds from {} to {}",
                    self.min,
                    group(self.max as u64)
                ),
                written: excerpt(written),
            })
    }
}

/// `1000000` as `1,000,000`, for limits in messages.
pub fn group(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// At most 24 characters of what was written, for a message.
pub fn excerpt(written: &str) -> String {
    let mut chars = written.chars();
    let head: String = chars.by_ref().take(24).collect();
    if chars.next().is_some() {
        format!("{head}…")
    } else {
        head
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const COPIES: Whole = Whole {
        key: "copies",
        min: 0,
        max: 500,
    };

    #[test]
    fn whole_numbers_in_and_out_of_range() {
        assert_eq!(COPIES.parse("12"), Ok(12));
        assert_eq!(COPIES.parse("0"), Ok(0));
        assert_eq!(
            COPIES.parse("1e7").unwrap_err().to_string(),
            "`copies` must be a whole number from 0 to 500, not 1e7"
        );
        assert_eq!(
            COPIES.parse("10000000").unwrap_err().to_string(),
            "`copies` must be a whole number from 0 to 500, not 10000000"
        );
        assert!(COPIES.parse("-1").is_err());
        assert!(
            COPIES
                .parse(&"9".repeat(100))
                .unwrap_err()
                .written
                .contains('…')
        );
        assert_eq!(
            COPIES.check(501).unwrap_err(),
            COPIES.parse("501").unwrap_err()
        );
        let big = Whole {
            key: "evaluations",
            min: 1,
            max: 10_000_000_000,
        };
        assert!(
            big.parse("0")
                .unwrap_err()
                .allowed
                .contains("1 to 10,000,000,000")
        );
    }

    #[test]
    fn keys_past_the_limits_are_refused_with_an_excerpt() {
        assert_eq!(key_fault("sos.size"), None);
        let at_most = vec!["a"; KEY_PARTS].join(".");
        assert_eq!(key_fault(&at_most), None);
        let deep = vec!["sos"; 20_000].join(".");
        let e = key_fault(&deep).unwrap();
        assert_eq!(
            e,
            "the key `sos.sos.sos.sos.sos.sos.…` has 20,000 parts; a key may have at most 80"
        );
        let long = format!("sos.{}", "é".repeat(KEY_CHARS));
        let e = key_fault(&long).unwrap();
        assert!(
            e.contains("is 604 characters long; a key may hold at most 600"),
            "{e}"
        );
        assert!(e.len() < 120, "{e}");
        // Bytes are not characters: 300 two-byte letters are 300 characters.
        assert_eq!(key_fault(&"é".repeat(300)), None);
    }

    #[test]
    fn seconds() {
        let time = Seconds {
            key: "time",
            min: 0.001,
            max: 86_400.0,
        };
        assert_eq!(time.parse("1.5").unwrap().as_millis(), 1500);
        for bad in ["1e20", "0", "-3", "nan", "inf", "soon"] {
            let e = time.parse(bad).unwrap_err().to_string();
            assert!(
                e.starts_with("`time` must be a number of seconds from 0.001 to 86,400, not"),
                "{e}"
            );
        }
    }
}
