//! The key tables of docs/spec.md and docs/handout.md against the
//! declarations they are written from: a test inside the crate, since the
//! arrangement's table and the handout's reference are no part of the
//! library's public surface.

use crate::keys::TableDoc;

/// The key tables of docs/spec.md are the spec reader's declarations written
/// out: each table's `| key | type | default | meaning |` rows come from
/// the one place a key is declared. `PAPERBOARD_BLESS=1` writes them anew.
#[test]
fn the_key_tables_are_the_declarations() {
    use crate::spec::{arrangement, reference};
    let sections = reference().into_iter().map(|t| (t.heading(), t)).chain([(
        "Arrangement: `[layout]` and `[[box]]`".to_string(),
        arrangement(),
    )]);
    tables_are_declarations("spec.md", sections);
}

/// The key tables of docs/handout.md are the handout spec reader's
/// declarations written out, as docs/spec.md's are the sheet spec's.
#[test]
fn the_handout_key_tables_are_the_declarations() {
    let sections = crate::handout::spec::reference()
        .into_iter()
        .map(|t| (t.heading(), t));
    tables_are_declarations("handout.md", sections);
}

/// Compares the key table under each heading of `docs/NAME` with its
/// declaration; fails naming the ones that differ, or with
/// `PAPERBOARD_BLESS=1` writes the declarations in their place.
fn tables_are_declarations(name: &str, sections: impl Iterator<Item = (String, TableDoc)>) {
    let path = format!("{}/../../docs/{name}", env!("CARGO_MANIFEST_DIR"));
    let mut docs = std::fs::read_to_string(&path).unwrap();
    let mut stale = Vec::new();
    for (heading, table) in sections {
        let at = docs
            .lines()
            .position(|l| l.starts_with('#') && l.trim_start_matches('#').trim() == heading)
            .unwrap_or_else(|| panic!("docs/{name} has no section {heading}"));
        let offset: usize = docs.lines().take(at).map(|l| l.len() + 1).sum();
        let start = offset
            + docs[offset..]
                .find("| key | type | default | meaning |")
                .unwrap_or_else(|| panic!("{heading} has no key table"));
        let end = start
            + docs[start..]
                .find("\n\n")
                .map_or(docs.len() - start, |e| e + 1);
        let written = &docs[start..end];
        let declared = table.markdown();
        if written != declared {
            stale.push(heading.clone());
            docs.replace_range(start..end, &declared);
        }
    }
    if std::env::var_os("PAPERBOARD_BLESS").is_some() {
        std::fs::write(&path, &docs).unwrap();
    } else {
        assert!(
            stale.is_empty(),
            "docs/{name} differs from the key declarations in {stale:?}; PAPERBOARD_BLESS=1 writes them"
        );
    }
}
