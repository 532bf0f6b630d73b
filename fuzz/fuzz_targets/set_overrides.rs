//! `--set` overrides on a built-in template: the first line picks the
//! template, every further line is one `KEY=VALUE`. No panic, every error
//! renders, every SVG is well-formed XML.
#![no_main]

#[path = "common.rs"]
mod common;

use libfuzzer_sys::fuzz_target;
use paperboard::{Set, Spec, Template};

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let mut lines = text.lines();
    let first = lines.next().unwrap_or_default();
    let template = Template::from_name(first.trim()).unwrap_or(
        Template::ALL[first.len() % Template::ALL.len()],
    );
    let mut sets = Vec::new();
    for line in lines.take(64) {
        match line.parse::<Set>() {
            Ok(set) => sets.push(set),
            Err(_) => return,
        }
    }
    match Spec::template(template, &sets) {
        Ok(spec) => match paperboard::layout(&spec) {
            Ok(sheet) => common::svg_well_formed(sheet.document()),
            Err(e) => common::report(&e),
        },
        Err(e) => common::report(&e),
    }
});
