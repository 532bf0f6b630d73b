//! The stored corpora of the fuzz targets for layout specs, handout specs,
//! `--set` overrides and map files (`tests/fuzz_corpus/<target>/`), replayed
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
