//! What a user installs beside the binary: shell completions, the manual
//! page, and a built-in template's spec to start from.

use std::process::Output;

fn paperboard(args: &[&str]) -> Output {
    crate::common::paperboard()
        .args(args)
        .output()
        .expect("the binary runs")
}

fn stdout(args: &[&str]) -> String {
    let out = paperboard(args);
    crate::common::assert_ran(&format!("{args:?}"), &out);
    String::from_utf8(out.stdout).unwrap()
}

#[test]
fn completions_for_each_shell_name_every_subcommand() {
    for (shell, marker) in [
        ("bash", "complete -F"),
        ("zsh", "#compdef paperboard"),
        ("fish", "complete -c paperboard"),
        ("powershell", "Register-ArgumentCompleter"),
    ] {
        let script = stdout(&["completions", shell]);
        assert!(script.contains(marker), "{shell}: no {marker:?}");
        for sub in ["render", "check", "handout", "serve", "templates"] {
            assert!(script.contains(sub), "{shell}: no {sub}");
        }
    }
    let out = paperboard(&["completions", "tcsh"]);
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn the_manual_page_is_roff_naming_the_commands() {
    let man = stdout(&["man"]);
    assert!(
        man.starts_with(".ie") || man.contains(".TH paperboard"),
        "{}",
        &man[..200.min(man.len())]
    );
    assert!(man.contains(".TH paperboard"));
    for word in ["serve", "render", "check", "analyze"] {
        assert!(man.contains(word), "{word}");
    }
    // The exit status of every command that has more than success and
    // failure: check's and read's 1.
    let status = &man[man
        .find(".SH \"EXIT STATUS\"")
        .expect("an EXIT STATUS section")..];
    let status = &status[..status[4..].find(".SH").map_or(status.len(), |i| i + 4)];
    for word in ["check", "read:", "doubtful", "photo"] {
        assert!(status.contains(word), "{word}: {status}");
    }
}

#[test]
fn a_template_is_shown_as_its_spec() {
    for t in paperboard_sheets::Template::ALL {
        let shown = stdout(&["templates", "--show", t.name()]);
        assert_eq!(shown, t.text(), "{}", t.name());
        // What is shown renders as the template does.
        paperboard_sheets::Spec::parse("shown.toml", &shown, None).unwrap();
    }
    let out = paperboard(&["templates", "--show", "chess"]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("no built-in template `chess`") && err.contains("strategic-functional"),
        "{err}"
    );
}

#[test]
fn serve_refuses_a_port_in_use_with_a_message() {
    let held = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let port = held.local_addr().unwrap().port().to_string();
    let out = paperboard(&["serve", "--port", &port]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("cannot listen") && err.contains("--port"),
        "{err}"
    );
}

/// `serve --host 0.0.0.0` prints the addresses students type: the
/// machine's own non-loopback IPv4 addresses, as the kernel lists them, or
/// how to find one where it lists none.
#[test]
fn serving_the_network_prints_the_address_students_type() {
    use std::io::{BufRead, BufReader};
    let mut child = crate::common::paperboard()
        .args(["serve", "--host", "0.0.0.0", "--port", "0"])
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap();
    let mut lines = BufReader::new(child.stdout.take().unwrap()).lines();
    let first = lines.next().unwrap().unwrap();
    let second = lines.next().unwrap().unwrap();
    child.kill().unwrap();
    child.wait().unwrap();
    assert!(
        first.starts_with("paperboard is serving http://localhost:"),
        "{first}"
    );
    let port = first
        .split("localhost:")
        .nth(1)
        .and_then(|rest| rest.split('/').next())
        .unwrap();
    // The machine's own addresses, read as the server is meant to read
    // them: every `/32 host LOCAL` leaf of the kernel's table.
    let table = std::fs::read_to_string("/proc/net/fib_trie").unwrap_or_default();
    let table: Vec<&str> = table.lines().map(str::trim).collect();
    let own: Vec<&str> = table
        .windows(2)
        .filter(|w| w[1].starts_with("/32 host LOCAL"))
        .filter_map(|w| w[0].strip_prefix("|-- "))
        .filter(|a| !a.starts_with("127."))
        .collect();
    if own.is_empty() {
        assert!(second.contains("hostname -I"), "{second}");
    } else {
        assert!(second.contains("students type http://"), "{second}");
        for address in own {
            assert!(
                second.contains(&format!("http://{address}:{port}/")),
                "{address}: {second}"
            );
        }
    }
}
