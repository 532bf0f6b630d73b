//! Hostile numbers on the command line: every number has a documented range,
//! checked once whichever way it arrives, with the key, the range and what
//! was written in the message; never a panic or an unbounded run.

use crate::common;

use common::hostile::*;

#[test]
fn copies_has_one_limit_for_the_spec_key_and_the_flag() {
    let dir = tempfile::tempdir().unwrap();
    write(dir.path(), "h.toml", "[handout]\ngame = \"sos\"\n");
    write(
        dir.path(),
        "many.toml",
        "[handout]\ngame = \"sos\"\ncopies = 501\n",
    );
    let before = Snapshot::of(dir.path());
    for (written, shown) in [
        ("1e7", "1e7"),
        ("10000000", "10000000"),
        ("-1", "-1"),
        ("501", "501"),
    ] {
        run(
            dir.path(),
            &["handout", "h.toml", "--copies", written, "-o", "x.pdf"],
        )
        .expect_code(2)
        .expect_err(&format!(
            "`copies` must be a whole number from 0 to 500, not {shown}"
        ));
    }
    run(dir.path(), &["handout", "many.toml", "-o", "x.pdf"])
        .expect_code(2)
        .expect_err(
            "many.toml:3:10: `handout.copies` must be a whole number from 0 to 500, not 501",
        );
    run(
        dir.path(),
        &["handout", "h.toml", "--language", "fr", "-o", "x.pdf"],
    )
    .expect_code(2)
    .expect_err("no texts in language `fr`; available: en, de, ru, th");
    before.assert_unchanged(dir.path());
}

#[test]
fn map_search_numbers_are_bounded() {
    let dir = tempfile::tempdir().unwrap();
    for (args, message) in [
        (
            vec!["--time", "1e20"],
            "`time` must be a number of seconds from 0.001 to 86,400, not 1e20",
        ),
        (vec!["--time", "NaN"], "not NaN"),
        (vec!["--time", "-1"], "not -1"),
        (
            vec!["--keep", "18446744073709551615"],
            "`keep` must be a whole number from 1 to 1,000, not 18446744073709551615",
        ),
        (vec!["--keep", "0"], "not 0"),
        (
            vec!["--evaluations", "99999999999999999999"],
            "`evaluations` must be a whole number from 1 to 10,000,000,000",
        ),
        (vec!["--evaluations", "0"], "not 0"),
        (
            vec!["--return-distance", "300"],
            "`return-distance` must be a whole number from 1 to 26, not 300",
        ),
        (
            vec!["--max-largest", "0"],
            "`max-largest` must be a whole number from 1 to 26, not 0",
        ),
    ] {
        let mut all = vec!["maps", "search"];
        all.extend(args);
        run(dir.path(), &all).expect_code(2).expect_err(message);
    }
    // In range, a short search runs.
    run(
        dir.path(),
        &[
            "maps",
            "search",
            "--evaluations",
            "1000",
            "--keep",
            "1000",
            "--time",
            "5",
        ],
    )
    .expect_code(0)
    .expect_out("# 1.");
    assert!(Snapshot::of(dir.path()).names().is_empty());
}

#[test]
fn serve_numbers_say_their_range_not_a_type() {
    let dir = tempfile::tempdir().unwrap();
    for (args, message) in [
        (
            ["--cache-mb", "99999999999999999999"],
            "`cache-mb` must be a whole number from 0 to 65,535, not 99999999999999999999",
        ),
        (
            ["--cache-mb", "-1"],
            "`cache-mb` must be a whole number from 0 to 65,535, not -1",
        ),
        (
            ["--port", "99999999999999999999"],
            "`port` must be a whole number from 0 to 65,535, not 99999999999999999999",
        ),
    ] {
        let mut all = vec!["serve"];
        all.extend(args);
        let r = run(dir.path(), &all);
        r.expect_code(2).expect_err(message);
        assert!(!r.stderr.contains("target type"), "{}", r.stderr);
    }
}

/// A handout spec listing `n` changes to its game sheet.
fn handout_with_sets(n: usize) -> String {
    let sets: Vec<&str> = std::iter::repeat_n("\"sos.size=6x6\"", n).collect();
    format!(
        "[handout]\ngame = \"sos\"\nrules = false\nset = [{}]\n[worksheet]\nexercises = 0\n",
        sets.join(", ")
    )
}

#[test]
fn a_handouts_changes_are_counted_as_written() {
    let dir = tempfile::tempdir().unwrap();
    // Within the limit of 100: the handout's own paper, language and rules
    // are not the user's changes and do not count.
    write(dir.path(), "h.toml", handout_with_sets(95));
    run(dir.path(), &["handout", "h.toml", "-o", "h.pdf"]).expect_code(0);
    write(dir.path(), "h.toml", handout_with_sets(100));
    run(dir.path(), &["handout", "h.toml", "-o", "h.pdf"]).expect_code(0);
    // Past it: refused at the list the user wrote, in the handout's name.
    write(dir.path(), "h.toml", handout_with_sets(101));
    let r = run(dir.path(), &["handout", "h.toml", "-o", "h.pdf"]);
    r.expect_code(2)
        .expect_err("h.toml:4:")
        .expect_err("`handout.set`")
        .expect_err("101 changes are listed; a game sheet takes at most 100");
    assert!(!r.stderr.contains("sos.toml"), "{}", r.stderr);
    // The spec's and the command line's together.
    write(dir.path(), "h.toml", handout_with_sets(99));
    let r = run(
        dir.path(),
        &[
            "handout",
            "h.toml",
            "--set",
            "sos.size=5x5",
            "--set",
            "sos.size=5x5",
            "-o",
            "h.pdf",
        ],
    );
    r.expect_code(2).expect_err(
        "--set: 2 changes given here and 99 in the spec's `set` make 101; a game sheet takes at most 100",
    );
}
