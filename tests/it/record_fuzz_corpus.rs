//! What the fuzz target (`fuzz/fuzz_targets/record_parser.rs`) checks, run in
//! CI on a stored corpus, the example records, mutations of both and random
//! bytes: the parser and checker never panic, and a parse error always points
//! at a line and column inside the text.

use std::path::Path;

use paperboard_games::check::check_source;
use paperboard_games::internals::parse_bytes;
use paperboard_games::record::{RecordItem, Records};
use paperboard_games::rng::SplitMix64;

/// The games and stray errors a reader gives, for comparison.
fn items(reader: impl std::io::BufRead) -> Vec<RecordItem> {
    Records::new(reader).map(|i| i.unwrap()).collect()
}

fn exercise(data: &[u8]) {
    // However the reader's buffer cuts the lines, the result is the same.
    let whole = items(data);
    for capacity in [1, 7, 64] {
        let cut = items(std::io::BufReader::with_capacity(capacity, data));
        assert_eq!(
            cut,
            whole,
            "buffer of {capacity}: {:?}",
            String::from_utf8_lossy(data)
        );
    }
    if let Err(e) = parse_bytes(data) {
        let lines = data.iter().filter(|&&b| b == b'\n').count() as u32 + 1;
        assert!(
            e.at.line >= 1 && e.at.line <= lines && e.at.col >= 1,
            "{e} outside the text: {:?}",
            String::from_utf8_lossy(data)
        );
    }
    let checked = check_source("corpus", data, None);
    for g in &checked.games {
        for e in &g.report.errors {
            assert!(e.at.line >= 1 && e.at.col >= 1, "{e:?}");
        }
    }
}

fn corpus() -> Vec<Vec<u8>> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = Vec::new();
    for dir in [
        "tests/fuzz_corpus",
        "examples/records",
        "examples/records/illegal",
    ] {
        for entry in std::fs::read_dir(root.join(dir)).unwrap() {
            let path = entry.unwrap().path();
            if path.is_file() {
                files.push(std::fs::read(path).unwrap());
            }
        }
    }
    files.sort();
    files
}

#[test]
fn stored_corpus_never_panics() {
    let files = corpus();
    assert!(files.len() >= 20);
    for data in &files {
        exercise(data);
    }
}

/// Record-shaped bytes are the ones that reach deep into the parser.
const INTERESTING: &[u8] = b"[]{};:\"\\.-/@=\n\n 0123456789SsOoXxabcz...";

#[test]
fn mutated_corpus_and_random_bytes_never_panic() {
    let files = corpus();
    let mut rng = SplitMix64::new(2026);
    for round in 0..3000 {
        let mut data = files[rng.index(files.len())].clone();
        for _ in 0..1 + rng.index(6) {
            let at = if data.is_empty() {
                0
            } else {
                rng.index(data.len())
            };
            match rng.index(5) {
                0 if !data.is_empty() => data[at] = rng.next_u64() as u8,
                1 => data.insert(at, INTERESTING[rng.index(INTERESTING.len())]),
                2 if !data.is_empty() => {
                    data.remove(at);
                }
                3 => data.truncate(at),
                _ => {
                    let from = rng.index(data.len().max(1));
                    let chunk: Vec<u8> = data.iter().skip(from).take(20).copied().collect();
                    data.splice(at..at, chunk);
                }
            }
        }
        exercise(&data);
        if round % 10 == 0 {
            let random: Vec<u8> = (0..rng.index(200)).map(|_| rng.next_u64() as u8).collect();
            exercise(&random);
        }
    }
}
