//! Why the server refused a request as a whole (busy, too large, too
//! long), in the language of the page that asked.
//!
//! These refusals come before or around a route's own work, so no route's
//! `language` reaches them: the page names its language in every request's
//! `Accept-Language` (the first range, `de`), [`asked_language`] keeps it
//! for the request, and an error made from a [`Refusal`] carries `says` in
//! it beside the English `message` scripts read (docs/http.md). The words
//! are the message catalogues' (`request-*`).

use axum::extract::Request;
use axum::http::header;
use axum::middleware::Next;
use axum::response::Response;
use paperboard_games::messages::{Arg, say};
use paperboard_sheets::language::Language;

tokio::task_local! {
    /// The language the request being answered asked for, if any.
    static ASKED: Language;
}

/// Runs the rest of the request knowing the language it asks for: the
/// first range of its `Accept-Language`, when it is one with texts.
pub async fn asked_language(request: Request, next: Next) -> Response {
    let asked = request
        .headers()
        .get(header::ACCEPT_LANGUAGE)
        .and_then(|v| v.to_str().ok())
        .and_then(first_language);
    match asked {
        Some(language) => ASKED.scope(language, next.run(request)).await,
        None => next.run(request).await,
    }
}

/// `de`, `de-DE;q=0.9, en` → German; a first range without texts → none.
fn first_language(header: &str) -> Option<Language> {
    let first = header.split(',').next()?.split(';').next()?.trim();
    let primary = first.split('-').next()?.to_ascii_lowercase();
    primary.parse().ok()
}

/// The language the request being answered asked for, if any.
pub fn asked() -> Option<Language> {
    ASKED.try_with(|l| *l).ok()
}

/// Why a request was refused as a whole.
#[derive(Debug, Clone, PartialEq)]
pub enum Refusal {
    /// As many uploads as the server holds at once; again in `secs`.
    Uploads {
        /// Seconds to wait.
        secs: u64,
    },
    /// Every reader busy with other photos.
    BusyReading,
    /// Every worker busy with other documents.
    BusyMaking,
    /// The server is stopping.
    Stopping,
    /// The handler failed: a bug of the server's.
    Failed,
    /// The body is larger than a request may send.
    TooLarge {
        /// The most, MiB.
        mib: u64,
    },
    /// The request took longer than it may.
    TooLong {
        /// The most, written (`30 s`).
        most: String,
    },
    /// More games than one check takes.
    TooManyGames {
        /// The most.
        most: usize,
    },
    /// A check that took longer than it may, after `games` games.
    CheckTooLong {
        /// The most, seconds.
        secs: u64,
        /// The games checked by then.
        games: usize,
    },
    /// More game sheets in one handout than the page makes.
    Copies {
        /// As asked.
        copies: u32,
        /// The most.
        most: u64,
    },
    /// A handout of more pages than one request makes.
    Pages {
        /// Its pages.
        pages: usize,
        /// The most.
        most: usize,
    },
}

impl Refusal {
    /// The refusal in `language`; in English, the API's `message`.
    pub fn says(&self, language: Language) -> String {
        let text = |n: &dyn ToString| n.to_string();
        let one =
            |id: &str, name: &str, value: String| say(language, id, &[(name, Arg::Text(&value))]);
        match self {
            Refusal::Uploads { secs } => one("request-busy-uploads", "secs", text(secs)),
            Refusal::BusyReading => say(language, "request-busy-reading", &[]),
            Refusal::BusyMaking => say(language, "request-busy-making", &[]),
            Refusal::Stopping => say(language, "request-stopping", &[]),
            Refusal::Failed => say(language, "request-failed", &[]),
            Refusal::TooLarge { mib } => one("request-too-large", "mib", text(mib)),
            Refusal::TooLong { most } => one("request-too-long", "most", most.clone()),
            Refusal::TooManyGames { most } => one("request-too-many-games", "most", text(most)),
            Refusal::CheckTooLong { secs, games } => say(
                language,
                "request-check-too-long",
                &[
                    ("secs", Arg::Text(&text(secs))),
                    ("games", Arg::Count(*games)),
                ],
            ),
            Refusal::Copies { copies, most } => say(
                language,
                "request-copies",
                &[
                    ("copies", Arg::Text(&text(copies))),
                    ("most", Arg::Text(&text(most))),
                ],
            ),
            Refusal::Pages { pages, most } => say(
                language,
                "request-pages",
                &[
                    ("pages", Arg::Count(*pages)),
                    ("most", Arg::Text(&text(most))),
                ],
            ),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use paperboard_games::internals::english_left;

    #[test]
    fn the_first_range_of_accept_language_is_the_language_asked_for() {
        assert_eq!(first_language("de"), Some(Language::De));
        assert_eq!(
            first_language("ru-RU,ru;q=0.9,en;q=0.8"),
            Some(Language::Ru)
        );
        assert_eq!(first_language(" TH ; q=1"), Some(Language::Th));
        assert_eq!(first_language("fr-FR, de"), None);
        assert_eq!(first_language(""), None);
    }

    /// Every refusal, worded in every language with no English word left
    /// where the language has its own.
    #[test]
    fn a_refusal_is_said_in_german_russian_or_thai_without_an_english_word() {
        let all = [
            Refusal::Uploads { secs: 5 },
            Refusal::BusyReading,
            Refusal::BusyMaking,
            Refusal::Stopping,
            Refusal::Failed,
            Refusal::TooLarge { mib: 20 },
            Refusal::TooLong {
                most: "30 s".into(),
            },
            Refusal::TooManyGames { most: 2000 },
            Refusal::CheckTooLong { secs: 15, games: 7 },
            Refusal::Copies {
                copies: 90,
                most: 60,
            },
            Refusal::Pages {
                pages: 300,
                most: 200,
            },
        ];
        // The program's name and its command, as typed, and the unit.
        let kept = ["paperboard", "check", "mib"];
        let mut left = Vec::new();
        for refusal in all {
            let english = refusal.says(Language::En);
            for language in [Language::De, Language::Ru, Language::Th] {
                let said = refusal.says(language);
                for word in english_left(&english, &said, language, &kept) {
                    left.push(format!("{language}: `{word}` in `{said}`"));
                }
            }
        }
        assert!(left.is_empty(), "{left:#?}");
    }
}
