//! The `key_paths` fuzz target: see `common::key_paths` (the same code replays the
//! stored corpus in `tests/fuzz_corpora.rs`).
#![no_main]

#[path = "common.rs"]
mod common;

libfuzzer_sys::fuzz_target!(|data: &[u8]| common::key_paths(data));
