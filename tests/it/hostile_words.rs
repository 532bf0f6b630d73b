//! No message a user can trigger holds the program's own words: bad specs,
//! handouts, map files, records, `--set` values and command-line numbers
//! are run through the binary, and nothing it prints (standard output and
//! standard error) names a Rust type, a serde phrase or a source path.

use crate::common;

use common::hostile::*;

/// Words of the program's language, each matched as a whole word (no
/// letter, digit or `_` on either side), so that "instruct" or "Variant"
/// (a record tag) are not taken for them.
const RUST_WORDS: &[&str] = &[
    "struct",
    "enum",
    "untagged",
    "u8",
    "u16",
    "u32",
    "u64",
    "usize",
    "i32",
    "i64",
    "f32",
    "f64",
    "String",
    "Spanned",
    "serde",
    "panicked",
    "unwrap",
    "RUST_BACKTRACE",
];

/// Fragments that are never a user's words, matched anywhere.
const RUST_FRAGMENTS: &[&str] = &[
    "::",
    "Option<",
    "Vec<",
    "Some(",
    "None",
    "Err(",
    "Ok(",
    "invalid type:",
    "unknown variant",
    "any variant",
    "expected u",
    "expected i",
    "expected f",
    "expected a sequence",
    "expected a map",
    "expected struct",
    ".rs:",
    "src/",
];

fn whole_word_at(text: &str, word: &str) -> Option<usize> {
    let is_word = |c: char| c.is_alphanumeric() || c == '_';
    text.match_indices(word).map(|(i, _)| i).find(|&i| {
        let before = text[..i].chars().next_back();
        let after = text[i + word.len()..].chars().next();
        !before.is_some_and(is_word) && !after.is_some_and(is_word)
    })
}

fn assert_in_users_words(args: &[&str], r: &Run) {
    let said = format!("{}\n{}", r.out(), r.stderr);
    for word in RUST_WORDS {
        if let Some(i) = whole_word_at(&said, word) {
            panic!("{args:?}: `{word}` at {i} in:\n{said}");
        }
    }
    for fragment in RUST_FRAGMENTS {
        assert!(
            !said.contains(fragment),
            "{args:?}: `{fragment}` in:\n{said}"
        );
    }
}

#[test]
fn no_message_holds_the_programs_own_words() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let specs: &[(&str, &str)] = &[
        ("type.toml", "[page]\nsize = 4\n"),
        ("margins.toml", "[page]\nmargins = 5\n"),
        ("margins2.toml", "[page]\nmargins = { top = \"x\" }\n"),
        (
            "at.toml",
            "[[text]]\nid = \"t\"\ntext = \"x\"\nat = \"here\"\n",
        ),
        (
            "at3.toml",
            "[[text]]\nid = \"t\"\ntext = \"x\"\nat = [1, 2, 3]\n",
        ),
        ("cell.toml", "[[sos-board]]\ncell = [1]\n"),
        ("cells.toml", "[[sos-board]]\ncell = 1e30\n"),
        ("rows.toml", "[[record-tables]]\nrows = -3\n"),
        ("size.toml", "[[sos-board]]\nsize = { w = 3 }\n"),
        ("players.toml", "[[sos-board]]\nplayers = \"Ann\"\n"),
        ("bool.toml", "[[strategic-field]]\nst-labels = \"yes\"\n"),
        ("color.toml", "[[strategic-field]]\nline-color = 7\n"),
        ("items.toml", "[layout]\nitems = \"a\"\n"),
        ("box.toml", "[[box]]\nid = 3\n"),
        ("dir.toml", "[layout]\ndirection = 1\n"),
        ("part.toml", "text = 5\n"),
        ("table.toml", "[[text]]\n[[text]]\n"),
        ("syntax.toml", "[page\nsize = \"A4\"\n"),
        ("date.toml", "[document]\ntitle = 1979-05-27\n"),
        ("map.toml", "[[strategic-field]]\nrow-numbers = 4\n"),
        ("fit.toml", "[[strategic-field]]\ncell = \"huge\"\n"),
        ("emoji.toml", "[[text]]\nid = \"t\"\ntext = \"🙂\"\n"),
        ("min.toml", "[[sos-board]]\ncell = 5\nmin-cell = 7\n"),
    ];
    let handouts: &[(&str, &str)] = &[
        ("h-game.toml", "[handout]\ngame = 3\n"),
        ("h-none.toml", "[handout]\ntitle = \"x\"\n"),
        ("h-copies.toml", "[handout]\ngame = \"sos\"\ncopies = 1e7\n"),
        (
            "h-set.toml",
            "[handout]\ngame = \"sos\"\nset = \"sos.size=3x3\"\n",
        ),
        (
            "h-kind.toml",
            "[handout]\ngame = \"sos\"\n[worksheet]\nkind = 4\n",
        ),
        (
            "h-rules.toml",
            "[handout]\ngame = \"ultimate\"\n[rules]\ndecided = true\n",
        ),
        (
            "h-seed.toml",
            "[handout]\ngame = \"sos\"\n[worksheet]\nseed = -1\n",
        ),
        (
            "h-sheet.toml",
            "[handout]\ngame = \"sos\"\nsheet = \"ultimate\"\n",
        ),
    ];
    let maps: &[(&str, &str)] = &[
        ("m-kind.toml", "kind = 3\ncolumns = []\n"),
        ("m-cols.toml", "columns = \"x\"\n"),
        ("m-short.toml", "columns = [[1, 2], [3], []]\n"),
        (
            "m-big.toml",
            "columns = [[99999999999, 1, 1, 1, 1, 1, 1, 1, 1]]\n",
        ),
        (
            "m-hyper.toml",
            "kind = \"hyperfunctional\"\ncells = [[[1]]]\n",
        ),
        ("m-name.toml", "name = 5\ncolumns = []\n"),
    ];
    let records: &[(&str, &str)] = &[
        (
            "r-tags.txt",
            "[Game \"sos\"]\n[Size \"x\"]\n[Players 3]\n\nA:a1S\n",
        ),
        ("r-moves.txt", "[Game \"ultimate\"]\n\n5.5 5.5 99.1 x\n"),
        ("r-game.txt", "[Game \"chess\"]\n\ne4\n"),
        (
            "r-map.txt",
            "[Game \"strategic\"]\n[Ruleset \"functional\"]\n[Map \"../x\"]\n\n1.1.1\n",
        ),
        (
            "r-claim.txt",
            "[Game \"tictactoe\"]\n[Result \"maybe\"]\n\n5 1\n",
        ),
        ("r-broken.txt", "[Game \"sos\"\n[Size 4x4]\n\nA:a1S B:zz\n"),
    ];
    for (name, text) in specs.iter().chain(handouts).chain(maps).chain(records) {
        write(d, name, text);
    }
    let mut runs: Vec<Vec<String>> = Vec::new();
    let v = |args: &[&str]| args.iter().map(|s| s.to_string()).collect::<Vec<_>>();
    for (name, _) in specs {
        runs.push(v(&["render", name, "-o", "out.pdf"]));
    }
    for (name, _) in handouts {
        runs.push(v(&["handout", name, "-o", "out.pdf"]));
    }
    for (name, _) in maps {
        runs.push(v(&["maps", "show", name]));
        runs.push(v(&[
            "render",
            "strategic-functional",
            "--set",
            &format!("field.row-numbers={name}"),
            "-o",
            "out.pdf",
        ]));
    }
    for (name, _) in records {
        runs.push(v(&["check", name]));
        runs.push(v(&["check", "--json", name]));
    }
    for args in [
        &["render", "nosuch", "-o", "x.pdf"][..],
        &["render", "nosuch.toml", "-o", "x.pdf"],
        &["render", "sos", "--set", "sos.size=1e9", "-o", "x.pdf"],
        &["render", "sos", "--set", "sos.cell=[1,2]", "-o", "x.pdf"],
        &["render", "sos", "--set", "sos.players={a=1}", "-o", "x.pdf"],
        &["render", "sos", "--set", "nokey", "-o", "x.pdf"],
        &["render", "sos", "--set", "page.margins=3", "-o", "x.pdf"],
        &["render", "sos", "--set", "sos.at=[1,2,3]", "-o", "x.pdf"],
        &["render", "sos", "--set", "nosuch.cell=4", "-o", "x.pdf"],
        &["render", "sos", "-o", "x.svg", "--format", "pdf"],
        &["render", "sos", "-o", "x.txt"],
        &[
            "handout",
            "h-sheet.toml",
            "--copies",
            "10000000",
            "-o",
            "x.pdf",
        ],
        &["handout", "h-sheet.toml", "--copies", "-1", "-o", "x.pdf"],
        &["handout", "h-sheet.toml", "--seed", "x", "-o", "x.pdf"],
        &["handout", "h-sheet.toml", "--language", "fr", "-o", "x.pdf"],
        &["check", "--max-errors", "0", "r-tags.txt"],
        &["check", "--max-errors", "1e9", "r-tags.txt"],
        &["check", "nosuch.txt"],
        &["check", "r-map.txt", "--map-file", "nosuch.toml"],
        &["maps", "show", "nosuch"],
        &["maps", "search", "--time", "1e20"],
        &["maps", "search", "--keep", "99999999999999999999"],
        &["maps", "search", "--evaluations", "-5"],
        &["analyze", "functional", "--map", "m-short.toml"],
        &["analyze", "nosuch"],
    ] {
        runs.push(v(args));
    }
    let before = Snapshot::of(d);
    for args in &runs {
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let r = run(d, &args);
        assert_ne!(r.code, 0, "{args:?} succeeded:\n{}", r.stderr);
        assert_in_users_words(&args, &r);
    }
    before.assert_unchanged(d);
}
