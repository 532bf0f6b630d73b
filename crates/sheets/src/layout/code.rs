//! The sheet code: the short text a printed sheet carries (as a QR code
//! between its bottom alignment marks) so that a photograph of it names the
//! very sheet it shows, and the reader can lay it out again and know where
//! every box and cell is before it looks.
//!
//! The text is ASCII, one space between fields, in a fixed order:
//!
//! ```text
//! PB1 t=ultimate p=A4 o=p l=en r=1 c=1
//! PB1 h=0123456789abcdef p=A4 o=l l=de r=51 c=3
//! ```
//!
//! `t=` names a built-in template (unchanged but for paper, orientation and
//! language, which have their own fields); `h=` is the 64-bit FNV-1a hash of
//! any other spec (see `spec_hash`), whose text the reader must be given.
//! `r` is the ply the sheet's first record box records (a continuation
//! sheet's is past 1), `c` the copy in a handout. One type writes and reads
//! it, so the two can never disagree; reading refuses an unknown version and
//! any malformed field with a message that names it.

use std::fmt;
use std::str::FromStr;

use crate::language::Language;
use crate::spec::{Orientation, PaperSize, Template};

/// The version tag every code starts with; another is refused.
pub(crate) const VERSION: &str = "PB1";

/// The most a code's text may hold, bytes: well inside what a small QR
/// code carries, and a bound on what reading one looks at.
pub(crate) const MAX_TEXT: usize = 120;

/// The largest first ply and copy number a code names (the record and
/// handout limits are far below).
const MAX_NUMBER: u32 = 1_000_000;

/// Which sheet: a built-in template, or the hash of a spec's text.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SheetName {
    /// A built-in template (`t=ultimate`).
    Template(Template),
    /// Any other spec: the hash of its text with the changes made to it
    /// (`h=…`, see `spec_hash`).
    Hash(u64),
}

/// What a printed sheet's code says: which sheet, on which paper, in which
/// language, where its record starts and which copy it is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SheetCode {
    /// The template or spec hash.
    pub sheet: SheetName,
    /// The paper size.
    pub paper: PaperSize,
    /// The orientation.
    pub orientation: Orientation,
    /// The language of the sheet's words.
    pub language: Language,
    /// The 1-based ply the sheet's first record box records (1 unless a
    /// continuation sheet).
    pub first_ply: u32,
    /// The copy number in a handout (1 otherwise).
    pub copy: u32,
}

impl fmt::Display for SheetCode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{VERSION} ")?;
        match self.sheet {
            SheetName::Template(t) => write!(f, "t={}", t.name())?,
            SheetName::Hash(h) => write!(f, "h={h:016x}")?,
        }
        let o = match self.orientation {
            Orientation::Portrait => 'p',
            Orientation::Landscape => 'l',
        };
        write!(
            f,
            " p={} o={o} l={} r={} c={}",
            self.paper.name(),
            self.language.code(),
            self.first_ply,
            self.copy
        )
    }
}

/// Why a text is not a sheet code.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SheetCodeError {
    /// Longer than any code is.
    #[error("a sheet code is at most {MAX_TEXT} characters; this one has {0}")]
    TooLong(usize),
    /// Not starting with a version this program reads.
    #[error(
        "not a paperboard sheet code of a version this program reads (it starts `{0}`, expected `{VERSION}`)"
    )]
    Version(String),
    /// A field missing, out of order or doubled.
    #[error("field `{expected}=` expected, found `{found}`")]
    Field {
        /// The field that should stand here.
        expected: &'static str,
        /// What stands there instead.
        found: String,
    },
    /// A field whose value is not one it may hold.
    #[error("field `{field}=` holds `{value}`: {why}")]
    Value {
        /// The field.
        field: &'static str,
        /// Its value as written.
        value: String,
        /// What it should be.
        why: String,
    },
    /// Something after the last field.
    #[error("unexpected `{0}` after the last field")]
    Trailing(String),
}

impl SheetCodeError {
    /// A stable code for the error, for scripts.
    pub fn code(&self) -> &'static str {
        match self {
            SheetCodeError::TooLong(_) => "code-too-long",
            SheetCodeError::Version(_) => "code-version",
            SheetCodeError::Field { .. } => "code-field",
            SheetCodeError::Value { .. } => "code-value",
            SheetCodeError::Trailing(_) => "code-trailing",
        }
    }
}

impl FromStr for SheetCode {
    type Err = SheetCodeError;

    fn from_str(text: &str) -> Result<SheetCode, SheetCodeError> {
        if text.len() > MAX_TEXT {
            return Err(SheetCodeError::TooLong(text.chars().count()));
        }
        let mut fields = text.split(' ');
        let version = fields.next().unwrap_or_default();
        if version != VERSION {
            return Err(SheetCodeError::Version(shown(version)));
        }
        let mut next = |expected: &'static str| {
            let found = fields.next().unwrap_or_default();
            match found
                .strip_prefix(expected)
                .and_then(|r| r.strip_prefix('='))
            {
                Some(value) => Ok(value),
                None => Err(SheetCodeError::Field {
                    expected,
                    found: shown(found),
                }),
            }
        };
        // The sheet: `t=` or `h=`, whichever stands first.
        let first = text.split(' ').nth(1).unwrap_or_default();
        let sheet = if first.starts_with("h=") {
            hashed_sheet(next("h")?)?
        } else {
            let t = next("t")?;
            SheetName::Template(
                Template::from_name(t)
                    .ok_or_else(|| bad_value("t", t, "no built-in template has this name"))?,
            )
        };
        let p = next("p")?;
        let paper = PaperSize::ALL
            .into_iter()
            .find(|s| s.name() == p)
            .ok_or_else(|| bad_value("p", p, "A4, A5, A3 or Letter expected"))?;
        let o = next("o")?;
        let orientation = match o {
            "p" => Orientation::Portrait,
            "l" => Orientation::Landscape,
            _ => return Err(bad_value("o", o, "p (portrait) or l (landscape) expected")),
        };
        let l = next("l")?;
        let language = Language::ALL
            .iter()
            .copied()
            .find(|g| g.code() == l)
            .ok_or_else(|| bad_value("l", l, "a language code (en, de, ru, th) expected"))?;
        let first_ply = code_number("r", next("r")?)?;
        let copy = code_number("c", next("c")?)?;
        let rest: Vec<&str> = fields.collect();
        if !rest.is_empty() {
            return Err(SheetCodeError::Trailing(shown(&rest.join(" "))));
        }
        Ok(SheetCode {
            sheet,
            paper,
            orientation,
            language,
            first_ply,
            copy,
        })
    }
}

/// A field's value refused, and why.
fn bad_value(field: &'static str, value: &str, why: &str) -> SheetCodeError {
    SheetCodeError::Value {
        field,
        value: shown(value),
        why: why.to_string(),
    }
}

/// The sheet named by its spec's hash (`h=`: 16 lowercase hexadecimal
/// digits).
fn hashed_sheet(h: &str) -> Result<SheetName, SheetCodeError> {
    if h.len() != 16 || !h.bytes().all(|b| matches!(b, b'0'..=b'9' | b'a'..=b'f')) {
        return Err(bad_value(
            "h",
            h,
            "16 lowercase hexadecimal digits expected",
        ));
    }
    Ok(SheetName::Hash(u64::from_str_radix(h, 16).map_err(
        |_| bad_value("h", h, "not a hexadecimal number"),
    )?))
}

/// A numeric field's value: a whole number from 1 to [`MAX_NUMBER`]
/// without leading zeros.
fn code_number(field: &'static str, v: &str) -> Result<u32, SheetCodeError> {
    let ok = !v.is_empty() && v.len() <= 7 && v.bytes().all(|b| b.is_ascii_digit());
    match v.parse::<u32>() {
        Ok(n) if ok && (1..=MAX_NUMBER).contains(&n) && !v.starts_with('0') => Ok(n),
        _ => Err(bad_value(
            field,
            v,
            &format!("a whole number from 1 to {MAX_NUMBER} expected"),
        )),
    }
}

/// A piece of a code as a message shows it: printable ASCII, at most 24
/// characters (a photograph may decode to anything).
fn shown(s: &str) -> String {
    let mut out: String = s
        .chars()
        .take(24)
        .map(|c| if c.is_ascii_graphic() { c } else { '?' })
        .collect();
    if s.chars().count() > 24 {
        out.push('…');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::spec::fnv1a;

    fn code(sheet: SheetName) -> SheetCode {
        SheetCode {
            sheet,
            paper: PaperSize::A4,
            orientation: Orientation::Portrait,
            language: Language::En,
            first_ply: 1,
            copy: 1,
        }
    }

    #[test]
    fn writes_the_contract_text() {
        let c = code(SheetName::Template(Template::Ultimate));
        assert_eq!(c.to_string(), "PB1 t=ultimate p=A4 o=p l=en r=1 c=1");
        let c = SheetCode {
            paper: PaperSize::Letter,
            orientation: Orientation::Landscape,
            language: Language::Th,
            first_ply: 51,
            copy: 12,
            ..code(SheetName::Hash(0xab))
        };
        assert_eq!(
            c.to_string(),
            "PB1 h=00000000000000ab p=Letter o=l l=th r=51 c=12"
        );
    }

    #[test]
    fn every_code_reads_back_as_itself() {
        for t in Template::ALL {
            for paper in PaperSize::ALL {
                for language in Language::ALL.iter().copied() {
                    let c = SheetCode {
                        paper,
                        language,
                        orientation: Orientation::Landscape,
                        first_ply: 999_999,
                        copy: 500,
                        ..code(SheetName::Template(*t))
                    };
                    assert_eq!(c.to_string().parse::<SheetCode>(), Ok(c));
                    assert!(c.to_string().len() <= MAX_TEXT);
                }
            }
        }
        let c = code(SheetName::Hash(u64::MAX));
        assert_eq!(c.to_string().parse::<SheetCode>(), Ok(c));
    }

    #[test]
    fn refuses_what_is_not_a_code() {
        let cases = [
            ("PB2 t=ultimate p=A4 o=p l=en r=1 c=1", "code-version"),
            ("", "code-version"),
            ("PB1 t=nosuch p=A4 o=p l=en r=1 c=1", "code-value"),
            ("PB1 h=ABCDEF0123456789 p=A4 o=p l=en r=1 c=1", "code-value"),
            ("PB1 h=123 p=A4 o=p l=en r=1 c=1", "code-value"),
            ("PB1 t=ultimate p=a4 o=p l=en r=1 c=1", "code-value"),
            ("PB1 t=ultimate p=A4 o=x l=en r=1 c=1", "code-value"),
            ("PB1 t=ultimate p=A4 o=p l=xx r=1 c=1", "code-value"),
            ("PB1 t=ultimate p=A4 o=p l=en r=0 c=1", "code-value"),
            ("PB1 t=ultimate p=A4 o=p l=en r=01 c=1", "code-value"),
            ("PB1 t=ultimate p=A4 o=p l=en r=1 c=-1", "code-value"),
            (
                "PB1 t=ultimate p=A4 o=p l=en r=99999999999 c=1",
                "code-value",
            ),
            ("PB1 t=ultimate p=A4 l=en o=p r=1 c=1", "code-field"),
            ("PB1 t=ultimate p=A4 o=p l=en r=1", "code-field"),
            ("PB1 t=ultimate  p=A4 o=p l=en r=1 c=1", "code-field"),
            ("PB1 t=ultimate p=A4 o=p l=en r=1 c=1 x=2", "code-trailing"),
        ];
        for (text, want) in cases {
            let e = text.parse::<SheetCode>().unwrap_err();
            assert_eq!(e.code(), want, "{text}: {e}");
            assert!(!e.to_string().contains("SheetCode"), "{e}");
        }
        let long = format!("PB1 t={}", "x".repeat(200));
        assert_eq!(
            long.parse::<SheetCode>().unwrap_err().code(),
            "code-too-long"
        );
    }

    #[test]
    fn fnv1a_is_the_published_function() {
        // Test vectors of the FNV reference.
        assert_eq!(fnv1a(b""), 0xcbf2_9ce4_8422_2325);
        assert_eq!(fnv1a(b"a"), 0xaf63_dc4c_8601_ec8c);
        assert_eq!(fnv1a(b"foobar"), 0x8594_4171_f739_67e8);
    }
}
