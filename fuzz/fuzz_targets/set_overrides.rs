//! The `set_overrides` fuzz target: see `common::set_overrides` (the same code replays the
//! stored corpus in `tests/fuzz_corpora.rs`).
#![no_main]

#[path = "common.rs"]
mod common;

libfuzzer_sys::fuzz_target!(|data: &[u8]| common::set_overrides(data));
