//! Any text as a layout spec, through layout to the display list and SVG:
//! no panic, every error renders, every SVG is well-formed XML.
#![no_main]

#[path = "common.rs"]
mod common;

use libfuzzer_sys::fuzz_target;
use paperboard::Spec;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    match Spec::parse("fuzz.toml", text, None) {
        Ok(spec) => match paperboard::layout(&spec) {
            Ok(sheet) => common::svg_well_formed(sheet.document()),
            Err(e) => common::report(&e),
        },
        Err(e) => common::report(&e),
    }
});
