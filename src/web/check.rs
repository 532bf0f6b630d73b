//! Checking records: record text posted → the JSON `check --json` prints,
//! or the diagrams of the games; and applying repair suggestions to the
//! text (`check --fix`, one suggestion or all).
//!
//! The body is the record text itself, or JSON when map files come with it:
//! `{"records": "…", "name": "games.txt", "maps": [{"name": "mine.toml",
//! "text": "…"}]}`. A record's `Map` tag can name a built-in map or one of
//! those posted maps by its file name, never a file on the server.

use std::time::Instant;

use axum::Json;
use axum::body::Bytes;
use axum::extract::{RawQuery, State};
use axum::http::{HeaderMap, header};
use axum::response::{IntoResponse, Response};
use paperboard_games::check::repair::fix::{apply, fix_source};
use paperboard_games::check::solving::annotate_checked;
use paperboard_games::check::text::{JsonFile, JsonStream, Summary};
use paperboard_games::check::{CheckedGame, FileError, check_reader, check_source};
use paperboard_games::maps::MapLibrary;
use paperboard_games::solve::Budget;
use paperboard_sheets::diagram::diagram_at;
use paperboard_sheets::language::Language;
use paperboard_sheets::{Format, render};
use serde::{Deserialize, Serialize};

use super::analyze::{MAP_SHAPE, PostedMap};
use super::error::ApiError;
use super::json::Shape;
use super::refusal::Refusal;
use super::{AppState, body_text, download, media_type, query_pairs, safe_file_name, single};

/// Records with the map files they may name.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Records {
    /// The record text.
    pub records: String,
    /// Its file name, as reports name it (default `records.txt`).
    #[serde(default)]
    pub name: Option<String>,
    /// Map files the records' `Map` tags may name, by file name.
    #[serde(default)]
    pub maps: Vec<PostedMap>,
}

/// What a request to fix a record holds.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FixRequest {
    /// The record text.
    pub records: String,
    /// Its file name.
    #[serde(default)]
    pub name: Option<String>,
    /// Map files the records may name.
    #[serde(default)]
    pub maps: Vec<PostedMap>,
    /// The suggestions to apply.
    #[serde(default)]
    pub picks: Vec<Pick>,
    /// Apply the first suggestion of every error instead (`check --fix`).
    #[serde(default)]
    pub all: bool,
    /// The language of what was changed and why (en, de, ru, th; English
    /// when not given).
    #[serde(default)]
    pub language: Option<String>,
}

/// One suggestion, as the JSON report lists it.
#[derive(Debug, Clone, Copy, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Pick {
    /// The game, from 1 (`game` in the report).
    pub game: usize,
    /// The error's index in the game's `errors`, from 0.
    pub error: usize,
    /// The suggestion's index in the error's `suggestions`, from 0.
    pub suggestion: usize,
}

/// [`Records`] in words.
const RECORDS_SHAPE: Shape = Shape::Object(&[
    ("records", Shape::Text, true),
    ("name", Shape::Text, false),
    ("maps", Shape::List(&MAP_SHAPE), false),
]);

/// [`Pick`] in words.
const PICK_SHAPE: Shape = Shape::Object(&[
    ("game", Shape::Count, true),
    ("error", Shape::Count, true),
    ("suggestion", Shape::Count, true),
]);

/// [`FixRequest`] in words.
const FIX_SHAPE: Shape = Shape::Object(&[
    ("records", Shape::Text, true),
    ("name", Shape::Text, false),
    ("maps", Shape::List(&MAP_SHAPE), false),
    ("picks", Shape::List(&PICK_SHAPE), false),
    ("all", Shape::Flag, false),
    ("language", Shape::Text, false),
]);

/// Reads the body: record text, or JSON with records and maps.
fn records(headers: &HeaderMap, name: Option<&str>, body: Bytes) -> Result<Records, ApiError> {
    let json = headers
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.starts_with("application/json"));
    if json {
        let mut r: Records = super::json::read(
            &body,
            &RECORDS_SHAPE,
            r#"{"records": "…", "name": "games.txt", "maps": [{"name": "mine.toml", "text": "…"}]}"#,
        )?;
        if r.name.is_none() {
            r.name = name.map(str::to_string);
        }
        return Ok(r);
    }
    let name = name.unwrap_or("records.txt").to_string();
    Ok(Records {
        records: body_text(&safe_file_name(&name), body)?,
        name: Some(name),
        maps: Vec::new(),
    })
}

/// The map library of the posted map files.
fn library(maps: &[PostedMap], most: usize) -> Result<MapLibrary, ApiError> {
    if maps.len() > most {
        return Err(ApiError::too_much(format!(
            "{} map files; at most {most} with one check",
            maps.len()
        )));
    }
    let mut library = MapLibrary::new();
    for m in maps {
        library.add_text(&safe_file_name(&m.name), &m.text)?;
    }
    Ok(library)
}

/// Every game of the records, checked, within the request's limits.
pub(super) struct Checked {
    file: String,
    error: Option<FileError>,
    pub(super) games: Vec<CheckedGame>,
}

/// How deep the page looks for forced wins (`annotate=1`): wins within
/// three own moves, as `check --annotate` by default.
const ANNOTATE_PLIES: u64 = 5;

/// The most positions the solver may visit for one position on the page:
/// a twenty-fifth of the command line's, so a whole game's moments are
/// found in a fraction of a second.
pub(super) const PAGE_NODES: u64 = 200_000;

/// The most positions a handout made on the page may search in all its
/// games.
pub(super) const PAGE_TOTAL_NODES: u64 = 5_000_000;

/// The most positions the solver may visit for one position of a game the
/// page annotates: a hundredth of the command line's (a game's moments in
/// a few hundredths of a second), since the page checks as the teacher
/// types.
const ANNOTATE_NODES: u64 = 50_000;

/// The most games a check may hold to be annotated: a class's records;
/// a larger paste is checked without its moments (`check --annotate`
/// finds them).
const ANNOTATED_GAMES: usize = 30;

/// How long a check may spend annotating: the page checks as the teacher
/// types, so the moments may not hold the report up for long.
const ANNOTATE_TIME: std::time::Duration = std::time::Duration::from_secs(2);

/// Annotates the legal games of `c` (`check --annotate` within the page's
/// budget) when there are at most [`ANNOTATED_GAMES`], for at most
/// [`ANNOTATE_TIME`] (and half the request's time); the others keep no
/// annotations (`null` in the report: none looked for).
fn annotate_all(c: &mut Checked, started: Instant, deadline: std::time::Duration) {
    if c.games.len() > ANNOTATED_GAMES {
        return;
    }
    let budget = Budget::new(ANNOTATE_PLIES, ANNOTATE_NODES).expect("within the solver's limits");
    let until = started.elapsed() + ANNOTATE_TIME.min(deadline / 2);
    for g in c.games.iter_mut() {
        if started.elapsed() > until || super::work::abandoned() {
            break;
        }
        g.report.annotations = annotate_checked(g, budget).ok().map(|a| a.items);
    }
}

pub(super) fn check_all(
    r: &Records,
    maps: &MapLibrary,
    most_games: usize,
    deadline: std::time::Duration,
) -> Result<Checked, ApiError> {
    let file = safe_file_name(r.name.as_deref().unwrap_or("records.txt"));
    let started = Instant::now();
    let mut games = Vec::new();
    let error = check_reader(&file, r.records.as_bytes(), Some(maps), |g| {
        if games.len() >= most_games {
            return Err(ApiError::too_much_for(Refusal::TooManyGames {
                most: most_games,
            }));
        }
        if started.elapsed() > deadline || super::work::abandoned() {
            return Err(ApiError::too_much_for(Refusal::CheckTooLong {
                secs: deadline.as_secs(),
                games: games.len(),
            }));
        }
        games.push(g);
        Ok(())
    })?;
    Ok(Checked { file, error, games })
}

/// The JSON `check --json` prints for one file, errors listed up to `max`.
fn json_report(c: &Checked, max: usize, language: Language) -> String {
    let mut json = JsonStream::in_language(language);
    let mut summary = Summary::default();
    let mut out = json.start();
    for g in &c.games {
        let mut report = g.report.clone();
        report.limit_errors(max);
        summary.add_game(&report);
        out += &json.game(&report);
    }
    summary.add_file(c.error.as_ref());
    let files = [JsonFile {
        file: c.file.clone(),
        error: c.error.clone(),
    }];
    out += &json.end(&files, &summary);
    out
}

/// `POST /api/check?name=&max-errors=&diagram=pdf|svg&game=&language=&at=`.
pub async fn check(
    State(state): State<AppState>,
    RawQuery(query): RawQuery,
    headers: HeaderMap,
    body: Bytes,
) -> Result<Response, ApiError> {
    let pairs = query_pairs(
        query.as_deref(),
        &[
            "name",
            "max-errors",
            "diagram",
            "game",
            "language",
            "at",
            "annotate",
            "moment",
        ],
    )?;
    let annotate = match single(&pairs, "annotate")? {
        None | Some("0") => false,
        Some("1") => true,
        Some(other) => {
            return Err(
                ApiError::bad_request(format!("`annotate` is 0 or 1, not `{other}`"))
                    .with_key("annotate"),
            );
        }
    };
    // The diagram of one annotated moment of the game (from 1).
    let moment = single(&pairs, "moment")?
        .map(|k| {
            k.parse::<usize>().ok().filter(|k| *k >= 1).ok_or_else(|| {
                ApiError::bad_request(format!("`moment` is a moment's number from 1, not `{k}`"))
                    .with_key("moment")
            })
        })
        .transpose()?;
    let limits = state.get().limits.clone();
    let max_errors = match single(&pairs, "max-errors")? {
        None => limits.errors,
        Some(n) => paperboard_games::limits::Whole {
            key: "max-errors",
            min: 1,
            max: 1_000,
        }
        .parse(n)
        .map_err(|m| ApiError::bad_request(m.to_string()).with_key("max-errors"))?
            as usize,
    };
    let diagram_format = single(&pairs, "diagram")?
        .map(|d| {
            Format::from_name(d).ok_or_else(|| {
                ApiError::bad_request(format!("`diagram` is pdf or svg, not `{d}`"))
                    .with_key("diagram")
            })
        })
        .transpose()?;
    let game = single(&pairs, "game")?
        .map(|g| {
            g.parse::<usize>().ok().filter(|g| *g >= 1).ok_or_else(|| {
                ApiError::bad_request(format!("`game` is a game's number from 1, not `{g}`"))
                    .with_key("game")
            })
        })
        .transpose()?;
    let language = match single(&pairs, "language")? {
        None => Language::En,
        Some(l) => l
            .parse::<Language>()
            .map_err(|e| ApiError::bad_request(e.to_string()).with_key("language"))?,
    };
    // The position after this many moves, as `check --diagram --at`.
    let at = single(&pairs, "at")?
        .map(|n| {
            paperboard_games::limits::Whole {
                key: "at",
                min: 0,
                max: paperboard_games::record::GameRecord::MAX_MOVES as u64,
            }
            .parse(n)
            .map(|n| n as usize)
            .map_err(|m| ApiError::bad_request(m.to_string()).with_key("at"))
        })
        .transpose()?;
    let records = records(&headers, single(&pairs, "name")?, body)?;
    state
        .get()
        .work
        .run(move || {
            let started = Instant::now();
            let maps = library(&records.maps, limits.map_files)?;
            let mut checked = check_all(&records, &maps, limits.games, limits.deadline)?;
            if annotate {
                annotate_all(&mut checked, started, limits.deadline);
            }
            match diagram_format {
                None => Ok((
                    [(header::CONTENT_TYPE, "application/json; charset=utf-8")],
                    json_report(&checked, max_errors, language),
                )
                    .into_response()),
                Some(format) => {
                    let chosen = Chosen {
                        game,
                        at,
                        moment,
                        format,
                    };
                    diagram_response(&checked, chosen, language, limits.pages)
                }
            }
        })
        .await
}

/// Which diagram a request asks for: of one game or all, at which move, in
/// which format.
struct Chosen {
    game: Option<usize>,
    at: Option<usize>,
    /// One annotated moment of the game, drawn alone with its line.
    moment: Option<usize>,
    format: Format,
}

/// The diagram of one game (`game=N`) or of every game (PDF only).
fn diagram_response(
    c: &Checked,
    Chosen {
        game,
        at,
        moment,
        format,
    }: Chosen,
    language: Language,
    most_pages: usize,
) -> Result<Response, ApiError> {
    let chosen: Vec<&CheckedGame> = match game {
        Some(n) => {
            let g = c.games.get(n - 1).ok_or_else(|| {
                ApiError::bad_request(format!(
                    "there is no game {n}: the records hold {}",
                    c.games.len()
                ))
                .with_key("game")
            })?;
            vec![g]
        }
        None if format == Format::Svg => {
            return Err(ApiError::bad_request(
                "an SVG diagram is one game's: add `game=N`, or ask for `diagram=pdf` for every game",
            )
            .with_key("game"));
        }
        None => c.games.iter().collect(),
    };
    if chosen.len() > most_pages {
        return Err(ApiError::too_much(format!(
            "{} diagram pages; one request draws at most {most_pages}",
            chosen.len()
        )));
    }
    let doc = match (moment, chosen.as_slice()) {
        (Some(k), [g]) => {
            let annotations = g.report.annotations.as_deref().unwrap_or_default();
            let a = annotations.get(k - 1).ok_or_else(|| {
                ApiError::bad_request(format!(
                    "game {} has no moment {k}: {} were found (ask with `annotate=1`)",
                    g.report.game,
                    annotations.len()
                ))
                .with_key("moment")
            })?;
            let mut one = (*g).clone();
            one.report.annotations = Some(vec![a.clone()]);
            let mut doc = diagram_at(&[&one], language, None)?;
            // The moment's page comes after the game's (a tic-tac-toe
            // page holds both).
            if let Some(last) = doc.pages.pop() {
                doc.pages = vec![last];
            }
            doc
        }
        (Some(_), _) => {
            return Err(
                ApiError::bad_request("a moment is one game's: add `game=N`").with_key("moment"),
            );
        }
        (None, _) => diagram_at(&chosen, language, at)?,
    };
    if doc.pages.is_empty() {
        return Err(ApiError::bad_request(
            "no game could be replayed, so there is nothing to draw",
        ));
    }
    let pages = render(&doc, format)?;
    let bytes = pages.into_iter().next().unwrap_or_default();
    let stem = c.file.rsplit_once('.').map_or(c.file.as_str(), |(s, _)| s);
    let name = match game {
        Some(n) => format!("{stem}-game-{n}.{}", format.extension()),
        None => format!("{stem}-diagrams.{}", format.extension()),
    };
    Ok(download(bytes, media_type(format), &name))
}

/// One change made to the text.
#[derive(Debug, Serialize)]
pub struct ChangeJson {
    /// The game, from 1.
    pub game: usize,
    /// The line of the move changed.
    pub line: u32,
    /// Its column.
    pub column: u32,
    /// What was done: `1.1 -> 7.1 (one digit)`.
    pub what: String,
}

/// An error `all` left as written, and why (as `check --fix` says it).
#[derive(Debug, Serialize)]
pub struct HeldJson {
    /// The game, from 1.
    pub game: usize,
    /// The line of the error.
    pub line: u32,
    /// Its column.
    pub column: u32,
    /// Why: `the best suggestions are equally good: …`.
    pub why: String,
}

/// The fixed text and what changed.
#[derive(Debug, Serialize)]
pub struct Fixed {
    /// The whole record text, fixed.
    pub text: String,
    /// The changes, in text order.
    pub changes: Vec<ChangeJson>,
    /// With `all`: the errors left as written because no suggestion was sure
    /// (tied, or against the game's claim); empty for chosen picks.
    pub left: Vec<HeldJson>,
}

/// `POST /api/check/fix` with a [`FixRequest`]: the text with the chosen
/// suggestions (or, with `all`, the first of every error) applied.
pub async fn fix(State(state): State<AppState>, body: Bytes) -> Result<Json<Fixed>, ApiError> {
    let request: FixRequest = super::json::read(
        &body,
        &FIX_SHAPE,
        r#"{"records": "…", "picks": [{"game": 1, "error": 0, "suggestion": 0}]} or {"records": "…", "all": true}"#,
    )?;
    if request.picks.is_empty() && !request.all {
        return Err(ApiError::bad_request(
            "name the suggestions to apply in `picks`, or give `\"all\": true`",
        ));
    }
    let language = match request.language.as_deref() {
        None => Language::En,
        Some(l) => l
            .parse::<Language>()
            .map_err(|e| ApiError::bad_request(e.to_string()).with_key("language"))?,
    };
    let limits = state.get().limits.clone();
    let fixed = state
        .get()
        .work
        .run(move || {
            let records = Records {
                records: request.records,
                name: request.name,
                maps: request.maps,
            };
            let maps = library(&records.maps, limits.map_files)?;
            let checked = check_all(&records, &maps, limits.games, limits.deadline)?;
            let source = records.records.as_str();
            let (fixed, held) = if request.all {
                let recheck =
                    |text: &str| check_source(&checked.file, text.as_bytes(), Some(&maps)).games;
                let plan = fix_source(source, &checked.games, &recheck);
                (plan.fixed, plan.held)
            } else {
                let mut picks = Vec::new();
                for p in &request.picks {
                    let missing = || {
                        ApiError::bad_request(format!(
                            "game {} has no error {} with a suggestion {}",
                            p.game, p.error, p.suggestion
                        ))
                    };
                    let g = p
                        .game
                        .checked_sub(1)
                        .and_then(|i| checked.games.get(i))
                        .ok_or_else(missing)?;
                    let s = g
                        .report
                        .errors
                        .get(p.error)
                        .and_then(|e| e.suggestions.get(p.suggestion))
                        .ok_or_else(missing)?;
                    picks.push((g.report.game, &g.record, s));
                }
                (apply(source, &picks), Vec::new())
            };
            Ok(Fixed {
                changes: fixed
                    .changes
                    .into_iter()
                    .map(|c| ChangeJson {
                        game: c.game,
                        line: c.at.line,
                        column: c.at.col,
                        what: c.says(language),
                    })
                    .collect(),
                text: fixed.text,
                left: held
                    .into_iter()
                    .map(|h| HeldJson {
                        game: h.game,
                        line: h.at.line,
                        column: h.at.col,
                        why: h.says(language),
                    })
                    .collect(),
            })
        })
        .await?;
    Ok(Json(fixed))
}
