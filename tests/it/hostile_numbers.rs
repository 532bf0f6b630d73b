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
