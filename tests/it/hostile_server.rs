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
