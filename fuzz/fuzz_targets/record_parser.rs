//! Any bytes through the record parser and the checker: no panic, and every
//! parse error points inside the text.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Err(e) = paperboard::record::parse_bytes(data) {
        let lines = data.iter().filter(|&&b| b == b'\n').count() as u32 + 1;
        assert!(e.line >= 1 && e.line <= lines && e.col >= 1);
    }
    let _ = paperboard::check::check_source("fuzz", data, None);
});
