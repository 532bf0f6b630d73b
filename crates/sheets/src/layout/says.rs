//! Why a layout was refused, in the reader's language: each reason worded
//! from the message catalogues (`layout-*`,
//! [`paperboard_games::messages`]) for the page's print tab, while the
//! error's `Display` stays the English the command line prints and
//! scripts read.

use paperboard_games::messages::{Arg, say};

use super::{LayoutError, Overflow, Side, TextFault};
use crate::language::Language;

impl LayoutError {
    /// What is wrong, in `language` (in English, this error's text).
    pub fn says(&self, language: Language) -> String {
        let mm = |v: f64| format!("{v:.1}");
        match self {
            LayoutError::DoesNotFit {
                overflows,
                at_minimum,
            } => {
                let minimum = at_minimum.iter().map(|(part, cell)| {
                    say(
                        language,
                        "layout-minimum",
                        &[
                            ("part", Arg::Text(part)),
                            ("mm", Arg::Text(&cell.to_string())),
                        ],
                    )
                });
                let what: Vec<String> = overflows
                    .iter()
                    .map(|o| overflow(o, language))
                    .chain(minimum)
                    .collect();
                say(
                    language,
                    "layout-does-not-fit",
                    &[("what", Arg::Text(&what.join("; ")))],
                )
            }
            LayoutError::Overlap { overlaps } => {
                let what: Vec<String> = overlaps
                    .iter()
                    .map(|o| {
                        say(
                            language,
                            "layout-overlaps",
                            &[
                                ("first", Arg::Text(&o.parts[0])),
                                ("second", Arg::Text(&o.parts[1])),
                                ("width", Arg::Text(&mm(o.width))),
                                ("height", Arg::Text(&mm(o.height))),
                            ],
                        )
                    })
                    .collect();
                say(
                    language,
                    "layout-overlap",
                    &[("what", Arg::Text(&what.join("; ")))],
                )
            }
            LayoutError::Text { problem, .. } => {
                // A part is named by its id, as written; a page or a
                // diagram only in English.
                if language != Language::En && !problem.place.starts_with('`') {
                    return say(language, "spec-refused", &[]);
                }
                let text = crate::source::words::quote(&problem.text);
                let place = problem.place.as_str();
                match &problem.fault {
                    TextFault::Missing(chars) => {
                        let listed = super::chars_text(chars, |list, more| {
                            say(
                                language,
                                "layout-more",
                                &[("list", Arg::Text(list)), ("count", Arg::Count(more))],
                            )
                        });
                        say(
                            language,
                            "layout-text-missing",
                            &[
                                ("text", Arg::Text(&text)),
                                ("place", Arg::Text(place)),
                                ("chars", Arg::Text(&listed)),
                            ],
                        )
                    }
                    TextFault::TooWide { width, into } => {
                        let into = match *into {
                            "the edge of its part" => "edge",
                            "a line of its part" => "line",
                            _ => "margin",
                        };
                        say(
                            language,
                            "layout-text-too-wide",
                            &[
                                ("text", Arg::Text(&text)),
                                ("place", Arg::Text(place)),
                                ("width", Arg::Text(&mm(*width))),
                                ("into", Arg::Text(into)),
                            ],
                        )
                    }
                }
            }
        }
    }
}

/// `` `records` reaches 8.0 mm past the bottom margin and … ``.
fn overflow(o: &Overflow, language: Language) -> String {
    let mut past = String::new();
    for (i, (side, by)) in o.past.iter().enumerate() {
        let one = say(
            language,
            "layout-past",
            &[
                ("mm", Arg::Text(&format!("{by:.1}"))),
                (
                    "side",
                    Arg::Text(match side {
                        Side::Top => "top",
                        Side::Right => "right",
                        Side::Bottom => "bottom",
                        Side::Left => "left",
                    }),
                ),
            ],
        );
        past = if i == 0 {
            one
        } else {
            say(
                language,
                "layout-and",
                &[("first", Arg::Text(&past)), ("second", Arg::Text(&one))],
            )
        };
    }
    say(
        language,
        "layout-reaches",
        &[("part", Arg::Text(&o.part)), ("past", Arg::Text(&past))],
    )
}
