//! docs/spec.md against the spec reader: the complete example in the docs
//! renders. (That the key tables are the declarations is a unit test of the
//! sheets crate, `keys::docs_tables`; that every key the reader accepts is
//! documented is checked in `tests/messages.rs`, with the messages of every
//! key.)

use paperboard_sheets::spec::Spec;

fn docs() -> String {
    std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/docs/spec.md")).unwrap()
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
    let doc = paperboard_sheets::layout::layout(&spec)
        .unwrap()
        .into_parts()
        .0;
    assert_eq!((doc.pages[0].width, doc.pages[0].height), (297.0, 210.0));
}
