//! Value types shared by the spec's keys: lengths that may be fitted, colours,
//! and range-checked numbers.
//!
//! Range checks run while deserializing, so the TOML reader attaches the exact
//! span of the offending value to the error (line and column for free).

use std::fmt;

use serde::de::{self, Deserializer, Visitor};

use crate::display::Color;

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

/// Reads a number checked against `min..=max`, or the string `"fit"` when
/// `fit_ok`. `key` and `unit` only word the error.
pub(crate) fn number_or_fit<'de, D: Deserializer<'de>>(
    d: D,
    key: &'static str,
    unit: &'static str,
    (min, max): (f64, f64),
    fit_ok: bool,
) -> Result<Extent<f64>, D::Error> {
    struct V {
        key: &'static str,
        unit: &'static str,
        min: f64,
        max: f64,
        fit_ok: bool,
    }
    impl V {
        fn check<E: de::Error>(&self, v: f64) -> Result<Extent<f64>, E> {
            if v.is_finite() && (self.min..=self.max).contains(&v) {
                Ok(Extent::Fixed(v))
            } else {
                Err(E::custom(format!(
                    "`{}` must be between {} and {}{}, got {v}",
                    self.key, self.min, self.max, self.unit
                )))
            }
        }
    }
    impl Visitor<'_> for V {
        type Value = Extent<f64>;
        fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
            write!(
                f,
                "`{}`: a number {}..{}{}",
                self.key, self.min, self.max, self.unit
            )?;
            if self.fit_ok {
                f.write_str(" or \"fit\"")?;
            }
            Ok(())
        }
        fn visit_f64<E: de::Error>(self, v: f64) -> Result<Self::Value, E> {
            self.check(v)
        }
        fn visit_i64<E: de::Error>(self, v: i64) -> Result<Self::Value, E> {
            self.check(v as f64)
        }
        fn visit_u64<E: de::Error>(self, v: u64) -> Result<Self::Value, E> {
            self.check(v as f64)
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
        key,
        unit,
        min,
        max,
        fit_ok,
    })
}

/// Declares range-checked deserializers for spec keys:
/// `name: key, unit, min..max` gives `name` (f64), and with `fit` an
/// `Extent<f64>` that also accepts `"fit"`; `opt` wraps in `Option`.
macro_rules! ranged {
    ($( $name:ident: $kind:ident $key:literal $unit:literal $min:literal .. $max:literal; )*) => {
        $( ranged!(@one $name $kind $key $unit $min $max); )*
    };
    (@one $name:ident num $key:literal $unit:literal $min:literal $max:literal) => {
        pub(crate) fn $name<'de, D: serde::Deserializer<'de>>(d: D) -> Result<f64, D::Error> {
            match $crate::spec::value::number_or_fit(d, $key, $unit, ($min as f64, $max as f64), false)? {
                $crate::spec::value::Extent::Fixed(v) => Ok(v),
                $crate::spec::value::Extent::Fit => unreachable!("fit is refused"),
            }
        }
    };
    (@one $name:ident optnum $key:literal $unit:literal $min:literal $max:literal) => {
        pub(crate) fn $name<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Option<f64>, D::Error> {
            match $crate::spec::value::number_or_fit(d, $key, $unit, ($min as f64, $max as f64), false)? {
                $crate::spec::value::Extent::Fixed(v) => Ok(Some(v)),
                $crate::spec::value::Extent::Fit => unreachable!("fit is refused"),
            }
        }
    };
    (@one $name:ident fit $key:literal $unit:literal $min:literal $max:literal) => {
        pub(crate) fn $name<'de, D: serde::Deserializer<'de>>(
            d: D,
        ) -> Result<$crate::spec::value::Extent<f64>, D::Error> {
            $crate::spec::value::number_or_fit(d, $key, $unit, ($min as f64, $max as f64), true)
        }
    };
}
pub(crate) use ranged;

ranged! {
    line_width: num "line width" " mm" 0.05 .. 3;
    font_size: num "size" " mm" 2.2 .. 40;
}

/// Default of the keys that switch something on.
pub(crate) fn yes() -> bool {
    true
}

/// Default colour of lines and text.
pub(crate) fn black() -> Color {
    Color::BLACK
}

/// Default width of thin rules, mm.
pub(crate) fn thin_line() -> f64 {
    0.15
}

/// Default width of outlines, mm.
pub(crate) fn outline() -> f64 {
    0.45
}

/// Reads a whole number of rows (1..500), or `"fit"`.
pub(crate) fn rows_or_fit<'de, D: Deserializer<'de>>(d: D) -> Result<Extent<u32>, D::Error> {
    whole_or_fit(d, "rows", 500.0)
}

/// Reads a whole number of record tables (1..20), or `"fit"`.
pub(crate) fn tables_or_fit<'de, D: Deserializer<'de>>(d: D) -> Result<Extent<u32>, D::Error> {
    whole_or_fit(d, "count", 20.0)
}

/// Reads a whole number 1..=`max`.
pub(crate) fn whole<'de, D: Deserializer<'de>>(
    d: D,
    key: &'static str,
    max: u32,
) -> Result<u32, D::Error> {
    // Any finite number here, so the range error below can say "whole".
    let any = (-1e9, 1e9);
    match number_or_fit(d, key, "", any, false)? {
        Extent::Fixed(v) if v.fract() == 0.0 && (1.0..=f64::from(max)).contains(&v) => Ok(v as u32),
        Extent::Fixed(v) => Err(de::Error::custom(format!(
            "`{key}` must be a whole number between 1 and {max}, got {v}"
        ))),
        Extent::Fit => unreachable!("fit is refused"),
    }
}

fn whole_or_fit<'de, D: Deserializer<'de>>(
    d: D,
    key: &'static str,
    max: f64,
) -> Result<Extent<u32>, D::Error> {
    // Any finite number here, so the range error below can say "whole".
    let any = (-1e9, 1e9);
    match number_or_fit(d, key, "", any, true)? {
        Extent::Fixed(v) if v.fract() == 0.0 && (1.0..=max).contains(&v) => {
            Ok(Extent::Fixed(v as u32))
        }
        Extent::Fixed(v) => Err(de::Error::custom(format!(
            "`{key}` must be a whole number between 1 and {max} or \"fit\", got {v}"
        ))),
        Extent::Fit => Ok(Extent::Fit),
    }
}

/// Reads a pin position `[x, y]`: two finite numbers of mm from the page's
/// top-left corner, 0..=2000.
pub(crate) fn position<'de, D: Deserializer<'de>>(d: D) -> Result<Option<[f64; 2]>, D::Error> {
    let [x, y]: [f64; 2] = serde::Deserialize::deserialize(d)?;
    if [x, y]
        .iter()
        .all(|v| v.is_finite() && (0.0..=2000.0).contains(v))
    {
        Ok(Some([x, y]))
    } else {
        Err(de::Error::custom(format!(
            "`at` must be [x, y] in mm from the page's top-left corner (0..2000), got [{x}, {y}]"
        )))
    }
}

/// Reads a list of 1..=`max` short headings.
pub(crate) fn headings<'de, D: Deserializer<'de>>(
    d: D,
    key: &'static str,
    max: usize,
) -> Result<Vec<String>, D::Error> {
    let v: Vec<String> = serde::Deserialize::deserialize(d)?;
    if (1..=max).contains(&v.len()) {
        Ok(v)
    } else {
        Err(de::Error::custom(format!(
            "`{key}` needs between 1 and {max} entries, got {}",
            v.len()
        )))
    }
}

/// Reads a colour written `"#rrggbb"` or `"#rgb"`.
pub(crate) fn color<'de, D: Deserializer<'de>>(d: D) -> Result<Color, D::Error> {
    let s: String = serde::Deserialize::deserialize(d)?;
    parse_color(&s).ok_or_else(|| {
        de::Error::custom(format!(
            "`{s}` is not a colour; write \"#rrggbb\" (e.g. \"#808080\" for mid grey)"
        ))
    })
}

/// Reads the colour of text players read: as [`color`], and at least 60 %
/// black, so it survives a black-and-white copy.
pub(crate) fn text_color<'de, D: Deserializer<'de>>(d: D) -> Result<Color, D::Error> {
    let c = color(d)?;
    if c.prints_dark() {
        Ok(c)
    } else {
        Err(de::Error::custom(format!(
            "`{}` is too light for text on a photocopy ({:.0} % black); text needs at least 60 % black, e.g. \"#666666\" or darker",
            c.to_hex(),
            c.ink() * 100.0
        )))
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
