//! The `spec_layout` fuzz target: see `common::spec_layout` (the same code replays the
//! stored corpus in `tests/fuzz_corpora.rs`).
#![no_main]

#[path = "common.rs"]
mod common;

libfuzzer_sys::fuzz_target!(|data: &[u8]| common::spec_layout(data));
