//! Sheets: the templates and their form, rendering a template with changes
//! or a posted spec, and the spec as TOML to keep.
//!
//! A sheet request names its base — a built-in template, or a spec posted
//! as the body — and the changes to it, exactly as the command line does:
//! `page=A3` is `--page A3`, `landscape=1` is `--landscape`, and each
//! `set=KEY=VALUE` a `--set` (applied after them, in order). The changes are
//! made by the library's own `Set`s, so they meet the same checks and the
//! same messages, and the same changes give the same bytes as
//! `paperboard render`.

use std::collections::BTreeMap;
use std::sync::{Arc, Mutex};

use axum::Json;
use axum::body::Bytes;
use axum::extract::{Path, RawQuery, State};
use axum::response::{IntoResponse, Response};
use paperboard_sheets::language::Language;
use paperboard_sheets::spec::{Set, Spec, Template};
use paperboard_sheets::{Format, layout, render};
use serde::Serialize;

use super::error::ApiError;
use super::schema;
use super::{
    AppState, body_text, download, media_type, query_pairs, safe_file_name, single, split_ext,
};

/// What a sheet is made from.
#[derive(Debug, Clone)]
enum Base {
    /// A built-in template.
    Template(Template),
    /// A spec's text, posted, with the name it goes by.
    Text { origin: String, text: String },
}

impl Base {
    /// The spec with `sets` applied. A posted spec is read with no folder:
    /// it can name built-in maps only, never a file. An error says what is
    /// wrong in `says` when a language is asked for.
    fn spec(&self, sets: &[Set], says: Option<Language>) -> Result<Arc<Spec>, ApiError> {
        let refused = |e| ApiError::spec(e, says);
        Ok(match self {
            Base::Template(t) if sets.is_empty() => template_spec_read(*t)?,
            Base::Template(t) => Arc::new(Spec::template(*t, sets).map_err(refused)?),
            Base::Text { origin, text } => {
                Arc::new(Spec::parse_with_sets(origin, text, None, sets).map_err(refused)?)
            }
        })
    }

    /// The spec's text and name.
    fn text(&self) -> (String, &str) {
        match self {
            Base::Template(t) => (format!("{}.toml", t.name()), t.text()),
            Base::Text { origin, text } => (origin.clone(), text),
        }
    }

    /// The stem of the file names its downloads get.
    fn stem(&self) -> String {
        match self {
            Base::Template(t) => t.name().to_string(),
            Base::Text { origin, .. } => origin.strip_suffix(".toml").unwrap_or(origin).to_string(),
        }
    }

    /// Identifies the base in the cache's keys.
    fn key(&self) -> String {
        match self {
            Base::Template(t) => format!("template {}", t.name()),
            Base::Text { origin, text } => format!("text {origin}\n{text}"),
        }
    }
}

/// A built-in template's spec, read once: the same text gives the same
/// spec, and a sheet asked for with no changes (the page's first preview,
/// every default sheet) then costs its layout and rendering only.
fn template_spec_read(t: Template) -> Result<Arc<Spec>, ApiError> {
    static READ: Mutex<Vec<(Template, Arc<Spec>)>> = Mutex::new(Vec::new());
    let kept = || {
        let list = READ.lock().unwrap_or_else(|p| p.into_inner());
        list.iter()
            .find(|(u, _)| *u == t)
            .map(|(_, s)| Arc::clone(s))
    };
    if let Some(spec) = kept() {
        return Ok(spec);
    }
    let spec = Arc::new(Spec::template(t, &[])?);
    let mut list = READ.lock().unwrap_or_else(|p| p.into_inner());
    if !list.iter().any(|(u, _)| *u == t) {
        list.push((t, Arc::clone(&spec)));
    }
    Ok(spec)
}

/// A built-in template by name, or 404 listing them.
fn template(name: &str) -> Result<Template, ApiError> {
    Template::from_name(name).ok_or_else(|| {
        let names: Vec<&str> = Template::ALL.iter().map(|t| t.name()).collect();
        ApiError::not_found(format!("there is no built-in template `{name}`"))
            .with_help(format!("built-in templates: {}", names.join(", ")))
    })
}

/// The format a file name's extension names.
fn format_of(ext: &str) -> Result<Format, ApiError> {
    Format::from_name(ext)
        .ok_or_else(|| ApiError::not_found(format!("`.{ext}` is no format: use .pdf or .svg")))
}

/// The changes a query asks for, in the command line's order: `page`,
/// `landscape`, `language`, then every `set` in order.
fn query_sets(pairs: &[(String, String)], max: usize) -> Result<Vec<Set>, ApiError> {
    let mut sets = Vec::new();
    let parse = |text: String, key: &str| {
        text.parse::<Set>()
            .map_err(|m| ApiError::bad_request_of(&m).with_key(key.to_string()))
    };
    if let Some(page) = single(pairs, "page")? {
        sets.push(parse(format!("page.size={page}"), "page.size")?);
    }
    if let Some(landscape) = single(pairs, "landscape")? {
        let orientation = match landscape {
            "1" | "true" | "yes" | "on" | "" => "landscape",
            "0" | "false" | "no" | "off" => "portrait",
            other => {
                return Err(
                    ApiError::bad_request(format!("`landscape` is 1 or 0, not `{other}`"))
                        .with_key("page.orientation"),
                );
            }
        };
        sets.push(parse(
            format!("page.orientation={orientation}"),
            "page.orientation",
        )?);
    }
    if let Some(language) = single(pairs, "language")? {
        let key = language_key().ok_or_else(|| {
            ApiError::bad_request(
                "sheets have no language setting in this version; handouts do (`language` in a handout spec)",
            )
            .with_key("language")
        })?;
        sets.push(parse(format!("{key}={language}"), &key)?);
    }
    for (name, value) in pairs {
        if name == "set" {
            // The key names the error only when it is within the key
            // limits: a refused key of thousands of parts is quoted in the
            // message, shortened, and nowhere else.
            let key = value.split_once('=').map_or(value.as_str(), |(k, _)| k);
            let key = match paperboard_games::limits::key_fault(key.trim()) {
                None => key.trim(),
                Some(_) => "set",
            };
            sets.push(parse(value.clone(), key)?);
        }
    }
    if sets.len() > max {
        return Err(ApiError::too_much(format!(
            "{} changes in one request; at most {max}",
            sets.len()
        )));
    }
    Ok(sets)
}

/// The language a request asks its errors' `says` in (`says=de`: the
/// page's, which may differ from the sheet's `language`), if it asks.
fn says_language(pairs: &[(String, String)]) -> Result<Option<Language>, ApiError> {
    single(pairs, "says")?
        .map(|code| {
            code.parse::<Language>()
                .map_err(|e| ApiError::bad_request_of(&e).with_key("says"))
        })
        .transpose()
}

/// The key a sheet's language is set by, if the spec has one: a documented
/// `language` key of `[document]` or `[page]`.
fn language_key() -> Option<String> {
    schema::schema()
        .tables
        .into_iter()
        .filter(|t| t.table == "document" || t.table == "page")
        .find(|t| t.keys.iter().any(|k| k.key == "language"))
        .map(|t| format!("{}.language", t.table))
}

/// A sheet's bytes: from the cache, or made by a worker and kept.
async fn sheet_bytes(
    state: &AppState,
    base: Base,
    sets: Vec<Set>,
    format: Format,
    says: Option<Language>,
) -> Result<Bytes, ApiError> {
    let shared = state.get();
    let mut key = format!("{format}\n{}", base.key());
    for s in &sets {
        key.push('\n');
        key.push_str(&s.to_string());
    }
    if let Some(bytes) = shared.cache.get(&key) {
        return Ok(bytes);
    }
    let bytes = shared
        .work
        .run(move || {
            let spec = base.spec(&sets, says)?;
            let sheet = layout(&spec).map_err(|e| ApiError::layout(e, says))?;
            let pages = render(sheet.document(), format)?;
            // One page: a sheet is one page, and PDF is one file.
            let first = pages
                .into_iter()
                .next()
                .ok_or_else(|| ApiError::internal("the sheet has no page"))?;
            Ok(Bytes::from(first))
        })
        .await?;
    shared.cache.put(key, bytes.clone());
    Ok(bytes)
}

/// What a request for a built-in sheet or its spec takes.
const SHEET_PARAMS: [&str; 5] = ["page", "landscape", "language", "set", "says"];

/// `GET /api/render/{template}.{pdf|svg}?page=&landscape=&language=&set=&says=`.
pub async fn render_template(
    State(state): State<AppState>,
    Path(file): Path<String>,
    RawQuery(query): RawQuery,
) -> Result<Response, ApiError> {
    let (name, ext) = split_ext(&file)
        .ok_or_else(|| ApiError::not_found("name the template and format: /api/render/sos.pdf"))?;
    let t = template(name)?;
    let format = format_of(ext)?;
    let pairs = query_pairs(query.as_deref(), &SHEET_PARAMS)?;
    let says = says_language(&pairs)?;
    let sets = query_sets(&pairs, state.get().limits.sets)?;
    let bytes = sheet_bytes(&state, Base::Template(t), sets, format, says).await?;
    Ok(download(
        bytes,
        media_type(format),
        &format!("{}.{}", t.name(), format.extension()),
    ))
}

/// A posted spec: its text, named by `name` (default `spec.toml`).
fn posted_base(pairs: &[(String, String)], body: Bytes) -> Result<Base, ApiError> {
    let origin = safe_file_name(single(pairs, "name")?.unwrap_or("spec.toml"));
    let text = body_text(&origin, body)?;
    let limit = paperboard_games::source::text::TOML_LIMIT;
    if text.len() as u64 > limit {
        return Err(ApiError::too_much(format!(
            "{origin} is larger than {}, the limit for a spec",
            paperboard_games::source::text::size_text(limit)
        )));
    }
    Ok(Base::Text { origin, text })
}

/// A posted spec and the changes its request's query asks for (`name`,
/// `page`, `landscape`, `language`, `set`).
fn posted(
    state: &AppState,
    query: Option<&str>,
    body: Bytes,
) -> Result<(Base, Vec<Set>, Option<Language>), ApiError> {
    let pairs = query_pairs(
        query,
        &["name", "page", "landscape", "language", "set", "says"],
    )?;
    let says = says_language(&pairs)?;
    let base = posted_base(&pairs, body)?;
    let sets = query_sets(&pairs, state.get().limits.sets)?;
    Ok((base, sets, says))
}

/// `POST /api/render.{pdf|svg}?name=&page=&landscape=&language=&set=` with a
/// TOML spec as the body.
pub async fn render_posted(
    State(state): State<AppState>,
    RawQuery(query): RawQuery,
    body: Bytes,
    format: Format,
) -> Result<Response, ApiError> {
    let (base, sets, says) = posted(&state, query.as_deref(), body)?;
    let name = format!("{}.{}", base.stem(), format.extension());
    let bytes = sheet_bytes(&state, base, sets, format, says).await?;
    Ok(download(bytes, media_type(format), &name))
}

/// The spec with the changes written into it, to download.
async fn spec_text(
    state: &AppState,
    base: Base,
    sets: Vec<Set>,
    says: Option<Language>,
) -> Result<Response, ApiError> {
    let name = format!("{}.toml", base.stem());
    let text = state
        .get()
        .work
        .run(move || {
            let (origin, text) = base.text();
            paperboard_sheets::spec::edited_text(&origin, text, None, &sets)
                .map_err(|e| ApiError::spec(e, says))
        })
        .await?;
    Ok(download(text, "application/toml; charset=utf-8", &name))
}

/// `GET /api/spec/{template}.toml?…`: the template with the changes written
/// in, as a spec file to keep.
pub async fn template_spec(
    State(state): State<AppState>,
    Path(file): Path<String>,
    RawQuery(query): RawQuery,
) -> Result<Response, ApiError> {
    let name = file
        .strip_suffix(".toml")
        .ok_or_else(|| ApiError::not_found("a spec is asked for as /api/spec/NAME.toml"))?;
    let t = template(name)?;
    let pairs = query_pairs(query.as_deref(), &SHEET_PARAMS)?;
    let says = says_language(&pairs)?;
    let sets = query_sets(&pairs, state.get().limits.sets)?;
    spec_text(&state, Base::Template(t), sets, says).await
}

/// `POST /api/spec.toml?name=&…` with a spec as the body: the spec with the
/// changes written in.
pub async fn posted_spec(
    State(state): State<AppState>,
    RawQuery(query): RawQuery,
    body: Bytes,
) -> Result<Response, ApiError> {
    let (base, sets, says) = posted(&state, query.as_deref(), body)?;
    spec_text(&state, base, sets, says).await
}

/// `GET /api/templates/{name}.toml`: a built-in template's text, as
/// `paperboard templates --show NAME` prints it.
pub async fn template_text(Path(file): Path<String>) -> Result<Response, ApiError> {
    let name = file.strip_suffix(".toml").ok_or_else(|| {
        ApiError::not_found("a template is asked for as /api/templates/NAME.toml")
    })?;
    let t = template(name)?;
    Ok(download(
        t.text(),
        "application/toml; charset=utf-8",
        &format!("{name}.toml"),
    ))
}

/// What the form shows of a spec: its tables and parts with their values
/// as written.
#[derive(Debug, Serialize)]
pub struct FormInfo {
    /// The spec's name.
    pub origin: String,
    /// `[document] title`, its placeholders filled in.
    pub title: String,
    /// `[document] description`.
    pub description: String,
    /// `[document]`, `[page]`, then every part.
    pub tables: Vec<FormTable>,
    /// The key a language is set by, if sheets have one.
    pub language_key: Option<String>,
}

/// One table of a spec on the form.
#[derive(Debug, Serialize)]
pub struct FormTable {
    /// Its schema's name: `page`, `sos-board`.
    pub table: String,
    /// The part's id (none for `[document]` and `[page]`).
    pub id: Option<String>,
    /// What its changes start with: `page`, or the part's id.
    pub prefix: String,
    /// Its keys as the spec writes them.
    pub values: toml::Table,
}

/// The form of a spec's text (checked first: a bad spec is its error).
fn form_info(origin: &str, text: &str, says: Option<Language>) -> Result<FormInfo, ApiError> {
    let spec = Spec::parse(origin, text, None).map_err(|e| ApiError::spec(e, says))?;
    let written: toml::Table = toml::from_str(text).unwrap_or_default();
    let table_of = |name: &str| match written.get(name) {
        Some(toml::Value::Table(t)) => t.clone(),
        _ => toml::Table::new(),
    };
    let mut tables = vec![
        FormTable {
            table: "document".into(),
            id: None,
            prefix: "document".into(),
            values: table_of("document"),
        },
        FormTable {
            table: "page".into(),
            id: None,
            prefix: "page".into(),
            values: table_of("page"),
        },
    ];
    let mut seen: Vec<&str> = Vec::new();
    for (kind, id) in spec.parts() {
        let index = seen.iter().filter(|k| **k == kind).count();
        seen.push(kind);
        let values = match written.get(kind) {
            Some(toml::Value::Array(items)) => match items.get(index) {
                Some(toml::Value::Table(t)) => t.clone(),
                _ => toml::Table::new(),
            },
            _ => toml::Table::new(),
        };
        tables.push(FormTable {
            table: kind.to_string(),
            prefix: id.clone(),
            id: Some(id),
            values,
        });
    }
    Ok(FormInfo {
        origin: origin.to_string(),
        title: spec.title(),
        description: spec.description().to_string(),
        tables,
        language_key: language_key(),
    })
}

/// One built-in template, for the page's list.
#[derive(Debug, Serialize)]
pub struct TemplateInfo {
    /// The name `render` takes.
    pub name: String,
    /// Its one-line description.
    pub description: String,
    /// Its form.
    pub form: FormInfo,
    /// Its title as the sheet prints it in each language, by code (`de`:
    /// `Strategisches Tic-Tac-Toe`), for the page's list in its language.
    pub titles: BTreeMap<&'static str, String>,
}

/// `GET /api/templates`: every built-in template with its form.
pub async fn templates() -> Result<Json<Vec<TemplateInfo>>, ApiError> {
    let mut out = Vec::new();
    for t in Template::ALL {
        let origin = format!("{}.toml", t.name());
        let form = form_info(&origin, t.text(), None)?;
        let mut titles = BTreeMap::new();
        if let Some(key) = language_key() {
            for language in Language::ALL {
                let set = format!("{key}=\"{}\"", language.code())
                    .parse::<Set>()
                    .map_err(|e| {
                        let d = paperboard_games::source::Diagnostic::of(&e);
                        ApiError::under(
                            axum::http::StatusCode::INTERNAL_SERVER_ERROR,
                            "internal",
                            d,
                        )
                    })?;
                let spec = Spec::parse_with_sets(&origin, t.text(), None, &[set])?;
                titles.insert(language.code(), spec.title());
            }
        }
        out.push(TemplateInfo {
            name: t.name().to_string(),
            description: t.description(),
            form,
            titles,
        });
    }
    Ok(Json(out))
}

/// `POST /api/spec/form?name=&says=` with a spec as the body: its form, or its
/// errors.
pub async fn posted_form(
    State(state): State<AppState>,
    RawQuery(query): RawQuery,
    body: Bytes,
) -> Result<Json<FormInfo>, ApiError> {
    let pairs = query_pairs(query.as_deref(), &["name", "says"])?;
    let says = says_language(&pairs)?;
    let Base::Text { origin, text } = posted_base(&pairs, body)? else {
        return Err(ApiError::internal("a posted spec is text"));
    };
    let info = state
        .get()
        .work
        .run(move || form_info(&origin, &text, says))
        .await?;
    Ok(Json(info))
}

/// `GET /api/schema`: every table's keys with their controls, and the
/// built-in maps a map key offers.
pub async fn schema() -> impl IntoResponse {
    #[derive(Serialize)]
    struct Out {
        #[serde(flatten)]
        schema: schema::Schema,
        maps: super::analyze::MapsInfo,
    }
    Json(Out {
        schema: schema::schema(),
        maps: super::analyze::maps_info(),
    })
}
