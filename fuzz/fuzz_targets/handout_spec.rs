//! The `handout_spec` fuzz target: see `common::handout_spec` (the same code replays the
//! stored corpus in `tests/fuzz_corpora.rs`).
#![no_main]

#[path = "common.rs"]
mod common;

libfuzzer_sys::fuzz_target!(|data: &[u8]| common::handout_spec(data));
