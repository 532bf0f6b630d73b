//! The `map_file` fuzz target: see `common::map_file` (the same code replays the
//! stored corpus in `tests/fuzz_corpora.rs`).
#![no_main]

#[path = "common.rs"]
mod common;

libfuzzer_sys::fuzz_target!(|data: &[u8]| common::map_file(data));
