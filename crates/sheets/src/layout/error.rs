//! Why a spec cannot be laid out, as data: which parts, which margins, how
//! many mm. The message is written from these fields.

use std::fmt;

use miette::{Diagnostic, SourceSpan};

use crate::source::report::Source;

/// Why a spec cannot be laid out.
#[derive(Debug, Clone, PartialEq, thiserror::Error, Diagnostic)]
pub enum LayoutError {
    /// Parts reach into the margins or off the page.
    #[error(
        "the layout does not fit the page: {}",
        does_not_fit(overflows, at_minimum)
    )]
    #[diagnostic(
        code(paperboard::layout::does_not_fit),
        help("make cells, rows or gaps smaller, drop a part, or use \"fit\" sizes")
    )]
    DoesNotFit {
        /// Every part that reaches past a margin.
        overflows: Vec<Overflow>,
        /// Parts that shrank to their minimum cell (id, cell in mm): what
        /// crowds the others out.
        at_minimum: Vec<(String, f64)>,
    },
    /// A text cannot be printed where it is: the fonts lack a character of
    /// it, or it does not fit its place even at the smallest size (6 pt).
    #[error("{problem}")]
    #[diagnostic(code(paperboard::layout::text))]
    Text {
        /// Which text, where, and what is wrong.
        problem: Box<TextProblem>,
        /// What to do about it.
        #[help]
        advice: &'static str,
        /// The file that writes the text, when one does.
        #[source_code]
        src: Option<Source>,
        /// Where it writes it (or the part's id).
        #[label("here")]
        span: Option<SourceSpan>,
    },
    /// Two parts cover the same area.
    #[error("parts overlap: {}", join(overlaps))]
    #[diagnostic(
        code(paperboard::layout::overlap),
        help("move a pinned part (`at`) or arrange it in a box instead")
    )]
    Overlap {
        /// Every pair of parts that overlap.
        overlaps: Vec<Overlap>,
    },
}

/// A side of the page's content area.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Side {
    /// The top margin.
    Top,
    /// The right margin.
    Right,
    /// The bottom margin.
    Bottom,
    /// The left margin.
    Left,
}

impl fmt::Display for Side {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Side::Top => "top",
            Side::Right => "right",
            Side::Bottom => "bottom",
            Side::Left => "left",
        })
    }
}

/// A part that reaches past the margins.
#[derive(Debug, Clone, PartialEq)]
pub struct Overflow {
    /// The part's id.
    pub part: String,
    /// Each margin it reaches past, and by how many mm.
    pub past: Vec<(Side, f64)>,
}

impl fmt::Display for Overflow {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "`{}` reaches ", self.part)?;
        for (i, (side, by)) in self.past.iter().enumerate() {
            if i > 0 {
                f.write_str(" and ")?;
            }
            write!(f, "{by:.1} mm past the {side} margin")?;
        }
        Ok(())
    }
}

/// Two parts that cover the same area.
#[derive(Debug, Clone, PartialEq)]
pub struct Overlap {
    /// Their ids.
    pub parts: [String; 2],
    /// Width of the shared area, mm.
    pub width: f64,
    /// Height of the shared area, mm.
    pub height: f64,
}

impl fmt::Display for Overlap {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "`{}` and `{}` overlap by {:.1} × {:.1} mm",
            self.parts[0], self.parts[1], self.width, self.height
        )
    }
}

/// A text that cannot be printed where it is.
#[derive(Debug, Clone, PartialEq)]
pub struct TextProblem {
    /// Where it is: a part (`` `records` ``), a page (`page 3`).
    pub place: String,
    /// The text.
    pub text: String,
    /// What is wrong.
    pub fault: TextFault,
}

/// What is wrong with a text.
#[derive(Debug, Clone, PartialEq)]
pub enum TextFault {
    /// The fonts lack these characters (each once).
    Missing(Vec<char>),
    /// Even at the smallest size (6 pt) its ink is `width` mm wide and runs
    /// into `into` ("the edge of its part", "a line of its part", "the
    /// page's margin").
    TooWide {
        /// The ink's width at the smallest size, mm.
        width: f64,
        /// What it runs into.
        into: &'static str,
    },
}

impl TextProblem {
    /// What to do about it.
    pub fn advice(&self) -> &'static str {
        match self.fault {
            TextFault::Missing(_) => {
                "the fonts print Latin, Greek, Cyrillic and Thai letters, digits and punctuation (no emoji, Chinese, Japanese, Korean or Arabic)"
            }
            TextFault::TooWide { .. } => {
                "shorten the text, or give it more room (a larger page, smaller neighbours)"
            }
        }
    }

    /// The layout error for it, not yet located in a file.
    pub fn into_error(self) -> LayoutError {
        LayoutError::Text {
            advice: self.advice(),
            problem: Box::new(self),
            src: None,
            span: None,
        }
    }
}

impl fmt::Display for TextProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let text = crate::source::words::quote(&self.text);
        match &self.fault {
            TextFault::Missing(chars) => write!(
                f,
                "the text \"{text}\" of {} holds {}, which the fonts cannot print",
                self.place,
                chars_text(chars, |list, more| format!("{list} and {more} more"))
            ),
            TextFault::TooWide { width, into } => write!(
                f,
                "the text \"{text}\" of {} does not fit: at 6 pt it is {width:.1} mm wide and still runs into {into}",
                self.place
            ),
        }
    }
}

/// `'围' (U+56F4), '🙂' (U+1F642)`: characters named so any terminal shows
/// which they are; past eight, the rest counted by `more` (the list so
/// far, how many more).
pub(crate) fn chars_text(chars: &[char], more: impl Fn(&str, usize) -> String) -> String {
    let named: Vec<String> = chars
        .iter()
        .take(8)
        .map(|&c| {
            if c.is_control() {
                format!("U+{:04X}", u32::from(c))
            } else {
                format!("'{c}' (U+{:04X})", u32::from(c))
            }
        })
        .collect();
    let left = chars.len().saturating_sub(8);
    if left > 0 {
        more(&named.join(", "), left)
    } else {
        named.join(", ")
    }
}

fn join(items: &[impl fmt::Display]) -> String {
    items
        .iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join("; ")
}

fn does_not_fit(overflows: &[Overflow], at_minimum: &[(String, f64)]) -> String {
    let minimum = at_minimum
        .iter()
        .map(|(id, min)| format!("`{id}` has shrunk to its minimum cell of {min} mm"));
    overflows
        .iter()
        .map(ToString::to_string)
        .chain(minimum)
        .collect::<Vec<_>>()
        .join("; ")
}

impl LayoutError {
    /// This error pointed at where `src` (a spec or handout file) writes the
    /// text it is about, when the file writes it (a text error only).
    pub(crate) fn located_in(mut self, src: &Source) -> LayoutError {
        if let LayoutError::Text {
            problem,
            src: at,
            span,
            ..
        } = &mut self
            && let Some(found) = src.find_text(&problem.text)
        {
            *span = Some(src.label(found));
            *at = Some(src.clone());
        }
        self
    }
}

impl From<&LayoutError> for crate::source::Diagnostic {
    /// The part at fault as its key: the first that overflows, the part a
    /// text is in.
    fn from(e: &LayoutError) -> crate::source::Diagnostic {
        let mut out = crate::source::Diagnostic::of(e);
        out.key = match e {
            LayoutError::DoesNotFit { overflows, .. } => overflows.first().map(|o| o.part.clone()),
            LayoutError::Overlap { .. } => None,
            // A part's text: the part's id (its place is written `` `id` ``).
            LayoutError::Text { problem, .. } => problem
                .place
                .strip_prefix('`')
                .and_then(|rest| rest.split('`').next())
                .map(str::to_string),
        };
        out
    }
}
