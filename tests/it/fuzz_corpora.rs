//! The stored corpora of the fuzz targets for layout specs, handout specs,
//! `--set` overrides, map files, photos and PDFs
//! (`tests/fuzz_corpus/<target>/`), replayed
//! through the targets' own code (`fuzz/fuzz_targets/common.rs`): no
//! panic, every error renders, every SVG is well-formed XML. Every input a
//! fuzzer found failing is stored there, so CI keeps it fixed without a
//! fuzzer or a nightly toolchain.

#[path = "../../fuzz/fuzz_targets/common.rs"]
mod targets;

use std::path::Path;

/// Every input stored for `target`, by name.
fn corpus(target: &str) -> Vec<(String, Vec<u8>)> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fuzz_corpus")
        .join(target);
    let mut files: Vec<(String, Vec<u8>)> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.is_file())
        .map(|p| (p.display().to_string(), std::fs::read(&p).unwrap()))
        .collect();
    files.sort();
    assert!(
        files.len() >= 3,
        "{}: a corpus of {}",
        dir.display(),
        files.len()
    );
    files
}

fn replay(target: &str, run: fn(&[u8])) {
    for (name, data) in corpus(target) {
        let outcome = std::panic::catch_unwind(|| run(&data));
        assert!(outcome.is_ok(), "{target}: {name} panics");
    }
}

#[test]
fn layout_spec_corpus() {
    replay("spec_layout", targets::spec_layout);
}

#[test]
fn set_override_corpus() {
    replay("set_overrides", targets::set_overrides);
}

#[test]
fn handout_spec_corpus() {
    replay("handout_spec", targets::handout_spec);
}

#[test]
fn map_file_corpus() {
    replay("map_file", targets::map_file);
}

#[test]
fn key_path_corpus() {
    replay("key_paths", targets::key_paths);
}

#[test]
fn photo_decode_corpus() {
    replay("photo_decode", targets::photo_decode);
}

#[test]
fn pdf_pages_corpus() {
    replay("pdf_pages", targets::pdf_pages);
}

#[test]
fn read_photo_corpus() {
    replay("read_photo", targets::read_photo);
}

#[path = "../../fuzz/fuzz_targets/http.rs"]
mod http;

/// Seeds written for the hostile classes of requests, with the status and
/// words of their answers (the rest of the corpus is the fuzzer's).
const HTTP_SEEDS: [(&str, u16, &str); 12] = [
    (
        "absolute-form-foreign",
        400,
        "names the host `evil.example`",
    ),
    ("cut-body", 400, "request body"),
    (
        "deep-set-query-posted-spec",
        400,
        "has 5,000 parts; a key may have at most 80",
    ),
    (
        "deep-set-query-render",
        400,
        "has 5,000 parts; a key may have at most 80",
    ),
    (
        "twenty-thousand-part-query-key",
        400,
        "`0.0.0.0.0.0.0.0.0.0.0.0.…` has 20,000 parts",
    ),
    ("eighty-kilobyte-query", 414, "longer than the server reads"),
    (
        "fix-negative-error",
        400,
        "`picks[0].game` must be a whole number, 0 or more, not the number -1",
    ),
    (
        "map-of-wrong-type",
        400,
        "`map` must be an object with `name`, `text`, not the number 7",
    ),
    (
        "non-ascii-origin",
        400,
        "`origin` holds characters other than printable ASCII",
    ),
    (
        "three-hundred-sets",
        413,
        "300 changes in one request; at most 100",
    ),
    ("two-hosts", 400, "`host` is given 2 times"),
    ("two-origins", 400, "`origin` is given 2 times"),
];

/// The `http_requests` corpus, each input built into its request as the
/// fuzzer builds it and sent to the real `paperboard serve`: an answer,
/// the security headers, no 500, JSON errors in the user's words; and the
/// server still answers after them all.
#[test]
fn http_request_corpus() {
    let server = crate::common::web::Server::start(&[]);
    let own = server.addr.to_string();
    for (name, data) in corpus("http_requests") {
        let request = http::request(&data, &own);
        let reply = http::exchange(server.addr, &request);
        if let Err(why) = http::check(&request, &reply) {
            panic!("http_requests: {name}: {why}");
        }
        if let Some((_, status, words)) = HTTP_SEEDS.iter().find(|(n, ..)| name.ends_with(n)) {
            let answer = String::from_utf8_lossy(reply.bytes()).into_owned();
            assert_eq!(
                answer.as_bytes().get(9..12),
                Some(status.to_string().as_bytes()),
                "{name}: {answer}"
            );
            assert!(answer.contains(words), "{name}: {answer}");
        }
    }
    let after = server.get("/api/maps");
    assert_eq!(after.status, 200, "{}", after.text());
}
