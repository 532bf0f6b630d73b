//! What is wrong with a value of a spec, a handout spec or a map file, as
//! a value: which key, what it accepts, what was written. Its `Display` is
//! the English the command line prints and scripts read ("`sos.size` must
//! be columns x rows, each 3 to 26 …, not 40x40"); [`Fault::says`] words
//! the same in any language, from the message catalogues (`spec-*` and
//! `accepts-*`, [`crate::messages`]). Keys, words a key takes and what was
//! written stay as the file writes them.
//!
//! What a key accepts leaves a value's reader as the TOML reader's text
//! (its "expected …": serde carries only text out of a reader). So each
//! of paperboard's own readers says what it expects through its typed
//! [`Accepts`] ([`Accepts::expecting`]), which keeps the form beside the
//! text, and the error worded from that text takes the form back typed:
//! no form is read back from its English. Only serde's own words for its
//! types (`u32`, `a string`, `struct Margins`) are translated, a fixed
//! vocabulary no reader of ours writes.
//!
//! A value's own check (a gap out of its range, a colour too light, a word
//! a rule does not take) refuses it with a whole [`Fault`]. Serde carries
//! only text out of a value's reader, so the fault goes out beside it
//! ([`Fault::refused`]) and is taken back typed where the reader's error is
//! worded ([`Fault::of_reader`]): no fault is read back from its English.

use std::cell::RefCell;
use std::fmt;

use crate::language::Language;
use crate::messages::{Arg, say};

/// What a value must be.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Accepts {
    /// Text in quotes.
    Text,
    /// `true` or `false`.
    Bool,
    /// A list.
    List,
    /// A table.
    Table,
    /// One character in quotes.
    Char,
    /// Nothing.
    Nothing,
    /// A whole number, any.
    AnyWhole,
    /// A number, any.
    AnyNumber,
    /// A number from `min` to `max` (as shown: `2,000`, `0.5`), of `unit`
    /// when it has one, whole when `whole`, or the word `"fit"` when `fit`.
    Range {
        /// Whole numbers only.
        whole: bool,
        /// `mm`, `seconds`, or empty.
        unit: String,
        /// The least, as shown.
        min: String,
        /// The most, as shown.
        max: String,
        /// `"fit"` is accepted too.
        fit: bool,
    },
    /// One of the words of a key whose words the reader did not list.
    Word,
    /// A list of exactly this many values.
    ListOf(String),
    /// One of these words, each quoted as a spec writes it (`"A4"`).
    OneOf(String),
    /// A value of another form than written (see the key's documentation).
    AnotherForm,
    /// An SOS board size: `columns x rows` or one number, each side from
    /// `min` to `max`.
    BoardSize {
        /// The least side.
        min: String,
        /// The largest side.
        max: String,
    },
    /// A count of players or a list of their names.
    Players {
        /// The fewest.
        min: String,
        /// The most.
        max: String,
    },
    /// A colour `"#rrggbb"` or `"#rgb"`.
    Colour,
    /// A pin position `[x, y]` in mm from the page's top-left corner.
    Pin {
        /// The farthest, as shown.
        max: String,
    },
    /// A list of 1 to `max` texts.
    Texts {
        /// The most.
        max: String,
    },
    /// A strategic cell, 1 to 9 (a map's entry).
    StrategicCell,
    /// One of two words, as a file writes them.
    Either(String, String),
    /// A form worded by a reader this type does not know, as it words it.
    Said(String),
}

thread_local! {
    /// The form a value's reader said it expects ([`Accepts::expecting`]),
    /// until the reader's error that carries its text is worded.
    static EXPECTED: RefCell<Option<Accepts>> = const { RefCell::new(None) };
}

impl Accepts {
    /// Says what a value's reader expects (serde's `Visitor::expecting`):
    /// this form's English. Serde carries only that text out of the reader,
    /// so the form itself is kept beside it on this thread, and the error
    /// worded from the text ([`Fault::of_reader`]) takes it back typed.
    pub fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        EXPECTED.with(|kept| *kept.borrow_mut() = Some(self.clone()));
        fmt::Display::fmt(self, f)
    }

    /// The form `expected` (a reader's "expected …", trimmed) names: the
    /// form a reader of ours kept beside it ([`Accepts::expecting`]), else
    /// serde's own words for its types; any other words are said as
    /// written. The next one starts empty, so a form kept by a reader whose
    /// error was set aside (one form of an untagged value tried and another
    /// taken) is never taken for a later error of other words.
    pub(super) fn of_reader(expected: &str) -> Accepts {
        let expected = expected.trim();
        EXPECTED
            .with(|kept| kept.borrow_mut().take())
            .filter(|form| form.to_string() == expected)
            .unwrap_or_else(|| Accepts::of_serde(expected))
    }

    /// The form serde's own words for its types name (`u32`, `a string`,
    /// `struct Margins`, `an array of length 2`); other words are said as
    /// written.
    fn of_serde(expected: &str) -> Accepts {
        let whole = |max: u128| Accepts::Range {
            whole: true,
            unit: String::new(),
            min: "0".into(),
            max: crate::limits::group(max.min(u128::from(u64::MAX)) as u64),
            fit: false,
        };
        match expected {
            "a string" | "a borrowed string" | "string" => return Accepts::Text,
            "a boolean" | "bool" => return Accepts::Bool,
            "a sequence" | "a seq" => return Accepts::List,
            "a map" | "map" => return Accepts::Table,
            "a character" | "char" => return Accepts::Char,
            "u8" => return whole(u8::MAX.into()),
            "u16" => return whole(u16::MAX.into()),
            "u32" => return whole(u32::MAX.into()),
            "u64" | "usize" | "u128" => return whole(u64::MAX.into()),
            "i8" | "i16" | "i32" | "i64" | "i128" | "isize" => return Accepts::AnyWhole,
            "f32" | "f64" => return Accepts::AnyNumber,
            "unit" | "()" => return Accepts::Nothing,
            _ => {}
        }
        if expected.starts_with("struct ") {
            return Accepts::Table;
        }
        if expected.starts_with("enum ") || expected.starts_with("variant ") {
            return Accepts::Word;
        }
        if let Some(n) = expected
            .strip_prefix("an array of length ")
            .or_else(|| expected.strip_prefix("a tuple of size "))
        {
            return Accepts::ListOf(n.to_string());
        }
        Accepts::Said(expected.to_string())
    }

    /// The words of `language` for this form.
    pub fn says(&self, language: Language) -> String {
        let s = |id: &str| say(language, id, &[]);
        let two = |id: &str, min: &str, max: &str| {
            say(
                language,
                id,
                &[("min", Arg::Text(min)), ("max", Arg::Text(max))],
            )
        };
        match self {
            Accepts::Text => s("accepts-text"),
            Accepts::Bool => s("accepts-bool"),
            Accepts::List => s("accepts-list"),
            Accepts::Table => s("accepts-table"),
            Accepts::Char => s("accepts-char"),
            Accepts::Nothing => s("accepts-nothing"),
            Accepts::AnyWhole => s("accepts-any-whole"),
            Accepts::AnyNumber => s("accepts-any-number"),
            Accepts::Range {
                whole,
                unit,
                min,
                max,
                fit,
            } => say(
                language,
                "accepts-range",
                &[
                    ("whole", Arg::Text(if *whole { "yes" } else { "no" })),
                    (
                        "unit",
                        Arg::Text(if unit.is_empty() { "none" } else { unit }),
                    ),
                    ("min", Arg::Text(min)),
                    ("max", Arg::Text(max)),
                    ("fit", Arg::Text(if *fit { "yes" } else { "no" })),
                ],
            ),
            Accepts::Word => s("accepts-word"),
            Accepts::ListOf(n) => say(language, "accepts-list-of", &[("n", Arg::Text(n))]),
            Accepts::OneOf(words) => {
                say(language, "accepts-one-of", &[("words", Arg::Text(words))])
            }
            Accepts::AnotherForm => s("accepts-another-form"),
            Accepts::BoardSize { min, max } => two("accepts-board-size", min, max),
            Accepts::Players { min, max } => two("accepts-players", min, max),
            Accepts::Colour => s("accepts-colour"),
            Accepts::Pin { max } => say(language, "accepts-pin", &[("max", Arg::Text(max))]),
            Accepts::Texts { max } => say(language, "accepts-texts", &[("max", Arg::Text(max))]),
            Accepts::StrategicCell => s("accepts-strategic-cell"),
            Accepts::Either(first, second) => say(
                language,
                "accepts-either",
                &[("first", Arg::Text(first)), ("second", Arg::Text(second))],
            ),
            Accepts::Said(text) if language == Language::En => text.clone(),
            Accepts::Said(_) => s("accepts-documented"),
        }
    }
}

impl fmt::Display for Accepts {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.says(Language::En))
    }
}

/// A reader's error names what it expects through its form.
impl serde::de::Expected for Accepts {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.expecting(f)
    }
}

/// What is wrong with a value or a key of a TOML input.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Fault {
    /// `key` (or "this value") must be `accepts`, not `written` (when
    /// something was written).
    Must {
        /// The dotted key.
        key: Option<String>,
        /// What it accepts.
        accepts: Accepts,
        /// What was written, quoted short; empty when nothing was.
        written: String,
    },
    /// `key` must be `accepts`, not a list of `n`.
    Length {
        /// The dotted key.
        key: Option<String>,
        /// What it accepts.
        accepts: Accepts,
        /// How many the list holds.
        n: String,
    },
    /// An unknown key `field` in table `table` (none: at the top level);
    /// `names` the keys it accepts, as `` `a`, `b` `` (empty: none).
    UnknownKey {
        /// The key as written.
        field: String,
        /// The table's dotted key.
        table: Option<String>,
        /// The accepted keys.
        names: String,
    },
    /// A key with no default left out.
    Missing {
        /// The key, dotted.
        key: String,
    },
    /// A key written twice, first on `line` when known.
    Twice {
        /// The key, dotted.
        key: String,
        /// Where it was first written.
        line: Option<usize>,
    },
    /// Tables and lists nested deeper than `levels`.
    Nested {
        /// The most levels.
        levels: usize,
    },
    /// A dotted key of too many parts.
    KeyParts {
        /// Its first characters.
        key: String,
        /// How many parts it has, as shown.
        parts: String,
        /// The most a key may have.
        max: usize,
    },
    /// A list of `key` holding `len` entries where `want` belong.
    Entries {
        /// The list's key (`columns[2]`).
        key: String,
        /// How many belong.
        want: usize,
        /// How many it holds.
        len: usize,
    },
    /// A map file without the table its kind needs (`columns`, `cells`).
    MapNeeds {
        /// A hyperfunctional map (else functional).
        hyper: bool,
    },
    /// A map's table not of its kind's shape.
    NotMap {
        /// A hyperfunctional map (else functional).
        hyper: bool,
    },
    /// A tracking grid's `gap` out of its range, as written.
    Gap {
        /// What was written.
        written: String,
    },
    /// A continuous record's `digits` neither 3 nor 2, as written.
    Digits {
        /// What was written.
        written: String,
    },
    /// A continuous record's `moves-per-row` not an even whole number
    /// from 2 to 100, as written.
    MovesPerRow {
        /// What was written.
        written: String,
    },
    /// A text colour lighter than a photocopy keeps.
    TooLight {
        /// The colour, `#rrggbb`.
        colour: String,
        /// How black it is, in per cent as shown.
        black: String,
    },
    /// Of one part, a lower size larger than its upper one.
    SizeOrder {
        /// The lower size's key.
        lower: String,
        /// Its mm, as shown.
        lower_mm: String,
        /// The upper size's key.
        upper: String,
        /// Its mm, as shown.
        upper_mm: String,
    },
    /// A key that takes one of a few words, given another.
    Choice {
        /// The key.
        key: String,
        /// The words it takes, as a spec writes them.
        choices: Vec<String>,
        /// What was written.
        written: String,
    },
    /// Worded by a check this type does not know: said as written in
    /// English, and in other languages as "this value cannot be used".
    Said(String),
}

/// Text of a check this type does not know, said as written.
impl From<String> for Fault {
    fn from(text: String) -> Fault {
        Fault::Said(text)
    }
}

impl From<Box<Fault>> for Fault {
    fn from(fault: Box<Fault>) -> Fault {
        *fault
    }
}

impl From<&str> for Fault {
    fn from(text: &str) -> Fault {
        Fault::Said(text.to_string())
    }
}

thread_local! {
    /// The fault a value's own check refused it with ([`Fault::refused`]),
    /// until the reader's error that carries its text is worded.
    static REFUSED: RefCell<Option<Fault>> = const { RefCell::new(None) };
}

impl Fault {
    /// `key` must be one of the words quoted in `expected` (`"both" or
    /// "none"`, as the option parsers name them), not `written`.
    pub fn choice(key: &str, expected: &str, written: &str) -> Fault {
        Fault::Choice {
            key: key.to_string(),
            choices: expected
                .split('"')
                .skip(1)
                .step_by(2)
                .map(str::to_string)
                .collect(),
            written: written.to_string(),
        }
    }

    /// What `message` from the TOML reader says is wrong with the value at
    /// `key` (a dotted path; `None` at the top level), `written` as it
    /// stands in the file: its text is the message in the user's words.
    pub fn of_reader(message: &str, key: Option<&str>, written: &str) -> Fault {
        super::words::fault(message, key, written)
    }

    /// This fault as the error of a value's reader (a part's own check
    /// inside serde). Serde carries only the fault's text out of the
    /// reader, so the fault itself is kept beside it on this thread, and
    /// [`Fault::of_reader`] takes it back typed for the error whose message
    /// is that text.
    pub fn refused<E: serde::de::Error>(self) -> E {
        let error = E::custom(&self);
        REFUSED.with(|kept| *kept.borrow_mut() = Some(self));
        error
    }

    /// The fault refused last on this thread ([`Fault::refused`]), if
    /// `message` is its text; the next one starts empty. A refusal that
    /// the reader set aside (one form of an untagged value tried and
    /// another taken) is never taken for a later error of other words.
    pub(crate) fn carried(message: &str) -> Option<Fault> {
        REFUSED
            .with(|kept| kept.borrow_mut().take())
            .filter(|fault| fault.to_string() == message)
    }

    /// The words of `language` for this fault (in English, its text).
    pub fn says(&self, language: Language) -> String {
        if language == Language::En {
            return self.to_string();
        }
        self.worded(language)
    }

    /// The fault worded from `language`'s catalogue.
    fn worded(&self, language: Language) -> String {
        let kind = |hyper: bool| {
            (
                "kind",
                Arg::Text(if hyper {
                    "hyperfunctional"
                } else {
                    "functional"
                }),
            )
        };
        let named = |key: &Option<String>| match key {
            Some(k) => format!("`{k}`"),
            None => say(language, "spec-this-value", &[]),
        };
        match self {
            Fault::Must {
                key,
                accepts,
                written,
            } => {
                let accepts = accepts.says(language);
                let key = named(key);
                if written.is_empty() {
                    say(
                        language,
                        "spec-must",
                        &[("key", Arg::Text(&key)), ("accepts", Arg::Text(&accepts))],
                    )
                } else {
                    say(
                        language,
                        "spec-must-not",
                        &[
                            ("key", Arg::Text(&key)),
                            ("accepts", Arg::Text(&accepts)),
                            ("written", Arg::Text(written)),
                        ],
                    )
                }
            }
            Fault::Length { key, accepts, n } => say(
                language,
                "spec-must-not-list",
                &[
                    ("key", Arg::Text(&named(key))),
                    ("accepts", Arg::Text(&accepts.says(language))),
                    ("n", Arg::Text(n)),
                ],
            ),
            Fault::UnknownKey {
                field,
                table,
                names,
            } => {
                let id = match (table, names.is_empty()) {
                    (Some(_), true) => "spec-unknown-key-in-empty",
                    (Some(_), false) => "spec-unknown-key-in",
                    (None, _) => "spec-unknown-key",
                };
                say(
                    language,
                    id,
                    &[
                        ("field", Arg::Text(field)),
                        ("table", Arg::Text(table.as_deref().unwrap_or_default())),
                        ("names", Arg::Text(names)),
                    ],
                )
            }
            Fault::Missing { key } => say(language, "spec-missing", &[("key", Arg::Text(key))]),
            Fault::Twice { key, line } => match line {
                Some(line) => say(
                    language,
                    "spec-twice-at",
                    &[("key", Arg::Text(key)), ("line", Arg::Count(*line))],
                ),
                None => say(language, "spec-twice", &[("key", Arg::Text(key))]),
            },
            Fault::Nested { levels } => {
                say(language, "spec-nested", &[("count", Arg::Count(*levels))])
            }
            Fault::KeyParts { key, parts, max } => say(
                language,
                "spec-key-parts",
                &[
                    ("key", Arg::Text(key)),
                    ("parts", Arg::Text(parts)),
                    ("max", Arg::Count(*max)),
                ],
            ),
            Fault::Entries { key, want, len } => say(
                language,
                "spec-entries",
                &[
                    ("key", Arg::Text(key)),
                    ("want", Arg::Count(*want)),
                    ("len", Arg::Count(*len)),
                ],
            ),
            Fault::MapNeeds { hyper } => say(language, "map-needs", &[kind(*hyper)]),
            Fault::NotMap { hyper } => say(language, "map-not-kind", &[kind(*hyper)]),
            Fault::Gap { written } => say(language, "spec-gap", &[("written", Arg::Text(written))]),
            Fault::Digits { written } => {
                say(language, "spec-digits", &[("written", Arg::Text(written))])
            }
            Fault::MovesPerRow { written } => say(
                language,
                "spec-moves-per-row",
                &[("written", Arg::Text(written))],
            ),
            Fault::TooLight { colour, black } => say(
                language,
                "spec-too-light",
                &[("colour", Arg::Text(colour)), ("black", Arg::Text(black))],
            ),
            Fault::SizeOrder {
                lower,
                lower_mm,
                upper,
                upper_mm,
            } => say(
                language,
                "spec-size-order",
                &[
                    ("lower", Arg::Text(lower)),
                    ("lower-mm", Arg::Text(lower_mm)),
                    ("upper", Arg::Text(upper)),
                    ("upper-mm", Arg::Text(upper_mm)),
                ],
            ),
            Fault::Choice {
                key,
                choices,
                written,
            } => {
                let words: Vec<&str> = choices.iter().map(String::as_str).collect();
                say(
                    language,
                    "spec-choice",
                    &[
                        ("key", Arg::Text(key)),
                        (
                            "choices",
                            Arg::Text(&crate::messages::one_of(&words, language)),
                        ),
                        ("written", Arg::Text(written)),
                    ],
                )
            }
            Fault::Said(_) => say(language, "spec-refused", &[]),
        }
    }
}

impl fmt::Display for Fault {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Fault::Said(text) => f.write_str(text),
            other => f.write_str(&other.worded(Language::En)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::messages::english_left;

    fn every_form() -> Vec<Accepts> {
        let range = |whole, unit: &str, fit| Accepts::Range {
            whole,
            unit: unit.into(),
            min: "0".into(),
            max: "2,000".into(),
            fit,
        };
        vec![
            Accepts::Text,
            Accepts::Bool,
            Accepts::List,
            Accepts::Table,
            Accepts::Char,
            Accepts::Nothing,
            Accepts::AnyWhole,
            Accepts::AnyNumber,
            range(true, "", false),
            range(false, "", true),
            range(false, "mm", false),
            range(false, "mm", true),
            range(false, "seconds", false),
            Accepts::Word,
            Accepts::ListOf("2".into()),
            Accepts::OneOf("\"A4\", \"A5\"".into()),
            Accepts::AnotherForm,
            Accepts::BoardSize {
                min: "3".into(),
                max: "26".into(),
            },
            Accepts::Players {
                min: "2".into(),
                max: "8".into(),
            },
            Accepts::Colour,
            Accepts::Pin {
                max: "2,000".into(),
            },
            Accepts::Texts { max: "9".into() },
            Accepts::StrategicCell,
            Accepts::Either("functional".into(), "hyperfunctional".into()),
        ]
    }

    /// The reader's message when a reader of ours that expects `form`
    /// is given the number 150.
    fn refused_150(form: Accepts) -> String {
        struct Expects(Accepts);
        impl serde::de::Visitor<'_> for Expects {
            type Value = ();
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                self.0.expecting(f)
            }
        }
        let d = serde::de::value::I64Deserializer::<serde::de::value::Error>::new(150);
        let error = serde::Deserializer::deserialize_str(d, Expects(form)).expect_err("refused");
        error.to_string()
    }

    #[test]
    fn the_form_a_reader_expects_comes_out_typed_not_read_back_from_its_words() {
        let must = |accepts| Fault::Must {
            key: Some("size".into()),
            accepts,
            written: "150".into(),
        };
        for form in every_form() {
            let message = refused_150(form.clone());
            assert_eq!(
                message,
                format!("invalid type: integer `150`, expected {form}")
            );
            assert_eq!(
                Fault::of_reader(&message, Some("size"), "150"),
                must(form.clone())
            );
            // The same words with no form kept beside them are said as
            // written: nothing is read back from its English.
            assert_eq!(
                Fault::of_reader(&message, Some("size"), "150"),
                must(Accepts::Said(form.to_string()))
            );
        }
        // Serde's own words for its types are its vocabulary, not ours.
        let message = "invalid type: integer `-1`, expected u8";
        assert_eq!(
            Fault::of_reader(message, Some("size"), "-1").to_string(),
            "`size` must be a whole number from 0 to 255, not -1"
        );
    }

    pub(crate) fn every_fault() -> Vec<Fault> {
        let mut all: Vec<Fault> = every_form()
            .into_iter()
            .map(|accepts| Fault::Must {
                key: Some("sos.size".into()),
                accepts,
                written: "40x40".into(),
            })
            .collect();
        all.extend([
            Fault::Must {
                key: None,
                accepts: Accepts::Table,
                written: String::new(),
            },
            Fault::Length {
                key: Some("text.at".into()),
                accepts: Accepts::ListOf("2".into()),
                n: "3".into(),
            },
            Fault::UnknownKey {
                field: "sise".into(),
                table: Some("page".into()),
                names: "`size`, `orientation`".into(),
            },
            Fault::UnknownKey {
                field: "x".into(),
                table: Some("layout".into()),
                names: String::new(),
            },
            Fault::UnknownKey {
                field: "pgae".into(),
                table: None,
                names: "`page`, `document`".into(),
            },
            Fault::Missing {
                key: "handout.game".into(),
            },
            Fault::Twice {
                key: "page.size".into(),
                line: Some(2),
            },
            Fault::Twice {
                key: "size".into(),
                line: None,
            },
            Fault::Nested { levels: 80 },
            Fault::KeyParts {
                key: "a.a.a…".into(),
                parts: "20,000".into(),
                max: 80,
            },
            Fault::Entries {
                key: "columns[2]".into(),
                want: 9,
                len: 8,
            },
            Fault::MapNeeds { hyper: false },
            Fault::MapNeeds { hyper: true },
            Fault::NotMap { hyper: false },
            Fault::NotMap { hyper: true },
            Fault::Gap {
                written: "30".into(),
            },
            Fault::Gap {
                written: "\"wide\"".into(),
            },
            Fault::Digits {
                written: "4".into(),
            },
            Fault::MovesPerRow {
                written: "7".into(),
            },
            Fault::TooLight {
                colour: "#cccccc".into(),
                black: "20".into(),
            },
            Fault::SizeOrder {
                lower: "min-cell".into(),
                lower_mm: "7".into(),
                upper: "cell".into(),
                upper_mm: "5".into(),
            },
            Fault::choice("decided", "\"open\", \"free\" or \"closed\"", "shut"),
            Fault::choice("draws", "\"both\" or \"none\"", "all"),
            Fault::Said("the reader's own words".into()),
        ]);
        all
    }

    /// Reads `text` as a table whose `gap` is refused by a check of its
    /// own unless it is 1, and words the reader's error as a spec does.
    fn refused_gap(text: &str) -> Fault {
        #[derive(Debug, serde::Deserialize)]
        struct Part {
            #[allow(dead_code)]
            #[serde(deserialize_with = "gap")]
            gap: u32,
        }
        fn gap<'de, D: serde::Deserializer<'de>>(d: D) -> Result<u32, D::Error> {
            match <u32 as serde::Deserialize>::deserialize(d)? {
                1 => Ok(1),
                n => Err(Fault::Gap {
                    written: n.to_string(),
                }
                .refused()),
            }
        }
        let e = toml::from_str::<Part>(text).expect_err("the check refuses it");
        Fault::of_reader(e.message(), Some("gap"), "")
    }

    #[test]
    fn a_check_of_its_own_comes_out_of_the_reader_as_its_fault() {
        let gap = |written: &str| Fault::Gap {
            written: written.into(),
        };
        assert_eq!(refused_gap("gap = 7"), gap("7"));
        assert_eq!(refused_gap("gap = 8"), gap("8"));
        // The same words with no refusal beside them are said as written:
        // the fault is carried, not read back from its English.
        let other = Fault::of_reader(&gap("9").to_string(), None, "");
        assert_eq!(other, Fault::Said(gap("9").to_string()));
        // Text is said as written: nothing is read back from its English.
        for fault in every_fault() {
            assert_eq!(
                Fault::from(fault.to_string()),
                Fault::Said(fault.to_string())
            );
        }
    }

    #[test]
    fn a_fault_is_said_in_german_russian_or_thai_without_an_english_word() {
        // Words that stay as written: the keys, words and values of the
        // spec, units.
        let kept = [
            "columns",
            "cells",
            "functional",
            "hyperfunctional",
            "sos",
            "size",
            "text",
            "at",
            "sise",
            "page",
            "orientation",
            "layout",
            "pgae",
            "document",
            "handout",
            "game",
            "mm",
            "fit",
            "rrggbb",
            "rgb",
            "true",
            "false",
            "x",
            "y",
            "ultimate",
        ];
        let mut left = Vec::new();
        for fault in every_fault() {
            let english = fault.to_string();
            for language in [Language::De, Language::Ru, Language::Th] {
                let said = fault.says(language);
                assert!(!said.is_empty());
                for word in english_left(&english, &said, language, &kept) {
                    left.push(format!("{language}: `{word}` in `{said}`"));
                }
            }
        }
        assert!(left.is_empty(), "{left:#?}");
    }
}
