//! Dotted keys at every door: a spec file, `--set`, a handout's own `set`,
//! and a request's `set=` to the real server. A key of thousands of parts
//! once overflowed the stack (and took the server down with it) or grew
//! memory quadratically; now each door refuses a key past the limits
//! (docs/limits.md) where it enters, with a short message, and the server
//! answers the next request.

use crate::common;

use common::hostile::{Snapshot, run, write};
use common::web::{Server, escape, request};

/// A key of `n` parts, `sos.sos.…`.
fn deep_key(n: usize) -> String {
    vec!["sos"; n].join(".")
}

#[test]
fn a_deep_set_is_refused_on_the_command_line_with_a_short_message() {
    let dir = tempfile::tempdir().unwrap();
    write(dir.path(), "h.toml", "[handout]\ngame = \"sos\"\n");
    let before = Snapshot::of(dir.path());
    let set = format!("{}=1", deep_key(20_000));
    let r = run(dir.path(), &["render", "sos", "--set", &set, "-o", "x.svg"]);
    r.expect_code(2)
        .expect_err("has 20,000 parts; a key may have at most 80");
    assert!(r.stderr.len() < 400, "{}", r.stderr);
    // A key of 80 parts is read (and refused as an unknown key, not as deep).
    let set = format!("{}=1", deep_key(80));
    let r = run(dir.path(), &["render", "sos", "--set", &set, "-o", "x.svg"]);
    r.expect_code(2).expect_err("unknown key `sos`");
    // A long key of few parts.
    let set = format!("sos.{}=1", "k".repeat(5_000));
    let r = run(dir.path(), &["render", "sos", "--set", &set, "-o", "x.svg"]);
    r.expect_code(2)
        .expect_err("is 5,004 characters long; a key may hold at most 600");
    assert!(r.stderr.len() < 400, "{}", r.stderr);
    // The same on a handout.
    let set = format!("{}=1", deep_key(20_000));
    let r = run(
        dir.path(),
        &["handout", "h.toml", "--set", &set, "-o", "h.pdf"],
    );
    r.expect_code(2).expect_err("a key may have at most 80");
    assert!(r.stderr.len() < 400, "{}", r.stderr);
    before.assert_unchanged(dir.path());
}

#[test]
fn deep_and_long_keys_in_files_are_refused_where_written() {
    let dir = tempfile::tempdir().unwrap();
    let deep = format!("[document]\n{} = 1\n", deep_key(5_000));
    write(dir.path(), "deep.toml", &deep);
    run(dir.path(), &["render", "deep.toml", "-o", "x.svg"])
        .expect_code(2)
        .expect_err("deep.toml:")
        .expect_err("parts; a key may have at most 80");
    let long = format!("[document]\n{} = 1\n", vec!["k".repeat(400); 3].join("."));
    write(dir.path(), "long.toml", &long);
    let r = run(dir.path(), &["render", "long.toml", "-o", "x.svg"]);
    r.expect_code(2)
        .expect_err("long.toml:2:")
        .expect_err("a key may hold at most 600");
    assert!(!dir.path().join("x.svg").exists());
}

#[test]
fn a_handouts_own_sets_and_sheet_are_located_at_their_lines() {
    let dir = tempfile::tempdir().unwrap();
    write(
        dir.path(),
        "h.toml",
        "[handout]\ngame = \"sos\"\nset = [\n  \"sos.cell=8\",\n  \"sos.size=99x99\",\n]\n",
    );
    run(dir.path(), &["handout", "h.toml", "-o", "h.pdf"])
        .expect_code(2)
        .expect_err(
            "h.toml:5:3: `sos.size=99x99` cannot be made to the sheet: `sos-board.size` must be",
        );
    // An entry is a text of at most 500 characters: 200 short parts.
    let deep = format!(
        "[handout]\ngame = \"sos\"\nset = [\"{}=1\"]\n",
        vec!["a"; 200].join(".")
    );
    write(dir.path(), "d.toml", &deep);
    let r = run(dir.path(), &["handout", "d.toml", "-o", "h.pdf"]);
    r.expect_code(2)
        .expect_err("d.toml:3:8: the key `a.a.a.a.a.a.a.a.a.a.a.a.…` has 200 parts");
    assert!(r.stderr.len() < 1_000, "{}", r.stderr);
    write(
        dir.path(),
        "up.toml",
        "[handout]\ngame = \"sos\"\nsheet = \"../x.toml\"\n",
    );
    run(dir.path(), &["handout", "up.toml", "-o", "h.pdf"])
        .expect_code(2)
        .expect_err("up.toml:3:9: the sheet cannot be read: `../x.toml` is outside");
    write(
        dir.path(),
        "gone.toml",
        "[handout]\ngame = \"sos\"\nsheet = \"none.toml\"\n",
    );
    run(dir.path(), &["handout", "gone.toml", "-o", "h.pdf"])
        .expect_code(2)
        .expect_err("gone.toml:3:9: the sheet cannot be read:")
        .expect_err("no such file");
    assert!(!dir.path().join("h.pdf").exists());
}

#[test]
fn a_key_written_twice_names_the_key_and_both_lines() {
    let dir = tempfile::tempdir().unwrap();
    write(
        dir.path(),
        "twice.toml",
        "[page]\nsize = \"A4\"\n\n[[sos-board]]\nsize = \"8x8\"\ncell = 9\nsize = \"6x6\"\n",
    );
    run(dir.path(), &["render", "twice.toml", "-o", "x.svg"])
        .expect_code(2)
        .expect_err("twice.toml:7:1: `sos-board.size` is written twice: on line 5 and here");
}

/// The server refuses deep keys in `set=` with a 400 and a short message,
/// on every route that takes them, and answers the next request.
#[test]
fn a_deep_set_to_the_server_is_a_400_and_the_server_goes_on() {
    let s = Server::start(&[]);
    let set = escape(&format!("{}=1", deep_key(5_000)));
    let r = s.get(&format!("/api/render/sos.svg?set={set}"));
    assert_eq!(r.status, 400, "{}", r.text());
    let message = r.json()["message"].as_str().unwrap().to_string();
    assert!(
        message.contains("has 5,000 parts; a key may have at most 80"),
        "{message}"
    );
    assert!(r.body.len() < 600, "{}", r.text());
    let spec = std::fs::read(concat!(env!("CARGO_MANIFEST_DIR"), "/templates/sos.toml")).unwrap();
    let page_set = escape(&format!("page.{}=1", vec!["page"; 5_000].join(".")));
    let r = s.post(
        &format!("/api/spec.toml?set={page_set}"),
        "text/plain",
        &spec,
    );
    assert_eq!(r.status, 400, "{}", r.text());
    assert!(r.body.len() < 600, "{}", r.text());
    // A value nested past the limits.
    let value = escape(&format!(
        "sos.size={}1{}",
        "[".repeat(5_000),
        "]".repeat(5_000)
    ));
    let r = s.get(&format!("/api/render/sos.svg?set={value}"));
    assert_eq!(r.status, 400, "{}", r.text());
    // Still serving.
    let r = request(s.addr, "GET", "/api/render/sos.svg", &[], b"");
    assert_eq!(r.status, 200, "{}", r.text());
    assert!(r.text().contains("<svg"));
}

/// A deep key in a posted map file is located in the answer's fields where
/// its message says (the column of the part past the limit, far into one
/// long line), not where the quoted excerpt of that line starts.
#[test]
fn a_deep_key_in_a_posted_map_file_is_located_where_the_message_says() {
    let s = Server::start(&[]);
    let text = format!("{} = 1", vec!["a"; 30_000].join("."));
    let body = serde_json::json!({"map": {"name": "m.toml", "text": text}}).to_string();
    for path in [
        "/api/analyze/functional",
        "/api/analyze/functional/heatmap.svg",
    ] {
        let r = s.post(path, "application/json", body.as_bytes());
        assert_eq!(r.status, 400, "{path}: {}", r.text());
        let json = r.json();
        let message = json["message"].as_str().unwrap();
        // Part 81 starts at column 161 (each part and its dot: 2 characters).
        assert!(
            message
                .starts_with("m.toml:1:161: the key `a.a.a.a.a.a.a.a.a.a.a.a.…` has 30,000 parts"),
            "{path}: {message}"
        );
        assert_eq!(
            (
                json["origin"].as_str(),
                json["line"].as_u64(),
                json["column"].as_u64()
            ),
            (Some("m.toml"), Some(1), Some(161)),
            "{path}: {json}"
        );
        assert!(r.body.len() < 1_000, "{}", r.text());
    }
    let r = s.get("/api/maps");
    assert_eq!(r.status, 200, "{}", r.text());
}

mod stress {
    use paperboard_sheets::spec::{Set, Spec, Template};
    use proptest::prelude::*;

    /// A key path: deep, long or repeated parts, from the names a spec has
    /// and names it has not.
    fn key() -> impl Strategy<Value = String> {
        let part = prop_oneof![
            Just("sos".to_string()),
            Just("page".to_string()),
            Just("margins".to_string()),
            Just("size".to_string()),
            "[a-z-]{1,8}",
            "[a-z]{400,700}",
        ];
        (prop::collection::vec(part, 1..40), 1usize..600).prop_map(|(parts, repeat)| {
            // Repeated to thousands of parts now and then.
            let mut all = parts.clone();
            if repeat > 500 {
                for _ in 0..repeat * 10 {
                    all.push(parts[0].clone());
                }
            }
            all.join(".")
        })
    }

    /// A value: a scalar, or one nested in lists and tables up to hundreds
    /// of levels.
    fn value() -> impl Strategy<Value = String> {
        (0usize..300, prop::bool::ANY, "[0-9a-z]{0,6}").prop_map(|(depth, table, inner)| {
            let (open, close) = if table { ("{a=", "}") } else { ("[", "]") };
            format!("{}{inner}{}", open.repeat(depth), close.repeat(depth))
        })
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(300))]

        /// No key or value reaches unbounded recursion (a stack overflow
        /// would abort this test binary), and every refusal is short.
        #[test]
        fn any_key_and_value_is_read_or_refused_briefly(key in key(), value in value()) {
            let written = format!("{key}={value}");
            match written.parse::<Set>() {
                Err(fault) => {
                    let message = fault.to_string();
                    prop_assert!(message.len() < 200, "{message}");
                }
                Ok(set) => {
                    if let Err(e) = Spec::template(Template::Sos, &[set]) {
                        let line = paperboard_games::source::Diagnostic::of(&e).line();
                        prop_assert!(line.len() < 2_500, "{} characters", line.len());
                    }
                }
            }
        }
    }
}
