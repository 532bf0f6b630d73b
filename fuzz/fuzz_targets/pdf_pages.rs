//! The `pdf_pages` fuzz target: see `common::pdf_pages` (the same code replays the
//! stored corpus in `tests/it/fuzz_corpora.rs`).
#![no_main]

#[path = "common.rs"]
mod common;

libfuzzer_sys::fuzz_target!(|data: &[u8]| common::pdf_pages(data));
