//! The integration tests, as one test binary: each module is the tests of
//! one theme, run against the built `paperboard` program and the libraries'
//! public APIs. One binary links once (the libraries, krilla, axum, resvg and
//! the WebDriver client are linked into it a single time), where one binary
//! per file linked them forty times.
//!
//! Run one theme with `cargo test --test it THEME::`, e.g.
//! `cargo test --test it golden::`.

mod common;

mod backend;
mod check_cli;
mod check_diagram;
mod check_fix;
mod cli_analysis;
mod cli_classroom;
mod cli_install;
mod engine_reference;
mod examples;
mod fuzz_corpora;
mod game_sheets;
mod golden;
mod handout;
mod handout_duplex;
mod handout_pages;
mod heatmap_render;
mod hostile_contradictions;
mod hostile_inputs;
mod hostile_keys;
#[cfg(unix)]
mod hostile_links;
mod hostile_numbers;
mod hostile_outputs;
mod hostile_records;
mod hostile_server;
mod hostile_streams;
mod hostile_texts;
mod hostile_words;
mod hostile_xml;
mod messages;
mod output_pages;
mod read_code;
mod read_conditions;
mod read_field;
mod read_games;
mod read_geometry;
mod read_handout;
mod read_language;
mod read_marks;
mod read_pdf;
mod read_photo;
mod read_photo_maker;
mod read_tilt;
mod readme_commands;
mod record_fuzz_corpus;
mod record_proptest;
mod render_cli;
mod rules_examples;
mod sheets;
mod solve_cli;
mod spec_docs;
mod strategic_pages;
mod web_api;
mod web_browser;
mod web_read;
mod web_read_pdf;
