//! Handouts: a handout spec posted as TOML → one PDF, or the pages as
//! thumbnails. The spec is read with no folder, so its `sheet` is a
//! built-in template; everything else is as `paperboard handout` reads it.
//! A `win` worksheet's games come with the spec, as JSON: `{"spec": "…",
//! "records": "…", "name": "games.txt"}` (the records of the Check tab),
//! checked as a check is and searched within the page's budget.

use axum::Json;
use axum::body::Bytes;
use axum::extract::{RawQuery, State};
use axum::http::{HeaderMap, header};
use axum::response::Response;
use paperboard_games::check::CheckedGame;
use paperboard_games::maps::MapLibrary;
use paperboard_sheets::display::{Document, Page};
use paperboard_sheets::handout::{
    self, ClassGames, Handout, PageRole, PlannedPage, spec::HandoutSpec,
};
use paperboard_sheets::{Format, render};
use serde::{Deserialize, Serialize};

use super::check::{PAGE_NODES, PAGE_TOTAL_NODES, Records, check_all};
use super::error::ApiError;
use super::json::Shape;
use super::refusal::Refusal;
use super::{AppState, body_text, download, query_pairs, safe_file_name, single};

/// A handout spec with the records its `win` worksheet takes its games
/// from.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct WithGames {
    /// The handout spec (TOML).
    spec: String,
    /// The record text.
    #[serde(default)]
    records: String,
    /// The records' file name, as the worksheet names it.
    #[serde(default)]
    name: Option<String>,
}

/// [`WithGames`] in words.
const WITH_GAMES_SHAPE: Shape = Shape::Object(&[
    ("spec", Shape::Text, true),
    ("records", Shape::Text, false),
    ("name", Shape::Text, false),
]);

/// The posted handout spec, checked against the server's limits, with the
/// records posted with it (none for a spec posted as TOML).
fn posted(
    state: &AppState,
    query: Option<&str>,
    headers: &HeaderMap,
    body: Bytes,
) -> Result<(String, HandoutSpec, Records), ApiError> {
    let pairs = query_pairs(query, &["name"])?;
    let origin = safe_file_name(single(&pairs, "name")?.unwrap_or("handout.toml"));
    let json = headers
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.starts_with("application/json"));
    let (text, records) = if json {
        let w: WithGames = super::json::read(
            &body,
            &WITH_GAMES_SHAPE,
            r#"{"spec": "[handout]\n…", "records": "…", "name": "games.txt"}"#,
        )?;
        let records = Records {
            records: w.records,
            name: w.name,
            maps: Vec::new(),
        };
        (w.spec, records)
    } else {
        let none = Records {
            records: String::new(),
            name: None,
            maps: Vec::new(),
        };
        (body_text(&origin, body)?, none)
    };
    let spec = handout::spec::parse(&origin, &text)?;
    let most = state.get().limits.copies;
    if u64::from(spec.copies()) > most {
        return Err(ApiError::too_much_for(Refusal::Copies {
            copies: spec.copies(),
            most,
        })
        .with_key("handout.copies"));
    }
    Ok((origin, spec, records))
}

/// The posted records' games, checked as a check is (within its limits).
fn games_of(state: &AppState, records: &Records) -> Result<Vec<CheckedGame>, ApiError> {
    if records.records.is_empty() {
        return Ok(Vec::new());
    }
    let limits = &state.get().limits;
    let checked = check_all(
        records,
        &MapLibrary::new(),
        limits.games,
        limits.deadline / 2,
    )?;
    Ok(checked.games)
}

/// Builds the handout, its `win` worksheet from `games`, refusing one with
/// more pages than a request may make.
fn build(spec: &HandoutSpec, games: &[CheckedGame], max_pages: usize) -> Result<Handout, ApiError> {
    let games = ClassGames {
        games,
        nodes: PAGE_NODES,
        total: PAGE_TOTAL_NODES,
    };
    let made = handout::build_with(spec, games)?;
    if made.document.pages.len() > max_pages {
        return Err(ApiError::too_much_for(Refusal::Pages {
            pages: made.document.pages.len(),
            most: max_pages,
        }));
    }
    Ok(made)
}

/// `POST /api/handout.pdf?name=` with a handout spec as the body.
pub async fn pdf(
    State(state): State<AppState>,
    RawQuery(query): RawQuery,
    headers: HeaderMap,
    body: Bytes,
) -> Result<Response, ApiError> {
    let key = format!("handout\n{}", String::from_utf8_lossy(&body));
    let (origin, spec, records) = posted(&state, query.as_deref(), &headers, body)?;
    let name = format!("{}.pdf", origin.strip_suffix(".toml").unwrap_or(&origin));
    let shared = state.get();
    let bytes = match shared.cache.get(&key) {
        Some(b) => b,
        None => {
            let max_pages = shared.limits.pages;
            let state = state.clone();
            let bytes = shared
                .work
                .run(move || {
                    let games = games_of(&state, &records)?;
                    let doc = build(&spec, &games, max_pages)?;
                    let pdf = render(&doc.document, Format::Pdf)?;
                    Ok(Bytes::from(pdf.into_iter().next().unwrap_or_default()))
                })
                .await?;
            shared.cache.put(key, bytes.clone());
            bytes
        }
    };
    Ok(download(bytes, "application/pdf", &name))
}

/// The pages of a handout for the page's thumbnails: each run of copies
/// once (thirty game sheets are one picture), and the page plan.
#[derive(Debug, Serialize)]
pub struct Pages {
    /// The handout's title.
    pub title: String,
    /// How many pages the PDF has.
    pub pages: usize,
    /// The runs of equal pages, in order.
    pub runs: Vec<PageRun>,
    /// What every page is, as `paperboard handout --json` lists it.
    pub plan: Vec<PlannedPage>,
}

/// A run of equal pages: copies of one page, one after the other or each
/// on a sheet of paper of its own (a blank back between them).
#[derive(Debug, Serialize)]
pub struct PageRun {
    /// The first page's number, from 1.
    pub first: usize,
    /// The last page's number.
    pub last: usize,
    /// How many copies of the page the run holds (the blank backs between
    /// them are not counted).
    pub copies: usize,
    /// The page as SVG.
    pub svg: String,
}

/// Whether two pages are copies of one sheet: the same drawing, but for
/// at most two texts in the same places (the page number in the footer).
fn copies(a: &Page, b: &Page) -> bool {
    use paperboard_sheets::display::Item;
    if a.width != b.width || a.height != b.height || a.items.len() != b.items.len() {
        return false;
    }
    let mut differing = 0;
    for (x, y) in a.items.iter().zip(&b.items) {
        if x == y {
            continue;
        }
        match (x, y) {
            (Item::Text(s), Item::Text(t)) if s.pos == t.pos && s.size == t.size => differing += 1,
            _ => return false,
        }
    }
    differing <= 2
}

/// A run of copies of one page, pages `first..=last` (from 1).
struct Run<'a> {
    first: usize,
    last: usize,
    copies: usize,
    page: &'a Page,
}

/// The runs of copies among `pages`: a page that copies the run before it
/// extends it, also across a page left blank between them (printed on both
/// sides, each game sheet has a blank back).
fn runs_of_copies<'a>(pages: &'a [Page], plan: &[PageRole]) -> Vec<Run<'a>> {
    let mut runs: Vec<Run> = Vec::new();
    for (i, page) in pages.iter().enumerate() {
        let n = runs.len();
        // A lone blank page between this page and the run before it.
        let across_blank = n >= 2
            && runs[n - 1].copies == 1
            && runs[n - 1].first == i
            && plan.get(i - 1) == Some(&PageRole::Blank)
            && plan.get(i) != Some(&PageRole::Blank)
            && copies(runs[n - 2].page, page);
        if across_blank {
            runs.pop();
            let run = runs.last_mut().expect("two runs");
            run.last = i + 1;
            run.copies += 1;
            continue;
        }
        match runs.last_mut() {
            Some(run) if copies(run.page, page) => {
                run.last = i + 1;
                run.copies += 1;
            }
            _ => runs.push(Run {
                first: i + 1,
                last: i + 1,
                copies: 1,
                page,
            }),
        }
    }
    runs
}

/// `POST /api/handout/pages?name=` with a handout spec as the body.
pub async fn pages(
    State(state): State<AppState>,
    RawQuery(query): RawQuery,
    headers: HeaderMap,
    body: Bytes,
) -> Result<Json<Pages>, ApiError> {
    let (_, spec, records) = posted(&state, query.as_deref(), &headers, body)?;
    let max_pages = state.get().limits.pages;
    let shared = state.clone();
    let pages = state
        .get()
        .work
        .run(move || {
            let games = games_of(&shared, &records)?;
            let made = build(&spec, &games, max_pages)?;
            let doc = &made.document;
            let runs = runs_of_copies(&doc.pages, &made.plan);
            let mut out = Vec::with_capacity(runs.len());
            for Run {
                first,
                last,
                copies,
                page,
            } in runs
            {
                let one = Document {
                    metadata: doc.metadata.clone(),
                    pages: vec![page.clone()],
                };
                let svg = render(&one, Format::Svg)?
                    .into_iter()
                    .next()
                    .unwrap_or_default();
                out.push(PageRun {
                    first,
                    last,
                    copies,
                    svg: String::from_utf8_lossy(&svg).into_owned(),
                });
            }
            Ok(Pages {
                title: doc.metadata.title.clone(),
                pages: doc.pages.len(),
                runs: out,
                plan: made.page_plan().pages,
            })
        })
        .await?;
    Ok(Json(pages))
}
