//! Any text as a map file: read, then printed on a Strategic sheet. No
//! panic, every error renders, every SVG is well-formed XML.
#![no_main]

#[path = "common.rs"]
mod common;

use libfuzzer_sys::fuzz_target;
use paperboard::maps::parse_map_file;
use paperboard::{Spec, Template};

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let file = match parse_map_file("fuzz.toml", text) {
        Ok(file) => file,
        Err(e) => return common::report(&e),
    };
    let template = match file.map() {
        paperboard::maps::AnyMap::Functional(_) => Template::StrategicFunctional,
        paperboard::maps::AnyMap::Hyperfunctional(_) => Template::StrategicHyperfunctional,
    };
    let Ok(spec) = Spec::template(template, &[]) else {
        return;
    };
    match spec.with_field_map(file.name(), file.map()) {
        Ok(spec) => match paperboard::layout(&spec) {
            Ok(sheet) => common::svg_well_formed(sheet.document()),
            Err(e) => common::report(&e),
        },
        Err(e) => common::report(&e),
    }
});
