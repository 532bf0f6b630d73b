//! What a user installs beside the binary: shell completions, the manual
//! page, and a built-in template's spec to start from.

use std::process::{Command, Output};

fn paperboard(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_paperboard"))
        .args(args)
        .output()
        .expect("the binary runs")
}

fn stdout(args: &[&str]) -> String {
    let out = paperboard(args);
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
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
