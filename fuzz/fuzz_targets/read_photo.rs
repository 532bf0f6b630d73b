//! The `read_photo` fuzz target: see `common::read_photo` (the same code replays the
//! stored corpus in `tests/it/fuzz_corpora.rs`).
#![no_main]

#[path = "common.rs"]
mod common;

libfuzzer_sys::fuzz_target!(|data: &[u8]| common::read_photo(data));
