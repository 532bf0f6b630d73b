//! `paperboard man`: one complete manual page in roff, made from the same
//! argument definitions the program parses, so it cannot fall behind: every
//! subcommand with its synopsis, arguments and options, then the exit
//! status, examples and files a reader of `man` looks for.

use std::fmt::Write as _;

use clap::{Arg, ArgAction, Command};

/// Examples per subcommand path (`maps search`): commands that work as
/// written from the repository's folder.
const EXAMPLES: &[(&str, &[(&str, &str)])] = &[
    (
        "render",
        &[
            (
                "paperboard render strategic-functional -o sheet.pdf",
                "the default game sheet",
            ),
            (
                "paperboard render sos --page a5 --language de -o sos.pdf",
                "an SOS sheet in German on A5",
            ),
            (
                "paperboard render ultimate -o slide.png --dpi 100",
                "a picture for a slide",
            ),
        ],
    ),
    (
        "layout",
        &[(
            "paperboard layout ultimate --json",
            "where the marks, the code, every cell and record box are, in mm",
        )],
    ),
    (
        "templates",
        &[
            ("paperboard templates", "the built-in sheets"),
            (
                "paperboard templates --show sos > my-sos.toml",
                "one of them as a spec to edit",
            ),
        ],
    ),
    (
        "check",
        &[
            (
                "paperboard check games.txt",
                "legality, result and claims of every game",
            ),
            (
                "paperboard check games.txt --json",
                "the same as one JSON document",
            ),
            (
                "paperboard check games.txt --diagram games.pdf",
                "a diagram of every game",
            ),
        ],
    ),
    (
        "read",
        &[
            (
                "paperboard read examples/photos/ultimate.jpg",
                "the record on a photographed sheet, doubtful moves marked {?}, and its check",
            ),
            (
                "paperboard read page1.jpg page2.jpg -o game.txt",
                "a game on a sheet and its continuation sheet, into a record file",
            ),
        ],
    ),
    (
        "analyze",
        &[
            (
                "paperboard analyze functional --map map34",
                "the figures of a ruleset",
            ),
            ("paperboard analyze --all", "every built-in ruleset and map"),
        ],
    ),
    (
        "maps search",
        &[(
            "paperboard maps search --space grouped --exhaustive",
            "every grouped map, the best five",
        )],
    ),
    (
        "handout",
        &[(
            "paperboard handout examples/handouts/sos-class.toml -o lesson.pdf",
            "a lesson's handout",
        )],
    ),
    (
        "serve",
        &[(
            "paperboard serve --port 8081",
            "the web page on http://127.0.0.1:8081/",
        )],
    ),
    (
        "fonts",
        &[(
            "paperboard fonts ~/.local/share/fonts/paperboard",
            "install the fonts the SVGs name",
        )],
    ),
];

/// Text escaped for roff: backslashes, hyphens of options, characters
/// beyond ASCII (as `\[u2026]`, which every roff reads whatever its input
/// encoding), and a leading dot or quote that would read as a request.
fn esc(text: &str) -> String {
    let mut s = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '\\' => s.push_str("\\e"),
            '-' => s.push_str("\\-"),
            c if c.is_ascii() => s.push(c),
            c => {
                let _ = write!(s, "\\[u{:04X}]", u32::from(c));
            }
        }
    }
    s.lines()
        .map(|l| {
            if l.starts_with('.') || l.starts_with('\'') {
                format!("\\&{l}")
            } else {
                l.to_string()
            }
        })
        .collect::<Vec<_>>()
        .join("\n")
}

fn bold(text: &str) -> String {
    format!("\\fB{}\\fR", esc(text))
}

fn italic(text: &str) -> String {
    format!("\\fI{}\\fR", esc(text))
}

/// `-o, --output OUTPUT` as a `.TP` head.
fn arg_head(arg: &Arg) -> String {
    let takes_value = matches!(arg.get_action(), ArgAction::Set | ArgAction::Append);
    let value = arg
        .get_value_names()
        .and_then(|v| v.first())
        .map(|v| v.to_string())
        .unwrap_or_else(|| arg.get_id().to_string().to_uppercase());
    if arg.is_positional() {
        return italic(&value);
    }
    let mut names = Vec::new();
    if let Some(s) = arg.get_short() {
        names.push(bold(&format!("-{s}")));
    }
    if let Some(l) = arg.get_long() {
        names.push(bold(&format!("--{l}")));
    }
    let mut head = names.join(", ");
    if takes_value {
        let _ = write!(head, " {}", italic(&value));
    }
    head
}

/// An argument's help, its choices and its default.
fn arg_body(arg: &Arg) -> String {
    let body = arg
        .get_long_help()
        .or(arg.get_help())
        .map(|h| h.to_string())
        .unwrap_or_default();
    let values: Vec<String> = arg
        .get_possible_values()
        .iter()
        .filter(|v| !v.is_hide_set())
        .map(|v| v.get_name().to_string())
        .collect();
    let mut body = body.trim().to_string();
    if !body.is_empty() && !body.ends_with(['.', ')', ':']) {
        body.push('.');
    }
    if !values.is_empty() {
        let _ = write!(body, " One of: {}.", values.join(", "));
    }
    let defaults: Vec<String> = arg
        .get_default_values()
        .iter()
        .map(|v| v.to_string_lossy().into_owned())
        .collect();
    if !defaults.is_empty() && matches!(arg.get_action(), ArgAction::Set | ArgAction::Append) {
        let _ = write!(body, " Default: {}.", defaults.join(", "));
    }
    esc(body.trim())
}

/// One subcommand's section, then its own subcommands'.
fn command_section(page: &mut String, cmd: &Command, path: &str) {
    if cmd.get_subcommands().next().is_some() {
        let _ = writeln!(page, ".SS \"paperboard {}\"", esc(path));
        if let Some(about) = cmd.get_long_about().or(cmd.get_about()) {
            let _ = writeln!(page, "{}", esc(&about.to_string()));
        }
        for sub in cmd.get_subcommands().filter(|s| s.get_name() != "help") {
            command_section(page, sub, &format!("{path} {}", sub.get_name()));
        }
        return;
    }
    let usage = cmd
        .clone()
        .render_usage()
        .to_string()
        .trim_start_matches("Usage:")
        .trim()
        .to_string();
    let _ = writeln!(page, ".SS \"paperboard {}\"", esc(path));
    let _ = writeln!(page, ".B {}", esc(&usage));
    let _ = writeln!(page, ".PP");
    if let Some(about) = cmd.get_long_about().or(cmd.get_about()) {
        let _ = writeln!(page, "{}", esc(&about.to_string()));
    }
    for arg in cmd.get_arguments() {
        let id = arg.get_id().as_str();
        if arg.is_hide_set() || id == "help" || id == "version" {
            continue;
        }
        let _ = writeln!(page, ".TP\n{}\n{}", arg_head(arg), arg_body(arg));
    }
    if let Some((_, examples)) = EXAMPLES.iter().find(|(p, _)| *p == path) {
        let _ = writeln!(page, ".PP\nExamples:");
        for (command, what) in *examples {
            let _ = writeln!(page, ".TP\n{}\n{}", bold(command), esc(what));
        }
    }
}

/// The whole manual page.
pub fn page(mut command: Command) -> String {
    command.build();
    let version = command.get_version().unwrap_or("").to_string();
    let about = command
        .get_about()
        .map(|a| a.to_string())
        .unwrap_or_default();
    let mut page = String::new();
    let _ = writeln!(
        page,
        ".TH paperboard 1 \"\" \"paperboard {}\" \"User Commands\"",
        esc(&version)
    );
    let _ = writeln!(
        page,
        ".SH NAME\npaperboard \\- {}",
        esc(&about.to_lowercase())
    );
    let _ = writeln!(
        page,
        ".SH SYNOPSIS\n.B paperboard\n{} [\\fIARGUMENTS\\fR] [\\fIOPTIONS\\fR]",
        italic("COMMAND")
    );
    let _ = writeln!(
        page,
        ".SH DESCRIPTION\n{}",
        esc(
            "paperboard prints sheets for pencil-and-paper strategy games (Strategic, Ultimate and plain tic-tac-toe, SOS) as PDF, SVG or PNG, builds classroom handouts, checks games transcribed from paper under the exact rules, and analyses the Strategic Tic-Tac-Toe rulesets. Every command reads its input only from the files named and writes only the outputs named; an existing output is replaced only when the new one is complete. `paperboard COMMAND --help` shows a command's options in short."
        )
    );
    let _ = writeln!(page, ".SH COMMANDS");
    for sub in command.get_subcommands().filter(|s| s.get_name() != "help") {
        command_section(&mut page, sub, sub.get_name());
    }
    page.push_str(&esc_block(
        ".SH \"EXIT STATUS\"
.TP
0
Success; for check, every game is legal and every claim right; for read, every game read with no doubtful move, and legal.
.TP
1
check: a game is illegal, or a claim (result, score) is wrong or cannot be read. read: a doubtful move (or a doubtful cell of a position), or a game read that is illegal or has a wrong claim, as for check.
.TP
2
The input could not be used: a spec, record or map file that cannot be read or has an error (named with file, line, column and key), a photo that could not be read as a sheet, a sheet that does not fit its paper, an output that cannot be written. Nothing was written then.
",
    ));
    page.push_str(&esc_block(
        ".SH FILES
Nothing is read but the files named. The fonts, templates, rules texts and the web page are compiled into the program; paperboard fonts DIR writes the fonts out.
.SH \"SEE ALSO\"
The README and docs/ of the source distribution: docs/GUIDE.md (the guide), docs/spec.md (every key of a sheet spec), docs/handout.md, docs/record-format.md, docs/http.md, docs/limits.md.
",
    ));
    page
}

/// A block of requests (lines starting with a dot) and text, the text
/// escaped.
fn esc_block(block: &str) -> String {
    block
        .lines()
        .map(|l| {
            if l.starts_with('.') {
                format!("{l}\n")
            } else {
                format!("{}\n", esc(l))
            }
        })
        .collect()
}
