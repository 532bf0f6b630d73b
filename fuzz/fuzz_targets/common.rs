//! What each fuzz target does with one input, shared with the test that
//! replays the stored corpora (`tests/fuzz_corpora.rs`), so CI checks the
//! same properties on a stable toolchain without a fuzzer: no panic, every
//! error renders in both forms the command line prints, and every SVG page
//! is well-formed XML.

#![allow(dead_code)]

use paperboard_games::maps::{AnyMap, parse_map_file};
use paperboard_sheets::{Document, Format, Set, Spec, Template, handout};

/// The command line's drawing of an error, from the binary's own file (the
/// binary has no library to import it from).
#[path = "../../src/diagnostic.rs"]
mod diagnostic;

/// Renders an error in both forms the command line prints.
pub fn report(e: &dyn miette::Diagnostic) {
    let d = paperboard_games::source::Diagnostic::of(e);
    let _ = diagnostic::full(&d);
    let _ = d.line();
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

/// Real keys, so generated paths reach the checks behind the first part.
const KEY_WORDS: [&str; 12] = [
    "page",
    "size",
    "sos",
    "margins",
    "document",
    "title",
    "text",
    "layout",
    "cell",
    "strategic-field",
    "a",
    "0",
];

/// Values a generated key is given, from plain to nested past the limit.
fn key_value(pick: u8) -> String {
    match pick % 6 {
        0 => "1".into(),
        1 => "\"A4\"".into(),
        2 => "[1, [2]]".into(),
        3 => "{a = {b = 1}}".into(),
        4 => format!("{}1{}", "[".repeat(90), "]".repeat(90)),
        _ => "\"x\"".into(),
    }
}

/// A dotted key path and a value built from fuzz bytes, structure first:
/// each byte adds a real key, a repeated run of one part (up to 20,000
/// times, so deep paths are one step away), a long part, a quoted part
/// holding dots, or an empty or spaced part.
pub fn key_path(data: &[u8]) -> (String, String) {
    let mut parts: Vec<String> = Vec::new();
    let mut bytes = data.iter().copied();
    let value = key_value(data.last().copied().unwrap_or(0));
    while let Some(op) = bytes.next() {
        let arg = bytes.next().unwrap_or(0);
        match op % 8 {
            0..=3 => parts.push(KEY_WORDS[usize::from(arg) % KEY_WORDS.len()].into()),
            4 => {
                let count =
                    usize::from(u16::from_le_bytes([arg, bytes.next().unwrap_or(0)])).min(20_000);
                let word = KEY_WORDS[usize::from(op / 8) % KEY_WORDS.len()];
                parts.extend(std::iter::repeat_n(word.to_string(), count));
            }
            5 => parts.push("k".repeat(usize::from(arg) * 8)),
            6 => parts.push(format!("\"{}.{}\"", arg, op)),
            _ => parts.push(if arg % 2 == 0 {
                String::new()
            } else {
                " a ".into()
            }),
        }
        if parts.len() > 40_000 {
            break;
        }
    }
    (parts.join("."), value)
}

/// An error's one-line form: it must quote at most an excerpt of a key,
/// however long the key.
fn short_report(e: &dyn miette::Diagnostic) {
    report(e);
    let line = paperboard_games::source::Diagnostic::of(e).line();
    assert!(
        line.chars().count() < 4_000,
        "a message of {} characters",
        line.chars().count()
    );
}

/// `key_paths`: one generated key path (see [`key_path`]) at every door a
/// key enters — a spec's key and table header, a `--set`, a handout's
/// `set` and a map file's key: no panic, no stack overflow, short messages.
pub fn key_paths(data: &[u8]) {
    let (path, value) = key_path(data);
    let template = Template::ALL[data.first().map_or(0, |&b| usize::from(b)) % Template::ALL.len()];
    for text in [
        format!("{path} = {value}\n"),
        format!("[{path}]\nx = {value}\n"),
        format!("[page]\n{path} = {value}\n"),
    ] {
        match Spec::parse("fuzz.toml", &text, None) {
            Ok(spec) => lay_out(Ok(spec)),
            Err(e) => short_report(&e),
        }
        if let Err(e) = parse_map_file("fuzz.toml", &text) {
            short_report(&e);
        }
    }
    let change = format!("{path}={value}");
    match change.parse::<Set>() {
        Ok(set) => match Spec::template(template, &[set]) {
            Ok(spec) => lay_out(Ok(spec)),
            Err(e) => short_report(&e),
        },
        Err(fault) => {
            let message = fault.to_string();
            assert!(message.chars().count() < 4_000, "{}", message.len());
        }
    }
    let quoted = change.replace('\\', "\\\\").replace('"', "\\\"");
    let handout = format!("[handout]\ngame = \"sos\"\ncopies = 1\nset = [\"{quoted}\"]\n");
    match handout::spec::parse("fuzz.toml", &handout) {
        Ok(spec) => {
            if let Err(e) = handout::build(&spec) {
                short_report(&e);
            }
        }
        Err(e) => short_report(&e),
    }
}

/// `photo_decode`: any bytes as a photo given to `read`, decoded (the JPEG
/// and PNG decoders behind the limits read from the header): no panic, and
/// a photo decoded is within the limits.
pub fn photo_decode(data: &[u8]) {
    use paperboard_sheets::internals::{PHOTO_MIN_SIDE, PHOTO_PIXELS};
    match paperboard_sheets::internals::decode_photo(data) {
        Ok(photo) => {
            assert!((photo.width * photo.height) as u64 <= PHOTO_PIXELS);
            assert!(photo.width.min(photo.height) >= PHOTO_MIN_SIDE as usize);
            assert_eq!(photo.grey.len(), photo.width * photo.height);
        }
        Err(e) => assert!(!e.to_string().is_empty()),
    }
}

/// `pdf_pages`: any bytes as a PDF given to `read`, every page's picture
/// taken out and decoded (the parser behind its budget, the page walk, the
/// pixel formats): no panic, every page accounted for with a photo within
/// the limits or a reason.
pub fn pdf_pages(data: &[u8]) {
    use paperboard_sheets::internals::{PDF_PAGES, PHOTO_PIXELS};
    let Ok(pages) = paperboard_sheets::internals::pdf_photos(data) else {
        return;
    };
    let mut count = 0;
    for (number, photo) in pages {
        count += 1;
        assert_eq!(number as usize, count, "pages in order, none lost");
        if let Ok(photo) = photo {
            assert!((photo.width * photo.height) as u64 <= PHOTO_PIXELS);
            assert_eq!(photo.grey.len(), photo.width * photo.height);
        }
    }
    assert!((1..=PDF_PAGES).contains(&count));
}

/// `read_photo`: any bytes as a photo of a sheet, read whole (decoded, the
/// sheet's code searched for and decoded, the sheet laid out, its boxes
/// read): no panic, and every refusal has a stable code and words.
pub fn read_photo(data: &[u8]) {
    if let Err(e) = paperboard_sheets::read::sheet::read_photo(data, None) {
        assert!(!e.code().is_empty() && !e.to_string().is_empty());
    }
}
