//! Reading photographed sheets: `POST /api/read` takes photos of played
//! sheets and answers what `paperboard read --json` prints, plus what the
//! page needs to draw the reading over the sheet: the sheet's own SVG, and
//! where each record box and field cell is on it (the geometry `paperboard
//! layout --json` gives) with what was read there, and for every move the
//! ranked moves that could stand there instead.
//!
//! A photo is larger than anything else the server takes (a phone's JPEG
//! is a few megabytes), so this route has a body limit and a deadline of
//! its own ([`BODY`], [`DEADLINE`]) instead of the other routes' tighter
//! ones; each photo is held to the command line's limits
//! ([`PHOTO_BYTES`], and the pixel limit checked from the image's header
//! before its pixels are decoded). Several photos travel in one body, one
//! after the other, `sizes=` saying where each ends: no multipart parser
//! for a few byte counts. A scanned PDF is read as the command line reads
//! it, a sheet on each page, the pages counted (without decoding them)
//! against the sheets one request reads ([`SHEETS`]) before any is read.

use std::time::Duration;

use axum::Router;
use axum::body::Bytes;
use axum::extract::{RawQuery, State};
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::post;
use paperboard_games::messages::{Arg, say};
use paperboard_games::source::{Diagnostic, Severity};
use paperboard_sheets::Format;
use paperboard_sheets::handout::HandoutError;
use paperboard_sheets::language::Language;
use paperboard_sheets::layout::{SheetGeometry, geometry};
use paperboard_sheets::limits::PHOTO_BYTES;
use paperboard_sheets::read::photo::PhotoError;
use paperboard_sheets::read::sheet::{ReadError, ReadSheet, join_games, read_file_cancellable};
use paperboard_sheets::read::{BoxContent, CellContent};
use serde_json::{Value, json};
use tower_http::catch_panic::CatchPanicLayer;
use tower_http::limit::RequestBodyLimitLayer;
use tower_http::timeout::TimeoutLayer;

use super::error::ApiError;
use super::{AppState, query_pairs, safe_file_name, single};
use crate::reading::{Unread, judge, rounded};

/// The largest body `POST /api/read` takes: one photo at the command
/// line's limit, with room for a few more of a phone's usual size.
pub const BODY: usize = (PHOTO_BYTES as usize) + (8 << 20);

/// The most photos one request may send.
pub const PHOTOS: usize = 8;

/// The most sheets one request reads, photos and the pages of scanned
/// PDFs together: a class's game sheets. A sheet costs about half a second
/// of a core, a page whose picture has the most pixels a photo may have
/// about two (docs/limits.md), so even those stay inside the [`DEADLINE`].
/// A PDF whose pages would pass it is not read, and the answer says so
/// (`paperboard read` takes 100 pages).
pub const SHEETS: usize = 16;

/// The longest a reading request may take: each photo is decoded and read
/// box by box, seconds per photo on a slow machine.
pub const DEADLINE: Duration = Duration::from_secs(60);

/// The reading route with its own body limit and deadline; merged into the
/// application outside the other routes' limits (see [`super::app`]).
pub fn routes(state: AppState) -> Router {
    Router::new()
        .route("/api/read", post(read))
        .with_state(state)
        .layer(CatchPanicLayer::custom(|_| {
            super::work::panicked().into_response()
        }))
        .layer(axum::extract::DefaultBodyLimit::max(BODY))
        .layer(RequestBodyLimitLayer::new(BODY))
        .layer(TimeoutLayer::with_status_code(
            StatusCode::GATEWAY_TIMEOUT,
            DEADLINE,
        ))
}

/// One photo of the body, with the name the page gave it.
struct Photo {
    name: String,
    bytes: Bytes,
}

/// The spec a request's custom sheets were printed from: `spec=N` says
/// the body's first N bytes are its TOML text (a sheet spec or a handout
/// spec), the photos following. Refused here, before any photo is read,
/// when it is no such spec: too large, not UTF-8, not TOML, or naming a
/// file of its own (a request cannot name a file; a map must be a
/// built-in one, a handout's `sheet` a built-in template). Gives the spec
/// and the rest of the body.
fn spec_and_photos(
    pairs: &[(String, String)],
    body: Bytes,
    language: Language,
) -> Result<(Option<String>, Bytes), ApiError> {
    let Some(size) = single(pairs, "spec")? else {
        return Ok((None, body));
    };
    let limit = paperboard_games::source::text::TOML_LIMIT;
    let size = size.trim().parse::<u64>().ok().ok_or_else(|| {
        ApiError::bad_request(format!(
            "`spec` is the spec's size in bytes at the start of the body, not `{}`",
            size.chars().take(40).collect::<String>()
        ))
        .with_key("spec")
    })?;
    if size > limit {
        return Err(ApiError::too_much(format!(
            "the spec has {size} bytes; a spec may have at most {}",
            paperboard_games::source::text::size_text(limit)
        ))
        .with_key("spec"));
    }
    if size > body.len() as u64 {
        return Err(ApiError::bad_request(format!(
            "`spec` says the spec has {size} bytes but the body has {}",
            body.len()
        ))
        .with_key("spec"));
    }
    let size = size as usize;
    let text = std::str::from_utf8(&body[..size]).map_err(|_| {
        ApiError::bad_request("the spec is not UTF-8 text: send the spec's TOML file as it is")
            .with_key("spec")
    })?;
    let origin = safe_file_name(single(pairs, "spec_name")?.unwrap_or("spec.toml"));
    paperboard_sheets::read::sheet::check_read_spec(&origin, text).map_err(|e| {
        // Where in the spec, typed; what is wrong in the page's language
        // where the spec's words have it.
        let says = match &e {
            HandoutError::Spec(s) => s.says(language),
            other => other.to_string(),
        };
        ApiError::under(StatusCode::BAD_REQUEST, "bad-request", Diagnostic::from(&e))
            .with_key("spec")
            .with_says(says)
            .with_help("send the spec the sheets were printed from, as its TOML file; a spec sent to the server can use built-in maps and templates only, not files of its own")
    })?;
    Ok((Some(text.to_string()), body.slice(size..)))
}

/// Splits the body into its photos: `sizes=` lists each photo's bytes in
/// order (absent: the body is one photo); `name=`, given once per photo,
/// names them in the answer.
fn photos(
    pairs: &[(String, String)],
    body: Bytes,
    language: Language,
) -> Result<Vec<Photo>, ApiError> {
    if body.is_empty() {
        return Err(
            ApiError::bad_request(say(Language::En, "read-no-photo", &[])).with_says(say(
                language,
                "read-no-photo",
                &[],
            )),
        );
    }
    let sizes: Vec<usize> = match single(pairs, "sizes")? {
        None => vec![body.len()],
        Some(list) => list
            .split(',')
            .map(|s| s.trim().parse::<usize>().ok().filter(|n| *n > 0))
            .collect::<Option<Vec<usize>>>()
            .ok_or_else(|| {
                ApiError::bad_request(format!(
                    "`sizes` lists each photo's size in bytes, separated by commas, not `{}`",
                    list.chars().take(40).collect::<String>()
                ))
                .with_key("sizes")
            })?,
    };
    if sizes.len() > PHOTOS {
        return Err(ApiError::too_much(format!(
            "{} photos; one request reads at most {PHOTOS}",
            sizes.len()
        ))
        .with_key("sizes"));
    }
    let total = sizes.iter().try_fold(0usize, |a, b| a.checked_add(*b));
    if total != Some(body.len()) {
        return Err(ApiError::bad_request(format!(
            "`sizes` adds up to {} bytes but the body has {}",
            total.map_or_else(|| "too many".to_string(), |t| t.to_string()),
            body.len()
        ))
        .with_key("sizes"));
    }
    let names: Vec<&str> = pairs
        .iter()
        .filter(|(n, _)| n == "name")
        .map(|(_, v)| v.as_str())
        .collect();
    if !names.is_empty() && names.len() != sizes.len() {
        return Err(ApiError::bad_request(format!(
            "{} names for {} photos: give `name` once per photo, or not at all",
            names.len(),
            sizes.len()
        ))
        .with_key("name"));
    }
    let mut at = 0;
    let mut out = Vec::with_capacity(sizes.len());
    for (i, size) in sizes.into_iter().enumerate() {
        let name = names.get(i).map_or_else(
            || format!("photo {}", i + 1),
            |n| n.chars().filter(|c| !c.is_control()).take(120).collect(),
        );
        if size as u64 > PHOTO_BYTES {
            let why = ReadError::Photo(PhotoError::TooManyBytes { bytes: size as u64 });
            let unread = Unread::photo(&name, &why, language);
            return Err(refused(StatusCode::PAYLOAD_TOO_LARGE, "too-large", &unread)
                .with_help("take the photo at a lower resolution, or save it as JPEG"));
        }
        out.push(Photo {
            name,
            bytes: body.slice(at..at + size),
        });
        at += size;
    }
    Ok(out)
}

/// A photo's refusal as the answer's error, under `code`: the line the
/// command line prints (`IMAGE: why`) as its message, in the request's
/// language as `says`, the photo as its origin; where on the sheet and
/// what is wrong without where are its diagnostic's.
fn refused(status: StatusCode, code: &str, unread: &Unread) -> ApiError {
    let mut e = ApiError::under(status, code, unread.english.clone());
    e.message = unread.english_line();
    e.origin = Some(unread.image.clone());
    e.with_says(unread.line())
}

/// The status a photo's failure is answered with when no photo was read:
/// too large is 413, not an image 415, a photo of no readable sheet 422.
fn status_of(code: &str) -> StatusCode {
    match code {
        "photo-bytes" | "photo-too-large" | "pdf-pages" | "too-many-sheets" => {
            StatusCode::PAYLOAD_TOO_LARGE
        }
        "not-an-image" => StatusCode::UNSUPPORTED_MEDIA_TYPE,
        _ => StatusCode::UNPROCESSABLE_ENTITY,
    }
}

/// What the page draws of one sheet: its SVG, page size, and every box
/// and cell with what was read there.
fn sheet_json(read: &ReadSheet, spec: Option<&str>) -> Result<Value, ApiError> {
    let sheet = read
        .sheet
        .sheet(spec)
        .map_err(|e| ApiError::internal(format!("the sheet read cannot be laid out: {e}")))?;
    let placed: SheetGeometry = geometry(&sheet);
    let svg = paperboard_sheets::render(sheet.document(), Format::Svg)?
        .into_iter()
        .next()
        .unwrap_or_default();
    let mut boxes = Vec::new();
    let mut cells = Vec::new();
    for part in &placed.parts {
        for b in &part.boxes {
            let reading = read
                .reading
                .plies
                .iter()
                .find(|p| p.ply == b.ply)
                .and_then(|p| p.boxes.get((b.digit as usize).checked_sub(1)?));
            let (text, p) = match reading.map(|r| r.best()) {
                Some((BoxContent::Digit(d), p)) => (d.to_string(), p),
                Some((BoxContent::Empty, p)) => (String::new(), p),
                None => (String::new(), 0.0),
            };
            boxes.push(json!({
                "ply": b.ply, "digit": b.digit, "rect_mm": b.rect_mm,
                "read": text, "probability": rounded(f64::from(p)),
            }));
        }
    }
    for part in sheet.parts() {
        for c in part.field_cells().iter().filter(|c| c.board.is_none()) {
            let Some(reading) = read.reading.cells.get(&c.mv.index()) else {
                continue;
            };
            let (content, p) = reading.best();
            let text = match content {
                CellContent::X => "X",
                CellContent::O => "O",
                CellContent::Empty => "",
            };
            cells.push(json!({
                "path": c.mv.to_string(), "rect_mm": c.rect_mm,
                "read": text, "probability": rounded(f64::from(p)),
            }));
        }
    }
    Ok(json!({
        "sheet": read.code,
        "page": placed.page,
        "svg": String::from_utf8_lossy(&svg),
        "boxes": boxes,
        "cells": cells,
    }))
}

/// Reads every photo (each page of a PDF) and decodes the games on them.
/// The images are numbered in order, a PDF's pages one by one, and named
/// as the command line names them (`scan.pdf#page=2`).
fn read_all(
    photos: Vec<Photo>,
    spec: Option<String>,
    language: Language,
) -> Result<Value, ApiError> {
    let mut sheets: Vec<ReadSheet> = Vec::new();
    // Every image read or refused, by its name; for each sheet read, the
    // image it came from (0-based).
    let mut names: Vec<String> = Vec::new();
    let mut photo_of: Vec<usize> = Vec::new();
    let mut unread = Vec::new();
    // The first refusal.
    let mut first_failure: Option<Unread> = None;
    // An entry of `unread`, numbered by its image (from 1).
    let entry = |photo: usize, u: &Unread| {
        let mut entry = u.json();
        entry["photo"] = photo.into();
        entry
    };
    // Inside a photo too: the code search looks at the job's flag as it
    // goes, so a request given up stops within milliseconds.
    let given_up = super::work::job_flag();
    for photo in &photos {
        let mut pages = read_file_cancellable(&photo.bytes, spec.as_deref(), &given_up);
        let count = pages.size_hint().0;
        if names.len() + count > SHEETS {
            // Refused whole, before a page is decoded: its pages are
            // accounted for by the file's entry.
            let left = (SHEETS - names.len()).to_string();
            let limit = SHEETS.to_string();
            let words = |language| {
                say(
                    language,
                    "read-too-many-sheets",
                    &[
                        ("pages", Arg::Count(count)),
                        ("limit", Arg::Text(&limit)),
                        ("left", Arg::Text(&left)),
                    ],
                )
            };
            let code = "paperboard::read::too-many-sheets";
            let refused = |language| Diagnostic::new(Severity::Error, code.into(), words(language));
            let u = Unread::of(&photo.name, None, refused, language);
            names.push(photo.name.clone());
            unread.push(entry(names.len(), &u));
            first_failure.get_or_insert(u);
            continue;
        }
        loop {
            // Between sheets: a request given up ends here.
            if super::work::abandoned() {
                return Err(ApiError::busy("the reading was given up"));
            }
            let Some((page, read)) = pages.next() else {
                break;
            };
            let name = match page {
                Some(page) => format!("{}#page={page}", photo.name),
                None => photo.name.clone(),
            };
            names.push(name.clone());
            match read {
                Ok(sheet) => {
                    sheets.push(sheet);
                    photo_of.push(names.len() - 1);
                }
                Err(e) => {
                    let u = Unread::photo(&name, &e, language);
                    unread.push(entry(names.len(), &u));
                    first_failure.get_or_insert(u);
                }
            }
        }
    }
    // Nothing read: the first photo's refusal is the answer, with every
    // photo's, so that each is accounted for.
    if sheets.is_empty()
        && let Some(first) = first_failure
    {
        let mut e = refused(status_of(first.code()), first.code(), &first);
        e.unread = Some(json!(unread));
        return Err(e);
    }
    let drawn = sheets
        .iter()
        .map(|sheet| sheet_json(sheet, spec.as_deref()))
        .collect::<Result<Vec<_>, _>>()?;
    let mut games = Vec::new();
    let mut status = if unread.is_empty() { 0u8 } else { 2 };
    for (members, result) in join_games(&sheets) {
        let label = members
            .iter()
            .map(|&m| names[photo_of[m]].as_str())
            .collect::<Vec<_>>()
            .join(" + ");
        let judged = judge(&label, &sheets[members[0]].code, &result, true);
        status = status.max(judged.status);
        // A game not decoded: each of its photos is a photo not read.
        if let Err(e) = &result {
            for &m in &members {
                let u = Unread::game(&names[photo_of[m]], &sheets[m].code, e, language);
                unread.push(entry(photo_of[m] + 1, &u));
            }
            continue;
        }
        let numbers: Vec<usize> = members.iter().map(|&m| m + 1).collect();
        let given: Vec<usize> = members.iter().map(|&m| photo_of[m] + 1).collect();
        let names: Vec<&str> = members
            .iter()
            .map(|&m| names[photo_of[m]].as_str())
            .collect();
        let mut entry = judged.entry;
        entry["sheets"] = json!(numbers);
        entry["photos"] = json!(given);
        entry["images"] = json!(names);
        games.push(entry);
    }
    unread.sort_by_key(|u| u["photo"].as_u64());
    Ok(json!({
        "games": games,
        "sheets": drawn,
        "photos": photo_of.iter().map(|&p| p + 1).collect::<Vec<_>>(),
        "unread": unread,
        "exit": status,
    }))
}

/// `POST /api/read?sizes=&name=&spec=&spec_name=&language=`: photos of
/// played sheets in (after the spec of custom sheets, if any), the games
/// read from them out (docs/http.md); each refusal's `says` in `language`
/// (English by default), as the check route's.
pub async fn read(
    State(state): State<AppState>,
    RawQuery(query): RawQuery,
    body: Bytes,
) -> Result<Response, ApiError> {
    let pairs = query_pairs(
        query.as_deref(),
        &["sizes", "name", "spec", "spec_name", "language"],
    )?;
    let language = match single(&pairs, "language")? {
        None => Language::En,
        Some(l) => l
            .parse::<Language>()
            .map_err(|e| ApiError::bad_request_of(&e).with_key("language"))?,
    };
    let (spec, body) = spec_and_photos(&pairs, body, language)?;
    let photos = photos(&pairs, body, language)?;
    let doc = state
        .get()
        .work
        .run_long(move || read_all(photos, spec, language))
        .await?;
    Ok((
        [(header::CONTENT_TYPE, "application/json; charset=utf-8")],
        doc.to_string(),
    )
        .into_response())
}
