//! Request bodies: admitted against a memory budget before a byte of them
//! is read, and read at a minimum speed.
//!
//! A body is held whole in memory from its first byte until its request is
//! answered, and a request may wait for a worker meanwhile, so bodies
//! queued behind busy workers add up: two dozen photo uploads of 47 MB
//! each would hold 1.8 GB, the 256 connections allowed 18 GB. And a body
//! sent a byte at a time holds its connection for as long as its deadline,
//! so a few hundred such uploads would hold every connection, and even the
//! page itself would not load. Therefore every request with a body
//!
//! * reserves its size (its `Content-Length`, or the most its route takes
//!   when it gives none), and at least [`Limits::body_charge`], from
//!   [`Limits::body_budget`] before any of it is read. When the budget is
//!   full the answer is 503 at once, with `Retry-After`, and the connection
//!   is closed: uploads beyond the budget wait with their sender, not in the
//!   server's memory, and cannot hold the connections the rest of the page
//!   needs. The reservation is returned once the request is answered (or
//!   given up);
//! * must arrive at [`Limits::body_rate`] on average once
//!   [`Limits::body_grace`] has passed, and whole within its route's
//!   deadline, or is answered 408 and closed.
//!
//! Requests without a body (`GET`, `HEAD`) pass at once: no route reads
//! the body of one.

use std::sync::Arc;
use std::time::Duration;

use axum::body::{Body, Bytes, HttpBody};
use axum::extract::{Request, State};
use axum::http::{HeaderValue, Method, StatusCode, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use tokio::sync::{OwnedSemaphorePermit, Semaphore};

use super::AppState;
use super::error::ApiError;
use super::limits::Limits;
use super::refusal::Refusal;

/// How long a refused upload is asked to wait before trying again.
pub const RETRY_AFTER: Duration = Duration::from_secs(5);

/// The memory budget for request bodies, counted in KiB.
#[derive(Debug)]
pub struct Budget {
    kib: Arc<Semaphore>,
    charge: usize,
    grace: Duration,
    rate: usize,
}

impl Budget {
    /// The budget `limits` set.
    pub fn new(limits: &Limits) -> Budget {
        Budget {
            kib: Arc::new(Semaphore::new(kib(limits.body_budget))),
            charge: limits.body_charge,
            grace: limits.body_grace,
            rate: limits.body_rate.max(1),
        }
    }

    /// Reserves `bytes` (at least the charge), or `None` when they do not
    /// fit now.
    fn reserve(&self, bytes: usize) -> Option<OwnedSemaphorePermit> {
        let want = u32::try_from(kib(bytes.max(self.charge))).unwrap_or(u32::MAX);
        Arc::clone(&self.kib).try_acquire_many_owned(want).ok()
    }
}

/// Bytes in KiB, rounded up.
fn kib(bytes: usize) -> usize {
    bytes.div_ceil(1024)
}

/// The most bytes a body sent to `path` may have, and the longest its
/// request may take.
fn route_limits(path: &str, limits: &Limits) -> (usize, Duration) {
    if path == "/api/read" {
        (super::read::BODY, super::read::DEADLINE)
    } else {
        (limits.body, limits.deadline)
    }
}

/// The admission (see the module documentation), as a middleware.
pub async fn admit(State(state): State<AppState>, request: Request, next: Next) -> Response {
    if matches!(*request.method(), Method::GET | Method::HEAD) {
        return next.run(request).await;
    }
    let shared = state.get();
    let (largest, deadline) = route_limits(request.uri().path(), &shared.limits);
    let declared = request
        .headers()
        .get(header::CONTENT_LENGTH)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.parse::<u64>().ok());
    if declared.is_some_and(|n| n > largest as u64) {
        // Refused as too large by the route's body limit, unread.
        return next.run(request).await;
    }
    let size = declared.map_or(largest, |n| n as usize);
    let Some(reservation) = shared.bodies.reserve(size) else {
        return busy();
    };
    let (parts, body) = request.into_parts();
    let received = receive(body, size, largest, deadline, &shared.bodies);
    let bytes = match received.await {
        Ok(bytes) => bytes,
        Err(refusal) => return refusal,
    };
    let response = next
        .run(Request::from_parts(parts, Body::from(bytes)))
        .await;
    drop(reservation);
    response
}

/// 503: the budget is full.
fn busy() -> Response {
    let mut response = ApiError::refused(
        StatusCode::SERVICE_UNAVAILABLE,
        "busy",
        Refusal::Uploads {
            secs: RETRY_AFTER.as_secs(),
        },
    )
    .into_response();
    let h = response.headers_mut();
    h.insert(
        header::RETRY_AFTER,
        HeaderValue::from(RETRY_AFTER.as_secs()),
    );
    h.insert(header::CONNECTION, HeaderValue::from_static("close"));
    response
}

/// Reads a body of at most `largest` bytes (`expected` of them, as far as
/// is known) at the budget's minimum speed, within `deadline`.
async fn receive(
    mut body: Body,
    expected: usize,
    largest: usize,
    deadline: Duration,
    budget: &Budget,
) -> Result<Bytes, Response> {
    let started = tokio::time::Instant::now();
    let mut got = Vec::with_capacity(expected.min(largest));
    loop {
        // The next bytes are due when the average since the start would
        // fall under the rate.
        let due = (started
            + budget.grace
            + Duration::from_secs_f64(got.len() as f64 / budget.rate as f64))
        .min(started + deadline);
        let frame = std::future::poll_fn(|cx| std::pin::Pin::new(&mut body).poll_frame(cx));
        match tokio::time::timeout_at(due, frame).await {
            Err(_) => return Err(too_slow(budget, deadline)),
            Ok(None) => return Ok(Bytes::from(got)),
            Ok(Some(Err(_))) => {
                return Err(ApiError::bad_request(
                    "the request body broke off before its end (fewer bytes came than its Content-Length says)",
                ).into_response());
            }
            Ok(Some(Ok(frame))) => {
                if let Ok(data) = frame.into_data() {
                    if got.len() + data.len() > largest {
                        return Err(StatusCode::PAYLOAD_TOO_LARGE.into_response());
                    }
                    got.extend_from_slice(&data);
                }
            }
        }
    }
}

/// 408: the body came too slowly.
fn too_slow(budget: &Budget, deadline: Duration) -> Response {
    let mut response = ApiError::new(
        StatusCode::REQUEST_TIMEOUT,
        "too-slow",
        format!(
            "the request's body arrived too slowly: a body must come at {} KiB a second or more, and whole within {} s",
            budget.rate >> 10,
            deadline.as_secs()
        ),
    )
    .with_help("send it again on a faster connection")
    .into_response();
    response
        .headers_mut()
        .insert(header::CONNECTION, HeaderValue::from_static("close"));
    response
}
