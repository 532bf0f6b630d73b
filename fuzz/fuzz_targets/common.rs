//! What each fuzz target does with one input, shared with the test that
//! replays the stored corpora (`tests/fuzz_corpora.rs`), so CI checks the
//! same properties on a stable toolchain without a fuzzer: no panic, every
//! error renders in both forms the command line prints, and every SVG page
//! is well-formed XML.

#![allow(dead_code)]

use paperboard_games::maps::{AnyMap, parse_map_file};
use paperboard_sheets::{Document, Format, Set, Spec, Template, handout};

/// Renders an error in both forms the command line prints.
pub fn report(e: &dyn miette::Diagnostic) {
    let _ = paperboard_games::source::report::full(e);
    let _ = paperboard_games::source::report::one_line(e);
}

/// Renders a document as SVG and parses every page.
pub fn svg_well_formed(doc: &Document) {
    if let Ok(pages) = paperboard_sheets::render(doc, Format::Svg) {
        for page in pages {
            let text = std::str::from_utf8(&page).expect("SVG is UTF-8");
            if let Err(e) = roxmltree::Document::parse(text) {
                panic!("SVG is not well-formed XML: {e}");
            }
        }
    }
}

/// Lays out a spec, checking the sheet or reporting the error.
fn lay_out(spec: Result<Spec, paperboard_sheets::spec::SpecError>) {
    match spec {
        Ok(spec) => match paperboard_sheets::layout(&spec) {
            Ok(sheet) => svg_well_formed(sheet.document()),
            Err(e) => report(&e),
        },
        Err(e) => report(&e),
    }
}

/// `spec_layout`: any text as a layout spec, through layout to the display
/// list and SVG.
pub fn spec_layout(data: &[u8]) {
    if let Ok(text) = std::str::from_utf8(data) {
        lay_out(Spec::parse("fuzz.toml", text, None));
    }
}

/// `set_overrides`: the first line picks a built-in template (by name, or
/// else by its length), every further line is one `KEY=VALUE` (at most 64).
pub fn set_overrides(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let mut lines = text.lines();
    let first = lines.next().unwrap_or_default();
    let template = Template::from_name(first.trim())
        .unwrap_or(Template::ALL[first.len() % Template::ALL.len()]);
    let mut sets = Vec::new();
    for line in lines.take(64) {
        match line.parse::<Set>() {
            Ok(set) => sets.push(set),
            Err(_) => return,
        }
    }
    lay_out(Spec::template(template, &sets));
}

/// `handout_spec`: any text as a handout spec, built into its pages.
/// Copies are capped at two so a run spends its time on variety, not on
/// cloning pages.
pub fn handout_spec(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let spec = match handout::spec::parse("fuzz.toml", text) {
        Ok(spec) => spec,
        Err(e) => return report(&e),
    };
    let copies = spec.copies().min(2);
    let Ok(spec) = spec.with_copies(copies.into()) else {
        return;
    };
    match handout::build(&spec) {
        Ok(h) => svg_well_formed(&h.document),
        Err(e) => report(&e),
    }
}

/// `map_file`: any text as a map file, then printed on a Strategic sheet.
pub fn map_file(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let file = match parse_map_file("fuzz.toml", text) {
        Ok(file) => file,
        Err(e) => return report(&e),
    };
    let template = match file.map() {
        AnyMap::Functional(_) => Template::StrategicFunctional,
        AnyMap::Hyperfunctional(_) => Template::StrategicHyperfunctional,
    };
    let spec =
        Spec::template(template, &[]).and_then(|s| s.with_field_map(file.name(), file.map()));
    lay_out(spec);
}
