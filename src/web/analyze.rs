//! Analysis: a ruleset and its maps (built-in by name, or map files posted
//! as text) → the figures, as `analyze --json` prints them, and the heat
//! map.

use axum::Json;
use axum::body::Bytes;
use axum::extract::{Path, RawQuery, State};
use axum::response::{IntoResponse, Response};
use paperboard_games::analysis::{Analysis, analyze_ruleset};
use paperboard_games::games::RulesetKind;
use paperboard_games::maps::{BuiltinMap, MapError, MapFile, NAMED_FAMILY, parse_map_file};
use paperboard_sheets::heatmap::heatmap_in;
use paperboard_sheets::language::Language;
use paperboard_sheets::{Format, render};
use serde::{Deserialize, Serialize};

use super::error::ApiError;
use super::json::Shape;
use super::{AppState, download, media_type, query_pairs, single, split_ext};

/// The built-in maps, for the page's choices.
#[derive(Debug, Clone, Serialize)]
pub struct MapsInfo {
    /// Functional maps: the five reports name first, then the rest of the
    /// `mapAB` family.
    pub functional: Vec<&'static str>,
    /// Hyperfunctional maps.
    pub hyperfunctional: Vec<&'static str>,
}

/// The built-in maps.
pub fn maps_info() -> MapsInfo {
    let mut functional: Vec<&'static str> =
        BuiltinMap::FUNCTIONAL.iter().map(|m| m.name()).collect();
    let mut family: Vec<&'static str> = paperboard_games::maps::family()
        .iter()
        .map(|m| m.name())
        .filter(|n| !functional.contains(n))
        .collect();
    family.sort_unstable();
    functional.extend(family);
    debug_assert_eq!(functional.len(), NAMED_FAMILY.len());
    MapsInfo {
        functional,
        hyperfunctional: BuiltinMap::HYPERFUNCTIONAL
            .iter()
            .map(|m| m.name())
            .collect(),
    }
}

/// `GET /api/maps`.
pub async fn maps() -> Json<MapsInfo> {
    Json(maps_info())
}

/// A map posted as a map file's text.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PostedMap {
    /// Its file name (`mine.toml`), which names it where it has no `name`.
    #[serde(default = "PostedMap::default_name")]
    pub name: String,
    /// The map file's text.
    pub text: String,
}

impl PostedMap {
    fn default_name() -> String {
        "map.toml".into()
    }

    /// The map, or where its file is wrong.
    pub fn read(&self) -> Result<MapFile, ApiError> {
        let name = super::safe_file_name(&self.name);
        Ok(parse_map_file(&name, &self.text)?)
    }
}

/// `POST /api/analyze/{ruleset}` body: map files in place of built-in maps.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PostedMaps {
    /// The functional map.
    #[serde(default)]
    pub map: Option<PostedMap>,
    /// The hyperfunctional map.
    #[serde(default)]
    pub hypermap: Option<PostedMap>,
}

/// A built-in map by name (a request can name no file).
fn builtin(param: &str, name: &str) -> Result<MapFile, ApiError> {
    BuiltinMap::from_name(name)
        .map(MapFile::builtin)
        .ok_or_else(|| {
            ApiError::bad_request_of(&MapError::Unknown(name.to_string()))
                .with_key(param.to_string())
                .with_help("built-in maps: map11 … map88 (map34 is the standard), hmap1, hmap2; post a map file's text for your own")
        })
}

/// The analysis a request asks for.
async fn analysis(
    state: &AppState,
    ruleset: &str,
    pairs: &[(String, String)],
    posted: PostedMaps,
) -> Result<Analysis, ApiError> {
    let name = RulesetKind::from_name(ruleset).ok_or_else(|| {
        ApiError::not_found(format!("there is no ruleset `{ruleset}`"))
            .with_help("rulesets: tactical, functional, hyperfunctional")
    })?;
    let pick = |param: &str, posted: &Option<PostedMap>| -> Result<Option<MapFile>, ApiError> {
        match (posted, single(pairs, param)?) {
            (Some(_), Some(_)) => Err(ApiError::bad_request(format!(
                "`{param}` is both named and posted; give one"
            ))),
            (Some(p), None) => p.read().map(Some),
            (None, Some(n)) => builtin(param, n).map(Some),
            (None, None) => Ok(None),
        }
    };
    let map = pick("map", &posted.map)?;
    let hypermap = pick("hypermap", &posted.hypermap)?;
    state
        .get()
        .work
        .run(move || Ok(analyze_ruleset(name, map.as_ref(), hypermap.as_ref())?))
        .await
}

/// The JSON `analyze --json` prints (with `--matrix` for `matrix=1`).
fn json(a: &Analysis, pairs: &[(String, String)]) -> Result<Response, ApiError> {
    let matrix = match single(pairs, "matrix")? {
        None | Some("0") | Some("false") => false,
        Some("1") | Some("true") | Some("") => true,
        Some(other) => {
            return Err(ApiError::bad_request(format!(
                "`matrix` is 1 or 0, not `{other}`"
            )));
        }
    };
    let text = serde_json::to_string_pretty(&a.json(matrix))
        .map_err(|e| ApiError::internal(e.to_string()))?;
    Ok((
        [(
            axum::http::header::CONTENT_TYPE,
            "application/json; charset=utf-8",
        )],
        format!("{text}\n"),
    )
        .into_response())
}

fn posted(body: &Bytes) -> Result<PostedMaps, ApiError> {
    if body.is_empty() {
        return Ok(PostedMaps::default());
    }
    super::json::read(
        body,
        &MAPS_SHAPE,
        r#"{"map": {"name": "mine.toml", "text": "…"}, "hypermap": {…}}"#,
    )
}

/// A posted map file: [`PostedMap`] in words.
pub const MAP_SHAPE: Shape =
    Shape::Object(&[("name", Shape::Text, false), ("text", Shape::Text, true)]);

/// [`PostedMaps`] in words.
const MAPS_SHAPE: Shape =
    Shape::Object(&[("map", MAP_SHAPE, false), ("hypermap", MAP_SHAPE, false)]);

const PARAMS: [&str; 3] = ["map", "hypermap", "matrix"];

/// What the heat map takes: its maps and the language of its words.
const HEATMAP_PARAMS: [&str; 3] = ["map", "hypermap", "language"];

/// `GET /api/analyze/{ruleset}?map=&hypermap=&matrix=`.
pub async fn get_json(
    State(state): State<AppState>,
    Path(ruleset): Path<String>,
    RawQuery(query): RawQuery,
) -> Result<Response, ApiError> {
    let pairs = query_pairs(query.as_deref(), &PARAMS)?;
    let a = analysis(&state, &ruleset, &pairs, PostedMaps::default()).await?;
    json(&a, &pairs)
}

/// `POST /api/analyze/{ruleset}?…` with posted map files.
pub async fn post_json(
    State(state): State<AppState>,
    Path(ruleset): Path<String>,
    RawQuery(query): RawQuery,
    body: Bytes,
) -> Result<Response, ApiError> {
    let pairs = query_pairs(query.as_deref(), &PARAMS)?;
    let a = analysis(&state, &ruleset, &pairs, posted(&body)?).await?;
    json(&a, &pairs)
}

async fn heatmap_response(
    state: &AppState,
    ruleset: &str,
    file: &str,
    pairs: &[(String, String)],
    maps: PostedMaps,
) -> Result<Response, ApiError> {
    let format = match split_ext(file) {
        Some(("heatmap", ext)) => Format::from_name(ext),
        _ => None,
    }
    .ok_or_else(|| ApiError::not_found("the heat map is heatmap.svg or heatmap.pdf"))?;
    let language = match super::single(pairs, "language")? {
        None => Language::En,
        Some(l) => l
            .parse::<Language>()
            .map_err(|e| ApiError::bad_request_of(&e).with_key("language"))?,
    };
    let a = analysis(state, ruleset, pairs, maps).await?;
    let name = format!(
        "heatmap-{}.{}",
        a.label.to_string().replace([' ', ':'], "-"),
        format.extension()
    );
    let bytes = state
        .get()
        .work
        .run(move || {
            let doc = heatmap_in(&a, None, language);
            let pages = render(&doc, format)?;
            pages
                .into_iter()
                .next()
                .ok_or_else(|| ApiError::internal("the heat map has no page"))
        })
        .await?;
    Ok(download(bytes, media_type(format), &name))
}

/// `GET /api/analyze/{ruleset}/heatmap.{svg|pdf}?map=&hypermap=&language=`.
pub async fn get_heatmap(
    State(state): State<AppState>,
    Path((ruleset, file)): Path<(String, String)>,
    RawQuery(query): RawQuery,
) -> Result<Response, ApiError> {
    let pairs = query_pairs(query.as_deref(), &HEATMAP_PARAMS)?;
    heatmap_response(&state, &ruleset, &file, &pairs, PostedMaps::default()).await
}

/// `POST /api/analyze/{ruleset}/heatmap.{svg|pdf}?…` with posted map files.
pub async fn post_heatmap(
    State(state): State<AppState>,
    Path((ruleset, file)): Path<(String, String)>,
    RawQuery(query): RawQuery,
    body: Bytes,
) -> Result<Response, ApiError> {
    let pairs = query_pairs(query.as_deref(), &HEATMAP_PARAMS)?;
    heatmap_response(&state, &ruleset, &file, &pairs, posted(&body)?).await
}
