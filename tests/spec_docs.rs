//! docs/spec.md against the spec reader: every key the reader accepts is
//! documented, and the complete example in the docs renders.

use paperboard::spec::{Spec, SpecError};

fn docs() -> String {
    std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/docs/spec.md")).unwrap()
}

/// The keys a table accepts, as the reader lists them for an unknown key.
fn accepted_keys(header: &str) -> Vec<String> {
    let text = format!("{header}\nnot-a-key = 1\n");
    let err = Spec::parse("probe.toml", &text, None).unwrap_err();
    let SpecError::Invalid { message, .. } = &err else {
        panic!("{header}: unexpected {err:?}")
    };
    // "expected `a` or `b`", or "expected one of `a`, `b`, `c`".
    let list = message
        .split_once("expected ")
        .unwrap_or_else(|| panic!("{header}: {message}"))
        .1;
    list.split('`')
        .skip(1)
        .step_by(2)
        .map(str::to_string)
        .collect()
}

#[test]
fn every_accepted_key_is_documented() {
    let docs = docs();
    for header in [
        "[document]",
        "[page]",
        "[page.margins]",
        "[rules]",
        "[layout]",
        "[[box]]",
        "[[strategic-field]]",
        "[[record-tables]]",
        "[[tracking-grid]]",
        "[[text]]",
        "[[write-in]]",
        "[[footer]]",
        "[[sos-board]]",
        "[[ultimate-field]]",
        "[[ttt-boards]]",
    ] {
        let keys = accepted_keys(header);
        assert!(keys.len() >= 2, "{header}: {keys:?}");
        for key in keys {
            let documented = docs.contains(&format!("| `{key}` |"))
                || (header == "[page.margins]" && docs.contains(&format!("`{key}`")));
            assert!(documented, "{header} key `{key}` is not in docs/spec.md");
        }
    }
}

#[test]
fn the_complete_example_renders() {
    let docs = docs();
    let after = docs.split_once("## A complete example").unwrap().1;
    let example = after
        .split_once("```toml\n")
        .unwrap()
        .1
        .split_once("```")
        .unwrap()
        .0;
    let spec = Spec::parse("example.toml", example, None).unwrap();
    let doc = paperboard::layout::layout(&spec).unwrap().into_parts().0;
    assert_eq!((doc.pages[0].width, doc.pages[0].height), (297.0, 210.0));
}
