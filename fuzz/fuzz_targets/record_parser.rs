//! Any bytes through the record parser and the checker: no panic, every
//! parse error points inside the text, and the streaming reader gives the
//! same games however its buffer cuts the lines (the same checks as
//! `tests/record_fuzz_corpus.rs`, which replays the stored corpus).
#![no_main]

use libfuzzer_sys::fuzz_target;
use paperboard_games::record::{RecordItem, Records};

fn items(reader: impl std::io::BufRead) -> Vec<RecordItem> {
    Records::new(reader)
        .map(|i| i.expect("reading memory cannot fail"))
        .collect()
}

fuzz_target!(|data: &[u8]| {
    if let Err(e) = paperboard_games::internals::parse_bytes(data) {
        let lines = data.iter().filter(|&&b| b == b'\n').count() as u32 + 1;
        assert!(e.at.line >= 1 && e.at.line <= lines && e.at.col >= 1);
    }
    let whole = items(data);
    for capacity in [1, 7, 64] {
        assert_eq!(
            items(std::io::BufReader::with_capacity(capacity, data)),
            whole
        );
    }
    let _ = paperboard_games::check::check_source("fuzz", data, None);
});
