//! The server against hostile requests: JSON bodies of the wrong types,
//! headers that could be read two ways, connections held open, and the
//! HTTP library's own refusals. Each through the real `paperboard serve`,
//! each asserting the status, the message and that the server still
//! answers afterwards.

use crate::common;

use std::io::{ErrorKind, Read, Write};
use std::net::TcpStream;
use std::time::{Duration, Instant};

use common::web::{Reply, Server, raw, request};

/// Words of a program's types, which no answer may carry (`|` between).
const RUSTISH: &str = "struct|enum |usize|u64|i64|u32|i32|f64|expected a|invalid type|Option<|String|PostedMap|FixRequest|Records|Pick {";

fn assert_user_words(r: &Reply, what: &str) {
    let json = r.json();
    let message = json["message"].as_str().unwrap_or_default();
    let help = json["help"].as_str().unwrap_or_default();
    for word in RUSTISH.split('|') {
        assert!(
            !message.contains(word) && !help.contains(word),
            "{what}: `{word}` in {message} / {help}"
        );
    }
}

fn still_serving(s: &Server) {
    let r = s.get("/api/maps");
    assert_eq!(r.status, 200, "{}", r.text());
}

/// Every JSON body the API takes, posted with a value of every wrong type
/// in every key: a 400 naming the key, what was sent and what is accepted,
/// never a type name.
#[test]
fn json_bodies_of_the_wrong_types_are_refused_in_the_users_words() {
    let s = Server::start(&[]);
    let map = r#"{"name": "m.toml", "text": "x"}"#;
    let routes: [(&str, &[(&str, &str)]); 4] = [
        (
            "/api/analyze/functional",
            &[("map", map), ("hypermap", map)],
        ),
        (
            "/api/analyze/functional/heatmap.svg",
            &[("map", map), ("hypermap", map)],
        ),
        (
            "/api/check",
            &[("records", "\"x\""), ("name", "\"a.txt\""), ("maps", "[]")],
        ),
        (
            "/api/check/fix",
            &[
                ("records", "\"x\""),
                ("name", "\"a.txt\""),
                ("maps", "[]"),
                ("picks", r#"[{"game": 1, "error": 0, "suggestion": 0}]"#),
                ("all", "true"),
            ],
        ),
    ];
    let wrong = [
        "7",
        "-1",
        "1.5",
        "\"text\"",
        "true",
        "null",
        "[1]",
        "{\"a\": 1}",
    ];
    for (route, keys) in routes {
        for (key, good) in keys {
            for bad in wrong {
                // Of the right type (a text for a text): not a wrong type.
                if bad == *good || (bad.starts_with('"') && good.starts_with('"')) {
                    continue;
                }
                let fields: Vec<String> = keys
                    .iter()
                    .map(|(k, g)| format!("\"{k}\": {}", if k == key { bad } else { g }))
                    .collect();
                let body = format!("{{{}}}", fields.join(", "));
                let r = s.post(route, "application/json", body.as_bytes());
                let what = format!("{route} {body}");
                if r.status == 200 {
                    // `{"a": 1}` as a map is refused; `[1]` as `maps` too;
                    // a value of the right type is not what this test sends.
                    panic!("{what}: accepted");
                }
                assert_eq!(r.status, 400, "{what}: {}", r.text());
                assert_user_words(&r, &what);
                let message = r.json()["message"].as_str().unwrap().to_string();
                assert!(message.contains(&format!("`{key}")), "{what}: {message}");
            }
        }
    }
    // The two of the issue, word for word.
    let r = s.post(
        "/api/analyze/functional",
        "application/json",
        br#"{"map": 7}"#,
    );
    assert_eq!(
        r.json()["message"],
        "`map` must be an object with `name`, `text`, not the number 7"
    );
    let r = s.post(
        "/api/check/fix",
        "application/json",
        br#"{"records": "x", "picks": [{"game": 1, "error": -1, "suggestion": 0}]}"#,
    );
    assert_eq!(
        r.json()["message"],
        "`picks[0].error` must be a whole number, 0 or more, not the number -1"
    );
    assert_eq!(r.json()["key"], "picks[0].error");
    // Not JSON at all, and JSON nested past the reader's limit.
    for body in [&b"{\"records\": "[..], b"{]", &[b'['; 100_000][..]] {
        let r = s.post("/api/check/fix", "application/json", body);
        assert_eq!(r.status, 400, "{}", r.text());
        assert_user_words(&r, "not JSON");
    }
    // A query that is no query.
    let r = s.get("/api/analyze/functional?map=%FF%FE");
    assert!(r.status == 400 || r.status == 404, "{}", r.text());
    assert_user_words(&r, "query");
    still_serving(&s);
}

/// `Host` and `Origin` given twice, a request line naming another host, and
/// values that are not ASCII: 400, never read one way by one check and
/// another way by the next.
#[test]
fn headers_that_read_two_ways_are_refused() {
    let s = Server::start(&[]);
    let own = s.addr.to_string();
    let cases = [
        format!(
            "GET /api/maps HTTP/1.1\r\nHost: {own}\r\nHost: attacker.example\r\nConnection: close\r\n\r\n"
        ),
        format!(
            "GET http://attacker.example/api/maps HTTP/1.1\r\nHost: {own}\r\nConnection: close\r\n\r\n"
        ),
        format!(
            "POST /api/check HTTP/1.1\r\nHost: {own}\r\nOrigin: http://{own}\r\nOrigin: http://attacker.example\r\nContent-Length: 1\r\nConnection: close\r\n\r\nx"
        ),
    ];
    for case in &cases {
        let r = raw(s.addr, case.as_bytes());
        assert_eq!(r.status, 400, "{case}: {}", r.text());
        assert!(r.json()["message"].as_str().is_some(), "{case}");
        assert!(r.header("content-security-policy").is_some(), "{case}");
    }
    // Not ASCII: the bytes of "http://127.0.0.1:PORT" with a Cyrillic "а".
    let mut bytes =
        format!("GET /api/maps HTTP/1.1\r\nHost: {own}\r\nOrigin: http://").into_bytes();
    bytes.extend_from_slice("exаmple".as_bytes());
    bytes.extend_from_slice(b"\r\nConnection: close\r\n\r\n");
    let r = raw(s.addr, &bytes);
    assert_eq!(r.status, 400, "{}", r.text());
    assert!(r.text().contains("ASCII"), "{}", r.text());
    // The same request, read one way only, is served.
    let r = request(
        s.addr,
        "GET",
        "/api/maps",
        &[("Origin", &format!("http://{own}"))],
        b"",
    );
    assert_eq!(r.status, 200, "{}", r.text());
    let r = raw(
        s.addr,
        format!("GET http://{own}/api/maps HTTP/1.1\r\nHost: {own}\r\nConnection: close\r\n\r\n")
            .as_bytes(),
    );
    assert_eq!(r.status, 200, "{}", r.text());
    still_serving(&s);
}

/// Whether the server closed `stream` (an end of stream or a reset)
/// within `within`; the bytes it sent before.
fn closed_within(stream: &mut TcpStream, within: Duration) -> Option<Vec<u8>> {
    stream.set_read_timeout(Some(within)).unwrap();
    let mut got = Vec::new();
    let mut buf = [0u8; 4096];
    loop {
        match stream.read(&mut buf) {
            Ok(0) => return Some(got),
            Ok(n) => got.extend_from_slice(&buf[..n]),
            Err(e) if matches!(e.kind(), ErrorKind::WouldBlock | ErrorKind::TimedOut) => {
                return None;
            }
            Err(_) => return Some(got),
        }
    }
}

/// Idle connections, half-sent heads and idle keep-alive connections are
/// closed after the header timeout; with every place held, a real request
/// is still answered once they are.
#[test]
fn silent_and_half_sent_connections_are_closed_and_real_ones_served() {
    let s = Server::start(&["--header-timeout", "0.5", "--max-connections", "8"]);
    let own = s.addr.to_string();
    let started = Instant::now();
    let mut held: Vec<TcpStream> = (0..20)
        .map(|i| {
            let mut c = TcpStream::connect(s.addr).unwrap();
            if i % 2 == 1 {
                c.write_all(
                    format!("GET /api/maps HTTP/1.1\r\nHost: {own}\r\nX-Slow: ").as_bytes(),
                )
                .unwrap();
            }
            c
        })
        .collect();
    // Every place is held (8 of 20 accepted): a real request waits for one
    // to be freed by the timeout, then is answered.
    let r = s.get("/api/maps");
    assert_eq!(r.status, 200, "{}", r.text());
    assert!(started.elapsed() < Duration::from_secs(30));
    for (i, c) in held.iter_mut().enumerate() {
        assert!(
            closed_within(c, Duration::from_secs(20)).is_some(),
            "connection {i} is still open"
        );
    }
    // A kept-alive connection, idle after its answer, is closed too.
    let mut c = TcpStream::connect(s.addr).unwrap();
    c.write_all(format!("GET /api/maps HTTP/1.1\r\nHost: {own}\r\n\r\n").as_bytes())
        .unwrap();
    let answer = closed_within(&mut c, Duration::from_secs(20)).expect("closed when idle");
    assert!(
        answer.starts_with(b"HTTP/1.1 200"),
        "{}",
        String::from_utf8_lossy(&answer)
    );
    still_serving(&s);
}

/// The HTTP library's own refusals (a request line it cannot read, headers
/// too large) carry our JSON body and security headers.
#[test]
fn the_http_librarys_own_refusals_carry_our_body_and_headers() {
    let s = Server::start(&[]);
    let own = s.addr.to_string();
    let garbage = raw(s.addr, b"NOT HTTP AT ALL\r\n\r\n");
    let huge = format!(
        "GET /api/maps HTTP/1.1\r\nHost: {own}\r\nX-Big: {}\r\nConnection: close\r\n\r\n",
        "a".repeat(1 << 20)
    );
    let big = raw(s.addr, huge.as_bytes());
    for (r, status) in [(garbage, 400), (big, 431)] {
        assert_eq!(r.status, status, "{}", r.text());
        assert_eq!(r.json()["status"], status, "{}", r.text());
        assert!(r.json()["message"].as_str().is_some_and(|m| !m.is_empty()));
        assert!(
            r.header("content-security-policy").is_some(),
            "{:?}",
            r.headers
        );
        assert_eq!(r.header("x-content-type-options"), Some("nosniff"));
    }
    still_serving(&s);
}

/// What service managers and containers send to stop a server, SIGTERM,
/// stops it as Ctrl-C does: gracefully, with exit status 0 (not killed by
/// the signal), after answering what it was asked.
#[test]
fn sigterm_and_ctrl_c_stop_the_server_gracefully() {
    for signal in ["TERM", "INT"] {
        let mut s = Server::start(&[]);
        still_serving(&s);
        assert_eq!(
            s.stop(signal, Duration::from_secs(30)),
            Some(0),
            "after SIG{signal}"
        );
    }
}

/// Opens a connection and sends the head of `POST /api/read` declaring a
/// body of `size` bytes, and `sent` bytes of it: an upload under way.
fn upload_begun(s: &Server, size: usize, sent: usize) -> TcpStream {
    let mut c = TcpStream::connect(s.addr).unwrap();
    let head = format!(
        "POST /api/read HTTP/1.1\r\nHost: {}\r\nContent-Type: image/jpeg\r\nContent-Length: {size}\r\n\r\n",
        s.addr
    );
    // One write: the head and the first bytes arrive together.
    let mut bytes = head.into_bytes();
    bytes.extend(std::iter::repeat_n(0xff, sent));
    c.write_all(&bytes).unwrap();
    c
}

/// The status of the answer on `c` if one comes within `within`.
fn answered_within(c: &mut TcpStream, within: Duration) -> Option<(u16, String)> {
    let got = closed_within(c, within)?;
    let text = String::from_utf8_lossy(&got).into_owned();
    let status = text.split_whitespace().nth(1)?.parse().ok()?;
    Some((status, text))
}

/// The page loads within 2 s (the old server, its connections held by
/// uploads, took tens of seconds).
fn the_page_answers_promptly(s: &Server) {
    let page = Instant::now();
    let r = s.get("/");
    assert_eq!(r.status, 200);
    assert!(
        page.elapsed() < Duration::from_secs(2),
        "{:?}",
        page.elapsed()
    );
}

/// Upload bodies are admitted against a memory budget before a byte is
/// held: photo uploads of 47 MB each beyond the 256 MiB budget are refused
/// at once (503, with Retry-After) instead of being buffered while they
/// wait, and the page still loads meanwhile.
#[test]
fn uploads_past_the_memory_budget_are_refused_at_once() {
    let s = Server::start(&[]);
    let size = 47 << 20;
    // 256 MiB hold five of them; eight are begun.
    let mut uploads: Vec<TcpStream> = (0..8).map(|_| upload_begun(&s, size, 1024)).collect();
    let started = Instant::now();
    let mut refused = 0;
    for c in &mut uploads {
        let left = Duration::from_secs(4).saturating_sub(started.elapsed());
        if let Some((status, text)) = answered_within(c, left.max(Duration::from_millis(10))) {
            assert_eq!(status, 503, "{text}");
            assert!(
                text.to_ascii_lowercase().contains("retry-after: 5"),
                "{text}"
            );
            assert!(text.contains("\"code\":\"busy\""), "{text}");
            refused += 1;
        }
    }
    assert_eq!(refused, 3, "three of eight uploads refused at once");
    the_page_answers_promptly(&s);
}

/// Hundreds of connections trickling their bodies hold neither the
/// connections nor the page: past the budget they are refused at once, the
/// rest are cut off (408) once they fall under the minimum speed, and a
/// cheap request meanwhile is answered promptly.
#[test]
fn trickling_uploads_do_not_hold_the_cheap_routes() {
    let s = Server::start(&[]);
    let mut uploads: Vec<TcpStream> = (0..300).map(|_| upload_begun(&s, 1 << 20, 1)).collect();
    // The old server held all 256 connections for the reading deadline
    // (60 s): the page waited as long.
    the_page_answers_promptly(&s);
    let sheet = Instant::now();
    let r = s.get("/api/render/sos.svg");
    assert_eq!(r.status, 200, "{}", r.text());
    assert!(
        sheet.elapsed() < Duration::from_secs(10),
        "{:?}",
        sheet.elapsed()
    );
    // Every upload is answered and closed: refused, or too slow.
    let started = Instant::now();
    let (mut busy, mut slow) = (0, 0);
    for (i, c) in uploads.iter_mut().enumerate() {
        let left = Duration::from_secs(30).saturating_sub(started.elapsed());
        let (status, text) = answered_within(c, left.max(Duration::from_millis(10)))
            .unwrap_or_else(|| panic!("upload {i} is still held"));
        match status {
            503 => busy += 1,
            408 => {
                assert!(text.contains("arrived too slowly"), "{text}");
                slow += 1;
            }
            _ => panic!("upload {i}: {text}"),
        }
    }
    assert!(busy > 0 && slow > 0, "{busy} refused, {slow} too slow");
    still_serving(&s);
}

/// Posts a handout of 100 Strategic game sheets with exercises (seconds of
/// work in a test build; `seed` makes each request its own, not one
/// answered from the cache) on a thread of its own: gives its status, or
/// an error when the connection closed without an answer.
fn long_request(s: &Server, seed: u32) -> std::thread::JoinHandle<u16> {
    let addr = s.addr;
    let spec = format!(
        "[handout]\ngame = \"strategic\"\ncopies = 100\n[worksheet]\nexercises = 12\nseed = {seed}\n"
    );
    std::thread::spawn(move || {
        request(
            addr,
            "POST",
            "/api/handout.pdf?name=h.toml",
            &[],
            spec.as_bytes(),
        )
        .status
    })
}

/// SIGTERM while a request is under way: the request is answered (made, or
/// 503 once the grace has passed), never dropped, and the server ends
/// within its grace of 10 s.
#[test]
fn a_stopping_server_answers_the_request_under_way_then_ends() {
    let mut s = Server::start(&[]);
    let under_way = long_request(&s, 7);
    std::thread::sleep(Duration::from_millis(800));
    let signalled = Instant::now();
    assert_eq!(s.stop("TERM", Duration::from_secs(30)), Some(0));
    assert!(
        signalled.elapsed() < Duration::from_secs(15),
        "{:?}",
        signalled.elapsed()
    );
    let status = under_way.join().expect("the request under way is answered");
    assert!(matches!(status, 200 | 503), "{status}");
}

/// A second signal ends the server at once, with the shell's status for
/// it, whatever is under way.
#[test]
fn a_second_signal_stops_the_server_at_once() {
    let mut s = Server::start(&[]);
    // Enough work that some is still under way when the first signal
    // comes, on a quiet machine as on a busy one.
    let under_way: Vec<_> = (1..=12).map(|seed| long_request(&s, seed)).collect();
    std::thread::sleep(Duration::from_millis(300));
    assert_eq!(s.stop("TERM", Duration::from_millis(200)), None);
    let again = Instant::now();
    assert_eq!(s.stop("TERM", Duration::from_secs(30)), Some(143));
    assert!(
        again.elapsed() < Duration::from_secs(1),
        "{:?}",
        again.elapsed()
    );
    for request in under_way {
        let _ = request.join();
    }
}
