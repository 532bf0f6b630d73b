//! Every key of a spec table declared once: its name, the type of its value
//! with its range, its default and what it means.
//!
//! `spec_table!` reads one such declaration per table and generates from
//! it the table's struct, the reader that fills it (every value
//! range-checked while it is read, so the TOML reader attaches the span of
//! a bad value to the error), and the table's entry in the reference
//! (which the spec module gathers): the `| key | type | default | meaning |` tables of
//! docs/spec.md are that reference written out (a test fails when the
//! committed text differs), and the web form builds its controls from the
//! same entries. A key added, renamed or re-ranged in its declaration is
//! so read, documented and offered on the page alike, and cannot be one
//! without the others.
//!
//! A leaf below both the spec and the parts: each part kind declares its
//! table here, and the spec gathers the tables.
//!
//! How a key is read is a `KeyRead`: a small value (`Mm { min, max,
//! default }`) that reads the key's value, gives its default and describes
//! its shape. The readers reuse the checks of `value`, which word
//! every refusal in the user's terms.

use std::fmt;

use serde::de::{self, DeserializeSeed, Deserializer};

pub(crate) mod value;

use crate::display::Color;
use value::Extent;

/// The shape of a key's value, as the reference and the web form show it.
#[derive(Debug, Clone, PartialEq)]
pub enum KeyShape {
    /// A number in a range (of millimetres when `unit` is `"mm"`), maybe
    /// whole, maybe also `"fit"`.
    Number {
        /// Least value.
        min: f64,
        /// Greatest value.
        max: f64,
        /// `"mm"` or empty.
        unit: &'static str,
        /// Whole numbers only.
        whole: bool,
        /// `"fit"` is accepted too.
        fit: bool,
    },
    /// A number of mm in a range, or the word `"cell"` (one cell).
    NumberOrCell {
        /// Least value.
        min: f64,
        /// Greatest value.
        max: f64,
    },
    /// `true` or `false`.
    Bool,
    /// Any text.
    Text,
    /// A colour `"#rrggbb"`; `text` when it is the colour of text players
    /// read (at least 60 % black).
    Color {
        /// Text colour, held to 60 % black.
        text: bool,
    },
    /// One of these words.
    Choice(&'static [&'static str]),
    /// A list of 1 to `max` texts (`None`: any number).
    List {
        /// Most entries, if bounded.
        max: Option<usize>,
    },
    /// A map of the Strategic field: a built-in one of this kind
    /// (`functional`, `hyperfunctional`) or a map file.
    Map(&'static str),
    /// A board size: one whole number, or `"WxH"`, each side in a range.
    BoardSize {
        /// Least side.
        min: u32,
        /// Greatest side.
        max: u32,
    },
    /// A number of players in a range, or their names.
    Players {
        /// Fewest.
        min: u32,
        /// Most.
        max: u32,
    },
    /// A table of numbers of mm under these keys.
    Numbers {
        /// The keys.
        keys: &'static [&'static str],
        /// Least value.
        min: f64,
        /// Greatest value.
        max: f64,
    },
    /// The part's name, by which arrangements refer to it.
    Id,
    /// `[x, y]`: a pin position, mm from the page's top-left corner.
    Pin,
    /// A list of ids.
    Ids,
    /// A value the reference describes in these words (`template name or
    /// spec path`), and a form offers as text.
    Described(&'static str),
}

/// `5`, `0.05`, `100000`: a bound as the reference writes it.
fn bound(v: f64) -> String {
    if v.fract() == 0.0 && v.abs() < 1e15 {
        format!("{}", v as i64)
    } else {
        v.to_string()
    }
}

impl KeyShape {
    /// The shape in the reference's words: `mm 2..20, or "fit"`.
    pub fn words(&self) -> String {
        match self {
            KeyShape::Number {
                min,
                max,
                unit,
                whole,
                fit,
            } => {
                let kind = if *whole { "whole number" } else { unit };
                let kind = if kind.is_empty() { "number" } else { kind };
                let fit = if *fit { ", or `\"fit\"`" } else { "" };
                format!("{kind} {}..{}{fit}", bound(*min), bound(*max))
            }
            KeyShape::NumberOrCell { min, max } => {
                format!("mm {}..{}, or `\"cell\"`", bound(*min), bound(*max))
            }
            KeyShape::Bool => "bool".into(),
            KeyShape::Text => "string".into(),
            KeyShape::Color { .. } => "`\"#rrggbb\"`".into(),
            KeyShape::Choice(words) => words
                .iter()
                .map(|w| format!("`\"{w}\"`"))
                .collect::<Vec<_>>()
                .join(", "),
            KeyShape::List { max: Some(max) } => format!("list of 1..{max} strings"),
            KeyShape::List { max: None } => "list of strings".into(),
            KeyShape::Map(_) => "map".into(),
            KeyShape::BoardSize { min, max } => {
                format!("whole number {min}..{max}, or `\"WxH\"`")
            }
            KeyShape::Players { min, max } => {
                format!("whole number {min}..{max}, or a list of {min}..{max} names")
            }
            KeyShape::Numbers { .. } => "table".into(),
            KeyShape::Id => "string".into(),
            KeyShape::Pin => "`[x, y]` mm".into(),
            KeyShape::Ids => "list of ids".into(),
            KeyShape::Described(words) => (*words).into(),
        }
    }
}

/// One key of a table, as the reference documents it.
#[derive(Debug, Clone, PartialEq)]
pub struct KeyDoc {
    /// The key as a spec writes it (`min-cell`).
    pub key: &'static str,
    /// The shape of its value.
    pub shape: KeyShape,
    /// The default, in the reference's words.
    pub default: String,
    /// What the key means.
    pub meaning: &'static str,
}

/// One table of the spec with its keys.
#[derive(Debug, Clone, PartialEq)]
pub struct TableDoc {
    /// The table's name (`page`, `sos-board`).
    pub table: &'static str,
    /// An array of tables (a part kind, `[[sos-board]]`) rather than one table.
    pub array: bool,
    /// Its keys, in the order the reference lists them.
    pub keys: Vec<KeyDoc>,
}

impl TableDoc {
    /// The table's heading in the reference: `` `[page]` ``, `` `[[sos-board]]` ``.
    pub fn heading(&self) -> String {
        if self.array {
            format!("`[[{}]]`", self.table)
        } else {
            format!("`[{}]`", self.table)
        }
    }

    /// The table of keys as the reference writes it in Markdown.
    pub fn markdown(&self) -> String {
        let mut out = String::from("| key | type | default | meaning |\n|---|---|---|---|\n");
        for k in &self.keys {
            out.push_str(&format!(
                "| `{}` | {} | {} | {} |\n",
                k.key,
                k.shape.words(),
                k.default,
                k.meaning
            ));
        }
        out
    }
}

/// How one key is read: its value's reader, its default and its shape.
pub(crate) trait KeyRead {
    /// What the key's value becomes.
    type Value;
    /// Reads the value written under `key`, checked.
    fn read<'de, D: Deserializer<'de>>(
        &self,
        key: &'static str,
        d: D,
    ) -> Result<Self::Value, D::Error>;
    /// The value when the key is not written; `None` when it must be.
    fn default_value(&self) -> Option<Self::Value>;
    /// The shape of the value, for the reference and the form.
    fn shape(&self) -> KeyShape;
    /// The default in the reference's words.
    fn default_words(&self) -> String;
}

/// Reads one key's value through its [`KeyRead`].
pub(crate) struct Seed<'r, R> {
    /// The key's reader.
    pub(crate) reader: &'r R,
    /// The key as written.
    pub(crate) key: &'static str,
}

impl<'de, R: KeyRead> DeserializeSeed<'de> for Seed<'_, R> {
    type Value = R::Value;
    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<R::Value, D::Error> {
        self.reader.read(self.key, d)
    }
}

/// Reads a table's key names, refusing any other: the key as the table
/// declares it. Refusing while the name is read (not after) lets the TOML
/// reader point at the unknown key itself.
pub(crate) struct KeyName {
    /// The table's keys.
    pub(crate) keys: &'static [&'static str],
}

impl<'de> DeserializeSeed<'de> for KeyName {
    type Value = &'static str;
    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<&'static str, D::Error> {
        struct V(&'static [&'static str]);
        impl de::Visitor<'_> for V {
            type Value = &'static str;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("a key of this table")
            }
            fn visit_str<E: de::Error>(self, v: &str) -> Result<&'static str, E> {
                self.0
                    .iter()
                    .find(|k| **k == v)
                    .copied()
                    .ok_or_else(|| E::unknown_field(v, self.0))
            }
        }
        d.deserialize_identifier(V(self.keys))
    }
}

/// Declares a spec table: its struct, its reader and its reference entry,
/// from one line per key:
///
/// ```text
/// spec_table! {
///     /// `[[ttt-boards]]`: a practice page of tic-tac-toe boards.
///     pub(crate) struct TttBoards = "ttt-boards" {
///         cell: f64 = "cell", Mm { min: 3.0, max: 60.0, default: 13.0 },
///             "preferred cell side";
///     }
/// }
/// ```
///
/// The table's name as a spec writes it follows the struct's. Each key:
/// the field, its type, the key as a spec writes it, its
/// [`KeyRead`], its meaning, and optionally `default "words"` when the
/// reference should word the default otherwise than the reader does
/// (`0.6 × cell`). `with Default` after the table's name also gives the
/// struct a `Default` of every key's default. Fields after `derived { … }` are not keys: they start
/// at their `Default` and are filled in after reading (resolved maps).
///
/// `part "name"` after the table's name makes it a part an arrangement
/// places: its first keys are `id` (the arrangement's name for it, `name`
/// when not written) and `at` (a pin), declared here once for every part.
macro_rules! spec_table {
    (
        $(#[$meta:meta])*
        $vis:vis struct $name:ident = $table:literal part $id:literal $(with $default_trait:ident)? {
            $($keys:tt)*
        }
        $($derived:tt)*
    ) => {
        $crate::keys::spec_table! {
            $(#[$meta])*
            $vis struct $name = $table $(with $default_trait)? {
                id: toml::Spanned<String> = "id", Id($id), "arrangement name";
                at: Option<[f64; 2]> = "at", Pin, "pin position";
                $($keys)*
            }
            $($derived)*
        }
    };
    (
        $(#[$meta:meta])*
        $vis:vis struct $name:ident = $table:literal $(with $default_trait:ident)? {
            $( $field:ident: $ty:ty = $key:literal, $reader:expr, $meaning:literal
                $(, default $default_words:literal)? ; )*
        }
        $( derived { $( $(#[$dmeta:meta])* $dfield:ident: $dty:ty, )* } )?
    ) => {
        $(#[$meta])*
        #[derive(Debug, Clone)]
        $vis struct $name {
            $(
                #[doc = $meaning]
                $vis $field: $ty,
            )*
            $($(
                $(#[$dmeta])*
                $vis $dfield: $dty,
            )*)?
        }

        $crate::keys::spec_table!(@default_impl [$($default_trait)?] $name { $( $field = $reader, )* });

        impl $name {
            /// The table's name as a spec writes it (a part kind's array of
            /// tables, `ttt-boards`).
            #[allow(dead_code)]
            pub(crate) const TABLE: &'static str = $table;
            /// The keys, as a spec writes them.
            const KEYS: &'static [&'static str] = &[$($key),*];

            /// The table as the reference documents it.
            // A table documented within another's row (`page.margins`)
            // is not listed on its own.
            #[allow(dead_code)]
            pub(crate) fn table_doc(array: bool) -> $crate::keys::TableDoc {
                #[allow(unused_imports)]
                use $crate::keys::*;
                $crate::keys::TableDoc {
                    table: $table,
                    array,
                    keys: vec![$(
                        $crate::keys::KeyDoc {
                            key: $key,
                            shape: KeyRead::shape(&$reader),
                            default: $crate::keys::spec_table!(@default
                                KeyRead::default_words(&$reader) $(, $default_words)?),
                            meaning: $meaning,
                        },
                    )*],
                }
            }
        }

        impl<'de> serde::Deserialize<'de> for $name {
            fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
                struct Table;
                impl<'de> serde::de::Visitor<'de> for Table {
                    type Value = $name;
                    fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                        f.write_str("a table")
                    }
                    #[allow(unused_mut, unused_variables, non_snake_case)]
                    fn visit_map<A: serde::de::MapAccess<'de>>(
                        self,
                        mut map: A,
                    ) -> Result<$name, A::Error> {
                        #[allow(unused_imports)]
                        use $crate::keys::*;
                        $( let mut $field: Option<$ty> = None; )*
                        while let Some(key) = map.next_key_seed(KeyName { keys: <$name>::KEYS })? {
                            $(
                                if key == $key {
                                    if $field.is_some() {
                                        return Err(serde::de::Error::duplicate_field($key));
                                    }
                                    $field = Some(map.next_value_seed(Seed { reader: &$reader, key: $key })?);
                                    continue;
                                }
                            )*
                        }
                        Ok($name {
                            $(
                                $field: match $field {
                                    Some(v) => v,
                                    None => KeyRead::default_value(&$reader)
                                        .ok_or_else(|| serde::de::Error::missing_field($key))?,
                                },
                            )*
                            $($( $dfield: Default::default(), )*)?
                        })
                    }
                }
                d.deserialize_struct(stringify!($name), <$name>::KEYS, Table)
            }
        }
    };
    (@default_impl [] $name:ident { $( $field:ident = $reader:expr, )* }) => {};
    (@default_impl [Default] $name:ident { $( $field:ident = $reader:expr, )* }) => {
        impl Default for $name {
            /// Every key at its default.
            fn default() -> Self {
                #[allow(unused_imports)]
                use $crate::keys::*;
                $name {
                    $( $field: KeyRead::default_value(&$reader).unwrap_or_default(), )*
                }
            }
        }
    };
    (@default $generated:expr) => { $generated };
    (@default $generated:expr, $words:literal) => { String::from($words) };
}
pub(crate) use spec_table;

/// A number of mm in `min..=max`.
pub(crate) struct Mm {
    pub(crate) min: f64,
    pub(crate) max: f64,
    pub(crate) default: f64,
}

impl KeyRead for Mm {
    type Value = f64;
    fn read<'de, D: Deserializer<'de>>(&self, _: &'static str, d: D) -> Result<f64, D::Error> {
        value::number(d, " mm", (self.min, self.max))
    }
    fn default_value(&self) -> Option<f64> {
        Some(self.default)
    }
    fn shape(&self) -> KeyShape {
        mm_shape(self.min, self.max, false)
    }
    fn default_words(&self) -> String {
        bound(self.default)
    }
}

fn mm_shape(min: f64, max: f64, fit: bool) -> KeyShape {
    KeyShape::Number {
        min,
        max,
        unit: "mm",
        whole: false,
        fit,
    }
}

/// A number of mm in `min..=max`, or nothing (`None` when not written).
pub(crate) struct OptMm {
    pub(crate) min: f64,
    pub(crate) max: f64,
}

impl KeyRead for OptMm {
    type Value = Option<f64>;
    fn read<'de, D: Deserializer<'de>>(
        &self,
        _: &'static str,
        d: D,
    ) -> Result<Option<f64>, D::Error> {
        value::number(d, " mm", (self.min, self.max)).map(Some)
    }
    fn default_value(&self) -> Option<Option<f64>> {
        Some(None)
    }
    fn shape(&self) -> KeyShape {
        mm_shape(self.min, self.max, false)
    }
    fn default_words(&self) -> String {
        "none".into()
    }
}

/// A number of mm in `min..=max`, or `"fit"`.
pub(crate) struct MmOrFit {
    pub(crate) min: f64,
    pub(crate) max: f64,
    pub(crate) default: Extent<f64>,
}

impl KeyRead for MmOrFit {
    type Value = Extent<f64>;
    fn read<'de, D: Deserializer<'de>>(
        &self,
        _: &'static str,
        d: D,
    ) -> Result<Extent<f64>, D::Error> {
        value::number_or_fit(d, " mm", (self.min, self.max), true)
    }
    fn default_value(&self) -> Option<Extent<f64>> {
        Some(self.default)
    }
    fn shape(&self) -> KeyShape {
        mm_shape(self.min, self.max, true)
    }
    fn default_words(&self) -> String {
        match self.default {
            Extent::Fixed(v) => bound(v),
            Extent::Fit => "`\"fit\"`".into(),
        }
    }
}

/// A whole number in `min..=max`, or `"fit"`.
pub(crate) struct CountOrFit {
    pub(crate) min: u32,
    pub(crate) max: u32,
    pub(crate) default: Extent<u32>,
}

impl KeyRead for CountOrFit {
    type Value = Extent<u32>;
    fn read<'de, D: Deserializer<'de>>(
        &self,
        _: &'static str,
        d: D,
    ) -> Result<Extent<u32>, D::Error> {
        value::whole_or_fit(d, (self.min, self.max))
    }
    fn default_value(&self) -> Option<Extent<u32>> {
        Some(self.default)
    }
    fn shape(&self) -> KeyShape {
        whole_shape(self.min, self.max, true)
    }
    fn default_words(&self) -> String {
        match self.default {
            Extent::Fixed(v) => v.to_string(),
            Extent::Fit => "`\"fit\"`".into(),
        }
    }
}

fn whole_shape(min: u32, max: u32, fit: bool) -> KeyShape {
    KeyShape::Number {
        min: f64::from(min),
        max: f64::from(max),
        unit: "",
        whole: true,
        fit,
    }
}

/// A whole number in `min..=max`.
pub(crate) struct Whole {
    pub(crate) min: u32,
    pub(crate) max: u32,
    pub(crate) default: u32,
}

impl KeyRead for Whole {
    type Value = u32;
    fn read<'de, D: Deserializer<'de>>(&self, key: &'static str, d: D) -> Result<u32, D::Error> {
        value::whole_from(d, key, (self.min, self.max))
    }
    fn default_value(&self) -> Option<u32> {
        Some(self.default)
    }
    fn shape(&self) -> KeyShape {
        whole_shape(self.min, self.max, false)
    }
    fn default_words(&self) -> String {
        self.default.to_string()
    }
}

/// A whole number in `min..=max`, or nothing (`None` when not written).
pub(crate) struct OptWhole {
    pub(crate) min: u32,
    pub(crate) max: u32,
}

impl KeyRead for OptWhole {
    type Value = Option<u32>;
    fn read<'de, D: Deserializer<'de>>(
        &self,
        key: &'static str,
        d: D,
    ) -> Result<Option<u32>, D::Error> {
        value::whole_from(d, key, (self.min, self.max)).map(Some)
    }
    fn default_value(&self) -> Option<Option<u32>> {
        Some(None)
    }
    fn shape(&self) -> KeyShape {
        whole_shape(self.min, self.max, false)
    }
    fn default_words(&self) -> String {
        "none".into()
    }
}

/// `true` or `false`.
pub(crate) struct Flag(pub(crate) bool);

impl KeyRead for Flag {
    type Value = bool;
    fn read<'de, D: Deserializer<'de>>(&self, _: &'static str, d: D) -> Result<bool, D::Error> {
        serde::Deserialize::deserialize(d)
    }
    fn default_value(&self) -> Option<bool> {
        Some(self.0)
    }
    fn shape(&self) -> KeyShape {
        KeyShape::Bool
    }
    fn default_words(&self) -> String {
        format!("`{}`", self.0)
    }
}

/// Any text.
pub(crate) struct Text(pub(crate) &'static str);

impl KeyRead for Text {
    type Value = String;
    fn read<'de, D: Deserializer<'de>>(&self, _: &'static str, d: D) -> Result<String, D::Error> {
        serde::Deserialize::deserialize(d)
    }
    fn default_value(&self) -> Option<String> {
        Some(self.0.into())
    }
    fn shape(&self) -> KeyShape {
        KeyShape::Text
    }
    fn default_words(&self) -> String {
        format!("`\"{}\"`", self.0)
    }
}

/// A colour of lines (`text: false`) or of text players read, held to 60 %
/// black (`text: true`).
pub(crate) struct Colour {
    pub(crate) default: Color,
    pub(crate) text: bool,
}

impl KeyRead for Colour {
    type Value = Color;
    fn read<'de, D: Deserializer<'de>>(&self, _: &'static str, d: D) -> Result<Color, D::Error> {
        if self.text {
            value::text_color(d)
        } else {
            value::color(d)
        }
    }
    fn default_value(&self) -> Option<Color> {
        Some(self.default)
    }
    fn shape(&self) -> KeyShape {
        KeyShape::Color { text: self.text }
    }
    fn default_words(&self) -> String {
        format!("`\"{}\"`", self.default.to_hex())
    }
}

/// A part's name, defaulting to its kind's.
pub(crate) struct Id(pub(crate) &'static str);

impl KeyRead for Id {
    type Value = toml::Spanned<String>;
    fn read<'de, D: Deserializer<'de>>(
        &self,
        _: &'static str,
        d: D,
    ) -> Result<toml::Spanned<String>, D::Error> {
        serde::Deserialize::deserialize(d)
    }
    fn default_value(&self) -> Option<toml::Spanned<String>> {
        Some(toml::Spanned::new(0..0, self.0.into()))
    }
    fn shape(&self) -> KeyShape {
        KeyShape::Id
    }
    fn default_words(&self) -> String {
        format!("`\"{}\"`", self.0)
    }
}

/// A pin position: `[x, y]` mm.
pub(crate) struct Pin;

impl KeyRead for Pin {
    type Value = Option<[f64; 2]>;
    fn read<'de, D: Deserializer<'de>>(
        &self,
        _: &'static str,
        d: D,
    ) -> Result<Option<[f64; 2]>, D::Error> {
        value::position(d)
    }
    fn default_value(&self) -> Option<Option<[f64; 2]>> {
        Some(None)
    }
    fn shape(&self) -> KeyShape {
        KeyShape::Pin
    }
    fn default_words(&self) -> String {
        "none".into()
    }
}

/// A list of 1..=`max` short texts (headings).
pub(crate) struct Headings {
    pub(crate) max: usize,
    pub(crate) default: &'static [&'static str],
}

impl KeyRead for Headings {
    type Value = Vec<String>;
    fn read<'de, D: Deserializer<'de>>(
        &self,
        key: &'static str,
        d: D,
    ) -> Result<Vec<String>, D::Error> {
        value::headings(d, key, self.max)
    }
    fn default_value(&self) -> Option<Vec<String>> {
        Some(self.default.iter().map(|s| s.to_string()).collect())
    }
    fn shape(&self) -> KeyShape {
        KeyShape::List {
            max: Some(self.max),
        }
    }
    fn default_words(&self) -> String {
        texts_words(self.default)
    }
}

fn texts_words(texts: &[&str]) -> String {
    let quoted: Vec<String> = texts.iter().map(|t| format!("\"{t}\"")).collect();
    format!("`[{}]`", quoted.join(", "))
}

/// A whole number within a limit the command line shares (`copies`,
/// `handout --copies`), read with that limit's message.
pub(crate) struct WholeIn {
    pub(crate) limit: crate::limits::Whole,
    pub(crate) default: u64,
}

impl KeyRead for WholeIn {
    type Value = u64;
    fn read<'de, D: Deserializer<'de>>(&self, _: &'static str, d: D) -> Result<u64, D::Error> {
        value::whole(d, self.limit)
    }
    fn default_value(&self) -> Option<u64> {
        Some(self.default)
    }
    fn shape(&self) -> KeyShape {
        // A bound past what a float writes exactly (a seed's) is no bound
        // a reader needs.
        if self.limit.max > 1 << 53 {
            return KeyShape::Described("whole number");
        }
        KeyShape::Number {
            min: self.limit.min as f64,
            max: self.limit.max as f64,
            unit: "",
            whole: true,
            fit: false,
        }
    }
    fn default_words(&self) -> String {
        self.default.to_string()
    }
}

/// A value that must be written, read by its type's own `Deserialize`.
pub(crate) struct Required<T: 'static> {
    /// The shape of the value.
    pub(crate) shape: KeyShape,
    /// Read as `T`.
    pub(crate) read_as: std::marker::PhantomData<T>,
}

impl<T: for<'de> serde::Deserialize<'de>> KeyRead for Required<T> {
    type Value = T;
    fn read<'de, D: Deserializer<'de>>(&self, _: &'static str, d: D) -> Result<T, D::Error> {
        T::deserialize(d)
    }
    fn default_value(&self) -> Option<T> {
        None
    }
    fn shape(&self) -> KeyShape {
        self.shape.clone()
    }
    fn default_words(&self) -> String {
        "required".into()
    }
}

/// A value read by its type's own `Deserialize` (a word of an enum, a
/// board size), with the default and shape given.
pub(crate) struct Typed<T: 'static> {
    /// The value when the key is not written.
    pub(crate) default: fn() -> T,
    /// The shape of the value.
    pub(crate) shape: KeyShape,
    /// The default in the reference's words.
    pub(crate) words: &'static str,
}

impl<T: for<'de> serde::Deserialize<'de>> KeyRead for Typed<T> {
    type Value = T;
    fn read<'de, D: Deserializer<'de>>(&self, _: &'static str, d: D) -> Result<T, D::Error> {
        // Owned types only: read through the type's own reader.
        T::deserialize(d)
    }
    fn default_value(&self) -> Option<T> {
        Some((self.default)())
    }
    fn shape(&self) -> KeyShape {
        self.shape.clone()
    }
    fn default_words(&self) -> String {
        self.words.into()
    }
}

/// Declares a [`KeyRead`] for a key with a reading no other key shares:
/// `read_with!(Name: Type = reader_fn, default expr, shape, "default words")`,
/// where `reader_fn` is a deserializing function (`fn<'de, D>(D) -> Result<Type, D::Error>`).
macro_rules! read_with {
    ($(#[$meta:meta])* $name:ident: $ty:ty = $read:path, default $default:expr, $shape:expr, $words:literal) => {
        $(#[$meta])*
        pub(crate) struct $name;
        impl $crate::keys::KeyRead for $name {
            type Value = $ty;
            fn read<'de, D: serde::Deserializer<'de>>(
                &self,
                _: &'static str,
                d: D,
            ) -> Result<$ty, D::Error> {
                $read(d)
            }
            fn default_value(&self) -> Option<$ty> {
                Some($default)
            }
            fn shape(&self) -> $crate::keys::KeyShape {
                $shape
            }
            fn default_words(&self) -> String {
                String::from($words)
            }
        }
    };
}
pub(crate) use read_with;

/// Declares an enum whose values a spec writes as words, from one line per
/// word: the enum, its reader (an unknown word is refused naming the words
/// there are), its `Serialize`, and `WORDS`, the list the reference and the
/// web form offer.
///
/// ```text
/// words_enum! {
///     /// Which way a box stacks its items.
///     pub(crate) enum Direction {
///         /// Top to bottom (default).
///         #[default]
///         Column = "column",
///         /// Left to right.
///         Row = "row",
///     }
/// }
/// ```
macro_rules! words_enum {
    (
        $(#[$meta:meta])*
        $vis:vis enum $name:ident {
            $( $(#[$vmeta:meta])* $variant:ident = $word:literal, )*
        }
    ) => {
        $(#[$meta])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
        $vis enum $name {
            $( $(#[$vmeta])* $variant, )*
        }

        impl $name {
            /// Every word, in declaration order.
            $vis const WORDS: &'static [&'static str] = &[$($word),*];

            /// Every value, in declaration order (the order of `WORDS`).
            #[allow(dead_code)]
            $vis const ALL: &'static [$name] = &[$($name::$variant),*];

            /// The word a spec writes for the value.
            #[allow(dead_code)]
            $vis fn word(self) -> &'static str {
                match self {
                    $( $name::$variant => $word, )*
                }
            }
        }

        impl<'de> serde::Deserialize<'de> for $name {
            fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
                struct Word;
                impl serde::de::Visitor<'_> for Word {
                    type Value = $name;
                    fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                        let words: Vec<String> =
                            <$name>::WORDS.iter().map(|w| format!("\"{w}\"")).collect();
                        $crate::source::fault::Accepts::OneOf(words.join(", ")).expecting(f)
                    }
                    fn visit_str<E: serde::de::Error>(self, v: &str) -> Result<$name, E> {
                        match v {
                            $( $word => Ok($name::$variant), )*
                            _ => Err(E::unknown_variant(v, <$name>::WORDS)),
                        }
                    }
                }
                d.deserialize_str(Word)
            }
        }

        impl serde::Serialize for $name {
            fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                s.serialize_str(self.word())
            }
        }
    };
}
pub(crate) use words_enum;
