//! Closed pipes and full disks: every command that prints ends quietly with
//! status 0 when its reader stops early (as `rg` does), and a write error
//! such as a full disk is one error line and status 2. Never a panic.

use crate::common;

use std::io::{BufRead, BufReader};
use std::process::Stdio;

use common::hostile::*;

/// Every command that prints a report, with what it needs.
fn printing_commands(records: &str) -> Vec<Vec<String>> {
    [
        vec!["templates"],
        vec!["check", records],
        vec!["check", "--json", records],
        vec!["analyze", "tactical"],
        vec!["analyze", "--all", "--json"],
        vec!["maps", "list"],
        vec!["maps", "show", "hmap2"],
        vec!["maps", "family"],
        vec!["maps", "search", "--evaluations", "2000"],
        vec!["render", "sos", "-o", "-", "--format", "pdf"],
    ]
    .into_iter()
    .map(|v| v.into_iter().map(String::from).collect())
    .collect()
}

/// A record file long enough that its report overflows a pipe's buffer.
fn many_games(dir: &std::path::Path) -> String {
    write(dir, "many.txt", format!("{TICTACTOE}\n").repeat(3000));
    "many.txt".into()
}

#[test]
fn a_reader_that_stops_early_ends_the_program_quietly() {
    let dir = tempfile::tempdir().unwrap();
    let records = many_games(dir.path());
    for args in printing_commands(&records) {
        let mut child = crate::common::paperboard()
            .args(&args)
            .current_dir(dir.path())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        // Read one line, as `| head -1` does, then close the pipe.
        let mut out = BufReader::new(child.stdout.take().unwrap());
        let mut first = String::new();
        let _ = out.read_line(&mut first);
        drop(out);
        let output = child.wait_with_output().unwrap();
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(0), "{args:?}: {stderr}");
        assert!(
            !stderr.contains("panicked")
                && !stderr.contains("Broken pipe")
                && !stderr.contains("error"),
            "{args:?}: {stderr}"
        );
    }
}

#[cfg(target_os = "linux")]
#[test]
fn a_full_disk_is_one_error_line_and_status_2() {
    let dir = tempfile::tempdir().unwrap();
    let records = many_games(dir.path());
    for args in printing_commands(&records) {
        let full = std::fs::OpenOptions::new()
            .write(true)
            .open("/dev/full")
            .expect("/dev/full opens");
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let r = run_with(dir.path(), &args, None, Some(Stdio::from(full)));
        r.expect_code(2);
        // `maps search` notes its speed first; the error is one line.
        assert!(
            r.stderr
                .ends_with("error: cannot write standard output: the disk is full\n"),
            "{args:?}: {}",
            r.stderr
        );
        assert_eq!(
            r.stderr.matches("error:").count(),
            1,
            "{args:?}: {}",
            r.stderr
        );
    }
    // A device named as the output file: written through, and its error
    // reported the same way.
    let r = run(
        dir.path(),
        &["render", "sos", "-o", "/dev/full", "--format", "pdf"],
    );
    r.expect_code(2);
    assert_eq!(
        r.stderr,
        "error: cannot write /dev/full: the disk is full\n"
    );
}
