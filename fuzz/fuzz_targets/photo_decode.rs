//! The `photo_decode` fuzz target: see `common::photo_decode` (the same code replays the
//! stored corpus in `tests/it/fuzz_corpora.rs`).
#![no_main]

#[path = "common.rs"]
mod common;

libfuzzer_sys::fuzz_target!(|data: &[u8]| common::photo_decode(data));
