//! Any text as a handout spec, built into its pages: no panic, every error
//! renders, every SVG page is well-formed XML. Copies are capped at two so
//! a run spends its time on variety, not on cloning pages.
#![no_main]

#[path = "common.rs"]
mod common;

use libfuzzer_sys::fuzz_target;
use paperboard::handout;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let spec = match handout::spec::parse("fuzz.toml", text) {
        Ok(spec) => spec,
        Err(e) => return common::report(&e),
    };
    let copies = spec.copies().min(2);
    let Ok(spec) = spec.with_copies(copies.into()) else {
        return;
    };
    match handout::build(&spec) {
        Ok(h) => common::svg_well_formed(&h.document),
        Err(e) => common::report(&e),
    }
});
