//! Exact fractions for mean distances.
//!
//! The published figures are fractions (17/9, 8/3, 536/243); comparing floats
//! would let an off-by-one in a 6561-entry sum pass as "close enough".

use std::cmp::Ordering;
use std::fmt;

/// A non-negative fraction in lowest terms.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Ratio {
    num: u64,
    den: u64,
}

const fn gcd(mut a: u64, mut b: u64) -> u64 {
    while b != 0 {
        let t = a % b;
        a = b;
        b = t;
    }
    a
}

impl Ratio {
    /// `num / den` reduced to lowest terms; `None` when `den` is 0.
    pub const fn new(num: u64, den: u64) -> Option<Self> {
        if den == 0 {
            return None;
        }
        let g = gcd(num, den);
        // gcd(0, den) = den, so 0/den reduces to 0/1.
        Some(Ratio {
            num: num / g,
            den: den / g,
        })
    }

    /// The numerator, in lowest terms.
    pub const fn numer(self) -> u64 {
        self.num
    }

    /// The denominator, in lowest terms (never 0).
    pub const fn denom(self) -> u64 {
        self.den
    }

    /// The nearest `f64`.
    pub(crate) fn to_f64(self) -> f64 {
        self.num as f64 / self.den as f64
    }

    /// `8/3 = 2.6667`: the exact fraction and a 4-place decimal.
    pub(crate) fn with_decimal(self) -> String {
        format!("{self} = {:.4}", self.to_f64())
    }
}

impl fmt::Display for Ratio {
    /// `8/3`, or `2` when the denominator is 1.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.den == 1 {
            write!(f, "{}", self.num)
        } else {
            write!(f, "{}/{}", self.num, self.den)
        }
    }
}

impl Ord for Ratio {
    fn cmp(&self, other: &Self) -> Ordering {
        (u128::from(self.num) * u128::from(other.den))
            .cmp(&(u128::from(other.num) * u128::from(self.den)))
    }
}

impl PartialOrd for Ratio {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl serde::Serialize for Ratio {
    /// `{"numerator": 8, "denominator": 3, "decimal": 2.6666666666666665}`.
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeStruct;
        let mut st = s.serialize_struct("Ratio", 3)?;
        st.serialize_field("numerator", &self.num)?;
        st.serialize_field("denominator", &self.den)?;
        st.serialize_field("decimal", &self.to_f64())?;
        st.end()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reduces_and_prints() {
        assert_eq!(Ratio::new(1944, 729).unwrap().to_string(), "8/3");
        assert_eq!(Ratio::new(14472, 6561).unwrap().to_string(), "536/243");
        assert_eq!(Ratio::new(6, 3).unwrap().to_string(), "2");
        assert_eq!(Ratio::new(0, 7).unwrap(), Ratio::new(0, 1).unwrap());
        assert_eq!(Ratio::new(8, 3).unwrap().with_decimal(), "8/3 = 2.6667");
        assert!(Ratio::new(1, 0).is_none());
    }

    #[test]
    fn orders_by_value_not_by_parts() {
        let a = Ratio::new(17, 9).unwrap();
        let b = Ratio::new(8, 3).unwrap();
        let c = Ratio::new(536, 243).unwrap();
        assert!(a < c && c < b);
        assert_eq!(
            Ratio::new(2, 4).unwrap().cmp(&Ratio::new(1, 2).unwrap()),
            Ordering::Equal
        );
    }
}
