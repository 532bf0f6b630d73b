//! Value types shared by the spec's keys: lengths that may be fitted, colours,
//! and range-checked numbers.
//!
//! Range checks run while deserializing, so the TOML reader attaches the exact
//! span of the offending value to the error (line and column for free).

use std::fmt;

use serde::de::{self, Deserializer, Visitor};

use crate::display::Color;
use crate::source::fault::{Accepts, Fault};

/// A length or count that is either given or fitted by the layout engine to
/// the space its arrangement leaves (`"fit"` in the spec).
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) enum Extent<T> {
    /// The value as written.
    Fixed(T),
    /// As large as the space allows.
    Fit,
}

impl<T: Copy> Extent<T> {
    /// Whether the layout engine chooses the value.
    pub(crate) fn is_fit(&self) -> bool {
        matches!(self, Extent::Fit)
    }
}

/// `5`, `0.05`, `2,000`: a limit as messages write it.
fn shown(v: f64) -> String {
    if v.fract() == 0.0 && v.abs() < 1e15 {
        crate::limits::group(v.abs() as u64)
    } else {
        v.to_string()
    }
}

/// What a number key accepts: "a number of mm from 0 to 100", `or "fit"`
/// when it may be fitted.
fn number_form(whole: bool, unit: &str, (min, max): (f64, f64), fit_ok: bool) -> Accepts {
    Accepts::Range {
        whole,
        unit: unit.trim().to_string(),
        min: shown(min),
        max: shown(max),
        fit: fit_ok,
    }
}

/// Reads a number in `min..=max` (a whole one when `whole`), or the string
/// `"fit"` when `fit_ok`. Every refusal says the accepted form and range in
/// words (the reader's message then reads "`key` must be a number of mm
/// from 0 to 100, not 150", see [`crate::source::words`]).
fn read_number<'de, D: Deserializer<'de>>(
    d: D,
    whole: bool,
    unit: &'static str,
    range: (f64, f64),
    fit_ok: bool,
) -> Result<Extent<f64>, D::Error> {
    struct V {
        accepts: Accepts,
        whole: bool,
        range: (f64, f64),
        fit_ok: bool,
    }
    impl V {
        fn check<E: de::Error>(&self, v: f64, shown: de::Unexpected) -> Result<Extent<f64>, E> {
            let (min, max) = self.range;
            let whole = !self.whole || v.fract() == 0.0;
            if v.is_finite() && whole && (min..=max).contains(&v) {
                Ok(Extent::Fixed(v))
            } else {
                Err(E::invalid_value(shown, self))
            }
        }
    }
    impl Visitor<'_> for V {
        type Value = Extent<f64>;
        fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
            self.accepts.expecting(f)
        }
        fn visit_f64<E: de::Error>(self, v: f64) -> Result<Self::Value, E> {
            self.check(v, de::Unexpected::Float(v))
        }
        fn visit_i64<E: de::Error>(self, v: i64) -> Result<Self::Value, E> {
            self.check(v as f64, de::Unexpected::Signed(v))
        }
        fn visit_u64<E: de::Error>(self, v: u64) -> Result<Self::Value, E> {
            self.check(v as f64, de::Unexpected::Unsigned(v))
        }
        fn visit_str<E: de::Error>(self, v: &str) -> Result<Self::Value, E> {
            if self.fit_ok && v == "fit" {
                Ok(Extent::Fit)
            } else {
                Err(E::invalid_value(de::Unexpected::Str(v), &self))
            }
        }
    }
    d.deserialize_any(V {
        accepts: number_form(whole, unit, range, fit_ok),
        whole,
        range,
        fit_ok,
    })
}

/// Reads a number checked against `min..=max`, or the string `"fit"` when
/// `fit_ok`. `unit` only words the error.
pub(crate) fn number_or_fit<'de, D: Deserializer<'de>>(
    d: D,
    unit: &'static str,
    range: (f64, f64),
    fit_ok: bool,
) -> Result<Extent<f64>, D::Error> {
    read_number(d, false, unit, range, fit_ok)
}

/// Reads a number checked against `min..=max` (no `"fit"`).
pub(crate) fn number<'de, D: Deserializer<'de>>(
    d: D,
    unit: &'static str,
    range: (f64, f64),
) -> Result<f64, D::Error> {
    match read_number(d, false, unit, range, false)? {
        Extent::Fixed(v) => Ok(v),
        // Refused by the reader above; kept total rather than assumed.
        Extent::Fit => Err(de::Error::custom("`fit` is not accepted here")),
    }
}

/// Reads a whole number in `min..=max`, or `"fit"`.
pub(crate) fn whole_or_fit<'de, D: Deserializer<'de>>(
    d: D,
    (min, max): (u32, u32),
) -> Result<Extent<u32>, D::Error> {
    Ok(
        match read_number(d, true, "", (f64::from(min), f64::from(max)), true)? {
            // Whole and within a u32 range: checked by the reader.
            Extent::Fixed(v) => Extent::Fixed(v as u32),
            Extent::Fit => Extent::Fit,
        },
    )
}

/// Reads a whole number of a part's key from `min` to `max` (a row or move
/// number, a count of digits), through the same check as [`whole`].
pub(crate) fn whole_from<'de, D: Deserializer<'de>>(
    d: D,
    key: &'static str,
    (min, max): (u32, u32),
) -> Result<u32, D::Error> {
    let limit = crate::limits::Whole {
        key,
        min: u64::from(min),
        max: u64::from(max),
    };
    // Checked to be at most `max`, so it fits.
    whole(d, limit).map(|v| v as u32)
}

/// Reads a whole number checked by `limit`: the one check of a key that a
/// command-line flag sets too (`copies` and `--copies`). Integers are read
/// exactly (a seed may be any u64); a number written with a fraction or an
/// exponent (`1e3`) counts when it is whole.
pub(crate) fn whole<'de, D: Deserializer<'de>>(
    d: D,
    limit: crate::limits::Whole,
) -> Result<u64, D::Error> {
    struct V(crate::limits::Whole);
    impl V {
        fn check<E: de::Error>(&self, v: i128, shown: de::Unexpected) -> Result<u64, E> {
            self.0.check(v).map_err(|_| E::invalid_value(shown, self))
        }
    }
    impl Visitor<'_> for V {
        type Value = u64;
        fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
            Accepts::Range {
                whole: true,
                unit: String::new(),
                min: crate::limits::group(self.0.min),
                max: crate::limits::group(self.0.max),
                fit: false,
            }
            .expecting(f)
        }
        fn visit_i64<E: de::Error>(self, v: i64) -> Result<u64, E> {
            self.check(v.into(), de::Unexpected::Signed(v))
        }
        fn visit_u64<E: de::Error>(self, v: u64) -> Result<u64, E> {
            self.check(v.into(), de::Unexpected::Unsigned(v))
        }
        fn visit_f64<E: de::Error>(self, v: f64) -> Result<u64, E> {
            // Whole floats below 2^63 convert exactly.
            if v.is_finite() && v.fract() == 0.0 && v.abs() < 9.2e18 {
                self.check(v as i128, de::Unexpected::Float(v))
            } else {
                Err(E::invalid_value(de::Unexpected::Float(v), &self))
            }
        }
    }
    d.deserialize_any(V(limit))
}

/// A value a key takes written either as a whole number or as text
/// (`size = 8`, `size = "8x6"`), or either as a whole number or as a list of
/// texts (`players = 3`, `players = ["Ann", "Ben"]`).
#[derive(Debug, Clone, PartialEq)]
pub(crate) enum NumberOr {
    /// A whole number.
    Number(i64),
    /// A text.
    Text(String),
    /// A list of texts.
    Texts(Vec<String>),
}

/// Reads a whole number, or else text (`list` false) or a list of texts
/// (`list` true); `accepts` is what the key accepts, for the message when
/// it is neither.
pub(crate) fn number_or<'de, D: Deserializer<'de>>(
    d: D,
    list: bool,
    accepts: &Accepts,
) -> Result<NumberOr, D::Error> {
    struct V<'a> {
        list: bool,
        accepts: &'a Accepts,
    }
    impl<'de> Visitor<'de> for V<'_> {
        type Value = NumberOr;
        fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
            self.accepts.expecting(f)
        }
        fn visit_i64<E: de::Error>(self, v: i64) -> Result<NumberOr, E> {
            Ok(NumberOr::Number(v))
        }
        fn visit_u64<E: de::Error>(self, v: u64) -> Result<NumberOr, E> {
            i64::try_from(v)
                .map(NumberOr::Number)
                .map_err(|_| E::invalid_value(de::Unexpected::Unsigned(v), &self))
        }
        fn visit_str<E: de::Error>(self, v: &str) -> Result<NumberOr, E> {
            if self.list {
                Err(E::invalid_type(de::Unexpected::Str(v), &self))
            } else {
                Ok(NumberOr::Text(v.to_string()))
            }
        }
        fn visit_seq<A: de::SeqAccess<'de>>(self, mut seq: A) -> Result<NumberOr, A::Error> {
            if !self.list {
                return Err(de::Error::invalid_type(de::Unexpected::Seq, &self));
            }
            let mut out = Vec::new();
            while let Some(v) = seq.next_element::<String>()? {
                out.push(v);
            }
            Ok(NumberOr::Texts(out))
        }
    }
    d.deserialize_any(V { list, accepts })
}

/// The farthest a pin may be from the page's top-left corner, mm.
const PIN_MAX: f64 = 2000.0;

/// Reads a pin position `[x, y]`: exactly two finite numbers of mm from the
/// page's top-left corner, 0..=2000.
pub(crate) fn position<'de, D: Deserializer<'de>>(d: D) -> Result<Option<[f64; 2]>, D::Error> {
    struct V;
    impl<'de> Visitor<'de> for V {
        type Value = [f64; 2];
        fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
            Accepts::Pin {
                max: shown(PIN_MAX),
            }
            .expecting(f)
        }
        fn visit_seq<A: de::SeqAccess<'de>>(self, mut seq: A) -> Result<Self::Value, A::Error> {
            let mut xy = Vec::with_capacity(2);
            while let Some(v) = seq.next_element::<f64>()? {
                xy.push(v);
                if xy.len() > 2 {
                    // A third coordinate is a mistake, not something to drop.
                    let n = xy.len()
                        + std::iter::from_fn(|| {
                            seq.next_element::<de::IgnoredAny>().ok().flatten()
                        })
                        .count();
                    return Err(de::Error::invalid_length(n, &self));
                }
            }
            match xy.as_slice() {
                &[x, y]
                    if [x, y]
                        .iter()
                        .all(|v| v.is_finite() && (0.0..=PIN_MAX).contains(v)) =>
                {
                    Ok([x, y])
                }
                &[x, y] => Err(de::Error::invalid_value(
                    de::Unexpected::Other(&format!("[{x}, {y}]")),
                    &self,
                )),
                other => Err(de::Error::invalid_length(other.len(), &self)),
            }
        }
    }
    d.deserialize_seq(V).map(Some)
}

/// Reads a list of 1..=`max` short headings.
pub(crate) fn headings<'de, D: Deserializer<'de>>(
    d: D,
    _key: &'static str,
    max: usize,
) -> Result<Vec<String>, D::Error> {
    struct V(usize);
    impl<'de> Visitor<'de> for V {
        type Value = Vec<String>;
        fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
            Accepts::Texts {
                max: self.0.to_string(),
            }
            .expecting(f)
        }
        fn visit_seq<A: de::SeqAccess<'de>>(self, mut seq: A) -> Result<Self::Value, A::Error> {
            let mut out = Vec::new();
            while let Some(v) = seq.next_element::<String>()? {
                out.push(v);
            }
            if (1..=self.0).contains(&out.len()) {
                Ok(out)
            } else {
                Err(de::Error::invalid_length(out.len(), &self))
            }
        }
    }
    d.deserialize_seq(V(max))
}

/// Reads a colour written `"#rrggbb"` or `"#rgb"`.
pub(crate) fn color<'de, D: Deserializer<'de>>(d: D) -> Result<Color, D::Error> {
    struct V;
    impl Visitor<'_> for V {
        type Value = Color;
        fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
            Accepts::Colour.expecting(f)
        }
        fn visit_str<E: de::Error>(self, v: &str) -> Result<Color, E> {
            parse_color(v).ok_or_else(|| E::invalid_value(de::Unexpected::Str(v), &self))
        }
    }
    d.deserialize_str(V)
}

/// Reads the colour of text players read: as [`color`], and at least 60 %
/// black, so it survives a black-and-white copy.
pub(crate) fn text_color<'de, D: Deserializer<'de>>(d: D) -> Result<Color, D::Error> {
    let c = color(d)?;
    if c.prints_dark() {
        Ok(c)
    } else {
        Err(Fault::TooLight {
            colour: c.to_hex(),
            black: format!("{:.0}", c.ink() * 100.0),
        }
        .refused())
    }
}

fn parse_color(s: &str) -> Option<Color> {
    let hex = s.strip_prefix('#')?;
    let digit = |c: char| c.to_digit(16).map(|d| d as u8);
    let digits: Vec<u8> = hex.chars().map(digit).collect::<Option<_>>()?;
    match digits.as_slice() {
        [r, g, b] => Some(Color::rgb(r * 17, g * 17, b * 17)),
        [r1, r2, g1, g2, b1, b2] => Some(Color::rgb(r1 * 16 + r2, g1 * 16 + g2, b1 * 16 + b2)),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn colours_parse_long_and_short_forms() {
        assert_eq!(parse_color("#808080"), Some(Color::grey(128)));
        assert_eq!(parse_color("#fff"), Some(Color::WHITE));
        assert_eq!(parse_color("808080"), None);
        assert_eq!(parse_color("#80808"), None);
        assert_eq!(parse_color("#zzzzzz"), None);
    }
}
