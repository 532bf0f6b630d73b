//! The server in-process, on a loopback port, with routes only tests have:
//! a handler that panics, work that panics, work that outlives the
//! deadline. The rest of the API is tested against the real binary
//! (tests/web_api.rs) and in a real browser (tests/web_browser.rs).

use std::net::SocketAddr;
use std::time::Duration;

use axum::Router;
use axum::extract::State;
use axum::routing::get;
use tokio::io::{AsyncReadExt, AsyncWriteExt};

use super::AppState;
use super::error::ApiError;
use super::limits::Limits;

/// Starts the app with the test-only routes; returns its address.
async fn start(limits: Limits) -> SocketAddr {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    let state = AppState::new(limits, addr);
    let extra: Router = Router::new()
        .route(
            "/api/test/panic",
            get(|| async {
                if std::hint::black_box(true) {
                    panic!("injected panic in a handler");
                }
                "never"
            }),
        )
        .route(
            "/api/test/worker-panic",
            get(|State(state): State<AppState>| async move {
                state
                    .get()
                    .work
                    .run(|| -> Result<&'static str, ApiError> {
                        panic!("injected panic in the work")
                    })
                    .await
            }),
        )
        .route(
            "/api/test/slow",
            get(|| async {
                tokio::time::sleep(Duration::from_secs(5)).await;
                "late"
            }),
        )
        .with_state(state.clone());
    let router = extra.merge(super::routes(state.clone()));
    let router = super::with_layers(router, state);
    tokio::spawn(async move {
        axum::serve(listener, router).await.unwrap();
    });
    addr
}

/// One request; the status line's code and the body.
async fn get_text(addr: SocketAddr, path: &str) -> (u16, String, String) {
    let mut stream = tokio::net::TcpStream::connect(addr).await.unwrap();
    let request = format!("GET {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\r\n");
    stream.write_all(request.as_bytes()).await.unwrap();
    let mut bytes = Vec::new();
    stream.read_to_end(&mut bytes).await.unwrap();
    let text = String::from_utf8_lossy(&bytes).into_owned();
    let (head, body) = text.split_once("\r\n\r\n").unwrap_or((&text, ""));
    let status = head
        .split_whitespace()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(0);
    (status, head.to_string(), body.to_string())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_panic_is_a_500_and_the_server_goes_on() {
    let addr = start(Limits::default()).await;
    for path in ["/api/test/panic", "/api/test/worker-panic"] {
        let (status, head, body) = get_text(addr, path).await;
        assert_eq!(status, 500, "{path}: {head}\n{body}");
        assert!(head.contains("application/json"), "{head}");
        assert!(
            head.to_lowercase()
                .contains("x-content-type-options: nosniff"),
            "{head}"
        );
        let json: serde_json::Value = serde_json::from_str(&body).unwrap();
        assert_eq!(json["status"], 500);
        assert_eq!(json["code"], "internal");
        assert!(
            json["message"]
                .as_str()
                .unwrap()
                .contains("goes on serving"),
            "{body}"
        );
        // The server still answers.
        let (status, _, body) = get_text(addr, "/api/templates").await;
        assert_eq!(status, 200, "after {path}: {body}");
        assert!(body.contains("strategic-functional"));
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_request_past_its_deadline_is_a_504_with_a_message() {
    let addr = start(Limits {
        deadline: Duration::from_millis(200),
        ..Limits::default()
    })
    .await;
    let started = std::time::Instant::now();
    let (status, head, body) = get_text(addr, "/api/test/slow").await;
    assert_eq!(status, 504, "{head}\n{body}");
    assert!(started.elapsed() < Duration::from_secs(4));
    let json: serde_json::Value = serde_json::from_str(&body).unwrap();
    assert_eq!(json["code"], "deadline");
    assert!(
        json["message"].as_str().unwrap().contains("longer than"),
        "{body}"
    );
}
