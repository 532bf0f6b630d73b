//! Connections: how many are held, how long one may stay silent, and the
//! answers the HTTP library gives on its own.
//!
//! A connection costs a file descriptor and a task whether or not it ever
//! sends a request, so connections that send nothing (or half a request
//! head, and then nothing) could otherwise starve the real ones. The server
//! therefore
//! * holds at most [`Limits::connections`] at once: past that, new ones
//!   wait in the system's queue until one closes;
//! * closes a connection that has not sent a whole request head within
//!   [`Limits::header_read`] of opening, or of its last answer (an idle
//!   keep-alive connection is one waiting for its next head), so every
//!   held place frees within that time;
//! * gives the answers the HTTP library makes by itself, before any route
//!   sees the request (400 for a request line it cannot read, 431 for
//!   headers too large, 414 for an address too long), the JSON body and
//!   the security headers every other answer has. The library offers no
//!   hook for those answers, so they are recognised where they are written:
//!   an answer head that lacks the security headers every answer of ours
//!   carries, with no body, can only be the library's.
//!
//! Stopping (Ctrl-C, SIGTERM) is graceful within a bound: no new connection
//! is taken, idle ones close, and the requests under way have
//! [`Limits::stop_grace`] to be answered; then the work still under way is
//! cancelled ([`super::work::Workers::stop`]: its requests are answered
//! 503) and the server ends a moment later, whatever is left.

use std::io;
use std::pin::Pin;
use std::sync::Arc;
use std::task::{Context, Poll, ready};

use axum::Router;
use axum::http::StatusCode;
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::service::TowerToHyperService;
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::{Semaphore, watch};

use super::SECURITY_HEADERS;
use super::error::ApiError;
use super::limits::Limits;

/// How long cancelled requests have to be answered once the grace has
/// passed, before the server ends regardless.
const CANCELLED_ANSWERS: std::time::Duration = std::time::Duration::from_secs(1);

/// Serves `app` on `listener` within `limits` until `stop` completes, then
/// stops (see the module documentation): `cancel` is called if requests
/// are still under way when [`Limits::stop_grace`] has passed.
pub async fn serve(
    listener: TcpListener,
    app: Router,
    limits: &Limits,
    stop: impl std::future::Future<Output = ()>,
    cancel: impl FnOnce(),
) {
    let mut http = hyper::server::conn::http1::Builder::new();
    http.timer(TokioTimer::new())
        .header_read_timeout(limits.header_read);
    let held = limits.connections.max(1);
    let places = Arc::new(Semaphore::new(held));
    let (closing, closing_seen) = watch::channel(false);
    tokio::pin!(stop);
    loop {
        let place = tokio::select! {
            place = Arc::clone(&places).acquire_owned() => place,
            () = &mut stop => break,
        };
        let Ok(place) = place else { break };
        let accepted = tokio::select! {
            accepted = listener.accept() => accepted,
            () = &mut stop => break,
        };
        let stream = match accepted {
            Ok((stream, _)) => stream,
            // Out of descriptors, or a connection reset before it was
            // taken: wait a moment rather than spin, and go on.
            Err(_) => {
                tokio::time::sleep(std::time::Duration::from_millis(20)).await;
                continue;
            }
        };
        let service = TowerToHyperService::new(app.clone());
        let connection = http.serve_connection(TokioIo::new(Answers::new(stream)), service);
        let mut closing = closing_seen.clone();
        tokio::spawn(async move {
            let _place = place;
            tokio::pin!(connection);
            tokio::select! {
                _ = connection.as_mut() => return,
                _ = closing.wait_for(|c| *c) => {}
            }
            // The request under way is answered; then the connection closes.
            connection.as_mut().graceful_shutdown();
            let _ = connection.await;
        });
    }
    drop(listener);
    closing.send_replace(true);
    // Every place back: every connection closed.
    let all = u32::try_from(held).unwrap_or(u32::MAX);
    let closed = Arc::clone(&places);
    let all_closed = || closed.acquire_many(all);
    if tokio::time::timeout(limits.stop_grace, all_closed())
        .await
        .is_err()
    {
        cancel();
        let _ = tokio::time::timeout(CANCELLED_ANSWERS, all_closed()).await;
    }
}

/// The whole answer for a status the HTTP library gives by itself.
fn own_answer(status: u16) -> Vec<u8> {
    let (status, message) = match status {
        431 => (
            StatusCode::REQUEST_HEADER_FIELDS_TOO_LARGE,
            "the request's headers are larger than the server reads",
        ),
        414 => (
            StatusCode::URI_TOO_LONG,
            "the request's address is longer than the server reads",
        ),
        _ => (
            StatusCode::BAD_REQUEST,
            "the request cannot be read as HTTP/1.1 (its request line or a header is malformed)",
        ),
    };
    let body = ApiError::new(status, "bad-request", message).json();
    let mut head = format!(
        "HTTP/1.1 {} {}\r\ncontent-type: application/json\r\ncontent-length: {}\r\nconnection: close\r\n",
        status.as_u16(),
        status.canonical_reason().unwrap_or("Bad Request"),
        body.len()
    );
    for (name, value) in SECURITY_HEADERS {
        head.push_str(&format!("{name}: {value}\r\n"));
    }
    head.push_str("cache-control: no-cache\r\n\r\n");
    let mut bytes = head.into_bytes();
    bytes.extend_from_slice(body.as_bytes());
    bytes
}

/// The status of an answer the library wrote by itself, if `written` is
/// one: a whole 4xx head with no body and none of our security headers.
fn libraries_own(written: &[u8]) -> Option<u16> {
    let rest = written.strip_prefix(b"HTTP/1.1 4")?;
    let head_end = written.windows(4).position(|w| w == b"\r\n\r\n")? + 4;
    let head = std::str::from_utf8(&written[..head_end])
        .ok()?
        .to_ascii_lowercase();
    let ours = head.contains("content-security-policy");
    let empty = head.contains("content-length: 0\r\n");
    if ours || !empty || head_end != written.len() {
        return None;
    }
    let digits = std::str::from_utf8(rest.get(..2)?).ok()?;
    Some(400 + digits.parse::<u16>().ok()?)
}

/// A connection whose library-made answers are replaced by ours.
pub struct Answers {
    stream: TcpStream,
    /// Bytes of our answer still to write.
    pending: Vec<u8>,
}

impl Answers {
    fn new(stream: TcpStream) -> Answers {
        Answers {
            stream,
            pending: Vec::new(),
        }
    }

    /// Writes what is pending; ready once nothing is.
    fn drain(&mut self, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        while !self.pending.is_empty() {
            let n = ready!(Pin::new(&mut self.stream).poll_write(cx, &self.pending))?;
            if n == 0 {
                return Poll::Ready(Err(io::ErrorKind::WriteZero.into()));
            }
            self.pending.drain(..n);
        }
        Poll::Ready(Ok(()))
    }
}

impl AsyncRead for Answers {
    fn poll_read(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        Pin::new(&mut self.stream).poll_read(cx, buf)
    }
}

impl AsyncWrite for Answers {
    fn poll_write(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<io::Result<usize>> {
        ready!(self.drain(cx))?;
        if let Some(status) = libraries_own(buf) {
            self.pending = own_answer(status);
            // The library's bytes count as written; ours go instead.
            let _ = self.drain(cx)?;
            return Poll::Ready(Ok(buf.len()));
        }
        Pin::new(&mut self.stream).poll_write(cx, buf)
    }

    fn poll_flush(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        ready!(self.drain(cx))?;
        Pin::new(&mut self.stream).poll_flush(cx)
    }

    fn poll_shutdown(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        ready!(self.drain(cx))?;
        Pin::new(&mut self.stream).poll_shutdown(cx)
    }

    // Not vectored: the library then writes each answer head as one
    // buffer, where its own answers can be told from ours.
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_librarys_own_answers_are_told_from_ours() {
        let date = "date: Tue, 01 Dec 2026 00:00:00 GMT\r\n";
        let own = format!("HTTP/1.1 400 Bad Request\r\ncontent-length: 0\r\n{date}\r\n");
        assert_eq!(libraries_own(own.as_bytes()), Some(400));
        let big = format!(
            "HTTP/1.1 431 Request Header Fields Too Large\r\ncontent-length: 0\r\n{date}\r\n"
        );
        assert_eq!(libraries_own(big.as_bytes()), Some(431));
        let ours = format!(
            "HTTP/1.1 400 Bad Request\r\ncontent-length: 0\r\ncontent-security-policy: x\r\n{date}\r\n"
        );
        assert_eq!(libraries_own(ours.as_bytes()), None);
        let with_body = format!("HTTP/1.1 400 Bad Request\r\ncontent-length: 2\r\n{date}\r\n{{}}");
        assert_eq!(libraries_own(with_body.as_bytes()), None);
        assert_eq!(
            libraries_own(b"HTTP/1.1 200 OK\r\ncontent-length: 0\r\n\r\n"),
            None
        );
        let answer = String::from_utf8(own_answer(431)).unwrap();
        assert!(answer.starts_with("HTTP/1.1 431 "), "{answer}");
        assert!(answer.contains("content-security-policy: "), "{answer}");
        let body = answer.split("\r\n\r\n").nth(1).unwrap();
        let json: serde_json::Value = serde_json::from_str(body).unwrap();
        assert_eq!(json["status"], 431);
    }
}
