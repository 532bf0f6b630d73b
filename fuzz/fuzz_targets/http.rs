//! The `http_requests` target's generator and property, shared with the
//! test that replays its stored corpus against the real `paperboard serve`
//! (`tests/fuzz_corpora.rs`), so a stable `cargo test` sends every stored
//! input as the fuzzer did and checks the same property.
//!
//! The generator reads the fuzz bytes as a recipe, structure first, so most
//! inputs are requests a route reads far into rather than bytes the HTTP
//! parser refuses at once: a method, one of the API's paths (or an odd
//! one), a query of many, long, deep or repeated `set=` keys and the other
//! parameters the routes take, `Host` and `Origin` in every form (own,
//! foreign, twice, non-ASCII, absent, an absolute-form request line),
//! repeated and oversized headers, and a body fitting the route or not.
//!
//! The property ([`check`]): an answer comes (within [`ANSWER_WITHIN`]);
//! it carries every security header; its status is below 500 or one the
//! API documents for load (503, 504), never 500 (a fault); and an error is
//! the API's JSON (`status`, `code`, `message`) whose message is short and
//! in the user's words.
//!
//! Only the standard library and `serde_json`, so both the fuzz crate and
//! the test binary include this file as it is.

use std::io::{ErrorKind, Read, Write};
use std::net::{Shutdown, SocketAddr, TcpStream};
use std::time::Duration;

/// Longest the property waits for an answer: above the server's 20 s
/// request deadline, so a request the server forgets is a finding.
pub const ANSWER_WITHIN: Duration = Duration::from_secs(40);

/// The headers every answer carries (docs/http.md, "Security").
const SECURITY_HEADERS: [&str; 6] = [
    "content-security-policy",
    "x-content-type-options",
    "x-frame-options",
    "referrer-policy",
    "cross-origin-opener-policy",
    "cross-origin-resource-policy",
];

/// Words of a program's types, which no message may carry.
const TYPE_WORDS: [&str; 9] = [
    "struct ",
    "usize",
    "u64",
    "i64",
    "u32",
    "f64",
    "invalid type",
    "Option<",
    "String",
];

/// The API's paths, so most requests reach a route.
const PATHS: [&str; 22] = [
    "/",
    "/app.js",
    "/api/templates",
    "/api/templates/sos.toml",
    "/api/schema",
    "/api/maps",
    "/api/render/sos.svg",
    "/api/render/tictactoe.svg",
    "/api/render/strategic-functional.pdf",
    "/api/render.svg",
    "/api/render.pdf",
    "/api/spec/sos.toml",
    "/api/spec.toml",
    "/api/spec/form",
    "/api/handout.pdf",
    "/api/handout/pages",
    "/api/check",
    "/api/check/fix",
    "/api/analyze/functional",
    "/api/analyze/tactical/heatmap.svg",
    "/api/nothing",
    "/api/render/%2e%2e%2fetc.svg",
];

/// Query parameter names the routes take, and some they do not.
const PARAMS: [&str; 16] = [
    "set",
    "page",
    "landscape",
    "language",
    "name",
    "max-errors",
    "diagram",
    "game",
    "at",
    "map",
    "hypermap",
    "matrix",
    "SET",
    "set[]",
    "",
    "x",
];

/// Values for the named parameters, plain and odd.
const VALUES: [&str; 14] = [
    "A4",
    "A3",
    "1",
    "de",
    "fr",
    "map34",
    "hmap2",
    "games.txt",
    "../../etc/passwd",
    "-1",
    "99999999999999999999",
    "%FF%FE",
    "%00",
    "",
];

/// Key words a generated `set=` key is made of, so paths reach the checks
/// behind their first part.
const KEY_WORDS: [&str; 10] = [
    "page", "size", "sos", "margins", "title", "text", "layout", "cell", "document", "0",
];

/// Bodies fitting the routes.
const BODIES: [&str; 8] = [
    "template = \"sos\"\n[page]\nsize = \"A5\"\n",
    "[handout]\ngame = \"sos\"\ncopies = 1\n",
    "[Game \"tictactoe\"]\n[Result \"X\"]\n\n1. 5 1\n2. 9 3\n3. 2\n",
    "{\"records\": \"[Game \\\"tictactoe\\\"]\\n\\n1. 5 5\\n\", \"all\": true}",
    "{\"records\": \"x\", \"picks\": [{\"game\": -1, \"error\": 0, \"suggestion\": 0}]}",
    "{\"map\": 7}",
    "{\"map\": {\"name\": \"m.toml\", \"text\": \"x\"}}",
    "[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[",
];

/// The fuzz bytes, read from the front; zeros once they run out.
struct Recipe<'a> {
    data: &'a [u8],
}

impl Recipe<'_> {
    fn byte(&mut self) -> u8 {
        match self.data.split_first() {
            Some((&b, rest)) => {
                self.data = rest;
                b
            }
            None => 0,
        }
    }

    fn word(&mut self) -> u16 {
        u16::from_le_bytes([self.byte(), self.byte()])
    }

    fn pick<'w>(&mut self, words: &[&'w str]) -> &'w str {
        words[usize::from(self.byte()) % words.len()]
    }

    /// Up to `n` bytes as characters of one line (CR and LF become
    /// spaces: they would end the line, not test what is on it).
    fn line(&mut self, n: usize) -> String {
        self.take(n)
            .iter()
            .map(|&b| {
                if b == b'\r' || b == b'\n' {
                    ' '
                } else {
                    char::from(b)
                }
            })
            .collect()
    }

    /// Up to `n` raw bytes.
    fn take(&mut self, n: usize) -> &[u8] {
        let (taken, rest) = self.data.split_at(n.min(self.data.len()));
        self.data = rest;
        taken
    }
}

/// `%XX` for every byte but letters, digits and `-._~`.
fn escape(bytes: &[u8]) -> String {
    bytes
        .iter()
        .map(|&b| {
            if b.is_ascii_alphanumeric() || b"-._~".contains(&b) {
                (b as char).to_string()
            } else {
                format!("%{b:02X}")
            }
        })
        .collect()
}

/// A dotted key: real words, a part repeated up to 20,000 times, a part of
/// up to 2,040 characters, a quoted part holding a dot, an empty part.
fn key(r: &mut Recipe) -> String {
    let mut parts: Vec<String> = Vec::new();
    for _ in 0..=(r.byte() % 6) {
        match r.byte() % 6 {
            0 | 1 => parts.push(r.pick(&KEY_WORDS).to_string()),
            2 => {
                let word = r.pick(&KEY_WORDS);
                let count = usize::from(r.word()).min(20_000);
                parts.extend(std::iter::repeat_n(word.to_string(), count));
            }
            3 => parts.push("k".repeat(usize::from(r.byte()) * 8)),
            4 => parts.push(format!("\"a.{}\"", r.byte())),
            _ => parts.push(String::new()),
        }
    }
    parts.join(".")
}

/// One query parameter.
fn param(r: &mut Recipe) -> String {
    match r.byte() % 6 {
        0 | 1 => format!("set={}={}", escape(key(r).as_bytes()), r.pick(&VALUES)),
        2 => format!("{}={}", r.pick(&PARAMS), r.pick(&VALUES)),
        3 => {
            // The same change many times: past the most one request makes.
            let one = format!("set={}={}", r.pick(&KEY_WORDS), r.pick(&VALUES));
            vec![one; usize::from(r.word() % 400)].join("&")
        }
        4 => {
            let n = usize::from(r.byte());
            escape(r.take(n))
        }
        _ => {
            let n = usize::from(r.byte() % 32);
            // Raw bytes the URI parser must refuse or read.
            r.line(n).chars().filter(char::is_ascii).collect()
        }
    }
}

/// A generated request: its bytes, and what the property needs to know.
pub struct Request {
    /// The bytes sent, as they are.
    pub bytes: Vec<u8>,
    /// A `HEAD` request (its answers have no body).
    pub head: bool,
    /// Whether the request is whole (its body as long as it says): only a
    /// whole request must be answered; a cut one may just be closed.
    pub whole: bool,
}

/// Builds one request from fuzz bytes, for a server at `own` (`host:port`).
pub fn request(data: &[u8], own: &str) -> Request {
    let mut r = Recipe { data };
    let method = match r.byte() % 10 {
        0..=3 => "GET",
        4..=6 => "POST",
        7 => "HEAD",
        8 => "PUT",
        _ => "OPTIONS",
    };
    let path = r.pick(&PATHS);
    let mut query: Vec<String> = Vec::new();
    for _ in 0..(r.byte() % 6) {
        query.push(param(&mut r));
    }
    let mut target = path.to_string();
    if !query.is_empty() {
        target = format!("{target}?{}", query.join("&"));
    }
    let foreign = "evil.example";
    let mut headers: Vec<(String, String)> = Vec::new();
    match r.byte() % 9 {
        0..=3 => headers.push(("Host".into(), own.into())),
        4 => headers.push(("Host".into(), foreign.into())),
        5 => {
            headers.push(("Host".into(), own.into()));
            headers.push(("Host".into(), foreign.into()));
        }
        6 => headers.push(("Host".into(), format!("{own}\u{e9}"))),
        7 => headers.push(("Host".into(), own.to_uppercase())),
        _ => {}
    }
    match r.byte() % 8 {
        0 => target = format!("http://{foreign}{target}"),
        1 => target = format!("http://{own}{target}"),
        2 => target = "*".into(),
        _ => {}
    }
    match r.byte() % 8 {
        0 => headers.push(("Origin".into(), format!("http://{own}"))),
        1 => headers.push(("Origin".into(), format!("http://{foreign}"))),
        2 => {
            headers.push(("Origin".into(), format!("http://{own}")));
            headers.push(("Origin".into(), format!("http://{foreign}")));
        }
        3 => headers.push(("Origin".into(), format!("http://{own}\u{fc}"))),
        4 => headers.push(("Origin".into(), "null".into())),
        _ => {}
    }
    for _ in 0..(r.byte() % 5) {
        match r.byte() % 8 {
            0 => headers.push(("Content-Type".into(), "application/json".into())),
            1 => headers.push(("Content-Type".into(), "text/plain; charset=utf-8".into())),
            2 => headers.push(("X-Forwarded-Host".into(), foreign.into())),
            3 => headers.push(("Expect".into(), "100-continue".into())),
            4 => {
                // A header past the size the server reads (431).
                let n = usize::from(r.word()) * 2;
                headers.push(("X-Long".into(), "v".repeat(n)));
            }
            5 => {
                for i in 0..usize::from(r.byte()) {
                    headers.push((format!("X-Many-{i}"), "1".into()));
                }
            }
            6 => {
                let n = usize::from(r.byte() % 32);
                let value = r.line(n);
                headers.push(("X-Odd".into(), value));
            }
            _ => headers.push(("Accept-Language".into(), r.pick(&VALUES).into())),
        }
    }
    let body: Vec<u8> = match (method, r.byte() % 4) {
        ("GET" | "HEAD", _) => Vec::new(),
        (_, 0) => {
            let n = usize::from(r.word() % 4096);
            r.take(n).to_vec()
        }
        _ => r.pick(&BODIES).as_bytes().to_vec(),
    };
    // The length said: the body's, or (rarely) more than is sent.
    let short = r.byte().is_multiple_of(16) && !body.is_empty();
    let length = body.len() + usize::from(short);
    let mut head = format!("{method} {target} HTTP/1.1\r\n");
    for (name, value) in &headers {
        head.push_str(&format!("{name}: {value}\r\n"));
    }
    head.push_str(&format!(
        "Content-Length: {length}\r\nConnection: close\r\n\r\n"
    ));
    let mut bytes = head.into_bytes();
    bytes.extend_from_slice(&body);
    Request {
        bytes,
        head: method == "HEAD",
        whole: !short,
    }
}

/// What came back on a request's connection.
pub enum Reply {
    /// The bytes read until the server closed (none: closed unanswered).
    Bytes(Vec<u8>),
    /// The connection was reset before a byte came: the server answered
    /// and closed while bytes it had not read were still arriving, and the
    /// system dropped its answer (as a browser would see it; not a fault
    /// of the server's, which may stop reading a request it refuses).
    Reset,
    /// Nothing within [`ANSWER_WITHIN`].
    Silent,
}

impl Reply {
    /// The bytes read, if any.
    pub fn bytes(&self) -> &[u8] {
        match self {
            Reply::Bytes(b) => b,
            _ => &[],
        }
    }
}

/// Sends `request` on a connection of its own and reads the answer, until
/// the server closes or [`ANSWER_WITHIN`] passes.
pub fn exchange(addr: SocketAddr, request: &Request) -> Reply {
    let Ok(mut stream) = TcpStream::connect(addr) else {
        return Reply::Silent;
    };
    let _ = stream.set_read_timeout(Some(ANSWER_WITHIN));
    // The server may answer (431, 413) and close before reading it all.
    let _ = stream.write_all(&request.bytes);
    if !request.whole {
        // The last byte promised never comes: the end of the stream says so.
        let _ = stream.shutdown(Shutdown::Write);
    }
    let mut answer = Vec::new();
    match stream.read_to_end(&mut answer) {
        Err(e) if matches!(e.kind(), ErrorKind::WouldBlock | ErrorKind::TimedOut) => Reply::Silent,
        Err(e) if answer.is_empty() && e.kind() == ErrorKind::ConnectionReset => Reply::Reset,
        _ => Reply::Bytes(answer),
    }
}

/// An answer's status, its headers (names in lower case) and what follows
/// its head.
type Answer<'a> = (u16, Vec<(String, String)>, &'a [u8]);

/// The first final answer in `bytes`.
fn first_answer(mut bytes: &[u8]) -> Result<Answer<'_>, String> {
    loop {
        let end = bytes
            .windows(4)
            .position(|w| w == b"\r\n\r\n")
            .ok_or_else(|| {
                format!(
                    "no whole answer head in {:?}",
                    String::from_utf8_lossy(bytes)
                )
            })?;
        let head = String::from_utf8_lossy(&bytes[..end]).into_owned();
        let rest = &bytes[end + 4..];
        let mut lines = head.split("\r\n");
        let status: u16 = lines
            .next()
            .and_then(|l| l.strip_prefix("HTTP/1.1 "))
            .and_then(|l| l.get(..3))
            .and_then(|s| s.parse().ok())
            .ok_or_else(|| format!("no status line in {head:?}"))?;
        if (100..200).contains(&status) {
            // `100 Continue` before the answer.
            bytes = rest;
            continue;
        }
        let headers = lines
            .filter_map(|l| l.split_once(':'))
            .map(|(n, v)| (n.trim().to_ascii_lowercase(), v.trim().to_string()))
            .collect();
        return Ok((status, headers, rest));
    }
}

/// The property: see the module docs. `reply` is what [`exchange`] read.
pub fn check(request: &Request, reply: &Reply) -> Result<(), String> {
    let answer = match reply {
        Reply::Bytes(answer) => answer.as_slice(),
        Reply::Reset => return Ok(()),
        Reply::Silent => {
            return Err(format!("no answer within {} s", ANSWER_WITHIN.as_secs()));
        }
    };
    if answer.is_empty() {
        return if request.whole {
            Err("a whole request was closed without an answer".into())
        } else {
            Ok(())
        };
    }
    let (status, headers, rest) = first_answer(answer)?;
    let header = |name: &str| {
        headers
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    };
    for name in SECURITY_HEADERS {
        if header(name).is_none() {
            return Err(format!("a {status} answer without `{name}`"));
        }
    }
    if status >= 500 && status != 503 && status != 504 {
        return Err(format!(
            "a {status} answer: {}",
            String::from_utf8_lossy(rest)
        ));
    }
    if status < 400 || request.head {
        return Ok(());
    }
    if !header("content-type").is_some_and(|t| t.starts_with("application/json")) {
        return Err(format!("a {status} answer that is not JSON"));
    }
    let length: usize = header("content-length")
        .and_then(|l| l.parse().ok())
        .unwrap_or(rest.len());
    let body = rest.get(..length).unwrap_or(rest);
    let json: serde_json::Value = serde_json::from_slice(body).map_err(|e| {
        format!(
            "a {status} answer whose body is not JSON ({e}): {}",
            String::from_utf8_lossy(body)
        )
    })?;
    if json["status"] != status {
        return Err(format!(
            "a {status} answer saying status {}",
            json["status"]
        ));
    }
    let message = json["message"].as_str().unwrap_or_default();
    if message.is_empty() || json["code"].as_str().is_none_or(str::is_empty) {
        return Err(format!("a {status} answer without code or message: {json}"));
    }
    if message.chars().count() > 2_000 {
        return Err(format!(
            "a {status} message of {} characters",
            message.chars().count()
        ));
    }
    // What the request sent is quoted between backticks; the words around
    // it are the server's own.
    let own_words: String = message.split('`').step_by(2).collect();
    if let Some(word) = TYPE_WORDS.iter().find(|w| own_words.contains(*w)) {
        return Err(format!(
            "a {status} message naming a type (`{word}`): {message}"
        ));
    }
    Ok(())
}
