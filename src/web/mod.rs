//! `paperboard serve`: the teacher's web page, and the HTTP API under it
//! that the page (and any script) uses. docs/http.md documents the API.
//!
//! The server is a third shell over the library, beside the command line:
//! each route reads its request, calls the very functions the command line
//! calls (`Spec::template` → `layout` → `render`, `check_reader`,
//! `handout::build`, `analyze_ruleset`) and answers with their bytes, so a
//! form gives the same PDF as `paperboard render` with the same spec. It
//! lives in the binary, as `cli` does, rather than in the library: the
//! library stays free of a network stack and an async runtime, and what is
//! served is the program's choice (which limits, which page), not the
//! library's.
//!
//! Safe by default:
//! * nothing a request sends reaches the file system: specs, records and map
//!   files arrive as text and are parsed with no folder, so a spec can name
//!   built-in maps only, and no route reads or writes a server file;
//! * it listens on 127.0.0.1 unless `--host` says otherwise, and then answers
//!   only to the names of that address (a web page elsewhere cannot reach it
//!   by a name of its own, "DNS rebinding") and refuses requests another
//!   site's page sends (an `Origin` that is not its own);
//! * every request is bounded ([`limits`]): body size, work, waiting and
//!   total time; each limit is a 4xx or 503 answer with a message, never a
//!   hang; a panic is a 500 and the server goes on;
//! * every answer carries a Content-Security-Policy allowing the page's own
//!   origin only, `nosniff`, and a download is named by Content-Disposition.
//!
//! Errors are JSON with the fields the command line's messages carry
//! ([`error`]).

mod admit;
mod analyze;
mod assets;
mod check;
pub mod conn;
mod error;
mod handout;
mod json;
mod lan;
pub mod limits;
mod read;
mod refusal;
mod schema;
mod sheets;
#[cfg(test)]
mod tests;
mod work;

use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::process::ExitCode;
use std::sync::Arc;

use axum::Router;
use axum::body::Body;
use axum::extract::{Request, State};
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::middleware::{self, Next};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use miette::{IntoDiagnostic, miette};
use tower_http::catch_panic::CatchPanicLayer;
use tower_http::limit::RequestBodyLimitLayer;
use tower_http::timeout::TimeoutLayer;

use crate::console::{Printer, note};
use error::ApiError;
use limits::Limits;
use refusal::Refusal;
use work::{Cache, Workers};

/// Arguments of `paperboard serve`.
#[derive(clap::Args)]
pub struct Args {
    /// The port to listen on (0: any free port, printed at start).
    #[arg(long, default_value_t = 8080, allow_hyphen_values = true, value_parser = |s: &str| PORT.parse(s).map(|n| n as u16))]
    pub port: u16,
    /// The address to listen on. The default serves this computer only;
    /// `--host 0.0.0.0` serves a classroom network (anyone on it can use
    /// the page).
    #[arg(long, default_value_t = IpAddr::V4(Ipv4Addr::LOCALHOST))]
    pub host: IpAddr,
    /// Megabytes of rendered documents kept for identical requests
    /// (0 keeps none).
    #[arg(long, default_value_t = 64, allow_hyphen_values = true, value_parser = |s: &str| CACHE_MB.parse(s).map(|n| n as u16))]
    pub cache_mb: u16,
    /// Seconds a connection may take to send a whole request head, from
    /// opening or from its last answer (an idle connection kept alive is
    /// closed after as long).
    #[arg(long, default_value = "10", value_name = "SECONDS", value_parser = |s: &str| HEADER_TIMEOUT.parse(s))]
    pub header_timeout: std::time::Duration,
    /// Connections held at once; more wait until one closes.
    #[arg(long, default_value_t = 256, value_parser = |s: &str| MAX_CONNECTIONS.parse(s).map(|n| n as usize))]
    pub max_connections: usize,
}

/// `serve --port`: a TCP port.
const PORT: paperboard_games::limits::Whole = paperboard_games::limits::Whole {
    key: "port",
    min: 0,
    max: 65_535,
};

/// `serve --cache-mb`.
const CACHE_MB: paperboard_games::limits::Whole = paperboard_games::limits::Whole {
    key: "cache-mb",
    min: 0,
    max: 65_535,
};

/// `serve --header-timeout`.
const HEADER_TIMEOUT: paperboard_games::limits::Seconds = paperboard_games::limits::Seconds {
    key: "header-timeout",
    min: 0.05,
    max: 3_600.0,
};

/// `serve --max-connections`.
const MAX_CONNECTIONS: paperboard_games::limits::Whole = paperboard_games::limits::Whole {
    key: "max-connections",
    min: 1,
    max: 10_000,
};

/// What every handler shares.
#[derive(Clone)]
pub struct AppState(Arc<Shared>);

/// The server's limits, workers and cache.
pub struct Shared {
    /// The limits.
    pub limits: Limits,
    /// Where documents are made.
    pub work: Workers,
    /// Rendered bytes of identical requests.
    pub cache: Cache,
    /// The memory request bodies may hold.
    pub bodies: admit::Budget,
    /// The `Host` names this server answers to, or `None` for any (served
    /// on a network address on purpose).
    pub hosts: Option<Vec<String>>,
}

impl AppState {
    /// A state for a server listening at `addr` (which decides the names it
    /// answers to).
    pub fn new(limits: Limits, addr: SocketAddr) -> AppState {
        let hosts = addr.ip().is_loopback().then(|| {
            let port = addr.port();
            let mut names = vec![
                format!("127.0.0.1:{port}"),
                format!("localhost:{port}"),
                format!("[::1]:{port}"),
            ];
            if port == 80 {
                names.extend(["127.0.0.1", "localhost", "[::1]"].map(String::from));
            }
            names
        });
        AppState(Arc::new(Shared {
            work: Workers::new(&limits),
            cache: Cache::new(limits.cache_bytes),
            bodies: admit::Budget::new(&limits),
            limits,
            hosts,
        }))
    }

    /// The shared parts.
    pub fn get(&self) -> &Shared {
        &self.0
    }
}

/// Runs `paperboard serve` until Ctrl-C.
pub fn run(args: Args) -> miette::Result<ExitCode> {
    // Documents are made on blocking threads, as many at once as there are
    // workers. Without a bound on the threads, tokio starts a fresh one
    // whenever none is idle at that instant (a dozen under load), and each
    // keeps its own caches of shaped text: as many threads as workers keep
    // the memory of a long-running server to a few caches' worth.
    //
    // Every thread gets a known stack, the main thread's usual 8 MiB
    // rather than tokio's 2 MiB: what a request may nest is bounded where
    // it enters (keys, TOML, JSON; docs/limits.md), and the deepest
    // document those bounds allow is read with room to spare in debug
    // builds too. A stack overflow aborts the process, which no panic
    // guard can answer, so the bound is checked before any recursion.
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .thread_stack_size(STACK_BYTES)
        .max_blocking_threads(Limits::default().workers.max(1))
        .enable_all()
        .build()
        .into_diagnostic()?;
    let stopped = runtime.block_on(serve(args));
    // Work cancelled when the grace ran out ends at its next step; the
    // process does not wait for it (dropping the runtime would).
    runtime.shutdown_timeout(std::time::Duration::from_millis(100));
    stopped
}

/// The stack of every thread of the server.
const STACK_BYTES: usize = 8 << 20;

async fn serve(args: Args) -> miette::Result<ExitCode> {
    let wanted = SocketAddr::new(args.host, args.port);
    let listener = tokio::net::TcpListener::bind(wanted).await.map_err(|e| {
        let help = if e.kind() == std::io::ErrorKind::AddrInUse {
            "another program (or another paperboard) uses that port: try --port 8081"
        } else {
            "try another --port, or --host 127.0.0.1"
        };
        miette!(
            help = help,
            "cannot listen on {wanted}: {}",
            paperboard_games::source::text::io_words(&e)
        )
    })?;
    let addr = listener.local_addr().into_diagnostic()?;
    let limits = Limits {
        cache_bytes: usize::from(args.cache_mb) << 20,
        header_read: args.header_timeout,
        connections: args.max_connections,
        ..Limits::default()
    };
    let state = AppState::new(limits, addr);
    let mut out = Printer::new();
    if addr.ip().is_unspecified() {
        // Every interface: the addresses students type are the machine's
        // own, as the kernel lists them (nothing is sent to find them).
        let port = addr.port();
        out.line(&format!(
            "paperboard is serving http://localhost:{port}/ on this computer"
        ))?;
        let found = lan::addresses();
        if found.is_empty() {
            out.line(&format!(
                "and on its network at http://ADDRESS:{port}/, with {}",
                lan::HOW_TO_FIND
            ))?;
        } else {
            let urls: Vec<String> = found
                .iter()
                .map(|ip| format!("http://{ip}:{port}/"))
                .collect();
            out.line(&format!(
                "and on its network: students type {}",
                urls.join(" or ")
            ))?;
        }
    } else {
        out.line(&format!("paperboard is serving http://{addr}/"))?;
    }
    out.line("Open that address in a web browser. Press Ctrl-C to stop.")?;
    out.finish()?;
    let limits = state.get().limits.clone();
    let grace = limits.stop_grace.as_secs();
    let stop = async move {
        stop_asked().await;
        note(&format!(
            "stopping: the requests under way have {grace} s to finish (Ctrl-C again stops at once)"
        ));
        // A second signal ends the process at once, with the shell's
        // status for that signal.
        tokio::spawn(async {
            let status = stop_asked().await;
            std::process::exit(status);
        });
    };
    let work = state.clone();
    conn::serve(listener, app(state), &limits, stop, move || {
        work.get().work.stop();
    })
    .await;
    Ok(ExitCode::SUCCESS)
}

/// Waits for Ctrl-C or, on Unix, SIGTERM (what service managers and
/// containers send to stop a server): the first ends the server gracefully
/// (see [`conn::serve`]). Gives the exit status a shell gives a process
/// that signal ends (130, 143).
async fn stop_asked() -> i32 {
    #[cfg(unix)]
    {
        use tokio::signal::unix::{SignalKind, signal};
        if let Ok(mut term) = signal(SignalKind::terminate()) {
            return tokio::select! {
                _ = tokio::signal::ctrl_c() => 130,
                _ = term.recv() => 143,
            };
        }
    }
    let _ = tokio::signal::ctrl_c().await;
    130
}

/// The whole application: page, API and the layers every request passes,
/// outermost last: the panic catcher nearest the handlers, the body limit,
/// the deadline, the host and origin checks, then JSON for every error and
/// the security headers on every answer.
pub fn app(state: AppState) -> Router {
    with_layers(routes(state.clone()), state)
}

/// `router` inside the layers every request passes.
fn with_layers(router: Router, state: AppState) -> Router {
    let limits = state.get().limits.clone();
    router
        .layer(CatchPanicLayer::custom(|_| {
            work::panicked().into_response()
        }))
        .layer(axum::extract::DefaultBodyLimit::max(limits.body))
        .layer(RequestBodyLimitLayer::new(limits.body))
        .layer(TimeoutLayer::with_status_code(
            StatusCode::GATEWAY_TIMEOUT,
            limits.deadline,
        ))
        // Photos: a body limit and deadline of their own.
        .merge(read::routes(state.clone()))
        .layer(middleware::from_fn_with_state(state.clone(), admit::admit))
        .layer(middleware::from_fn_with_state(state.clone(), guard))
        .layer(middleware::from_fn_with_state(state, json_errors))
        // Outside the others, so that every refusal they make knows the
        // language the request asked for.
        .layer(middleware::from_fn(refusal::asked_language))
        .layer(middleware::map_response(security_headers))
}

/// Every route.
pub(crate) fn routes(state: AppState) -> Router {
    Router::new()
        .route("/", get(assets::index))
        .route("/app.js", get(assets::script))
        .route("/words.js", get(assets::words))
        .route("/app.css", get(assets::style))
        .route("/favicon.svg", get(assets::icon))
        .route("/thai.ttf", get(assets::thai))
        .route("/thai-bold.ttf", get(assets::thai_bold))
        .route("/api/templates", get(sheets::templates))
        .route("/api/templates/{file}", get(sheets::template_text))
        .route("/api/schema", get(sheets::schema))
        .route("/api/maps", get(analyze::maps))
        .route("/api/render/{file}", get(sheets::render_template))
        .route(
            "/api/render.pdf",
            post(|s, q, b| sheets::render_posted(s, q, b, paperboard_sheets::Format::Pdf)),
        )
        .route(
            "/api/render.svg",
            post(|s, q, b| sheets::render_posted(s, q, b, paperboard_sheets::Format::Svg)),
        )
        .route("/api/spec/{file}", get(sheets::template_spec))
        .route("/api/spec.toml", post(sheets::posted_spec))
        .route("/api/spec/form", post(sheets::posted_form))
        .route("/api/handout.pdf", post(handout::pdf))
        .route("/api/handout/pages", post(handout::pages))
        .route("/api/check", post(check::check))
        .route("/api/check/fix", post(check::fix))
        .route(
            "/api/analyze/{ruleset}",
            get(analyze::get_json).post(analyze::post_json),
        )
        .route(
            "/api/analyze/{ruleset}/{file}",
            get(analyze::get_heatmap).post(analyze::post_heatmap),
        )
        .fallback(not_found)
        .with_state(state)
}

/// Any other path.
async fn not_found(request: Request) -> ApiError {
    ApiError::not_found(format!(
        "there is no {} here; the page is at /, the API under /api (docs/http.md)",
        request.uri().path()
    ))
}

/// The host and origin checks (see the module docs).
async fn guard(State(state): State<AppState>, request: Request, next: Next) -> Response {
    if let Some(quirk) = header_quirk(&request) {
        return ApiError::bad_request(quirk).into_response();
    }
    let headers = request.headers();
    let host = header_text(headers, header::HOST);
    if let Some(allowed) = &state.get().hosts
        && !host
            .as_deref()
            .is_some_and(|h| allowed.iter().any(|a| a == h))
    {
        let first = allowed.first().map_or("", String::as_str);
        return ApiError::new(
            StatusCode::MISDIRECTED_REQUEST,
            "wrong-host",
            format!("this server answers only at http://{first}/"),
        )
        .into_response();
    }
    if let Some(origin) = header_text(headers, header::ORIGIN) {
        let own = origin
            .strip_prefix("http://")
            .is_some_and(|authority| Some(authority) == host.as_deref());
        if !own {
            return ApiError::new(
                StatusCode::FORBIDDEN,
                "other-origin",
                format!("requests from pages of another site ({origin}) are refused"),
            )
            .into_response();
        }
    }
    next.run(request).await
}

/// Why a request's `Host` or `Origin` cannot be read as one name, if so:
/// either given twice (which one would the checks believe?), a value that
/// is not plain ASCII, or a request line naming a host (`GET
/// http://other/ HTTP/1.1`) other than its `Host`. Each would let a
/// request past the host and origin checks by a reading of its own.
fn header_quirk(request: &Request) -> Option<String> {
    let headers = request.headers();
    for name in [header::HOST, header::ORIGIN] {
        let values: Vec<&HeaderValue> = headers.get_all(&name).iter().collect();
        if values.len() > 1 {
            return Some(format!(
                "`{name}` is given {} times; give it once",
                values.len()
            ));
        }
        if let Some(v) = values.first()
            && (v.to_str().is_err() || !v.as_bytes().iter().all(u8::is_ascii_graphic))
        {
            return Some(format!(
                "`{name}` holds characters other than printable ASCII; a host name is written in ASCII"
            ));
        }
    }
    if let Some(authority) = request.uri().authority() {
        let host = header_text(headers, header::HOST);
        if host.as_deref() != Some(authority.as_str()) {
            return Some(format!(
                "the request names the host `{}` but its `Host` is `{}`; send the path alone (GET /api/…)",
                authority.as_str().escape_default(),
                host.unwrap_or_default().escape_default()
            ));
        }
    }
    None
}

fn header_text(headers: &HeaderMap, name: header::HeaderName) -> Option<String> {
    headers
        .get(name)
        .and_then(|v| v.to_str().ok())
        .map(str::to_string)
}

/// Every error answer as JSON: those the layers and the router make
/// (404, 405, 413, a deadline passed) come as plain text or empty, and are
/// replaced by an [`ApiError`] that says what happened.
async fn json_errors(State(state): State<AppState>, request: Request, next: Next) -> Response {
    let method = request.method().clone();
    let path = request.uri().path().to_string();
    let response = next.run(request).await;
    let status = response.status();
    let is_json = response
        .headers()
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.starts_with("application/json"));
    if !(status.is_client_error() || status.is_server_error()) || is_json {
        return response;
    }
    let detail = axum::body::to_bytes(response.into_body(), 4096)
        .await
        .map(|b| String::from_utf8_lossy(&b).trim().to_string())
        .unwrap_or_default();
    let limits = &state.get().limits;
    let (body, deadline) = if path == "/api/read" {
        (read::BODY, read::DEADLINE)
    } else {
        (limits.body, limits.deadline)
    };
    let error = match status {
        StatusCode::NOT_FOUND => ApiError::not_found(format!(
            "there is no {path} here; the page is at /, the API under /api (docs/http.md)"
        )),
        StatusCode::METHOD_NOT_ALLOWED => ApiError::new(
            status,
            "method-not-allowed",
            format!("{path} does not take {method}"),
        ),
        StatusCode::PAYLOAD_TOO_LARGE => ApiError::refused(
            status,
            "too-large",
            Refusal::TooLarge {
                mib: (body >> 20) as u64,
            },
        ),
        StatusCode::GATEWAY_TIMEOUT | StatusCode::REQUEST_TIMEOUT => ApiError::refused(
            StatusCode::GATEWAY_TIMEOUT,
            "deadline",
            Refusal::TooLong {
                most: seconds(deadline),
            },
        )
        .with_help("ask for less at once (fewer copies, games or pages)"),
        _ if detail.is_empty() => ApiError::new(
            status,
            "error",
            status.canonical_reason().unwrap_or("error").to_string(),
        ),
        // An extractor's rejection (a path that is not UTF-8, …), in its
        // own words unless they are a program's (a type name).
        _ if !rustish(&detail) => ApiError::new(status, "bad-request", detail),
        _ => ApiError::new(
            status,
            "bad-request",
            format!(
                "{}: the request cannot be read as this route takes it (docs/http.md)",
                status.canonical_reason().unwrap_or("error")
            ),
        ),
    };
    error.into_response()
}

/// Whether a message speaks of a program's types (`expected struct X`,
/// `usize`), which no answer may pass on.
fn rustish(message: &str) -> bool {
    const WORDS: [&str; 12] = [
        "struct",
        "enum ",
        "usize",
        "u64",
        "i64",
        "u32",
        "i32",
        "f64",
        "expected a",
        "invalid type",
        "Option<",
        "String",
    ];
    WORDS.iter().any(|w| message.contains(w))
}

/// `20 s`, `0.2 s`.
fn seconds(d: std::time::Duration) -> String {
    format!("{} s", d.as_secs_f64())
}

/// The security headers every answer carries (with `cache-control:
/// no-cache` unless the answer says otherwise).
pub const SECURITY_HEADERS: [(&str, &str); 6] = [
    (
        "content-security-policy",
        "default-src 'self'; img-src 'self' blob: data:; connect-src 'self' blob:; object-src 'none'; \
         base-uri 'none'; form-action 'self'; frame-ancestors 'none'",
    ),
    ("x-content-type-options", "nosniff"),
    ("x-frame-options", "DENY"),
    ("referrer-policy", "no-referrer"),
    ("cross-origin-opener-policy", "same-origin"),
    ("cross-origin-resource-policy", "same-origin"),
];

/// The headers every answer carries.
async fn security_headers(mut response: Response) -> Response {
    let h = response.headers_mut();
    for (name, value) in SECURITY_HEADERS {
        h.insert(name, HeaderValue::from_static(value));
    }
    if !h.contains_key(header::CACHE_CONTROL) {
        h.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-cache"));
    }
    response
}

/// A document to download: its bytes, type and file name.
pub fn download(bytes: impl Into<Body>, content_type: &'static str, file_name: &str) -> Response {
    let name = safe_file_name(file_name);
    (
        [
            (header::CONTENT_TYPE, HeaderValue::from_static(content_type)),
            (
                header::CONTENT_DISPOSITION,
                HeaderValue::from_str(&format!("attachment; filename=\"{name}\""))
                    .unwrap_or_else(|_| HeaderValue::from_static("attachment")),
            ),
        ],
        bytes.into(),
    )
        .into_response()
}

/// A file name made of letters, digits, `.`, `-` and `_` only (anything
/// else becomes `_`), at most 80 characters, never starting with a dot.
pub fn safe_file_name(name: &str) -> String {
    let mut out: String = name
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || matches!(c, '.' | '-' | '_') {
                c
            } else {
                '_'
            }
        })
        .take(80)
        .collect();
    if out.starts_with('.') || out.is_empty() {
        out.insert(0, '_');
    }
    out
}

/// The media type of a document format.
pub fn media_type(format: paperboard_sheets::Format) -> &'static str {
    match format {
        paperboard_sheets::Format::Pdf => "application/pdf",
        paperboard_sheets::Format::Svg => "image/svg+xml",
    }
}

/// Reads a request body as UTF-8 text, naming it `name` in errors.
pub fn body_text(name: &str, body: axum::body::Bytes) -> Result<String, ApiError> {
    Ok(paperboard_games::source::text::decode_text(
        name,
        body.to_vec(),
    )?)
}

/// Splits `name.ext` at its last dot.
pub fn split_ext(file: &str) -> Option<(&str, &str)> {
    file.rsplit_once('.').filter(|(stem, _)| !stem.is_empty())
}

/// A query's parameters, checked against the names a route takes.
pub fn query_pairs(
    query: Option<&str>,
    allowed: &[&str],
) -> Result<Vec<(String, String)>, ApiError> {
    let pairs: Vec<(String, String)> = match query {
        Some(q) => serde_urlencoded_pairs(q)?,
        None => Vec::new(),
    };
    if let Some((name, _)) = pairs.iter().find(|(n, _)| !allowed.contains(&n.as_str())) {
        return Err(ApiError::bad_request(format!(
            "unknown parameter `{name}`; this route takes {}",
            allowed.join(", ")
        )));
    }
    Ok(pairs)
}

fn serde_urlencoded_pairs(q: &str) -> Result<Vec<(String, String)>, ApiError> {
    axum::extract::Query::<Vec<(String, String)>>::try_from_uri(
        &format!("/?{q}")
            .parse()
            .map_err(|_| ApiError::bad_request("the query is not a valid URL query"))?,
    )
    .map(|axum::extract::Query(pairs)| pairs)
    .map_err(|_| {
        ApiError::bad_request(
            "the query cannot be read: each parameter is NAME=VALUE, joined by &, with %XX escapes of UTF-8 text",
        )
    })
}

/// The one value of a parameter given at most once.
pub fn single<'a>(pairs: &'a [(String, String)], name: &str) -> Result<Option<&'a str>, ApiError> {
    let mut values = pairs
        .iter()
        .filter(|(n, _)| n == name)
        .map(|(_, v)| v.as_str());
    let first = values.next();
    if values.next().is_some() {
        return Err(ApiError::bad_request(format!(
            "`{name}` is given more than once"
        )));
    }
    Ok(first)
}
