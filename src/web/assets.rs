//! The page: HTML, CSS, JavaScript, an icon and the sheets' Thai face,
//! compiled into the binary so the server needs nothing at run time and the
//! page nothing from the network (no fonts, scripts or styles from
//! elsewhere; the Content-Security-Policy would refuse them anyway).

use axum::http::header;
use axum::response::IntoResponse;
use paperboard_sheets::fonts::FontFace;

const INDEX: &str = include_str!("page/index.html");
const SCRIPT: &str = include_str!("page/app.js");
/// The page's own words in German, Russian and Thai (English is the page).
const WORDS: &str = include_str!("page/words.js");
const STYLE: &str = include_str!("page/app.css");
const ICON: &str = include_str!("page/favicon.svg");

/// `GET /`.
pub async fn index() -> impl IntoResponse {
    ([(header::CONTENT_TYPE, "text/html; charset=utf-8")], INDEX)
}

/// `GET /app.js`.
pub async fn script() -> impl IntoResponse {
    (
        [(header::CONTENT_TYPE, "text/javascript; charset=utf-8")],
        SCRIPT,
    )
}

/// `GET /words.js`.
pub async fn words() -> impl IntoResponse {
    (
        [(header::CONTENT_TYPE, "text/javascript; charset=utf-8")],
        WORDS,
    )
}

/// `GET /app.css`.
pub async fn style() -> impl IntoResponse {
    ([(header::CONTENT_TYPE, "text/css; charset=utf-8")], STYLE)
}

/// `GET /favicon.svg`.
pub async fn icon() -> impl IntoResponse {
    ([(header::CONTENT_TYPE, "image/svg+xml")], ICON)
}

/// The sheets' own Thai face (Noto Sans Thai, OFL), for a Thai page on a
/// computer with no Thai font: the page's style asks for it only for Thai
/// letters (its `unicode-range`), so no other page loads it.
fn font(face: FontFace) -> impl IntoResponse {
    (
        [
            (header::CONTENT_TYPE, "font/ttf"),
            (header::CACHE_CONTROL, "max-age=86400"),
        ],
        face.data(),
    )
}

/// `GET /thai.ttf`.
pub async fn thai() -> impl IntoResponse {
    font(FontFace::Thai)
}

/// `GET /thai-bold.ttf`.
pub async fn thai_bold() -> impl IntoResponse {
    font(FontFace::ThaiBold)
}
